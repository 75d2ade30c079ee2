package dev.tobira.driver.redis;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Causes;
import dev.tobira.spi.Redactor;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandInterruptedException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Classifies what Lettuce and the server report into {@link DriverException}s, by the error
 * reply's prefix ({@code WRONGTYPE}, {@code NOPERM}, …) and, for the generic {@code ERR}, by its
 * well-known wordings.
 */
final class RedisErrors {
    private RedisErrors() {}

    static DriverException classify(Throwable t, String op, Redactor redactor) {
        Throwable e = unwrap(t);
        if (e instanceof DriverException d) {
            return d;
        }
        if (e instanceof RedisCommandExecutionException) {
            String message = String.valueOf(e.getMessage());
            return build(ofServerError(message), op, message, e, redactor);
        }
        if (e instanceof RedisCommandTimeoutException || e instanceof TimeoutException) {
            return build(ErrorKind.TIMEOUT, op, "the command ran past the query timeout", e, redactor);
        }
        if (e instanceof CancellationException
                || e instanceof RedisCommandInterruptedException
                || e instanceof InterruptedException) {
            return build(ErrorKind.CANCELLED, op, "the command was cancelled", e, redactor);
        }
        if (e instanceof RedisConnectionException && serverCause(e) == null && Causes.timedOut(e)) {
            return build(
                    ErrorKind.TIMEOUT,
                    op,
                    "the server did not answer within the connect timeout: " + describe(e),
                    e,
                    redactor);
        }
        if (e instanceof RedisConnectionException) {
            Throwable server = serverCause(e);
            if (server != null) {
                String message = String.valueOf(server.getMessage());
                ErrorKind kind = ofServerError(message);
                if (kind == ErrorKind.AUTH || kind == ErrorKind.PERMISSION) {
                    return build(kind, op, message, e, redactor);
                }
                return build(ErrorKind.CONNECTION, op, message, e, redactor);
            }
            return build(ErrorKind.CONNECTION, op, describe(e), e, redactor);
        }
        if (e instanceof IOException || e instanceof RedisException) {
            return build(ErrorKind.CONNECTION, op, describe(e), e, redactor);
        }
        return build(ErrorKind.INTERNAL, op, describe(e), e, redactor);
    }

    /** The kind of a server error reply such as {@code WRONGTYPE Operation against a key…}. */
    static ErrorKind ofServerError(String message) {
        String m = message.strip();
        int space = m.indexOf(' ');
        String prefix = space < 0 ? m : m.substring(0, space);
        String lower = m.toLowerCase(Locale.ROOT);
        switch (prefix) {
            case "NOAUTH":
            case "WRONGPASS":
                return ErrorKind.AUTH;
            case "NOPERM":
                return ErrorKind.PERMISSION;
            case "READONLY":
                return ErrorKind.READ_ONLY;
            case "WRONGTYPE":
                return ErrorKind.DATA;
            case "BUSY":
            case "BUSYKEY":
            case "BUSYGROUP":
                return ErrorKind.CONFLICT;
            case "NOSCRIPT":
            case "NOGROUP":
                return ErrorKind.NOT_FOUND;
            case "EXECABORT":
                return ErrorKind.SYNTAX;
            case "LOADING":
            case "MASTERDOWN":
            case "TRYAGAIN":
            case "CLUSTERDOWN":
                return ErrorKind.CONNECTION;
            case "MOVED":
            case "ASK":
            case "CROSSSLOT":
                return ErrorKind.UNSUPPORTED;
            case "ERR":
                break;
            default:
                return ErrorKind.INTERNAL;
        }
        if (lower.contains("write commands are not allowed from read-only scripts")
                || lower.contains("not allowed from read-only scripts")
                || lower.contains("can't write against a read only replica")) {
            return ErrorKind
                    .READ_ONLY; // a script run with EVAL_RO / FCALL_RO, or the no-writes flag, that tried to write
        }
        if (lower.contains("unknown command")
                || lower.contains("unknown subcommand")
                || lower.contains("wrong number of arguments")
                || lower.contains("syntax error")
                || lower.contains("unbalanced")) {
            return ErrorKind.SYNTAX;
        }
        if (lower.contains("no such key") || lower.contains("db index is out of range")) {
            return ErrorKind.NOT_FOUND;
        }
        if (lower.contains("invalid password") || (lower.contains("auth") && lower.contains("without any password"))) {
            return ErrorKind.AUTH;
        }
        if (lower.contains("not an integer")
                || lower.contains("not a valid")
                || lower.contains("out of range")
                || lower.contains("invalid")
                || lower.contains("is negative")) {
            return ErrorKind.INVALID_ARGUMENT;
        }
        if (lower.contains("policy is not selected")
                || lower.contains("not tracked")
                || lower.contains("is not enabled")
                || lower.contains("is disabled")) {
            return ErrorKind
                    .UNSUPPORTED; // OBJECT FREQ without an LFU policy, features the server's configuration leaves off
        }
        if (lower.contains("max number of clients")) {
            return ErrorKind.CONNECTION;
        }
        return ErrorKind.INTERNAL;
    }

    static DriverException build(ErrorKind kind, String op, String detail, Throwable cause, Redactor redactor) {
        return DriverException.builder(kind, RedisDriver.NAME, op)
                .detail(redactor.redact(detail))
                .cause(cause)
                .build();
    }

    private static Throwable unwrap(Throwable t) {
        Throwable e = t;
        while ((e instanceof ExecutionException || e instanceof CompletionException) && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    private static @Nullable Throwable serverCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof RedisCommandExecutionException) {
                return c;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }

    private static String describe(Throwable e) {
        String m = e.getMessage();
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != e && root.getMessage() != null) {
            m = (m == null ? "" : m + ": ") + root.getMessage();
        }
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
