package dev.tobira.history;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * One recorded call: a query the {@code tobira} command ran or a tool an MCP client called.
 *
 * <p>Text fields are never null (empty when absent). Build one with {@link #builder(Source)}; the
 * builder stays source-compatible as fields are added, the canonical constructor does not.
 * {@link History#record} masks the credentials in every text field before it stores the entry, then
 * cuts each to its bound ({@link #MAX_LABEL_CHARS} for the client, its version, the connection and
 * the command; {@link #MAX_QUERY_CHARS} for the query; {@link #MAX_ERROR_CHARS} for the error), the
 * end of a longer text replaced by {@code …[truncated: N chars]}.
 *
 * @param at when the call started
 * @param source what made it
 * @param client the MCP client's name from its {@code initialize} request, empty for the command
 * @param clientVersion the MCP client's version, empty for the command
 * @param connection the connection's name, or the DSN given on the command line; empty for a call
 *     that names none ({@code list_connections})
 * @param command the command or tool: {@code query}, {@code explain}, {@code describe}, …
 * @param query the query text, or a tool's other arguments as JSON
 * @param ok whether the call succeeded
 * @param rows the rows returned (or affected by a write)
 * @param duration how long the call took
 * @param error the error message of a failed call, empty for a success
 * @since 0.1
 */
public record HistoryEntry(
        Instant at,
        Source source,
        String client,
        String clientVersion,
        String connection,
        String command,
        String query,
        boolean ok,
        long rows,
        Duration duration,
        String error) {
    /** The most characters {@link History#record} stores of the client, its version, the connection and the command. */
    public static final int MAX_LABEL_CHARS = 256;
    /** The most characters {@link History#record} stores of the query text or a tool's arguments. */
    public static final int MAX_QUERY_CHARS = 8192;
    /** The most characters {@link History#record} stores of an error message. */
    public static final int MAX_ERROR_CHARS = 2048;

    private static final Set<String> QUERY_COMMANDS = Set.of("query", "execute");

    /** Checks the fields; nulls in text fields become empty strings. */
    public HistoryEntry {
        requireNonNull(at, "at is null");
        requireNonNull(source, "source is null");
        requireNonNull(duration, "duration is null");
        client = orEmpty(client);
        clientVersion = orEmpty(clientVersion);
        connection = orEmpty(connection);
        command = orEmpty(command);
        query = orEmpty(query);
        error = orEmpty(error);
    }

    /**
     * Returns a builder of an entry from a source, starting now, successful, with no rows.
     *
     * @param source what made the entry
     * @return the builder
     */
    public static Builder builder(Source source) {
        return new Builder(requireNonNull(source, "source is null"));
    }

    /**
     * Returns the client as a history table shows it: {@code name/version}, the name alone without
     * a version, empty for the command.
     *
     * @return the client label
     */
    public String clientLabel() {
        if (clientVersion.isEmpty()) {
            return client;
        }
        return client.isEmpty() ? clientVersion : client + "/" + clientVersion;
    }

    /**
     * Returns what a history table shows in its {@code query} column: the query text of a
     * {@code query} or {@code execute} call, else the command followed by its arguments
     * ({@code describe {"collection":"orders"}}), or the command alone.
     *
     * @return the text
     */
    public String display() {
        if (QUERY_COMMANDS.contains(command) && !query.isEmpty()) {
            return query;
        }
        return query.isEmpty() ? command : command.isEmpty() ? query : command + " " + query;
    }

    /**
     * Returns text cut to at most {@code max} characters, the marker included: the head, then
     * {@code …[truncated: N chars]} with N the length of the whole; never a half of a surrogate pair.
     */
    static String cap(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        String marker = "…[truncated: " + s.length() + " chars]";
        int keep = Math.max(0, max - marker.length());
        if (keep > 0 && Character.isHighSurrogate(s.charAt(keep - 1))) {
            keep--;
        }
        return s.substring(0, keep) + marker;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /**
     * Builds a {@link HistoryEntry}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private final Source source;
        private Instant at = Instant.now();
        private String client = "";
        private String clientVersion = "";
        private String connection = "";
        private String command = "";
        private String query = "";
        private boolean ok = true;
        private long rows;
        private Duration duration = Duration.ZERO;
        private String error = "";

        private Builder(Source source) {
            this.source = source;
        }

        /**
         * Sets when the call started (default: when the builder was made).
         *
         * @param at the instant
         * @return this builder
         */
        public Builder at(Instant at) {
            this.at = requireNonNull(at, "at is null");
            return this;
        }

        /**
         * Sets the MCP client's name and version from its {@code initialize} request.
         *
         * @param name the client's name, or null
         * @param version the client's version, or null
         * @return this builder
         */
        public Builder client(String name, String version) {
            this.client = orEmpty(name);
            this.clientVersion = orEmpty(version);
            return this;
        }

        /**
         * Sets the connection's name, or the DSN given instead of one (masked when recorded).
         *
         * @param connection the name or DSN, or null for none
         * @return this builder
         */
        public Builder connection(String connection) {
            this.connection = orEmpty(connection);
            return this;
        }

        /**
         * Sets the command or tool name.
         *
         * @param command such as {@code query} or {@code describe}
         * @return this builder
         */
        public Builder command(String command) {
            this.command = orEmpty(command);
            return this;
        }

        /**
         * Sets the query text, or a tool's other arguments as JSON.
         *
         * @param query the text, or null for none
         * @return this builder
         */
        public Builder query(String query) {
            this.query = orEmpty(query);
            return this;
        }

        /**
         * Records a success with a number of rows.
         *
         * @param rows the rows returned or affected
         * @return this builder
         */
        public Builder ok(long rows) {
            this.ok = true;
            this.rows = rows;
            this.error = "";
            return this;
        }

        /**
         * Records a failure with its message.
         *
         * @param message the error message (masked when recorded)
         * @return this builder
         */
        public Builder failed(String message) {
            this.ok = false;
            this.error = orEmpty(message);
            return this;
        }

        /**
         * Sets the number of rows without changing success.
         *
         * @param rows the rows returned or affected
         * @return this builder
         */
        public Builder rows(long rows) {
            this.rows = rows;
            return this;
        }

        /**
         * Sets how long the call took.
         *
         * @param duration the duration
         * @return this builder
         */
        public Builder duration(Duration duration) {
            this.duration = requireNonNull(duration, "duration is null");
            return this;
        }

        /**
         * Sets the duration as the time since the call started ({@link #at(Instant)}).
         *
         * @return this builder
         */
        public Builder endedNow() {
            this.duration = Duration.between(at, Instant.now());
            return this;
        }

        /**
         * Returns the entry.
         *
         * @return the entry
         */
        public HistoryEntry build() {
            return new HistoryEntry(
                    at, source, client, clientVersion, connection, command, query, ok, rows, duration, error);
        }
    }
}
