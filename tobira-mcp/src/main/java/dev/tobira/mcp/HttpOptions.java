package dev.tobira.mcp;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Where the Streamable HTTP endpoint listens.
 *
 * @param host the address to bind, {@code 127.0.0.1} by default; a non-loopback one needs {@code insecureBind}
 * @param port the TCP port, 0 for any free one
 * @param insecureBind whether a non-loopback address may be bound (other machines can then reach the server)
 * @param allowedOrigins browser origins allowed besides the server's own, such as {@code http://localhost:6274}
 * @since 0.1
 */
public record HttpOptions(String host, int port, boolean insecureBind, List<String> allowedOrigins) {
    /**
     * Creates options.
     *
     * @param host the address to bind
     * @param port the TCP port, 0 for any free one
     * @param insecureBind whether a non-loopback address may be bound
     * @param allowedOrigins browser origins allowed besides the server's own
     * @throws NullPointerException if host or allowedOrigins is null
     * @throws IllegalArgumentException if the port is outside 0 to 65535
     */
    public HttpOptions {
        requireNonNull(host, "host is null");
        allowedOrigins = List.copyOf(allowedOrigins);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0 to 65535, not " + port);
        }
    }

    /**
     * Returns options for a loopback port.
     *
     * @param port the port on 127.0.0.1, 0 for any free one
     * @return the options
     */
    public static HttpOptions loopback(int port) {
        return new HttpOptions("127.0.0.1", port, false, List.of());
    }

    /**
     * Returns these options with another bind address.
     *
     * @param host the address
     * @param insecureBind whether a non-loopback address may be bound
     * @return a copy
     */
    public HttpOptions withHost(String host, boolean insecureBind) {
        return new HttpOptions(host, port, insecureBind, allowedOrigins);
    }
}
