package dev.tobira.driver.dynamodb;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.spi.Completions;
import java.util.ArrayList;
import java.util.List;
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
        Completions out =
                Completions.at(text, cursor, c -> isWordChar((char) c)).ignoringCase();
        boolean json = text.stripLeading().startsWith("{");
        List<CollectionRef> all = catalog.collections(Optional.empty());
        out.add(all.stream().map(CollectionRef::name).toList(), Completion.Type.COLLECTION);
        Set<String> attributes = new TreeSet<>();
        for (CollectionRef t : all) {
            if (text.contains(t.name())) {
                catalog.describe(t).fields().forEach(f -> attributes.add(f.name()));
            }
        }
        out.addOthers(attributes, Completion.Type.FIELD);
        if (json) {
            List<String> operations = new ArrayList<>();
            for (Operation o : Operation.values()) {
                if (!readOnly || o.role() == Operation.Role.READ || o.role() == Operation.Role.STATEMENT) {
                    operations.add(o.apiName());
                }
            }
            out.add(operations, Completion.Type.KEYWORD);
        } else if (!out.word().isEmpty()) {
            out.add(KEYWORDS, Completion.Type.KEYWORD);
        }
        return out.list();
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
    }
}
