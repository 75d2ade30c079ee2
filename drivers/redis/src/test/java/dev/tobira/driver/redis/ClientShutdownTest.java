package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The driver's shared Lettuce client is shut, threads and all, by the time its last connection's close returns. */
class ClientShutdownTest {
    private static Set<Thread> lettuceThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("lettuce-"))
                .collect(Collectors.toSet());
    }

    private static boolean stillRunningAfterAMoment(Thread t) {
        try {
            t.join(Duration.ofMillis(500).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return t.isAlive();
    }

    @Test
    void closingTheLastConnectionStopsLettucesThreadsBeforeItReturns() {
        RedisServers.Address address = RedisServers.primary();
        Set<Thread> before = lettuceThreads(); // another client's, such as a test helper's, are not this driver's
        RedisDriver driver = new RedisDriver();
        Conn conn = driver.open(ConnConfig.of(address.dsn(RedisServers.TEST_DB)));
        conn.ping();
        assertFalse(lettuceThreads().stream().allMatch(before::contains), "the connection runs on Lettuce's threads");
        conn.close();
        // Netty completes an executor's termination future from that executor's own thread, just
        // before the thread ends: a thread may still be alive for that moment, never for longer
        List<String> left = lettuceThreads().stream()
                .filter(t -> !before.contains(t))
                .filter(ClientShutdownTest::stillRunningAfterAMoment)
                .map(Thread::getName)
                .toList();
        assertEquals(List.of(), left, "threads still running after the last close returned");
    }
}
