//! Boundary and ordinary values of JDK types, as Java 8 source (no `List.of`, `String.repeat`:
//! a project on release 8 must compile them): zero, one, minus one, the extremes; the empty, blank,
//! non-ASCII and special strings; empty, one- and many-element arrays and collections.

/// Values of a JDK type by its erased simple name; collections and arrays hold `elements` (values
/// of their element type, already typed). Empty when the type is not one the catalogue knows.
pub fn jdk_values(erased: &str, elements: &[String]) -> Vec<String> {
    let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    match erased {
        "int" | "Integer" => {
            v(&["0", "1", "-1", "42", "Integer.MAX_VALUE", "Integer.MIN_VALUE", "1 << 16", "7", "-100", "1000"])
        }
        "long" | "Long" => {
            v(&["0L", "1L", "-1L", "42L", "Long.MAX_VALUE", "Long.MIN_VALUE", "1L << 32", "7L", "-100L", "123456789L"])
        }
        "short" | "Short" => {
            v(&["(short) 0", "(short) 1", "(short) -1", "Short.MAX_VALUE", "Short.MIN_VALUE", "(short) 42"])
        }
        "byte" | "Byte" => v(&["(byte) 0", "(byte) 1", "(byte) -1", "Byte.MAX_VALUE", "Byte.MIN_VALUE", "(byte) 42"]),
        "char" | "Character" => v(&["'a'", "'Z'", "'0'", "' '", "'\\u00e9'", "'~'", "'\\n'"]),
        "double" | "Double" => v(&[
            "0.0",
            "1.0",
            "-1.0",
            "0.5",
            "1e10",
            "-1e-10",
            "Double.MAX_VALUE",
            "Double.MIN_VALUE",
            "3.14159",
            "100.0",
        ]),
        "float" | "Float" => v(&["0.0f", "1.0f", "-1.0f", "0.5f", "1e10f", "Float.MAX_VALUE", "3.5f"]),
        "boolean" | "Boolean" => v(&["true", "false"]),
        "String" | "CharSequence" | "Object" | "Comparable" | "Serializable" => v(&[
            "\"\"",
            "\" \"",
            "\"a\"",
            "\"Hello, World!\"",
            "\"\\u00dcn\\u00efc\\u00f6d\\u00e9 \\u2713\"",
            "\"~!@#$%^&*()_+\"",
            "\"line1\\nline2\\ttab\"",
            "new String(new char[1000]).replace('\\0', 'x')",
            "\"0123456789\"",
            "\"MiXeD CaSe\"",
        ]),
        "Number" => v(&["0", "1", "-1", "42", "Integer.MAX_VALUE", "1.5", "-0.25"]),
        "StringBuilder" | "StringBuffer" => v(&[
            &format!("new {erased}()"),
            &format!("new {erased}(\"a\")"),
            &format!("new {erased}(\"Hello, World!\")"),
        ]),
        "BigInteger" => v(&[
            "java.math.BigInteger.ZERO",
            "java.math.BigInteger.ONE",
            "java.math.BigInteger.valueOf(-1)",
            "java.math.BigInteger.valueOf(42)",
            "new java.math.BigInteger(\"123456789012345678901234567890\")",
            "java.math.BigInteger.valueOf(Long.MIN_VALUE)",
        ]),
        "BigDecimal" => v(&[
            "java.math.BigDecimal.ZERO",
            "java.math.BigDecimal.ONE",
            "new java.math.BigDecimal(\"-1.5\")",
            "new java.math.BigDecimal(\"42.125\")",
            "new java.math.BigDecimal(\"1E+10\")",
        ]),
        "Locale" => v(&[
            "java.util.Locale.ENGLISH",
            "java.util.Locale.ROOT",
            "java.util.Locale.GERMANY",
            "java.util.Locale.JAPAN",
        ]),
        "Charset" => v(&[
            "java.nio.charset.StandardCharsets.UTF_8",
            "java.nio.charset.StandardCharsets.ISO_8859_1",
            "java.nio.charset.StandardCharsets.US_ASCII",
            "java.nio.charset.StandardCharsets.UTF_16",
        ]),
        "TimeZone" => {
            v(&["java.util.TimeZone.getTimeZone(\"UTC\")", "java.util.TimeZone.getTimeZone(\"Europe/Paris\")"])
        }
        "ByteBuffer" => v(&[
            "java.nio.ByteBuffer.wrap(new byte[0])",
            "java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3})",
            "java.nio.ByteBuffer.wrap(\"Hello\".getBytes(java.nio.charset.StandardCharsets.UTF_8))",
            "java.nio.ByteBuffer.wrap(new byte[] {(byte) 0xFF, 0x00, 0x7F, (byte) 0x80})",
        ]),
        "Random" => v(&["new java.util.Random(42)", "new java.util.Random(7)"]),
        // One of each kind a UUID library tells apart (uuid-creator's `getClockSequence` takes only
        // time-based ones, `getLocalIdentifier` only DCE Security ones): versions 1, 2, 3, 4, 6
        // and 7 (RFC 9562's examples where it gives one), the nil and the max UUID.
        "UUID" => v(&[
            "java.util.UUID.fromString(\"123e4567-e89b-42d3-a456-426614174000\")",
            "java.util.UUID.fromString(\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\")",
            "new java.util.UUID(0L, 0L)",
            "java.util.UUID.nameUUIDFromBytes(new byte[] {1, 2, 3})",
            "java.util.UUID.fromString(\"000003e8-cbb9-21ea-b201-00045a86c8a1\")",
            "java.util.UUID.fromString(\"1ec9414c-232a-6b00-b3c8-9e6bdeced846\")",
            "java.util.UUID.fromString(\"017f22e2-79b0-7cc3-98c4-dc0c0c07398f\")",
            "new java.util.UUID(-1L, -1L)",
        ]),
        "byte[]" => v(&[
            "new byte[0]",
            "new byte[] {0}",
            "new byte[] {1, 2, 3}",
            "\"Hello\".getBytes(java.nio.charset.StandardCharsets.UTF_8)",
            "new byte[] {(byte) 0xFF, 0x00, 0x7F, (byte) 0x80}",
            "new byte[256]",
            "new byte[] {-1}",
            "\"\\u00e9\\u2713\".getBytes(java.nio.charset.StandardCharsets.UTF_8)",
            "new byte[] {10, 13, 9}",
            "new byte[1 << 16]",
        ]),
        "char[]" => v(&[
            "new char[0]",
            "\"a\".toCharArray()",
            "\"Hello, World!\".toCharArray()",
            "\"0f1e\".toCharArray()",
            "new char[] {'\\u00e9'}",
        ]),
        // `String[]` is no array of the generic path's elements (its `String` values are texts
        // of any length): an empty one, one with `null`, and texts that sort otherwise than given.
        "String[]" => v(&[
            "new String[0]",
            "new String[] {\"a\"}",
            "new String[] {\"b\", null, \"a\"}",
            "new String[] {\"\", \"Hello, World!\", \" \"}",
        ]),
        "int[]" => v(&[
            "new int[0]",
            "new int[] {1}",
            "new int[] {3, 1, 2}",
            "new int[] {-1, 0, Integer.MAX_VALUE}",
            "new int[100]",
        ]),
        "long[]" => v(&["new long[0]", "new long[] {1L}", "new long[] {3L, -1L, Long.MAX_VALUE}"]),
        "double[]" => v(&["new double[0]", "new double[] {1.5}", "new double[] {3.0, -1.0, 0.5}"]),
        "boolean[]" => v(&["new boolean[0]", "new boolean[] {true}", "new boolean[] {true, false, true}"]),
        "short[]" => v(&["new short[0]", "new short[] {1}", "new short[] {3, -1, Short.MAX_VALUE}"]),
        "float[]" => v(&["new float[0]", "new float[] {1.5f}", "new float[] {3.0f, -1.0f, 0.5f}"]),
        // The epoch, a leap day, a recent instant and one before the epoch (UTC milliseconds).
        "Date" => v(&[
            "new java.util.Date(0L)",
            "new java.util.Date(951782400000L)",
            "new java.util.Date(1600000000000L)",
            "new java.util.Date(-86400000L)",
        ]),
        "Calendar" | "GregorianCalendar" => v(&[
            "new java.util.GregorianCalendar(2000, java.util.Calendar.FEBRUARY, 29)",
            "new java.util.GregorianCalendar(1970, java.util.Calendar.JANUARY, 1)",
            "new java.util.GregorianCalendar(2021, java.util.Calendar.DECEMBER, 31, 23, 59, 59)",
        ]),
        "List" | "Collection" | "Iterable" | "ArrayList" => collections("java.util.ArrayList", elements),
        "Set" | "HashSet" => collections("java.util.HashSet", elements),
        "SortedSet" | "NavigableSet" | "TreeSet" => collections("java.util.TreeSet", elements),
        "Deque" | "Queue" | "ArrayDeque" => collections("java.util.ArrayDeque", elements),
        "LinkedList" => collections("java.util.LinkedList", elements),
        _ => Vec::new(),
    }
}

