//! Templates for the methods of utility classes: functions of their parameters (static, or on a
//! fresh instance) whose names say how they relate to themselves or to a sibling of the class.
//! Symmetric functions (`gcd(a, b) = gcd(b, a)`, `max(a, b, c)` under any order of its operands),
//! comparison functions (`compare(a, b)` antisymmetric), negated predicates
//! (`isNotEmpty(x) = !isEmpty(x)`), search functions that agree with each other
//! (`indexOf(s, x) <= lastIndexOf(s, x)`, `contains(s, x) = indexOf(s, x) >= 0`) and idempotent
//! transforms with extra arguments (`abbreviate(abbreviate(s, n), n) = abbreviate(s, n)`).
//!
//! Every input comes from the typed inputs (`values.rs`); a parameter type without values, or a
//! result a test cannot compare by value, makes the template decline.

use super::invoke::Caller;
use super::objects;
use super::templates::{assert_equal, declares_equals, ret, same, subject_for, subjects, subjects_at, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::names::after_word;
use crate::java_model::types::{erase_simple, is_primitive};
use crate::java_model::MethodModel;

/// Whether `name` is `word`, or `word` starts it or ends it at a camel-case boundary:
/// `gcd`, `gcdPositive`, `getLevenshteinDistance` (for `Distance`), `checkEquals` (for `Equals`).
fn named(name: &str, word: &str) -> bool {
    if name == word {
        return true;
    }
    let starts = after_word(name, word).is_some();
    let capitalised: String = word.chars().take(1).flat_map(char::to_uppercase).chain(word.chars().skip(1)).collect();
    starts || name.ends_with(&capitalised)
}

/// Names of functions whose value does not depend on the order of their operands.
const SYMMETRIC: &[&str] = &[
    "gcd",
    "lcm",
    "max",
    "min",
    "hypot",
    "equals",
    "equalsIgnoreCase",
    "isEqual",
    "isSame",
    "distance",
    "intersects",
    "overlaps",
    "isOverlapping",
    "disjoint",
    "isDisjoint",
];

/// Arithmetic names that are commutative on numbers (and only claimed for numbers: `add(list, x)`
/// is no sum).
const COMMUTATIVE_ARITHMETIC: &[&str] = &["add", "plus", "sum", "multiply", "times", "product"];

fn numeric(erased: &str) -> bool {
    matches!(
        erased,
        "int"
            | "long"
            | "short"
            | "byte"
            | "double"
            | "float"
            | "Integer"
            | "Long"
            | "Short"
            | "Byte"
            | "Double"
            | "Float"
            | "BigInteger"
            | "BigDecimal"
    )
}

/// A result a test compares by value with `assert_equal`: primitives, boxes, strings, big
/// numbers, arrays of those, or the class under test when it declares `equals`.
pub(super) fn comparable_by_value(caller: &Caller, written: &str) -> bool {
    let erased = erase_simple(&caller.declared(written));
    let element = erased.trim_end_matches("[]");
    let value_type = |t: &str| {
        is_primitive(t)
            || numeric(t)
            || matches!(t, "String" | "Boolean" | "Character")
            || (t == caller.class.name && declares_equals(caller))
    };
    value_type(element)
}

/// The declaration lines of `m`'s arguments: `names[i]` for parameter `i`, set to `chosen[i]`
/// when given, else to one ordinary value of its type. None when a type has no value.
fn declare_arguments(
    caller: &Caller,
    m: &MethodModel,
    names: &[String],
    chosen: &[Option<String>],
) -> Option<Vec<String>> {
    m.params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let value = match chosen.get(i).cloned().flatten() {
                Some(v) => v,
                None => caller.values.one(&p.type_name)?,
            };
            Some(format!("{} {} = {value};", caller.declared(&p.type_name), names[i]))
        })
        .collect()
}

