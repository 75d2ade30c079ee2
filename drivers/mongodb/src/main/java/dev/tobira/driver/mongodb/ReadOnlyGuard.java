package dev.tobira.driver.mongodb;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The read-only guard: decides, on the parsed document that is sent, whether a command is a read.
 *
 * <ul>
 *   <li>The command is the document's first key, compared exactly (case included) with an allow-list
 *       of read commands under every name the server dispatches them by, aliases such as
 *       {@code collstats} and {@code dbstats} included; {@code findAndModify} and
 *       {@code findandmodify}, {@code mapReduce} and {@code mapreduce}, and every other command are
 *       refused. {@code explain} is allowed only of a command that passes this guard itself.</li>
 *   <li>Every pipeline (an {@code aggregate}'s, and those nested in {@code $facet}, {@code $lookup}
 *       and {@code $unionWith}, at any depth) may hold only allow-listed stages; {@code $out},
 *       {@code $merge}, {@code $currentOp} and the other admin stages are refused.</li>
 *   <li>Anywhere in the document: a key {@code $out}, {@code $merge}, {@code $where},
 *       {@code $function} or {@code $accumulator}, and a JavaScript value, are refused, so a stage
 *       that a future server nests somewhere new is still seen.</li>
 *   <li>At the command's top level: {@code writeConcern}, session and transaction fields, and any
 *       {@code $}-key ({@code $db}, {@code $readPreference}) are refused; so is a key written twice
 *       anywhere (found by {@link CommandParser}).</li>
 * </ul>
 */
final class ReadOnlyGuard {
    /** Read commands, under each name the server dispatches them by. */
    static final Set<String> READ_COMMANDS = Set.of(
            "find",
            "aggregate",
            "count",
            "distinct",
            "listCollections",
            "listIndexes",
            "listDatabases",
            "collStats",
            "collstats",
            "dbStats",
            "dbstats",
            "dataSize",
            "datasize",
            "explain",
            "ping",
            "buildInfo",
            "buildinfo",
            "hello",
            "isMaster",
            "ismaster",
            "connectionStatus",
            "serverStatus",
            "hostInfo",
            "getParameter",
            "whatsmyuri");
    /** The commands {@code explain} may wrap: reads that run a plan. */
    static final Set<String> EXPLAINABLE = Set.of("find", "aggregate", "count", "distinct");
    /** Aggregation stages that only read. */
    static final Set<String> READ_STAGES = Set.of(
            "$match",
            "$project",
            "$addFields",
            "$set",
            "$unset",
            "$group",
            "$sort",
            "$limit",
            "$skip",
            "$unwind",
            "$lookup",
            "$graphLookup",
            "$facet",
            "$unionWith",
            "$count",
            "$sortByCount",
            "$bucket",
            "$bucketAuto",
            "$replaceRoot",
            "$replaceWith",
            "$sample",
            "$redact",
            "$geoNear",
            "$densify",
            "$fill",
            "$setWindowFields",
            "$documents",
            "$collStats",
            "$indexStats");
    /** Keys refused wherever they stand: writing stages and server-side JavaScript. */
    static final Set<String> FORBIDDEN_KEYS = Set.of("$out", "$merge", "$where", "$function", "$accumulator");
    /** Top-level fields refused on a read-only path: a write concern, and what belongs to the driver. */
    static final Set<String> FORBIDDEN_FIELDS = Set.of(
            "writeConcern",
            "lsid",
            "txnNumber",
            "startTransaction",
            "autocommit",
            "stmtId",
            "apiVersion",
            "apiStrict",
            "apiDeprecationErrors",
            "bypassDocumentValidation");

    private static final Map<String, String> WHY = Map.of(
            "$out", "$out writes its result to a collection",
            "$merge", "$merge writes its result to a collection",
            "$where", "$where runs JavaScript on the server",
            "$function", "$function runs JavaScript on the server",
            "$accumulator", "$accumulator runs JavaScript on the server");

    private ReadOnlyGuard() {}

    static void check(CommandParser.Parsed parsed, String op) {
        if (parsed.duplicate().isPresent()) {
            throw refused(
                    op,
                    "the key " + quoted(parsed.duplicate().get())
                            + " appears twice, which servers and drivers read differently");
        }
        check(parsed.document(), op);
    }

