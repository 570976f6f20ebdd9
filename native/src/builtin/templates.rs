//! The catalogue of MR templates. Each looks at a pair (or, for the last ones, the target alone)
//! through its names, signatures and coupling features, and either declines or writes one MR
//! applied to up to ten source inputs: a list of test method bodies.

use super::invoke::{is_array, Caller};
use super::values::INPUTS;
use crate::coupling::{CoupledMethod, FeatureKind};
use crate::java_model::types::{boxed, class_type_parameters, erase_simple, is_type_variable};
use crate::java_model::{MethodModel, Param};
use tree_sitter::Node;

pub struct Mr {
    /// The template's name, as the report shows it.
    pub template: &'static str,
    pub relation: String,
    pub bodies: Vec<String>,
}

pub struct Pair<'a> {
    pub caller: &'a Caller<'a>,
    pub target: &'a MethodModel,
    pub coupled: Option<(&'a MethodModel, &'a CoupledMethod)>,
}

const INVERSE_PREFIXES: &[(&str, &str)] = &[
    ("encode", "decode"),
    ("encrypt", "decrypt"),
    ("compress", "decompress"),
    ("serialize", "deserialize"),
    ("escape", "unescape"),
    ("format", "parse"),
    ("marshal", "unmarshal"),
    ("wrap", "unwrap"),
    ("pack", "unpack"),
    ("deflate", "inflate"),
    ("zip", "unzip"),
    ("to", "from"),
    ("encipher", "decipher"),
    ("dump", "load"),
];

pub(super) fn ret(m: &MethodModel) -> Option<&str> {
    m.return_type.as_deref().filter(|r| *r != "void")
}

pub(super) fn same(a: &str, b: &str) -> bool {
    erase_simple(a) == erase_simple(b)
}

/// Whether a parameter of type `param` takes a value of type `value`: the same type, or a `String`
/// where a `CharSequence` goes (protobuf's `unescapeBytes(CharSequence)` reads back what
/// `escapeBytes` returns as a `String`).
fn takes(param: &str, value: &str) -> bool {
    same(param, value) || (erase_simple(param) == "CharSequence" && erase_simple(value) == "String")
}

/// `assertEquals` as the type needs it: arrays element by element, floating point with a
/// tolerance (JUnit 4 fails every `assertEquals(double, double)` without one). The tolerance is
/// relative, but never NaN: JUnit 5 rejects a NaN delta ("positive delta expected") before it
/// compares, so a NaN value (JTS's `Coordinate.NULL_ORDINATE`) failed every such MTC, while NaN
/// against NaN is equal to both JUnits.
pub fn assert_equal(expected: &str, actual: &str, written_type: &str) -> String {
    match erase_simple(written_type).as_str() {
        // JUnit 4 compares arrays of floating point only with a tolerance (JUnit 5 either way).
        "double[]" => format!("assertArrayEquals({expected}, {actual}, 1e-9);"),
        "float[]" => format!("assertArrayEquals({expected}, {actual}, 1e-5f);"),
        t if is_array(t) => format!("assertArrayEquals({expected}, {actual});"),
        "double" => format!(
            "assertEquals({expected}, {actual}, Math.abs({expected}) > 1.0 ? 1e-9 * Math.abs({expected}) : 1e-9);"
        ),
        "float" => format!(
            "assertEquals({expected}, {actual}, Math.abs({expected}) > 1.0f ? 1e-5f * Math.abs({expected}) : 1e-5f);"
        ),
        _ => format!("assertEquals({expected}, {actual});"),
    }
}

/// `f` undoes `g`'s prefix: encodeBase64 / decodeBase64, encryptText / decryptText, toHex / fromHex,
/// toString / parse|valueOf|fromString. The rests of the names agree, or one extends the other.
fn inverse(f: &str, g: &str) -> bool {
    if f == "toString" {
        return matches!(g, "parse" | "valueOf" | "fromString" | "of");
    }
    if swapped_to(f, g) || undone_by_un(f, g) {
        return true;
    }
    let lower = |s: &str| s.to_lowercase();
    INVERSE_PREFIXES.iter().any(|(p, q)| {
        let (Some(a), Some(b)) = (f.strip_prefix(p), g.strip_prefix(q)) else { return false };
        let boundary =
            |rest: &str| rest.is_empty() || rest.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
        boundary(a) && boundary(b) && (lower(a).starts_with(&lower(b)) || lower(b).starts_with(&lower(a)))
    })
}

/// Words shorter than this take `un` as part of another word (`ion`/`union`, `til`/`until`).
const UN_WORD_MIN: usize = 4;

/// `g` is `f` with `un` put before it: `compress`/`uncompress` (JavaFastPFOR's `IntCompressor`),
/// `quote`/`unquote`, `wrapValue`/`unwrapValue`, in either case of `f`'s first letter. `INVERSE_PREFIXES`
/// lists `zip`, too short for the rule; the rule covers the other `un` pairs without a list.
fn undone_by_un(f: &str, g: &str) -> bool {
    let Some(rest) = g.strip_prefix("un") else { return false };
    let mut first = rest.chars();
    let rest_decapitalised = first.next().map(|c| c.to_ascii_lowercase().to_string() + first.as_str());
    f.len() >= UN_WORD_MIN && rest_decapitalised.as_deref() == Some(f)
}

/// `aToB` and `bToA`: the two sides of `To` swapped (`hexToByteArray` / `byteArrayToHex`).
fn swapped_to(f: &str, g: &str) -> bool {
    let split = |name: &str| -> Option<(String, String)> {
        let at = name.find("To").filter(|&i| i > 0)?;
        let (a, b) = (&name[..at], &name[at + 2..]);
        b.starts_with(|c: char| c.is_ascii_uppercase()).then(|| (a.to_lowercase(), b.to_lowercase()))
    };
    match (split(f), split(g)) {
        (Some((a, b)), Some((c, d))) => a == d && b == c,
        _ => false,
    }
}

/// Declarations of the receiver(s) a body needs: `ElementStore<String> subject = new ElementStore<>();`.
pub(super) fn subjects(caller: &Caller, names: &[&str], needed: bool) -> Option<Vec<String>> {
    if !needed {
        return Some(Vec::new());
    }
    Some(twins(caller, names, &caller.instance()?))
}

