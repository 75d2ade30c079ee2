package dev.tobira.driver.redis;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Value;
import dev.tobira.drivertest.BadInput;
import dev.tobira.drivertest.DriverConformanceTest;
import dev.tobira.drivertest.Evidence;
import dev.tobira.drivertest.Fixture;
import dev.tobira.drivertest.ProbeFamily;
import dev.tobira.drivertest.SafeRead;
import dev.tobira.drivertest.SilentServer;
import dev.tobira.drivertest.TypeCase;
import dev.tobira.drivertest.WriteProbe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The conformance kit against the primary test server (the local Redis 7 in CI). The shop lives in
 * logical database 15 as hashes {@code customer:1}… and {@code order:1}…, with a few index and
 * probe keys; the fingerprint is every key's type, DUMP and TTL presence there.
 * {@link EmbeddedRedisConformanceTest} runs the same against Redis 6.2.
 */
class RedisConformanceTest extends DriverConformanceTest {
    static final String EVALSHA_SCRIPT = "return redis.call('set','probe:evalsha','1')";
    static final byte[] BLOB = {(byte) 0xff, (byte) 0xfe, 0x00, 0x01, (byte) 0x80};

    private final RedisDriver driver = new RedisDriver();
    private RedisServers.Address address;
    private Native nat;
    private int major;
    private String originalNotify;
    private String originalSamples;
    private Path rdbFile;
    private boolean rdbExisted;

    /** The server this class tests. */
    RedisServers.Address server() {
        return RedisServers.primary();
    }

    @Override
    protected Fixture fixture() {
        connect();
        return Fixture.builder(driver)
                .writable(ConnConfig.of(address.dsn(RedisServers.TEST_DB)))
                .otherLanguage()
                .seed(this::seedShop)
                .fingerprint(nat::fingerprint)
                .nativeExecution(text -> {
                    nat.runLines(text);
                    return true;
                })
                .serverSessions(() ->
                        OptionalLong.of(nat.clients(RedisDriver.CLIENT_NAME).size()))
                .rows(this::rows)
                .slow("XREAD BLOCK 20000 STREAMS tobira:never $")
                .syntaxError("HGET customer:1 \"name")
                .missing("XINFO STREAM no_such_collection", CollectionRef.of("no_such_collection"))
                .shop(CollectionRef.of("customer"), CollectionRef.of("order"), "HGETALL idx:customer:country")
                .insertQuery(
                        "HSET customer:6 id 6 name \"Barbara Liskov\" email barbara@example.com country US created_at 2026-11-01")
                .completion("HGETALL cust", "customer")
                // parameters are arguments appended to the command line, never parsed as part of it
                .parameterQuery("ECHO", Value.of("tobira \"quoted\" ; DEL customer:1"))
                .types(types())
                .probes(probes())
                .safeReads(reads())
                .minimumProvenProbes(120)
                // Redis has no read-only mode of its own: without the allow-list, the layers section shows what is left
                .withoutStatementCheck(new RedisDriver(false))
                // a server on 127.0.0.1:port that accepts and never answers: open and query must end as TIMEOUT in time
                .serverAt(SilentServer.hostPort(ConnConfig.of(address.dsn(RedisServers.TEST_DB))))
                .badInput(BadInput.builder()
                        .malformed(
                                "GET",
                                "HGET customer:1",
                                "ECHO \"unterminated",
                                "ECHO 'unterminated",
                                "ECHO \"\\x\"",
                                "SCAN x",
                                "LRANGE customer:1 a b",
                                "GET customer:1 extra",
                                "EVAL \"return 1\" x",
                                "HGETALL customer:1 customer:2",
                                "XRANGE tobira:never - + COUNT x",
                                "ZRANGE idx:customer:country 0 99999999999999999999")
                        .positions("ECHO", "GET", "HGET customer:1", "LRANGE order:1 0")
                        .build())
                .onClose(this::restore)
                .build();
    }

    private void connect() {
        address = server();
        nat = new Native(address.host(), address.port(), RedisServers.TEST_DB);
        String version = nat.info("server", "redis_version");
        major = Integer.parseInt(version.substring(0, version.indexOf('.')));
        originalNotify = nat.configGet("notify-keyspace-events");
        originalSamples = nat.configGet("maxmemory-samples");
        // the change feed is declared: the test server publishes keyspace events while the kit runs
        nat.call("CONFIG", "SET", "notify-keyspace-events", "KEA");
        Path dir = Path.of(nat.configGet("dir"));
        rdbFile = dir.resolve(nat.configGet("dbfilename"));
        rdbExisted = Files.exists(rdbFile);
        System.err.println(
                "[tobira] redis conformance against Redis " + version + " at " + address.host() + ":" + address.port());
    }

