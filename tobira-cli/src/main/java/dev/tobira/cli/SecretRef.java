package dev.tobira.cli;

import dev.tobira.api.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A reference to a secret in the config file, resolved only when a connection opens:
 * {@code env:NAME}, {@code file:PATH} (also {@code file:///abs/path}), {@code dotenv:PATH#KEY}
 * (also {@code dotenv://PATH#KEY}). A relative path is relative to the config file's directory. A
 * file is read only when it is a regular file of at most {@value #MAX_BYTES} bytes outside
 * {@code /proc}, {@code /sys} and {@code /dev} (see {@link #read}).
 * Anything else in a secret field is a literal, which the config refuses.
 *
 * @param kind env, file or dotenv
 * @param target the variable name or the path
 * @param key the key in a dotenv file, empty otherwise
 */
record SecretRef(String kind, String target, String key) {
    /** The largest file a {@code file:} or {@code dotenv:} reference reads. */
    static final int MAX_BYTES = 64 * 1024;

    private static final List<String> SYSTEM_TREES = List.of("/proc", "/sys", "/dev");

    /** Parses a reference, or returns empty for a literal value. */
    static Optional<SecretRef> parse(String text) {
        if (text.startsWith("env:")) {
            String name = text.substring(4);
            return name.matches("[A-Za-z_][A-Za-z0-9_]*")
                    ? Optional.of(new SecretRef("env", name, ""))
                    : Optional.empty();
        }
        if (text.startsWith("file:")) {
            String path = text.startsWith("file://") ? text.substring(7) : text.substring(5);
            return path.isEmpty() ? Optional.empty() : Optional.of(new SecretRef("file", path, ""));
        }
        if (text.startsWith("dotenv:")) {
            String rest = text.startsWith("dotenv://") ? text.substring(9) : text.substring(7);
            int hash = rest.lastIndexOf('#');
            if (hash <= 0 || hash == rest.length() - 1) {
                return Optional.empty();
            }
            return Optional.of(new SecretRef("dotenv", rest.substring(0, hash), rest.substring(hash + 1)));
        }
        return Optional.empty();
    }

    /**
     * Resolves the reference.
     *
     * @param env the environment
     * @param base the config file's directory
     * @throws CliException with exit code 2 when it does not resolve; the message names the
     *     reference (never a value)
     */
    Secret resolve(Map<String, String> env, Path base) {
        switch (kind) {
            case "env" -> {
                String v = env.get(target);
                if (v == null || v.isEmpty()) {
                    throw unresolved("the environment variable " + target + " is not set");
                }
                return Secret.of(v);
            }
            case "file" -> {
                return Secret.of(stripNewline(read(base.resolve(target))));
            }
            default -> {
                Path p = base.resolve(target);
                Map<String, String> values = Dotenv.parse(read(p));
                String v = values.get(key);
                if (v == null) {
                    throw unresolved(p + " has no key " + key);
                }
                return Secret.of(v);
            }
        }
    }

    /**
     * The text of a file a reference names, read only when it is a secret's kind of file: after
     * links are resolved, a regular file outside {@code /proc}, {@code /sys} and {@code /dev}, of
     * at most {@value #MAX_BYTES} bytes, in UTF-8. Anything else is refused before it is opened, so
     * a FIFO never blocks the command, a device is never read, and a config cannot send
     * {@code /proc/self/environ} (the process's environment, every {@code env:} secret in it) to a
     * server as a password. A link is followed (secret mounts are links), but only to such a file,
     * which is then opened without following links.
     */
    private String read(Path p) {
        Path real;
        BasicFileAttributes attrs;
        try {
            real = p.toRealPath();
            attrs = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw unresolved("no such file: " + p);
        } catch (IOException e) {
            throw unresolved("cannot read " + p + " (" + QueryCommand.reason(e) + ")");
        }
        for (String system : SYSTEM_TREES) {
            if (real.startsWith(system)) {
                throw unresolved(p + " is in " + system + ", not a file of secrets; name a regular file");
            }
        }
        if (!attrs.isRegularFile()) {
            throw unresolved(p + " is not a regular file ("
                    + (attrs.isDirectory() ? "a directory" : "a FIFO, socket or device") + "); name a regular file");
        }
        if (attrs.size() > MAX_BYTES) {
            throw unresolved(p + " is larger than " + MAX_BYTES + " bytes, too large for a secret");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(real, LinkOption.NOFOLLOW_LINKS)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw unresolved("cannot read " + p + " (" + QueryCommand.reason(e) + ")");
        }
        if (bytes.length > MAX_BYTES) {
            throw unresolved(p + " is larger than " + MAX_BYTES + " bytes, too large for a secret");
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw unresolved(p + " is not UTF-8 text");
        }
    }

    private CliException unresolved(String why) {
        return new CliException(CliException.OPEN, "secret reference " + this + " does not resolve: " + why);
    }

    private static String stripNewline(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == '\n' || s.charAt(end - 1) == '\r')) {
            end--;
        }
        return s.substring(0, end);
    }

    @Override
    public String toString() {
        return kind + ":" + target + (key.isEmpty() ? "" : "#" + key);
    }
}
