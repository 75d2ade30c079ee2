package dev.tobira.driver.redis;

import java.util.ArrayList;
import java.util.List;

/**
 * The shop dataset of the reference in Redis's model: a hash per customer ({@code customer:1}…) and
 * per order ({@code order:1}…), fields named as the SQL columns, a NULL as a missing field; plus two
 * indexes: {@code idx:customer:country} (name to country, in id order) and
 * {@code idx:order:total} (a sorted set of order ids by total).
 */
final class Shop {
    private Shop() {}

    static final String[][] CUSTOMERS = {
        {"1", "Ada Lovelace", "ada@example.com", "GB", "2026-09-02"},
        {"2", "Grace Hopper", "grace@example.com", "US", "2026-09-10"},
        {"3", "Linus Torvalds", null, "FI", "2026-09-15"},
        {"4", "Margaret Hamilton", "margaret@example.com", "US", "2026-10-01"},
        {"5", "Ken Thompson", "ken@example.com", "US", "2026-10-20"},
    };

    static final String[][] ORDERS = {
        {"1", "1", "4999", "paid", "2026-10-21"},
        {"2", "1", "1250", "paid", "2026-10-22"},
        {"3", "2", "8900", "refunded", "2026-10-22"},
        {"4", "3", "2300", "paid", "2026-10-23"},
        {"5", "4", "15000", "pending", "2026-10-24"},
        {"6", "2", "720", "paid", "2026-10-25"},
        {"7", "5", "3100", "paid", "2026-10-26"},
    };

    /** Writes the shop into the native connection's current database, which the caller emptied. */
    static void seed(Native nat) {
        for (String[] c : CUSTOMERS) {
            List<String> args = new ArrayList<>(List.of("HSET", "customer:" + c[0], "id", c[0], "name", c[1]));
            if (c[2] != null) {
                args.addAll(List.of("email", c[2]));
            }
            args.addAll(List.of("country", c[3], "created_at", c[4]));
            nat.call(args.toArray(new String[0]));
            nat.call("HSET", "idx:customer:country", c[1], c[3]);
        }
        for (String[] o : ORDERS) {
            nat.call(
                    "HSET",
                    "order:" + o[0],
                    "id",
                    o[0],
                    "customer_id",
                    o[1],
                    "total_cents",
                    o[2],
                    "status",
                    o[3],
                    "created_at",
                    o[4]);
            nat.call("ZADD", "idx:order:total", o[2], o[0]);
        }
    }
}
