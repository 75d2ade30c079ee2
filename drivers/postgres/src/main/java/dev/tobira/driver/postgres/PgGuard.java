package dev.tobira.driver.postgres;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import dev.tobira.spi.StatementGuard;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The statement check in front of PostgreSQL's read-only transaction. The transaction stops every
 * transactional write; this stops, before anything reaches the server, what it lets through:
 * <ul>
 *   <li>every statement kind but {@code SELECT}, {@code WITH}, {@code VALUES}, {@code TABLE},
 *       {@code EXPLAIN} and {@code SHOW}: so no {@code COPY … PROGRAM} or {@code COPY} to or from
 *       a file, no {@code DO} block, no {@code SET}/{@code RESET}, no {@code BEGIN},
 *       {@code SET TRANSACTION READ WRITE}, {@code COMMIT} or {@code SAVEPOINT} text, no
 *       {@code LISTEN}/{@code NOTIFY}, {@code CALL}, {@code PREPARE}, {@code LOCK};</li>
 *   <li>calls of functions with effects outside the transaction, or that read server files or
 *       run query text the check cannot see ({@link #FUNCTIONS}, {@link #FUNCTION_PREFIXES});</li>
 *   <li>{@code EXPLAIN ANALYZE} (which runs its statement) of anything but a read;</li>
 *   <li>a WITH statement holding a data-modifying statement (the transaction would refuse it
 *       too; refusing it here says why);</li>
 *   <li>Unicode-escaped identifiers ({@code U&"lo\005fexport"}), which could spell a refused
 *       function's name in a form no word check sees.</li>
 * </ul>
 * Text is read with {@link SqlDialect#POSTGRES}: dollar quotes, {@code E''} strings, nested comments.
 */
final class PgGuard {
    static final List<String> STATEMENTS = List.of("SELECT", "WITH", "VALUES", "TABLE", "EXPLAIN", "SHOW");

    /** Functions refused by exact name. */
    static final Set<String> FUNCTIONS = Set.of(
            // settings and sequences: set_config can lift read-only; the sequences write outside the transaction's rollback
            "set_config", "nextval", "setval",
            // signalling and server control
            "pg_notify", "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile",
            "pg_rotate_logfile_old", "pg_log_backend_memory_contexts", "pg_promote", "pg_switch_wal", "pg_switch_xlog",
            "pg_wal_replay_pause", "pg_wal_replay_resume", "pg_xlog_replay_pause", "pg_xlog_replay_resume",
            "pg_backup_start", "pg_backup_stop", "pg_start_backup", "pg_stop_backup", "pg_import_system_collations",
            "pg_drop_replication_slot", "pg_logdir_ls",
            // server files and large objects without the lo_ prefix
            "pg_stat_file", "loread", "lowrite",
            // functions that run query text given as a string, which this check cannot read
            "query_to_xml", "query_to_xmlschema", "query_to_xml_and_xmlschema", "cursor_to_xml", "cursor_to_xmlschema",
            "ts_stat", "ts_rewrite", "crosstab", "crosstab2", "crosstab3", "crosstab4", "connectby");

    /** Functions refused by the start of their name: families whose every member reaches outside. */
    static final List<String> FUNCTION_PREFIXES = List.of(
            "lo_", // large objects: lo_export writes a server file, lo_import reads one
            "pg_read_", // pg_read_file, pg_read_binary_file
            "pg_ls_", // pg_ls_dir, pg_ls_logdir, pg_ls_waldir, pg_ls_tmpdir, …
            "pg_file_", // adminpack: pg_file_write, pg_file_rename, pg_file_unlink
            "pg_advisory_", "pg_try_advisory_", // session locks outlive the ROLLBACK
            "pg_stat_reset", // statistics resets are not transactional
            "pg_create_", "pg_copy_", "pg_replication_", "pg_logical_", // replication slots and origins
            "dblink", // dblink_exec writes to another database; dblink_connect reaches outside
            "postgres_fdw_");

    /** {@link #FUNCTIONS} by their last character, {@link #FUNCTION_PREFIXES} by their first, for the raw text check. */
    private static final String[][] NAMES_BY_LAST = byChar(FUNCTIONS, true);
    private static final String[][] PREFIXES_BY_FIRST = byChar(FUNCTION_PREFIXES, false);

    private static final Set<String> READS = Set.of("SELECT", "WITH", "VALUES", "TABLE");
    private static final Set<String> WRITES = Set.of("INSERT", "DELETE", "MERGE", "UPDATE");
    private static final Set<String> EXPLAIN_OPTIONS = Set.of("ANALYZE", "ANALYSE", "VERBOSE");

    private PgGuard() {}

    static StatementGuard build(String driver) {
        return StatementGuard.builder(driver)
                .dialect(SqlDialect.POSTGRES)
                .allow(STATEMENTS.toArray(String[]::new))
                .rule(PgGuard::functions)
                .rule(PgGuard::unicodeIdentifiers)
                .rule(PgGuard::explainAnalyze)
                .rule(PgGuard::writableCte)
                .build();
    }

    /**
     * The refused function a text calls, by exact name or prefix; qualified and quoted names count.
     * A call is a {@code (} token after a word or quoted identifier, with only white space and
     * comments between. Only the {@code (} characters of the text are visited, and tokens are
     * read only around the few that could follow a refused name.
     */
    static Optional<String> functions(SqlScan scan) {
        String sql = scan.sql();
        List<SqlToken> tokens = null;
        for (int p = sql.indexOf('('); p >= 0; p = sql.indexOf('(', p + 1)) {
            if (!mayCallRefused(sql, p)) {
                continue;
            }
            if (tokens == null) {
                tokens = scan.tokens();
            }
            String lower = calledAt(tokens, p);
            if (lower != null && refused(lower)) {
                return Optional.of(lower + "() is not allowed on a read-only connection");
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the {@code (} at p could open a call of a refused function, from the characters
     * before it alone; false only when it certainly does not. The token before a call's {@code (}
     * ends right before it: a word (its last character a word character), a quoted identifier
     * ({@code "}), white space, or a comment (white space or {@code /}). Spaces and tabs are
     * looked through: a word before them on the same line is either the name, or inside a line
     * comment that holds the {@code (} too. Before a word, the run of word characters holds the
     * whole word, so the name is one of the run's ends.
     */
    private static boolean mayCallRefused(String sql, int p) {
        int end = p;
        while (end > 0 && (sql.charAt(end - 1) == ' ' || sql.charAt(end - 1) == '\t')) {
            end--;
        }
        if (end == 0) {
            return false;
        }
        char last = sql.charAt(end - 1);
        if (!isWordPart(last)) {
            return last == '"' || last == '/' || Character.isWhitespace(last);
        }
        int from = end - 1;
        while (from > 0 && isWordPart(sql.charAt(from - 1))) {
            from--;
        }
        // folded per character: a name that lower-cases to a refused one folds to it too
        char lastFolded = Character.toLowerCase(last);
        if (lastFolded < 128 && NAMES_BY_LAST[lastFolded] != null) {
            for (String name : NAMES_BY_LAST[lastFolded]) {
                if (name.length() <= end - from && foldedMatch(sql, end - name.length(), name)) {
                    return true;
                }
            }
        }
        for (int i = from; i < end; i++) {
            char c = Character.toLowerCase(sql.charAt(i));
            if (c < 128 && PREFIXES_BY_FIRST[c] != null) {
                for (String prefix : PREFIXES_BY_FIRST[c]) {
                    if (prefix.length() <= end - i && foldedMatch(sql, i, prefix)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether the text at i, each character lower-cased, begins with the lower-case ASCII word. */
    private static boolean foldedMatch(String sql, int i, String word) {
        for (int k = 0; k < word.length(); k++) {
            if (Character.toLowerCase(sql.charAt(i + k)) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Groups ASCII words by one of their characters. */
    private static String[][] byChar(Collection<String> words, boolean last) {
        String[][] table = new String[128][];
        for (String word : words) {
            char c = word.charAt(last ? word.length() - 1 : 0);
            String[] group = table[c] == null ? new String[0] : table[c];
            group = Arrays.copyOf(group, group.length + 1);
            group[group.length - 1] = word;
            table[c] = group;
        }
        return table;
    }

    /** The characters of PostgreSQL words: ASCII letters, digits, {@code _}, {@code $}, and anything beyond ASCII. */
    private static boolean isWordPart(char c) {
        return c >= 128 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$';
    }

    /**
     * The lower-cased name called by the {@code (} at character p, or null when no {@code (}
     * token starts there or it follows no word or quoted identifier.
     */
    private static String calledAt(List<SqlToken> tokens, int p) {
        int low = 0;
        int high = tokens.size() - 1;
        int at = -1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int start = tokens.get(mid).start();
            if (start < p) {
                low = mid + 1;
            } else if (start > p) {
                high = mid - 1;
            } else {
                at = mid;
                break;
            }
        }
        if (at < 0 || !isPunctuation(tokens.get(at), "(")) {
            return null;
        }
        for (int i = at - 1; i >= 0; i--) {
            SqlToken name = tokens.get(i);
            if (!name.significant()) {
                continue;
            }
            if (name.type() == SqlToken.Type.WORD) {
                return name.text().toLowerCase(Locale.ROOT);
            }
            return name.type() == SqlToken.Type.QUOTED_IDENTIFIER ? unquote(name.text()).toLowerCase(Locale.ROOT) : null;
        }
        return null;
    }

    static boolean refused(String lowerName) {
        if (FUNCTIONS.contains(lowerName)) {
            return true;
        }
        for (String prefix : FUNCTION_PREFIXES) {
            if (lowerName.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** {@code U&"…"}: a word {@code U}, then a token beginning with {@code &}, then a quoted identifier, with nothing between. */
    private static Optional<String> unicodeIdentifiers(SqlScan scan) {
        // the token after U begins with the &: text without one holds no such identifier
        if (scan.sql().indexOf('&') < 0) {
            return Optional.empty();
        }
        List<SqlToken> t = scan.tokens();
        for (int i = 0; i + 2 < t.size(); i++) {
            SqlToken u = t.get(i);
            if (u.type() == SqlToken.Type.WORD && u.end() - u.start() == 1 && (u.text().charAt(0) == 'U' || u.text().charAt(0) == 'u')
                    && t.get(i + 1).text().startsWith("&") && t.get(i + 1).start() == u.end()
                    && t.get(i + 2).type() == SqlToken.Type.QUOTED_IDENTIFIER && t.get(i + 2).start() == t.get(i + 1).end()) {
                return Optional.of("Unicode-escaped identifiers (U&\"…\") are not allowed on a read-only connection");
            }
        }
        return Optional.empty();
    }

    /** EXPLAIN ANALYZE runs its statement: that statement must itself be a read. */
    private static Optional<String> explainAnalyze(SqlScan scan) {
        if (!mayBegin(scan, "EXPLAIN")) {
            return Optional.empty();
        }
        for (SqlScan.Statement statement : scan.statements()) {
            List<SqlToken> t = statement.tokens();
            int i = skipParentheses(t, 0);
            if (!isWord(t, i, "EXPLAIN")) {
                continue;
            }
            i++;
            boolean analyze = false;
            if (i < t.size() && isPunctuation(t.get(i), "(")) {
                int depth = 0;
                for (; i < t.size(); i++) {
                    SqlToken x = t.get(i);
                    if (isPunctuation(x, "(")) {
                        depth++;
                    } else if (isPunctuation(x, ")")) {
                        depth--;
                        if (depth == 0) {
                            i++;
                            break;
                        }
                    } else if (depth == 1 && x.type() == SqlToken.Type.WORD
                            && (x.upper().equals("ANALYZE") || x.upper().equals("ANALYSE"))) {
                        analyze = analyze || !turnedOff(t, i + 1);
                    }
                }
            } else {
                while (i < t.size() && t.get(i).type() == SqlToken.Type.WORD && EXPLAIN_OPTIONS.contains(t.get(i).upper())) {
                    analyze = analyze || !t.get(i).upper().equals("VERBOSE");
                    i++;
                }
            }
            if (!analyze) {
                continue;
            }
            int inner = skipParentheses(t, i);
            if (inner >= t.size() || t.get(inner).type() != SqlToken.Type.WORD || !READS.contains(t.get(inner).upper())) {
                return Optional.of("EXPLAIN ANALYZE runs its statement, which must be a read on a read-only connection");
            }
        }
        return Optional.empty();
    }

    private static boolean turnedOff(List<SqlToken> t, int i) {
        if (i >= t.size()) {
            return false;
        }
        String v = t.get(i).type() == SqlToken.Type.STRING ? t.get(i).text().replace("'", "") : t.get(i).text();
        v = v.toLowerCase(Locale.ROOT);
        return v.equals("false") || v.equals("off") || v.equals("0") || v.equals("no");
    }

    private static Optional<String> writableCte(SqlScan scan) {
        if (!mayBegin(scan, "WITH")) {
            return Optional.empty();
        }
        for (SqlScan.Statement statement : scan.statements()) {
            List<SqlToken> t = statement.tokens();
            if (!isWord(t, skipParentheses(t, 0), "WITH")) {
                continue;
            }
            if (scan.findWord(WRITES).isEmpty()) {
                return Optional.empty(); // no statement of the text holds a word that begins a write
            }
            for (int i = 0; i < t.size(); i++) {
                if (isWord(t, i, "INSERT") && isWord(t, i + 1, "INTO")
                        || isWord(t, i, "DELETE") && isWord(t, i + 1, "FROM")
                        || isWord(t, i, "MERGE") && isWord(t, i + 1, "INTO")
                        || isWord(t, i, "UPDATE") && setFollows(t, i + 1)) {
                    return Optional.of("a WITH statement that writes is not allowed on a read-only connection");
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Whether some statement may begin with the keyword; read from the scan's first keyword for one
     * statement, which spares making the statements' tokens and text.
     */
    private static boolean mayBegin(SqlScan scan, String keyword) {
        return scan.statementCount() != 1 || scan.firstKeyword().filter(keyword::equals).isPresent();
    }

    /** UPDATE [ONLY] name [[AS] alias] SET: a SET within the next few tokens. */
    private static boolean setFollows(List<SqlToken> t, int i) {
        for (int j = i; j < Math.min(t.size(), i + 8); j++) {
            if (isWord(t, j, "SET")) {
                return true;
            }
            if (isPunctuation(t.get(j), "(") || isPunctuation(t.get(j), ")") || isPunctuation(t.get(j), ",")) {
                return false;
            }
        }
        return false;
    }

    private static int skipParentheses(List<SqlToken> t, int i) {
        while (i < t.size() && isPunctuation(t.get(i), "(")) {
            i++;
        }
        return i;
    }

    private static boolean isWord(List<SqlToken> t, int i, String upper) {
        return i >= 0 && i < t.size() && t.get(i).type() == SqlToken.Type.WORD && t.get(i).upper().equals(upper);
    }

    private static boolean isPunctuation(SqlToken token, String text) {
        return token.type() == SqlToken.Type.PUNCTUATION && token.text().equals(text);
    }

    /** {@code "na""me"} to {@code na"me}. */
    static String unquote(String quoted) {
        if (quoted.length() < 2 || quoted.charAt(0) != '"') {
            return quoted;
        }
        return quoted.substring(1, quoted.length() - 1).replace("\"\"", "\"");
    }
}
