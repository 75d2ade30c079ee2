package dev.tobira.driver.qdrant;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.DsnOptions;
import dev.tobira.spi.Redactor;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where and how to connect, from a DSN and the configuration's password and options:
 * {@code qdrant://host:6334} (plain gRPC), {@code qdrants://host:6334} or {@code qdrant://host?tls=true}
 * (gRPC over TLS). The API key is {@link ConnConfig#password()} (or, less wisely, the DSN's password);
 * it goes to the server as the {@code api-key} header of every call and never into a message.
 * The channel is built from the checked host and port, never from the DSN's text.
 *
 * @param host the host
 * @param port the gRPC port, 6334 by default
 * @param tls whether the channel uses TLS
 * @param apiKey the API key, empty for none
 * @param describeSample how many payloads {@code describe} reads to infer the payload fields
 *     (option {@code describeSample}, 0 to 1000, default 100)
 * @param connectTimeout how long connecting may take
 * @param redactor masks the API key in every message
 */
record Target(
        String host,
        int port,
        boolean tls,
        String apiKey,
        int describeSample,
        Duration connectTimeout,
        Redactor redactor) {
    static final int DEFAULT_PORT = 6334;
    static final int DEFAULT_SAMPLE = 100;
    private static final Set<String> OPTIONS = Set.of("tls", "describeSample");

    static Target of(ConnConfig config) {
        Dsn.Url url = Dsn.parseUrl(QdrantDriver.NAME, config.dsn()).requirePlainNames(QdrantDriver.NAME);
        Redactor redactor = url.redactor(config.password());
        if (!url.scheme().equals("qdrant") && !url.scheme().equals("qdrants")) {
            throw invalid("the scheme must be qdrant or qdrants");
        }
        if (!url.path().isEmpty() && !url.path().equals("/")) {
            throw invalid("a Qdrant DSN has no path: the collections are the server's");
        }
        if (url.host().isEmpty()) {
            throw invalid("the DSN names no host, as in qdrant://127.0.0.1:6334");
        }
        if (url.user().isPresent() && !url.user().get().isEmpty()) {
            throw invalid("Qdrant has no users: give the API key as the password");
        }
        Map<String, String> options = url.options(QdrantDriver.NAME, config.options(), OPTIONS);
        boolean tls = url.scheme().equals("qdrants");
        if (options.containsKey("tls")) {
            boolean asked = DsnOptions.bool(QdrantDriver.NAME, "tls", options.get("tls"));
            if (tls && !asked) {
                throw invalid("qdrants:// is TLS: drop tls=false");
            }
            tls = asked;
        }
        int sample = options.containsKey("describeSample")
                ? DsnOptions.count(QdrantDriver.NAME, "describeSample", options.get("describeSample"), 1000)
                : DEFAULT_SAMPLE;
        String key = !config.password().isEmpty()
                ? config.password().reveal()
                : url.password().orElse("");
        Duration timeout = config.connectTimeout().orElse(ConnConfig.DEFAULT_CONNECT_TIMEOUT);
        return new Target(url.host(), url.port().orElse(DEFAULT_PORT), tls, key, sample, timeout, redactor);
    }

    Optional<String> key() {
        return apiKey.isEmpty() ? Optional.empty() : Optional.of(apiKey);
    }

    /** The address for messages: never a credential. */
    String address() {
        return (tls ? "qdrants://" : "qdrant://") + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return "Target[" + address() + (apiKey.isEmpty() ? "" : ", apiKey=" + Redactor.MASK) + "]";
    }

    private static DriverException invalid(String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, QdrantDriver.NAME, "open", detail);
    }
}
