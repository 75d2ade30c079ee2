package dev.tobira.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The ratio table: pairs each tobira benchmark in {@code latest.json} with its raw counterpart from
 * the same JMH invocation and judges it against its target; adds the memory probes and every
 * measurement that did not run, with the reason, from {@code notes.json}. Prints Markdown and writes
 * it to {@code results/latest.md}. Runnable alone: {@code benchmarks/run.sh --report}.
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
        JsonNode latest = Files.exists(latestFile) ? Notes.JSON.readTree(latestFile.toFile()) : Notes.JSON.createArrayNode();
        JsonNode notes = Files.exists(notesFile) ? Notes.JSON.readTree(notesFile.toFile()) : Notes.JSON.createObjectNode();
        String md = new Report(latest, notes).render();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("latest.md"), md);
        System.out.println();
        System.out.print(md);
    }

    private String render() {
        StringBuilder sb = new StringBuilder();
        JsonNode m = notes.path("machine");
        sb.append(String.format(Locale.ROOT, "Machine: %s, %d CPUs (nproc), %d MB; %s%n%s%n%n", m.path("cpu").asText("?"),
                m.path("nproc").asInt(), m.path("memoryMb").asLong(), m.path("os").asText("?"), m.path("java").asText("?")));
        sb.append("Times are the median of the measured iterations, [min–max] after them. A ratio is of the medians; \"best\" is of the fastest iterations; the range pairs the extremes. Verdicts use the medians.\n\n");
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
                row(item.title(), target(item), "", "", "", status + ": " + state.path("why").asText());
                continue;
            }
            switch (item.kind()) {
                case STREAM -> stream(item);
                case POINT -> point(item);
                case GUARD -> guard(item);
                case EXPORT -> export(item);
                case MEMORY -> memory(item);
                default -> throw new IllegalStateException(item.kind().toString());
            }
        }
        for (String r : rows) {
            sb.append(r).append('\n');
        }
        sb.append("\nRuns (load average 1/5/15 min at start → end):\n");
        for (JsonNode run : notes.path("runs")) {
            sb.append(String.format(Locale.ROOT, "- %s: groups %s, %s → %s, %d s%n", run.path("id").asText(),
                    run.path("groups"), run.path("loadStart").asText(), run.path("loadEnd").asText("(unfinished)"),
                    run.path("seconds").asLong()));
        }
        return sb.toString();
    }

    private void row(String... cells) {
        rows.add("| " + String.join(" | ", cells) + " | " + run + " |");
    }

    private String runLabel(String id) {
        for (JsonNode r : notes.path("runs")) {
            if (r.path("id").asText().equals(id)) {
                String load = r.path("loadStart").asText("?");
                return id + " (" + load.split(" ")[0] + ")";
            }
        }
        return id.isEmpty() ? "" : id;
    }

    private static String target(Catalogue.Item item) {
        return switch (item.kind()) {
            case STREAM -> String.format(Locale.ROOT, "≥ %.2f of raw throughput", item.target());
            case POINT -> String.format(Locale.ROOT, "≤ %.2f× raw latency", item.target());
            case GUARD -> String.format(Locale.ROOT, "≥ %.0f MB/s at 1 KB, linear", item.target());
            case EXPORT -> String.format(Locale.ROOT, "≥ %.1f of psql throughput", item.target());
            case MEMORY -> "constant from 1M to 5M rows";
        };
    }

    private Optional<JsonNode> find(String cls, String method, String size) {
        for (JsonNode e : latest) {
            if (e.path("benchmark").asText().equals(PREFIX + cls + "." + method)
                    && (size == null || e.path("params").path("size").asText().equals(size))) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** The median of the measured iterations, robust to a burst of load in one of them. */
    private static double score(JsonNode e) {
        double[] v = iterations(e);
        int n = v.length;
        return n == 0 ? e.path("primaryMetric").path("score").asDouble() : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private static double min(JsonNode e) {
        double[] v = iterations(e);
        return v.length == 0 ? score(e) : v[0];
    }

    private static double max(JsonNode e) {
        double[] v = iterations(e);
        return v.length == 0 ? score(e) : v[v.length - 1];
    }

    private static double[] iterations(JsonNode e) {
        List<Double> values = new ArrayList<>();
        for (JsonNode fork : e.path("primaryMetric").path("rawData")) {
            for (JsonNode v : fork) {
                values.add(v.asDouble());
            }
        }
        return values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    private static String unit(JsonNode e) {
        return e.path("primaryMetric").path("scoreUnit").asText();
    }

    private static long rowsPerOp(JsonNode e) {
        for (JsonNode a : e.path("jvmArgs")) {
            String s = a.asText();
            if (s.startsWith("-Dtobira.bench.rows=")) {
                return Long.parseLong(s.substring(s.indexOf('=') + 1));
            }
        }
        return Dataset.DEFAULT_ROWS;
    }

    /**
     * numerator / denominator of medians; then of the best iterations (noise only ever adds time, so
     * on a loaded machine the best ones are closest to the code's own cost); then the range the
     * extremes allow.
     */
    private static String ratio(JsonNode numerator, JsonNode denominator) {
        boolean times = unit(numerator).endsWith("/op");
        double best = times ? min(numerator) / min(denominator) : max(numerator) / max(denominator);
        return String.format(Locale.ROOT, "%.3f (best %.2f; range %.2f–%.2f)", score(numerator) / score(denominator), best,
                min(numerator) / max(denominator), max(numerator) / min(denominator));
    }

    /** Whether the ratio's range holds the target, so noise alone could flip the verdict. */
    private static String noise(JsonNode numerator, JsonNode denominator, double target) {
        double lo = min(numerator) / max(denominator);
        double hi = max(numerator) / min(denominator);
        return lo <= target && target <= hi ? " (within noise: the range spans the target)" : "";
    }

    private static String time(JsonNode e) {
        return String.format(Locale.ROOT, "%s [%s–%s] %s", num(score(e)), num(min(e)), num(max(e)), unit(e));
    }

    private static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    private static String rowsPerSecond(JsonNode e) {
        double perSecond = rowsPerOp(e) / (score(e) * secondsPer(unit(e)));
        return String.format(Locale.ROOT, "%.2f M rows/s", perSecond / 1e6);
    }

    private static double secondsPer(String unit) {
        return switch (unit) {
            case "s/op" -> 1;
            case "ms/op" -> 1e-3;
            case "us/op" -> 1e-6;
            case "ns/op" -> 1e-9;
            default -> throw new IllegalStateException("unexpected unit " + unit);
        };
    }

    private void missing(Catalogue.Item item, String what) {
        row(item.title(), target(item), "", "", "", "no result for " + what + " in latest.json");
    }

    private void stream(Catalogue.Item item) {
        Optional<JsonNode> t = find(item.jmhClass(), "tobira", null);
        Optional<JsonNode> r = find(item.jmhClass(), "raw", null);
        if (t.isEmpty() || r.isEmpty()) {
            missing(item, t.isEmpty() ? "tobira" : "raw");
            return;
        }
        double ratio = score(r.get()) / score(t.get());
        String verdict = (ratio >= item.target()
                ? String.format(Locale.ROOT, "met (%.0f%% of raw)", ratio * 100)
                : String.format(Locale.ROOT, "MISSED by %.0f points (tobira at %.0f%% of raw)", (item.target() - ratio) * 100, ratio * 100))
                + noise(r.get(), t.get(), item.target());
        row(item.title() + String.format(Locale.ROOT, " (%,d rows/op)", rowsPerOp(t.get())), target(item),
                time(t.get()) + " = " + rowsPerSecond(t.get()), time(r.get()) + " = " + rowsPerSecond(r.get()),
                ratio(r.get(), t.get()), verdict);
    }

    private void point(Catalogue.Item item) {
        Optional<JsonNode> t = find(item.jmhClass(), "tobira", null);
        Optional<JsonNode> r = find(item.jmhClass(), "raw", null);
        if (t.isEmpty() || r.isEmpty()) {
            missing(item, t.isEmpty() ? "tobira" : "raw");
            return;
        }
        double ratio = score(t.get()) / score(r.get());
        double extra = score(t.get()) - score(r.get());
        String verdict = (ratio <= item.target()
                ? String.format(Locale.ROOT, "met (%+.1f %s per read)", extra, unit(t.get()).replace("/op", ""))
                : String.format(Locale.ROOT, "MISSED by %.2f× (%+.1f %s per read)", ratio - item.target(), extra,
                        unit(t.get()).replace("/op", ""))) + noise(t.get(), r.get(), item.target());
        row(item.title(), target(item), time(t.get()), time(r.get()), ratio(t.get(), r.get()), verdict);
    }

    private static double mbPerSecond(JsonNode e) {
        // Throughput in ops/s; every statement is exactly `size` ASCII bytes
        return score(e) * e.path("params").path("size").asDouble() / 1e6;
    }

    private void guard(Catalogue.Item item) {
        for (String method : List.of("lexer", "guard")) {
            Optional<JsonNode> small = find(item.jmhClass(), method, "1024");
            Optional<JsonNode> large = find(item.jmhClass(), method, "102400");
            Optional<JsonNode> tiny = find(item.jmhClass(), method, "100");
            if (small.isEmpty() || large.isEmpty()) {
                missing(item, method + " at 1 KB and 100 KB");
                continue;
            }
            double mb1k = mbPerSecond(small.get());
            double mb100k = mbPerSecond(large.get());
            double linear = mb100k / mb1k;
            String sizes = String.format(Locale.ROOT, "100 B: %s; 1 KB: %.0f MB/s; 100 KB: %.0f MB/s",
                    tiny.map(e -> String.format(Locale.ROOT, "%.0f MB/s", mbPerSecond(e))).orElse("–"), mb1k, mb100k);
            boolean fast = mb1k >= item.target();
            boolean isLinear = linear >= 0.9;
            String verdict = (fast ? "met" : String.format(Locale.ROOT, "MISSED by %.0f MB/s", item.target() - mb1k))
                    + (isLinear ? String.format(Locale.ROOT, "; linear (100 KB at %.2f of the 1 KB rate)", linear)
                            : String.format(Locale.ROOT, "; NOT linear: 100 KB at %.2f of the 1 KB rate", linear));
            row(item.title() + ": " + method, method.equals("guard") ? target(item) : "(reference)", sizes, "–",
                    String.format(Locale.ROOT, "100 KB / 1 KB per byte: %.2f", linear), verdict);
        }
    }

    private void export(Catalogue.Item item) {
        Optional<JsonNode> t = find(item.jmhClass(), "tobira", null);
        Optional<JsonNode> psql = find(item.jmhClass(), "psql", null);
        Optional<JsonNode> jdbc = find(item.jmhClass(), "jdbc", null);
        if (t.isEmpty()) {
            missing(item, "tobira");
            return;
        }
        String raw = (psql.map(p -> "psql \\copy: " + time(p) + " = " + rowsPerSecond(p)).orElse("psql: not run: "
                + notes.path("items").path("export-postgres-psql").path("why").asText("no result")))
                + jdbc.map(j -> "; JDBC loop: " + time(j) + " = " + rowsPerSecond(j)).orElse("");
        String ratio = psql.map(p -> ratio(p, t.get()) + " of psql").orElse("–")
                + jdbc.map(j -> "; " + ratio(j, t.get()) + " of the JDBC loop").orElse("");
        String verdict = psql.map(p -> {
            double r = score(p) / score(t.get());
            return r >= item.target() ? String.format(Locale.ROOT, "met (%.0f%% of psql)", r * 100)
                    : String.format(Locale.ROOT, "MISSED by %.0f points (%.0f%% of psql)", (item.target() - r) * 100, r * 100);
        }).orElse("no anchor") + psql.map(p -> noise(p, t.get(), item.target())).orElse("");
        row(item.title(), target(item), time(t.get()) + " = " + rowsPerSecond(t.get()), raw, ratio, verdict);
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
            row(item.title(), target(item), "", "", "", "MISSED: " + (small.has("error") ? small : large).path("error").asText());
            return;
        }
        double peak1 = mb(small.path("peakHeapBytes"));
        double peak5 = mb(large.path("peakHeapBytes"));
        double live1 = mb(small.path("maxHeapAfterGcBytes"));
        double live5 = mb(large.path("maxHeapAfterGcBytes"));
        // what the stream keeps is the heap left after a collection; the peak also counts garbage not yet
        // collected, which grows with the young generation G1 sizes over a longer run, so it is compared to raw
        boolean retainedFlat = live5 <= live1 * 1.25 + 2;
        boolean peakLikeRaw = raw.has("error") || !raw.has("peakHeapBytes") || peak5 <= mb(raw.path("peakHeapBytes")) * 1.25 + 4;
        String tobira = String.format(Locale.ROOT, "peak used %.1f MB (1M) → %.1f MB (5M); retained after GC %.1f → %.1f MB",
                peak1, peak5, live1, live5);
        String rawText = raw.has("error") ? "raw 5M: " + raw.path("error").asText()
                : String.format(Locale.ROOT, "raw 5M: peak used %.1f MB, retained after GC %.1f MB", mb(raw.path("peakHeapBytes")),
                        mb(raw.path("maxHeapAfterGcBytes")));
        String verdict = retainedFlat && peakLikeRaw ? "met: retained heap flat, 5M rows in 64 MB, peak as raw's"
                : !retainedFlat ? String.format(Locale.ROOT, "MISSED: retained heap grows %.1f → %.1f MB", live1, live5)
                : "MISSED: peak used well above the raw client's";
        row(item.title() + " (-Xmx64m)", target(item), tobira, rawText,
                String.format(Locale.ROOT, "retained 5M/1M %.2f", live5 / live1), verdict);
    }

    private static double mb(JsonNode bytes) {
        return bytes.asDouble() / (1024 * 1024);
    }
}
