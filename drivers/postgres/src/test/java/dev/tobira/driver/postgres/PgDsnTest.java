package dev.tobira.driver.postgres;

import static dev.tobira.drivertest.DsnCharacters.RESERVED;
import static dev.tobira.drivertest.DsnCharacters.assertRefusedAtOpen;
import static dev.tobira.drivertest.DsnCharacters.named;
import static dev.tobira.drivertest.DsnCharacters.percentEncoded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The DSN attacker's view (issue 14): no DSN part may reach pgjdbc's URL or its startup packet as
 * anything but the one value it names. pgjdbc writes user, database, search_path and options as
 * NUL-terminated strings of the startup packet, so a NUL in any of them would start a parameter
 * of the attacker's choosing ({@code options}, or any setting such as
 * {@code default_transaction_read_only}). Refusals happen in {@link PgTarget#of}, before any
 * connection attempt.
 */
class PgDsnTest {
    /** What each free-form value may hold of {@link #RESERVED}: a label may have spaces, a list commas, a path its separators. */
    private static final String LABEL = " ";

    private static final String LIST = ", ";
    private static final String PATH = "/\\: ";

    private static DriverException refused(ConnConfig config) {
        return assertRefusedAtOpen("postgres", "Pw-9zq", config.dsn(), () -> PgTarget.of(config));
    }

    static Stream<Arguments> everyPart() {
        List<Arguments> cases = new ArrayList<>();
        for (char c : RESERVED.toCharArray()) {
            String x = percentEncoded(c);
            String n = named(c);
            cases.add(Arguments.of("host " + n, "postgres://app:Pw-9zq@db" + x + "x.example:5432/shop"));
            cases.add(Arguments.of("host end " + n, "postgres://app:Pw-9zq@db.example" + x + "/shop"));
            cases.add(Arguments.of("user " + n, "postgres://ap" + x + "p:Pw-9zq@db.example/shop"));
            cases.add(Arguments.of("database " + n, "postgres://app:Pw-9zq@db.example/sh" + x + "op"));
            cases.add(Arguments.of("parameter name " + n, "postgres://app@db.example/shop?ssl" + x + "mode=require"));
            cases.add(Arguments.of("sslmode " + n, "postgres://app@db.example/shop?sslmode=require" + x));
            cases.add(Arguments.of("connect_timeout " + n, "postgres://app@db.example/shop?connect_timeout=3" + x));
            if (LABEL.indexOf(c) < 0) {
                cases.add(Arguments.of(
                        "application_name " + n, "postgres://app@db.example/shop?application_name=we" + x + "b"));
            }
            if (LIST.indexOf(c) < 0) {
                cases.add(
                        Arguments.of("search_path " + n, "postgres://app@db.example/shop?search_path=sa" + x + "les"));
            }
            if (PATH.indexOf(c) < 0) {
                cases.add(Arguments.of(
                        "sslrootcert " + n, "postgres://app@db.example/shop?sslrootcert=%2Fetc%2Fca" + x + ".pem"));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyPart")
    void everyReservedCharacterInEveryPartIsRefused(String where, String dsn) {
        refused(ConnConfig.of(dsn));
    }

    /**
     * The first three would have written a setting of their own into the startup packet, after the
     * driver's; application_name pgjdbc sends later in a SET whose literal escaping refuses a NUL,
     * but it is refused here all the same.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgres://app%00default_transaction_read_only%00off@h/db",
                "postgres://app@h/db%00options%00-c%20default_transaction_read_only%3Doff",
                "postgres://app@h/db?search_path=public%00default_transaction_read_only%00off",
                "postgres://app@h/db?application_name=web%00options%00-c%20default_transaction_read_only%3Doff"
            })
    void nothingReachesTheStartupPacketButTheValueItNames(String dsn) {
        refused(ConnConfig.of(dsn).withReadOnly(true));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgres://u@h/db?options=-c%20default_transaction_read_only%3Doff",
                "postgres://u@h/db?OPTIONS=x",
                "postgres://u@h/db?currentSchema=x",
                "postgres://u@h/db?ApplicationName=x",
                "postgres://u@h/db?user=postgres",
                "postgres://u@h/db?password=x",
                "postgres://u@h/db?SSLMODE=disable",
                "postgres://u@h/db?sslMode=disable"
            })
    void unknownParametersAreRefused(String dsn) {
        DriverException e = refused(ConnConfig.of(dsn));
        assertTrue(e.getMessage().contains("unknown"), e.getMessage());
    }

    @Test
    void duplicateParametersAndAnyOptionAreRefused() {
        refused(ConnConfig.of("postgres://u@h/db?sslmode=require&sslmode=disable"));
        refused(ConnConfig.of("postgres://u@h/db?sslmode=require&SSLMODE=require"));
        refused(ConnConfig.of("postgres://u@h/db?search_path=a&Search_Path=b"));
        refused(ConnConfig.of("postgres://u@h/db?sslmode=require").withOption("sslmode", "require"));
        refused(ConnConfig.of("postgres://u@h/db").withOption("sslmode", "require"));
        refused(ConnConfig.of("postgres://u@h/db").withOption("options", "-c default_transaction_read_only=off"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgres://app@db-1.example_x.internal:6543/shop",
                "postgres://app.reader@10.0.0.7/shop$2024",
                "postgres://app-reader@[::1]/my_db",
                "postgres://app@[fe80::1%25eth0]:5432/db",
                "postgres://a_b-c.d@host/sales.2024?application_name=web%20front&search_path=%22%24user%22,%20public",
                "postgres://app@h/my-db?sslrootcert=%2Fetc%2Fssl%2Fca%20bundle.pem&connect_timeout=3"
            })
    void legitimateDsnsStillOpenAndPgjdbcReadsExactlyTheirParts(String dsn) {
        for (boolean readOnly : new boolean[] {false, true}) {
            PgTarget t = PgTarget.of(ConnConfig.of(dsn).withReadOnly(readOnly));
            Properties read = org.postgresql.Driver.parseURL(t.url(), new Properties());
            assertNotNull(read, t.url());
            String host =
                    t.url().substring("jdbc:postgresql://".length(), t.url().lastIndexOf(':'));
            assertEquals(host, read.getProperty("PGHOST"), t.url());
            assertEquals(1, read.getProperty("PGHOST").split(",").length);
            // the one property the driver sets from no DSN part at all
            assertEquals(
                    readOnly ? "-c default_transaction_read_only=on" : null,
                    t.properties().getProperty("options"));
        }
    }

    @Test
    void databasesWithDollarSignsAndDotsReachPgjdbcAsWritten() {
        PgTarget t = PgTarget.of(ConnConfig.of("postgres://u@h/shop$2024.v2"));
        assertEquals(
                "shop$2024.v2",
                org.postgresql.Driver.parseURL(t.url(), new Properties()).getProperty("PGDBNAME"));
    }

    @Test
    void freeFormValuesKeepWhatTheirSyntaxNeeds() {
        PgTarget t = PgTarget.of(ConnConfig.of("postgres://u@h/db?application_name=web%20front"
                + "&search_path=%22%24user%22,%20public&sslrootcert=C:%5Ccerts%2Fca%20bundle.pem"));
        assertEquals("web front", t.properties().getProperty("ApplicationName"));
        assertEquals("\"$user\", public", t.properties().getProperty("currentSchema"));
        assertEquals("C:\\certs/ca bundle.pem", t.properties().getProperty("sslrootcert"));
    }
}
