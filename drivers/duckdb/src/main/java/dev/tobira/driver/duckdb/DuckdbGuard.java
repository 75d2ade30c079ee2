package dev.tobira.driver.duckdb;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import dev.tobira.spi.StatementGuard;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The statement check in front of DuckDB's own read-only mechanisms (a read-only file, external
 * access off, a locked configuration; on a writable connection a transaction that is rolled back).
 * It refuses on a read-only path:
 * <ul>
 *   <li>a statement that does not begin with an allowed keyword: {@code SELECT}, {@code WITH},
 *       {@code VALUES}, {@code FROM} (FROM-first queries), {@code TABLE}, {@code PIVOT},
 *       {@code UNPIVOT}, {@code EXPLAIN}, {@code DESCRIBE}, {@code SHOW}, {@code SUMMARIZE}, or a
 *       {@code PRAGMA} or {@code CALL} that only reads;</li>
 *   <li>the words of statements that write or reach outside the database anywhere in the code
 *       ({@link #WORDS}): a WITH before an INSERT, an {@code EXPLAIN ANALYZE} (which runs its
 *       statement), a {@code COPY} or {@code ATTACH} behind a parenthesis;</li>
 *   <li>calls of the functions in {@link #FUNCTIONS}: those that read server files
 *       ({@code read_csv}, {@code glob}, …), run SQL text the check cannot read ({@code query},
 *       {@code json_execute_serialized_sql}), advance a sequence ({@code nextval}, which no
 *       rollback undoes), checkpoint, or change logging and profiling;</li>
 *   <li>a file named where a table belongs ({@code FROM 'data.csv'}), which DuckDB would read;</li>
 *   <li>a PRAGMA other than the reads of {@link #PRAGMA_READS}, with or without a value, and a
 *       CALL of a function other than those of {@link #CALL_READS}.</li>
 * </ul>
 */
final class DuckdbGuard {
    /** Statements and clauses that write or reach outside, refused wherever they appear in code. */
    static final Set<String> WORDS = Set.of(
            "INSERT",
            "UPDATE",
            "DELETE",
            "MERGE",
            "UPSERT",
            "TRUNCATE",
            "CREATE",
            "DROP",
            "ALTER",
            "COPY",
            "ATTACH",
            "DETACH",
            "INSTALL",
            "LOAD",
            "FORCE",
            "CHECKPOINT",
            "VACUUM",
            "ANALYZE",
            "EXPORT",
            "IMPORT",
            "PREPARE",
            "EXECUTE",
            "DEALLOCATE",
            "SET",
            "RESET",
            "USE");

    /** Functions refused on a read-only path, with their names as the message shows them. */
    static final List<String> FUNCTIONS = List.of(
            // read server files
            "read_csv",
            "read_csv_auto",
            "read_parquet",
            "parquet_scan",
            "parquet_metadata",
            "parquet_schema",
            "parquet_file_metadata",
            "parquet_kv_metadata",
            "parquet_bloom_probe",
            "read_json",
            "read_json_auto",
            "read_json_objects",
            "read_json_objects_auto",
            "read_ndjson",
            "read_ndjson_auto",
            "read_ndjson_objects",
            "read_text",
            "read_blob",
            "glob",
            "sniff_csv",
            "read_xlsx",
            "sqlite_scan",
            "sqlite_attach",
            "postgres_scan",
            "postgres_attach",
            "mysql_scan",
            "delta_scan",
            "iceberg_scan",
            "iceberg_metadata",
            "iceberg_snapshots",
            "arrow_scan",
            "arrow_scan_dumb",
            "add_parquet_key",
            // run SQL text the check cannot read
            "query",
            "query_table",
            "json_execute_serialized_sql",
            // change state that no rollback restores
            "nextval",
            "setval",
            "checkpoint",
            "force_checkpoint",
            "copy_database",
            "import_database",
            "enable_logging",
            "disable_logging",
            "truncate_duckdb_logs",
            "write_log",
            "enable_profiling",
            "disable_profiling",
            "enable_profile",
            "disable_profile");

    /** PRAGMA statements that only report, named bare or with the object to report on. */
    static final Set<String> PRAGMA_READS = Set.of(
            "collations",
            "database_list",
            "database_size",
            "functions",
            "metadata_info",
            "platform",
            "show",
            "show_databases",
            "show_tables",
            "show_tables_expanded",
            "storage_info",
            "table_info",
            "user_agent",
            "version",
            "extension_versions");

    /** Table functions a CALL statement may run: the catalog and PRAGMA readers, and generators. */
    static final Set<String> CALL_READS = Set.of(
            "pragma_collations",
            "pragma_database_size",
            "pragma_metadata_info",
            "pragma_platform",
            "pragma_show",
            "pragma_storage_info",
            "pragma_table_info",
            "pragma_user_agent",
            "pragma_version",
            "collations",
            "database_list",
            "database_size",
            "functions",
            "metadata_info",
            "platform",
            "show",
            "show_databases",
            "show_tables",
            "show_tables_expanded",
            "storage_info",
            "table_info",
            "user_agent",
            "version",
            "extension_versions",
            "duckdb_columns",
            "duckdb_constraints",
            "duckdb_databases",
            "duckdb_dependencies",
            "duckdb_extensions",
            "duckdb_functions",
            "duckdb_indexes",
            "duckdb_keywords",
            "duckdb_memory",
            "duckdb_optimizers",
            "duckdb_schemas",
            "duckdb_sequences",
            "duckdb_settings",
            "duckdb_tables",
            "duckdb_temporary_files",
            "duckdb_types",
            "duckdb_variables",
            "duckdb_views",
            "range",
            "generate_series",
            "test_all_types",
            "pg_timezone_names",
            "icu_calendar_names");

    /** What a statement whose text is a query, as EXPLAIN and COPY wrap it, may begin with. */
    static final Set<String> QUERY_STARTS = Set.of("SELECT", "WITH", "VALUES", "FROM", "TABLE", "PIVOT", "UNPIVOT");

    private static final String ON_READ_ONLY = " on a read-only connection";

    private DuckdbGuard() {}

    static StatementGuard build(String driver) {
        return StatementGuard.builder(driver)
                .dialect(SqlDialect.DUCKDB)
                .allow(
                        "SELECT",
                        "WITH",
                        "VALUES",
                        "FROM",
                        "TABLE",
                        "PIVOT",
                        "UNPIVOT",
                        "EXPLAIN",
                        "DESCRIBE",
                        "SHOW",
                        "SUMMARIZE")
                .allowAs("PRAGMA", "read-only PRAGMA")
                .allowAs("CALL", "read-only CALL")
                .forbidWords(WORDS.toArray(String[]::new))
                .forbidFunctions(FUNCTIONS.toArray(String[]::new))
                .rule(DuckdbGuard::pragmaAndCall)
                .rule(DuckdbGuard::explain)
                .rule(DuckdbGuard::fileAsTable)
                .build();
    }

    private static Optional<String> pragmaAndCall(SqlScan scan) {
        for (SqlScan.Statement statement : scan.statements()) {
            int i = statement.skipOpenParentheses(0);
            if (statement.isWord(i, "PRAGMA")) {
                Optional<String> refusal = pragma(statement, i + 1);
                if (refusal.isPresent()) {
                    return refusal;
                }
            } else if (statement.isWord(i, "CALL")) {
                String name = word(statement, i + 1)
                        .map(w -> w.text().toLowerCase(Locale.ROOT))
                        .orElse("");
                if (!CALL_READS.contains(name) || !statement.isPunctuation(i + 2, "(")) {
                    return Optional.of("CALL " + (name.isEmpty() ? "of this function" : name)
                            + " is not a read-only CALL, which is not allowed" + ON_READ_ONLY);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> pragma(SqlScan.Statement statement, int i) {
        Optional<SqlToken> word = word(statement, i);
        if (word.isEmpty()) {
            return refusePragma("this PRAGMA");
        }
        String name = word.get().text().toLowerCase(Locale.ROOT);
        if (!PRAGMA_READS.contains(name)) {
            return refusePragma("PRAGMA " + name);
        }
        int next = i + 1;
        int last = statement.tokens().size() - 1;
        if (next > last) {
            return Optional.empty();
        }
        int close = closingParenthesis(statement, next);
        if (close >= 0) {
            return close == last ? Optional.empty() : refusePragma("PRAGMA " + name + " with more after it");
        }
        return refusePragma("PRAGMA " + name + " with a value");
    }

    private static Optional<String> refusePragma(String what) {
        return Optional.of(what + " is not a read-only PRAGMA, which is not allowed" + ON_READ_ONLY);
    }

    /** EXPLAIN shows a plan only for a query; EXPLAIN ANALYZE is refused by its word. */
    private static Optional<String> explain(SqlScan scan) {
        for (SqlScan.Statement statement : scan.statements()) {
            int i = statement.skipOpenParentheses(0);
            if (!statement.isWord(i, "EXPLAIN")) {
                continue;
            }
            i++;
            if (statement.isPunctuation(i, "(")) { // EXPLAIN (FORMAT json) …
                int close = closingParenthesis(statement, i);
                i = close < 0 ? statement.tokens().size() : close + 1;
            }
            if (!isQueryAt(statement, statement.skipOpenParentheses(i))) {
                return Optional.of("EXPLAIN of anything but a query is not allowed" + ON_READ_ONLY);
            }
        }
        return Optional.empty();
    }

    /** {@code FROM 'data.csv'} and {@code JOIN 'x.parquet'}: DuckDB reads a file named as a table. */
    private static Optional<String> fileAsTable(SqlScan scan) {
        for (SqlScan.Statement statement : scan.statements()) {
            List<SqlToken> t = statement.tokens();
            for (int i = 1; i < t.size(); i++) {
                if (t.get(i).type() == SqlToken.Type.STRING
                        && (statement.isWord(i - 1, "FROM") || statement.isWord(i - 1, "JOIN"))) {
                    return Optional.of("reading a file named as a table is not allowed" + ON_READ_ONLY);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Tells whether a text is one plain query, which {@code COPY (…) TO} takes: it begins with a
     * query keyword. Whether its parentheses let it be wrapped is {@code Export.wrap}'s to say.
     */
    static boolean isPlainQuery(SqlScan scan) {
        if (scan.statementCount() != 1) {
            return false;
        }
        SqlScan.Statement statement = scan.statements().get(0);
        return isQueryAt(statement, statement.skipOpenParentheses(0));
    }

    /** Whether a query keyword ({@link #QUERY_STARTS}) is at a position. */
    private static boolean isQueryAt(SqlScan.Statement statement, int i) {
        return word(statement, i).filter(w -> QUERY_STARTS.contains(w.upper())).isPresent();
    }

    /** The word at a position; empty past the end or for another kind of token. */
    private static Optional<SqlToken> word(SqlScan.Statement statement, int i) {
        List<SqlToken> t = statement.tokens();
        return i >= 0 && i < t.size() && t.get(i).type() == SqlToken.Type.WORD
                ? Optional.of(t.get(i))
                : Optional.empty();
    }

    /** The position of the {@code )} that closes the {@code (} at a position, or -1 if none does. */
    private static int closingParenthesis(SqlScan.Statement statement, int open) {
        if (!statement.isPunctuation(open, "(")) {
            return -1;
        }
        int depth = 0;
        for (int j = open; j < statement.tokens().size(); j++) {
            if (statement.isPunctuation(j, "(")) {
                depth++;
            } else if (statement.isPunctuation(j, ")") && --depth == 0) {
                return j;
            }
        }
        return -1;
    }
}
