package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
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

    @Test
    void closingTheLastConnectionStopsLettucesThreadsBeforeItReturns() {
        RedisServers.Address address = RedisServers.primary();
        Set<Thread> before = lettuceThreads(); // another client's, such as a test helper's, are not this driver's
        RedisDriver driver = new RedisDriver();
        Conn conn = driver.open(ConnConfig.of(address.dsn(RedisServers.TEST_DB)));
        conn.ping();
        assertFalse(lettuceThreads().stream().allMatch(before::contains), "the connection runs on Lettuce's threads");
        conn.close();
        List<String> left = lettuceThreads().stream()
                .filter(t -> !before.contains(t))
                .map(Thread::getName)
                .toList();
        assertEquals(List.of(), left, "threads still running after the last close returned");
    }
}
