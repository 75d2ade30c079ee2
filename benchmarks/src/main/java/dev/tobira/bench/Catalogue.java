package dev.tobira.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/** Every measurement the launcher knows, its groups, what it needs and its target. */
final class Catalogue {
    /** What a measurement is, which decides how the report reads it. */
    enum Kind {
        STREAM,
        POINT,
        GUARD,
        EXPORT,
        MEMORY,
        MCP
    }

    /**
     * One measurement.
     *
     * @param id stable name, the key in notes.json
     * @param title what the report calls it
     * @param kind how it is measured and judged
     * @param engine the engine's display name, empty for none
     * @param jmhClass the simple name of its JMH class, empty for the memory probe
     * @param target the target's number: a minimum ratio, a maximum ratio, or MB/s
     * @param tags the groups that select it on the command line
     * @param unavailable why it cannot run here, or empty
     */
    record Item(
            String id,
            String title,
            Kind kind,
            String engine,
            String jmhClass,
            double target,
            Set<String> tags,
            Supplier<Optional<String>> unavailable) {}

    static final List<Item> ITEMS = List.of(
            stream(SqlEngine.SQLITE, "SqliteStream", "sqlite"),
            stream(SqlEngine.DUCKDB, "DuckdbStream", "duckdb"),
            stream(SqlEngine.POSTGRES, "PostgresStream", "postgres"),
            stream(SqlEngine.MARIADB, "MariadbStream", "mariadb", "mysql"),
            new Item(
                    "stream-mongodb",
                    "Streaming throughput, MongoDB",
                    Kind.STREAM,
                    "MongoDB",
                    "MongoStream",
                    0.95,
                    Set.of("mongodb", "stream"),
                    MongoStream::unavailable),
            point(SqlEngine.SQLITE, "SqlitePoint", 1.10, "sqlite"),
            point(SqlEngine.POSTGRES, "PostgresPoint", 1.30, "postgres"),
            capped(SqlEngine.POSTGRES, "PostgresPointCapped", 1.30, "postgres"),
            point(SqlEngine.MARIADB, "MariadbPoint", 1.30, "mariadb", "mysql"),
            capped(SqlEngine.MARIADB, "MariadbPointCapped", 1.30, "mariadb", "mysql"),
            new Item(
                    "point-redis",
                    "Point read (HGETALL), Redis",
                    Kind.POINT,
                    "Redis",
                    "RedisPoint",
                    1.10,
                    Set.of("redis", "point"),
                    RedisPoint::unavailable),
            new Item(
                    "stream-dynamodb",
                    "Scan of every item, DynamoDB (dynalite)",
                    Kind.STREAM,
                    "DynamoDB",
                    "DynamoScan",
                    0.95,
                    Set.of("dynamodb", "stream"),
                    DynamoScan::unavailable),
            new Item(
                    "stream-qdrant",
                    "Scroll of 200,000 points, Qdrant",
                    Kind.STREAM,
                    "Qdrant",
                    "QdrantScroll",
                    0.95,
                    Set.of("qdrant", "stream"),
                    QdrantBench::unavailable),
            new Item(
                    "point-qdrant",
                    "Nearest 10 of 20,000 vectors (similar), Qdrant",
                    Kind.POINT,
                    "Qdrant",
                    "QdrantSimilar",
                    1.10,
                    Set.of("qdrant", "point"),
                    QdrantBench::unavailable),
            new Item(
                    "guard",
                    "Guard cost (lexer and StatementGuard)",
                    Kind.GUARD,
                    "",
                    "GuardBench",
                    200,
                    Set.of("guard"),
                    Optional::empty),
            new Item(
                    "export-postgres",
                    "Bulk export to CSV, PostgreSQL",
                    Kind.EXPORT,
                    "PostgreSQL",
                    "PostgresExport",
                    0.8,
                    Set.of("postgres", "export"),
                    PostgresExport::unavailable),
            // the MCP server's added latency in µs (target), and its rows per second (reported, no target)
            new Item(
                    "mcp-query",
                    "MCP query tool over stdio, 100 rows, SQLite",
                    Kind.MCP,
                    "",
                    "McpQuery",
                    1000,
                    Set.of("mcp", "sqlite"),
                    McpQuery::unavailable),
            new Item(
                    "mcp-rows",
                    "MCP query tool over stdio, 1,000 rows capped by max_rows, SQLite",
                    Kind.MCP,
                    "",
                    "McpQuery",
                    0,
                    Set.of("mcp", "sqlite"),
                    McpQuery::unavailable),
            memory(SqlEngine.POSTGRES, "postgres"),
            memory(SqlEngine.MARIADB, "mariadb", "mysql"));

    private Catalogue() {}

    private static Item stream(SqlEngine e, String cls, String... tags) {
        return new Item(
                "stream-" + tags[0],
                "Streaming throughput, " + e.display(),
                Kind.STREAM,
                e.display(),
                cls,
                0.95,
                tags(tags, "stream"),
                e::unavailable);
    }

    private static Item point(SqlEngine e, String cls, double max, String... tags) {
        return new Item(
                "point-" + tags[0],
                "Point read latency, " + e.display(),
                Kind.POINT,
                e.display(),
                cls,
                max,
                tags(tags, "point"),
                e::unavailable);
    }

    /** The point read with {@code Query.limit(1)}: the read the MCP server and the CLI send. */
    private static Item capped(SqlEngine e, String cls, double max, String... tags) {
        return new Item(
                "point-capped-" + tags[0],
                "Point read latency, " + e.display() + ", Query.limit(1)",
                Kind.POINT,
                e.display(),
                cls,
                max,
                tags(tags, "point"),
                e::unavailable);
    }

    private static Item memory(SqlEngine e, String... tags) {
        return new Item(
                "memory-" + tags[0],
                "Peak heap streaming 5M rows, " + e.display(),
                Kind.MEMORY,
                e.display(),
                "",
                0,
                tags(tags, "memory"),
                e::unavailable);
    }

    private static Set<String> tags(String[] engine, String group) {
        Set<String> s = new LinkedHashSet<>(List.of(engine));
        s.add(group);
        return Set.copyOf(s);
    }

    static Set<String> groups() {
        Set<String> all = new TreeSet<>();
        for (Item i : ITEMS) {
            all.addAll(i.tags());
        }
        all.add("all");
        return all;
    }

    /**
     * The items any of the words select, in catalogue order; no words, or {@code all}, selects
     * everything.
     *
     * @throws IllegalArgumentException for a word that is no group
     */
    static List<Item> select(List<String> words) {
        for (String w : words) {
            if (!groups().contains(w)) {
                throw new IllegalArgumentException("unknown group " + w + "; known: " + String.join(" ", groups()));
            }
        }
        List<Item> out = new ArrayList<>();
        for (Item i : ITEMS) {
            if (words.isEmpty() || words.contains("all") || words.stream().anyMatch(i.tags()::contains)) {
                out.add(i);
            }
        }
        return out;
    }

    static Optional<Item> byClass(String simpleName) {
        return ITEMS.stream().filter(i -> i.jmhClass().equals(simpleName)).findFirst();
    }
}
