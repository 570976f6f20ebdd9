//! Coupling analysis: which methods to pair with a target method. Two modes (`Ranking`):
//!
//! - `algorithm1`: the paper's Algorithm 1, unchanged. For the target and every other method and
//!   constructor of its class, the three features (signature commonality, function call, state
//!   interaction); a candidate with any feature is coupled. The paper does not order them; they
//!   are listed by the sum of their features' weights times evidence strength.
//! - `ranked` (default): the same features over more evidence (members inherited from project
//!   superclasses, fields reached through getters and setters), plus complementary names, type
//!   flow, receiver flow, named property (property.rs), specific and general form (general.rs),
//!   shared input (inputs.rs), state observation and co-usage in the project's tests, and, for a
//!   candidate with one of these, an observable result (result.rs) and the public API
//!   (public.rs); overloading weighed by the size of the overload family (overloads.rs); no
//!   candidate that refuses every call (refusal.rs), is a constant (constant.rs) or one of
//!   Object's contracts; scored (rank.rs) and cut to the best few.

mod constant;
mod facts;
mod features;
mod flow;
mod general;
pub mod hierarchy;
mod inputs;
mod names;
mod observe;
mod overloads;
mod property;
mod public;
mod rank;
mod receiver;
mod refusal;
mod result;
mod tokens;
mod usage;

pub use facts::ClassFacts;
pub use features::{CallSite, Direction, Evidence, Feature, FeatureGroup, FeatureKind};
pub use names::{complementary, named_inverses, NameRelation};
pub use rank::{MAX_SELECTED, MIN_SCORE};
pub use tokens::name_tokens;
pub use usage::{is_test_method, mentions, most_mentioning, TestFilter, Tests, MAX_TEST_FILES};

use crate::java_model::{ClassModel, MethodModel};
use features::Pair;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use usage::Usage;

/// How coupled methods are chosen and ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ranking {
    /// More evidence and a score; the best `MAX_SELECTED` scoring at least `MIN_SCORE`.
    #[default]
    Ranked,
    /// The paper's Algorithm 1: every candidate with a feature, intra-class.
    Algorithm1,
}

impl Ranking {
    pub fn name(self) -> &'static str {
        match self {
            Ranking::Ranked => "ranked",
            Ranking::Algorithm1 => "algorithm1",
        }
    }
}

#[derive(Debug, Clone, Copy, Default)]
pub struct CouplingOptions {
    pub ranking: Ranking,
    /// Ranked mode: keep every candidate with a feature, uncut (the recall benchmark measures
    /// the whole order, then cuts as the ranked mode does).
    pub uncut: bool,
}

/// A coupled method the class inherits from a project superclass.
#[derive(Debug, Clone)]
pub struct Inherited {
    /// The declaring class, qualified.
    pub class: String,
    /// Its index in the declaring class's methods.
    pub index: usize,
    pub method: MethodModel,
    /// The declaring class's file text, which the method's byte range refers to.
    pub source: Arc<str>,
}

#[derive(Debug, Clone)]
pub struct CoupledMethod {
    /// The member: an index into the class's methods, or (inherited) past them.
    pub method: usize,
    pub features: Vec<Feature>,
    pub score: f64,
    pub inherited: Option<Box<Inherited>>,
}

impl CoupledMethod {
    /// The coupled method, wherever it is declared.
    pub fn model<'a>(&'a self, class: &'a ClassModel) -> &'a MethodModel {
        match &self.inherited {
            Some(i) => &i.method,
            None => &class.methods[self.method],
        }
    }

    /// The text of the file that declares it.
    pub fn source<'a>(&'a self, class: &'a ClassModel) -> &'a str {
        match &self.inherited {
            Some(i) => &i.source,
            None => &class.source,
        }
    }

    /// A method of the target's own class (mutation and the built-in templates work on those).
    pub fn is_own(&self) -> bool {
        self.inherited.is_none()
    }
}

#[derive(Debug, Clone)]
pub struct CouplingAnalysis {
    pub target: usize,
    /// The other members considered: methods and constructors of the class (and, ranked,
    /// inherited methods).
    pub candidates: usize,
    /// Best first.
    pub coupled: Vec<CoupledMethod>,
    pub ranking: Ranking,
}

