//! The methods of a class under test that a candidate exercises, whose mutants can tell a valid
//! relation from a useless one: the pair's methods and, for a pair method that only delegates,
//! the class's own methods it calls (one level). A method that only delegates (`strip(s)`
//! returning `strip(s, null)`) has a mutant or two; the behaviour its relation checks lives in
//! the method it calls, and mutants of that one alone could show the relation kills something.

use crate::java_model::{ClassModel, Receiver};
use std::collections::BTreeSet;

/// `methods` and, of those whose body is one statement (a delegation: `return strip(s, null);`),
/// the class's methods they call on the class itself (by name: every overload). A method with a
/// body of its own has mutants enough; following every call multiplied the mutant runs (and
/// their timeouts) of lang3's `Fraction` and commons-math3 several times over. An index past the
/// class's methods is a member it inherits (a coupled method of a project superclass): its
/// mutants are the superclass's, and its calls are not followed.
pub fn with_own_callees(class: &ClassModel, methods: impl IntoIterator<Item = usize>) -> BTreeSet<usize> {
    let mut out: BTreeSet<usize> = methods.into_iter().collect();
    let direct: Vec<&crate::java_model::MethodModel> =
        out.iter().filter_map(|&m| class.methods.get(m)).filter(|m| delegates(class, m)).collect();
    for method in direct {
        for inv in &method.invocations {
            let own = matches!(inv.receiver, Receiver::Implicit | Receiver::This | Receiver::OwnClass);
            if own && inv.name != "<init>" {
                out.extend(
                    class.methods.iter().enumerate().filter(|(_, c)| c.name == inv.name && c.has_body).map(|(i, _)| i),
                );
            }
        }
    }
    out
}

/// Whether the method's body is one statement: what it does, its callee does.
fn delegates(class: &ClassModel, method: &crate::java_model::MethodModel) -> bool {
    let Some(code) = class.source.get(method.byte_range.0..method.byte_range.1) else { return false };
    crate::java_model::sole_statement(&class.name, code, |_, _| Some(())).is_some()
}

/// What a candidate exercises: its pair and their own callees. Not every method its code names:
/// the factories that build its inputs (`Fraction.getFraction(..)`, six overloads) multiplied
/// the mutant runs of lang3's `Fraction` by ten.
pub fn exercised(class: &ClassModel, pair: &[usize]) -> BTreeSet<usize> {
    with_own_callees(class, pair.iter().copied())
}

#[cfg(test)]
mod tests {
    use super::{exercised, with_own_callees};
    use crate::java_model::parse_str;
    use std::path::Path;

    const TEXT: &str = "class Text {
        static String strip(String s) { return strip(s, null); }
        static String strip(String s, String chars) { return s == null ? null : s.trim(); }
        static boolean isEmpty(String s) { return s == null || s.isEmpty(); }
        static boolean isNotEmpty(String s) { return !isEmpty(s); }
        static int length(String s) { return s.length(); }
        static String twice(String s) { String once = strip(s); return strip(once); }
    }";

    fn index(names: &[&str], class: &crate::java_model::ClassModel) -> Vec<usize> {
        (0..class.methods.len()).filter(|&i| names.contains(&class.methods[i].name.as_str())).collect()
    }

    #[test]
    fn a_delegating_method_exercises_what_it_calls() {
        let file = parse_str(Path::new("Text.java"), TEXT);
        let class = &file.classes[0];
        let strip = index(&["strip"], class)[0];
        let got: Vec<usize> = with_own_callees(class, [strip]).into_iter().collect();
        assert_eq!(got, index(&["strip"], class), "both overloads of strip");
    }

    #[test]
    fn an_inherited_member_is_kept_but_not_followed() {
        let file = parse_str(Path::new("Text.java"), TEXT);
        let class = &file.classes[0];
        let inherited = class.methods.len() + 3;
        assert_eq!(with_own_callees(class, [inherited]).into_iter().collect::<Vec<_>>(), vec![inherited]);
    }

    #[test]
    fn a_candidate_exercises_its_pair_and_what_it_calls() {
        let file = parse_str(Path::new("Text.java"), TEXT);
        let class = &file.classes[0];
        let not_empty = index(&["isNotEmpty"], class)[0];
        let got: Vec<usize> = exercised(class, &[not_empty]).into_iter().collect();
        assert_eq!(got, index(&["isEmpty", "isNotEmpty"], class));
        // A body of its own has mutants enough: its calls are not followed.
        let twice = index(&["twice"], class)[0];
        assert_eq!(exercised(class, &[twice]).into_iter().collect::<Vec<_>>(), vec![twice]);
    }
}
