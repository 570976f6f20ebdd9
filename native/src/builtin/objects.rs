//! Values of the project's own types: enum constants, public constants of the type, then its
//! public constructors and static factories (`of`, `valueOf`, `parse`, `create`, `getX`...)
//! applied to typed arguments built the same way one level down, and its fluent builders
//! (`fluent.rs`); for an interface or an abstract class, the same for the project's classes that
//! implement or extend it.

use super::guards;
use super::sized::documented_arrays;
use super::types::generic_arguments;
use super::values::Values;
use crate::java_model::types::{class_type_parameters, erase_simple};
use crate::java_model::{ClassKind, ClassModel, MethodModel};

/// Up to `n` distinct expressions of the project type `written` (empty for a type the project
/// does not declare or cannot build).
pub fn project_values(values: &Values, written: &str, n: usize, depth: usize) -> Vec<String> {
    let (raw, _) = generic_arguments(written);
    let Some(class) = find_class(values, &raw) else { return Vec::new() };
    if class.package != values.class.package && !has(&class.modifiers, "public") {
        return Vec::new(); // a test in another package cannot name it
    }
    let mut sources = vec![constants(values, class), values.companions(class).to_vec()];
    let mut parsed = Vec::new();
    let mut own_kind = Vec::new();
    if is_buildable(class) {
        for builder in builders(values, class) {
            let instances = built(values, class, builder, n, depth);
            if parses(builder) {
                // The texts the class documents are likely its text form: they go with the other
                // builders' instances, the boundary strings after them.
                let quoted = values.quoted_texts(class).iter().map(|t| format!("\"{t}\"")).collect();
                let texts = [super::text_kinds::asked_texts(class, builder), quoted].concat();
                sources.push(documented(values, class, builder, &texts, n, depth));
                parsed.extend(instances);
            } else {
                sources.push(instances);
            }
        }
        sources.push(super::fluent::fluent_instances(values, class, n, depth));
    } else if depth > 0 && class.kind != ClassKind::Enum {
        for implementation in implementations(values, class).into_iter().take(3) {
            let own = reference(values, implementation);
            let instances = values.typed(&own, n, depth - 1);
            if implementation.qualified_name == values.class.qualified_name {
                own_kind.extend(instances); // all first, not in turns (`implementations`)
            } else {
                sources.push(instances);
            }
        }
    }
    let mut distinct = Vec::new();
    for value in own_kind.into_iter().chain(interleave(sources)).chain(parsed) {
        if !distinct.contains(&value) {
            distinct.push(value);
        }
    }
    distinct.truncate(n);
    distinct
}

/// A builder from text (`new MutableInt(String)`, `Fraction.getFraction(String)`): it parses,
/// and most strings are no valid input of it, so its instances on boundary strings come after the
/// others'; those on the texts the class's Javadoc quotes take their turn (`documented`).
fn parses(builder: &MethodModel) -> bool {
    builder.params.iter().any(|p| is_text(&p.type_name))
}

pub(super) use crate::java_model::types::is_text;

