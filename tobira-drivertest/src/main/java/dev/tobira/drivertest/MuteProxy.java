package dev.tobira.drivertest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP proxy in front of a test server that can fall silent: until {@link #mute()} it
 * passes bytes both ways; after it, it keeps every connection open and reads what arrives, but passes
 * nothing on and answers nothing. A connection opened through it works, and then its server is a
 * {@link SilentServer}: what a query timeout is for.
 *
 * <pre>{@code
 * try (MuteProxy proxy = MuteProxy.start("127.0.0.1", serverPort);
 *      Conn conn = driver.open(ConnConfig.of("redis://127.0.0.1:" + proxy.port()))) {
 *     proxy.mute();
 *     DriverException e = assertThrows(DriverException.class,
 *             () -> conn.query(Query.of("GET k").withTimeout(Duration.ofSeconds(2))));
 *     assertEquals(ErrorKind.TIMEOUT, e.kind());
 * }
 * }</pre>
 *
 * @since 0.1
 */
public final class MuteProxy implements AutoCloseable {
    private final String host;
    private final int port;
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean muted;

    private MuteProxy(String host, int port) {
        this.host = host;
        this.port = port;
        try {
            listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        daemon(this::accept, "mute-proxy-accept");
    }

    /**
     * Starts a proxy on a free loopback port in front of a server.
     *
     * @param host the server's host, a loopback address in tests
     * @param port the server's port
     * @return the proxy, passing bytes until {@link #mute()}
     * @throws UncheckedIOException if no loopback port could be bound
     */
    public static MuteProxy start(String host, int port) {
        return new MuteProxy(host, port);
    }

    /**
     * Returns the proxy's own port on loopback, for the driver's DSN.
     *
     * @return the port
     */
    public int port() {
        return listener.getLocalPort();
    }

    /** From now on nothing passes either way, and every connection stays open. */
    public void mute() {
        muted = true;
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(new InetSocketAddress(host, port), 5_000);
                sockets.add(client);
                sockets.add(server);
                daemon(() -> pump(client, server), "mute-proxy-up");
                daemon(() -> pump(server, client), "mute-proxy-down");
            }
        } catch (IOException closed) {
            // close() ends the loop
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buf = new byte[16 * 1024];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                if (!muted) {
                    out.write(buf, 0, n);
                    out.flush();
                }
            }
        } catch (IOException e) {
            // a side closed: the other pump ends on its own
        }
    }

    private static void daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    /** Stops accepting and closes every connection, both sides. */
    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
