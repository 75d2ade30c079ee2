package dev.tobira.driver.mysql;

import static dev.tobira.drivertest.DsnCharacters.RESERVED;
import static dev.tobira.drivertest.DsnCharacters.assertRefusedAtOpen;
import static dev.tobira.drivertest.DsnCharacters.named;
import static dev.tobira.drivertest.DsnCharacters.percentEncoded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mariadb.jdbc.Configuration;

/**
 * The DSN attacker's view (issue 14): no DSN part may smuggle a Connector/J option, a second host
 * or a second database into the URL Connector/J parses. Refusals happen in {@link MysqlTarget#of},
 * before any connection attempt, so no server is needed.
 */
class MysqlDsnTest {
    /** Every character a DSN part could use to end itself and start another, and the control characters. */
    /** What a file path needs and so may hold: serverSslCert names a file. */
    private static final String PATH_CHARACTERS = "/\\: ";

    private static DriverException refused(ConnConfig config) {
        return assertRefusedAtOpen("mysql", "Pw-9zq", config.dsn(), () -> MysqlTarget.of("mysql", config));
    }

    static Stream<Arguments> everyPart() {
        List<Arguments> cases = new ArrayList<>();
        for (char c : RESERVED.toCharArray()) {
            String x = percentEncoded(c);
            cases.add(Arguments.of("host " + named(c), "mysql://app:Pw-9zq@db" + x + "x.example:3306/shop"));
            cases.add(Arguments.of("host end " + named(c), "mysql://app:Pw-9zq@db.example" + x + "/shop"));
            cases.add(Arguments.of("user " + named(c), "mysql://ap" + x + "p:Pw-9zq@db.example/shop"));
            cases.add(Arguments.of("database " + named(c), "mysql://app:Pw-9zq@db.example/sh" + x + "op"));
            cases.add(Arguments.of("option name " + named(c), "mysql://app@db.example/shop?ssl" + x + "Mode=trust"));
            cases.add(Arguments.of("sslMode value " + named(c), "mysql://app@db.example/shop?sslMode=trust" + x));
            if (PATH_CHARACTERS.indexOf(c) < 0) {
                cases.add(Arguments.of(
                        "serverSslCert value " + named(c),
                        "mysql://app@db.example/shop?serverSslCert=%2Fetc%2Fca" + x + ".pem"));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyPart")
    void everyReservedCharacterInEveryPartIsRefused(String where, String dsn) {
        refused(ConnConfig.of(dsn));
    }

    @Test
    void optionsFromTheConfigurationAreCheckedTheSameWay() {
        for (char c : RESERVED.toCharArray()) {
            refused(ConnConfig.of("mysql://app@h/db").withOption("ssl" + c + "Mode", "trust"));
            refused(ConnConfig.of("mysql://app@h/db").withOption("sslMode", "trust" + c));
            if (PATH_CHARACTERS.indexOf(c) < 0) {
                refused(ConnConfig.of("mysql://app@h/db").withOption("serverSslCert", "/etc/ca" + c + ".pem"));
            }
        }
    }

    /** The two DSNs of the finding: each turned a Connector/J option on through the host. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "mysql://root@127.0.0.1%2Fdb%3FallowMultiQueries%3Dtrue%26x%3D/db",
                "mysql://root@127.0.0.1%2Fdb%3FinitSql%3DDELETE%20FROM%20orders%26x%3D/db"
            })
    void theFindingsDsnsAreRefused(String dsn) {
        DriverException e = refused(ConnConfig.of(dsn));
        assertTrue(e.getMessage().contains("host"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "mysql://app@h/db?allowMultiQueries=true",
                "mysql://app@h/db?initSql=DELETE%20FROM%20orders",
                "mysql://app@h/db?sessionVariables=tx_read_only%3D0",
                "mysql://app@h/db?socketFactory=x.Y",
                "mysql://app@h/db?permitRedirect=true",
                "mysql://app@h/db?sslmode=trust",
                "mysql://app@h/db?SSLMODE=trust"
            })
    void unknownOptionsAreRefused(String dsn) {
        DriverException e = refused(ConnConfig.of(dsn));
        assertTrue(e.getMessage().contains("unknown option"), e.getMessage());
    }

    @Test
    void duplicateOptionsAreRefused() {
        refused(ConnConfig.of("mysql://app@h/db?sslMode=trust&sslMode=disable"));
        refused(ConnConfig.of("mysql://app@h/db?sslMode=trust&SSLMODE=trust"));
        refused(ConnConfig.of("mysql://app@h/db?sslMode=trust&sslmode=trust"));
        refused(ConnConfig.of("mysql://app@h/db?sslMode=trust").withOption("sslMode", "disable"));
        refused(ConnConfig.of("mysql://app@h/db?sslMode=trust").withOption("sslMode", "trust"));
        refused(ConnConfig.of("mysql://app@h/db?sslMode=trust").withOption("SslMode", "trust"));
        refused(ConnConfig.of("mysql://app@h/db").withOption("sslMode", "trust").withOption("sslmode", "trust"));
        refused(ConnConfig.of("mysql://app@h/db?serverSslCert=%2Fa.pem").withOption("serverSslCert", "/b.pem"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "mysql://app@db-1.example_x.internal:3307/shop",
                "mysql://app.reader@10.0.0.7/shop$2024",
                "mysql://app-reader@[::1]/my_db",
                "mysql://app@[fe80::1%25eth0]:3306/db",
                "mysql://app@[2001:db8::7]/db",
                "mysql://a_b-c.d@host/sales.2024",
                "mysql://app@h/my-db"
            })
    void legitimateDsnsStillOpenAndConnectorJReadsExactlyTheirParts(String dsn) throws SQLException {
        MysqlTarget t = MysqlTarget.of("mysql", ConnConfig.of(dsn));
        Configuration read = Configuration.parse(t.jdbcUrl(), t.properties(1000));
        assertEquals(1, read.addresses().size(), t.jdbcUrl());
        assertEquals(t.host(), read.addresses().get(0).host, t.jdbcUrl());
        assertEquals(t.port(), read.addresses().get(0).port, t.jdbcUrl());
        assertEquals(t.databaseInUrl() ? t.database() : null, read.database(), t.jdbcUrl());
        assertEquals(t.user(), read.user());
        assertFalse(read.allowMultiQueries());
        assertFalse(read.allowLocalInfile());
        assertNull(read.initSql());
        assertNull(read.sessionVariables());
        assertTrue(read.nonMappedOptions().isEmpty(), read.nonMappedOptions().toString());
    }

    @Test
    void pathCharactersInACertificatePathPassVerbatim() {
        MysqlTarget t = MysqlTarget.of(
                "mysql",
                ConnConfig.of("mysql://app@h/db").withOption("serverSslCert", "C:\\Program Files\\certs/ca.pem"));
        assertEquals("C:\\Program Files\\certs/ca.pem", t.properties(1).getProperty("serverSslCert"));
    }

    /**
     * Connector/J keeps a property's value whole: it does not parse a value back into URL options,
     * so even a value the target would refuse could carry none. (Pins the vendor's behaviour the
     * properties path relies on.)
     */
    @Test
    void connectorJNeverParsesAPropertyValueIntoOptions() throws SQLException {
        Properties p =
                MysqlTarget.of("mysql", ConnConfig.of("mysql://app@h/db")).properties(1000);
        p.setProperty("serverSslCert", "/ca.pem?allowMultiQueries=true&initSql=DELETE FROM t;allowLocalInfile=true");
        p.setProperty("user", "app?allowMultiQueries=true&x=");
        Configuration read = Configuration.parse("jdbc:mariadb://h:3306/db", p);
        assertFalse(read.allowMultiQueries());
        assertFalse(read.allowLocalInfile());
        assertNull(read.initSql());
        assertEquals(
                "/ca.pem?allowMultiQueries=true&initSql=DELETE FROM t;allowLocalInfile=true", read.serverSslCert());
    }
}
