package dev.tobira.drivertest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Deleting what a probe wrote to the file system, a file or a whole directory. */
final class Paths {
    private Paths() {}

    static void delete(Path path) {
        try {
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                List<Path> all;
                try (Stream<Path> walk = Files.walk(path)) {
                    all = walk.sorted(Comparator.reverseOrder()).toList();
                }
                for (Path p : all) {
                    Files.deleteIfExists(p);
                }
            } else {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
