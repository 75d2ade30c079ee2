package dev.tobira.cli;

import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import dev.tobira.api.Registry;
import dev.tobira.api.Secret;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Turns what the user typed (a connection's name or a DSN) into an open connection, through the
 * drivers on the class path.
 */
final class Connections {
    private final Io io;
    private final Config config;
    private @Nullable Registry registry;

    Connections(Io io, Config config) {
        this.io = io;
        this.config = config;
    }

    /** Every driver on the class path, each instantiated (what {@code tobira drivers} lists). */
    Registry registry() {
        if (registry == null) {
            registry = Registry.discover(Connections.class.getClassLoader());
        }
        return registry;
    }

    /**
     * The driver for a scheme or a name: the providers are instantiated in class-path order only
     * until one matches, so a command pays for the one driver it uses (a driver's constructor can
     * cost tens of milliseconds), not for all of them.
     */
    private Optional<Driver> find(java.util.function.Predicate<Driver> wanted) {
        if (registry != null) {
            return registry.drivers().stream().filter(wanted).findFirst();
        }
        for (ServiceLoader.Provider<Driver> p :
                ServiceLoader.load(Driver.class, Connections.class.getClassLoader()).stream()
                        .toList()) {
            Driver d = p.get();
            if (wanted.test(d)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** What {@code CONN|DSN} names: a configured connection, else a DSN; the label is what history records. */
    record Target(String label, ConnConfig config, Optional<Config.Conn> entry) {}

    Target target(String spec, boolean readOnly, Duration connectTimeout) {
        Optional<Config.Conn> entry = config.connection(spec);
        ConnConfig cc;
        if (entry.isPresent()) {
            cc = resolve(entry.get());
        } else if (spec.matches("[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            cc = ConnConfig.of(spec).withName(spec);
        } else {
            String known = config.connections().stream().map(c -> c.name()).collect(Collectors.joining(", "));
            throw CliException.usage("unknown connection \"" + spec + "\" ("
                    + (known.isEmpty()
                            ? (config.file() == null
                                    ? "no config file; give a DSN such as sqlite:./shop.db"
                                    : "no connections in " + config.file())
                            : "known: " + known)
                    + ")");
        }
        if (readOnly) {
            cc = cc.withReadOnly(true);
        }
        if (!connectTimeout.isZero()) {
            cc = cc.withConnectTimeout(connectTimeout);
        }
        return new Target(spec, cc, entry);
    }

    /** The connection's config with its secrets resolved, each also taught to the redactor. */
    ConnConfig resolve(Config.Conn c) {
        ConnConfig cc = ConnConfig.of(c.dsn()).withName(c.name()).withReadOnly(c.readOnly());
        Optional<Duration> timeout = cc.connectTimeout();
        if (c.password().isPresent()) {
            Secret s = c.password().get().resolve(io.env, Config.base(config.file()));
            io.addSecret(s.reveal());
            cc = cc.withPassword(s);
        }
        for (Map.Entry<String, String> o : c.options().entrySet()) {
            String v = o.getValue();
            Optional<SecretRef> ref = SecretRef.parse(v);
            if (ref.isPresent() && !v.isEmpty() && Config.isSecretKey(o.getKey())) {
                v = ref.get().resolve(io.env, Config.base(config.file())).reveal();
                io.addSecret(v);
            }
            cc = cc.withOption(o.getKey(), v);
        }
        return timeout.isPresent() ? cc.withConnectTimeout(timeout.get()) : cc.withoutConnectTimeout();
    }

    Conn open(Target t) {
        Optional<Config.Conn> entry = t.entry();
        if (entry.isPresent() && !entry.get().driver().isEmpty()) {
            String wanted = entry.get().driver();
            Optional<Driver> named = find(d -> d.name().equals(wanted));
            if (named.isEmpty()) {
                throw CliException.usage("connection \"" + entry.get().name() + "\": no driver named \""
                        + entry.get().driver() + "\" (found: "
                        + registry().drivers().stream()
                                .map(Driver::name)
                                .sorted()
                                .collect(Collectors.joining(", ")) + ")");
            }
            if (!named.get().schemes().contains(t.config().scheme())) {
                throw CliException.usage("connection \"" + entry.get().name() + "\": driver "
                        + entry.get().driver() + " does not open " + t.config().scheme() + ": DSNs (it opens "
                        + String.join(", ", new java.util.TreeSet<>(named.get().schemes())) + ")");
            }
            return named.get().open(t.config());
        }
        String scheme = t.config().scheme();
        Optional<Driver> driver = find(d -> d.schemes().contains(scheme));
        if (driver.isPresent()) {
            return driver.get().open(t.config());
        }
        return registry().open(t.config()); // no driver: the registry's own error, which lists the schemes it knows
    }
}
