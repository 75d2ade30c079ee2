package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.Redactor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The database file an embedded engine's DSN names (SQLite, DuckDB): {@code scheme:./shop.db},
 * {@code scheme:shop.db}, {@code scheme:/abs/path.db}, {@code scheme:///abs/path.db} or
 * {@code scheme::memory:}, and nothing else, so no part of a DSN reaches the vendor driver's own
 * URL syntax (its options, URI file names, services it would fetch from the network). Failures are
 * {@link DriverException}s of op {@code open}.
 *
 * <p>The path is taken as written: it is not percent-decoded, and neither sqlite-jdbc nor SQLite
 * nor DuckDB decodes a plain file name. A {@code %} is refused all the same, as are {@code ?}
 * (sqlite-jdbc's pragmas, a SQLite URI's query), {@code #} (a URI's fragment), {@code ;}
 * (duckdb_jdbc's options, among them one that runs a file of SQL at open), control characters,
 * and white space at either end (duckdb_jdbc trims it, so it would open another file than the one
 * checked): none of them can then make a file name a URI or start an option in any of the engines.
 *
 * @since 0.1
 */
public final class DatabaseFile {
    /** What {@link #target} returns for a DSN that names a private in-memory database. */
    public static final String MEMORY = ":memory:";

    /** A body such as {@code file:x.db}, {@code md:db} or {@code s3://…}; a drive letter ({@code C:}) is one letter. */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:.*", Pattern.DOTALL);
    /** Refused in every path, whatever the engine: each starts options, a query or a fragment in one of them. */
    private static final String OPTION_MARKERS = "?#;";

    private DatabaseFile() {}

    /**
     * Returns the path a DSN names, or {@link #MEMORY}.
     *
     * @param driver the driver's name, which starts every message
     * @param dsn the DSN, {@code scheme:…}
     * @param usage the forms the driver takes, added to a refusal, such as
     *     {@code use sqlite:./shop.db, sqlite:/abs/path.db or sqlite::memory:}
     * @param optionMarkers further characters the vendor's JDBC URL reads as the start of its
     *     options, refused in a path besides {@code ? # ; %}, which always are
     * @return the path as written, or {@link #MEMORY}
     * @throws DriverException INVALID_ARGUMENT for a host form, no path, a control character, white
     *     space at either end, a special name other than {@code :memory:}, one of {@code ? # ; %}
     *     or another option marker, a URI or service ({@code file:}, {@code md:}, {@code s3://})
     *     or a path the file system cannot hold
     * @throws NullPointerException if an argument is null
     */
    // Path.of is called for its check alone: an InvalidPathException says the name is no file name
    @SuppressWarnings("ReturnValueIgnored")
    public static String target(String driver, String dsn, String usage, String optionMarkers) {
        requireNonNull(driver, "driver is null");
        requireNonNull(usage, "usage is null");
        requireNonNull(optionMarkers, "optionMarkers is null");
        String body = requireNonNull(dsn, "dsn is null").substring(dsn.indexOf(':') + 1);
        if (body.startsWith("//")) {
            if (!body.startsWith("///")) {
                throw invalid(driver, "a " + driver + " DSN names a file, not a host; " + usage);
            }
            body = body.substring(2);
        }
        if (body.isEmpty()) {
            throw invalid(driver, "the DSN names no database file; " + usage);
        }
        if (body.equals(MEMORY)) {
            return MEMORY;
        }
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            int type = Character.getType(c);
            if (Character.isISOControl(c)
                    || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                throw invalid(driver, "the database path holds a control character");
            }
        }
        if (isSpace(body.charAt(0)) || isSpace(body.charAt(body.length() - 1))) {
            throw invalid(driver, "the database path begins or ends with white space");
        }
        if (body.startsWith(":")) {
            throw invalid(driver, "the only special name is :memory:; " + usage);
        }
        if (body.indexOf('%') >= 0) {
            // SQLite decodes percent-encodings in a URI file name; the path of a DSN is never one
            throw invalid(driver, "the database path holds a '%'; write the path as it is, not percent-encoded");
        }
        for (char marker : (OPTION_MARKERS + optionMarkers).toCharArray()) {
            if (body.indexOf(marker) >= 0) {
                throw invalid(
                        driver,
                        "the database path holds a '" + marker + "', which the JDBC driver or the engine would read"
                                + " as the start of options");
            }
        }
        if (SCHEME.matcher(body).matches()) {
            throw invalid(driver, "the database path is a URI or names a service, not a local file; " + usage);
        }
        try {
            Path.of(body);
        } catch (InvalidPathException e) {
            throw invalid(driver, "the database path is not a valid file name");
        }
        return body;
    }

    /**
     * Checks a database file before the engine opens it, without creating anything, and returns its
     * real path: symbolic links and {@code .} or {@code ..} resolved, so two spellings of one file
     * are one path (engines that share an instance per path string need that). A file that does not
     * exist yet (a writable open creates it) is resolved through its directory.
     *
     * @param driver the driver's name, which starts every message
     * @param path the path {@link #target} returned
     * @param readOnly whether the database is opened read-only, which never creates it
     * @return the real path
     * @throws DriverException INVALID_ARGUMENT if the path is a directory; NOT_FOUND for a missing
     *     file opened read-only, a missing directory, or a path that cannot be resolved
     * @throws NullPointerException if an argument is null
     */
    public static Path resolve(String driver, Path path, boolean readOnly) {
        requireNonNull(driver, "driver is null");
        String shown =
                Redactor.standard().redact(requireNonNull(path, "path is null").toString());
        if (Files.isDirectory(path)) {
            throw invalid(driver, shown + " is a directory, not a database file");
        }
        try {
            if (Files.exists(path)) {
                return path.toRealPath();
            }
            if (readOnly) {
                throw DriverException.of(ErrorKind.NOT_FOUND, driver, "open", "no such database file: " + shown);
            }
            Path absolute = path.toAbsolutePath().normalize();
            Path parent = absolute.getParent();
            if (parent == null || !Files.isDirectory(parent)) {
                throw DriverException.of(
                        ErrorKind.NOT_FOUND, driver, "open", "no such directory for the database file: " + shown);
            }
            return parent.toRealPath().resolve(absolute.getFileName());
        } catch (IOException e) {
            throw DriverException.builder(ErrorKind.NOT_FOUND, driver, "open")
                    .detail("cannot resolve " + shown)
                    .cause(e)
                    .build();
        }
    }

    private static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    private static DriverException invalid(String driver, String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, driver, "open", detail);
    }
}
