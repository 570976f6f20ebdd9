//! The plugins' raw `mrcoupler.*` values to the typed settings the pipeline reads. Every check of a
//! user setting lives here: a value that does not fit its kind, half an LLM configuration, a
//! provider without its LLM, a name that is no setting. Each error names the setting as the user
//! of the build tool writes it and says what to write instead.

use super::schema::{self, Default, Setting, SETTINGS};
use super::value::{self, Value};
use super::wording::{property, where_set, BuildTool};
use crate::error::{CoreError, CoreResult};
use crate::llm::{LlmSettings, Provider};
use crate::protocol::{GenerationSettings, MutationScope};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What the user set (or the schema's defaults), typed.
#[derive(Debug, Clone)]
pub struct UserSettings {
    pub mutation_scope: MutationScope,
    pub export_mutants: bool,
    pub max_mutants_per_method: usize,
    /// None: no LLM configured (neither base URL nor model), or the built-in provider chosen.
    pub llm: Option<LlmSettings>,
    /// With JUnit 5; the build says which JUnit the project has.
    pub generation: GenerationSettings,
    pub fail_on_violation: bool,
    pub fail_on_stale: bool,
    pub fail_when_empty: bool,
    pub export: bool,
    /// Where kept MTCs are committed (`generate` adds, `check` runs); relative to the project folder
    /// unless the user gave an absolute path.
    pub mtc_dir: PathBuf,
    pub since: Option<String>,
    /// For the log: names that are no setting (Gradle passes the user's `-Pmrcoupler.*` as typed).
    pub warnings: Vec<String>,
}

/// The default of `mtcDir`: the schema's, for when a schema default could not be read.
const MTC_DIR: &str = "src/test/mr-coupler";

/// Parses `raw` (names as written after `mrcoupler.`) for a project in `project_dir`.
pub fn parse(raw: &BTreeMap<String, String>, tool: BuildTool, project_dir: &Path) -> CoreResult<UserSettings> {
    let mut warnings = Vec::new();
    let mut values = Values::defaults();
    for (name, text) in raw {
        let Some(setting) = schema::find(name) else {
            let unknown = unknown_setting(name, tool);
            match tool {
                BuildTool::Gradle => warnings.push(unknown.message().to_string()),
                _ => return Err(unknown),
            }
            continue;
        };
        match value::read(setting.kind, text, project_dir) {
            Ok(Some(value)) => values.set(setting, value),
            Ok(None) => {}
            Err(problem) => return Err(invalid(setting, text, &problem.0, tool)),
        }
    }
    let mut settings = build(&values, tool)?;
    settings.warnings = warnings;
    Ok(settings)
}

/// The typed settings from validated values; the checks that span several settings.
fn build(v: &Values, tool: BuildTool) -> CoreResult<UserSettings> {
    let builtin = v.text("provider").as_deref() == Some("builtin");
    let llm = llm(v, tool)?;
    let provider = v.text("provider");
    if matches!(provider.as_deref(), Some("llm" | "both")) && llm.is_none() {
        return Err(provider_without_llm(provider.as_deref().unwrap_or("llm"), tool));
    }
    Ok(UserSettings {
        mutation_scope: match v.text("mutationScope").as_deref() {
            Some("class") => MutationScope::Class,
            _ => MutationScope::Pair,
        },
        export_mutants: v.bool("exportMutants"),
        max_mutants_per_method: v.count("maxMutantsPerMethod").unwrap_or(usize::MAX),
        llm: if builtin { None } else { llm },
        generation: generation(v),
        fail_on_violation: v.bool("failOnViolation"),
        fail_on_stale: v.bool("failOnStale"),
        fail_when_empty: v.bool("failWhenEmpty"),
        export: v.bool("export"),
        mtc_dir: v.path("mtcDir").unwrap_or_else(|| PathBuf::from(MTC_DIR)),
        since: v.text("since"),
        warnings: Vec::new(),
    })
}

/// The LLM when its base URL and model are both set; half of them is an error naming the other.
fn llm(v: &Values, tool: BuildTool) -> CoreResult<Option<LlmSettings>> {
    let (base_url, model) = match (v.text("llm.baseUrl"), v.text("llm.model")) {
        (None, None) => return Ok(None),
        (Some(base_url), Some(model)) => (base_url, model),
        (Some(_), None) => return Err(half_an_llm("llm.model", "llm.baseUrl", tool)),
        (None, Some(_)) => return Err(half_an_llm("llm.baseUrl", "llm.model", tool)),
    };
    Ok(Some(LlmSettings {
        provider: match v.text("llm.provider").as_deref() {
            Some("azure") => Provider::Azure,
            _ => Provider::OpenAi,
        },
        base_url,
        model,
        temperature: v.decimal("llm.temperature").unwrap_or_default(),
        max_tokens: v.count32("llm.maxTokens"),
        api_key_env: v.text("llm.apiKeyEnv").unwrap_or_default(),
        timeout_seconds: v.whole("llm.timeoutSeconds").unwrap_or_default(),
        retries: v.count32("llm.retries"),
        retry_base_millis: v.whole("llm.retryBaseMillis").unwrap_or_default(),
        concurrency: v.count("llm.concurrency").unwrap_or(1),
        azure_api_version: v.text("llm.azureApiVersion").unwrap_or_default(),
        offline: v.bool("llm.offline"),
        cache_dir: v.path("llm.cacheDir"),
        price_per_million_prompt: v.decimal("llm.pricePerMillionPrompt").unwrap_or_default(),
        price_per_million_completion: v.decimal("llm.pricePerMillionCompletion").unwrap_or_default(),
        budget_usd: v.decimal("llm.budgetUsd"),
        repetitions: v.count32("llm.repetitions"),
    }))
}

fn generation(v: &Values) -> GenerationSettings {
    GenerationSettings {
        provider: v.text("provider"),
        coupling: v.bool("coupling"),
        amplification: v.bool("amplification"),
        validation: v.bool("validation"),
        baseline: v.bool("baseline"),
        baseline_candidates: v.count("baselineCandidates").unwrap_or(1),
        amplification_inputs: v.count("amplificationInputs").unwrap_or(1),
        max_pairs_per_target: v.count("maxPairsPerTarget"),
        coupling_ranking: match v.text("couplingRanking").as_deref() {
            Some("algorithm1") => crate::coupling::Ranking::Algorithm1,
            _ => crate::coupling::Ranking::Ranked,
        },
        examples_per_method: v.count("examplesPerMethod").unwrap_or_default(),
        exclude_relating_tests: v.bool("excludeRelatingTests"),
        prompt_token_budget: v.count("promptTokenBudget").unwrap_or_default(),
        prompts_dir: v.path("promptsDir"),
        junit: crate::mtc::JUnit::default(),
        test_timeout_ms: v.whole("testTimeoutMs").unwrap_or_default(),
        refinement_rounds: v.count32("refinementRounds"),
        allow_unsafe_tests: v.bool("allowUnsafeTests"),
        fail_on_suspected_bug: v.bool("failOnSuspectedBug"),
        suspected_bug_confidence: v.decimal("suspectedBugConfidence").unwrap_or_default(),
    }
}

/// Each setting's value: the user's, else the schema's default (None when that is "unset").
struct Values {
    by_name: BTreeMap<&'static str, Value>,
    /// The names `build` read, so a test can tell that no setting of the schema is ignored.
    asked: RefCell<BTreeSet<String>>,
}

impl Values {
    fn defaults() -> Values {
        let mut by_name = BTreeMap::new();
        for setting in SETTINGS {
            if let Default::Value(text) = setting.default {
                // The schema's own defaults parse (a test checks each); one that did not would stay unset.
                if let Ok(Some(value)) = value::read(setting.kind, text, Path::new("")) {
                    by_name.insert(setting.name, value);
                }
            }
        }
        Values { by_name, asked: RefCell::new(BTreeSet::new()) }
    }

    fn set(&mut self, setting: &'static Setting, value: Value) {
        self.by_name.insert(setting.name, value);
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.asked.borrow_mut().insert(name.to_string());
        self.by_name.get(name)
    }

    fn bool(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Bool(true)))
    }

    fn whole(&self, name: &str) -> Option<u64> {
        match self.get(name) {
            Some(Value::Whole(n)) => Some(*n),
            _ => None,
        }
    }

    /// A whole number as a count; the schema's ranges keep it far below `usize::MAX`.
    fn count(&self, name: &str) -> Option<usize> {
        self.whole(name).map(|n| usize::try_from(n).unwrap_or(usize::MAX))
    }

    fn count32(&self, name: &str) -> u32 {
        self.whole(name).map_or(0, |n| u32::try_from(n).unwrap_or(u32::MAX))
    }

    fn decimal(&self, name: &str) -> Option<f64> {
        match self.get(name) {
            Some(Value::Decimal(n)) => Some(*n),
            _ => None,
        }
    }

    fn text(&self, name: &str) -> Option<String> {
        match self.get(name) {
            Some(Value::Text(t)) => Some(t.clone()),
            _ => None,
        }
    }

    fn path(&self, name: &str) -> Option<PathBuf> {
        match self.get(name) {
            Some(Value::Path(p)) => Some(p.clone()),
            _ => None,
        }
    }
}

