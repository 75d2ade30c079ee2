package dev.tobira.driver.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Secret;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** DSNs to pgjdbc URLs and properties, without a server. */
class PgTargetTest {
    @Test
    void readsEveryPart() {
        PgTarget t = PgTarget.of(ConnConfig.of("postgres://app:s3cret@db.example:6543/shop?sslmode=require"
                + "&application_name=web&search_path=sales&sslrootcert=/etc/ca.pem"));
        assertEquals("jdbc:postgresql://db.example:6543/shop", t.url());
        assertEquals("app", t.properties().getProperty("user"));
        assertEquals("s3cret", t.properties().getProperty("password"));
        assertEquals("s3cret", t.dsnPassword());
        assertEquals("require", t.properties().getProperty("sslmode"));
        assertEquals("web", t.properties().getProperty("ApplicationName"));
        assertEquals("sales", t.properties().getProperty("currentSchema"));
        assertEquals("/etc/ca.pem", t.properties().getProperty("sslrootcert"));
        assertEquals("10", t.properties().getProperty("loginTimeout"));
        assertNull(t.properties().getProperty("readOnly"));
        assertFalse(t.toString().contains("s3cret"), t.toString());
    }

    @Test
    void defaultsLikeLibpq() {
        PgTarget t = PgTarget.of(ConnConfig.of("postgresql://alice@localhost"));
        assertEquals("jdbc:postgresql://localhost:5432/alice", t.url());
        assertEquals("prefer", t.properties().getProperty("sslmode"));
        assertEquals("tobira", t.properties().getProperty("ApplicationName"));
        assertNull(t.properties().getProperty("password"));
        assertEquals(
                "jdbc:postgresql://[::1]:5432/x",
                PgTarget.of(ConnConfig.of("postgres://u@[::1]/x")).url());
        // a name with white space or another reserved character is refused outright (PgDsnTest)
        assertEquals(
                "jdbc:postgresql://h:5432/my-db%24",
                PgTarget.of(ConnConfig.of("postgres://u@h/my-db$")).url());
    }

    @Test
    void configPasswordWinsAndTimeoutsFollowTheConfig() {
        ConnConfig c = ConnConfig.of("postgres://u:fromdsn@h/db?connect_timeout=3")
                .withPassword(Secret.of("fromconfig"))
                .withConnectTimeout(Duration.ofMillis(2500));
        PgTarget t = PgTarget.of(c);
        assertEquals("fromconfig", t.properties().getProperty("password"));
        assertEquals("3", t.properties().getProperty("connectTimeout"));
        assertEquals(
                "3",
                PgTarget.of(ConnConfig.of("postgres://u@h/db?connect_timeout=3").withoutConnectTimeout())
                        .properties()
                        .getProperty("loginTimeout"));
    }

    @Test
    void readOnlyConnectionsAreReadOnlySessions() {
        PgTarget t = PgTarget.of(ConnConfig.of("postgres://u@h/db").withReadOnly(true));
        assertEquals("true", t.properties().getProperty("readOnly"));
        assertEquals("-c default_transaction_read_only=on", t.properties().getProperty("options"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgres://u@h/db?socketFactory=x.Y",
                "postgres://u@h/db?sslfactory=x.Y",
                "postgres://u@h/db?options=-c%20default_transaction_read_only%3Doff",
                "postgres://u@h/db?loggerFile=/tmp/x",
                "postgres://u@h/db?sslmode=sometimes",
                "postgres://u@h/db?connect_timeout=-1",
                "postgres://u@h/db?connect_timeout=x",
                "postgres:db",
                "postgres://u@%2Fvar%2Frun%2Fpostgresql/db"
            })
    void refusesWhatItDoesNotDocument(String dsn) {
        DriverException e = assertThrows(DriverException.class, () -> PgTarget.of(ConnConfig.of(dsn)));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("postgres: open: "), e.getMessage());
    }

    @Test
    void refusesOptions() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> PgTarget.of(ConnConfig.of("postgres://u@h/db").withOption("socketFactory", "x")));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    }
}
