//! Methods that refuse every call (ranked mode): an immutable collection's `add`, `remove` and
//! `clear`, marked `@DoNotCall` or `@Deprecated` and whose whole body is one `throw`. Such a method
//! gives no value and changes no state for an MTC to relate, yet its name (`add`/`remove`) and
//! its role (a change) would rank it among the best candidates; it is no candidate.
//!
//! A one-`throw` body counts only where no subclass can give the method a real body: a static or
//! final method, or one marked deprecated (a base class's `throw new UnsupportedOperationException()`
//! that subclasses override stays a candidate).

use super::facts::Member;

/// Whether the member refuses every call.
pub(super) fn always_throws(member: &Member) -> bool {
    let m = member.method;
    let marked = |name: &str| m.annotations.iter().any(|a| a.rsplit('.').next() == Some(name));
    if marked("DoNotCall") {
        return true;
    }
    let fixed = m.is_static() || m.modifiers.iter().any(|x| x == "final") || marked("Deprecated");
    let text = member.owner.source.get(m.byte_range.0..m.byte_range.1).unwrap_or("");
    fixed && m.has_body && only_throws(&member.owner.name, text)
}

/// A declaration whose body is a single `throw` statement: `{ throw new X(..); }` (comments aside).
fn only_throws(class_name: &str, declaration: &str) -> bool {
    // Most methods throw nothing: no parse for them.
    declaration.contains("throw ")
        && crate::java_model::sole_statement(class_name, declaration, |s, _| Some(s.kind() == "throw_statement"))
            .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use crate::coupling::{analyse_targets, ClassInput, CouplingOptions};

    /// The ranked mode's candidates (uncut) for the class's method `target`, by name.
    fn candidates(src: &str, target: &str) -> Vec<String> {
        let file = crate::java_model::parse_str(std::path::Path::new("C.java"), src);
        let class = &file.classes[0];
        let index = class.methods.iter().position(|m| m.name == target).expect("target");
        let options = CouplingOptions { uncut: true, ..Default::default() };
        let analysis = analyse_targets(&ClassInput::alone(class), &[index], &options).remove(0);
        analysis.coupled.iter().map(|c| class.methods[c.method].name.clone()).collect()
    }

    const IMMUTABLE: &str = "final class Bag { private int[] items; \
        static Bag of(int x) { return null; } boolean contains(int x) { return items[0] == x; } \
        @Deprecated @DoNotCall(\"Always throws\") public final boolean add(int x) { throw new UnsupportedOperationException(); } \
        @Deprecated public final boolean remove(int x) { throw new UnsupportedOperationException(); } \
        public final void clear() { throw new UnsupportedOperationException(); } \
        public boolean removeAll(int x) { throw new UnsupportedOperationException(); } \
        public final boolean retain(int x) { if (x < 0) { throw new IllegalArgumentException(); } return items[0] == x; } \
        public final boolean addAll(int x) { check(x); throw new IllegalStateException(); } \
        private void check(int x) {} }";

    #[test]
    fn methods_whose_whole_body_throws_and_that_no_subclass_overrides_are_no_candidates() {
        let found = candidates(IMMUTABLE, "contains");
        for refused in ["add", "remove", "clear"] {
            assert!(!found.contains(&refused.to_string()), "{refused} in {found:?}");
        }
    }

    #[test]
    fn an_overridable_thrower_a_guard_and_a_throw_after_work_stay_candidates() {
        let found = candidates(IMMUTABLE, "contains");
        for kept in ["removeAll", "retain", "addAll"] {
            assert!(found.contains(&kept.to_string()), "{kept} not in {found:?}");
        }
    }
}
