/**
 * The MySQL and MariaDB driver of tobira, {@link dev.tobira.driver.mysql.MysqlDriver}. Everything
 * else in the package is package-private.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null}.
 *
 * @since 0.1
 */
package dev.tobira.driver.mysql;
