//! An `assertEquals` of two objects whose class keeps `Object`'s `equals` compares identity, so it
//! fails for any two results, however equal their values (GeographicLib's `GeodesicData`, a holder
//! of public `double` fields: `assertEquals(g.Direct(..), g.Direct(.., STANDARD))` failed for every
//! input and the relation was judged wrong). JUnit says so in its message: both sides print as
//! `Class@hash`. The assertion is rewritten to compare the class's values, field by field (its
//! public fields, else its getters, of primitive, boxed or `String` type or arrays of them),
//! through a helper the class gets once; the test is then run again. No LLM round is spent, and the
//! relation the LLM meant, equal values, is what runs.

use crate::java_model::names::after_word;
use crate::java_model::{ClassModel, MethodModel};
use tree_sitter::Node;

/// The class whose `Object.toString` both sides of a failed equality print, as JUnit 4 and 5 word
/// it (`expected: <p.C@1b2c> but was: <p.C@3d4e>`, `expected:<p.C@1b2c> but was:<p.C@3d4e>`); None
/// when the two sides are of different classes or print anything else.
pub fn identity_failure(message: &str) -> Option<String> {
    let (expected, actual) = super::expected_actual(message)?;
    let class = |side: &str| -> Option<String> {
        // A class with a `toString` of its own prints its text after the hash where both sides
        // print alike (`p.C@1f<3/4>`): still two objects compared by identity.
        let printed = printed_object(side)?;
        printed.hashed.then(|| printed.class.to_string())
    };
    let (e, a) = (class(&expected)?, class(&actual)?);
    (e == a).then_some(e)
}

/// One side of a failed equality as JUnit prints an object: its class, whether an identity hash
/// follows it (`p.C@1b2c`; JUnit 4 prints none where both sides print alike), and the text after
/// it where JUnit printed one (`p.C@1b2c<3/4>`, `p.C<3/4>`).
pub(super) struct PrintedObject<'s> {
    pub class: &'s str,
    pub hashed: bool,
    pub text: Option<&'s str>,
}

/// `side` read as [`PrintedObject`]; None when it is no class name (with or without a hash) or
/// what follows the `@` is no hash.
pub(super) fn printed_object(side: &str) -> Option<PrintedObject<'_>> {
    let side = side.trim();
    let (head, text) = match side.strip_suffix('>').and_then(|s| s.split_once('<')) {
        Some((head, text)) => (head, Some(text)),
        None => (side, None),
    };
    let (class, hashed) = match head.rsplit_once('@') {
        Some((class, hash)) if is_identity_hash(hash) => (class, true),
        Some(_) => return None,
        None => (head, false),
    };
    let named = !class.is_empty() && class.chars().all(|c| c.is_alphanumeric() || matches!(c, '.' | '$' | '_'));
    named.then_some(PrintedObject { class, hashed, text })
}

/// Whether `hash` is what `Object.toString` prints after the `@`: an identity hash in hex.
pub(super) fn is_identity_hash(hash: &str) -> bool {
    !hash.is_empty() && hash.chars().all(|c| c.is_ascii_hexdigit())
}

/// One value an equality of two objects compares: an expression suffix (`.lat1`, `.getName()`),
/// and whether it is an array, whose elements are what is compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComparedValue {
    pub suffix: String,
    pub array: bool,
}

impl std::fmt::Display for ComparedValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.suffix)
    }
}

/// What to compare of an object of `class`: its public instance fields of a primitive, boxed or
/// `String` type, else its public getters of such a type or of an array of one. A matrix's numbers
/// are in an array: JAMA's `Matrix` compared by its two dimensions alone kept `A.minus(Z) =
/// A.plus(Z)` whatever the entries (unseen-46). None when the class declares its own `equals`,
/// extends another class (whose `equals` it may inherit), or has neither.
pub fn compared_values(class: &ClassModel) -> Option<Vec<ComparedValue>> {
    let declares_equals = class.methods.iter().any(|m| m.name == "equals" && m.params.len() == 1 && !m.is_static());
    if declares_equals || class.superclass.is_some() {
        return None;
    }
    let fields: Vec<ComparedValue> = (class.fields.iter())
        .filter(|f| has(&f.modifiers, "public") && !has(&f.modifiers, "static") && is_value_type(&f.type_name))
        .map(|f| ComparedValue { suffix: format!(".{}", f.name), array: false })
        .collect();
    if !fields.is_empty() {
        return Some(fields);
    }
    let getters: Vec<ComparedValue> = (class.methods.iter().filter(|m| is_getter(m)))
        .map(|m| {
            let array = m.return_type.as_deref().is_some_and(|t| t.trim_end().ends_with(']'));
            ComparedValue { suffix: format!(".{}()", m.name), array }
        })
        .collect();
    (!getters.is_empty()).then_some(getters)
}

