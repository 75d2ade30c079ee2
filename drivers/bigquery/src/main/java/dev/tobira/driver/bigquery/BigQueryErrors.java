package dev.tobira.driver.bigquery;

import com.google.cloud.bigquery.BigQueryError;
import com.google.cloud.bigquery.BigQueryException;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Redactor;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.jspecify.annotations.Nullable;

/**
 * BigQuery's errors as {@link DriverException}s, by the error's {@code reason} first and its HTTP
 * status second (the reasons are documented at
 * cloud.google.com/bigquery/docs/error-messages). Quota and rate limits are {@link ErrorKind#CONFLICT},
 * the retryable kind of a server that asks to be tried again later; the bytes cap is
 * {@link ErrorKind#PERMISSION}, with words that name it.
 */
final class BigQueryErrors {
    private static final Redactor REDACTOR = Redactor.standard();

    private BigQueryErrors() {}

    static DriverException of(String op, BigQueryException e) {
        BigQueryError error = e.getError();
        String reason = error == null || error.getReason() == null ? "" : error.getReason();
        String message = error != null && error.getMessage() != null ? error.getMessage() : e.getMessage();
        if (e.getCode() == 0 || (reason.isEmpty() && e.getCode() < 100)) {
            return transport(op, e);
        }
        return build(kindOf(reason, e.getCode()), op, reason, message, e);
    }

    /** A job's own error, from its status: the job was created but failed. */
    static DriverException ofJob(String op, BigQueryError error) {
        String reason = error.getReason() == null ? "" : error.getReason();
        return build(kindOf(reason, 400), op, reason, error.getMessage(), null);
    }

    private static DriverException build(
            ErrorKind kind, String op, String reason, @Nullable String message, @Nullable Throwable cause) {
        String detail = clean(message);
        DriverException.Builder b = DriverException.builder(kind, BigQueryDriver.NAME, op)
                .detail(reason.isEmpty() ? detail : reason + ": " + detail);
        if (cause != null) {
            b.cause(cause);
        }
        if (reason.equals("quotaExceeded")
                || reason.equals("rateLimitExceeded")
                || reason.equals("jobRateLimitExceeded")) {
            b.kindWords("quota or rate limit exceeded, retry later");
        } else if (reason.equals("bytesBilledLimitExceeded")) {
            b.kindWords("the bytes cap (maxBytesBilled) was exceeded");
        }
        return b.build();
    }

    static ErrorKind kindOf(String reason, int code) {
        switch (reason) {
            case "notFound":
                return ErrorKind.NOT_FOUND;
            case "duplicate":
                return ErrorKind.CONFLICT;
            case "accessDenied":
            case "billingNotEnabled":
            case "billingTierLimitExceeded":
            case "bytesBilledLimitExceeded":
            case "responseTooLarge":
                return ErrorKind.PERMISSION;
            case "quotaExceeded":
            case "rateLimitExceeded":
            case "jobRateLimitExceeded":
                return ErrorKind.CONFLICT;
            case "invalidQuery":
                return ErrorKind.SYNTAX;
            case "invalid":
                return ErrorKind.INVALID_ARGUMENT;
            case "stopped":
                return ErrorKind.CANCELLED;
            case "timeout":
                return ErrorKind.TIMEOUT;
            case "authError":
                return ErrorKind.AUTH;
            case "backendError":
            case "internalError":
                return ErrorKind.CONNECTION;
            default:
                break;
        }
        switch (code) {
            case 401:
                return ErrorKind.AUTH;
            case 403:
                return ErrorKind.PERMISSION;
            case 404:
                return ErrorKind.NOT_FOUND;
            case 409:
                return ErrorKind.CONFLICT;
            case 400:
                return ErrorKind.INVALID_ARGUMENT;
            case 429:
                return ErrorKind.CONFLICT;
            case 500:
            case 502:
            case 503:
            case 504:
                return ErrorKind.CONNECTION;
            default:
                return ErrorKind.INTERNAL;
        }
    }

    /** No answer from BigQuery: the network, the endpoint, or the credentials' own token request. */
    private static DriverException transport(String op, BigQueryException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String type = t.getClass().getName();
            if (type.startsWith("com.google.auth.")
                    || String.valueOf(t.getMessage()).contains("invalid_grant")) {
                return DriverException.builder(ErrorKind.AUTH, BigQueryDriver.NAME, op)
                        .detail(
                                "the credentials were refused when a token was requested (expired, revoked or not valid)")
                        .cause(e)
                        .build();
            }
            if (t instanceof SocketTimeoutException || t instanceof InterruptedIOException) {
                return DriverException.builder(ErrorKind.TIMEOUT, BigQueryDriver.NAME, op)
                        .detail("BigQuery did not answer in time")
                        .cause(e)
                        .build();
            }
            if (t instanceof ConnectException || t instanceof UnknownHostException) {
                return DriverException.builder(ErrorKind.CONNECTION, BigQueryDriver.NAME, op)
                        .detail("BigQuery could not be reached (" + t.getClass().getSimpleName() + ")")
                        .cause(e)
                        .build();
            }
        }
        return DriverException.builder(ErrorKind.CONNECTION, BigQueryDriver.NAME, op)
                .detail("the request to BigQuery failed: " + clean(e.getMessage()))
                .cause(e)
                .build();
    }

    /** The vendor's message on one line, redacted, without a trailing period the kind words would follow. */
    static String clean(@Nullable String message) {
        if (message == null || message.isBlank()) {
            return "no message";
        }
        String one = REDACTOR.redact(message.strip().replaceAll("\\s+", " "));
        if (one.length() > 400) {
            one = one.substring(0, 400) + "…";
        }
        return one.endsWith(".") ? one.substring(0, one.length() - 1) : one;
    }
}
