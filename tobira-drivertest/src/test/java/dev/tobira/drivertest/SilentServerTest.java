package dev.tobira.drivertest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Secret;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The silent server, how a fixture points a driver at it, and a report that stays readable with the kit's odd inputs in it. */
class SilentServerTest {
    @Test
    void itAcceptsAndNeverAnswers() throws Exception {
        try (SilentServer silent = SilentServer.start();
                Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", silent.port()), 1000);
            s.setSoTimeout(300);
            InputStream in = s.getInputStream();
            assertThrows(SocketTimeoutException.class, in::read);
        }
    }

    /** The proxy passes bytes both ways until it is muted, then answers nothing and keeps the connection. */
    @Test
    void aMuteProxyPassesBytesUntilMutedThenFallsSilent() throws Exception {
        try (java.net.ServerSocket echo = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (Socket c = echo.accept()) {
                    InputStream in = c.getInputStream();
                    for (int b = in.read(); b >= 0; b = in.read()) {
                        c.getOutputStream().write(b);
                    }
                } catch (java.io.IOException ended) {
                    // the test closed the proxy
                }
            });
            server.setDaemon(true);
            server.start();
            try (MuteProxy proxy = MuteProxy.start("127.0.0.1", echo.getLocalPort());
                    Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", proxy.port()), 1000);
                s.setSoTimeout(5000);
                s.getOutputStream().write('a');
                assertEquals('a', s.getInputStream().read(), "echoed through the proxy");
                proxy.mute();
                s.getOutputStream().write('b');
                s.setSoTimeout(300);
                assertThrows(SocketTimeoutException.class, s.getInputStream()::read, "muted: nothing comes back");
                assertTrue(s.isConnected() && !s.isClosed());
            }
        }
    }

    @Test
    void hostPortKeepsEverythingButTheAddress() {
        ConnConfig c = ConnConfig.of("postgres://app:pw@db.example:5432/shop?sslmode=disable")
                .withPassword(Secret.of("s"))
                .withOption("x", "y")
                .withReadOnly(true)
                .withConnectTimeout(Duration.ofSeconds(9));
        ConnConfig at = SilentServer.hostPort(c).apply(4711);
        assertEquals("postgres://app:pw@127.0.0.1:4711/shop?sslmode=disable", at.dsn());
        assertEquals("s", at.password().reveal());
        assertEquals("y", at.options().get("x"));
        assertTrue(at.readOnly());
        assertEquals(Optional.of(Duration.ofSeconds(9)), at.connectTimeout());
        assertEquals(
                "redis://127.0.0.1:1/0",
                SilentServer.hostPort(ConnConfig.of("redis://[::1]:6379/0"))
                        .apply(1)
                        .dsn());
        assertEquals(
                "qdrant://127.0.0.1:2",
                SilentServer.hostPort(ConnConfig.of("qdrant://localhost"))
                        .apply(2)
                        .dsn());
        assertEquals(
                "dynamodb://KEY@127.0.0.1:3?region=us-east-1",
                SilentServer.hostPort(ConnConfig.of("dynamodb://KEY@h:8000?region=us-east-1"))
                        .apply(3)
                        .dsn());
        assertThrows(IllegalArgumentException.class, () -> SilentServer.hostPort(ConnConfig.of("sqlite:shop.db")));
    }

    @Test
    void aReportWithLoneSurrogatesIsWellFormedJson() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("a\uD800", "x\uDC00y\uD83D\uDE00z\uD800");
        String text = mapper.writeValueAsString(Report.wellFormed(root));
        assertEquals("{\"a\\\\uD800\":\"x\\\\uDC00y\uD83D\uDE00z\\\\uD800\"}", text);
    }
}