/// What the analysis of one class reads besides the class.
#[derive(Clone)]
pub struct ClassInput<'a> {
    pub class: &'a ClassModel,
    /// Its project superclasses, nearest first (ranked mode).
    pub superclasses: Vec<&'a ClassModel>,
    /// The project's tests, for co-usage (ranked mode).
    pub tests: Option<Tests<'a>>,
}

impl<'a> ClassInput<'a> {
    pub fn alone(class: &'a ClassModel) -> Self {
        ClassInput { class, superclasses: Vec::new(), tests: None }
    }
}

/// Algorithm 1 for one target of a class.
pub fn analyse(class: &ClassModel, target: usize) -> CouplingAnalysis {
    algorithm1(&ClassFacts::new(class), target)
}

/// The analysis of some targets of one class, in the order of `targets`.
pub fn analyse_targets(input: &ClassInput, targets: &[usize], options: &CouplingOptions) -> Vec<CouplingAnalysis> {
    match options.ranking {
        Ranking::Algorithm1 => {
            let facts = ClassFacts::new(input.class);
            targets.iter().map(|&t| algorithm1(&facts, t)).collect()
        }
        Ranking::Ranked => {
            let facts = ClassFacts::with_inherited(input.class, &input.superclasses);
            let usage = input.tests.map(|tests| Usage::build(&facts, tests));
            targets.iter().map(|&t| ranked(&facts, usage.as_ref(), t, options.uncut)).collect()
        }
    }
}

/// Many targets grouped by class, the classes spread over the cores. The result has one list
/// of analyses per class, in the order of `targets`.
pub fn analyse_classes(work: &[(ClassInput, Vec<usize>)], options: &CouplingOptions) -> Vec<Vec<CouplingAnalysis>> {
    crate::parallel::map_with(work, || (), |_, (input, targets)| analyse_targets(input, targets, options))
}

/// Algorithm 1 with the class's static features already computed (many targets, one class).
pub fn analyse_with(facts: &ClassFacts, target: usize) -> CouplingAnalysis {
    algorithm1(facts, target)
}

fn algorithm1(facts: &ClassFacts, target: usize) -> CouplingAnalysis {
    let n = facts.members.len();
    let coupled = (0..n)
        .filter(|&i| i != target)
        .filter_map(|i| {
            let pair = Pair { facts, target, coupled: i };
            let features = [pair.signature_commonality(), pair.function_call(), pair.state_interaction()];
            scored(facts, i, features.into_iter().flatten().collect(), FeatureKind::weight)
        })
        .collect();
    CouplingAnalysis { target, candidates: n.saturating_sub(1), coupled: sorted(coupled), ranking: Ranking::Algorithm1 }
}

fn ranked(facts: &ClassFacts, usage: Option<&Usage>, target: usize, uncut: bool) -> CouplingAnalysis {
    let n = facts.members.len();
    let coupled = (0..n)
        .filter(|&i| i != target && ranked_candidate(&facts.members[i]))
        .filter_map(|i| {
            let pair = Pair { facts, target, coupled: i };
            let features = [
                pair.signature_commonality().map(|f| overloads::in_family(&pair, f)),
                names::feature(&pair),
                flow::feature(&pair),
                receiver::feature(&pair),
                property::feature(&pair),
                general::feature(&pair),
                inputs::feature(&pair),
                pair.function_call(),
                pair.state_interaction(),
                observe::feature(&pair),
                usage.and_then(|u| usage::feature(&pair, u)),
            ];
            let mut features: Vec<Feature> = features.into_iter().flatten().collect();
            // An observable result and the public API only order candidates that are coupled by
            // something else.
            if !features.is_empty() {
                features.extend(result::feature(&pair));
                features.extend(public::feature(&pair));
            }
            scored(facts, i, features, rank::weight)
        })
        .filter(|c| uncut || c.score >= MIN_SCORE)
        .collect();
    let mut coupled = sorted(coupled);
    if !uncut {
        coupled.truncate(MAX_SELECTED);
    }
    let candidates = (0..n).filter(|&i| i != target && ranked_candidate(&facts.members[i])).count();
    CouplingAnalysis { target, candidates, coupled, ranking: Ranking::Ranked }
}

/// What an MTC can pair the target with: a method a test can call. Private methods cannot be
/// called from a test, and a constructor is how every MTC makes its input objects, not a second
/// operation to relate (they still count as evidence: calls, fields).
fn callable_by_a_test(m: &MethodModel) -> bool {
    !m.is_private() && !m.is_constructor
}

