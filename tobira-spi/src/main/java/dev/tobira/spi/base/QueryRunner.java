package dev.tobira.spi.base;

import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.spi.OpenResults;

/**
 * Runs one query in the database's own language: the body of {@link dev.tobira.api.Conn#query}.
 * The base has checked the argument and that the connection is open, and says whether the call is
 * guarded (a read-only connection or a read-only query); on a guarded call the runner must pass the
 * text through the driver's read-only guard before anything reaches the database.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface QueryRunner {
    /**
     * Runs a query.
     *
     * @param query the query
     * @param guarded whether the read-only guard applies
     * @param results the connection's open results: a result that stays open past the return
     *     (a cursor, a feed) is {@linkplain OpenResults#add added} here and removes itself when it closes
     * @return the streamed result
     * @throws dev.tobira.api.DriverException READ_ONLY if the guard refuses it, or the kind the database's failure maps to
     */
    ResultSet run(Query query, boolean guarded, OpenResults results);
}
