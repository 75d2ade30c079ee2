package dev.tobira.drivertest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

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
