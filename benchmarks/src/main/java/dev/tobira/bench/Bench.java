package dev.tobira.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The launcher behind {@code benchmarks/run.sh}: picks the measurements the arguments name (groups
 * such as {@code sqlite}, {@code stream} or {@code guard}; none means all), records why any cannot
 * run here, builds the datasets, runs the JMH benchmarks in one JMH invocation (tobira and raw side
 * by side), then the memory probes, merges the results into {@code results/latest.json} and prints
 * the ratio table. Arguments starting with {@code -} go to JMH ({@code -p size=1024}, {@code -prof gc},
 * {@code -wi 5}); {@code --report} only prints the table of the stored results; {@code --separate}
 * measures each side in its own fork instead of both by turns in one (see {@link Sides}). Exits with 3
 * when a selected measurement failed (a measurement that cannot run here is no failure).
 */
public final class Bench {
    private static final Set<String> JMH_FLAGS_WITHOUT_VALUE = Set.of("-h", "-l", "-lp", "-lprof", "-lrf");
    private static final long MEMORY_SMALL = 1_000_000;
    private static final long MEMORY_LARGE = 5_000_000;

    private Bench() {}

    /**
     * Runs the launcher.
     *
     * @param args groups, JMH flags, or {@code --report}
     * @throws Exception when the run cannot be recorded
     */
    public static void main(String[] args) throws Exception {
        Path results = Path.of(System.getProperty("tobira.bench.results", "benchmarks/results"))
                .toAbsolutePath();
        List<String> words = new ArrayList<>();
        List<String> flags = new ArrayList<>();
        boolean reportOnly = false;
        boolean separate = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--report")) {
                reportOnly = true;
            } else if (a.equals("--separate")) {
                separate = true;
            } else if (a.startsWith("-")) {
                flags.add(a);
                if (!JMH_FLAGS_WITHOUT_VALUE.contains(a) && i + 1 < args.length) {
                    flags.add(args[++i]);
                }
            } else {
                words.add(a.toLowerCase(Locale.ROOT));
            }
        }
        if (reportOnly) {
            Report.print(results);
            return;
        }
        List<Catalogue.Item> items;
        try {
            items = Catalogue.select(words);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Files.createDirectories(results.resolve("runs"));
        Notes notes = Notes.load(results);
        Instant started = Instant.now();
        String runId = started.truncatedTo(ChronoUnit.SECONDS).toString();
        ObjectNode run = notes.runs().addObject();
        run.put("id", runId);
        run.putPOJO("groups", words.isEmpty() ? List.of("all") : words);
        run.putPOJO("jmhFlags", flags);
        run.put("loadStart", Machine.loadAverage());
        run.put("rowsPerOp", Dataset.rows());
        notes.root().set("machine", Machine.describe());

        List<Catalogue.Item> jmh = new ArrayList<>();
        List<Catalogue.Item> memory = new ArrayList<>();
        List<String> includes = new ArrayList<>();
        Set<SqlEngine> engines = new java.util.LinkedHashSet<>();
        for (Catalogue.Item item : items) {
            Optional<String> why = item.unavailable().get();
            if (why.isPresent()) {
                System.out.println("[bench] " + item.id() + ": not run: " + why.get());
                notes.item(item.id(), "not run", why.get(), runId);
                continue;
            }
            if (item.kind() == Catalogue.Kind.MEMORY) {
                memory.add(item);
                continue;
            }
            jmh.add(item);
            String methods = switch (item.kind()) {
                case GUARD -> "";
                case EXPORT -> {
                    Optional<String> psql = PostgresExport.psqlAbsent();
                    notes.item("export-postgres-psql", psql.isPresent() ? "not run" : "ran", psql.orElse(""), runId);
                    yield psql.isPresent() ? "(tobira|jdbc)$" : separate ? "(tobira|jdbc|psql)$" : "trio$";
                }
                default -> separate ? "(tobira|raw)$" : "pair$";
            };
            includes.add("^dev\\.tobira\\.bench\\." + item.jmhClass() + "\\." + methods);
            for (SqlEngine e : SqlEngine.values()) {
                if (e.display().equals(item.engine())) {
                    engines.add(e);
                }
            }
        }
        for (SqlEngine e : engines) {
            long t = System.nanoTime();
            System.out.println(
                    "[bench] " + e.display() + ": checking the dataset (" + Dataset.rows() + " rows; built once)");
            e.ensureData();
            System.out.printf(
                    Locale.ROOT, "[bench] %s: dataset ready in %.1f s%n", e.display(), (System.nanoTime() - t) / 1e9);
        }

        if (!includes.isEmpty()) {
            Path runFile = results.resolve("runs").resolve(runId.replace(':', '-') + ".json");
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .parent(new CommandLineOptions(flags.toArray(String[]::new)))
                    .resultFormat(ResultFormatType.JSON)
                    .result(runFile.toString())
                    .jvmArgsPrepend("-Dtobira.bench.dir=" + Dataset.dir(), "-Dtobira.bench.rows=" + Dataset.rows());
            for (String regex : includes) {
                options.include(regex);
            }
            new Runner(options.build()).run();
            Set<String> measured = new HashSet<>();
            if (Files.exists(runFile)) {
                for (JsonNode e : Notes.JSON.readTree(runFile.toFile())) {
                    String b = e.path("benchmark").asText();
                    measured.add(b.substring("dev.tobira.bench.".length(), b.lastIndexOf('.')));
                }
                Notes.merge(results.resolve("latest.json"), runFile);
            }
            for (Catalogue.Item item : jmh) {
                if (measured.contains(item.jmhClass())) {
                    notes.item(item.id(), "ran", "", runId);
                } else {
                    notes.item(
                            item.id(),
                            "failed",
                            "no result in run " + runId + "; see benchmarks/results/last-run.log",
                            runId);
                }
            }
        }

        for (Catalogue.Item item : memory) {
            String engine = item.tags().contains("postgres") ? "postgres" : "mariadb";
            ArrayNode probes = notes.object("memory").putArray(engine);
            boolean ok = true;
            for (String[] probe : List.of(
                    new String[] {"tobira", Long.toString(MEMORY_SMALL)},
                    new String[] {"tobira", Long.toString(MEMORY_LARGE)},
                    new String[] {"raw", Long.toString(MEMORY_LARGE)})) {
                ObjectNode result = heapProbe(engine, probe[0], probe[1]);
                probes.add(result);
                ok &= !result.has("error");
            }
            notes.item(item.id(), ok ? "ran" : "failed", ok ? "" : "a probe failed; see notes.json", runId);
        }

        run.put("loadEnd", Machine.loadAverage());
        run.put("seconds", ChronoUnit.SECONDS.between(started, Instant.now()));
        notes.save();
        Report.print(results);
        boolean failed = false;
        for (Catalogue.Item item : items) {
            failed |= notes.root()
                    .path("items")
                    .path(item.id())
                    .path("status")
                    .asText()
                    .equals("failed");
        }
        if (failed) {
            System.err.println("[bench] some measurements failed; see the table and benchmarks/results/last-run.log");
            System.exit(3);
        }
    }

    private static ObjectNode heapProbe(String engine, String side, String rows)
            throws IOException, InterruptedException {
        System.out.println("[bench] memory: " + engine + " " + side + " " + rows + " rows under -Xmx64m");
        Path err = Files.createTempFile("tobira-heap", ".log");
        try {
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(
                            java,
                            "-Xms64m",
                            "-Xmx64m",
                            "-cp",
                            System.getProperty("java.class.path"),
                            HeapProbe.class.getName(),
                            engine,
                            side,
                            rows)
                    .redirectError(err.toFile())
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            boolean done = p.waitFor(10, TimeUnit.MINUTES);
            if (!done) {
                p.destroyForcibly();
            }
            String line = out.isEmpty() ? "" : out.substring(out.lastIndexOf('\n') + 1);
            if (done && p.exitValue() == 0 && line.startsWith("{")) {
                ObjectNode result = (ObjectNode) Notes.JSON.readTree(line);
                System.out.println("[bench] memory: " + line);
                return result;
            }
            List<String> lines = Files.readAllLines(err);
            String tail = String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
            ObjectNode failure = Notes.JSON.createObjectNode();
            failure.put("engine", engine);
            failure.put("side", side);
            failure.put("rows", Long.parseLong(rows));
            failure.put("error", done ? "exit " + p.exitValue() + ": " + tail : "timed out after 10 minutes");
            System.out.println("[bench] memory: failed: " + failure.get("error").asText());
            return failure;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
