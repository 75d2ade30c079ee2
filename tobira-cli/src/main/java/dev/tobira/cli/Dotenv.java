package dev.tobira.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code .env} file: {@code KEY=value} lines, an optional {@code export } in front, values bare,
 * in single quotes (taken as written) or in double quotes (with {@code \n}, {@code \"} and
 * {@code \\} escapes); blank lines and {@code #} comments skipped, a {@code #} after white space
 * ending a bare value.
 */
final class Dotenv {
    private Dotenv() {}

    // split drops trailing empty lines, which the loop would skip anyway
    @SuppressWarnings("StringSplitter")
    static Map<String, String> parse(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String raw : text.split("\r?\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ")) {
                line = line.substring(7).strip();
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String key = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            if (value.length() >= 2 && value.startsWith("'") && value.indexOf('\'', 1) > 0) {
                value = value.substring(1, value.indexOf('\'', 1));
            } else if (value.length() >= 2 && value.startsWith("\"")) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i < value.length(); i++) {
                    char c = value.charAt(i);
                    if (c == '\\' && i + 1 < value.length()) {
                        char n = value.charAt(++i);
                        sb.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
                    } else if (c == '"') {
                        break;
                    } else {
                        sb.append(c);
                    }
                }
                value = sb.toString();
            } else {
                int comment = value.indexOf(" #");
                if (comment >= 0) {
                    value = value.substring(0, comment).strip();
                }
            }
            out.put(key, value);
        }
        return out;
    }
}
