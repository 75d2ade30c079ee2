package dev.tobira.driver.dynamodb;

/** How names from a caller's text appear in messages: quoted, control characters escaped, cut short. */
final class Display {
    private static final int MAX = 64;

    private Display() {}

    static String name(String s) {
        StringBuilder sb = new StringBuilder("'");
        for (int i = 0; i < s.length() && sb.length() <= MAX; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || c == '\'') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (sb.length() > MAX) {
            sb.setLength(MAX);
            sb.append('…');
        }
        return sb.append('\'').toString();
    }
}
