package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import dev.tobira.driver.bigquery.fake.FakeBigQuery;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BigQuery's errors, answered by the fake in BigQuery's error format, as kinds and messages. */
class ErrorsTest {
    private static FakeBigQuery fake;

    @BeforeAll
    static void start() throws IOException {
        fake = FakeBigQuery.start();
        new Shop(fake).seed();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    @BeforeEach
    void reset() {
        fake.clearFailures();
        fake.clearRequests();
        fake.refuseTokens(false);
    }

    private static Conn open(String dsn) {
        return new BigQueryDriver().open(ConnConfig.of(dsn).withReadOnly(true));
    }

    @Test
    void aMissingDatasetIsNotFound() {
        String dsn = "bigquery://" + FakeBigQuery.PROJECT + "/nope?endpoint=" + fake.endpoint() + "&credentials=none";
        try (Conn conn = open(dsn)) {
            DriverException ping = assertThrows(DriverException.class, conn::ping);
            assertEquals(ErrorKind.NOT_FOUND, ping.kind(), ping.getMessage());
            DriverException query = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1 AS x")).close());
            assertEquals(ErrorKind.NOT_FOUND, query.kind(), query.getMessage());
            assertTrue(
                    query.getMessage().startsWith("bigquery: query: notFound: Not found: Dataset tobira-test:nope"),
                    query.getMessage());
            DriverException list = assertThrows(DriverException.class, () -> conn.collections(Optional.of("nope")));
            assertEquals(ErrorKind.NOT_FOUND, list.kind(), list.getMessage());
        }
        try (Conn conn = open(fake.dsn(""))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT * FROM nope.orders")).close());
            assertEquals(ErrorKind.NOT_FOUND, e.kind(), e.getMessage());
            DriverException d =
                    assertThrows(DriverException.class, () -> conn.describe(CollectionRef.of("nope", "orders")));
            assertEquals(ErrorKind.NOT_FOUND, d.kind(), d.getMessage());
        }
    }

    @Test
    void anExpiredTokenIsAuthAndNotRetried() {
        fake.fail(
                "/jobs$",
                401,
                "authError",
                "Request had invalid authentication credentials. Expected OAuth 2 access token,"
                        + " login cookie or other valid authentication credential.",
                10);
        try (Conn conn = open(fake.dsn(""))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1 AS x")).close());
            assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
            assertFalse(e.retryable());
        }
        assertEquals(
                1,
                fake.requests().stream()
                        .filter(FakeBigQuery.Request::isJobInsert)
                        .count(),
                "an auth error is not retried");
    }

    @Test
    void aRateLimitIsRetriedThenRetryable() {
        fake.fail(
                "/jobs$",
                403,
                "rateLimitExceeded",
                "Exceeded rate limits: too many api requests per user per method",
                100);
        try (Conn conn = open(fake.dsn(""))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1 AS x")).close());
            assertEquals(ErrorKind.CONFLICT, e.kind(), e.getMessage());
            assertTrue(e.retryable(), "a caller may retry later");
            assertTrue(e.getMessage().endsWith("quota or rate limit exceeded, retry later"), e.getMessage());
        }
        assertEquals(
                3,
                fake.requests().stream()
                        .filter(FakeBigQuery.Request::isJobInsert)
                        .count(),
                "the client tried three times, as the driver's retry settings say");
    }

    @Test
    void aQuotaErrorIsRetryable() {
        fake.fail(
                "/jobs$",
                403,
                "quotaExceeded",
                "Quota exceeded: Your project exceeded quota for free query bytes scanned",
                1);
        try (Conn conn = open(fake.dsn(""))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1 AS x")).close());
            assertEquals(ErrorKind.CONFLICT, e.kind(), e.getMessage());
            assertTrue(e.retryable());
            // the quota was one request's: the retry the caller makes goes through
            try (ResultSet rs = conn.query(Query.of("SELECT 1 AS x"))) {
                assertEquals(Value.of(1), rs.next().get(0));
            }
        }
    }

    @Test
    void accessDeniedIsPermission() {
        fake.fail(
                "/jobs$",
                403,
                "accessDenied",
                "Access Denied: Project tobira-test: User does not have bigquery.jobs.create",
                1);
        try (Conn conn = open(fake.dsn(""))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1 AS x")).close());
            assertEquals(ErrorKind.PERMISSION, e.kind(), e.getMessage());
        }
    }

    @Test
    void aRefusedKeyIsAuthAndTheKeyIsNeverShown(@TempDir Path dir) throws Exception {
        String pem = privateKeyPem();
        Path key = dir.resolve("key.json");
        Files.writeString(
                key,
                "{\"type\": \"service_account\", \"project_id\": \"" + FakeBigQuery.PROJECT + "\","
                        + " \"private_key_id\": \"k1\", \"private_key\": \"" + pem.replace("\n", "\\n") + "\","
                        + " \"client_email\": \"reader@tobira-test.iam.gserviceaccount.com\", \"client_id\": \"1\","
                        + " \"token_uri\": \"" + fake.tokenUri() + "\"}");
        String dsn =
                "bigquery://" + FakeBigQuery.PROJECT + "/shop?endpoint=" + fake.endpoint() + "&credentials=file:" + key;
        fake.refuseTokens(true);
        try (Conn conn = open(dsn)) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1 AS x")).close());
            assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
            String all = stackTrace(e);
            String keyBody = pem.split("\n")[1];
            assertFalse(all.contains(keyBody), "the key never appears in the error or its causes");
        }
        fake.refuseTokens(false);
        try (Conn conn = open(dsn);
                ResultSet rs = conn.query(Query.of("SELECT 1 AS x"))) {
            assertEquals(Value.of(1), rs.next().get(0));
        }
        assertTrue(
                fake.requests().stream()
                        .filter(FakeBigQuery.Request::isRealJob)
                        .allMatch(r -> r.authorization().equals("Bearer ya29.fake-token")),
                "the key's token signs the jobs");
        assertFalse(new BigQueryDriver().open(ConnConfig.of(dsn)).toString().contains(keyBody(pem)));
    }

