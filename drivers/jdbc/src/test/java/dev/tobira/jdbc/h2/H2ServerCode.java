package dev.tobira.jdbc.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Code that lives on the server, for the kit's server-code case: the Java method behind the alias
 * {@code KIT_CODE.KIT_WRITE}, which the fixture creates at every seed. A read calls it; it writes a
 * row through the calling session's own connection, which the statement check cannot see. Public
 * only because H2 calls it by reflection.
 */
public final class H2ServerCode {
    private H2ServerCode() {}

    /**
     * Inserts order 2000 through the session that called it.
     *
     * @param connection the calling session, which H2 passes first
     * @return 1
     * @throws SQLException when the insert fails
     */
    public static int kitWrite(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("insert into public.orders values (2000, 1, 1, 'kit', '2026-01-01')");
        }
        return 1;
    }
}
