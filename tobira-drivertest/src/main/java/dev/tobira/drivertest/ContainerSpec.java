package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A server image for {@link TestServer#container}: the last candidate of a driver's tests, used on
 * machines where a Docker engine answers and Testcontainers ({@code org.testcontainers:testcontainers})
 * is on the test class path. The kit reaches Testcontainers reflectively, so a driver that never
 * uses this carries no Docker client.
 *
 * @param image the image, such as {@code postgres:16-alpine}
 * @param port the port the server listens on inside the container
 * @param env environment variables for the container
 * @param readyLog a regular expression matching the log line that says the server accepts
 *     connections, or empty to wait until the mapped port accepts TCP connections
 * @param readyLogTimes how many times that line must appear (PostgreSQL images log it twice)
 * @since 0.1
 */
public record ContainerSpec(
        String image, int port, Map<String, String> env, Optional<String> readyLog, int readyLogTimes) {
    /**
     * Creates a spec.
     *
     * @param image the image
     * @param port the port inside the container
     * @param env environment variables
     * @param readyLog the readiness log pattern, or empty
     * @param readyLogTimes how many times it must appear
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if the image is blank, the port is outside 1–65535 or the
     *     count is not positive
     */
    public ContainerSpec {
        requireNonNull(image, "image is null");
        requireNonNull(readyLog, "readyLog is null");
        if (image.isBlank()) {
            throw new IllegalArgumentException("image is blank");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is outside 1–65535");
        }
        if (readyLogTimes < 1) {
            throw new IllegalArgumentException("readyLogTimes must be at least 1, not " + readyLogTimes);
        }
        env = Map.copyOf(env);
    }

    /**
     * Returns a spec of an image that is ready once its port accepts connections, with no environment.
     *
     * @param image the image
     * @param port the port inside the container
     * @return the spec
     */
    public static ContainerSpec of(String image, int port) {
        return new ContainerSpec(image, port, Map.of(), Optional.empty(), 1);
    }

    /**
     * Returns this spec with one more environment variable.
     *
     * @param name the variable
     * @param value its value
     * @return the new spec
     */
    public ContainerSpec withEnv(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(env);
        more.put(requireNonNull(name, "name is null"), requireNonNull(value, "value is null"));
        return new ContainerSpec(image, port, more, readyLog, readyLogTimes);
    }

    /**
     * Returns this spec, ready once a log line matching the pattern appeared the given number of times.
     *
     * @param pattern a regular expression over one log line (Testcontainers matches the whole line,
     *     its line end included, so end it with {@code .*\\s})
     * @param times how many times
     * @return the new spec
     */
    public ContainerSpec readyWhenLogged(String pattern, int times) {
        return new ContainerSpec(image, port, env, Optional.of(requireNonNull(pattern, "pattern is null")), times);
    }
}
