package dev.tobira.driver.dynamodb;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.base.Session;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ListTablesRequest;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * One connection's SDK client and what it learns: every request goes through {@link #call}, which
 * refuses use after close, bounds the request by the call's deadline and turns SDK failures into
 * {@link DriverException}s. Key schemas are cached per table (they cannot change after a table is
 * created), so results put keys first without a second round trip per query.
 */
final class DynamoSession implements Session {
    /** How long one HTTP read may block when no deadline is set: a hung endpoint still ends. */
    private static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(60);

    private final Target target;
    private final DynamoDbClient client;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Map<String, TableDescription> tables = new ConcurrentHashMap<>();

    private DynamoSession(Target target, DynamoDbClient client) {
        this.target = target;
        this.client = client;
    }

    static DynamoSession open(Target target) {
        DynamoDbClientBuilder b = DynamoDbClient.builder()
                .region(Region.of(target.region()))
                .credentialsProvider(credentials(target))
                // the standard mode's 3 attempts: DynamoDB's own default retries a throttled call up to 9 times,
                // for most of a minute, which a caller that set no timeout would take for a hang
                .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD))
                .httpClient(UrlConnectionHttpClient.builder()
                        .connectionTimeout(target.connectTimeout())
                        .socketTimeout(SOCKET_TIMEOUT)
                        .build());
        target.endpoint().ifPresent(b::endpointOverride);
        try {
            return new DynamoSession(target, b.build());
        } catch (SdkException e) {
            throw DynamoErrors.map(e, "open", target.redactor());
        }
    }

    private static AwsCredentialsProvider credentials(Target target) {
        if (target.accessKeyId().isPresent()) {
            return StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(target.accessKeyId().get(), target.secret()));
        }
        if (target.profile().isPresent()) {
            return ProfileCredentialsProvider.builder()
                    .profileName(target.profile().get())
                    .build();
        }
        return DefaultCredentialsProvider.builder().build();
    }

    Target target() {
        return target;
    }

    /** Runs one SDK call; the function gets the client and must send exactly what the driver checked. */
    <T> T call(String op, Function<DynamoDbClient, T> f) {
        if (closed.get()) {
            throw cancelled(op); // closed from another thread while this call was under way
        }
        try {
            return f.apply(client);
        } catch (SdkException e) {
            if (closed.get()) {
                throw cancelled(op);
            }
            throw DynamoErrors.map(e, op, target.redactor());
        }
    }

    /** The request with the SDK's API call timeout set to the time the deadline leaves. */
    @SuppressWarnings("unchecked")
    <R extends DynamoDbRequest> R bounded(R request, CallDeadline deadline, String op) {
        OptionalLong left = deadline.remainingNanos(DynamoDriver.NAME, op);
        if (left.isEmpty()) {
            return request;
        }
        // the SDK counts its timeouts in milliseconds: the time left is never rounded down to none
        Duration timeout = Duration.ofNanos(Math.max(left.getAsLong(), 1_000_000L));
        return (R) request.toBuilder()
                .overrideConfiguration(c -> c.apiCallTimeout(timeout))
                .build();
    }

    /** The table's description, asked once per connection. */
    TableDescription table(String name, CallDeadline deadline, String op) {
        TableDescription known = tables.get(name);
        if (known != null) {
            return known;
        }
        DescribeTableRequest req =
                bounded(DescribeTableRequest.builder().tableName(name).build(), deadline, op);
        TableDescription t = call(op, c -> c.describeTable(req)).table();
        tables.put(name, t);
        return t;
    }

    /** Forgets a table's description: after a write the driver sent that could have replaced the table. */
    void forgetTables() {
        tables.clear();
    }

    /**
     * Asks for one table name: the endpoint answers and the credentials sign. Bounded by the connect
     * timeout as a whole (every attempt of the SDK's retries included): an endpoint that accepts the
     * connection and never answers would otherwise hold it for the socket timeout of each attempt.
     */
    @Override
    public void ping() {
        ListTablesRequest req = bounded(
                ListTablesRequest.builder().limit(1).build(), CallDeadline.after(target.connectTimeout()), "ping");
        call("ping", c -> c.listTables(req));
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public String address() {
        return target.address();
    }

    static DriverException cancelled(String op) {
        return DriverException.of(ErrorKind.CANCELLED, DynamoDriver.NAME, op, "the connection was closed");
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            client.close();
        }
    }
}
