//! A static repair for a method of the class under test called on another class of the project:
//! - on its own argument: `phoneNumber.format(PhoneNumberFormat.E164)` where libphonenumber's
//!   `PhoneNumberUtil` declares `format(PhoneNumber, PhoneNumberFormat)` and `PhoneNumber` no
//!   `format` (javac: `cannot find symbol`, `symbol: method format(..PhoneNumberFormat)`,
//!   `location: variable phoneNumber of type ..PhoneNumber`; a 1.5B model wrote it for
//!   `PhoneNumberUtil#format`, unseen-42). The receiver becomes the first argument: the class
//!   under test's method must take one more argument than the call gives, the first of the
//!   receiver's type;
//! - through another class: `PhoneNumber.parse(text, "US")` where `PhoneNumberUtil` declares
//!   `parse(CharSequence, String)` (javac: `location: class ..PhoneNumber`). The class under test's
//!   method must take as many arguments as the call gives.
//!
//! The call then goes to the receiver `qualify` gives a call of the class under test (the class
//! for a static method, a local of the class, else a fresh instance:
//! `PhoneNumberUtil.getInstance()`). Whether the relation then holds is for the trial to say.

use super::javac::{missing_symbol, Edit};
use super::qualify::placed_receiver;
use crate::java_model::types::erase_simple;
use crate::java_model::ClassModel;
use crate::protocol::CompileDiagnostic;
use tree_sitter::Node;

/// The code with each such call sent to the class under test; None when javac reports none.
pub fn wrong_owner_calls(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class: &ClassModel,
    fresh: &dyn Fn() -> Option<String>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some(missing) = missing_symbol(&d.message).filter(|m| m.kind == "method") else { return Vec::new() };
        let Some(location) = missing.location else { return Vec::new() };
        let owner = Owner::of(location);
        let mut edits = Vec::new();
        for call in super::inputs::on_line(root, d.line, "method_invocation") {
            let text = |n: Option<Node>| n.and_then(|n| code.get(n.byte_range())).unwrap_or("");
            let (object, arguments) = (call.child_by_field_name("object"), call.child_by_field_name("arguments"));
            let (Some(object), Some(arguments)) = (object, arguments) else { continue };
            if text(call.child_by_field_name("name")) != missing.name || !owner.names(text(Some(object))) {
                continue;
            }
            let given = arguments.named_child_count();
            let arity = if owner.is_argument() { given + 1 } else { given };
            if !declares(class, missing.name, arity, owner.argument_type()) {
                continue;
            }
            let Some(receiver) = placed_receiver(call, code, class, (missing.name, arity), false, fresh, &mut edits)
            else {
                continue;
            };
            edits.push((object.start_byte(), object.end_byte(), receiver));
            if owner.is_argument() {
                let separator = if given == 0 { "" } else { ", " };
                let after_parenthesis = arguments.start_byte() + 1;
                let moved: Edit = (after_parenthesis, after_parenthesis, format!("{}{separator}", text(Some(object))));
                edits.push(moved);
            }
        }
        edits
    })
}

/// Where javac looked for the method.
enum Owner<'m> {
    /// `variable v of type q.T`: the local and its type's simple name.
    Variable(&'m str, &'m str),
    /// `class q.C`.
    Class(&'m str),
}

impl<'m> Owner<'m> {
    fn of(location: &'m str) -> Owner<'m> {
        match location.strip_prefix("variable ").and_then(|v| v.split_once(" of type ")) {
            Some((name, type_name)) => Owner::Variable(name.trim(), simple(type_name)),
            None => Owner::Class(location.strip_prefix("class ").unwrap_or(location).trim()),
        }
    }

    /// Whether the call's receiver, as written, is the one javac looked in.
    fn names(&self, written: &str) -> bool {
        match self {
            Owner::Variable(name, _) => written == *name,
            Owner::Class(class) => written == *class || class.ends_with(&format!(".{written}")),
        }
    }

    fn is_argument(&self) -> bool {
        matches!(self, Owner::Variable(..))
    }

    fn argument_type(&self) -> Option<&'m str> {
        match self {
            Owner::Variable(_, type_name) => Some(type_name),
            Owner::Class(_) => None,
        }
    }
}

/// `com.acme.Outer.Inner<T>` as `Inner`.
fn simple(type_name: &str) -> &str {
    let erased = type_name.split('<').next().unwrap_or(type_name).trim();
    erased.rsplit('.').next().unwrap_or(erased)
}

