package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that dies while a SCAN is being followed: the next page fails with CONNECTION, promptly,
 * instead of hanging, and the connection reports CONNECTION from then on.
 */
class KilledServerTest {
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard, not a timing assertion
    void aServerKilledMidScanIsAConnectionError() {
        RedisServers.Binary binary =
                RedisServers.localBinary().isPresent() ? RedisServers.Binary.LOCAL : RedisServers.Binary.EMBEDDED;
        RedisServers.Running server = RedisServers.start(binary, List.of());
        boolean stopped = false;
        try {
            try (Native nat = new Native("127.0.0.1", server.port(), 0)) {
                List<String> args = new ArrayList<>(List.of("MSET"));
                for (int i = 0; i < 5000; i++) {
                    args.add("key:" + i);
                    args.add("v");
                }
                nat.call(args.toArray(new String[0]));
            }
            RedisDriver driver = new RedisDriver();
            try (Conn conn = driver.open(ConnConfig.of("redis://127.0.0.1:" + server.port() + "/0")
                            .withReadOnly(true));
                    ResultSet rs = conn.query(Query.of("SCAN 0 MATCH key:* COUNT 50"))) {
                int before = 0;
                while (before < 10 && rs.hasNext()) {
                    rs.next();
                    before++;
                }
                assertEquals(10, before, "rows before the server died");
                server.stop();
                stopped = true;
                DriverException e = assertThrows(DriverException.class, () -> {
                    while (rs.hasNext()) {
                        rs.next();
                    }
                });
                assertEquals(ErrorKind.CONNECTION, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith("redis: query: "), e.getMessage());
                DriverException ping = assertThrows(DriverException.class, conn::ping);
                assertEquals(ErrorKind.CONNECTION, ping.kind(), ping.getMessage());
            }
        } finally {
            if (!stopped) {
                server.stop();
            }
        }
    }
}
