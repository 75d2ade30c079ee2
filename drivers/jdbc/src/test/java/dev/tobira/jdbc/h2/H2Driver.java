package dev.tobira.jdbc.h2;

import dev.tobira.jdbc.JdbcDriver;

/**
 * The driver of {@link H2Dialect}: the dialect on the JDBC base, nothing more. Public, with a public
 * constructor, only so that {@code Registry.discover()} finds it through the test classpath's
 * {@code META-INF/services}; it lives in test scope and is in no published jar.
 */
public final class H2Driver extends JdbcDriver {
    /** Makes the driver. */
    public H2Driver() {
        super(new H2Dialect());
    }
}
