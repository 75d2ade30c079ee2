package dev.tobira.cli;

import dev.tobira.drivertest.TestServer;
import java.net.URI;
import java.util.List;

/** The servers the end-to-end tests use, found the way every driver's tests find theirs. */
final class Servers {
    private Servers() {}

    /** A server's address and user. */
    record Address(String host, int port, String user) {}

    static Address postgres() {
        URI u = URI.create(TestServer.find(
                        "postgres",
                        List.of(TestServer.listening(
                                "local server on 127.0.0.1:5432",
                                "127.0.0.1",
                                5432,
                                "postgres://postgres@127.0.0.1:5432/postgres")))
                .url());
        String user = u.getUserInfo() == null ? "postgres" : u.getUserInfo().split(":")[0];
        return new Address(u.getHost(), u.getPort() < 0 ? 5432 : u.getPort(), user);
    }

    static Address redis() {
        URI u = URI.create(TestServer.find(
                        "redis",
                        List.of(TestServer.listening(
                                "local server on 127.0.0.1:6379", "127.0.0.1", 6379, "redis://127.0.0.1:6379")))
                .url());
        return new Address(u.getHost(), u.getPort() < 0 ? 6379 : u.getPort(), "");
    }
}
