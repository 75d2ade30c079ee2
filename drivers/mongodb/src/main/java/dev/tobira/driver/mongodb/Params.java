package dev.tobira.driver.mongodb;

import static java.util.Objects.requireNonNull;

import dev.tobira.api.DriverException;
import dev.tobira.api.ErrorKind;
import dev.tobira.api.Value;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Binds {@code Query.params()} into the parsed command document: a sub-document that is exactly
 * {@code {"$param": n}} (n an integer from 1) stands for the n-th parameter, which takes its place
 * as a BSON value ({@link Bsons#toBson}). Values are placed into the tree, never pasted into the
 * text, so a parameter can never become a key, an operator or a second command; the guard then
 * checks the bound document, which is the one sent. Every parameter must be used, and every
 * placeholder must have one.
 */
final class Params {
    static final String KEY = "$param";

    private Params() {}

    static BsonDocument bind(BsonDocument doc, List<Value> params, String op) {
        if (isPlaceholder(doc)) {
            // a parameter is a value in the command, never the command: its name and its checks come from the text
            throw invalid(op, "a {\"$param\": n} placeholder cannot stand for the whole command document");
        }
        boolean[] used = new boolean[params.size()];
        BsonDocument bound = (BsonDocument) walk(doc, params, used, op);
        for (int i = 0; i < used.length; i++) {
            if (!used[i]) {
                throw invalid(
                        op,
                        "parameter " + (i + 1) + " has no placeholder: write {\"$param\": " + (i + 1)
                                + "} where its value goes");
            }
        }
        return bound;
    }

    private static BsonValue walk(BsonValue v, List<Value> params, boolean[] used, String op) {
        if (v.isDocument()) {
            BsonDocument d = v.asDocument();
            if (isPlaceholder(d)) {
                BsonValue n = requireNonNull(d.get(KEY)); // isPlaceholder: the one key is KEY
                long index = n.isInt32()
                        ? n.asInt32().getValue()
                        : n.isInt64() ? n.asInt64().getValue() : 0;
                if (index < 1) {
                    throw invalid(op, "a {\"$param\": n} placeholder needs an integer n from 1");
                }
                if (index > params.size()) {
                    throw invalid(
                            op,
                            "the placeholder {\"$param\": " + index + "} has no parameter: the query has "
                                    + params.size());
                }
                used[(int) index - 1] = true;
                return Bsons.toBson(params.get((int) index - 1), op);
            }
            BsonDocument copy = new BsonDocument();
            for (Map.Entry<String, BsonValue> e : d.entrySet()) {
                copy.put(e.getKey(), walk(e.getValue(), params, used, op));
            }
            return copy;
        }
        if (v.isArray()) {
            BsonArray a = v.asArray();
            BsonArray copy = new BsonArray();
            for (BsonValue e : a) {
                copy.add(walk(e, params, used, op));
            }
            return copy;
        }
        return v;
    }

    private static boolean isPlaceholder(BsonDocument d) {
        return d.size() == 1 && d.containsKey(KEY);
    }

    private static DriverException invalid(String op, String detail) {
        return DriverException.of(ErrorKind.INVALID_ARGUMENT, MongoDriver.NAME, op, detail);
    }
}
