package dev.tobira.driver.redis;

import dev.tobira.api.CollectionRef;
import dev.tobira.api.Completer;
import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.spi.CompletionPrefix;
import dev.tobira.spi.Completions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Completion of a command line: the first word completes to the server's command names (on a
 * read-only connection only those the guard allows), later words to key prefixes and, once the
 * word has a {@code :}, to keys.
 */
final class RedisCompleter implements Completer {
    private static final int MAX_KEYS = 50;

    private final RedisCatalog catalog;
    private final boolean readOnly;

    RedisCompleter(RedisCatalog catalog, boolean readOnly) {
        this.catalog = catalog;
        this.readOnly = readOnly;
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        int start = CompletionPrefix.start(text, cursor, c -> !Character.isWhitespace(c));
        String word = text.substring(start, cursor);
        boolean first = text.substring(0, start).isBlank();
        if (first) {
            List<String> commands = new ArrayList<>();
            for (String name : commandNames()) {
                commands.add(name.toUpperCase(Locale.ROOT));
            }
            return Completions.matching(word)
                    .ignoringCase()
                    .add(commands, Completion.Type.KEYWORD)
                    .list();
        }
        String quoteless = word.startsWith("\"") || word.startsWith("'") ? word.substring(1) : word;
        Completions out = Completions.matching(quoteless);
        out.add(
                catalog.collections(Optional.empty()).stream()
                        .map(CollectionRef::name)
                        .toList(),
                Completion.Type.COLLECTION);
        if (quoteless.indexOf(RedisCatalog.SEPARATOR) > 0) {
            String prefix = quoteless.substring(0, quoteless.indexOf(RedisCatalog.SEPARATOR));
            Set<String> keys = new TreeSet<>();
            String scan = "0";
            do {
                RedisCatalog.KeyPage page = catalog.scanKeys(catalog.defaultDb(), prefix, scan, 1000, "complete");
                for (String k : page.keys()) {
                    if (k.startsWith(quoteless) && keys.size() < MAX_KEYS) {
                        keys.add(k);
                    }
                }
                scan = page.cursor();
            } while (!scan.equals("0") && keys.size() < MAX_KEYS);
            out.add(keys, Completion.Type.COLLECTION);
        }
        return out.list();
    }

    private Set<String> commandNames() {
        Set<String> names = new TreeSet<>();
        try {
            for (Reply r : Reply.elements(catalog.call(catalog.defaultDb(), "complete", "COMMAND", "LIST"))) {
                names.add(Reply.text(r).toLowerCase(Locale.ROOT));
            }
        } catch (DriverException e) {
            if (e.kind() == ErrorKind.CONNECTION || e.kind() == ErrorKind.TIMEOUT) {
                throw e;
            }
            // COMMAND LIST is Redis 7; older servers list everything with COMMAND
            for (Reply entry : Reply.elements(catalog.call(catalog.defaultDb(), "complete", "COMMAND"))) {
                List<Reply> parts = Reply.elements(entry);
                if (!parts.isEmpty()) {
                    names.add(Reply.text(parts.get(0)).toLowerCase(Locale.ROOT));
                }
            }
        }
        if (readOnly) {
            names.removeIf(n -> !ReadOnlyGuard.ALLOWED.containsKey(n) && !hasAllowedSub(n));
        }
        return names;
    }

    private static boolean hasAllowedSub(String container) {
        for (String allowed : ReadOnlyGuard.ALLOWED.keySet()) {
            if (allowed.startsWith(container + "|")) {
                return true;
            }
        }
        return false;
    }
}
