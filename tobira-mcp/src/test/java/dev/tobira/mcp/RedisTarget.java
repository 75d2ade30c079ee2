package dev.tobira.mcp;

import dev.tobira.drivertest.TestServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The shop as Redis hashes under key prefixes of this test's own ({@code mcp<id>customer:1}, …)
 * in logical database 9 of the server {@link TestServer} finds, written and removed with Lettuce
 * directly. Other keys of that database are never read or touched.
 */
final class RedisTarget implements Target {
    static final int DB = 9;
    private final String prefix = "mcp" + Long.toHexString(System.nanoTime());
    private final RedisClient client;
    private final StatefulRedisConnection<String, String> conn;
    private final String host;
    private final int port;

    RedisTarget() {
        URI url = URI.create(TestServer.find(
                        "redis",
                        List.of(TestServer.listening(
                                "local server on 127.0.0.1:6379", "127.0.0.1", 6379, "redis://127.0.0.1:6379")))
                .url());
        host = url.getHost();
        port = url.getPort() < 0 ? 6379 : url.getPort();
        client = RedisClient.create(
                RedisURI.Builder.redis(host, port).withDatabase(DB).build());
        conn = client.connect();
        RedisCommands<String, String> r = conn.sync();
        String[][] customers = {
            {"1", "Ada Lovelace", "GB"},
            {"2", "Grace Hopper", "US"},
            {"3", "Linus Torvalds", "FI"},
            {"4", "Margaret Hamilton", "US"},
            {"5", "Ken Thompson", "US"}
        };
        for (String[] c : customers) {
            r.hset(customers() + ":" + c[0], Map.of("id", c[0], "name", c[1], "country", c[2]));
        }
        String[][] orders = {
            {"1", "1", "4999", "paid"},
            {"2", "1", "1250", "paid"},
            {"3", "2", "8900", "refunded"},
            {"4", "3", "2300", "paid"},
            {"5", "4", "15000", "pending"},
            {"6", "2", "720", "paid"},
            {"7", "5", "3100", "paid"}
        };
        for (String[] o : orders) {
            r.hset(orders() + ":" + o[0], Map.of("id", o[0], "customer_id", o[1], "total_cents", o[2], "status", o[3]));
        }
        for (int i = 1; i <= 50; i++) {
            r.rpush(prefix + "big", String.valueOf(i));
        }
    }

    @Override
    public String dsn() {
        return "redis://" + host + ":" + port + "/" + DB;
    }

    @Override
    public String namespace() {
        return String.valueOf(DB);
    }

    @Override
    public String orders() {
        return prefix + "order";
    }

    @Override
    public String customers() {
        return prefix + "customer";
    }

    @Override
    public String orderField() {
        return "total_cents:";
    }

    @Override
    public String topPaidCustomer() {
        return "HGET " + customers() + ":1 name";
    }

    @Override
    public String refundedDelete() {
        return "DEL " + orders() + ":3";
    }

    @Override
    public String refusalPrefix() {
        return "redis: query:";
    }

    @Override
    public String manyRows() {
        return "LRANGE " + prefix + "big 0 -1";
    }

    @Override
    public List<String> fingerprint() {
        List<String> out = new ArrayList<>();
        RedisCommands<String, String> r = conn.sync();
        for (int i = 1; i <= 7; i++) {
            out.add(i + "=" + new TreeMap<>(r.hgetall(orders() + ":" + i)));
        }
        out.add("big=" + r.llen(prefix + "big"));
        return out;
    }

    @Override
    public boolean explains() {
        return false;
    }

    @Override
    public void close() {
        RedisCommands<String, String> r = conn.sync();
        List<String> keys = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            keys.add(orders() + ":" + i);
        }
        for (int i = 1; i <= 5; i++) {
            keys.add(customers() + ":" + i);
        }
        keys.add(prefix + "big");
        r.del(keys.toArray(new String[0]));
        conn.close();
        client.shutdown();
    }
}
