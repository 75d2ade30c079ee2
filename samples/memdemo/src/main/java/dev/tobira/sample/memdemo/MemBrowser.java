package dev.tobira.sample.memdemo;

import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Page;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;

/** Pages through a collection in key order; the cursor is the last key of the page before. */
record MemBrowser(MemStore store) implements Browser {
    @Override
    public Page browse(CollectionRef collection, Optional<String> after, int size) {
        String cursor = after.orElse(""); // the first page, in this driver's own cursor text
        NavigableMap<String, String> all = store.existing(collection.name(), "browse");
        NavigableMap<String, String> rest = cursor.isEmpty() ? all : all.tailMap(cursor, false);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, String> e : rest.entrySet()) {
            if (rows.size() == size) {
                break;
            }
            rows.add(Row.of(MemQueries.ENTRY, Value.of(e.getKey()), Value.of(e.getValue())));
        }
        String last = rows.isEmpty() ? "" : rows.get(rows.size() - 1).get(0).toString();
        return rest.size() > rows.size() ? Page.of(MemQueries.ENTRY, rows, last) : Page.last(MemQueries.ENTRY, rows);
    }
}
