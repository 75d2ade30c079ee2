/**
 * The conformance kit every tobira driver runs, used from a driver's test scope. A driver's test
 * module extends {@link dev.tobira.drivertest.DriverConformanceTest} and returns a
 * {@link dev.tobira.drivertest.Fixture} describing its database: how to seed it and fingerprint its
 * state over the vendor's own client, never through the driver under test. The kit then checks the
 * contract of {@code tobira-api}, every capability the driver declares (and that undeclared ones are
 * absent), and the read-only guard, attacking it with {@link dev.tobira.drivertest.WriteProbe}s it
 * first proves to be real writes on a writable connection. {@link dev.tobira.drivertest.TestServer}
 * finds the database server a driver's tests run against. The package {@code .internal} is not
 * API.
 *
 * @since 0.1
 */
package dev.tobira.drivertest;
