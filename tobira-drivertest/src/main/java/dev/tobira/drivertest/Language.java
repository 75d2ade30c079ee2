package dev.tobira.drivertest;

import java.util.EnumSet;
import java.util.Set;

/**
 * The query language of a driver, which chooses the kit's built-in probe catalogue, how it
 * generates variants, which families of attack it expects covered, and the default minimum of
 * proven probes.
 *
 * @since 0.1
 */
public enum Language {
    /** SQL: the built-in SQL catalogue applies, and variants are made with the SQL lexer. */
    SQL,
    /** Anything else (a Redis command line): only the driver's own probes apply. */
    OTHER,
    /**
     * JSON command documents (a MongoDB command, a DynamoDB operation): the driver's probes are
     * documents, and the kit makes their JSON variants (see {@link JsonLanguage}).
     *
     * @since 0.1
     */
    JSON;

    /**
     * Returns the families of attack a database of this language has, each of which strict mode
     * requires a proven probe of, or a reason ({@link Fixture.Builder#without(ProbeFamily, String)}) why not.
     *
     * @return the families
     * @since 0.1
     */
    public Set<ProbeFamily> impliedFamilies() {
        return switch (this) {
            case SQL ->
                EnumSet.of(
                        ProbeFamily.DML,
                        ProbeFamily.DDL,
                        ProbeFamily.STACKING,
                        ProbeFamily.COMMENT_TRICK,
                        ProbeFamily.WRITABLE_CTE,
                        ProbeFamily.SIDE_EFFECT_FUNCTION,
                        ProbeFamily.FILE_IO,
                        ProbeFamily.SESSION_SETTING,
                        ProbeFamily.EXPLAIN_EXECUTES,
                        ProbeFamily.ATTACH_EXTENSION,
                        ProbeFamily.ADMIN);
            case JSON ->
                EnumSet.of(
                        ProbeFamily.DML,
                        ProbeFamily.DDL,
                        ProbeFamily.STACKING,
                        ProbeFamily.SIDE_EFFECT_FUNCTION,
                        ProbeFamily.ADMIN);
            case OTHER -> EnumSet.of(ProbeFamily.DML, ProbeFamily.ADMIN);
        };
    }

    /**
     * Returns the default minimum of probes and variants that must be proven and refused: about
     * what a driver with a handful of its own probes reaches in the language, so that a fixture
     * whose probes stopped proving themselves cannot pass quietly.
     *
     * @param language the language
     * @return 40 for SQL (the built-in catalogue alone proves more on most databases), 20 for JSON, 12 otherwise
     * @since 0.1
     */
    public static int defaultMinimum(Language language) {
        return switch (language) {
            case SQL -> 40;
            case JSON -> 20;
            case OTHER -> 12;
        };
    }
}
