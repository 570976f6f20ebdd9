//! The three coupling features of Algorithm 1 (lines 9-25), each with its two sub-features as an
//! if / else-if: a pair matches at most one sub-feature per feature. Each match carries its
//! evidence and the sentence the prompt shows the LLM. The ranked mode's further features
//! (names.rs, flow.rs, receiver.rs, property.rs, general.rs, inputs.rs, observe.rs, usage.rs,
//! result.rs, public.rs) are built on the same `Pair`.

use super::facts::{ClassFacts, MethodFacts};
use crate::java_model::MethodModel;
use serde::Serialize;
use std::collections::BTreeSet;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FeatureGroup {
    Intention,
    Behavior,
    State,
    /// How the project's own tests use the pair (ranked mode).
    Usage,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FeatureKind {
    /// Feature 1 (i): same method name.
    Overloading,
    /// Feature 1 (ii): a shared name token and a shared parameter or return type.
    SharedNameAndType,
    /// Feature 2 (i): one calls the other.
    DirectCall,
    /// Feature 2 (ii): both invoke a common API.
    SharedInvokedApi,
    /// Feature 3 (i): one writes a field the other reads.
    DataDependency,
    /// Feature 3 (ii): both read, or both write, a common field.
    SharedField,
    /// Ranked mode: names of inverse or complementary operations (`encode`/`decode`, `put`/`get`,
    /// `xToY`/`yToX`).
    ComplementaryNames,
    /// Ranked mode: the result of one is a parameter type of the other (both ways: a round trip).
    TypeFlow,
    /// Ranked mode: one returns an object of the class, the other can be called on it
    /// (`of(x).size()`).
    ReceiverFlow,
    /// Ranked mode: one changes the object, the other (taking nothing) observes its whole state
    /// (`add(e)` then `size()`).
    StateObservation,
    /// Ranked mode: a parameter of one is named after the property the other returns
    /// (`setDate(year, ..)` and `getYear()`).
    NamedProperty,
    /// Ranked mode: one gives a result for a fixed case, the other the same type of result for
    /// the case a key names (`year()` and `property(DateTimeFieldType)`).
    GeneralForm,
    /// Ranked mode: a static factory and a method of the object it builds take a value of the same
    /// type (`CharRange.is(char)` and `contains(char)`).
    SharedInput,
    /// Ranked mode: the project's tests call both in one test method.
    CoUsage,
    /// Ranked mode: the coupled method, which has another feature, returns a value an MTC can
    /// relate directly.
    ObservableResult,
    /// Ranked mode: the coupled method, which has another feature, is public: users and MTCs call
    /// it.
    PublicApi,
}

impl FeatureKind {
    pub fn group(self) -> FeatureGroup {
        match self {
            FeatureKind::Overloading
            | FeatureKind::SharedNameAndType
            | FeatureKind::ComplementaryNames
            | FeatureKind::TypeFlow
            | FeatureKind::ReceiverFlow
            | FeatureKind::NamedProperty
            | FeatureKind::GeneralForm
            | FeatureKind::SharedInput => FeatureGroup::Intention,
            FeatureKind::DirectCall
            | FeatureKind::SharedInvokedApi
            | FeatureKind::ObservableResult
            | FeatureKind::PublicApi => FeatureGroup::Behavior,
            FeatureKind::DataDependency | FeatureKind::SharedField | FeatureKind::StateObservation => {
                FeatureGroup::State
            }
            FeatureKind::CoUsage => FeatureGroup::Usage,
        }
    }

    /// The order Algorithm 1's coupled methods are listed in (the paper selects, it does not
    /// rank): overloads, calls and data flow tie two methods closer than shared names, APIs or
    /// fields. The ranked mode weighs with `rank::weight`.
    pub fn weight(self) -> f64 {
        match self {
            FeatureKind::Overloading | FeatureKind::DirectCall | FeatureKind::DataDependency => 3.0,
            FeatureKind::SharedNameAndType
            | FeatureKind::ComplementaryNames
            | FeatureKind::TypeFlow
            | FeatureKind::ReceiverFlow
            | FeatureKind::NamedProperty
            | FeatureKind::GeneralForm
            | FeatureKind::SharedInput => 2.0,
            FeatureKind::SharedInvokedApi
            | FeatureKind::SharedField
            | FeatureKind::StateObservation
            | FeatureKind::CoUsage
            | FeatureKind::ObservableResult
            | FeatureKind::PublicApi => 1.5,
        }
    }
}

/// Who acts on whom, for the directed sub-features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Direction {
    TargetToCoupled,
    CoupledToTarget,
    Both,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Evidence {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<CallSite>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub apis: Vec<String>,
    /// Fields that flow from writer to reader (data dependency).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shared_reads: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shared_writes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<Direction>,
    /// Getters and setters through which a method reaches a field it does not touch itself.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<String>,
    /// Complementary names: the two words (the target's first) and how they relate; named
    /// property: the parameter and the method returning the property of its name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relation: Option<String>,
    /// Co-usage: test methods that call both (the first few) and how many there are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tests: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test_count: Option<usize>,
    /// Public API: how the coupled method is public (`declared public`, `interface member`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visibility: Option<String>,
    /// Overloading (ranked mode): how many methods of the class share the name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overloads: Option<usize>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallSite {
    pub caller: String,
    pub callee: String,
    pub line: usize,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Feature {
    pub kind: FeatureKind,
    pub group: FeatureGroup,
    pub evidence: Evidence,
    pub sentence: String,
    /// How telling the evidence is, in (0, 1] (see `ClassFacts::rarity`).
    #[serde(skip)]
    pub strength: f64,
    /// What the feature adds to the coupled method's score (weight x strength).
    pub score: f64,
}

/// The pair under test: target and candidate, with their facts.
pub struct Pair<'a> {
    pub facts: &'a ClassFacts<'a>,
    pub target: usize,
    pub coupled: usize,
}

impl<'a> Pair<'a> {
    pub(super) fn t(&self) -> &'a MethodModel {
        self.facts.members[self.target].method
    }
    pub(super) fn c(&self) -> &'a MethodModel {
        self.facts.members[self.coupled].method
    }
    pub(super) fn tf(&self) -> &'a MethodFacts {
        &self.facts.methods[self.target]
    }
    pub(super) fn cf(&self) -> &'a MethodFacts {
        &self.facts.methods[self.coupled]
    }

    pub(super) fn feature(&self, kind: FeatureKind, evidence: Evidence, sentence: String, strength: f64) -> Feature {
        Feature { kind, group: kind.group(), evidence, sentence, strength, score: 0.0 }
    }

    /// Strength of shared items: the rarest one, a little more for each further one.
    pub(super) fn strength(&self, kind: &str, items: &[String]) -> f64 {
        let best = items.iter().map(|i| self.facts.rarity(kind, i)).fold(0.0, f64::max);
        (best * (1.0 + 0.1 * (items.len().saturating_sub(1).min(5)) as f64)).min(1.0)
    }

    /// Feature 1: signature commonality.
    pub fn signature_commonality(&self) -> Option<Feature> {
        let (t, c) = (self.t(), self.c());
        if t.name == c.name {
            let sentence = format!(
                "`{}` and `{}` are overloads of the same method: {} and {}.",
                t.signature(),
                c.signature(),
                arrow(t),
                arrow(c)
            );
            return Some(self.feature(FeatureKind::Overloading, Evidence::default(), sentence, 1.0));
        }
        let tokens = common(&self.tf().tokens, &self.cf().tokens);
        let types = common(&self.tf().types, &self.cf().types);
        if tokens.is_empty() || types.is_empty() {
            return None;
        }
        let sentence = format!(
            "`{}` and `{}` share the name token{} {} and operate on the same data type{} {}, possibly with \
             different transformations: {} and {}.",
            t.name,
            c.name,
            plural(&tokens),
            ticked(&tokens),
            plural(&types),
            ticked(&types),
            arrow(t),
            arrow(c)
        );
        let strength = (self.strength("token", &tokens) + self.strength("type", &types)) / 2.0;
        let evidence = Evidence { tokens, types, ..Evidence::default() };
        Some(self.feature(FeatureKind::SharedNameAndType, evidence, sentence, strength))
    }

    /// Feature 2: function call.
    pub fn function_call(&self) -> Option<Feature> {
        let (t, c) = (self.t(), self.c());
        let t_calls_c = self.tf().calls.get(&self.coupled);
        let c_calls_t = self.cf().calls.get(&self.target);
        if t_calls_c.is_some() || c_calls_t.is_some() {
            let mut calls = Vec::new();
            if let Some(&line) = t_calls_c {
                calls.push(CallSite { caller: t.signature(), callee: c.signature(), line });
            }
            if let Some(&line) = c_calls_t {
                calls.push(CallSite { caller: c.signature(), callee: t.signature(), line });
            }
            let direction = direction(t_calls_c.is_some(), c_calls_t.is_some());
            let sentence = calls
                .iter()
                .map(|s| format!("`{}` calls `{}` (line {})", s.caller, s.callee, s.line))
                .collect::<Vec<_>>()
                .join(" and ")
                + ": one may be a specialisation or a composition of the other.";
            let evidence = Evidence { calls, direction: Some(direction), ..Evidence::default() };
            return Some(self.feature(FeatureKind::DirectCall, evidence, sentence, 1.0));
        }
        let apis = common(&self.tf().apis, &self.cf().apis);
        if apis.is_empty() {
            return None;
        }
        let sentence =
            format!("both `{}` and `{}` invoke the same API{}: {}.", t.name, c.name, plural(&apis), ticked(&apis));
        let strength = self.strength("api", &apis);
        Some(self.feature(FeatureKind::SharedInvokedApi, Evidence { apis, ..Evidence::default() }, sentence, strength))
    }

    /// Feature 3: state interaction. Fields reached through an accessor count in the ranked
    /// mode (Algorithm 1's facts have none) and are named in the evidence.
    pub fn state_interaction(&self) -> Option<Feature> {
        let (t, c, tf, cf) = (self.t(), self.c(), self.tf(), self.cf());
        let (t_reads, t_writes, c_reads, c_writes) = (tf.all_reads(), tf.all_writes(), cf.all_reads(), cf.all_writes());
        let c_to_t = common(&c_writes, &t_reads);
        let t_to_c = common(&t_writes, &c_reads);
        if !c_to_t.is_empty() || !t_to_c.is_empty() {
            let mut parts = Vec::new();
            if !t_to_c.is_empty() {
                parts.push(format!("`{}` writes {} that `{}` reads", t.name, ticked(&t_to_c), c.name));
            }
            if !c_to_t.is_empty() {
                parts.push(format!("`{}` writes {} that `{}` reads", c.name, ticked(&c_to_t), t.name));
            }
            let fields: Vec<String> =
                t_to_c.iter().chain(&c_to_t).cloned().collect::<BTreeSet<_>>().into_iter().collect();
            let via = self.accessors(&fields);
            let sentence = format!("{}{}: what one changes, the other observes.", parts.join(", and "), through(&via));
            let strength = self.strength("field", &fields);
            let evidence = Evidence {
                fields,
                direction: Some(direction(!t_to_c.is_empty(), !c_to_t.is_empty())),
                via,
                ..Evidence::default()
            };
            return Some(self.feature(FeatureKind::DataDependency, evidence, sentence, strength));
        }
        let shared_reads = common(&t_reads, &c_reads);
        let shared_writes = common(&t_writes, &c_writes);
        if shared_reads.is_empty() && shared_writes.is_empty() {
            return None;
        }
        let mut parts = Vec::new();
        if !shared_reads.is_empty() {
            parts.push(format!("read {}", ticked(&shared_reads)));
        }
        if !shared_writes.is_empty() {
            parts.push(format!("write {}", ticked(&shared_writes)));
        }
        let all: Vec<String> = shared_reads.iter().chain(&shared_writes).cloned().collect();
        let via = self.accessors(&all);
        let sentence = format!("both `{}` and `{}` {}{}.", t.name, c.name, parts.join(" and "), through(&via));
        let strength = self.strength("field", &all);
        let evidence = Evidence { shared_reads, shared_writes, via, ..Evidence::default() };
        Some(self.feature(FeatureKind::SharedField, evidence, sentence, strength))
    }

    /// The accessors either method goes through to reach these fields.
    fn accessors(&self, fields: &[String]) -> Vec<String> {
        let mut via = BTreeSet::new();
        for f in [self.tf(), self.cf()] {
            for field in fields {
                via.extend(f.reads_via.get(field).cloned());
                via.extend(f.writes_via.get(field).cloned());
            }
        }
        via.into_iter().collect()
    }
}

fn through(via: &[String]) -> String {
    if via.is_empty() {
        String::new()
    } else {
        format!(" (through {})", ticked(via))
    }
}

fn common(a: &BTreeSet<String>, b: &BTreeSet<String>) -> Vec<String> {
    a.intersection(b).cloned().collect()
}

pub(super) fn direction(target_acts: bool, coupled_acts: bool) -> Direction {
    match (target_acts, coupled_acts) {
        (true, true) => Direction::Both,
        (true, false) => Direction::TargetToCoupled,
        _ => Direction::CoupledToTarget,
    }
}

pub(super) fn arrow(m: &MethodModel) -> String {
    let params: Vec<&str> = m.params.iter().map(|p| p.type_name.as_str()).collect();
    let ret = m.return_type.as_deref().unwrap_or("new instance");
    format!("`{}`: ({}) -> {}", m.name, params.join(", "), ret)
}

pub(super) fn ticked(items: &[String]) -> String {
    items.iter().map(|i| format!("`{i}`")).collect::<Vec<_>>().join(", ")
}

pub(super) fn plural<T>(items: &[T]) -> &'static str {
    if items.len() == 1 {
        ""
    } else {
        "s"
    }
}
