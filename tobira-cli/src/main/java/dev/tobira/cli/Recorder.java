package dev.tobira.cli;

import dev.tobira.history.History;
import dev.tobira.history.HistoryEntry;
import dev.tobira.history.HistoryException;
import dev.tobira.history.Retention;
import java.nio.file.Path;

/** Writes the command's calls to the history, as the config says; a failure is a warning, never the call's. */
final class Recorder {
    private Recorder() {}

    static Path file(Io io, Config config) {
        Config.HistorySettings h = config.history();
        return h.file() != null ? h.file() : History.defaultFile();
    }

    static History open(Io io, Config config) {
        Config.HistorySettings h = config.history();
        return History.open(file(io, config), new Retention(h.maxEntries(), h.maxAge()), io.redactor());
    }

    static void record(Io io, Config config, HistoryEntry entry) {
        if (!config.history().enabled()) { // TOBIRA_HISTORY_ENABLED is applied to the config when it loads
            return;
        }
        try (History h = open(io, config)) {
            h.record(entry);
        } catch (HistoryException e) {
            io.warn(e.getMessage());
        }
    }
}