/// `subjects`, all twins of the `i`th input's receiver (`Caller::instance_at`): receivers that
/// differ from input to input.
pub(super) fn subjects_at(caller: &Caller, names: &[&str], needed: bool, i: usize) -> Option<Vec<String>> {
    if !needed {
        return Some(Vec::new());
    }
    Some(twins(caller, names, &caller.instance_at(i)?))
}

/// `Foo name = instance;` for each name: one object each, built by the same expression.
fn twins(caller: &Caller, names: &[&str], instance: &str) -> Vec<String> {
    names.iter().map(|n| format!("{} {n} = {instance};", caller.class_type())).collect()
}

/// The declaration of `subject` for the `i`th input: an enum's constants take turns.
pub(super) fn subject_for(caller: &Caller, i: usize, needed: bool) -> Option<Vec<String>> {
    if !needed {
        return Some(Vec::new());
    }
    Some(vec![format!("{} subject = {};", caller.class_type(), caller.instance_for(i)?)])
}

/// Round trip: `g(f(x, ...), ...) = x` for an inverse pair whose types chain.
pub fn round_trip(pair: &Pair) -> Option<Mr> {
    round_trip_checking(pair, false)
}

/// Round trip seen from the inverse's side, when the target is `g`: `f(g(f(x))) = f(x)`, what
/// `g` reads back `f` writes again. The plain round trip is the same MTC for both targets (kept
/// once, for the first); this one is about `g`'s output, and holds wherever the plain one does.
pub fn re_encoding(pair: &Pair) -> Option<Mr> {
    let (c, _) = pair.coupled?;
    if !inverse(&c.name, &pair.target.name) || inverse(&pair.target.name, &c.name) {
        return None;
    }
    round_trip_checking(pair, true)
}

/// The parameter of `f` that configures `g`'s parameter `p` the same way: a key, a charset, a
/// flag of its type, or a number of its very name. Numbers of other names are positions, lengths
/// and counts (`intToHex(src, srcPos, dstInit, dstPos, nHexs)` / `hexToInt(src, srcPos, ...)`):
/// one passed for another undoes nothing (lang3's `Conversion`, false suspected bugs).
fn shared_configuration<'m>(f: &'m MethodModel, x_pos: usize, p: &Param) -> Option<&'m Param> {
    let others = || f.params.iter().enumerate().filter(|(j, _)| *j != x_pos).map(|(_, q)| q);
    others()
        .find(|q| q.name == p.name && same(&q.type_name, &p.type_name))
        .or_else(|| others().find(|q| same(&q.type_name, &p.type_name)).filter(|_| !is_number(&p.type_name)))
}

/// The position of the first parameter that `fits` and is not `shared`, else of the first that fits.
fn first_preferring(params: &[Param], fits: impl Fn(&Param) -> bool, shared: impl Fn(&Param) -> bool) -> Option<usize> {
    let fitting = || params.iter().enumerate().filter(|(_, p)| fits(p));
    fitting().find(|(_, p)| !shared(p)).or_else(|| fitting().next()).map(|(i, _)| i)
}

/// A primitive number or its box.
fn is_number(type_name: &str) -> bool {
    let t = erase_simple(type_name);
    ["int", "long", "short", "byte", "double", "float"].iter().any(|n| t == *n || boxed(n) == Some(t.as_str()))
}

fn round_trip_checking(pair: &Pair, re_encode: bool) -> Option<Mr> {
    let (c, _) = pair.coupled?;
    let (f, g) = if inverse(&pair.target.name, &c.name) {
        (pair.target, c)
    } else if inverse(&c.name, &pair.target.name) {
        (c, pair.target)
    } else {
        return None;
    };
    let (r, back) = (ret(f)?, ret(g)?);
    // `<T> T load(String)` answers whatever type the caller declares: it reads back what
    // `dump(Object)` took.
    let inferred = is_type_variable(back) && !class_type_parameters(pair.caller.class).iter().any(|v| v == back);
    let reads_back = |p: &Param| same(&p.type_name, back) || (inferred && erase_simple(&p.type_name) == "Object");
    // Of two parameters alike, the one `g` takes under the same name configures both (a key): the
    // value that goes round is another (`encrypt(key, content)` / `decrypt(key, hexStr)`).
    let configures_g = |p: &Param| g.params.iter().any(|q| q.name == p.name);
    let x_pos = first_preferring(&f.params, reads_back, configures_g)?;
    // Whatever else they take decides what comes back (`loadAs(text, type)`, `dumpAs(x, tag,
    // style)`), and a value picked for it undoes nothing.
    if inferred && (f.params.len() > 1 || g.params.len() > 1) {
        return None;
    }
    // `aToB`/`bToA` names say no direction: start from the structured side, since text is what
    // one side parses and most strings are no valid input of it (`hexToInt("Hello")`).
    let textual = matches!(erase_simple(&f.params[x_pos].type_name).as_str(), "String" | "CharSequence");
    if textual && swapped_to(&f.name, &g.name) {
        return None;
    }
    let configures_f = |p: &Param| f.params.iter().any(|q| q.name == p.name);
    let into = first_preferring(&g.params, |p| takes(&p.type_name, r), configures_f)?;
    if !pair.caller.callable(f) || !pair.caller.callable(g) {
        return None;
    }
    let values = pair.caller.values;
    let x_type = pair.caller.declared(&f.params[x_pos].type_name);
    let mut bodies = Vec::new();
    for x in values.of(&f.params[x_pos].type_name, INPUTS) {
        let mut lines = subjects(pair.caller, &["subject"], !f.is_static() || !g.is_static())?;
        let mut f_args = Vec::new();
        for (i, p) in f.params.iter().enumerate() {
            let value = if i == x_pos { x.clone() } else { values.one(&p.type_name)? };
            lines.push(format!("{} {} = {value};", pair.caller.declared(&p.type_name), p.name));
            f_args.push(p.name.clone());
        }
        lines.push(format!("{} sourceOutput = {};", pair.caller.declared(r), pair.caller.call(f, "subject", &f_args)));
        let mut g_args = Vec::new();
        for (i, p) in g.params.iter().enumerate() {
            if i == into {
                g_args.push("sourceOutput".to_string());
            } else if let Some(shared) = shared_configuration(f, x_pos, p) {
                g_args.push(shared.name.clone()); // the same key, charset, ... both ways
            } else if f.params.len() > 1 || is_number(&p.type_name) {
                // `f` is configured (`wrap(str, wrapWith)`) and `g` by something else
                // (`unwrap(str, wrapChar)`): an arbitrary value undoes nothing.
                return None;
            } else {
                g_args.push(values.one(&p.type_name)?);
            }
        }
        let back_declared = if inferred { x_type.clone() } else { pair.caller.declared(back) };
        lines.push(format!("{back_declared} followUpOutput = {};", pair.caller.call(g, "subject", &g_args)));
        if re_encode {
            let mut again = f_args.clone();
            again[x_pos] = "followUpOutput".into();
            lines.push(format!("{} reEncoded = {};", pair.caller.declared(r), pair.caller.call(f, "subject", &again)));
            lines.push(assert_equal("sourceOutput", "reEncoded", &pair.caller.declared(r)));
        } else {
            lines.push(assert_equal(&f.params[x_pos].name, "followUpOutput", &x_type));
        }
        bodies.push(lines.join("\n"));
    }
    let relation = if re_encode {
        format!("{0}({1}({0}(x, ...), ...), ...) = {0}(x, ...)", f.name, g.name)
    } else {
        format!("{}({}(x, ...), ...) = x", g.name, f.name)
    };
    Some(Mr { template: "roundTrip", relation, bodies })
}