fn invalid(setting: &Setting, raw: &str, problem: &str, tool: BuildTool) -> CoreError {
    let default = match setting.default {
        Default::Value(v) => format!("; its default is {v}"),
        Default::Unset(means) => format!("; unset, it means {means}"),
    };
    CoreError::new(
        format!("the setting {} is '{raw}', which is {problem}", property(setting)),
        format!("Write {} in {}{default}", value::expected(setting.kind), where_set(setting, tool)),
    )
}

/// "Set mrcoupler.llm.model with -Dmrcoupler.llm.model (or ...)"; the bare name outside a build.
fn set_phrase(setting: &Setting, tool: BuildTool) -> String {
    match tool {
        BuildTool::Other => format!("Set {}", property(setting)),
        _ => format!("Set {} with {}", property(setting), where_set(setting, tool)),
    }
}

fn setting(name: &str) -> &'static Setting {
    // Only called with names of this file, which a test checks against the schema.
    schema::find(name).unwrap_or(&SETTINGS[0])
}

fn half_an_llm(missing: &str, given: &str, tool: BuildTool) -> CoreError {
    CoreError::new(
        format!(
            "the setting {missing} is missing: {} is set, and an LLM needs both its base URL and its model",
            property(setting(given))
        ),
        format!(
            "{}, or leave out {} to let the built-in generator write the tests",
            set_phrase(setting(missing), tool),
            property(setting(given))
        ),
    )
}

