package dev.tobira.driver.bigquery;

import dev.tobira.driver.bigquery.fake.FakeBigQuery;

/**
 * The shop dataset in the fake's own engine, seeded and read over its side channel (never through
 * the driver): the reference's customers and orders with BigQuery's column types, a primary key and
 * a foreign key (NOT ENFORCED, as BigQuery's are), orders partitioned by day of {@code created_at}
 * and clustered by {@code customer_id}, and one procedure, {@code shop.purge_orders}, that deletes
 * every order (what a {@code CALL} probe runs).
 */
final class Shop {
    private final FakeBigQuery fake;

    Shop(FakeBigQuery fake) {
        this.fake = fake;
    }

    void seed() {
        fake.closeCursors();
        fake.resetDatasets();
        fake.clearExports();
        for (String view : fake.objects("view")) {
            fake.sqlite("DROP VIEW \"" + view + "\"");
        }
        for (String table : fake.objects("table")) {
            fake.sqlite("DROP TABLE \"" + table + "\"");
        }
        fake.sqlite(
                "CREATE TABLE customers (id INT64 NOT NULL PRIMARY KEY, name STRING NOT NULL, email STRING,"
                        + " country STRING NOT NULL, created_at DATE NOT NULL)",
                "CREATE TABLE orders (id INT64 NOT NULL PRIMARY KEY, customer_id INT64 NOT NULL REFERENCES customers(id),"
                        + " total_cents INT64 NOT NULL, status STRING NOT NULL, created_at DATE NOT NULL)",
                "INSERT INTO customers VALUES (1,'Ada Lovelace','ada@example.com','GB','2026-09-02'),"
                        + " (2,'Grace Hopper','grace@example.com','US','2026-09-10'), (3,'Linus Torvalds',NULL,'FI','2026-09-15'),"
                        + " (4,'Margaret Hamilton','margaret@example.com','US','2026-10-01'), (5,'Ken Thompson','ken@example.com','US','2026-10-20')",
                "INSERT INTO orders VALUES (1,1,4999,'paid','2026-10-21'), (2,1,1250,'paid','2026-10-22'),"
                        + " (3,2,8900,'refunded','2026-10-22'), (4,3,2300,'paid','2026-10-23'), (5,4,15000,'pending','2026-10-24'),"
                        + " (6,2,720,'paid','2026-10-25'), (7,5,3100,'paid','2026-10-26')");
        fake.tableFacts(
                "shop.orders",
                "{\"timePartitioning\": {\"type\": \"DAY\", \"field\": \"created_at\"},"
                        + " \"clustering\": {\"fields\": [\"customer_id\"]}}");
        fake.procedure("shop.purge_orders", "DELETE FROM orders");
    }

    String fingerprint() {
        return fake.dump() + "exports=" + fake.exports();
    }
}
