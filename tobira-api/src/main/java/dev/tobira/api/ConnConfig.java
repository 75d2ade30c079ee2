package dev.tobira.api;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a driver needs to open a connection. Immutable and safe to share between threads; start
 * with {@link #of(String)}, and the {@code with…} methods return changed copies.
 * {@link #toString()} prints the DSN's scheme only and never the password or option values, since
 * a DSN may carry credentials.
 *
 * @since 0.1
 */
public final class ConnConfig {
    /** The connect timeout of {@link #of(String)}. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final String name;
    private final String dsn;
    private final boolean readOnly;
    private final Secret password;
    private final Map<String, String> options;
    private final Duration connectTimeout; // ZERO here only: withConnectTimeout refuses it

    private ConnConfig(
            String name,
            String dsn,
            boolean readOnly,
            Secret password,
            Map<String, String> options,
            Duration connectTimeout) {
        this.name = requireNonNull(name, "name is null");
        this.dsn = requireNonNull(dsn, "dsn is null");
        this.readOnly = readOnly;
        this.password = requireNonNull(password, "password is null");
        this.options = Map.copyOf(requireNonNull(options, "options is null"));
        this.connectTimeout = requireNonNull(connectTimeout, "connectTimeout is null");
        if (schemeOf(dsn).isEmpty()) {
            // a DSN is user input, as an unknown scheme is: the same exception for both
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    "tobira",
                    "open",
                    "the DSN has no scheme (such as sqlite: or postgres://)");
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
     * Returns the connection's name, used in messages.
     *
     * @return the name; by default the DSN's scheme
     */
    public String name() {
        return name;
    }

    /**
     * Returns where to connect.
     *
     * @return the DSN, such as {@code sqlite:./shop.db} or {@code postgres://app@db:5432/shop}; it may carry credentials
     */
    public String dsn() {
        return dsn;
    }

    /**
     * Tells whether every query on the connection goes through the driver's read-only guard.
     *
     * @return whether the connection is read-only
     */
    public boolean readOnly() {
        return readOnly;
    }

    /**
     * Returns the password kept out of the DSN.
     *
     * @return the password, {@link Secret#none()} for none
     */
    public Secret password() {
        return password;
    }

    /**
     * Returns the driver-specific options.
     *
     * @return the options, unmodifiable, empty for none
     */
    public Map<String, String> options() {
        return options;
    }

    /**
     * Returns how long opening may take.
     *
     * @return the timeout, positive, or empty for the driver's default
     */
    public Optional<Duration> connectTimeout() {
        return connectTimeout.isZero() ? Optional.empty() : Optional.of(connectTimeout);
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
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
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
     * @throws NullPointerException if name is null
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
     * @param password the password, {@link Secret#none()} for none
     * @return a copy
     * @throws NullPointerException if password is null
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
     * @throws NullPointerException if key or value is null
     */
    public ConnConfig withOption(String key, String value) {
        Map<String, String> copy = new TreeMap<>(options);
        copy.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
        return new ConnConfig(name, dsn, readOnly, password, copy, connectTimeout);
    }

    /**
     * Returns this configuration with another connect timeout. To leave it to the driver, use
     * {@link #withoutConnectTimeout()}.
     *
     * @param connectTimeout the timeout, positive
     * @return a copy
     * @throws NullPointerException if connectTimeout is null
     * @throws IllegalArgumentException if connectTimeout is zero or negative
     */
    public ConnConfig withConnectTimeout(Duration connectTimeout) {
        requireNonNull(connectTimeout, "connectTimeout is null");
        if (connectTimeout.isZero() || connectTimeout.isNegative()) {
            throw new IllegalArgumentException("connectTimeout must be positive, not " + connectTimeout
                    + " (withoutConnectTimeout() for the driver's default)");
        }
        return new ConnConfig(name, dsn, readOnly, password, options, connectTimeout);
    }

    /**
     * Returns this configuration with the driver's default connect timeout.
     *
     * @return a copy
     */
    public ConnConfig withoutConnectTimeout() {
        return new ConnConfig(name, dsn, readOnly, password, options, Duration.ZERO);
    }

    /**
     * Tells whether another object is a configuration with the same name, DSN, flag, password,
     * options and connect timeout.
     *
     * @param o the other object
     * @return whether they are equal
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof ConnConfig c
                && name.equals(c.name)
                && dsn.equals(c.dsn)
                && readOnly == c.readOnly
                && password.equals(c.password)
                && options.equals(c.options)
                && connectTimeout.equals(c.connectTimeout);
    }

    /** Returns a hash code consistent with {@link #equals(Object)}. */
    @Override
    public int hashCode() {
        return Objects.hash(name, dsn, readOnly, password, options, connectTimeout);
    }

    /** Returns the name, scheme, flags and option names; never the DSN's rest, the password or option values. */
    @Override
    public String toString() {
        return "ConnConfig[name=" + name + ", dsn=" + scheme() + ":[redacted], readOnly=" + readOnly
                + (password.isEmpty() ? "" : ", password=[redacted]") + ", options=" + new TreeMap<>(options).keySet()
                + (connectTimeout.isZero() ? "" : ", connectTimeout=" + connectTimeout) + "]";
    }
}