/// The sources' values taken in turns: ten inputs then reach every builder (not only the
/// constants, `Fraction.ZERO`, `Fraction.ONE`, ...), and consecutive inputs are often two builders
/// applied to the same arguments (`is('a')`, `isNot('a')`): objects that differ in one field, what
/// an `equals` that forgets a field needs to be caught.
pub fn interleave(sources: Vec<Vec<String>>) -> Vec<String> {
    let mut iters: Vec<_> = sources.into_iter().map(Vec::into_iter).collect();
    let mut out = Vec::new();
    loop {
        let before = out.len();
        for it in &mut iters {
            out.extend(it.next());
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The enum and public constants of the project type `written`: values that need no builder.
pub fn constant_values(values: &Values, written: &str) -> Vec<String> {
    let (raw, _) = generic_arguments(written);
    match find_class(values, &raw) {
        Some(class) if class.package == values.class.package || has(&class.modifiers, "public") => {
            constants(values, class)
        }
        _ => Vec::new(),
    }
}

/// How a test in the class under test's package names `class`: its simple (or `Outer.Inner`)
/// name in the same package, its qualified name elsewhere (no import needed).
pub fn reference(values: &Values, class: &ClassModel) -> String {
    let package = &values.class.package;
    if class.package == *package {
        let prefix = if package.is_empty() { String::new() } else { format!("{package}.") };
        class.qualified_name.strip_prefix(&prefix).unwrap_or(&class.qualified_name).to_string()
    } else {
        class.qualified_name.clone()
    }
}

/// The project class a type names: by qualified name, else by simple name, preferring the class
/// under test itself, then its package, then what its file imports.
pub fn find_class<'p>(values: &Values<'p>, raw: &str) -> Option<&'p ClassModel> {
    let own = values.class;
    let simple = raw.rsplit('.').next().unwrap_or(raw);
    // A nested type as a test of the package names it: `Processor.Arch`.
    let from_package = if own.package.is_empty() { raw.to_string() } else { format!("{}.{raw}", own.package) };
    let named_so = |c: &ClassModel| c.qualified_name == raw || c.qualified_name == from_package;
    if own.name == simple && (raw == simple || named_so(own)) {
        return Some(own);
    }
    let project = values.project?;
    let mut named: Vec<&ClassModel> =
        project.classes().filter(|c| named_so(c) || (raw == simple && c.name == simple)).collect();
    let imported = |c: &&ClassModel| own.imports.contains(&c.qualified_name);
    named.sort_by_key(|c| (c.package != own.package, !imported(c)));
    named.into_iter().next()
}

/// Enum constants, and public static fields of the class's own type (`Fraction.ONE_HALF`).
fn constants(values: &Values, class: &ClassModel) -> Vec<String> {
    let own = reference(values, class);
    class
        .fields
        .iter()
        .filter(|f| has(&f.modifiers, "static") && is_visible(values, class, &f.modifiers))
        .filter(|f| erase_simple(&f.type_name) == class.name)
        .map(|f| format!("{own}.{}", f.name))
        .collect()
}

/// How many instances a class's companions give, at most.
const COMPANIONS: usize = 4;

/// The instances of `class` that other classes of the project hand out: their public static
/// fields of its type and their public static factories of it without parameters (jackson's
/// `Base64Variants.MIME` and `Base64Variants.getDefaultVariant()` for `Base64Variant`, whose
/// constructors take an alphabet of exactly 64 characters). A library's named configurations are
/// valid ones; the catalogue's arguments to a constructor may not be (unseen-33: every instance it
/// built of `Base64Variant` threw, and the model copied it).
pub(super) fn companions(values: &Values, class: &ClassModel) -> Vec<String> {
    let Some(project) = values.project else { return Vec::new() };
    let hands_out = |t: Option<&str>| t.is_some_and(|t| erase_simple(t) == class.name);
    let mut out = Vec::new();
    for holder in project.classes().filter(|c| c.qualified_name != class.qualified_name) {
        let sees = holder.package == class.package || holder.imports.contains(&class.qualified_name);
        if !sees || !is_visible(values, holder, &holder.modifiers) || holder.binary_name.contains('$') {
            continue;
        }
        let named = reference(values, holder);
        let public_static = |m: &[String]| has(m, "public") && has(m, "static");
        let fields = (holder.fields.iter())
            .filter(|f| public_static(&f.modifiers) && hands_out(Some(&f.type_name)))
            .map(|f| format!("{named}.{}", f.name));
        let factories = (holder.methods.iter())
            .filter(|m| public_static(&m.modifiers) && m.params.is_empty() && hands_out(m.return_type.as_deref()))
            .filter(|m| !reads_clock_or_chance(holder, m))
            .map(|m| format!("{named}.{}()", m.name));
        out.extend(fields.chain(factories));
        if out.len() >= COMPANIONS {
            break;
        }
    }
    out.truncate(COMPANIONS);
    out
}

/// Whether no field of an instance of `class` can change after it is built: its own instance
/// fields are all final (a shared instance is then as good as a fresh one).
pub(super) fn is_immutable(class: &ClassModel) -> bool {
    class.fields.iter().filter(|f| !has(&f.modifiers, "static")).all(|f| has(&f.modifiers, "final"))
}

/// A class a test can instantiate: concrete, and not an inner class needing an outer instance.
pub(super) fn is_buildable(class: &ClassModel) -> bool {
    let nested = class.binary_name.contains('$');
    matches!(class.kind, ClassKind::Class | ClassKind::Record)
        && !has(&class.modifiers, "abstract")
        && (!nested || has(&class.modifiers, "static"))
}

/// Visible constructors, then static factories returning the class, fewest parameters first,
/// skipping those taking the class itself (a copy needs an instance first), those that read the
/// clock or a random source (`new LocalTime()` is now: two of them differ, and a relation over
/// them fails on correct code) and those that hand out a field (`hands_out_a_field`).
pub fn builders<'c>(values: &Values, class: &'c ClassModel) -> Vec<&'c MethodModel> {
    let excluded = |m: &MethodModel| {
        m.params.iter().any(|p| erase_simple(&p.type_name) == class.name)
            || reads_clock_or_chance(class, m)
            || hands_out_a_field(class, m)
    };
    let mut constructors: Vec<&MethodModel> = class
        .methods
        .iter()
        .filter(|m| m.is_constructor && is_visible(values, class, &m.modifiers) && !excluded(m))
        .collect();
    if !class.methods.iter().any(|m| m.is_constructor) {
        constructors.push(&DEFAULT_CONSTRUCTOR);
    }
    constructors.sort_by_key(|m| m.params.len());
    let mut factories: Vec<&MethodModel> = class
        .methods
        .iter()
        .filter(|m| !m.is_constructor && m.is_static() && is_visible(values, class, &m.modifiers))
        .filter(|m| m.return_type.as_deref().is_some_and(|r| erase_simple(r) == class.name))
        .filter(|m| !excluded(m))
        .collect();
    factories.sort_by_key(|m| m.params.len());
    constructors.into_iter().chain(factories).collect()
}

