package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: the tests leave nothing in the database a user points them at. A fixture's schemas,
 * its helper schema with the fingerprint and server-code functions among them, are its own (named
 * by the run and the fixture) and are gone once it is closed.
 */
class PgFixtureCleanupTest {
    @Test
    void aClosedFixtureLeavesNoSchema() throws SQLException {
        String server = PgServer.find();
        PgFixture fixture = new PgFixture(server, "tobira_pg_cleanup_" + PgFixture.RUN);
        String helper = fixture.helperSchema();
        fixture.seed();
        fixture.fingerprint();
        try (Connection c = fixture.nativeConnection()) {
            c.createStatement().execute(fixture.createCodeFunction("write", "PERFORM 1"));
        }
        PgFixture probe = new PgFixture(server, "tobira_pg_cleanup_probe_" + PgFixture.RUN);
        try (probe) {
            fixture.close();
            try (Connection c = probe.nativeConnection();
                    PreparedStatement st =
                            c.prepareStatement("SELECT count(*) FROM pg_namespace WHERE nspname IN (?, ?, ?)")) {
                st.setString(1, helper);
                st.setString(2, fixture.schema);
                st.setString(3, "probe_s_" + fixture.schema);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), "schemas left behind by " + fixture.schema + " and " + helper);
                }
            }
        }
    }
}
