package dev.tobira.driver.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Secret;
import dev.tobira.drivertest.DsnCharacters;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** DSNs: a region or an endpoint, the options, the credentials, and that the secret never shows. */
class TargetTest {
    private static final String SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";

    private static DriverException invalid(ConnConfig config) {
        DriverException e = assertThrows(DriverException.class, () -> Target.of(config));
        assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind(), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        return e;
    }

    @Test
    void aRegionNameIsTheRegionsOwnEndpoint() {
        Target t = Target.of(ConnConfig.of("dynamodb://eu-central-1"));
        assertEquals("eu-central-1", t.region());
        assertEquals(Optional.empty(), t.endpoint());
        assertEquals(Optional.empty(), t.accessKeyId());
        assertEquals(
                "us-gov-west-1",
                Target.of(ConnConfig.of("dynamodb://us-gov-west-1")).region());
    }

    @Test
    void anyOtherHostIsAnEndpoint() {
        Target t = Target.of(ConnConfig.of("dynamodb://127.0.0.1:8000?region=eu-west-1"));
        assertEquals("eu-west-1", t.region());
        assertEquals(URI.create("http://127.0.0.1:8000"), t.endpoint().orElseThrow());
        assertEquals(
                "us-east-1",
                Target.of(ConnConfig.of("dynamodb://localhost:8000")).region());
        assertEquals(
                URI.create("https://dynamo.internal.example:443"),
                Target.of(ConnConfig.of("dynamodb://dynamo.internal.example?tls=true"))
                        .endpoint()
                        .orElseThrow());
        assertEquals(
                URI.create("http://[::1]:8000"),
                Target.of(ConnConfig.of("dynamodb://[::1]:8000")).endpoint().orElseThrow());
        // a region's name with a port is an endpoint: a local server on a host named like a region
        assertTrue(
                Target.of(ConnConfig.of("dynamodb://us-east-1:8000")).endpoint().isPresent());
    }

    @Test
    void credentialsAreTheUserAndThePassword() {
        Target t = Target.of(ConnConfig.of("dynamodb://AKIDEXAMPLE@us-east-1").withPassword(Secret.of(SECRET)));
        assertEquals("AKIDEXAMPLE", t.accessKeyId().orElseThrow());
        assertEquals(SECRET, t.secret());
        assertFalse(t.toString().contains(SECRET), t.toString());
        assertEquals(
                "named",
                Target.of(ConnConfig.of("dynamodb://us-east-1?profile=named"))
                        .profile()
                        .orElseThrow());
    }

    @Test
    void badDsnsAreInvalid() {
        invalid(ConnConfig.of("dynamodb://AKIDEXAMPLE@us-east-1"));
        invalid(ConnConfig.of("dynamodb://us-east-1").withPassword(Secret.of(SECRET)));
        invalid(ConnConfig.of("dynamodb://AKID@us-east-1?profile=x").withPassword(Secret.of(SECRET)));
        invalid(ConnConfig.of("dynamodb://us-east-1/orders"));
        invalid(ConnConfig.of("dynamodb://us-east-1?region=eu-west-1"));
        invalid(ConnConfig.of("dynamodb://us-east-1?tls=false"));
        invalid(ConnConfig.of("dynamodb://127.0.0.1:8000?region=nowhere"));
        invalid(ConnConfig.of("dynamodb://127.0.0.1:8000?tls=maybe"));
        invalid(ConnConfig.of("dynamodb://127.0.0.1:8000?endpoint=http://evil"));
        invalid(ConnConfig.of("dynamodb://127.0.0.1:8000?profile=a%2Fb"));
        invalid(ConnConfig.of("dynamodb://127.0.0.1:8000?describeSample=5000"));
        invalid(ConnConfig.of("dynamodb://"));
        invalid(ConnConfig.of("dynamo://us-east-1"));
    }

    @Test
    void aSecretInTheDsnIsNeverShown() {
        String dsn = "dynamodb://AKID:" + java.net.URLEncoder.encode(SECRET, java.nio.charset.StandardCharsets.UTF_8)
                + "@us-east-1";
        Target t = Target.of(ConnConfig.of(dsn));
        assertEquals(SECRET, t.secret());
        assertFalse(t.toString().contains(SECRET));
        assertFalse(t.redactor().redact("a message holding " + SECRET).contains(SECRET));
    }

    @Test
    void reservedCharactersInTheUserAreRefusedAtOpen() {
        for (char c : DsnCharacters.RESERVED.toCharArray()) {
            String user = "AKID" + DsnCharacters.percentEncoded(c) + "x";
            DsnCharacters.assertRefusedAtOpen(
                    DynamoDriver.NAME,
                    SECRET,
                    DsnCharacters.named(c),
                    () -> new DynamoDriver()
                            .open(ConnConfig.of("dynamodb://" + user + "@127.0.0.1:9")
                                    .withPassword(Secret.of(SECRET))));
        }
    }
}
