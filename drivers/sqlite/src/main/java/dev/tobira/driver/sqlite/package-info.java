/**
 * The SQLite driver of tobira, {@link dev.tobira.driver.sqlite.SqliteDriver}, a dialect on the JDBC
 * base ({@code tobira-jdbc}) over the Xerial {@code sqlite-jdbc} engine, which runs embedded in this
 * process. Applications do not name it: {@link dev.tobira.api.Registry#discover()} finds it on the
 * class path for DSNs such as {@code sqlite:./shop.db} or {@code sqlite::memory:}. The class
 * documentation lists the read-only guard's layers and the facets a connection offers. Everything
 * else in the package is package-private.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null}.
 *
 * @since 0.1
 */
package dev.tobira.driver.sqlite;