/// Parameter names a body declares: `arg0`, `arg1`, ... (the method's own names may clash with
/// `subject`, `sourceOutput`, ...).
fn argument_names(m: &MethodModel) -> Vec<String> {
    (0..m.params.len()).map(|i| format!("arg{i}")).collect()
}

/// The two operands a symmetric function takes: the first two parameters of one type, unless
/// their names say they are two different things of that type (`intersects(double x, double y)`
/// is a point, `distance(x1, y1, x2, y2)` two: swapping `x1` and `y1` is no symmetry).
fn operands(m: &MethodModel) -> Option<(usize, usize)> {
    let types: Vec<String> = m.params.iter().map(|p| erase_simple(&p.type_name)).collect();
    let (i, j) = (0..types.len()).find_map(|i| (i + 1..types.len()).find(|&j| types[i] == types[j]).map(|j| (i, j)))?;
    (!different_roles(&m.params[i].name, &m.params[j].name)).then_some((i, j))
}

/// Parameter names, their trailing digits aside, that name two roles rather than two operands.
fn different_roles(a: &str, b: &str) -> bool {
    const ROLES: &[(&str, &str)] = &[
        ("x", "y"),
        ("y", "z"),
        ("x", "z"),
        ("lat", "lon"),
        ("lat", "lng"),
        ("latitude", "longitude"),
        ("row", "col"),
        ("row", "column"),
        ("width", "height"),
        ("min", "max"),
        ("lo", "hi"),
        ("low", "high"),
        ("start", "end"),
        ("begin", "end"),
        ("from", "to"),
        ("offset", "length"),
        ("key", "value"),
    ];
    let (a, b) = (stem(a).to_ascii_lowercase(), stem(b).to_ascii_lowercase());
    ROLES.iter().any(|&(p, q)| (a == p && b == q) || (a == q && b == p))
}

