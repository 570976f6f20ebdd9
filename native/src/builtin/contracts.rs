//! Class-level templates: relations every correct class of a shape keeps, whatever its methods are
//! coupled with. `equals` reflexive, symmetric and consistent with `hashCode`; `compareTo`
//! antisymmetric, transitive and consistent with `equals` and with a numeric view; symmetric
//! binary predicates; ordering methods and their duals; text and copy round trips; set/get and
//! add/contains/remove on the same state; involutions and idempotent normalisers.
//!
//! Each is attached to the target it is about and applied to up to ten source inputs: distinct
//! instances of the class from the typed inputs (`a`, `b`, `c` are consecutive ones).

use super::invoke::Caller;
use super::templates::{
    ancestors, assert_equal, declares_equals, has_floating_state, ret, same, subjects, supertypes, Mr, Pair,
};
use super::values::INPUTS;
use crate::coupling::name_tokens;
use crate::java_model::names::starts_with_word;
use crate::java_model::types::{boxed, erase_simple, is_primitive};
use crate::java_model::{ClassKind, MethodModel, Param};

/// Consecutive instances `(a, b, c)` of the class, one tuple per source input; none when the
/// class offers fewer than two distinct instances.
fn triples(caller: &Caller) -> Vec<(String, String, String)> {
    let all = caller.instances(INPUTS + 2);
    if all.len() < 2 {
        return Vec::new();
    }
    (0..all.len().min(INPUTS))
        .map(|i| (all[i].clone(), all[(i + 1) % all.len()].clone(), all[(i + 2) % all.len()].clone()))
        .collect()
}

/// An object equal to `a` but not the same one: `a`'s expression again when it builds a fresh
/// object from arguments (`Fraction.getFraction(1, 2)`), so that `compareTo`, `equals` and
/// `hashCode` meet a tie that no `this == other` shortcut answers; a constant (`Fraction.ZERO`)
/// and a call without arguments (an id generator, `create()`) are only the same object again.
fn twin(a: &str) -> String {
    let built = a.ends_with(')') && !a.ends_with("()") && a.contains('(');
    if built {
        a.to_string()
    } else {
        "a".to_string()
    }
}

/// `Foo a = ...; Foo b = ...;` for the names used.
fn declare(caller: &Caller, names: &[(&str, &str)]) -> Vec<String> {
    names.iter().map(|(name, value)| format!("{} {name} = {value};", caller.class_type())).collect()
}

/// One body per distinct instance `a` of the class: its declaration, then `checks`.
fn on_each_instance(caller: &Caller, checks: &[String]) -> Vec<String> {
    triples(caller)
        .into_iter()
        .map(|(a, _, _)| {
            let mut lines = declare(caller, &[("a", &a)]);
            lines.extend(checks.iter().cloned());
            lines.join("\n")
        })
        .collect()
}

/// A non-static method of the class taking one instance of the class, or of a supertype it
/// implements (`overlaps(ReadableInterval)` on an interval class): `a.m(b)`.
fn on_own_type(caller: &Caller, m: &MethodModel) -> bool {
    let takes = |t: &str| t == caller.class.name || (t != "Object" && supertypes(caller).iter().any(|s| s == t));
    !m.is_static() && !m.is_private() && m.params.len() == 1 && takes(&erase_simple(&m.params[0].type_name))
}

/// The method `name` with `params` parameters an instance of the class answers: its own, else
/// one it inherits from a project superclass (a decorator's `contains` and `size`), as far as a
/// test in the class's package can call it.
pub(super) fn method<'c>(caller: &Caller<'c>, name: &str, params: usize) -> Option<&'c MethodModel> {
    method_where(caller, name, params, |_| true)
}

/// `method`, the first overload `accept` takes (`subtract(long)` among `subtract(Decimal)`,
/// `subtract(long)` and `subtract(double)`).
pub(super) fn method_where<'c>(
    caller: &Caller<'c>,
    name: &str,
    params: usize,
    accept: impl Fn(&MethodModel) -> bool,
) -> Option<&'c MethodModel> {
    let reachable = |owner: &crate::java_model::ClassModel, m: &MethodModel| {
        owner.package == caller.class.package || m.modifiers.iter().any(|x| x == "public")
    };
    ancestors(caller).into_iter().find_map(|owner| {
        owner.methods.iter().find(|m| {
            m.name == name
                && m.params.len() == params
                && !m.is_private()
                && !m.is_constructor
                && reachable(owner, m)
                && accept(m)
        })
    })
}

/// `equals` is reflexive, symmetric, false for null, and objects built alike are equal with equal
/// hash codes; a hash code is the same on every call.
pub fn equals_contract(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    if !matches!(pair.target.name.as_str(), "equals" | "hashCode") || !declares_equals(caller) {
        return None;
    }
    let bodies = triples(caller)
        .into_iter()
        .map(|(a, b, _)| {
            let mut lines = declare(caller, &[("a", &a), ("sameAgain", &twin(&a)), ("b", &b)]);
            lines.extend([
                "assertTrue(a.equals(a));".to_string(),
                "assertEquals(a.hashCode(), a.hashCode());".into(),
                "assertEquals(a.equals(b), b.equals(a));".into(),
                "assertFalse(a.equals(null));".into(),
                "assertEquals(a, sameAgain);".into(),
                "assertEquals(a.hashCode(), sameAgain.hashCode());".into(),
                "if (a.equals(b)) {\n    assertEquals(a.hashCode(), b.hashCode());\n}".into(),
            ]);
            lines.join("\n")
        })
        .collect();
    let relation = "equals is reflexive and symmetric, and equal objects have equal hash codes".to_string();
    Some(Mr { template: "equalsContract", relation, bodies })
}

