package dev.tobira.sample.memdemo;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.EnumSet;
import java.util.Set;

/**
 * An example driver over an in-memory map, to copy when writing a real one. A DSN
 * {@code memdemo:NAME} opens the store called NAME (created on first use, shared by the JVM).
 *
 * <p>Queries are one command each: {@code GET key}, {@code SET key value}, {@code DEL key},
 * {@code KEYS prefix}, {@code SCAN collection} (the keys {@code collection:…}), {@code RANGE n}
 * (the numbers 1 to n, streamed), {@code SLEEP millis}, {@code NOTE text} (appends to the store's
 * log, a side effect outside the data) and {@code FLUSH}. Command words are case-insensitive.
 *
 * <p>The read-only guard is an allow-list of the read commands, checked on the command word
 * itself: anything not on the list is refused, so a new write command is safe by default.
 *
 * @since 0.1
 */
public final class MemdemoDriver implements Driver {
    static final String NAME = "memdemo";

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public MemdemoDriver() {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of(NAME);
    }

    @Override
    public Set<Capability> declared() {
        return EnumSet.of(Capability.READ_ONLY, Capability.BROWSER);
    }

    @Override
    public Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        String store = config.dsn().substring(config.dsn().indexOf(':') + 1);
        if (store.isEmpty()) {
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, NAME, "open", "the DSN names no store (memdemo:NAME)");
        }
        return new MemdemoConn(MemStore.named(store), config.readOnly());
    }
}
