//! Lines a session has to say while it is still working inside one `next` call (each LLM answer,
//! each retry and its reason, a hung service at its first timeout): the bridge polls them from
//! another thread (`sessions::poll`), so a user watches a long LLM phase as it goes rather than at
//! its end. Whatever no poll took is handed over with the session's next action: every line is
//! delivered once, in order, with or without a polling bridge.

use crate::protocol::LogLine;
use std::sync::{Arc, Mutex};

/// A session's queue of lines not yet delivered; cheap to clone, shared with `sessions`.
#[derive(Clone, Default)]
pub struct LiveLog(Arc<Mutex<Vec<LogLine>>>);

impl LiveLog {
    pub fn push(&self, line: LogLine) {
        self.lines().push(line);
    }

    /// Every line not delivered yet, oldest first; the queue is then empty.
    pub fn drain(&self) -> Vec<LogLine> {
        std::mem::take(&mut *self.lines())
    }

    fn lines(&self) -> std::sync::MutexGuard<'_, Vec<LogLine>> {
        // A panic while a line was pushed leaves a consistent Vec: keep using it.
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::LiveLog;
    use crate::protocol::LogLine;

    #[test]
    fn each_line_is_delivered_once_in_order_to_whoever_drains_first() {
        let live = LiveLog::default();
        let poller = live.clone();
        live.push(LogLine::info("LLM 1/2: answered"));
        live.push(LogLine::warn("LLM request: no answer within 120 s; retry 1 of 3"));
        let polled: Vec<String> = poller.drain().into_iter().map(|l| l.message).collect();
        live.push(LogLine::info("LLM 2/2: answered"));
        let with_the_action: Vec<String> = live.drain().into_iter().map(|l| l.message).collect();
        assert_eq!(polled, ["LLM 1/2: answered", "LLM request: no answer within 120 s; retry 1 of 3"]);
        assert_eq!(with_the_action, ["LLM 2/2: answered"]);
        assert!(poller.drain().is_empty());
    }
}
