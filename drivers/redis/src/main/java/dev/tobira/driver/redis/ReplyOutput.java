package dev.tobira.driver.redis;

import dev.tobira.api.Value;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Builds a {@link Reply} tree from Lettuce's RESP decoder, keeping every type RESP3 tells apart
 * (maps, sets, doubles, booleans, big numbers) and every byte of bulk strings. Lettuce reports
 * simple, bulk and verbatim strings alike, so all three are of native type {@code string}.
 *
 * <p>Lettuce calls {@code multi…} when an aggregate starts and {@code complete(depth)} after every
 * element, with the depth the decoder is back at; an aggregate at nesting level {@code d} ends
 * with {@code complete(d)}.
 */
final class ReplyOutput extends CommandOutput<byte[], byte[], Reply> {
    private final Deque<Building> open = new ArrayDeque<>();
    private @Nullable Reply root;

    ReplyOutput() {
        super(ByteArrayCodec.INSTANCE, null);
    }

    @Override
    public Reply get() {
        return root != null ? root : Reply.Scalar.NULL;
    }

    @Override
    public void set(ByteBuffer bytes) {
        add(bytes == null ? Reply.Scalar.NULL : new Reply.Scalar(Values.ofBytes(copy(bytes)), "string"));
    }

    @Override
    public void setBigNumber(ByteBuffer bytes) {
        if (bytes == null) {
            add(Reply.Scalar.NULL);
            return;
        }
        String text = new String(copy(bytes), StandardCharsets.US_ASCII).strip();
        Value v;
        try {
            v = new Value.Decimal(new BigDecimal(text));
        } catch (NumberFormatException e) {
            v = new Value.Text(text);
        }
        add(new Reply.Scalar(v, "big-number"));
    }

    @Override
    public void set(long integer) {
        add(new Reply.Scalar(Value.of(integer), "integer"));
    }

    @Override
    public void set(double number) {
        add(new Reply.Scalar(Value.of(number), "double"));
    }

    @Override
    public void set(boolean value) {
        add(new Reply.Scalar(Value.of(value), "boolean"));
    }

    @Override
    public void multiArray(int count) {
        start(Reply.Shape.ARRAY, count);
    }

    @Override
    public void multiPush(int count) {
        start(Reply.Shape.PUSH, count);
    }

    @Override
    public void multiSet(int count) {
        start(Reply.Shape.SET, count);
    }

    @Override
    public void multiMap(int count) {
        start(Reply.Shape.MAP, count < 0 ? count : count * 2);
    }

    @Override
    public void multi(int count) {
        start(Reply.Shape.ARRAY, count);
    }

    @Override
    public void complete(int depth) {
        if (!open.isEmpty() && depth == open.size() - 1) {
            Building done = open.pop();
            add(new Reply.Aggregate(done.shape, List.copyOf(done.items)));
        }
    }

    private void start(Reply.Shape shape, int count) {
        if (count < 0) {
            // a RESP2 null array: *-1
            add(Reply.Scalar.NULL);
            return;
        }
        open.push(new Building(shape, count));
    }

    private void add(Reply r) {
        if (open.isEmpty()) {
            root = r;
        } else {
            open.peek().items.add(r);
        }
    }

    private static byte[] copy(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    private static final class Building {
        final Reply.Shape shape;
        final List<Reply> items;

        Building(Reply.Shape shape, int count) {
            this.shape = shape;
            this.items = new ArrayList<>(Math.min(count, 1024));
        }
    }
}
