package dev.tobira.driver.mysql;

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
 * databases and users of its own. The fingerprint reads only the run's database and the probes
 * look for their own names, so the suite passes, and the probes that create a database and a user
 * under the run's names are still proven and refused.
 */
class MysqlConcurrentClientTest {
    @Test
    void anotherClientCreatingDatabasesAndUsersDoesNotDisturbTheRun() throws Exception {
        MysqlServer server = MysqlServer.find();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger created = new AtomicInteger();
        Thread client = new Thread(
                () -> {
                    try (Connection c = server.connect("", false);
                            Statement st = c.createStatement()) {
                        for (int n = 0; running.get(); n++) {
                            String name = "tobira_other_" + MysqlFixture.RUN + "_" + n;
                            st.execute("create database `" + name + "`");
                            st.execute("create user '" + name + "'@'localhost'");
                            created.incrementAndGet();
                            Thread.sleep(300);
                            st.execute("drop user '" + name + "'@'localhost'");
                            st.execute("drop database `" + name + "`");
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
                    .selectors(selectMethod(ConcurrentMysqlKit.class, "guardWriteProbes"))
                    .execute()
                    .testEvents();
        } finally {
            running.set(false);
            client.join(30_000);
        }
        assertTrue(created.get() >= 10, "the other client created only " + created.get() + " pairs during the run");
        assertEquals(
                0,
                tests.failed().count(),
                () -> "failed beside another client: "
                        + tests.failed().stream()
                                .map(e -> e.getTestDescriptor().getDisplayName())
                                .collect(Collectors.joining(", ")));
        JsonNode report = new ObjectMapper()
                .readTree(Path.of("target", "tobira-conformance", "mysql-concurrent.json")
                        .toFile());
        Map<String, JsonNode> probes = new HashMap<>();
        report.get("probes").forEach(p -> probes.put(p.get("name").asText(), p));
        for (String probe : List.of("mysql.create-database", "mysql.create-user")) {
            JsonNode p = probes.get(probe);
            assertEquals("evidence", p.get("provenBy").asText(), probe + " is proven: " + p);
            assertEquals("REFUSED", p.get("verdict").asText(), probe + ": " + p);
        }
        assertEquals(
                0,
                report.get("totals").get("violations").asInt(),
                report.get("totals").toString());
    }
}
