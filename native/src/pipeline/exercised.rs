//! The methods of a class under test that a candidate exercises, whose mutants can tell a valid
//! relation from a useless one: the pair's methods and, for a pair method with few mutants of its
//! own, the class's own methods it calls, and theirs in turn while they have few too. A method
//! that only delegates (`strip(s)` returning `strip(s, null)`), or only checks and hands on
//! (`strip(s, chars)`: `isEmpty`, then `stripStart`, `stripEnd`), has a mutant or two; the
//! behaviour its relation checks lives in the methods it calls, and their mutants alone can show
//! the relation kills something.

use crate::java_model::{ClassModel, Invocation, MethodModel, Receiver};
use std::collections::BTreeSet;

/// Fewer mutants of its own than this, and a method's calls are followed.
const FEW_MUTANTS: usize = 8;
/// How many calls deep they are followed: `strip(s)`, `strip(s, chars)`, `stripStart`.
const DEPTH: usize = 3;

/// What a candidate of `methods` exercises: `methods` and, of those that delegate (a body of one
/// statement) or have fewer than `FEW_MUTANTS` mutants of their own (`own_mutants`), the class's
/// methods they call on the class itself (`own_callees`), followed up to `DEPTH` calls deep. A
/// method with mutants enough is not followed: following every call multiplied the mutant runs
/// (and their timeouts) of lang3's `Fraction` and commons-math3 several times over. An index past
/// the class's methods is a member it inherits (a coupled method of a project superclass): its
/// mutants are the superclass's, and its calls are not followed. Not every method a candidate's
/// code names: the factories that build its inputs (`Fraction.getFraction(..)`, six overloads)
/// multiplied the mutant runs of lang3's `Fraction` by ten.
pub fn exercised(
    class: &ClassModel,
    methods: impl IntoIterator<Item = usize>,
    own_mutants: impl Fn(usize) -> usize,
) -> BTreeSet<usize> {
    let mut out: BTreeSet<usize> = methods.into_iter().collect();
    let mut frontier: Vec<usize> = out.iter().copied().collect();
    for _ in 0..DEPTH {
        let few = |m: usize| own_mutants(m) < FEW_MUTANTS || class.methods.get(m).is_some_and(|x| delegates(class, x));
        let followed: Vec<&MethodModel> =
            frontier.iter().filter(|&&m| few(m)).filter_map(|&m| class.methods.get(m)).collect();
        frontier = followed.into_iter().flat_map(|m| own_callees(class, m)).filter(|&c| out.insert(c)).collect();
    }
    out
}

/// The methods of `class` that `method` calls on the class itself: the overloads of a call's
/// name and arity, of those the ones whose parameters take the argument types the call makes
/// evident (`swap(array, i, j, 1)` on an `int[]` calls one of nine), all when none does.
fn own_callees(class: &ClassModel, method: &MethodModel) -> Vec<usize> {
    let own = |inv: &&Invocation| {
        matches!(inv.receiver, Receiver::Implicit | Receiver::This | Receiver::OwnClass) && inv.name != "<init>"
    };
    method.invocations.iter().filter(own).flat_map(|inv| class.callees_of(inv)).collect()
}

/// Whether the method's body is one statement: what it does, its callee does.
fn delegates(class: &ClassModel, method: &MethodModel) -> bool {
    let Some(code) = class.source.get(method.byte_range.0..method.byte_range.1) else { return false };
    crate::java_model::sole_statement(&class.name, code, |_, _| Some(())).is_some()
}

#[cfg(test)]
mod tests {
    use super::exercised;
    use crate::java_model::parse_str;
    use std::path::Path;

    const TEXT: &str = "class Text {
        static String strip(String s) { return strip(s, null); }
        static String strip(String s, String chars) { if (s == null) return s; return trimEnd(s.trim()); }
        static String trimEnd(String s) { if (s.isEmpty()) return s; return s.substring(0, len(s)); }
        static int len(String s) { return s.length(); }
        static boolean isEmpty(String s) { return s == null || s.isEmpty(); }
        static boolean isNotEmpty(String s) { return !isEmpty(s); }
        static String twice(String s) { String once = strip(s); return strip(once); }
        static void swap(int[] a, int i, int j) { swap(a, i, j, 1); }
        static void swap(int[] a, int i, int j, int n) { int t = a[i]; a[i] = a[j]; a[j] = t; }
        static void swap(long[] a, int i, int j, int n) { long t = a[i]; a[i] = a[j]; a[j] = t; }
    }";

    fn index(names: &[&str], class: &crate::java_model::ClassModel) -> Vec<usize> {
        (0..class.methods.len()).filter(|&i| names.contains(&class.methods[i].name.as_str())).collect()
    }

    /// Every method has mutants enough, so that only delegation is followed.
    fn many(_: usize) -> usize {
        100
    }

    #[test]
    fn a_delegating_method_exercises_what_it_calls() {
        let file = parse_str(Path::new("Text.java"), TEXT);
        let class = &file.classes[0];
        let strip = index(&["strip"], class)[0];
        let got: Vec<usize> = exercised(class, [strip], many).into_iter().collect();
        assert_eq!(got, index(&["strip"], class), "the other strip, not what that one calls");
        let chars = index(&["strip"], class)[1];
        let got: Vec<usize> = exercised(class, [chars], |_| 2).into_iter().collect();
        assert_eq!(
            got,
            [chars].into_iter().chain(index(&["trimEnd", "len"], class)).collect::<Vec<_>>(),
            "not strip(s)"
        );
        let swaps = index(&["swap"], class);
        let got: Vec<usize> = exercised(class, [swaps[0]], many).into_iter().collect();
        assert_eq!(got, swaps[..2], "the overload for int[], not the one for long[]");
        let not_empty = index(&["isNotEmpty"], class)[0];
        let got: Vec<usize> = exercised(class, [not_empty], many).into_iter().collect();
        assert_eq!(got, index(&["isEmpty", "isNotEmpty"], class));
    }

    #[test]
    fn a_method_with_few_mutants_exercises_its_callees_three_calls_deep() {
        let file = parse_str(Path::new("Text.java"), TEXT);
        let class = &file.classes[0];
        let twice = index(&["twice"], class)[0];
        // A body of its own with mutants enough: its calls are not followed.
        assert_eq!(exercised(class, [twice], many).into_iter().collect::<Vec<_>>(), vec![twice]);
        let got: Vec<usize> = exercised(class, [twice], |_| 2).into_iter().collect();
        assert_eq!(got, index(&["strip", "trimEnd", "twice"], class), "len is a fourth call deep");
        let chars = index(&["strip"], class)[1];
        let got: Vec<usize> = exercised(class, [twice], |m| if m == chars { 9 } else { 2 }).into_iter().collect();
        assert_eq!(got, index(&["strip", "twice"], class), "strip(s, chars) has mutants enough");
    }

    #[test]
    fn an_inherited_member_is_kept_but_not_followed() {
        let file = parse_str(Path::new("Text.java"), TEXT);
        let class = &file.classes[0];
        let inherited = class.methods.len() + 3;
        assert_eq!(exercised(class, [inherited], |_| 0).into_iter().collect::<Vec<_>>(), vec![inherited]);
    }
}
