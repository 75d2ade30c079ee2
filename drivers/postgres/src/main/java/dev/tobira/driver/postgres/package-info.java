/**
 * The PostgreSQL driver of tobira, {@link dev.tobira.driver.postgres.PostgresDriver}, a dialect on
 * the JDBC base ({@code tobira-jdbc}) over pgjdbc. Applications do not name it:
 * {@link dev.tobira.api.Registry#discover()} finds it on the class path for
 * {@code postgres://} and {@code postgresql://} DSNs. The class documentation lists the DSN
 * parameters it accepts, the read-only guard's layers and the facets a connection offers.
 * Everything else in the package is package-private.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null}.
 *
 * @since 0.1
 */
package dev.tobira.driver.postgres;