/// A conversion named for what it returns: `toBoolean(int)`, `toInteger(boolean)`,
/// `toCharacterObject(String)` (`int`/`Integer`, `char`/`Character` name each other).
fn converts_to_its_name(m: &MethodModel) -> bool {
    let Some(result) = ret(m) else { return false };
    let result = erase_simple(result).to_ascii_lowercase();
    let aliases: &[&str] = match result.as_str() {
        "int" | "integer" => &["int", "integer"],
        "char" | "character" => &["char", "character"],
        "boolean" => &["boolean", "bool"],
        other => &[other][..],
    };
    let tokens = crate::coupling::name_tokens(&m.name);
    m.name.starts_with("to")
        && tokens.first().is_some_and(|t| t == "to")
        && tokens.iter().any(|t| aliases.contains(&t.as_str()))
}

/// Whether `primitive` boxes to `boxed`, or its elements do: `int` -> `Integer`, `int[]` -> `Integer[]`.
fn boxes_to(primitive: &str, boxed: &str) -> bool {
    let (p, b) = (erase_simple(primitive), erase_simple(boxed));
    let dims = |t: &str| t.len() - t.trim_end_matches("[]").len();
    dims(&p) == dims(&b) && crate::java_model::types::boxed(p.trim_end_matches("[]")) == Some(b.trim_end_matches("[]"))
}

