//! The one error type of the core. Every message says what failed and what to do about it,
//! because it ends up verbatim in a Maven or Gradle build log.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoreError {
    message: String,
}

impl CoreError {
    /// `what` failed; `fix` tells the user what to do. Both are shown.
    pub fn new(what: impl Into<String>, fix: impl AsRef<str>) -> Self {
        let fix = fix.as_ref();
        let what = what.into();
        let message = if fix.is_empty() { what } else { format!("{what}. {fix}") };
        CoreError { message }
    }

    /// Add a sentence, e.g. what else the user should know to fix it.
    pub fn with_note(mut self, note: impl AsRef<str>) -> Self {
        self.message.push(' ');
        self.message.push_str(note.as_ref());
        self
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CoreError {}

pub type CoreResult<T> = Result<T, CoreError>;
