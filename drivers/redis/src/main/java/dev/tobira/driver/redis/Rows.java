package dev.tobira.driver.redis;

import dev.tobira.api.Column;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CursorResultSet;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Turns one reply into rows: a scalar is one row with one column {@code value}; an array or set
 * is one row per element; a map (HGETALL and CONFIG GET in RESP3, or their flat RESP2 pairs) is
 * one {@code field}/{@code value} row per entry. Nested replies become Array or Doc values. A
 * column's kind is that of its first value, its native type the RESP type that arrived.
 */
final class Rows {
    /** Commands whose RESP2 reply is a flat list of pairs that RESP3 sends as a map. */
    private static final Set<String> PAIRS = Set.of("hgetall", "config|get");

    private Rows() {}

    static ResultSet of(Reply reply, CommandLine cmd, long limit, long startNanos, Consumer<ResultSet> onRelease) {
        if (reply instanceof Reply.Scalar s) {
            List<Column> columns = List.of(Column.of("value", s.value().kind(), s.type(), true));
            return new InHand(columns, List.of(Row.of(columns, s.value())).iterator(), limit, startNanos, onRelease);
        }
        Reply.Aggregate a = (Reply.Aggregate) reply;
        boolean pairs = a.shape() == Reply.Shape.MAP
                || (a.shape() == Reply.Shape.ARRAY
                        && PAIRS.contains(ReadOnlyGuard.lookupName(cmd))
                        && a.items().size() % 2 == 0);
        List<Reply> items = a.items();
        if (pairs) {
            @Nullable Reply firstKey = items.isEmpty() ? null : items.get(0);
            @Nullable Reply firstValue = items.isEmpty() ? null : items.get(1);
            List<Column> columns = List.of(column("field", firstKey), column("value", firstValue));
            return new InHand(
                    columns,
                    new Iterator<>() {
                        private int i;

                        @Override
                        public boolean hasNext() {
                            return i + 1 < items.size();
                        }

                        @Override
                        public Row next() {
                            if (!hasNext()) {
                                throw new NoSuchElementException();
                            }
                            Row row = Row.of(
                                    columns,
                                    items.get(i).value(),
                                    items.get(i + 1).value());
                            i += 2;
                            return row;
                        }
                    },
                    limit,
                    startNanos,
                    onRelease);
        }
        List<Column> columns = List.of(column("value", items.isEmpty() ? null : items.get(0)));
        return new InHand(
                columns,
                new Iterator<>() {
                    private int i;

                    @Override
                    public boolean hasNext() {
                        return i < items.size();
                    }

                    @Override
                    public Row next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        return Row.of(columns, items.get(i++).value());
                    }
                },
                limit,
                startNanos,
                onRelease);
    }

    /**
     * The rows of a reply already received, made one at a time as the caller iterates; closed with
     * its connection like any other result.
     */
    private static final class InHand extends CursorResultSet {
        private final Iterator<Row> rows;
        private final Consumer<ResultSet> onRelease;

        InHand(List<Column> columns, Iterator<Row> rows, long limit, long startNanos, Consumer<ResultSet> onRelease) {
            super(RedisDriver.NAME, columns, limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(), startNanos);
            this.rows = rows;
            this.onRelease = onRelease;
        }

        @Override
        protected @Nullable Row fetch() {
            return rows.hasNext() ? rows.next() : null;
        }

        @Override
        protected void release() {
            onRelease.accept(this);
        }
    }

    static Column column(String name, @Nullable Reply first) {
        if (first == null) {
            return Column.of(name, Value.Kind.TEXT);
        }
        Value.Kind kind = first instanceof Reply.Scalar s
                ? s.value().kind()
                : ((Reply.Aggregate) first).shape() == Reply.Shape.MAP ? Value.Kind.DOC : Value.Kind.ARRAY;
        return Column.of(name, kind, first.type(), true);
    }
}
