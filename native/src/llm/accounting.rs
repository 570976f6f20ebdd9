//! Tokens and cost per target, pair and phase, from each reply's `usage`; and the budget.

use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Mutex;

use super::Usage;

/// Where an exchange belongs: the target method, the coupled method (or `baseline`), the phase.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Tag {
    pub target: String,
    pub pair: String,
    pub phase: String,
}

#[derive(Debug, Clone, Copy, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub requests: u64,
    pub cached: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub cost_usd: f64,
}

impl Totals {
    fn merge(&mut self, other: &Totals) {
        self.requests += other.requests;
        self.cached += other.cached;
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
        self.cost_usd += other.cost_usd;
    }

    fn add(&mut self, usage: Usage, cost: f64, cached: bool) {
        self.requests += 1;
        if cached {
            self.cached += 1;
            return; // a replayed exchange costs nothing this time
        }
        self.prompt_tokens += usage.prompt_tokens;
        self.completion_tokens += usage.completion_tokens;
        self.cost_usd += cost;
    }
}

pub struct Accounting {
    prompt_price: f64,
    completion_price: f64,
    budget_usd: Option<f64>,
    by_tag: Mutex<BTreeMap<Tag, Totals>>,
}

impl Accounting {
    pub fn new(prompt_per_million: f64, completion_per_million: f64, budget_usd: Option<f64>) -> Self {
        Accounting {
            prompt_price: prompt_per_million / 1e6,
            completion_price: completion_per_million / 1e6,
            budget_usd,
            by_tag: Mutex::new(BTreeMap::new()),
        }
    }

    pub fn record(&self, tag: Tag, usage: Usage, cached: bool) {
        let cost =
            usage.prompt_tokens as f64 * self.prompt_price + usage.completion_tokens as f64 * self.completion_price;
        let mut by_tag = self.by_tag.lock().unwrap_or_else(|p| p.into_inner());
        by_tag.entry(tag).or_default().add(usage, cost, cached);
    }

    pub fn total(&self) -> Totals {
        let by_tag = self.by_tag.lock().unwrap_or_else(|p| p.into_inner());
        by_tag.values().fold(Totals::default(), |mut acc, t| {
            acc.merge(t);
            acc
        })
    }

    /// Totals grouped by a part of the tag (target, pair or phase).
    pub fn grouped(&self, key: impl Fn(&Tag) -> String) -> BTreeMap<String, Totals> {
        let by_tag = self.by_tag.lock().unwrap_or_else(|p| p.into_inner());
        let mut out: BTreeMap<String, Totals> = BTreeMap::new();
        for (tag, t) in by_tag.iter() {
            out.entry(key(tag)).or_default().merge(t);
        }
        out
    }

    pub fn budget_exhausted(&self) -> bool {
        self.budget_usd.is_some_and(|b| self.total().cost_usd >= b)
    }
}
