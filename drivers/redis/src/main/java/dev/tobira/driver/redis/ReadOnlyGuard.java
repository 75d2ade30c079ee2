package dev.tobira.driver.redis;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The read-only guard: a command passes only if it is on tobira's allow-list of reads AND the
 * server itself, asked with {@code COMMAND INFO}, knows the command under that very name and flags
 * it as a read.
 *
 * <p>Why both: the allow-list alone would trust a name, and {@code rename-command} in redis.conf
 * can give a write a read's name; the flags alone would trust the server's notion of "read-only",
 * which covers commands with side effects outside the keyspace ({@code MEMORY PURGE} on Redis 6.2,
 * {@code EVAL_RO}, which caches a script). A renamed command fails both ways: under its old name
 * the server no longer knows it ({@code COMMAND INFO} answers nil); under its new name the server
 * answers with the entry of the original command, whose name differs.
 *
 * <p>Verdicts are cached per server (its {@code run_id}, which changes with every restart, and so
 * with every change of {@code rename-command}) and command, in a Caffeine cache shared by the
 * connections of one driver, so a guarded read costs no extra round trip after the first.
 */
final class ReadOnlyGuard {
    /** What the allow-list requires of the server's flags. */
    enum Tier {
        /** A keyspace read: the server must flag it {@code readonly}. */
        READ,
        /** A harmless command the server does not flag readonly because it touches no key (ECHO, PING, TIME). */
        INERT,
        /** INFO: inert, though in ACL category {@code @dangerous} for what it discloses, not for writing. */
        INFO
    }

    /** Commands that take a subcommand, whose flags Redis 7 reports per subcommand. */
    static final Set<String> CONTAINERS = Set.of(
            "object",
            "memory",
            "xinfo",
            "command",
            "client",
            "config",
            "cluster",
            "acl",
            "script",
            "function",
            "module",
            "pubsub",
            "latency",
            "slowlog",
            "xgroup");

    static final Map<String, Tier> ALLOWED;

    static {
        Map<String, Tier> m = new HashMap<>();
        for (String c : List.of(
                // strings and bitmaps
                "get",
                "mget",
                "getrange",
                "substr",
                "strlen",
                "getbit",
                "bitcount",
                "bitpos",
                "bitfield_ro",
                "lcs",
                "stralgo",
                // keyspace
                "exists",
                "type",
                "ttl",
                "pttl",
                "expiretime",
                "pexpiretime",
                "dbsize",
                "dump",
                "randomkey",
                "scan",
                "object|encoding",
                "object|freq",
                "object|idletime",
                "object|refcount",
                "memory|usage",
                // hashes
                "hexists",
                "hget",
                "hgetall",
                "hkeys",
                "hlen",
                "hmget",
                "hrandfield",
                "hstrlen",
                "hvals",
                "hscan",
                "httl",
                "hpttl",
                "hexpiretime",
                "hpexpiretime",
                // lists
                "lindex",
                "llen",
                "lpos",
                "lrange",
                // sets
                "scard",
                "sdiff",
                "sinter",
                "sintercard",
                "sismember",
                "smembers",
                "smismember",
                "srandmember",
                "sunion",
                "sscan",
                // sorted sets
                "zcard",
                "zcount",
                "zdiff",
                "zinter",
                "zintercard",
                "zlexcount",
                "zmscore",
                "zrandmember",
                "zrange",
                "zrangebylex",
                "zrangebyscore",
                "zrank",
                "zrevrange",
                "zrevrangebylex",
                "zrevrangebyscore",
                "zrevrank",
                "zscore",
                "zunion",
                "zscan",
                // streams (XREAD BLOCK is bounded by the query timeout)
                "xlen",
                "xpending",
                "xrange",
                "xrevrange",
                "xread",
                "xinfo|stream",
                "xinfo|groups",
                "xinfo|consumers",
                // geo
                "geodist",
                "geohash",
                "geopos",
                "georadius_ro",
                "georadiusbymember_ro",
                "geosearch")) {
            m.put(c, Tier.READ);
        }
        for (String c : List.of(
                "echo",
                "ping",
                "time",
                "command",
                "command|count",
                "command|info",
                "command|docs",
                "command|list",
                "command|getkeys",
                "command|getkeysandflags")) {
            m.put(c, Tier.INERT);
        }
        m.put("info", Tier.INFO);
        ALLOWED = Map.copyOf(m);
    }

