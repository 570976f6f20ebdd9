//! Constants (ranked mode): a static method that takes nothing and returns a plain value, a
//! primitive, its wrapper or text (`getEol()`, `version()`, `defaultLineLength()`). It gives an MTC
//! the same value whatever its source and follow-up inputs, and it observes no instance, so no
//! relation can vary it; yet its name and type can match a target's (`add`/`get`, `String`: Hjson's
//! `getEol()` ranked second for `JsonArray.add(String)`). It is no candidate.
//!
//! A static method taking nothing that returns an object stays one: a factory or a builder
//! (`empty()`, `builder()`) makes the instances an MTC relates (`of(x)` against
//! `builder().add(x).build()`).

use crate::java_model::types::{boxed, erase_simple, is_primitive, is_text};
use crate::java_model::MethodModel;

/// Whether the method is a constant as above.
pub(super) fn is_constant(m: &MethodModel) -> bool {
    let Some(ret) = m.return_type.as_deref() else { return false };
    let ret = erase_simple(ret);
    let wrapper = PRIMITIVES.iter().any(|p| boxed(p) == Some(ret.as_str()));
    let plain = is_primitive(&ret) || wrapper || is_text(&ret);
    m.is_static() && !m.is_constructor && m.params.is_empty() && plain
}

const PRIMITIVES: [&str; 8] = ["byte", "short", "char", "int", "long", "float", "double", "boolean"];

#[cfg(test)]
mod tests {
    use super::is_constant;
    use crate::java_model::parse_str;

    fn constant(src: &str, name: &str) -> bool {
        let file = parse_str(std::path::Path::new("C.java"), src);
        let m = file.classes[0].methods.iter().find(|m| m.name == name).expect("method");
        is_constant(m)
    }

    const ROW: &str = "class Row { static String getEol() { return \"\\n\"; } static int width() { return 8; } \
        static Integer limit() { return 8; } static Row empty() { return null; } static Builder builder() { return null; } \
        static void reset() {} static String name(int i) { return null; } String title() { return null; } \
        static int[] widths() { return null; } }";

    #[test]
    fn static_methods_taking_nothing_and_giving_a_plain_value_are_constants() {
        for name in ["getEol", "width", "limit"] {
            assert!(constant(ROW, name), "{name}");
        }
    }

    #[test]
    fn factories_builders_changes_methods_taking_input_and_instance_getters_are_not() {
        for name in ["empty", "builder", "reset", "name", "title", "widths"] {
            assert!(!constant(ROW, name), "{name}");
        }
    }
}
