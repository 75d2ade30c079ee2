package dev.tobira.driver.bigquery.fake;

import dev.tobira.driver.bigquery.fake.Tokens.Token;
import dev.tobira.driver.bigquery.fake.Tokens.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Translates the GoogleSQL the tests send into SQLite, for the fake's engine: backtick paths
 * {@code `project.dataset.table`} and {@code dataset.table} to SQLite schemas, GoogleSQL's string
 * forms to SQLite literals, typed literals in a select list ({@code DATE '…' AS v}) to tagged
 * values whose BigQuery type the fake reports, {@code [a, b]} arrays, {@code STRUCT(x AS a)},
 * {@code UNNEST(GENERATE_ARRAY(a, b)) AS x} as a recursive series, and {@code TRUNCATE TABLE}. It
 * knows no more GoogleSQL than that.
 */
final class ToSqlite {
    private static final Set<String> TYPED =
            Set.of("DATE", "TIME", "DATETIME", "TIMESTAMP", "NUMERIC", "BIGNUMERIC", "DECIMAL", "BIGDECIMAL", "JSON");

    private final String project;
    /** A dataset's SQLite schema, or null when there is no such dataset. */
    private final Function<String, String> schemaOf;

    private final List<String> paramTypes;
    private final List<String> referenced = new ArrayList<>();
    private int series;
    private int param;

    ToSqlite(String project, Function<String, String> schemaOf, List<String> paramTypes) {
        this.project = project;
        this.schemaOf = schemaOf;
        this.paramTypes = paramTypes;
    }

    /** The dataset-qualified tables the text named, as {@code dataset.table}. */
    List<String> referenced() {
        return referenced;
    }

    String translate(List<Token> statement) {
        List<Token> code = new ArrayList<>();
        for (Token t : statement) {
            code.add(t.type() == Type.COMMENT ? new Token(Type.SPACE, " ", "") : t);
        }
        int first = 0;
        while (first < code.size() && !code.get(first).code()) {
            first++;
        }
        if (first + 1 < code.size() && code.get(first).is("TRUNCATE")) {
            int next = nextCode(code, first);
            if (next > 0 && code.get(next).is("TABLE")) {
                code.set(first, new Token(Type.WORD, "DELETE", "DELETE"));
                code.set(next, new Token(Type.WORD, "FROM", "FROM"));
            }
        }
        return render(code, 0, code.size());
    }

