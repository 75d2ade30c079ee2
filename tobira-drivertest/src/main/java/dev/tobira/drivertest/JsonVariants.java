package dev.tobira.drivertest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The variants of a JSON command document: the same document spelled differently, which a guard
 * that reads the text (or parses it differently from the server) may judge differently. Each is
 * written from the parsed document by the kit's own writer, so the kit controls every escape,
 * space and repeated key; numbers keep their exact text.
 */
final class JsonVariants {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Strings that look like a write or an operator in a value position, which a read may hold. */
    static final List<String> DANGEROUS_VALUES = List.of(
            "$out",
            "$merge",
            "delete",
            "drop table orders",
            "{\"insert\": \"orders\"}",
            "$where",
            "DeleteItem",
            "; db.orders.drop()");
    /** Field names that look like a write command, which a read may name. */
    static final List<String> DANGEROUS_FIELDS =
            List.of("delete", "insert", "update", "drop", "out", "merge", "writeConcern", "DeleteItem");

    private JsonVariants() {}

    private enum Order {
        KEEP,
        NESTED,
        ALL
    }

    /** How a document is written out. */
    private record Style(
            String indent,
            String colon,
            String comma,
            Order order,
            boolean escapeKeys,
            boolean escapeFirst,
            boolean escapeStrings,
            boolean repeatMembers) {
        static Style compact() {
            return new Style("", ":", ",", Order.KEEP, false, false, false, false);
        }

        Style withIndent(String i) {
            return new Style(i, colon, comma, order, escapeKeys, escapeFirst, escapeStrings, repeatMembers);
        }

        Style withOrder(Order o) {
            return new Style(indent, colon, comma, o, escapeKeys, escapeFirst, escapeStrings, repeatMembers);
        }

        Style withEscapes(boolean keys, boolean first, boolean strings) {
            return new Style(indent, colon, comma, order, keys, first, strings, repeatMembers);
        }

        Style repeating() {
            return new Style(indent, colon, comma, order, escapeKeys, escapeFirst, escapeStrings, true);
        }
    }