    private void restore() throws Exception {
        if (nat == null) {
            return;
        }
        nat.call("CONFIG", "SET", "notify-keyspace-events", originalNotify);
        nat.call("CONFIG", "SET", "maxmemory-samples", originalSamples);
        nat.tryCall("ACL", "DELUSER", "tobira_probe");
        nat.select(RedisServers.SCRATCH_DB);
        nat.call("FLUSHDB");
        nat.select(RedisServers.TEST_DB);
        nat.call("FLUSHDB");
        if (!rdbExisted && isLocal()) {
            // SAVE probes wrote a snapshot; leave the machine's server as it was
            Files.deleteIfExists(rdbFile);
        }
        nat.close();
    }

    private boolean isLocal() {
        return address.host().equals("127.0.0.1") || address.host().equals("localhost");
    }

    int major() {
        return major;
    }

    private void seedShop() {
        if ("slave".equals(nat.info("replication", "role"))) {
            nat.call("REPLICAOF", "NO", "ONE");
        }
        nat.select(RedisServers.SCRATCH_DB);
        nat.call("FLUSHDB");
        nat.select(RedisServers.TEST_DB);
        nat.call("FLUSHDB");
        Shop.seed(nat);
        nat.call("SET", "greeting", "hello");
        nat.call("SET", "note", "FLUSHALL is not a command here; neither is DEL x");
        nat.callBytes(List.of("SET".getBytes(StandardCharsets.UTF_8), "blob:1".getBytes(StandardCharsets.UTF_8), BLOB));
        nat.call("PFADD", "visitors:hll", "ada", "grace", "linus");
        nat.call("XADD", "events:orders", "1-1", "order", "1", "status", "paid");
        nat.call("XGROUP", "CREATE", "events:orders", "billing", "0");
        nat.call("SCRIPT", "LOAD", EVALSHA_SCRIPT);
        if (major >= 7) {
            nat.call(
                    "FUNCTION",
                    "LOAD",
                    "REPLACE",
                    "#!lua name=tobira_seed\n"
                            + "redis.register_function('seed_set', function(keys, args) return redis.call('set', keys[1], '1') end)");
        }
    }

    private String rows(long rows) {
        String key = "rows:" + rows;
        if ((Long) nat.call("EXISTS", key) == 0) {
            for (long i = 0; i < rows; i += 10_000) {
                List<String> args = new ArrayList<>(List.of("SADD", key));
                for (long j = i; j < Math.min(rows, i + 10_000); j++) {
                    args.add(Long.toString(j));
                }
                nat.call(args.toArray(new String[0]));
            }
        }
        return "SSCAN " + key + " 0 COUNT 1000";
    }

    private static List<TypeCase> types() {
        return List.of(
                TypeCase.of("HGET customer:1 name", Value.of("Ada Lovelace")),
                TypeCase.of("HLEN customer:1", Value.of(5)),
                TypeCase.of("HGET customer:3 email", Value.NULL),
                TypeCase.of("GET blob:1", new Value.Bytes(BLOB)),
                TypeCase.of("ZSCORE idx:order:total 5", Value.of(15000.0)),
                TypeCase.of(
                        "ZRANGE idx:order:total 0 0 WITHSCORES",
                        new Value.Array(List.of(Value.of("6"), Value.of(720.0)))));
    }