/// `compareTo` is antisymmetric and transitive, 0 for objects built alike and for equal ones, and
/// agrees with the numeric view of a `Number`.
pub fn compare_to_contract(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    if pair.target.name != "compareTo" || pair.target.params.len() != 1 || pair.target.is_static() {
        return None;
    }
    let numeric =
        ["doubleValue", "longValue"].into_iter().find(|n| method(caller, n, 0).is_some_and(|m| !m.is_static()));
    let bodies = triples(caller)
        .into_iter()
        .map(|(a, b, c)| {
            let mut lines = declare(caller, &[("a", &a), ("sameAgain", &twin(&a)), ("b", &b), ("c", &c)]);
            lines.extend([
                "assertEquals(0, a.compareTo(sameAgain));".to_string(),
                "assertEquals(Integer.signum(a.compareTo(b)), -Integer.signum(b.compareTo(a)));".into(),
                "if (a.compareTo(b) > 0 && b.compareTo(c) > 0) {\n    assertTrue(a.compareTo(c) > 0);\n}".into(),
            ]);
            if declares_equals(caller) {
                lines.push("if (a.equals(b)) {\n    assertEquals(0, a.compareTo(b));\n}".into());
            }
            if let Some(view) = numeric {
                let kind = if view == "doubleValue" { "Double" } else { "Long" };
                lines.push(format!(
                    "assertEquals(Integer.signum({kind}.compare(a.{view}(), b.{view}())), Integer.signum(a.compareTo(b)));"
                ));
            }
            lines.join("\n")
        })
        .collect();
    let relation = match numeric {
        Some(view) => format!("compareTo is antisymmetric, transitive and agrees with {view}()"),
        None => "compareTo is antisymmetric, transitive and consistent with equals".to_string(),
    };
    Some(Mr { template: "compareToContract", relation, bodies })
}

/// Names of binary predicates and measures that do not depend on the order of their operands.
const SYMMETRIC: &[&str] = &[
    "intersects",
    "overlaps",
    "overlapsWith",
    "isOverlapping",
    "disjoint",
    "isDisjoint",
    "isAdjacent",
    "abuts",
    "touches",
    "isCompatible",
    "isCompatibleWith",
    "distance",
    "distanceTo",
    "distanceFrom",
    "equalsIgnoreCase",
    "isEqual",
    "isEquivalent",
    "isSimilar",
    "isConnected",
    "gcd",
    "hammingDistance",
    "dot",
    "isParallel",
    "isPerpendicular",
    "isOrthogonal",
    "isCollinear",
];

/// Stems of the same symmetric names with a qualifier after them (`equals2D`, `distance3D`,
/// `distanceSquared`, `equalsExact`, `intersectsInterior`): the qualifier narrows what is compared,
/// not which operand comes first.
const SYMMETRIC_STEMS: &[&str] = &["equals", "distance", "intersects", "overlaps", "disjoint", "touches"];

/// Whether `name` is `stem` followed by a qualifier: a capital letter or a digit.
fn qualified(name: &str, stem: &str) -> bool {
    name.strip_prefix(stem).is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase() || c.is_ascii_digit()))
}

/// `a.f(b) = b.f(a)` for a symmetric predicate or measure on the class's own type.
pub fn symmetric_predicate(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    // `isOverlappedBy`, `overlapsWith`: overlap is mutual however the name is voiced.
    let overlap = t.name.contains("verlap");
    let named = SYMMETRIC.contains(&t.name.as_str())
        || t.name.starts_with("isSame")
        || overlap
        || SYMMETRIC_STEMS.iter().any(|stem| qualified(&t.name, stem));
    if !named || !on_own_type(caller, t) {
        return None;
    }
    let r = caller.declared(ret(t)?);
    // A predicate or a measure: an object result (`overlap(other)`, the common part) may carry
    // its receiver's context (a chronology, a zone, a scale), equal only up to it.
    let plain = erase_simple(&r);
    if !(is_primitive(&plain)
        || matches!(plain.as_str(), "Boolean" | "Integer" | "Long" | "Double" | "Float" | "String"))
    {
        return None;
    }
    // A distance is symmetric under most mutants of its arithmetic (`x + o.x` for `x - o.x`); the
    // distance of an object to its twin is 0 under few of them (unless NaN: NaN is no distance).
    // `qualified` takes `distance3D`, the suffix `hammingDistance`.
    let measure = qualified(&t.name, "distance") || t.name.ends_with("istance");
    let zero = match plain.as_str() {
        "double" | "float" => Some("0.0"),
        "int" | "long" => Some("0"),
        _ => None,
    }
    .filter(|_| measure);
    let bodies = triples(caller)
        .into_iter()
        .map(|(a, b, _)| {
            let mut lines = declare(caller, &[("a", &a), ("b", &b)]);
            lines.push(format!("{r} sourceOutput = a.{}(b);", t.name));
            lines.push(format!("{r} followUpOutput = b.{}(a);", t.name));
            lines.push(assert_equal("sourceOutput", "followUpOutput", &r));
            // Only for an object built from arguments: a default one is often empty, and an
            // empty box is no distance from anything, itself included (JTS: sqrt 2).
            if let Some(zero) = zero.filter(|_| twin(&a) != "a") {
                lines.extend(declare(caller, &[("twinOfA", &a)]));
                lines.push(format!("{r} toItself = a.{}(twinOfA);", t.name));
                let check = assert_equal(zero, "toItself", &r);
                lines.push(format!("if (toItself == toItself) {{\n    {check}\n}}"));
            }
            lines.join("\n")
        })
        .collect();
    let mut relation = format!("a.{0}(b) = b.{0}(a)", t.name);
    if zero.is_some() {
        relation.push_str(&format!(", and a.{}(a) = 0", t.name));
    }
    Some(Mr { template: "symmetricPredicate", relation, bodies })
}

