package dev.tobira.driver.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.ProtocolKeyword;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The tests' side channel: a raw Lettuce connection to the test server, independent of the driver
 * (its own client, output and argument handling), for seeding, fingerprints and evidence.
 * Replies come back as Java objects: {@code byte[]} for strings, Long, Double, Boolean, List, null.
 */
final class Native implements AutoCloseable {
    private final RedisClient client;
    private final StatefulRedisConnection<byte[], byte[]> conn;
    private int db;

    Native(String host, int port, int db) {
        client = RedisClient.create();
        client.setOptions(ClientOptions.builder().autoReconnect(true).build());
        RedisURI uri = RedisURI.builder()
                .withHost(host)
                .withPort(port)
                .withDatabase(db)
                .withClientName("tobira-fixture")
                .withTimeout(Duration.ofSeconds(30))
                .build();
        conn = client.connect(ByteArrayCodec.INSTANCE, uri);
        this.db = db;
    }

    /** Runs one command and returns its reply; a server error is thrown as RuntimeException. */
    Object call(String... args) {
        List<byte[]> bytes = new ArrayList<>();
        for (String a : args) {
            bytes.add(a.getBytes(StandardCharsets.UTF_8));
        }
        return callBytes(bytes);
    }

    Object callBytes(List<byte[]> args) {
        CommandArgs<byte[], byte[]> a = new CommandArgs<>(ByteArrayCodec.INSTANCE);
        for (int i = 1; i < args.size(); i++) {
            a.add(args.get(i));
        }
        byte[] name = args.get(0);
        ProtocolKeyword keyword = new ProtocolKeyword() {
            @Override
            public byte[] getBytes() {
                return name;
            }

            @Override
            public String toString() {
                // lower case, so Lettuce does not treat MULTI/EXEC/SELECT specially
                return new String(name, StandardCharsets.UTF_8).toLowerCase(java.util.Locale.ROOT);
            }
        };
        try {
            return conn.async().dispatch(keyword, new AnyOutput(), a).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new RuntimeException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeException(e);
        } catch (TimeoutException e) {
            throw new RuntimeException("no reply from the test server", e);
        }
    }

    /** Runs a command, returning its error message instead of throwing. */
    String tryCall(String... args) {
        try {
            call(args);
            return "";
        } catch (RuntimeException e) {
            return String.valueOf(e.getMessage());
        }
    }

    void select(int db) {
        call("SELECT", Integer.toString(db));
        this.db = db;
    }

    int db() {
        return db;
    }

    /**
     * Runs text the way redis-cli runs a script piped to it: each line one command, split by
     * redis-cli's quoting rules, going on past a command that fails.
     */
    void runLines(String text) {
        for (String line : text.split("\r?\n")) {
            List<byte[]> args = CommandLine.split(line);
            if (args.isEmpty()) {
                continue;
            }
            try {
                callBytes(args);
            } catch (RuntimeException e) {
                // as redis-cli: print nothing, go on
            }
        }
    }

    /** Every key of the current database with its type, serialized value (DUMP) and whether it expires. */
    String fingerprint() {
        TreeSet<String> keys = new TreeSet<>();
        String cursor = "0";
        do {
            List<?> page = (List<?>) call("SCAN", cursor, "COUNT", "1000");
            cursor = str(page.get(0));
            for (Object k : (List<?>) page.get(1)) {
                keys.add(str(k));
            }
        } while (!cursor.equals("0"));
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String k : keys) {
            Object type = call("TYPE", k);
            Object dump = call("DUMP", k);
            long pttl = (Long) call("PTTL", k);
            String line = k + "\0" + str(type) + "\0"
                    + (dump instanceof byte[] b ? HexFormat.of().formatHex(b) : "nil") + "\0"
                    + (pttl >= 0 ? "expires" : "persists") + "\n";
            sha.update(line.getBytes(StandardCharsets.UTF_8));
        }
        return keys.size() + " keys " + HexFormat.of().formatHex(sha.digest());
    }

    static String str(Object o) {
        if (o instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        return String.valueOf(o);
    }

    /** The value of a line {@code field:value} of an INFO section. */
    String info(String section, String field) {
        for (String line : str(call("INFO", section)).split("\r?\n")) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1).strip();
            }
        }
        return "";
    }

    /** The lines of CLIENT LIST for clients with the given name. */
    List<String> clients(String name) {
        List<String> out = new ArrayList<>();
        for (String line : str(call("CLIENT", "LIST")).split("\r?\n")) {
            if (line.contains(" name=" + name + " ")) {
                out.add(line);
            }
        }
        return out;
    }

    String configGet(String parameter) {
        Object reply = call("CONFIG", "GET", parameter);
        List<?> pair = (List<?>) reply;
        return pair.size() == 2 ? str(pair.get(1)) : "";
    }

    @Override
    public void close() {
        conn.close();
        client.shutdown(0, 2, TimeUnit.SECONDS);
    }

    /** Collects any reply into Java objects; RESP3 maps become flat lists, as in RESP2. */
    private static final class AnyOutput extends CommandOutput<byte[], byte[], Object> {
        private final Deque<List<Object>> open = new ArrayDeque<>();
        private Object root;

        AnyOutput() {
            super(ByteArrayCodec.INSTANCE, null);
        }

        @Override
        public Object get() {
            return root;
        }

        private void add(Object o) {
            if (open.isEmpty()) {
                root = o;
            } else {
                open.peek().add(o);
            }
        }

        @Override
        public void set(ByteBuffer bytes) {
            if (bytes == null) {
                add(null);
            } else {
                byte[] b = new byte[bytes.remaining()];
                bytes.get(b);
                add(b);
            }
        }

        @Override
        public void set(long integer) {
            add(integer);
        }

        @Override
        public void set(double number) {
            add(number);
        }

        @Override
        public void set(boolean value) {
            add(value);
        }

        @Override
        public void multi(int count) {
            if (count < 0) {
                add(null);
                return;
            }
            open.push(new ArrayList<>());
        }

        @Override
        public void complete(int depth) {
            if (!open.isEmpty() && depth == open.size() - 1) {
                add(open.pop());
            }
        }
    }
}
