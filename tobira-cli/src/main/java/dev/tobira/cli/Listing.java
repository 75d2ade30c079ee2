package dev.tobira.cli;

import dev.tobira.api.Column;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.format.OutputFormat;
import dev.tobira.format.TableWriter;
import dev.tobira.spi.ResultSets;
import java.io.IOException;
import java.util.List;

/**
 * A listing the command makes itself (doctor, history, drivers), printed in any format. Its text
 * comes from servers, configs and MCP clients and is read by a person, so every format is the
 * terminal-safe one ({@link OutputFormat#terminalWriter()}), CSV included, wherever it goes.
 */
final class Listing {
    private Listing() {}

    static void print(Io io, List<Column> columns, List<Row> rows, OutputFormat format) {
        var rs = ResultSets.of("tobira", columns, rows.iterator(), System.nanoTime());
        try {
            if (format == OutputFormat.TABLE) {
                TableWriter.create().withoutFooter().write(rs, io.out);
            } else {
                format.terminalWriter().write(rs, io.out); // a listing is for a person: CSV escaped too
            }
            io.out.flush();
        } catch (IOException e) {
            throw new Main.BrokenPipe();
        }
    }

    static OutputFormat format(Io io, String format, OutputFormat piped) {
        if (format == null) {
            return io.stdoutTerminal ? OutputFormat.TABLE : piped;
        }
        try {
            return OutputFormat.of(format);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--format: " + e.getMessage());
        }
    }

    static Column text(String name) {
        return Column.of(name, Value.Kind.TEXT);
    }
}