    private List<WriteProbe> probes() {
        List<WriteProbe> p = new ArrayList<>(List.of(
                WriteProbe.of("set", ProbeFamily.DML, "SET probe:set 1"),
                WriteProbe.of("set-get", ProbeFamily.DML, "SET greeting bye GET"),
                WriteProbe.of("hset", ProbeFamily.DML, "HSET customer:1 name Mallory"),
                WriteProbe.of("hdel", ProbeFamily.DML, "HDEL customer:1 email"),
                WriteProbe.of("del", ProbeFamily.DML, "DEL customer:1"),
                WriteProbe.of("unlink", ProbeFamily.DML, "UNLINK order:7"),
                WriteProbe.of("incr", ProbeFamily.DML, "INCR probe:counter"),
                WriteProbe.of("hincrby", ProbeFamily.DML, "HINCRBY order:1 total_cents 1"),
                WriteProbe.of("lpush", ProbeFamily.DML, "LPUSH probe:list x"),
                WriteProbe.of("zadd", ProbeFamily.DML, "ZADD idx:order:total 1 8"),
                WriteProbe.of("xadd", ProbeFamily.DML, "XADD events:orders * order 2 status paid"),
                WriteProbe.of(
                        "xreadgroup",
                        ProbeFamily.DML,
                        "XREADGROUP GROUP billing worker COUNT 1 STREAMS events:orders >"),
                WriteProbe.of("expire", ProbeFamily.DML, "EXPIRE customer:1 100000"),
                WriteProbe.of("getex", ProbeFamily.DML, "GETEX greeting EX 100000"),
                WriteProbe.of("getdel", ProbeFamily.DML, "GETDEL greeting"),
                WriteProbe.of("copy", ProbeFamily.DML, "COPY customer:1 customer:100"),
                WriteProbe.of("move", ProbeFamily.DML, "MOVE customer:1 " + RedisServers.SCRATCH_DB),
                WriteProbe.of("sort-store", ProbeFamily.DML, "SORT idx:order:total STORE probe:sorted"),
                WriteProbe.of("binary-key", ProbeFamily.DML, "SET \"probe:\\xff\\x00\" \"\\x01\""),
                WriteProbe.of("rename", ProbeFamily.DDL, "RENAME customer:1 customer:99"),
                WriteProbe.of("renamenx", ProbeFamily.DDL, "RENAMENX order:1 order:100"),
                WriteProbe.of("flushdb", ProbeFamily.DDL, "FLUSHDB"),
                WriteProbe.of("flushdb-async", ProbeFamily.DDL, "FLUSHDB ASYNC"),
                WriteProbe.of("flushall", ProbeFamily.ADMIN, "FLUSHALL"),
                WriteProbe.of(
                        "swapdb", ProbeFamily.ADMIN, "SWAPDB " + RedisServers.TEST_DB + " " + RedisServers.SCRATCH_DB),
                WriteProbe.of(
                        "eval",
                        ProbeFamily.SIDE_EFFECT_FUNCTION,
                        "EVAL \"return redis.call('set','probe:eval','1')\" 0"),
                WriteProbe.of(
                        "eval-keys",
                        ProbeFamily.SIDE_EFFECT_FUNCTION,
                        "EVAL \"return redis.call('del',KEYS[1])\" 1 customer:2"),
                WriteProbe.of("evalsha", ProbeFamily.SIDE_EFFECT_FUNCTION, "EVALSHA " + sha1(EVALSHA_SCRIPT) + " 0"),
                WriteProbe.of("pfcount", ProbeFamily.SIDE_EFFECT_FUNCTION, "PFCOUNT visitors:hll"),
                WriteProbe.of("stacked-line", ProbeFamily.STACKING, "GET greeting\nDEL customer:1"),
                WriteProbe.of("stacked-crlf", ProbeFamily.STACKING, "DBSIZE\r\nFLUSHDB"),
                WriteProbe.of("multi-exec", ProbeFamily.STACKING, "MULTI\nSET probe:multi 1\nEXEC"),
                WriteProbe.of("config-set", ProbeFamily.SESSION_SETTING, "CONFIG SET maxmemory-samples 7")
                        .provenBy(configEvidence("maxmemory-samples", "7")),
                WriteProbe.of("acl-setuser", ProbeFamily.ADMIN, "ACL SETUSER tobira_probe off")
                        .provenBy(aclEvidence()),
                WriteProbe.of("script-load", ProbeFamily.SIDE_EFFECT_FUNCTION, "SCRIPT LOAD \"return 'tobira probe'\"")
                        .withoutVariants()
                        .provenBy(scriptEvidence("return 'tobira probe'")),
                WriteProbe.of("script-flush", ProbeFamily.ADMIN, "SCRIPT FLUSH").provenBy(scriptFlushEvidence()),
                WriteProbe.of("replicaof", ProbeFamily.ADMIN, "REPLICAOF 127.0.0.1 1")
                        .provenBy(replicaEvidence())));
        if (isLocal() || rdbLocal()) {
            p.add(WriteProbe.of("save", ProbeFamily.FILE_IO, "SAVE").provenBy(saveEvidence()));
        }
        if (major >= 7) {
            p.add(WriteProbe.of("fcall", ProbeFamily.SIDE_EFFECT_FUNCTION, "FCALL seed_set 1 probe:fcall"));
            p.add(WriteProbe.of(
                            "function-load",
                            ProbeFamily.SIDE_EFFECT_FUNCTION,
                            "FUNCTION LOAD \"#!lua name=tobira_probe\\nredis.register_function('probe_noop', function() return 1 end)\"")
                    .withoutVariants()
                    .provenBy(functionEvidence()));
            p.add(WriteProbe.of(
                            "eval-ro-caches-script",
                            ProbeFamily.SIDE_EFFECT_FUNCTION,
                            "EVAL_RO \"return 'tobira eval_ro'\" 0")
                    .withoutVariants()
                    .provenBy(scriptEvidence("return 'tobira eval_ro'")));
        }
        return p;
    }

    private boolean rdbLocal() {
        return rdbFile != null && Files.isDirectory(rdbFile.getParent());
    }

