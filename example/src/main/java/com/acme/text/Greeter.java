package com.acme.text;

/**
 * Greets people and counts vowels. {@link #countVowels} shares no name token, type, call or field
 * with the other methods: it is the example of a target with nothing coupled to it.
 */
public final class Greeter {

    private final String salutation;

    public Greeter(String salutation) {
        this.salutation = salutation;
    }

    /** "Hello, Ada!" for the salutation "Hello" and the name "Ada". */
    public String greet(String name) {
        return salutation + ", " + name + "!";
    }

    /** A greeting for each name, one per line. */
    public String greetAll(String... names) {
        StringBuilder lines = new StringBuilder();
        for (String name : names) {
            lines.append(greet(name)).append('\n');
        }
        return lines.toString();
    }

    /** The number of a, e, i, o and u (either case) in {@code text}. */
    public static int countVowels(CharSequence text) {
        int vowels = 0;
        for (int i = 0; i < text.length(); i++) {
            if ("aeiouAEIOU".indexOf(text.charAt(i)) >= 0) {
                vowels++;
            }
        }
        return vowels;
    }
}
