package dev.tobira.driver.dynamodb;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.spi.CompletionPrefix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Suggestions for the word before the cursor: table names, the attribute names a table's
 * definitions hold (for the tables the text names), the operations of a JSON document and
 * PartiQL's keywords.
 */
final class DynamoCompleter implements Completer {
    private static final List<String> KEYWORDS = List.of(
            "SELECT",
            "FROM",
            "WHERE",
            "AND",
            "OR",
            "NOT",
            "IN",
            "BETWEEN",
            "IS",
            "MISSING",
            "NULL",
            "ORDER",
            "BY",
            "ASC",
            "DESC",
            "EXISTS",
            "INSERT",
            "INTO",
            "VALUE",
            "UPDATE",
            "SET",
            "REMOVE",
            "DELETE",
            "RETURNING");

    private final DynamoCatalog catalog;
    private final boolean readOnly;

    DynamoCompleter(DynamoCatalog catalog, boolean readOnly) {
        this.catalog = catalog;
        this.readOnly = readOnly;
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        int start = CompletionPrefix.start(text, cursor, c -> isWordChar((char) c));
        String prefix = text.substring(start, cursor);
        String lower = prefix.toLowerCase(Locale.ROOT);
        boolean json = text.stripLeading().startsWith("{");
        List<Completion> out = new ArrayList<>();
        List<CollectionRef> all = catalog.collections(Optional.empty());
        for (CollectionRef t : all) {
            if (t.name().toLowerCase(Locale.ROOT).startsWith(lower)) {
                out.add(new Completion(t.name(), Completion.Type.COLLECTION));
            }
        }
        Set<String> attributes = new TreeSet<>();
        for (CollectionRef t : all) {
            if (text.contains(t.name())) {
                catalog.describe(t).fields().forEach(f -> attributes.add(f.name()));
            }
        }
        for (String a : attributes) {
            if (a.toLowerCase(Locale.ROOT).startsWith(lower) && !a.equals(prefix)) {
                out.add(new Completion(a, Completion.Type.FIELD));
            }
        }
        if (json) {
            for (Operation o : Operation.values()) {
                boolean allowed = !readOnly || o.role() == Operation.Role.READ || o.role() == Operation.Role.STATEMENT;
                if (allowed && o.apiName().toLowerCase(Locale.ROOT).startsWith(lower)) {
                    out.add(new Completion(o.apiName(), Completion.Type.KEYWORD));
                }
            }
        } else if (!prefix.isEmpty()) {
            for (String k : KEYWORDS) {
                if (k.toLowerCase(Locale.ROOT).startsWith(lower)) {
                    out.add(new Completion(k, Completion.Type.KEYWORD));
                }
            }
        }
        return out;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
    }
}
