package dev.tobira.mcp;

import dev.tobira.api.CollectionRef;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The resource URI of a collection's schema, {@code tobira://<connection>/<namespace>/<collection>/schema},
 * each part percent-encoded; {@code -} stands for the default namespace of a driver that has none.
 */
final class SchemaResource {
    static final String TEMPLATE = "tobira://{connection}/{namespace}/{collection}/schema";
    private static final String PREFIX = "tobira://";
    private static final String DEFAULT_NAMESPACE = "-";

    private SchemaResource() {}

    record Target(String connection, CollectionRef ref) {}

    static String uri(String connection, CollectionRef ref) {
        return PREFIX + encode(connection) + "/"
                + ref.namespace().map(SchemaResource::encode).orElse(DEFAULT_NAMESPACE) + "/" + encode(ref.name())
                + "/schema";
    }

    static Optional<Target> parse(String uri) {
        if (uri == null || !uri.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] parts = uri.substring(PREFIX.length()).split("/", -1);
        if (parts.length != 4
                || !parts[3].equals("schema")
                || parts[0].isEmpty()
                || parts[1].isEmpty()
                || parts[2].isEmpty()) {
            return Optional.empty();
        }
        try {
            Optional<String> ns = parts[1].equals(DEFAULT_NAMESPACE) ? Optional.empty() : Optional.of(decode(parts[1]));
            return Optional.of(new Target(decode(parts[0]), CollectionRef.of(ns, decode(parts[2]))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
