package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a driver needs to open a connection. Immutable; the {@code with…} methods return changed
 * copies. {@link #toString()} prints the DSN's scheme only and never the password or option values,
 * since a DSN may carry credentials.
 *
 * @param name a name for the connection, used in messages; by default the DSN's scheme
 * @param dsn where to connect, such as {@code sqlite:./shop.db} or {@code postgres://app@db:5432/shop}
 * @param readOnly whether every query on the connection goes through the driver's read-only guard
 * @param password a password kept out of the DSN, {@link Secret#none()} for none
 * @param options driver-specific options, unmodifiable
 * @param connectTimeout how long opening may take; {@link Duration#ZERO} for the driver's default
 * @since 0.1
 */
public record ConnConfig(String name, String dsn, boolean readOnly, Secret password, Map<String, String> options,
                         Duration connectTimeout) {
    /** The connect timeout of {@link #of(String)}. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Creates a configuration.
     *
     * @param name a name for the connection, used in messages; by default the DSN's scheme
     * @param dsn where to connect, such as {@code sqlite:./shop.db} or {@code postgres://app@db:5432/shop}
     * @param readOnly whether every query on the connection goes through the driver's read-only guard
     * @param password a password kept out of the DSN, {@link Secret#none()} for none
     * @param options driver-specific options, unmodifiable
     * @param connectTimeout how long opening may take; {@link Duration#ZERO} for the driver's default
     * @throws NullPointerException if an argument is null
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT} if the DSN has no scheme
     * @throws IllegalArgumentException if the timeout is negative
     */
    public ConnConfig {
        requireNonNull(name, "name is null");
        requireNonNull(dsn, "dsn is null");
        requireNonNull(password, "password is null");
        options = Map.copyOf(requireNonNull(options, "options is null"));
        requireNonNull(connectTimeout, "connectTimeout is null");
        if (schemeOf(dsn).isEmpty()) {
            // a DSN is user input, as an unknown scheme is: the same exception for both
            throw DriverException.of(ErrorKind.INVALID_ARGUMENT, "tobira", "open",
                    "the DSN has no scheme (such as sqlite: or postgres://)");
        }
        if (connectTimeout.isNegative()) {
            throw new IllegalArgumentException("connectTimeout is negative: " + connectTimeout);
        }
    }

    /**
     * Returns a writable configuration for a DSN, named after its scheme, with no separate
     * password, no options and the default connect timeout.
     *
     * @param dsn the DSN
     * @return the configuration
     * @throws NullPointerException if dsn is null
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT} if the DSN has no scheme
     */
    public static ConnConfig of(String dsn) {
        requireNonNull(dsn, "dsn is null");
        return new ConnConfig(schemeOf(dsn), dsn, false, Secret.none(), Map.of(), DEFAULT_CONNECT_TIMEOUT);
    }

    /**
     * Returns the DSN's scheme, lower-cased: the text before the first {@code :}.
     *
     * @return the scheme, such as {@code sqlite}
     */
    public String scheme() {
        return schemeOf(dsn);
    }

    static String schemeOf(String dsn) {
        int colon = dsn.indexOf(':');
        if (colon <= 0) {
            return "";
        }
        for (int i = 0; i < colon; i++) {
            char c = dsn.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
            if (!ok) {
                return "";
            }
        }
        return dsn.substring(0, colon).toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Returns this configuration under another name.
     *
     * @param name the name
     * @return a copy
     */
    public ConnConfig withName(String name) {
        return new ConnConfig(name, dsn, readOnly, password, options, connectTimeout);
    }

    /**
     * Returns this configuration read-only or writable.
     *
     * @param readOnly whether every query is guarded
     * @return a copy
     */
    public ConnConfig withReadOnly(boolean readOnly) {
        return new ConnConfig(name, dsn, readOnly, password, options, connectTimeout);
    }

    /**
     * Returns this configuration with a password kept out of the DSN.
     *
     * @param password the password
     * @return a copy
     */
    public ConnConfig withPassword(Secret password) {
        return new ConnConfig(name, dsn, readOnly, password, options, connectTimeout);
    }

    /**
     * Returns this configuration with one more option, replacing one of the same key.
     *
     * @param key the option's name
     * @param value the option's value
     * @return a copy
     */
    public ConnConfig withOption(String key, String value) {
        Map<String, String> copy = new TreeMap<>(options);
        copy.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
        return new ConnConfig(name, dsn, readOnly, password, copy, connectTimeout);
    }

    /**
     * Returns this configuration with another connect timeout.
     *
     * @param connectTimeout the timeout, {@link Duration#ZERO} for the driver's default
     * @return a copy
     */
    public ConnConfig withConnectTimeout(Duration connectTimeout) {
        return new ConnConfig(name, dsn, readOnly, password, options, connectTimeout);
    }

    /** Returns the name, scheme, flags and option names; never the DSN's rest, the password or option values. */
    @Override
    public String toString() {
        return "ConnConfig[name=" + name + ", dsn=" + scheme() + ":[redacted], readOnly=" + readOnly
                + (password.isEmpty() ? "" : ", password=[redacted]") + ", options=" + new TreeMap<>(options).keySet()
                + ", connectTimeout=" + connectTimeout + "]";
    }
}
