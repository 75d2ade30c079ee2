package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

/**
 * A shared server: while the kit's write probes run, another client keeps creating and dropping
 * databases, roles and schemas of its own. The fingerprint sees only what the run owns, so the
 * suite passes, and the probes that create a database, a role and a schema under the run's names
 * are still proven by the fingerprint and refused.
 */
class PgConcurrentClientTest {
    @Test
    void anotherClientCreatingDatabasesRolesAndSchemasDoesNotDisturbTheRun() throws Exception {
        PgFixture other = new PgFixture(PgServer.find(), "tobira_pg_other_" + PgFixture.RUN);
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger created = new AtomicInteger();
        Thread client = new Thread(
                () -> {
                    try (Connection c = other.nativeConnection();
                            Statement st = c.createStatement()) {
                        for (int n = 0; running.get(); n++) {
                            String name = "tobira_other_" + PgFixture.RUN + "_" + n;
                            st.execute("CREATE DATABASE " + name + "_db");
                            st.execute("CREATE ROLE " + name + "_role");
                            st.execute("CREATE SCHEMA " + name + "_s");
                            created.incrementAndGet();
                            Thread.sleep(300);
                            st.execute("DROP SCHEMA " + name + "_s");
                            st.execute("DROP ROLE " + name + "_role");
                            st.execute("DROP DATABASE " + name + "_db");
                        }
                    } catch (SQLException | InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                },
                "tobira-other-client");
        client.setDaemon(true);
        client.start();
        Events tests;
        try {
            tests = EngineTestKit.engine("junit-jupiter")
                    .selectors(selectMethod(ConcurrentPgKit.class, "guardWriteProbes"))
                    .execute()
                    .testEvents();
        } finally {
            running.set(false);
            client.join(30_000);
            other.close();
        }
        assertTrue(created.get() >= 10, "the other client created only " + created.get() + " sets during the run");
        assertEquals(
                0,
                tests.failed().count(),
                () -> "failed beside another client: "
                        + tests.failed().stream()
                                .map(e -> e.getTestDescriptor().getDisplayName())
                                .collect(Collectors.joining(", ")));
        JsonNode report = new ObjectMapper()
                .readTree(Path.of("target", "tobira-conformance", "postgres-concurrent.json")
                        .toFile());
        Map<String, JsonNode> probes = new HashMap<>();
        report.get("probes").forEach(p -> probes.put(p.get("name").asText(), p));
        for (String probe : List.of("pg.create-database", "pg.create-role", "pg.create-schema")) {
            JsonNode p = probes.get(probe);
            assertEquals("fingerprint", p.get("provenBy").asText(), probe + " is proven by the fingerprint: " + p);
            assertEquals("REFUSED", p.get("verdict").asText(), probe + ": " + p);
        }
        assertEquals(
                0,
                report.get("totals").get("violations").asInt(),
                report.get("totals").toString());
    }
}
