package dev.tobira.sample.quickstart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tobira.api.Registry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The quickstart prints exactly the reference output, on the first run (creating shop.db) and the next. */
class QuickstartTest {
    static final String EXPECTED = """
            capabilities: [browser explainer transactor completer]
            Ada Lovelace\tGB
            Grace Hopper\tUS
            Linus Torvalds\tFI
            (truncated: true)
            delete from customers -> sqlite: query: only SELECT, WITH, VALUES, EXPLAIN and read-only PRAGMA statements \
            are allowed on a read-only connection: read-only violation (read-only: true)
            """;

    /** The real main, in its own JVM with the temp directory as working directory: stdout holds nothing else. */
    @Test
    void mainPrintsTheReferenceOutput(@TempDir Path dir) throws IOException, InterruptedException {
        for (int run = 1; run <= 2; run++) {
            Process p = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            Quickstart.class.getName())
                    .directory(dir.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the quickstart did not end");
            assertEquals(0, p.exitValue(), "exit status of run " + run);
            assertEquals(EXPECTED, stdout.replace(System.lineSeparator(), "\n"), "stdout of run " + run);
            assertTrue(Files.exists(dir.resolve("shop.db")), "the first run creates shop.db in the working directory");
        }
    }

    @Test
    void runInProcess(@TempDir Path dir) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Path file = dir.resolve("shop.db");
        Quickstart.run(Registry.discover(), file, "sqlite:" + file, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(EXPECTED, out.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    }
}
