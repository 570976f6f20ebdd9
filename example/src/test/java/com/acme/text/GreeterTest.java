package com.acme.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GreeterTest {

    @Test
    void greetsWithTheSalutation() {
        assertEquals("Hello, Ada!", new Greeter("Hello").greet("Ada"));
    }

    @Test
    void greetAllWritesOneLinePerName() {
        assertEquals("Hi, A!\nHi, B!\n", new Greeter("Hi").greetAll("A", "B"));
    }

    @Test
    void countsVowelsOfEitherCase() {
        assertEquals(6, Greeter.countVowels("Metamorphic tEsting"));
        assertEquals(0, Greeter.countVowels("xyz"));
        assertEquals(0, Greeter.countVowels(""));
    }
}
