package dev.tobira.sample.memdemo;

import dev.tobira.spi.base.BaseDriver;

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
 * <p>The shape every driver that is not JDBC has: a public class of one constructor handing the
 * base a {@code MemDialect}, which opens a {@code MemSession} (the "client") and gives each
 * connection a {@code MemQueries} that runs one query, a {@code MemCatalog} and one object per
 * facet. The base checks arguments and the open state, offers the facets, and closes results and
 * the session.
 *
 * @since 0.1
 */
public final class MemdemoDriver extends BaseDriver {
    static final String NAME = "memdemo";

    /** Creates the driver; {@link java.util.ServiceLoader} calls this. */
    public MemdemoDriver() {
        super(new MemDialect());
    }
}