/// A parameter name without its trailing digits (`p1` -> `p`).
fn stem(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// A third operand rotated with the first two (`max(a, b, c)`): of their type, and named as they
/// are (`p1`, `p2`, `p3`), or as another letter when theirs differ (`a`, `b`, `c`). Not `q` beside
/// `p1` and `p2`: `intersects(p1, p2, q)` asks whether `q` lies in the box of the other two.
fn third_operand(m: &MethodModel, i: usize, j: usize) -> Option<usize> {
    let (a, b) = (stem(&m.params[i].name), stem(&m.params[j].name));
    (j + 1..m.params.len()).find(|&k| {
        let c = stem(&m.params[k].name);
        let named_alike = if a == b { c == a } else { c != a && c != b && c.len() == a.len() && a.len() == b.len() };
        same(&m.params[k].type_name, &m.params[i].type_name) && named_alike
    })
}

/// Whether a value of the type may be or hold a floating-point number: NaN equals nothing, not
/// even itself, so such an equality is not reflexive (`equals(NaN, NaN)` is false).
fn holds_nan(caller: &Caller, written: &str) -> bool {
    let erased = erase_simple(&caller.declared(written));
    let element = erased.trim_end_matches("[]");
    let floating = |t: &str| matches!(t, "double" | "float" | "Double" | "Float" | "Number" | "Object");
    floating(element)
        || objects::find_class(caller.values, element)
            .is_some_and(|c| c.fields.iter().any(|f| floating(erase_simple(&f.type_name).trim_end_matches("[]"))))
}

/// `f(a, b) = f(b, a)` for a function named symmetric (`gcd`, `max`, `equals`, `distance`...),
/// and with a third operand of the same type also `f(a, b, c) = f(b, c, a)`.
pub fn symmetric_function(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let r = ret(t)?;
    let (i, j) = operands(t).filter(|&(i, j)| i == 0 && j == 1)?; // `regionMatches(cs, .., start, .., start2)` is no operand pair
    let operand = &t.params[i].type_name;
    let arithmetic = COMMUTATIVE_ARITHMETIC.iter().any(|w| t.name == *w) && numeric(&erase_simple(operand));
    let symmetric = SYMMETRIC.iter().any(|w| named(&t.name, w)) || arithmetic || measure_of_its_class(caller, t, r);
    if !symmetric || !caller.callable(t) || t.params.iter().any(|p| p.varargs) || !comparable_by_value(caller, r) {
        return None;
    }
    // An equality is reflexive as well: `equals(a, a)`.
    let reflexive = ret(t) == Some("boolean")
        && ["equals", "isEqual", "equalsIgnoreCase"].iter().any(|w| named(&t.name, w))
        && !holds_nan(caller, &t.params[0].type_name);
    // A third operand of the same type (max(a, b, c)) is rotated too.
    let third = third_operand(t, i, j);
    let inputs = caller.values.of(operand, INPUTS + 2);
    if inputs.len() < 2 {
        return None;
    }
    let names = argument_names(t);
    let declared = caller.declared(r);
    let operands: Vec<usize> = [Some(i), Some(j), third].into_iter().flatten().collect();
    let extreme = extreme(t, r, operand).map(|(word, op)| (word, selection(&operands, op)));
    let mut bodies = Vec::new();
    for start in 0..inputs.len().min(INPUTS) {
        let pick = |k: usize| Some(inputs[(start + k) % inputs.len()].clone());
        let mut chosen = vec![None; t.params.len()];
        chosen[i] = pick(0);
        chosen[j] = pick(1);
        if let Some(k) = third {
            chosen[k] = pick(2);
        }
        // One receiver per call: an instance method may change its receiver.
        let mut lines = subjects_at(caller, &["first", "second", "third"], !t.is_static(), start)?;
        lines.extend(declare_arguments(caller, t, &names, &chosen)?);
        let swapped = |receiver: &str, order: &[(usize, usize)]| {
            let mut args = names.clone();
            for (at, from) in order {
                args[*at] = names[*from].clone();
            }
            caller.call(t, receiver, &args)
        };
        lines.push(format!("{declared} sourceOutput = {};", caller.call(t, "first", &names)));
        lines.push(format!("{declared} followUpOutput = {};", swapped("second", &[(i, j), (j, i)])));
        lines.push(assert_equal("sourceOutput", "followUpOutput", &declared));
        if let Some(k) = third {
            lines.push(format!("{declared} rotatedOutput = {};", swapped("third", &[(i, j), (j, k), (k, i)])));
            lines.push(assert_equal("sourceOutput", "rotatedOutput", &declared));
        }
        if let Some((_, check)) = &extreme {
            lines.push(check.clone());
        }
        if reflexive {
            // Distinct operands alone leave a mutant answering `false` symmetric.
            let same_twice = swapped("first", &[(j, i)]);
            lines.push(if is_primitive(&erase_simple(operand)) {
                format!("assertTrue({same_twice});")
            } else {
                format!("if (arg{i} != null) {{\n    assertTrue({same_twice});\n}}")
            });
        }
        bodies.push(lines.join("\n"));
    }
    let mut relation = match third {
        Some(_) => format!("{0}(a, b, c) = {0}(b, a, c) = {0}(b, c, a)", t.name),
        None => format!("{0}(a, b) = {0}(b, a)", t.name),
    };
    if reflexive {
        relation.push_str(&format!(", and {}(a, a) holds", t.name));
    }
    if let Some((word, _)) = extreme {
        relation.push_str(&format!(", and it is the {word} of its operands"));
    }
    Some(Mr { template: "symmetricFunction", relation, bodies })
}

/// A class named for a measure (`LevenshteinDistance`, `JaroWinklerSimilarity`) measures with its
/// function of two operands whatever that is called (`apply`), and distances and similarities do
/// not depend on the order of what they compare. Only a number: a detailed result
/// (`LevenshteinResults`) counts insertions one way and deletions the other.
fn measure_of_its_class(caller: &Caller, t: &MethodModel, r: &str) -> bool {
    let measure = ["distance", "similarity"].iter().any(|w| named(&caller.class.name, w));
    measure && t.params.len() == 2 && numeric(&erase_simple(&caller.declared(r)))
}

/// `min` and `max` of primitive numbers, returned as their type: the least or greatest operand, and
/// the comparison that says so. A mutant answering a constant (`return 0.0`) is still symmetric.
fn extreme(t: &MethodModel, r: &str, operand: &str) -> Option<(&'static str, &'static str)> {
    let primitive_number = is_primitive(operand) && numeric(operand) && r == operand;
    match t.name.as_str() {
        "min" if primitive_number => Some(("least", "<=")),
        "max" if primitive_number => Some(("greatest", ">=")),
        _ => None,
    }
}

/// `sourceOutput` is one of the operands and `op` each of them, unless one is NaN (then the
/// result is NaN, equal to nothing).
fn selection(operands: &[usize], op: &str) -> String {
    let all = |f: &dyn Fn(&str) -> String, join: &str| {
        operands.iter().map(|k| f(&format!("arg{k}"))).collect::<Vec<_>>().join(join)
    };
    let no_nan = all(&|a| format!("{a} == {a}"), " && ");
    let bound = all(&|a| format!("sourceOutput {op} {a}"), " && ");
    let one_of = all(&|a| format!("sourceOutput == {a}"), " || ");
    format!("if ({no_nan}) {{\n    assertTrue({bound});\n    assertTrue({one_of});\n}}")
}

/// Names of functions of many operands whose value does not depend on their order.
const ORDER_INSENSITIVE: &[&str] =
    &["max", "min", "sum", "gcd", "lcm", "product", "and", "or", "xor", "mean", "average", "median"];

/// `f(a1, ..., an) = f(an, ..., a1)` for a function of one array or varargs parameter named for
/// an aggregate that ignores order (`max(int...)`, `and(boolean...)`, `sum(double[])`).
pub fn order_insensitive_aggregate(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let r = ret(t)?;
    let [operands] = t.params.as_slice() else { return None };
    let array = caller.declared(&operands.type_name); // varargs declared as an array
    let element = array.strip_suffix("[]").filter(|e| !e.ends_with(']'))?;
    // Whole names only: `maxIndex(int...)` is an aggregate that depends on the order.
    let aggregate = ORDER_INSENSITIVE.contains(&t.name.as_str());
    if !aggregate || !caller.callable(t) || !comparable_by_value(caller, element) || !comparable_by_value(caller, r) {
        return None;
    }
    let declared = caller.declared(r);
    let inputs: Vec<String> =
        caller.values.of(&array, INPUTS * 2).into_iter().filter(|v| v != "null").take(INPUTS).collect();
    let mut bodies = Vec::new();
    for x in inputs {
        let mut lines = subjects(caller, &["first", "second"], !t.is_static())?;
        lines.push(format!("{array} operands = {x};"));
        lines.push(format!("{array} reversed = new {element}[operands.length];"));
        lines.push(
            "for (int i = 0; i < operands.length; i++) {\n    reversed[i] = operands[operands.length - 1 - i];\n}"
                .into(),
        );
        lines.push(format!("{declared} sourceOutput = {};", caller.call(t, "first", &["operands".into()])));
        lines.push(format!("{declared} followUpOutput = {};", caller.call(t, "second", &["reversed".into()])));
        lines.push(assert_equal("sourceOutput", "followUpOutput", &declared));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("{0}(a1, ..., an) = {0}(an, ..., a1)", t.name);
    Some(Mr { template: "orderInsensitiveAggregate", relation, bodies })
}

/// `compare(a, b)` is antisymmetric and 0 for equal operands, for a comparison function of two
/// operands of one type (a static `compare`, a `Comparator`'s `compare`).
pub fn compare_function(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !(named(&t.name, "compare") || named(&t.name, "compareTo")) || ret(t) != Some("int") || !caller.callable(t) {
        return None;
    }
    let (i, j) = operands(t).filter(|&(i, j)| i == 0 && j == 1)?;
    let inputs = caller.values.of(&t.params[i].type_name, INPUTS + 2);
    if inputs.len() < 2 {
        return None;
    }
    let names = argument_names(t);
    let mut bodies = Vec::new();
    for start in 0..inputs.len().min(INPUTS) {
        let mut chosen = vec![None; t.params.len()];
        chosen[i] = Some(inputs[start].clone());
        chosen[j] = Some(inputs[(start + 1) % inputs.len()].clone());
        let mut lines = subjects(caller, &["subject"], !t.is_static())?;
        lines.extend(declare_arguments(caller, t, &names, &chosen)?);
        let with = |a: &str, b: &str| {
            let mut args = names.clone();
            args[i] = a.to_string();
            args[j] = b.to_string();
            caller.call(t, "subject", &args)
        };
        lines.push(format!("int sourceOutput = {};", with("arg0", "arg1")));
        lines.push(format!("int followUpOutput = {};", with("arg1", "arg0")));
        lines.push("assertEquals(Integer.signum(sourceOutput), -Integer.signum(followUpOutput));".into());
        lines.push(format!("assertEquals(0, {});", with("arg0", "arg0")));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("sign of {0}(a, b) = -sign of {0}(b, a), and {0}(a, a) = 0", t.name);
    Some(Mr { template: "compareContract", relation, bodies })
}

/// What De Morgan's laws make the negation of a quantified predicate: `anyNull` -> `allNotNull`,
/// `allNull` -> `anyNotNull`, `isAnyEmpty` -> `isNoneEmpty` and back (varargs predicates of
/// utility classes).
fn de_morgan(name: &str) -> Vec<String> {
    let (prefix, quantified) = match name.strip_prefix("is") {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_uppercase()) => ("is", rest.to_string()),
        _ => ("", name.chars().take(1).flat_map(char::to_uppercase).chain(name.chars().skip(1)).collect()),
    };
    let Some((quantifier, rest)) =
        ["Any", "All", "None"].iter().find_map(|q| quantified.strip_prefix(q).map(|r| (*q, r)))
    else {
        return Vec::new();
    };
    if !rest.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Vec::new();
    }
    let not = |rest: &str| match after_word(rest, "Not") {
        Some(positive) => positive.to_string(),
        None => format!("Not{rest}"),
    };
    let negations = match quantifier {
        "Any" => vec![format!("All{}", not(rest)), format!("None{rest}")],
        "All" => vec![format!("Any{}", not(rest))],
        _ => vec![format!("Any{rest}")],
    };
    let lower_first = |s: &str| s.chars().take(1).flat_map(char::to_lowercase).chain(s.chars().skip(1)).collect();
    negations.into_iter().map(|n| if prefix.is_empty() { lower_first(&n) } else { format!("{prefix}{n}") }).collect()
}

/// The predicate a negated one negates: `isNotEmpty` -> `isEmpty`, `hasNoX` -> `hasX`, and back;
/// and a quantified one's De Morgan dual (`anyNull` -> `allNotNull`).
fn negation(name: &str) -> Vec<String> {
    const PAIRS: &[(&str, &str)] = &[("isNot", "is"), ("isNon", "is"), ("hasNo", "has"), ("doesNot", "does")];
    let mut out = Vec::new();
    let negated_already = PAIRS.iter().any(|(negated, _)| name.starts_with(negated));
    for (negated, plain) in PAIRS {
        if let Some(rest) = after_word(name, negated) {
            out.push(format!("{plain}{rest}"));
        }
        if let Some(rest) = after_word(name, plain).filter(|_| !negated_already) {
            out.push(format!("{negated}{rest}"));
        }
    }
    out.extend(de_morgan(name));
    out
}

fn same_signature(a: &MethodModel, b: &MethodModel) -> bool {
    a.is_static() == b.is_static()
        && a.params.len() == b.params.len()
        && a.params.iter().zip(&b.params).all(|(p, q)| erase_simple(&p.type_name) == erase_simple(&q.type_name))
}

/// The class's callable method named `name` with `like`'s parameter types and `returns`.
fn sibling<'c>(caller: &Caller<'c>, like: &MethodModel, name: &str, returns: &str) -> Option<&'c MethodModel> {
    caller
        .class
        .methods
        .iter()
        .find(|m| m.name == name && same_signature(m, like) && ret(m) == Some(returns) && caller.callable(m))
}