/// A map's values from its key and value candidates.
pub fn maps(erased: &str, keys: &[String], values: &[String]) -> Vec<String> {
    let class = match erased {
        "Map" | "HashMap" => "java.util.HashMap",
        "SortedMap" | "NavigableMap" | "TreeMap" => "java.util.TreeMap",
        "LinkedHashMap" => "java.util.LinkedHashMap",
        _ => return Vec::new(),
    };
    let mut out = vec![format!("new {class}<>()")];
    if let (Some(k), Some(v)) = (keys.first(), values.first()) {
        out.push(format!("new {class}<>(java.util.Collections.singletonMap({k}, {v}))"));
    }
    out
}

/// Empty, one-element and several-element collections of `class` holding `elements`.
fn collections(class: &str, elements: &[String]) -> Vec<String> {
    let mut out = vec![format!("new {class}<>()")];
    let of = |xs: &[String]| format!("new {class}<>(java.util.Arrays.asList({}))", xs.join(", "));
    if let Some(first) = elements.first() {
        out.push(of(std::slice::from_ref(first)));
    }
    if elements.len() >= 3 {
        out.push(of(&elements[..3]));
    }
    if elements.len() >= 5 {
        out.push(of(&elements[1..5]));
    }
    out
}

/// An array of the given element type (as written) holding `elements`.
pub fn arrays(element: &str, elements: &[String]) -> Vec<String> {
    let mut out = vec![format!("new {element}[0]")];
    if let Some(first) = elements.first() {
        out.push(format!("new {element}[] {{{first}}}"));
    }
    if elements.len() >= 3 {
        out.push(format!("new {element}[] {{{}}}", elements[..3].join(", ")));
    }
    out
}