    static void check(BsonDocument cmd, String op) {
        command(cmd, op, false);
        anywhere(cmd, op, 0);
    }

    private static void command(BsonDocument cmd, String op, boolean explained) {
        String name = cmd.getFirstKey();
        if (!READ_COMMANDS.contains(name)) {
            throw refused(
                    op,
                    "only read commands (find, aggregate, count, distinct, listCollections, listIndexes,"
                            + " collStats, dbStats, explain of a read, …) are allowed on a read-only connection, and "
                            + quoted(name) + " is not one");
        }
        if (explained && !EXPLAINABLE.contains(name)) {
            throw refused(op, "explain may only wrap find, aggregate, count or distinct on a read-only connection");
        }
        for (String key : cmd.keySet()) {
            if (FORBIDDEN_FIELDS.contains(key)) {
                throw refused(op, quoted(key) + " is not allowed on a read-only connection");
            }
            if (key.startsWith("$")) {
                throw refused(op, "the top-level field " + quoted(key) + " belongs to the driver");
            }
        }
        if (name.equals("explain")) {
            BsonValue inner = requireNonNull(cmd.get("explain")); // the command's name is its first key
            if (!inner.isDocument() || inner.asDocument().isEmpty()) {
                throw refused(op, "explain must wrap a command document");
            }
            command(inner.asDocument(), op, true);
        }
        if (name.equals("aggregate")) {
            BsonValue pipeline = cmd.get("pipeline");
            if (pipeline == null || !pipeline.isArray()) {
                throw refused(op, "an aggregate on a read-only connection needs its pipeline as an array");
            }
            pipeline(pipeline, op);
        }
    }

    /** Checks every stage of a pipeline, and the pipelines nested in its stages. */
    private static void pipeline(BsonValue pipeline, String op) {
        if (!pipeline.isArray()) {
            throw refused(op, "a nested pipeline must be an array of stages");
        }
        for (BsonValue stage : pipeline.asArray()) {
            if (!stage.isDocument() || stage.asDocument().size() != 1) {
                throw refused(op, "each pipeline stage must be a document with exactly one stage name");
            }
            String name = stage.asDocument().getFirstKey();
            if (!READ_STAGES.contains(name)) {
                throw refused(
                        op,
                        "the aggregation stage " + quoted(name) + " is not allowed on a read-only connection"
                                + (WHY.containsKey(name) ? " (" + WHY.get(name) + ")" : ""));
            }
            BsonValue body = requireNonNull(stage.asDocument().get(name)); // name is the stage's one key
            switch (name) {
                case "$facet":
                    if (body.isDocument()) {
                        for (BsonValue sub : body.asDocument().values()) {
                            pipeline(sub, op);
                        }
                    }
                    break;
                case "$lookup":
                case "$unionWith":
                    if (body.isDocument() && body.asDocument().containsKey("pipeline")) {
                        pipeline(body.asDocument().get("pipeline"), op);
                    }
                    break;
                default:
                    break;
            }
        }
    }

    /** The keys and values refused at any depth. */
    private static void anywhere(BsonValue v, String op, int depth) {
        if (v.isDocument()) {
            for (Map.Entry<String, BsonValue> e : v.asDocument().entrySet()) {
                String why = WHY.get(e.getKey());
                if (why != null) {
                    throw refused(op, why);
                }
                anywhere(e.getValue(), op, depth + 1);
            }
        } else if (v.isArray()) {
            for (BsonValue e : v.asArray()) {
                anywhere(e, op, depth + 1);
            }
        } else if (v.isJavaScript() || v.isJavaScriptWithScope()) {
            throw refused(op, "JavaScript values run on the server");
        }
    }

    /** A key for a message: plain ones as they are, others described, so a message holds no stray text. */
    static String quoted(String key) {
        if (key.length() <= 64
                && key.chars()
                        .allMatch(c -> c == '$'
                                || c == '_'
                                || c == '.'
                                || c == '-'
                                || (c >= '0' && c <= '9')
                                || (c >= 'a' && c <= 'z')
                                || (c >= 'A' && c <= 'Z'))) {
            return key;
        }
        return "(a key of " + key.length() + " characters)";
    }

    private static DriverException refused(String op, String detail) {
        return DriverException.of(ErrorKind.READ_ONLY, MongoDriver.NAME, op, detail);
    }
}