/// Ordering predicates and their duals.
const DUALS: &[(&str, &str)] = &[
    ("isGreaterThan", "isLowerThan"),
    ("isGreaterThan", "isLessThan"),
    ("greaterThan", "lessThan"),
    ("isAfter", "isBefore"),
    ("after", "before"),
    ("isLongerThan", "isShorterThan"),
    ("isNewerThan", "isOlderThan"),
    ("isHigherThan", "isLowerThan"),
    ("isAbove", "isBelow"),
    ("isLargerThan", "isSmallerThan"),
    ("isGreaterOrEqual", "isLessOrEqual"),
    ("atLeast", "atMost"),
];

/// `a.isGreaterThan(b) = b.isLowerThan(a)`, never both `a > b` and `a < b`, and, with `compareTo`,
/// `a.isGreaterThan(b) = a.compareTo(b) > 0`.
pub fn ordering(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let is_predicate = |m: &MethodModel| on_own_type(caller, m) && ret(m) == Some("boolean");
    let (greater, lower) = DUALS.iter().find_map(|(g, l)| {
        // Among overloads (`isAfter(long)`, `isAfter(ReadableInterval)`), the one on the class's type.
        let predicate =
            |name: &str| caller.class.methods.iter().find(|m| m.name == name && !m.is_private() && is_predicate(m));
        let (gm, lm) = (predicate(g)?, predicate(l)?);
        (t.name == *g || t.name == *l).then_some((gm, lm))
    })?;
    // `compareTo` orders the class's own instances: a predicate on a supertype (an interval's
    // `isAfter(ReadableInterval)`, entirely after) need not agree with it.
    let exactly_own = erase_simple(&greater.params[0].type_name) == caller.class.name;
    let compares = exactly_own && method(caller, "compareTo", 1).is_some_and(|m| on_own_type(caller, m));
    let strict = !greater.name.contains("OrEqual") && greater.name != "atLeast";
    let bodies = triples(caller)
        .into_iter()
        .map(|(a, b, _)| {
            let (g, l) = (&greater.name, &lower.name);
            let mut lines = declare(caller, &[("a", &a), ("b", &b)]);
            lines.push(format!("assertEquals(a.{g}(b), b.{l}(a));"));
            if strict {
                lines.push(format!("assertFalse(a.{g}(b) && a.{l}(b));"));
                if compares {
                    lines.push(format!("assertEquals(a.{g}(b), a.compareTo(b) > 0);"));
                }
            } else if compares || caller.class.kind == ClassKind::Enum {
                // A total order (compareTo, an enum's constants): one of the two always holds.
                lines.push(format!("assertTrue(a.{g}(b) || a.{l}(b));"));
            }
            lines.join("\n")
        })
        .collect();
    let relation = format!("a.{0}(b) = b.{1}(a), and not both a.{0}(b) and a.{1}(b)", greater.name, lower.name);
    Some(Mr { template: "orderingDuality", relation, bodies })
}

/// For a range of elements (an interval, a version range): each element is either before it,
/// in it, or after it, exactly one of the three: `isBefore(x)`, `contains(x)`, `isAfter(x)` on
/// one element type other than the class's own (range against range may overlap partly).
pub fn element_trichotomy(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let element = t.params.first().filter(|_| t.params.len() == 1)?.type_name.clone();
    let predicate = |name: &str| {
        caller.class.methods.iter().find(|m| {
            m.name == name
                && !m.is_static()
                && m.params.len() == 1
                && same(&m.params[0].type_name, &element)
                && ret(m) == Some("boolean")
                && caller.callable(m)
        })
    };
    let own = erase_simple(&element) == caller.class.name;
    if own || !["isBefore", "isAfter", "contains"].contains(&t.name.as_str()) {
        return None;
    }
    let (before, inside, after) = (predicate("isBefore")?, predicate("contains")?, predicate("isAfter")?);
    let ranges = caller.instances(INPUTS);
    let elements: Vec<String> = caller.values.of(&element, INPUTS * 2).into_iter().filter(|v| v != "null").collect();
    if ranges.is_empty() || elements.is_empty() {
        return None;
    }
    let declared = caller.declared(&element);
    // An empty range may behave as the one element it sits at (threeten-extra's `LocalDateRange`
    // [d, d) is neither before d, nor after it, nor holds it): none of the three holds there.
    let empty = method(caller, "isEmpty", 0).filter(|m| ret(m) == Some("boolean") && !m.is_static());
    let bodies = (0..INPUTS.min(ranges.len() * elements.len()))
        .map(|i| {
            let calls = [before, inside, after].map(|m| format!("(range.{}(x) ? 1 : 0)", m.name));
            let check = match empty {
                Some(_) => "assertTrue(holds == 1 || holds == 0 && range.isEmpty());".to_string(),
                None => "assertEquals(1, holds);".to_string(),
            };
            [
                format!("{} range = {};", caller.class_type(), ranges[i % ranges.len()]),
                format!("{declared} x = {};", elements[(i / ranges.len().max(1) + i) % elements.len()]),
                format!("int holds = {};", calls.join(" + ")),
                check,
            ]
            .join("\n")
        })
        .collect();
    let mut relation = "exactly one of isBefore(x), contains(x), isAfter(x) holds".to_string();
    if empty.is_some() {
        relation.push_str(", or none for an empty range");
    }
    Some(Mr { template: "elementTrichotomy", relation, bodies })
}

