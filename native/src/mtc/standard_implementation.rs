//! A static repair for a JDK interface or abstract class created as if it were a class: `new
//! Key(secret, "HmacSHA1")` where `java.security.Key` is an interface and `SecretKeySpec` the key a
//! test builds from bytes (a 1.5B model wrote it in java-otp's MTCs, unseen-24), `new List<>()` for
//! `ArrayList`, `new InputStream(bytes)` for `ByteArrayInputStream`. javac: `Key is abstract;
//! cannot be instantiated`. The creation becomes one of the JDK's own implementation that a test
//! builds such a value with, written qualified so that no import is needed; the type arguments
//! and arguments stay. A type the JDK hands out from a factory of its own is got from it instead
//! (`new TimeZone("UTC")` -> `TimeZone.getTimeZone("UTC")`). The project's own abstract types are
//! `factory::abstract_creation`'s: the project's subclasses decide there. Whether the
//! implementation or the factory takes these arguments is for the next compile to say.

use crate::java_model::types::erase_simple;
use crate::protocol::CompileDiagnostic;

/// The JDK's abstract types a test creates, each with the implementation built from the same
/// arguments a model gives it: collections by their general-purpose class, streams, readers and
/// writers by their in-memory ones, keys by the key specification made of raw bytes.
const IMPLEMENTATIONS: &[(&str, &str)] = &[
    ("java.lang.Iterable", "java.util.ArrayList"),
    ("java.util.Collection", "java.util.ArrayList"),
    ("java.util.List", "java.util.ArrayList"),
    ("java.util.AbstractList", "java.util.ArrayList"),
    ("java.util.Set", "java.util.HashSet"),
    ("java.util.AbstractSet", "java.util.HashSet"),
    ("java.util.SortedSet", "java.util.TreeSet"),
    ("java.util.NavigableSet", "java.util.TreeSet"),
    ("java.util.Map", "java.util.HashMap"),
    ("java.util.AbstractMap", "java.util.HashMap"),
    ("java.util.SortedMap", "java.util.TreeMap"),
    ("java.util.NavigableMap", "java.util.TreeMap"),
    ("java.util.Queue", "java.util.ArrayDeque"),
    ("java.util.Deque", "java.util.ArrayDeque"),
    ("java.io.InputStream", "java.io.ByteArrayInputStream"),
    ("java.io.OutputStream", "java.io.ByteArrayOutputStream"),
    ("java.io.Reader", "java.io.StringReader"),
    ("java.io.Writer", "java.io.StringWriter"),
    ("java.security.Key", "javax.crypto.spec.SecretKeySpec"),
    ("javax.crypto.SecretKey", "javax.crypto.spec.SecretKeySpec"),
];

/// The JDK's abstract types a test gets from a static factory of their own, each with that factory,
/// given the same arguments a model gave the creation: joda-convert's MTCs (unseen-39) wrote
/// `new TimeZone("UTC")` for a type its `StringConvert` converts.
const FACTORIES: &[(&str, &str)] = &[
    ("java.util.TimeZone", "java.util.TimeZone.getTimeZone"),
    ("java.util.Calendar", "java.util.Calendar.getInstance"),
    ("java.nio.charset.Charset", "java.nio.charset.Charset.forName"),
    ("java.time.ZoneId", "java.time.ZoneId.of"),
    ("java.text.NumberFormat", "java.text.NumberFormat.getInstance"),
    ("java.text.DateFormat", "java.text.DateFormat.getInstance"),
    ("java.security.MessageDigest", "java.security.MessageDigest.getInstance"),
];

/// The code with each creation of a JDK abstract type that javac rejects made a creation of its
/// implementation, or a call of its own factory; None when no error names one. `is_project_type`
/// keeps a project type of the same simple name (the project's `Key`) out of it.
pub fn standard_implementation(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    is_project_type: &dyn Fn(&str) -> bool,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        super::factory::abstract_creations(code, root, d)
            .into_iter()
            .filter(|c| !is_project_type(c.written))
            .filter_map(|c| {
                if let Some(implementation) = of_type(IMPLEMENTATIONS, c.written) {
                    let start = c.type_node.start_byte();
                    return Some((start, start + c.written.len(), implementation.to_string()));
                }
                // `new TimeZone("UTC")` -> `java.util.TimeZone.getTimeZone("UTC")`: through the
                // type's end, type arguments too (a factory infers them).
                let factory = of_type(FACTORIES, c.written)?;
                Some((c.creation.start_byte(), c.type_node.end_byte(), factory.to_string()))
            })
            .collect()
    })
}

/// What `table` gives for the JDK type a test wrote, by its qualified name or, imported, its simple
/// name.
fn of_type(table: &[(&str, &'static str)], named: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(abstract_type, _)| {
            *abstract_type == named || (!named.contains('.') && erase_simple(abstract_type) == named)
        })
        .map(|(_, implementation)| *implementation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mtc::javac::error_at as error;

    fn no_project_type(_: &str) -> bool {
        false
    }

    #[test]
    fn a_key_created_from_bytes_becomes_a_secret_key_spec() {
        let code = "import java.security.Key;\nclass T {\n    void mr1() throws Exception {\n        Key key = new Key(\"12345678901234567890\".getBytes(), \"HmacSHA1\");\n    }\n}\n";
        let fixed =
            standard_implementation(code, &[error(4, "Key is abstract; cannot be instantiated")], &no_project_type)
                .unwrap();
        assert!(
            fixed.contains(
                "Key key = new javax.crypto.spec.SecretKeySpec(\"12345678901234567890\".getBytes(), \"HmacSHA1\");"
            ),
            "{fixed}"
        );
    }

    #[test]
    fn type_arguments_stay_and_a_qualified_name_is_matched() {
        let code =
            "class T {\n    void mr1() {\n        java.util.List<String> xs = new java.util.List<>();\n    }\n}\n";
        let message = "java.util.List is abstract; cannot be instantiated";
        let fixed = standard_implementation(code, &[error(3, message)], &no_project_type).unwrap();
        assert!(fixed.contains("xs = new java.util.ArrayList<>();"), "{fixed}");
    }

    #[test]
    fn a_type_the_jdk_builds_by_a_factory_is_got_from_it() {
        let code = "import java.util.TimeZone;\nclass T {\n    void mr1() {\n        Object zone = new TimeZone(\"UTC\");\n    }\n}\n";
        let message = "java.util.TimeZone is abstract; cannot be instantiated";
        let fixed = standard_implementation(code, &[error(4, message)], &no_project_type).unwrap();
        assert!(fixed.contains("Object zone = java.util.TimeZone.getTimeZone(\"UTC\");"), "{fixed}");
    }

    #[test]
    fn a_project_type_an_unknown_type_or_an_anonymous_class_is_not_this_repair() {
        let code = "class T {\n    void mr1() {\n        Key k = new Key(1);\n    }\n}\n";
        let message = "Key is abstract; cannot be instantiated";
        assert!(standard_implementation(code, &[error(3, message)], &|name| name == "Key").is_none());
        let shape = "class T {\n    void mr1() {\n        Shape s = new Shape(1);\n    }\n}\n";
        let unknown = "Shape is abstract; cannot be instantiated";
        assert!(standard_implementation(shape, &[error(3, unknown)], &no_project_type).is_none());
        let anonymous = "class T {\n    void mr1() {\n        Key k = new Key() { };\n    }\n}\n";
        assert!(standard_implementation(anonymous, &[error(3, message)], &no_project_type).is_none());
    }
}