/// Whether a builder's own code asks for the time or a random value, or its name says it does
/// (`now()`, whose body may only hand the system clock on: threeten-extra's
/// `YearWeek.now()` is `now(Clock.systemDefaultZone())`; iban4j's `Iban.random(CountryCode)` is
/// `new Iban.Builder().countryCode(cc).buildRandom()`, where only `random(Random)` takes a seed):
/// an input that differs from run to run makes an MTC that passes today and fails next week.
pub(super) fn reads_clock_or_chance(class: &ClassModel, m: &MethodModel) -> bool {
    let seeded = m.params.iter().any(|p| erase_simple(&p.type_name).ends_with("Random"));
    if m.name.starts_with("random") && !seeded {
        return true;
    }
    let body = class.source.get(m.byte_range.0..m.byte_range.1).unwrap_or("");
    (m.name == "now" && m.params.is_empty()) || is_clock_or_chance(body)
}

/// What Java code writes to ask for the time or a random value.
const CLOCK_OR_CHANCE: &[&str] = &[
    "currentTimeMillis",
    "nanoTime",
    ".now(",
    "Clock.system",
    "new Random",
    "Math.random",
    "randomUUID",
    "ThreadLocalRandom",
];

/// Whether `code` (a method body, an expression) asks for the time or a random value.
pub fn is_clock_or_chance(code: &str) -> bool {
    CLOCK_OR_CHANCE.iter().any(|marker| code.contains(marker))
}