/// The class's parsers, each with the printer whose text it reads: a static method from one
/// `String`/`CharSequence` to the class, named `parse`, `valueOf`, `of`, `from`, `create`, `decode`
/// or `get`, alone or with `String`, `Text` or the class's name after it, reads `toString()`; one
/// with another format after it reads the method named `to` and that format:
/// `fromBinaryString` reads `toBinaryString()`, never `toString()`.
fn parsers<'c>(caller: &Caller<'c>) -> Vec<(&'c MethodModel, &'c MethodModel)> {
    let prefixes = ["parse", "valueOf", "of", "from", "create", "decode", "get"];
    let class = caller.class;
    let plain = |rest: &str| ["", "String", "Text", class.name.as_str()].contains(&rest);
    let printer = |name: &str| method(caller, name, 0).filter(|m| !m.is_static() && ret(m) == Some("String"));
    let reads = |m: &MethodModel| {
        m.is_static()
            && !m.is_private()
            && m.params.len() == 1
            && matches!(erase_simple(&m.params[0].type_name).as_str(), "String" | "CharSequence")
            && m.return_type.as_deref().is_some_and(|r| erase_simple(r) == class.name)
    };
    class
        .methods
        .iter()
        .filter(|m| reads(m))
        .filter_map(|m| {
            let rest = prefixes.iter().find_map(|p| m.name.strip_prefix(p))?;
            let printed = if plain(rest) { printer("toString") } else { printer(&format!("to{rest}")) };
            Some((m, printed?))
        })
        .collect()
}

/// `parse(a.toString()) = a`: what the class prints, it reads back (and so for a format of its
/// own: `fromBinaryString(a.toBinaryString()) = a`).
pub fn text_round_trip(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let t = &pair.target.name;
    let (parse, print) = parsers(caller).into_iter().find(|(parse, print)| *t == parse.name || *t == print.name)?;
    if !declares_equals(caller) {
        return None;
    }
    let printed = format!("a.{}()", print.name);
    let read_back = caller.call(parse, "", std::slice::from_ref(&printed));
    let checks = [format!("{} followUp = {read_back};", caller.class_type()), "assertEquals(a, followUp);".into()];
    let bodies = on_each_instance(caller, &checks);
    Some(Mr { template: "textRoundTrip", relation: format!("{}({printed}) = a", parse.name), bodies })
}

/// `a.copy() = a` for a method that copies (`copy`, `clone`, `duplicate`).
pub fn copy_round_trip(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let copies = ["copy", "clone", "duplicate", "deepCopy"].contains(&t.name.as_str());
    if copies && t.is_static() {
        return static_copy(caller, t);
    }
    let returns_own = ret(t).is_some_and(|r| erase_simple(r) == caller.class.name || r == "Object");
    if !copies || !returns_own || !t.params.is_empty() || t.is_static() || t.is_private() || !declares_equals(caller) {
        return None;
    }
    // The follow-up is compared through the class's own `equals` and `hashCode`: the copy and
    // the original answer alike (an `assertEquals` would hide the second invocation).
    let bodies = on_each_instance(
        caller,
        &[
            format!("Object followUp = a.{}();", t.name),
            "assertTrue(a.equals(followUp));".into(),
            "assertEquals(a.hashCode(), followUp.hashCode());".into(),
        ],
    );
    Some(Mr { template: "copyRoundTrip", relation: format!("a.{}() equals a, with a's hash code", t.name), bodies })
}

/// `clone(clone(x)) = clone(x) = x` for a static copy of its one parameter
/// (`ArrayUtils.clone(int[])`), `null` left out (a copy of nothing may be nothing or empty): the
/// copy is the follow-up input.
fn static_copy(caller: &Caller, t: &MethodModel) -> Option<Mr> {
    let [x] = t.params.as_slice() else { return None };
    let r = ret(t)?;
    if !same(r, &x.type_name) || t.is_private() || !super::statics::comparable_by_value(caller, r) {
        return None;
    }
    let declared = caller.declared(r);
    let bodies: Vec<String> = caller
        .values
        .of(&x.type_name, INPUTS * 2)
        .into_iter()
        .filter(|v| v != "null")
        .take(INPUTS)
        .map(|v| {
            let (copy, again) = (caller.call(t, "", &["x".into()]), caller.call(t, "", &["copy".into()]));
            [
                format!("{declared} x = {v};"),
                format!("{declared} copy = {copy};"),
                format!("{declared} copyOfCopy = {again};"),
                assert_equal("x", "copy", &declared),
                assert_equal("copy", "copyOfCopy", &declared),
            ]
            .join("\n")
        })
        .collect();
    Some(Mr { template: "copyRoundTrip", relation: format!("{0}({0}(x)) = {0}(x) = x", t.name), bodies })
}

/// `getX() = v` just after `setX(v)`, for a setter and its getter found by name (static pairs
/// too), coupled or not.
pub fn property(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let rest =
        t.name.strip_prefix("set").or_else(|| t.name.strip_prefix("get")).or_else(|| t.name.strip_prefix("is"))?;
    let getter = method(caller, &format!("get{rest}"), 0).or_else(|| method(caller, &format!("is{rest}"), 0))?;
    let read = ret(getter)?;
    // Among overloads (`setValue(int)`, `setValue(Number)`), the one taking what the getter
    // returns, or its primitive (`getValue()` answering an `Integer`).
    let boxes = |written: &str| boxed(&erase_simple(written)) == Some(erase_simple(read).as_str());
    let setter = caller.class.methods.iter().find(|m| {
        m.name == format!("set{rest}")
            && m.params.len() == 1
            && !m.is_private()
            && (same(&m.params[0].type_name, read) || boxes(&m.params[0].type_name))
    })?;
    let value_type = &setter.params[0].type_name;
    if setter.is_static() != getter.is_static() {
        return None;
    }
    // `assertEquals(int, Integer)` is ambiguous on JUnit 4: the value goes in boxed.
    let expected = if boxes(value_type) { format!("({}) x", erase_simple(read)) } else { "x".to_string() };
    if !caller.callable(setter) || !caller.callable(getter) {
        return None;
    }
    let declared = caller.declared(value_type);
    // A setter that changes its argument first (`""` stored as `null`) reads back something else;
    // that it keeps what it changed (`setX(getX())`) held on every mutant tried: no relation.
    if !super::setters::stores_its_argument(&caller.class.source, setter) {
        return None;
    }
    let mut bodies = Vec::new();
    for x in caller.values.of(value_type, INPUTS) {
        let mut lines = subjects(caller, &["subject"], !setter.is_static())?;
        lines.push(format!("{declared} x = {x};"));
        lines.push(format!("{};", caller.call(setter, "subject", &["x".into()])));
        lines.push(assert_equal(&expected, &caller.call(getter, "subject", &[]), &declared));
        bodies.push(lines.join("\n"));
    }
    Some(Mr { template: "property", relation: format!("{}() = v just after {}(v)", getter.name, setter.name), bodies })
}

