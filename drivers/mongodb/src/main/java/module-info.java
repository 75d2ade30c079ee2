/**
 * The tobira driver for MongoDB, built on the official reactive-streams driver. Its one public
 * type is {@link dev.tobira.driver.mongodb.MongoDriver}, found through {@link java.util.ServiceLoader}.
 *
 * @since 0.1
 */
module dev.tobira.driver.mongodb {
    requires transitive dev.tobira.api;
    requires transitive dev.tobira.spi;
    requires org.mongodb.driver.reactivestreams;
    requires org.mongodb.driver.core;
    requires org.mongodb.bson;
    requires org.reactivestreams;
    requires static org.jspecify;

    exports dev.tobira.driver.mongodb;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.mongodb.MongoDriver;
}
