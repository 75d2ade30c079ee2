package dev.tobira.driver.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void smoke() {
        MongoServers.Server s = MongoServers.primary();
        try (Conn c = new MongoDriver().open(ConnConfig.of(s.dsn("smoke")))) {
            System.out.println(c.info());
            c.query(Query.of("{\"insert\": \"t\", \"documents\": [{\"_id\": 1, \"a\": \"x\"}, {\"_id\": 2, \"b\": 2.5}]}")).close();
            try (ResultSet rs = c.query(Query.of("{\"find\": \"t\", \"sort\": {\"_id\": 1}}"))) {
                System.out.println(rs.columns());
                rs.forEachRemaining(System.out::println);
            }
            try (ResultSet rs = c.query(Query.of("{\"count\": \"t\"}"))) {
                System.out.println(rs.columns());
                rs.forEachRemaining(System.out::println);
            }
            System.out.println(c.capabilities());
            System.out.println(c.describe(dev.tobira.api.CollectionRef.of("t")));
            c.query(Query.of("{\"drop\": \"t\"}")).close();
            assertEquals(1, 1);
        }
    }
}