/// The element family a method belongs to: `addEdge`, `removeEdge`, `containsEdge` and
/// `hasEdge` share `Edge`; `add`, `remove`, `contains` and `size` the empty one.
fn family(name: &str) -> Option<&str> {
    if name == "size" {
        return Some("");
    }
    ["add", "remove", "contains", "has"]
        .iter()
        .find_map(|p| name.strip_prefix(p))
        .filter(|rest| rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// On one fresh instance: `contains(x)` after `add(x)`; not after `remove(x)` when it was not
/// there before, and `size()` back where it was; `remove(x)` answers true for what `add(x)` put
/// in; `size()` grows by at most one with `add`. Without `contains`, `remove(x)` empties an
/// instance that was empty before `add(x)`. Also for a family of names (`addEdge`,
/// `containsEdge`, `removeEdge`).
pub fn collection_state(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let rest = family(&pair.target.name)?;
    let add = method(caller, &format!("add{rest}"), 1).filter(|m| !m.is_static())?;
    let element = &add.params[0].type_name;
    let fits = |m: &&MethodModel| {
        !m.is_static() && (same(&m.params[0].type_name, element) || erase_simple(&m.params[0].type_name) == "Object")
    };
    let contains = [format!("contains{rest}"), format!("has{rest}")]
        .iter()
        .find_map(|n| method(caller, n, 1).filter(|m| ret(m) == Some("boolean")).filter(fits));
    // `remove(int index)` (Hjson's `JsonArray`, beside `add(int value)`) removes at a position,
    // not the element: on an instance empty before, what `add(x)` put in is at 0.
    let removes = method(caller, &format!("remove{rest}"), 1).filter(|m| !m.is_static());
    let at_index = removes.filter(|m| is_index(&m.params[0], &add.params[0]));
    let remove = removes.filter(fits).filter(|_| at_index.is_none());
    // `size()` counts the elements only of the plain family: `addEdge` need not change it.
    let size = method(caller, "size", 0).filter(|m| ret(m) == Some("int") && !m.is_static() && rest.is_empty());
    let at_index = at_index.filter(|_| contains.is_none() && size.is_some());
    if contains.is_none() && (remove.is_none() || size.is_none()) && at_index.is_none() {
        return None;
    }
    let removes_answer = remove.is_some_and(|m| ret(m) == Some("boolean"));
    let (add_name, remove_name) = (add.name.as_str(), remove.map_or("", |m| m.name.as_str()));
    let declared = caller.declared(element);
    let mut bodies = Vec::new();
    for x in caller.values.of(element, INPUTS) {
        let mut lines = subjects(caller, &["subject"], true)?;
        lines.push(format!("{declared} x = {x};"));
        if let Some(c) = contains {
            lines.push(format!("boolean had = subject.{}(x);", c.name));
        }
        if size.is_some() {
            lines.push("int before = subject.size();".into());
        }
        // A `boolean` add answers whether it changed the instance: it must have, for what was
        // not there before (a decorator that stored `x` but answers false is caught).
        match (contains, ret(add)) {
            (Some(c), Some("boolean")) => {
                lines.push(format!("boolean changed = subject.{add_name}(x);"));
                lines.push(format!("assertTrue(subject.{}(x));", c.name));
                lines.push("if (!had) {\n    assertTrue(changed);\n}".into());
            }
            (Some(c), _) => {
                lines.push(format!("subject.{add_name}(x);"));
                lines.push(format!("assertTrue(subject.{}(x));", c.name));
            }
            (None, _) => lines.push(format!("subject.{add_name}(x);")),
        }
        if size.is_some() {
            lines.push("int afterAdd = subject.size();".into());
            lines.push("assertTrue(afterAdd == before || afterAdd == before + 1);".into());
        }
        if remove.is_some() {
            // `removeAll(x)` of an empty `x` removes nothing and answers false.
            let answer = removes_answer.then_some(if rest == "All" { "!x.isEmpty()" } else { "true" });
            lines.extend(after_remove(contains, size.is_some(), answer, remove_name));
        } else if let Some(r) = at_index {
            lines.push(format!(
                "if (before == 0 && afterAdd == 1) {{\n    subject.{}(0);\n    assertEquals(0, subject.size());\n}}",
                r.name
            ));
        }
        bodies.push(lines.join("\n"));
    }
    let relation = match (contains, remove) {
        (Some(c), Some(r)) => {
            format!("{0}(x) after {add_name}(x), and not after {1}(x) unless it was there before", c.name, r.name)
        }
        (Some(c), None) => format!("{}(x) after {add_name}(x)", c.name),
        (None, None) => format!(
            "size() is 0 again after {add_name}(x) then {}(0) on an empty instance",
            at_index.map_or("", |r| r.name.as_str())
        ),
        (None, _) => format!("size() is 0 again after {add_name}(x) then {remove_name}(x) on an empty instance"),
    };
    Some(Mr { template: "collectionState", relation, bodies })
}

/// Whether `remove`'s parameter is a position: an `int` or `long` named so (`index`, `idx`, `pos`,
/// `fromIndex`) where `add` names its element otherwise (a set of indices has `add(int index)`
/// and `remove(int index)`: the same element).
fn is_index(param: &Param, added: &Param) -> bool {
    let lower = param.name.to_ascii_lowercase();
    matches!(param.type_name.as_str(), "int" | "long")
        && (matches!(lower.as_str(), "idx" | "pos" | "position") || lower.ends_with("index"))
        && param.name != added.name
}

/// The checks after `remove(x)`, which follows `add(x)`: with `contains`, what was not there
/// before is gone and the size is back; without it, an instance empty before is empty again.
/// `answer` is what a `remove` that answers a boolean must answer (`true`, `!x.isEmpty()`).
fn after_remove(contains: Option<&MethodModel>, size: bool, answer: Option<&str>, remove: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let call = format!("subject.{remove}(x)");
    match contains {
        Some(c) => {
            lines.push(match answer {
                Some("true") => format!("assertTrue({call});"),
                Some(expected) => format!("assertEquals({expected}, {call});"),
                None => format!("{call};"),
            });
            let mut gone = format!("if (!had) {{\n    assertFalse(subject.{}(x));", c.name);
            if size {
                gone.push_str("\n    assertEquals(before, subject.size());");
            }
            gone.push_str("\n}");
            lines.push(gone);
            if size {
                lines.push("assertTrue(subject.size() <= afterAdd);".into());
            }
        }
        None => {
            if answer.is_some() {
                lines.push(format!("boolean removed = {call};"));
                lines.push("if (afterAdd == before + 1) {\n    assertTrue(removed);\n}".into());
            } else {
                lines.push(format!("{call};"));
            }
            lines.push("if (before == 0) {\n    assertEquals(0, subject.size());\n}".into());
        }
    }
    lines
}

/// `f(f(a)) = a` for an involution (`negate`, `reverse`, `invert`, an exact `reciprocal`...), on
/// instances or static.
pub fn involution(pair: &Pair) -> Option<Mr> {
    const INVOLUTIONS: &[&str] = &[
        "negate",
        "negated",
        "reverse",
        "invert",
        "inverse",
        "opposite",
        "flip",
        "transpose",
        "conjugate",
        "swapCase",
    ];
    let (caller, t) = (pair.caller, pair.target);
    let r = ret(t)?;
    // `1 / (1 / x)` is `x` only in exact arithmetic: an inverse on floating-point state rounds.
    let rounds = ["invert", "inverse", "reciprocal"].contains(&t.name.as_str()) && has_floating_state(caller.class);
    if !(INVOLUTIONS.contains(&t.name.as_str()) || t.name == "reciprocal") || rounds || t.is_private() {
        return None;
    }
    let mut bodies = Vec::new();
    if t.is_static() {
        if t.params.len() != 1 || !same(&t.params[0].type_name, r) {
            return None;
        }
        let declared = caller.declared(r);
        for x in caller.values.of(&t.params[0].type_name, INPUTS) {
            let once = caller.call(t, "", &["x".into()]);
            let twice = caller.call(t, "", &["once".into()]);
            let lines = [
                format!("{declared} x = {x};"),
                format!("{declared} once = {once};"),
                format!("{declared} twice = {twice};"),
                assert_equal("x", "twice", &declared),
            ];
            bodies.push(lines.join("\n"));
        }
    } else {
        if !t.params.is_empty() || erase_simple(r) != caller.class.name || !declares_equals(caller) {
            return None;
        }
        bodies = on_each_instance(caller, &[format!("assertEquals(a, a.{0}().{0}());", t.name)]);
    }
    Some(Mr { template: "involution", relation: format!("{0}({0}(x)) = x", t.name), bodies })
}

/// `a.f().f() = a.f()` for an instance normaliser returning the class (`reduce`, `abs`, `normalize`).
pub fn normaliser(pair: &Pair) -> Option<Mr> {
    const NORMALISERS: &[&str] = &[
        "normalize",
        "normalized",
        "reduce",
        "abs",
        "simplify",
        "canonicalize",
        "trim",
        "strip",
        "toLowerCase",
        "toUpperCase",
        "sorted",
        "distinct",
        "withoutTrailingZeros",
    ];
    let (caller, t) = (pair.caller, pair.target);
    let returns_own = ret(t).is_some_and(|r| erase_simple(r) == caller.class.name);
    if !NORMALISERS.contains(&t.name.as_str())
        || t.is_static()
        || !t.params.is_empty()
        || !returns_own
        || !declares_equals(caller)
    {
        return None;
    }
    let bodies = on_each_instance(caller, &[format!("assertEquals(a.{0}(), a.{0}().{0}());", t.name)]);
    Some(Mr { template: "idempotence", relation: format!("{0}({0}(x)) = {0}(x)", t.name), bodies })
}

/// A validator accepts what the class's encoder produces: `isBase64(encodeBase64String(x))`.
pub fn validator_accepts_output(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let validates = t.name.starts_with("is") || t.name.starts_with("matches");
    if !validates || ret(t) != Some("boolean") || t.params.len() != 1 || !caller.callable(t) {
        return None;
    }
    let checked = &t.params[0].type_name;
    let produces = |m: &&MethodModel| {
        let named = ["encode", "encrypt", "escape", "format", "serialize", "compress", "to"]
            .iter()
            .any(|word| starts_with_word(&m.name, word));
        named
            && validates_what_it_produces(&t.name, &m.name)
            && m.params.len() == 1
            && ret(m).is_some_and(|r| same(r, checked))
            && caller.callable(m)
    };
    let encoder = caller.class.methods.iter().filter(produces).min_by_key(|m| m.name.len())?;
    let (input, output) = (caller.declared(&encoder.params[0].type_name), caller.declared(checked));
    let mut bodies = Vec::new();
    for x in caller.values.of(&encoder.params[0].type_name, INPUTS) {
        let mut lines = subjects(caller, &["subject"], !t.is_static() || !encoder.is_static())?;
        lines.push(format!("{input} x = {x};"));
        lines.push(format!("{output} encoded = {};", caller.call(encoder, "subject", &["x".into()])));
        lines.push(format!("assertTrue({});", caller.call(t, "subject", &["encoded".into()])));
        bodies.push(lines.join("\n"));
    }
    Some(Mr { template: "validatorAcceptsOutput", relation: format!("{}({}(x)) holds", t.name, encoder.name), bodies })
}

/// Whether the validator's name says it checks what the producer makes: they share a word
/// (`isBase64` and `encodeBase64`) or the validator checks validity itself (`isValid`). A predicate
/// that only takes the producer's output type (`isFalse(toBooleanObject(x))`, `isAscii(toChar(x))`)
/// states no relation between the two: asserting it raised false suspected bugs.
fn validates_what_it_produces(validator: &str, producer: &str) -> bool {
    const GENERIC: [&str; 5] = ["valid", "wellformed", "legal", "encoded", "escaped"];
    let checked: Vec<String> = name_tokens(validator).into_iter().filter(|w| w != "is" && w != "matches").collect();
    let produced = name_tokens(producer);
    checked.iter().any(|w| produced.contains(w)) || GENERIC.contains(&checked.concat().as_str())
}

/// The field a getter returns as written: `return major;` or `return this.major;`.
fn returned_field<'s>(caller: &Caller<'s>, getter: &MethodModel) -> Option<&'s str> {
    let code = caller.class.source.get(getter.byte_range.0..getter.byte_range.1)?;
    let body = code.split_once('{')?.1;
    let returned = body.trim().strip_prefix("return ")?.split(';').next()?.trim();
    let field = returned.strip_prefix("this.").unwrap_or(returned);
    caller
        .class
        .fields
        .iter()
        .find(|f| f.name == field && !f.modifiers.iter().any(|m| m == "static"))
        .map(|f| f.name.as_str())
}