/// A static method without parameters whose whole body returns a static field of the class: it
/// hands every caller one shared object, no fresh instance. brownies-collections' `GapList.EMPTY()`
/// is `return EMPTY;`, an unmodifiable list: every template that adds to it failed on correct
/// code, and a test that changed a mutable one would change it for every test after it. A
/// persistent class shares such an object safely: Dexx's `HashSet.empty()` (unseen-28) is its
/// only way to an instance.
pub(super) fn hands_out_a_field(class: &ClassModel, m: &MethodModel) -> bool {
    let is_static_field = |name: &str| class.fields.iter().any(|f| f.name == name && has(&f.modifiers, "static"));
    if !m.is_static() || !m.params.is_empty() || is_persistent(class) {
        return false;
    }
    let Some(code) = class.source.get(m.byte_range.0..m.byte_range.1) else { return false };
    crate::java_model::sole_statement(&class.name, code, |statement, text| {
        let value = statement.named_child(0).filter(|_| statement.kind() == "return_statement")?;
        let value = if value.kind() == "cast_expression" { value.child_by_field_name("value")? } else { value };
        let name = match value.kind() {
            "identifier" => value,
            "field_access" => value.child_by_field_name("field")?,
            _ => return None,
        };
        text.get(name.byte_range()).map(is_static_field)
    })
    .unwrap_or(false)
}

/// Whether a class is persistent: its changes answer a new instance and leave the one they were
/// called on as it was (Dexx's `HashSet.add(x)` is `return new HashSet<E>(..)`, unseen-28). Read
/// off its methods: one whose sole statement returns a new instance of the class, and no `void`
/// instance method that writes a field (brownies-collections' `GapList` has both kinds).
pub(super) fn is_persistent(class: &ClassModel) -> bool {
    let instance = |m: &&MethodModel| !m.is_static() && !m.is_constructor;
    let changes_in_place = |m: &&MethodModel| m.return_type.as_deref() == Some("void") && !m.field_writes.is_empty();
    let methods = || class.methods.iter().filter(instance);
    !methods().any(|m| changes_in_place(&m)) && methods().any(|m| answers_a_new_instance(class, m))
}

/// Whether a method's sole statement returns a new instance of its class: `return new Own(..);`.
fn answers_a_new_instance(class: &ClassModel, m: &MethodModel) -> bool {
    let Some(code) = class.source.get(m.byte_range.0..m.byte_range.1) else { return false };
    crate::java_model::sole_statement(&class.name, code, |statement, text| {
        let value = statement.named_child(0).filter(|_| statement.kind() == "return_statement")?;
        let created = value.child_by_field_name("type").filter(|_| value.kind() == "object_creation_expression")?;
        Some(erase_simple(&text[created.byte_range()]) == class.name)
    })
    .unwrap_or(false)
}

static DEFAULT_CONSTRUCTOR: std::sync::LazyLock<MethodModel> = std::sync::LazyLock::new(|| MethodModel {
    is_constructor: true,
    modifiers: vec!["public".into()],
    ..Default::default()
});

/// Instances from one builder: the first argument varied over its values, the others ordinary;
/// then the second varied.
fn built(values: &Values, class: &ClassModel, builder: &MethodModel, n: usize, depth: usize) -> Vec<String> {
    let call = |args: &[String]| build(values, class, builder, args);
    if builder.params.is_empty() {
        return vec![call(&[])];
    }
    let Some(ordinary) = ordinary_arguments(values, class, builder, depth) else {
        return Vec::new();
    };
    if depth == 0 {
        return vec![call(&ordinary)];
    }
    let next = depth.saturating_sub(1);
    let mut out = Vec::new();
    for (position, share) in [(0, n), (1, n / 2)] {
        let Some(param) = builder.params.get(position) else { break };
        let varied = documented_arrays(values, class, param, share, next).unwrap_or_else(|| {
            let typed = values.typed(&values.declared(&param.type_name), share * 2, next);
            let guards = values.guards(class, builder);
            let mut accepted: Vec<String> =
                typed.into_iter().filter(|v| !guards::rejects(&guards, position, v)).collect();
            if accepted.len() < share {
                accepted.extend(guards::accepted_limits(&guards, position, &param.type_name));
            }
            building_values(accepted, share)
        });
        for value in varied {
            let mut args = ordinary.clone();
            args[position] = value;
            out.push(call(&args));
        }
    }
    out
}

