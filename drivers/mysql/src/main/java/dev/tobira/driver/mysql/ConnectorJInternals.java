package dev.tobira.driver.mysql;

import java.sql.Connection;
import java.sql.SQLException;
import org.mariadb.jdbc.client.Context;
import org.mariadb.jdbc.client.ServerVersion;

/**
 * The one place this driver reaches into MariaDB Connector/J beyond JDBC: what the connection's
 * {@link Context} knows from the handshake and from the server's last reply, read with no round
 * trip, and the side-connection kill of the running query. Each answer here carries a guarantee
 * of the read-only layers, so {@code ConnectorJInternalsTest} checks on a real server that
 * Connector/J still answers as these guarantees need; an upgrade that changes one fails it.
 *
 * <ul>
 *   <li>{@link #status}: the status flags of the last OK or EOF reply, the post-check's evidence that
 *       a statement stayed in autocommit mode or inside a read-only transaction, and the sign of
 *       {@code NO_BACKSLASH_ESCAPES}, which would make the server read text differently from the guard;
 *   <li>{@link #charset}: the client character set as the server last reported it (session
 *       tracking), because in GBK, Big5 or SJIS a backslash may be a character's second byte;
 *   <li>{@link #isMariaDb} and {@link #mariaDbBefore}: the handshake's version, which decides the
 *       {@code SET STATEMENT} prefix and the name of the access mode variable;
 *   <li>{@link #killRunningQuery}: {@code KILL QUERY} from a short side connection, since
 *       {@code Statement.cancel()} does nothing once {@code execute()} has returned.
 * </ul>
 */
final class ConnectorJInternals {
    private ConnectorJInternals() {}

    /**
     * The status flags of the server's last OK or EOF reply; no round trip. An error reply carries
     * none, and Connector/J adds {@link ServerStatus#IN_TRANSACTION} after one, since it cannot tell.
     */
    static ServerStatus status(Connection connection) throws SQLException {
        return new ServerStatus(context(connection).getServerStatus());
    }

    /** The client character set the server last reported, or null before it reported one. */
    static String charset(Connection connection) throws SQLException {
        return context(connection).getCharset();
    }

    /** Whether the server that answered the handshake is MariaDB rather than MySQL. */
    static boolean isMariaDb(Connection connection) throws SQLException {
        return context(connection).getVersion().isMariaDBServer();
    }

    /** Whether the server is MariaDB older than the version given. */
    static boolean mariaDbBefore(Connection connection, int major, int minor, int patch) throws SQLException {
        ServerVersion v = context(connection).getVersion();
        return v.isMariaDBServer() && !v.versionGreaterOrEqual(major, minor, patch);
    }

    /** Kills the query running on the connection, if any, from a side connection; returns once the server took it. */
    static void killRunningQuery(Connection connection) throws SQLException {
        connection.unwrap(org.mariadb.jdbc.Connection.class).cancelCurrentQuery();
    }

    private static Context context(Connection connection) throws SQLException {
        return connection.unwrap(org.mariadb.jdbc.Connection.class).getContext();
    }
}
