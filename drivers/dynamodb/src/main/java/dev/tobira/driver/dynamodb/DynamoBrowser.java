package dev.tobira.driver.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.api.Browser;
import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Page;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.spi.CallDeadline;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** The browser: a table a {@code Scan} page at a time, keys first. */
final class DynamoBrowser implements Browser {
    private final DynamoSession session;
    private final DynamoCatalog catalog;
    private final Executor executor;

    DynamoBrowser(DynamoSession session, DynamoCatalog catalog, Executor executor) {
        this.session = session;
        this.catalog = catalog;
        this.executor = executor;
    }

    /** One page of a Scan; the cursor is the page's LastEvaluatedKey, as base64url JSON in the AWS shape. */
    @Override
    public Page browse(CollectionRef ref, Optional<String> after, int size) {
        String cursor = after.orElse(""); // the first page, in this driver's own cursor text
        catalog.requireNamespace(ref.namespace().orElse(""), "browse");
        ScanRequest.Builder b = ScanRequest.builder().tableName(ref.name()).limit(size);
        if (!cursor.isEmpty()) {
            b.exclusiveStartKey(decode(cursor));
        }
        ScanRequest req = b.build();
        ScanResponse resp = session.call("browse", c -> c.scan(req));
        List<String> keys = executor.keys(ref.name(), CallDeadline.NONE);
        List<Row> rows = new ArrayList<>();
        try (ResultSet rs = ItemResultSet.start(
                session,
                d -> new ItemPage(resp.items(), false),
                keys,
                CallDeadline.NONE,
                0,
                System.nanoTime(),
                "browse",
                x -> {})) {
            while (rs.hasNext()) {
                rows.add(rs.next());
            }
            String next = resp.hasLastEvaluatedKey() && !resp.lastEvaluatedKey().isEmpty()
                    ? encode(resp.lastEvaluatedKey())
                    : "";
            return next.isEmpty() ? Page.last(rs.columns(), rows) : Page.of(rs.columns(), rows, next);
        }
    }

    static String encode(Map<String, AttributeValue> key) {
        ObjectNode root = Command.JSON.createObjectNode();
        new TreeMap<>(key).forEach((name, v) -> {
            ObjectNode a = root.putObject(name);
            if (v.s() != null) {
                a.put("S", v.s());
            } else if (v.n() != null) {
                a.put("N", v.n());
            } else if (v.b() != null) {
                a.put("B", Base64.getEncoder().encodeToString(v.b().asByteArrayUnsafe()));
            }
        });
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(root.toString().getBytes(StandardCharsets.UTF_8));
    }

    static Map<String, AttributeValue> decode(String cursor) {
        try {
            JsonNode root = Command.JSON.readTree(Base64.getUrlDecoder().decode(cursor));
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : root.properties()) {
                JsonNode v = e.getValue();
                if (v.size() != 1) {
                    throw badCursor();
                }
                if (v.has("S")) {
                    key.put(e.getKey(), AttributeValue.fromS(v.get("S").asText()));
                } else if (v.has("N")) {
                    key.put(e.getKey(), AttributeValue.fromN(v.get("N").asText()));
                } else if (v.has("B")) {
                    key.put(
                            e.getKey(),
                            AttributeValue.fromB(SdkBytes.fromByteArray(
                                    Base64.getDecoder().decode(v.get("B").asText()))));
                } else {
                    throw badCursor();
                }
            }
            if (key.isEmpty()) {
                throw badCursor();
            }
            return key;
        } catch (java.io.IOException | IllegalArgumentException e) {
            throw badCursor();
        }
    }

    private static DriverException badCursor() {
        return DriverException.of(
                ErrorKind.INVALID_ARGUMENT,
                DynamoDriver.NAME,
                "browse",
                "the cursor is not one this driver's browse returned");
    }
}
