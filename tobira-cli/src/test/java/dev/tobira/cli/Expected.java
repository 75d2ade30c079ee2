package dev.tobira.cli;

/** The outputs the end-to-end tests compare byte for byte, durations replaced by {@code <DURATION>}. */
final class Expected {
    private Expected() {}

    /** REFERENCE.md's table, exactly. */
    static final String TOTALS_TABLE = """
            name               orders  total
            ─────────────────  ──────  ─────
            Margaret Hamilton  1       150
            Grace Hopper       2       96.2
            Ada Lovelace       2       62.49
            Ken Thompson       1       31
            Linus Torvalds     1       23

            5 rows · <DURATION>
            """;

    /** REFERENCE.md's JSON, exactly. */
    static final String US_JSON = """
            {
              "columns": [{"name": "id", "type": "int"}, {"name": "name", "type": "string"}, {"name": "country", "type": "string"}],
              "rows": [
                {"id": 2, "name": "Grace Hopper", "country": "US"},
                {"id": 4, "name": "Margaret Hamilton", "country": "US"},
                {"id": 5, "name": "Ken Thompson", "country": "US"}
              ],
              "stats": {"rows_affected": -1, "duration_ms": <DURATION>, "truncated": false}
            }
            """;

    static final String US_TABLE = """
            id  name               country
            ──  ─────────────────  ───────
            2   Grace Hopper       US
            4   Margaret Hamilton  US
            5   Ken Thompson       US

            3 rows · <DURATION>
            """;

    static final String CUSTOMERS_QUERY = "select id, name, email, country, created_at from customers order by id";

    static final String CUSTOMERS_CSV = """
            id,name,email,country,created_at
            1,Ada Lovelace,ada@example.com,GB,2026-09-02
            2,Grace Hopper,grace@example.com,US,2026-09-10
            3,Linus Torvalds,,FI,2026-09-15
            4,Margaret Hamilton,margaret@example.com,US,2026-10-01
            5,Ken Thompson,ken@example.com,US,2026-10-20
            """;

    static final String CUSTOMERS_NDJSON = """
            {"id":1,"name":"Ada Lovelace","email":"ada@example.com","country":"GB","created_at":"2026-09-02"}
            {"id":2,"name":"Grace Hopper","email":"grace@example.com","country":"US","created_at":"2026-09-10"}
            {"id":3,"name":"Linus Torvalds","email":null,"country":"FI","created_at":"2026-09-15"}
            {"id":4,"name":"Margaret Hamilton","email":"margaret@example.com","country":"US","created_at":"2026-10-01"}
            {"id":5,"name":"Ken Thompson","email":"ken@example.com","country":"US","created_at":"2026-10-20"}
            """;

    static final String SQLITE_READ_ONLY =
            "error: sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA"
                    + " statements are allowed on a read-only connection: read-only violation\n";

    static final String SQLITE_MULTI =
            "error: sqlite: query: multiple statements are not supported yet: invalid query\n";

    static final String SHOP_CONFIG = """
            connections:
              - name: shop
                driver: sqlite
                dsn: sqlite:./shop.db
                read_only: true
            """;
}
