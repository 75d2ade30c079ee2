/**
 * The tobira contract, shared by applications and drivers.
 *
 * <p>Start with {@link dev.tobira.api.Registry}: {@code Registry.discover().open(config)} returns a
 * {@link dev.tobira.api.Conn}, whose {@code query} returns a streamed
 * {@link dev.tobira.api.ResultSet} of {@link dev.tobira.api.Row}s of {@link dev.tobira.api.Value}s.
 *
 * <p><b>Nulls.</b> No method accepts or returns {@code null} unless its documentation says so.
 * Absence is {@link java.util.Optional}, an empty collection, or
 * {@link dev.tobira.api.Value#NULL} for a database null, never a value of the type such as 0, -1,
 * {@link java.time.Duration#ZERO} or an empty string; the factories and {@code with…} methods
 * refuse those where they would mean "none". A null argument throws
 * {@link java.lang.NullPointerException} naming it.
 *
 * <p><b>Errors.</b> Failures of the database or the way to it are
 * {@link dev.tobira.api.DriverException}s classified by {@link dev.tobira.api.ErrorKind}.
 * Programming errors use the JDK's exceptions: {@code NullPointerException} and
 * {@code IllegalArgumentException} for bad arguments, {@code IllegalStateException} for use after
 * close, {@code NoSuchElementException} for a missing column or row.
 *
 * @since 0.1
 */
package dev.tobira.api;
