//! The LLM room: an OpenAI-compatible chat client (reqwest + tokio, rustls), a content-hash
//! cache that makes re-runs free, token and cost accounting with a budget, and bounded
//! concurrency. Nothing here knows what a prompt means; the pipeline does.

mod accounting;
mod cache;
mod client;
mod settings;

pub use accounting::{Accounting, OverBudget, Tag, Totals};
pub use settings::{LlmSettings, Provider};

use crate::error::{CoreError, CoreResult};
use cache::Cache;
use client::Client;
use once_cell::sync::Lazy;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub role: String,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Message { role: "system".into(), content: content.into() }
    }
    pub fn user(content: impl Into<String>) -> Self {
        Message { role: "user".into(), content: content.into() }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        Message { role: "assistant".into(), content: content.into() }
    }
}

/// One request: a conversation to continue, tagged for the accounting. `repetition` tells the
/// repeated generations of one pair apart, so each gets its own cache entry.
#[derive(Debug, Clone)]
pub struct Call {
    pub tag: Tag,
    pub messages: Vec<Message>,
    pub repetition: u32,
}

#[derive(Debug, Clone)]
pub struct Reply {
    pub content: String,
    pub usage: Usage,
    pub cached: bool,
}

/// The one runtime the core's network calls run on; JNI threads block on it.
static RUNTIME: Lazy<Result<tokio::runtime::Runtime, String>> = Lazy::new(|| {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .thread_name("mr-coupler-llm")
        .build()
        .map_err(|e| e.to_string())
});

pub struct Llm {
    settings: LlmSettings,
    client: Option<Arc<Client>>,
    cache: Arc<Cache>,
    pub accounting: Arc<Accounting>,
}

impl Llm {
    /// `default_cache_dir` is used when the settings name none. In offline mode no client is made,
    /// so no key is needed.
    pub fn new(settings: LlmSettings, default_cache_dir: PathBuf) -> CoreResult<Self> {
        let client = if settings.offline { None } else { Some(Arc::new(Client::new(&settings)?)) };
        let cache = Arc::new(Cache::new(settings.cache_dir.clone().unwrap_or(default_cache_dir)));
        let accounting = Arc::new(Accounting::new(
            settings.price_per_million_prompt,
            settings.price_per_million_completion,
            settings.budget_usd,
        ));
        Ok(Llm { settings, client, cache, accounting })
    }

    pub fn settings(&self) -> &LlmSettings {
        &self.settings
    }

    /// The request body for a conversation (what the cache key hashes).
    fn body(&self, call: &Call) -> Value {
        let mut body = json!({
            "model": self.settings.model,
            "messages": call.messages,
            "temperature": self.settings.temperature,
            "max_tokens": self.settings.max_tokens,
        });
        if call.repetition > 0 {
            // Providers ignore unknown fields; it keeps the repetitions' cache entries apart.
            body["user"] = json!(format!("mr-coupler-repetition-{}", call.repetition));
        }
        body
    }

    /// Complete every call, `concurrency` at a time, answers in the order of `calls`.
    pub fn complete_all(&self, calls: Vec<Call>) -> Vec<CoreResult<Reply>> {
        let runtime = match RUNTIME.as_ref() {
            Ok(r) => r,
            Err(e) => {
                let err = CoreError::new(format!("cannot start the network runtime: {e}"), "");
                return calls.iter().map(|_| Err(err.clone())).collect();
            }
        };
        runtime.block_on(async {
            let permits = Arc::new(tokio::sync::Semaphore::new(self.settings.concurrency.max(1)));
            let tasks: Vec<_> = calls
                .into_iter()
                .map(|call| {
                    let (body, permits) = (self.body(&call), permits.clone());
                    let (client, cache, accounting) =
                        (self.client.clone(), self.cache.clone(), self.accounting.clone());
                    let max_tokens = u64::from(self.settings.max_tokens);
                    tokio::spawn(async move {
                        let _permit = permits.acquire().await;
                        complete_one(client.as_deref(), &cache, &accounting, call.tag, body, max_tokens).await
                    })
                })
                .collect();
            let mut out = Vec::with_capacity(tasks.len());
            for task in tasks {
                out.push(
                    task.await.unwrap_or_else(|e| Err(CoreError::new(format!("an LLM request panicked: {e}"), ""))),
                );
            }
            out
        })
    }
}

async fn complete_one(
    client: Option<&Client>,
    cache: &Cache,
    accounting: &Accounting,
    tag: Tag,
    body: Value,
    max_tokens: u64,
) -> CoreResult<Reply> {
    let key = Cache::key(&body);
    if let Some((content, usage)) = cache.get(&key) {
        accounting.record(tag, usage, true);
        return Ok(Reply { content, usage, cached: true });
    }
    let Some(client) = client else {
        return Err(CoreError::new(
            format!("offline, and no cached reply for this request (cache key {key})"),
            "Run once with the LLM reachable to fill the cache, or turn the offline setting off",
        ));
    };
    let reservation = accounting.reserve(estimated_prompt_tokens(&body), max_tokens).map_err(budget_error)?;
    match client.chat(&body).await {
        Ok((content, usage)) => {
            accounting.settle(reservation, tag, usage);
            cache.put(&key, &body, &content, usage)?;
            Ok(Reply { content, usage, cached: false })
        }
        Err(e) => {
            accounting.release(reservation);
            Err(e)
        }
    }
}

/// A prompt's tokens before the service has counted them: about three characters a token, on
/// the high side for code, so the reservation errs towards staying within the budget.
fn estimated_prompt_tokens(body: &Value) -> u64 {
    let chars: usize = body["messages"]
        .as_array()
        .map(|m| m.iter().map(|m| m["content"].as_str().map_or(0, str::len) + 8).sum())
        .unwrap_or(0);
    (chars / 3) as u64
}

/// The error that stops a request at the budget; the pipeline keeps what is done.
pub fn budget_error(over: OverBudget) -> CoreError {
    CoreError::new(
        format!(
            "the LLM budget is spent: ${:.4} spent and ${:.4} held by requests in flight of ${:.2}; the next request \
             may cost up to ${:.4}",
            over.spent_usd, over.reserved_usd, over.budget_usd, over.request_usd
        ),
        "Raise the budgetUsd setting to go on; what was finished is kept",
    )
}
