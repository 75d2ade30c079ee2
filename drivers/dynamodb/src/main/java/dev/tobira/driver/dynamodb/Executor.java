package dev.tobira.driver.dynamodb;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.ResultSets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * Sends one checked {@link Command} and shapes its answer as a result: items as streamed rows
 * ({@link ItemResultSet}), a table's description or a control-plane answer as one row of its
 * members, a write as its count.
 */
final class Executor {
    private static final String OP = "query";
    /** The largest page the driver asks for to serve a row limit: a limit of 3 needs no page of 1 MB. */
    private static final int MAX_LIMIT_PAGE = 1000;

    private final Session session;
    private final Consumer<ItemResultSet> onClose;

    Executor(Session session, Consumer<ItemResultSet> onClose) {
        this.session = session;
        this.onClose = onClose;
    }

    ResultSet run(Command command, long limit, Deadline deadline, long start) {
        if (command instanceof Command.Partiql) {
            Command.Partiql p = (Command.Partiql) command;
            ExecuteStatementRequest.Builder b = ExecuteStatementRequest.builder().statement(p.text());
            if (!p.parameters().isEmpty()) {
                b.parameters(p.parameters());
            }
            return statement(b.build(), limit, deadline, start);
        }
        Command.Document doc = (Command.Document) command;
        Operation operation = doc.operation().orElseThrow(() -> DriverException.of(ErrorKind.UNSUPPORTED,
                DynamoDriver.NAME, OP, doc.apiName() + " is not an operation this driver sends"));
        DynamoDbRequest request = (DynamoDbRequest) new RequestReader(OP).read(operation.newBuilder(), doc.request(), "");
        switch (operation) {
            case QUERY:
                return query((QueryRequest) request, limit, deadline, start);
            case SCAN:
                return scan((ScanRequest) request, limit, deadline, start);
            case EXECUTE_STATEMENT:
                return statement((ExecuteStatementRequest) request, limit, deadline, start);
            case BATCH_GET_ITEM:
                return batchGet((BatchGetItemRequest) request, limit, deadline, start);
            case GET_ITEM: {
                GetItemRequest r = (GetItemRequest) request;
                List<String> keys = keys(r.tableName(), deadline);
                GetItemResponse resp = send(operation, r, deadline);
                List<Map<String, AttributeValue>> items = resp.hasItem() && !resp.item().isEmpty()
                        ? List.of(resp.item()) : List.of();
                return items(single(items), keys, limit, deadline, start);
            }
            case DESCRIBE_TABLE:
                return oneRow(((DescribeTableResponse) send(operation, request, deadline)).table(), limit, start);
            case TRANSACT_GET_ITEMS: {
                TransactGetItemsResponse resp = (TransactGetItemsResponse) send(operation, request, deadline);
                List<Map<String, AttributeValue>> items = new ArrayList<>();
                resp.responses().forEach(r -> {
                    if (r.hasItem()) {
                        items.add(r.item());
                    }
                });
                return items(single(items), List.of(), limit, deadline, start);
            }
            default:
                return write(operation, request, deadline, start);
        }
    }

    private ResultSet write(Operation operation, DynamoDbRequest request, Deadline deadline, long start) {
        DynamoDbResponse resp = send(operation, request, deadline);
        if (operation.role() == Operation.Role.CONTROL) {
            session.forgetTables();
            return oneRow(resp, 0, start);
        }
        Map<String, AttributeValue> attributes = null;
        long affected = -1;
        if (resp instanceof PutItemResponse) {
            attributes = ((PutItemResponse) resp).hasAttributes() ? ((PutItemResponse) resp).attributes() : null;
            affected = 1;
        } else if (resp instanceof UpdateItemResponse) {
            attributes = ((UpdateItemResponse) resp).hasAttributes() ? ((UpdateItemResponse) resp).attributes() : null;
            affected = 1;
        } else if (resp instanceof DeleteItemResponse) {
            attributes = ((DeleteItemResponse) resp).hasAttributes() ? ((DeleteItemResponse) resp).attributes() : null;
            affected = attributes == null ? -1 : 1;
        } else if (resp instanceof BatchWriteItemResponse) {
            long sent = 0;
            for (var l : ((BatchWriteItemRequest) request).requestItems().values()) {
                sent += l.size();
            }
            long unprocessed = 0;
            for (var l : ((BatchWriteItemResponse) resp).unprocessedItems().values()) {
                unprocessed += l.size();
            }
            affected = sent - unprocessed;
        } else if (request instanceof TransactWriteItemsRequest) {
            affected = ((TransactWriteItemsRequest) request).transactItems().size();
        }
        if (attributes != null) {
            ResultSet rs = items(single(List.of(attributes)), List.of(), 0, deadline, start);
            return rs;
        }
        return ResultSets.affected(DynamoDriver.NAME, affected, start);
    }

    private DynamoDbResponse send(Operation operation, DynamoDbRequest request, Deadline deadline) {
        DynamoDbRequest bounded = session.bounded(request, deadline, OP);
        return session.call(OP, c -> operation.send(c, bounded));
    }

    private GetItemResponse send(Operation operation, GetItemRequest request, Deadline deadline) {
        return (GetItemResponse) send(operation, (DynamoDbRequest) request, deadline);
    }

