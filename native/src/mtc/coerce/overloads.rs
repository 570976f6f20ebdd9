//! The String/byte[] mix-up at a call of an overloaded method. javac then reports no
//! `incompatible types` at the argument, only `no suitable method found for hash(String,byte[])`
//! with each overload and why it does not apply: Password4j's `PBKDF2Function.hash(CharSequence,
//! String)` given its salt as `byte[]` beside `hash(byte[], byte[])` (unseen-26). The overload
//! that takes the arguments once the fewest of them are converted between text and bytes is the
//! one meant (javac's first listed, on a tie: they are in declaration order, not the reply's);
//! its arguments are converted where they stand, as `coerce` converts a single method's.

use super::MixUp;
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

/// The arguments to convert at the call javac's "no suitable method" error points at, each with
/// its mix-up; empty when no overload takes the arguments after text/bytes conversions alone.
pub(super) fn argument_mix_ups<'t>(d: &CompileDiagnostic, at: Node<'t>, code: &str) -> Vec<(MixUp<'static>, Node<'t>)> {
    let Some(unfit) = super::super::javac::unfit_call(&d.message) else { return Vec::new() };
    let found = unfit.found;
    let Some(call) = invocation_named(at, unfit.name, code) else { return Vec::new() };
    let Some(arguments) = call.child_by_field_name("arguments") else { return Vec::new() };
    let arguments: Vec<Node> = arguments.named_children(&mut arguments.walk()).collect();
    if arguments.len() != found.len() {
        return Vec::new();
    }
    let best = unfit.overloads.iter().filter_map(|o| conversions(&found, &o.params)).min_by_key(Vec::len);
    best.unwrap_or_default().into_iter().map(|(i, mix_up)| (mix_up, arguments[i])).collect()
}

/// The arguments to convert for `found` to fit `params`, by index; None where another argument
/// does not fit, or none needs converting (javac found that overload wanting for another reason).
fn conversions(found: &[&str], params: &[&str]) -> Option<Vec<(usize, MixUp<'static>)>> {
    if found.len() != params.len() {
        return None;
    }
    let mut converted = Vec::new();
    for (i, (&arg, &param)) in found.iter().zip(params).enumerate() {
        let (arg, param) = (simple(arg), simple(param));
        match (arg, param) {
            ("String", "byte[]") => converted.push((i, MixUp::TextForBytes)),
            ("byte[]", "String" | "CharSequence") => converted.push((i, MixUp::BytesForText)),
            _ if fits(arg, param) => {}
            _ => return None,
        }
    }
    (!converted.is_empty()).then_some(converted)
}

/// Whether an argument of type `arg` is passed as `param` as it is: the same type, text as a
/// CharSequence, anything as an Object, a primitive boxed or widened.
fn fits(arg: &str, param: &str) -> bool {
    const WIDENING: &[&str] = &["byte", "short", "int", "long", "float", "double"];
    let rank = |t: &str| WIDENING.iter().position(|w| *w == t);
    arg == param
        || param == "Object"
        || (arg == "String" && param == "CharSequence")
        || boxed(arg) == Some(param)
        || matches!((rank(arg), rank(param)), (Some(a), Some(p)) if a <= p)
}

fn boxed(primitive: &str) -> Option<&'static str> {
    const BOXES: &[(&str, &str)] = &[
        ("boolean", "Boolean"),
        ("byte", "Byte"),
        ("short", "Short"),
        ("char", "Character"),
        ("int", "Integer"),
        ("long", "Long"),
        ("float", "Float"),
        ("double", "Double"),
    ];
    BOXES.iter().find(|(p, _)| *p == primitive).map(|(_, b)| *b)
}

fn simple(type_name: &str) -> &str {
    type_name.strip_prefix("java.lang.").unwrap_or(type_name)
}

/// The call of `name` javac's position sits in: at its `.`, its name, or inside it.
fn invocation_named<'t>(at: Node<'t>, name: &str, code: &str) -> Option<Node<'t>> {
    let mut node = Some(at);
    while let Some(n) = node {
        let named = n.child_by_field_name("name").and_then(|m| code.get(m.byte_range())) == Some(name);
        if n.kind() == "method_invocation" && named {
            return Some(n);
        }
        node = n.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::tests::coerce;
    use crate::mtc::javac::error_at_column as error;

    const MISMATCH: &str = "no suitable method found for hash(java.lang.String,byte[])\n    method \
        com.password4j.PBKDF2Function.hash(java.lang.CharSequence,java.lang.String) is not applicable\n      \
        (argument mismatch; byte[] cannot be converted to java.lang.String)\n    method \
        com.password4j.PBKDF2Function.hash(byte[],byte[]) is not applicable\n      (argument mismatch; \
        java.lang.String cannot be converted to byte[])";

    #[test]
    fn a_real_reply_s_bytes_passed_to_an_overload_of_text_are_converted() {
        // Qwen2.5-Coder-1.5B's class for Password4j's PBKDF2Function#hash(CharSequence, String) ~
        // hash(byte[], byte[]) (tests/bench/llm, unseen-26, as compiled after its refinement):
        // javac's error and column as the run reported them. The candidate was lost to it.
        let code = "class T {\n    void mr1() throws Exception {\n        String plainTextPassword = \
                    \"password123\";\n        byte[] salt = \"salt123\".getBytes();\n        Hash hash1 = new \
                    PBKDF2Function(0, 0).hash(plainTextPassword, salt);\n        Hash hash2 = new \
                    PBKDF2Function().hash(plainTextPassword.getBytes(), salt);\n    }\n}\n";
        let fixed = coerce(code, &[error(5, 46, MISMATCH)]).unwrap();
        let expected = "hash(plainTextPassword, new String(salt, java.nio.charset.StandardCharsets.UTF_8));";
        assert!(fixed.contains(expected), "the first overload javac lists, on a tie: {fixed}");
        assert!(fixed.contains("hash(plainTextPassword.getBytes(), salt);"), "untouched: {fixed}");
    }

    #[test]
    fn the_overload_needing_the_fewest_conversions_is_the_one_called() {
        let message = "no suitable method found for f(byte[],byte[])\n    method T.f(String,String) is not \
                       applicable\n      (argument mismatch; byte[] cannot be converted to String)\n    method \
                       T.f(String,byte[]) is not applicable\n      (argument mismatch; byte[] cannot be converted to String)";
        let code = "class T { void m() { byte[] a = x(); Object r = f(a, a); } }";
        let fixed = coerce(code, &[error(1, 49, message)]).unwrap();
        assert!(fixed.contains("f(new String(a, java.nio.charset.StandardCharsets.UTF_8), a)"), "{fixed}");
    }

    #[test]
    fn an_overload_wanting_another_type_too_is_no_fit() {
        let message = "no suitable method found for hash(java.lang.String,int)\n    method \
                       P.hash(java.lang.CharSequence,java.lang.String) is not applicable\n      (argument \
                       mismatch; int cannot be converted to java.lang.String)\n    method P.hash(byte[],byte[]) \
                       is not applicable\n      (argument mismatch; java.lang.String cannot be converted to byte[])";
        let code = "class T { void m() { Object h = new P().hash(pw, 3); } }";
        assert!(coerce(code, &[error(1, 40, message)]).is_none());
        let generic = "no suitable method found for of(byte[])\n    method T.<E>of(E,E) is not applicable";
        assert!(coerce("class T { void m() { of(b); } }", &[error(1, 22, generic)]).is_none());
    }
}
