package dev.tobira.spi.base;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Capability;
import dev.tobira.api.Conn;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.Driver;
import java.util.Set;

/**
 * The {@link Driver} of a database that is not JDBC, made of its {@link Dialect}. A driver module's
 * public class is one constructor, so no package-private type shows in its signature:
 *
 * <pre>{@code
 * public final class MemdemoDriver extends BaseDriver {
 *     public MemdemoDriver() {
 *         super(new MemDialect());
 *     }
 * }
 * }</pre>
 *
 * <p>{@link #open} opens the dialect's session, lets the dialect verify it and assemble the connection's parts,
 * closes the session when that fails, and returns the base's connection, which checks arguments
 * and its open state before every call and offers exactly the facets that work on it. Thread-safe
 * when the dialect is.
 *
 * @since 0.1
 */
public abstract class BaseDriver implements Driver {
    private final Dialect<?> dialect;

    /**
     * For subclasses.
     *
     * @param dialect what makes the database different
     */
    protected BaseDriver(Dialect<?> dialect) {
        this.dialect = requireNonNull(dialect, "dialect is null");
    }

    @Override
    public final String name() {
        return dialect.name();
    }

    @Override
    public final Set<String> schemes() {
        return dialect.schemes();
    }

    @Override
    public final Set<Capability> declared() {
        return dialect.declared();
    }

    @Override
    public final Conn open(ConnConfig config) {
        requireNonNull(config, "config is null");
        return open(dialect, config);
    }

    private <S extends Session> Conn open(Dialect<S> d, ConnConfig config) {
        S session = d.openSession(config);
        try {
            d.verify(session);
            ConnParts parts = new ConnParts(d.name(), d.declared(), session, config.readOnly());
            d.assemble(session, config, parts);
            return parts.build();
        } catch (RuntimeException | Error e) {
            try {
                session.close();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + dialect.name() + "]";
    }
}
