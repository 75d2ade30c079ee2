/**
 * The tobira contract: values, queries, streamed results, connections, drivers, capabilities
 * and classified errors. Depends on {@code java.base} only.
 *
 * @since 0.1
 */
module dev.tobira.api {
    exports dev.tobira.api;

    uses dev.tobira.api.Driver;
}
