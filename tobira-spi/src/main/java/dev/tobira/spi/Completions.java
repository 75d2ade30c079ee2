package dev.tobira.spi;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.Completer.Completion;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * The suggestions for one word, collected from a completer's sources of names (keywords, collections,
 * fields): each source's candidates that start with the word are kept, in the order added, each
 * suggestion once. What a word is and where its candidates come from differ by language; the
 * filtering is written once here.
 *
 * <p>Not thread-safe: one per {@link dev.tobira.api.Completer#complete} call.
 *
 * @since 0.1
 */
public final class Completions {
    private final String word;
    private final Set<Completion> out = new LinkedHashSet<>();
    private boolean ignoreCase;
    private @Nullable Set<String> names;

    private Completions(String word) {
        this.word = word;
    }

    /**
     * Starts the suggestions for the word before the cursor.
     *
     * @param text the text
     * @param cursor the cursor's position, within the text
     * @param wordChar tells whether a character belongs to a word
     * @return the empty suggestions, matched case-sensitively
     * @throws NullPointerException if text or wordChar is null
     * @throws IndexOutOfBoundsException if cursor is outside the text
     */
    public static Completions at(String text, int cursor, IntPredicate wordChar) {
        return new Completions(CompletionPrefix.of(text, cursor, wordChar));
    }

    /**
     * Starts the suggestions for a word the completer found itself (the part after a qualifier, say).
     *
     * @param word the word
     * @return the empty suggestions, matched case-sensitively
     */
    public static Completions matching(String word) {
        return new Completions(requireNonNull(word, "word is null"));
    }

    /**
     * Matches candidates whatever their case, as for keywords and names a language folds.
     *
     * @return this
     */
    public Completions ignoringCase() {
        ignoreCase = true;
        return this;
    }

    /**
     * Keeps a name once, under the type it was first added with.
     *
     * @return this
     */
    public Completions oncePerName() {
        Set<String> seen = new HashSet<>();
        out.forEach(c -> seen.add(c.text()));
        names = seen;
        return this;
    }

    /**
     * Returns the word the candidates are matched against.
     *
     * @return the word, empty when the cursor follows no word character
     */
    public String word() {
        return word;
    }

    /**
     * Tells whether a candidate starts with the word.
     *
     * @param candidate the candidate
     * @return whether it matches
     */
    public boolean matches(String candidate) {
        return ignoreCase
                ? candidate.toLowerCase(Locale.ROOT).startsWith(word.toLowerCase(Locale.ROOT))
                : candidate.startsWith(word);
    }

    /**
     * Adds the candidates that start with the word.
     *
     * @param candidates the candidates
     * @param type what they are
     * @return this
     */
    public Completions add(Iterable<String> candidates, Completion.Type type) {
        return add(candidates, type, false);
    }

    /**
     * Adds the candidates that start with the word and are not the word itself: a word already
     * complete is not suggested again.
     *
     * @param candidates the candidates
     * @param type what they are
     * @return this
     */
    public Completions addOthers(Iterable<String> candidates, Completion.Type type) {
        return add(candidates, type, true);
    }

    private Completions add(Iterable<String> candidates, Completion.Type type, boolean others) {
        requireNonNull(type, "type is null");
        for (String c : candidates) {
            if (matches(c) && !(others && c.equals(word)) && (names == null || names.add(c))) {
                out.add(new Completion(c, type));
            }
        }
        return this;
    }

    /**
     * Returns the suggestions.
     *
     * @return them, in the order added
     */
    public List<Completion> list() {
        return List.copyOf(out);
    }

    /**
     * Returns the first suggestions.
     *
     * @param max how many at the most
     * @return them, in the order added
     */
    public List<Completion> list(int max) {
        List<Completion> all = new ArrayList<>(out);
        return List.copyOf(all.size() > max ? all.subList(0, max) : all);
    }
}
