package dev.tobira.driver.sqlite;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import dev.tobira.spi.StatementGuard;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The statement check in front of SQLite's own read-only mechanisms: the allow-list of the
 * reference (SELECT, WITH, VALUES, EXPLAIN, read-only PRAGMA), no {@code load_extension()}, and
 * two rules the allow-list cannot express:
 * <ul>
 *   <li>a PRAGMA passes only when it reads: a bare name from {@link #BARE_READS}, or a call of one
 *       of {@link #CALL_READS} such as {@code table_info(customers)}. Anything that assigns
 *       ({@code = value}, or a call of another pragma, such as {@code user_version(7)}) is refused.
 *       The rule also covers {@code EXPLAIN PRAGMA …}: SQLite applies flag pragmas such as
 *       {@code query_only} while it compiles a statement, so even an EXPLAIN of an assignment
 *       would lift them;</li>
 *   <li>a WITH statement whose main statement writes ({@code with x as (select 1) delete from t})
 *       is refused here rather than left to the read-only handle, so the message says why.</li>
 * </ul>
 */
final class SqliteGuard {
    /** Pragmas that only report a value when named without an argument. */
    static final Set<String> BARE_READS = Set.of(
            "analysis_limit",
            "application_id",
            "auto_vacuum",
            "automatic_index",
            "busy_timeout",
            "cache_size",
            "cache_spill",
            "cell_size_check",
            "checkpoint_fullfsync",
            "collation_list",
            "compile_options",
            "data_version",
            "database_list",
            "defer_foreign_keys",
            "encoding",
            "foreign_key_check",
            "foreign_keys",
            "freelist_count",
            "fullfsync",
            "function_list",
            "hard_heap_limit",
            "ignore_check_constraints",
            "integrity_check",
            "journal_mode",
            "journal_size_limit",
            "legacy_alter_table",
            "locking_mode",
            "max_page_count",
            "mmap_size",
            "module_list",
            "page_count",
            "page_size",
            "pragma_list",
            "query_only",
            "quick_check",
            "read_uncommitted",
            "recursive_triggers",
            "reverse_unordered_selects",
            "schema_version",
            "secure_delete",
            "soft_heap_limit",
            "synchronous",
            "table_list",
            "temp_store",
            "threads",
            "trusted_schema",
            "user_version",
            "wal_autocheckpoint");

    /** Pragmas whose argument names what to report on, never a value to set. */
    static final Set<String> CALL_READS = Set.of(
            "foreign_key_check",
            "foreign_key_list",
            "index_info",
            "index_list",
            "index_xinfo",
            "integrity_check",
            "quick_check",
            "table_info",
            "table_list",
            "table_xinfo");

    private static final Set<String> WRITES = Set.of("INSERT", "UPDATE", "DELETE");

    private SqliteGuard() {}

    static StatementGuard build(String driver) {
        return StatementGuard.builder(driver)
                .dialect(SqlDialect.SQLITE)
                .allow("SELECT", "WITH", "VALUES", "EXPLAIN")
                .allowAs("PRAGMA", "read-only PRAGMA")
                .forbidFunctions("load_extension")
                .rule(SqliteGuard::statementRules)
                .build();
    }

    /**
     * The PRAGMA rule, then the WITH rule. A single statement reaches only the one its first
     * keyword calls for, read once: a point read makes neither the statement's tokens nor its text.
     */
    private static Optional<String> statementRules(SqlScan scan) {
        if (scan.statementCount() != 1) {
            Optional<String> refusal = pragmas(scan);
            return refusal.isPresent() ? refusal : writableCte(scan);
        }
        String first = scan.firstKeyword().orElse("");
        switch (first) {
            case "PRAGMA":
            case "EXPLAIN":
                return pragmas(scan);
            case "WITH":
                return writableCte(scan);
            default:
                return Optional.empty();
        }
    }

    private static Optional<String> pragmas(SqlScan scan) {
        for (SqlScan.Statement statement : scan.statements()) {
            int i = statement.skipOpenParentheses(0);
            if (statement.isWord(i, "EXPLAIN")) {
                i++;
                if (statement.isWord(i, "QUERY") && statement.isWord(i + 1, "PLAN")) {
                    i += 2;
                }
            }
            if (statement.isWord(i, "PRAGMA")) {
                Optional<String> refusal = pragma(statement, i + 1);
                if (refusal.isPresent()) {
                    return refusal;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> pragma(SqlScan.Statement statement, int i) {
        List<SqlToken> t = statement.tokens();
        int nameAt = i;
        if (statement.isPunctuation(i + 1, ".")) {
            nameAt = i + 2; // schema.name
        }
        if (nameAt >= t.size() || t.get(nameAt).type() != SqlToken.Type.WORD) {
            return refuse("this PRAGMA");
        }
        String name = t.get(nameAt).text().toLowerCase(java.util.Locale.ROOT);
        int next = nameAt + 1;
        if (next == t.size()) {
            return BARE_READS.contains(name) ? Optional.empty() : refuse("PRAGMA " + name);
        }
        if (statement.isPunctuation(next, "(") && CALL_READS.contains(name)) {
            int close = next + 1;
            while (close < t.size() && !statement.isPunctuation(close, ")")) {
                close++;
            }
            return close == t.size() - 1 ? Optional.empty() : refuse("this PRAGMA");
        }
        return refuse("PRAGMA " + name + " with a value");
    }

    private static Optional<String> refuse(String what) {
        return Optional.of(what + " is not a read-only PRAGMA, which is not allowed on a read-only connection");
    }

    private static Optional<String> writableCte(SqlScan scan) {
        for (SqlScan.Statement statement : scan.statements()) {
            List<SqlToken> t = statement.tokens();
            if (!statement.isWord(statement.skipOpenParentheses(0), "WITH")) {
                continue;
            }
            for (int i = 0; i < t.size(); i++) {
                SqlToken token = t.get(i);
                if (token.type() == SqlToken.Type.WORD
                        && (WRITES.contains(token.upper())
                                || (token.upper().equals("REPLACE") && statement.isWord(i + 1, "INTO")))) {
                    return Optional.of("a WITH statement that writes is not allowed on a read-only connection");
                }
            }
        }
        return Optional.empty();
    }
}
