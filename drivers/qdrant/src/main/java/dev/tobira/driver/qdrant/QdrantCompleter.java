package dev.tobira.driver.qdrant;

import dev.tobira.api.Completer;
import dev.tobira.api.DriverException;
import dev.tobira.spi.CallDeadline;
import dev.tobira.spi.Completions;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.WithPayloadSelector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Completion of the word before the cursor: operation names, collection names, and the payload field
 * names of the collection the document names (from a small sample of its points).
 */
final class QdrantCompleter implements Completer {
    private static final Pattern COLLECTION = Pattern.compile("\"collection\"\\s*:\\s*\"([^\"\\\\]+)\"");
    private static final int SAMPLE = 20;

    private final QdrantSession session;
    private final QdrantCatalog catalog;
    private final boolean readOnly;

    QdrantCompleter(QdrantSession session, QdrantCatalog catalog, boolean readOnly) {
        this.session = session;
        this.catalog = catalog;
        this.readOnly = readOnly;
    }

    @Override
    public List<Completion> complete(String text, int cursor) {
        Completions out = Completions.at(text, cursor, c -> word((char) c));
        List<String> operations = new ArrayList<>();
        for (Operation o : Operation.values()) {
            if (o.role() == Operation.Role.READ || (!readOnly && o.runs())) {
                operations.add(o.restName());
            }
        }
        out.add(operations, Completion.Type.KEYWORD).add(catalog.names("complete"), Completion.Type.COLLECTION);
        Matcher m = COLLECTION.matcher(text);
        if (m.find()) {
            out.add(fields(m.group(1)), Completion.Type.FIELD);
        }
        return out.list();
    }

    private SortedSet<String> fields(String collection) {
        TreeSet<String> names = new TreeSet<>();
        ScrollPoints req = ScrollPoints.newBuilder()
                .setCollectionName(collection)
                .setLimit(SAMPLE)
                .setWithPayload(WithPayloadSelector.newBuilder().setEnable(true))
                .build();
        try {
            var reply = session.call(
                    "complete", session.points(), CallDeadline.after(Duration.ofSeconds(10)), s -> s.scroll(req));
            for (RetrievedPoint p : reply.getResultList()) {
                for (String k : p.getPayloadMap().keySet()) {
                    names.add(k);
                }
            }
        } catch (DriverException e) {
            // a collection still being typed, or gone: no field names, the rest still completes
        }
        return names;
    }

    private static boolean word(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
    }
}
