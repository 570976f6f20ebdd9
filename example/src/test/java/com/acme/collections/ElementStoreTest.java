package com.acme.collections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ElementStoreTest {

    @Test
    void insertedElementIsInGetElements() {
        ElementStore<String> store = new ElementStore<>();
        store.insertElement("r");
        assertTrue(store.getElements().contains("r"));
        assertEquals(1, store.size());
    }

    @Test
    void insertAllOverloadsAgree() {
        ElementStore<Integer> fromCollection = new ElementStore<>();
        ElementStore<Integer> fromVarargs = new ElementStore<>();
        assertEquals(3, fromCollection.insertAll(List.of(1, 2, 3)));
        assertEquals(3, fromVarargs.insertAll(1, 2, 3));
        assertEquals(fromCollection.getElements(), fromVarargs.getElements());
    }

    @Test
    void removeElementUndoesInsertElement() {
        ElementStore<String> store = new ElementStore<>();
        store.insertAll("a", "b");
        store.insertElement("c");
        assertTrue(store.removeElement("c"));
        assertEquals(List.of("a", "b"), store.getElements());
        assertFalse(store.removeElement("c"));
        assertFalse(store.contains("c"));
    }

    @Test
    void getElementsIsASnapshot() {
        ElementStore<String> store = new ElementStore<>();
        store.insertElement("a");
        List<String> before = store.getElements();
        store.insertElement("b");
        assertEquals(List.of("a"), before);
        assertThrows(UnsupportedOperationException.class, () -> before.add("x"));
    }

    @Test
    void nullIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ElementStore<String>().insertElement(null));
    }
}
