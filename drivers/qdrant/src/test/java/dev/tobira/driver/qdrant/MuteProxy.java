package dev.tobira.driver.qdrant;

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
 * {@code SilentServer}: what a query timeout is for.
 */
final class MuteProxy implements AutoCloseable {
    private final String host;
    private final int port;
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean muted;

    MuteProxy(String host, int port) {
        this.host = host;
        this.port = port;
        try {
            listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        daemon(this::accept, "mute-proxy-accept");
    }

    int port() {
        return listener.getLocalPort();
    }

    /** From now on nothing passes either way, and every connection stays open. */
    void mute() {
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
