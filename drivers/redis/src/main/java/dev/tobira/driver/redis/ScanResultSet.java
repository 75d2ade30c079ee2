package dev.tobira.driver.redis;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.PagedResultSet;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a SCAN, HSCAN, SSCAN or ZSCAN, following the server's cursor page by page as the
 * caller iterates, from the cursor given to the end of the iteration (cursor 0). The limit stops
 * the iteration: no page is asked for past it. Each page is one command, bounded by the query
 * timeout; a page that fails ends the result with the error.
 */
final class ScanResultSet extends PagedResultSet<Row> {
    /** Where the cursor is in each scanning command's arguments. */
    private static final Map<String, Integer> CURSOR_AT = Map.of("scan", 1, "hscan", 2, "sscan", 2, "zscan", 2);

    private final RedisSession session;
    private final int db;
    private final Duration timeout;
    private final Consumer<ScanResultSet> onRelease;
    private final int cursorAt;
    private CommandLine cmd;
    private String cursor;

    private ScanResultSet(
            RedisSession session,
            Scan first,
            int cursorAt,
            int db,
            Duration timeout,
            List<Column> columns,
            long limit,
            long startNanos,
            Consumer<ScanResultSet> onRelease) {
        super(
                RedisDriver.NAME,
                columns,
                limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(),
                startNanos,
                first.rows());
        this.onRelease = onRelease;
        this.session = session;
        this.cmd = first.cmd();
        this.cursorAt = cursorAt;
        this.cursor = first.cursor();
        this.db = db;
        this.timeout = timeout;
    }

    /** One page: the command that asked for it, the cursor it answered, and its rows. */
    private record Scan(CommandLine cmd, String cursor, List<Row> rows) {}

    /** Whether the command is a scan this class follows: a SCAN-family command with its cursor argument. */
    static boolean applies(CommandLine cmd) {
        Integer at = CURSOR_AT.get(cmd.name());
        return at != null && cmd.size() > at;
    }

    /** Runs the first page now, so a bad command fails from the query call itself. */
    static ScanResultSet start(
            RedisSession session,
            CommandLine cmd,
            int db,
            Duration timeout,
            long limit,
            long startNanos,
            Consumer<ScanResultSet> onRelease) {
        String name = cmd.name();
        List<Column> columns;
        switch (name) {
            case "scan":
                columns = List.of(text("key"));
                break;
            case "sscan":
                columns = List.of(text("member"));
                break;
            case "zscan":
                columns = List.of(text("member"), text("score"));
                break;
            default:
                columns = cmd.hasWord("novalues") ? List.of(text("field")) : List.of(text("field"), text("value"));
                break;
        }
        Integer at = CURSOR_AT.get(name);
        if (at == null || !applies(cmd)) {
            throw new IllegalArgumentException(name + " is not a scan with a cursor");
        }
        String cursor = new String(cmd.arg(at), StandardCharsets.UTF_8);
        Scan first = load(session, cmd, at, cursor, db, timeout, columns);
        return new ScanResultSet(session, first, at, db, timeout, columns, limit, startNanos, onRelease);
    }

    private static Column text(String name) {
        return Column.of(name, Value.Kind.TEXT, "string", false);
    }

    /** The next page, until the server's cursor is back at 0. */
    @Override
    protected @Nullable Iterable<Row> nextPage() {
        if (cursor.equals("0")) {
            return null;
        }
        Scan next = load(session, cmd, cursorAt, cursor, db, timeout, columns());
        cmd = next.cmd();
        cursor = next.cursor();
        return next.rows();
    }

    @Override
    protected Row row(Row row) {
        return row;
    }

    private static Scan load(
            RedisSession session,
            CommandLine scan,
            int cursorAt,
            String cursor,
            int db,
            Duration timeout,
            List<Column> columns) {
        int width = columns.size();
        CommandLine cmd = scan.withArg(cursorAt, cursor.getBytes(StandardCharsets.UTF_8));
        Reply reply = session.call(cmd, db, timeout, "query");
        List<Reply> parts = Reply.elements(reply);
        if (parts.size() != 2) {
            throw DriverException.of(
                    ErrorKind.INTERNAL,
                    RedisDriver.NAME,
                    "query",
                    "unexpected reply to " + cmd + ": expected a cursor and a page");
        }
        List<Reply> items = Reply.elements(parts.get(1));
        List<Row> rows = new ArrayList<>(items.size() / width);
        for (int i = 0; i + width <= items.size(); i += width) {
            Value[] values = new Value[width];
            for (int j = 0; j < width; j++) {
                values[j] = items.get(i + j).value();
            }
            rows.add(Row.of(columns, values));
        }
        return new Scan(cmd, Reply.text(parts.get(0)), rows);
    }

    @Override
    protected void released() {
        onRelease.accept(this);
    }

    @Override
    protected void cancel() {
        session.cancel();
    }
}
