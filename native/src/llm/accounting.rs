//! Tokens and cost per target, pair and phase, from each reply's `usage`; and the budget, which
//! holds under concurrency: a request reserves its worst-case cost before it is sent (its prompt
//! and `maxTokens` of completion), so requests in flight together cannot overshoot it.

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
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    by_tag: BTreeMap<Tag, Totals>,
    /// Worst-case cost of the requests in flight.
    reserved_usd: f64,
}

/// The worst-case cost a request in flight holds against the budget until it is settled.
#[derive(Debug)]
pub struct Reservation {
    cost_usd: f64,
}

/// Why a request was not sent: what is spent, what requests in flight hold, what it might cost.
#[derive(Debug, Clone, Copy)]
pub struct OverBudget {
    pub spent_usd: f64,
    pub reserved_usd: f64,
    pub request_usd: f64,
    pub budget_usd: f64,
}

impl Accounting {
    pub fn new(prompt_per_million: f64, completion_per_million: f64, budget_usd: Option<f64>) -> Self {
        Accounting {
            prompt_price: prompt_per_million / 1e6,
            completion_price: completion_per_million / 1e6,
            budget_usd,
            state: Mutex::new(State::default()),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn cost(&self, usage: Usage) -> f64 {
        usage.prompt_tokens as f64 * self.prompt_price + usage.completion_tokens as f64 * self.completion_price
    }

    /// Record a replayed exchange (it costs nothing) or a request that was never reserved.
    pub fn record(&self, tag: Tag, usage: Usage, cached: bool) {
        let cost = self.cost(usage);
        self.state().by_tag.entry(tag).or_default().add(usage, cost, cached);
    }

    /// Hold the worst-case cost of a request against the budget before it is sent: its prompt
    /// (estimated) and a completion of `max_completion` tokens.
    pub fn reserve(&self, prompt_tokens: u64, max_completion: u64) -> Result<Reservation, OverBudget> {
        let request_usd = self.cost(Usage { prompt_tokens, completion_tokens: max_completion });
        let mut state = self.state();
        if let Some(budget_usd) = self.budget_usd {
            let spent_usd = state.by_tag.values().map(|t| t.cost_usd).sum::<f64>();
            if spent_usd + state.reserved_usd + request_usd > budget_usd {
                return Err(OverBudget { spent_usd, reserved_usd: state.reserved_usd, request_usd, budget_usd });
            }
        }
        state.reserved_usd += request_usd;
        Ok(Reservation { cost_usd: request_usd })
    }

    /// A reserved request answered: its real cost replaces the reservation.
    pub fn settle(&self, reservation: Reservation, tag: Tag, usage: Usage) {
        let cost = self.cost(usage);
        let mut state = self.state();
        state.reserved_usd = (state.reserved_usd - reservation.cost_usd).max(0.0);
        state.by_tag.entry(tag).or_default().add(usage, cost, false);
    }

    /// A reserved request failed: nothing was spent.
    pub fn release(&self, reservation: Reservation) {
        let mut state = self.state();
        state.reserved_usd = (state.reserved_usd - reservation.cost_usd).max(0.0);
    }

    pub fn total(&self) -> Totals {
        self.state().by_tag.values().fold(Totals::default(), |mut acc, t| {
            acc.merge(t);
            acc
        })
    }

    /// Totals grouped by a part of the tag (target, pair or phase).
    pub fn grouped(&self, key: impl Fn(&Tag) -> String) -> BTreeMap<String, Totals> {
        let mut out: BTreeMap<String, Totals> = BTreeMap::new();
        for (tag, t) in self.state().by_tag.iter() {
            out.entry(key(tag)).or_default().merge(t);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag() -> Tag {
        Tag { target: "t".into(), pair: "p".into(), phase: "generation".into() }
    }

    #[test]
    fn reservations_in_flight_count_against_the_budget() {
        // $1 per thousand tokens; each request may cost up to $1.
        let accounting = Accounting::new(1000.0, 1000.0, Some(2.5));
        let first = accounting.reserve(500, 500).unwrap();
        let _second = accounting.reserve(500, 500).unwrap();
        let over = accounting.reserve(500, 500).unwrap_err();
        assert!((over.reserved_usd - 2.0).abs() < 1e-9, "{over:?}");
        // The first answered with fewer tokens than reserved: room for one more.
        accounting.settle(first, tag(), Usage { prompt_tokens: 400, completion_tokens: 100 });
        assert!((accounting.total().cost_usd - 0.5).abs() < 1e-9);
        let third = accounting.reserve(500, 500).unwrap();
        accounting.release(third);
        assert!(accounting.reserve(500, 500).is_ok());
    }

    #[test]
    fn without_a_budget_everything_may_be_sent() {
        let accounting = Accounting::new(1000.0, 1000.0, None);
        assert!((0..100).all(|_| accounting.reserve(10_000, 10_000).is_ok()));
    }
}
