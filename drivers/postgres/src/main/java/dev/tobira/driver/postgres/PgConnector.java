package dev.tobira.driver.postgres;

import dev.tobira.api.ConnConfig;
import dev.tobira.jdbc.Connector;
import java.sql.Connection;
import java.sql.SQLException;

/** Opens pgjdbc connections to the {@link PgTarget} of a configuration, through pgjdbc's driver object, not the DriverManager. */
final class PgConnector implements Connector {
    @Override
    public Connection connect(ConnConfig config) throws SQLException {
        PgTarget target = PgTarget.of(config);
        Connection c = new org.postgresql.Driver().connect(target.url(), target.properties());
        if (c == null) {
            throw PgTarget.invalid("pgjdbc did not accept the connection URL");
        }
        return c;
    }
}
