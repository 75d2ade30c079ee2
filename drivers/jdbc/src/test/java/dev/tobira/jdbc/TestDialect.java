package dev.tobira.jdbc;

import dev.tobira.api.Capability;
import dev.tobira.api.ConnConfig;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.StatementGuard;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Semaphore;

/**
 * The smallest dialect over a real engine (SQLite through sqlite-jdbc), with the base's standard
 * type mapping and a record of every per-statement hook call. DSN: {@code testdb:<file>}.
 */
class TestDialect extends JdbcDialect {
    final List<String> hooks = Collections.synchronizedList(new ArrayList<>());
    /** Runs after the statement is made and before it executes: where a test lands a close from another thread. */
    volatile Runnable beforeExecute = () -> {};
    /** Released after each cancel the base sends. */
    final Semaphore cancels = new Semaphore(0);
    /** Held while a test keeps the JDBC connection's close waiting, as a slow close of a real driver would. */
    final Semaphore closes = new Semaphore(Integer.MAX_VALUE);

    private final Set<Capability> declared;
    private final StatementGuard guard = StatementGuard.builder("testdb")
            .dialect(SqlDialect.SQLITE)
            .allow("SELECT", "WITH", "VALUES", "EXPLAIN")
            .build();

    TestDialect() {
        this(EnumSet.of(
                Capability.READ_ONLY,
                Capability.BROWSER,
                Capability.MUTATOR,
                Capability.EXPLAINER,
                Capability.TRANSACTOR,
                Capability.COMPLETER));
    }

    TestDialect(Set<Capability> declared) {
        this.declared = declared;
    }

    @Override
    public String name() {
        return "testdb";
    }

    @Override
    public Set<String> schemes() {
        return Set.of("testdb");
    }

    @Override
    public Set<Capability> declared() {
        return declared;
    }

    @Override
    public SqlDialect sqlDialect() {
        return SqlDialect.SQLITE;
    }

    @Override
    public StatementGuard guard() {
        return guard;
    }

    @Override
    protected Connector connector() {
        return this::connect;
    }

    private Connection connect(ConnConfig config) throws SQLException {
        String file = config.dsn().substring("testdb:".length());
        if (file.startsWith("fail-auth")) {
            // what a server says when it refuses a login, password and all, as some do
            throw new SQLException(
                    "login refused for user app with password "
                            + config.password().reveal() + " (dsn " + config.dsn() + ")",
                    "28P01");
        }
        return closingWhenLet(DriverManager.getConnection("jdbc:sqlite:" + file));
    }

    /** The connection, whose {@code close()} waits for a permit of {@link #closes}. */
    private Connection closingWhenLet(Connection real) {
        return (Connection) Proxy.newProxyInstance(
                Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        closes.acquireUninterruptibly();
                        closes.release();
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** query_only for a guarded statement, the connection's own setting back after it; each step recorded. */
    @Override
    protected ReadOnlyMode readOnlyMode() {
        return (session, call) -> {
            hooks.add("before " + call);
            if (call.guarded()) {
                try (Statement st = session.connection().createStatement()) {
                    st.execute("pragma query_only=1");
                }
            }
            return scope(session, call);
        };
    }

    StatementScope scope(JdbcSession session, Call call) {
        return new TestScope(session, call);
    }

    /** Lifts query_only after the statement on a writable connection, and records that it ended. */
    class TestScope implements StatementScope {
        final JdbcSession session;
        final Call call;

        TestScope(JdbcSession session, Call call) {
            this.session = session;
            this.call = call;
        }

        @Override
        public void close(boolean completed) throws SQLException {
            hooks.add("after " + completed);
            try (Statement st = session.connection().createStatement()) {
                st.execute("pragma query_only=" + (call.readOnlyConnection() ? 1 : 0));
            }
        }
    }

    @Override
    protected Statements statements() {
        return new TestStatements();
    }

    /** The standard statements, with {@link #beforeExecute} run before each executes and each cancel counted. */
    class TestStatements implements Statements {
        @Override
        public void configure(Statement statement, Call call) throws SQLException {
            Statements.super.configure(statement, call);
            beforeExecute.run();
        }

        @Override
        public void cancel(JdbcSession session, Statement statement) throws SQLException {
            Statements.super.cancel(session, statement);
            cancels.release();
        }
    }

    @Override
    protected ErrorMapper errorMapper() {
        return new ErrorMapper() {
            @Override
            public Optional<ErrorKind> classify(SQLException e) {
                return TestDialect.this.classify(e);
            }
        };
    }

    /** SQLite's messages, which carry no SQLState. */
    Optional<ErrorKind> classify(SQLException e) {
        {
            {
                String m = String.valueOf(e.getMessage());
                if (m.contains("no such table")) {
                    return Optional.of(ErrorKind.NOT_FOUND);
                }
                if (m.contains("SQLITE_INTERRUPT")) {
                    return Optional.of(ErrorKind.CANCELLED);
                }
                if (m.contains("SQLITE_READONLY")) {
                    return Optional.of(ErrorKind.READ_ONLY);
                }
                if (m.contains("SQLITE_ERROR")) {
                    return Optional.of(ErrorKind.SYNTAX);
                }
                return Optional.empty();
            }
        }
    }

    @Override
    protected Catalog catalog() {
        return new TestCatalog();
    }

    /** The standard catalog, without namespaces. */
    static class TestCatalog implements Catalog {
        @Override
        public String currentNamespace(JdbcSession session) {
            return "";
        }
    }
}
