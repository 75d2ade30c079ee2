package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Secret;
import dev.tobira.api.Value;
import org.junit.jupiter.api.Test;

/**
 * Bad credentials against the embedded server, where the role {@link EmbeddedPg#AUTH_ROLE} must give
 * its SCRAM password (the machine's server trusts every local connection, so it cannot say AUTH).
 */
class EmbeddedAuthTest {
    private final PostgresDriver driver = new PostgresDriver();

    private String dsn(String credentials) {
        return "postgres://" + credentials + "@127.0.0.1:" + EmbeddedPg.port() + "/test?sslmode=disable";
    }

    @Test
    void theRightPasswordOpens() {
        try (Conn conn = driver.open(
                ConnConfig.of(dsn(EmbeddedPg.AUTH_ROLE)).withPassword(Secret.of(EmbeddedPg.AUTH_PASSWORD)))) {
            try (var rs = conn.query(Query.of("select current_user"))) {
                assertEquals(Value.of(EmbeddedPg.AUTH_ROLE), rs.next().get(0));
            }
        }
        try (Conn conn = driver.open(ConnConfig.of(dsn(EmbeddedPg.AUTH_ROLE + ":" + EmbeddedPg.AUTH_PASSWORD)))) {
            conn.ping();
        }
    }

    @Test
    void aWrongPasswordIsAuthAndNeverQuoted() {
        String wrong = "Wrong-" + java.util.UUID.randomUUID();
        for (ConnConfig config : new ConnConfig[] {
            ConnConfig.of(dsn(EmbeddedPg.AUTH_ROLE + ":" + wrong)),
            ConnConfig.of(dsn(EmbeddedPg.AUTH_ROLE)).withPassword(Secret.of(wrong)),
            ConnConfig.of(dsn(EmbeddedPg.AUTH_ROLE + ":" + wrong)).withReadOnly(true)
        }) {
            DriverException e = assertThrows(
                    DriverException.class, () -> driver.open(config).close());
            assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
            assertEquals("28P01", e.sqlState().orElse(""), e.getMessage());
            assertFalse(e.getMessage().contains(wrong), e.getMessage());
            assertFalse(String.valueOf(e).contains(wrong), e.toString());
            assertFalse(e.getMessage().contains(EmbeddedPg.AUTH_PASSWORD), e.getMessage());
        }
    }

    @Test
    void noPasswordIsAuth() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> driver.open(ConnConfig.of(dsn(EmbeddedPg.AUTH_ROLE))).close());
        assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
    }
}
