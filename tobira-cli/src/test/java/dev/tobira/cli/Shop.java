package dev.tobira.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** The shop dataset of REFERENCE.md, written over a plain JDBC connection. */
final class Shop {
    static final List<String> SQL = List.of(
            "create table customers (id integer primary key, name text not null, email text, country text not null, created_at text not null)",
            "create table orders (id integer primary key, customer_id integer not null references customers(id),"
                    + " total_cents integer not null, status text not null, created_at text not null)",
            "insert into customers values (1,'Ada Lovelace','ada@example.com','GB','2026-09-02'),"
                    + " (2,'Grace Hopper','grace@example.com','US','2026-09-10'), (3,'Linus Torvalds',NULL,'FI','2026-09-15'),"
                    + " (4,'Margaret Hamilton','margaret@example.com','US','2026-10-01'), (5,'Ken Thompson','ken@example.com','US','2026-10-20')",
            "insert into orders values (1,1,4999,'paid','2026-10-21'),(2,1,1250,'paid','2026-10-22'),"
                    + " (3,2,8900,'refunded','2026-10-22'),(4,3,2300,'paid','2026-10-23'), (5,4,15000,'pending','2026-10-24'),"
                    + "(6,2,720,'paid','2026-10-25'), (7,5,3100,'paid','2026-10-26')");

    /** The reference's table query. */
    static final String TOTALS =
            "select c.name, count(o.id) as orders, sum(o.total_cents)/100.0 as total from customers c"
                    + " join orders o on o.customer_id=c.id group by c.id order by total desc";
    /** The reference's JSON query. */
    static final String US = "select id, name, country from customers where country='US'";

    private Shop() {}

    static void seed(String jdbcUrl, String user) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, null);
                Statement st = c.createStatement()) {
            for (String s : SQL) {
                st.execute(s);
            }
        }
    }
}
