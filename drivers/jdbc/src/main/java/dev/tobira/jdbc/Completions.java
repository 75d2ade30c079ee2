package dev.tobira.jdbc;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer.Completion;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The completer: the partial word before the cursor matched, ignoring case, against collection
 * names, field names (one metadata read), keywords and functions. After {@code FROM}, {@code JOIN},
 * {@code INTO}, {@code UPDATE} or {@code TABLE} collections come first; after a {@code .} only
 * fields; otherwise fields, then collections, keywords and functions.
 */
final class Completions {
    private static final int MAX = 200;
    private static final Set<String> BEFORE_COLLECTION = Set.of("FROM", "JOIN", "INTO", "UPDATE", "TABLE", "DESCRIBE");

    private Completions() {}

    static List<Completion> complete(JdbcDialect dialect, Connection c, String text, int cursor) throws SQLException {
        int start = cursor;
        while (start > 0 && isWordChar(text.charAt(start - 1))) {
            start--;
        }
        String prefix = text.substring(start, cursor).toLowerCase(Locale.ROOT);
        boolean afterDot = start > 0 && text.charAt(start - 1) == '.';
        String previous = previousWord(text, start).toUpperCase(Locale.ROOT);

        Map<String, Completion> out = new LinkedHashMap<>();
        List<CollectionRef> collections = dialect.collections(c, "");
        if (afterDot) {
            addFields(dialect, c, prefix, out);
        } else if (BEFORE_COLLECTION.contains(previous)) {
            add(out, collections.stream().map(CollectionRef::name).toList(), prefix, Completion.Type.COLLECTION);
        } else {
            addFields(dialect, c, prefix, out);
            add(out, collections.stream().map(CollectionRef::name).toList(), prefix, Completion.Type.COLLECTION);
            add(out, dialect.keywords(), prefix, Completion.Type.KEYWORD);
            add(out, dialect.functions(), prefix, Completion.Type.FUNCTION);
        }
        return List.copyOf(new ArrayList<>(out.values()).subList(0, Math.min(MAX, out.size())));
    }

    private static void addFields(JdbcDialect dialect, Connection c, String prefix, Map<String, Completion> out)
            throws SQLException {
        String ns = dialect.currentNamespace(c);
        String catalog = dialect.namespacesAreCatalogs() && !ns.isEmpty() ? ns : null;
        String schema = !dialect.namespacesAreCatalogs() && !ns.isEmpty() ? ns : null;
        List<String> names = new ArrayList<>();
        DatabaseMetaData md = c.getMetaData();
        try (ResultSet rs = md.getColumns(catalog, schema, "%", "%")) {
            while (rs.next()) {
                names.add(rs.getString("COLUMN_NAME"));
            }
        }
        add(out, names, prefix, Completion.Type.FIELD);
    }

    private static void add(Map<String, Completion> out, List<String> words, String prefix, Completion.Type type) {
        for (String w : words) {
            if (w != null && !w.isEmpty() && w.toLowerCase(Locale.ROOT).startsWith(prefix) && !out.containsKey(w)) {
                out.put(w, new Completion(w, type));
            }
        }
    }

    private static String previousWord(String text, int end) {
        int i = end;
        while (i > 0 && Character.isWhitespace(text.charAt(i - 1))) {
            i--;
        }
        int stop = i;
        while (i > 0 && isWordChar(text.charAt(i - 1))) {
            i--;
        }
        return text.substring(i, stop);
    }

    private static boolean isWordChar(char ch) {
        return Character.isLetterOrDigit(ch) || ch == '_' || ch == '$';
    }
}
