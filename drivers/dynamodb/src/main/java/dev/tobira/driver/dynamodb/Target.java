package dev.tobira.driver.dynamodb;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.DsnOptions;
import dev.tobira.spi.Redactor;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where and how to connect, from a DSN and the configuration's password and options:
 * <ul>
 *   <li>{@code dynamodb://us-east-1}: the AWS region's own endpoint (the host is a region name and
 *       there is no port);
 *   <li>{@code dynamodb://127.0.0.1:8000?region=us-east-1}: any other host is an endpoint, reached
 *       over HTTP, or HTTPS with {@code tls=true}; its region (for signing) defaults to
 *       {@code us-east-1}.
 * </ul>
 * Credentials: the DSN's user is the access key id and {@link ConnConfig#password()} (or, less
 * wisely, the DSN's password) the secret access key; without either the SDK's default provider chain
 * finds them (environment, system properties, {@code ~/.aws}, web identity, container and instance
 * roles), or the named profile of option {@code profile}. The endpoint URI is built from the
 * checked parts, never parsed from the DSN's text.
 *
 * @param region the region, also the connection's one namespace
 * @param endpoint the endpoint, empty for the region's own
 * @param accessKeyId the access key id, empty to use a provider
 * @param secret the secret access key, empty with no access key id
 * @param profile the named profile to read credentials from, if any
 * @param describeSample how many items {@code describe} reads to infer the attributes no definition
 *     names (option {@code describeSample}, 0 to 1000, default 25; 0 reports the definitions only)
 * @param connectTimeout how long connecting may take
 * @param redactor masks the secret in every message
 */
record Target(
        String region,
        Optional<URI> endpoint,
        Optional<String> accessKeyId,
        String secret,
        Optional<String> profile,
        int describeSample,
        Duration connectTimeout,
        Redactor redactor) {
    static final String DEFAULT_REGION = "us-east-1";
    static final int DEFAULT_SAMPLE = 25;
    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Set<String> OPTIONS = Set.of("region", "tls", "profile", "describeSample");
    /** A region's name: {@code us-east-1}, {@code us-gov-west-1}, {@code cn-north-1}, {@code eu-central-2}. */
    private static final Pattern REGION = Pattern.compile("[a-z]{2}(-[a-z]+)+-[0-9]{1,2}");

    private static final Pattern PROFILE = Pattern.compile("[A-Za-z0-9_.+@-]{1,64}");

    static Target of(ConnConfig config) {
        Dsn.Url url = Dsn.parseUrl(DynamoDriver.NAME, config.dsn()).requirePlainNames(DynamoDriver.NAME);
        Redactor redactor = url.redactor(config.password());
        if (!url.scheme().equals("dynamodb")) {
            throw invalid("the scheme must be dynamodb");
        }
        if (!url.path().isEmpty() && !url.path().equals("/")) {
            throw invalid("a DynamoDB DSN has no path: the tables are the collections");
        }
        if (url.host().isEmpty()) {
            throw invalid("the DSN names no region or endpoint, as in dynamodb://us-east-1");
        }
        Map<String, String> options = url.options(DynamoDriver.NAME, config.options(), OPTIONS);
        String host = url.host();
        boolean hostIsRegion = REGION.matcher(host).matches() && url.port().isEmpty();
        String region;
        Optional<URI> endpoint;
        boolean tls = options.containsKey("tls") && DsnOptions.bool(DynamoDriver.NAME, "tls", options.get("tls"));
        if (hostIsRegion) {
            if (options.containsKey("region") && !options.get("region").equals(host)) {
                throw invalid("the DSN names two regions: drop the region option or the host");
            }
            if (options.containsKey("tls") && !tls) {
                throw invalid("a region's own endpoint is always HTTPS: drop tls=false");
            }
            region = host;
            endpoint = Optional.empty();
        } else {
            region = options.getOrDefault("region", DEFAULT_REGION);
            if (!REGION.matcher(region).matches()) {
                throw invalid("the region option must be a region name such as us-east-1");
            }
            int port = url.port().orElse(tls ? 443 : 80);
            try {
                String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
                endpoint = Optional.of(new URI(tls ? "https" : "http", null, h, port, null, null, null));
            } catch (URISyntaxException e) {
                throw invalid("the endpoint's host is not valid");
            }
        }
        Optional<String> profile = Optional.ofNullable(options.get("profile"));
        if (profile.isPresent() && !PROFILE.matcher(profile.get()).matches()) {
            throw invalid("the profile option must be a profile name (letters, digits and _ . + @ -)");
        }
        Optional<String> user = url.user().filter(u -> !u.isEmpty());
        String secret = !config.password().isEmpty()
                ? config.password().reveal()
                : url.password().orElse("");
        if (user.isPresent() != !secret.isEmpty()) {
            throw invalid(
                    user.isPresent()
                            ? "an access key id (the DSN's user) needs its secret access key as the password"
                            : "a password (a secret access key) needs its access key id as the DSN's user");
        }
        if (user.isPresent() && profile.isPresent()) {
            throw invalid("give credentials either as the user and password or as a profile, not both");
        }
        int sample = options.containsKey("describeSample")
                ? DsnOptions.count(DynamoDriver.NAME, "describeSample", options.get("describeSample"), 1000)
                : DEFAULT_SAMPLE;
        Duration timeout = config.connectTimeout().orElse(DEFAULT_CONNECT_TIMEOUT);
        return new Target(region, endpoint, user, secret, profile, sample, timeout, redactor);
    }

    /** The address for messages: never a credential. */
    String address() {
        return endpoint.map(URI::toString).orElse("dynamodb." + region);
    }

    @Override
    public String toString() {
        return "Target[" + address() + ", region=" + region
                + (accessKeyId.isPresent() ? ", secret=" + Redactor.MASK : "")
                + profile.map(p -> ", profile=" + p).orElse("") + "]";
    }

    private static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, DynamoDriver.NAME, "open", detail);
    }
}
