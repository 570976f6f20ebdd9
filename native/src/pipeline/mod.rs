//! The session state machine: the only place that knows the order of the phases. A session is
//! opened with a configuration and asked for its next action until it answers `done`.
//! Today it has one phase: coupling analysis (Algorithm 1) for every target.

mod couplings;
pub mod sessions;

use crate::error::CoreResult;
use crate::protocol::{Action, Mode, Results, SessionConfig};
use crate::targets::{parse_targets, TargetSpec};

pub struct Session {
    config: SessionConfig,
    targets: Vec<TargetSpec>,
    state: State,
}

enum State {
    Start,
    Finished,
}

impl Session {
    /// Validate a configuration; target syntax errors surface here, before any work.
    pub fn open(config_json: &str) -> CoreResult<Session> {
        let config = SessionConfig::from_json(config_json)?;
        let targets = parse_targets(&config.targets)?;
        Ok(Session {
            config,
            targets,
            state: State::Start,
        })
    }

    pub fn next(&mut self, results_json: &str) -> CoreResult<Action> {
        let _results = Results::from_json(results_json)?;
        match (&self.state, self.config.mode) {
            (State::Start, Mode::Couplings) => {
                let action = couplings::run(&self.config, &self.targets);
                self.state = State::Finished;
                action
            }
            (State::Finished, _) => Ok(Action::done(Default::default(), Vec::new(), Vec::new())),
        }
    }
}
