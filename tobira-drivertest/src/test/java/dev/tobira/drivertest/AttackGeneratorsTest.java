package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.DriverException;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlLexer;
import dev.tobira.spi.SqlToken;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The generators of the parameter and DSN attacks: they must send what they claim to send, and nothing off this machine. */
class AttackGeneratorsTest {
    private static final List<SqlDialect> DIALECTS =
            List.of(SqlDialect.ANSI, SqlDialect.SQLITE, SqlDialect.POSTGRES, SqlDialect.MYSQL, SqlDialect.DUCKDB);

    @Test
    void eachCarrierHidesItsPlaceholderWhereTheServerReadsACommentOrAString() {
        for (SqlDialect d : DIALECTS) {
            List<ParameterAttacks.Carrier> carriers = ParameterAttacks.carriers(d);
            assertEquals(
                    carriers.size(),
                    carriers.stream()
                            .map(ParameterAttacks.Carrier::name)
                            .distinct()
                            .count(),
                    d.name());
            for (ParameterAttacks.Carrier c : carriers) {
                assertEquals(1, c.text().chars().filter(ch -> ch == '?').count(), c.toString());
                assertTrue(c.value("delete from orders").contains("delete from orders"), c.toString());
                if (c.name().equals("bound")
                        || c.name().equals("executable-comment")
                        || (c.name().equals("dash-dash-no-space")
                                && d.has(SqlDialect.Feature.DASH_COMMENT_NEEDS_SPACE))) {
                    continue; // a real placeholder to the server, on purpose
                }
                SqlToken holder = SqlLexer.of(d).tokenize(c.text()).stream()
                        .filter(t -> t.text().indexOf('?') >= 0)
                        .findFirst()
                        .orElseThrow();
                assertTrue(
                        holder.type() == SqlToken.Type.COMMENT || holder.type() == SqlToken.Type.STRING,
                        d.name() + " " + c + ": the ? is in a " + holder.type());
            }
        }
        Set<String> mysql = ParameterAttacks.carriers(SqlDialect.MYSQL).stream()
                .map(ParameterAttacks.Carrier::name)
                .collect(Collectors.toSet());
        assertTrue(
                mysql.containsAll(Set.of("hash-comment", "double-quote", "backslash-quote", "executable-comment")),
                mysql.toString());
        Set<String> pg = ParameterAttacks.carriers(SqlDialect.POSTGRES).stream()
                .map(ParameterAttacks.Carrier::name)
                .collect(Collectors.toSet());
        assertFalse(
                pg.contains("hash-comment") || pg.contains("double-quote"),
                "# and \" are no comment or string there: " + pg);
        assertTrue(pg.containsAll(Set.of("dollar-quote", "escape-string", "nested-comment")), pg.toString());
    }

    @Test
    void aSelectProbeIsAlsoJoinedByUnionAndOnMysqlWithoutQuotes() {
        ParameterAttacks.Carrier block =
                ParameterAttacks.carriers(SqlDialect.MYSQL).get(0);
        assertEquals(
                "*/ union all select get_lock(0x6b6974, 0) /*",
                block.union("select get_lock('kit', 0)", SqlDialect.MYSQL)
                        .orElseThrow()
                        .value("select get_lock('kit', 0)"));
        assertEquals(
                "*/ union all select nextval('s') /*",
                block.union("select nextval('s')", SqlDialect.POSTGRES)
                        .orElseThrow()
                        .value("select nextval('s')"));
        assertTrue(block.union("delete from orders", SqlDialect.MYSQL).isEmpty(), "a DELETE cannot be joined by UNION");
        assertTrue(block.union("select 1; delete from orders", SqlDialect.MYSQL).isEmpty(), "nor two statements");
        ParameterAttacks.Carrier bound = ParameterAttacks.carriers(SqlDialect.MYSQL).stream()
                .filter(c -> c.name().equals("bound"))
                .findFirst()
                .orElseThrow();
        assertTrue(bound.union("select 1", SqlDialect.MYSQL).isEmpty(), "the plain bound form has no trick to join by");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "postgres://postgres@127.0.0.1:5432/test?sslmode=disable&search_path=tobira_pg_local&application_name=tobira-test-x",
                "mysql://root@127.0.0.1:3306/tobira_mysql_kit_42",
                "redis://127.0.0.1:6379/15",
                "postgres://app:pw%40rd@[::1]:5432/shop"
            })
    void hostileUrlsKeepEveryHostOnThisMachine(String dsn) {
        Dsn.Url original = Dsn.parseUrl("kit", dsn);
        List<HostileDsns.Hostile> hostile = HostileDsns.of("kit", dsn);
        assertTrue(hostile.size() > 70, "hostile DSNs: " + hostile.size());
        assertEquals(
                hostile.size(),
                hostile.stream()
                        .map(HostileDsns.Hostile::name)
                        .collect(Collectors.toSet())
                        .size(),
                "names are unique");
        HostileDsns.Hostile rebuilt = hostile.get(0);
        assertEquals(
                original.toString(),
                Dsn.parseUrl("kit", rebuilt.dsn()).toString(),
                "the first is the DSN itself, rebuilt");
        for (HostileDsns.Hostile h : hostile) {
            assertFalse(h.shown().contains(HostileDsns.LONG_LABEL), h.shown());
            assertFalse(
                    h.shown().contains(HostileDsns.SECRET)
                            || h.shown().contains("pw@rd")
                            || h.shown().contains("pw%40rd"),
                    "no password shown: " + h.shown());
            Set<String> hosts = new HashSet<>();
            try {
                Dsn.Url u = Dsn.parseUrl("kit", h.dsn());
                hosts.add(u.host());
                u.user().ifPresent(hosts::add);
            } catch (DriverException e) {
                // a DSN the parser refuses reaches no host
            }
            for (String host : hosts) {
                // every part a parser could read as a host is the loopback address or carries a label no resolver sends
                assertTrue(
                        host.equals(original.host())
                                || host.equals(original.user().orElse(""))
                                || host.contains(HostileDsns.LONG_LABEL),
                        h.name() + ": " + host);
            }
        }
        assertTrue(
                hostile.stream()
                        .anyMatch(h ->
                                h.dsn().contains("%2F" + original.database() + "%3FallowMultiQueries%3Dtrue%26x%3D")
                                        || h.dsn()
                                                .contains("%2F" + original.database()
                                                        + "%3FallowMultiQueries%3Dtrue%26x%3D".replace("%", "%25"))),
                "the host-smuggling form");
    }

    @Test
    void hostileFileDsnsAppendTheVendorsOwnSyntax() {
        List<HostileDsns.Hostile> hostile = HostileDsns.of("kit", "sqlite:/tmp/shop.db");
        Set<String> dsns = hostile.stream().map(HostileDsns.Hostile::dsn).collect(Collectors.toSet());
        assertTrue(
                dsns.containsAll(Set.of(
                        "sqlite:/tmp/shop.db",
                        "sqlite:/tmp/shop.db?mode=rw",
                        "sqlite:/tmp/shop.db%3Fmode%3Drw",
                        "sqlite:/tmp/shop.db;access_mode=READ_WRITE",
                        "sqlite:file:/tmp/shop.db",
                        "sqlite:///tmp/shop.db?mode=rw")),
                dsns.toString());
        assertTrue(hostile.stream().anyMatch(h -> "rw".equals(h.options().get("mode"))), "a configuration option too");
    }
}
