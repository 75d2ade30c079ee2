package dev.tobira.mcp;

import dev.tobira.api.Secret;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * Every HTTP request passes here before the MCP servlet: the {@code Host} must be the server's own
 * loopback name (a page on another site that rebinds its DNS name to 127.0.0.1 sends its own name),
 * an {@code Origin}, when a browser sends one, must be the server's own or an allowed one, and the
 * bearer token must match (compared in constant time).
 */
final class HttpGuard implements Filter {
    private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost", "[::1]");

    private final Secret token;
    private final IntSupplier port;
    private final boolean anyHost;
    private final List<String> allowedOrigins;

    HttpGuard(Secret token, IntSupplier port, boolean anyHost, List<String> allowedOrigins) {
        this.token = token;
        this.port = port;
        this.anyHost = anyHost;
        this.allowedOrigins =
                allowedOrigins.stream().map(o -> o.toLowerCase(Locale.ROOT)).toList();
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        List<String> hosts = java.util.Collections.list(request.getHeaders("Host"));
        if (hosts.size() != 1 || !hostAllowed(hosts.get(0))) {
            refuse(
                    response,
                    HttpServletResponse.SC_FORBIDDEN,
                    "Host not allowed: the server answers only to its own loopback name");
            return;
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !originAllowed(origin, hosts.get(0))) {
            refuse(response, HttpServletResponse.SC_FORBIDDEN, "Origin not allowed");
            return;
        }
        String auth = request.getHeader("Authorization");
        if (auth == null
                || !auth.regionMatches(true, 0, "Bearer ", 0, 7)
                || !token.equals(Secret.of(auth.substring(7).strip()))) {
            response.setHeader("WWW-Authenticate", "Bearer");
            refuse(response, HttpServletResponse.SC_UNAUTHORIZED, "a bearer token is required");
            return;
        }
        chain.doFilter(req, res);
    }

    private boolean hostAllowed(String host) {
        if (anyHost) {
            return true;
        }
        String h = host.toLowerCase(Locale.ROOT);
        String suffix = ":" + port.getAsInt();
        if (!h.endsWith(suffix)) {
            return false;
        }
        return LOOPBACK_NAMES.contains(h.substring(0, h.length() - suffix.length()));
    }

    private boolean originAllowed(String origin, String host) {
        String o = origin.toLowerCase(Locale.ROOT);
        if (allowedOrigins.contains(o)) {
            return true;
        }
        // the server's own origin only where the Host was checked: with any Host allowed (an
        // insecure bind), a rebinding page's own Host and Origin would match each other
        return !anyHost && o.equals("http://" + host.toLowerCase(Locale.ROOT));
    }

    private static void refuse(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain; charset=utf-8");
        response.getOutputStream().write((message + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
