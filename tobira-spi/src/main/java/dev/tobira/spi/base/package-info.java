/**
 * The base of every driver that is not JDBC, as {@code dev.tobira.jdbc} is the base of the JDBC
 * ones: a driver is its own {@link dev.tobira.spi.base.Session} (the vendor client and where it
 * goes) and a few collaborators, each one concern, handed to the base through
 * {@link dev.tobira.spi.base.ConnParts}. The base does the rest once for every driver: argument
 * checks, the open check, facet dispatch, withholding what does not work on a connection (no
 * mutator on a read-only one), tracking open results, close and {@code toString}.
 *
 * <p>The roles have the JDBC base's names: the {@link dev.tobira.spi.base.Catalog} says what the
 * database holds, the {@link dev.tobira.spi.base.QueryRunner} runs one query, and each facet
 * ({@link dev.tobira.api.Browser}, {@link dev.tobira.api.Mutator}, …) is an object of its own.
 * A driver is a {@link dev.tobira.spi.base.Dialect} handed to {@link dev.tobira.spi.base.BaseDriver}; {@code samples/memdemo} is the
 * smallest complete one.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null} unless its documentation says so.
 *
 * @since 0.1
 */
package dev.tobira.spi.base;