/// The ranked mode's candidates: callable by a test, not one of Object's contracts, not a
/// method that refuses every call (refusal.rs) nor a constant (constant.rs).
fn ranked_candidate(member: &facts::Member) -> bool {
    callable_by_a_test(member.method)
        && !object_contract(member.method)
        && !refusal::always_throws(member)
        && !constant::is_constant(member.method)
}

/// `equals(Object)`, `hashCode()`, `toString()`, `clone()`: every class has them, and an MTC uses
/// them to compare what two operations give (`assertEquals` calls `equals`), it does not relate
/// them to an operation as its coupled method (the paper's MTCs, and the pairs mined for the
/// recall benchmark, never pair them; on its tuning projects about one candidate in twenty-five
/// was one of them, never the partner). Only the exact overrides: `toString(Type)` stays.
fn object_contract(m: &MethodModel) -> bool {
    let arity = if m.name == "equals" { 1 } else { 0 };
    matches!(m.name.as_str(), "equals" | "hashCode" | "toString" | "clone") && m.params.len() == arity && !m.is_static()
}

/// The candidate with its features scored, or None without a feature.
fn scored(
    facts: &ClassFacts,
    i: usize,
    mut features: Vec<Feature>,
    weight: fn(FeatureKind) -> f64,
) -> Option<CoupledMethod> {
    if features.is_empty() {
        return None;
    }
    for f in &mut features {
        f.score = ((weight(f.kind) * f.strength) * 100.0).round() / 100.0;
    }
    let score = features.iter().map(|f| weight(f.kind) * f.strength).sum();
    let member = &facts.members[i];
    let inherited = member.inherited.then(|| {
        Box::new(Inherited {
            class: member.owner.qualified_name.clone(),
            index: member.index,
            method: member.method.clone(),
            source: member.owner.source.clone(),
        })
    });
    Some(CoupledMethod { method: i, features, score, inherited })
}

/// Best first: score, then more features, then declaration order.
fn sorted(mut coupled: Vec<CoupledMethod>) -> Vec<CoupledMethod> {
    coupled.sort_by(|a, b| {
        b.score.total_cmp(&a.score).then(b.features.len().cmp(&a.features.len())).then(a.method.cmp(&b.method))
    });
    coupled
}

/// For the features' unit tests: one class's source in, one feature out.
#[cfg(test)]
pub(crate) mod test_support {
    use super::{analyse_targets, ClassInput, CouplingOptions, Feature, FeatureKind};
    use crate::java_model::parse_str;

    /// The feature of `kind` between the methods `target` and `coupled` of the class in `src`, if
    /// any (uncut: every candidate with a feature, as the recall benchmark sees them).
    pub fn feature_between(src: &str, target: &str, coupled: &str, kind: FeatureKind) -> Option<Feature> {
        let file = parse_str(std::path::Path::new("C.java"), src);
        let class = &file.classes[0];
        let index = |name: &str| class.methods.iter().position(|m| m.name == name).expect("method");
        let options = CouplingOptions { uncut: true, ..CouplingOptions::default() };
        let analysis = analyse_targets(&ClassInput::alone(class), &[index(target)], &options).remove(0);
        let coupled = analysis.coupled.iter().find(|c| c.method == index(coupled))?;
        coupled.features.iter().find(|f| f.kind == kind).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::feature_between;
    use super::FeatureKind;

    const POINT: &str = "class Point { private int x; void setX(int x) { this.x = x; } \
        public boolean equals(Object o) { return o instanceof Point && ((Point) o).x == x; } \
        public int hashCode() { return x; } public String toString() { return \"\" + x; } \
        public int getX() { return x; } }";

    #[test]
    fn object_s_contracts_are_no_candidates() {
        for contract in ["equals", "hashCode", "toString"] {
            assert!(feature_between(POINT, "setX", contract, FeatureKind::DataDependency).is_none(), "{contract}");
        }
        assert!(feature_between(POINT, "setX", "getX", FeatureKind::DataDependency).is_some());
    }

    #[test]
    fn a_method_named_like_a_contract_with_another_signature_stays() {
        let static_to_string = "class Point { static Point of(int x) { return null; } \
            public static String toString(Point p) { return \"\"; } }";
        assert!(feature_between(static_to_string, "of", "toString", FeatureKind::TypeFlow).is_some());
    }
}