/// One body per source input of `m`'s first parameter (the others fixed), the arguments declared
/// as `arg0..`, then `checks` with the arguments' names: `f(args)` is written `{call:f}`.
fn over_first_argument(
    caller: &Caller,
    m: &MethodModel,
    checks: impl Fn(&[String]) -> Vec<String>,
) -> Option<Vec<String>> {
    let names = argument_names(m);
    let mut bodies = Vec::new();
    let Some(p) = m.params.first() else {
        // An observer without arguments: one body per distinct instance.
        if m.is_static() || !caller.callable(m) {
            return None;
        }
        for instance in caller.instances(INPUTS) {
            let mut lines = vec![format!("{} subject = {instance};", caller.class_type())];
            lines.extend(checks(&names));
            bodies.push(lines.join("\n"));
        }
        return (!bodies.is_empty()).then_some(bodies);
    };
    for (i, x) in caller.values.of(&p.type_name, INPUTS).into_iter().enumerate() {
        let mut lines = subject_for(caller, i, !m.is_static())?;
        lines.extend(declare_arguments(caller, m, &names, &[Some(x)])?);
        lines.extend(checks(&names));
        bodies.push(lines.join("\n"));
    }
    (!bodies.is_empty()).then_some(bodies)
}

/// `isNotX(args) = !isX(args)` for a negated predicate and its plain form with the same
/// parameters.
pub fn negated_predicate(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if ret(t) != Some("boolean") || !caller.callable(t) {
        return None;
    }
    let other = negation(&t.name).iter().find_map(|n| sibling(caller, t, n, "boolean"))?;
    // `anyNull(x) { return !allNotNull(x); }`: a mutant of `allNotNull` changes both sides alike,
    // so the relation tests the negating method only, and belongs to it (it killed nothing for
    // `isEmpty` against `isNotEmpty` on collections4).
    if other.invocations.iter().any(|i| i.name == t.name) {
        return None;
    }
    let bodies = over_first_argument(caller, t, |names| {
        vec![
            format!("boolean sourceOutput = {};", caller.call(t, "subject", names)),
            format!("boolean followUpOutput = {};", caller.call(other, "subject", names)),
            "assertEquals(!sourceOutput, followUpOutput);".to_string(),
        ]
    })?;
    Some(Mr { template: "negatedPredicate", relation: format!("{}(x) = !{}(x)", t.name, other.name), bodies })
}

