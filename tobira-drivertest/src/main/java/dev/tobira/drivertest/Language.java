package dev.tobira.drivertest;

/**
 * The query language of a driver, which chooses the kit's built-in probe catalogue and how it
 * generates variants.
 *
 * @since 0.1
 */
public enum Language {
    /** SQL: the built-in SQL catalogue applies, and variants are made with the SQL lexer. */
    SQL,
    /** Anything else (a Redis command line, a JSON command document): only the driver's own probes apply. */
    OTHER
}