    /** Why some well-known commands are refused, for a clearer message than "not on the allow-list". */
    private static final Map<String, String> REASONS;

    static {
        Map<String, String> r = new HashMap<>();
        for (String c :
                List.of("eval", "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro", "script", "function")) {
            r.put(c, "runs or manages server-side scripts, which the guard cannot check");
        }
        for (String c : List.of("multi", "exec", "discard", "watch", "unwatch")) {
            r.put(c, "transactions are not allowed on a read-only path");
        }
        for (String c : List.of(
                "subscribe",
                "psubscribe",
                "ssubscribe",
                "unsubscribe",
                "punsubscribe",
                "sunsubscribe",
                "monitor",
                "publish",
                "spublish",
                "pubsub")) {
            r.put(c, "publish/subscribe and MONITOR are not queries (use the change feed)");
        }
        for (String c : List.of(
                "config",
                "shutdown",
                "debug",
                "replicaof",
                "slaveof",
                "acl",
                "save",
                "bgsave",
                "bgrewriteaof",
                "flushall",
                "flushdb",
                "module",
                "migrate",
                "wait",
                "waitaof",
                "failover",
                "sync",
                "psync",
                "swapdb",
                "lastsave",
                "role",
                "latency",
                "slowlog",
                "cluster",
                "client",
                "memory",
                "select",
                "auth",
                "hello",
                "reset",
                "quit")) {
            r.put(c, "administrative and connection commands are not reads");
        }
        r.put("keys", "KEYS blocks the server on a large keyspace (use SCAN)");
        r.put("sort_ro", "SORT_RO reads keys named by patterns the guard cannot see (ACL category @dangerous)");
        r.put("pfcount", "PFCOUNT rewrites the cached cardinality inside the value");
        r.put("touch", "TOUCH exists to change access times");
        REASONS = Map.copyOf(r);
    }

    private static final Set<String> DENIED_FLAGS =
            Set.of("write", "admin", "pubsub", "noscript", "may_replicate", "skip_monitor");
    private static final Set<String> DENIED_CATEGORIES =
            Set.of("@write", "@admin", "@dangerous", "@scripting", "@pubsub", "@transaction");

    /** The server a verdict was reached on, and the command's lookup name (such as {@code object|encoding}). */
    private record Key(String server, String command) {}

    /** A cached answer: empty detail means allowed. */
    private record Verdict(String refusal) {
        static final Verdict ALLOW = new Verdict("");

        boolean allowed() {
            return refusal.isEmpty();
        }
    }