/// `f(g(f(x))) = f(x)` for two conversions named for their results whose types chain both ways
/// (`toBoolean(int)` and `toInteger(boolean)`): what `g` makes of `f`'s result, `f` takes back to
/// the same result, however lossy `f` is (`toBoolean(5)` and `toBoolean(toInteger(true))`).
pub fn conversion_round_trip(pair: &Pair) -> Option<Mr> {
    let (caller, f) = (pair.caller, pair.target);
    let (g, _) = pair.coupled?;
    let ([x], [y]) = (f.params.as_slice(), g.params.as_slice()) else { return None };
    let (r, back) = (ret(f)?, ret(g)?);
    let chain = same(r, &y.type_name) && same(back, &x.type_name);
    // Or two conversions between a type and its boxed form (`toObject(int[])`, `toPrimitive(Integer[])`).
    let boxing = boxes_to(&x.type_name, r) || boxes_to(r, &x.type_name);
    let named = (converts_to_its_name(f) && converts_to_its_name(g))
        || (boxing && f.name.starts_with("to") && g.name.starts_with("to"));
    if !chain || !named || !caller.callable(f) || !caller.callable(g) {
        return None;
    }
    if !super::statics::comparable_by_value(caller, r) {
        return None;
    }
    let (x_type, r_type) = (caller.declared(&x.type_name), caller.declared(r));
    let mut bodies = Vec::new();
    for value in caller.values.of(&x.type_name, INPUTS) {
        let mut lines = subjects(caller, &["subject"], !f.is_static() || !g.is_static())?;
        lines.push(format!("{x_type} x = {value};"));
        lines.push(format!("{r_type} sourceOutput = {};", caller.call(f, "subject", &["x".into()])));
        lines.push(format!("{x_type} back = {};", caller.call(g, "subject", &["sourceOutput".into()])));
        lines.push(format!("{r_type} followUpOutput = {};", caller.call(f, "subject", &["back".into()])));
        lines.push(assert_equal("sourceOutput", "followUpOutput", &r_type));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("{0}({1}({0}(x))) = {0}(x)", f.name, g.name);
    Some(Mr { template: "conversionRoundTrip", relation, bodies })
}

/// Delegation equivalence: a method whose body returns a call of the other equals that call with
/// the arguments its body passes: `join(xs) = join(xs, DEFAULT_SEPARATOR)`.
pub fn delegation(pair: &Pair) -> Option<Mr> {
    let (c, coupling) = pair.coupled?;
    if !coupling.features.iter().any(|f| f.kind == FeatureKind::DirectCall) {
        return None;
    }
    let source = &pair.caller.class.source;
    let (short, long, args) = [(pair.target, c), (c, pair.target)]
        .into_iter()
        .find_map(|(s, l)| returned_call_arguments(source, s, l).map(|a| (s, l, a)))?;
    let r = ret(short)?;
    if !pair.caller.callable(short) || !pair.caller.callable(long) || (short.params.is_empty() && short.is_static()) {
        return None;
    }
    if !may_compare_by_value(pair.caller, r) {
        return None; // two calls answer two objects, equal only to themselves
    }
    // A body that is only `return long(its own parameters)` is the call itself: every mutant of
    // either side changes both alike, and the MTC could kill none.
    let passes_through = args.len() == short.params.len()
        && args.iter().zip(&short.params).all(|(a, p)| a.repeatable && a.text == p.name);
    if passes_through {
        return None;
    }
    let mapped: Vec<String> = args.iter().map(|a| map_argument(pair, short, a)).collect::<Option<_>>()?;
    let args: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
    let mut bodies = Vec::new();
    for (i, inputs) in delegation_inputs(pair.caller, short)?.into_iter().enumerate() {
        let mut lines = subjects_at(pair.caller, &["first", "second"], !short.is_static() || !long.is_static(), i)?;
        lines.extend(inputs);
        let names: Vec<String> = short.params.iter().map(|p| p.name.clone()).collect();
        lines.push(format!("{} sourceOutput = {};", pair.caller.declared(r), pair.caller.call(short, "first", &names)));
        lines.push(format!(
            "{} followUpOutput = {};",
            pair.caller.declared(r),
            pair.caller.call(long, "second", &mapped)
        ));
        lines.push(assert_equal("sourceOutput", "followUpOutput", r));
        bodies.push(lines.join("\n"));
    }
    let x = if short.params.is_empty() { "" } else { "x" };
    let relation = format!("{}({x}) = {}({})", short.name, long.name, args.join(", "));
    Some(Mr { template: "delegation", relation, bodies })
}

/// The declarations of the delegating method's parameters for each input: its first parameter
/// varies, the others take one value. A method without parameters (`next() { return next(1); }`)
/// varies over the instances it runs on instead, one input per distinct instance.
fn delegation_inputs(caller: &Caller, short: &MethodModel) -> Option<Vec<Vec<String>>> {
    let Some(first) = short.params.first() else {
        let mut distinct: Vec<String> = Vec::new();
        for instance in (0..INPUTS).filter_map(|i| caller.instance_at(i)) {
            if !distinct.contains(&instance) {
                distinct.push(instance);
            }
        }
        return (!distinct.is_empty()).then(|| distinct.iter().map(|_| Vec::new()).collect());
    };
    let values = caller.values;
    let mut inputs = Vec::new();
    for x in values.of(&first.type_name, INPUTS) {
        let mut lines = Vec::new();
        for (i, p) in short.params.iter().enumerate() {
            let value = if i == 0 { x.clone() } else { values.one(&p.type_name)? };
            lines.push(format!("{} {} = {value};", caller.declared(&p.type_name), p.name));
        }
        inputs.push(lines);
    }
    Some(inputs)
}

/// An argument of the delegating call, as a test can write it: a parameter, a literal, or a
/// public static field of the class.
fn map_argument(pair: &Pair, short: &MethodModel, arg: &Argument) -> Option<String> {
    let (repeatable, arg) = (arg.repeatable, arg.text.as_str());
    if short.params.iter().any(|p| p.name == arg) {
        return Some(arg.to_string());
    }
    // A computed argument (`size - 1`, `str.length()`, `Math.max(0, n)`) means the same in the
    // test when its parameters keep their declared types there (type variables would not).
    let typed_as_declared =
        short.params.iter().all(|p| pair.caller.declared(&p.type_name) == p.type_name.replace("...", "[]"));
    if repeatable && typed_as_declared {
        return Some(arg.to_string());
    }
    let literal = arg.starts_with('"')
        || arg.starts_with('\'')
        || arg.parse::<f64>().is_ok()
        || matches!(arg, "true" | "false" | "null");
    if literal {
        return Some(arg.to_string());
    }
    let class = pair.caller.class;
    let field = arg.strip_prefix("this.").or_else(|| arg.strip_prefix(&format!("{}.", class.name))).unwrap_or(arg);
    let f = class.fields.iter().find(|f| f.name == field)?;
    let has = |m: &str| f.modifiers.iter().any(|x| x == m);
    if has("public") && has("static") {
        return Some(format!("{}.{}", class.name, f.name));
    }
    // A constant the test cannot reach: repeat its literal value.
    f.literal.clone().filter(|_| has("static") && has("final"))
}

/// The arguments of `return long(...)` in `short`'s body.
fn returned_call_arguments(source: &str, short: &MethodModel, long: &MethodModel) -> Option<Vec<Argument>> {
    let code = source.get(short.byte_range.0..short.byte_range.1)?;
    let tree = crate::java_model::parser().parse(code, None)?;
    let mut stack = vec![tree.root_node()];
    while let Some(n) = stack.pop() {
        if n.kind() == "method_invocation" && n.parent().is_some_and(returns_from_the_body) {
            let name = n.child_by_field_name("name").map(|x| &code[x.byte_range()]);
            let receiver_ok = n.child_by_field_name("object").is_none_or(|o| matches!(&code[o.byte_range()], "this"));
            let args = arguments(n, code, short, sole_statement(n));
            if name == Some(long.name.as_str()) && receiver_ok && args.len() == long.params.len() {
                return Some(args);
            }
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
    }
    None
}

/// A `return` statement of the method's body itself, not of a branch: `if (index == NOT_FOUND)
/// { return clone(array); }` delegates for the inputs of that branch only (lang3's
/// `ArrayUtils.removeElement`, a false suspected bug for every primitive type).
fn returns_from_the_body(statement: Node) -> bool {
    statement.kind() == "return_statement"
        && statement
            .parent()
            .filter(|b| b.kind() == "block")
            .and_then(|b| b.parent())
            .is_some_and(|m| matches!(m.kind(), "method_declaration" | "constructor_declaration"))
}

/// An argument of the delegating call as written, and whether a test can repeat it verbatim.
pub(super) struct Argument {
    text: String,
    repeatable: bool,
}

/// Whether the returned call is the method's only statement: a `return` after guards or local
/// work (`if (x == null) return null; ... return normalize(a + b);`) delegates for some inputs only.
fn sole_statement(call: Node) -> bool {
    let Some(block) = call.parent().and_then(|r| r.parent()).filter(|b| b.kind() == "block") else { return false };
    let mut cursor = block.walk();
    let statements = block.named_children(&mut cursor).filter(|c| !c.kind().ends_with("comment")).count();
    statements == 1 && block.parent().is_some_and(|m| m.kind() == "method_declaration")
}

/// The arguments of a delegating call; a computed one is repeatable only when the call is the
/// short form's whole body.
fn arguments(call: Node, code: &str, short: &MethodModel, sole: bool) -> Vec<Argument> {
    let Some(list) = call.child_by_field_name("arguments") else { return Vec::new() };
    let mut cursor = list.walk();
    let args: Vec<Argument> = list
        .named_children(&mut cursor)
        .map(|a| Argument { text: code[a.byte_range()].to_string(), repeatable: sole && repeatable(a, code, short) })
        .collect();
    args
}

/// `java.lang` classes whose static members a computed argument may name (a test sees them
/// without an import).
const JAVA_LANG: &[&str] =
    &["Math", "Integer", "Long", "Short", "Byte", "Character", "Boolean", "Double", "Float", "String", "StrictMath"];

/// Whether a computed argument means the same in a test that declares `short`'s parameters under
/// their names with their declared types: literals, those parameters, operators, casts to
/// primitives, `param.length`, and calls on parameters or on `java.lang` classes. Its type is then
/// the one it had in `short` (the compiler checked it there). Anything naming the class's own
/// members, `this` or a local is not.
fn repeatable(node: Node, code: &str, short: &MethodModel) -> bool {
    let text = &code[node.byte_range()];
    let all_children = |n: Node| {
        let mut cursor = n.walk();
        let children: Vec<Node> = n.named_children(&mut cursor).collect();
        children.into_iter().all(|c| repeatable(c, code, short))
    };
    let java_lang =
        |n: Option<Node>| n.is_some_and(|o| o.kind() == "identifier" && JAVA_LANG.contains(&&code[o.byte_range()]));
    match node.kind() {
        "identifier" => short.params.iter().any(|p| p.name == text),
        "class_literal" => false, // names a type the test may not import
        k if k.ends_with("_literal") || matches!(k, "true" | "false") => true,
        "binary_expression" | "unary_expression" | "parenthesized_expression" | "ternary_expression" => {
            all_children(node)
        }
        "cast_expression" => {
            let primitive = node
                .child_by_field_name("type")
                .is_some_and(|t| matches!(t.kind(), "integral_type" | "floating_point_type" | "boolean_type"));
            primitive && node.child_by_field_name("value").is_some_and(|v| repeatable(v, code, short))
        }
        "field_access" => {
            let object = node.child_by_field_name("object");
            let field = node.child_by_field_name("field").map(|f| &code[f.byte_range()]);
            java_lang(object) || (field == Some("length") && object.is_some_and(|o| repeatable(o, code, short)))
        }
        "method_invocation" => {
            let object = node.child_by_field_name("object");
            let on = java_lang(object) || object.is_some_and(|o| repeatable(o, code, short));
            on && node.child_by_field_name("arguments").is_some_and(all_children)
        }
        "argument_list" => all_children(node),
        _ => false,
    }
}

/// Producer and consumer of shared state: add -> contains, put -> get, setX -> getX,
/// push -> peek, add -> size + 1, add -> getter(...).contains.
pub fn producer_consumer(pair: &Pair) -> Option<Mr> {
    let (c, coupling) = pair.coupled?;
    if !coupling.features.iter().any(|f| f.kind == FeatureKind::DataDependency) {
        return None;
    }
    let is_producer = |m: &MethodModel| {
        ["add", "insert", "offer", "append", "push", "put", "set"].iter().any(|p| m.name.starts_with(p))
    };
    let (p, q) = if is_producer(pair.target) {
        (pair.target, c)
    } else if is_producer(c) {
        (c, pair.target)
    } else {
        return None;
    };
    if p.is_static() || q.is_static() || !pair.caller.callable(p) || !pair.caller.callable(q) {
        return None;
    }
    let (shape, relation) = consumer_shape(p, q, &pair.caller.class.source)?;
    let values = pair.caller.values;
    // A `List` the project declares itself (bifurcan's) is no JDK collection: it may lack `contains`.
    if matches!(shape, Shape::InCollection) && super::objects::find_class(values, &erase_simple(ret(q)?)).is_some() {
        return None;
    }
    let vary = &p.params.last()?.type_name;
    let mut bodies = Vec::new();
    for (i, x) in values.of(vary, INPUTS).into_iter().enumerate() {
        let mut lines = subjects(pair.caller, &["subject"], true)?;
        let key = match shape {
            Shape::Get => Some((
                pair.caller.declared(&p.params[0].type_name),
                values
                    .of(&p.params[0].type_name, INPUTS)
                    .get(i)
                    .cloned()
                    .or_else(|| values.one(&p.params[0].type_name))?,
            )),
            _ => None,
        };
        lines.push(format!("{} x = {x};", pair.caller.declared(vary)));
        lines.extend(shape.lines(p, q, key.as_ref()));
        bodies.push(lines.join("\n"));
    }
    Some(Mr { template: "producerConsumer", relation, bodies })
}

#[derive(Clone, Copy)]
enum Shape {
    Contains,
    Get,
    Property,
    Peek,
    SizeGrows,
    InCollection,
}

/// Whether a producer adds one element: not `addAll(collection)` nor `add(T[])`, whose size grows
/// by what it is given (a size-grows-by-one relation there was a false suspect on TreeList).
fn adds_one(p: &MethodModel) -> bool {
    let many = |t: &str| {
        t.ends_with("[]") || t.ends_with("...") || {
            let erased = erase_simple(t);
            matches!(erased.as_str(), "Collection" | "List" | "Set" | "Iterable" | "Map" | "Iterator")
        }
    };
    !p.name.ends_with("All") && !p.params.last().is_some_and(|x| many(&x.type_name) || x.varargs)
}

/// Whether the producer adds its argument's text rather than one element: a text builder's
/// `append(int)` adds the digits and `append("")` nothing, and `length()` counts characters
/// (false suspects on lang3's StrBuilder). Only a `char` is one character.
fn adds_text(p: &MethodModel, q: &MethodModel) -> bool {
    let one_char = p.params.last().is_some_and(|x| matches!(x.type_name.as_str(), "char" | "Character"));
    (p.name.starts_with("append") || q.name == "length") && !one_char
}

fn consumer_shape(p: &MethodModel, q: &MethodModel, source: &str) -> Option<(Shape, String)> {
    let element = p.params.last().map(|x| x.type_name.as_str());
    let q_ret = ret(q).unwrap_or("void");
    let one_param = p.params.len() == 1;
    // A predicate that asks whether the element is there (`contains`, `has`, a bit set's `get`), or
    // an equality after a setter; not any predicate of the element's type: `equals(x)` after
    // `add(x)` holds only for a zero receiver, `isBefore(x)` after `add(x)` never.
    let asks_membership = ["contains", "has", "includes", "covers"].iter().any(|w| q.name.starts_with(w))
        || matches!(q.name.as_str(), "get" | "test")
        || (q.name.starts_with("equals") && p.name.starts_with("set"));
    let shape = if q_ret == "boolean"
        && q.params.len() == 1
        && one_param
        && asks_membership
        && same(&q.params[0].type_name, element?)
    {
        Shape::Contains
    } else if p.name.starts_with("put")
        && p.params.len() == 2
        && q.params.len() == 1
        && same(&q.params[0].type_name, &p.params[0].type_name)
        && same(q_ret, element?)
    {
        Shape::Get
    } else if let Some(rest) = p.name.strip_prefix("set").filter(|_| one_param && q.params.is_empty()) {
        if (q.name == format!("get{rest}") || q.name == format!("is{rest}")) && same(q_ret, element?)
            // `getX() = v` only of a setter that stores `v` as given (contracts' property covers the rest).
            && super::setters::stores_its_argument(source, p)
        {
            Shape::Property
        } else {
            return None;
        }
    } else if p.name.starts_with("push")
        && one_param
        && q.params.is_empty()
        && matches!(q.name.as_str(), "peek" | "pop" | "top")
    {
        Shape::Peek
    } else if one_param
        && adds_one(p)
        && !adds_text(p, q)
        && q.params.is_empty()
        && matches!(q.name.as_str(), "size" | "count" | "length")
        && q_ret == "int"
    {
        Shape::SizeGrows
    } else if one_param && q.params.is_empty() && matches!(erase_simple(q_ret).as_str(), "List" | "Collection" | "Set")
    {
        Shape::InCollection
    } else {
        return None;
    };
    let relation = match shape {
        Shape::Contains => format!("{}(x) holds just after {}(x)", q.name, p.name),
        Shape::Get => format!("{}(k) = v just after {}(k, v)", q.name, p.name),
        Shape::Property => format!("{}() = v just after {}(v)", q.name, p.name),
        Shape::Peek => format!("{}() = x just after {}(x)", q.name, p.name),
        Shape::SizeGrows => format!("{}() grows by one with {}(x)", q.name, p.name),
        Shape::InCollection => format!("x is in {}() just after {}(x)", q.name, p.name),
    };
    Some((shape, relation))
}

impl Shape {
    fn lines(self, p: &MethodModel, q: &MethodModel, key: Option<&(String, String)>) -> Vec<String> {
        let (pn, qn) = (&p.name, &q.name);
        match self {
            Shape::Contains => vec![format!("subject.{pn}(x);"), format!("assertTrue(subject.{qn}(x));")],
            Shape::Get => vec![
                format!("{} k = {};", key.map_or("Object", |k| k.0.as_str()), key.map_or("null", |k| k.1.as_str())),
                format!("subject.{pn}(k, x);"),
                assert_equal("x", &format!("subject.{qn}(k)"), &p.params[1].type_name),
            ],
            Shape::Property => {
                vec![format!("subject.{pn}(x);"), assert_equal("x", &format!("subject.{qn}()"), &p.params[0].type_name)]
            }
            Shape::Peek => {
                vec![format!("subject.{pn}(x);"), assert_equal("x", &format!("subject.{qn}()"), &p.params[0].type_name)]
            }
            Shape::SizeGrows => vec![
                format!("int before = subject.{qn}();"),
                format!("subject.{pn}(x);"),
                format!("assertEquals(before + 1, subject.{qn}());"),
            ],
            Shape::InCollection => {
                vec![format!("subject.{pn}(x);"), format!("assertTrue(subject.{qn}().contains(x));")]
            }
        }
    }
}

/// Whether the class's instances compare by value, as MRs comparing instances need: it declares
/// `equals(Object)`, or a superclass in the project does (Joda-Time's periods inherit theirs).
pub(super) fn declares_equals(caller: &Caller) -> bool {
    ancestors(caller).into_iter().any(declares_own_equals)
}

/// Whether the class itself declares `equals(Object)`.
fn declares_own_equals(c: &crate::java_model::ClassModel) -> bool {
    c.methods.iter().any(|m| m.name == "equals" && m.params.len() == 1 && !m.is_static())
}

/// Whether values of the type `written` may compare by value: false only for a project type that
/// no class in its family, itself, a project class above it or one below it, gives an `equals`
/// (jheaps' `AddressableHeap.Handle`: two inserts of one key answer two handles, never equal).
/// Enums and records compare by value; JDK and unknown types are left to their own `equals`.
pub(super) fn may_compare_by_value(caller: &Caller, written: &str) -> bool {
    let Some(project) = caller.values.project else { return true };
    let raw = erase_simple(&caller.declared(written));
    let dotted = format!(".{raw}");
    let named = |c: &&crate::java_model::ClassModel| c.qualified_name == raw || c.qualified_name.ends_with(&dotted);
    let Some(class) = project.classes().find(named) else { return true };
    let hierarchy = crate::coupling::hierarchy::Hierarchy::new(project);
    let above: Vec<&crate::java_model::ClassModel> = hierarchy
        .find(&class.qualified_name)
        .map(|own| hierarchy.superclasses(project, own).into_iter().map(|c| c.get(project)).collect())
        .unwrap_or_default();
    let below = project.subtypes_by_distance(class);
    matches!(class.kind, crate::java_model::ClassKind::Enum | crate::java_model::ClassKind::Record)
        || declares_own_equals(class)
        || above.into_iter().any(declares_own_equals)
        || below.into_iter().flatten().any(declares_own_equals)
}

/// How far up the project's superclasses and interfaces a template looks.
const ANCESTORS: usize = 4;

/// The class and its superclasses in the project, nearest first, as far as templates look.
pub(super) fn ancestors<'c>(caller: &Caller<'c>) -> Vec<&'c crate::java_model::ClassModel> {
    caller.values.ancestors().iter().take(ANCESTORS).copied().collect()
}