/// A builder's arguments where an input does not vary them. At the depth limit they may still be
/// values that need no builder (literals, constants, the tests' values); below it nothing is built
/// again. An array whose length the class documents has that length. An ordinary value the
/// builder's guards reject gives way to the first of its type's values they accept (`guards`). None
/// when a parameter has no value.
fn ordinary_arguments(values: &Values, class: &ClassModel, builder: &MethodModel, depth: usize) -> Option<Vec<String>> {
    let next = depth.saturating_sub(1);
    let arguments = builder.params.iter().enumerate().map(|(position, p)| {
        let ordinary = if let Some(sized) = documented_arrays(values, class, p, 1, next) {
            sized.into_iter().next()
        } else if depth == 0 {
            values.shallow(&p.type_name)
        } else {
            values.ordinary_within(&p.type_name, position, next)
        }?;
        let guards = values.guards(class, builder);
        if !guards::rejects(&guards, position, &ordinary) {
            return Some(ordinary);
        }
        let accepted = values.typed(&values.declared(&p.type_name), GUARDED_ALTERNATIVES, next);
        let at_limits = guards::accepted_limits(&guards, position, &p.type_name);
        let first = accepted.into_iter().find(|v| !guards::rejects(&guards, position, v));
        Some(first.or_else(|| at_limits.into_iter().next()).unwrap_or(ordinary))
    });
    arguments.collect()
}

/// How many of a type's values are looked through for one a builder's guards accept.
const GUARDED_ALTERNATIVES: usize = 12;

/// Instances from a builder from text on the texts (Java literals) the class's Javadoc quotes
/// (`new Semver("1.2.3")`) or its parameter asks for (`text_kinds`), up to `n`, its other
/// arguments ordinary.
fn documented(
    values: &Values,
    class: &ClassModel,
    builder: &MethodModel,
    texts: &[String],
    n: usize,
    depth: usize,
) -> Vec<String> {
    let Some(position) = builder.params.iter().position(|p| is_text(&p.type_name)) else { return Vec::new() };
    let Some(ordinary) = ordinary_arguments(values, class, builder, depth).filter(|_| !texts.is_empty()) else {
        return Vec::new();
    };
    let instance = |text: &String| {
        let mut args = ordinary.clone();
        args[position] = text.clone();
        build(values, class, builder, &args)
    };
    texts.iter().take(n).map(instance).collect()
}

/// The values a builder's argument takes, up to `n`: the boundary values that test a method make
/// no object (an empty array where a point reads three coordinates, `Integer.MAX_VALUE` as a size,
/// an overflowing shift), so empty arrays and integers of large magnitude go, unless nothing else
/// is left.
pub(super) fn building_values(candidates: Vec<String>, n: usize) -> Vec<String> {
    let builds = |v: &String| {
        let empty_array = v.ends_with("[0]") || v.ends_with("{}");
        let large = v.contains("MAX_VALUE") || v.contains("MIN_VALUE") || v.contains("<<");
        !empty_array && !large
    };
    let mut kept: Vec<String> = candidates.iter().filter(|v| builds(v)).cloned().collect();
    if kept.is_empty() {
        kept = candidates;
    }
    kept.truncate(n);
    kept
}

/// `new Foo<>(args)` or `Foo.of(args)`.
pub fn build(values: &Values, class: &ClassModel, builder: &MethodModel, args: &[String]) -> String {
    let own = reference(values, class);
    if builder.is_constructor {
        let diamond = if class.header.contains(&format!("{}<", class.name)) { "<>" } else { "" };
        format!("new {own}{diamond}({})", args.join(", "))
    } else {
        format!("{own}.{}({})", builder.name, args.join(", "))
    }
}