/// The parameter of `constructor` it stores unchanged in the field `getter` returns
/// (`this.x = x;`), when their types agree.
pub(super) fn stored_position(caller: &Caller, constructor: &MethodModel, getter: &MethodModel) -> Option<usize> {
    let field = returned_field(caller, getter)?;
    let code = caller.class.source.get(constructor.byte_range.0..constructor.byte_range.1)?;
    let position = constructor.params.iter().position(|p| {
        [format!("this.{field} = {};", p.name), format!("{field} = {};", p.name)]
            .iter()
            .any(|s| code.contains(s.as_str()))
    })?;
    same(&constructor.params[position].type_name, ret(getter)?).then_some(position)
}

/// Whether a getter returns a field of the instance as written (`return x;`): what it answers
/// is what the object holds, not something computed or read from elsewhere.
pub(super) fn returns_field(caller: &Caller, getter: &MethodModel) -> bool {
    returned_field(caller, getter).is_some()
}

/// `new Foo(..., v, ...).getX() = v` when the constructor stores that parameter in the field the
/// getter returns (`this.x = x;`), unchanged.
pub fn constructor_getter(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !t.params.is_empty() || t.is_static() || t.is_private() || ret(t).is_none() {
        return None;
    }
    let concrete = matches!(caller.class.kind, ClassKind::Class | ClassKind::Record);
    if !concrete || caller.class.modifiers.iter().any(|m| m == "abstract") {
        return None; // an enum's or abstract class's constructor is no way to build one
    }
    let field = returned_field(caller, t)?;
    let (constructor, position) =
        caller.class.methods.iter().filter(|m| m.is_constructor && !m.is_private()).find_map(|c| {
            let code = caller.class.source.get(c.byte_range.0..c.byte_range.1)?;
            let position = c.params.iter().position(|p| {
                [format!("this.{field} = {};", p.name), format!("{field} = {};", p.name)]
                    .iter()
                    .any(|s| code.contains(s.as_str()))
            })?;
            Some((c, position))
        })?;
    let stored = &constructor.params[position].type_name;
    if !same(stored, ret(t)?) {
        return None;
    }
    let others: Vec<String> =
        constructor.params.iter().map(|p| caller.values.one(&p.type_name)).collect::<Option<_>>()?;
    let declared = caller.declared(stored);
    let mut bodies = Vec::new();
    // What the getter read back is the follow-up input: built again from it, the getter reads
    // back the same (a constructor and getter alone are one invocation, no MTC).
    let build_from = |value: &str| {
        let mut args = others.clone();
        args[position] = value.to_string();
        caller.build(constructor, &args)
    };
    let own = caller.class_type();
    for x in caller.values.of(stored, INPUTS) {
        let lines = [
            format!("{declared} x = {x};"),
            format!("{own} subject = {};", build_from("x")),
            format!("{declared} readBack = subject.{}();", t.name),
            format!("{own} rebuilt = {};", build_from("readBack")),
            assert_equal("x", "readBack", &declared),
            assert_equal("readBack", &format!("rebuilt.{}()", t.name), &declared),
        ];
        bodies.push(lines.join("\n"));
    }
    let relation =
        format!("new {0}(.., x, ..).{1}() = x, and new {0}(.., that, ..).{1}() = that", caller.class.name, t.name);
    Some(Mr { template: "constructorGetter", relation, bodies })
}

