//! Every user setting, once: its name as the user writes it after `mrcoupler.`, its type, its
//! default, its help text and the modes it applies to. The core parses the plugins' raw values with
//! it (`parse.rs`), and the plugins' parameters and their documentation are generated from it
//! (`src/bin/settings-codegen`). Adding a setting is one line here plus the code that uses it.

use crate::protocol::Mode;

/// What a setting's value may be. Ranges are inclusive.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// `true` or `false`; an empty value (`-Pmrcoupler.export` alone) means `true`.
    Bool,
    /// A whole number from `min` to `max`.
    Whole { min: u64, max: u64 },
    /// A number from `min` to `max`.
    Decimal { min: f64, max: f64 },
    /// Free text.
    Text,
    /// One of these words (matched ignoring case, passed on as written here).
    Choice(&'static [&'static str]),
    /// A file or folder; a relative path is the project folder's.
    Path,
    /// The name of an environment variable; empty means none.
    EnvVar,
}

/// What a setting is when the user does not set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Default {
    /// This value, parsed as if the user had written it.
    Value(&'static str),
    /// No value; the words say what that means.
    Unset(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// As the user writes it after `mrcoupler.`: `maxPairsPerTarget`, `llm.model`.
    pub name: &'static str,
    pub kind: Kind,
    pub default: Default,
    /// One paragraph; `code` in backticks.
    pub help: &'static str,
    /// The modes (Maven goals, Gradle tasks) that read it.
    pub modes: &'static [Mode],
}

impl Setting {
    /// A setting of the LLM: `llm.<field>` (Gradle's `llm { }` block).
    pub fn is_llm(&self) -> bool {
        self.name.starts_with(LLM_PREFIX)
    }

    /// The name without `llm.`: the field of Gradle's `llm { }` block.
    pub fn short_name(&self) -> &'static str {
        self.name.strip_prefix(LLM_PREFIX).unwrap_or(self.name)
    }

    /// The Maven parameter (and `<configuration>` element): `llm.baseUrl` is `llmBaseUrl`.
    pub fn field_name(&self) -> String {
        match self.name.strip_prefix(LLM_PREFIX) {
            Some(rest) => format!("llm{}{}", rest[..1].to_uppercase(), &rest[1..]),
            None => self.name.to_string(),
        }
    }

    pub fn applies_to(&self, mode: Mode) -> bool {
        self.modes.contains(&mode)
    }
}

pub const LLM_PREFIX: &str = "llm.";

/// The setting named `name` (as written after `mrcoupler.`).
pub fn find(name: &str) -> Option<&'static Setting> {
    SETTINGS.iter().find(|s| s.name == name)
}

/// The settings of one mode, in schema order.
pub fn of_mode(mode: Mode) -> impl Iterator<Item = &'static Setting> {
    SETTINGS.iter().filter(move |s| s.applies_to(mode))
}

use Mode::{Check, Couplings, Generate, Mutants};

const MUTANTS: &[Mode] = &[Mutants];
const GENERATE: &[Mode] = &[Generate];
const CHECK: &[Mode] = &[Check];
/// `check` generates first when given `since`, with the settings of `generate`.
const GENERATING: &[Mode] = &[Generate, Check];
const MUTATING: &[Mode] = &[Mutants, Generate, Check];
const ANALYSING: &[Mode] = &[Couplings, Mutants, Generate, Check];

const fn whole(min: u64, max: u64) -> Kind {
    Kind::Whole { min, max }
}

const fn decimal(min: f64, max: f64) -> Kind {
    Kind::Decimal { min, max }
}

const fn value(v: &'static str) -> Default {
    Default::Value(v)
}

const fn unset(means: &'static str) -> Default {
    Default::Unset(means)
}

const fn setting(
    name: &'static str,
    kind: Kind,
    default: Default,
    modes: &'static [Mode],
    help: &'static str,
) -> Setting {
    Setting { name, kind, default, help, modes }
}

