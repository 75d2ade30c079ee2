package dev.tobira.driver.mongodb;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.Query;
import dev.tobira.api.ResultSet;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void smoke() {
        MongoServers.Server s = MongoServers.primary();
        try (Conn c = new MongoDriver().open(ConnConfig.of(s.dsn("smoke")))) {
            for (String q : new String[] {"{\"listIndexes\": \"nope\"}", "{\"collStats\": \"nope\"}", "{\"validate\": \"nope\"}",
                    "{\"aggregate\": \"nope\", \"pipeline\": [{\"$indexStats\": {}}], \"cursor\": {}}", "{\"dataSize\": \"smoke.nope\"}",
                    "{\"listCollections\": 1, \"filter\": {\"name\": \"nope\"}}", "{\"buildInfo\": 1}", "{\"hello\": 1}"}) {
                try (ResultSet rs = c.query(Query.of(q))) {
                    System.out.println(q + " -> " + rs.columns() + " " + (rs.hasNext() ? rs.next() : "none"));
                } catch (DriverException e) {
                    System.out.println(q + " -> " + e.kind() + " " + e.getMessage());
                }
            }
        }
    }
}
