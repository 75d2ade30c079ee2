package dev.tobira.sample.memdemo;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** The "server": named stores that live as long as the JVM. Tests reach it directly as their native side channel. */
final class MemStore {
    private static final Map<String, MemStore> STORES = new ConcurrentHashMap<>();

    final NavigableMap<String, String> data = new ConcurrentSkipListMap<>();
    final List<String> log = new CopyOnWriteArrayList<>();

    private MemStore() {}

    static MemStore named(String name) {
        return STORES.computeIfAbsent(name, n -> new MemStore());
    }

    /** The entries of a collection, {@code collection:…}, in key order. */
    NavigableMap<String, String> collection(String name) {
        return data.subMap(name + ":", true, name + ";", false);
    }

    /** The entries of a collection that has any, or NOT_FOUND. */
    NavigableMap<String, String> existing(String name, String op) {
        NavigableMap<String, String> entries = collection(name);
        if (entries.isEmpty()) {
            throw DriverException.of(ErrorKind.NOT_FOUND, MemdemoDriver.NAME, op, "no collection " + name);
        }
        return entries;
    }
}