    /**
     * Parses a document.
     *
     * @throws IllegalArgumentException if the text is not one JSON object
     */
    static ObjectNode parse(String text) {
        try {
            JsonNode node = MAPPER.readTree(text);
            if (node instanceof ObjectNode o) {
                return o;
            }
            throw new IllegalArgumentException("not a JSON object: " + Guard.display(text));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "not a JSON document (" + e.getOriginalMessage() + "): " + Guard.display(text), e);
        }
    }

    /** The variants of a probe, each a different spelling of the same command. */
    static List<Variants.Variant> probe(String text, JsonLanguage language) {
        ObjectNode doc = parse(text);
        Map<String, String> out = new LinkedHashMap<>();
        spellings(doc, out);
        String first = doc.isEmpty() ? null : doc.properties().iterator().next().getKey();
        if (first != null) {
            // the command word again at the end: a reader that takes the last key and one that takes the first agree
            out.put("duplicate-command-key", duplicateCommandKey(doc, first));
            // a null first and the real value after it: a guard that keeps the first sees no command
            out.put(
                    "duplicate-key-null-first",
                    "{" + quote(first, false, false) + ":null,"
                            + write(doc, Style.compact()).substring(1));
        }
        out.put("duplicate-members", write(doc, Style.compact().repeating()));
        language.nestings()
                .forEach((name, template) ->
                        out.put("nested-" + name, template.replace(JsonLanguage.PROBE, write(doc, Style.compact()))));
        return distinct(text, out);
    }

    /** The spellings of a read that must still pass: every variant of a probe but duplicates and nesting. */
    static List<Variants.Variant> read(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        spellings(parse(text), out);
        out.remove("key-order-top"); // a read's command word is its first key in some languages; reorder only below it
        return distinct(text, out);
    }

    /** The safe reads the language's slots make, each with its own spellings. */
    static List<SafeRead> safeReads(JsonLanguage language) {
        List<SafeRead> reads = new ArrayList<>();
        language.valueSlot().ifPresent(t -> {
            for (int i = 0; i < DANGEROUS_VALUES.size(); i++) {
                String v = DANGEROUS_VALUES.get(i);
                reads.add(SafeRead.of("json.value-" + slug(v), t.replace(JsonLanguage.VALUE, quote(v, false, false))));
                if (i < 2) {
                    // a backslash-u escape of "$out" is "$out": a guard that decodes escapes differently from the
                    // server may refuse it, or miss it
                    reads.add(SafeRead.of(
                            "json.value-escaped-" + slug(v), t.replace(JsonLanguage.VALUE, quote(v, true, false))));
                }
            }
        });
        language.fieldSlot().ifPresent(t -> {
            for (String f : DANGEROUS_FIELDS) {
                reads.add(SafeRead.of("json.field-" + slug(f), t.replace(JsonLanguage.FIELD, quote(f, false, false))));
            }
            reads.add(SafeRead.of(
                    "json.field-escaped-delete", t.replace(JsonLanguage.FIELD, quote("delete", true, false))));
        });
        return reads;
    }

    private static void spellings(ObjectNode doc, Map<String, String> out) {
        out.put("compact", write(doc, Style.compact()));
        out.put(
                "whitespace",
                "\n\t " + write(doc, new Style("\n\t  ", " :\t", " ,\n", Order.KEEP, false, false, false, false))
                        + "\r\n ");
        out.put("key-order", write(doc, Style.compact().withOrder(Order.NESTED)));
        out.put("key-order-top", write(doc, Style.compact().withOrder(Order.ALL)));
        out.put("unicode-keys", write(doc, Style.compact().withEscapes(true, false, false)));
        out.put("unicode-key-first-char", write(doc, Style.compact().withEscapes(false, true, false)));
        out.put("unicode-strings", write(doc, Style.compact().withEscapes(false, false, true)));
        out.put(
                "unicode-everything",
                write(doc, Style.compact().withEscapes(true, false, true).withIndent(" ")));
    }

    private static String duplicateCommandKey(ObjectNode doc, String first) {
        String body = write(doc, Style.compact());
        String tail = quote(first, false, false) + ":" + write(doc.get(first), Style.compact());
        return body.substring(0, body.length() - 1) + (doc.size() > 0 ? "," : "") + tail + "}";
    }

    private static List<Variants.Variant> distinct(String original, Map<String, String> out) {
        List<Variants.Variant> variants = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        seen.add(original);
        out.forEach((suffix, text) -> {
            if (seen.add(text)) {
                variants.add(new Variants.Variant(suffix, text));
            }
        });
        return variants;
    }

    static String write(JsonNode node, Style style) {
        StringBuilder sb = new StringBuilder();
        write(node, style, true, sb);
        return sb.toString();
    }

    private static void write(JsonNode node, Style style, boolean top, StringBuilder sb) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> members = new ArrayList<>();
            members.addAll(node.properties());
            if (style.order() == Order.ALL || (style.order() == Order.NESTED && !top)) {
                Collections.reverse(members);
            } else if (style.order() == Order.NESTED && members.size() > 2) {
                // the first key stays first (a command's name), the rest turn round
                List<Map.Entry<String, JsonNode>> rest = new ArrayList<>(members.subList(1, members.size()));
                Collections.reverse(rest);
                members = new ArrayList<>(List.of(members.get(0)));
                members.addAll(rest);
            }
            sb.append('{').append(style.indent());
            boolean firstMember = true;
            for (Map.Entry<String, JsonNode> m : members) {
                for (int n = 0; n < (style.repeatMembers() ? 2 : 1); n++) {
                    if (!firstMember) {
                        sb.append(style.comma()).append(style.indent());
                    }
                    firstMember = false;
                    sb.append(quote(m.getKey(), style.escapeKeys(), style.escapeFirst()))
                            .append(style.colon());
                    write(m.getValue(), style, false, sb);
                }
            }
            sb.append(style.indent()).append('}');
        } else if (node.isArray()) {
            sb.append('[').append(style.indent());
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    sb.append(style.comma()).append(style.indent());
                }
                write(node.get(i), style, false, sb);
            }
            sb.append(style.indent()).append(']');
        } else if (node.isTextual()) {
            sb.append(quote(node.textValue(), style.escapeStrings(), false));
        } else {
            sb.append(node.toString()); // numbers exactly as parsed, true, false, null
        }
    }

    /** A JSON string: every character as a &#92;u escape, only the first, or only what JSON requires. */
    static String quote(String s, boolean escapeAll, boolean escapeFirst) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (escapeAll || (escapeFirst && i == 0) || c < 0x20 || c == '"' || c == '\\') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    private static String slug(String s) {
        String slug = s.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "").toLowerCase(java.util.Locale.ROOT);
        return (s.startsWith("$") ? "dollar-" : "") + slug;
    }
}