/// The project's concrete classes below `class`, the class under test first when it is one, then
/// nearest first (`Project::subtypes_by_distance`: la4j's `Basic2DMatrix` is a `Matrix` through
/// the abstract `DenseMatrix`; its `InPlaceCopyMatrixToMatrix extends
/// SimpleMatrixMatrixOperation<Matrix>` is none). A method taking a supertype of its own class
/// mostly wants one of its own kind: IPAddress' `IPv4Address#mask(IPAddress)` throws on an
/// `IPv6Address`.
pub(super) fn implementations<'p>(values: &Values<'p>, class: &ClassModel) -> Vec<&'p ClassModel> {
    let Some(project) = values.project else { return Vec::new() };
    let mut below: Vec<&ClassModel> = Vec::new();
    for mut level in project.subtypes_by_distance(class) {
        // A private class cannot be named outside its outer class (protobuf's
        // `ByteString.LiteralByteString`, whose creations did not compile in any test).
        level.retain(|c| is_buildable(c) && is_visible(values, c, &c.modifiers));
        // At one distance, a class without type parameters first: a test declares it plainly
        // (decimal4j's `Decimal0f`, not `GenericImmutableDecimal<S>`).
        level.sort_by_key(|c| !class_type_parameters(c).is_empty());
        below.extend(level);
    }
    below.sort_by_key(|c| c.qualified_name != values.class.qualified_name); // stable: nearest first after it
    below
}

/// The class literals a `Class<T>` parameter takes: where `T` is a project interface or abstract
/// class, the literals of its concrete classes a test can name first, nearest first (HdrHistogram's
/// `new DoubleHistogram(digits, Class<? extends AbstractHistogram>)` instantiates the class it is
/// given: `AbstractHistogram.class` threw `NoSuchMethodException`, `Histogram.class` builds), then
/// `T.class` itself (a key, as in `EnumSet.noneOf(Color.class)`).
pub(super) fn class_literals(values: &Values, argument: Option<&str>) -> Vec<String> {
    let own = super::boundary::class_literal(argument);
    let bound = argument.map(|a| a.split('<').next().unwrap_or(a).trim());
    let is_abstract = |c: &ClassModel| c.kind == ClassKind::Interface || has(&c.modifiers, "abstract");
    let below = bound
        .and_then(|raw| find_class(values, raw))
        .filter(|c| is_abstract(c))
        .map(|c| implementations(values, c))
        .unwrap_or_default();
    let mut literals: Vec<String> = below
        .into_iter()
        .filter(|c| is_visible(values, c, &c.modifiers))
        .map(|c| format!("{}.class", reference(values, c)))
        .collect();
    literals.extend(own.filter(|o| !literals.contains(o)));
    literals
}

fn has(modifiers: &[String], m: &str) -> bool {
    modifiers.iter().any(|x| x == m)
}

/// Public, or package-private/protected in the package the generated test lives in.
pub(super) fn is_visible(values: &Values, class: &ClassModel, modifiers: &[String]) -> bool {
    has(modifiers, "public") || (!has(modifiers, "private") && class.package == values.class.package)
}

#[cfg(test)]
mod tests {
    use super::{building_values, class_literals};
    use crate::builtin::values::Values;
    use crate::context::TestIndex;
    use crate::java_model::{parse_str, Project};

