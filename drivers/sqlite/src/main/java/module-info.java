/**
 * The SQLite driver of tobira: DSNs {@code sqlite:./shop.db}, {@code sqlite:/abs/path.db} and
 * {@code sqlite::memory:}, through sqlite-jdbc on the tobira JDBC base.
 *
 * @since 0.1
 */
module dev.tobira.driver.sqlite {
    requires static org.jspecify;
    requires transitive dev.tobira.jdbc;
    requires org.xerial.sqlitejdbc;

    exports dev.tobira.driver.sqlite;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.sqlite.SqliteDriver;
}
