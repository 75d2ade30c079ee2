package dev.tobira.driver.redis;

import static dev.tobira.drivertest.DsnCharacters.RESERVED;
import static dev.tobira.drivertest.DsnCharacters.assertRefusedAtOpen;
import static dev.tobira.drivertest.DsnCharacters.named;
import static dev.tobira.drivertest.DsnCharacters.percentEncoded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The DSN attacker's view (issue 14): the RedisURI is built from parts, and each part is checked
 * first. Refusals happen in {@link Target#of}, before any connection attempt, so no server is
 * needed.
 */
class TargetDsnTest {

    private static DriverException refused(ConnConfig config) {
        return assertRefusedAtOpen("redis", "Pw-9zq", config.dsn(), () -> Target.of(config));
    }

    static Stream<Arguments> everyPart() {
        List<Arguments> cases = new ArrayList<>();
        for (char c : RESERVED.toCharArray()) {
            String x = percentEncoded(c);
            String n = named(c);
            cases.add(Arguments.of("host " + n, "redis://:Pw-9zq@cache" + x + "x.example:6379/0"));
            cases.add(Arguments.of("host end " + n, "rediss://:Pw-9zq@cache.example" + x + "/0"));
            cases.add(Arguments.of("user " + n, "redis://ali" + x + "ce:Pw-9zq@cache.example/0"));
            cases.add(Arguments.of("database " + n, "redis://:Pw-9zq@cache.example/1" + x + "2"));
            cases.add(Arguments.of("database start " + n, "redis://:Pw-9zq@cache.example/" + x + "0"));
            cases.add(Arguments.of("option name " + n, "rediss://cache.example/0?verify" + x + "Peer=ca"));
            cases.add(Arguments.of("option value " + n, "rediss://cache.example/0?verifyPeer=ca" + x));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyPart")
    void everyReservedCharacterInEveryPartIsRefused(String where, String dsn) {
        refused(ConnConfig.of(dsn));
    }

    @Test
    void optionsFromTheConfigurationAreCheckedTheSameWay() {
        for (char c : RESERVED.toCharArray()) {
            refused(ConnConfig.of("rediss://h/0").withOption("verify" + c + "Peer", "ca"));
            refused(ConnConfig.of("rediss://h/0").withOption("verifyPeer", "ca" + c));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "redis://h/0?clientName=x",
                "redis://h/0?database=3",
                "redis://h/0?VERIFYPEER=none",
                "redis://h/0?verifypeer=none",
                "redis://h/0?timeout=1",
                "redis://h/0?sentinelMasterId=m"
            })
    void unknownOptionsAreRefused(String dsn) {
        DriverException e = refused(ConnConfig.of(dsn));
        assertTrue(e.getMessage().contains("unknown option"), e.getMessage());
    }

    @Test
    void duplicateOptionsAreRefused() {
        refused(ConnConfig.of("rediss://h/0?verifyPeer=ca&verifyPeer=none"));
        refused(ConnConfig.of("rediss://h/0?verifyPeer=ca&VerifyPeer=ca"));
        refused(ConnConfig.of("rediss://h/0?verifyPeer=ca").withOption("verifyPeer", "none"));
        refused(ConnConfig.of("rediss://h/0?verifyPeer=ca").withOption("verifyPeer", "ca"));
        refused(ConnConfig.of("rediss://h/0?verifyPeer=full").withOption("verifypeer", "full"));
        refused(ConnConfig.of("rediss://h/0").withOption("verifyPeer", "ca").withOption("VERIFYPEER", "ca"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "redis://cache-1.example_x.internal:6380/3",
                "redis://app.reader:pw@10.0.0.7/0",
                "redis://app-reader:pw@[::1]/15",
                "redis://[fe80::1%25eth0]:6379/0",
                "rediss://[2001:db8::7]/0?verifyPeer=ca",
                "redis://",
                "redis:///2"
            })
    void legitimateDsnsBuildTheUriFromTheirParts(String dsn) {
        Target t = Target.of(ConnConfig.of(dsn));
        RedisURI uri = t.uri();
        assertEquals(t.host(), uri.getHost());
        assertEquals(t.port(), uri.getPort());
        assertEquals(t.db(), uri.getDatabase());
    }
}
