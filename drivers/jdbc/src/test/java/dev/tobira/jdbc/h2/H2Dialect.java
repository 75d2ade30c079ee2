package dev.tobira.jdbc.h2;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.jdbc.Call;
import dev.tobira.jdbc.Connector;
import dev.tobira.jdbc.ErrorMapper;
import dev.tobira.jdbc.JdbcDialect;
import dev.tobira.jdbc.JdbcSession;
import dev.tobira.jdbc.ReadOnlyMode;
import dev.tobira.jdbc.StatementScope;
import dev.tobira.jdbc.Statements;
import dev.tobira.spi.SqlDialect;
import dev.tobira.spi.SqlDialect.Feature;
import dev.tobira.spi.SqlDialect.IdentifierCase;
import dev.tobira.spi.SqlDialect.StatementKind;
import dev.tobira.spi.SqlScan;
import dev.tobira.spi.StatementGuard;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A dialect declared through the SPI alone, the proof that a new engine needs no change of the
 * base: H2 (embedded, in memory), which folds unquoted names to upper case, reads {@code //} as a
 * line comment and has a read statement of its own ({@code SCRIPT}). DSN: {@code h2:mem:NAME}, NAME
 * letters, digits and underscores only, so no caller's text reaches H2's URL (whose settings,
 * {@code INIT=RUNSCRIPT …} for one, run code).
 *
 * <p>The guard's layers: the statement check ({@link #guard()}) refuses every statement but a
 * read, H2's data-change delta tables ({@code select … from old table (delete …)}), {@code SCRIPT … TO}
 * and H2's file, link, session and sequence functions; behind it every guarded statement runs in a
 * transaction (or a savepoint of the caller's) that always ends in a rollback, which undoes a
 * row write the check cannot see (server code: an alias or trigger already living in the
 * database). What the rollback cannot undo, and only the check stops: DDL (H2 commits it),
 * files written, settings set, sequences advanced.
 */
class H2Dialect extends JdbcDialect {
    static final String NAME = "h2";

    /**
     * H2 as its parser reads text: ANSI with {@code //} comments, {@code $$…$$} strings (a lexer
     * without them reads {@code $$ -- $$, file_write(…)} as a comment that hides the call; H2 refuses
     * a tagged {@code $a$} as a syntax error, so reading one as a string hides nothing H2 runs),
     * upper-case names, its own statements.
     */
    static final SqlDialect SQL = SqlDialect.ANSI
            .withName(NAME)
            .with(Feature.DOUBLE_SLASH_COMMENTS, Feature.DOLLAR_QUOTES)
            .withIdentifierCase(IdentifierCase.UPPER)
            .withStatementWords(StatementKind.READ, "SCRIPT")
            .withStatementWords(StatementKind.OTHER, "RUNSCRIPT", "BACKUP", "CALL", "SHUTDOWN", "CHECKPOINT");

    private static final String ON_READ_ONLY = " is not allowed on a read-only connection";

    static final StatementGuard GUARD = guard(SQL);

    /** The guard, reading text in a dialect: {@link #SQL}, or another for a test of what a misreading lets through. */
    static StatementGuard guard(SqlDialect dialect) {
        return StatementGuard.builder(NAME)
                .dialect(dialect)
                .allow("SELECT", "WITH", "VALUES", "EXPLAIN")
                // data-change delta tables write inside a query: select * from final table (insert into …);
                // SELECT … FOR UPDATE takes locks; EXPLAIN ANALYZE runs its statement
                .forbidWords("INSERT", "UPDATE", "DELETE", "MERGE", "ANALYZE")
                // files, links to other databases, other sessions, session variables, sequences
                .forbidFunctions(
                        "FILE_WRITE",
                        "FILE_READ",
                        "CSVWRITE",
                        "CSVREAD",
                        "LINK_SCHEMA",
                        "CANCEL_SESSION",
                        "ABORT_SESSION",
                        "SET",
                        "NEXTVAL",
                        "SETVAL")
                .rule(H2Dialect::scriptTo)
                .rule(H2Dialect::nextValueFor)
                .build();
    }

    /** SQLState {@code 54001}, statement too complex. */
    private static final String TOO_COMPLEX = "54001";

    private static final Pattern MEMORY_NAME = Pattern.compile("[A-Za-z0-9_]{1,64}");

    /** {@code SCRIPT … TO 'file'} writes a file: the declared read is one without TO. */
    private static Optional<String> scriptTo(SqlScan scan) {
        return scan.firstKeyword().orElse("").equals("SCRIPT") && scan.containsWord("TO")
                ? Optional.of("SCRIPT TO" + ON_READ_ONLY)
                : Optional.empty();
    }

    /** {@code NEXT VALUE FOR seq} advances a sequence, which no rollback undoes. */
    private static Optional<String> nextValueFor(SqlScan scan) {
        for (SqlScan.Statement s : scan.statements()) {
            List<String> words = s.keywords();
            for (int i = 0; i + 1 < words.size(); i++) {
                if (words.get(i).equals("NEXT") && words.get(i + 1).equals("VALUE")) {
                    return Optional.of("NEXT VALUE FOR" + ON_READ_ONLY);
                }
            }
        }
        return Optional.empty();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<String> schemes() {
        return Set.of(NAME);
    }

    @Override
    public SqlDialect sqlDialect() {
        return SQL;
    }

    @Override
    public StatementGuard guard() {
        return GUARD;
    }

    @Override
    protected Connector connector() {
        return H2Dialect::connect;
    }

    /** The JDBC URL of a DSN, built from its one validated part. */
    static String url(String dsn) {
        String prefix = NAME + ":mem:";
        String name = dsn.startsWith(prefix) ? dsn.substring(prefix.length()) : "";
        if (!MEMORY_NAME.matcher(name).matches()) {
            throw DriverException.of(
                    ErrorKind.INVALID_ARGUMENT,
                    NAME,
                    "open",
                    "the DSN must be h2:mem:NAME, NAME of letters, digits and underscores");
        }
        // lazy execution: H2 streams a query's rows instead of building the whole result first
        return "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1;LAZY_QUERY_EXECUTION=TRUE";
    }

    private static Connection connect(ConnConfig config) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "sa");
        p.setProperty("password", config.password().reveal());
        return new org.h2.Driver().connect(url(config.dsn()), p);
    }

    /** Every guarded statement in a transaction (or a savepoint of the caller's) that ends in a rollback. */
    @Override
    protected ReadOnlyMode readOnlyMode() {
        return (JdbcSession session, Call call) -> {
            if (!call.guarded()) {
                return StatementScope.NONE;
            }
            Connection c = session.connection();
            if (call.inTransaction()) {
                Savepoint sp = c.setSavepoint();
                return new StatementScope() {
                    @Override
                    public void close(boolean completed) throws SQLException {
                        c.rollback(sp);
                    }
                };
            }
            c.setAutoCommit(false);
            return new StatementScope() {
                @Override
                public void close(boolean completed) throws SQLException {
                    try {
                        c.rollback();
                    } finally {
                        c.setAutoCommit(true);
                    }
                }
            };
        };
    }

    /**
     * H2's parser recurses once per parenthesis and overflows the stack on deep nesting: that is an
     * input too complex to run, not an error of the JVM, so it becomes an exception with a kind.
     */
    @Override
    protected Statements statements() {
        return new Statements() {
            @Override
            public PreparedStatement prepare(JdbcSession session, String sql, Call call) throws SQLException {
                try {
                    return Statements.super.prepare(session, sql, call);
                } catch (StackOverflowError e) {
                    throw new SQLException("the statement is nested too deeply for H2's parser", TOO_COMPLEX, e);
                }
            }
        };
    }

    @Override
    protected ErrorMapper errorMapper() {
        return new ErrorMapper() {
            @Override
            public Optional<ErrorKind> classify(SQLException e) {
                if (TOO_COMPLEX.equals(e.getSQLState())) {
                    return Optional.of(ErrorKind.INVALID_ARGUMENT);
                }
                switch (e.getErrorCode()) {
                    case 42102: // table or view not found
                    case 42103: // … with candidates
                    case 42104: // … in an empty database
                    case 42122: // column not found
                    case 90079: // schema not found
                    case 90022: // function not found
                        return Optional.of(ErrorKind.NOT_FOUND);
                    case 90097: // the database is read only
                        return Optional.of(ErrorKind.READ_ONLY);
                    case 90040: // admin rights required
                    case 90096: // not enough rights
                        return Optional.of(ErrorKind.PERMISSION);
                    default:
                        return Optional.empty();
                }
            }
        };
    }
}
