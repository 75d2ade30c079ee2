package dev.tobira.driver.postgres;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import dev.tobira.spi.StatementGuard;
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
            // settings and sequences: set_config can lift read-only; the sequences write outside the transaction's
            // rollback
            "set_config",
            "nextval",
            "setval",
            // signalling and server control
            "pg_notify",
            "pg_terminate_backend",
            "pg_cancel_backend",
            "pg_reload_conf",
            "pg_rotate_logfile",
            "pg_rotate_logfile_old",
            "pg_log_backend_memory_contexts",
            "pg_promote",
            "pg_switch_wal",
            "pg_switch_xlog",
            "pg_wal_replay_pause",
            "pg_wal_replay_resume",
            "pg_xlog_replay_pause",
            "pg_xlog_replay_resume",
            "pg_backup_start",
            "pg_backup_stop",
            "pg_start_backup",
            "pg_stop_backup",
            "pg_import_system_collations",
            "pg_drop_replication_slot",
            "pg_logdir_ls",
            // server files and large objects without the lo_ prefix
            "pg_stat_file",
            "loread",
            "lowrite",
            // functions that run query text given as a string, which this check cannot read
            "query_to_xml",
            "query_to_xmlschema",
            "query_to_xml_and_xmlschema",
            "cursor_to_xml",
            "cursor_to_xmlschema",
            "ts_stat",
            "ts_rewrite",
            "crosstab",
            "crosstab2",
            "crosstab3",
            "crosstab4",
            "connectby",
            // session state a later call would see: the seed of random()
            "setseed",
            // index maintenance that acts inside a read-only transaction
            "brin_summarize_new_values",
            "brin_summarize_range",
            "brin_desummarize_range",
            "gin_clean_pending_list",
            // they assign a transaction id, which a read needs not and which counts towards wraparound
            "txid_current",
            "pg_current_xact_id");

    /** Functions refused by the start of their name: families whose every member reaches outside. */
    static final List<String> FUNCTION_PREFIXES = List.of(
            "lo_", // large objects: lo_export writes a server file, lo_import reads one
            "pg_read_", // pg_read_file, pg_read_binary_file
            "pg_ls_", // pg_ls_dir, pg_ls_logdir, pg_ls_waldir, pg_ls_tmpdir, …
            "pg_file_", // adminpack: pg_file_write, pg_file_rename, pg_file_unlink
            "pg_advisory_",
            "pg_try_advisory_", // session locks outlive the ROLLBACK
            "pg_stat_reset", // statistics resets are not transactional
            "pg_create_",
            "pg_copy_",
            "pg_replication_",
            "pg_logical_", // replication slots and origins
            "dblink", // dblink_exec writes to another database; dblink_connect reaches outside
            "postgres_fdw_");

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
     * The name is the one the SPI decodes and normalises once ({@link SqlScan#calls()}), so a quoted,
     * escaped or full-width spelling is compared as the plain name it folds onto.
     */
    static Optional<String> functions(SqlScan scan) {
        for (SqlScan.Call call : scan.calls()) {
            String lower = call.name().toLowerCase(Locale.ROOT);
            if (refused(lower)) {
                return Optional.of(lower + "() is not allowed on a read-only connection");
            }
        }
        return Optional.empty();
    }

    static boolean refused(String lowerName) {
        if (FUNCTIONS.contains(lowerName)) {
            return true;
        }
        if (lowerName.endsWith("_reset")) {
            return true; // statistics and extension resets (pg_stat_statements_reset, …) are not transactional
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
            if (u.type() == SqlToken.Type.WORD
                    && u.end() - u.start() == 1
                    && (u.text().charAt(0) == 'U' || u.text().charAt(0) == 'u')
                    && t.get(i + 1).text().startsWith("&")
                    && t.get(i + 1).start() == u.end()
                    && t.get(i + 2).type() == SqlToken.Type.QUOTED_IDENTIFIER
                    && t.get(i + 2).start() == t.get(i + 1).end()) {
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
            int i = statement.skipOpenParentheses(0);
            if (!statement.isWord(i, "EXPLAIN")) {
                continue;
            }
            i++;
            boolean analyze = false;
            if (statement.isPunctuation(i, "(")) {
                int depth = 0;
                for (; i < t.size(); i++) {
                    SqlToken x = t.get(i);
                    if (x.isPunctuation("(")) {
                        depth++;
                    } else if (x.isPunctuation(")")) {
                        depth--;
                        if (depth == 0) {
                            i++;
                            break;
                        }
                    } else if (depth == 1
                            && x.type() == SqlToken.Type.WORD
                            && (x.upper().equals("ANALYZE") || x.upper().equals("ANALYSE"))) {
                        analyze = analyze || !turnedOff(t, i + 1);
                    }
                }
            } else {
                while (i < t.size()
                        && t.get(i).type() == SqlToken.Type.WORD
                        && EXPLAIN_OPTIONS.contains(t.get(i).upper())) {
                    analyze = analyze || !t.get(i).upper().equals("VERBOSE");
                    i++;
                }
            }
            if (!analyze) {
                continue;
            }
            int inner = statement.skipOpenParentheses(i);
            if (READS.stream().noneMatch(read -> statement.isWord(inner, read))) {
                return Optional.of(
                        "EXPLAIN ANALYZE runs its statement, which must be a read on a read-only connection");
            }
        }
        return Optional.empty();
    }

    private static boolean turnedOff(List<SqlToken> t, int i) {
        if (i >= t.size()) {
            return false;
        }
        String v = t.get(i).type() == SqlToken.Type.STRING
                ? t.get(i).text().replace("'", "")
                : t.get(i).text();
        v = v.toLowerCase(Locale.ROOT);
        return v.equals("false") || v.equals("off") || v.equals("0") || v.equals("no");
    }

    private static Optional<String> writableCte(SqlScan scan) {
        if (!mayBegin(scan, "WITH")) {
            return Optional.empty();
        }
        for (SqlScan.Statement statement : scan.statements()) {
            List<SqlToken> t = statement.tokens();
            if (!statement.isWord(statement.skipOpenParentheses(0), "WITH")) {
                continue;
            }
            if (scan.findWord(WRITES).isEmpty()) {
                return Optional.empty(); // no statement of the text holds a word that begins a write
            }
            for (int i = 0; i < t.size(); i++) {
                if ((statement.isWord(i, "INSERT") && statement.isWord(i + 1, "INTO"))
                        || (statement.isWord(i, "DELETE") && statement.isWord(i + 1, "FROM"))
                        || (statement.isWord(i, "MERGE") && statement.isWord(i + 1, "INTO"))
                        || (statement.isWord(i, "UPDATE") && setFollows(statement, i + 1))) {
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
        return scan.statementCount() != 1
                || scan.firstKeyword().filter(keyword::equals).isPresent();
    }

    /** UPDATE [ONLY] name [[AS] alias] SET: a SET within the next few tokens. */
    private static boolean setFollows(SqlScan.Statement statement, int i) {
        for (int j = i; j < Math.min(statement.tokens().size(), i + 8); j++) {
            if (statement.isWord(j, "SET")) {
                return true;
            }
            if (statement.isPunctuation(j, "(") || statement.isPunctuation(j, ")") || statement.isPunctuation(j, ",")) {
                return false;
            }
        }
        return false;
    }
}
