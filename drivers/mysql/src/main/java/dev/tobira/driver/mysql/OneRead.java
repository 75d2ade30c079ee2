package dev.tobira.driver.mysql;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlScan;
import java.util.Set;

/**
 * Whether a text runs as one read in autocommit mode, its own transaction, whose access mode is
 * fixed when it starts: it begins with one of the statement kinds that read and holds nothing the
 * lexer cannot judge (executable comments) or that sets a variable for the statement
 * ({@code SET_VAR} hints). Such a text cannot open, end or change a transaction; stored functions
 * it calls take their table locks when it starts, under the read-only mode. The statement check
 * lets nothing else through, so other texts come here only with it taken away; they run inside a
 * {@code START TRANSACTION READ ONLY} of their own as well, which a {@code SET STATEMENT … FOR} or
 * a procedure's {@code SET} cannot lift.
 */
final class OneRead {
    /**
     * The statement kinds that read. Written out, not taken from the statement check's allow-list:
     * a kind added there must not skip the read-only transaction here unless it too is one read
     * ({@code MysqlGuardTest} holds the two lists equal, so a change to either is a decision).
     */
    static final Set<String> READS = Set.of("SELECT", "WITH", "VALUES", "TABLE", "SHOW", "DESCRIBE", "DESC", "EXPLAIN");

    private OneRead() {}

    static boolean is(String sql) {
        return is(SqlScan.of(sql, SqlDialect.MYSQL));
    }

    /** {@link #is(String)} on a text already read in {@link SqlDialect#MYSQL}. */
    static boolean is(SqlScan scan) {
        if (scan.statementCount() != 1 || scan.hasExecutableComment() || MysqlGuard.hasSetVarHint(scan)) {
            return false;
        }
        return scan.firstKeyword().map(READS::contains).orElse(false);
    }
}
