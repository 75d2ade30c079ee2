package dev.tobira.spi.base;

import dev.tobira.api.CollectionInfo;
import dev.tobira.api.CollectionRef;
import java.util.List;
import java.util.Optional;

/**
 * What the database holds: the answers behind {@link dev.tobira.api.Conn#namespaces()},
 * {@link dev.tobira.api.Conn#collections(java.util.Optional)} and {@link dev.tobira.api.Conn#describe}. The
 * base has checked the arguments and that the connection is open.
 *
 * @since 0.1
 */
public interface Catalog {
    /**
     * Lists the namespaces.
     *
     * @return the namespace names; empty if the database has no such notion
     */
    List<String> namespaces();

    /**
     * Lists the collections of a namespace.
     *
     * @param namespace the namespace, not empty, or empty for the default
     * @return the collections
     */
    List<CollectionRef> collections(Optional<String> namespace);

    /**
     * Describes a collection.
     *
     * @param collection the collection
     * @return its description
     */
    CollectionInfo describe(CollectionRef collection);
}