/// The class literal a `Class<T>` parameter takes (`EnumSet.noneOf(Color.class)`; JGraphT's
/// `new DefaultDirectedGraph<>(String.class)`, `E` standing for `String` in the test): `T` erased
/// (`Class<List<String>>`: `List.class`), `Object` for a type variable left open (`Class<? extends
/// E>` of a class other than the one under test).
pub fn class_literal(argument: Option<&str>) -> Option<String> {
    let raw = argument.map(|a| a.split('<').next().unwrap_or(a).trim()).unwrap_or("Object");
    let type_variable = raw.len() <= 2 && raw.starts_with(|c: char| c.is_ascii_uppercase());
    let class = if raw.is_empty() || type_variable { "Object" } else { raw };
    let named = |c: char| c.is_alphanumeric() || "_$.[]".contains(c);
    class.chars().all(named).then(|| format!("{class}.class"))
}

/// The ordinary value of a constructor's floating-point argument at `position`, when its tests
/// give none: a different one per position, so that an object built from several (a box from its
/// four bounds, a point from its coordinates) is not degenerate, as `(x, 1.5, 1.5, 1.5)` is (zero
/// height: every intersection of two such boxes is empty or a line, and kills nothing). Integers
/// keep `typical`'s 1: a second `int` is often a denominator, a size or an index.
pub fn ordinary_at(erased: &str, position: usize) -> Option<&'static str> {
    const DOUBLES: [&str; 5] = ["1.5", "-2.0", "3.25", "0.75", "-4.5"];
    const FLOATS: [&str; 5] = ["1.5f", "-2.0f", "3.25f", "0.75f", "-4.5f"];
    match erased {
        "double" | "Double" => Some(DOUBLES[position % DOUBLES.len()]),
        "float" | "Float" => Some(FLOATS[position % FLOATS.len()]),
        _ => typical(erased),
    }
}

