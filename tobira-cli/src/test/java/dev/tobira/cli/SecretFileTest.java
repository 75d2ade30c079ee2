package dev.tobira.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 29: a {@code file:} or {@code dotenv:} reference reads a regular file of a secret's size, nothing else, and never blocks. */
class SecretFileTest {
    @TempDir
    Path dir;

    private String refused(String ref) {
        CliException e = assertTimeoutPreemptively(
                Duration.ofSeconds(5),
                () -> assertThrows(
                        CliException.class,
                        () -> SecretRef.parse(ref).orElseThrow().resolve(Map.of(), dir)),
                ref);
        assertEquals(2, e.exitCode(), "an unresolved secret: could not open");
        return e.getMessage();
    }

    @Test
    void theProcessEnvironmentIsNeverASecret() throws Exception {
        assertTrue(
                refused("file:///proc/self/environ").contains("/proc/self/environ is in /proc, not a file of secrets"));
        assertTrue(refused("dotenv:///proc/self/environ#PATH").contains("is in /proc"));
        Files.createSymbolicLink(dir.resolve("pw"), Path.of("/proc/self/environ"));
        assertTrue(refused("file:pw").contains("pw is in /proc"), "a link is judged by its target");
        assertTrue(refused("file:///sys/kernel/mm/transparent_hugepage/enabled").contains("is in /sys")
                || !Files.exists(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")));
    }

    @Test
    void aFifoIsRefusedAtOnceInsteadOfBlockingForever() throws Exception {
        Path fifo = dir.resolve("fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mk.waitFor());
        assertTrue(refused("file:fifo").contains("is not a regular file (a FIFO, socket or device)"));
        assertTrue(refused("dotenv:fifo#A").contains("is not a regular file"));
        Files.createSymbolicLink(dir.resolve("link"), fifo);
        assertTrue(refused("file:link").contains("is not a regular file"));
    }

    @Test
    void devicesAndDirectoriesAreRefused() throws Exception {
        assertTrue(refused("file:///dev/zero").contains("is in /dev"));
        Files.createSymbolicLink(dir.resolve("zero"), Path.of("/dev/zero"));
        assertTrue(refused("file:zero").contains("is in /dev"));
        Files.createDirectory(dir.resolve("d"));
        assertTrue(refused("file:d").contains("is not a regular file (a directory)"));
        assertTrue(refused("file:missing").contains("no such file"));
    }

    @Test
    void aFileLargerThanASecretIsRefused() throws Exception {
        Files.write(dir.resolve("big"), new byte[SecretRef.MAX_BYTES + 1]);
        assertTrue(refused("file:big").contains("is larger than 65536 bytes"));
        Files.write(dir.resolve("bad"), new byte[] {(byte) 0xff, (byte) 0xfe});
        assertTrue(refused("file:bad").contains("is not UTF-8 text"));
    }

    @Test
    void aRegularFileAndALinkToOneStillResolve() throws Exception {
        Path real = Files.writeString(dir.resolve("pw.txt"), "s3cret\n");
        Files.createSymbolicLink(dir.resolve("mounted"), real); // secret mounts (Kubernetes) are links
        assertEquals(
                "s3cret",
                SecretRef.parse("file:mounted")
                        .orElseThrow()
                        .resolve(Map.of(), dir)
                        .reveal());
        Files.writeString(dir.resolve(".env"), "A=1\n");
        assertEquals(
                "1",
                SecretRef.parse("dotenv:.env#A")
                        .orElseThrow()
                        .resolve(Map.of(), dir)
                        .reveal());
        assertFalse(refused("file:missing").contains("s3cret"));
    }
}
