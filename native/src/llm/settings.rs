//! LLM settings as the build passes them (`llm` in the session configuration).

use serde::Deserialize;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum Provider {
    /// OpenAI-compatible chat completions: OpenAI, DeepSeek, Qwen, OpenRouter, Ollama, vLLM, llama.cpp.
    #[default]
    OpenAi,
    /// Azure OpenAI: `/openai/deployments/<model>/chat/completions?api-version=...`, `api-key` header.
    Azure,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LlmSettings {
    #[serde(default)]
    pub provider: Provider,
    /// e.g. `https://api.deepseek.com/v1` or `http://localhost:11434/v1`.
    pub base_url: String,
    /// The model (for Azure: the deployment name).
    pub model: String,
    #[serde(default = "defaults::temperature")]
    pub temperature: f64,
    #[serde(default = "defaults::max_tokens")]
    pub max_tokens: u32,
    /// The environment variable holding the API key; empty for servers that need none (Ollama).
    /// The key itself is never written to a log, a report or the cache.
    #[serde(default = "defaults::api_key_env")]
    pub api_key_env: String,
    #[serde(default = "defaults::timeout_seconds")]
    pub timeout_seconds: u64,
    /// Further attempts after a 429, a 5xx, a timeout or a dropped connection.
    #[serde(default = "defaults::retries")]
    pub retries: u32,
    /// First backoff; doubled per attempt unless the service sends `Retry-After`.
    #[serde(default = "defaults::retry_base_millis")]
    pub retry_base_millis: u64,
    /// Requests in flight at once (the pairs of one target run in parallel).
    #[serde(default = "defaults::concurrency")]
    pub concurrency: usize,
    #[serde(default = "defaults::azure_api_version")]
    pub azure_api_version: String,
    /// Fail on a cache miss instead of calling the service (tests, CI without a key).
    #[serde(default)]
    pub offline: bool,
    /// Where exchanges are cached; the session's output folder `llm-cache` by default.
    #[serde(default)]
    pub cache_dir: Option<PathBuf>,
    /// US dollars per million prompt / completion tokens, for the cost figures.
    #[serde(default)]
    pub price_per_million_prompt: f64,
    #[serde(default)]
    pub price_per_million_completion: f64,
    /// Stop cleanly, keeping what is done, once this much (US dollars) is spent.
    #[serde(default)]
    pub budget_usd: Option<f64>,
    /// Generations per pair (the paper used 5).
    #[serde(default = "defaults::repetitions")]
    pub repetitions: u32,
}

mod defaults {
    pub fn temperature() -> f64 {
        0.2 // as in the paper
    }
    pub fn max_tokens() -> u32 {
        4096
    }
    pub fn api_key_env() -> String {
        "OPENAI_API_KEY".into()
    }
    pub fn timeout_seconds() -> u64 {
        180
    }
    pub fn retries() -> u32 {
        4
    }
    pub fn retry_base_millis() -> u64 {
        1000
    }
    pub fn concurrency() -> usize {
        4
    }
    pub fn azure_api_version() -> String {
        "2024-06-01".into()
    }
    pub fn repetitions() -> u32 {
        1
    }
}
