package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * A credential, such as a password or a token. Its {@link #toString()} is {@code [redacted]}, so it
 * can sit in a configuration object that gets logged; only {@link #reveal()} returns the text, and
 * only a driver calls that.
 *
 * @since 0.1
 */
public final class Secret {
    private static final Secret NONE = new Secret("");

    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    /**
     * Wraps a credential.
     *
     * @param value the credential
     * @return the secret
     * @throws NullPointerException if value is null
     */
    public static Secret of(String value) {
        requireNonNull(value, "value is null");
        return value.isEmpty() ? NONE : new Secret(value);
    }

    /**
     * Returns the empty secret: no credential.
     *
     * @return the empty secret
     */
    public static Secret none() {
        return NONE;
    }

    /**
     * Tells whether there is no credential.
     *
     * @return whether the secret is empty
     */
    public boolean isEmpty() {
        return value.isEmpty();
    }

    /**
     * Returns the credential. Drivers call this to authenticate and nowhere else; never log it.
     *
     * @return the credential text, empty for {@link #none()}
     */
    public String reveal() {
        return value;
    }

    /** Compares in constant time, so equality checks do not leak the credential through timing. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Secret s
                && MessageDigest.isEqual(
                        value.getBytes(StandardCharsets.UTF_8), s.value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public int hashCode() {
        return value.isEmpty() ? 0 : 1;
    }

    /** Returns {@code [redacted]}, or an empty string for {@link #none()}. */
    @Override
    public String toString() {
        return value.isEmpty() ? "" : "[redacted]";
    }
}
