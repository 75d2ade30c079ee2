package dev.tobira.cli;

import dev.tobira.api.Capability;
import dev.tobira.api.Column;
import dev.tobira.api.Driver;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.format.OutputFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code tobira drivers}: the drivers on the class path, their DSN schemes and declared capabilities. */
// picocli sets the @Spec, @ParentCommand and @Option fields by reflection before call() runs
@SuppressWarnings("NullAway.Init")
@Command(
        name = "drivers",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "List the drivers found, their DSN schemes and declared capabilities.")
final class DriversCommand implements Callable<Integer> {
    private static final List<Column> COLUMNS =
            List.of(Listing.text("driver"), Listing.text("schemes"), Listing.text("capabilities"));

    @ParentCommand
    TobiraCommand root;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "table, json, ndjson or csv (default: table on a terminal, json otherwise)")
    String format;

    @Override
    public Integer call() {
        Io io = root.io;
        OutputFormat fmt = Listing.format(io, format, OutputFormat.JSON);
        List<Driver> drivers =
                new ArrayList<>(new Connections(io, Config.empty()).registry().drivers());
        drivers.sort(Comparator.comparing(Driver::name));
        List<Row> rows = new ArrayList<>();
        for (Driver d : drivers) {
            String caps = d.declared().stream().sorted().map(Capability::word).collect(Collectors.joining(" "));
            rows.add(Row.of(
                    COLUMNS,
                    Value.of(d.name()),
                    Value.of(String.join(" ", new TreeSet<>(d.schemes()))),
                    Value.of(caps)));
        }
        Listing.print(io, COLUMNS, rows, fmt);
        return 0;
    }
}
