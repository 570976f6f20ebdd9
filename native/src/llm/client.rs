//! The OpenAI-compatible chat client (and its Azure variant): one request, retried on 429, 5xx,
//! timeouts and dropped connections with exponential backoff that honours `Retry-After`; every
//! other failure becomes an error that says what to fix.

use super::settings::{LlmSettings, Provider};
use super::Usage;
use crate::error::{CoreError, CoreResult};
use serde_json::Value;
use std::time::Duration;

/// Longest wait a `Retry-After` may impose before the attempt is given up as too slow.
const MAX_RETRY_AFTER: Duration = Duration::from_secs(120);

pub struct Client {
    http: reqwest::Client,
    url: String,
    api_key: Option<String>,
    settings: LlmSettings,
}

/// A failed attempt that will be retried: which retry, of how many, why, and after what wait.
#[derive(Debug, Clone)]
pub struct Retry {
    pub attempt: u32,
    pub of: u32,
    pub why: String,
    pub wait: Duration,
}

/// How one attempt ended.
enum Attempt {
    Done(String, Usage),
    Retry { why: String, after: Option<Duration> },
}

impl Client {
    /// Reads the API key from the configured environment variable (never logged).
    pub fn new(settings: &LlmSettings) -> CoreResult<Self> {
        let api_key = match settings.api_key_env.as_str() {
            "" => None,
            var => Some(std::env::var(var).ok().filter(|k| !k.trim().is_empty()).ok_or_else(|| {
                CoreError::new(
                    format!("no API key: the environment variable {var} is not set"),
                    format!(
                        "Set it before the build (export {var}=...), or name another variable with the apiKeyEnv \
                         setting (empty for servers that need no key, such as a local Ollama)"
                    ),
                )
            })?),
        };
        let base = settings.base_url.trim_end_matches('/');
        let url = match settings.provider {
            Provider::OpenAi => format!("{base}/chat/completions"),
            Provider::Azure => format!(
                "{base}/openai/deployments/{}/chat/completions?api-version={}",
                settings.model, settings.azure_api_version
            ),
        };
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.timeout_seconds))
            .build()
            .map_err(|e| CoreError::new(format!("cannot set up the HTTP client: {e}"), ""))?;
        Ok(Client { http, url, api_key, settings: settings.clone() })
    }

    /// Send a chat completion request body; returns the reply text and its usage. Each retry is
    /// told to `on_retry` as it happens (a hung service is reported at its first timeout).
    pub async fn chat(&self, body: &Value, on_retry: &(dyn Fn(Retry) + Sync)) -> CoreResult<(String, Usage)> {
        let mut last = String::new();
        for attempt in 0..=self.settings.retries {
            match self.attempt(body).await? {
                Attempt::Done(content, usage) => return Ok((content, usage)),
                Attempt::Retry { why, after } => {
                    if attempt == self.settings.retries {
                        last = why;
                        break;
                    }
                    let backoff =
                        Duration::from_millis(self.settings.retry_base_millis.saturating_mul(1 << attempt.min(10)));
                    let wait = after.unwrap_or(backoff);
                    if wait > MAX_RETRY_AFTER {
                        last = why;
                        break;
                    }
                    on_retry(Retry { attempt: attempt + 1, of: self.settings.retries, why: why.clone(), wait });
                    last = why;
                    tokio::time::sleep(wait).await;
                }
            }
        }
        Err(CoreError::new(
            format!("the LLM service at {} failed {} time(s); last: {last}", self.url, self.settings.retries + 1),
            "Try again later, raise the retries or timeoutSeconds settings, or check the service's status",
        ))
    }

    async fn attempt(&self, body: &Value) -> CoreResult<Attempt> {
        let mut request = self.http.post(&self.url).json(body);
        if let Some(key) = &self.api_key {
            request = match self.settings.provider {
                Provider::OpenAi => request.bearer_auth(key),
                Provider::Azure => request.header("api-key", key),
            };
        }
        let response = match request.send().await {
            Ok(r) => r,
            Err(e) if e.is_timeout() => {
                let why = format!("no answer within {} s", self.settings.timeout_seconds);
                return Ok(Attempt::Retry { why, after: None });
            }
            Err(e) if e.is_connect() && self.settings.retries == 0 => return Err(self.unreachable(&e)),
            Err(e) if e.is_connect() => {
                return Ok(Attempt::Retry { why: self.unreachable(&e).to_string(), after: None })
            }
            Err(e) => return Ok(Attempt::Retry { why: format!("the connection failed: {e}"), after: None }),
        };
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        let text = match response.text().await {
            Ok(t) => t,
            Err(e) => return Ok(Attempt::Retry { why: format!("the reply was cut off: {e}"), after: None }),
        };
        match status {
            200 => Ok(parse_reply(&text)),
            429 | 500..=599 => {
                Ok(Attempt::Retry { why: format!("HTTP {status}: {}", error_message(&text)), after: retry_after })
            }
            401 | 403 => Err(CoreError::new(
                format!(
                    "the LLM service at {} refused the API key (HTTP {status}: {})",
                    self.url,
                    error_message(&text)
                ),
                format!("Check the key in the environment variable {}", self.settings.api_key_env),
            )),
            404 => Err(CoreError::new(
                format!("the LLM service at {} answered HTTP 404: {}", self.url, error_message(&text)),
                format!("Check the model name `{}` and the base URL {}", self.settings.model, self.settings.base_url),
            )),
            _ => Err(CoreError::new(
                format!("the LLM service at {} answered HTTP {status}: {}", self.url, error_message(&text)),
                "Check the model and the LLM settings",
            )),
        }
    }

    fn unreachable(&self, e: &reqwest::Error) -> CoreError {
        CoreError::new(
            format!("cannot reach the LLM service at {}: {e}", self.url),
            "Check the base URL setting and that the service is running",
        )
    }
}

/// The content and usage of a chat completion; a body that is not one is retried (proxies and
/// overloaded servers send such things), then reported.
fn parse_reply(text: &str) -> Attempt {
    let malformed =
        |why: &str| Attempt::Retry { why: format!("the reply is not a chat completion ({why})"), after: None };
    let Ok(json) = serde_json::from_str::<Value>(text) else { return malformed("malformed JSON") };
    let Some(content) = json["choices"][0]["message"]["content"].as_str() else {
        return malformed("no choices[0].message.content");
    };
    let usage = Usage {
        prompt_tokens: json["usage"]["prompt_tokens"].as_u64().unwrap_or(0),
        completion_tokens: json["usage"]["completion_tokens"].as_u64().unwrap_or(0),
    };
    Attempt::Done(content.to_string(), usage)
}

/// The `error.message` of an OpenAI-style error body, or the start of the body.
fn error_message(text: &str) -> String {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|j| j["error"]["message"].as_str().map(String::from))
        .unwrap_or_else(|| text.chars().take(200).collect())
}
