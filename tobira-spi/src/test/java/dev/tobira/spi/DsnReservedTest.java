package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shared DSN checks of issue 14: reserved characters in hosts, names and options. */
class DsnReservedTest {
    /** Every character that could end a DSN part and start another, and the control characters. */
    static final String RESERVED = "/?#&=;@:,%[]\\ \n\r\0\t";

    /** The character percent-encoded, as UTF-8. */
    static String pct(char c) {
        StringBuilder sb = new StringBuilder();
        for (byte b : String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            sb.append(String.format("%%%02X", b & 0xff));
        }
        return sb.toString();
    }

    static DriverException invalid(String text) {
        DriverException e = assertThrows(DriverException.class, () -> Dsn.parse("pg", text), text);
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertEquals("open", e.op());
        assertTrue(e.getMessage().startsWith("pg: open: invalid DSN: "), e.getMessage());
        assertFalse(e.getMessage().contains("Pw-9zq"), e.getMessage());
        assertFalse(e.getMessage().contains("db%"), "the message quotes the DSN: " + e.getMessage());
        return e;
    }

    @Test
    void aHostWithAReservedCharacterIsRefusedAtParseTime() {
        for (char c : RESERVED.toCharArray()) {
            for (String dsn : new String[] {
                "postgres://u:Pw-9zq@db" + pct(c) + "x.example:5432/shop",
                "postgres://u:Pw-9zq@db" + pct(c) + "/shop",
                "postgres://db" + pct(c),
                "postgres://u:Pw-9zq@[::1" + pct(c) + "]/shop",
                "postgres://u:Pw-9zq@[fe80::1%25eth" + pct(c) + "0]/shop"
            }) {
                invalid(dsn);
            }
        }
    }