fn has(modifiers: &[String], word: &str) -> bool {
    modifiers.iter().any(|m| m == word)
}

fn is_getter(m: &MethodModel) -> bool {
    let named = ["get", "is", "has"].iter().any(|word| after_word(&m.name, word).is_some());
    let public = has(&m.modifiers, "public");
    let value = |t: &str| is_value_type(t.trim_end().trim_end_matches("[]").trim_end());
    named && m.params.is_empty() && !m.is_static() && public && m.return_type.as_deref().is_some_and(value)
}

fn is_value_type(written: &str) -> bool {
    use crate::java_model::types::{boxed, is_primitive};
    let t = written.trim().trim_start_matches("java.lang.");
    let boxes = ["byte", "short", "char", "int", "long", "float", "double", "boolean"].map(boxed);
    is_primitive(t) || t == "String" || boxes.contains(&Some(t))
}

/// `code` with the two-argument `assertEquals` on 1-based `line` calling a helper that compares
/// `values` (see [`compared_values`]) of two `class_name` objects (the qualified name, which
/// compiles from any package) instead, the helper added to the
/// first class of `code` unless it is there. None when no such call stands on that line.
pub fn compare_values(code: &str, line: usize, class_name: &str, values: &[ComparedValue]) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let call = assert_equals_on_line(tree.root_node(), code, line, 2..=3)?;
    let name = call.child_by_field_name("name")?;
    let simple = class_name.rsplit('.').next().unwrap_or(class_name);
    let helper = format!("assertEqual{simple}Values");
    let mut edits = vec![((call.start_byte(), name.end_byte()), helper.clone())];
    edits.extend(without_message(call)?);
    if !code.contains(&format!("void {helper}(")) {
        let body = first_class_body(tree.root_node())?;
        let callee = code.get(call.start_byte()..name.end_byte())?;
        let close = body.end_byte().checked_sub(1)?;
        edits.push(((close, close), helper_method(&helper, callee, class_name, values)));
    }
    edits.sort_by_key(|(r, _)| r.0);
    Some(super::catalogue::edited(code, &edits))
}

/// The `assertEquals` call on 1-based `line` whose argument count is in `arities`, the one this
/// module and `array_identity` rewrite.
pub(super) fn assert_equals_on_line<'t>(
    root: Node<'t>,
    code: &str,
    line: usize,
    arities: std::ops::RangeInclusive<usize>,
) -> Option<Node<'t>> {
    super::inputs::on_line(root, line, "method_invocation").into_iter().find(|call| {
        let name = call.child_by_field_name("name").and_then(|n| code.get(n.byte_range()));
        let arguments = call.child_by_field_name("arguments").map_or(0, |a| a.named_child_count());
        name == Some("assertEquals") && arities.contains(&arguments)
    })
}

/// The edit that leaves out the message of a three-argument `assertEquals` (JUnit 5's last, JUnit
/// 4's first argument: the text a model adds, `"inverse() should ..."`), the helper taking the two
/// values only; nothing to edit with two arguments, None when no argument of three is a text.
fn without_message(call: Node) -> Option<Option<((usize, usize), String)>> {
    let arguments = call.child_by_field_name("arguments")?;
    let mut cursor = arguments.walk();
    let args: Vec<Node> = arguments.named_children(&mut cursor).collect();
    let is_text = |n: &Node| {
        let mut texts = Vec::new();
        super::inputs::collect(*n, "string_literal", &mut texts);
        n.kind() == "string_literal" || n.kind() == "binary_expression" && !texts.is_empty()
    };
    match args.as_slice() {
        [_, _] => Some(None),
        [_, actual, message] if is_text(message) => {
            Some(Some(((actual.end_byte(), message.end_byte()), String::new())))
        }
        [message, expected, _] if is_text(message) => {
            Some(Some(((message.start_byte(), expected.start_byte()), String::new())))
        }
        _ => None,
    }
}

