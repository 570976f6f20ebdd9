//! The LLM's settings, typed: built from the user's `mrcoupler.llm.*` values by the settings schema
//! (`crate::settings`), where each one's default and help text live.

use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Provider {
    /// OpenAI-compatible chat completions: OpenAI, DeepSeek, Qwen, OpenRouter, Ollama, vLLM, llama.cpp.
    #[default]
    OpenAi,
    /// Azure OpenAI: `/openai/deployments/<model>/chat/completions?api-version=...`, `api-key` header.
    Azure,
}

#[derive(Debug, Clone)]
pub struct LlmSettings {
    pub provider: Provider,
    /// e.g. `https://api.deepseek.com/v1` or `http://localhost:11434/v1`.
    pub base_url: String,
    /// The model (for Azure: the deployment name).
    pub model: String,
    pub temperature: f64,
    pub max_tokens: u32,
    /// The environment variable holding the API key; empty for servers that need none (Ollama).
    /// The key itself is never written to a log, a report or the cache.
    pub api_key_env: String,
    pub timeout_seconds: u64,
    /// Further attempts after a 429, a 5xx, a timeout or a dropped connection.
    pub retries: u32,
    /// First backoff; doubled per attempt unless the service sends `Retry-After`.
    pub retry_base_millis: u64,
    /// Requests in flight at once (the pairs of one target run in parallel).
    pub concurrency: usize,
    pub azure_api_version: String,
    /// Fail on a cache miss instead of calling the service (tests, CI without a key).
    pub offline: bool,
    /// Where exchanges are cached; the session's output folder `llm-cache` by default.
    pub cache_dir: Option<PathBuf>,
    /// US dollars per million prompt / completion tokens, for the cost figures.
    pub price_per_million_prompt: f64,
    pub price_per_million_completion: f64,
    /// Stop cleanly, keeping what is done, once this much (US dollars) is spent.
    pub budget_usd: Option<f64>,
    /// Generations per pair (the paper used 5).
    pub repetitions: u32,
}
