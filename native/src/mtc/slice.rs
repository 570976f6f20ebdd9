//! A static repair for a whole array passed where the method takes a slice of one: Java's
//! byte-oriented APIs take an array with an offset and a length (`Snappy.uncompress(byte[]
//! compressed, int compressedOffset, int compressedSize)`), and a small model calls them with the
//! array alone, as a higher-level API would be called (javac: `no suitable method found for
//! uncompress(byte[])`, or `cannot be applied to given types` where there is one method; iq80's
//! Snappy, unseen-40). The call gets the whole array's slice: `0, data.length`, which is right
//! whether the second number is a length or an exclusive end. The parameter names say which
//! overload is a slice: the project's own, an offset then a length or an end.

use crate::java_model::types::erase_simple;
use crate::java_model::ClassModel;
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

/// The code with each call javac could not fit given `, 0, a.length` after its last argument `a`,
/// an array, where the method has an overload taking the same arguments and then an offset and a
/// length; None when javac reports no such call.
pub fn whole_array_slices<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some(unfit) = super::javac::unfit_call(&d.message) else { return Vec::new() };
        let array_last = unfit.found.last().is_some_and(|t| t.ends_with("[]"));
        let sliced = unfit.overloads.iter().any(|o| {
            let takes_the_arguments = o.params.len() == unfit.found.len() + 2 && o.params.starts_with(&unfit.found);
            takes_the_arguments && class_named(o.owner).is_some_and(|c| takes_a_slice(c, unfit.name, &o.params))
        });
        if !array_last || !sliced {
            return Vec::new();
        }
        let calls = super::inputs::on_line(root, d.line, "method_invocation");
        calls.into_iter().filter_map(|call| slice_edit(call, code, unfit.name, unfit.found.len())).collect()
    })
}

/// Whether `class` declares `name` with these parameter types, the last two an offset (`off`,
/// `offset`, `start`, `from`, `pos`...) and a length or an end (`len`, `size`, `count`, `end`,
/// `to`...), each an `int`.
fn takes_a_slice(class: &ClassModel, name: &str, params: &[&str]) -> bool {
    const OFFSETS: [&str; 6] = ["off", "start", "from", "begin", "pos", "index"];
    const LENGTHS: [&str; 6] = ["len", "size", "count", "end", "to", "limit"];
    let named = |param: &str, words: &[&str]| {
        let lower = param.to_ascii_lowercase();
        words.iter().any(|w| lower.contains(w))
    };
    class.methods.iter().filter(|m| m.name == name && m.params.len() == params.len()).any(|m| {
        let types_match = m.params.iter().zip(params).all(|(p, t)| erase_simple(&p.type_name) == erase_simple(t));
        let [.., offset, length] = m.params.as_slice() else { return false };
        let ints = offset.type_name == "int" && length.type_name == "int";
        types_match && ints && named(&offset.name, &OFFSETS) && named(&length.name, &LENGTHS)
    })
}

/// The insertion after the last argument of `call` (a call of `name` with `arity` arguments, the
/// last a plain local or field name, so that naming it twice reads the same array).
fn slice_edit(call: Node, code: &str, name: &str, arity: usize) -> Option<super::javac::Edit> {
    let called = call.child_by_field_name("name").and_then(|n| code.get(n.byte_range()))?;
    let list = call.child_by_field_name("arguments")?;
    let arguments = list.named_children(&mut list.walk()).collect::<Vec<_>>();
    let array = arguments.last().filter(|a| a.kind() == "identifier")?;
    if called != name || arguments.len() != arity {
        return None;
    }
    let text = code.get(array.byte_range())?;
    Some((array.end_byte(), array.end_byte(), format!(", 0, {text}.length")))
}

#[cfg(test)]
mod tests {
    use super::whole_array_slices;
    use crate::java_model::{parse_str, ClassModel};
    use crate::mtc::javac::error_at;

    const SNAPPY: &str = "package org.iq80.snappy;\npublic final class Snappy {\n    \
        public static byte[] uncompress(byte[] compressed, int compressedOffset, int compressedSize) { return null; }\n    \
        public static int uncompress(byte[] compressed, int compressedOffset, int compressedSize, byte[] uncompressed, int uncompressedOffset) { return 0; }\n    \
        public static byte[] copy(byte[] data, int times, int step) { return null; }\n}\n";

    /// Qwen2.5-Coder-1.5B's reply for Snappy#compress(byte[]) ~ uncompress(byte[], int, int)
    /// (tests/bench/llm, unseen-40), with javac's error as the run reported it.
    const REPLY: &str = "class T {\n    void mr1() throws Exception {\n        \
        byte[] sourceInput = new byte[]{1, 2, 3, 4, 5};\n        \
        byte[] compressedOutput = Snappy.compress(sourceInput);\n        \
        byte[] decompressedOutput = Snappy.uncompress(compressedOutput);\n        \
        assertArrayEquals(sourceInput, decompressedOutput);\n    }\n}\n";

    const UNFIT: &str = "no suitable method found for uncompress(byte[])\n    method \
        org.iq80.snappy.Snappy.uncompress(byte[],int,int) is not applicable\n      (actual and formal argument \
        lists differ in length)\n    method org.iq80.snappy.Snappy.uncompress(byte[],int,int,byte[],int) is not \
        applicable\n      (actual and formal argument lists differ in length)";

    fn snappy() -> Vec<ClassModel> {
        parse_str(std::path::Path::new("Snappy.java"), SNAPPY).classes
    }

    #[test]
    fn a_whole_array_passed_where_a_slice_goes_is_its_whole_slice() {
        let classes = snappy();
        let named = |name: &str| classes.iter().find(|c| c.qualified_name == name || c.name == name);
        let fixed =
            whole_array_slices(REPLY, &[error_at(5, UNFIT)], &named).expect("uncompress takes an offset and a size");
        assert!(fixed.contains("Snappy.uncompress(compressedOutput, 0, compressedOutput.length);"), "{fixed}");
        let single = "method uncompress in class Snappy cannot be applied to given types;\n  required: \
                      byte[],int,int\n  found:    byte[]\n  reason: actual and formal argument lists differ in length";
        let fixed = whole_array_slices(REPLY, &[error_at(5, single)], &named);
        assert!(fixed.is_some_and(|f| f.contains("uncompress(compressedOutput, 0, compressedOutput.length)")));
    }

    #[test]
    fn numbers_that_are_no_slice_or_an_argument_that_is_no_name_are_left_alone() {
        let classes = snappy();
        let named = |name: &str| classes.iter().find(|c| c.qualified_name == name || c.name == name);
        let copy = REPLY.replace("uncompress", "copy");
        let unfit = UNFIT.replace("uncompress", "copy");
        let left = whole_array_slices(&copy, &[error_at(5, &unfit)], &named);
        assert!(left.is_none(), "copy's numbers are a count and a step");
        let computed = REPLY.replace("uncompress(compressedOutput)", "uncompress(Snappy.compress(sourceInput))");
        let left = whole_array_slices(&computed, &[error_at(5, UNFIT)], &named);
        assert!(left.is_none(), "a computed array would be computed twice");
        let left = whole_array_slices(REPLY, &[error_at(5, UNFIT)], &|_| None);
        assert!(left.is_none(), "not the project's method: its parameter names are unknown");
    }
}