/// The simple names of the class's supertypes: what its header and its project ancestors' headers
/// extend or implement, and what those interfaces extend in turn (type arguments left out:
/// `implements Comparable<Interval>` names `Comparable`, not `Interval`).
pub(super) fn supertypes(caller: &Caller) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (_, written) in written_supertypes(caller) {
        let name = crate::java_model::types::erase_simple(&written);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// Each supertype as a header writes it, with the class whose header does, over the class, the
/// project classes and interfaces it reaches, and its project ancestors, nearest first. A type
/// variable of a project supertype is written as what the header below gave it:
/// `IntList extends PrimitiveList<Integer>` and `PrimitiveList<E> extends List<E>` make
/// `List<Integer>`.
pub(super) fn written_supertypes<'c>(caller: &Caller<'c>) -> Vec<(&'c crate::java_model::ClassModel, String)> {
    use crate::java_model::types::{class_type_parameters, erase_simple};
    let mut out = Vec::new();
    let own = ancestors(caller);
    let mut queue: std::collections::VecDeque<(&crate::java_model::ClassModel, Vec<(String, String)>)> =
        own.iter().take(1).map(|c| (*c, Vec::new())).collect();
    let mut visited: Vec<&str> = Vec::new();
    let mut later = own.into_iter().skip(1);
    while let Some((c, given)) = queue.pop_front().or_else(|| later.next().map(|c| (c, Vec::new()))) {
        if visited.len() >= 4 * ANCESTORS || visited.contains(&c.qualified_name.as_str()) {
            continue;
        }
        visited.push(&c.qualified_name);
        for written in c.superclass.iter().chain(&c.interfaces) {
            let written = given.iter().fold(written.clone(), |w, (var, ty)| crate::mtc::replace_word(&w, var, ty));
            if let Some(supertype) = super::objects::find_class(caller.values, &erase_simple(&written)) {
                let arguments = super::types::generic_arguments(&written).1;
                queue.push_back((supertype, class_type_parameters(supertype).into_iter().zip(arguments).collect()));
            }
            out.push((c, written));
        }
    }
    out
}

