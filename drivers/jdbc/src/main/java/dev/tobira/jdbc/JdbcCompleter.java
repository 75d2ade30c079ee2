package dev.tobira.jdbc;

import dev.tobira.api.Completer;
import dev.tobira.spi.FacetArguments;
import java.util.List;

/** The completer: the catalog's names and the dialect's {@link Vocabulary} (see {@link Completions}). */
final class JdbcCompleter implements Completer {
    private final Runner runner;

    JdbcCompleter(Runner runner) {
        this.runner = runner;
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        FacetArguments.complete(text, cursor);
        return runner.onSession("complete", s -> Completions.complete(s, text, cursor));
    }
}
