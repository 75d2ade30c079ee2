package dev.tobira.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The machine a run measured on, as RESULTS.md reports it. */
final class Machine {
    private Machine() {}

    static ObjectNode describe() {
        ObjectNode m = Notes.JSON.createObjectNode();
        m.put("nproc", Runtime.getRuntime().availableProcessors());
        m.put("cpu", cpuModel());
        m.put("java", javaVersion());
        m.put(
                "os",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
        m.put("memoryMb", totalMemoryMb());
        return m;
    }

    /** The 1, 5 and 15 minute load averages, as /proc/loadavg has them. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+", -1);
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private static long totalMemoryMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return -1;
    }

    /** What {@code java -version} prints, on one line. */
    private static String javaVersion() {
        try {
            Process p = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-version")
                    .redirectErrorStream(true)
                    .start();
            List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
            p.waitFor();
            return String.join(" / ", lines);
        } catch (IOException | InterruptedException e) {
            return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        }
    }
}