/// A same-type transform whose name says it normalises is idempotent: `f(f(x)) = f(x)`.
pub fn idempotence(pair: &Pair) -> Option<Mr> {
    const IDEMPOTENT: &[&str] = &[
        "normalize",
        "trim",
        "strip",
        "abs",
        "toLowerCase",
        "toUpperCase",
        "lowerCase",
        "upperCase",
        "sort",
        "sorted",
        "distinct",
        "canonical",
        "clean",
        "sanitize",
        "deleteWhitespace",
        "normalizeSpace",
        "capitalize",
        "unique",
        "nullToEmpty",
        "emptyToNull",
        "defaultString",
        "toRootLowerCase",
        "toRootUpperCase",
    ];
    let t = pair.target;
    let r = ret(t)?;
    let named = IDEMPOTENT.iter().any(|n| t.name == *n || t.name.starts_with(n));
    if !named || !t.is_static() || t.params.len() != 1 || !same(&t.params[0].type_name, r) || t.is_private() {
        return None;
    }
    let mut bodies = Vec::new();
    for x in pair.caller.values.of(&t.params[0].type_name, INPUTS) {
        let once = pair.caller.call(t, "", &[x]);
        let twice = pair.caller.call(t, "", &["once".into()]);
        bodies.push(format!(
            "{0} once = {once};\n{0} twice = {twice};\n{1}",
            pair.caller.declared(r),
            assert_equal("once", "twice", r)
        ));
    }
    Some(Mr { template: "idempotence", relation: format!("{0}({0}(x)) = {0}(x)", t.name), bodies })
}

