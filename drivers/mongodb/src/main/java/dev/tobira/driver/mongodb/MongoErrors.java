package dev.tobira.driver.mongodb;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoClientException;
import com.mongodb.MongoException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoInterruptedException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoServerException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteException;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Causes;
import dev.tobira.spi.Redactor;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.bson.BsonMaximumSizeExceededException;
import org.bson.BsonSerializationException;
import org.jspecify.annotations.Nullable;

/**
 * Classifies what the vendor client and the server report into {@link DriverException}s: server
 * errors by their numeric code, client failures by their class.
 */
final class MongoErrors {
    private MongoErrors() {}

    static DriverException classify(Throwable t, String op, Redactor redactor) {
        Throwable e = unwrap(t);
        if (e instanceof DriverException d) {
            return d;
        }
        if (e instanceof MongoWriteException w) {
            return build(
                    ofCode(w.getError().getCode()),
                    op,
                    w.getError().getMessage(),
                    w.getError().getCode(),
                    e,
                    redactor);
        }
        if (e instanceof MongoBulkWriteException b && !b.getWriteErrors().isEmpty()) {
            int code = b.getWriteErrors().get(0).getCode();
            return build(ofCode(code), op, b.getWriteErrors().get(0).getMessage(), code, e, redactor);
        }
        if (e instanceof MongoExecutionTimeoutException) {
            return build(
                    ErrorKind.TIMEOUT,
                    op,
                    "the server stopped the command at its time limit (maxTimeMS)",
                    50,
                    e,
                    redactor);
        }
        if (e instanceof MongoServerException s) {
            String message = s instanceof com.mongodb.MongoCommandException c ? c.getErrorMessage() : s.getMessage();
            return build(ofCode(s.getCode()), op, message, s.getCode(), e, redactor);
        }
        if (e instanceof MongoSecurityException) {
            return build(ErrorKind.AUTH, op, "the server refused the credentials", 0, e, redactor);
        }
        if (e instanceof TimeoutException || e instanceof MongoOperationTimeoutException) {
            return build(ErrorKind.TIMEOUT, op, "the command ran past the query timeout", 0, e, redactor);
        }
        if (e instanceof MongoTimeoutException) {
            // server selection gave up: refused connections say so in the cluster description
            String m = String.valueOf(e.getMessage());
            if (m.contains("MongoSocketOpenException") || m.contains("Connection refused")) {
                return build(ErrorKind.CONNECTION, op, "no server could be reached", 0, e, redactor);
            }
            if (m.contains("MongoSecurityException")) {
                return build(ErrorKind.AUTH, op, "the server refused the credentials", 0, e, redactor);
            }
            return build(ErrorKind.TIMEOUT, op, "no server answered within the connect timeout", 0, e, redactor);
        }
        if (e instanceof CancellationException
                || e instanceof MongoInterruptedException
                || e instanceof InterruptedException) {
            return build(ErrorKind.CANCELLED, op, "the command was cancelled", 0, e, redactor);
        }
        if (e instanceof MongoSocketReadTimeoutException || (e instanceof MongoSocketException && Causes.timedOut(e))) {
            return build(ErrorKind.TIMEOUT, op, "the server did not answer in time", 0, e, redactor);
        }
        if (e instanceof MongoSocketOpenException || e instanceof MongoSocketException) {
            return build(ErrorKind.CONNECTION, op, "the connection to the server failed", 0, e, redactor);
        }
        if (e instanceof BsonMaximumSizeExceededException) {
            return build(
                    ErrorKind.INVALID_ARGUMENT,
                    op,
                    "the command document is larger than the server's 16 MiB limit",
                    0,
                    e,
                    redactor);
        }
        if (e instanceof BsonSerializationException) {
            return build(
                    ErrorKind.INVALID_ARGUMENT, op, "the command document cannot be encoded as BSON", 0, e, redactor);
        }
        if (e instanceof MongoClientException || e instanceof MongoException) {
            return build(ErrorKind.CONNECTION, op, String.valueOf(e.getMessage()), 0, e, redactor);
        }
        return build(ErrorKind.INTERNAL, op, e.getClass().getSimpleName() + ": " + e.getMessage(), 0, e, redactor);
    }

    /** The kind of a server error code (the server's error_codes.yml). */
    static ErrorKind ofCode(int code) {
        switch (code) {
            case 11000, 11001, 12582, 121, 48: // duplicate key, document validation, namespace exists
                return ErrorKind.CONSTRAINT;
            case 26, 27, 43: // namespace, index, cursor not found
                return ErrorKind.NOT_FOUND;
            case 13:
                return ErrorKind.PERMISSION;
            case 18:
                return ErrorKind.AUTH;
            case 50, 262, 202, 89:
                return ErrorKind.TIMEOUT;
            case 11601:
                return ErrorKind.CANCELLED;
            case 112, 117, 251, 24, 46: // write conflict, conflicting operation, no transaction, locks
                return ErrorKind.CONFLICT;
            case 59, 9, 2, 14, 40324, 40323, 16410, 15998, 168: // no such command, parse errors, bad values
                return ErrorKind.SYNTAX;
            case 10334, 72, 73, 16: // document too large, invalid options or namespace, invalid length
                return ErrorKind.INVALID_ARGUMENT;
            case 10107, 13435, 11600, 11602, 91, 189, 6, 7: // not primary, shutting down, host unreachable
                return ErrorKind.CONNECTION;
            case 115, 166, 20: // command not supported (on a view), illegal operation
                return ErrorKind.UNSUPPORTED;
            default:
                return ErrorKind.INTERNAL;
        }
    }

    static DriverException build(
            ErrorKind kind,
            String op,
            @Nullable String detail,
            int code,
            @Nullable Throwable cause,
            Redactor redactor) {
        DriverException.Builder b =
                DriverException.builder(kind, MongoDriver.NAME, op).detail(redactor.redact(String.valueOf(detail)));
        if (cause != null) {
            b.cause(cause);
        }
        if (code != 0) {
            b.vendorCode(code);
        }
        return b.build();
    }

    private static Throwable unwrap(Throwable t) {
        Throwable e = t;
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }
}
