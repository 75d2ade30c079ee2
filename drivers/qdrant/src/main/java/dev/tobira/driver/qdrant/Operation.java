package dev.tobira.driver.qdrant;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every operation name a query document may carry, as Qdrant's REST API spells it, with what it is.
 * Only {@link Role#READ} runs on a read-only path; the points' writes and the whole control plane
 * (collections, aliases, snapshots, shards, the cluster) are refused there by exact name. The
 * operations marked {@code runs} are the ones this driver maps onto gRPC; the others are known so
 * that a read-only path refuses them as writes and a writable one says it does not send them.
 */
enum Operation {
    SCROLL("scroll", Role.READ, true),
    QUERY("query", Role.READ, true),
    SEARCH("search", Role.READ, true),
    COUNT("count", Role.READ, true),
    RETRIEVE("retrieve", Role.READ, true),
    FACET("facet", Role.READ, true),

    UPSERT("upsert", Role.WRITE, true),
    DELETE("delete", Role.WRITE, true),
    SET_PAYLOAD("set_payload", Role.WRITE, true),
    OVERWRITE_PAYLOAD("overwrite_payload", Role.WRITE, true),
    DELETE_PAYLOAD("delete_payload", Role.WRITE, true),
    CLEAR_PAYLOAD("clear_payload", Role.WRITE, true),
    UPDATE_VECTORS("update_vectors", Role.WRITE, true),
    DELETE_VECTORS("delete_vectors", Role.WRITE, true),
    BATCH("batch", Role.WRITE, true),

    CREATE_COLLECTION("create_collection", Role.CONTROL, true),
    DELETE_COLLECTION("delete_collection", Role.CONTROL, true),
    UPDATE_COLLECTION("update_collection", Role.CONTROL, false),
    CREATE_PAYLOAD_INDEX("create_payload_index", Role.CONTROL, true),
    DELETE_PAYLOAD_INDEX("delete_payload_index", Role.CONTROL, true),
    UPDATE_ALIASES("update_aliases", Role.CONTROL, true),
    CREATE_ALIAS("create_alias", Role.CONTROL, false),
    DELETE_ALIAS("delete_alias", Role.CONTROL, false),
    RENAME_ALIAS("rename_alias", Role.CONTROL, false),
    CREATE_SNAPSHOT("create_snapshot", Role.CONTROL, false),
    DELETE_SNAPSHOT("delete_snapshot", Role.CONTROL, false),
    RECOVER_SNAPSHOT("recover_snapshot", Role.CONTROL, false),
    CREATE_FULL_SNAPSHOT("create_full_snapshot", Role.CONTROL, false),
    DELETE_FULL_SNAPSHOT("delete_full_snapshot", Role.CONTROL, false),
    CREATE_SHARD_KEY("create_shard_key", Role.CONTROL, false),
    DELETE_SHARD_KEY("delete_shard_key", Role.CONTROL, false),
    UPDATE_COLLECTION_CLUSTER_SETUP("update_collection_cluster_setup", Role.CONTROL, false),
    CREATE_VECTOR_NAME("create_vector_name", Role.CONTROL, false),
    DELETE_VECTOR_NAME("delete_vector_name", Role.CONTROL, false),
    CLUSTER_RECOVER("recover_current_peer", Role.CONTROL, false),
    REMOVE_PEER("remove_peer", Role.CONTROL, false);

    /** What an operation does to the server. */
    enum Role {
        /** reads points or counts them, and sends nothing anywhere else */
        READ,
        /** writes points, vectors or payloads */
        WRITE,
        /** changes collections, indexes, aliases, snapshots, shards or the cluster */
        CONTROL
    }

    private static final Map<String, Operation> BY_NAME =
            Stream.of(values()).collect(Collectors.toUnmodifiableMap(Operation::restName, Function.identity()));

    private final String restName;
    private final Role role;
    private final boolean runs;

    Operation(String restName, Role role, boolean runs) {
        this.restName = restName;
        this.role = role;
        this.runs = runs;
    }

    /** The operation of an exact name (no other letter case: Qdrant's names are lower case). */
    static Optional<Operation> of(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    String restName() {
        return restName;
    }

    Role role() {
        return role;
    }

    boolean runs() {
        return runs;
    }

    static String reads() {
        return "scroll, query, search, count, retrieve and facet";
    }
}