    fn strings(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn builders_get_no_empty_arrays_or_extreme_sizes_unless_nothing_else_is_left() {
        let ints = strings(&["0", "Integer.MAX_VALUE", "1 << 16", "-1", "42"]);
        assert_eq!(building_values(ints, 3), strings(&["0", "-1", "42"]));
        let arrays = strings(&["new double[0]", "new double[] {1.0}", "new double[] {1.0, 2.0, 3.0}"]);
        assert_eq!(building_values(arrays, 5), strings(&["new double[] {1.0}", "new double[] {1.0, 2.0, 3.0}"]));
        assert_eq!(building_values(strings(&["Long.MAX_VALUE"]), 2), strings(&["Long.MAX_VALUE"]));
    }

    /// HdrHistogram 2.2.2's shape: a constructor taking `Class<? extends AbstractHistogram>`,
    /// which it instantiates; an abstract class, one concrete subclass, one abstract below it.
    fn histogram_project() -> Project {
        let file = |name: &str, src: &str| parse_str(std::path::Path::new(name), src);
        let mut project = Project::new(&[]);
        project.files = vec![
            file("AbstractHistogram.java", "package h;\npublic abstract class AbstractHistogram {}\n"),
            file("Histogram.java", "package h;\npublic class Histogram extends AbstractHistogram {}\n"),
            file("Hidden.java", "package h;\npublic abstract class Hidden extends AbstractHistogram {}\n"),
            file("Scale.java", "package h;\npublic interface Scale {}\n"),
            file(
                "DoubleHistogram.java",
                "package h;\npublic class DoubleHistogram {\n    public DoubleHistogram(int digits, Class<? extends AbstractHistogram> counts) {}\n}\n",
            ),
        ];
        project
    }

    #[test]
    fn a_class_literal_of_an_abstract_bound_names_its_concrete_classes_first() {
        let project = histogram_project();
        let class = project.classes().find(|c| c.name == "DoubleHistogram").expect("the fixture's class");
        let values = Values::for_class(class, Some(&project), &TestIndex::load(&[], None));
        let literals = class_literals(&values, Some("AbstractHistogram"));
        assert_eq!(literals, vec!["Histogram.class".to_string(), "AbstractHistogram.class".to_string()]);
        assert_eq!(class_literals(&values, Some("Histogram")), vec!["Histogram.class".to_string()], "a concrete one");
        let none_below = class_literals(&values, Some("Scale"));
        assert_eq!(none_below, vec!["Scale.class".to_string()], "an interface nothing implements is itself");
        assert_eq!(class_literals(&values, Some("String")), vec!["String.class".to_string()], "a JDK type");
    }

    /// jackson-core 2.14's shape: `Base64Variant`, immutable, handed out by `Base64Variants`;
    /// a mutable `Counter` handed out by `Counters`, a field not public, a factory taking arguments.
    fn companion_project() -> Project {
        let file = |name: &str, src: &str| parse_str(std::path::Path::new(name), src);
        let mut project = Project::new(&[]);
        project.files = vec![
            file(
                "Base64Variant.java",
                "package j;\npublic final class Base64Variant {\n    private final String name;\n    \
                 public Base64Variant(String name, String alphabet) { this.name = name; }\n}\n",
            ),
            file(
                "Base64Variants.java",
                "package j;\npublic final class Base64Variants {\n    \
                 public static final Base64Variant MIME = new Base64Variant(\"MIME\", \"\");\n    \
                 static final Base64Variant HIDDEN = MIME;\n    \
                 public static Base64Variant getDefaultVariant() { return MIME; }\n    \
                 public static Base64Variant valueOf(String name) { return MIME; }\n}\n",
            ),
            file(
                "Counter.java",
                "package j;\npublic class Counter {\n    private int n;\n    public Counter(int n) {}\n}\n",
            ),
            file(
                "Counters.java",
                "package j;\npublic class Counters {\n    public static final Counter SHARED = new Counter(3);\n}\n",
            ),
        ];
        project
    }

    #[test]
    fn an_immutable_class_is_first_received_as_its_companions_hand_it_out() {
        let project = companion_project();
        let tests = TestIndex::load(&[], None);
        let named = |n: &str| project.classes().find(|c| c.name == n).expect("the fixture's class");
        let variant = named("Base64Variant");
        assert_eq!(crate::builtin::fresh_instance(variant, &project, &tests).as_deref(), Some("Base64Variants.MIME"));
        let values = Values::for_class(variant, Some(&project), &tests).of("Base64Variant", 10);
        assert!(values.contains(&"Base64Variants.getDefaultVariant()".to_string()), "{values:?}");
        assert!(!values.iter().any(|v| v.contains("HIDDEN") || v.contains("valueOf")), "{values:?}");
        let counter = named("Counter");
        let receiver = crate::builtin::fresh_instance(counter, &project, &tests).unwrap_or_default();
        assert!(receiver.starts_with("new Counter("), "a mutable class's shared instance is no receiver: {receiver}");
        let inputs = Values::for_class(counter, Some(&project), &tests).of("Counter", 10);
        assert!(inputs.contains(&"Counters.SHARED".to_string()), "but it is an input: {inputs:?}");
    }
}