    private String render(List<Token> t, int from, int to) {
        StringBuilder sb = new StringBuilder();
        List<Boolean> brackets = new ArrayList<>();
        for (int i = from; i < to; i++) {
            Token k = t.get(i);
            int next = nextCode(t, i);
            boolean beforeAs = next >= 0 && next < to && t.get(next).is("AS");
            switch (k.type()) {
                case SPACE -> sb.append(k.text());
                case NAME -> {
                    boolean qualifier = !k.value().contains(".")
                            && next >= 0
                            && next < to
                            && t.get(next).text().equals(".");
                    if (qualifier && k.value().equals(project)) {
                        i = next; // `project`.dataset.table: the project is this one
                    } else if (qualifier && schemaOf.apply(k.value()) != null) {
                        int table = nextCode(t, next);
                        sb.append(quote(schemaOf.apply(k.value())));
                        if (table >= 0) {
                            referenced.add(k.value() + "." + t.get(table).value());
                        }
                    } else {
                        sb.append(path(k.value()));
                    }
                }
                case STRING -> sb.append(literal(k.value()));
                case BYTES ->
                    sb.append("X'")
                            .append(HexFormat.of().formatHex(bytes(k.value())))
                            .append("'");
                case PARAM -> {
                    String type = param < paramTypes.size() ? paramTypes.get(param) : "STRING";
                    param++;
                    sb.append(
                            beforeAs && !Set.of("INT64", "FLOAT64", "STRING").contains(type)
                                    ? "bq_tag('" + type + "', ?)"
                                    : "?");
                }
                case NUMBER, COMMENT -> sb.append(k.text());
                case PUNCT -> {
                    if (k.text().equals("[")) {
                        int prev = prevCode(t, i);
                        boolean subscript = prev >= from
                                && (t.get(prev).type() == Type.WORD && !isKeyword(t.get(prev))
                                        || t.get(prev).type() == Type.NAME
                                        || t.get(prev).text().equals(")")
                                        || t.get(prev).text().equals("]"));
                        brackets.add(!subscript);
                        sb.append(subscript ? "[" : "bq_array(");
                    } else if (k.text().equals("]")) {
                        boolean array = !brackets.isEmpty() && brackets.remove(brackets.size() - 1);
                        sb.append(array ? ")" : "]");
                    } else {
                        sb.append(k.text());
                    }
                }
                case WORD -> {
                    String upper = k.text().toUpperCase(Locale.ROOT);
                    if (TYPED.contains(upper)
                            && next >= 0
                            && next < to
                            && t.get(next).type() == Type.STRING) {
                        int after = nextCode(t, next);
                        boolean item = after >= 0 && after < to && t.get(after).is("AS");
                        String type =
                                upper.equals("DECIMAL") ? "NUMERIC" : upper.equals("BIGDECIMAL") ? "BIGNUMERIC" : upper;
                        checkLiteral(type, t.get(next).value());
                        sb.append(
                                item
                                        ? "bq_tag('" + type + "', "
                                                + literal(t.get(next).value()) + ")"
                                        : literal(t.get(next).value()));
                        i = next;
                    } else if ((upper.equals("TRUE") || upper.equals("FALSE"))) {
                        sb.append(
                                beforeAs
                                        ? "bq_tag('BOOL', " + (upper.equals("TRUE") ? 1 : 0) + ")"
                                        : upper.equals("TRUE") ? "1" : "0");
                    } else if (upper.equals("UNNEST") && isSeries(t, i, to)) {
                        i = series(t, i, to, sb);
                    } else if (upper.equals("STRUCT")
                            && next >= 0
                            && t.get(next).text().equals("(")) {
                        i = struct(t, next, to, sb);
                    } else if (upper.equals("ST_GEOGPOINT")) {
                        sb.append("bq_geogpoint");
                    } else if (next >= 0
                            && next < to
                            && t.get(next).text().equals(".")
                            && schemaOf.apply(k.text()) != null) {
                        int table = nextCode(t, next);
                        sb.append(quote(schemaOf.apply(k.text())));
                        if (table >= 0) {
                            referenced.add(k.text() + "." + t.get(table).value());
                        }
                    } else {
                        sb.append(k.text());
                    }
                }
                default -> sb.append(k.text());
            }
        }
        return sb.toString();
    }

    private static boolean isKeyword(Token t) {
        return Set.of(
                        "SELECT", "IN", "AS", "WHERE", "AND", "OR", "NOT", "THEN", "ELSE", "WHEN", "RETURN", "BY", "ON",
                        "UNNEST")
                .contains(t.text().toUpperCase(Locale.ROOT));
    }

    /** {@code UNNEST ( GENERATE_ARRAY ( a , b ) ) [AS] alias}. */
    private boolean isSeries(List<Token> t, int i, int to) {
        int open = nextCode(t, i);
        int gen = open < 0 ? -1 : nextCode(t, open);
        return gen >= 0
                && gen < to
                && t.get(open).text().equals("(")
                && t.get(gen).is("GENERATE_ARRAY");
    }

    private int series(List<Token> t, int i, int to, StringBuilder sb) {
        int open = nextCode(t, i);
        int gen = nextCode(t, open);
        int argsOpen = nextCode(t, gen);
        int argsClose = matching(t, argsOpen, to);
        int comma = topLevelComma(t, argsOpen + 1, argsClose);
        String a = render(t, argsOpen + 1, comma);
        String b = render(t, comma + 1, argsClose);
        int close = nextCode(t, argsClose);
        int k = nextCode(t, close);
        if (k >= 0 && k < to && t.get(k).is("AS")) {
            k = nextCode(t, k);
        }
        String alias =
                k >= 0 && k < to && (t.get(k).type() == Type.WORD || t.get(k).type() == Type.NAME)
                        ? t.get(k).value()
                        : "x";
        String name = "bq_series" + (series++);
        sb.append("(WITH RECURSIVE ")
                .append(name)
                .append("(v) AS (SELECT (")
                .append(a)
                .append(") UNION ALL SELECT v + 1 FROM ")
                .append(name)
                .append(" WHERE v < (")
                .append(b)
                .append(")) SELECT v AS ")
                .append(quote(alias))
                .append(" FROM ")
                .append(name)
                .append(") AS ")
                .append(quote(alias));
        return k >= 0 && k < to && t.get(k).value().equals(alias) ? k : close;
    }

