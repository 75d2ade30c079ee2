package dev.tobira.driver.mysql;

/**
 * The server status flags of the protocol's OK and EOF packets, as {@link ConnectorJInternals#status}
 * reads them: what the read-only layers check before and after a guarded statement.
 *
 * @param flags the flags
 */
record ServerStatus(int flags) {
    static final int IN_TRANSACTION = 0x0001;
    static final int AUTOCOMMIT = 0x0002;
    static final int NO_BACKSLASH_ESCAPES = 0x0200;
    static final int IN_TRANSACTION_READ_ONLY = 0x2000;

    boolean inTransaction() {
        return (flags & IN_TRANSACTION) != 0;
    }

    boolean autocommit() {
        return (flags & AUTOCOMMIT) != 0;
    }

    boolean readOnlyTransactionFlag() {
        return (flags & IN_TRANSACTION_READ_ONLY) != 0;
    }

    boolean noBackslashEscapes() {
        return (flags & NO_BACKSLASH_ESCAPES) != 0;
    }

    boolean inReadOnlyTransaction() {
        return inTransaction() && readOnlyTransactionFlag();
    }

    /** Whether the session is outside autocommit: a transaction open, or autocommit off. */
    boolean outsideAutocommit() {
        return inTransaction() || !autocommit();
    }
}
