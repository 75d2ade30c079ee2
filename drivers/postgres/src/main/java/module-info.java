/**
 * The PostgreSQL driver of tobira: DSNs {@code postgres://user@host:5432/db?sslmode=…} and
 * {@code postgresql://…}, through pgjdbc on the tobira JDBC base.
 *
 * @since 0.1
 */
// pgjdbc is an automatic module (org.postgresql.jdbc); its name is stable, declared in its manifest
@SuppressWarnings("requires-automatic")
module dev.tobira.driver.postgres {
    requires static org.jspecify;
    requires transitive dev.tobira.jdbc;
    requires org.postgresql.jdbc;
    requires com.github.benmanes.caffeine;

    exports dev.tobira.driver.postgres;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.postgres.PostgresDriver;
}
