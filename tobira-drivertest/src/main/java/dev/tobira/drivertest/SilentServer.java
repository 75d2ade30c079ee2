package dev.tobira.drivertest;

import dev.tobira.api.ConnConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * A server on loopback that accepts every connection and never says a word: what a connect
 * timeout is for. A driver's open against it must end within its connect timeout as
 * {@link dev.tobira.api.ErrorKind#TIMEOUT}.
 *
 * <pre>{@code
 * try (SilentServer silent = SilentServer.start()) {
 *     ConnConfig c = ConnConfig.of("postgres://u@127.0.0.1:" + silent.port() + "/db").withConnectTimeout(Duration.ofSeconds(1));
 *     assertEquals(ErrorKind.TIMEOUT, assertThrows(DriverException.class, () -> driver.open(c)).kind());
 * }
 * }</pre>
 *
 * @since 0.1
 */
public final class SilentServer implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Socket> held = new ArrayList<>(); // guarded by itself

    private SilentServer(ServerSocket socket) {
        this.socket = socket;
        Thread acceptor = new Thread(this::accept, "tobira-silent-server-" + socket.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * Starts a server on a free loopback port.
     *
     * @return the server; close it to drop every connection it holds
     * @throws UncheckedIOException if no port can be had
     */
    public static SilentServer start() {
        try {
            return new SilentServer(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Returns the port it listens on, on 127.0.0.1.
     *
     * @return the port
     */
    public int port() {
        return socket.getLocalPort();
    }

    /**
     * Points a configuration with a URL DSN ({@code scheme://[user[:password]@]host[:port]/...}) at
     * {@code 127.0.0.1:port}, keeping its user, password, path, query, options and read-only flag:
     * what {@link Fixture.Builder#serverAt(IntFunction)} needs for most server drivers.
     *
     * @param config a configuration of the driver under test
     * @return the port to the same configuration on {@code 127.0.0.1:port}
     * @throws IllegalArgumentException if the DSN has no {@code ://} authority
     * @since 0.1
     */
    public static IntFunction<ConnConfig> hostPort(ConnConfig config) {
        String dsn = config.dsn();
        int scheme = dsn.indexOf("://");
        if (scheme < 0) {
            throw new IllegalArgumentException("not a URL DSN with a host: " + config.scheme() + ":...");
        }
        int from = scheme + 3;
        int end = dsn.length();
        for (char c : new char[] {'/', '?', '#'}) {
            int i = dsn.indexOf(c, from);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        int at = dsn.lastIndexOf('@', end - 1);
        String head = dsn.substring(0, at >= from ? at + 1 : from);
        String tail = dsn.substring(end);
        return port -> {
            ConnConfig base = ConnConfig.of(head + "127.0.0.1:" + port + tail)
                    .withName(config.name())
                    .withReadOnly(config.readOnly())
                    .withPassword(config.password());
            ConnConfig c = config.connectTimeout().map(base::withConnectTimeout).orElseGet(base::withoutConnectTimeout);
            for (Map.Entry<String, String> o : config.options().entrySet()) {
                c = c.withOption(o.getKey(), o.getValue());
            }
            return c;
        };
    }

    private void accept() {
        try {
            while (true) {
                Socket s = socket.accept();
                synchronized (held) {
                    held.add(s);
                }
            }
        } catch (IOException closed) {
            // close() ends the loop
        }
    }

    /** Stops listening and drops every connection it held. */
    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        synchronized (held) {
            for (Socket s : held) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
            held.clear();
        }
    }
}
