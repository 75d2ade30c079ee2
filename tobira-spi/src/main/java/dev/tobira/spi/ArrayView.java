package dev.tobira.spi;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An unmodifiable list over the first {@code size} elements of an array that its maker fills,
 * hands over and never touches again; it saves the copy {@link java.util.List#copyOf} would make.
 * Every mutator throws {@link UnsupportedOperationException}, as {@link AbstractList}'s do.
 */
final class ArrayView<E> extends AbstractList<E> implements RandomAccess {
    private final E[] elements;
    private final int size;

    ArrayView(E[] elements, int size) {
        this.elements = elements;
        this.size = size;
    }

    @Override
    public E get(int index) {
        return elements[Objects.checkIndex(index, size)];
    }

    @Override
    public int size() {
        return size;
    }
}
