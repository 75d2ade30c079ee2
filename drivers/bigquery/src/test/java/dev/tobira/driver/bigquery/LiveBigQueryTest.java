package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Against real BigQuery, only when {@code TOBIRA_TEST_BIGQUERY_PROJECT} names a project and
 * {@code TOBIRA_TEST_BIGQUERY_CREDENTIALS} a service-account key file (the build hides Application
 * Default Credentials from every test): reads of public data and dry runs only, so it bills at most
 * the 10 MB minimum of one small query. CI here has neither, and runs the fake only.
 */
@EnabledIfEnvironmentVariable(named = "TOBIRA_TEST_BIGQUERY_PROJECT", matches = ".+")
@EnabledIfEnvironmentVariable(named = "TOBIRA_TEST_BIGQUERY_CREDENTIALS", matches = ".+")
class LiveBigQueryTest {
    private static final String SAMPLE =
            "SELECT word FROM `bigquery-public-data.samples.shakespeare` ORDER BY word LIMIT 3";

    private static Conn open(BigQueryDriver driver, String options) {
        String project = System.getenv("TOBIRA_TEST_BIGQUERY_PROJECT");
        ConnConfig config = ConnConfig.of("bigquery://" + project + options)
                .withOption("credentials", "file:" + System.getenv("TOBIRA_TEST_BIGQUERY_CREDENTIALS"));
        return driver.open(config.withReadOnly(true));
    }

    @Test
    void aReadStreamsAndAWriteIsRefusedByEachLayer() {
        try (Conn conn = open(new BigQueryDriver(), "")) {
            try (ResultSet rs = conn.query(Query.of("SELECT 1 AS x, 'a' AS s"))) {
                assertEquals(Value.of(1), rs.next().get(0));
            }
            DriverException lexical = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("DELETE FROM tobira_no_such.t WHERE true"))
                            .close());
            assertEquals(ErrorKind.READ_ONLY, lexical.kind(), lexical.getMessage());
        }
        try (Conn conn = open(new BigQueryDriver(false), "")) {
            DriverException script = assertThrows(
                    DriverException.class,
                    () -> conn.query(Query.of("SELECT 1; SELECT 2")).close());
            assertEquals(ErrorKind.READ_ONLY, script.kind(), script.getMessage());
            assertTrue(script.getMessage().contains("SCRIPT"), script.getMessage());
        }
    }

    @Test
    void theCapStopsARead() {
        try (Conn conn = open(new BigQueryDriver(), "?maxBytesBilled=1000")) {
            DriverException e = assertThrows(
                    DriverException.class, () -> conn.query(Query.of(SAMPLE)).close());
            assertEquals(ErrorKind.PERMISSION, e.kind(), e.getMessage());
        }
    }
}
