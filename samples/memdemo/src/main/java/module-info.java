/**
 * memdemo: an in-memory example driver to copy from. Exports only the package of its
 * {@link dev.tobira.api.Driver}, and registers it for {@link java.util.ServiceLoader}.
 */
module dev.tobira.sample.memdemo {
    requires transitive dev.tobira.api;
    requires transitive dev.tobira.spi;

    exports dev.tobira.sample.memdemo;

    provides dev.tobira.api.Driver with
            dev.tobira.sample.memdemo.MemdemoDriver;
}
