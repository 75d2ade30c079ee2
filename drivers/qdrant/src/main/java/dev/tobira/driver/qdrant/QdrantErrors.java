package dev.tobira.driver.qdrant;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Redactor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Turns a gRPC status from the server, or from the channel, into a {@link DriverException}. */
final class QdrantErrors {
    private QdrantErrors() {}

    static DriverException map(Throwable failure, String op, Redactor redactor) {
        Status status = Status.fromThrowable(failure);
        String description = status.getDescription() == null ? status.getCode().name() : status.getDescription();
        ErrorKind kind = kind(status.getCode(), description);
        String detail = redactor.redact(description);
        if (kind == ErrorKind.CONNECTION && status.getCode() == Status.Code.UNAVAILABLE) {
            detail = "the server is unreachable: " + detail;
        }
        return DriverException.builder(kind, QdrantDriver.NAME, op)
                .detail(detail)
                .vendorCode(status.getCode().value())
                .cause(failure instanceof StatusRuntimeException ? failure : status.asRuntimeException())
                .build();
    }

    private static ErrorKind kind(Status.Code code, String description) {
        switch (code) {
            case NOT_FOUND:
                return ErrorKind.NOT_FOUND;
            case INVALID_ARGUMENT:
            case OUT_OF_RANGE:
                // Qdrant answers a missing collection with NOT_FOUND, but some versions say it in an INVALID_ARGUMENT
                return description.contains("doesn't exist") || description.contains("Not found")
                        ? ErrorKind.NOT_FOUND
                        : ErrorKind.INVALID_ARGUMENT;
            case UNAUTHENTICATED:
                return ErrorKind.AUTH;
            case PERMISSION_DENIED:
                return ErrorKind.PERMISSION;
            case DEADLINE_EXCEEDED:
                return ErrorKind.TIMEOUT;
            case CANCELLED:
                return ErrorKind.CANCELLED;
            case UNAVAILABLE:
                return ErrorKind.CONNECTION;
            case ALREADY_EXISTS:
            case ABORTED:
            case FAILED_PRECONDITION:
                return ErrorKind.CONFLICT;
            case UNIMPLEMENTED:
                return ErrorKind.UNSUPPORTED;
            default:
                return ErrorKind.INTERNAL;
        }
    }
}
