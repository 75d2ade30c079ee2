package dev.tobira.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tobira.api.Column;
import dev.tobira.api.Value;
import java.io.IOException;
import java.util.Locale;

/**
 * TEMPORARY, until tobira-format lands: the few lines that turn a value into JSON. Deleted at the
 * merge of tobira-format, whose JSON ⇄ Value is the one piece of code for that concern.
 */
final class InterimValueJson {
    private InterimValueJson() {}

    static void write(JsonGenerator g, Value v) throws IOException {
        switch (v.kind()) {
            case NULL -> g.writeNull();
            case BOOL -> g.writeBoolean(((Value.Bool) v).value());
            case INT -> g.writeNumber(((Value.Int) v).value());
            case FLOAT -> g.writeNumber(((Value.Float) v).value());
            case DECIMAL -> g.writeNumber(((Value.Decimal) v).value());
            default -> g.writeString(v.toString());
        }
    }

    static Value fromJson(Object o) {
        if (o == null) {
            return Value.NULL;
        }
        if (o instanceof Boolean b) {
            return Value.of(b.booleanValue());
        }
        if (o instanceof Integer || o instanceof Long || o instanceof Short) {
            return Value.of(((Number) o).longValue());
        }
        if (o instanceof Number n) {
            return Value.of(n.doubleValue());
        }
        if (o instanceof String s) {
            return Value.of(s);
        }
        throw new ToolError("params: only strings, numbers, booleans and null are accepted");
    }

    static String typeOf(Column c) {
        if (!c.nativeType().isEmpty()) {
            return c.nativeType();
        }
        return c.kind() == Value.Kind.TEXT ? "string" : c.kind().name().toLowerCase(Locale.ROOT);
    }
}
