//! A static repair for an object built with a constructor the test may not call: `new
//! Fraction(2, 3)` where commons-numbers' `Fraction` keeps its constructors private and
//! `Fraction.of(int, int)` builds it (javac: `Fraction(int,int) has private access in ..`; a 1.5B
//! model wrote it in every Fraction MTC, and again in its refinement). The creation becomes a
//! call of the class's static factory that takes the same parameter types, else of its only
//! factory taking as many arguments. A factory may check or normalise what a constructor would
//! not; whether the relation holds on what it builds is for the trial to say.

use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, MethodModel};
use crate::protocol::CompileDiagnostic;

/// The code with each creation through a private constructor made a factory call; None when no
/// error reports one this repair can place.
pub fn private_constructor<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some((name, types)) = private_constructor_of(&d.message) else { return Vec::new() };
        let creations = super::inputs::on_line(root, d.line, "object_creation_expression");
        creations
            .into_iter()
            .filter_map(|creation| {
                let type_node = creation.child_by_field_name("type")?;
                let arguments = creation.child_by_field_name("arguments")?;
                // `Fraction`, `pkg.Fraction`, `Box<>`: the class as written, without type arguments.
                let written = code.get(type_node.byte_range())?.split('<').next()?.trim();
                if erase_simple(written) != name {
                    return None;
                }
                let factory = factory_for(class_named(written)?, &types, arguments.named_child_count())?;
                Some((creation.start_byte(), arguments.start_byte(), format!("{written}.{}", factory.name)))
            })
            .collect()
    })
}

/// The constructor's simple name and erased parameter types from javac's `Fraction(int,int) has
/// private access in org.apache.commons.numbers.fraction.Fraction` (alone, or as the `reason:` of
/// `constructor Fraction in class .. cannot be applied to given types`).
fn private_constructor_of(message: &str) -> Option<(String, Vec<String>)> {
    let before = &message[..message.find(" has private access in ")?];
    let signature = before.split_whitespace().last()?;
    let (name, rest) = signature.split_once('(')?;
    let types = rest.strip_suffix(')')?;
    let types = types.split(',').map(str::trim).filter(|t| !t.is_empty()).map(erase_simple).collect();
    // A private method is reported alike (`addSub(Fraction,boolean) has private access`); only a
    // constructor is named after its class.
    let constructor = name.chars().next().is_some_and(char::is_uppercase);
    constructor.then(|| (name.to_string(), types))
}

