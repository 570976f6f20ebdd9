//! One raw string to one typed value, by the setting's kind; what is wrong with it otherwise.

use super::schema::Kind;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Bool(bool),
    Whole(u64),
    Decimal(f64),
    /// Text, a choice (as the schema spells it) or an environment variable name.
    Text(String),
    Path(PathBuf),
}

/// Why a value does not fit its kind: the words that follow "which is ...".
#[derive(Debug, Clone, PartialEq)]
pub struct Problem(pub String);

/// `raw` read as `kind`. `None`: the value is empty, so the setting keeps its default (an empty
/// boolean is `true`, an empty variable name means none).
pub fn read(kind: Kind, raw: &str, project_dir: &Path) -> Result<Option<Value>, Problem> {
    let text = raw.trim();
    match kind {
        Kind::Bool => boolean(text).map(|b| Some(Value::Bool(b))),
        Kind::EnvVar => env_var(text).map(|v| Some(Value::Text(v.to_string()))),
        _ if text.is_empty() => Ok(None),
        Kind::Whole { min, max } => whole(text, min, max).map(|n| Some(Value::Whole(n))),
        Kind::Decimal { min, max } => decimal(text, min, max).map(|n| Some(Value::Decimal(n))),
        Kind::Text => Ok(Some(Value::Text(text.to_string()))),
        Kind::Choice(words) => choice(text, words).map(|w| Some(Value::Text(w.to_string()))),
        Kind::Path => Ok(Some(Value::Path(project_dir.join(text)))),
    }
}

/// What a value of `kind` must be, for the message that says how to fix it.
pub fn expected(kind: Kind) -> String {
    match kind {
        Kind::Bool => "true or false".into(),
        Kind::Whole { min, max } => format!("a whole number from {min} to {max}"),
        Kind::Decimal { min, max } => format!("a number from {min} to {max}"),
        Kind::Text => "any text".into(),
        Kind::Choice(words) => format!("one of {}", words.join(", ")),
        Kind::Path => "a path, relative to the project folder or absolute".into(),
        Kind::EnvVar => "the name of an environment variable, or nothing".into(),
    }
}

fn boolean(text: &str) -> Result<bool, Problem> {
    match text.to_ascii_lowercase().as_str() {
        "" | "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Problem("not true or false".into())),
    }
}

/// Accepts `2`, and `2.0` as Groovy's decimal literals give it; never a fraction.
fn whole(text: &str, min: u64, max: u64) -> Result<u64, Problem> {
    let number = match text.parse::<u64>() {
        Ok(n) => n,
        Err(_) => match text.parse::<f64>() {
            Ok(f) if f.is_finite() && f.fract() == 0.0 && (0.0..=u64::MAX as f64).contains(&f) => f as u64,
            Ok(f) if f.is_finite() && f < 0.0 => return Err(below(min)),
            _ => return Err(Problem("not a whole number".into())),
        },
    };
    if number < min {
        return Err(below(min));
    }
    if number > max {
        return Err(Problem(format!("more than {max}")));
    }
    Ok(number)
}

fn below(min: u64) -> Problem {
    Problem(format!("less than {min}"))
}

fn decimal(text: &str, min: f64, max: f64) -> Result<f64, Problem> {
    match text.parse::<f64>() {
        Ok(n) if !n.is_finite() => Err(Problem("not a number".into())),
        Ok(n) if n < min => Err(Problem(format!("less than {min}"))),
        Ok(n) if n > max => Err(Problem(format!("more than {max}"))),
        Ok(n) => Ok(n),
        Err(_) => Err(Problem("not a number".into())),
    }
}

fn choice(text: &str, words: &[&'static str]) -> Result<&'static str, Problem> {
    words
        .iter()
        .find(|w| w.eq_ignore_ascii_case(text))
        .copied()
        .ok_or_else(|| Problem(format!("not one of {}", words.join(", "))))
}

/// Letters, digits and `_` (POSIX names); anything else would never be found in the environment.
fn env_var(text: &str) -> Result<&str, Problem> {
    if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !text.starts_with(|c: char| c.is_ascii_digit()) {
        Ok(text)
    } else {
        Err(Problem("not the name of an environment variable (letters, digits and _)".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_as(kind: Kind, raw: &str) -> Result<Option<Value>, Problem> {
        read(kind, raw, Path::new("/project"))
    }

    #[test]
    fn booleans_accept_an_empty_value_as_true_and_ignore_case() {
        assert_eq!(read_as(Kind::Bool, ""), Ok(Some(Value::Bool(true))));
        assert_eq!(read_as(Kind::Bool, "TRUE"), Ok(Some(Value::Bool(true))));
        assert_eq!(read_as(Kind::Bool, " false "), Ok(Some(Value::Bool(false))));
        assert_eq!(read_as(Kind::Bool, "yes"), Err(Problem("not true or false".into())));
    }

    #[test]
    fn whole_numbers_take_groovys_decimals_without_a_fraction_and_check_the_range() {
        let kind = Kind::Whole { min: 1, max: 300 };
        assert_eq!(read_as(kind, "2"), Ok(Some(Value::Whole(2))));
        assert_eq!(read_as(kind, "2.0"), Ok(Some(Value::Whole(2))));
        assert_eq!(read_as(kind, "2.5"), Err(Problem("not a whole number".into())));
        assert_eq!(read_as(kind, "many"), Err(Problem("not a whole number".into())));
        assert_eq!(read_as(kind, "0"), Err(Problem("less than 1".into())));
        assert_eq!(read_as(kind, "-3"), Err(Problem("less than 1".into())));
        assert_eq!(read_as(kind, "301"), Err(Problem("more than 300".into())));
        assert_eq!(read_as(kind, ""), Ok(None));
    }

    #[test]
    fn decimals_check_the_range_and_refuse_what_is_not_a_number() {
        let kind = Kind::Decimal { min: 0.0, max: 2.0 };
        assert_eq!(read_as(kind, "0.2"), Ok(Some(Value::Decimal(0.2))));
        assert_eq!(read_as(kind, "1"), Ok(Some(Value::Decimal(1.0))));
        assert_eq!(read_as(kind, "2.5"), Err(Problem("more than 2".into())));
        assert_eq!(read_as(kind, "NaN"), Err(Problem("not a number".into())));
        assert_eq!(read_as(kind, "warm"), Err(Problem("not a number".into())));
    }

    #[test]
    fn choices_match_ignoring_case_and_keep_the_schemas_spelling() {
        let kind = Kind::Choice(&["openAi", "azure"]);
        assert_eq!(read_as(kind, "OPENAI"), Ok(Some(Value::Text("openAi".into()))));
        assert_eq!(read_as(kind, "gemini"), Err(Problem("not one of openAi, azure".into())));
    }

    #[test]
    fn paths_are_the_project_folders_unless_absolute() {
        assert_eq!(read_as(Kind::Path, "prompts"), Ok(Some(Value::Path("/project/prompts".into()))));
        assert_eq!(read_as(Kind::Path, "/abs/prompts"), Ok(Some(Value::Path("/abs/prompts".into()))));
        assert_eq!(read_as(Kind::Path, " "), Ok(None));
    }

    #[test]
    fn an_empty_variable_name_means_none_and_a_bad_one_is_refused() {
        assert_eq!(read_as(Kind::EnvVar, ""), Ok(Some(Value::Text(String::new()))));
        assert_eq!(read_as(Kind::EnvVar, "DEEPSEEK_API_KEY"), Ok(Some(Value::Text("DEEPSEEK_API_KEY".into()))));
        assert!(read_as(Kind::EnvVar, "$DEEPSEEK_API_KEY").is_err());
    }
}
