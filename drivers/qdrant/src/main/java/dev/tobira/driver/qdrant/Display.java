package dev.tobira.driver.qdrant;

/** Caller text shown in a message: cut short, control characters escaped. */
final class Display {
    private static final int MAX = 60;

    private Display() {}

    static String clip(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length() && sb.length() < MAX; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return s.length() > MAX ? sb + "…" : sb.toString();
    }
}
