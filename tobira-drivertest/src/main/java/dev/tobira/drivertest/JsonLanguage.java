package dev.tobira.drivertest;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the kit needs to know about a language of JSON command documents (a MongoDB command, a
 * DynamoDB operation) to attack it: where the language lets one document nest inside another, and
 * where a read takes an arbitrary string value or field name. The probes themselves are the
 * driver's ({@link Fixture.Builder#probes}); the variants are the kit's (see the kit's README):
 * key order, white space, &#92;u escapes in keys and strings, duplicate keys, and the probe
 * nested one level deeper through each {@link #nestings() nesting}.
 *
 * <p>Templates are JSON texts with a token where the kit puts something:
 * <ul>
 *   <li>{@code {{probe}}} in a nesting: the whole probe document, for example
 *       {@code {"explain": {{probe}}, "verbosity": "executionStats"}};</li>
 *   <li>{@code {{value}}} in the value slot: a JSON string, for example
 *       {@code {"find": "orders", "filter": {"status": {{value}}}}}, which the kit fills with strings
 *       that look dangerous ({@code "$out"}, {@code "delete"}, "&#92;u0024merge") and must pass;</li>
 *   <li>{@code {{field}}} in the field slot: a JSON string used as a field name, for example
 *       {@code {"find": "orders", "filter": {{{field}}: 1}}}, filled with names such as
 *       {@code "delete"} and {@code "insert"}, which must pass too.</li>
 * </ul>
 *
 * @since 0.1
 */
public final class JsonLanguage {
    /** The token a nesting template holds where the probe goes. */
    public static final String PROBE = "{{probe}}";
    /** The token the value slot holds where a JSON string goes. */
    public static final String VALUE = "{{value}}";
    /** The token the field slot holds where a field name goes. */
    public static final String FIELD = "{{field}}";

    private final Map<String, String> nestings;
    private final @Nullable String valueSlot;
    private final @Nullable String fieldSlot;

    private JsonLanguage(Builder b) {
        this.nestings = Collections.unmodifiableMap(new LinkedHashMap<>(b.nestings));
        this.valueSlot = b.valueSlot;
        this.fieldSlot = b.fieldSlot;
    }

    /**
     * Returns a builder of a JSON language with no nesting and no slots.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the language with nothing declared: the kit still generates every variant but nesting.
     *
     * @return the language
     */
    public static JsonLanguage plain() {
        return builder().build();
    }

    /**
     * Returns the nestings, name to template.
     *
     * @return the nestings, in declaration order
     */
    public Map<String, String> nestings() {
        return nestings;
    }

    /**
     * Returns the read whose {@value #VALUE} takes a string.
     *
     * @return the template, if declared
     */
    public Optional<String> valueSlot() {
        return Optional.ofNullable(valueSlot);
    }

    /**
     * Returns the read whose {@value #FIELD} takes a field name.
     *
     * @return the template, if declared
     */
    public Optional<String> fieldSlot() {
        return Optional.ofNullable(fieldSlot);
    }

    /** Builds a {@link JsonLanguage}. */
    public static final class Builder {
        private final LinkedHashMap<String, String> nestings = new LinkedHashMap<>();
        private @Nullable String valueSlot;
        private @Nullable String fieldSlot;

        private Builder() {}

        /**
         * Adds a place where the language lets a document hold another one that still runs: each
         * probe is also sent nested there (variant {@code nested-<name>}).
         *
         * @param name a short name, used in variant names
         * @param template a JSON text holding {@value JsonLanguage#PROBE} once
         * @return this builder
         * @throws IllegalArgumentException if the template does not hold the token once
         */
        public Builder nesting(String name, String template) {
            requireNonNull(name, "name is null");
            once(template, PROBE);
            nestings.put(name, template);
            return this;
        }

        /**
         * Sets the read whose value slot the kit fills with strings that look dangerous.
         *
         * @param template a JSON text holding {@value JsonLanguage#VALUE} once, in a value position
         * @return this builder
         */
        public Builder valueSlot(String template) {
            once(template, VALUE);
            this.valueSlot = template;
            return this;
        }

        /**
         * Sets the read whose field slot the kit fills with field names that look dangerous.
         *
         * @param template a JSON text holding {@value JsonLanguage#FIELD} once, in a key position
         * @return this builder
         */
        public Builder fieldSlot(String template) {
            once(template, FIELD);
            this.fieldSlot = template;
            return this;
        }

        /**
         * Builds the language.
         *
         * @return the language
         */
        public JsonLanguage build() {
            return new JsonLanguage(this);
        }

        private static void once(String template, String token) {
            requireNonNull(template, "template is null");
            int first = template.indexOf(token);
            if (first < 0 || template.indexOf(token, first + 1) >= 0) {
                throw new IllegalArgumentException("the template must hold " + token + " exactly once: " + template);
            }
        }
    }
}