/// The search family of a method's name: `indexOfIgnoreCase` -> ("IgnoreCase"), from
/// `indexOf`, `lastIndexOf` or `contains`.
fn search_rest(name: &str) -> Option<&str> {
    ["indexOf", "lastIndexOf", "contains"]
        .iter()
        .find_map(|p| name.strip_prefix(p))
        .filter(|rest| rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// Search functions over the same arguments agree: `indexOf(s, x) <= lastIndexOf(s, x)`, both
/// -1 or neither, and `contains(s, x) = indexOf(s, x) >= 0`. Only for one or two parameters: a
/// start position means different things to `indexOf` and `lastIndexOf`.
pub fn search_consistency(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let rest = search_rest(&t.name)?;
    if t.params.is_empty() || t.params.len() > 2 || !caller.callable(t) {
        return None;
    }
    let first = sibling(caller, t, &format!("indexOf{rest}"), "int")?;
    let last = sibling(caller, t, &format!("lastIndexOf{rest}"), "int");
    let contains = sibling(caller, t, &format!("contains{rest}"), "boolean");
    if last.is_none() && contains.is_none() {
        return None;
    }
    let bodies = over_first_argument(caller, first, |names| {
        let mut lines = vec![format!("int first = {};", caller.call(first, "subject", names))];
        if let Some(last) = last {
            lines.push(format!("int last = {};", caller.call(last, "subject", names)));
            lines.push("assertEquals(first < 0, last < 0);".into());
            lines.push("assertTrue(first <= last);".into());
        }
        if let Some(contains) = contains {
            lines.push(format!("assertEquals(first >= 0, {});", caller.call(contains, "subject", names)));
        }
        lines
    })?;
    let mut relation = Vec::new();
    if let Some(last) = last {
        relation.push(format!("{}(x) <= {}(x), both -1 or neither", first.name, last.name));
    }
    if let Some(contains) = contains {
        relation.push(format!("{}(x) = {}(x) >= 0", contains.name, first.name));
    }
    Some(Mr { template: "searchConsistency", relation: relation.join("; "), bodies })
}

/// Transforms that leave their own output unchanged, with extra arguments held fixed.
const IDEMPOTENT: &[&str] = &[
    "normalize",
    "canonicalize",
    "trim",
    "strip",
    "deleteWhitespace",
    "abbreviate",
    "truncate",
    "leftPad",
    "rightPad",
    "center",
    "capitalize",
    "uncapitalize",
    "lowerCase",
    "upperCase",
    "toLowerCase",
    "toUpperCase",
    "defaultString",
    "defaultIfEmpty",
    "defaultIfBlank",
    "clamp",
    "round",
    "abs",
    "floor",
    "ceil",
    "sort",
    "distinct",
    "unique",
];

/// `f(f(x, rest), rest) = f(x, rest)` for a transform named idempotent whose first parameter has
/// its result's type (the one-parameter static case is `templates::idempotence`).
pub fn idempotent_with_arguments(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let r = ret(t)?;
    // `floor` and `abs` only as whole names: `floorDiv(floorDiv(x, y), y)` is no `floorDiv(x, y)`.
    let whole_only = ["floor", "ceil", "abs"];
    let transform = IDEMPOTENT
        .iter()
        .any(|w| t.name == *w || (!whole_only.contains(w) && named(&t.name, w) && t.name.starts_with(w)));
    let first = t.params.first()?;
    if !transform || (t.params.len() < 2 && t.is_static()) || !same(&first.type_name, r) || !caller.callable(t) {
        return None;
    }
    let collection =
        matches!(erase_simple(r).as_str(), "List" | "Set" | "Map" | "Collection" | "SortedSet" | "SortedMap");
    // A date truncated or rounded to a field: `Date` and `Calendar` compare by value too.
    let date = matches!(erase_simple(r).as_str(), "Date" | "Calendar");
    if t.params.iter().any(|p| p.varargs) || !(comparable_by_value(caller, r) || collection || date) {
        return None;
    }
    let declared = caller.declared(r);
    let bodies = over_first_argument(caller, t, |names| {
        let mut again = names.to_vec();
        again[0] = "once".into();
        vec![
            format!("{declared} once = {};", caller.call(t, "subject", names)),
            format!("{declared} twice = {};", caller.call(t, "subject", &again)),
            assert_equal("once", "twice", &declared),
        ]
    })?;
    let relation = format!("{0}({0}(x, ...), ...) = {0}(x, ...)", t.name);
    Some(Mr { template: "idempotence", relation, bodies })
}

/// Widths a padding function is called with: literals, so the length check can be written.
const WIDTHS: [&str; 10] = ["0", "1", "2", "3", "5", "8", "13", "20", "4", "40"];

/// One more column of width gives one more character unless the text is wider already:
/// `|leftPad(s, n + 1)| = max(|leftPad(s, n)|, n + 1)`, and the result keeps `s` at its end
/// (`rightPad`: at its start, `center`: inside), for a padding function from a string and a width.
pub fn pad_length(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let keeps = if named(&t.name, "leftPad") && t.name.starts_with("leftPad") {
        "endsWith"
    } else if named(&t.name, "rightPad") && t.name.starts_with("rightPad") {
        "startsWith"
    } else if t.name == "center" {
        "contains"
    } else {
        return None;
    };
    let text = |i: usize| t.params.get(i).is_some_and(|p| erase_simple(&p.type_name) == "String");
    let width = t.params.get(1).is_some_and(|p| p.type_name == "int");
    if ret(t) != Some("String") || !text(0) || !width || !caller.callable(t) || t.params.iter().any(|p| p.varargs) {
        return None;
    }
    let texts = caller.values.of("String", INPUTS);
    if texts.is_empty() {
        return None;
    }
    let names = argument_names(t);
    let mut bodies = Vec::new();
    for (i, n) in WIDTHS.iter().enumerate() {
        let mut chosen = vec![None; t.params.len()];
        chosen[0] = Some(texts[i % texts.len()].clone());
        chosen[1] = Some(n.to_string());
        let mut lines = subjects(caller, &["subject"], !t.is_static())?;
        lines.extend(declare_arguments(caller, t, &names, &chosen)?);
        let mut wider = names.clone();
        wider[1] = "arg1 + 1".into();
        lines.push(format!("String sourceOutput = {};", caller.call(t, "subject", &names)));
        lines.push(format!("String followUpOutput = {};", caller.call(t, "subject", &wider)));
        lines.push(format!(
            "if (arg0 != null) {{\n    assertEquals(Math.max(sourceOutput.length(), arg1 + 1), followUpOutput.length());\n    assertTrue(followUpOutput.{keeps}(arg0));\n}}"
        ));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("|{0}(s, n + 1)| = max(|{0}(s, n)|, n + 1), and {0}(s, n + 1).{keeps}(s)", t.name);
    Some(Mr { template: "padLength", relation, bodies })
}

#[cfg(test)]
mod tests {
    use super::{named, negation, search_rest};

    #[test]
    fn names_at_camel_case_boundaries() {
        assert!(named("gcd", "gcd"));
        assert!(named("gcdPositive", "gcd"));
        assert!(named("getLevenshteinDistance", "distance"));
        assert!(named("checkEquals", "equals"));
        assert!(!named("minus", "min"), "`min` must end at a word boundary");
        assert!(!named("maximise", "max"));
    }

    #[test]
    fn negations_both_ways() {
        assert_eq!(negation("isNotEmpty"), vec!["isEmpty"]);
        assert!(negation("isEmpty").contains(&"isNotEmpty".to_string()));
        assert!(negation("isolate").is_empty());
        assert_eq!(negation("anyNull"), vec!["allNotNull", "noneNull"]);
        assert_eq!(negation("allNotNull"), vec!["anyNull"]);
        assert_eq!(negation("allNull"), vec!["anyNotNull"]);
        assert_eq!(negation("isNoneEmpty"), vec!["isAnyEmpty"]);
        assert!(negation("isAnyEmpty").contains(&"isNoneEmpty".to_string()));
        assert!(negation("allocate").is_empty() && negation("anything").is_empty());
        assert_eq!(search_rest("lastIndexOfIgnoreCase"), Some("IgnoreCase"));
        assert_eq!(search_rest("indexOfDifference"), Some("Difference"));
        assert_eq!(search_rest("containsKey"), Some("Key"));
        assert_eq!(search_rest("indexer"), None);
    }
}
