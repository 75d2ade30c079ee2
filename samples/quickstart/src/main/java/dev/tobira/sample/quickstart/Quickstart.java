package dev.tobira.sample.quickstart;

import dev.tobira.api.Capabilities;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Query;
import dev.tobira.api.Registry;
import dev.tobira.api.ResultSet;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The quickstart: opens {@code sqlite:./shop.db} read-only through a private registry, prints the
 * capabilities, runs a guarded query limited to three rows, then tries a delete the guard refuses.
 * Creates {@code shop.db} with the shop dataset first when it is not there.
 */
public final class Quickstart {
    private static final List<String> SHOP = List.of(
            "create table customers (id integer primary key, name text not null, email text,"
                    + " country text not null, created_at text not null)",
            "create table orders (id integer primary key, customer_id integer not null references customers(id),"
                    + " total_cents integer not null, status text not null, created_at text not null)",
            "insert into customers values"
                    + " (1,'Ada Lovelace','ada@example.com','GB','2026-09-02'),"
                    + " (2,'Grace Hopper','grace@example.com','US','2026-09-10'),"
                    + " (3,'Linus Torvalds',NULL,'FI','2026-09-15'),"
                    + " (4,'Margaret Hamilton','margaret@example.com','US','2026-10-01'),"
                    + " (5,'Ken Thompson','ken@example.com','US','2026-10-20')",
            "insert into orders values"
                    + " (1,1,4999,'paid','2026-10-21'),(2,1,1250,'paid','2026-10-22'),"
                    + " (3,2,8900,'refunded','2026-10-22'),(4,3,2300,'paid','2026-10-23'),"
                    + " (5,4,15000,'pending','2026-10-24'),(6,2,720,'paid','2026-10-25'),"
                    + " (7,5,3100,'paid','2026-10-26')");

    private Quickstart() {}

    /**
     * Runs the quickstart in the working directory.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(Registry.discover(), Path.of("shop.db"), "sqlite:./shop.db", System.out);
    }

    static void run(Registry registry, Path file, String dsn, PrintStream out) {
        if (!Files.exists(file)) {
            try (Conn conn = registry.open(ConnConfig.of(dsn))) {
                for (String statement : SHOP) {
                    conn.query(Query.of(statement)).close();
                }
            }
        }
        try (Conn conn = registry.open(ConnConfig.of(dsn).withReadOnly(true))) {
            out.println("capabilities: " + Capabilities.format(conn.capabilities()));
            Query q = Query.of("select name, country from customers order by id")
                    .withReadOnly(true)
                    .withLimit(3);
            try (ResultSet rs = conn.query(q)) {
                rs.forEachRemaining(out::println);
                out.println("(truncated: " + rs.stats().truncated() + ")");
            }
            String delete = "delete from customers";
            try {
                conn.query(Query.of(delete)).close();
                out.println(delete + " -> deleted, which a read-only connection must never do");
            } catch (DriverException e) {
                out.println(delete + " -> " + e.getMessage() + " (read-only: " + e.is(ErrorKind.READ_ONLY) + ")");
            }
        }
    }
}
