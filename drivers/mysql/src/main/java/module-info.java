/**
 * The MySQL and MariaDB driver of tobira: DSNs {@code mysql://user[:password]@host:port/database}
 * and {@code mariadb://…}, through MariaDB Connector/J on the tobira JDBC base.
 *
 * @since 0.1
 */
module dev.tobira.driver.mysql {
    requires static org.jspecify;
    requires transitive dev.tobira.jdbc;
    requires org.mariadb.jdbc;

    exports dev.tobira.driver.mysql;

    provides dev.tobira.api.Driver with
            dev.tobira.driver.mysql.MysqlDriver;
}
