package dev.tobira.driver.qdrant;

import dev.tobira.drivertest.ContainerSpec;
import dev.tobira.drivertest.TestServer;
import java.util.List;
import java.util.Optional;

/**
 * Where the tests find a Qdrant, always through {@link TestServer}: {@code TOBIRA_TEST_QDRANT_URL} (a
 * DSN such as {@code qdrant://127.0.0.1:6334}, with {@code TOBIRA_TEST_QDRANT_API_KEY} if the server
 * wants one), else a {@code qdrant/qdrant} container when a Docker engine answers, else the in-process
 * {@link FakeQdrant} on a loopback port (no Qdrant server binary is packaged for this machine).
 */
final class QdrantServers {
    /** The API key the fake asks for: every call of the tests carries it, and no message may show it. */
    static final String FAKE_KEY = "tobira-qdrant-key-8c1f";
    /** The fake's read-only key, as Qdrant's {@code read_only_api_key}: the reads alone. */
    static final String FAKE_READ_ONLY_KEY = "tobira-qdrant-ro-key-51d0";

    private static final String FAKE = "in-process fake (FakeQdrant, the client's own gRPC service bases on Netty)";

    private static volatile FakeQdrant fake;

    private QdrantServers() {}

    /** The server's DSN. */
    static String dsn() {
        return TestServer.find(
                        "qdrant",
                        List.of(
                                TestServer.container(
                                        ContainerSpec.of("qdrant/qdrant:v1.18.0", 6334)
                                                .readyWhenLogged(".*gRPC listening on.*", 1),
                                        (host, port) -> "qdrant://" + host + ":" + port),
                                new TestServer.Candidate(
                                        FAKE, () -> Optional.of("qdrant://127.0.0.1:" + fake().port()))))
                .url();
    }

    /** The API key for the server found: the fake's own, the environment's, or none. */
    static String apiKey() {
        String url = dsn();
        if (fake != null && url.equals("qdrant://127.0.0.1:" + fake.port())) {
            return FAKE_KEY;
        }
        String env = System.getenv("TOBIRA_TEST_QDRANT_API_KEY");
        return env == null ? "" : env;
    }

    /**
     * The key of the read-only connections: the fake's read-only key, {@code TOBIRA_TEST_QDRANT_READ_ONLY_API_KEY},
     * or the full key when the server has no read-only one.
     */
    static String readOnlyApiKey() {
        if (runningFake().isPresent()) {
            return FAKE_READ_ONLY_KEY;
        }
        String env = System.getenv("TOBIRA_TEST_QDRANT_READ_ONLY_API_KEY");
        return env == null || env.isEmpty() ? apiKey() : env;
    }

    /** The fake, when the tests run on it. */
    static Optional<FakeQdrant> runningFake() {
        String url = dsn();
        return fake != null && url.equals("qdrant://127.0.0.1:" + fake.port()) ? Optional.of(fake) : Optional.empty();
    }

    private static synchronized FakeQdrant fake() {
        if (fake == null) {
            FakeQdrant f = new FakeQdrant(FAKE_KEY, FAKE_READ_ONLY_KEY).start();
            Runtime.getRuntime().addShutdownHook(new Thread(f::close));
            fake = f;
        }
        return fake;
    }
}
