package dev.tobira.jdbc;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Completer;
import java.util.List;

/** The completer: the catalog's names and the dialect's {@link Vocabulary} (see {@link Completions}). */
final class JdbcCompleter implements Completer {
    private final Runner runner;

    JdbcCompleter(Runner runner) {
        this.runner = runner;
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        requireNonNull(text, "text is null");
        if (cursor < 0 || cursor > text.length()) {
            throw new IndexOutOfBoundsException("cursor " + cursor + " is outside the text of length " + text.length());
        }
        return runner.onSession("complete", s -> Completions.complete(s, text, cursor));
    }
}
