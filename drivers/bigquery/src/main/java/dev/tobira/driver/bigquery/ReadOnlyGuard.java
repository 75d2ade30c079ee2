package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.JobStatistics.QueryStatistics;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.util.Optional;
import java.util.Set;

/**
 * The read-only guard's two layers, applied in this order to every read-only call before any job
 * runs:
 * <ol>
 *   <li>the lexical check, in the BigQuery dialect of the SPI lexer: exactly one statement, which
 *       begins with {@code SELECT} or {@code WITH} and holds no script, DML, DDL, export or call
 *       keyword outside its strings, comments and backtick names;
 *   <li>the dry run: BigQuery parses and plans the text without running it and reports its
 *       {@code statementType}, which must be {@code SELECT}. A script, DML, DDL,
 *       {@code EXPORT DATA}, {@code CALL} or {@code EXECUTE IMMEDIATE} is refused there by the
 *       server's own reading of the text, whatever the lexical check thought of it.
 * </ol>
 * The job that then runs carries {@code maximumBytesBilled} and the label {@code tobira=read-only}
 * ({@link BigQueryQueries}).
 */
final class ReadOnlyGuard {
    static final String REFUSAL = "only SELECT and WITH queries are allowed on a read-only connection";
    /**
     * Words no single read-only query needs outside a string or a backtick name: the script
     * statements, DML, DDL, DCL, {@code EXPORT DATA}, {@code CALL} and {@code EXECUTE IMMEDIATE}.
     * Most are non-reserved in GoogleSQL, so a column named {@code update} must be written
     * {@code `update`} on a read-only connection. {@code REPEAT} is left out: it is also a string
     * function, and a {@code REPEAT} loop is a script, which the dry run refuses.
     */
    private static final String[] FORBIDDEN = {
        "INSERT", "UPDATE", "DELETE", "MERGE", "TRUNCATE", "CREATE", "DROP", "ALTER", "UNDROP", "GRANT", "REVOKE",
        "SET", "EXPORT", "LOAD", "CALL", "EXECUTE", "IMMEDIATE", "DECLARE", "BEGIN", "COMMIT", "ROLLBACK",
                "TRANSACTION",
        "LOOP", "WHILE", "RAISE", "RETURN", "ASSERT",
    };
    /** GoogleSQL's script statements that no SQL dialect of the SPI begins a statement with. */
    private static final Set<String> SCRIPT_WORDS = Set.of(
            "LOOP",
            "REPEAT",
            "WHILE",
            "FOR",
            "IF",
            "CASE",
            "RAISE",
            "BREAK",
            "LEAVE",
            "CONTINUE",
            "ITERATE",
            "RETURN",
            "ASSERT");

    private static final StatementGuard LEXICAL = StatementGuard.builder(BigQueryDriver.NAME)
            .dialect(SqlDialect.BIGQUERY)
            .allow("SELECT", "WITH")
            .forbidWords(FORBIDDEN)
            // its text runs in another database (Cloud SQL, Spanner, AlloyDB) that neither layer reads;
            // the SPI compares the name decoded and normalised, so `EXTERNAL\x5fQUERY` and
            // `region-us`.EXTERNAL_QUERY are this call too
            .forbidFunctions("EXTERNAL_QUERY")
            .rule(ReadOnlyGuard::modelCall)
            .refusal(REFUSAL)
            .build();
    /**
     * The namespaces of BigQuery's AI and ML functions. Every {@code AI.} function sends rows to a
     * model service (Vertex AI, Gemini, Cloud AI APIs); an {@code ML.} function does when its model
     * is remote ({@code CREATE MODEL … REMOTE WITH CONNECTION}), which the text does not show: the
     * same {@code ML.PREDICT} reads a local model or posts every row to an endpoint. So the whole
     * family is refused on a read-only path, by the qualifier rather than by a list of names that
     * Google extends every quarter.
     */
    private static final Set<String> MODEL_NAMESPACES = Set.of("AI", "ML");

    private final boolean statementCheck;

    /** Refuses a call in {@link #MODEL_NAMESPACES}, however its path is spelt and quoted. */
    private static Optional<String> modelCall(SqlScan scan) {
        for (SqlScan.Call call : scan.calls()) {
            if (MODEL_NAMESPACES.contains(call.qualifier())) {
                return Optional.of(call.qualifier() + "." + call.name() + "() is not allowed on a read-only connection,"
                        + " since it sends table data out of BigQuery to a model service");
            }
        }
        return Optional.empty();
    }

    ReadOnlyGuard(boolean statementCheck) {
        this.statementCheck = statementCheck;
    }

    /** The first layer, for a read-only call; off only in the tests' seam, where the dry run stands alone. */
    void checkText(String sql) {
        if (!statementCheck) {
            return;
        }
        try {
            LEXICAL.check(sql);
        } catch (DriverException e) {
            // the SPI's list of statement words lacks GoogleSQL's script statements: a text that
            // begins with one is a script, refused as one rather than as a typo
            // (several statements stay that error: the text is refused as such before what it holds)
            SqlScan scan = e.kind() == ErrorKind.SYNTAX ? scan(sql) : null;
            if (scan != null
                    && scan.statementCount() == 1
                    && scan.firstKeyword().map(SCRIPT_WORDS::contains).orElse(false)) {
                throw DriverException.builder(ErrorKind.READ_ONLY, BigQueryDriver.NAME, "query")
                        .detail("BigQuery scripts are not allowed on a read-only connection")
                        .cause(e)
                        .build();
            }
            throw e;
        }
    }

    /** A writable call: one statement, readable; the server runs what it is. */
    static SqlScan checkWritable(String sql) {
        return LEXICAL.checkSingleStatement(sql);
    }

    static SqlScan scan(String sql) {
        return SqlScan.of(sql, SqlDialect.BIGQUERY);
    }

    /** The second layer: what BigQuery's dry run says the text is. */
    void checkDryRun(QueryStatistics stats) {
        QueryStatistics.StatementType type = stats == null ? null : stats.getStatementType();
        if (type == null || !QueryStatistics.StatementType.SELECT.equals(type)) {
            throw DriverException.of(
                    ErrorKind.READ_ONLY,
                    BigQueryDriver.NAME,
                    "query",
                    "BigQuery's dry run reports a " + (type == null ? "statement of no type" : type + " statement")
                            + ", and only SELECT runs on a read-only connection");
        }
    }
}