/// `a.next().compareTo(a) > 0` for a successor (`next`, `increment`, `successor`) of a comparable class.
pub fn successor(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let named = ["next", "increment", "successor", "incremented"].iter().any(|n| t.name.starts_with(n));
    let returns_own = ret(t).is_some_and(|r| erase_simple(r) == caller.class.name);
    let comparable = method(caller, "compareTo", 1).is_some_and(|m| on_own_type(caller, m));
    if !named || !returns_own || !comparable || t.is_static() || !t.params.is_empty() || t.is_private() {
        return None;
    }
    let bodies = on_each_instance(caller, &[format!("assertTrue(a.{}().compareTo(a) > 0);", t.name)]);
    Some(Mr { template: "successor", relation: format!("a.{}() > a", t.name), bodies })
}

/// Indices a bit-set-like class is probed at: small literals around word boundaries (never a value
/// like `Integer.MAX_VALUE`, which would make a set allocate its whole range).
const INDICES: [&str; 10] = ["0", "1", "7", "31", "63", "64", "65", "127", "200", "1000"];

/// An index-taking method of the class by name: one `int` or `long` parameter.
fn indexed<'c>(caller: &Caller<'c>, name: &str) -> Option<&'c MethodModel> {
    method(caller, name, 1).filter(|m| !m.is_static() && matches!(m.params[0].type_name.as_str(), "int" | "long"))
}

