package dev.tobira.jdbc;

import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;

/**
 * One connection's recent acceptances by the statement guard, by exact text: a point read sent
 * again and again is lexed and checked once, not on every call.
 *
 * <p>Sound because a verdict is a function of the text alone: the connection's guard is fixed (its
 * dialect's, built once from an allow-list, forbidden words and stateless rules), the dialect is
 * fixed, and the guarded flag is part of the key. Only acceptances are kept; a refused text is
 * checked, and refused, every time. The guard is the statement check in front of the database's
 * own read-only mechanism, which still runs on every statement, cached verdict or not.
 *
 * <p>Bounded twice: {@link #SLOTS} entries, replaced round-robin, and texts of at most
 * {@link #MAX_TEXT} characters, so a large statement neither pins its scan nor is compared
 * character by character. Each slot holds one immutable entry, so a thread that races another on
 * the same connection sees a whole entry or none and at worst checks a text again; no lock.
 */
final class GuardVerdicts {
    static final int SLOTS = 16;
    static final int MAX_TEXT = 4096;

    private record Entry(String sql, boolean guarded, SqlScan scan) {}

    private final StatementGuard guard;
    private final Entry[] entries = new Entry[SLOTS];
    private int last; // the slot of the last hit or insert: a repeated text is found at the first look
    private int next;

    GuardVerdicts(StatementGuard guard) {
        this.guard = guard;
    }

    /**
     * The guard's scan of a text it accepts: {@link StatementGuard#check} when guarded, else
     * {@link StatementGuard#checkSingleStatement}; from an earlier acceptance of the same text when
     * there is one. Throws what the guard throws.
     */
    // == first: the same string object again is the common case; equals() decides otherwise
    @SuppressWarnings("ReferenceEquality")
    SqlScan check(String sql, boolean guarded) {
        Entry e = entries[last];
        if (e != null && e.guarded() == guarded && (e.sql() == sql || e.sql().equals(sql))) {
            return e.scan();
        }
        if (sql.length() <= MAX_TEXT) {
            for (int i = 0; i < SLOTS; i++) {
                e = entries[i];
                if (e != null && e.guarded() == guarded && e.sql().equals(sql)) {
                    last = i;
                    return e.scan();
                }
            }
        }
        SqlScan scan = guarded ? guard.check(sql) : guard.checkSingleStatement(sql);
        if (sql.length() <= MAX_TEXT) {
            int slot = next;
            next = (slot + 1) % SLOTS;
            entries[slot] = new Entry(sql, guarded, scan);
            last = slot;
        }
        return scan;
    }

    /** How many texts are kept; for tests. */
    int size() {
        int n = 0;
        for (Entry e : entries) {
            if (e != null) {
                n++;
            }
        }
        return n;
    }
}