/// Whether the class declares a visible method `name` taking `arity` arguments, the first of
/// `first` when given.
fn declares(class: &ClassModel, name: &str, arity: usize, first: Option<&str>) -> bool {
    let fits = |m: &&crate::java_model::MethodModel| {
        let first_fits = first.is_none_or(|t| m.params.first().is_some_and(|p| erase_simple(&p.type_name) == t));
        m.params.len() == arity && first_fits
    };
    class.methods.iter().filter(|m| m.name == name && !m.is_constructor && !m.is_private()).any(|m| fits(&m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::parse_str;
    use crate::mtc::javac::error_at as error;

    const UTIL: &str = "package com.google.i18n.phonenumbers;\npublic class PhoneNumberUtil {\n    \
        public static PhoneNumberUtil getInstance() { return null; }\n    \
        public String format(PhoneNumber number, PhoneNumberFormat numberFormat) { return null; }\n    \
        public PhoneNumber parse(CharSequence numberToParse, String defaultRegion) { return null; }\n}\n";

    fn util() -> ClassModel {
        parse_str(std::path::Path::new("PhoneNumberUtil.java"), UTIL).classes.remove(0)
    }

    fn missing(line: usize, method: &str, location: &str) -> CompileDiagnostic {
        error(line, &format!("cannot find symbol\n  symbol:   method {method}\n  location: {location}"))
    }

    fn get_instance() -> Option<String> {
        Some("PhoneNumberUtil.getInstance()".into())
    }

    #[test]
    fn a_real_reply_s_calls_on_an_argument_and_another_class_go_to_the_class_under_test() {
        // Qwen2.5-Coder-1.5B's first reply for libphonenumber's PhoneNumberUtil#format ~ parse
        // (tests/bench/llm, unseen-42), after its import repair, with javac's errors.
        let code = include_str!("../../tests/fixtures/replies/qwen-phonenumber-format-wrong-owner.java");
        let diagnostics = [
            missing(
                26,
                "format(com.google.i18n.phonenumbers.PhoneNumberUtil.PhoneNumberFormat)",
                "variable phoneNumber of type com.google.i18n.phonenumbers.Phonenumber.PhoneNumber",
            ),
            missing(
                30,
                "parse(java.lang.String,java.lang.String)",
                "class com.google.i18n.phonenumbers.Phonenumber.PhoneNumber",
            ),
        ];
        let fixed = wrong_owner_calls(code, &diagnostics, &util(), &get_instance).expect("repaired");
        assert!(fixed.contains("PhoneNumberUtil phoneNumberUtil = PhoneNumberUtil.getInstance();"), "{fixed}");
        assert!(fixed.contains("phoneNumberUtil.format(phoneNumber, PhoneNumberFormat.E164)"), "{fixed}");
        assert!(fixed.contains("phoneNumberUtil.parse(formattedNumber, \"US\")"), "{fixed}");
        assert_eq!(fixed.matches("getInstance()").count(), 1, "one instance for both calls: {fixed}");
    }

    #[test]
    fn a_call_through_a_class_written_with_its_outer_class_goes_to_the_class_under_test() {
        let nested =
            "class T {\n    void mr1() {\n        Object o = Phonenumber.PhoneNumber.parse(\"1\", \"US\");\n    }\n}\n";
        let through_outer = missing(3, "parse(java.lang.String,java.lang.String)", "class q.Phonenumber.PhoneNumber");
        let fixed =
            wrong_owner_calls(nested, &[through_outer], &util(), &get_instance).expect("written with its outer class");
        assert!(fixed.contains("phoneNumberUtil.parse(\"1\", \"US\")"), "{fixed}");
    }

    #[test]
    fn a_call_the_class_under_test_declares_no_method_for_is_left_alone() {
        let code = "class T {\n    void mr1() {\n        PhoneNumber n = new PhoneNumber();\n        \
            String s = n.format(1, 2);\n        Object o = Other.parse(s);\n    }\n}\n";
        let arity = missing(4, "format(int,int)", "variable n of type q.PhoneNumber");
        assert!(wrong_owner_calls(code, &[arity], &util(), &get_instance).is_none(), "format takes two");
        let other_type = missing(4, "format(int)", "variable n of type q.Other");
        let code_other = code.replace("n.format(1, 2)", "n.format(1)");
        assert!(wrong_owner_calls(&code_other, &[other_type], &util(), &get_instance).is_none(), "not a PhoneNumber");
        let one_argument = missing(5, "parse(java.lang.String)", "class q.Other");
        assert!(wrong_owner_calls(code, &[one_argument], &util(), &get_instance).is_none(), "parse takes two");
    }
}
