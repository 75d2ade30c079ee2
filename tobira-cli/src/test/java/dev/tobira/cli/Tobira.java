package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The real command as a process: {@code java -jar target/tobira.jar} (or the launcher script), in
 * a working directory and a home of the test's own, with an environment that holds nothing of the
 * machine's but PATH and JAVA_HOME.
 */
final class Tobira {
    static final Path JAR = Path.of(System.getProperty("tobira.cli.jar", "target/tobira.jar"));
    static final Path LAUNCHER = Path.of(System.getProperty("tobira.cli.launcher", "target/tobira"));

    final Path dir;
    /** Where the command starts: the test's directory unless a test moves it. */
    Path workdir;

    final Map<String, String> env = new HashMap<>();
    final List<String> jvm = new ArrayList<>(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto"));

    /** What a run printed and how it ended. */
    record Run(int exit, String out, String err) {
        /** The output with the durations a machine cannot fix replaced by {@code <DURATION>}. */
        String outStable() {
            return out.replaceAll(
                            "(?m)(rows?(?: affected)? (?:· truncated )?· )(?:<1ms|\\d+ms|[\\d.]+s|\\d+m\\d+s)$",
                            "$1<DURATION>")
                    .replaceAll("\"duration_ms\": \\d+", "\"duration_ms\": <DURATION>");
        }
    }

    Tobira(Path dir) {
        this.dir = dir;
        this.workdir = dir;
        assertTrue(Files.isRegularFile(JAR), JAR + " is missing: the end-to-end tests run after package");
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        if (System.getenv("JAVA_HOME") != null) {
            env.put("JAVA_HOME", System.getenv("JAVA_HOME"));
        }
        env.put("HOME", dir.resolve("home").toString());
        env.put("XDG_CONFIG_HOME", dir.resolve("home/.config").toString());
        env.put("XDG_STATE_HOME", dir.resolve("home/.local/state").toString());
        env.put("LANG", "C.UTF-8");
    }

    Path historyFile() {
        return dir.resolve("home/.local/state/tobira/history.db");
    }

    Path configFile() {
        return dir.resolve("home/.config/tobira/config.yaml");
    }

    /** Writes the default config file with mode 0600. */
    Path config(String yaml) throws IOException {
        Path f = configFile();
        Files.createDirectories(f.getParent());
        Files.writeString(f, yaml);
        Files.setPosixFilePermissions(f, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        return f;
    }

    /**
     * Links databases of the working directory beside the default config file, where the config's
     * relative DSNs ({@code sqlite:./shop.db}) name them: one file, under both spellings.
     */
    void linkBesideConfig(String... names) throws IOException {
        Files.createDirectories(configFile().getParent());
        for (String n : names) {
            Files.createSymbolicLink(configFile().resolveSibling(n), dir.resolve(n));
        }
    }

    Run run(String... args) throws Exception {
        return withInput(null, args);
    }

    Run withInput(String stdin, String... args) throws Exception {
        Process p = start(args);
        CompletableFuture<String> out = read(p.getInputStream());
        CompletableFuture<String> err = read(p.getErrorStream());
        try (var in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tobira " + String.join(" ", args) + " did not end in 120 s");
        }
        return new Run(p.exitValue(), out.get(), err.get());
    }

    List<String> command(String... args) {
        List<String> cmd = new ArrayList<>();
        String javaHome = System.getProperty("java.home");
        cmd.add(Path.of(javaHome, "bin", "java").toString());
        cmd.addAll(jvm);
        cmd.add("-jar");
        cmd.add(JAR.toAbsolutePath().toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    Process start(String... args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(args)).directory(workdir.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        return pb.start();
    }

    /** A shell pipeline around the command: {@code $TOBIRA} in the script is the command line. */
    Run shell(String script) throws Exception {
        String tobira = String.join(" ", command().stream().map(Tobira::quote).toList());
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", script.replace("$TOBIRA", tobira)).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        CompletableFuture<String> out = read(p.getInputStream());
        CompletableFuture<String> err = read(p.getErrorStream());
        p.getOutputStream().close();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(script + " did not end in 120 s");
        }
        return new Run(p.exitValue(), out.get(), err.get());
    }

    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    static CompletableFuture<String> read(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "<" + e + ">";
            }
        });
    }
}
