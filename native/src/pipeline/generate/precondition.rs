//! Preconditions a method under test documents and does not check: agrona's `BitUtil.align(value,
//! alignment)` says `@param alignment to be used, must be a power of 2` and computes garbage for 3.
//! A relation that fails where its input breaks such a precondition has fed an illegal input, not
//! found a bug (an LLM wrote `align(x, x) = findNextPositivePowerOfTwo(x)`, which holds for 1, 2
//! and 4 and fails for 0, 3 and 5, the pattern triage otherwise reads as a bug). A precondition
//! the method checks throws instead, and its exception is judged as such.

use crate::java_model::{javadoc, ClassModel, MethodModel};

/// What a `@param` text asks of a number, where it can be checked.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Condition {
    PowerOfTwo,
    NonNegative,
    Positive,
    /// Some other demand (`must be between 2 and 36`, `must not be empty`): stated, not checked.
    Stated,
}

/// One parameter's documented precondition.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Precondition {
    pub index: usize,
    pub param: String,
    pub text: String,
    condition: Condition,
}

impl Precondition {
    /// Whether `value` keeps it; None when the condition is not one a number can be checked for.
    fn kept_by(&self, value: f64) -> Option<bool> {
        match self.condition {
            Condition::PowerOfTwo => Some(value >= 1.0 && value.fract() == 0.0 && (value as u64).is_power_of_two()),
            Condition::NonNegative => Some(value >= 0.0),
            Condition::Positive => Some(value > 0.0),
            Condition::Stated => None,
        }
    }
}

/// The preconditions `method` documents on its parameters and does not check itself (its body
/// throws nothing): none for a method that throws, since its checks raise exceptions.
pub(super) fn unchecked(class: &ClassModel, method: &MethodModel) -> Vec<Precondition> {
    let body = class.source.get(method.byte_range.0..method.byte_range.1).unwrap_or("");
    if body.contains("throw ") || !method.has_body {
        return Vec::new();
    }
    javadoc::param_docs(class, method)
        .into_iter()
        .filter_map(|(param, text)| {
            let index = method.params.iter().position(|p| p.name == param)?;
            let condition = condition(&text)?;
            Some(Precondition { index, param, text, condition })
        })
        .collect()
}

/// What a `@param` text demands, if anything beyond not being null (a null is rejected by a
/// `NullPointerException`, which triage judges on its own).
fn condition(text: &str) -> Option<Condition> {
    let t = text.to_ascii_lowercase();
    let any = |words: &[&str]| words.iter().any(|w| t.contains(w));
    if any(&["power of 2", "power of two", "power-of-two"]) {
        return Some(Condition::PowerOfTwo);
    }
    if any(&["non-negative", "nonnegative", "not be negative", "not negative", ">= 0", "zero or greater"]) {
        return Some(Condition::NonNegative);
    }
    if any(&["must be positive", "strictly positive", "> 0", "greater than zero", "greater than 0"]) {
        return Some(Condition::Positive);
    }
    // A demand on the value (`must be between 2 and 36`, `must not be empty`), not any sentence
    // with `should be` (`name of the member that should be removed`, Gson's JsonObject#remove).
    let demands = ["must be ", "must not be ", "must lie "];
    let on_the_value = [
        "between",
        "in the range",
        "in range",
        "within",
        "greater",
        "less",
        "smaller",
        "larger",
        "at least",
        "at most",
        "one of",
        "sorted",
        "valid",
        "a ",
        "an ",
        "non",
        "positive",
        "negative",
        "zero",
        "even",
        "odd",
        "empty",
        "exactly",
    ];
    let about_value = |rest: &str| !rest.starts_with("null") && on_the_value.iter().any(|w| rest.starts_with(w));
    let stated = demands.iter().any(|d| t.match_indices(d).any(|(at, _)| about_value(&t[at + d.len()..])))
        || t.contains("must not exceed");
    stated.then_some(Condition::Stated)
}