/// Binary operations on the class's own type: `a.op(b) = b.op(a)` for commutative names, and
/// `a.op(b).inverse(b) = a` for an inverse pair (add/subtract, plus/minus).
pub fn binary_operation(pair: &Pair) -> Option<Mr> {
    let class = pair.caller.class;
    let on_own_type = |m: &MethodModel| same(&m.params[0].type_name, &class.name);
    // An operand of an interface the class implements (`PeriodDuration.plus(TemporalAmount)`)
    // takes the class's own instances too: enough for undoing, not for commuting (the operand's
    // other implementations may not know the class).
    let on_supertype = |m: &MethodModel| {
        let operand = erase_simple(&m.params[0].type_name);
        operand != "Object" && supertypes(pair.caller).contains(&operand)
    };
    let own = |m: &MethodModel| {
        !m.is_static()
            && m.params.len() == 1
            && (on_own_type(m) || on_supertype(m))
            && ret(m).is_some_and(|r| same(r, &class.name))
    };
    let t = pair.target;
    if !own(t) || !declares_equals(pair.caller) {
        return None;
    }
    // Built instances of every builder in turn, not one builder's first argument varied: a box
    // built from one point has no area, and two such boxes intersect in nothing.
    let inputs: Vec<String> = pair.caller.instances(INPUTS + 1).into_iter().filter(|v| v.ends_with(')')).collect();
    if inputs.len() < 2 {
        return None;
    }
    // Operating and undoing it is exact only without floating-point state.
    let exact = !has_floating_state(class);
    let inverse_of = pair.coupled.map(|(c, _)| c).filter(|c| own(c) && inverse_operation(&t.name, &c.name, exact));
    let commutative =
        ["add", "plus", "multiply", "times", "max", "min", "union", "intersection", "and", "or", "xor", "gcd", "lcm"];
    // `multiplyBy`, `addTo`, `unionWith`: the operation with a preposition.
    let operation = ["By", "With", "To"].iter().find_map(|p| t.name.strip_suffix(p)).unwrap_or(&t.name);
    let (template, relation) = match inverse_of {
        Some(c) => ("inverseOperation", format!("a.{}(b).{}(b) = a", t.name, c.name)),
        // The target's own relation: not told to a pair as if it coupled the partner.
        None if commutative.contains(&operation) && pair.coupled.is_none() && on_own_type(t) => {
            ("commutativity", format!("a.{0}(b) = b.{0}(a)", t.name))
        }
        None => return None,
    };
    let mut bodies = Vec::new();
    for w in inputs.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let mut lines = vec![format!("{} a = {a};", class.name), format!("{} b = {b};", class.name)];
        lines.push(match inverse_of {
            Some(c) => format!("assertEquals(a, a.{}(b).{}(b));", t.name, c.name),
            None => format!("assertEquals(a.{0}(b), b.{0}(a));", t.name),
        });
        bodies.push(lines.join("\n"));
    }
    Some(Mr { template, relation, bodies })
}

