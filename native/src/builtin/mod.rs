//! The built-in generator: MTCs written from a catalogue of MR templates instead of by an LLM, for
//! teams that cannot send code to one and CI without a key. A coupled pair with the right shape
//! already implies a relation a program can write (`decode(encode(x)) = x`, `m(x) = m(x, DEFAULT)`
//! when the short form passes `DEFAULT`, `contains(x)` just after `add(x)`). Each MR comes applied
//! to ten inputs, so the pipeline validates it on mutants at once, as it does an amplified MTC.

mod affixes;
mod arrays;
mod boundary;
mod composition;
mod containers;
mod contracts;
mod enum_texts;
mod fluent;
mod guard_scope;
mod guards;
mod inplace;
mod invoke;
mod io;
mod keyed;
mod mutators;
mod objects;
mod opposite;
mod overloads;
mod parsed;
mod persistent;
mod readback;
mod receiver;
mod setters;
mod singular;
mod sized;
mod state;
mod statics;
mod stores;
mod templates;
mod text_kinds;
mod time;
mod types;
mod values;
mod views;
mod withers;

use crate::context::TestIndex;
use crate::coupling::{CoupledMethod, CouplingAnalysis};
use crate::java_model::types::class_type_parameters;
use crate::java_model::{ClassModel, MethodModel, Project};
use crate::mtc::JUnit;
use invoke::Caller;
use templates::{Mr, Pair};
use values::Values;

/// One generated MTC: the template that wrote it, the relation in words, the test class source
/// (its class name is a placeholder the pipeline replaces).
#[derive(Debug, Clone)]
pub struct BuiltinMtc {
    pub template: &'static str,
    pub coupled: Option<usize>,
    pub relation: String,
    pub code: String,
}

type Template = fn(&Pair) -> Option<Mr>;

/// The kinds of value to ask an LLM for as new inputs of a type.
pub use boundary::value_kinds;
pub use objects::is_clock_or_chance;
pub use types::TypeScope;

/// Up to `n` values of the declared type `written` for inputs of `class`'s methods, from the
/// catalogue the built-in MTCs draw on (the project's tests, its builders, boundary values): the
/// inputs an LLM-written relation of `target` gets when the model gave too few. A text takes first
/// the kind of text the class is built from or `target` takes (`text_kinds`: JSON, a pattern), then,
/// where `target` parses it, what the type it returns writes of itself (`parsed`).
pub fn catalogue_values(
    class: &ClassModel,
    project: &Project,
    tests: &TestIndex,
    target: &MethodModel,
    written: &str,
    n: usize,
) -> Vec<String> {
    let values = Values::for_class(class, Some(project), tests);
    let mut out = Vec::new();
    if objects::is_text(written) {
        out.extend(text_kinds::input_texts(class, target));
        out.extend(parsed::texts_read(&values, target, n));
    }
    for value in values.of(written, n) {
        if !out.contains(&value) {
            out.push(value);
        }
    }
    out.truncate(n);
    out
}

/// An expression building a fresh instance of `class` as the built-in MTCs build their receivers
/// (a visible constructor or static factory given catalogue values, fewest parameters first;
/// of an abstract class, one of the project's classes extending it): what a repair calls an LLM's
/// receiver-less instance calls on when the class has no constructor without arguments.
pub fn fresh_instance(class: &ClassModel, project: &Project, tests: &TestIndex) -> Option<String> {
    let values = Values::for_class(class, Some(project), tests);
    Caller { class, values: &values }.instance()
}

/// An instance of a project class below an abstract class or an interface, as a test of the
/// latter's package writes it.
pub struct SubtypeInstance {
    /// The class's name as the test declares a variable of it; None for a generic class, whose
    /// type arguments are the expression's to infer.
    pub declared: Option<String>,
    /// An expression building one.
    pub built: String,
}

/// For an abstract class or an interface: a project class below it that a test of its package can
/// build, nearest first and, at one distance, one without type parameters first
/// (`objects::implementations`).
pub fn subtype_instance(class: &ClassModel, project: &Project, tests: &TestIndex) -> Option<SubtypeInstance> {
    let values = Values::for_class(class, Some(project), tests);
    objects::implementations(&values, class)
        .into_iter()
        .filter(|c| objects::is_visible(&values, c, &c.modifiers))
        .find_map(|subtype| {
            let reference = objects::reference(&values, subtype);
            // A builder's call shows how to make other values too, a constant (`Decimal0f.ZERO`) does
            // not; one from a text may have been given a text it rejects.
            let built = values.of(&reference, values::INPUTS);
            let from_numbers = |b: &&String| b.ends_with(')') && !b.contains('"');
            let built = built.iter().find(from_numbers).or(built.first()).cloned()?;
            let declared = class_type_parameters(subtype).is_empty().then_some(reference);
            Some(SubtypeInstance { declared, built })
        })
}

