package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Secret;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A parsed DSN, in one of two forms: {@link Opaque}, {@code scheme:body} ({@code sqlite:./shop.db},
 * {@code sqlite::memory:}), or {@link Url}, {@code scheme://[user[:password]@]host[:port][/path][?k=v&…]}.
 *
 * <p>Every {@code toString()} is redacted: a password never appears in it. A DSN that cannot be
 * parsed fails with {@link ErrorKind#INVALID_ARGUMENT} and a message that names the problem but
 * quotes no part of the DSN.
 *
 * <p><b>Reaching a vendor client.</b> A driver builds its vendor's URL or properties from the
 * parts of a {@link Url}, never by pasting the DSN or a part it has not checked into a string the
 * vendor parses again. The parser already checks the host of every URL DSN (a DNS name, an IPv4
 * address or an IPv6 address in brackets, so it can hold no {@code / ? # & = ; @ ,} or white
 * space); a server driver adds {@link Url#requirePlainNames} for the user and database,
 * {@link Url#options} for its options, and {@link #requireValue} for each option value it hands
 * on as a string.
 *
 * @since 0.1
 */
public sealed interface Dsn permits Dsn.Opaque, Dsn.Url {
    /**
     * The characters that end one part of a URL, a JDBC URL or a connection string and start
     * another in some vendor's syntax: {@value}. With white space and control characters, no user
     * or database name may hold them ({@link Url#requirePlainNames}), and an option value only
     * those its syntax needs ({@link #requireValue}).
     *
     * @since 0.1
     */
    String RESERVED = "/?#&=;@:,%[]\\";

    /**
     * Returns the scheme in lower case, such as {@code postgres}.
     *
     * @return the scheme
     */
    String scheme();

    /**
     * Returns the scheme of a DSN without parsing the rest, for routing a DSN to its driver.
     *
     * @param text the DSN
     * @return the scheme in lower case, or empty when the text does not begin with one
     * @throws NullPointerException if text is null
     */
    static Optional<String> schemeOf(String text) {
        requireNonNull(text, "text is null");
        int colon = text.indexOf(':');
        return colon > 0 && DsnParser.isScheme(text.substring(0, colon))
                ? Optional.of(Ascii.lower(text.substring(0, colon)))
                : Optional.empty();
    }

    /**
     * Parses a DSN in either form: {@code scheme://…} is a {@link Url}, anything else after the
     * scheme an {@link Opaque}.
     *
     * @param driver the driver's name, for the message of a failure
     * @param text the DSN
     * @return the parsed DSN
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT} when the text is not a DSN
     * @throws NullPointerException if an argument is null
     */
    static Dsn parse(String driver, String text) {
        return new DsnParser(requireNonNull(driver, "driver is null"), requireNonNull(text, "text is null")).parse();
    }

    /**
     * Parses a DSN that must be in URL form.
     *
     * @param driver the driver's name, for the message of a failure
     * @param text the DSN
     * @return the parsed URL
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT} when the text is not a DSN in
     *     URL form
     * @throws NullPointerException if an argument is null
     */
    static Url parseUrl(String driver, String text) {
        Dsn dsn = parse(driver, text);
        if (dsn instanceof Url) {
            return (Url) dsn;
        }
        throw DsnParser.invalid(driver, "expected scheme://host");
    }

    /**
     * Requires an option's value to hold no control character, no white space but (where
     * {@code allowed} holds one) a plain space, and no character of {@link #RESERVED} except those
     * in {@code allowed}: for a value a driver hands to its vendor client as a string, such as a
     * file path ({@code allowed} {@code "/\\: "}) or a list of names ({@code ", "}). The message
     * names the option and the refused characters, never the value.
     *
     * @param driver the driver's name, which starts the message of a refusal
     * @param option the option's name, which the message names
     * @param value the value
     * @param allowed the characters of {@link #RESERVED}, and the space, the value's syntax needs
     * @return the value
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT}, op {@code open}, when the
     *     value holds a refused character
     * @throws NullPointerException if an argument is null
     * @since 0.1
     */
    static String requireValue(String driver, String option, String value, String allowed) {
        requireNonNull(driver, "driver is null");
        requireNonNull(option, "option is null");
        requireNonNull(value, "value is null");
        requireNonNull(allowed, "allowed is null");
        DsnParser.requirePlain(driver, "option " + option, value, allowed);
        return value;
    }

    /**
     * Checks the options of a driver whose DSN holds none (an {@link Opaque} DSN such as a file
     * name) the way {@link Url#options} checks a URL's: a name that differs from another only in
     * case, a name not in {@code known} and a value with a control character are refused, and a
     * name is quoted in a message only when it is a plain word.
     *
     * @param driver the driver's name, which starts the message of a refusal
     * @param configured the configuration's options, such as {@code ConnConfig.options()}
     * @param known the option names the driver takes (empty for none), in the spelling it takes them
     * @return the options, unmodifiable
     * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT}, op {@code open}, for a
     *     duplicate or unknown name or a value with a control character
     * @throws NullPointerException if an argument is or holds null
     * @since 0.1
     */
    static Map<String, String> options(String driver, Map<String, String> configured, Set<String> known) {
        requireNonNull(driver, "driver is null");
        requireNonNull(configured, "configured is null");
        requireNonNull(known, "known is null");
        return DsnParser.options(driver, Map.of(), Optional.empty(), configured, known);
    }

    /**
     * A DSN of the form {@code scheme:body}, whose body only the driver understands.
     *
     * @param scheme the scheme, in lower case
     * @param body everything after the first {@code :}, as written (not percent-decoded)
     * @since 0.1
     */
    record Opaque(String scheme, String body) implements Dsn {
        /**
         * Checks the parts.
         *
         * @param scheme see {@link #scheme()}
         * @param body see {@link #body()}
         * @throws NullPointerException if an argument is null
         */
        public Opaque {
            requireNonNull(scheme, "scheme is null");
            requireNonNull(body, "body is null");
        }

        /**
         * Returns the DSN with credentials masked by {@link Redactor#standard()}.
         *
         * @return the redacted DSN
         */
        @Override
        public String toString() {
            return Redactor.standard().redact(scheme + ":" + body);
        }
    }

    /**
     * A DSN of the form {@code scheme://[user[:password]@]host[:port][/path][?k=v&…]}, its parts
     * percent-decoded. A host in brackets is an IPv6 address, held without the brackets. A
     * {@code +} in a query stays a {@code +}.
     *
     * <p>The host is always checked: it is empty, a DNS name (letters, digits, {@code -},
     * {@code _} and {@code .}, in labels that are not empty and do not start with {@code -}), an
     * IPv4 address, or an IPv6 address with an optional zone id of the same characters. The other
     * parts hold what the DSN wrote; a driver checks them with {@link #requirePlainNames} and
     * {@link #options}.
     *
     * @param scheme the scheme, in lower case
     * @param user the user, if the DSN names one
     * @param password the password, if the DSN holds one (possibly empty); never printed
     * @param host the host, possibly empty ({@code sqlite:///abs/path.db}): a DNS name, an IPv4
     *     address or an IPv6 address (without brackets)
     * @param port the port, from 1 to 65535, if the DSN names one
     * @param path the path, with its leading {@code /}, or empty
     * @param params the query parameters in order; a key without {@code =} has the empty value
     * @since 0.1
     */
    record Url(
            String scheme,
            Optional<String> user,
            Optional<String> password,
            String host,
            OptionalInt port,
            String path,
            Map<String, String> params)
            implements Dsn {
        /**
         * Checks and copies the parts.
         *
         * @param scheme see {@link #scheme()}
         * @param user see {@link #user()}
         * @param password see {@link #password()}
         * @param host see {@link #host()}
         * @param port see {@link #port()}
         * @param path see {@link #path()}
         * @param params see {@link #params()}
         * @throws NullPointerException if an argument is or holds null
         * @throws IllegalArgumentException if the host is not empty, a DNS name, an IPv4 address or
         *     an IPv6 address
         */
        public Url {
            requireNonNull(scheme, "scheme is null");
            requireNonNull(user, "user is null");
            requireNonNull(password, "password is null");
            requireNonNull(host, "host is null");
            if (!DsnParser.isHost(host)) {
                throw new IllegalArgumentException("host is not a DNS name, an IPv4 address or an IPv6 address");
            }
            requireNonNull(port, "port is null");
            requireNonNull(path, "path is null");
            Map<String, String> copy = new LinkedHashMap<>();
            params.forEach((k, v) -> copy.put(requireNonNull(k, "key is null"), requireNonNull(v, "value is null")));
            params = Collections.unmodifiableMap(copy);
        }

        /**
         * Returns the path without its leading {@code /}: the database name of most servers.
         *
         * @return the path after its first character, or empty
         */
        public String database() {
            return path.startsWith("/") ? path.substring(1) : path;
        }

        /**
         * Requires the user, if any, and the {@link #database()} to be plain names: no white space,
         * no control character and none of {@link Dsn#RESERVED} ({@code / ? # & = ; @ : , % [ ] \}),
         * so neither can end itself and start another part (a second database, a host, an option)
         * in the URL or the protocol message a vendor client builds from it. A server driver calls
         * it before it uses either; {@code .}, {@code -}, {@code _}, {@code $} and letters beyond
         * ASCII stay allowed.
         *
         * @param driver the driver's name, which starts the message of a refusal
         * @return this URL
         * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT}, op {@code open}, when
         *     the user or the database holds a refused character; the message quotes neither
         * @throws NullPointerException if driver is null
         * @since 0.1
         */
        public Url requirePlainNames(String driver) {
            requireNonNull(driver, "driver is null");
            if (user.isPresent()) {
                DsnParser.requirePlain(driver, "invalid DSN: the user", user.get(), "");
            }
            DsnParser.requirePlain(driver, "invalid DSN: the database name", database(), "");
            return this;
        }

        /**
         * Returns the DSN's {@link #params()} and the configuration's options as one map, after
         * checking them: a name given twice (both in the DSN and in the options, or in two
         * spellings that differ only in case, such as {@code sslMode} and {@code SSLMODE}) is
         * refused, and so is a name not in {@code known} (compared exactly) and a value with a
         * control character. Messages quote a name only when it is a plain word that does not hold
         * the DSN's password.
         *
         * @param driver the driver's name, which starts the message of a refusal
         * @param configured the configuration's options, such as {@code ConnConfig.options()}
         * @param known the option names the driver takes, in the spelling it takes them
         * @return the options, the DSN's first, unmodifiable
         * @throws DriverException of kind {@link ErrorKind#INVALID_ARGUMENT}, op {@code open}, for a
         *     duplicate or unknown name or a value with a control character
         * @throws NullPointerException if an argument is or holds null
         * @since 0.1
         */
        public Map<String, String> options(String driver, Map<String, String> configured, Set<String> known) {
            requireNonNull(driver, "driver is null");
            requireNonNull(configured, "configured is null");
            requireNonNull(known, "known is null");
            return DsnParser.options(driver, params, password, configured, known);
        }

        /**
         * Returns the redactor for what a connection to this DSN says: {@link Redactor#standard()}
         * that also masks, as literals, the DSN's password and the one the configuration holds
         * apart from it.
         *
         * @param configPassword the password kept out of the DSN, such as
         *     {@code ConnConfig.password()}; {@link Secret#none()} for none
         * @return the redactor
         * @throws NullPointerException if configPassword is null
         * @since 0.1
         */
        public Redactor redactor(Secret configPassword) {
            requireNonNull(configPassword, "configPassword is null");
            List<String> secrets = new ArrayList<>(2);
            password.ifPresent(secrets::add);
            if (!configPassword.isEmpty()) {
                secrets.add(configPassword.reveal());
            }
            return Redactor.standard().withSecrets(secrets);
        }

        /**
         * Returns the DSN with the password replaced by {@value Redactor#MASK}, any other
         * occurrence of a password of four or more characters masked too, and other credentials
         * (such as a {@code password} parameter) masked by {@link Redactor#standard()}.
         *
         * @return the redacted DSN
         */
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(scheme).append("://");
            if (user.isPresent() || password.isPresent()) {
                sb.append(DsnParser.encode(user.orElse(""), "@:/?#"));
                password.ifPresent(p -> sb.append(':').append(Redactor.MASK));
                sb.append('@');
            }
            sb.append(host.indexOf(':') >= 0 ? "[" + host + "]" : DsnParser.encode(host, "@/?#:"));
            port.ifPresent(p -> sb.append(':').append(p));
            sb.append(DsnParser.encode(path, "?#"));
            char sep = '?';
            for (Map.Entry<String, String> e : params.entrySet()) {
                sb.append(sep)
                        .append(DsnParser.encode(e.getKey(), "&=#"))
                        .append('=')
                        .append(DsnParser.encode(e.getValue(), "&#"));
                sep = '&';
            }
            Redactor redactor = Redactor.standard();
            // the password itself is never rendered; masking it as a literal catches a user, host
            // or path that repeats it, but a very short one would only garble the scheme and host
            if (password.isPresent() && password.get().length() >= 4) {
                redactor = redactor.withSecret(password.get());
            }
            return redactor.redact(sb.toString());
        }
    }
}