    /** {@code STRUCT(expr AS name, …)} as {@code bq_struct('name', expr, …)}. */
    private int struct(List<Token> t, int open, int to, StringBuilder sb) {
        int close = matching(t, open, to);
        sb.append("bq_struct(");
        int start = open + 1;
        int field = 0;
        while (start < close) {
            int end = topLevelComma(t, start, close);
            int last = prevCode(t, end);
            int as = prevCode(t, last);
            String name;
            int exprEnd;
            if (as > start && t.get(as).is("AS")) {
                name = t.get(last).value();
                exprEnd = as;
            } else {
                name = "_field_" + (field + 1);
                exprEnd = end;
            }
            if (field > 0) {
                sb.append(", ");
            }
            sb.append(literal(name)).append(", ").append(render(t, start, exprEnd));
            field++;
            start = end + 1;
        }
        sb.append(")");
        return close;
    }

    private static int matching(List<Token> t, int open, int to) {
        int depth = 0;
        for (int i = open; i < to; i++) {
            if (t.get(i).type() == Type.PUNCT && t.get(i).text().equals("(")) {
                depth++;
            } else if (t.get(i).type() == Type.PUNCT && t.get(i).text().equals(")") && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("Syntax error: Unbalanced parentheses");
    }

    private static int topLevelComma(List<Token> t, int from, int to) {
        int depth = 0;
        for (int i = from; i < to; i++) {
            String s = t.get(i).type() == Type.PUNCT ? t.get(i).text() : "";
            if (s.equals("(") || s.equals("[")) {
                depth++;
            } else if (s.equals(")") || s.equals("]")) {
                depth--;
            } else if (s.equals(",") && depth == 0) {
                return i;
            }
        }
        return to;
    }

    private String path(String value) {
        String[] parts = value.split("\\.");
        if (parts.length == 3 && parts[0].equals(project) && schemaOf.apply(parts[1]) != null) {
            referenced.add(parts[1] + "." + parts[2]);
            return quote(schemaOf.apply(parts[1])) + "." + quote(parts[2]);
        }
        if (parts.length == 2 && schemaOf.apply(parts[0]) != null) {
            referenced.add(parts[0] + "." + parts[1]);
            return quote(schemaOf.apply(parts[0])) + "." + quote(parts[1]);
        }
        if (parts.length == 2 && parts[0].equals(project)) {
            // `project.dataset`, as in CREATE SCHEMA `p.ds`: the dataset
            return quote(parts[1]);
        }
        StringBuilder sb = new StringBuilder();
        for (String p : parts) {
            if (sb.length() > 0) {
                sb.append('.');
            }
            sb.append(quote(p));
        }
        return sb.toString();
    }

    static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    static byte[] bytes(String value) {
        boolean latin = value.chars().allMatch(c -> c < 256);
        return latin ? value.getBytes(StandardCharsets.ISO_8859_1) : value.getBytes(StandardCharsets.UTF_8);
    }

    private static int nextCode(List<Token> t, int i) {
        for (int j = i + 1; j < t.size(); j++) {
            if (t.get(j).code()) {
                return j;
            }
        }
        return -1;
    }

    private static int prevCode(List<Token> t, int i) {
        for (int j = i - 1; j >= 0; j--) {
            if (t.get(j).code()) {
                return j;
            }
        }
        return -1;
    }

    /**
     * A typed literal BigQuery cannot read is refused as BigQuery refuses it, with an invalidQuery
     * error ("Could not cast literal …"), instead of a value no client could read.
     */
    private static void checkLiteral(String type, String text) {
        try {
            switch (type) {
                case "DATE" -> years(java.time.LocalDate.parse(text.strip()));
                case "DATETIME" ->
                    years(java.time.LocalDateTime.parse(text.strip().replace(' ', 'T'))
                            .toLocalDate());
                case "TIME" -> java.time.LocalTime.parse(text.strip());
                case "TIMESTAMP" -> Cells.instant(text);
                case "NUMERIC", "BIGNUMERIC" -> new java.math.BigDecimal(text.strip());
                default -> {}
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Could not cast literal \"" + text + "\" to type " + type);
        }
    }

    private static void years(java.time.LocalDate d) {
        if (d.getYear() < 1 || d.getYear() > 9999) {
            throw new IllegalArgumentException("out of range");
        }
    }
}