/// A model's test class with each change of the persistent class under test that it calls as a
/// statement made to keep its answer (`s = s.add(x);`): a model used to `java.util` writes
/// `s.add(x); assertTrue(s.contains(x));` on Dexx's persistent `HashSet` too, a false suspect.
pub fn keep_persistent_answers(class: &ClassModel, code: &str) -> String {
    persistent::keep_answers_in_class(class, code)
}

/// Whether a template states a contract every correct class keeps (equals/hashCode, compareTo,
/// symmetric predicates, a padding function reaching its width: what the name promises), rather
/// than a relation that fits most pairs of its shape: a violated contract is near-certainly a bug.
pub fn is_contract_template(name: &str) -> bool {
    [
        "equals",
        "hashCode",
        "compareTo",
        "comparable",
        "comparator",
        "compareContract",
        "contract",
        "symmetric",
        "antisymmetr",
        "padLength",
    ]
    .iter()
    .any(|prefix| name.to_ascii_lowercase().starts_with(&prefix.to_ascii_lowercase()))
}

/// Templates that need a coupled pair, and those that look at the target alone.
const PAIR_TEMPLATES: [Template; 7] = [
    templates::conversion_round_trip,
    overloads::wider_overload,
    templates::round_trip,
    templates::re_encoding,
    templates::delegation,
    templates::producer_consumer,
    templates::binary_operation,
];
const TARGET_TEMPLATES: [Template; 61] = [
    contracts::constructor_getter,
    readback::read_back_rebuilds,
    contracts::successor,
    contracts::validator_accepts_output,
    containers::container,
    contracts::equals_contract,
    contracts::compare_to_contract,
    contracts::symmetric_predicate,
    contracts::ordering,
    contracts::element_trichotomy,
    contracts::text_round_trip,
    parsed::reparse_printed,
    contracts::copy_round_trip,
    contracts::property,
    keyed::keyed_property,
    stores::read_after_put,
    stores::remove_undoes_put,
    contracts::collection_state,
    contracts::involution,
    inplace::in_place_involution,
    receiver::receiver_involution,
    receiver::receiver_normaliser,
    receiver::receiver_commutativity,
    receiver::includes_what_it_was_told,
    inplace::in_place_shift,
    inplace::in_place_permutation,
    arrays::insertion_removal,
    arrays::slices_rejoin,
    arrays::remove_found,
    singular::one_of_many,
    contracts::normaliser,
    templates::idempotence,
    templates::binary_operation,
    statics::symmetric_function,
    statics::order_insensitive_aggregate,
    statics::compare_function,
    statics::negated_predicate,
    statics::search_consistency,
    affixes::text_of_known_parts,
    statics::idempotent_with_arguments,
    contracts::search_after_mutation,
    statics::pad_length,
    contracts::numeric_views,
    views::indexed_and_array_views,
    views::named_element_and_list,
    state::constructor_delegation,
    state::search_after_insert,
    withers::wither,
    withers::integral_inverse,
    withers::integral_scaling_inverse,
    time::unit_general_form,
    composition::composition,
    opposite::opposite_operand,
    opposite::opposite_amount,
    withers::static_integral_inverse,
    mutators::inverse_mutators,
    mutators::get_and_update,
    withers::factory_getter,
    io::copy_preserves_content,
    io::write_read_round_trip,
    io::read_back,
];

/// Every MTC the catalogue writes for `target` of `class` and its coupled methods.
pub fn mtcs(
    class: &ClassModel,
    target: usize,
    analysis: &CouplingAnalysis,
    project: &Project,
    tests: &TestIndex,
    junit: JUnit,
) -> Vec<BuiltinMtc> {
    relations_found(class, target, analysis, project, tests)
        .into_iter()
        .map(|(coupled, mr)| BuiltinMtc {
            template: mr.template,
            coupled,
            code: render(class, &mr, junit),
            relation: mr.relation,
        })
        .collect()
}

/// The relations the catalogue finds for a target, one line each as the report states them
/// (`decode(encode(x)) = x`), each with the coupled method its template paired (none for the
/// target's own templates). They go into the LLM's prompt for each pair, because a small model
/// writes code that compiles more often than it states a relation that holds.
pub struct CatalogueRelations {
    target_name: String,
    found: Vec<(Option<usize>, CatalogueRelation)>,
}

/// One relation of the catalogue in words, with the body of its MTC on its most ordinary input
/// (the fewest `boundary::edges_in`, the first of those): a small model given the relation in
/// words alone writes its own arithmetic around it, often wrong
/// (`multipliedBy(3).multipliedBy(2).dividedBy(3) = multipliedBy(3)`); the body shows how the class
/// is built and what the assertion compares, and the model copies its input.
#[derive(Clone, Debug, PartialEq)]
pub struct CatalogueRelation {
    pub relation: String,
    pub example: Option<String>,
}

