package dev.tobira.jdbc;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer.Completion;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.SqlToken;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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

    static List<Completion> complete(JdbcSession session, String text, int cursor) throws SQLException {
        Dialect dialect = session.dialect();
        Catalog catalog = dialect.catalog();
        // the dialect's own lexer, so a word inside a string or comment is never taken for the one typed
        List<SqlToken> tokens =
                SqlScan.of(text.substring(0, cursor), dialect.sqlDialect()).tokens();
        int last = tokens.size() - 1;
        SqlToken typed = last >= 0 && tokens.get(last).type() == SqlToken.Type.WORD ? tokens.get(last) : null;
        String prefix = typed == null ? "" : typed.text().toLowerCase(Locale.ROOT);
        int end = typed == null ? last : last - 1;
        boolean afterDot = end >= 0 && tokens.get(end).isPunctuation(".");
        int before = previousSignificant(tokens, end);
        String previous = before >= 0 && tokens.get(before).type() == SqlToken.Type.WORD
                ? tokens.get(before).upper()
                : "";

        Map<String, Completion> out = new LinkedHashMap<>();
        List<CollectionRef> collections = catalog.collections(session, Optional.empty());
        if (afterDot) {
            addFields(catalog, session, prefix, out);
        } else if (BEFORE_COLLECTION.contains(previous)) {
            add(out, collections.stream().map(CollectionRef::name).toList(), prefix, Completion.Type.COLLECTION);
        } else {
            addFields(catalog, session, prefix, out);
            add(out, collections.stream().map(CollectionRef::name).toList(), prefix, Completion.Type.COLLECTION);
            add(out, dialect.vocabulary().keywords(), prefix, Completion.Type.KEYWORD);
            add(out, dialect.vocabulary().functions(), prefix, Completion.Type.FUNCTION);
        }
        return List.copyOf(new ArrayList<>(out.values()).subList(0, Math.min(MAX, out.size())));
    }

    private static void addFields(Catalog dialect, JdbcSession session, String prefix, Map<String, Completion> out)
            throws SQLException {
        String ns = dialect.currentNamespace(session);
        String catalog = dialect.namespacesAreCatalogs() && !ns.isEmpty() ? ns : null;
        String schema = !dialect.namespacesAreCatalogs() && !ns.isEmpty() ? ns : null;
        List<String> names = new ArrayList<>();
        DatabaseMetaData md = session.connection().getMetaData();
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

    /** The index of the last token at or before {@code i} that is neither white space nor a comment, or -1. */
    private static int previousSignificant(List<SqlToken> tokens, int i) {
        int k = i;
        while (k >= 0 && !tokens.get(k).significant()) {
            k--;
        }
        return k;
    }
}
