package dev.tobira.format;

import dev.tobira.api.Column;
import dev.tobira.api.QueryStats;
import dev.tobira.api.ResultSet;
import dev.tobira.api.RowView;
import dev.tobira.api.Value;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code table} format, for a terminal: columns padded to the widest cell or header and
 * separated by two spaces, a rule of {@code ─} under the header as wide as each column, and a
 * footer after a blank line.
 *
 * <pre>
 * name               orders  total
 * ─────────────────  ──────  ─────
 * Margaret Hamilton  1       150
 * Grace Hopper       2       96.2
 *
 * 2 rows · &lt;1ms
 * </pre>
 *
 * <p><b>The window rule.</b> Column widths come from the header and the first {@value #DEFAULT_WINDOW}
 * rows (fewer when their cells reach {@value #WINDOW_CHARS} characters in all): those rows are
 * held, measured, printed, and every later row is printed as it arrives with the same widths, so
 * memory is bounded whatever the result's size. A later cell wider than its column is printed
 * whole and pushes the rest of its line to the right; nothing is ever cut.
 *
 * <p>Cells are the values' display form ({@code NULL}, ISO dates and times, JSON for documents),
 * with a float that holds a whole number printed without a fraction ({@code 150}, as the original
 * prints it) and every character {@link TerminalText} names escaped (line breaks, tabs and other
 * controls as {@code \n}, {@code \t}, {@code \x1b}, bidirectional controls as <code>&#92;u202e</code>), so
 * a row stays one line and no value drives the terminal. Widths count characters as a terminal does: East Asian
 * wide characters and emoji take two columns, combining marks none. The last column is not padded,
 * and its rule is at most {@value #LAST_RULE_MAX} wide (or its header's width), as the original
 * prints a history whose last column is a long query.
 *
 * <p>The footer is {@code N rows · <duration>}, with {@code · truncated} when the limit cut the
 * result; a result without columns (a write) prints {@code N rows affected · <duration>}. The
 * duration is {@code <1ms}, then milliseconds, then seconds.
 *
 * @since 0.1
 */
public final class TableWriter implements ResultWriter {
    /** The rows that size the columns, at most. */
    public static final int DEFAULT_WINDOW = 1000;
    /** The characters of buffered cells that end the window early. */
    public static final int WINDOW_CHARS = 1 << 20;
    /** The widest rule under the last column, which is never padded, so its width sets nothing else. */
    public static final int LAST_RULE_MAX = 30;

    private static final String GAP = "  ";
    private static final TableWriter DEFAULT = new TableWriter(DEFAULT_WINDOW, true);

    private final int window;
    private final boolean footer;

    private TableWriter(int window, boolean footer) {
        this.window = window;
        this.footer = footer;
    }

    /**
     * Returns the writer with the default window.
     *
     * @return the writer
     */
    public static TableWriter create() {
        return DEFAULT;
    }

    /**
     * Returns a writer whose columns are sized by at most this many rows.
     *
     * @param window the rows, 1 or more
     * @return the writer
     */
    public static TableWriter withWindow(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1: " + window);
        }
        return new TableWriter(window, true);
    }

    /**
     * Returns this writer without the blank line and footer after the rows, for listings that are
     * not query results (a history, a doctor's report).
     *
     * @return the writer
     */
    public TableWriter withoutFooter() {
        return new TableWriter(window, false);
    }

    @Override
    public long write(ResultSet result, OutputStream out) throws IOException {
        try (result) {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
            List<Column> columns = result.columns();
            int n = columns.size();
            if (n == 0) {
                while (result.hasNext()) {
                    result.next(); // a result without columns has no rows to show; drained for its stats
                }
                QueryStats stats = result.stats();
                long affected = stats.rowsAffected().orElse(0);
                w.write(affected + (affected == 1 ? " row affected" : " rows affected") + " · "
                        + duration(stats.duration()) + "\n");
                w.flush();
                return 0;
            }
            String[] header = new String[n];
            int[] widths = new int[n];
            for (int i = 0; i < n; i++) {
                header[i] = cell(columns.get(i).name());
                widths[i] = width(header[i]);
            }
            List<String[]> held = new ArrayList<>();
            long chars = 0;
            while (held.size() < window && chars < WINDOW_CHARS && result.hasNext()) {
                RowView row = result.next();
                String[] cells = new String[n];
                for (int i = 0; i < n; i++) {
                    cells[i] = display(row.get(i));
                    widths[i] = Math.max(widths[i], width(cells[i]));
                    chars += cells[i].length();
                }
                held.add(cells);
            }
            line(w, header, widths);
            String[] rule = new String[n];
            for (int i = 0; i < n; i++) {
                rule[i] = "─"
                        .repeat(
                                i == n - 1
                                        ? Math.min(widths[i], Math.max(LAST_RULE_MAX, width(header[i])))
                                        : widths[i]);
            }
            line(w, rule, widths);
            long count = 0;
            for (String[] cells : held) {
                line(w, cells, widths);
                count++;
            }
            held = null; // the window is printed: only the widths stay
            String[] cells = new String[n];
            try {
                count += result.forEachRow(row -> {
                    for (int i = 0; i < n; i++) {
                        cells[i] = display(row.get(i));
                    }
                    try {
                        line(w, cells, widths);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            QueryStats stats = result.stats();
            if (footer) {
                w.write("\n" + count + (count == 1 ? " row" : " rows") + (stats.truncated() ? " · truncated" : "")
                        + " · " + duration(stats.duration()) + "\n");
            }
            w.flush();
            return count;
        }
    }

    private static void line(Writer w, String[] cells, int[] widths) throws IOException {
        int last = cells.length - 1;
        for (int i = 0; i < cells.length; i++) {
            w.write(cells[i]);
            if (i < last) {
                for (int pad = widths[i] - width(cells[i]); pad > 0; pad--) {
                    w.write(' ');
                }
                w.write(GAP);
            }
        }
        w.write('\n');
    }

    /**
     * Returns the text a table shows for a value: its display form, a whole float without a
     * fraction, control characters escaped.
     *
     * @param v the value
     * @return the cell
     */
    static String display(Value v) {
        if (v instanceof Value.Float f) {
            double d = f.value();
            if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                return Long.toString((long) d);
            }
            return Double.toString(d);
        }
        return cell(v.toString());
    }

    private static String cell(String s) {
        return TerminalText.escape(s);
    }

    /** Terminal columns: wide East Asian characters and emoji take two, combining marks none. */
    static int width(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            int type = Character.getType(cp);
            if (type == Character.NON_SPACING_MARK
                    || type == Character.ENCLOSING_MARK
                    || cp == 0x200B
                    || cp == 0x200D
                    || (cp >= 0xFE00 && cp <= 0xFE0F)) {
                continue;
            }
            w += wide(cp) ? 2 : 1;
        }
        return w;
    }

    private static boolean wide(int cp) {
        return (cp >= 0x1100 && cp <= 0x115F)
                || (cp >= 0x2E80 && cp <= 0x303E)
                || (cp >= 0x3041 && cp <= 0x33FF)
                || (cp >= 0x3400 && cp <= 0x4DBF)
                || (cp >= 0x4E00 && cp <= 0x9FFF)
                || (cp >= 0xA000 && cp <= 0xA4CF)
                || (cp >= 0xAC00 && cp <= 0xD7A3)
                || (cp >= 0xF900 && cp <= 0xFAFF)
                || (cp >= 0xFE30 && cp <= 0xFE4F)
                || (cp >= 0xFF00 && cp <= 0xFF60)
                || (cp >= 0xFFE0 && cp <= 0xFFE6)
                || (cp >= 0x1F300 && cp <= 0x1F64F)
                || (cp >= 0x1F900 && cp <= 0x1F9FF)
                || (cp >= 0x20000 && cp <= 0x3FFFD);
    }

    /**
     * Returns a duration as the footer shows it: {@code <1ms}, {@code 12ms}, {@code 1.25s},
     * {@code 2m5s}.
     *
     * @param d the duration
     * @return the text
     */
    static String duration(Duration d) {
        long ms = d.toMillis();
        if (ms < 1) {
            return "<1ms";
        }
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms < 60_000) {
            String s = String.format(java.util.Locale.ROOT, "%.2f", ms / 1000.0);
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
            return s + "s";
        }
        long seconds = ms / 1000;
        return seconds / 60 + "m" + seconds % 60 + "s";
    }
}