/// The catalogue's relations for `target` of `class` and its coupled methods, found once for all
/// its pairs.
pub fn relations(
    class: &ClassModel,
    target: usize,
    analysis: &CouplingAnalysis,
    project: &Project,
    tests: &TestIndex,
) -> CatalogueRelations {
    let found = relations_found(class, target, analysis, project, tests);
    CatalogueRelations {
        target_name: class.methods[target].name.clone(),
        found: found
            .into_iter()
            .map(|(coupled, mr)| {
                let example = mr.bodies.iter().min_by_key(|body| boundary::edges_in(body)).cloned();
                (coupled, CatalogueRelation { relation: mr.relation, example })
            })
            .collect(),
    }
}

impl CatalogueRelations {
    /// Those of the pair with `coupled`: its templates', and the target's own that call it. An
    /// overload of the target gets its templates' only: a call found by name there is the
    /// target's own (`a.multiply(b) = b.multiply(a)`), which couples nothing to the overload.
    pub fn of_pair(&self, class: &ClassModel, coupled: &CoupledMethod) -> Vec<&CatalogueRelation> {
        let name = &coupled.model(class).name;
        let overload = *name == self.target_name;
        self.found
            .iter()
            .filter(|(of, found)| {
                *of == Some(coupled.method) || (of.is_none() && !overload && calls(&found.relation, name))
            })
            .map(|(_, found)| found)
            .collect()
    }

    /// All of them, each pair's and the target's own: what the target is known to satisfy.
    pub fn of_target(&self) -> impl Iterator<Item = &CatalogueRelation> {
        self.found.iter().map(|(_, found)| found)
    }
}

/// Whether a relation's text calls `name` (`name(`, not `rename(` or `nameOf(`).
fn calls(relation: &str, name: &str) -> bool {
    relation.match_indices(name).any(|(at, _)| {
        let before = relation[..at].chars().next_back();
        let after = relation[at + name.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && after == Some('(')
    })
}

/// The templates' relations for `target`, each with the coupled method it pairs (none for the
/// target's own templates); only those the templates could give inputs, each relation once.
fn relations_found(
    class: &ClassModel,
    target: usize,
    analysis: &CouplingAnalysis,
    project: &Project,
    tests: &TestIndex,
) -> Vec<(Option<usize>, Mr)> {
    let values = Values::for_class(class, Some(project), tests);
    let caller = Caller { class, values: &values };
    let t = &class.methods[target];
    let mut found: Vec<(Option<usize>, Mr)> = Vec::new();
    for c in &analysis.coupled {
        let pair = Pair { caller: &caller, target: t, coupled: Some((c.model(class), c)) };
        found.extend(PAIR_TEMPLATES.iter().filter_map(|template| template(&pair)).map(|mr| (Some(c.method), mr)));
    }
    let alone = Pair { caller: &caller, target: t, coupled: None };
    found.extend(TARGET_TEMPLATES.iter().filter_map(|template| template(&alone)).map(|mr| (None, mr)));
    for (_, mr) in &mut found {
        mr.bodies = mr.bodies.iter().map(|body| persistent::keep_answers(class, body)).collect();
    }
    let mut seen = Vec::new();
    found
        .into_iter()
        .filter(|(_, mr)| !mr.bodies.is_empty())
        .filter(|(_, mr)| {
            let new = !seen.contains(&mr.relation);
            seen.push(mr.relation.clone());
            new
        })
        .collect()
}

/// A test class with one method per input, named as the paper's amplification names them.
fn render(class: &ClassModel, mr: &Mr, junit: JUnit) -> String {
    let (imports, visibility) = match junit {
        JUnit::Five => ("import org.junit.jupiter.api.Test;\nimport static org.junit.jupiter.api.Assertions.*;", ""),
        JUnit::Four => ("import org.junit.Test;\nimport static org.junit.Assert.*;", "public "),
    };
    let package = if class.package.is_empty() { String::new() } else { format!("package {};\n\n", class.package) };
    let mut out = format!(
        "{package}{imports}\n\n/** Written by MR-Coupler's built-in generator ({}): {}. */\npublic class BuiltinMetamorphicTest {{\n",
        mr.template,
        mr.relation.replace("*/", "* /")
    );
    for (i, body) in mr.bodies.iter().enumerate() {
        let indented: String = body.lines().map(|l| format!("        {l}\n")).collect();
        out.push_str(&format!(
            "\n    // MR ({}): {}\n    @Test\n    {visibility}void mr1_{}_input{}() throws Exception {{\n{indented}    }}\n",
            mr.template,
            mr.relation,
            mr.template,
            i + 1
        ));
    }
    out.push_str("}\n");
    out
}
