package dev.tobira.driver.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Secret;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** DSN parsing and the Connector/J settings every connection gets; no server needed. */
class MysqlTargetTest {
    private static MysqlTarget target(ConnConfig config) {
        return MysqlTarget.of("mysql", config);
    }

    /** Review finding: a name that begins with 127. is not this machine, and gets no public key retrieval. */
    @Test
    void onlyAnAddressOf127Slash8IsLoopback() {
        assertTrue(
                MysqlTarget.of("mysql", ConnConfig.of("mysql://u@127.0.0.1/db")).loopback());
        assertTrue(
                MysqlTarget.of("mysql", ConnConfig.of("mysql://u@127.1.2.3/db")).loopback());
        MysqlTarget named = MysqlTarget.of("mysql", ConnConfig.of("mysql://u@127.example.com/db"));
        assertFalse(named.loopback());
        assertEquals("false", named.properties(1000).getProperty("allowPublicKeyRetrieval"));
    }

    @Test
    void readsAFullDsn() {
        MysqlTarget t = target(ConnConfig.of("mysql://app:s3cret-Pw@db.example:3307/shop"));
        assertEquals("db.example", t.host());
        assertEquals(3307, t.port());
        assertEquals("shop", t.database());
        assertEquals("app", t.user());
        assertEquals("s3cret-Pw", t.password());
        assertEquals("jdbc:mariadb://db.example:3307/shop", t.jdbcUrl());
        assertFalse(t.toString().contains("s3cret-Pw"), t.toString());
    }

    @Test
    void mariadbSchemeAndDefaultPort() {
        MysqlTarget t = target(ConnConfig.of("mariadb://root@127.0.0.1/test"));
        assertEquals(3306, t.port());
        assertTrue(t.loopback());
        assertEquals("", t.password());
    }

    @Test
    void configPasswordWinsOverTheDsn() {
        MysqlTarget t = target(ConnConfig.of("mysql://app:from-dsn@h/db").withPassword(Secret.of("from-config")));
        assertEquals("from-config", t.password());
    }

    @Test
    void unusualDatabaseNamesStayOutOfTheUrl() {
        // a name with a reserved character, such as my?db, is refused outright (MysqlDsnTest)
        MysqlTarget t = target(ConnConfig.of("mysql://app@h/my-db.v2"));
        assertEquals("my-db.v2", t.database());
        assertFalse(t.databaseInUrl());
        assertEquals("jdbc:mariadb://h:3306/", t.jdbcUrl());
    }

    @Test
    void ipv6HostsAreBracketed() {
        MysqlTarget t = target(ConnConfig.of("mysql://app@[::1]:3306/db"));
        assertEquals("jdbc:mariadb://[::1]:3306/db", t.jdbcUrl());
        assertTrue(t.loopback());
    }

    @Test
    void connectorSettingsCloseEveryBackDoor() {
        Properties p = target(ConnConfig.of("mysql://app:pw@10.1.2.3/db")).properties(2500);
        assertEquals("false", p.getProperty("allowMultiQueries"));
        assertEquals("false", p.getProperty("allowLocalInfile"));
        assertEquals("false", p.getProperty("permitRedirect"));
        assertEquals("false", p.getProperty("dumpQueriesOnException"));
        assertEquals("false", p.getProperty("allowPublicKeyRetrieval"), "not on a remote host without TLS");
        assertEquals("2500", p.getProperty("connectTimeout"));
        assertEquals("disable", p.getProperty("sslMode"));
        assertFalse(p.getProperty("restrictedAuth").contains("clear"), p.getProperty("restrictedAuth"));
        assertEquals("pw", p.getProperty("password"));
        Properties local = target(ConnConfig.of("mysql://app@127.0.0.1/db")).properties(1000);
        assertEquals("true", local.getProperty("allowPublicKeyRetrieval"));
        assertFalse(local.containsKey("password"));
    }

    @Test
    void sslModeFromOptionsOrDsn() {
        assertEquals(
                "verify-full",
                target(ConnConfig.of("mysql://app@h/db?sslMode=verify-full"))
                        .properties(1)
                        .getProperty("sslMode"));
        assertEquals(
                "trust",
                target(ConnConfig.of("mysql://app@h/db").withOption("sslMode", "trust"))
                        .properties(1)
                        .getProperty("sslMode"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "mysql://h/db",
                "mysql://app@h/db?allowMultiQueries=true",
                "mysql://app@h/db?allowLocalInfile=true",
                "mysql://app@h/db?sslMode=sometimes",
                "mysql://app@h/db/extra",
                "mysql:app@h/db"
            })
    void refusesWhatItCannotUse(String dsn) {
        DriverException e = assertThrows(DriverException.class, () -> target(ConnConfig.of(dsn)));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("mysql: open: "), e.getMessage());
    }

    @Test
    void refusalsNeverQuoteThePassword() {
        DriverException e = assertThrows(
                DriverException.class, () -> target(ConnConfig.of("mysql://app:Very-Secret-1@h/db?bogus=1")));
        assertFalse(e.getMessage().contains("Very-Secret-1"), e.getMessage());
    }
}
