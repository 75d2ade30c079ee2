package dev.tobira.cli;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.format.OutputFormat;
import dev.tobira.history.History;
import dev.tobira.history.HistoryEntry;
import dev.tobira.history.HistoryFilter;
import dev.tobira.history.Source;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code tobira history}: the last queries and MCP tool calls, newest first; {@code history clear}. */
// picocli sets the @Spec, @ParentCommand and @Option fields by reflection before call() runs
@SuppressWarnings("NullAway.Init")
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Show the recorded queries and MCP tool calls, newest first.",
        subcommands = HistoryCommand.Clear.class)
final class HistoryCommand implements Callable<Integer> {
    private static final List<Column> TABLE = List.of(
            Column.of("at", Value.Kind.TIMESTAMP),
            Listing.text("conn"),
            Listing.text("source"),
            Listing.text("client"),
            Column.of("ok", Value.Kind.BOOL),
            Column.of("rows", Value.Kind.INT),
            Column.of("ms", Value.Kind.INT),
            Listing.text("query"));
    private static final List<Column> FULL;

    static {
        List<Column> full = new ArrayList<>(TABLE);
        full.add(Listing.text("error"));
        FULL = List.copyOf(full);
    }

    @ParentCommand
    TobiraCommand root;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "table, json, ndjson or csv (default: table on a terminal, json otherwise)")
    String format;

    @Option(
            names = "--limit",
            paramLabel = "N",
            defaultValue = "50",
            description = "the most entries shown (default: 50)")
    int limit;

    @Option(names = "--mcp", description = "only MCP tool calls")
    boolean mcp;

    @Option(names = "--cli", description = "only the command's queries")
    boolean cli;

    @Option(names = "--conn", paramLabel = "NAME", description = "only calls on this connection")
    String conn;

    @Override
    public Integer call() {
        Io io = root.io;
        if (limit < 1) {
            throw CliException.usage("--limit must be 1 or more");
        }
        if (mcp && cli) {
            throw CliException.usage("--mcp and --cli exclude each other");
        }
        OutputFormat fmt = Listing.format(io, format, OutputFormat.JSON);
        Config config = root.loadConfig(spec);
        HistoryFilter filter = HistoryFilter.latest(limit);
        if (mcp) {
            filter = filter.withSource(Source.MCP);
        }
        if (cli) {
            filter = filter.withSource(Source.CLI);
        }
        if (conn != null) {
            filter = filter.withConnection(conn);
        }
        List<HistoryEntry> entries;
        try (History h = Recorder.open(io, config)) {
            entries = h.recent(filter);
        }
        boolean table = fmt == OutputFormat.TABLE;
        List<Column> columns = table ? TABLE : FULL;
        List<Row> rows = new ArrayList<>();
        for (HistoryEntry e : entries) {
            List<Value> v = new ArrayList<>(List.of(
                    Value.of(e.at().truncatedTo(ChronoUnit.SECONDS)),
                    Value.of(e.connection()),
                    Value.of(e.source().id()),
                    Value.of(e.clientLabel()),
                    Value.of(e.ok()),
                    Value.of(e.rows()),
                    Value.of(e.duration().toMillis()),
                    Value.of(e.display())));
            if (!table) {
                v.add(Value.of(e.error()));
            }
            rows.add(Row.of(columns, v));
        }
        Listing.print(io, columns, rows, fmt);
        return 0;
    }

    /** {@code tobira history clear}. */
    // picocli sets the @Spec, @ParentCommand and @Option fields by reflection before call() runs
    @SuppressWarnings("NullAway.Init")
    @Command(
            name = "clear",
            mixinStandardHelpOptions = true,
            versionProvider = Version.class,
            description = "Delete every recorded entry.")
    static final class Clear implements Callable<Integer> {
        @ParentCommand
        HistoryCommand history;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Io io = history.root.io;
            Config config = history.root.loadConfig(spec);
            long n;
            try (History h = Recorder.open(io, config)) {
                n = h.clear();
            }
            io.err.println("cleared " + n + (n == 1 ? " entry" : " entries") + " from " + Recorder.file(io, config));
            return 0;
        }
    }
}
