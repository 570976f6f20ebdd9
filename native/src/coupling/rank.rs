//! The ranked mode's score and selection (ARCHITECTURE.md, "Coupling score"). A candidate's score
//! is the sum over its features of the feature's weight times the strength of its evidence; the
//! coupled methods are the candidates scoring at least `MIN_SCORE`, best first, at most
//! `MAX_SELECTED` of them.

use super::features::FeatureKind;

/// Candidates below this score are not selected: one weak shared field or API is not enough.
pub const MIN_SCORE: f64 = 0.25;

/// At most this many coupled methods per target.
pub const MAX_SELECTED: usize = 10;

/// Weights of the ranked mode, per unit of evidence strength: a conditional logit fitted on the
/// tuning projects of the recall benchmark (tests/bench/fit-coupling-weights.py: which candidate
/// is the human's coupled method), doubled and rounded to halves and quarters. The paper's
/// sub-features the fit weighs at about zero (shared name and type, direct call, shared field)
/// keep 0.5, so their evidence still orders candidates that have nothing else. Receiver flow and
/// state observation come from the refit with them; the older kinds keep their weights, which
/// gave the same top-7 and a higher recall at the cut than the refit's.
pub fn weight(kind: FeatureKind) -> f64 {
    match kind {
        FeatureKind::Overloading => 3.0,
        FeatureKind::SharedNameAndType => 0.5,
        FeatureKind::DirectCall => 0.5,
        FeatureKind::SharedInvokedApi => 1.25,
        FeatureKind::DataDependency => 2.0,
        FeatureKind::SharedField => 0.5,
        FeatureKind::ComplementaryNames => 3.5,
        FeatureKind::TypeFlow => 4.0,
        FeatureKind::ReceiverFlow => 2.25,
        FeatureKind::StateObservation => 3.0,
        FeatureKind::CoUsage => 2.0,
    }
}