    @Test
    void theHostMessageNamesTheProblemAndQuotesNothing() {
        DriverException e = invalid("mysql://root:Pw-9zq@127.0.0.1%2Fdb%3FallowMultiQueries%3Dtrue%26x%3D/db");
        assertTrue(
                e.getMessage().startsWith("pg: open: invalid DSN: the host holds a reserved character"),
                e.getMessage());
        assertFalse(e.getMessage().contains("allowMultiQueries"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgres://db%C3%A9.example/x",
                "postgres://-oProxyCommand/x",
                "postgres://a..b/x",
                "postgres://.a/x",
                "postgres://a%09b/x",
                "postgres://a%7Fb/x",
                "postgres://a%C2%85b/x",
                "postgres://a%E2%80%AEb/x",
                "postgres://a(b)/x",
                "postgres://a'b/x",
                "postgres://a%22b/x",
                "postgres://a*b/x",
                "postgres://a+b/x",
                "postgres://[::1:2:3:4:5:6:7:8]/x",
                "postgres://[1::2::3]/x",
                "postgres://[12345::1]/x",
                "postgres://[::g]/x",
                "postgres://[1:2:3:4:5:6:7]/x",
                "postgres://[::1.2.3]/x",
                "postgres://[1.2.3.4::]/x",
                "postgres://[:::]/x",
                "postgres://[fe80::1%25]/x"
            })
    void whatIsNotADnsNameOrAnAddressIsRefused(String dsn) {
        invalid(dsn);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "db.example",
                "db-1.example_x.internal",
                "DB.Example.",
                "localhost",
                "127.0.0.1",
                "10.1.2.3",
                "h",
                "x_y",
                "1e100.net"
            })
    void namesAndIpv4AddressesParse(String host) {
        assertEquals(
                host, Dsn.parseUrl("pg", "postgres://u:p@" + host + ":5432/db").host());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "::1",
                "::",
                "2001:db8::7",
                "fe80::1%eth0",
                "fe80::1%25",
                "fe80::1%en0.1-x_y",
                "::ffff:192.0.2.1",
                "1:2:3:4:5:6:7:8",
                "1:2:3:4:5:6:1.2.3.4",
                "1::",
                "0:0:0:0:0:0:0:1",
                "ABCD:ef01::"
            })
    void ipv6AddressesParse(String host) {
        String written = host.replace("%", "%25");
        assertEquals(
                host,
                Dsn.parseUrl("pg", "postgres://u:p@[" + written + "]:5432/db").host());
    }

    @Test
    void anEmptyHostStaysAllowed() {
        assertEquals("", Dsn.parseUrl("x", "sqlite:///abs/path.db").host());
        assertEquals("", Dsn.parseUrl("x", "redis://").host());
    }

    private static DriverException refused(Runnable r) {
        DriverException e = assertThrows(DriverException.class, r::run);
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertEquals("open", e.op());
        assertTrue(e.getMessage().startsWith("x: open: "), e.getMessage());
        assertFalse(e.getMessage().contains("Pw-9zq"), e.getMessage());
        for (char c : "\n\r\0\t".toCharArray()) {
            assertFalse(e.getMessage().indexOf(c) >= 0, e.getMessage());
        }
        return e;
    }

    @Test
    void theReservedCharactersAreTheDocumentedOnes() {
        assertEquals("/?#&=;@:,%[]\\", Dsn.RESERVED);
    }

    @Test
    void plainNamesRefuseEveryReservedCharacterInTheUserAndTheDatabase() {
        for (char c : (RESERVED + "\u000b\f\u007f\u0085\u00a0\u2028\u202e\u200b\u3000").toCharArray()) {
            Dsn.Url user = Dsn.parseUrl("x", "x://a" + pct(c) + "b:Pw-9zq@h/db");
            DriverException e = refused(() -> user.requirePlainNames("x"));
            assertEquals(
                    "x: open: invalid DSN: the user holds a reserved character (one of /?#&=;@:,%[]\\, white space or "
                            + "a control character): invalid argument",
                    e.getMessage());
            Dsn.Url database = Dsn.parseUrl("x", "x://u:Pw-9zq@h/d" + pct(c) + "b");
            e = refused(() -> database.requirePlainNames("x"));
            assertTrue(
                    e.getMessage().startsWith("x: open: invalid DSN: the database name holds a reserved character"),
                    e.getMessage());
        }
        refused(() -> Dsn.parseUrl("x", "x://u@h/db/more").requirePlainNames("x"));
        refused(() -> Dsn.parseUrl("x", "x://u@h/db/").requirePlainNames("x"));
    }

    @Test
    void plainNamesKeepWhatRealNamesHold() {
        for (String dsn : List.of(
                "x://app.reader@h/shop$2024",
                "x://app-reader_2@h/my_db.v2",
                "x://jos%C3%A9@h/caf%C3%A9",
                "x://h",
                "x://u:p%2F%3F%40@h/db",
                "x://:@h",
                "x://h/",
                "x://u@h/it's")) {
            Dsn.Url url = Dsn.parseUrl("x", dsn);
            assertEquals(url, url.requirePlainNames("x"), dsn);
        }
    }

    @Test
    void optionsAreMergedOnce() {
        Dsn.Url url = Dsn.parseUrl("x", "x://u:Pw-9zq@h/db?sslMode=trust&b=2");
        Map<String, String> options = url.options("x", Map.of("c", "3"), Set.of("sslMode", "b", "c"));
        assertEquals(List.of("sslMode", "b", "c"), List.copyOf(options.keySet()));
        assertEquals("trust", options.get("sslMode"));
        assertThrows(UnsupportedOperationException.class, () -> options.put("d", "4"));
        assertEquals(Map.of(), Dsn.parseUrl("x", "x://h").options("x", Map.of(), Set.of()));
    }

    @Test
    void unknownAndDuplicateOptionsAreRefused() {
        Set<String> known = Set.of("sslMode", "serverSslCert");
        Dsn.Url url = Dsn.parseUrl("x", "x://u:Pw-9zq@h/db?sslMode=trust");
        assertEquals(
                "x: open: option sslMode is given both in the DSN and in the options: invalid argument",
                refused(() -> url.options("x", Map.of("sslMode", "trust"), known))
                        .getMessage());
        assertEquals(
                "x: open: options sslMode and SSLMODE differ only in case: invalid argument",
                refused(() -> url.options("x", Map.of("SSLMODE", "trust"), known))
                        .getMessage());
        refused(() -> Dsn.parseUrl("x", "x://h?sslMode=a&sslmode=b").options("x", Map.of(), known));
        refused(() -> Dsn.parseUrl("x", "x://h").options("x", Map.of("sslMode", "a", "SslMode", "a"), known));
        assertEquals(
                "x: open: unknown option allowMultiQueries (known: serverSslCert, sslMode): invalid argument",
                refused(() -> Dsn.parseUrl("x", "x://h?allowMultiQueries=true").options("x", Map.of(), known))
                        .getMessage());
        refused(() -> Dsn.parseUrl("x", "x://h?sslmode=trust").options("x", Map.of(), known));
        refused(() -> Dsn.parseUrl("x", "x://h").options("x", Map.of("threads", "2"), Set.of()));
    }

    @Test
    void optionsOfADsnWithoutParametersAreCheckedTheSameWay() {
        assertEquals(
                Map.of("busy_timeout", "100"), Dsn.options("x", Map.of("busy_timeout", "100"), Set.of("busy_timeout")));
        assertEquals(
                "x: open: unknown option BUSY_TIMEOUT (known: busy_timeout): invalid argument",
                refused(() -> Dsn.options("x", Map.of("BUSY_TIMEOUT", "100"), Set.of("busy_timeout")))
                        .getMessage());
        refused(() -> Dsn.options("x", Map.of("busy_timeout", "1", "Busy_Timeout", "1"), Set.of("busy_timeout")));
        refused(() -> Dsn.options("x", Map.of("busy_timeout", "1\n"), Set.of("busy_timeout")));
        assertEquals(
                "x: open: unknown option: its name holds a reserved character (this driver takes none): invalid argument",
                refused(() -> Dsn.options("x", Map.of("threads\n", "2"), Set.of()))
                        .getMessage());
    }

    @Test
    void optionMessagesQuoteOnlyPlainNames() {
        Set<String> known = Set.of("sslMode");
        for (char c : RESERVED.toCharArray()) {
            Dsn.Url url = Dsn.parseUrl("x", "x://u:Pw-9zq@h/db?ssl" + pct(c) + "Mode=x");
            DriverException e = refused(() -> url.options("x", Map.of(), known));
            assertEquals(
                    "x: open: unknown option: its name holds a reserved character (known: sslMode): invalid argument",
                    e.getMessage());
        }
        Dsn.Url url = Dsn.parseUrl("x", "x://u:Pw-9zq@h/db?Pw-9zq=1");
        refused(() -> url.options("x", Map.of(), known));
    }

    @Test
    void optionValuesHoldNoControlCharacter() {
        for (char c : "\n\r\0\t\u000b\u007f\u0085\u2028\u202e".toCharArray()) {
            Dsn.Url url = Dsn.parseUrl("x", "x://h?sslMode=tr" + pct(c) + "ust");
            refused(() -> url.options("x", Map.of(), Set.of("sslMode")));
            refused(() ->
                    Dsn.parseUrl("x", "x://h").options("x", Map.of("sslMode", "tr" + c + "ust"), Set.of("sslMode")));
        }
        assertEquals(
                "a b/c?d",
                Dsn.parseUrl("x", "x://h?p=a%20b%2Fc%3Fd")
                        .options("x", Map.of(), Set.of("p"))
                        .get("p"));
    }

    @Test
    void requireValueRefusesWhatTheValuesSyntaxDoesNotNeed() {
        for (char c : RESERVED.toCharArray()) {
            String value = "/etc/ca" + c + ".pem";
            if ("/\\: ".indexOf(c) >= 0) {
                assertEquals(value, Dsn.requireValue("x", "sslrootcert", value, "/\\: "));
            } else {
                DriverException e = refused(() -> Dsn.requireValue("x", "sslrootcert", value, "/\\: "));
                assertEquals(
                        "x: open: option sslrootcert holds a reserved character (one of ?#&=;@,%[], white space other"
                                + " than a space or a control character): invalid argument",
                        e.getMessage());
            }
            refused(() -> Dsn.requireValue("x", "name", "a" + c + "b", ""));
        }
        assertEquals("a, b", Dsn.requireValue("x", "search_path", "a, b", ", "));
        refused(() -> Dsn.requireValue("x", "search_path", "a,\u00a0b", ", "));
        assertEquals(
                "x: open: option p holds a reserved character (white space other than a space or a control"
                        + " character): invalid argument",
                refused(() -> Dsn.requireValue("x", "p", "\0", Dsn.RESERVED + " "))
                        .getMessage());
        assertThrows(NullPointerException.class, () -> Dsn.requireValue("x", "p", null, ""));
    }

    @Test
    void theRecordRefusesAHostThatIsNone() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new Dsn.Url(
                        "x",
                        Optional.empty(),
                        Optional.empty(),
                        "h/db?allowMultiQueries=true",
                        OptionalInt.empty(),
                        "",
                        Map.of()));
        assertEquals(
                "::1",
                new Dsn.Url("x", Optional.empty(), Optional.empty(), "::1", OptionalInt.empty(), "", Map.of()).host());
    }
}
