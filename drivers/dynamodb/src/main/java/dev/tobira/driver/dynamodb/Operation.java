package dev.tobira.driver.dynamodb;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UntagResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * The DynamoDB API operations a JSON operation document may name, each with its role for the
 * guard, the SDK shape its request is read into and the client call that sends it.
 *
 * <p>Only {@link Role#READ} operations pass the read-only guard. Every other operation of the
 * DynamoDB API is known by name too ({@link #API}): a read-only path refuses it as a write, and a
 * writable connection says the driver does not send it.
 */
// the two functions are method references and stateless lambdas: the constants hold no mutable state
@SuppressWarnings("ImmutableEnumChecker")
enum Operation {
    QUERY("Query", Role.READ, QueryRequest::builder, null),
    SCAN("Scan", Role.READ, ScanRequest::builder, null),
    GET_ITEM("GetItem", Role.READ, GetItemRequest::builder, (c, r) -> c.getItem((GetItemRequest) r)),
    BATCH_GET_ITEM("BatchGetItem", Role.READ, BatchGetItemRequest::builder, null),
    DESCRIBE_TABLE(
            "DescribeTable",
            Role.READ,
            DescribeTableRequest::builder,
            (c, r) -> c.describeTable((DescribeTableRequest) r)),
    /** A read only when its statement is one SELECT, which the guard checks with {@link PartiqlGuard}. */
    EXECUTE_STATEMENT("ExecuteStatement", Role.STATEMENT, ExecuteStatementRequest::builder, null),

    PUT_ITEM("PutItem", Role.WRITE, PutItemRequest::builder, (c, r) -> c.putItem((PutItemRequest) r)),
    UPDATE_ITEM("UpdateItem", Role.WRITE, UpdateItemRequest::builder, (c, r) -> c.updateItem((UpdateItemRequest) r)),
    DELETE_ITEM("DeleteItem", Role.WRITE, DeleteItemRequest::builder, (c, r) -> c.deleteItem((DeleteItemRequest) r)),
    BATCH_WRITE_ITEM(
            "BatchWriteItem",
            Role.WRITE,
            BatchWriteItemRequest::builder,
            (c, r) -> c.batchWriteItem((BatchWriteItemRequest) r)),
    TRANSACT_WRITE_ITEMS(
            "TransactWriteItems",
            Role.WRITE,
            TransactWriteItemsRequest::builder,
            (c, r) -> c.transactWriteItems((TransactWriteItemsRequest) r)),
    // a read, but one the read list leaves out: on a writable connection only
    TRANSACT_GET_ITEMS(
            "TransactGetItems",
            Role.WRITE,
            TransactGetItemsRequest::builder,
            (c, r) -> c.transactGetItems((TransactGetItemsRequest) r)),
    BATCH_EXECUTE_STATEMENT(
            "BatchExecuteStatement",
            Role.WRITE,
            BatchExecuteStatementRequest::builder,
            (c, r) -> c.batchExecuteStatement((BatchExecuteStatementRequest) r)),
    EXECUTE_TRANSACTION(
            "ExecuteTransaction",
            Role.WRITE,
            ExecuteTransactionRequest::builder,
            (c, r) -> c.executeTransaction((ExecuteTransactionRequest) r)),

    CREATE_TABLE(
            "CreateTable", Role.CONTROL, CreateTableRequest::builder, (c, r) -> c.createTable((CreateTableRequest) r)),
    UPDATE_TABLE(
            "UpdateTable", Role.CONTROL, UpdateTableRequest::builder, (c, r) -> c.updateTable((UpdateTableRequest) r)),
    DELETE_TABLE(
            "DeleteTable", Role.CONTROL, DeleteTableRequest::builder, (c, r) -> c.deleteTable((DeleteTableRequest) r)),
    UPDATE_TIME_TO_LIVE(
            "UpdateTimeToLive",
            Role.CONTROL,
            UpdateTimeToLiveRequest::builder,
            (c, r) -> c.updateTimeToLive((UpdateTimeToLiveRequest) r)),
    DESCRIBE_TIME_TO_LIVE(
            "DescribeTimeToLive",
            Role.CONTROL,
            DescribeTimeToLiveRequest::builder,
            (c, r) -> c.describeTimeToLive((DescribeTimeToLiveRequest) r)),
    TAG_RESOURCE(
            "TagResource", Role.CONTROL, TagResourceRequest::builder, (c, r) -> c.tagResource((TagResourceRequest) r)),
    UNTAG_RESOURCE(
            "UntagResource",
            Role.CONTROL,
            UntagResourceRequest::builder,
            (c, r) -> c.untagResource((UntagResourceRequest) r)),
    LIST_TABLES("ListTables", Role.CONTROL, ListTablesRequest::builder, (c, r) -> c.listTables((ListTablesRequest) r));

    /** What an operation is to the guard. */
    enum Role {
        /** Reads items or a table's description; allowed on a read-only path. */
        READ,
        /** A PartiQL statement: allowed on a read-only path when it is one SELECT. */
        STATEMENT,
        /** Changes items. */
        WRITE,
        /** The control plane: tables, indexes, time to live, tags, backups, exports, imports. */
        CONTROL
    }

    /**
     * Every operation of the DynamoDB API (2012-08-10), by its exact name: a document that names
     * one the driver does not send is still recognised, so a read-only path refuses it as what it
     * is rather than as a typo.
     */
    static final Set<String> API = Set.of(
            "BatchExecuteStatement",
            "BatchGetItem",
            "BatchWriteItem",
            "CreateBackup",
            "CreateGlobalTable",
            "CreateTable",
            "DeleteBackup",
            "DeleteItem",
            "DeleteResourcePolicy",
            "DeleteTable",
            "DescribeBackup",
            "DescribeContinuousBackups",
            "DescribeContributorInsights",
            "DescribeEndpoints",
            "DescribeExport",
            "DescribeGlobalTable",
            "DescribeGlobalTableSettings",
            "DescribeImport",
            "DescribeKinesisStreamingDestination",
            "DescribeLimits",
            "DescribeTable",
            "DescribeTableReplicaAutoScaling",
            "DescribeTimeToLive",
            "DisableKinesisStreamingDestination",
            "EnableKinesisStreamingDestination",
            "ExecuteStatement",
            "ExecuteTransaction",
            "ExportTableToPointInTime",
            "GetItem",
            "GetResourcePolicy",
            "ImportTable",
            "ListBackups",
            "ListContributorInsights",
            "ListExports",
            "ListGlobalTables",
            "ListImports",
            "ListTables",
            "ListTagsOfResource",
            "PutItem",
            "PutResourcePolicy",
            "Query",
            "RestoreTableFromBackup",
            "RestoreTableToPointInTime",
            "Scan",
            "TagResource",
            "TransactGetItems",
            "TransactWriteItems",
            "UntagResource",
            "UpdateContinuousBackups",
            "UpdateContributorInsights",
            "UpdateGlobalTable",
            "UpdateGlobalTableSettings",
            "UpdateItem",
            "UpdateKinesisStreamingDestination",
            "UpdateTable",
            "UpdateTableReplicaAutoScaling",
            "UpdateTimeToLive");

    private static final Map<String, String> API_BY_LOWER = new TreeMap<>();
    private static final Map<String, Operation> BY_NAME = new TreeMap<>();

    static {
        for (String name : API) {
            API_BY_LOWER.put(name.toLowerCase(Locale.ROOT), name);
        }
        for (Operation o : values()) {
            BY_NAME.put(o.apiName, o);
        }
    }

    private final String apiName;
    private final Role role;
    private final Supplier<? extends SdkPojo> builder;
    private final @Nullable BiFunction<DynamoDbClient, DynamoDbRequest, DynamoDbResponse> call;

    Operation(
            String apiName,
            Role role,
            Supplier<? extends SdkPojo> builder,
            @Nullable BiFunction<DynamoDbClient, DynamoDbRequest, DynamoDbResponse> call) {
        this.apiName = apiName;
        this.role = role;
        this.builder = builder;
        this.call = call;
    }

    String apiName() {
        return apiName;
    }

    Role role() {
        return role;
    }

    SdkPojo newBuilder() {
        return builder.get();
    }

    /** Sends a request of an operation that returns one response; the paged ones have their own loop. */
    DynamoDbResponse send(DynamoDbClient client, DynamoDbRequest request) {
        if (call == null) {
            throw new IllegalStateException(apiName + " is paged");
        }
        return call.apply(client, request);
    }

    /**
     * The API's spelling of a name, whatever its letter case: {@code putitem} and {@code PUTITEM}
     * are {@code PutItem}. Empty for a name the API does not have.
     */
    static Optional<String> apiSpelling(String name) {
        return Optional.ofNullable(API_BY_LOWER.get(name.toLowerCase(Locale.ROOT)));
    }

    /** The operation the driver sends under an API name in its own spelling, if it sends it. */
    static Optional<Operation> of(String apiName) {
        return Optional.ofNullable(BY_NAME.get(apiName));
    }
}