/// A search method and the mutator that sets its state, on one fresh instance: just after
/// `set(i)`, `get(i)` holds and `nextSetBit(i)` / `previousSetBit(i)` are `i`; just after
/// `clear(i)`, `get(i)` does not hold and `nextClearBit(i)` / `previousClearBit(i)` are `i`.
pub fn search_after_mutation(pair: &Pair) -> Option<Mr> {
    const OBSERVERS: [&str; 5] = ["get", "nextSetBit", "previousSetBit", "nextClearBit", "previousClearBit"];
    let caller = pair.caller;
    if !["set", "clear"].iter().chain(&OBSERVERS).any(|n| pair.target.name == *n) {
        return None;
    }
    let set = indexed(caller, "set")?;
    let clear = indexed(caller, "clear");
    let get = indexed(caller, "get").filter(|m| ret(m) == Some("boolean"));
    let search = |name: &str| indexed(caller, name).filter(|m| matches!(ret(m), Some("int" | "long")));
    let (next_set, previous_set) = (search("nextSetBit"), search("previousSetBit"));
    let (next_clear, previous_clear) = (search("nextClearBit"), search("previousClearBit"));
    if get.is_none() && next_set.is_none() && previous_set.is_none() {
        return None; // nothing observes what set(i) did
    }
    let mut after_set = vec![format!("subject.{}(i);", set.name)];
    after_set.extend(get.map(|_| "assertTrue(subject.get(i));".to_string()));
    after_set.extend(
        [next_set, previous_set].into_iter().flatten().map(|m| format!("assertTrue(subject.{}(i) == i);", m.name)),
    );
    let mut after_clear = Vec::new();
    if let Some(clear) = clear {
        after_clear.push(format!("subject.{}(i);", clear.name));
        after_clear.extend(get.map(|_| "assertFalse(subject.get(i));".to_string()));
        after_clear.extend(
            [next_clear, previous_clear]
                .into_iter()
                .flatten()
                .map(|m| format!("assertTrue(subject.{}(i) == i);", m.name)),
        );
    }
    let mut bodies = Vec::new();
    for i in INDICES {
        let mut lines = subjects(caller, &["subject"], true)?;
        lines.push(format!("int i = {i};"));
        lines.extend(after_set.iter().cloned());
        lines.extend(after_clear.iter().cloned());
        bodies.push(lines.join("\n"));
    }
    let after = |observers: [Option<&MethodModel>; 3], mutator: &str, holds: &str| {
        let names: Vec<String> =
            observers
                .into_iter()
                .flatten()
                .map(|m| {
                    if ret(m) == Some("boolean") {
                        format!("{holds}{}(i)", m.name)
                    } else {
                        format!("{}(i) = i", m.name)
                    }
                })
                .collect();
        format!("{} just after {mutator}(i)", names.join(", "))
    };
    let mut relation = after([get, next_set, previous_set], &set.name, "");
    if let Some(clear) = clear {
        relation.push_str(&format!("; {}", after([get, next_clear, previous_clear], &clear.name, "!")));
    }
    Some(Mr { template: "searchAfterMutation", relation, bodies })
}

/// The numeric views of a number agree with each other: `intValue() = (int) longValue()`,
/// `longValue() = (long) doubleValue()` for moderate values (where a double still resolves the
/// fraction a truncation drops), `floatValue() ≈ (float) doubleValue()`.
pub fn numeric_views(pair: &Pair) -> Option<Mr> {
    const VIEWS: [(&str, &str); 4] =
        [("intValue", "int"), ("longValue", "long"), ("floatValue", "float"), ("doubleValue", "double")];
    let caller = pair.caller;
    let view = |name: &str, kind: &str| method(caller, name, 0).filter(|m| !m.is_static() && ret(m) == Some(kind));
    let [int, long, float, double] = VIEWS.map(|(name, kind)| view(name, kind));
    if !VIEWS.iter().any(|(name, _)| pair.target.name == *name) || view(&pair.target.name, ret(pair.target)?).is_none()
    {
        return None;
    }
    let mut checks = Vec::new();
    let mut relation = Vec::new();
    if int.is_some() && long.is_some() {
        checks.push("assertEquals(a.intValue(), (int) a.longValue());".to_string());
        relation.push("intValue() = (int) longValue()");
    }
    if long.is_some() && double.is_some() {
        checks.push(
            "if (Math.abs(a.doubleValue()) < 1e6) {\n    assertEquals(a.longValue(), (long) a.doubleValue());\n}"
                .into(),
        );
        relation.push("longValue() = (long) doubleValue()");
    }
    if float.is_some() && double.is_some() {
        checks.push(assert_equal("(float) a.doubleValue()", "a.floatValue()", "float"));
        relation.push("floatValue() = (float) doubleValue()");
    }
    if checks.is_empty() {
        return None;
    }
    let bodies = on_each_instance(caller, &checks);
    Some(Mr { template: "numericViews", relation: relation.join(", "), bodies })
}