/// Whether the class's instances hold floating-point state, where even `(a + b) - b` rounds. A
/// static field is no instance's state: commons-numbers' exact `Fraction` keeps a `double`
/// constant (`DEFAULT_EPSILON`) for converting from a double.
pub(super) fn has_floating_state(class: &crate::java_model::ClassModel) -> bool {
    class.fields.iter().any(|f| !f.is_static() && matches!(erase_simple(&f.type_name).as_str(), "double" | "float"))
}

/// `add`/`subtract`, `plus`/`minus`, `multiply`/`divide`, with a preposition or none
/// (`multiplyBy`/`divideBy`; `From` on both sides or neither), when `exact`: with floating-point state even `(a + b) - b` rounds
/// (a false suspect on commons-math3's Complex).
fn inverse_operation(a: &str, b: &str, exact: bool) -> bool {
    let split = |name: &str| {
        ["By", "With", "To", "From"]
            .iter()
            .find_map(|p| name.strip_suffix(p).map(|stem| (stem.to_string(), *p)))
            .unwrap_or((name.to_string(), ""))
    };
    let ((a, a_preposition), (b, b_preposition)) = (split(a), split(b));
    // `subtractFrom(n)` is `n - this` (BigFraction 1.1.0): `a.add(b).subtractFrom(b)` is `-a`,
    // two false suspected bugs on unseen-27. Undone only by another `From` operation.
    if (a_preposition == "From") != (b_preposition == "From") {
        return false;
    }
    let additive = matches!(
        (a.as_str(), b.as_str()),
        ("add", "subtract") | ("subtract", "add") | ("plus", "minus") | ("minus", "plus")
    );
    let multiplicative = matches!((a.as_str(), b.as_str()), ("multiply", "divide") | ("divide", "multiply"));
    exact && (additive || multiplicative)
}

#[cfg(test)]
mod tests {
    use super::{assert_equal, inverse};

    #[test]
    fn arrays_of_floating_point_compare_with_a_tolerance_on_junit_4_too() {
        assert_eq!(assert_equal("x", "y", "double[]"), "assertArrayEquals(x, y, 1e-9);");
        assert_eq!(assert_equal("x", "y", "float[]"), "assertArrayEquals(x, y, 1e-5f);");
        assert_eq!(assert_equal("x", "y", "int[]"), "assertArrayEquals(x, y);");
    }

    #[test]
    fn floating_point_tolerance_is_relative_and_never_nan() {
        // `Math.max(1.0, Math.abs(NaN))` is NaN; a comparison with NaN is false, so 1e-9 is left.
        let double = assert_equal("x", "y", "double");
        assert_eq!(double, "assertEquals(x, y, Math.abs(x) > 1.0 ? 1e-9 * Math.abs(x) : 1e-9);");
        assert!(!double.contains("Math.max"), "{double}");
        let float = assert_equal("x", "y", "float");
        assert_eq!(float, "assertEquals(x, y, Math.abs(x) > 1.0f ? 1e-5f * Math.abs(x) : 1e-5f);");
    }

    #[test]
    fn inverse_names() {
        assert!(inverse("encodeBase64", "decodeBase64"));
        assert!(inverse("encodeBase64String", "decodeBase64"));
        assert!(inverse("encryptText", "decryptText"));
        assert!(inverse("toHex", "fromHex"));
        assert!(inverse("toString", "valueOf"));
        assert!(!inverse("encryptText", "decryptWithDefaultKey"));
        assert!(!inverse("total", "from"), "`to` must end at a word boundary");
        assert!(!inverse("encodeHex", "decodeBase64"));
        assert!(inverse("hexToByteArray", "byteArrayToHex"));
        assert!(!inverse("hexToByteArray", "intToHex"), "the two sides must swap");
        assert!(!inverse("separatorsToUnix", "separatorsToWindows"));
    }

    #[test]
    fn a_name_with_un_before_it_undoes_it() {
        assert!(inverse("compress", "uncompress"));
        assert!(inverse("quote", "unQuote"));
        assert!(inverse("wrapValue", "unwrapValue"));
        assert!(!inverse("uncompress", "compress"), "the direction is f, then un-f");
        assert!(!inverse("compress", "uncompressed"), "the rest must be the whole name");
        assert!(!inverse("ion", "union"), "a short word takes `un` as part of another");
        assert!(!inverse("compress", "unpack"));
    }

    #[test]
    fn undoing_an_operation_is_an_inverse_only_on_exact_state() {
        assert!(super::inverse_operation("add", "subtract", true));
        assert!(super::inverse_operation("multiplyBy", "divideBy", true));
        assert!(!super::inverse_operation("add", "subtract", false), "floating-point state rounds");
        assert!(!super::inverse_operation("add", "multiply", true));
        assert!(!super::inverse_operation("add", "subtractFrom", true), "n - this is not undone so");
        assert!(!super::inverse_operation("subtractFrom", "add", true));
    }

    #[test]
    fn a_producer_of_many_elements_does_not_add_one() {
        let code = "class L { void add(String e) {} void addAll(java.util.Collection<String> c) {} \
                    void add(String... es) {} void push(int[] xs) {} void offer(java.util.List<String> l) {} }";
        let file = crate::java_model::parse_str(std::path::Path::new("L.java"), code);
        let adds: Vec<bool> = file.classes[0].methods.iter().map(super::adds_one).collect();
        assert_eq!(adds, [true, false, false, false, false]);
    }
}
