package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Secret;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DsnTest {

    private static DriverException invalid(String text) {
        DriverException e = assertThrows(DriverException.class, () -> Dsn.parse("pg", text), text);
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertEquals("open", e.op());
        return e;
    }

    @Test
    void aConnectionsRedactorMasksTheDsnsPasswordAndTheConfigurationsAndWhatTheStandardOneDoes() {
        Dsn.Url url = Dsn.parseUrl("d", "redis://u:s3cr3tDsn@h:1/0");
        String said = "ERR s3cr3tDsn and c0nfPw and password=hunter2";
        String masked = url.redactor(Secret.of("c0nfPw")).redact(said);
        assertFalse(masked.contains("s3cr3tDsn"), masked);
        assertFalse(masked.contains("c0nfPw"), masked);
        assertFalse(masked.contains("hunter2"), masked);
        assertEquals(
                Redactor.standard().withSecret("s3cr3tDsn").withSecret("c0nfPw").redact(said),
                masked,
                "the same as the two secrets added one by one");
        Dsn.Url bare = Dsn.parseUrl("d", "redis://h:1/0");
        assertEquals(
                Redactor.standard().redact(said), bare.redactor(Secret.none()).redact(said));
        assertEquals(
                Redactor.standard().redact(said),
                Dsn.parseUrl("d", "redis://u:@h:1/0").redactor(Secret.none()).redact(said),
                "an empty password masks nothing");
        assertThrows(NullPointerException.class, () -> bare.redactor(null));
    }

    @Test
    void opaqueForms() {
        assertEquals(new Dsn.Opaque("sqlite", "./shop.db"), Dsn.parse("sqlite", "sqlite:./shop.db"));
        assertEquals(new Dsn.Opaque("sqlite", ":memory:"), Dsn.parse("sqlite", "SQLite::memory:"));
        assertEquals("sqlite:./shop.db", Dsn.parse("sqlite", "sqlite:./shop.db").toString());
        assertEquals("sqlite", Dsn.parse("sqlite", "sqlite:x").scheme());
    }

    @Test
    void urlForm() {
        Dsn.Url url =
                Dsn.parseUrl("pg", "postgres://ada:s3cret@db.example:5432/shop?sslmode=require&application_name=t");
        assertEquals("postgres", url.scheme());
        assertEquals(Optional.of("ada"), url.user());
        assertEquals(Optional.of("s3cret"), url.password());
        assertEquals("db.example", url.host());
        assertEquals(OptionalInt.of(5432), url.port());
        assertEquals("/shop", url.path());
        assertEquals("shop", url.database());
        assertEquals(Map.of("sslmode", "require", "application_name", "t"), url.params());
        assertEquals(
                java.util.List.of("sslmode", "application_name"),
                java.util.List.copyOf(url.params().keySet()));
    }

    @Test
    void minimalUrls() {
        Dsn.Url url = Dsn.parseUrl("x", "redis://cache");
        assertEquals(Optional.empty(), url.user());
        assertEquals(Optional.empty(), url.password());
        assertEquals(OptionalInt.empty(), url.port());
        assertEquals("", url.path());
        assertEquals("", url.database());
        assertEquals(Map.of(), url.params());
        Dsn.Url file = Dsn.parseUrl("x", "sqlite:///abs/path.db");
        assertEquals("", file.host());
        assertEquals("/abs/path.db", file.path());
        assertEquals(Optional.of(""), Dsn.parseUrl("x", "redis://:@h").password());
        assertEquals(Optional.of(""), Dsn.parseUrl("x", "redis://:@h").user());
        assertEquals(
                Map.of("flag", "", "k", "v=w"),
                Dsn.parseUrl("x", "x://h?flag&&k=v=w").params());
    }

    @Test
    void percentDecoding() {
        Dsn.Url url = Dsn.parseUrl("pg", "postgres://us%40er:p%40ss%3Aw%2Frd%20%E2%82%AC@h/my%20db?k%3D=v%26w+x");
        assertEquals(Optional.of("us@er"), url.user());
        assertEquals(Optional.of("p@ss:w/rd €"), url.password());
        assertEquals("/my db", url.path());
        assertEquals(Map.of("k=", "v&w+x"), url.params());
    }

    @Test
    void rawAtAndColonInThePassword() {
        Dsn.Url url = Dsn.parseUrl("pg", "postgres://ada:p@ss:w@rd@h:1/db");
        assertEquals(Optional.of("ada"), url.user());
        assertEquals(Optional.of("p@ss:w@rd"), url.password());
        assertEquals("h", url.host());
        assertEquals(OptionalInt.of(1), url.port());
    }

    @Test
    void ipv6Hosts() {
        Dsn.Url url = Dsn.parseUrl("pg", "postgres://u:p@[::1]:5432/db");
        assertEquals("::1", url.host());
        assertEquals(OptionalInt.of(5432), url.port());
        assertEquals(
                "fe80::1%eth0",
                Dsn.parseUrl("pg", "postgres://[fe80::1%25eth0]/db").host());
        assertEquals(
                OptionalInt.empty(),
                Dsn.parseUrl("pg", "postgres://[2001:db8::7]").port());
        assertEquals("postgres://u:[redacted]@[::1]:5432/db", url.toString());
    }

    @Test
    void toStringIsRedacted() {
        Dsn dsn = Dsn.parse("pg", "postgres://ada:s3cret@h:5432/shop?password=x&sslmode=require");
        assertEquals("postgres://ada:[redacted]@h:5432/shop?password=[redacted]&sslmode=require", dsn.toString());
        Dsn tricky = Dsn.parse("pg", "postgres://s3cret:s3cret@h/s3cret");
        assertFalse(tricky.toString().contains("s3cret"), tricky.toString());
        assertEquals(
                "sqlite:file.db?password=[redacted]",
                Dsn.parse("sqlite", "sqlite:file.db?password=hunter2").toString());
        assertEquals(
                "x://a%40b@h/p%3Fq?k%26=v%23",
                Dsn.parseUrl("x", "x://a%40b@h/p%3Fq?k%26=v%23").toString());
    }

    @Test
    void schemeOf() {
        assertEquals(Optional.of("postgres"), Dsn.schemeOf("Postgres://h"));
        assertEquals(Optional.of("sqlite"), Dsn.schemeOf("sqlite::memory:"));
        assertEquals(Optional.empty(), Dsn.schemeOf("./shop.db"));
        assertEquals(Optional.empty(), Dsn.schemeOf("1x:y"));
        assertEquals(Optional.empty(), Dsn.schemeOf(":x"));
    }

    @Test
    void badInputIsAnInvalidArgumentWithAFixedMessage() {
        assertEquals(
                "pg: open: invalid DSN: the DSN is empty: invalid argument",
                invalid("").getMessage());
        assertEquals(
                "pg: open: invalid DSN: expected scheme:… or scheme://…: invalid argument",
                invalid("no scheme here").getMessage());
        invalid("1pg://h");
        invalid("sqlite:");
        assertEquals(
                "pg: open: invalid DSN: the port is not a number from 1 to 65535: invalid argument",
                invalid("postgres://u:p@h:99999/db").getMessage());
        invalid("postgres://h:0");
        invalid("postgres://h:x1");
        invalid("postgres://h:123456");
        invalid("postgres://[::1/db");
        invalid("postgres://[::1]x/db");
        invalid("postgres://[not-ipv6]/db");
        invalid("postgres://[fe80::1%]/db");
        invalid("postgres://::1/db");
        invalid("postgres://h1:1,h2:2/db");
        invalid("postgres://h/db#frag");
        invalid("postgres://u:p%zz@h/db");
        invalid("postgres://u:p%4@h/db");
        invalid("postgres://u:p%C3@h/db");
        invalid("postgres://h/db?=v");
        invalid("postgres://h/db?a=1&a=2");
        invalid("postgres://u:\ud800@h");
        assertEquals(
                "pg: open: invalid DSN: expected scheme://host: invalid argument",
                assertThrows(DriverException.class, () -> Dsn.parseUrl("pg", "sqlite:x"))
                        .getMessage());
    }

    @Test
    void errorsNeverQuoteThePassword() {
        for (String text : new String[] {
            "postgres://u:hunter2@h:bad/db",
            "postgres://u:hunter2/x@h/db",
            "postgres://u:hunter2%zz@h/db",
            "postgres://u:hunter2@[::1/db",
            "postgres://u:hunter2@h/db#x",
            "postgres://u:hunter2@h/db?a=1&a=2"
        }) {
            DriverException e = invalid(text);
            assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
        }
    }

    @Test
    void recordsCheckTheirParts() {
        assertThrows(NullPointerException.class, () -> new Dsn.Opaque(null, "x"));
        assertThrows(NullPointerException.class, () -> Dsn.parse(null, "x:y"));
        assertThrows(NullPointerException.class, () -> Dsn.parse("x", null));
        Dsn.Url url = Dsn.parseUrl("x", "x://h?a=1");
        assertThrows(UnsupportedOperationException.class, () -> url.params().put("b", "2"));
        assertInstanceOf(Dsn.Url.class, Dsn.parse("x", "x://h"));
    }
}
