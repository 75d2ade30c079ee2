package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Finds a database server for a driver's tests, the one way every server driver does it:
 * an address from the environment ({@code TOBIRA_TEST_<DRIVER>_URL}), else each candidate in the
 * order given (a local server that answers, a server the build starts from a Maven package,
 * Testcontainers when a Docker engine answers, see {@link #container}). When none is found the test is skipped with a line
 * saying why, unless the system property {@code tobira.test.require} is {@code all} (as in CI),
 * in which case it fails.
 *
 * <p>A found server is remembered for the JVM, so every test class of a module shares one.
 *
 * @since 0.1
 */
public final class TestServer {
    /** The system property that turns a missing server into a failure when set to {@code all}. */
    public static final String REQUIRE_PROPERTY = "tobira.test.require";

    private static final Map<String, Found> FOUND = new ConcurrentHashMap<>();

    private TestServer() {}

    /**
     * One way to get a server.
     *
     * @param name what it is, for the skip line, such as {@code local server on 127.0.0.1:5432}
     * @param attempt returns the server's URL, or empty with no server; may throw to say why not
     * @since 0.1
     */
    public record Candidate(String name, Supplier<Optional<String>> attempt) {
        /**
         * Creates a candidate.
         *
         * @param name what it is
         * @param attempt returns the URL or empty
         * @throws NullPointerException if an argument is null
         */
        public Candidate {
            requireNonNull(name, "name is null");
            requireNonNull(attempt, "attempt is null");
        }
    }

    /**
     * A server found for a driver.
     *
     * @param url the URL or DSN the driver's tests connect to
     * @param source which candidate provided it, for logs
     * @since 0.1
     */
    public record Found(String url, String source) {
        /**
         * Creates a result.
         *
         * @param url the URL
         * @param source which candidate provided it
         */
        public Found {
            requireNonNull(url, "url is null");
            requireNonNull(source, "source is null");
        }
    }

    /**
     * Returns a candidate that is the given URL when a TCP connection to host and port succeeds
     * within a second.
     *
     * @param name what it is
     * @param host the host, normally {@code 127.0.0.1}
     * @param port the port
     * @param url the URL to use when it answers
     * @return the candidate
     */
    public static Candidate listening(String name, String host, int port, String url) {
        return new Candidate(name, () -> answers(host, port) ? Optional.of(url) : Optional.empty());
    }

    /**
     * Returns a candidate that starts a container with Testcontainers, once for the JVM, and makes its
     * URL from the host and mapped port. It says why not (as the skip line's reason) when
     * Testcontainers is not on the test class path or no Docker engine answers. Put it last: a
     * local or embedded server is faster.
     *
     * @param spec the image, port, environment and readiness
     * @param url makes the URL from the container's host and the port mapped to {@code spec.port()}
     * @return the candidate, named {@code Testcontainers <image>}
     * @since 0.1
     */
    public static Candidate container(ContainerSpec spec, BiFunction<String, Integer, String> url) {
        requireNonNull(spec, "spec is null");
        requireNonNull(url, "url is null");
        return new Candidate("Testcontainers " + spec.image(), () -> Containers.start(spec, url));
    }

    /**
     * Tells whether something accepts TCP connections on a host and port within a second.
     *
     * @param host the host
     * @param port the port
     * @return whether a connection succeeded
     */
    public static boolean answers(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Finds a server for a driver, or skips (fails under {@code -Dtobira.test.require=all}) the calling test.
     *
     * @param driver the driver's name, such as {@code postgres}; the environment variable is
     *     {@code TOBIRA_TEST_POSTGRES_URL}
     * @param candidates the other ways, in order
     * @return the server
     */
    public static Found find(String driver, List<Candidate> candidates) {
        Found cached = FOUND.get(driver);
        if (cached != null) {
            return cached;
        }
        synchronized (TestServer.class) {
            cached = FOUND.get(driver);
            if (cached != null) {
                return cached;
            }
            List<String> tried = new ArrayList<>();
            String env = "TOBIRA_TEST_" + driver.toUpperCase(Locale.ROOT).replace('-', '_') + "_URL";
            String fromEnv = System.getenv(env);
            if (fromEnv != null && !fromEnv.isBlank()) {
                return remember(driver, new Found(fromEnv.strip(), "environment " + env));
            }
            tried.add(env + " not set");
            for (Candidate c : candidates) {
                try {
                    Optional<String> url = c.attempt().get();
                    if (url.isPresent()) {
                        return remember(driver, new Found(url.get(), c.name()));
                    }
                    tried.add(c.name() + ": not available");
                } catch (RuntimeException | LinkageError e) {
                    tried.add(c.name() + ": " + e);
                }
            }
            String why = "no " + driver + " server for the tests (" + String.join("; ", tried) + ")";
            if ("all".equals(System.getProperty(REQUIRE_PROPERTY))) {
                return Assertions.fail(why + ", and -D" + REQUIRE_PROPERTY + "=all requires one");
            }
            System.err.println("[tobira] skipping: " + why);
            Assumptions.abort(why);
            throw new AssertionError("unreachable");
        }
    }

    private static Found remember(String driver, Found found) {
        System.err.println("[tobira] " + driver + " tests use " + found.source());
        FOUND.put(driver, found);
        return found;
    }
}