/// Whether a failing MTC method's input breaks a precondition of `method` (called in it by name),
/// and why: `(true, ..)` for a number it passes that breaks a checkable precondition; else
/// `(false, ..)` for a precondition no number of the test can be held against (it may). None when
/// every number passed keeps every checkable precondition.
pub(super) fn broken_by(
    code: &str,
    test_method: &str,
    method: &MethodModel,
    preconditions: &[Precondition],
) -> Option<(bool, String)> {
    let mut unknown = None;
    for p in preconditions {
        let values = crate::mtc::numeric_arguments(code, test_method, &method.name, method.params.len(), p.index);
        let checked: Vec<(f64, bool)> = values.iter().flatten().filter_map(|v| Some((*v, p.kept_by(*v)?))).collect();
        if let Some((value, _)) = checked.iter().find(|(_, kept)| !kept) {
            let shown = if value.fract() == 0.0 { format!("{value:.0}") } else { value.to_string() };
            let why = format!(
                "`{}` documents `{}`: \"{}\", and the test passes {shown}, which breaks it",
                method.name, p.param, p.text
            );
            return Some((true, why));
        }
        if checked.is_empty() && unknown.is_none() {
            let why = format!(
                "`{}` documents a precondition it does not check (`{}`: \"{}\"): the input may break it",
                method.name, p.param, p.text
            );
            unknown = Some((false, why));
        }
    }
    unknown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::parse_str;

    /// agrona 2.6.0's BitUtil, its Javadoc as written, bodies cut short.
    const BIT_UTIL: &str = "public final class BitUtil {\n    /**\n     * Align a value to the next multiple up of alignment.\n     *\n     * @param value     to be aligned up.\n     * @param alignment to be used, must be a power of 2.\n     * @return the value aligned to the next boundary.\n     */\n    public static int align(final int value, final int alignment) {\n        return (value + (alignment - 1)) & -alignment;\n    }\n\n    /**\n     * @param value     to be aligned up.\n     * @param alignment to be used, must be a power of 2.\n     */\n    public static int checkedAlign(final int value, final int alignment) {\n        if (alignment <= 0) throw new IllegalArgumentException();\n        return value;\n    }\n\n    /**\n     * @param radix must be between 2 and 36.\n     * @param s     must not be null.\n     */\n    public static int parse(final String s, final int radix) {\n        return 0;\n    }\n}\n";

    fn bit_util() -> ClassModel {
        parse_str(std::path::Path::new("BitUtil.java"), BIT_UTIL).classes.remove(0)
    }

    #[test]
    fn a_number_that_breaks_a_documented_unchecked_precondition_is_named() {
        let class = bit_util();
        let align = &class.methods[0];
        let preconditions = unchecked(&class, align);
        assert_eq!(preconditions.len(), 1, "{preconditions:?}");
        let test = |x: &str| {
            format!("class T {{\n    void mr1() {{\n        int x = {x};\n        assertEquals(BitUtil.align(x, x), BitUtil.findNextPositivePowerOfTwo(x));\n    }}\n}}\n")
        };
        let (illegal, why) = broken_by(&test("3"), "mr1", align, &preconditions).unwrap();
        assert!(illegal, "{why}");
        assert!(why.contains("must be a power of 2") && why.contains("passes 3"), "{why}");
        assert!(broken_by(&test("0"), "mr1", align, &preconditions).is_some_and(|(illegal, _)| illegal));
        assert_eq!(broken_by(&test("4"), "mr1", align, &preconditions), None, "4 keeps it");
        let computed = test("4").replace("int x = 4;", "int x = Integer.parseInt(\"3\");");
        let (illegal, why) = broken_by(&computed, "mr1", align, &preconditions).unwrap();
        assert!(!illegal && why.contains("may break it"), "{why}");
    }

    #[test]
    fn a_checked_precondition_and_a_demand_of_not_null_are_none() {
        let class = bit_util();
        assert!(unchecked(&class, &class.methods[1]).is_empty(), "the method throws: it checks");
        let parse = unchecked(&class, &class.methods[2]);
        assert_eq!(parse.iter().map(|p| p.param.as_str()).collect::<Vec<_>>(), ["radix"], "{parse:?}");
        assert_eq!(parse[0].kept_by(40.0), None, "stated, not checked");
        assert_eq!(condition("name of the member that should be removed."), None, "Gson's JsonObject#remove");
        assert_eq!(condition("the key, must be a valid identifier"), Some(Condition::Stated));
        assert_eq!(condition("the array, must not be empty"), Some(Condition::Stated));
    }
}
