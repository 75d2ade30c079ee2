package dev.tobira.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as a user types them: {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}, {@code 30d}, or bare seconds. */
final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h|d)?");

    /** The longest duration taken: 100 years, far inside what a {@code long} of nanoseconds holds (292 years). */
    static final Duration MAX = Duration.ofDays(36_500);

    private Durations() {}

    static Duration parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration (such as 500ms, 30s, 2m, 1h, 7d)");
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double ms = switch (unit) {
            case "ms" -> n;
            case "m" -> n * 60_000;
            case "h" -> n * 3_600_000;
            case "d" -> n * 86_400_000;
            default -> n * 1000;
        };
        if (!(ms <= MAX.toMillis())) {
            // past this, nanoseconds overflow a long (a watchdog's delay) and a bound means nothing
            throw new IllegalArgumentException("\"" + text + "\" is too long: at most " + MAX.toDays() + "d");
        }
        return Duration.ofMillis(Math.round(ms));
    }
}
