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
pub use client::Retry;
use once_cell::sync::Lazy;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    /// What the cache key reads in place of `content`, when the content holds data that differ
    /// from run to run for the same request (a random key's cipher text in a failure message):
    /// a re-run or a resumed run is still answered from the cache. Never sent.
    #[serde(skip)]
    pub keyed_as: Option<String>,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Message { role: "system".into(), content: content.into(), keyed_as: None }
    }
    pub fn user(content: impl Into<String>) -> Self {
        Message { role: "user".into(), content: content.into(), keyed_as: None }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        Message { role: "assistant".into(), content: content.into(), keyed_as: None }
    }
    /// The message, keyed in the cache by `key` instead of its content.
    pub fn keyed_as(self, key: String) -> Self {
        Message { keyed_as: Some(key), ..self }
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

    /// The request body for a conversation.
    fn body(&self, call: &Call) -> Value {
        self.body_of(call, &call.messages)
    }

    /// The cache key: the body's hash, each message read as it is keyed (`Message::keyed_as`).
    fn key(&self, call: &Call) -> String {
        let keyed = |m: &Message| Message {
            role: m.role.clone(),
            content: m.keyed_as.clone().unwrap_or_else(|| m.content.clone()),
            keyed_as: None,
        };
        let messages: Vec<Message> = call.messages.iter().map(keyed).collect();
        Cache::key(&self.body_of(call, &messages))
    }

    fn body_of(&self, call: &Call, messages: &[Message]) -> Value {
        let mut body = json!({
            "model": self.settings.model,
            "messages": messages,
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
        self.start(calls).finish()
    }

    /// Send every call, `concurrency` at a time, and return at once: the caller watches the
    /// requests finish (and retry) with [`InFlight::wait`] and takes the answers with
    /// [`InFlight::finish`].
    pub fn start(&self, calls: Vec<Call>) -> InFlight {
        let (events, receiver) = std::sync::mpsc::channel();
        let runtime = match RUNTIME.as_ref() {
            Ok(r) => r,
            Err(e) => {
                let err = CoreError::new(format!("cannot start the network runtime: {e}"), "");
                let failed = calls.iter().map(|_| Err(err.clone())).collect();
                return InFlight { tasks: Vec::new(), failed: Some(failed), events: receiver, finished: 0 };
            }
        };
        let permits = Arc::new(tokio::sync::Semaphore::new(self.settings.concurrency.max(1)));
        let tasks = calls
            .into_iter()
            .map(|call| {
                let (body, key) = (self.body(&call), self.key(&call));
                let (permits, events) = (permits.clone(), events.clone());
                let (client, cache, accounting) = (self.client.clone(), self.cache.clone(), self.accounting.clone());
                let max_tokens = u64::from(self.settings.max_tokens);
                runtime.spawn(async move {
                    let _permit = permits.acquire().await;
                    let tag = call.tag.clone();
                    let on_retry = |retry: Retry| {
                        let _ = events.send(Event::Retrying { tag: tag.clone(), retry });
                    };
                    let one = Request { client: client.as_deref(), cache: &cache, accounting: &accounting, max_tokens };
                    let reply = one.complete(call.tag.clone(), body, key, &on_retry).await;
                    let outcome = reply.as_ref().map(|r| r.cached).map_err(|e| e.to_string());
                    let _ = events.send(Event::Finished { tag: call.tag, outcome });
                    reply
                })
            })
            .collect();
        InFlight { tasks, failed: None, events: receiver, finished: 0 }
    }
}

/// What happens to the requests in flight, as it happens.
#[derive(Debug, Clone)]
pub enum Event {
    /// An attempt failed and will be retried (a timeout, a 429, a 5xx, a dropped connection).
    Retrying { tag: Tag, retry: Retry },
    /// A request is answered: from the cache or not, or why it failed.
    Finished { tag: Tag, outcome: Result<bool, String> },
}

/// Requests sent by [`Llm::start`].
pub struct InFlight {
    tasks: Vec<tokio::task::JoinHandle<CoreResult<Reply>>>,
    /// Every answer, when the requests could not even be sent.
    failed: Option<Vec<CoreResult<Reply>>>,
    events: std::sync::mpsc::Receiver<Event>,
    finished: usize,
}

impl InFlight {
    /// Whether every request is answered.
    pub fn is_done(&self) -> bool {
        self.failed.is_some() || self.finished == self.tasks.len()
    }

    /// What happened until every request is answered or `timeout` has passed, whichever comes
    /// first.
    pub fn wait(&mut self, timeout: Duration) -> Vec<Event> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        while !self.is_done() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(event) => {
                    self.finished += usize::from(matches!(event, Event::Finished { .. }));
                    out.push(event);
                }
                Err(_) => break, // the deadline passed (or every sender is gone)
            }
        }
        out
    }

    /// The answers, in the order of the calls, waiting for those still in flight.
    pub fn finish(self) -> Vec<CoreResult<Reply>> {
        if let Some(failed) = self.failed {
            return failed;
        }
        let Ok(runtime) = RUNTIME.as_ref() else { return Vec::new() };
        runtime.block_on(async {
            let mut out = Vec::with_capacity(self.tasks.len());
            for task in self.tasks {
                let answer = task.await;
                out.push(answer.unwrap_or_else(|e| Err(CoreError::new(format!("an LLM request panicked: {e}"), ""))));
            }
            out
        })
    }
}

/// One request's way through the cache, the budget and the service.
struct Request<'a> {
    client: Option<&'a Client>,
    cache: &'a Cache,
    accounting: &'a Accounting,
    max_tokens: u64,
}

impl Request<'_> {
    async fn complete(
        &self,
        tag: Tag,
        body: Value,
        key: String,
        on_retry: &(dyn Fn(Retry) + Sync),
    ) -> CoreResult<Reply> {
        complete_one(self, tag, body, key, on_retry).await
    }
}

async fn complete_one(
    request: &Request<'_>,
    tag: Tag,
    body: Value,
    key: String,
    on_retry: &(dyn Fn(Retry) + Sync),
) -> CoreResult<Reply> {
    let Request { client, cache, accounting, max_tokens } = *request;
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
    match client.chat(&body, on_retry).await {
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
