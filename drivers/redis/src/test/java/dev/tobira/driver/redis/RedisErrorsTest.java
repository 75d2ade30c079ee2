package dev.tobira.driver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.ErrorKind;
import org.junit.jupiter.api.Test;

/** Server error replies by kind (issue 14: a server that leaves a feature off is no internal error). */
class RedisErrorsTest {
    @Test
    void aFeatureTheServerLeavesOffIsUnsupported() {
        assertEquals(
                ErrorKind.UNSUPPORTED,
                RedisErrors.ofServerError("ERR An LFU maxmemory policy is not selected, access frequency"
                        + " not tracked. Please note that when switching between policies at runtime LRU and LFU data will take some time"
                        + " to adjust."));
        assertEquals(
                ErrorKind.SYNTAX,
                RedisErrors.ofServerError("ERR unknown command 'stralgo', with args beginning with: "));
        assertEquals(ErrorKind.INTERNAL, RedisErrors.ofServerError("ERR something else went wrong"));
    }

    @Test
    void aWriteRefusedInsideAReadOnlyScriptIsReadOnly() {
        assertEquals(
                ErrorKind.READ_ONLY,
                RedisErrors.ofServerError(
                        "ERR Write commands are not allowed from read-only scripts. script: 4f2a…, on @user_script:1."));
    }
}