    private List<SafeRead> reads() {
        return List.of(
                SafeRead.of("get-flushall-value", "GET note"),
                SafeRead.of("get-key-named-flushall", "GET FLUSHALL"),
                SafeRead.of("hgetall", "HGETALL customer:1"),
                SafeRead.of("hget-quoted", "HGET \"customer:1\" 'name'"),
                SafeRead.of("scan", "SCAN 0 MATCH customer:* COUNT 100"),
                SafeRead.of("hscan", "HSCAN customer:1 0"),
                SafeRead.of("type", "TYPE customer:1"),
                SafeRead.of("ttl", "TTL customer:1"),
                SafeRead.of("exists", "EXISTS customer:1 order:1"),
                SafeRead.of("echo-del", "ECHO \"DEL x\""),
                SafeRead.of("echo-flushall-lines", "ECHO \"FLUSHALL\\nDEL customer:1\""),
                SafeRead.of("zrange-withscores", "ZRANGE idx:order:total 0 -1 WITHSCORES"),
                SafeRead.of("xrange", "XRANGE events:orders - +"),
                SafeRead.of("xread", "XREAD COUNT 10 STREAMS events:orders 0"),
                SafeRead.of("xinfo-stream", "XINFO STREAM events:orders"),
                SafeRead.of("object-encoding", "OBJECT ENCODING customer:1"),
                SafeRead.of("memory-usage", "MEMORY USAGE customer:1"),
                SafeRead.of("command-info-of-a-write", "COMMAND INFO flushall"),
                SafeRead.of("dbsize", "DBSIZE"),
                SafeRead.of("info", "INFO keyspace"),
                SafeRead.of("ping", "PING"),
                SafeRead.of("binary-get", "GET \"blob:\\x31\""));
    }

    // ---------------------------------------------------------------- evidence

    private Evidence configEvidence(String parameter, String probeValue) {
        return new Evidence() {
            @Override
            public void clear() {
                nat.call("CONFIG", "SET", parameter, originalSamples);
            }

            @Override
            public boolean observed() {
                return probeValue.equals(nat.configGet(parameter));
            }
        };
    }

    private Evidence aclEvidence() {
        return new Evidence() {
            @Override
            public void clear() {
                nat.tryCall("ACL", "DELUSER", "tobira_probe");
            }

            @Override
            public boolean observed() {
                for (Object user : (List<?>) nat.call("ACL", "USERS")) {
                    if (Native.str(user).equals("tobira_probe")) {
                        return true;
                    }
                }
                return false;
            }
        };
    }

    private Evidence scriptEvidence(String script) {
        String sha = sha1(script);
        return new Evidence() {
            @Override
            public void clear() {
                nat.call("SCRIPT", "FLUSH");
            }

            @Override
            public boolean observed() {
                return Long.valueOf(1).equals(((List<?>) nat.call("SCRIPT", "EXISTS", sha)).get(0));
            }
        };
    }

    private Evidence scriptFlushEvidence() {
        return new Evidence() {
            @Override
            public void clear() {
                nat.call("SCRIPT", "LOAD", EVALSHA_SCRIPT);
            }

            @Override
            public boolean observed() {
                return Long.valueOf(0).equals(((List<?>) nat.call("SCRIPT", "EXISTS", sha1(EVALSHA_SCRIPT))).get(0));
            }
        };
    }

    private Evidence functionEvidence() {
        return new Evidence() {
            @Override
            public void clear() {
                nat.tryCall("FUNCTION", "DELETE", "tobira_probe");
            }

            @Override
            public boolean observed() {
                return !((List<?>) nat.call("FUNCTION", "LIST", "LIBRARYNAME", "tobira_probe")).isEmpty();
            }
        };
    }

    private Evidence replicaEvidence() {
        return new Evidence() {
            @Override
            public void clear() {
                nat.call("REPLICAOF", "NO", "ONE");
            }

            @Override
            public boolean observed() {
                return "slave".equals(nat.info("replication", "role"));
            }
        };
    }

    /**
     * A snapshot taken: the server's count of snapshots (Redis 7) went up. Not "no change since the
     * last save", which another client of a shared server ends with any write of its own a moment
     * after the probe's SAVE. Redis 6.2 has no count, and falls back to that.
     */
    private Evidence saveEvidence() {
        return new Evidence() {
            private String saves;

            @Override
            public void clear() {
                String count = nat.info("persistence", "rdb_saves");
                saves = count.isEmpty() ? null : count;
                // make the dataset differ from the last snapshot, outside the fingerprinted database
                nat.select(RedisServers.SCRATCH_DB);
                nat.call("SET", "tobira:dirty", "1");
                nat.call("DEL", "tobira:dirty");
                nat.select(RedisServers.TEST_DB);
            }

            @Override
            public boolean observed() {
                if (saves != null) {
                    return !saves.equals(nat.info("persistence", "rdb_saves"));
                }
                return "0".equals(nat.info("persistence", "rdb_changes_since_last_save"));
            }
        };
    }

    static String sha1(String text) {
        try {
            return java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-1")
                            .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
