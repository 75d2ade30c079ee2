package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Secret;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class McpPolicyTest {
    @Test
    void defaultsAreTheReferences() {
        McpPolicy p = McpPolicy.exposing("shop");
        assertEquals(200, p.maxRows());
        assertEquals(Duration.ofSeconds(30), p.timeout());
        assertTrue(p.allowWrites().isEmpty());
        assertTrue(p.token().isEmpty());
        assertFalse(p.writable("shop"));
    }

    @Test
    void allowWritesMustBeASubsetOfExpose() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> McpPolicy.exposing("shop").withAllowWrites("cache"));
        assertEquals(
                "allow_writes names connections that are not exposed: cache (allow_writes must be a subset of expose)",
                e.getMessage());
        assertTrue(McpPolicy.exposing("shop", "cache").withAllowWrites("cache").writable("cache"));
    }

    @Test
    void maxResultBytesIsOneKibToSixtyFourMib() {
        assertEquals(1 << 20, McpPolicy.exposing("shop").maxResultBytes());
        assertEquals(
                1 << 20,
                new McpPolicy(List.of("shop"), Set.of(), 200, Duration.ofSeconds(30), Secret.none()).maxResultBytes());
        assertEquals(1024, McpPolicy.exposing("shop").withMaxResultBytes(1024).maxResultBytes());
        assertEquals(
                64 << 20,
                McpPolicy.exposing("shop").withMaxResultBytes(64 << 20).maxResultBytes());
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> McpPolicy.exposing("shop").withMaxResultBytes(1023));
        assertEquals("max_result_bytes must be 1024 to 67108864, not 1023", e.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> McpPolicy.exposing("shop").withMaxResultBytes((64 << 20) + 1));
        // the other settings survive
        assertEquals(
                7,
                McpPolicy.exposing("shop")
                        .withMaxResultBytes(4096)
                        .withMaxRows(7)
                        .maxRows());
        assertEquals(
                4096,
                McpPolicy.exposing("shop")
                        .withMaxResultBytes(4096)
                        .withMaxRows(7)
                        .maxResultBytes());
    }

    @Test
    void maxRowsIsOneToAThousand() {
        assertEquals(1, McpPolicy.exposing("shop").withMaxRows(1).maxRows());
        assertEquals(1000, McpPolicy.exposing("shop").withMaxRows(1000).maxRows());
        assertThrows(
                IllegalArgumentException.class, () -> McpPolicy.exposing("shop").withMaxRows(0));
        assertThrows(
                IllegalArgumentException.class, () -> McpPolicy.exposing("shop").withMaxRows(1001));
    }

    @Test
    void theTimeoutIsPositive() {
        assertThrows(
                IllegalArgumentException.class, () -> McpPolicy.exposing("shop").withTimeout(Duration.ZERO));
        assertThrows(
                IllegalArgumentException.class, () -> McpPolicy.exposing("shop").withTimeout(Duration.ofSeconds(-1)));
    }

    @Test
    void namesAreNotBlankNorRepeated() {
        assertThrows(IllegalArgumentException.class, () -> McpPolicy.exposing("shop", "shop"));
        assertThrows(IllegalArgumentException.class, () -> McpPolicy.exposing(" "));
        assertThrows(NullPointerException.class, () -> new McpPolicy(List.of("a"), Set.of(), 1, null, Secret.none()));
    }

    @Test
    void theTokenNeverPrints() {
        McpPolicy p = McpPolicy.exposing("shop").withToken(Secret.of("s3cret-token"));
        assertFalse(p.toString().contains("s3cret-token"), p.toString());
    }
}
