package dev.tobira.spi;

/** Character classes and case folding limited to ASCII, as SQL servers compare keywords. */
final class Ascii {
    private Ascii() {}

    static String upper(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'a' && c <= 'z') {
                char[] chars = s.toCharArray();
                for (int j = i; j < chars.length; j++) {
                    char d = chars[j];
                    if (d >= 'a' && d <= 'z') {
                        chars[j] = (char) (d - ('a' - 'A'));
                    }
                }
                return new String(chars);
            }
        }
        return s;
    }

    /** As {@code upper(s.substring(start, end))}, copying the characters once at most. */
    static String upper(String s, int start, int end) {
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c >= 'a' && c <= 'z') {
                char[] chars = new char[end - start];
                s.getChars(start, end, chars, 0);
                for (int j = i - start; j < chars.length; j++) {
                    char d = chars[j];
                    if (d >= 'a' && d <= 'z') {
                        chars[j] = (char) (d - ('a' - 'A'));
                    }
                }
                return new String(chars);
            }
        }
        return s.substring(start, end);
    }

    /** As {@code upper(s.substring(start, end)).equals(upperWord)}, without copying. */
    static boolean equalsUpper(String s, int start, int end, String upperWord) {
        if (end - start != upperWord.length()) {
            return false;
        }
        for (int i = start, k = 0; i < end; i++, k++) {
            if (upper(s.charAt(i)) != upperWord.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    static char upper(char c) {
        return c >= 'a' && c <= 'z' ? (char) (c - ('a' - 'A')) : c;
    }

    static String lower(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                char[] chars = s.toCharArray();
                for (int j = i; j < chars.length; j++) {
                    char d = chars[j];
                    if (d >= 'A' && d <= 'Z') {
                        chars[j] = (char) (d + ('a' - 'A'));
                    }
                }
                return new String(chars);
            }
        }
        return s;
    }

    static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isHexDigit(char c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** The white space every SQL server skips between tokens. */
    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000b';
    }
}
