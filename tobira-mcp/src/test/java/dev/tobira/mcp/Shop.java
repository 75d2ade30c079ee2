package dev.tobira.mcp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The shop dataset of the reference, for the SQL targets, written and read over plain JDBC. */
final class Shop {
    private Shop() {}

    static final List<String> SQL = List.of(
            "create table customers (id integer primary key, name text not null, email text, country text not null, created_at text not null)",
            "create table orders (id integer primary key, customer_id integer not null references customers(id), "
                    + "total_cents integer not null, status text not null, created_at text not null)",
            "insert into customers values (1,'Ada Lovelace','ada@example.com','GB','2026-09-02'),"
                    + "(2,'Grace Hopper','grace@example.com','US','2026-09-10'),(3,'Linus Torvalds',NULL,'FI','2026-09-15'),"
                    + "(4,'Margaret Hamilton','margaret@example.com','US','2026-10-01'),(5,'Ken Thompson','ken@example.com','US','2026-10-20')",
            "insert into orders values (1,1,4999,'paid','2026-10-21'),(2,1,1250,'paid','2026-10-22'),"
                    + "(3,2,8900,'refunded','2026-10-22'),(4,3,2300,'paid','2026-10-23'),(5,4,15000,'pending','2026-10-24'),"
                    + "(6,2,720,'paid','2026-10-25'),(7,5,3100,'paid','2026-10-26')");

    /** Ada Lovelace: 4999 + 1250 paid. */
    static final String TOP_PAID =
            "select c.name, sum(o.total_cents) as cents from customers c join orders o on o.customer_id = c.id "
                    + "where o.status = 'paid' group by c.id, c.name order by cents desc limit 1";

    static void seed(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : SQL) {
                s.execute(sql);
            }
        }
    }

    static List<String> fingerprint(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select id, customer_id, total_cents, status from orders order by id")) {
            while (rs.next()) {
                out.add(rs.getLong(1) + "|" + rs.getLong(2) + "|" + rs.getLong(3) + "|" + rs.getString(4));
            }
        }
        return out;
    }
}
