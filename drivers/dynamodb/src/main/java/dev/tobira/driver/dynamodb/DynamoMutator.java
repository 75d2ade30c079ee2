package dev.tobira.driver.dynamodb;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Mutator;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The mutator's writes by key: an insert is a {@code PutItem} that must not replace an item, an
 * update an {@code UpdateItem} of an item that exists, a delete a {@code DeleteItem} that returns
 * what it removed. Names and values go as expression placeholders, never into expression text.
 */
final class DynamoMutator implements Mutator {
    private final DynamoSession session;
    private final DynamoCatalog catalog;
    private final Executor executor;

    DynamoMutator(DynamoSession session, DynamoCatalog catalog, Executor executor) {
        this.session = session;
        this.catalog = catalog;
        this.executor = executor;
    }

    @Override
    public long insert(CollectionRef table, Map<String, Value> values) {
        catalog.requireNamespace(table.namespace().orElse(""), "insert");
        Map<String, AttributeValue> item = attributes(values, "insert"); // refused before anything is sent
        String hash = hashKey(table, "insert");
        PutItemRequest req = PutItemRequest.builder()
                .tableName(table.name())
                .item(item)
                .conditionExpression("attribute_not_exists(#k)")
                .expressionAttributeNames(Map.of("#k", hash))
                .build();
        session.call("insert", c -> c.putItem(req));
        return 1;
    }

    @Override
    public long update(CollectionRef table, Map<String, Value> key, Map<String, Value> changes) {
        catalog.requireNamespace(table.namespace().orElse(""), "update");
        Map<String, AttributeValue> keyItem =
                attributes(key, "update"); // the values are refused before anything is sent
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, Value> e : changes.entrySet()) {
            if (key.containsKey(e.getKey())) {
                throw DriverException.of(
                        ErrorKind.INVALID_ARGUMENT,
                        DynamoDriver.NAME,
                        "update",
                        "a key attribute cannot be changed: " + Display.name(e.getKey()));
            }
            names.put("#a" + i, e.getKey());
            if (e.getValue().isNull()) {
                removes.add("#a" + i);
            } else {
                values.put(":v" + i, Items.attribute(e.getValue(), "update"));
                sets.add("#a" + i + " = :v" + i);
            }
            i++;
        }
        String hash = hashKey(table, "update");
        names.put("#k", hash);
        StringBuilder expr = new StringBuilder();
        if (!sets.isEmpty()) {
            expr.append("SET ").append(String.join(", ", sets));
        }
        if (!removes.isEmpty()) {
            expr.append(expr.length() > 0 ? " " : "").append("REMOVE ").append(String.join(", ", removes));
        }
        UpdateItemRequest.Builder b = UpdateItemRequest.builder()
                .tableName(table.name())
                .key(keyItem)
                .updateExpression(expr.toString())
                .conditionExpression("attribute_exists(#k)")
                .expressionAttributeNames(names);
        if (!values.isEmpty()) {
            b.expressionAttributeValues(values);
        }
        UpdateItemRequest req = b.build();
        // the condition tells whether an item was there: a failed check is "nothing updated", not an error
        Boolean updated = session.call("update", c -> {
            try {
                c.updateItem(req);
                return true;
            } catch (ConditionalCheckFailedException e) {
                return false;
            }
        });
        return updated ? 1 : 0;
    }

    @Override
    public long delete(CollectionRef table, Map<String, Value> key) {
        catalog.requireNamespace(table.namespace().orElse(""), "delete");
        DeleteItemRequest req = DeleteItemRequest.builder()
                .tableName(table.name())
                .key(attributes(key, "delete"))
                .returnValues(ReturnValue.ALL_OLD)
                .build();
        DeleteItemResponse resp = session.call("delete", c -> c.deleteItem(req));
        return resp.hasAttributes() && !resp.attributes().isEmpty() ? 1 : 0;
    }

    private String hashKey(CollectionRef table, String op) {
        List<String> keys = executor.keys(table.name(), CallDeadline.NONE);
        if (keys.isEmpty()) {
            throw DriverException.of(
                    ErrorKind.PERMISSION,
                    DynamoDriver.NAME,
                    op,
                    "the table's key schema cannot be read (DescribeTable)");
        }
        return keys.get(0);
    }

    private static Map<String, AttributeValue> attributes(Map<String, Value> values, String op) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, Items.attribute(v, op)));
        return out;
    }
}
