//! Coupling analysis: the paper's Algorithm 1. For a target method and every other method and
//! constructor of its class, the three features (signature commonality, function call, state
//! interaction); a candidate with any feature is coupled. On top of the paper's yes/no, coupled
//! methods are ranked: the sum over their features of kind weight x evidence strength, so more and
//! stronger features come first; ties keep declaration order.

mod facts;
mod features;
mod tokens;

pub use facts::ClassFacts;
pub use features::{CallSite, Direction, Evidence, Feature, FeatureGroup, FeatureKind};
pub use tokens::name_tokens;

use crate::java_model::ClassModel;
use features::Pair;

#[derive(Debug, Clone)]
pub struct CoupledMethod {
    /// Index into the class's methods.
    pub method: usize,
    pub features: Vec<Feature>,
    pub score: f64,
}

#[derive(Debug, Clone)]
pub struct CouplingAnalysis {
    pub target: usize,
    /// The other methods and constructors of the class.
    pub candidates: usize,
    /// Ranked, best first.
    pub coupled: Vec<CoupledMethod>,
}

/// Algorithm 1 for one target of a class.
pub fn analyse(class: &ClassModel, target: usize) -> CouplingAnalysis {
    analyse_with(&ClassFacts::new(class), target)
}

/// Algorithm 1 for many targets grouped by class, the classes spread over the cores. The result
/// has one list of analyses per class, in the order of `targets`.
pub fn analyse_classes(work: &[(&ClassModel, Vec<usize>)]) -> Vec<Vec<CouplingAnalysis>> {
    crate::parallel::map_with(
        work,
        || (),
        |_, (class, targets)| {
            let facts = ClassFacts::new(class);
            targets.iter().map(|&t| analyse_with(&facts, t)).collect()
        },
    )
}

/// Algorithm 1 with the class's static features already computed (many targets, one class).
pub fn analyse_with(facts: &ClassFacts, target: usize) -> CouplingAnalysis {
    let n = facts.class.methods.len();
    let mut coupled: Vec<CoupledMethod> = (0..n)
        .filter(|&i| i != target)
        .filter_map(|i| {
            let pair = Pair { facts, target, coupled: i };
            let features: Vec<Feature> = [pair.signature_commonality(), pair.function_call(), pair.state_interaction()]
                .into_iter()
                .flatten()
                .collect();
            let score = features.iter().map(|f| f.kind.weight() * f.strength).sum();
            (!features.is_empty()).then_some(CoupledMethod { method: i, features, score })
        })
        .collect();
    coupled.sort_by(|a, b| {
        b.score.total_cmp(&a.score).then(b.features.len().cmp(&a.features.len())).then(a.method.cmp(&b.method))
    });
    CouplingAnalysis { target, candidates: n.saturating_sub(1), coupled }
}