    private ResultSet query(QueryRequest request, long limit, Deadline deadline, long start) {
        QueryRequest base = request.limit() == null && request.filterExpression() == null && limit > 0
                ? request.toBuilder().limit((int) Math.min(limit + 1, MAX_LIMIT_PAGE)).build() : request;
        List<String> keys = keys(request.tableName(), deadline);
        ItemPage.Source source = new ItemPage.Source() {
            private Map<String, AttributeValue> from = request.hasExclusiveStartKey() ? request.exclusiveStartKey() : null;

            @Override
            public ItemPage next(Deadline d) {
                QueryRequest r = session.bounded(from == null ? base : base.toBuilder().exclusiveStartKey(from).build(), d, OP);
                QueryResponse resp = session.call(OP, c -> c.query(r));
                from = resp.hasLastEvaluatedKey() && !resp.lastEvaluatedKey().isEmpty() ? resp.lastEvaluatedKey() : null;
                return new ItemPage(resp.items(), from != null);
            }
        };
        return items(source, keys, limit, deadline, start);
    }

    private ResultSet scan(ScanRequest request, long limit, Deadline deadline, long start) {
        ScanRequest base = request.limit() == null && request.filterExpression() == null && limit > 0
                ? request.toBuilder().limit((int) Math.min(limit + 1, MAX_LIMIT_PAGE)).build() : request;
        List<String> keys = keys(request.tableName(), deadline);
        ItemPage.Source source = new ItemPage.Source() {
            private Map<String, AttributeValue> from = request.hasExclusiveStartKey() ? request.exclusiveStartKey() : null;

            @Override
            public ItemPage next(Deadline d) {
                ScanRequest r = session.bounded(from == null ? base : base.toBuilder().exclusiveStartKey(from).build(), d, OP);
                ScanResponse resp = session.call(OP, c -> c.scan(r));
                from = resp.hasLastEvaluatedKey() && !resp.lastEvaluatedKey().isEmpty() ? resp.lastEvaluatedKey() : null;
                return new ItemPage(resp.items(), from != null);
            }
        };
        return items(source, keys, limit, deadline, start);
    }

    private ResultSet statement(ExecuteStatementRequest request, long limit, Deadline deadline, long start) {
        ItemPage.Source source = new ItemPage.Source() {
            private String token = request.nextToken();

            @Override
            public ItemPage next(Deadline d) {
                ExecuteStatementRequest r = session.bounded(token == null ? request
                        : request.toBuilder().nextToken(token).build(), d, OP);
                ExecuteStatementResponse resp = session.call(OP, c -> c.executeStatement(r));
                token = resp.nextToken() == null || resp.nextToken().isEmpty() ? null : resp.nextToken();
                return new ItemPage(resp.hasItems() ? resp.items() : List.of(), token != null);
            }
        };
        return items(source, List.of(), limit, deadline, start);
    }

    private ResultSet batchGet(BatchGetItemRequest request, long limit, Deadline deadline, long start) {
        List<String> keys = request.requestItems().size() == 1
                ? keys(request.requestItems().keySet().iterator().next(), deadline) : List.of();
        ItemPage.Source source = new ItemPage.Source() {
            private Map<String, KeysAndAttributes> pending = request.requestItems();

            @Override
            public ItemPage next(Deadline d) {
                BatchGetItemRequest r = session.bounded(request.toBuilder().requestItems(pending).build(), d, OP);
                BatchGetItemResponse resp = session.call(OP, c -> c.batchGetItem(r));
                List<Map<String, AttributeValue>> items = new ArrayList<>();
                resp.responses().values().forEach(items::addAll);
                pending = resp.hasUnprocessedKeys() && !resp.unprocessedKeys().isEmpty() ? resp.unprocessedKeys() : null;
                return new ItemPage(items, pending != null);
            }
        };
        return items(source, keys, limit, deadline, start);
    }

    private ResultSet items(ItemPage.Source source, List<String> keys, long limit, Deadline deadline, long start) {
        return ItemResultSet.start(session, source, keys, deadline, limit, start, OP, onClose);
    }

    private static ItemPage.Source single(List<Map<String, AttributeValue>> items) {
        return d -> new ItemPage(items, false);
    }

    /** The table's key attributes in key order (hash, then range); empty when the caller may not describe it. */
    List<String> keys(String table, Deadline deadline) {
        if (table == null) {
            return List.of();
        }
        try {
            List<String> keys = new ArrayList<>();
            for (KeySchemaElement k : session.table(table, deadline, OP).keySchema()) {
                keys.add(k.attributeName());
            }
            return keys;
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.PERMISSION) {
                return List.of(); // a policy that allows Query but not DescribeTable: the keys just do not lead
            }
            throw e;
        }
    }

    private static ResultSet oneRow(SdkPojo pojo, long limit, long start) {
        Map<String, Value> members = pojo == null ? Map.of() : Pojos.members(pojo);
        List<Column> columns = new ArrayList<>();
        List<Value> values = new ArrayList<>();
        members.forEach((k, v) -> {
            columns.add(new Column(k, v.kind(), "", true));
            values.add(v);
        });
        if (columns.isEmpty()) {
            return ResultSets.affected(DynamoDriver.NAME, -1, start);
        }
        Iterator<Row> rows = List.of(Row.of(columns, values)).iterator();
        return ResultSets.of(DynamoDriver.NAME, columns, rows, limit, start);
    }
}
