package dev.tobira.driver.postgres;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Exporter;
import dev.tobira.jdbc.BulkExport;
import dev.tobira.jdbc.Export;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.postgresql.PGConnection;

/**
 * {@code COPY (query) TO STDOUT} through pgjdbc's CopyManager, for a statement the guard has
 * admitted. COPY binds no parameters, so a query with some is refused; a statement that would
 * close the parentheses around it is refused too, and so is one pgjdbc would send as more than one
 * statement. A row limit makes the query a subquery,
 * {@code COPY (SELECT * FROM (query) AS tobira_export LIMIT n)}; a query that cannot be one (a
 * data-modifying statement) gets the base's rows instead. On a guarded call the read-only
 * transaction is opened explicitly first, since CopyManager would otherwise open a plain one.
 */
final class PgCopyExport implements BulkExport {
    private static final Set<String> DATA_MODIFYING = Set.of("INSERT", "UPDATE", "DELETE", "MERGE");
    /** The first major version whose COPY writes a header in text format. */
    private static final int TEXT_HEADER_VERSION = 15;

    @Override
    public OptionalLong export(JdbcSession session, Export export) throws SQLException, IOException {
        if (!export.params().isEmpty()) {
            throw DriverException.of(
                    ErrorKind.UNSUPPORTED,
                    PostgresDialect.NAME,
                    "export",
                    "COPY takes no parameters; put the values in the query");
        }
        Connection connection = session.connection();
        boolean csv = export.format() == Exporter.Format.CSV;
        boolean header = csv || connection.getMetaData().getDatabaseMajorVersion() >= TEXT_HEADER_VERSION;
        String options = " TO STDOUT WITH (FORMAT " + (csv ? "csv" : "text") + (header ? ", HEADER)" : ")");
        Optional<String> wrapped;
        if (export.limit() == 0) {
            wrapped = export.wrap("COPY (", ")" + options);
        } else if (limitable(export.scan())) {
            // COPY has no row limit of its own: the query becomes a subquery, its rows in its own order
            wrapped =
                    export.wrap("COPY (SELECT * FROM (", ") AS tobira_export LIMIT " + export.limit() + ")" + options);
        } else {
            return OptionalLong.empty(); // the base's rows honour the limit
        }
        String copy = wrapped.orElseThrow(() -> DriverException.of(
                ErrorKind.SYNTAX, PostgresDialect.NAME, "export", "the query's parentheses do not balance"));
        if (PgjdbcInternals.simpleStatementCount(connection, export.sql()) > 1) {
            throw StatementGuard.multipleStatements(PostgresDialect.NAME);
        }
        if (export.call().guarded()) {
            try (Statement st = connection.createStatement()) {
                st.execute("SET TRANSACTION READ ONLY"); // pgjdbc sends BEGIN READ ONLY before it
            }
        }
        if (!header) {
            export.out().write(textHeader(connection, export.sql()).getBytes(StandardCharsets.UTF_8));
        }
        return OptionalLong.of(
                connection.unwrap(PGConnection.class).getCopyAPI().copyOut(copy, export.out()));
    }

    /** CopyManager runs without a statement the base could cancel: the cancel request goes for the connection's query. */
    @Override
    public void cancel(JdbcSession session) throws SQLException {
        PgStatements.cancelRunning(session);
    }

    /**
     * Whether a query can be the subquery of a limited export: a SELECT, VALUES or TABLE, or a WITH
     * whose statements only read (PostgreSQL takes data-modifying ones at the top level only).
     */
    private static boolean limitable(SqlScan scan) {
        return switch (scan.firstKeyword().orElse("")) {
            case "SELECT", "VALUES", "TABLE" -> true;
            case "WITH" -> scan.findWord(DATA_MODIFYING).isEmpty();
            default -> false;
        };
    }

    /** The header line servers before 15 do not write in text format: the column names, escaped as COPY escapes text. */
    private static String textHeader(Connection connection, String sql) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (PreparedStatement st = connection.prepareStatement(sql)) {
            ResultSetMetaData md = st.getMetaData();
            for (int i = 1; md != null && i <= md.getColumnCount(); i++) {
                String name = md.getColumnLabel(i)
                        .replace("\\", "\\\\")
                        .replace("\t", "\\t")
                        .replace("\n", "\\n")
                        .replace("\r", "\\r");
                sb.append(i == 1 ? "" : "\t").append(name);
            }
        }
        return sb.append('\n').toString();
    }
}
