package dev.tobira.cli;

import dev.tobira.api.Secret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * A reference to a secret in the config file, resolved only when a connection opens:
 * {@code env:NAME}, {@code file:PATH} (also {@code file:///abs/path}), {@code dotenv:PATH#KEY}
 * (also {@code dotenv://PATH#KEY}). A relative path is relative to the config file's directory.
 * Anything else in a secret field is a literal, which the config refuses.
 *
 * @param kind env, file or dotenv
 * @param target the variable name or the path
 * @param key the key in a dotenv file, empty otherwise
 */
record SecretRef(String kind, String target, String key) {

    /** Parses a reference, or returns empty for a literal value. */
    static Optional<SecretRef> parse(String text) {
        if (text.startsWith("env:")) {
            String name = text.substring(4);
            return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? Optional.of(new SecretRef("env", name, "")) : Optional.empty();
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
                Path p = base.resolve(target);
                try {
                    return Secret.of(stripNewline(Files.readString(p, StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    throw unresolved("cannot read " + p + " (" + e.getClass().getSimpleName() + ")");
                }
            }
            default -> {
                Path p = base.resolve(target);
                Map<String, String> values;
                try {
                    values = Dotenv.read(p);
                } catch (IOException e) {
                    throw unresolved("cannot read " + p + " (" + e.getClass().getSimpleName() + ")");
                }
                String v = values.get(key);
                if (v == null) {
                    throw unresolved(p + " has no key " + key);
                }
                return Secret.of(v);
            }
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