/// The class's static factory a test may call that takes `types` (among several, the one whose
/// parameters the constructor names alike: commons-numbers' `Complex(double real, double
/// imaginary)` is `ofCartesian(double real, double imaginary)`, not `ofPolar(double rho, double
/// theta)`), else its only one taking `arity` arguments; never a guess between two.
fn factory_for<'c>(class: &'c ClassModel, types: &[String], arity: usize) -> Option<&'c MethodModel> {
    let factories: Vec<&MethodModel> = class
        .methods
        .iter()
        .filter(|m| m.is_static() && !m.is_private() && !m.is_constructor && m.params.len() == arity)
        .filter(|m| m.return_type.as_deref().map(erase_simple).as_deref() == Some(class.name.as_str()))
        .collect();
    let takes_types = |m: &MethodModel| m.params.iter().map(|p| erase_simple(&p.type_name)).eq(types.iter().cloned());
    let exact: Vec<&MethodModel> = factories.iter().copied().filter(|m| takes_types(m)).collect();
    let names = |m: &MethodModel| m.params.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    let constructor = class.methods.iter().find(|m| m.is_constructor && takes_types(m));
    match (exact.as_slice(), factories.as_slice()) {
        ([only], _) => Some(only),
        ([], [only]) => Some(only),
        ([], _) => None,
        (several, _) => {
            let named_alike: Vec<&&MethodModel> =
                several.iter().filter(|m| constructor.is_some_and(|c| names(c) == names(m))).collect();
            (named_alike.len() == 1).then(|| *named_alike[0])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::private_constructor;
    use crate::java_model::{parse_str, ClassModel};
    use crate::protocol::{CompileDiagnostic, DiagnosticKind};

    /// commons-numbers 1.2's Fraction, its constructors and factories.
    fn fraction() -> ClassModel {
        let src = "package org.apache.commons.numbers.fraction;\npublic final class Fraction {\n    private Fraction(int num, int den) {}\n    private Fraction(int num) {}\n    public static Fraction from(double value) { return null; }\n    public static Fraction from(double value, int maxDenominator) { return null; }\n    public static Fraction of(int num) { return null; }\n    public static Fraction of(int num, int den) { return null; }\n    public static Fraction parse(String s) { return null; }\n    private Fraction multiply(int num, int den) { return null; }\n}\n";
        parse_str(std::path::Path::new("Fraction.java"), src).classes.remove(0)
    }

    fn error(line: usize, message: &str) -> CompileDiagnostic {
        CompileDiagnostic { kind: DiagnosticKind::Error, line, column: 27, message: message.into() }
    }

    fn repaired(code: &str, diagnostics: &[CompileDiagnostic]) -> Option<String> {
        let class = fraction();
        private_constructor(code, diagnostics, &|name| (name == class.name).then_some(&class))
    }

    /// javac's message for a private constructor among others.
    const NOT_APPLICABLE: &str = "constructor Fraction in class org.apache.commons.numbers.fraction.Fraction cannot be applied to given types;\n  required: int,int\n  found:    int,int\n  reason: Fraction(int,int) has private access in org.apache.commons.numbers.fraction.Fraction";

    #[test]
    fn a_real_reply_s_private_constructors_become_the_factory_of_the_same_types() {
        // Qwen2.5-Coder-1.5B's refinement for Fraction#subtract(Fraction) ~ add(Fraction)
        // (tests/bench/llm, unseen-3), with javac's errors: the refinement kept `new Fraction`.
        let code = include_str!("../../tests/fixtures/replies/qwen-fraction-refinement.java");
        let diagnostics = [
            error(12, NOT_APPLICABLE),
            error(14, NOT_APPLICABLE),
            error(16, NOT_APPLICABLE),
            error(18, NOT_APPLICABLE),
        ];
        let fixed = repaired(code, &diagnostics).unwrap();
        assert!(fixed.contains("Fraction source = Fraction.of(5, 3);"), "{fixed}");
        assert!(fixed.contains("source.subtract(Fraction.of(2, 3));"), "{fixed}");
        assert!(fixed.contains("followUpInput.add(Fraction.of(2, 3));"), "{fixed}");
        assert!(!fixed.contains("new Fraction"), "{fixed}");
    }

    #[test]
    fn a_sole_constructor_s_message_and_a_factory_of_that_arity() {
        let code = "class T {\n    void mr1() {\n        Fraction f = new Fraction(7L);\n    }\n}\n";
        let sole = "Fraction(long) has private access in org.apache.commons.numbers.fraction.Fraction";
        let fixed = repaired(code, &[error(3, sole)]);
        assert!(fixed.is_none(), "two factories take one argument, none a long: {fixed:?}");
        let code = "class T {\n    void mr1() {\n        Fraction f = new Fraction(\"1/2\", 3, 4);\n    }\n}\n";
        assert!(repaired(code, &[error(3, "Fraction(String,int,int) has private access in x.Fraction")]).is_none());
        let code = "class T {\n    void mr1() {\n        Fraction f = new Fraction(7);\n    }\n}\n";
        let fixed = repaired(code, &[error(3, "Fraction(int) has private access in x.Fraction")]).unwrap();
        assert!(fixed.contains("Fraction f = Fraction.of(7);"), "{fixed}");
    }

    #[test]
    fn among_factories_of_the_same_types_the_one_named_as_the_constructor() {
        // commons-numbers 1.2's Complex: `new Complex(1.0, 2.0)` is Cartesian.
        let src = "public final class Complex {\n    private Complex(double real, double imaginary) {}\n    public static Complex ofPolar(double rho, double theta) { return null; }\n    public static Complex ofCartesian(double real, double imaginary) { return null; }\n}\n";
        let class = parse_str(std::path::Path::new("Complex.java"), src).classes.remove(0);
        let code = "class T {\n    void mr1() {\n        Complex z = new Complex(1.0, 2.0);\n    }\n}\n";
        let message = "Complex(double,double) has private access in org.apache.commons.numbers.complex.Complex";
        let fixed = private_constructor(code, &[error(3, message)], &|_| Some(&class)).unwrap();
        assert!(fixed.contains("Complex z = Complex.ofCartesian(1.0, 2.0);"), "{fixed}");
        let unnamed = src.replace("double real, double imaginary) {}", "double a, double b) {}");
        let class = parse_str(std::path::Path::new("Complex.java"), &unnamed).classes.remove(0);
        assert!(private_constructor(code, &[error(3, message)], &|_| Some(&class)).is_none(), "no guess between two");
    }

    #[test]
    fn a_private_method_or_another_line_is_not_this_repair() {
        let code = "class T {\n    void mr1() {\n        Fraction f = new Fraction(1, 2);\n    }\n}\n";
        let method = "multiply(int,int) has private access in org.apache.commons.numbers.fraction.Fraction";
        assert!(repaired(code, &[error(3, method)]).is_none());
        assert!(repaired(code, &[error(2, NOT_APPLICABLE)]).is_none());
        assert!(repaired(code, &[error(3, "cannot find symbol")]).is_none());
    }
}
