package dev.tobira.format;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import java.io.IOException;

/**
 * The spacing of the JSON result shape inside one line: {@code {"id": 2, "name": "Ada"}}, a space
 * after each colon and comma, nothing between root values (the writer places those itself).
 */
final class InlinePrinter implements PrettyPrinter {
    static final InlinePrinter INSTANCE = new InlinePrinter();

    private InlinePrinter() {}

    @Override
    public void writeRootValueSeparator(JsonGenerator g) {
        // the frame around root values is written raw by the result writer
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
        g.writeRaw('{');
    }

    @Override
    public void writeEndObject(JsonGenerator g, int nrOfEntries) throws IOException {
        g.writeRaw('}');
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
        g.writeRaw(", ");
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(": ");
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
        g.writeRaw('[');
    }

    @Override
    public void writeEndArray(JsonGenerator g, int nrOfValues) throws IOException {
        g.writeRaw(']');
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(", ");
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) {
        // nothing before the first value
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) {
        // nothing before the first entry
    }
}
