package dev.tobira.jdbc;

import dev.tobira.spi.Nullable;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * One connection's idle prepared statements, by text, for dialects that ask for it
 * ({@link Statements#keptStatements()}): a point read run again and again is compiled once
 * instead of at every call.
 *
 * <p>A call takes its statement out and gives it back when it ends without error, so two open
 * results of the same text never share a statement. A statement comes back clean: no
 * parameters, no row limit, no query timeout. Bounded; the least recently used is closed first.
 * Synchronized because a call may end on the thread that closes the connection.
 */
final class StatementCache {
    private final int capacity;
    private final LinkedHashMap<String, PreparedStatement> idle = new LinkedHashMap<>(16, 0.75f, true);
    private boolean closed;

    /**
     * Creates a cache.
     *
     * @param capacity how many idle statements it keeps; 0 keeps none
     */
    StatementCache(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("keptStatements must not be negative: " + capacity);
        }
        this.capacity = capacity;
    }

    /** Whether statements are kept at all. */
    boolean keeps() {
        return capacity > 0;
    }

    /** An idle statement of this text, now the caller's, or null when there is none. */
    synchronized @Nullable PreparedStatement take(String sql) {
        return capacity == 0 ? null : idle.remove(sql);
    }

    /**
     * Gives back a statement whose call ended without error. It is closed instead when it cannot
     * be cleaned, when an idle one of the same text is kept already, or when the cache is closed.
     *
     * @throws SQLException when cleaning or closing a statement fails; nothing is kept then
     */
    void give(String sql, PreparedStatement statement) throws SQLException {
        try {
            statement.clearParameters();
            statement.setMaxRows(0);
            statement.setQueryTimeout(0);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(statement, e);
            throw e;
        }
        List<PreparedStatement> out = new ArrayList<>(1);
        synchronized (this) {
            if (closed || idle.containsKey(sql)) {
                out.add(statement);
            } else {
                idle.put(sql, statement);
                if (idle.size() > capacity) {
                    Iterator<PreparedStatement> eldest = idle.values().iterator();
                    out.add(eldest.next());
                    eldest.remove();
                }
            }
        }
        closeAll(out);
    }

    /** Closes every idle statement; statements given back later are closed too. */
    void close() throws SQLException {
        List<PreparedStatement> out;
        synchronized (this) {
            closed = true;
            out = new ArrayList<>(idle.values());
            idle.clear();
        }
        closeAll(out);
    }

    synchronized int size() {
        return idle.size();
    }

    private static void closeAll(List<PreparedStatement> statements) throws SQLException {
        SQLException first = null;
        for (PreparedStatement st : statements) {
            try {
                st.close();
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void closeQuietly(PreparedStatement statement, Exception cause) {
        try {
            statement.close();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    @Override
    public synchronized String toString() {
        return "StatementCache[" + idle.size() + " of " + capacity + (closed ? ", closed" : "") + "]";
    }

    /** For tests: the texts of the idle statements, least recently used first. */
    synchronized List<String> texts() {
        return new ArrayList<>(idle.keySet());
    }
}
