package dev.tobira.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tobira.api.Secret;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The Origin rule when any Host is accepted ({@code --insecure-bind}): a DNS rebinding page sends
 * its own name as both Host and Origin, so they match each other; only an Origin allowed by name
 * may pass then. Runs the filter on stand-in requests, no server.
 */
class HttpGuardOriginTest {
    private static final String TOKEN = "t0ken";

    @Test
    void withAnyHostAcceptedTheHostNoLongerVouchesForTheOrigin() throws Exception {
        HttpGuard guard = new HttpGuard(Secret.of(TOKEN), () -> 8765, true, List.of("http://inspector.example:6274"));
        assertEquals(403, status(guard, "evil.example:8765", "http://evil.example:8765"), "a rebinding page");
        assertEquals(
                200, status(guard, "evil.example:8765", "http://inspector.example:6274"), "an origin allowed by name");
        assertEquals(200, status(guard, "db.internal:8765", null), "no Origin: not a browser page");
    }

    @Test
    void onLoopbackTheServersOwnOriginPasses() throws Exception {
        HttpGuard guard = new HttpGuard(Secret.of(TOKEN), () -> 8765, false, List.of());
        assertEquals(200, status(guard, "127.0.0.1:8765", "http://127.0.0.1:8765"));
        assertEquals(403, status(guard, "127.0.0.1:8765", "http://evil.example:8765"));
    }

    /** The status the filter answers with, 200 when it passes the request on. */
    private static int status(HttpGuard guard, String host, String origin) throws Exception {
        Map<String, String> headers = origin == null
                ? Map.of("Authorization", "Bearer " + TOKEN)
                : Map.of("Authorization", "Bearer " + TOKEN, "Origin", origin);
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(
                HttpServletRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getHeaders" -> Collections.enumeration("Host".equals(args[0]) ? List.of(host) : List.of());
                    case "getHeader" -> headers.get((String) args[0]);
                    default -> null;
                });
        AtomicInteger status = new AtomicInteger(200);
        ServletOutputStream body = new ServletOutputStream() {
            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {}

            @Override
            public void write(int b) {}
        };
        HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
                HttpServletResponse.class.getClassLoader(),
                new Class<?>[] {HttpServletResponse.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("setStatus")) {
                        status.set((Integer) args[0]);
                    }
                    return method.getName().equals("getOutputStream") ? body : null;
                });
        FilterChain chain = (req, res) -> {};
        guard.doFilter(request, response, chain);
        return status.get();
    }
}
