package dev.tobira.drivertest;

import static dev.tobira.drivertest.ProbeFamily.COMMENT_TRICK;
import static dev.tobira.drivertest.ProbeFamily.DDL;
import static dev.tobira.drivertest.ProbeFamily.DML;
import static dev.tobira.drivertest.ProbeFamily.STACKING;
import static dev.tobira.drivertest.ProbeFamily.WRITABLE_CTE;

import dev.tobira.spi.SqlDialect;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in SQL catalogue. Every probe here is a real write on SQLite, PostgreSQL,
 * MySQL/MariaDB and DuckDB alike with the shop dataset as the reference defines it, checked by
 * hand against each engine: that is why deletes aim at {@code orders} (nothing references it,
 * while {@code delete from customers} is a foreign-key error on three of the four) and why the
 * writable-CTE probe puts the WITH inside the INSERT (MariaDB has no WITH before DELETE). The
 * WITH-first forms still get tried, as the {@code cte-before} variant of every single-statement
 * probe. Dialect-specific families (COPY … PROGRAM, ATTACH, PRAGMA, SET SESSION, INTO OUTFILE,
 * EXPLAIN ANALYZE, side-effect functions) come from each driver's own probes.
 */
final class Catalogue {
    private Catalogue() {}

    static final String INSERT_99 =
            "insert into customers (id, name, country, created_at) values (99, 'x', 'GB', '2026-01-01')";

    static List<WriteProbe> sqlProbes() {
        return List.of(
                WriteProbe.of("dml.delete", DML, "delete from orders"),
                WriteProbe.of("dml.update", DML, "update customers set name = 'x'"),
                WriteProbe.of("dml.insert", DML, INSERT_99),
                WriteProbe.of(
                        "dml.insert-select",
                        DML,
                        "insert into customers (id, name, country, created_at) select id + 100, name, country, created_at from customers"),
                WriteProbe.of("ddl.drop-table", DDL, "drop table orders"),
                WriteProbe.of("ddl.create-table", DDL, "create table probe_t (x int)"),
                WriteProbe.of("ddl.create-table-as", DDL, "create table probe_t as select * from customers"),
                WriteProbe.of("ddl.alter-add-column", DDL, "alter table customers add column probe_c int"),
                WriteProbe.of("ddl.alter-rename", DDL, "alter table orders rename to probe_orders"),
                WriteProbe.of("stack.select-delete", STACKING, "select 1; delete from orders"),
                WriteProbe.of("stack.commit-delete", STACKING, "commit; delete from orders"),
                WriteProbe.of("stack.rollback-delete", STACKING, "rollback; delete from orders"),
                WriteProbe.of("stack.string-hides-semicolon", STACKING, "select '--;'; delete from orders"),
                WriteProbe.of("comment.leading-block", COMMENT_TRICK, "/* read only */ delete from orders"),
                WriteProbe.of("comment.leading-line", COMMENT_TRICK, "-- select\ndelete from orders"),
                WriteProbe.of("comment.trailing-dash", COMMENT_TRICK, "delete from orders --"),
                WriteProbe.of("comment.line-hides-stack", COMMENT_TRICK, "select 1 -- read only\n; delete from orders"),
                WriteProbe.of("comment.block-hides-stack", COMMENT_TRICK, "select 1 /* ; */ ; delete from orders"),
                WriteProbe.of(
                        "cte.insert-with",
                        WRITABLE_CTE,
                        "insert into customers (id, name, country, created_at) with probe_w as (select 99 as id) "
                                + "select id, 'x', 'GB', '2026-01-01' from probe_w"));
    }

    /**
     * The built-in safe reads; the two that hide a write in a line comment are written once per
     * line comment the dialect reads ({@code --}, {@code #}, {@code //}), since on a server without
     * one of them the "comment" is code and the read a stacked write.
     */
    static List<SafeRead> sqlSafeReads(String customersQuery, SqlDialect dialect) {
        List<SafeRead> reads = new ArrayList<>(List.of(
                SafeRead.of("safe.customers", customersQuery),
                SafeRead.of("safe.string-delete", "select 'delete from customers' as s"),
                SafeRead.of("safe.string-semicolon", "select 'x; drop table orders' as s"),
                SafeRead.of("safe.block-comment-drop", "select 1 as x /* drop table customers */"),
                SafeRead.of("safe.cte", "with c as (select id from customers) select count(*) as n from c"),
                SafeRead.of("safe.explain-select", "explain select * from customers"),
                SafeRead.of("safe.keyword-identifier", "select count(*) as \"delete\" from customers"),
                SafeRead.of("safe.like-update", "select name from customers where name like '%update%'"),
                SafeRead.of("safe.where-insert", "select id from orders where status = 'insert into'"),
                SafeRead.of("safe.union", "select id from customers union all select id from orders"),
                SafeRead.of("safe.subquery", "select * from (select id, name from customers) t"),
                SafeRead.of("safe.trailing-semicolon", "select 1 as x;")));
        for (String marker : dialect.lineCommentMarkers()) {
            // "--" keeps the names these reads had before a dialect could declare other comments
            String suffix = marker.equals("--") ? "" : marker.equals("#") ? "-hash" : "-slash";
            reads.add(SafeRead.of("safe.line-comment-drop" + suffix, marker + " drop table customers\nselect 1 as x"));
            reads.add(SafeRead.of(
                    "safe.trailing-comment-stack" + suffix, "select 1 as x " + marker + " ; delete from customers"));
        }
        return List.copyOf(reads);
    }
}
