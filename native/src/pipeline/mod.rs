//! The session state machine: the only place that knows the order of the phases. A session is
//! opened with a configuration and asked for its next action until it answers `done`.
//! Modes so far: `couplings` (Algorithm 1 for every target) and `mutants` (the mutation engine,
//! with the executor compiling each class's schemata).

mod analyse;
mod changes;
mod couplings;
mod exercised;
mod gate;
pub(crate) mod generate;
mod home;
pub(crate) mod live;
mod mutants;
mod reactor;
mod schemata;
pub mod sessions;
mod timeouts;

use crate::error::CoreResult;
use crate::protocol::{Action, ActionKind, LogLine, Mode, Results, SessionConfig};
use crate::targets::TargetSpec;

pub struct Session {
    config: SessionConfig,
    targets: Vec<TargetSpec>,
    /// A module of a multi-module build with none of the targets: why it has nothing to do.
    skip: Option<String>,
    /// Lines said while a `next` call is still working (LLM answers, retries), for `sessions::poll`.
    live: live::LiveLog,
    state: State,
}

enum State {
    Start,
    Mutants(Box<mutants::MutantsRun>),
    Generate(Box<generate::GenerateRun>),
    Gate(Box<gate::GateRun>),
    Finished,
}

impl Session {
    /// Validate a configuration; target syntax errors surface here, before any work.
    pub fn open(config_json: &str) -> CoreResult<Session> {
        let mut config = SessionConfig::from_json(config_json)?;
        // The gate runs what earlier runs kept; it needs no targets.
        if config.mode == Mode::Check {
            return Ok(Session {
                config,
                targets: Vec::new(),
                skip: None,
                live: Default::default(),
                state: State::Start,
            });
        }
        let (targets, skip) = match reactor::share(&config)? {
            reactor::Share::Run(targets, warnings) => {
                config.warnings.extend(warnings);
                (targets, None)
            }
            reactor::Share::Skip(why) => (Vec::new(), Some(why)),
        };
        Ok(Session { config, targets, skip, live: Default::default(), state: State::Start })
    }

    /// The session's live lines, which another thread may drain while `next` works.
    pub fn live(&self) -> live::LiveLog {
        self.live.clone()
    }

    pub fn next(&mut self, results_json: &str) -> CoreResult<Action> {
        let results = Results::from_json(results_json)?;
        if let Some(why) = self.skip.take() {
            self.state = State::Finished;
            let line = LogLine::info(format!("MR-Coupler in {}: {why}", self.config.project_name));
            let progress = crate::protocol::Progress { phase: "skipped".into(), message: why, ..Default::default() };
            return Ok(self.tell_the_bridge(Action::done(progress, vec![line], Vec::new())));
        }
        let action = match (&mut self.state, self.config.mode) {
            (State::Start, Mode::Couplings) => couplings::run(&self.config, &self.targets)?,
            (State::Start, Mode::Mutants) => {
                let mut run = Box::new(mutants::MutantsRun::start(&self.config, &self.targets)?);
                let action = run.step(&results, &self.config)?;
                self.state = State::Mutants(run);
                action
            }
            (State::Start, Mode::Generate) => {
                let mut run = Box::new(generate::GenerateRun::start(&self.config, &self.targets, self.live.clone())?);
                let action = run.step(&results, &self.config)?;
                self.state = State::Generate(run);
                action
            }
            (State::Start, Mode::Check) => {
                let mut run = Box::new(gate::GateRun::start(&self.config, self.live.clone())?);
                let action = run.step(&results, &self.config)?;
                self.state = State::Gate(run);
                action
            }
            (State::Gate(run), _) => run.step(&results, &self.config)?,
            (State::Mutants(run), _) => run.step(&results, &self.config)?,
            (State::Generate(run), _) => run.step(&results, &self.config)?,
            (State::Finished, _) => Action::done(Default::default(), Vec::new(), Vec::new()),
        };
        if action.kind == ActionKind::Done {
            self.state = State::Finished;
        }
        Ok(self.tell_the_bridge(action))
    }

    /// What every action carries for the bridge: the settings the core ignored (first action only),
    /// the live lines no poll took, and, with a batch, the variable holding the API key, which the
    /// worker JVM must never see.
    fn tell_the_bridge(&mut self, mut action: Action) -> Action {
        let warnings = std::mem::take(&mut self.config.warnings);
        let live = self.live.drain();
        action.log.splice(0..0, warnings.into_iter().map(LogLine::warn).chain(live));
        if let Some(batch) = action.batch.as_mut() {
            batch.secret_variable =
                self.config.llm.as_ref().map(|l| l.api_key_env.clone()).filter(|name| !name.is_empty());
        }
        action
    }
}
