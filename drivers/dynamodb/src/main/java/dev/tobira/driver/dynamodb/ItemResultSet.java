package dev.tobira.driver.dynamodb;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.PagedResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items streamed page by page: one page is held at a time, the next requested only when the caller
 * has taken every row of the one before.
 *
 * <p>Columns are fixed when the first items arrive: the table's key attributes first (those the
 * page holds), then every other attribute name of the first page in alphabetical order. When more
 * pages follow and the row limit does not stop at the first, a last column {@value #REST} holds, as
 * a {@code Doc}, the attributes of an item that none of those columns names ({@code NULL} when there
 * are none), so no attribute of a later page is dropped. An attribute missing from an item is
 * {@code NULL}.
 */
final class ItemResultSet extends PagedResultSet<Map<String, AttributeValue>> {
    /** The column of attributes first seen after the columns were fixed. */
    static final String REST = "*";

    private final ItemPage.Source source;
    private final CallDeadline deadline;
    private final DynamoSession session;
    private final Consumer<ItemResultSet> onClose;
    private final String[] names;
    private final Map<String, Integer> index;
    private final boolean rest;
    private boolean more;
    private volatile boolean cancelled;

    private ItemResultSet(
            List<Column> columns,
            ItemPage first,
            ItemPage.Source source,
            CallDeadline deadline,
            DynamoSession session,
            long limit,
            long startNanos,
            Consumer<ItemResultSet> onClose) {
        super(
                DynamoDriver.NAME,
                columns,
                limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                startNanos,
                first.items());
        this.source = source;
        this.deadline = deadline;
        this.session = session;
        this.onClose = onClose;
        this.rest = !columns.isEmpty() && columns.get(columns.size() - 1).name().equals(REST) && first.more();
        int n = rest ? columns.size() - 1 : columns.size();
        this.names = new String[n];
        this.index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            names[i] = columns.get(i).name();
            index.put(names[i], i);
        }
        this.more = first.more();
    }

    /**
     * Reads until the first page that holds an item (or the end) and starts the result there.
     *
     * @param keys the table's key attributes in key order, empty when unknown
     */
    static ItemResultSet start(
            DynamoSession session,
            ItemPage.Source source,
            List<String> keys,
            CallDeadline deadline,
            long limit,
            long startNanos,
            String op,
            Consumer<ItemResultSet> onClose) {
        ItemPage page = source.next(deadline);
        while (page.items().isEmpty() && page.more()) {
            if (session.isClosed()) {
                throw DynamoSession.cancelled(op);
            }
            page = source.next(deadline);
        }
        List<Column> columns = columns(page, keys, limit);
        return new ItemResultSet(columns, page, source, deadline, session, limit, startNanos, onClose);
    }

    private static List<Column> columns(ItemPage page, List<String> keys, long limit) {
        Map<String, Value.Kind> kinds = new TreeMap<>();
        for (Map<String, AttributeValue> item : page.items()) {
            for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
                Value.Kind known = kinds.get(e.getKey());
                if (known == null || known == Value.Kind.NULL) {
                    kinds.put(e.getKey(), kindOf(e.getValue()));
                }
            }
        }
        Set<String> order = new LinkedHashSet<>();
        for (String k : keys) {
            if (kinds.containsKey(k) || page.items().isEmpty()) {
                order.add(k);
            }
        }
        order.addAll(kinds.keySet());
        List<Column> columns = new ArrayList<>(order.size() + 1);
        for (String name : order) {
            Value.Kind kind = kinds.getOrDefault(name, Value.Kind.NULL);
            String type = nativeType(page, name);
            columns.add(type.isEmpty() ? Column.of(name, kind) : Column.of(name, kind, type, true));
        }
        if (page.more() && (limit == 0 || limit > page.items().size())) {
            columns.add(Column.of(REST, Value.Kind.DOC, "M", true));
        }
        return columns;
    }

    private static Value.Kind kindOf(AttributeValue a) {
        return Items.value(a).kind();
    }

    private static String nativeType(ItemPage page, String name) {
        for (Map<String, AttributeValue> item : page.items()) {
            AttributeValue a = item.get(name);
            if (a != null) {
                return a.type() == null ? "" : a.type().toString();
            }
        }
        return "";
    }

    @Override
    protected @Nullable Iterable<Map<String, AttributeValue>> nextPage() {
        if (!more) {
            return null;
        }
        if (cancelled || session.isClosed()) {
            throw DynamoSession.cancelled("query");
        }
        ItemPage page = source.next(deadline);
        more = page.more();
        return page.items();
    }

    @Override
    protected Row row(Map<String, AttributeValue> item) {
        Value[] values = new Value[rest ? names.length + 1 : names.length];
        Map<String, Value> extra = null;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            Integer i = index.get(e.getKey());
            if (i != null) {
                values[i] = Items.value(e.getValue());
            } else if (rest) {
                if (extra == null) {
                    extra = new TreeMap<>();
                }
                extra.put(e.getKey(), Items.value(e.getValue()));
            }
            // without a rest column every attribute has a column: the only page is the one they came from
        }
        for (int i = 0; i < names.length; i++) {
            if (values[i] == null) {
                values[i] = Value.NULL;
            }
        }
        if (rest) {
            values[names.length] = extra == null ? Value.NULL : new Value.Doc(new LinkedHashMap<>(extra));
        }
        return Row.of(columns(), values);
    }

    @Override
    protected void cancel() {
        cancelled = true;
    }

    @Override
    protected void released() {
        onClose.accept(this);
    }
}
