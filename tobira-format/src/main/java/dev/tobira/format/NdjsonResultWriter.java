package dev.tobira.format;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.tobira.api.Column;
import dev.tobira.api.ResultSet;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * The {@code ndjson} format: one compact JSON object a row, keyed by column name, each ended by a
 * line feed ({@code {"id":2,"name":"Grace Hopper"}}); no header and no statistics, so any prefix
 * of the output is valid. Values are typed JSON ({@link JsonValues}).
 *
 * @since 0.1
 */
public final class NdjsonResultWriter implements ResultWriter {
    private static final NdjsonResultWriter INSTANCE = new NdjsonResultWriter();

    private NdjsonResultWriter() {}

    /**
     * Returns the writer.
     *
     * @return the writer
     */
    public static NdjsonResultWriter create() {
        return INSTANCE;
    }

    @Override
    public long write(ResultSet result, OutputStream out) throws IOException {
        try (result;
                JsonGenerator g = JsonValues.FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setCharacterEscapes(
                    TerminalJsonEscapes
                            .INSTANCE); // C1 and bidi controls as JSON escapes: exact, and inert on a terminal
            g.setPrettyPrinter(new MinimalPrettyPrinter(""));
            String[] names = result.columns().stream().map(Column::name).toArray(String[]::new);
            long n;
            try {
                n = result.forEachRow(row -> {
                    try {
                        JsonResultWriter.writeRow(g, names, row);
                        g.writeRaw('\n');
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
            g.flush();
            return n;
        }
    }
}
