package dev.tobira.driver.dynamodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Causes;
import dev.tobira.spi.Redactor;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * What a failure of the SDK is, as an {@link ErrorKind}: by the service's error code (the
 * {@code __type} of its answer) for errors of the service, by the cause for failures on the client's
 * side. Every message passes the connection's redactor.
 */
final class DynamoErrors {
    private static final Map<String, ErrorKind> BY_CODE = Map.ofEntries(
            Map.entry("ResourceNotFoundException", ErrorKind.NOT_FOUND),
            Map.entry("TableNotFoundException", ErrorKind.NOT_FOUND),
            Map.entry("IndexNotFoundException", ErrorKind.NOT_FOUND),
            Map.entry("BackupNotFoundException", ErrorKind.NOT_FOUND),
            // throttled: the same call later may pass, so retryable, as CONFLICT is
            Map.entry("ProvisionedThroughputExceededException", ErrorKind.CONFLICT),
            Map.entry("ThrottlingException", ErrorKind.CONFLICT),
            Map.entry("RequestLimitExceeded", ErrorKind.CONFLICT),
            Map.entry("TransactionConflictException", ErrorKind.CONFLICT),
            Map.entry("TransactionInProgressException", ErrorKind.CONFLICT),
            Map.entry("ResourceInUseException", ErrorKind.CONFLICT),
            Map.entry("ConditionalCheckFailedException", ErrorKind.CONSTRAINT),
            Map.entry("TransactionCanceledException", ErrorKind.CONSTRAINT),
            Map.entry("DuplicateItemException", ErrorKind.CONSTRAINT),
            Map.entry("ItemCollectionSizeLimitExceededException", ErrorKind.CONSTRAINT),
            Map.entry("TableAlreadyExistsException", ErrorKind.CONSTRAINT),
            Map.entry("UnrecognizedClientException", ErrorKind.AUTH),
            Map.entry("InvalidSignatureException", ErrorKind.AUTH),
            Map.entry("MissingAuthenticationTokenException", ErrorKind.AUTH),
            Map.entry("IncompleteSignatureException", ErrorKind.AUTH),
            Map.entry("ExpiredTokenException", ErrorKind.AUTH),
            Map.entry("InvalidClientTokenId", ErrorKind.AUTH),
            Map.entry("AccessDeniedException", ErrorKind.PERMISSION),
            Map.entry("UnknownOperationException", ErrorKind.UNSUPPORTED),
            Map.entry("LimitExceededException", ErrorKind.INVALID_ARGUMENT),
            Map.entry("SerializationException", ErrorKind.INVALID_ARGUMENT));

    private DynamoErrors() {}

    static DriverException map(SdkException e, String op, Redactor redactor) {
        if (e instanceof AwsServiceException) {
            return service((AwsServiceException) e, op, redactor);
        }
        if (e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException) {
            return DriverException.builder(ErrorKind.TIMEOUT, DynamoDriver.NAME, op)
                    .detail("the call ran past its timeout")
                    .cause(e)
                    .build();
        }
        if (e instanceof AbortedException || (has(e, InterruptedIOException.class) && !Causes.timedOut(e))) {
            return DriverException.builder(ErrorKind.CANCELLED, DynamoDriver.NAME, op)
                    .detail("the call was interrupted")
                    .cause(e)
                    .build();
        }
        if (Causes.timedOut(e)) {
            return DriverException.builder(ErrorKind.TIMEOUT, DynamoDriver.NAME, op)
                    .detail("the endpoint did not answer in time")
                    .cause(e)
                    .build();
        }
        if (has(e, ConnectException.class)
                || has(e, UnknownHostException.class)
                || has(e, NoRouteToHostException.class)
                || has(e, java.io.IOException.class)) {
            return DriverException.builder(ErrorKind.CONNECTION, DynamoDriver.NAME, op)
                    .detail("cannot reach the endpoint: " + redactor.redact(String.valueOf(rootMessage(e))))
                    .cause(e)
                    .build();
        }
        String message = String.valueOf(e.getMessage());
        if (e instanceof SdkClientException && message.toLowerCase(Locale.ROOT).contains("credentials")) {
            return DriverException.builder(ErrorKind.AUTH, DynamoDriver.NAME, op)
                    .detail("no AWS credentials: give the access key id as the DSN's user and the secret as the "
                            + "password, or set up the SDK's default provider chain")
                    .cause(e)
                    .build();
        }
        return DriverException.builder(ErrorKind.INTERNAL, DynamoDriver.NAME, op)
                .detail(redactor.redact(cut(message)))
                .cause(e)
                .build();
    }

    private static DriverException service(AwsServiceException e, String op, Redactor redactor) {
        String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
        String text = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorMessage();
        ErrorKind kind = code == null ? null : BY_CODE.get(code);
        if (kind == null && "ValidationException".equals(code)) {
            String lower = text == null ? "" : text.toLowerCase(Locale.ROOT);
            kind = lower.contains("syntax") || lower.contains("well formed") || lower.contains("unexpected")
                    ? ErrorKind.SYNTAX
                    : ErrorKind.INVALID_ARGUMENT;
        }
        if (kind == null) {
            kind = e.statusCode() >= 500
                    ? ErrorKind.CONNECTION
                    : e.statusCode() == 403
                            ? ErrorKind.PERMISSION
                            : e.statusCode() == 401 ? ErrorKind.AUTH : ErrorKind.INTERNAL;
        }
        StringBuilder detail = new StringBuilder();
        if (kind == ErrorKind.UNSUPPORTED) {
            detail.append("the server does not support this operation");
        } else if (text != null && !text.isBlank()) {
            detail.append(redactor.redact(cut(text)));
        } else {
            detail.append("the service refused the call");
        }
        if (code != null) {
            detail.append(" (").append(redactor.redact(cut(code))).append(')');
        }
        return DriverException.builder(kind, DynamoDriver.NAME, op)
                .detail(detail.toString())
                .cause(e)
                .build();
    }

    private static boolean has(Throwable e, Class<? extends Throwable> type) {
        Throwable t = e;
        for (int depth = 0; t != null && depth < 32; depth++) {
            if (type.isInstance(t)) {
                return true;
            }
            t = t.getCause() == t ? null : t.getCause();
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        for (int depth = 0; t.getCause() != null && t.getCause() != t && depth < 32; depth++) {
            t = t.getCause();
        }
        return t.getMessage() == null
                ? t.getClass().getSimpleName()
                : t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    /** A service message fits one line of a message: long ones are cut, line breaks become spaces. */
    private static String cut(String s) {
        String one = s.replaceAll("[\\r\\n\\t]+", " ").strip();
        return one.length() <= 300 ? one : one.substring(0, 300) + "…";
    }
}
