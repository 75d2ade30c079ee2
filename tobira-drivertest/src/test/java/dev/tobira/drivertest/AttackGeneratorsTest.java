package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlLexer;
import dev.tobira.spi.SqlToken;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The generator of the parameter attacks: it must send what it claims to send. */
class AttackGeneratorsTest {
    private static final List<SqlDialect> DIALECTS = List.of(SqlDialect.ANSI, SqlDialect.SQLITE, SqlDialect.POSTGRES, SqlDialect.MYSQL,
            SqlDialect.DUCKDB);

    @Test
    void eachCarrierHidesItsPlaceholderWhereTheServerReadsACommentOrAString() {
        for (SqlDialect d : DIALECTS) {
            List<ParameterAttacks.Carrier> carriers = ParameterAttacks.carriers(d);
            assertEquals(carriers.size(), carriers.stream().map(ParameterAttacks.Carrier::name).distinct().count(), d.name());
            for (ParameterAttacks.Carrier c : carriers) {
                assertEquals(1, c.text().chars().filter(ch -> ch == '?').count(), c.toString());
                assertTrue(c.value("delete from orders").contains("delete from orders"), c.toString());
                if (c.name().equals("bound") || c.name().equals("executable-comment")
                        || (c.name().equals("dash-dash-no-space") && d.dashCommentNeedsSpace())) {
                    continue; // a real placeholder to the server, on purpose
                }
                SqlToken holder = SqlLexer.of(d).tokenize(c.text()).stream().filter(t -> t.text().indexOf('?') >= 0).findFirst().orElseThrow();
                assertTrue(holder.type() == SqlToken.Type.COMMENT || holder.type() == SqlToken.Type.STRING,
                        d.name() + " " + c + ": the ? is in a " + holder.type());
            }
        }
        Set<String> mysql = ParameterAttacks.carriers(SqlDialect.MYSQL).stream().map(ParameterAttacks.Carrier::name).collect(Collectors.toSet());
        assertTrue(mysql.containsAll(Set.of("hash-comment", "double-quote", "backslash-quote", "executable-comment")), mysql.toString());
        Set<String> pg = ParameterAttacks.carriers(SqlDialect.POSTGRES).stream().map(ParameterAttacks.Carrier::name).collect(Collectors.toSet());
        assertFalse(pg.contains("hash-comment") || pg.contains("double-quote"), "# and \" are no comment or string there: " + pg);
        assertTrue(pg.containsAll(Set.of("dollar-quote", "escape-string", "nested-comment")), pg.toString());
    }

    @Test
    void aSelectProbeIsAlsoJoinedByUnionAndOnMysqlWithoutQuotes() {
        ParameterAttacks.Carrier block = ParameterAttacks.carriers(SqlDialect.MYSQL).get(0);
        assertEquals("*/ union all select get_lock(0x6b6974, 0) /*",
                block.union("select get_lock('kit', 0)", SqlDialect.MYSQL).orElseThrow().value("select get_lock('kit', 0)"));
        assertEquals("*/ union all select nextval('s') /*",
                block.union("select nextval('s')", SqlDialect.POSTGRES).orElseThrow().value("select nextval('s')"));
        assertTrue(block.union("delete from orders", SqlDialect.MYSQL).isEmpty(), "a DELETE cannot be joined by UNION");
        assertTrue(block.union("select 1; delete from orders", SqlDialect.MYSQL).isEmpty(), "nor two statements");
        ParameterAttacks.Carrier bound = ParameterAttacks.carriers(SqlDialect.MYSQL).stream().filter(c -> c.name().equals("bound"))
                .findFirst().orElseThrow();
        assertTrue(bound.union("select 1", SqlDialect.MYSQL).isEmpty(), "the plain bound form has no trick to join by");
    }
}
