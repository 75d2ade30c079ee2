package dev.tobira.driver.qdrant;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * tobira's read-only guard for Qdrant, in front of every request of a read-only path. Qdrant has no
 * read-only session (a read-only API key is the server's own boundary, see the README); what this
 * checks, on the parsed {@link Request} the driver then turns into its gRPC request:
 * <ul>
 *   <li>the operation is one of the reads {@code scroll}, {@code query}, {@code search},
 *       {@code count}, {@code retrieve}, {@code facet}: every point write, {@code batch}, and every
 *       collection, index, alias, snapshot, shard and cluster operation is refused by its exact name;
 *   <li>no member anywhere in the body is named {@code document}, {@code image}, {@code object},
 *       {@code model}, {@code options} or {@code inference}: those are the inputs and settings that
 *       make the server call an inference service with text, an image or an object (a
 *       {@code {"text": …, "model": …}} document is caught by its {@code model}), which sends data
 *       out of the database. The body of a read has no member whose name a caller chooses freely, so
 *       no legitimate read carries those names.
 * </ul>
 */
final class ReadOnlyGuard {
    /** Members that ask for server-side inference: Document, Image, InferenceObject and their settings. */
    static final Set<String> INFERENCE = Set.of("document", "image", "object", "model", "options", "inference");

    private ReadOnlyGuard() {}

    static void check(Request request, String op) {
        if (request.operation().role() != Operation.Role.READ) {
            throw DriverException.of(
                    ErrorKind.READ_ONLY,
                    QdrantDriver.NAME,
                    op,
                    request.operation().restName() + " is not a read: only " + Operation.reads()
                            + " are allowed on a read-only connection");
        }
        String found = inference(request.body());
        if (found != null) {
            throw DriverException.of(
                    ErrorKind.READ_ONLY,
                    QdrantDriver.NAME,
                    op,
                    "\"" + found + "\" asks the server"
                            + " to call an inference service, which sends data out of the database: refused on a read-only connection");
        }
    }

    private static @Nullable String inference(JsonNode node) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (INFERENCE.contains(e.getKey())) {
                    return e.getKey();
                }
                String inner = inference(e.getValue());
                if (inner != null) {
                    return inner;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode child : node) {
                String inner = inference(child);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }
}
