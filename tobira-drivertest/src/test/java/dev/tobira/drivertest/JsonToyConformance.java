package dev.tobira.drivertest;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;

/**
 * The kit's guard checks pointed at {@link JsonToyDriver} in the JSON language. Not named
 * {@code *Test}: {@link JsonLanguageTest} runs its guard checks through the JUnit engine, with the
 * sound guard and with the weakened one.
 */
class JsonToyConformance extends DriverConformanceTest {
    @Override
    protected Fixture fixture() {
        return Fixture.builder(new JsonToyDriver())
                .writable(ConnConfig.of("jsontoy:shop"))
                .json(JsonLanguage.builder()
                        .nesting("explain", "{\"explain\": " + JsonLanguage.PROBE + "}")
                        .valueSlot("{\"find\": \"customers\", \"filter\": {\"name\": " + JsonLanguage.VALUE + "}}")
                        .fieldSlot("{\"find\": \"customers\", \"filter\": {" + JsonLanguage.FIELD + ": 1}}")
                        .build())
                .seed(JsonToyDriver::seedShop)
                .fingerprint(JsonToyDriver.DATA::toString)
                .rows(n -> "{\"range\": " + n + "}")
                .slow("{\"range\": 1}")
                .shop(
                        dev.tobira.api.CollectionRef.of("customers"),
                        dev.tobira.api.CollectionRef.of("orders"),
                        "{\"find\": \"customers\"}")
                .types(TypeCase.of("{\"count\": \"orders\"}", Value.of("orders")))
                .probes(
                        WriteProbe.of(
                                "json.insert",
                                ProbeFamily.DML,
                                "{\"insert\": \"customers\", \"documents\": [{\"_id\": \"9\", \"name\": \"Mallory\"}]}"),
                        WriteProbe.of(
                                "json.delete",
                                ProbeFamily.DML,
                                "{\"delete\": \"orders\", \"deletes\": [{\"q\": {}, \"limit\": 0}]}"),
                        WriteProbe.of("json.drop", ProbeFamily.DDL, "{\"drop\": \"orders\"}"),
                        WriteProbe.of(
                                "json.batch",
                                ProbeFamily.STACKING,
                                "{\"batch\": [{\"find\": \"orders\"}, {\"drop\": \"orders\"}]}"))
                .safeReads(
                        SafeRead.of("json.find", "{\"find\": \"orders\", \"filter\": {\"status\": \"paid\"}}"),
                        SafeRead.of("json.explain-find", "{\"explain\": {\"find\": \"orders\"}}"))
                // the toy has no layer but its statement check: the layers section must show that
                .withoutStatementCheck(new JsonToyDriver(false))
                .without(ProbeFamily.SIDE_EFFECT_FUNCTION, "the toy runs no code")
                .without(ProbeFamily.ADMIN, "the toy has no administrative command")
                .build();
    }
}
