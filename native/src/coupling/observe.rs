//! State observation (ranked mode): one method changes the object, the other observes its whole
//! state: `add(e)` then `size()`, `write(b)` then `toByteArray()`, `put(k, v)` then `isEmpty()`.
//! The change takes what it adds (or, taking nothing, returns nothing: `reverse()`); the
//! observation takes nothing and returns a view of the object (a count, a copy, an iterator), so an
//! MTC relates the views before and after the change.
//! Fields need not be seen: decorators and delegating collections change state they do not hold.

use super::facts::{Member, MethodFacts};
use super::features::{direction, Evidence, Feature, FeatureKind, Pair};
use crate::java_model::types::erase_simple;

/// Object's methods observe identity or text, not the state an operation changes.
const OBJECT_METHODS: [&str; 5] = ["hashCode", "toString", "clone", "getClass", "finalize"];

/// The observation observes what the change did only the other way round (the mined target is
/// the call made first): counted as type flow counts one way.
const BACKWARD: f64 = 0.6;

/// The feature, with the sentence the prompt shows. Its strength is how rare observations are
/// among the class's members (a bean with thirty getters says less about each).
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (members, methods) = (&pair.facts.members, &pair.facts.methods);
    let change = |i: usize| is_change(&members[i], &methods[i]);
    let observation = |i: usize| is_observation(&members[i], &methods[i]);
    // A change taking nothing (`reverse()`, `sort()`) has only the object's state to relate, so it
    // pairs with the views as a target; as a view's partner it is one of many (`close()`, `reset()`).
    let takes_input = |i: usize| !members[i].method.params.is_empty();
    let forward = change(pair.target) && observation(pair.coupled);
    let backward = !forward && observation(pair.target) && change(pair.coupled) && takes_input(pair.coupled);
    if !forward && !backward {
        return None;
    }
    let (changer, observer) = if forward { (pair.t(), pair.c()) } else { (pair.c(), pair.t()) };
    let sentence = format!(
        "`{}` changes the object and `{}()` observes its whole state: an MTC can relate `{}()` before and after \
         `{}(..)` (or after two changes in either order).",
        changer.name, observer.name, observer.name, changer.name
    );
    let rarity = pair.facts.rarity("role", "observation");
    let strength = if forward { rarity } else { BACKWARD * rarity };
    let evidence = Evidence { direction: Some(direction(forward, backward)), ..Evidence::default() };
    Some(pair.feature(FeatureKind::StateObservation, evidence, sentence, strength))
}

/// An operation that changes the object it is called on: an instance method taking nothing and
/// returning nothing, or one taking something that writes fields of the class or returns nothing,
/// a verdict (`add`'s boolean) or the object itself (`append(x)`).
pub fn is_change(member: &Member, facts: &MethodFacts) -> bool {
    let m = member.method;
    if m.is_constructor || m.is_static() {
        return false;
    }
    let returned = m.return_type.as_deref().map(erase_simple).unwrap_or_default();
    let writes = !facts.writes.is_empty() || !facts.writes_via.is_empty();
    // Taking nothing and giving nothing, it can only change the object (`reverse()`, `clear()`).
    if m.params.is_empty() {
        return returned == "void";
    }
    let verb = super::tokens::name_tokens(&m.name).into_iter().next().unwrap_or_default();
    writes
        || matches!(returned.as_str(), "void" | "boolean")
        || returned == member.owner.name
        || CHANGE_VERBS.contains(&verb.as_str())
}

/// The first words of methods that change the object whatever they return (`put` returns the
/// value it replaced, `remove(i)` the element it removed).
const CHANGE_VERBS: &[&str] = &[
    "add", "put", "set", "remove", "insert", "append", "push", "pop", "offer", "poll", "write", "delete", "replace",
    "retain", "clear",
];

/// A view of the object's whole state: an instance method taking nothing, returning something,
/// writing no field (`size()`, `toArray()`, `iterator()`, `isEmpty()`).
pub fn is_observation(member: &Member, facts: &MethodFacts) -> bool {
    let m = member.method;
    let returns = m.return_type.as_deref().is_some_and(|r| r != "void");
    !m.is_constructor
        && !m.is_static()
        && m.params.is_empty()
        && returns
        && facts.writes.is_empty()
        && facts.writes_via.is_empty()
        && !OBJECT_METHODS.contains(&m.name.as_str())
}

#[cfg(test)]
mod tests {
    use crate::coupling::{Direction, Feature, FeatureKind};

    /// The state-observation feature between the class's methods `target` and `coupled`, if any.
    fn observation(src: &str, target: &str, coupled: &str) -> Option<Feature> {
        crate::coupling::test_support::feature_between(src, target, coupled, FeatureKind::StateObservation)
    }

    const BAG: &str = "class Bag { private java.util.List<String> items; private Bag inner; \
        boolean add(String s) { return inner.add(s); } void clear() { items.clear(); } \
        int size() { return items.size(); } Object[] toArray() { return items.toArray(); } \
        String first() { String s = items.get(0); items = null; return s; } \
        boolean contains(String s) { return items.contains(s); } String toString() { return \"\"; } \
        static Bag of(String s) { return null; } static int count() { return 0; } \
        String put(String k) { return inner.first(); } String lookUp(String k) { return inner.first(); } }";

    #[test]
    fn a_change_is_coupled_with_the_views_of_the_whole_state() {
        let f = observation(BAG, "add", "size").expect("add(s) then size()");
        assert!(
            f.sentence.contains("`add` changes the object and `size()` observes its whole state"),
            "{}",
            f.sentence
        );
        assert_eq!(f.evidence.direction, Some(Direction::TargetToCoupled));
        assert!(observation(BAG, "add", "toArray").is_some());
        assert!(observation(BAG, "put", "size").is_some(), "put changes the object whatever it returns");
        assert!(observation(BAG, "lookUp", "size").is_none(), "lookUp neither writes nor is named as a change");
        let backward = observation(BAG, "size", "add").expect("the other way round");
        assert!(backward.strength < f.strength);
    }

    #[test]
    fn no_observation_that_takes_something_writes_a_field_or_is_object_s_or_static() {
        for observer in ["contains", "first", "toString", "count", "clear"] {
            assert!(observation(BAG, "add", observer).is_none(), "add -> {observer}");
        }
        assert!(observation(BAG, "of", "size").is_none(), "a static factory changes no object");
    }

    #[test]
    fn a_change_taking_nothing_and_giving_nothing_pairs_with_the_views_as_a_target_only() {
        assert!(observation(BAG, "clear", "size").is_some(), "clear() then size()");
        assert!(observation(BAG, "size", "clear").is_none(), "one of a view's many partners");
        assert!(observation(BAG, "first", "size").is_none(), "taking nothing but giving something: a view");
        assert!(observation(BAG, "clear", "toString").is_none(), "Object's methods are no views");
    }
}
