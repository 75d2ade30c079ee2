package dev.tobira.driver.bigquery;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where and how to connect, from a DSN {@code bigquery://PROJECT[/DATASET][?k=v&…]} and the
 * configuration's options:
 * <ul>
 *   <li>{@code location}: the location jobs run in ({@code US}, {@code EU}, {@code europe-west3});
 *   <li>{@code endpoint}: another root URL for the REST API, {@code https://host[:port]}, or
 *       {@code http://} for a loopback address only (an emulator or a fake);
 *   <li>{@code credentials}: {@code adc} (Application Default Credentials, the default),
 *       {@code file:PATH} (a service-account key file, named and never read into the DSN), or
 *       {@code none} (no credentials, only with an endpoint);
 *   <li>{@code maxBytesBilled}: the cap every job carries, in bytes (default {@value #DEFAULT_MAX_BYTES_BILLED}).
 * </ul>
 * The endpoint URI is rebuilt from its checked parts, never handed on as the DSN spelled it.
 *
 * @param project the project jobs run in and datasets are listed from
 * @param dataset the default dataset for unqualified table names, if any
 * @param location the job location, if any
 * @param endpoint the REST root, empty for Google's own
 * @param credentials how to authenticate
 * @param maxBytesBilled the bytes cap of every job
 * @param connectTimeout how long connecting may take
 */
record Target(
        String project,
        Optional<String> dataset,
        Optional<String> location,
        Optional<URI> endpoint,
        Credentials credentials,
        long maxBytesBilled,
        Duration connectTimeout) {
    /** 1 GiB: a read that scans more is refused unless the DSN raises the cap. */
    static final long DEFAULT_MAX_BYTES_BILLED = 1L << 30;

    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Set<String> OPTIONS = Set.of("location", "endpoint", "credentials", "maxBytesBilled");
    /** Project ids: 6 to 30 lower-case letters, digits and hyphens, beginning with a letter. */
    private static final Pattern PROJECT = Pattern.compile("[a-z][a-z0-9-]{4,28}[a-z0-9]");
    /** Dataset ids: letters, digits and underscores, up to 1024. */
    private static final Pattern DATASET = Pattern.compile("[A-Za-z0-9_]{1,1024}");

    private static final Pattern LOCATION = Pattern.compile("[A-Za-z][A-Za-z0-9-]{1,40}");
    private static final Pattern BYTES = Pattern.compile("[0-9]{1,19}");

    /** How a connection authenticates. */
    sealed interface Credentials permits Adc, KeyFile, None {}

    /** Application Default Credentials: the environment, gcloud's, or the metadata server. */
    record Adc() implements Credentials {}

    /** A service-account key file, read when the connection opens. */
    record KeyFile(Path path) implements Credentials {}

    /** No credentials at all, for an emulator or a fake on a loopback endpoint. */
    record None() implements Credentials {}

    static Target of(ConnConfig config) {
        Dsn.Url url = Dsn.parseUrl(BigQueryDriver.NAME, config.dsn());
        if (!url.scheme().equals(BigQueryDriver.NAME)) {
            throw invalid("the scheme must be bigquery");
        }
        if (url.user().isPresent()
                || url.password().isPresent()
                || !config.password().isEmpty()) {
            throw invalid("BigQuery takes no user or password: name a key file with credentials=file:PATH,"
                    + " or use Application Default Credentials");
        }
        if (url.port().isPresent()) {
            throw invalid("the DSN's host is the project id, which has no port: use the endpoint option for a server");
        }
        String project = url.host();
        if (!PROJECT.matcher(project).matches()) {
            throw invalid(
                    "the project id must be 6 to 30 lower-case letters, digits and hyphens, as in bigquery://my-project");
        }
        Optional<String> dataset = Optional.of(url.database()).filter(d -> !d.isEmpty());
        if (dataset.isPresent() && !DATASET.matcher(dataset.get()).matches()) {
            throw invalid(
                    "the dataset (the DSN's path) must be letters, digits and underscores, as in bigquery://my-project/shop");
        }
        Map<String, String> options = url.options(BigQueryDriver.NAME, config.options(), OPTIONS);
        Optional<String> location = Optional.ofNullable(options.get("location"));
        if (location.isPresent() && !LOCATION.matcher(location.get()).matches()) {
            throw invalid("the location option must be a location name such as US, EU or europe-west3");
        }
        Optional<URI> endpoint = Optional.ofNullable(options.get("endpoint")).map(Target::endpoint);
        Credentials credentials = credentials(options.getOrDefault("credentials", "adc"), endpoint.isPresent());
        long cap = DEFAULT_MAX_BYTES_BILLED;
        if (options.containsKey("maxBytesBilled")) {
            String v = options.get("maxBytesBilled");
            if (!BYTES.matcher(v).matches()
                    || (v.length() == 19 && v.compareTo("9223372036854775807") > 0)
                    || Long.parseLong(v) < 1) {
                throw invalid("the maxBytesBilled option must be a number of bytes from 1 up");
            }
            cap = Long.parseLong(v);
        }
        Duration timeout = config.connectTimeout().orElse(DEFAULT_CONNECT_TIMEOUT);
        return new Target(project, dataset, location, endpoint, credentials, cap, timeout);
    }

    private static URI endpoint(String text) {
        Dsn.requireValue(BigQueryDriver.NAME, "endpoint", text, ":/[]");
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw invalid("the endpoint option must be a URL such as https://bigquery.example.com");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme();
        String host = uri.getHost();
        if (!(scheme.equals("https") || scheme.equals("http"))
                || host == null
                || uri.getRawUserInfo() != null
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null
                || (uri.getRawPath() != null
                        && !uri.getRawPath().isEmpty()
                        && !uri.getRawPath().equals("/"))) {
            throw invalid(
                    "the endpoint option must be scheme://host[:port] with the scheme https, or http on a loopback address");
        }
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (scheme.equals("http") && !isLoopback(bare)) {
            throw invalid(
                    "a plain-http endpoint must be a loopback address (127.0.0.1, ::1 or localhost); use https elsewhere");
        }
        try {
            return new URI(scheme, null, host, uri.getPort(), null, null, null);
        } catch (URISyntaxException e) {
            throw invalid("the endpoint's host is not valid");
        }
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost")
                || host.equals("::1")
                || host.matches("127\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}");
    }

    private static Credentials credentials(String value, boolean hasEndpoint) {
        if (value.equals("adc")) {
            return new Adc();
        }
        if (value.equals("none")) {
            if (!hasEndpoint) {
                throw invalid("credentials=none is for an emulator: it needs the endpoint option");
            }
            return new None();
        }
        if (value.startsWith("file:") && value.length() > 5) {
            String path = Dsn.requireValue(BigQueryDriver.NAME, "credentials", value.substring(5), "/\\: ");
            return new KeyFile(Path.of(path));
        }
        throw invalid("the credentials option must be adc, none or file:PATH (a service-account key file)");
    }

    /** The address for messages: never a credential. */
    String address() {
        return endpoint.map(URI::toString).orElse("bigquery.googleapis.com") + " project " + project;
    }

    @Override
    public String toString() {
        return "Target[" + address() + dataset.map(d -> ", dataset=" + d).orElse("")
                + location.map(l -> ", location=" + l).orElse("") + ", maxBytesBilled=" + maxBytesBilled + "]";
    }

    private static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, BigQueryDriver.NAME, "open", detail);
    }
}
