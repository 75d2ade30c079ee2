package dev.tobira.driver.bigquery.fake;

import dev.tobira.driver.bigquery.fake.Tokens.Token;
import dev.tobira.driver.bigquery.fake.Tokens.Type;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The fake's dry-run classifier: BigQuery's {@code statistics.query.statementType} from the leading
 * keyword of each statement (after a WITH clause's named subqueries and opening parentheses). A
 * text of more than one statement, or one script statement, is a {@code SCRIPT}. This is a small
 * model of what BigQuery's parser reports, not its parser: the README says so.
 */
final class StatementTypes {
    private static final Set<String> SCRIPT = Set.of(
            "CALL",
            "EXECUTE",
            "DECLARE",
            "SET",
            "BEGIN",
            "IF",
            "LOOP",
            "WHILE",
            "REPEAT",
            "FOR",
            "RAISE",
            "RETURN",
            "COMMIT",
            "ROLLBACK",
            "BREAK",
            "LEAVE",
            "CONTINUE",
            "ITERATE",
            "CASE");

    private StatementTypes() {}

    /** The statement type of a text, or null when its first word begins no statement (a syntax error). */
    static String of(List<Token> tokens) {
        List<List<Token>> statements = Tokens.statements(tokens);
        if (statements.size() != 1) {
            return statements.isEmpty() ? null : "SCRIPT";
        }
        return ofStatement(Tokens.code(statements.get(0)));
    }

    static String ofStatement(List<Token> code) {
        int i = 0;
        while (i < code.size() && code.get(i).text().equals("(")) {
            i++;
        }
        if (i < code.size() && code.get(i).is("WITH")) {
            i = afterWith(code, i + 1);
        }
        while (i < code.size() && code.get(i).text().equals("(")) {
            i++;
        }
        if (i >= code.size() || code.get(i).type() != Type.WORD) {
            return null;
        }
        String word = code.get(i).text().toUpperCase(Locale.ROOT);
        if (SCRIPT.contains(word)) {
            return "SCRIPT";
        }
        switch (word) {
            case "SELECT":
                return "SELECT";
            case "INSERT":
            case "UPDATE":
            case "DELETE":
            case "MERGE":
            case "GRANT":
            case "REVOKE":
            case "ASSERT":
                return word;
            case "TRUNCATE":
                return "TRUNCATE_TABLE";
            case "EXPORT":
                return "EXPORT_DATA";
            case "LOAD":
                return "LOAD_DATA";
            case "CREATE":
                return "CREATE_" + object(code, i + 1, true);
            case "DROP":
            case "ALTER":
            case "UNDROP":
                return word + "_" + object(code, i + 1, false);
            default:
                return null;
        }
    }

    private static String object(List<Token> code, int i, boolean create) {
        while (i < code.size()
                && (code.get(i).is("OR")
                        || code.get(i).is("REPLACE")
                        || code.get(i).is("TEMP")
                        || code.get(i).is("TEMPORARY")
                        || code.get(i).is("EXTERNAL")
                        || code.get(i).is("SNAPSHOT"))) {
            i++;
        }
        if (i >= code.size()) {
            return "UNKNOWN";
        }
        String kind = code.get(i).text().toUpperCase(Locale.ROOT);
        if (kind.equals("MATERIALIZED")) {
            return "MATERIALIZED_VIEW";
        }
        if (create && kind.equals("TABLE")) {
            for (int j = i + 1; j < code.size(); j++) {
                if (code.get(j).is("AS")) {
                    return "TABLE_AS_SELECT";
                }
                if (code.get(j).text().equals("(")) {
                    break;
                }
            }
        }
        return kind;
    }

    /** Skips {@code [RECURSIVE] name AS (…) [, name AS (…)]…}, returning the index of the main statement. */
    private static int afterWith(List<Token> code, int i) {
        if (i < code.size() && code.get(i).is("RECURSIVE")) {
            i++;
        }
        while (i < code.size()) {
            i++; // the name
            if (i < code.size() && code.get(i).is("AS")) {
                i++;
            }
            if (i >= code.size() || !code.get(i).text().equals("(")) {
                return i;
            }
            int depth = 0;
            for (; i < code.size(); i++) {
                String t = code.get(i).text();
                if (code.get(i).type() == Type.PUNCT && t.equals("(")) {
                    depth++;
                } else if (code.get(i).type() == Type.PUNCT && t.equals(")") && --depth == 0) {
                    i++;
                    break;
                }
            }
            if (i < code.size() && code.get(i).text().equals(",")) {
                i++;
                continue;
            }
            return i;
        }
        return i;
    }
}