fn first_class_body(root: Node) -> Option<Node> {
    let mut bodies = Vec::new();
    super::inputs::collect(root, "class_body", &mut bodies);
    bodies.first().copied()
}

/// The helper: each value written into a text that names it, so that JUnit 4 and 5 alike compare
/// them by `equals` (`NaN` equals `NaN`) and a failure says which value differed; an array's
/// elements at any depth, as `Arrays.deepToString` writes them.
fn helper_method(helper: &str, callee: &str, class_name: &str, values: &[ComparedValue]) -> String {
    let lines: Vec<String> = values
        .iter()
        .map(|v| {
            let label = v.suffix.trim_start_matches('.');
            let side = |object: &str| match v.array {
                true => format!("java.util.Arrays.deepToString(new Object[] {{{object}{}}})", v.suffix),
                false => format!("{object}{}", v.suffix),
            };
            format!("        {callee}(\"{label} = \" + {}, \"{label} = \" + {});\n", side("e"), side("a"))
        })
        .collect();
    format!(
        "\n    /** Added by MR-Coupler: {class_name} keeps Object's equals (identity), so its values are compared. */\n    \
         private static void {helper}(Object expected, Object actual) {{\n        \
         {class_name} e = ({class_name}) expected;\n        {class_name} a = ({class_name}) actual;\n{}    }}\n",
        lines.concat()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::parse_str;

    const TEST: &str = r#"package net.sf.geographiclib;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Assertions;

public class Geodesic_Direct_MTC1Test {
    @Test
    void mr1() {
        Geodesic geodesic = Geodesic.WGS84;
        Assertions.assertEquals(geodesic.Direct(0.0, 0.0, 0.0, 1000.0),
            geodesic.Direct(0.0, 0.0, 0.0, 1000.0, GeodesicMask.STANDARD));
    }
}
"#;

    fn class(src: &str) -> ClassModel {
        parse_str(std::path::Path::new("C.java"), src).classes.remove(0)
    }

    #[test]
    fn both_sides_printed_as_the_same_class_at_a_hash_is_an_identity_failure() {
        let junit5 = "expected: <net.sf.geographiclib.GeodesicData@5cb02afe> but was: <net.sf.geographiclib.GeodesicData@6752e47>";
        assert_eq!(identity_failure(junit5).as_deref(), Some("net.sf.geographiclib.GeodesicData"));
        assert_eq!(identity_failure("expected:<p.A$B@1f> but was:<p.A$B@2e>").as_deref(), Some("p.A$B"));
        assert_eq!(identity_failure("expected: <p.A@1f> but was: <p.B@2e>"), None, "two classes");
        assert_eq!(identity_failure("expected: <x@y.org> but was: <z@y.org>"), None, "not a hash");
        assert_eq!(identity_failure("expected: <1.0> but was: <2.0>"), None);
        let printed = "expected: p.Fraction@1f<3/4> but was: p.Fraction@2e<3/4>";
        assert_eq!(identity_failure(printed).as_deref(), Some("p.Fraction"), "a toString of its own");
    }

    #[test]
    fn public_value_fields_else_getters_are_compared_unless_the_class_has_equals() {
        let data = class(
            "public class GeodesicData { public double lat1; public double s12 = Double.NaN; \
            public static int COUNT; public Object extra; private double hidden; }",
        );
        assert_eq!(compared_values(&data), Some(values(&[".lat1", ".s12"])));
        let bean = class(
            "public class P { private String name; public String getName() { return name; } \
            public boolean isEmpty() { return false; } public static int getCount() { return 0; } \
            public java.util.List<String> getItems() { return null; } }",
        );
        assert_eq!(compared_values(&bean), Some(values(&[".getName()", ".isEmpty()"])));
        // JAMA's `Matrix` (unseen-46): its entries, not its dimensions alone.
        let matrix = class(
            "public class Matrix { private double[][] A; private int m; public int getRowDimension() { return m; } \
            public double[][] getArray() { return A; } public Matrix inverse() { return this; } }",
        );
        assert_eq!(compared_values(&matrix), Some(values(&[".getRowDimension()", ".getArray()"])));
        assert!(compared_values(&matrix).unwrap()[1].array);
        let with_equals = class("public class Q { public int x; public boolean equals(Object o) { return true; } }");
        assert_eq!(compared_values(&with_equals), None);
        assert_eq!(
            compared_values(&class("public class R extends Base { public int x; }")),
            None,
            "may inherit equals"
        );
        assert_eq!(compared_values(&class("public class S { private int x; }")), None, "nothing to compare");
    }

    fn values(suffixes: &[&str]) -> Vec<ComparedValue> {
        let array = |s: &str| s.ends_with("Array()");
        suffixes.iter().map(|s| ComparedValue { suffix: s.to_string(), array: array(s) }).collect()
    }

    #[test]
    fn the_assertion_calls_a_helper_comparing_the_values_added_once() {
        let values = values(&[".lat1", ".s12"]);
        let out = compare_values(TEST, 10, "GeodesicData", &values).expect("the call on line 10");
        assert!(
            out.contains("        assertEqualGeodesicDataValues(geodesic.Direct(0.0, 0.0, 0.0, 1000.0),\n"),
            "{out}"
        );
        let helper =
            "    private static void assertEqualGeodesicDataValues(Object expected, Object actual) {\n        \
            GeodesicData e = (GeodesicData) expected;\n        GeodesicData a = (GeodesicData) actual;\n        \
            Assertions.assertEquals(\"lat1 = \" + e.lat1, \"lat1 = \" + a.lat1);\n        \
            Assertions.assertEquals(\"s12 = \" + e.s12, \"s12 = \" + a.s12);\n    }\n}\n";
        assert!(out.ends_with(helper), "{out}");
        assert!(crate::java_model::parser().parse(&out, None).is_some_and(|t| !t.root_node().has_error()), "{out}");
        // a second identity failure in the class reuses the helper
        let twice = compare_values(
            &out.replacen("assertEqualGeodesicDataValues(", "assertEquals(", 1),
            10,
            "GeodesicData",
            &values,
        )
        .expect("again");
        assert_eq!(twice.matches("private static void assertEqualGeodesicDataValues").count(), 1, "{twice}");
        // no assertEquals on that line
        assert_eq!(compare_values(TEST, 9, "GeodesicData", &values), None);
    }

    #[test]
    fn an_array_is_compared_by_its_elements_and_a_message_left_out() {
        // JAMA's `Matrix#inverse` (unseen-46), the model's message after the two values.
        let test = "class T {\n    @Test\n    void mr1() {\n        \
                    assertEquals(a, b.solve(a), \"inverse() should \" + 1);\n    }\n}\n";
        let out = compare_values(test, 4, "Jama.Matrix", &values(&[".getRowDimension()", ".getArray()"])).unwrap();
        assert!(out.contains("        assertEqualMatrixValues(a, b.solve(a));\n"), "{out}");
        let entries = "assertEquals(\"getArray() = \" + java.util.Arrays.deepToString(new Object[] {e.getArray()}), \
                       \"getArray() = \" + java.util.Arrays.deepToString(new Object[] {a.getArray()}));";
        assert!(out.contains(entries), "{out}");
        assert!(out.contains("assertEquals(\"getRowDimension() = \" + e.getRowDimension(), "), "{out}");
        let junit4 =
            test.replace("assertEquals(a, b.solve(a), \"inverse() should \" + 1)", "assertEquals(\"why\", a, b)");
        let out = compare_values(&junit4, 4, "Jama.Matrix", &values(&[".getArray()"])).unwrap();
        assert!(out.contains("        assertEqualMatrixValues(a, b);\n"), "{out}");
        let delta = test.replace("assertEquals(a, b.solve(a), \"inverse() should \" + 1)", "assertEquals(a, b, 0.1)");
        assert_eq!(compare_values(&delta, 4, "Jama.Matrix", &values(&[".getArray()"])), None, "no message");
    }
}
