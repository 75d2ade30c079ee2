package dev.tobira.sample.memdemo;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.Column;
import dev.tobira.api.Value;
import dev.tobira.spi.base.Catalog;
import java.util.List;
import java.util.Optional;

/** Collections are key prefixes ({@code customer} for {@code customer:1}); there are no namespaces. */
record MemCatalog(MemStore store) implements Catalog {
    @Override
    public List<String> namespaces() {
        return List.of();
    }

    @Override
    public List<CollectionRef> collections(Optional<String> namespace) {
        return store.data.keySet().stream()
                .filter(k -> k.contains(":"))
                .map(k -> k.substring(0, k.indexOf(':')))
                .distinct()
                .map(CollectionRef::of)
                .toList();
    }

    @Override
    public CollectionInfo describe(CollectionRef collection) {
        store.existing(collection.name(), "describe");
        return new CollectionInfo(
                collection,
                "prefix",
                List.of(
                        Column.of("key", Value.Kind.TEXT, "string", false),
                        Column.of("value", Value.Kind.TEXT, "string", true)),
                List.of("key"),
                List.of(),
                List.of());
    }
}
