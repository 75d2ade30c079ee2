package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Value;
import dev.tobira.driver.bigquery.fake.FakeBigQuery;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 29 item 2: a parameter nested thousands of levels deep is INVALID_ARGUMENT before any
 * request, on a thread with the default stack, never a StackOverflowError from the conversion.
 */
class DeepParamsTest {
    private static FakeBigQuery fake;

    @BeforeAll
    static void start() throws IOException {
        fake = FakeBigQuery.start();
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    private static Value nested(int depth, boolean docs) {
        Value v = Value.of(1L);
        for (int i = 0; i < depth; i++) {
            v = docs ? new Value.Doc(Map.of("a", v)) : new Value.Array(List.of(v));
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(ints = {2_000, 5_000, 10_000})
    void aDeepParameterIsInvalidArgument(int depth) throws InterruptedException {
        for (boolean readOnly : new boolean[] {true, false}) {
            for (boolean docs : new boolean[] {true, false}) {
                fake.clearRequests();
                AtomicReference<Throwable> thrown = new AtomicReference<>();
                String text = readOnly ? "SELECT ? AS v" : "DELETE FROM orders WHERE id = ?";
                Thread t = new Thread(() -> {
                    try (Conn conn = new BigQueryDriver()
                            .open(ConnConfig.of(fake.dsn("")).withReadOnly(readOnly))) {
                        conn.query(Query.of(text).withParams(Value.of(1L), nested(depth, docs)))
                                .close();
                    } catch (Throwable e) {
                        thrown.set(e);
                    }
                });
                t.start();
                t.join();
                DriverException e = assertInstanceOf(DriverException.class, thrown.get(), String.valueOf(thrown.get()));
                assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
                assertEquals(
                        "bigquery: query: parameter 2 nests deeper than 64 levels of arrays and documents: invalid argument",
                        e.getMessage());
                assertEquals(List.of(), fake.requests(), "nothing was sent");
            }
        }
    }
}
