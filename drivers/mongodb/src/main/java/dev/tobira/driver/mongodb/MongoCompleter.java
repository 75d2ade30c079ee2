package dev.tobira.driver.mongodb;

import dev.tobira.api.Completer;
import dev.tobira.spi.Completions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Suggestions for a command document being typed: after a {@code $}, aggregation stages and
 * operators; elsewhere collection names of the default database, command names and, when the text
 * names its collection ({@code "find": "orders"}), that collection's field names from a bounded
 * sample.
 */
final class MongoCompleter implements Completer {
    private static final Set<String> COMMANDS = new TreeSet<>(List.of(
            "find",
            "aggregate",
            "count",
            "distinct",
            "listCollections",
            "listIndexes",
            "collStats",
            "dbStats",
            "explain",
            "insert",
            "update",
            "delete",
            "findAndModify",
            "filter",
            "sort",
            "projection",
            "limit",
            "skip",
            "pipeline",
            "cursor",
            "batchSize",
            "query",
            "key",
            "documents",
            "updates",
            "deletes"));
    private static final Set<String> OPERATORS = new TreeSet<>(List.of(
            "$eq",
            "$ne",
            "$gt",
            "$gte",
            "$lt",
            "$lte",
            "$in",
            "$nin",
            "$and",
            "$or",
            "$nor",
            "$not",
            "$exists",
            "$type",
            "$regex",
            "$elemMatch",
            "$size",
            "$all",
            "$expr",
            "$sum",
            "$avg",
            "$min",
            "$max",
            "$first",
            "$last",
            "$push",
            "$addToSet"));
    private static final Pattern TARGET =
            Pattern.compile("\"(?:find|aggregate|count|distinct|listIndexes)\"\\s*:\\s*\"([^\"\\\\]{1,120})\"");

    private final MongoCatalog catalog;
    private final String db;

    MongoCompleter(MongoCatalog catalog, String db) {
        this.catalog = catalog;
        this.db = db;
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        Completions out = Completions.at(text, cursor, c -> isWordChar((char) c));
        if (out.word().startsWith("$")) {
            Set<String> words = new TreeSet<>(ReadOnlyGuard.READ_STAGES);
            words.addAll(OPERATORS);
            return out.addOthers(words, Completion.Type.KEYWORD).list();
        }
        out.oncePerName().addOthers(catalog.collectionNames(db, "complete"), Completion.Type.COLLECTION);
        Matcher m = TARGET.matcher(text);
        if (m.find()) {
            String collection = m.group(1);
            try {
                List<String> fields = new ArrayList<>();
                for (var f : catalog.describe(dev.tobira.api.CollectionRef.of(collection), db)
                        .fields()) {
                    fields.add(f.name());
                }
                out.addOthers(fields, Completion.Type.FIELD);
            } catch (dev.tobira.api.DriverException e) {
                // a collection that does not exist (yet) has no fields to suggest
            }
        }
        return out.addOthers(COMMANDS, Completion.Type.KEYWORD).list();
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' || c == '-';
    }
}
