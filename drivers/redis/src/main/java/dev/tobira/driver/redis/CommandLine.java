package dev.tobira.driver.redis;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One Redis command as arguments, split from a command line by redis-cli's own rules (those of
 * {@code sdssplitargs}), so a line pasted from redis-cli means the same here:
 * <ul>
 *   <li>spaces, tabs and line breaks separate arguments;
 *   <li>in double quotes, {@code \xHH} is a byte, {@code \n \r \t \b \a} are control characters and
 *       a backslash before anything else stands for that character;
 *   <li>in single quotes everything is literal except {@code \'};
 *   <li>a quote may start in the middle of an argument ({@code a"b c"} is {@code ab c}), but a closing
 *       quote must be followed by a separator or the end;
 *   <li>outside quotes a backslash is an ordinary character.
 * </ul>
 * Arguments are bytes: the text is UTF-8, {@code \xHH} adds any byte.
 */
final class CommandLine {
    private final List<byte[]> args;

    private CommandLine(List<byte[]> args) {
        this.args = args;
    }

    /**
     * Splits a command line and appends the query parameters as further arguments.
     *
     * @throws DriverException SYNTAX for bad quoting or an empty line, INVALID_ARGUMENT for a parameter
     *     that has no argument form
     */
    static CommandLine parse(String text, List<Value> params) {
        List<byte[]> args = split(text);
        if (args.isEmpty()) {
            throw DriverException.of(ErrorKind.SYNTAX, RedisDriver.NAME, "query", "empty command line");
        }
        for (Value v : params) {
            args.add(Values.toArgument(v, "query"));
        }
        return new CommandLine(List.copyOf(args));
    }

    static CommandLine of(List<byte[]> args) {
        if (args.isEmpty()) {
            throw new IllegalArgumentException("no arguments");
        }
        return new CommandLine(List.copyOf(args));
    }

    static CommandLine of(String... args) {
        List<byte[]> list = new ArrayList<>(args.length);
        for (String a : args) {
            list.add(a.getBytes(StandardCharsets.UTF_8));
        }
        return of(list);
    }

    List<byte[]> args() {
        return args;
    }

    int size() {
        return args.size();
    }

    byte[] arg(int i) {
        return args.get(i);
    }

    /** The argument as text, lower-cased when it is ASCII; other bytes become U+FFFD and match no name. */
    String word(int i) {
        return new String(args.get(i), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
    }

    /** The command name in lower case, as COMMAND INFO reports it. */
    String name() {
        return word(0);
    }

    /** Whether any argument after the command, in any case, equals the word (such as {@code block}). */
    boolean hasWord(String lower) {
        for (int i = 1; i < args.size(); i++) {
            if (word(i).equals(lower)) {
                return true;
            }
        }
        return false;
    }

    CommandLine withArg(int index, byte[] value) {
        List<byte[]> copy = new ArrayList<>(args);
        copy.set(index, value);
        return new CommandLine(List.copyOf(copy));
    }

    /** The command line for messages: the command name only, since arguments may hold secrets or be huge. */
    @Override
    public String toString() {
        return new String(args.get(0), StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
    }

    static List<byte[]> split(String text) {
        byte[] in = text.getBytes(StandardCharsets.UTF_8);
        List<byte[]> out = new ArrayList<>();
        int p = 0;
        int n = in.length;
        while (true) {
            while (p < n && isSpace(in[p])) {
                p++;
            }
            if (p >= n) {
                return out;
            }
            ByteArrayOutputStream current = new ByteArrayOutputStream();
            boolean inDouble = false;
            boolean inSingle = false;
            boolean done = false;
            while (!done) {
                if (inDouble) {
                    if (p >= n) {
                        throw syntax("unbalanced double quote");
                    }
                    byte c = in[p];
                    if (c == '\\' && p + 3 < n && in[p + 1] == 'x' && isHex(in[p + 2]) && isHex(in[p + 3])) {
                        current.write(hex(in[p + 2]) * 16 + hex(in[p + 3]));
                        p += 3;
                    } else if (c == '\\' && p + 1 < n) {
                        p++;
                        current.write(unescape(in[p]));
                    } else if (c == '"') {
                        if (p + 1 < n && !isSpace(in[p + 1])) {
                            throw syntax("a closing double quote must be followed by a space or the end");
                        }
                        done = true;
                    } else {
                        current.write(c);
                    }
                } else if (inSingle) {
                    if (p >= n) {
                        throw syntax("unbalanced single quote");
                    }
                    byte c = in[p];
                    if (c == '\\' && p + 1 < n && in[p + 1] == '\'') {
                        p++;
                        current.write('\'');
                    } else if (c == '\'') {
                        if (p + 1 < n && !isSpace(in[p + 1])) {
                            throw syntax("a closing single quote must be followed by a space or the end");
                        }
                        done = true;
                    } else {
                        current.write(c);
                    }
                } else {
                    if (p >= n || isSpace(in[p])) {
                        done = true;
                    } else if (in[p] == '"') {
                        inDouble = true;
                    } else if (in[p] == '\'') {
                        inSingle = true;
                    } else {
                        current.write(in[p]);
                    }
                }
                if (p < n) {
                    p++;
                }
            }
            out.add(current.toByteArray());
        }
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == 0x0b || b == '\f';
    }

    private static boolean isHex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
    }

    private static int hex(byte b) {
        return Character.digit((char) b, 16);
    }

    private static int unescape(byte c) {
        switch (c) {
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'b':
                return '\b';
            case 'a':
                return 7;
            default:
                return c;
        }
    }

    private static DriverException syntax(String detail) {
        return DriverException.of(ErrorKind.SYNTAX, RedisDriver.NAME, "query", detail);
    }
}