    @Test
    void aKeyFileThatIsNoKeyIsAuthWithoutItsContent(@TempDir Path dir) throws IOException {
        Path key = dir.resolve("key.json");
        Files.writeString(key, "{\"type\": \"service_account\", \"private_key\": \"s3cr3t-not-a-key\"}");
        String dsn = "bigquery://" + FakeBigQuery.PROJECT + "?endpoint=" + fake.endpoint() + "&credentials=file:" + key;
        DriverException e = assertThrows(DriverException.class, () -> open(dsn));
        assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
        assertFalse(stackTrace(e).contains("s3cr3t"), e.getMessage());
        DriverException missing = assertThrows(DriverException.class, () -> open(dsn.replace("key.json", "none.json")));
        assertEquals(ErrorKind.AUTH, missing.kind());
    }

    @Test
    void noApplicationDefaultCredentialsIsAuth() {
        // the build runs the tests with NO_GCE_CHECK and without GOOGLE_APPLICATION_CREDENTIALS
        DriverException e = assertThrows(
                DriverException.class,
                () -> open("bigquery://" + FakeBigQuery.PROJECT + "?endpoint=" + fake.endpoint()));
        assertEquals(ErrorKind.AUTH, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("no Application Default Credentials"), e.getMessage());
    }

    @Test
    void aSyntaxErrorIsSyntax() {
        try (Conn conn = new BigQueryDriver().open(ConnConfig.of(fake.dsn("")))) {
            DriverException e = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT FROM WHERE")).close());
            assertEquals(ErrorKind.SYNTAX, e.kind(), e.getMessage());
        }
    }

    private static String keyBody(String pem) {
        return pem.split("\n")[1];
    }

    private static String privateKeyPem() throws NoSuchAlgorithmException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        String b64 = Base64.getMimeEncoder(64, "\n".getBytes())
                .encodeToString(g.generateKeyPair().getPrivate().getEncoded());
        return "-----BEGIN PRIVATE KEY-----\n" + b64 + "\n-----END PRIVATE KEY-----\n";
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
