package dev.tobira.format;

import static dev.tobira.format.JsonResultWriterTest.US;
import static dev.tobira.format.JsonResultWriterTest.US_ROWS;
import static dev.tobira.format.JsonResultWriterTest.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class CsvResultWriterTest {
    @Test
    void headerAndRows() throws IOException {
        assertEquals("""
                id,name,country
                2,Grace Hopper,US
                4,Margaret Hamilton,US
                5,Ken Thompson,US
                """, write(OutputFormat.CSV.writer(), Results.of(US, US_ROWS, Results.stats(0, false))));
    }

    @Test
    void formatsByName() {
        assertEquals(OutputFormat.NDJSON, OutputFormat.of("NDJSON"));
        assertEquals("table", OutputFormat.TABLE.id());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputFormat.of("xml"));
        assertEquals("unknown format \"xml\" (known: table, json, ndjson, csv)", e.getMessage());
    }
}
