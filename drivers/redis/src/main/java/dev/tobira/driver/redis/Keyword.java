package dev.tobira.driver.redis;

import io.lettuce.core.protocol.ProtocolKeyword;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A command name exactly as the caller wrote it, bytes and case included: Lettuce sends it as the
 * first argument, so a command renamed in redis.conf reaches the server under the name typed.
 *
 * <p>{@link #toString()} is lower case on purpose: Lettuce recognizes MULTI, EXEC, SELECT and AUTH
 * by the upper-case name of a command's type and then rewires their replies (queued commands
 * complete only at EXEC, whose output it replaces). The driver sends those commands as plain
 * commands and reads every reply itself.
 */
final class Keyword implements ProtocolKeyword {
    private final byte[] bytes;

    Keyword(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    @Override
    public byte[] getBytes() {
        return bytes;
    }

    @Override
    public String toString() {
        return new String(bytes, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
    }
}
