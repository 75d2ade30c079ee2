/**
 * The tobira driver for Qdrant, built on the official Java client ({@code io.qdrant:client}) over
 * gRPC. Its one public type is {@link dev.tobira.driver.qdrant.QdrantDriver}, found through
 * {@link java.util.ServiceLoader}.
 *
 * @since 0.1
 */
module dev.tobira.driver.qdrant {
    requires transitive dev.tobira.api;
    requires transitive dev.tobira.spi;
    requires com.fasterxml.jackson.databind;
    // io.qdrant:client's jar names no module: its automatic module takes the file's name
    requires client;
    requires io.grpc;
    requires io.grpc.stub;
    requires com.google.protobuf;
    requires com.google.common;
    requires static org.jspecify;

    exports dev.tobira.driver.qdrant;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.qdrant.QdrantDriver;
}
