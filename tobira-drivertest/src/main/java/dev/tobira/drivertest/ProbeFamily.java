package dev.tobira.drivertest;

/**
 * The families of write the guard is attacked with. Every probe belongs to one.
 *
 * @since 0.1
 */
public enum ProbeFamily {
    /** Plain INSERT, UPDATE, DELETE, MERGE, REPLACE, or a store's own write commands. */
    DML,
    /** CREATE, DROP, ALTER, TRUNCATE, RENAME. */
    DDL,
    /** A write stacked behind a read or a transaction end ({@code ;} with COMMIT/END/ROLLBACK first). */
    STACKING,
    /** Comment tricks: leading comments, a trailing {@code --} that swallows text, executable comments. */
    COMMENT_TRICK,
    /** A write inside a common table expression. */
    WRITABLE_CTE,
    /** A function with a side effect called from a read (sequences, locks, scripts). */
    SIDE_EFFECT_FUNCTION,
    /** Reading or writing server files or running server programs. */
    FILE_IO,
    /** A session or transaction setting that would lift read-only. */
    SESSION_SETTING,
    /** An EXPLAIN variant that executes its statement. */
    EXPLAIN_EXECUTES,
    /** Attaching another database or loading an extension or module. */
    ATTACH_EXTENSION,
    /** Administrative commands: configuration, persistence, replication, shutdown. */
    ADMIN
}
