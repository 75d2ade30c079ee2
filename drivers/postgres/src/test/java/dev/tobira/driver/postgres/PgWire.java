package dev.tobira.driver.postgres;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback proxy between a client and the PostgreSQL server that counts the protocol messages
 * crossing it, for what a call costs on the wire: the exchanges (round trips), the client's
 * {@code Sync} and {@code Query} messages and the server's {@code ReadyForQuery} and
 * {@code DataRow} messages.
 *
 * <p>An exchange (one round trip) is what the client sends before it has received the answer to
 * all of it: it begins with a message the client sends after the proxy delivered the
 * {@code ReadyForQuery} of every {@code Sync} and {@code Query} it had sent, so a client that sends
 * a new exchange has waited for the whole answer to the last one. The server sends one
 * {@code ReadyForQuery} per {@code Sync} or {@code Query} it processed, its own account of what it
 * answered. A pipelined client (pgjdbc sends its {@code BEGIN} as a {@code Query} and the statement
 * behind it without waiting, sometimes in two TCP segments) is counted by what it could have seen:
 * the answer that completes an exchange is held back {@link #HOLD_MILLIS} before it is delivered, and
 * what the client sends meanwhile belongs to the same exchange, since it cannot depend on an answer
 * the client has not received. Holding back longer or shorter only delays the test; a hold too short
 * for a pipelined flight can only make a count larger, never smaller.
 *
 * <p>SSL and GSS encryption requests are answered "no" by the server (tests connect with
 * {@code sslmode=disable}); cancel requests, which pgjdbc sends on a connection of their own, are
 * passed on uncounted.
 */
final class PgWire implements AutoCloseable {
    private static final int SSL_REQUEST = 80877103;
    private static final int GSS_REQUEST = 80877104;
    private static final int CANCEL_REQUEST = 80877102;
    private static final long HOLD_MILLIS = 25;

    /** What crossed the proxy so far, on every connection it carried. */
    record Counts(long exchanges, long syncs, long queries, long readyForQuery, long dataRows) {
        Counts minus(Counts earlier) {
            return new Counts(
                    exchanges - earlier.exchanges,
                    syncs - earlier.syncs,
                    queries - earlier.queries,
                    readyForQuery - earlier.readyForQuery,
                    dataRows - earlier.dataRows);
        }

        @Override
        public String toString() {
            return exchanges + " round trips (Sync " + syncs + ", Query " + queries + ", ReadyForQuery " + readyForQuery
                    + ", DataRow " + dataRows + ")";
        }
    }

    private final String host;
    private final int port;
    private final ServerSocket listener;
    private final List<Socket> sockets = new ArrayList<>();
    private final Thread acceptor;
    private long exchanges;
    private long syncs;
    private long queries;
    private long readyForQuery;
    private long dataRows;

    PgWire(String host, int port) throws IOException {
        this.host = host;
        this.port = port;
        this.listener = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "pg-wire-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The port the proxy listens on, on the loopback address. */
    int port() {
        return listener.getLocalPort();
    }

    synchronized Counts counts() {
        return new Counts(exchanges, syncs, queries, readyForQuery, dataRows);
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(host, port);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                synchronized (sockets) {
                    sockets.add(client);
                    sockets.add(server);
                }
                Thread t = new Thread(() -> carry(client, server), "pg-wire-session");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** One client connection: the untyped start, then both directions message by message. */
    private void carry(Socket client, Socket server) {
        try {
            DataInputStream in = new DataInputStream(client.getInputStream());
            OutputStream toServer = server.getOutputStream();
            InputStream fromServer = server.getInputStream();
            OutputStream toClient = client.getOutputStream();
            Session session = new Session();
            while (true) {
                int length = in.readInt();
                byte[] body = new byte[length - 4];
                in.readFully(body);
                int code = ((body[0] & 0xff) << 24)
                        | ((body[1] & 0xff) << 16)
                        | ((body[2] & 0xff) << 8)
                        | (body[3] & 0xff);
                toServer.write(
                        new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length
                        });
                toServer.write(body);
                toServer.flush();
                if (code == SSL_REQUEST || code == GSS_REQUEST) {
                    int answer = fromServer.read(); // 'N': go on unencrypted
                    toClient.write(answer);
                    toClient.flush();
                    continue;
                }
                if (code == CANCEL_REQUEST) {
                    relay(fromServer, toClient, null, false);
                    return;
                }
                synchronized (this) {
                    session.outstanding = 1; // the startup message: answered by the first ReadyForQuery
                    session.inFlight = true;
                }
                break;
            }
            Thread back = new Thread(() -> relay(fromServer, toClient, session, false), "pg-wire-server");
            back.setDaemon(true);
            back.start();
            relay(in, toServer, session, true);
        } catch (IOException e) {
            // the client or the server went away
        } finally {
            closeQuietly(client);
            closeQuietly(server);
        }
    }

    /** Per-connection state of the exchange count, guarded by the proxy. */
    private static final class Session {
        int outstanding;
        boolean inFlight;
        boolean answered; // the server answered everything sent; the exchange ends when the answer is delivered
    }

    /**
     * Passes bytes on, chunk by chunk; with a session, counts the typed messages of each chunk
     * before passing it on.
     */
    private void relay(InputStream from, OutputStream to, Session session, boolean fromClient) {
        byte[] buffer = new byte[64 * 1024];
        int header = 0; // bytes of the current message's 5-byte header seen so far
        int type = 0;
        int length = 0;
        long skip = 0; // body bytes of the current message still to come
        try {
            while (true) {
                int n = from.read(buffer);
                if (n < 0) {
                    break;
                }
                if (session != null) {
                    int i = 0;
                    while (i < n) {
                        if (skip > 0) {
                            int k = (int) Math.min(skip, n - i);
                            skip -= k;
                            i += k;
                            continue;
                        }
                        int b = buffer[i++] & 0xff;
                        if (header == 0) {
                            type = b;
                            length = 0;
                            header = 1;
                        } else {
                            length = (length << 8) | b;
                            header++;
                        }
                        if (header == 5) {
                            header = 0;
                            skip = length - 4;
                            count(session, (char) type, fromClient);
                        }
                    }
                }
                if (session != null && !fromClient && answeredAll(session)) {
                    Thread.sleep(HOLD_MILLIS); // what the client sends meanwhile was sent without this answer
                    endExchange(session);
                }
                to.write(buffer, 0, n);
                to.flush();
            }
        } catch (IOException e) {
            // the other side went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized boolean answeredAll(Session session) {
        return session.answered;
    }

    /** Delivering the answer to everything the client sent: what it sends next is a new exchange. */
    private synchronized void endExchange(Session session) {
        if (session.answered && session.outstanding == 0) {
            session.inFlight = false;
        }
        session.answered = false;
    }

    private synchronized void count(Session session, char type, boolean fromClient) {
        if (fromClient) {
            if (type == 'X') {
                return; // Terminate: the client waits for nothing
            }
            if (!session.inFlight) {
                session.inFlight = true;
                exchanges++;
            }
            if (type == 'S') {
                syncs++;
                session.outstanding++;
            } else if (type == 'Q') {
                queries++;
                session.outstanding++;
            }
            if (session.outstanding > 0) {
                session.answered = false; // more to answer in the same exchange
            }
        } else if (type == 'Z') {
            readyForQuery++;
            session.outstanding--;
            if (session.outstanding <= 0) {
                session.outstanding = 0;
                session.answered = true;
            }
        } else if (type == 'D') {
            dataRows++;
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing left to do
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // nothing left to do
        }
        synchronized (sockets) {
            sockets.forEach(PgWire::closeQuietly);
        }
    }
}
