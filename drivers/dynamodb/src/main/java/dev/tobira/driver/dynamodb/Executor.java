package dev.tobira.driver.dynamodb;

import dev.tobira.api.Column;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.ResultSet;
import dev.tobira.api.Row;
import dev.tobira.api.Value;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.ResultSets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
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

    private final DynamoSession session;
    private final Consumer<ItemResultSet> onClose;

    Executor(DynamoSession session, Consumer<ItemResultSet> onClose) {
        this.session = session;
        this.onClose = onClose;
    }

    ResultSet run(Command command, long limit, CallDeadline deadline, long start) {
        if (command instanceof Command.Partiql) {
            Command.Partiql p = (Command.Partiql) command;
            ExecuteStatementRequest.Builder b =
                    ExecuteStatementRequest.builder().statement(p.text());
            if (!p.params().isEmpty()) {
                b.parameters(p.parameters(OP));
            }
            return statement(b.build(), limit, deadline, start);
        }
        Command.Document doc = (Command.Document) command;
        Operation operation = doc.operation()
                .orElseThrow(() -> DriverException.of(
                        ErrorKind.UNSUPPORTED,
                        DynamoDriver.NAME,
                        OP,
                        doc.apiName() + " is not an operation this driver sends"));
        DynamoDbRequest request =
                (DynamoDbRequest) new RequestReader(OP).read(operation.newBuilder(), doc.request(), "");
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
                List<Map<String, AttributeValue>> items =
                        resp.hasItem() && !resp.item().isEmpty() ? List.of(resp.item()) : List.of();
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

    private ResultSet write(Operation operation, DynamoDbRequest request, CallDeadline deadline, long start) {
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
        return ResultSets.affected(
                DynamoDriver.NAME, affected < 0 ? OptionalLong.empty() : OptionalLong.of(affected), start);
    }

    private DynamoDbResponse send(Operation operation, DynamoDbRequest request, CallDeadline deadline) {
        DynamoDbRequest bounded = session.bounded(request, deadline, OP);
        return session.call(OP, c -> operation.send(c, bounded));
    }

    private GetItemResponse send(Operation operation, GetItemRequest request, CallDeadline deadline) {
        return (GetItemResponse) send(operation, (DynamoDbRequest) request, deadline);
    }

    private ResultSet query(QueryRequest request, long limit, CallDeadline deadline, long start) {
        QueryRequest base = request.limit() == null && request.filterExpression() == null && limit > 0
                ? request.toBuilder().limit(pageLimit(limit)).build()
                : request;
        return keyPaged(
                base,
                request.hasExclusiveStartKey() ? request.exclusiveStartKey() : null,
                request.tableName(),
                (r, key) -> r.toBuilder().exclusiveStartKey(key).build(),
                (c, r) -> {
                    QueryResponse resp = c.query(r);
                    return new KeyPage(resp.items(), resp.hasLastEvaluatedKey() ? resp.lastEvaluatedKey() : Map.of());
                },
                limit,
                deadline,
                start);
    }

    private ResultSet scan(ScanRequest request, long limit, CallDeadline deadline, long start) {
        ScanRequest base = request.limit() == null && request.filterExpression() == null && limit > 0
                ? request.toBuilder().limit(pageLimit(limit)).build()
                : request;
        return keyPaged(
                base,
                request.hasExclusiveStartKey() ? request.exclusiveStartKey() : null,
                request.tableName(),
                (r, key) -> r.toBuilder().exclusiveStartKey(key).build(),
                (c, r) -> {
                    ScanResponse resp = c.scan(r);
                    return new KeyPage(resp.items(), resp.hasLastEvaluatedKey() ? resp.lastEvaluatedKey() : Map.of());
                },
                limit,
                deadline,
                start);
    }

    /** A page size that asks for one item more than the limit, so the result knows whether it was cut. */
    private static int pageLimit(long limit) {
        return (int) Math.min(limit + 1, MAX_LIMIT_PAGE);
    }

    /** One page of a Query or a Scan: its items and the key the next page starts after (empty at the end). */
    private record KeyPage(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastKey) {}

    /**
     * A Query or a Scan, paged by its last evaluated key as the caller iterates: the two differ only
     * in their request and response types, which {@code startingAfter} and {@code send} bridge.
     */
    private <R extends DynamoDbRequest> ResultSet keyPaged(
            R base,
            @Nullable Map<String, AttributeValue> startKey,
            String table,
            BiFunction<R, Map<String, AttributeValue>, R> startingAfter,
            BiFunction<DynamoDbClient, R, KeyPage> send,
            long limit,
            CallDeadline deadline,
            long start) {
        List<String> keys = keys(table, deadline);
        ItemPage.Source source = new ItemPage.Source() {
            private @Nullable Map<String, AttributeValue> from = startKey;

            @Override
            public ItemPage next(CallDeadline d) {
                R r = session.bounded(from == null ? base : startingAfter.apply(base, from), d, OP);
                KeyPage page = session.call(OP, c -> send.apply(c, r));
                from = page.lastKey().isEmpty() ? null : page.lastKey();
                return new ItemPage(page.items(), from != null);
            }
        };
        return items(source, keys, limit, deadline, start);
    }

    private ResultSet statement(ExecuteStatementRequest request, long limit, CallDeadline deadline, long start) {
        ItemPage.Source source = new ItemPage.Source() {
            private @Nullable String token = request.nextToken();

            @Override
            public ItemPage next(CallDeadline d) {
                ExecuteStatementRequest r = session.bounded(
                        token == null
                                ? request
                                : request.toBuilder().nextToken(token).build(),
                        d,
                        OP);
                ExecuteStatementResponse resp = session.call(OP, c -> c.executeStatement(r));
                token = resp.nextToken() == null || resp.nextToken().isEmpty() ? null : resp.nextToken();
                return new ItemPage(resp.hasItems() ? resp.items() : List.of(), token != null);
            }
        };
        return items(source, List.of(), limit, deadline, start);
    }

    private ResultSet batchGet(BatchGetItemRequest request, long limit, CallDeadline deadline, long start) {
        List<String> keys = request.requestItems().size() == 1
                ? keys(request.requestItems().keySet().iterator().next(), deadline)
                : List.of();
        ItemPage.Source source = new ItemPage.Source() {
            private @Nullable Map<String, KeysAndAttributes> pending = request.requestItems();

            @Override
            public ItemPage next(CallDeadline d) {
                BatchGetItemRequest r = session.bounded(
                        request.toBuilder().requestItems(pending).build(), d, OP);
                BatchGetItemResponse resp = session.call(OP, c -> c.batchGetItem(r));
                List<Map<String, AttributeValue>> items = new ArrayList<>();
                resp.responses().values().forEach(items::addAll);
                pending =
                        resp.hasUnprocessedKeys() && !resp.unprocessedKeys().isEmpty() ? resp.unprocessedKeys() : null;
                return new ItemPage(items, pending != null);
            }
        };
        return items(source, keys, limit, deadline, start);
    }

    private ResultSet items(ItemPage.Source source, List<String> keys, long limit, CallDeadline deadline, long start) {
        return ItemResultSet.start(session, source, keys, deadline, limit, start, OP, onClose);
    }

    private static ItemPage.Source single(List<Map<String, AttributeValue>> items) {
        return d -> new ItemPage(items, false);
    }

    /** The table's key attributes in key order (hash, then range); empty when the caller may not describe it. */
    List<String> keys(String table, CallDeadline deadline) {
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
            columns.add(Column.of(k, v.kind()));
            values.add(v);
        });
        if (columns.isEmpty()) {
            return ResultSets.affected(DynamoDriver.NAME, OptionalLong.empty(), start);
        }
        Iterator<Row> rows = List.of(Row.of(columns, values)).iterator();
        return ResultSets.of(
                DynamoDriver.NAME, columns, rows, limit > 0 ? OptionalLong.of(limit) : OptionalLong.empty(), start);
    }
}
