package dev.tobira.driver.mongodb;

import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import dev.tobira.drivertest.ContainerSpec;
import dev.tobira.drivertest.TestServer;
import io.netty.channel.Channel;
import java.util.List;
import java.util.Optional;

/**
 * Where the tests find MongoDB, always through {@link TestServer}: {@code TOBIRA_TEST_MONGODB_URL},
 * else a {@code mongo:7} container when a Docker engine answers, else mongo-java-server 1.47.0 with
 * its memory backend in a child JVM ({@link EmbeddedMongo}), on a free loopback port, its oplog on (so change streams
 * work). mongo-java-server speaks the real wire protocol but has no {@code explain}, no
 * {@code hello}, no {@code $unionWith}, no sessions and no transactions; it compares command names
 * ignoring case, where mongod compares them exactly.
 */
final class MongoServers {
    /** The database the tests own: seed() rebuilds it, fingerprint() reads it and its tobira_kit* siblings. */
    static final String DB = "tobira_kit";

    private MongoServers() {}

    /** A server and what it is. */
    record Server(String url, boolean embedded) {
        String dsn(String db) {
            return url + "/" + db;
        }
    }

    static Server primary() {
        TestServer.Found f = TestServer.find(
                "mongodb",
                List.of(
                        TestServer.container(
                                ContainerSpec.of("mongo:7", 27017).readyWhenLogged(".*Waiting for connections.*\\s", 1),
                                (host, port) -> "mongodb://" + host + ":" + port),
                        new TestServer.Candidate(
                                "mongo-java-server 1.47.0 (memory backend) in a child JVM",
                                () -> Optional.of("mongodb://127.0.0.1:" + EmbeddedMongo.start() + "#embedded"))));
        String url = f.url();
        boolean embedded = url.endsWith("#embedded");
        return new Server(
                embedded ? url.substring(0, url.length() - "#embedded".length()) : url.replaceAll("/+$", ""), embedded);
    }

    /**
     * The memory backend with a test command, {@code {"sleep": 1, "millis": n}}, that waits on the
     * server without burning a core, as mongod's own test command {@code sleep} does: the slow query
     * of the timeout and cancel tests. It honours {@code maxTimeMS} (failing with MaxTimeMSExpired,
     * code 50) and ends when its client goes away, as mongod ends an operation whose client
     * disconnected.
     */
    static final class SlowBackend extends MemoryBackend {
        @Override
        public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
            if (!"sleep".equals(command)) {
                return super.handleCommand(channel, databaseName, command, query);
            }
            long millis = ((Number) query.getOrDefault("millis", 12_000)).longValue();
            Object max = query.get("maxTimeMS");
            long limit = max instanceof Number n && n.longValue() > 0 ? n.longValue() : Long.MAX_VALUE;
            long start = System.nanoTime();
            while (true) {
                long elapsed = (System.nanoTime() - start) / 1_000_000;
                if (elapsed >= limit) {
                    throw new MongoServerError(50, "MaxTimeMSExpired", "operation exceeded time limit");
                }
                if (elapsed >= millis || !channel.isActive()) {
                    return new Document("ok", 1.0);
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return new Document("ok", 1.0);
                }
            }
        }
    }
}
