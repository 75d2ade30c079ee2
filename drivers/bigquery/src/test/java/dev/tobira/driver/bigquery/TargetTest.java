package dev.tobira.driver.bigquery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Secret;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TargetTest {
    @Test
    void aProjectAndItsDefaults() {
        Target t = Target.of(ConnConfig.of("bigquery://my-project"));
        assertEquals("my-project", t.project());
        assertEquals(Optional.empty(), t.dataset());
        assertEquals(Optional.empty(), t.endpoint());
        assertInstanceOf(Target.Adc.class, t.credentials());
        assertEquals(Target.DEFAULT_MAX_BYTES_BILLED, t.maxBytesBilled());
    }

    @Test
    void everyOption() {
        Target t = Target.of(ConnConfig.of("bigquery://my-project/shop?location=EU&maxBytesBilled=5000"
                + "&endpoint=http://127.0.0.1:9050&credentials=file:/etc/keys/reader.json"));
        assertEquals(Optional.of("shop"), t.dataset());
        assertEquals(Optional.of("EU"), t.location());
        assertEquals(Optional.of(URI.create("http://127.0.0.1:9050")), t.endpoint());
        assertEquals(new Target.KeyFile(Path.of("/etc/keys/reader.json")), t.credentials());
        assertEquals(5000, t.maxBytesBilled());
        assertFalse(t.toString().contains("reader.json"), t.toString());
    }

    @Test
    void optionsMayComeFromTheConfiguration() {
        Target t = Target.of(ConnConfig.of("bigquery://my-project/shop")
                .withOption("location", "europe-west3")
                .withOption("endpoint", "https://bq.example.com")
                .withOption("credentials", "none"));
        assertEquals(Optional.of("europe-west3"), t.location());
        assertEquals(Optional.of(URI.create("https://bq.example.com")), t.endpoint());
        assertInstanceOf(Target.None.class, t.credentials());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "bigquery://Bad_Project",
                "bigquery://ab",
                "bigquery://my-project:443",
                "bigquery://user:pw@my-project",
                "bigquery://my-project/shop/orders",
                "bigquery://my-project/sh-op",
                "bigquery://my-project?credentials=none",
                "bigquery://my-project?credentials=s3cr3t",
                "bigquery://my-project?endpoint=http://bq.example.com",
                "bigquery://my-project?endpoint=https://bq.example.com/path",
                "bigquery://my-project?endpoint=https://u@bq.example.com",
                "bigquery://my-project?endpoint=ftp://127.0.0.1",
                "bigquery://my-project?maxBytesBilled=0",
                "bigquery://my-project?maxBytesBilled=-1",
                "bigquery://my-project?maxBytesBilled=99999999999999999999",
                "bigquery://my-project?location=EU;x",
                "bigquery://my-project?unknown=1",
                "postgres://my-project",
            })
    void invalidDsnsAreInvalidArguments(String dsn) {
        DriverException e = assertThrows(DriverException.class, () -> Target.of(ConnConfig.of(dsn)));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().startsWith("bigquery: "), e.getMessage());
        assertFalse(e.getMessage().contains("pw") || e.getMessage().contains("s3cr3t"), e.getMessage());
    }

    @Test
    void aPasswordIsRefusedUnread() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> Target.of(ConnConfig.of("bigquery://my-project").withPassword(Secret.of("hunter2"))));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
        assertFalse(e.getMessage().contains("hunter2"));
    }
}