/// One ordinary value, for arguments an MR does not vary (1, not 0: `getFraction(x, 0)` throws
/// whatever x is).
pub fn typical(erased: &str) -> Option<&'static str> {
    Some(match erased {
        "int" | "Integer" => "1",
        "long" | "Long" => "1L",
        "short" | "Short" => "(short) 1",
        "byte" | "Byte" => "(byte) 1",
        "double" | "Double" => "1.5",
        "float" | "Float" => "1.5f",
        "char" | "Character" => "'a'",
        "boolean" | "Boolean" => "true",
        "String" | "CharSequence" | "Object" | "Comparable" | "Serializable" => "\"Hello, World!\"",
        "byte[]" => "new byte[] {1, 2, 3}",
        _ => return None,
    })
}

/// The kinds of value an LLM is asked for when it writes new source inputs of a type (its erased
/// simple name), one per input: a small model asked for "new values" repeats the one it has, while
/// one asked for an empty, a non-ASCII, a one-character text writes each. Never "very long": asked
/// for one, the model repeated a word until `maxTokens` cut it off (the catalogue has long texts).
pub fn value_kinds(erased: &str) -> &'static [&'static str] {
    const CONTAINER_KINDS: &[&str] = &["empty", "one element", "several elements", "with duplicates", "large"];
    match erased {
        "String" | "CharSequence" | "StringBuilder" | "StringBuffer" => &[
            "empty",
            "non-ASCII",
            "one character",
            "special characters",
            "with spaces",
            "blank",
            "digits",
            "mixed case",
            "with a line break",
            "upper case",
        ],
        "int" | "Integer" | "long" | "Long" | "short" | "Short" | "byte" | "Byte" | "BigInteger" => {
            &["zero", "negative", "largest", "one", "large random", "smallest", "power of two", "odd", "even", "small"]
        }
        "double" | "Double" | "float" | "Float" | "BigDecimal" | "Number" => {
            &["zero", "negative", "fraction", "very large", "very small", "whole", "random", "one", "minus one", "tiny"]
        }
        "char" | "Character" => &["letter", "digit", "non-ASCII", "space", "symbol", "upper case"],
        "boolean" | "Boolean" => &["the other boolean"],
        "List" | "ArrayList" | "LinkedList" | "Collection" | "Iterable" | "Set" | "HashSet" | "SortedSet"
        | "TreeSet" | "Deque" | "Queue" | "Map" | "HashMap" | "SortedMap" | "TreeMap" => CONTAINER_KINDS,
        _ if erased.ends_with("[]") => CONTAINER_KINDS,
        _ => &["another typical", "boundary", "large", "small", "unusual"],
    }
}

/// How many edge values `code` holds: empty and blank text literals, zero literals (`0`, `0L`,
/// `0.0`: also the length of `new byte[0]`), the extremes (`MAX_VALUE`, `MIN_VALUE`), `ZERO`,
/// `EMPTY` and empty collections (`<>()`). An MTC on the fewest shows a model an ordinary input: one
/// shown `CharSequence key = "";` copied the empty key, which concurrent-trees' radix tree rejects.
pub fn edges_in(code: &str) -> usize {
    let mut edges = code.matches("<>()").count();
    let mut rest = code;
    while let Some(at) = rest.find(|c: char| c == '"' || c.is_ascii_alphanumeric() || c == '_') {
        rest = &rest[at..];
        if let Some(literal) = rest.strip_prefix('"') {
            let end = text_literal_end(literal);
            edges += usize::from(literal[..end].trim().is_empty());
            rest = literal.get(end + 1..).unwrap_or("");
            continue;
        }
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.')).unwrap_or(rest.len());
        let token = &rest[..end];
        let zero = matches!(token, "0" | "0L" | "0.0" | "0.0f" | "0.0d");
        let extreme = ["MAX_VALUE", "MIN_VALUE", "ZERO", "EMPTY"].iter().any(|e| token.ends_with(e));
        edges += usize::from(zero || extreme);
        rest = &rest[end..];
    }
    edges
}

