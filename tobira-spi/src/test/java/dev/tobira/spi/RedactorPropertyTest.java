package dev.tobira.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tobira.api.DriverException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Redaction never leaks a generated password, in any DSN form: 10 batches of 1,000 passwords, each
 * tried in every form. A failure names the case seed and the base seed; see {@link Seeds}.
 */
class RedactorPropertyTest {
    private static final int BATCHES = 10;
    private static final int CASES_PER_BATCH = 1_000;
    private static final String SPECIALS = "@:/?#&;=%+'\"\\{}[]!$*,.~^|<>()` ";
    private static final String PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-é€";

    /**
     * One way a password appears in text: how the form writes it, the text around it, and the
     * non-secret parts that must survive redaction.
     */
    record Form(
            String name,
            Function<String, Optional<String>> embed,
            Function<String, String> template,
            List<String> survivors) {}

    private static final List<Form> FORMS = List.of(
            new Form(
                    "url",
                    p -> Optional.of(p.replace(" ", "%20")),
                    e -> "postgres://ada:" + e + "@db.example:5432/shop?sslmode=require",
                    List.of("ada", "db.example")),
            new Form(
                    "url-encoded",
                    p -> Optional.of(rfc3986(p)),
                    e -> "error: could not connect to mysql://ada:" + e + "@db.example/shop: refused",
                    List.of("ada", "db.example", "refused")),
            new Form(
                    "jdbc-url",
                    p -> Optional.of(rfc3986(p)),
                    e -> "jdbc:postgresql://db.example/shop?user=ada&password=" + e + "&ssl=true",
                    List.of("ada", "db.example", "ssl=true")),
            new Form(
                    "go-mysql",
                    p -> p.contains(" ") ? Optional.empty() : Optional.of(p),
                    e -> "ada:" + e + "@tcp(db.example:3306)/shop",
                    List.of("ada", "db.example")),
            new Form(
                    "oracle",
                    p -> p.contains(" ") ? Optional.empty() : Optional.of(p),
                    e -> "scott/" + e + "@//db.example:1521/ORCL",
                    List.of("scott", "db.example")),
            new Form(
                    "libpq-quoted",
                    p -> Optional.of("'" + p.replace("\\", "\\\\").replace("'", "\\'") + "'"),
                    e -> "host=db.example user=ada password=" + e + " dbname=shop",
                    List.of("ada", "db.example", "shop")),
            new Form(
                    "libpq-bare",
                    p -> p.matches("[^\\s'\"{]+") ? Optional.of(p) : Optional.empty(),
                    e -> "host=db.example user=ada password=" + e + " dbname=shop",
                    List.of("ada", "db.example", "shop")),
            new Form(
                    "ado-braced",
                    p -> Optional.of("{" + p.replace("}", "}}") + "}"),
                    e -> "Server=db.example;User Id=ada;Password=" + e + ";Database=shop",
                    List.of("ada", "db.example", "Database=shop")),
            new Form(
                    "ado-quoted",
                    p -> Optional.of("\"" + p.replace("\"", "\"\"") + "\""),
                    e -> "Server=db.example;UID=ada;PWD=" + e + ";",
                    List.of("ada", "db.example")),
            new Form(
                    "sqlserver",
                    p -> p.matches("[^\\s;'\"{]+") ? Optional.of(p) : Optional.empty(),
                    e -> "jdbc:sqlserver://db.example;user=ada;password=" + e + ";encrypt=true",
                    List.of("ada", "db.example", "encrypt=true")),
            new Form(
                    "json",
                    p -> Optional.of("\"" + p.replace("\\", "\\\\").replace("\"", "\\\"") + "\""),
                    e -> "{\"user\":\"ada\",\"password\":" + e + ",\"host\":\"db.example\"}",
                    List.of("ada", "db.example")),
            new Form(
                    "query-token",
                    p -> Optional.of(URLEncoder.encode(p, StandardCharsets.UTF_8)),
                    e -> "GET https://api.example/v1/items?access_token=" + e + "&page=2 failed",
                    List.of("api.example", "page=2")));

    static Stream<Arguments> batches() {
        return IntStream.range(0, BATCHES).mapToObj(Arguments::of);
    }