fn provider_without_llm(provider: &str, tool: BuildTool) -> CoreError {
    CoreError::new(
        format!("the setting mrcoupler.provider is '{provider}' but no LLM is configured"),
        format!(
            "{} and {}, and put its API key in the environment variable named by mrcoupler.llm.apiKeyEnv \
             (OPENAI_API_KEY by default); or leave out mrcoupler.provider to let the built-in generator write \
             the tests",
            set_phrase(setting("llm.baseUrl"), tool),
            property(setting("llm.model"))
        ),
    )
}

fn unknown_setting(name: &str, tool: BuildTool) -> CoreError {
    let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
    let closest = crate::targets::closest(name, &names, 1);
    let hint = match closest.first() {
        Some(c) => format!("Did you mean mrcoupler.{c}?"),
        None => String::new(),
    };
    match tool {
        BuildTool::Gradle => {
            CoreError::new(format!("-Pmrcoupler.{name} is not an MR-Coupler setting and is ignored"), hint)
        }
        _ => CoreError::new(
            format!("the build plugin passed mrcoupler.{name}, which is not a setting of this core"),
            format!("Use the bridge, Maven plugin and Gradle plugin of one MR-Coupler release together. {hint}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn parse_as(tool: BuildTool, pairs: &[(&str, &str)]) -> CoreResult<UserSettings> {
        parse(&raw(pairs), tool, Path::new("/project"))
    }

    fn error(tool: BuildTool, pairs: &[(&str, &str)]) -> String {
        parse_as(tool, pairs).expect_err("an error").to_string()
    }

    #[test]
    fn every_default_of_the_schema_is_a_value_of_its_kind() {
        for s in SETTINGS {
            if let Default::Value(text) = s.default {
                assert!(matches!(value::read(s.kind, text, Path::new("")), Ok(Some(_))), "{}: {text}", s.name);
            }
        }
    }

    #[test]
    fn every_setting_of_the_schema_is_read_and_nothing_else() {
        let values = Values::defaults();
        build(&values, BuildTool::Other).unwrap();
        let asked = values.asked.borrow().clone();
        let schema: BTreeSet<String> = SETTINGS.iter().map(|s| s.name.to_string()).collect();
        // The LLM's own settings are read only when one is configured.
        let mut with_llm = Values::defaults();
        with_llm.set(setting("llm.baseUrl"), Value::Text("http://localhost/v1".into()));
        with_llm.set(setting("llm.model"), Value::Text("m".into()));
        build(&with_llm, BuildTool::Other).unwrap();
        let asked: BTreeSet<String> = asked.union(&with_llm.asked.borrow()).cloned().collect();
        assert_eq!(asked, schema);
    }

    #[test]
    fn nothing_set_gives_the_schemas_defaults_and_no_llm() {
        let s = parse_as(BuildTool::Maven, &[]).unwrap();
        assert!(s.llm.is_none());
        assert_eq!(s.mutation_scope, MutationScope::Pair);
        assert_eq!(s.max_mutants_per_method, 300);
        assert!(s.fail_on_violation && !s.export && !s.export_mutants);
        assert_eq!(s.since, None);
        let g = s.generation;
        assert!(g.coupling && g.amplification && g.validation && !g.baseline);
        assert_eq!((g.amplification_inputs, g.examples_per_method, g.prompt_token_budget), (10, 3, 12_000));
        assert_eq!((g.max_pairs_per_target, g.test_timeout_ms, g.baseline_candidates), (None, 10_000, 8));
        assert_eq!(g.provider, None);
    }

    #[test]
    fn an_llm_takes_its_defaults_and_the_users_values() {
        let s = parse_as(
            BuildTool::Gradle,
            &[
                ("llm.baseUrl", " http://localhost:11434/v1 "),
                ("llm.model", "qwen"),
                ("llm.temperature", "0.5"),
                ("llm.provider", "azure"),
                ("llm.cacheDir", "cache"),
                ("llm.budgetUsd", "2"),
                ("llm.offline", ""),
            ],
        )
        .unwrap();
        let llm = s.llm.unwrap();
        assert_eq!(llm.base_url, "http://localhost:11434/v1");
        assert_eq!(llm.model, "qwen");
        assert_eq!(llm.provider, Provider::Azure);
        assert_eq!(llm.temperature, 0.5);
        assert_eq!(llm.cache_dir, Some(PathBuf::from("/project/cache")));
        assert_eq!(llm.budget_usd, Some(2.0));
        assert!(llm.offline, "an empty boolean is true");
        assert_eq!((llm.max_tokens, llm.retries, llm.concurrency, llm.repetitions), (4096, 3, 4, 1));
        assert_eq!(llm.api_key_env, "OPENAI_API_KEY");
        assert_eq!((llm.timeout_seconds, llm.retry_base_millis), (120, 1000));
        assert_eq!(llm.azure_api_version, "2024-06-01");
    }

    #[test]
    fn an_empty_api_key_variable_means_no_key() {
        let s = parse_as(BuildTool::Maven, &[("llm.baseUrl", "u"), ("llm.model", "m"), ("llm.apiKeyEnv", "")]);
        assert_eq!(s.unwrap().llm.unwrap().api_key_env, "");
    }

    #[test]
    fn half_an_llm_names_the_missing_setting_as_each_build_tool_writes_it() {
        let maven = error(BuildTool::Maven, &[("llm.baseUrl", "http://localhost:11434/v1")]);
        assert!(maven.starts_with("the setting llm.model is missing: mrcoupler.llm.baseUrl is set"), "{maven}");
        assert!(maven.contains("Set mrcoupler.llm.model with -Dmrcoupler.llm.model (or <llmModel>"), "{maven}");
        let gradle = error(BuildTool::Gradle, &[("llm.model", "qwen")]);
        assert!(gradle.starts_with("the setting llm.baseUrl is missing: mrcoupler.llm.model is set"), "{gradle}");
        assert!(gradle.contains("-Pmrcoupler.llm.baseUrl (or baseUrl in mrCoupler { llm { } })"), "{gradle}");
        let other = error(BuildTool::Other, &[("llm.model", "qwen")]);
        assert!(other.contains("Set mrcoupler.llm.baseUrl, or leave out mrcoupler.llm.model"), "{other}");
    }

    #[test]
    fn a_value_of_the_wrong_kind_names_the_setting_its_value_and_what_to_write() {
        let gradle = error(BuildTool::Gradle, &[("maxMutantsPerMethod", "many")]);
        assert_eq!(
            gradle,
            "the setting mrcoupler.maxMutantsPerMethod is 'many', which is not a whole number. Write a whole \
             number from 1 to 100000 in -Pmrcoupler.maxMutantsPerMethod (or maxMutantsPerMethod in mrCoupler { }); \
             its default is 300"
        );
        let maven = error(BuildTool::Maven, &[("mutationScope", "method")]);
        assert_eq!(
            maven,
            "the setting mrcoupler.mutationScope is 'method', which is not one of pair, class. Write one of pair, \
             class in -Dmrcoupler.mutationScope (or <mutationScope> in the plugin's <configuration>); its default \
             is pair"
        );
        let range = error(BuildTool::Maven, &[("llm.temperature", "3")]);
        assert!(range.starts_with("the setting mrcoupler.llm.temperature is '3', which is more than 2."), "{range}");
        assert!(range.contains("<llmTemperature>"), "{range}");
        let unset = error(BuildTool::Other, &[("maxPairsPerTarget", "0")]);
        assert!(unset.ends_with("in mrcoupler.maxPairsPerTarget; unset, it means all coupled methods"), "{unset}");
        let boolean = error(BuildTool::Gradle, &[("export", "yes")]);
        assert!(boolean.contains("'yes', which is not true or false. Write true or false"), "{boolean}");
    }

    #[test]
    fn the_users_values_arrive_typed() {
        let s = parse_as(
            BuildTool::Maven,
            &[
                ("maxPairsPerTarget", "2"),
                ("mutationScope", "CLASS"),
                ("exportMutants", "true"),
                ("failOnViolation", "false"),
                ("since", " HEAD~1 "),
                ("promptsDir", "/abs/prompts"),
                ("testTimeoutMs", "2500"),
                ("provider", "builtin"),
                ("llm.baseUrl", "u"),
                ("llm.model", "m"),
            ],
        )
        .unwrap();
        assert_eq!(s.generation.max_pairs_per_target, Some(2));
        assert_eq!(s.mutation_scope, MutationScope::Class);
        assert!(s.export_mutants && !s.fail_on_violation);
        assert_eq!(s.since.as_deref(), Some("HEAD~1"));
        assert_eq!(s.generation.prompts_dir, Some(PathBuf::from("/abs/prompts")));
        assert_eq!(s.generation.test_timeout_ms, 2500);
        assert_eq!(s.generation.provider.as_deref(), Some("builtin"));
        assert!(s.llm.is_none(), "the built-in provider uses no LLM");
    }

    #[test]
    fn an_empty_value_keeps_the_default() {
        let s = parse_as(BuildTool::Maven, &[("since", ""), ("maxMutantsPerMethod", " ")]).unwrap();
        assert_eq!((s.since, s.max_mutants_per_method), (None, 300));
    }

    #[test]
    fn the_llm_provider_needs_an_llm() {
        let e = error(BuildTool::Maven, &[("provider", "llm")]);
        assert!(e.starts_with("the setting mrcoupler.provider is 'llm' but no LLM is configured"), "{e}");
        assert!(e.contains("-Dmrcoupler.llm.baseUrl"), "{e}");
        let e = error(BuildTool::Maven, &[("provider", "both")]);
        assert!(e.starts_with("the setting mrcoupler.provider is 'both' but no LLM is configured"), "{e}");
        let both = parse_as(BuildTool::Maven, &[("provider", "both"), ("llm.baseUrl", "u"), ("llm.model", "m")]);
        let both = both.unwrap();
        assert!(both.llm.is_some() && both.generation.provider.as_deref() == Some("both"));
    }

    #[test]
    fn an_unknown_name_is_a_warning_from_gradle_and_an_error_otherwise_naming_the_closest() {
        let s = parse_as(BuildTool::Gradle, &[("llm.modle", "qwen"), ("maxPairsPerTarget", "2")]).unwrap();
        assert_eq!(s.warnings.len(), 1);
        assert!(
            s.warnings[0].starts_with(
                "-Pmrcoupler.llm.modle is not an MR-Coupler setting and is ignored. Did you mean \
             mrcoupler.llm.model?"
            ),
            "{:?}",
            s.warnings
        );
        assert_eq!(s.generation.max_pairs_per_target, Some(2));
        let e = error(BuildTool::Maven, &[("maxPairPerTarget", "2")]);
        assert!(e.starts_with("the build plugin passed mrcoupler.maxPairPerTarget"), "{e}");
        assert!(e.ends_with("Did you mean mrcoupler.maxPairsPerTarget?"), "{e}");
    }
}
