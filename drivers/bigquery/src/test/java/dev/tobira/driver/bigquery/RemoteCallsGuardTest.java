package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 29 item 1: on a read-only path the lexical layer refuses every call that sends table data
 * out of BigQuery, whatever spelling GoogleSQL allows for its name, and reads every Unicode space as
 * a separator. The dry run reports such a query as a plain SELECT, so this layer is the only one.
 */
class RemoteCallsGuardTest {
    private final ReadOnlyGuard guard = new ReadOnlyGuard(true);

    private DriverException refused(String sql) {
        DriverException e = assertThrows(DriverException.class, () -> guard.checkText(sql), sql);
        assertEquals(ErrorKind.READ_ONLY, e.kind(), sql + " -> " + e.getMessage());
        return e;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM `EXTERNAL\\x5fQUERY`('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `EXTERNAL\\u005FQUERY`('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `EXTERNAL\\U0000005FQUERY`('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `EXTERNAL\\137QUERY`('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `\\105XTERNAL_QUERY`('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM EXTERNAL_QUERY\u00a0('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM EXTERNAL_QUERY\u2003('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM EXTERNAL_QUERY\u3000('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `region-us`.EXTERNAL_QUERY('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `region-us.external_query`('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `my-project`.`region-us`.`External_Query`('p.us.pg', 'DELETE FROM t RETURNING 1')",
                "SELECT * FROM `ＥＸＴＥＲＮＡＬ_ＱＵＥＲＹ`('p.us.pg', 'DELETE FROM t RETURNING 1')",
            })
    void externalQueryInEverySpelling(String sql) {
        assertTrue(refused(sql).getMessage().contains("EXTERNAL_QUERY() is not allowed"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT * FROM ML.GENERATE_TEXT(MODEL shop.gemini, TABLE shop.customers)",
                "SELECT * FROM ml.generate_embedding(MODEL shop.embed, TABLE shop.customers)",
                "SELECT * FROM ML.GENERATE_TEXT_EMBEDDING(MODEL shop.embed, TABLE shop.customers)",
                "SELECT * FROM ML.UNDERSTAND_TEXT(MODEL shop.nl, TABLE shop.customers, STRUCT('analyze_sentiment' AS nlu_option))",
                "SELECT * FROM ML.TRANSLATE(MODEL shop.tr, TABLE shop.customers, STRUCT('translate_text' AS translate_mode))",
                "SELECT * FROM ML.PROCESS_DOCUMENT(MODEL shop.doc, TABLE shop.files)",
                "SELECT * FROM ML.TRANSCRIBE(MODEL shop.speech, TABLE shop.audio)",
                "SELECT * FROM ML.ANNOTATE_IMAGE(MODEL shop.vision, TABLE shop.images, STRUCT(['label_detection'] AS vision_features))",
                "SELECT * FROM ML.PREDICT(MODEL shop.remote_endpoint, TABLE shop.customers)",
                "SELECT * FROM `ML`.GENERATE_TEXT(MODEL shop.gemini, TABLE shop.customers)",
                "SELECT * FROM `ml.generate_text`(MODEL shop.gemini, TABLE shop.customers)",
                "SELECT * FROM `ML\\x2eGENERATE_TEXT`(MODEL shop.gemini, TABLE shop.customers)",
                "SELECT * FROM ML /* model */ . `GENERATE\\x5fTEXT` (MODEL shop.gemini, TABLE shop.customers)",
                "SELECT AI.GENERATE(('Summarise ', name), connection_id => 'us.c', endpoint => 'gemini-2.0-flash') FROM shop.customers",
                "SELECT AI.GENERATE_BOOL(('Is ', name, ' a person?'), connection_id => 'us.c') FROM shop.customers",
                "SELECT AI.GENERATE_INT(('Age of ', name), connection_id => 'us.c') FROM shop.customers",
                "SELECT AI.GENERATE_DOUBLE(('Score ', name), connection_id => 'us.c') FROM shop.customers",
                "SELECT * FROM AI.GENERATE_TABLE(MODEL shop.gemini, TABLE shop.customers, STRUCT('name STRING' AS output_schema))",
                "SELECT * FROM shop.customers WHERE AI.IF(('Is ', name, ' famous?'), connection_id => 'us.c')",
                "SELECT AI.SCORE(('Rate ', name), connection_id => 'us.c') FROM shop.customers",
                "SELECT AI.CLASSIFY(name, ['a', 'b'], connection_id => 'us.c') FROM shop.customers",
                "SELECT * FROM AI.FORECAST(TABLE shop.orders, data_col => 'total', timestamp_col => 'ts')",
                "SELECT `ai`.`generate`(name, connection_id => 'us.c') FROM shop.customers",
                "SELECT Ａｉ.generate(name, connection_id => 'us.c') FROM shop.customers",
            })
    void callsThatSendRowsToAModelService(String sql) {
        assertTrue(refused(sql).getMessage().contains("() is not allowed on a read-only connection"), sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u00a0", "\u2003", "\u3000", "\u2028", "\u200b"})
    void aUnicodeSpaceSeparatesAWord(String space) {
        refused("SELECT (1)" + space + "TRUNCATE TABLE orders");
        refused("SELECT 1 AS x FROM orders WHERE" + space + "EXTERNAL_QUERY('c', 'q') IS NULL");
    }

    @Test
    void readsThatOnlyLookAlikePass() {
        guard.checkText("SELECT IF(true, 1, 2) AS i, REPEAT('ab', 2) AS s");
        guard.checkText("SELECT shop.generate_text(name) FROM shop.customers");
        guard.checkText("SELECT 'ML.GENERATE_TEXT(' AS s, `external_query` AS c FROM shop.customers");
        guard.checkText("SELECT * FROM VECTOR_SEARCH(TABLE shop.items, 'embedding', TABLE shop.queries, top_k => 3)");
        guard.checkText("SELECT ml.total FROM shop.orders AS ml");
    }

    /** Issue 29 item 4: a text of several statements is that, before what the statements are. */
    @Test
    void severalStatementsAreRefusedAsSuchFirst() {
        for (String sql : new String[] {
            "select 1; delete from orders",
            "IF true THEN DELETE FROM orders WHERE true; END IF",
            "BEGIN DELETE FROM orders WHERE true; END"
        }) {
            DriverException e = assertThrows(DriverException.class, () -> guard.checkText(sql));
            assertEquals(ErrorKind.SYNTAX, e.kind(), sql);
            assertEquals("bigquery: query: multiple statements are not supported yet: invalid query", e.getMessage());
        }
    }
}
