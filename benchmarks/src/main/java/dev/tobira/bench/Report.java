package dev.tobira.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The ratio table: pairs each tobira measurement in {@code latest.json} with its raw counterpart
 * from the same JMH invocation and judges it against its target; adds the memory probes and every
 * measurement that did not run, with the reason, from {@code notes.json}. Prints Markdown and writes
 * it to {@code results/latest.md}. Runnable alone: {@code benchmarks/run.sh --report}.
 *
 * <p>A {@code pair} (or {@code trio}) benchmark timed both sides in every invocation (see
 * {@link Sides}): its ratio is taken per iteration, from sides that shared the same seconds of
 * machine load, and the median of those ratios is the verdict's. Results of separate forks
 * ({@code tobira}, {@code raw}) are used when no pair result exists: the ratio of their medians.
 */
public final class Report {
    private static final String PREFIX = "dev.tobira.bench.";

    private final JsonNode latest;
    private final JsonNode notes;
    private final List<String> rows = new ArrayList<>();
    private String run = "";

    private Report(JsonNode latest, JsonNode notes) {
        this.latest = latest;
        this.notes = notes;
    }

    /**
     * Prints the table of the stored results.
     *
     * @param args optionally the results directory
     * @throws IOException when the results cannot be read
     */
    public static void main(String[] args) throws IOException {
        print(Path.of(args.length > 0 ? args[0] : "benchmarks/results").toAbsolutePath());
    }