    private final Cache<Key, Verdict> verdicts = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofHours(1))
            .build();

    /** The lookup name of a command: {@code name} or {@code container|sub}, lower case. */
    static String lookupName(CommandLine cmd) {
        String name = cmd.name();
        if (CONTAINERS.contains(name) && cmd.size() > 1) {
            return name + "|" + cmd.word(1);
        }
        return name;
    }

    /** The command as a person writes it, such as {@code OBJECT ENCODING}. */
    static String display(String lookup) {
        return lookup.replace('|', ' ').toUpperCase(Locale.ROOT);
    }

    /**
     * Refuses the command unless it is an allow-listed read the server confirms.
     *
     * @throws DriverException READ_ONLY when refused; CONNECTION and so on when the server cannot be asked
     */
    void check(RedisSession session, CommandLine cmd, String op) {
        String lookup = lookupName(cmd);
        Tier tier = ALLOWED.get(lookup);
        if (tier == null) {
            String reason = REASONS.get(cmd.name());
            throw refused(
                    op,
                    display(lookup) + " is not on the read-only allow-list" + (reason == null ? "" : ": " + reason));
        }
        Verdict v = verdict(session, lookup, tier);
        if (!v.allowed()) {
            throw refused(op, v.refusal());
        }
    }

    /**
     * Checks a command the driver itself sends on a read-only connection (SCAN, TYPE, CONFIG GET…):
     * the server must know it under that name and not flag it as a write.
     */
    void checkInternal(RedisSession session, String lookup, String op) {
        Verdict v = verdict(session, lookup, null);
        if (!v.allowed()) {
            throw refused(op, v.refusal());
        }
    }

    private Verdict verdict(RedisSession session, String lookup, @Nullable Tier tier) {
        Key key = new Key(session.serverKey(), (tier == null ? "internal:" : "") + lookup);
        Verdict cached = verdicts.getIfPresent(key);
        if (cached != null) {
            return cached;
        }
        // Not computeIfAbsent: a failure to ask the server is not a verdict and must not be cached.
        Verdict fresh = ask(session, lookup, tier);
        verdicts.put(key, fresh);
        return fresh;
    }

    private Verdict ask(RedisSession session, String lookup, @Nullable Tier tier) {
        String shown = display(lookup);
        Optional<CommandInfo> info = commandInfo(session, lookup, shown);
        int bar = lookup.indexOf('|');
        if (info.isEmpty() && bar > 0) {
            // Redis before 7 describes only the container: accept its entry if it lists no subcommands.
            String container = lookup.substring(0, bar);
            info = commandInfo(session, container, shown).filter(i -> !i.hasSubcommands());
            if (info.isPresent() && !info.get().name().equals(container)) {
                return new Verdict("the server runs " + display(container) + " as "
                        + display(info.get().name()) + " (renamed in its configuration)");
            }
        } else if (info.isPresent() && !info.get().name().equals(lookup)) {
            return new Verdict("the server runs " + shown + " as "
                    + display(info.get().name()) + " (renamed in its configuration)");
        }
        if (info.isEmpty()) {
            return new Verdict("the server has no command " + shown
                    + " (none by that name in its version, or renamed or disabled in its configuration)");
        }
        CommandInfo c = info.get();
        for (String flag : c.flags()) {
            if (tier == null ? flag.equals("write") || flag.equals("may_replicate") : DENIED_FLAGS.contains(flag)) {
                return new Verdict("the server flags " + shown + " as " + flag);
            }
        }
        for (String category : c.categories()) {
            boolean denied = tier == null
                    ? category.equals("@write")
                    : DENIED_CATEGORIES.contains(category) && !(tier == Tier.INFO && category.equals("@dangerous"));
            if (denied) {
                return new Verdict("the server puts " + shown + " in ACL category " + category);
            }
        }
        if (tier == Tier.READ && !c.flags().contains("readonly")) {
            return new Verdict("the server does not flag " + shown + " readonly");
        }
        return Verdict.ALLOW;
    }

    private static Optional<CommandInfo> commandInfo(RedisSession session, String lookup, String shown) {
        Reply reply;
        try {
            reply = session.callRaw(CommandLine.of("COMMAND", "INFO", lookup), "query");
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.CONNECTION || e.kind() == ErrorKind.TIMEOUT || e.kind() == ErrorKind.CANCELLED) {
                throw e;
            }
            throw DriverException.builder(ErrorKind.READ_ONLY, RedisDriver.NAME, "query")
                    .detail("the server did not answer COMMAND INFO (" + e.detail() + "), so " + shown
                            + " cannot be checked")
                    .cause(e)
                    .build();
        }
        List<Reply> entries = Reply.elements(reply);
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        return CommandInfo.of(entries.get(0));
    }

    private static DriverException refused(String op, String detail) {
        return DriverException.of(ErrorKind.READ_ONLY, RedisDriver.NAME, op, detail);
    }

    /**
     * One entry of {@code COMMAND INFO}: name, flags and ACL categories (Redis 6 and later), and
     * whether it lists subcommands (Redis 7 and later).
     */
    record CommandInfo(String name, Set<String> flags, Set<String> categories, boolean hasSubcommands) {
        static Optional<CommandInfo> of(Reply entry) {
            List<Reply> parts = Reply.elements(entry);
            if (parts.size() < 3) {
                return Optional.empty();
            }
            String name = Reply.text(parts.get(0)).toLowerCase(Locale.ROOT);
            Set<String> flags = words(parts.get(2));
            Set<String> categories = parts.size() > 6 ? words(parts.get(6)) : Set.of();
            boolean subcommands =
                    parts.size() > 9 && !Reply.elements(parts.get(9)).isEmpty();
            return Optional.of(new CommandInfo(name, flags, categories, subcommands));
        }

        private static Set<String> words(Reply r) {
            Set<String> out = new HashSet<>();
            for (Reply e : Reply.elements(r)) {
                Value v = e.value();
                if (!v.isNull()) {
                    out.add(v.toString().toLowerCase(Locale.ROOT));
                }
            }
            return Set.copyOf(out);
        }
    }
}
