package dev.tobira.driver.mongodb;

import de.bwaldvogel.mongo.MongoServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * mongo-java-server in a child JVM of the tests, so that its memory (it holds a query's whole
 * result for its cursor) and its threads (a sleeping command holds one) never count against the
 * driver in the streaming and cancel checks. The child prints its port and lives until its stdin
 * closes, which happens when the test JVM exits, however it exits.
 */
final class EmbeddedMongo {
    private EmbeddedMongo() {}

    /**
     * The child's entry point; {@code --no-oplog} leaves the oplog off (no change streams), for a
     * benchmark's million documents, which the oplog would hold a second time.
     */
    public static void main(String[] args) throws IOException {
        MongoServer server = new MongoServer(new MongoServers.SlowBackend());
        if (!List.of(args).contains("--no-oplog")) {
            server.enableOplog();
        }
        // many worker loops: a sleeping command blocks its loop, and only the connections on that one wait
        server.bind(new InetSocketAddress("127.0.0.1", 0), 1, 64);
        System.out.println("PORT " + server.getLocalAddress().getPort());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        while (in.readLine() != null) {
            // nothing to read: the end of stdin is the parent going away
        }
        server.shutdownNow();
        System.exit(0);
    }

    /** Starts the child and returns its port. */
    static int start() {
        try {
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(List.of(
                    java,
                    "-Xmx2g",
                    "-XX:+ExitOnOutOfMemoryError",
                    "-cp",
                    System.getProperty("java.class.path"),
                    EmbeddedMongo.class.getName()));
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
            Process p = pb.start();
            Runtime.getRuntime().addShutdownHook(new Thread(p::destroy));
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            String line;
            while ((line = out.readLine()) != null && System.nanoTime() < deadline) {
                if (line.startsWith("PORT ")) {
                    return Integer.parseInt(line.substring(5).trim());
                }
            }
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            throw new IllegalStateException("mongo-java-server did not start");
        } catch (IOException e) {
            throw new IllegalStateException("mongo-java-server did not start: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while mongo-java-server started", e);
        }
    }
}