    static void print(Path dir) throws IOException {
        Path latestFile = dir.resolve("latest.json");
        Path notesFile = dir.resolve("notes.json");
        JsonNode latest =
                Files.exists(latestFile) ? Notes.JSON.readTree(latestFile.toFile()) : Notes.JSON.createArrayNode();
        JsonNode notes =
                Files.exists(notesFile) ? Notes.JSON.readTree(notesFile.toFile()) : Notes.JSON.createObjectNode();
        String md = new Report(latest, notes).render();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("latest.md"), md);
        System.out.println();
        System.out.print(md);
    }

    private String render() {
        StringBuilder sb = new StringBuilder();
        JsonNode m = notes.path("machine");
        sb.append(String.format(
                Locale.ROOT,
                "Machine: %s, %d CPUs (nproc), %d MB; %s%n%s%n%n",
                m.path("cpu").asText("?"),
                m.path("nproc").asInt(),
                m.path("memoryMb").asLong(),
                m.path("os").asText("?"),
                m.path("java").asText("?")));
        sb.append(
                "Times per operation: median of the measured iterations [fastest–slowest]. Ratios: median of the per-iteration"
                        + " ratios of sides timed by turns in the same invocations [lowest–highest]; the verdict uses the median.\n\n");
        sb.append("| measurement | target | tobira | raw / anchor | ratio | verdict | run (load) |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        for (Catalogue.Item item : Catalogue.ITEMS) {
            JsonNode state = notes.path("items").path(item.id());
            String status = state.path("status").asText("");
            run = runLabel(state.path("run").asText(""));
            if (status.isEmpty()) {
                row(item.title(), target(item), "", "", "", "not run yet");
                continue;
            }
            if (!status.equals("ran")) {
                row(
                        item.title(),
                        target(item),
                        "",
                        "",
                        "",
                        status + ": " + state.path("why").asText());
                continue;
            }
            switch (item.kind()) {
                case STREAM, POINT -> paired(item);
                case GUARD -> guard(item);
                case EXPORT -> export(item);
                case MEMORY -> memory(item);
                case MCP -> mcp(item);
                default -> throw new IllegalStateException(item.kind().toString());
            }
        }
        for (String r : rows) {
            sb.append(r).append('\n');
        }
        sb.append("\nRuns (load average 1/5/15 min at start → end):\n");
        for (JsonNode r : notes.path("runs")) {
            sb.append(String.format(
                    Locale.ROOT,
                    "- %s: groups %s, %s → %s, %d s%n",
                    r.path("id").asText(),
                    r.path("groups"),
                    r.path("loadStart").asText(),
                    r.path("loadEnd").asText("(unfinished)"),
                    r.path("seconds").asLong()));
        }
        return sb.toString();
    }

    private void row(String... cells) {
        rows.add("| " + String.join(" | ", cells) + " | " + run + " |");
    }

    private String runLabel(String id) {
        for (JsonNode r : notes.path("runs")) {
            if (r.path("id").asText().equals(id)) {
                return id + " (" + r.path("loadStart").asText("?").split(" ", -1)[0] + ")";
            }
        }
        return id;
    }

    private static String target(Catalogue.Item item) {
        return switch (item.kind()) {
            case STREAM -> String.format(Locale.ROOT, "≥ %.2f of raw throughput", item.target());
            case POINT -> String.format(Locale.ROOT, "≤ %.2f× raw latency", item.target());
            case GUARD -> String.format(Locale.ROOT, "≥ %.0f MB/s at 1 KB, linear", item.target());
            case EXPORT -> String.format(Locale.ROOT, "≥ %.1f of psql throughput", item.target());
            case MEMORY -> "constant from 1M to 5M rows";
            case MCP ->
                item.target() > 0
                        ? String.format(Locale.ROOT, "≤ %.0f µs added at the median", item.target())
                        : "rows/s reported";
        };
    }

    // ---------------------------------------------------------------- reading latest.json

    /** The result of one benchmark method, of the given {@code size} parameter or (null) of any. */
    private Optional<JsonNode> find(String cls, String method, @Nullable String size) {
        for (JsonNode e : latest) {
            if (e.path("benchmark").asText().equals(PREFIX + cls + "." + method)
                    && (size == null || e.path("params").path("size").asText().equals(size))) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    private static double[] iterations(JsonNode metric) {
        List<Double> values = new ArrayList<>();
        for (JsonNode fork : metric.path("rawData")) {
            for (JsonNode v : fork) {
                values.add(v.asDouble());
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The rows of one operation: the last {@code -Dtobira.bench.rows} of the fork, the one the JVM keeps. */
    private static long rowsPerOp(JsonNode e) {
        long rows = Dataset.DEFAULT_ROWS;
        for (JsonNode a : e.path("jvmArgs")) {
            String s = a.asText();
            if (s.startsWith("-Dtobira.bench.rows=")) {
                rows = Long.parseLong(s.substring(s.indexOf('=') + 1));
            }
        }
        return rows;
    }

    private static double nanosPer(String unit) {
        return switch (unit) {
            case "s/op" -> 1e9;
            case "ms/op" -> 1e6;
            case "us/op" -> 1e3;
            case "ns/op" -> 1;
            default -> throw new IllegalStateException("unexpected unit " + unit);
        };
    }

    /** Per-iteration nanoseconds per operation of one side. */
    private static final class Series {
        private final double[] nanos;

        Series(double[] nanos) {
            this.nanos = nanos;
        }

        double[] nanos() {
            return nanos;
        }

        double median() {
            return Report.median(nanos);
        }

        double min() {
            return Arrays.stream(nanos).min().orElse(Double.NaN);
        }

        double max() {
            return Arrays.stream(nanos).max().orElse(Double.NaN);
        }
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** A side of a pair or trio result, from its counter: nanoseconds over invocations, per iteration. */
    private static Series side(JsonNode pair, String counter) {
        double[] nanos = iterations(pair.path("secondaryMetrics").path(counter));
        double[] ops = iterations(pair.path("secondaryMetrics").path("ops"));
        double[] perOp = new double[Math.min(nanos.length, ops.length)];
        for (int i = 0; i < perOp.length; i++) {
            perOp[i] = nanos[i] / Math.max(1, ops[i]);
        }
        return new Series(perOp);
    }

    /** A separately forked result, in nanoseconds per operation. */
    private static Series alone(JsonNode e) {
        double scale = nanosPer(e.path("primaryMetric").path("scoreUnit").asText());
        return new Series(Arrays.stream(iterations(e.path("primaryMetric")))
                .map(v -> v * scale)
                .toArray());
    }

    /** Ratios a/b: per iteration when the sides were timed together, else of medians with the extremes' range. */
    private static double[] ratios(Series a, Series b, boolean together) {
        if (together) {
            double[] r = new double[Math.min(a.nanos().length, b.nanos().length)];
            for (int i = 0; i < r.length; i++) {
                r[i] = a.nanos()[i] / b.nanos()[i];
            }
            return r;
        }
        return new double[] {a.min() / b.max(), a.median() / b.median(), a.max() / b.min()};
    }

    private static String ratioText(double[] r) {
        double lo = Arrays.stream(r).min().orElse(Double.NaN);
        double hi = Arrays.stream(r).max().orElse(Double.NaN);
        return String.format(Locale.ROOT, "%.3f [%.2f–%.2f]", median(r), lo, hi);
    }

    private static String noise(double[] r, double target) {
        double lo = Arrays.stream(r).min().orElse(Double.NaN);
        double hi = Arrays.stream(r).max().orElse(Double.NaN);
        return lo <= target && target <= hi ? " (within noise: the range spans the target)" : "";
    }

    private static String time(Series s, boolean micros, long rows) {
        double scale = micros ? 1e3 : 1e6;
        String unit = micros ? "µs" : "ms";
        String t = String.format(
                Locale.ROOT,
                "%s [%s–%s] %s/op",
                num(s.median() / scale),
                num(s.min() / scale),
                num(s.max() / scale),
                unit);
        return rows > 1 ? t + String.format(Locale.ROOT, " = %.2f M rows/s", rows / (s.median() / 1e9) / 1e6) : t;
    }

    private static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    private void missing(Catalogue.Item item, String what) {
        row(item.title(), target(item), "", "", "", "no result for " + what + " in latest.json");
    }

    // ---------------------------------------------------------------- the kinds

    /** The MCP server against the same read made directly: the time it adds per call, and its rows per second. */
    private void mcp(Catalogue.Item item) {
        String size = item.id().equals("mcp-query") ? "100" : "1000";
        // the server as it runs by default, history recorded; -p history=false runs are for diagnosis
        Optional<JsonNode> pair = Optional.empty();
        for (JsonNode e : latest) {
            if (e.path("benchmark").asText().equals(PREFIX + item.jmhClass() + ".pair")
                    && e.path("params").path("size").asText().equals(size)
                    && e.path("params").path("history").asText().equals("true")) {
                pair = Optional.of(e);
            }
        }
        if (pair.isEmpty()) {
            missing(item, "pair (size " + size + ", history true)");
            return;
        }
        Series t = side(pair.get(), "tobiraNanos");
        Series r = side(pair.get(), "rawNanos");
        double[] added = new double[Math.min(t.nanos().length, r.nanos().length)];
        for (int i = 0; i < added.length; i++) {
            added[i] = (t.nanos()[i] - r.nanos()[i]) / 1e3;
        }
        double m = median(added);
        long rows = Long.parseLong(size);
        String addedText = String.format(
                Locale.ROOT,
                "added %s µs [%s–%s]",
                num(m),
                num(Arrays.stream(added).min().orElse(Double.NaN)),
                num(Arrays.stream(added).max().orElse(Double.NaN)));
        String verdict = item.target() > 0
                ? (m <= item.target()
                        ? String.format(Locale.ROOT, "met (%+.0f µs per call)", m)
                        : String.format(Locale.ROOT, "MISSED by %.0f µs (%+.0f µs per call)", m - item.target(), m))
                : String.format(
                        Locale.ROOT,
                        "%,.0f rows/s through the server, %,.0f direct",
                        rows / (t.median() / 1e9),
                        rows / (r.median() / 1e9));
        row(
                item.title(),
                target(item),
                time(t, true, rows),
                time(r, true, rows),
                ratioText(ratios(t, r, true)) + "; " + addedText,
                verdict);
    }

    private void paired(Catalogue.Item item) {
        boolean stream = item.kind() == Catalogue.Kind.STREAM;
        Optional<JsonNode> pair = find(item.jmhClass(), "pair", null);
        Series t;
        Series r;
        Optional<Series> floor = Optional.empty();
        Optional<Series> byHand = Optional.empty();
        long rows;
        boolean together = pair.isPresent();
        if (together) {
            t = side(pair.get(), "tobiraNanos");
            r = side(pair.get(), "rawNanos");
            Series anchor = side(pair.get(), "anchorNanos");
            floor = anchor.median() > 0 ? Optional.of(anchor) : Optional.empty();
            Series hand = side(pair.get(), "byHandNanos");
            byHand = hand.median() > 0 ? Optional.of(hand) : Optional.empty();
            rows = rowsPerOp(pair.get());
        } else {
            Optional<JsonNode> te = find(item.jmhClass(), "tobira", null);
            Optional<JsonNode> re = find(item.jmhClass(), "raw", null);
            if (te.isEmpty() || re.isEmpty()) {
                missing(item, "pair (or tobira and raw)");
                return;
            }
            t = alone(te.get());
            r = alone(re.get());
            rows = rowsPerOp(te.get());
        }
        String title = item.title()
                + (stream ? String.format(Locale.ROOT, " (%,d rows/op)", rows) : "")
                + (together ? "" : " (separate forks)");
        if (stream) {
            // throughput ratio: raw time over tobira time
            double[] ratio = ratios(r, t, together);
            double m = median(ratio);
            String verdict = (m >= item.target()
                            ? String.format(Locale.ROOT, "met (%.0f%% of raw)", m * 100)
                            : String.format(
                                    Locale.ROOT,
                                    "MISSED by %.0f points (tobira at %.0f%% of raw)",
                                    (item.target() - m) * 100,
                                    m * 100))
                    + noise(ratio, item.target())
                    + floor.map(f -> String.format(
                                    Locale.ROOT,
                                    "; the Row iterator at %.0f%% of raw",
                                    median(ratios(r, f, true)) * 100))
                            .orElse("");
            // the third side of a streaming pair is tobira's row iterator, reported beside forEachRow's
            String tobiraText = floor.map(
                            f -> "forEachRow: " + time(t, false, rows) + "; Row iterator: " + time(f, false, rows))
                    .orElse(time(t, false, rows));
            String ratioCell = floor.map(
                            f -> "forEachRow: " + ratioText(ratio) + "; Row iterator: " + ratioText(ratios(r, f, true)))
                    .orElse(ratioText(ratio));
            row(title, target(item), tobiraText, time(r, false, rows), ratioCell, verdict);
        } else {
            double[] ratio = ratios(t, r, together);
            double m = median(ratio);
            double extra = (t.median() - r.median()) / 1e3;
            String verdict = (m <= item.target()
                            ? String.format(Locale.ROOT, "met (%+.1f µs per read)", extra)
                            : String.format(
                                    Locale.ROOT, "MISSED by %.2f× (%+.1f µs per read)", m - item.target(), extra))
                    + noise(ratio, item.target());
            // the anchor of a point read: one more round trip on a server, the statement prepared once when embedded
            boolean server = server(item);
            String rawText = time(r, true, 0)
                    + floor.map(f -> (server
                                            ? "; raw after one more round trip (select 1): "
                                            : "; raw on a statement prepared once: ")
                                    + time(f, true, 0))
                            .orElse("");
            String ratioCell = ratioText(ratio)
                    + floor.map(f -> (server ? "; one more round trip alone: " + ratioText(ratios(f, r, true)) : "")
                                    + "; tobira / that: " + ratioText(ratios(t, f, true)))
                            .orElse("")
                    + byHand.map(h -> "; the guard by hand alone: " + ratioText(ratios(h, r, true))
                                    + "; tobira / by hand: " + ratioText(ratios(t, h, true)))
                            .orElse("");
            rawText += byHand.map(h -> "; raw inside the guard's read-only mechanism by hand: " + time(h, true, 0))
                    .orElse("");
            row(title, target(item), time(t, true, 0), rawText, ratioCell, verdict);
        }
    }

    /** Whether the item measures a server engine (the point read's anchor depends on it). */
    private static boolean server(Catalogue.Item item) {
        for (SqlEngine e : SqlEngine.values()) {
            if (e.display().equals(item.engine())) {
                return e.server();
            }
        }
        return true;
    }

    /** Per-iteration MB/s (10^6 bytes per second) of one size of a {@link GuardBench} pass. */
    private static double[] rates(JsonNode e, int size) {
        return rates(e, size, "nanos");
    }

    /** The same from a counter family: "nanos" (wall clock) or "cpu" (the thread's CPU time). */
    private static double[] rates(JsonNode e, int size, String family) {
        String counter = family
                + switch (size) {
                    case 0 -> "100";
                    case 1 -> "1k";
                    default -> "100k";
                };
        double[] nanos = iterations(e.path("secondaryMetrics").path(counter));
        double[] ops = iterations(e.path("secondaryMetrics").path("ops"));
        double bytesPerPass = (double) GuardBench.SIZES[size] * GuardBench.REPEATS[size];
        double[] r = new double[Math.min(nanos.length, ops.length)];
        for (int i = 0; i < r.length; i++) {
            r[i] = bytesPerPass * ops[i] / nanos[i] * 1e3;
        }
        return r;
    }

    private void guard(Catalogue.Item item) {
        for (String method : List.of("lexer", "guard")) {
            Optional<JsonNode> e = find(item.jmhClass(), method, null)
                    .filter(x -> x.path("secondaryMetrics").has("nanos1k"));
            if (e.isEmpty()) {
                missing(item, method);
                continue;
            }
            double[] tiny = rates(e.get(), 0);
            double[] small = rates(e.get(), 1);
            double[] large = rates(e.get(), 2);
            double[] linear = new double[Math.min(small.length, large.length)];
            for (int i = 0; i < linear.length; i++) {
                linear[i] = large[i] / small[i];
            }
            double mb1k = median(small);
            double lin = median(linear);
            String sizes = String.format(
                    Locale.ROOT,
                    "100 B: %.0f MB/s; 1 KB: %.0f [%.0f–%.0f] MB/s; 100 KB: %.0f MB/s",
                    median(tiny),
                    mb1k,
                    Arrays.stream(small).min().orElse(Double.NaN),
                    Arrays.stream(small).max().orElse(Double.NaN),
                    median(large));
            if (e.get().path("secondaryMetrics").has("cpu1k")) {
                sizes += String.format(
                        Locale.ROOT,
                        "; per CPU second of its thread (load aside, GC threads excluded):"
                                + " %.0f / %.0f / %.0f MB/s",
                        median(rates(e.get(), 0, "cpu")),
                        median(rates(e.get(), 1, "cpu")),
                        median(rates(e.get(), 2, "cpu")));
            }
            String verdict = (mb1k >= item.target()
                            ? "met"
                            : String.format(
                                    Locale.ROOT,
                                    "MISSED by %.0f MB/s (%.0f%% of the target)",
                                    item.target() - mb1k,
                                    100 * mb1k / item.target()))
                    + (lin >= 0.9
                            ? String.format(Locale.ROOT, "; linear (100 KB at %.2f of the 1 KB rate)", lin)
                            : String.format(Locale.ROOT, "; NOT linear: 100 KB at %.2f of the 1 KB rate", lin));
            row(
                    item.title() + ": " + method,
                    method.equals("guard") ? target(item) : "(reference)",
                    sizes,
                    "–",
                    "100 KB / 1 KB per byte: " + ratioText(linear),
                    verdict);
        }
    }

    private void export(Catalogue.Item item) {
        Optional<JsonNode> trio = find(item.jmhClass(), "trio", null);
        Series t;
        Optional<Series> psql;
        Optional<Series> jdbc;
        long rows;
        boolean together = trio.isPresent();
        if (together) {
            t = side(trio.get(), "tobiraNanos");
            jdbc = Optional.of(side(trio.get(), "rawNanos"));
            psql = Optional.of(side(trio.get(), "anchorNanos"));
            rows = rowsPerOp(trio.get());
        } else {
            Optional<JsonNode> te = find(item.jmhClass(), "tobira", null);
            if (te.isEmpty()) {
                missing(item, "trio (or tobira)");
                return;
            }
            t = alone(te.get());
            psql = find(item.jmhClass(), "psql", null).map(Report::alone);
            jdbc = find(item.jmhClass(), "jdbc", null).map(Report::alone);
            rows = rowsPerOp(te.get());
        }
        String raw = psql.map(p -> "psql \\copy: " + time(p, false, rows))
                        .orElse("psql: not run: "
                                + notes.path("items")
                                        .path("export-postgres-psql")
                                        .path("why")
                                        .asText("no result"))
                + jdbc.map(j -> "; JDBC loop: " + time(j, false, rows)).orElse("");
        Optional<double[]> vsPsql = psql.map(p -> ratios(p, t, together));
        String ratio = vsPsql.map(r -> ratioText(r) + " of psql").orElse("–")
                + jdbc.map(j -> "; " + ratioText(ratios(j, t, together)) + " of the JDBC loop")
                        .orElse("");
        String verdict = vsPsql.map(r -> {
                    double m = median(r);
                    return (m >= item.target()
                                    ? String.format(Locale.ROOT, "met (%.0f%% of psql)", m * 100)
                                    : String.format(
                                            Locale.ROOT,
                                            "MISSED by %.0f points (%.0f%% of psql)",
                                            (item.target() - m) * 100,
                                            m * 100))
                            + noise(r, item.target());
                })
                .orElse("no anchor");
        row(
                item.title()
                        + String.format(Locale.ROOT, " (%,d rows/op)", rows)
                        + (together ? "" : " (separate forks)"),
                target(item),
                time(t, false, rows),
                raw,
                ratio,
                verdict);
    }

    private void memory(Catalogue.Item item) {
        String engine = item.tags().contains("postgres") ? "postgres" : "mariadb";
        JsonNode small = MissingNode.getInstance();
        JsonNode large = MissingNode.getInstance();
        JsonNode raw = MissingNode.getInstance();
        for (JsonNode p : notes.path("memory").path(engine)) {
            boolean tobira = p.path("side").asText().equals("tobira");
            if (tobira && p.path("rows").asLong() < 5_000_000) {
                small = p;
            } else if (tobira) {
                large = p;
            } else {
                raw = p;
            }
        }
        if (small.has("error") || large.has("error")) {
            row(
                    item.title(),
                    target(item),
                    "",
                    "",
                    "",
                    "MISSED: "
                            + (small.has("error") ? small : large).path("error").asText());
            return;
        }
        double peak1 = mb(small.path("peakHeapBytes"));
        double peak5 = mb(large.path("peakHeapBytes"));
        double live1 = mb(small.path("maxHeapAfterGcBytes"));
        double live5 = mb(large.path("maxHeapAfterGcBytes"));
        // what the stream keeps is the heap left after a collection; the peak also counts garbage not yet
        // collected, which depends on how G1 sizes the young generation, so it is compared to raw's
        boolean retainedFlat = live5 <= live1 * 1.25 + 2;
        boolean peakLikeRaw =
                raw.has("error") || !raw.has("peakHeapBytes") || peak5 <= mb(raw.path("peakHeapBytes")) * 1.25 + 4;
        String tobira = String.format(
                Locale.ROOT,
                "peak used %.1f MB (1M) → %.1f MB (5M); retained after GC %.1f → %.1f MB",
                peak1,
                peak5,
                live1,
                live5);
        String rawText = raw.has("error")
                ? "raw 5M: " + raw.path("error").asText()
                : String.format(
                        Locale.ROOT,
                        "raw 5M: peak used %.1f MB, retained after GC %.1f MB",
                        mb(raw.path("peakHeapBytes")),
                        mb(raw.path("maxHeapAfterGcBytes")));
        String verdict = retainedFlat && peakLikeRaw
                ? "met: retained heap flat, 5M rows in 64 MB, peak as raw's"
                : !retainedFlat
                        ? String.format(Locale.ROOT, "MISSED: retained heap grows %.1f → %.1f MB", live1, live5)
                        : "MISSED: peak used well above the raw client's";
        row(
                item.title() + " (-Xmx64m)",
                target(item),
                tobira,
                rawText,
                String.format(Locale.ROOT, "retained 5M/1M %.2f", live5 / live1),
                verdict);
    }

    private static double mb(JsonNode bytes) {
        return bytes.asDouble() / (1024 * 1024);
    }
}