    static String password(Random r) {
        int n = 8 + r.nextInt(17);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String from = r.nextInt(3) == 0 ? SPECIALS : PLAIN;
            sb.append(from.charAt(r.nextInt(from.length())));
        }
        // a password is never only white space at its ends in these forms
        sb.setCharAt(0, PLAIN.charAt(r.nextInt(26)));
        sb.setCharAt(n - 1, SPECIALS.charAt(r.nextInt(SPECIALS.length() - 1)));
        return sb.toString();
    }

    static String rfc3986(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8)
                .replace("+", "%20")
                .replace("*", "%2A")
                .replace("%7E", "~");
    }

    /** Fails if the text holds the secret or any six-character stretch of it. */
    static void assertNoLeak(String secret, String text, String where) {
        if (text.contains(secret)) {
            fail("leaked the whole secret: " + where + "\n  output: " + text);
        }
        for (int i = 0; i + 6 <= secret.length(); i++) {
            if (text.contains(secret.substring(i, i + 6))) {
                fail("leaked \"" + secret.substring(i, i + 6) + "\": " + where + "\n  output: " + text);
            }
        }
    }

    @ParameterizedTest(name = "batch {0}")
    @MethodSource("batches")
    void standardRedactionNeverLeaksAPasswordInAnyForm(int batch) {
        for (int i = 0; i < CASES_PER_BATCH; i++) {
            long seed = Seeds.of(3, batch, i);
            String password = password(new Random(seed));
            for (Form form : FORMS) {
                Optional<String> embedded = form.embed().apply(password);
                if (embedded.isEmpty()) {
                    continue;
                }
                String text = form.template().apply(embedded.get());
                String redacted = Redactor.standard().redact(text);
                String where =
                        form.name() + ", password " + password + ", " + Seeds.describe(seed) + "\n  input:  " + text;
                assertNoLeak(password, redacted, where);
                assertNoLeak(embedded.get(), redacted, where);
                assertTrue(redacted.contains(Redactor.MASK), where);
                for (String survivor : form.survivors()) {
                    assertTrue(
                            redacted.contains(survivor),
                            () -> "masked \"" + survivor + "\" too: " + where + "\n  output: " + redacted);
                }
            }
        }
    }

    @ParameterizedTest(name = "batch {0}")
    @MethodSource("batches")
    void literalSecretsAreMaskedWhereverTheyAppear(int batch) {
        for (int i = 0; i < CASES_PER_BATCH; i++) {
            long seed = Seeds.of(4, batch, i);
            String password = password(new Random(seed));
            Redactor redactor = Redactor.standard().withSecret(password);
            String text = "login failed for ada with " + password + " (sent as " + rfc3986(password) + ", form "
                    + URLEncoder.encode(password, StandardCharsets.UTF_8) + ") on db.example";
            String where = "password " + password + ", " + Seeds.describe(seed) + "\n  input:  " + text;
            String redacted = redactor.redact(text);
            assertNoLeak(password, redacted, where);
            assertNoLeak(rfc3986(password), redacted, where);
            assertTrue(
                    redacted.startsWith("login failed for ada with ") && redacted.endsWith("on db.example"),
                    () -> where + "\n  output: " + redacted);
        }
    }

    @ParameterizedTest(name = "batch {0}")
    @MethodSource("batches")
    void dsnsParseEncodedPasswordsAndNeverPrintThem(int batch) {
        for (int i = 0; i < CASES_PER_BATCH; i++) {
            long seed = Seeds.of(5, batch, i);
            String password = password(new Random(seed));
            String encoded = rfc3986(password);
            String text = "postgres://ada:" + encoded + "@db.example:5432/shop?sslmode=require";
            String where = "password " + password + ", " + Seeds.describe(seed) + "\n  input:  " + text;
            Dsn.Url url = Dsn.parseUrl("pg", text);
            assertEquals(Optional.of(password), url.password(), where);
            assertEquals("db.example", url.host(), where);
            assertNoLeak(password, url.toString(), where);
            assertNoLeak(encoded, url.toString(), where);
            for (String bad : new String[] {
                "postgres://ada:" + encoded + "@db.example:99999/shop",
                "postgres://ada:" + password + "@db.example/shop#x",
                "postgres://ada:" + password + "%@[::1/shop"
            }) {
                try {
                    Dsn.parse("pg", bad);
                    fail("parsed " + bad);
                } catch (DriverException e) {
                    assertNoLeak(password, e.getMessage(), where);
                    assertNoLeak(encoded, e.getMessage(), where);
                }
            }
            assertFalse(Dsn.parse("pg", text).toString().contains(password), where);
        }
    }
}
