package com.acme.collections;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * A copy-on-write bag of elements: every change replaces {@code elements} with a new list, so
 * {@link #getElements()} can hand out the current list without copying it. The paper's example of a
 * state coupling: {@code insertElement} writes the field that {@code getElements} reads.
 *
 * @param <E> the element type; {@code null} is not allowed
 */
public class ElementStore<E> {

    private List<E> elements = Collections.emptyList();

    /** Adds {@code element} at the end; returns {@code true} as {@link Collection#add} does. */
    public boolean insertElement(E element) {
        if (element == null) {
            throw new IllegalArgumentException("element must not be null");
        }
        List<E> next = new ArrayList<>(elements);
        next.add(element);
        elements = Collections.unmodifiableList(next);
        return true;
    }

    /** Adds every element of {@code more}, in order; returns how many were added. */
    public int insertAll(Collection<E> more) {
        int added = 0;
        for (E element : more) {
            insertElement(element);
            added++;
        }
        return added;
    }

    /** Adds every element of {@code more}, in order; returns how many were added. */
    @SafeVarargs
    public final int insertAll(E... more) {
        return insertAll(Arrays.asList(more));
    }

    /** Removes the first occurrence of {@code element}; returns whether there was one. */
    public boolean removeElement(E element) {
        int index = elements.indexOf(element);
        if (index < 0) {
            return false;
        }
        List<E> next = new ArrayList<>(elements);
        next.remove(index);
        elements = Collections.unmodifiableList(next);
        return true;
    }

    /** The elements in insertion order, as an unmodifiable list. */
    public List<E> getElements() {
        return elements;
    }

    public int size() {
        return elements.size();
    }

    public boolean contains(E element) {
        return elements.contains(element);
    }
}
