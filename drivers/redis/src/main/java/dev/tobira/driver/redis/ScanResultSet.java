package dev.tobira.driver.redis;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CursorResultSet;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a SCAN, HSCAN, SSCAN or ZSCAN, following the server's cursor page by page as the
 * caller iterates, from the cursor given to the end of the iteration (cursor 0). The limit stops
 * the iteration: no page is asked for past it. Each page is one command, bounded by the query
 * timeout; a page that fails ends the result with the error.
 */
final class ScanResultSet extends CursorResultSet {
    /** Where the cursor is in each scanning command's arguments. */
    private static final Map<String, Integer> CURSOR_AT = Map.of("scan", 1, "hscan", 2, "sscan", 2, "zscan", 2);

    private final RedisSession session;
    private final int db;
    private final Duration timeout;
    private final int width;
    private final ArrayDeque<Row> page = new ArrayDeque<>();
    private final Consumer<ScanResultSet> onRelease;
    private final int cursorAt;
    private CommandLine cmd;
    private String cursor;
    private boolean first = true;

    private ScanResultSet(
            RedisSession session,
            CommandLine cmd,
            int cursorAt,
            int db,
            Duration timeout,
            List<Column> columns,
            long limit,
            long startNanos,
            Consumer<ScanResultSet> onRelease) {
        super(RedisDriver.NAME, columns, limit, startNanos);
        this.onRelease = onRelease;
        this.session = session;
        this.cmd = cmd;
        this.cursorAt = cursorAt;
        this.cursor = new String(cmd.arg(cursorAt), StandardCharsets.UTF_8);
        this.db = db;
        this.timeout = timeout;
        this.width = columns.size();
    }

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
        ScanResultSet rs = new ScanResultSet(session, cmd, at, db, timeout, columns, limit, startNanos, onRelease);
        rs.load();
        return rs;
    }

    private static Column text(String name) {
        return new Column(name, Value.Kind.TEXT, "string", false);
    }

    @Override
    protected @Nullable Row fetch() {
        while (page.isEmpty()) {
            if (cursor.equals("0") && !first) {
                return null;
            }
            load();
        }
        return page.poll();
    }

    private void load() {
        cmd = cmd.withArg(cursorAt, cursor.getBytes(StandardCharsets.UTF_8));
        Reply reply = session.call(cmd, db, timeout, "query");
        first = false;
        List<Reply> parts = Reply.elements(reply);
        if (parts.size() != 2) {
            throw DriverException.of(
                    ErrorKind.INTERNAL,
                    RedisDriver.NAME,
                    "query",
                    "unexpected reply to " + cmd + ": expected a cursor and a page");
        }
        cursor = Reply.text(parts.get(0));
        List<Reply> items = Reply.elements(parts.get(1));
        for (int i = 0; i + width <= items.size(); i += width) {
            Value[] values = new Value[width];
            for (int j = 0; j < width; j++) {
                values[j] = items.get(i + j).value();
            }
            page.add(Row.of(columns(), values));
        }
    }

    @Override
    protected void release() {
        page.clear();
        onRelease.accept(this);
    }

    @Override
    protected void cancel() {
        session.cancel();
    }
}