/// Where a text literal whose opening quote is already read ends (the closing quote's index, or
/// the end of `literal` when it is not closed): escaped quotes do not close it.
fn text_literal_end(literal: &str) -> usize {
    let mut escaped = false;
    for (at, c) in literal.char_indices() {
        match c {
            '"' if !escaped => return at,
            '\\' => escaped = !escaped,
            _ => escaped = false,
        }
    }
    literal.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_java_8_source() {
        let strings = vec!["\"a\"".to_string(), "\"b\"".into(), "\"c\"".into()];
        for t in ["String", "List", "Set", "byte[]", "int", "Deque"] {
            for value in jdk_values(t, &strings) {
                assert!(!value.contains("List.of") && !value.contains(".repeat("), "{value}");
            }
        }
        assert_eq!(
            jdk_values("List", &strings)[2],
            "new java.util.ArrayList<>(java.util.Arrays.asList(\"a\", \"b\", \"c\"))"
        );
        assert_eq!(
            maps("Map", &strings, &strings)[1],
            "new java.util.HashMap<>(java.util.Collections.singletonMap(\"a\", \"a\"))"
        );
        assert_eq!(arrays("Foo", &["x".into()])[1], "new Foo[] {x}");
    }

    #[test]
    fn uuids_of_every_kind_a_library_tells_apart() {
        let values = jdk_values("UUID", &[]);
        // The version is the first digit of the third group: time-based (1, 6), DCE Security (2),
        // random-based (4) and time-ordered epoch (7) UUIDs, beside name-based, nil and max ones.
        let versions: Vec<char> = values
            .iter()
            .filter_map(|v| v.strip_prefix("java.util.UUID.fromString(\""))
            .filter_map(|text| text.split('-').nth(2)?.chars().next())
            .collect();
        assert_eq!(versions, ['4', '1', '2', '6', '7']);
        assert!(values.iter().any(|v| v.contains("nameUUIDFromBytes")), "{values:?}");
        assert!(values.contains(&"new java.util.UUID(0L, 0L)".to_string()), "the nil UUID");
    }

    #[test]
    fn a_class_parameter_takes_the_literal_of_its_type_argument() {
        assert_eq!(class_literal(Some("Color")).as_deref(), Some("Color.class"));
        assert_eq!(class_literal(Some("java.util.List<String>")).as_deref(), Some("java.util.List.class"));
        assert_eq!(class_literal(Some("E")).as_deref(), Some("Object.class"), "a type variable left open");
        assert_eq!(class_literal(None).as_deref(), Some("Object.class"), "a raw Class");
        assert_eq!(class_literal(Some("int[]")).as_deref(), Some("int[].class"));
        assert_eq!(class_literal(Some("Map.Entry<K, V>")).as_deref(), Some("Map.Entry.class"));
        assert_eq!(class_literal(Some("? super T")), None, "not resolved: no literal");
    }

    #[test]
    fn edges_are_counted_in_code_not_in_text() {
        assert_eq!(edges_in("CharSequence key = \"\";\nString value = \" \";"), 2);
        assert_eq!(edges_in("String key = \"Hello, World!\";\nint n = 42;"), 0);
        assert_eq!(
            edges_in("long x = Long.MAX_VALUE; byte[] b = new byte[0]; Object o = new java.util.ArrayList<>();"),
            3
        );
        assert_eq!(
            edges_in("String s = \"a \\\" 0 \\\"\"; double d = 10.5; int i = x0;"),
            0,
            "a quote escaped, 0 in text"
        );
    }
}
