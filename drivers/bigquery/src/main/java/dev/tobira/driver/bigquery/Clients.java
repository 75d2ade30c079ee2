package dev.tobira.driver.bigquery;

import com.google.api.gax.retrying.RetrySettings;
import com.google.auth.Credentials;
import com.google.auth.oauth2.GoogleCredentials;
import com.google.auth.oauth2.ServiceAccountCredentials;
import com.google.cloud.NoCredentials;
import com.google.cloud.bigquery.BigQuery;
import com.google.cloud.bigquery.BigQueryOptions;
import com.google.cloud.http.HttpTransportOptions;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.List;

/** Builds the google-cloud-bigquery client of a {@link Target}: credentials, endpoint, timeouts, retries. */
final class Clients {
    private static final List<String> SCOPES = List.of("https://www.googleapis.com/auth/bigquery");
    /** An HTTP read may wait this long; a job's own wait is bounded by the polls, never by this. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

    private Clients() {}

    static BigQuery open(Target target) {
        BigQueryOptions.Builder b = BigQueryOptions.newBuilder()
                .setProjectId(target.project())
                .setCredentials(credentials(target.credentials()))
                // each request is further held to its call's deadline (CallBound)
                .setTransportOptions(new CallBound.Transport(HttpTransportOptions.newBuilder()
                        .setConnectTimeout((int) Math.min(
                                Integer.MAX_VALUE, target.connectTimeout().toMillis()))
                        .setReadTimeout((int) READ_TIMEOUT.toMillis())))
                // transient errors (5xx, rateLimitExceeded) are tried three times in a few hundred
                // milliseconds; what still fails reaches the caller as a retryable kind
                .setRetrySettings(RetrySettings.newBuilder()
                        .setMaxAttempts(3)
                        .setInitialRetryDelayDuration(Duration.ofMillis(100))
                        .setRetryDelayMultiplier(2.0)
                        .setMaxRetryDelayDuration(Duration.ofSeconds(1))
                        .setTotalTimeoutDuration(Duration.ofSeconds(30))
                        .setInitialRpcTimeoutDuration(READ_TIMEOUT)
                        .setMaxRpcTimeoutDuration(READ_TIMEOUT)
                        .setRpcTimeoutMultiplier(1.0)
                        .build());
        target.location().ifPresent(b::setLocation);
        target.endpoint().ifPresent(uri -> b.setHost(uri.toString()));
        return b.build().getService();
    }

    private static Credentials credentials(Target.Credentials how) {
        if (how instanceof Target.None) {
            return NoCredentials.getInstance();
        }
        if (how instanceof Target.KeyFile) {
            Target.KeyFile file = (Target.KeyFile) how;
            try (InputStream in = Files.newInputStream(file.path())) {
                return ServiceAccountCredentials.fromStream(in).createScoped(SCOPES);
            } catch (NoSuchFileException e) {
                throw auth("the service-account key file named by the credentials option does not exist");
            } catch (IOException | RuntimeException e) {
                // the parser's message may quote the file: it is not passed on
                throw auth("the credentials option's file is not a readable service-account key file");
            }
        }
        try {
            return GoogleCredentials.getApplicationDefault().createScoped(SCOPES);
        } catch (IOException e) {
            throw auth(
                    "no Application Default Credentials were found (set GOOGLE_APPLICATION_CREDENTIALS, run"
                            + " gcloud auth application-default login, or name a key file with credentials=file:PATH)",
                    e);
        }
    }

    private static DriverException auth(String detail) {
        return DriverException.builder(ErrorKind.AUTH, BigQueryDriver.NAME, "open")
                .detail(detail)
                .build();
    }

    private static DriverException auth(String detail, Throwable cause) {
        return DriverException.builder(ErrorKind.AUTH, BigQueryDriver.NAME, "open")
                .detail(detail)
                .cause(cause)
                .build();
    }
}
