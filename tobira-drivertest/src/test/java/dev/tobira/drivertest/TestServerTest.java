package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestServerTest {

    @Test
    void aListeningCandidateAnswersOnlyWhileSomethingListens() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
            TestServer.Candidate c = TestServer.listening("test socket", "127.0.0.1", port, "x://127.0.0.1:" + port);
            assertEquals(Optional.of("x://127.0.0.1:" + port), c.attempt().get());
        }
        assertEquals(
                Optional.empty(),
                TestServer.listening("closed socket", "127.0.0.1", port, "x://")
                        .attempt()
                        .get());
    }

    @Test
    void theFirstCandidateThatAnswersWinsAndIsRemembered() {
        TestServer.Found found = TestServer.find(
                "kit-self-test-first",
                List.of(
                        new TestServer.Candidate("absent", Optional::empty),
                        new TestServer.Candidate("broken", () -> {
                            throw new IllegalStateException("cannot");
                        }),
                        new TestServer.Candidate("second", () -> Optional.of("x://second")),
                        new TestServer.Candidate("third", () -> Optional.of("x://third"))));
        assertEquals(new TestServer.Found("x://second", "second"), found);
        // remembered for the JVM: the candidates are not asked again
        assertEquals(found, TestServer.find("kit-self-test-first", List.of()));
    }

    @Test
    void specsCheckTheirArgumentsAndCopyTheirEnvironment() {
        ContainerSpec pg = ContainerSpec.of("postgres:16-alpine", 5432)
                .withEnv("POSTGRES_PASSWORD", "test")
                .readyWhenLogged(".*database system is ready to accept connections.*\\s", 2);
        assertEquals(Map.of("POSTGRES_PASSWORD", "test"), pg.env());
        assertEquals(Optional.of(".*database system is ready to accept connections.*\\s"), pg.readyLog());
        assertEquals(2, pg.readyLogTimes());
        assertThrows(IllegalArgumentException.class, () -> ContainerSpec.of(" ", 5432));
        assertThrows(IllegalArgumentException.class, () -> ContainerSpec.of("redis:7", 0));
        assertThrows(
                IllegalArgumentException.class,
                () -> ContainerSpec.of("redis:7", 6379).readyWhenLogged(".*", 0));
        assertThrows(UnsupportedOperationException.class, () -> pg.env().put("X", "y"));
    }

    /**
     * With a Docker engine the candidate starts a real Redis and its port answers; without one (as on
     * the build's machines) it must say so, not hang or return an address that does not answer.
     */
    @Test
    void theContainerCandidateStartsAServerOrSaysWhyNot() {
        TestServer.Candidate c = TestServer.container(
                ContainerSpec.of("redis:7-alpine", 6379), (host, port) -> "redis://" + host + ":" + port);
        assertEquals("Testcontainers redis:7-alpine", c.name());
        Optional<String> url;
        try {
            url = c.attempt().get();
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage().contains("Docker"), "the reason names Docker: " + e.getMessage());
            return;
        }
        assertTrue(url.isPresent(), "a started container has an address");
        URI uri = URI.create(url.get());
        assertTrue(TestServer.answers(uri.getHost(), uri.getPort()), url.get() + " answers");
    }
}
