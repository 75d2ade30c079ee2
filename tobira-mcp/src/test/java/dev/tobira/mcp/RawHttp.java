package dev.tobira.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Raw HTTP/1.1 over a loopback socket, so that a test sends exactly the bytes a hostile client would. */
final class RawHttp {
    /** A response: status, the head (status line and headers) and the body as text. */
    record Response(int status, String head, String body) {
        @Override
        public String toString() {
            return head + "\r\n\r\n" + body;
        }
    }

    private RawHttp() {}

    /** A POST to /mcp with the token, Host and Accept a client sends, and this body. */
    static String post(int port, String body, String... extraHeaders) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder req = new StringBuilder("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n");
        req.append("Authorization: Bearer ").append(Session.TOKEN).append("\r\n");
        req.append("Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n");
        for (String h : extraHeaders) {
            req.append(h).append("\r\n");
        }
        req.append("Content-Length: ")
                .append(b.length)
                .append("\r\nConnection: close\r\n\r\n")
                .append(body);
        return req.toString();
    }

    /** Sends the bytes, reads the whole response (the request says Connection: close), within 20 s. */
    static Response send(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0 && got.size() < 1 << 20; ) {
                    got.write(buf, 0, n);
                }
            } catch (java.net.SocketException e) {
                // reset after the response: what was read is the response
            }
            String text = got.toString(StandardCharsets.UTF_8);
            int split = text.indexOf("\r\n\r\n");
            String head = split < 0 ? text : text.substring(0, split);
            String body = split < 0 ? "" : text.substring(split + 4);
            int status =
                    head.length() >= 12 && head.startsWith("HTTP/1.1 ") ? Integer.parseInt(head.substring(9, 12)) : -1;
            return new Response(status, head, body);
        }
    }
}
