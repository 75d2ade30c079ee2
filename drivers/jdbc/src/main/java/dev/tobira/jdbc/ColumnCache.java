package dev.tobira.jdbc;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One connection's mapped result columns, by statement text, for dialects that can say cheaply
 * what decides a result's columns ({@link TypeMapping#resultShape}): a point read run again and
 * again then describes its columns once instead of asking the driver's metadata on every call.
 *
 * <p>An entry is used only while the shape read from the new result equals the one it was made
 * with. Besides, the whole cache is dropped when a statement on the connection returns no rows
 * (DDL among them) and when a transaction ends (a rollback may take DDL back). Bounded, least
 * recently used first out. Used by the one thread that runs the connection's statements.
 */
final class ColumnCache {
    static final int CAPACITY = 256;

    private final Map<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
            return size() > CAPACITY;
        }
    };

    private record Entry(Object shape, ResultColumns columns) {}

    /** The columns of a result that just opened: kept ones when its shape is the same, else described and mapped now. */
    ResultColumns columns(Dialect dialect, JdbcSession session, String sql, java.sql.ResultSet rs) throws SQLException {
        Optional<Object> shape = dialect.types().resultShape(session, rs);
        if (shape == null) {
            throw new NullPointerException(dialect + ": resultShape returned null");
        }
        if (shape.isEmpty()) {
            return ResultColumns.of(dialect, rs.getMetaData());
        }
        Entry kept = entries.get(sql);
        if (kept != null && kept.shape().equals(shape.get())) {
            return kept.columns();
        }
        ResultColumns columns = ResultColumns.of(dialect, rs.getMetaData());
        entries.put(sql, new Entry(shape.get(), columns));
        return columns;
    }

    void clear() {
        entries.clear();
    }

    int size() {
        return entries.size();
    }
}
