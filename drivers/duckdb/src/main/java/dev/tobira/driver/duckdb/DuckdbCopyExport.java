package dev.tobira.driver.duckdb;

import dev.tobira.api.Exporter;
import dev.tobira.jdbc.BulkExport;
import dev.tobira.jdbc.Export;
import dev.tobira.jdbc.JdbcSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * DuckDB's own CSV writer where it can run: on a writable connection with external access on, for
 * a text that is one plain query and no row limit, {@code COPY (query) TO '<temp file>' (FORMAT
 * CSV, HEADER)} (with a tab delimiter for TEXT), the file then copied to the stream and deleted. A
 * guarded call runs it inside the {@link RolledBackScope} of its statement. Everything else (a
 * read-only connection, whose external access is off; DESCRIBE, PRAGMA; a limit; a text whose
 * parentheses would not keep it inside COPY's) gets the base's rows, which it writes alike.
 */
final class DuckdbCopyExport implements BulkExport {
    @Override
    public OptionalLong export(JdbcSession session, Export export) throws SQLException, IOException {
        if (export.call().readOnlyConnection()
                || export.limit() > 0
                || !DuckdbGuard.isPlainQuery(export.scan())
                || !externalAccess(session)) {
            return OptionalLong.empty();
        }
        Path file = Files.createTempFile("tobira-duckdb-export-", ".csv");
        try {
            Optional<String> copy = export.wrap(
                    "COPY (",
                    ") TO '" + file.toString().replace("'", "''") + "' (FORMAT CSV, HEADER"
                            + (export.format() == Exporter.Format.TEXT ? ", DELIMITER '\t'" : "") + ")");
            if (copy.isEmpty()) {
                return OptionalLong.empty();
            }
            long rows;
            try (PreparedStatement st = export.prepare(copy.get())) {
                st.execute();
                rows = Math.max(0, st.getUpdateCount());
            }
            Files.copy(file, export.out());
            return OptionalLong.of(rows);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                file.toFile().deleteOnExit();
            }
        }
    }

    /** Whether COPY may write its file: off on read-only connections, and a writable session may turn it off. */
    private static boolean externalAccess(JdbcSession session) throws SQLException {
        try (Statement st = session.connection().createStatement();
                ResultSet rs = st.executeQuery("SELECT current_setting('enable_external_access')")) {
            return rs.next() && rs.getBoolean(1);
        }
    }
}
