package dev.tobira.history;

import static java.util.Objects.requireNonNull;

import dev.tobira.spi.Redactor;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The local history: one SQLite file holding the last entries of every query the command ran and
 * every tool an MCP client called, shared by {@code tobira-cli} and {@code tobira-mcp}.
 *
 * <p>The file is created with mode {@code 0600} (its directory, when created, {@code 0700}), and
 * an existing file with wider permissions is narrowed to {@code 0600} on open; SQLite gives its
 * journal the same mode. Every text field of an entry passes the redactor before it is stored, so
 * a DSN's password or a configured secret never reaches the file, and is then cut to its bound
 * ({@link HistoryEntry#MAX_LABEL_CHARS}, {@link HistoryEntry#MAX_QUERY_CHARS},
 * {@link HistoryEntry#MAX_ERROR_CHARS}) with a visible marker, so no caller (an MCP client naming
 * itself with megabytes) grows the file beyond what the retention allows. After each record, the entries
 * beyond the {@link Retention} are deleted. Several processes may record into one file at once
 * (each waits up to five seconds for another's write).
 *
 * <p>The history is only ever written to a regular file at the path itself: a path that is a
 * symbolic link, or not a regular file, is refused without being followed, and an existing file is
 * read before anything is written to it or its mode is changed: it must be empty or a tobira history
 * ({@code pragma application_id} {@value #APPLICATION_ID}, "tobi", and exactly the history's table;
 * a history written before the id existed is recognised by its table and version). Another
 * application's database is refused with a {@link HistoryException}, untouched.
 *
 * <p>Thread-safe; one connection per instance. Close it when done.
 *
 * @since 0.1
 */
public final class History implements AutoCloseable {
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private static final int SCHEMA_VERSION = 1;
    /** {@code pragma application_id} of a tobira history: "tobi" in ASCII. */
    static final int APPLICATION_ID = 0x746f6269;

    private static final Set<String> TABLES = Set.of("entries", "sqlite_sequence");
    private static final String CREATE = "create table if not exists entries (id integer primary key autoincrement,"
            + " at_ms integer not null, source text not null, client text not null,"
            + " client_version text not null, connection text not null, command text not null,"
            + " query text not null, ok integer not null, rows integer not null,"
            + " duration_ms integer not null, error text not null)";
    private static final String COLUMNS =
            "at_ms, source, client, client_version, connection, command, query, ok, rows, duration_ms, error";

    private final Path file;
    private final Retention retention;
    private final Redactor redactor;
    private final Connection db;

    private History(Path file, Retention retention, Redactor redactor, Connection db) {
        this.file = file;
        this.retention = retention;
        this.redactor = redactor;
        this.db = db;
    }

    /**
     * Returns the default history file: {@code $TOBIRA_HISTORY} when set, else
     * {@code $XDG_STATE_HOME/tobira/history.db}, else {@code ~/.local/state/tobira/history.db}.
     *
     * @return the path
     */
    public static Path defaultFile() {
        return defaultFile(System.getenv());
    }

    static Path defaultFile(Map<String, String> env) {
        String explicit = env.get("TOBIRA_HISTORY");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String state = env.get("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank()
                ? Path.of(state)
                : Path.of(System.getProperty("user.home"), ".local", "state");
        return base.resolve("tobira").resolve("history.db");
    }

    /**
     * Opens (creating if needed) a history file with the default retention and the standard
     * redactor.
     *
     * @param file the SQLite file
     * @return the store
     * @throws HistoryException if the file cannot be created, opened or read as a history
     */
    public static History open(Path file) {
        return open(file, Retention.DEFAULT, Redactor.standard());
    }

    /**
     * Opens (creating if needed) a history file.
     *
     * @param file the SQLite file
     * @param retention how much to keep
     * @param redactor what masks the entries' text; pass one that knows the configured secrets
     *     ({@link Redactor#withSecrets}) so a password that came from a reference is masked too
     * @return the store
     * @throws HistoryException if the file cannot be created, opened or read as a history
     */
    public static History open(Path file, Retention retention, Redactor redactor) {
        requireNonNull(file, "file is null");
        requireNonNull(retention, "retention is null");
        requireNonNull(redactor, "redactor is null");
        Path path = file.toAbsolutePath();
        boolean existed;
        try {
            existed = prepareFile(path);
        } catch (IOException e) {
            throw new HistoryException("history: cannot create " + path + ": " + e.getMessage(), e);
        }
        Connection db = null;
        try {
            db = DriverManager.getConnection("jdbc:sqlite:" + path);
            try (Statement st = db.createStatement()) {
                st.execute("pragma busy_timeout = 5000");
                // the file is known to be a history (or empty) before anything is written to it or its mode changed
                st.execute("begin immediate");
                try {
                    adopt(st, path);
                    st.execute("commit");
                } catch (SQLException | RuntimeException e) {
                    st.execute("rollback");
                    throw e;
                }
            }
            if (existed) {
                narrow(path);
            }
            return new History(path, retention, redactor, db);
        } catch (SQLException e) {
            closeQuietly(db);
            if (e.getErrorCode() == 26 || String.valueOf(e.getMessage()).contains("SQLITE_NOTADB")) {
                throw notAHistory(path, "the file is not a SQLite database", e);
            }
            throw new HistoryException("history: cannot open " + path + ": " + e.getMessage(), e);
        } catch (IOException e) {
            closeQuietly(db);
            throw new HistoryException("history: cannot narrow the mode of " + path + ": " + e.getMessage(), e);
        } catch (HistoryException e) {
            closeQuietly(db);
            throw e;
        }
    }

    /**
     * Makes the open file a history of this schema: a new (empty) database gets the table, the
     * application id and the version; a history of this schema is taken as it is, one written before
     * the application id existed (version 1, exactly its table) gets the id; anything else is refused.
     */
    private static void adopt(Statement st, Path path) throws SQLException {
        int appId = pragma(st, "application_id");
        int version = pragma(st, "user_version");
        Set<String> tables = new java.util.TreeSet<>();
        try (ResultSet rs = st.executeQuery("select name from sqlite_master where type = 'table'")) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        if (appId == APPLICATION_ID) {
            if (version > SCHEMA_VERSION) {
                throw new SQLException("written by a newer tobira (schema " + version + ")");
            }
            if (version == SCHEMA_VERSION && tables.equals(TABLES)) {
                return;
            }
            throw notAHistory(
                    path,
                    "it says it is one, but its schema is not (version " + version + ", tables " + tables + ")",
                    null);
        }
        if (appId == 0 && tables.isEmpty() && version == 0) {
            st.execute(CREATE);
            st.execute("pragma application_id = " + APPLICATION_ID);
            st.execute("pragma user_version = " + SCHEMA_VERSION);
            return;
        }
        if (appId == 0 && version == SCHEMA_VERSION && tables.equals(TABLES) && hasColumns(st)) {
            st.execute("pragma application_id = " + APPLICATION_ID); // a history from before the id
            return;
        }
        throw notAHistory(
                path,
                appId != 0
                        ? "another application's SQLite database (application id " + appId + ")"
                        : !tables.isEmpty()
                                ? "a SQLite database with other tables " + tables
                                : "a SQLite database of another application (user_version " + version + ")",
                null);
    }

    private static boolean hasColumns(Statement st) throws SQLException {
        Set<String> columns = new java.util.TreeSet<>();
        try (ResultSet rs = st.executeQuery("select name from pragma_table_info('entries')")) {
            while (rs.next()) {
                columns.add(rs.getString(1));
            }
        }
        Set<String> expected = new java.util.TreeSet<>(List.of(COLUMNS.split(", ")));
        expected.add("id");
        return columns.equals(expected);
    }

    private static int pragma(Statement st, String name) throws SQLException {
        try (ResultSet rs = st.executeQuery("pragma " + name)) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private static HistoryException notAHistory(Path path, String what, @Nullable Throwable cause) {
        return new HistoryException(
                "history: " + path + " is not a tobira history (" + what + "); nothing was written to it."
                        + " Name a new file with history.file in the config or TOBIRA_HISTORY",
                cause);
    }

    /**
     * Creates the directory and the file as needed; refuses a path that is a symbolic link or not a
     * regular file, without following it.
     *
     * @return whether the file existed already (its mode is narrowed once it is known to be a history)
     */
    private static boolean prepareFile(Path path) throws IOException {
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        Path dir = path.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            if (posix) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(DIR_MODE));
            } else {
                Files.createDirectories(dir);
            }
        }
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            attrs = null;
        }
        if (attrs == null) {
            try {
                if (posix) {
                    Files.createFile(path, PosixFilePermissions.asFileAttribute(FILE_MODE));
                } else {
                    Files.createFile(path);
                }
                return false;
            } catch (FileAlreadyExistsException raced) {
                // another process made it first: checked below like any existing file
                attrs = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            }
        }
        if (attrs.isSymbolicLink()) {
            throw new HistoryException(
                    "history: " + path + " is a symbolic link; the history is written only to a regular file"
                            + " at the path itself (name the target with history.file or TOBIRA_HISTORY)",
                    null);
        }
        if (!attrs.isRegularFile()) {
            throw new HistoryException("history: " + path + " is not a regular file", null);
        }
        return true;
    }

    /** Narrows an existing history's mode to 0600, on the file itself, never through a link. */
    private static void narrow(Path path) throws IOException {
        PosixFileAttributeView view =
                Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> mode = view.readAttributes().permissions();
        if (!FILE_MODE.containsAll(mode)) {
            Set<PosixFilePermission> narrowed = EnumSet.copyOf(mode);
            narrowed.retainAll(FILE_MODE);
            view.setPermissions(narrowed);
        }
    }

    /**
     * Returns the file this store writes.
     *
     * @return the absolute path
     */
    public Path file() {
        return file;
    }

    /**
     * Returns how much this store keeps.
     *
     * @return the retention
     */
    public Retention retention() {
        return retention;
    }

    /**
     * Records an entry, its text fields masked, then deletes what the retention no longer keeps.
     *
     * @param entry the entry
     * @throws HistoryException if the file cannot be written
     */
    public synchronized void record(HistoryEntry entry) {
        requireNonNull(entry, "entry is null");
        try {
            db.setAutoCommit(false);
            try (PreparedStatement st =
                    db.prepareStatement("insert into entries (" + COLUMNS + ") values (?,?,?,?,?,?,?,?,?,?,?)")) {
                st.setLong(1, entry.at().toEpochMilli());
                st.setString(2, entry.source().id());
                st.setString(3, HistoryEntry.cap(redactor.redact(entry.client()), HistoryEntry.MAX_LABEL_CHARS));
                st.setString(4, HistoryEntry.cap(redactor.redact(entry.clientVersion()), HistoryEntry.MAX_LABEL_CHARS));
                st.setString(5, HistoryEntry.cap(redactor.redact(entry.connection()), HistoryEntry.MAX_LABEL_CHARS));
                st.setString(6, HistoryEntry.cap(redactor.redact(entry.command()), HistoryEntry.MAX_LABEL_CHARS));
                st.setString(7, HistoryEntry.cap(redactor.redact(entry.query()), HistoryEntry.MAX_QUERY_CHARS));
                st.setInt(8, entry.ok() ? 1 : 0);
                st.setLong(9, entry.rows());
                st.setLong(10, entry.duration().toMillis());
                st.setString(11, HistoryEntry.cap(redactor.redact(entry.error()), HistoryEntry.MAX_ERROR_CHARS));
                st.executeUpdate();
            }
            try (PreparedStatement st =
                    db.prepareStatement("delete from entries where id <= (select max(id) from entries) - ?")) {
                st.setLong(1, retention.maxEntries());
                st.executeUpdate();
            }
            if (!retention.maxAge().isZero()) {
                try (PreparedStatement st = db.prepareStatement("delete from entries where at_ms < ?")) {
                    st.setLong(1, Instant.now().minus(retention.maxAge()).toEpochMilli());
                    st.executeUpdate();
                }
            }
            db.commit();
        } catch (SQLException e) {
            rollbackQuietly();
            throw new HistoryException("history: cannot write " + file + ": " + e.getMessage(), e);
        } finally {
            autocommitQuietly();
        }
    }

    /**
     * Returns the newest entries, newest first.
     *
     * @param limit the most entries returned, 1 or more
     * @return the entries
     * @throws HistoryException if the file cannot be read
     */
    public List<HistoryEntry> recent(int limit) {
        return recent(HistoryFilter.latest(limit));
    }

    /**
     * Returns the newest entries a filter selects, newest first.
     *
     * @param filter which entries
     * @return the entries
     * @throws HistoryException if the file cannot be read
     */
    public synchronized List<HistoryEntry> recent(HistoryFilter filter) {
        requireNonNull(filter, "filter is null");
        StringBuilder sql = new StringBuilder("select " + COLUMNS + " from entries where 1 = 1");
        List<String> args = new ArrayList<>();
        filter.source().ifPresent(s -> {
            sql.append(" and source = ?");
            args.add(s.id());
        });
        if (!filter.connection().isEmpty()) {
            sql.append(" and connection = ?");
            args.add(filter.connection());
        }
        sql.append(" order by id desc limit ?");
        try (PreparedStatement st = db.prepareStatement(sql.toString())) {
            int i = 1;
            for (String a : args) {
                st.setString(i++, a);
            }
            st.setInt(i, filter.limit());
            List<HistoryEntry> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new HistoryEntry(
                            Instant.ofEpochMilli(rs.getLong(1)),
                            source(rs.getString(2)),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getInt(8) != 0,
                            rs.getLong(9),
                            Duration.ofMillis(rs.getLong(10)),
                            rs.getString(11)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new HistoryException("history: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static Source source(String id) {
        try {
            return Source.of(id);
        } catch (IllegalArgumentException e) {
            return Source.CLI; // a source a newer tobira added; shown as the command's
        }
    }

    /**
     * Returns the number of entries stored.
     *
     * @return the count
     * @throws HistoryException if the file cannot be read
     */
    public synchronized long size() {
        try (Statement st = db.createStatement();
                ResultSet rs = st.executeQuery("select count(*) from entries")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            throw new HistoryException("history: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes every entry, and the free pages that held them.
     *
     * @return the number of entries deleted
     * @throws HistoryException if the file cannot be written
     */
    public synchronized long clear() {
        try (Statement st = db.createStatement()) {
            long n = st.executeUpdate("delete from entries");
            st.execute("vacuum"); // the deleted text must not stay readable in free pages
            return n;
        } catch (SQLException e) {
            throw new HistoryException("history: cannot clear " + file + ": " + e.getMessage(), e);
        }
    }

    /** Closes the file. */
    @Override
    public synchronized void close() {
        closeQuietly(db);
    }

    /**
     * Returns the store's file and retention, never an entry.
     *
     * @return the description
     */
    @Override
    public String toString() {
        return "History[" + file + ", " + retention + "]";
    }

    private void rollbackQuietly() {
        try {
            db.rollback();
        } catch (SQLException ignored) {
            // the write failed already; that failure is the one reported
        }
    }

    private void autocommitQuietly() {
        try {
            db.setAutoCommit(true);
        } catch (SQLException ignored) {
            // a connection that cannot switch back fails its next call, which reports it
        }
    }

    private static void closeQuietly(@Nullable Connection c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (SQLException ignored) {
            // nothing to do with a failed close of a local file
        }
    }
}
