package dev.tobira.jdbc;

import dev.tobira.api.ConnConfig;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Causes;
import dev.tobira.spi.Dsn;
import dev.tobira.spi.Nullable;
import dev.tobira.spi.Redactor;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns vendor exceptions into {@link DriverException}s, once for every JDBC driver: the dialect's
 * vendor codes first, then SQLState classes, then the JDBC exception subclass, walking
 * {@link SQLException#getNextException()}; the message is the dialect's detail, redacted.
 */
final class SqlErrors {
    private static final int MAX_CHAIN = 16;

    private final Dialect dialect;
    private final Redactor redactor;

    SqlErrors(Dialect dialect, Redactor redactor) {
        this.dialect = dialect;
        this.redactor = redactor;
    }

    /** Returns the redactor of a configuration: its password, the DSN's password, the dialect's secrets. */
    static Redactor redactor(Dialect dialect, ConnConfig config) {
        List<String> secrets = new ArrayList<>(dialect.connector().secrets(config));
        secrets.add(config.password().reveal());
        try {
            if (Dsn.parse(dialect.name(), config.dsn()) instanceof Dsn.Url url) {
                url.password().ifPresent(secrets::add);
            }
        } catch (DriverException unparsable) {
            // the standard forms still mask what a DSN that does not parse may hold
        }
        return Redactor.standard().withSecrets(secrets);
    }

    String redact(String text) {
        return redactor.redact(text);
    }

    /**
     * Classifies a failure of an operation.
     *
     * @param e the failure; a DriverException passes through unchanged
     * @param op the operation, such as {@code query}
     * @param timedOut whether the call's deadline passed, which makes any failure a timeout
     */
    DriverException map(Throwable e, String op, boolean timedOut) {
        if (e instanceof DriverException d) {
            return d;
        }
        if (!(e instanceof SQLException sql)) {
            return DriverException.builder(timedOut ? ErrorKind.TIMEOUT : ErrorKind.INTERNAL, dialect.name(), op)
                    .detail(redact(
                            String.valueOf(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())))
                    .cause(e)
                    .build();
        }
        ErrorKind kind = null;
        SQLException source = sql;
        int depth = 0;
        for (SQLException x = sql; x != null && kind == null && depth < MAX_CHAIN; x = next(x), depth++) {
            kind = kindOf(x);
            if (kind != null) {
                source = x;
            }
        }
        if (timedOut || ((kind == null || kind == ErrorKind.CONNECTION) && Causes.timedOut(sql))) {
            // a server that never answered ran out the connect timeout: not a refused connection
            kind = ErrorKind.TIMEOUT;
        } else if (kind == null) {
            kind = ErrorKind.INTERNAL;
        }
        return DriverException.builder(kind, dialect.name(), op)
                .detail(redact(dialect.errors().message(source)))
                .sqlState(source.getSQLState())
                .vendorCode(source.getErrorCode())
                .cause(sql)
                .build();
    }

    private static @Nullable SQLException next(SQLException x) {
        SQLException n = x.getNextException();
        if (n != null && n != x) {
            return n;
        }
        return x.getCause() instanceof SQLException c && c != x ? c : null;
    }

    private @Nullable ErrorKind kindOf(SQLException x) {
        Optional<ErrorKind> vendor = dialect.errors().classify(x);
        if (vendor == null) {
            throw new NullPointerException(dialect + ".classify returned null instead of Optional.empty()");
        }
        if (vendor.isPresent()) {
            return vendor.get();
        }
        ErrorKind byState = ofSqlState(x.getSQLState());
        if (byState != null) {
            return byState;
        }
        return ofClass(x);
    }

    /** The SQLState classes; null when the state says nothing. */
    static @Nullable ErrorKind ofSqlState(@Nullable String state) {
        if (state == null || state.length() != 5) {
            return null;
        }
        switch (state) {
            case "42P01": // undefined_table (PostgreSQL)
            case "42S02": // base table or view not found (ODBC, MySQL)
            case "42S22": // column not found
            case "42703": // undefined_column
            case "42704": // undefined_object
            case "42883": // undefined_function
            case "3D000": // invalid catalog name: no such database
            case "3F000": // invalid schema name
                return ErrorKind.NOT_FOUND;
            case "42501": // insufficient privilege
                return ErrorKind.PERMISSION;
            case "22023": // invalid_parameter_value: also pgjdbc's own "No value specified for parameter 1."
                return ErrorKind.INVALID_ARGUMENT;
            case "57014": // query_canceled: a timeout when the call's deadline fired, which map() knows
                return ErrorKind.CANCELLED;
            case "HYT00": // timeout expired
            case "HYT01": // connection timeout expired
                return ErrorKind.TIMEOUT;
            case "25006": // read_only_sql_transaction
                return ErrorKind.READ_ONLY;
            case "57P01": // admin_shutdown
            case "57P02": // crash_shutdown
            case "57P03": // cannot_connect_now
                return ErrorKind.CONNECTION;
            default:
                break;
        }
        switch (state.substring(0, 2)) {
            case "08":
                return ErrorKind.CONNECTION;
            case "28":
                return ErrorKind.AUTH;
            case "23": // integrity constraint violation: it fails the same way when retried
            case "44": // WITH CHECK OPTION violation
                return ErrorKind.CONSTRAINT;
            case "40": // transaction rollback: serialization failure, deadlock
                return ErrorKind.CONFLICT;
            case "42":
                return ErrorKind.SYNTAX;
            case "0A":
                return ErrorKind.UNSUPPORTED;
            case "07": // dynamic SQL error: the call's own parameters do not fit its text
                return ErrorKind.INVALID_ARGUMENT;
            case "22": // data exception: a division by zero, a value out of range, a bad cast
                return ErrorKind.DATA;
            default:
                return null;
        }
    }

    private static @Nullable ErrorKind ofClass(SQLException x) {
        if (x instanceof SQLTimeoutException) {
            return ErrorKind.TIMEOUT;
        }
        if (x instanceof SQLTransientConnectionException || x instanceof SQLNonTransientConnectionException) {
            return ErrorKind.CONNECTION;
        }
        if (x instanceof SQLInvalidAuthorizationSpecException) {
            return ErrorKind.AUTH;
        }
        if (x instanceof SQLSyntaxErrorException) {
            return ErrorKind.SYNTAX;
        }
        if (x instanceof SQLIntegrityConstraintViolationException) {
            return ErrorKind.CONSTRAINT;
        }
        if (x instanceof SQLTransactionRollbackException) {
            return ErrorKind.CONFLICT;
        }
        if (x instanceof SQLFeatureNotSupportedException) {
            return ErrorKind.UNSUPPORTED;
        }
        return null;
    }
}