#[rustfmt::skip]
pub static SETTINGS: &[Setting] = &[
    // The mutants (mr-coupler:mutants, listMutants; generate and check validate on them).
    setting("mutationScope", Kind::Choice(&["pair", "class"]), value("pair"), MUTANTS,
        "Which methods are mutated: `pair` (each target, the methods coupled to it, and what those \
         that only delegate call in the class) or `class` (every method of the targets' classes)."),
    setting("exportMutants", Kind::Bool, value("false"), MUTANTS,
        "Also writes one plain source file per mutant, beside the schemata."),
    setting("maxMutantsPerMethod", whole(1, 100_000), value("300"), MUTATING,
        "At most this many mutants per method (a schemata method must stay under the JVM's 64 KB code \
         limit); the core says how many it dropped."),

    // What generate leaves behind, and the gate.
    setting("mtcDir", Kind::Path, value("src/test/mr-coupler"), GENERATING,
        "Where the kept MTCs live, committed with the project so that a clean checkout has its gate: \
         `generate` adds each kept MTC here once (a test with the same code, compared by content, is \
         never written twice, and an existing file is never replaced) and `check` runs what is here. \
         Relative to the project folder. It is not a test source root: the project's own test run \
         does not compile these tests, so a stale one never breaks it."),
    setting("export", Kind::Bool, value("false"), GENERATE,
        "Also copies the kept tests into the project's test sources (the first test source root, \
         `src/test/java`), so the project's own test run runs them; a test whose code is there already \
         (under any name) is not copied again, and an existing file is never replaced."),
    setting("failOnViolation", Kind::Bool, value("true"), CHECK,
        "Fail the build when a kept relation is violated; `false` only reports it."),
    setting("failOnStale", Kind::Bool, value("true"), CHECK,
        "Fail the build when a kept MTC no longer compiles against the current code (stale: the code it \
         calls changed and it must be generated again); `false` only reports it."),
    setting("failWhenEmpty", Kind::Bool, value("true"), CHECK,
        "Fail the build when there is nothing to check (no kept MTC): an empty gate is no green gate. \
         `false` allows it while bootstrapping, before the first generate."),
    setting("since", Kind::Text, unset("check what earlier runs kept, generating nothing"), CHECK,
        "A git revision: first generate metamorphic tests for the target methods changed since it (with \
         the LLM and generation settings of `generate`), then check."),

    // The LLM.
    setting("llm.baseUrl", Kind::Text, unset("no LLM: the built-in generator writes the tests"), GENERATING,
        "The LLM service's base URL (OpenAI-compatible), e.g. `https://api.deepseek.com/v1` or \
         `http://localhost:11434/v1`. Set it together with `llm.model`; without both, the built-in \
         generator writes the tests from MR templates."),
    setting("llm.model", Kind::Text, unset("no LLM: the built-in generator writes the tests"), GENERATING,
        "The model, e.g. `deepseek-chat` (for Azure: the deployment name). Set it together with \
         `llm.baseUrl`."),
    setting("llm.apiKeyEnv", Kind::EnvVar, value("OPENAI_API_KEY"), GENERATING,
        "The environment variable holding the API key; empty for servers that need none (a local \
         Ollama). The key itself is never a setting and is never written to a log, a report or the \
         cache; the tests' JVM never sees the variable."),
    setting("llm.provider", Kind::Choice(&["openAi", "azure"]), value("openAi"), GENERATING,
        "`openAi` (OpenAI-compatible chat completions: OpenAI, DeepSeek, Qwen, OpenRouter, Ollama, vLLM, \
         llama.cpp) or `azure` (Azure OpenAI: the model is the deployment, the key goes in the `api-key` \
         header)."),
    setting("llm.temperature", decimal(0.0, 2.0), value("0.2"), GENERATING,
        "Sampling temperature (the paper's 0.2)."),
    setting("llm.maxTokens", whole(1, 1_000_000), value("4096"), GENERATING,
        "Maximum completion tokens per request."),
    setting("llm.timeoutSeconds", whole(1, 86_400), value("120"), GENERATING,
        "Seconds one request may take; a request that times out is reported at once and retried."),
    setting("llm.retries", whole(0, 100), value("3"), GENERATING,
        "Further attempts after a 429, a 5xx, a timeout or a dropped connection."),
    setting("llm.retryBaseMillis", whole(0, 3_600_000), value("1000"), GENERATING,
        "First wait before retrying a rate-limited or failed request, in milliseconds; doubled per \
         attempt unless the service sends `Retry-After`."),
    setting("llm.concurrency", whole(1, 256), value("4"), GENERATING,
        "LLM requests in flight at once (the pairs of one target run in parallel)."),
    setting("llm.azureApiVersion", Kind::Text, value("2024-06-01"), GENERATING,
        "The Azure OpenAI API version, with `llm.provider` `azure`."),
    setting("llm.offline", Kind::Bool, value("false"), GENERATING,
        "Answer from the cache only and fail on a miss, never calling the service (tests, CI without a \
         key)."),
    setting("llm.cacheDir", Kind::Path, unset("`llm-cache` in the output folder"), GENERATING,
        "Where LLM exchanges are cached, so a re-run costs no tokens for what is done; relative to the \
         project folder."),
    setting("llm.pricePerMillionPrompt", decimal(0.0, 1_000_000.0), value("0"), GENERATING,
        "US dollars per million prompt tokens, for the cost figures."),
    setting("llm.pricePerMillionCompletion", decimal(0.0, 1_000_000.0), value("0"), GENERATING,
        "US dollars per million completion tokens, for the cost figures."),
    setting("llm.budgetUsd", decimal(0.0, 1_000_000_000.0), unset("no budget"), GENERATING,
        "Stop cleanly, keeping what is done, once this many US dollars are spent."),
    setting("llm.repetitions", whole(1, 100), value("1"), GENERATING,
        "Generations per coupled pair (the paper used 5)."),

    // The generation phases: the paper's ablation and baseline.
    setting("provider", Kind::Choice(&["llm", "builtin", "both"]), unset("the LLM when `llm.baseUrl` and `llm.model` are set, else the built-in generator"), GENERATING,
        "Who writes the MTCs: `llm`, `builtin` (MR templates: round trip, delegation, \
         producer-consumer, equals/hashCode, idempotence, binary operations; no LLM) or `both` (the \
         templates' MTCs, which cost no tokens, beside the LLM's for each pair; the two are validated \
         and reported alike, each with its origin)."),
    setting("coupling", Kind::Bool, value("true"), GENERATING,
        "Coupling analysis in the prompts; `false` is the paper's ablation v1."),
    setting("amplification", Kind::Bool, value("true"), GENERATING,
        "Amplification of each relation with new inputs; `false` is the paper's ablation v2."),
    setting("validation", Kind::Bool, value("true"), GENERATING,
        "Validation on mutants; `false` is the paper's ablation v3."),
    setting("baseline", Kind::Bool, value("false"), GENERATING,
        "The paper's baseline: prompting without coupling for `baselineCandidates` relations, one \
         refinement, no amplification, no validation."),
    setting("baselineCandidates", whole(1, 100), value("8"), GENERATING,
        "Relations the baseline asks for per target."),
    setting("amplificationInputs", whole(1, 1000), value("10"), GENERATING,
        "New inputs per relation in the amplification (the paper's M)."),
    setting("couplingRanking", Kind::Choice(&["ranked", "algorithm1"]), value("ranked"), ANALYSING,
        "How coupled methods are chosen and ordered: `ranked` scores the paper's features plus inherited \
         members, accessor-reached fields, inverse and complementary names, type flow and co-usage in the \
         project's tests, and keeps the best 11; `algorithm1` is the paper's Algorithm 1 unchanged (every \
         method of the class with a feature)."),
    setting("maxPairsPerTarget", whole(1, 100_000), unset("all coupled methods"), GENERATING,
        "Coupled methods tried per target, best-ranked first."),
    setting("examplesPerMethod", whole(0, 100), value("3"), GENERATING,
        "Invocation examples from the project's tests per method in a prompt."),
    setting("excludeRelatingTests", Kind::Bool, value("false"), GENERATING,
        "Leave out of the prompts the project's tests that already relate the two methods of a pair."),
    setting("promptTokenBudget", whole(500, 10_000_000), value("12000"), GENERATING,
        "Tokens a prompt may use; the least useful context is trimmed first."),
    setting("promptsDir", Kind::Path, unset("the built-in templates"), GENERATING,
        "A folder of prompt templates that replace the built-in ones of the same name; relative to \
         the project folder."),
    setting("testTimeoutMs", whole(1, 86_400_000), value("10000"), GENERATING,
        "Milliseconds one generated test may run before it is stopped."),
    setting("refinementRounds", whole(0, 10), value("2"), GENERATING,
        "LLM refinement rounds for a candidate that does not compile or run, each after the static \
         repairs (imports, dropping the test methods that do not compile) and only while the errors \
         change."),
    setting("allowUnsafeTests", Kind::Bool, value("false"), GENERATING,
        "Run LLM-written tests that use process, file, network, exit or reflection APIs the class under \
         test does not use itself; by default such a test is not run and is reported as `unsafe`."),
    setting("failOnSuspectedBug", Kind::Bool, value("false"), GENERATE,
        "Fail the build when `generate` finds a suspected bug (an MTC whose relation the evidence says is \
         valid fails on the code under test) at least as confident as `suspectedBugConfidence`."),
    setting("suspectedBugConfidence", Kind::Decimal { min: 0.0, max: 1.0 }, value("0.7"), GENERATE,
        "The confidence, from 0 to 1, from which `failOnSuspectedBug` fails the build."),
];
