package dev.tobira.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What JMH's JSON cannot hold, kept next to it in {@code notes.json}: the machine, each run's load,
 * which measurement was last attempted in which run and why one did not run, and the memory probes.
 * Also merges a run's JMH results into {@code latest.json}, so a rerun of one group replaces only
 * that group's entries.
 */
final class Notes {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final int KEPT_RUNS = 30;

    private final Path dir;
    private final ObjectNode root;

    private Notes(Path dir, ObjectNode root) {
        this.dir = dir;
        this.root = root;
    }

    static Notes load(Path dir) throws IOException {
        Path file = dir.resolve("notes.json");
        ObjectNode root = Files.exists(file) ? (ObjectNode) JSON.readTree(file.toFile()) : JSON.createObjectNode();
        return new Notes(dir, root);
    }

    ObjectNode root() {
        return root;
    }

    ObjectNode object(String name) {
        JsonNode n = root.get(name);
        return n instanceof ObjectNode o ? o : root.putObject(name);
    }

    ArrayNode runs() {
        JsonNode n = root.get("runs");
        return n instanceof ArrayNode a ? a : root.putArray("runs");
    }

    void item(String id, String status, String why, String run) {
        ObjectNode o = object("items").putObject(id);
        o.put("status", status);
        o.put("why", why);
        o.put("run", run);
    }

    private static boolean isTogether(String benchmark) {
        return benchmark.endsWith(".pair") || benchmark.endsWith(".trio");
    }

    void save() throws IOException {
        ArrayNode runs = runs();
        while (runs.size() > KEPT_RUNS) {
            runs.remove(0);
        }
        Files.createDirectories(dir);
        JSON.writeValue(dir.resolve("notes.json").toFile(), root);
    }

    /**
     * Replaces, in latest.json, every entry the run measured (same benchmark, same parameters), and
     * drops the other mode's entries of a class the run measured: a {@code pair} result replaces
     * the separate {@code tobira}/{@code raw} ones and the other way round, so the report never
     * mixes runs.
     */
    static void merge(Path latest, Path run) throws IOException {
        Map<String, JsonNode> entries = new LinkedHashMap<>();
        if (Files.exists(latest) && Files.size(latest) > 0) {
            for (JsonNode e : JSON.readTree(latest.toFile())) {
                entries.put(e.path("benchmark").asText() + " " + e.path("params"), e);
            }
        }
        if (Files.exists(run) && Files.size(run) > 0) {
            for (JsonNode e : JSON.readTree(run.toFile())) {
                String benchmark = e.path("benchmark").asText();
                String cls = benchmark.substring(0, benchmark.lastIndexOf('.') + 1);
                boolean together = isTogether(benchmark);
                boolean parameterless =
                        e.path("params").isMissingNode() || e.path("params").isEmpty();
                entries.values()
                        .removeIf(old -> old.path("benchmark").asText().startsWith(cls)
                                && (isTogether(old.path("benchmark").asText()) != together
                                        || (parameterless
                                                && old.path("benchmark")
                                                        .asText()
                                                        .equals(benchmark))));
                entries.put(benchmark + " " + e.path("params"), e);
            }
        }
        List<JsonNode> sorted = new ArrayList<>(entries.values());
        sorted.sort(Comparator.comparing((JsonNode e) -> e.path("benchmark").asText())
                .thenComparing(e -> e.path("params").path("size").asInt()));
        ArrayNode out = JSON.createArrayNode();
        out.addAll(sorted);
        JSON.writeValue(latest.toFile(), out);
    }
}
