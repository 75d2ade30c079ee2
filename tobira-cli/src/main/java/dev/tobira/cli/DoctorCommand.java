package dev.tobira.cli;

import dev.tobira.api.Column;
import dev.tobira.api.Conn;
import dev.tobira.api.DriverException;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.format.OutputFormat;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code tobira doctor}: each connection opened read-only and pinged, each secret reference
 * resolved, the MCP section checked, the config file's and history's permissions. JSON lines when
 * standard output is not a terminal, a table otherwise; exits 1 when anything is not ok.
 */
// picocli sets the @Spec, @ParentCommand and @Option fields by reflection before call() runs
@SuppressWarnings("NullAway.Init")
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Check every connection, secret reference and file permission.")
final class DoctorCommand implements Callable<Integer> {
    private static final List<Column> COLUMNS =
            List.of(Listing.text("section"), Listing.text("name"), Listing.text("status"), Listing.text("detail"));

    @ParentCommand
    TobiraCommand root;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "table, json, ndjson or csv (default: table on a terminal, JSON lines otherwise)")
    String format;

    @Override
    public Integer call() {
        Io io = root.io;
        OutputFormat fmt = Listing.format(io, format, OutputFormat.NDJSON);
        Config config = root.loadConfig(spec);
        Connections connections = new Connections(io, config);
        List<Row> rows = new ArrayList<>();
        boolean healthy = true;
        if (config.connections().isEmpty()) {
            rows.add(row(
                    "connections",
                    "",
                    "warn",
                    config.file() == null
                            ? "no config file at " + Config.defaultFile(io.env)
                            : "no connections in " + config.file()));
            healthy = false;
        }
        for (Config.Conn c : config.connections()) {
            long start = System.nanoTime();
            try {
                Connections.Target t = connections.target(c.name(), true, java.time.Duration.ZERO);
                try (Conn conn = connections.open(t)) {
                    conn.ping();
                    long ms = (System.nanoTime() - start) / 1_000_000;
                    rows.add(row(
                            "connections",
                            c.name(),
                            "ok",
                            "reachable in " + ms + "ms (read-only open, driver "
                                    + conn.info().driver() + ")"));
                }
            } catch (CliException | DriverException e) {
                rows.add(row("connections", c.name(), "error", io.redactor().redact(String.valueOf(e.getMessage()))));
                healthy = false;
            }
        }
        healthy &= mcp(config, rows);
        healthy &= permissions(io, config, rows);
        Listing.print(io, COLUMNS, rows, fmt);
        return healthy ? 0 : 1;
    }

    private static boolean mcp(Config config, List<Row> rows) {
        if (config.mcp().isMissingNode() || config.mcp().isNull()) {
            rows.add(row("mcp", "mcp", "ok", "not configured; nothing is exposed"));
            return true;
        }
        Set<String> names = new LinkedHashSet<>();
        config.connections().forEach(c -> names.add(c.name()));
        List<String> expose = strings(config.mcp().path("expose"));
        List<String> writes = strings(config.mcp().path("allow_writes"));
        List<String> problems = new ArrayList<>();
        expose.stream()
                .filter(n -> !names.contains(n))
                .forEach(n -> problems.add("expose names unknown connection " + n));
        writes.stream()
                .filter(n -> !expose.contains(n))
                .forEach(n -> problems.add("allow_writes names " + n + ", which is not exposed"));
        if (!problems.isEmpty()) {
            rows.add(row("mcp", "mcp", "error", String.join("; ", problems)));
            return false;
        }
        rows.add(row(
                "mcp",
                "mcp",
                "ok",
                expose.isEmpty()
                        ? "nothing is exposed"
                        : "exposes " + String.join(", ", expose)
                                + (writes.isEmpty() ? "; no writes" : "; writes on " + String.join(", ", writes))));
        return true;
    }

    private static List<String> strings(com.fasterxml.jackson.databind.JsonNode n) {
        List<String> out = new ArrayList<>();
        if (n.isArray()) {
            n.forEach(x -> out.add(x.asText()));
        } else if (n.isTextual()) {
            out.add(n.asText());
        }
        return out;
    }

    private static boolean permissions(Io io, Config config, List<Row> rows) {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return true;
        }
        boolean ok = true;
        if (config.file() != null) {
            ok &= mode(rows, "config", config.file());
        }
        Path history = Recorder.file(io, config);
        if (Files.isSymbolicLink(history)) {
            // the history refuses it; reading the mode through it would report another file's
            rows.add(row(
                    "permissions",
                    "history",
                    "error",
                    history + " is a symbolic link, which the history refuses;"
                            + " name the file itself with history.file or TOBIRA_HISTORY"));
            ok = false;
        } else if (Files.exists(history)) {
            ok &= mode(rows, "history", history);
        }
        return ok;
    }

    private static boolean mode(List<Row> rows, String name, Path file) {
        try {
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
            List<String> wide = new ArrayList<>();
            if (p.contains(PosixFilePermission.GROUP_READ)) {
                wide.add("group-readable");
            }
            if (p.contains(PosixFilePermission.OTHERS_READ)) {
                wide.add("world-readable");
            }
            if (p.contains(PosixFilePermission.GROUP_WRITE) || p.contains(PosixFilePermission.OTHERS_WRITE)) {
                wide.add("writable by others");
            }
            String octal = octal(p);
            if (wide.isEmpty()) {
                rows.add(row("permissions", name, "ok", octal + " " + file));
                return true;
            }
            rows.add(row(
                    "permissions",
                    name,
                    "warn",
                    octal + " is " + String.join(", ", wide) + "; run chmod 600 " + file.getFileName()));
            return false;
        } catch (IOException e) {
            rows.add(row("permissions", name, "error", "cannot read the mode of " + file));
            return false;
        }
    }

    static String octal(Set<PosixFilePermission> p) {
        int m = 0;
        for (PosixFilePermission x : p) {
            m |= 1 << (8 - x.ordinal());
        }
        return String.format("%04o", m);
    }

    private static Row row(String section, String name, String status, String detail) {
        return Row.of(COLUMNS, Value.of(section), Value.of(name), Value.of(status), Value.of(detail));
    }
}
