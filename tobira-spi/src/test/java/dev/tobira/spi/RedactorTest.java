package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedactorTest {
    private static final Redactor R = Redactor.standard();

    private static void redacts(String input, String expected) {
        assertEquals(expected, R.redact(input), input);
    }

    /** Issue 15: MariaDB's own words lost their ")" and the message ran into its kind words. */
    @Test
    void aValueInsideParenthesesKeepsTheClosingOne() {
        Redactor r = Redactor.standard();
        assertEquals(
                "Access denied for user 'x'@'127.0.0.1' (using password: [redacted])",
                r.redact("Access denied for user 'x'@'127.0.0.1' (using password: YES)"));
        assertEquals("(password=[redacted]) and more", r.redact("(password=hunter2) and more"));
        assertEquals(
                "host=db password=[redacted]",
                r.redact("host=db password=a)b"),
                "no parenthesis before the key: all of it");
        assertEquals("refused (dsn x:db?password=[redacted])", r.redact("refused (dsn x:db?password=p-77)"));
    }

    @Test
    void urlUserInfo() {
        redacts("postgres://ada:s3cret@db.example:5432/shop", "postgres://ada:[redacted]@db.example:5432/shop");
        redacts("redis://:s3cret@cache:6379/0", "redis://:[redacted]@cache:6379/0");
        redacts("jdbc:mysql://ada:pw@h/db", "jdbc:mysql://ada:[redacted]@h/db");
        redacts(
                "connect to postgres://ada:pw@h/db failed: timeout",
                "connect to postgres://ada:[redacted]@h/db failed: timeout");
        redacts("postgres://ada@h/db", "postgres://ada@h/db");
    }

    @Test
    void urlPasswordsWithAtColonSlashAndPercentEncoding() {
        redacts("postgres://ada:p@ss:w@rd@h/db", "postgres://ada:[redacted]@h/db");
        redacts("postgres://ada:pa/ss?x#y@h/db", "postgres://ada:[redacted]@h/db");
        redacts("postgres://ada:p%40ss%3Aw%20rd@h/db", "postgres://ada:[redacted]@h/db");
        redacts("mongodb+srv://u:'\"x@cluster0.example/db", "mongodb+srv://u:[redacted]@cluster0.example/db");
    }

    @Test
    void schemelessUserInfoAndOracleForms() {
        redacts("ada:pw@tcp(localhost:3306)/shop", "ada:[redacted]@tcp(localhost:3306)/shop");
        redacts("scott/tiger@//db:1521/ORCL", "scott/[redacted]@//db:1521/ORCL");
        redacts("mail ada@example.com", "mail ada@example.com");
        redacts("/home/x/file@2x.png", "/home/x/file@2x.png");
        redacts("{\"user\":\"ada\",\"password\":\"p@ss\"}", "{\"user\":\"ada\",\"password\":\"[redacted]\"}");
    }

    @Test
    void aSchemeInsideAPasswordIsNotTakenForOne() {
        redacts("ada:pa://ss@tcp(h:3306)/db", "ada:[redacted]@tcp(h:3306)/db");
        redacts("scott/ti://ger@//h:1521/s", "scott/[redacted]@//h:1521/s");
        redacts("dsn=\"postgres://ada:pw@h/db\"", "dsn=\"postgres://ada:[redacted]@h/db\"");
        redacts("url=jdbc:postgresql://ada:pw@h/db", "url=jdbc:postgresql://ada:[redacted]@h/db");
    }

    @Test
    void keyValuePairs() {
        redacts("host=h password=s3cret user=u", "host=h password=[redacted] user=u");
        redacts("host=h PWD=s3cret", "host=h PWD=[redacted]");
        redacts(
                "pass=a secret=b token=c apikey=d api_key=e",
                "pass=[redacted] secret=[redacted] token=[redacted] " + "apikey=[redacted] api_key=[redacted]");
        redacts(
                "PGPASSWORD=x sslpassword=y client_secret=z X-Api-Key=w",
                "PGPASSWORD=[redacted] sslpassword=[redacted] client_secret=[redacted] X-Api-Key=[redacted]");
        redacts("password = spaced", "password = [redacted]");
        redacts("user=u password=", "user=u password=");
        redacts("host=h port=5432", "host=h port=5432");
    }

    @Test
    void quotedAndBracedValues() {
        redacts("host=h password='a b\\' c' user=u", "host=h password='[redacted]' user=u");
        redacts("Server=h;Password=\"a;b\"\"c\";User=u", "Server=h;Password=\"[redacted]\";User=u");
        redacts("DRIVER={x};PWD={a;b}}c};UID=u", "DRIVER={x};PWD={[redacted]};UID=u");
        redacts("password='unterminated and more", "password='[redacted]");
    }

    @Test
    void semicolonSeparatedJdbcAndAdoStrings() {
        redacts(
                "jdbc:sqlserver://h;user=u;password=s3;cret;encrypt=true",
                "jdbc:sqlserver://h;user=u;password=[redacted];encrypt=true");
        redacts("Server=h;Password=abc;", "Server=h;Password=[redacted];");
        redacts("Server=h; Password=abc; Database=d", "Server=h; Password=[redacted]; Database=d");
    }

    @Test
    void queryParameters() {
        redacts("mysql://h/db?user=u&password=a&b&ssl=true", "mysql://h/db?user=u&password=[redacted]&ssl=true");
        redacts("postgres://h/db?sslmode=require&password=x", "postgres://h/db?sslmode=require&password=[redacted]");
        redacts("https://api.example/v1?api_key=K123&q=1", "https://api.example/v1?api_key=[redacted]&q=1");
    }

    @Test
    void jsonAndYaml() {
        redacts("{\"user\":\"u\",\"password\":\"p\\\"q\"}", "{\"user\":\"u\",\"password\":\"[redacted]\"}");
        redacts("password: hunter2", "password: [redacted]");
        redacts("{'token': 'abc'}", "{'token': '[redacted]'}");
    }

    @Test
    void keyMatchingIsCaseInsensitive() {
        redacts("PASSWORD=x Password=y pAsSwOrD=z", "PASSWORD=[redacted] Password=[redacted] pAsSwOrD=[redacted]");
    }

    @Test
    void textWithoutCredentialsIsReturnedUnchanged() {
        String text =
                "sqlite: query: only SELECT statements are allowed on a read-only connection: read-only violation";
        assertEquals(text, R.redact(text));
        assertEquals("", R.redact(""));
    }

    @Test
    void literalSecretsAreMaskedRawAndEncoded() {
        Redactor r = R.withSecret("p@ss w*rd~");
        assertEquals(
                "failed for [redacted] and [redacted] and [redacted]",
                r.redact("failed for p@ss w*rd~ and p%40ss+w*rd%7E and p%40ss%20w%2Ard~"));
        assertEquals("nothing here", r.redact("nothing here"));
        assertEquals("a [redacted] b", R.withSecrets(List.of("xy", "", "xyz")).redact("a xyz b"));
        assertEquals("unchanged", R.withSecret("").redact("unchanged"));
    }

    @Test
    void adjacentCredentialsCollapseIntoOneMask() {
        assertEquals("[redacted]", R.withSecret("ab").withSecret("cd").redact("abcd"));
    }

    @Test
    void neverPrintsItsSecrets() {
        Redactor r = R.withSecret("hunter2");
        assertFalse(r.toString().contains("hunter2"));
        assertEquals("Redactor[standard]", R.toString());
    }

    /**
     * Inputs built to make a backtracking redactor quadratic, each checked for its exact result.
     * How long they take is measured by the JMH guard-cost benchmark in benchmarks/, not here.
     */
    @Test
    void redactsLargeAdversarialInputsExactly() {
        int n = 200_000;
        Redactor r = R.withSecret("aaaa");
        String masked = "password=" + Redactor.MASK;
        List<List<String>> cases = List.of(
                // input, then what the standard redactor and one with the secret "aaaa" make of it
                List.of("password=x" + " ".repeat(n) + "y", masked, masked),
                List.of("password=x" + " a".repeat(n), masked, masked),
                List.of("a:b@".repeat(n), "a:" + Redactor.MASK + "@", "a:" + Redactor.MASK + "@"),
                List.of("://".repeat(n) + "@", "://:" + Redactor.MASK + "@", "://:" + Redactor.MASK + "@"),
                List.of("?password=x" + "&a".repeat(n), "?" + masked, "?" + masked),
                List.of(";password=x" + ";a".repeat(n), ";" + masked, ";" + masked),
                List.of(
                        "password='" + "\\'".repeat(n),
                        "password='" + Redactor.MASK + "'" + "\\'".repeat(n - 1),
                        "password='" + Redactor.MASK + "'" + "\\'".repeat(n - 1)),
                List.of("password=".repeat(n), masked, masked),
                List.of("a".repeat(n) + "@", "a".repeat(n) + "@", Redactor.MASK + "@"));
        for (List<String> c : cases) {
            String input = c.get(0);
            String what = input.substring(0, 24) + "… (" + input.length() + " characters)";
            assertEquals(c.get(1), R.redact(input), what);
            assertEquals(c.get(2), r.redact(input), what + " with a secret");
        }
    }

    @Test
    void rejectsNulls() {
        assertThrows(NullPointerException.class, () -> R.redact(null));
        assertThrows(NullPointerException.class, () -> R.withSecret(null));
        assertThrows(NullPointerException.class, () -> R.withSecrets(java.util.Arrays.asList("a", null)));
    }

    @Test
    void sqlCredentialLiterals() {
        redacts("ALTER ROLE bob PASSWORD 'hunter2'", "ALTER ROLE bob PASSWORD '[redacted]'");
        redacts(
                "create role app login encrypted password 'it''s; x' valid until 'infinity'",
                "create role app login encrypted password '[redacted]' valid until 'infinity'");
        redacts("CREATE USER u IDENTIFIED BY 'hunter2'", "CREATE USER u IDENTIFIED BY '[redacted]'");
        redacts(
                "ALTER USER u IDENTIFIED WITH mysql_native_password BY \"hunter2\"",
                "ALTER USER u IDENTIFIED WITH mysql_native_password BY \"[redacted]\"");
        redacts("SET PASSWORD FOR u = PASSWORD('hunter2')", "SET PASSWORD FOR u = PASSWORD('[redacted]')");
        redacts(
                "GRANT SELECT ON t TO u IDENTIFIED BY PASSWORD '*ABCD'",
                "GRANT SELECT ON t TO u IDENTIFIED BY PASSWORD '[redacted]'");
        redacts("select 'identified' as a, 'by' as b", "select 'identified' as a, 'by' as b");
        redacts("select status from orders where status = 'paid'", "select status from orders where status = 'paid'");
    }
}
