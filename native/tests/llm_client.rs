//! The real LLM client against the scripted OpenAI-compatible server (tests/llm/scripted_server.py)
//! on 127.0.0.1: replies, cache, retries, timeouts and every error a user can meet.

use mr_coupler::llm::{Call, Event, Llm, LlmSettings, Message, Tag};
use mr_coupler::settings::{self, BuildTool};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

const KEY_VAR: &str = "MRC_TEST_LLM_KEY";

struct Server {
    child: Child,
    port: u16,
    log: PathBuf,
    dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Server {
    fn start(name: &str, exchanges: Value) -> Server {
        let dir = std::env::temp_dir().join(format!("mrc-llm-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("script.json");
        std::fs::write(&script, json!({ "exchanges": exchanges }).to_string()).unwrap();
        let log = dir.join("requests.jsonl");
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut child = Command::new("python3")
            .arg(root.join("tests/llm/scripted_server.py"))
            .args(["--script", script.to_str().unwrap(), "--log", log.to_str().unwrap(), "--max-seconds", "60"])
            .args(["--hang-seconds", "5"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let port = first.trim().strip_prefix("PORT=").expect("PORT=").parse().unwrap();
        Server { child, port, log, dir }
    }

    fn requests(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// The LLM as a build would configure it, through the core's settings parser.
    fn settings(&self) -> LlmSettings {
        std::env::set_var(KEY_VAR, "sk-test-not-a-real-key");
        let raw = [
            ("llm.baseUrl", format!("http://127.0.0.1:{}/v1", self.port)),
            ("llm.model", "deepseek-chat".into()),
            ("llm.apiKeyEnv", KEY_VAR.into()),
            ("llm.retryBaseMillis", "10".into()),
            ("llm.timeoutSeconds", "2".into()),
            ("llm.cacheDir", "cache".into()),
        ];
        let raw = raw.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        settings::parse(&raw, BuildTool::Other, &self.dir).unwrap().llm.unwrap()
    }
}

fn call(text: &str) -> Call {
    let tag = Tag { target: "Aes#encryptText".into(), pair: "decryptText".into(), phase: "generation".into() };
    Call { tag, messages: vec![Message::system("You are an expert in Java."), Message::user(text)], repetition: 0 }
}

fn reply(content: &str) -> Value {
    json!({"status": 200, "content": content, "usage": {"prompt_tokens": 1200, "completion_tokens": 300}})
}

fn one(llm: &Llm, text: &str) -> Result<mr_coupler::llm::Reply, String> {
    llm.complete_all(vec![call(text)]).remove(0).map_err(|e| e.to_string())
}

const TEST_CLASS: &str = "Here is a metamorphic test:\n\n```java\npublic class AESEncryptionMTCTest {\n}\n```\n";

#[test]
fn a_reply_is_cached_and_replayed_for_free() {
    let server = Server::start("cache", json!([{"match": "encryptText", "reply": reply(TEST_CLASS)}]));
    let mut settings = server.settings();
    settings.price_per_million_prompt = 0.27;
    settings.price_per_million_completion = 1.1;
    let llm = Llm::new(settings.clone(), PathBuf::new()).unwrap();
    let first = one(&llm, "Write an MTC for encryptText").unwrap();
    assert_eq!(first.content, TEST_CLASS);
    assert!(!first.cached);
    let second = Llm::new(settings, PathBuf::new()).unwrap();
    let again = one(&second, "Write an MTC for encryptText").unwrap();
    assert!(again.cached);
    assert_eq!(server.requests().len(), 1, "the second run asked nothing");
    assert_eq!(second.accounting.total().prompt_tokens, 0, "a replay costs no tokens");
    let total = llm.accounting.total();
    assert_eq!((total.prompt_tokens, total.completion_tokens), (1200, 300));
    assert!((total.cost_usd - (1200.0 * 0.27 + 300.0 * 1.1) / 1e6).abs() < 1e-12);
    let sent = &server.requests()[0];
    assert_eq!(sent["authorized"], true);
    assert_eq!(sent["body"]["temperature"], 0.2);
    assert!(
        !std::fs::read_dir(server.dir.join("cache")).unwrap().any(|e| {
            let dir = e.unwrap().path();
            std::fs::read_dir(dir)
                .unwrap()
                .any(|f| std::fs::read_to_string(f.unwrap().path()).unwrap().contains("sk-test"))
        }),
        "the key never reaches the cache"
    );
}

#[test]
fn rate_limits_and_server_errors_are_retried_honouring_retry_after() {
    let server = Server::start(
        "retry",
        json!([
            {"match": "x", "times": 1, "reply": {"status": 429, "headers": {"Retry-After": "1"}}},
            {"match": "x", "times": 1, "reply": {"status": 503}},
            {"match": "x", "reply": reply(TEST_CLASS)}
        ]),
    );
    let llm = Llm::new(server.settings(), PathBuf::new()).unwrap();
    let started = std::time::Instant::now();
    assert_eq!(one(&llm, "x").unwrap().content, TEST_CLASS);
    assert_eq!(server.requests().len(), 3);
    assert!(started.elapsed().as_millis() >= 1000, "waited for Retry-After");
}

#[test]
fn dropped_connections_and_malformed_replies_are_retried() {
    let server = Server::start(
        "faults",
        json!([
            {"match": "x", "times": 1, "fault": "close"},
            {"match": "x", "times": 1, "fault": "malformed"},
            {"match": "x", "reply": reply(TEST_CLASS)}
        ]),
    );
    let llm = Llm::new(server.settings(), PathBuf::new()).unwrap();
    assert_eq!(one(&llm, "x").unwrap().content, TEST_CLASS);
    assert_eq!(server.requests().len(), 3);
}

#[test]
fn a_service_that_never_answers_times_out_with_a_message() {
    let server = Server::start("hang", json!([{"match": "x", "fault": "hang"}]));
    let mut settings = server.settings();
    settings.timeout_seconds = 1;
    settings.retries = 1;
    let err = one(&Llm::new(settings, PathBuf::new()).unwrap(), "x").unwrap_err();
    assert!(err.contains("no answer within 1 s") && err.contains("failed 2 time(s)"), "{err}");
}

#[test]
fn a_rejected_key_names_the_variable() {
    let server = Server::start(
        "401",
        json!([{"match": "x", "reply": {"status": 401, "body": {"error": {"message": "Incorrect API key provided"}}}}]),
    );
    let err = one(&Llm::new(server.settings(), PathBuf::new()).unwrap(), "x").unwrap_err();
    assert!(err.contains("HTTP 401") && err.contains("Incorrect API key") && err.contains(KEY_VAR), "{err}");
    assert_eq!(server.requests().len(), 1, "a 401 is not retried");
}

#[test]
fn an_unknown_model_names_the_model_and_base_url() {
    let server = Server::start("404", json!([]));
    let err = one(&Llm::new(server.settings(), PathBuf::new()).unwrap(), "x").unwrap_err();
    assert!(err.contains("HTTP 404") && err.contains("`deepseek-chat`") && err.contains("/v1"), "{err}");
}

#[test]
fn a_wrong_base_url_says_it_cannot_reach_it() {
    let server = Server::start("refused", json!([]));
    let mut settings = server.settings();
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    settings.base_url = format!("http://127.0.0.1:{free}/v1");
    settings.retries = 1;
    let err = one(&Llm::new(settings, PathBuf::new()).unwrap(), "x").unwrap_err();
    assert!(err.contains("cannot reach the LLM service") && err.contains("base URL"), "{err}");
}

#[test]
fn a_missing_key_says_which_variable_to_set() {
    let server = Server::start("nokey", json!([]));
    let mut settings = server.settings();
    settings.api_key_env = "MRC_TEST_UNSET_KEY_VARIABLE".into();
    let err = Llm::new(settings, PathBuf::new()).err().unwrap().to_string();
    assert!(err.contains("MRC_TEST_UNSET_KEY_VARIABLE is not set") && err.contains("export"), "{err}");
}

#[test]
fn offline_replays_the_cache_and_fails_on_a_miss() {
    let server = Server::start("offline", json!([{"match": "x", "reply": reply(TEST_CLASS)}]));
    let settings = server.settings();
    one(&Llm::new(settings.clone(), PathBuf::new()).unwrap(), "x").unwrap();
    let mut offline = settings;
    offline.offline = true;
    offline.api_key_env = "MRC_TEST_UNSET_KEY_VARIABLE".into(); // no key needed offline
    let llm = Llm::new(offline, PathBuf::new()).unwrap();
    assert!(one(&llm, "x").unwrap().cached);
    let err = one(&llm, "y").unwrap_err();
    assert!(err.contains("offline, and no cached reply"), "{err}");
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn the_budget_stops_further_requests() {
    let server = Server::start("budget", json!([{"reply": reply(TEST_CLASS)}]));
    let mut settings = server.settings();
    settings.price_per_million_prompt = 1000.0; // 1200 tokens cost 1.2 USD
    settings.budget_usd = Some(1.0);
    let llm = Llm::new(settings, PathBuf::new()).unwrap();
    one(&llm, "first").unwrap();
    let err = one(&llm, "second").unwrap_err();
    assert!(err.contains("budget is spent"), "{err}");
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn azure_uses_deployments_and_the_api_key_header() {
    let server = Server::start("azure", json!([{"match": "x", "reply": reply(TEST_CLASS)}]));
    let mut settings = server.settings();
    settings.provider = mr_coupler::llm::Provider::Azure;
    settings.base_url = format!("http://127.0.0.1:{}", server.port);
    one(&Llm::new(settings, PathBuf::new()).unwrap(), "x").unwrap();
    let sent = &server.requests()[0];
    assert_eq!(sent["path"], "/openai/deployments/deepseek-chat/chat/completions?api-version=2024-06-01");
    assert_eq!(sent["authorized"], true);
}

#[test]
fn many_calls_run_concurrently_and_answer_in_order() {
    let exchanges: Vec<Value> =
        (0..6).map(|i| json!({"match": format!("pair {i}"), "reply": reply(&format!("reply {i}"))})).collect();
    let server = Server::start("many", json!(exchanges));
    let llm = Llm::new(server.settings(), PathBuf::new()).unwrap();
    let calls = (0..6).map(|i| call(&format!("pair {i}"))).collect();
    let replies: Vec<String> = llm.complete_all(calls).into_iter().map(|r| r.unwrap().content).collect();
    assert_eq!(replies, (0..6).map(|i| format!("reply {i}")).collect::<Vec<_>>());
}

#[test]
fn concurrent_requests_cannot_overshoot_the_budget() {
    let cheap = json!({"status": 200, "content": TEST_CLASS, "usage": {"prompt_tokens": 10, "completion_tokens": 300}});
    let server = Server::start("budget-concurrent", json!([{"reply": cheap}]));
    let mut settings = server.settings();
    settings.price_per_million_prompt = 1000.0;
    settings.price_per_million_completion = 1000.0; // a reply of 300 tokens costs $0.31
    settings.max_tokens = 300;
    settings.concurrency = 4;
    settings.budget_usd = Some(0.7); // room for two requests' worst case, not three
    let llm = Llm::new(settings, PathBuf::new()).unwrap();
    let calls = (0..6).map(|i| call(&format!("pair {i}"))).collect();
    let replies = llm.complete_all(calls);
    let refused: Vec<String> = replies.iter().filter_map(|r| r.as_ref().err().map(|e| e.to_string())).collect();
    assert_eq!(server.requests().len(), 2, "{refused:?}");
    assert!(llm.accounting.total().cost_usd <= 0.7, "{:?}", llm.accounting.total());
    assert!(refused.iter().all(|e| e.contains("budget is spent") && e.contains("in flight")), "{refused:?}");
}

#[test]
fn a_hung_service_is_reported_at_its_first_timeout_while_the_request_goes_on() {
    let server =
        Server::start("hang-watch", json!([{"match": "x", "fault": "hang", "times": 1}, {"reply": reply(TEST_CLASS)}]));
    let mut settings = server.settings();
    settings.timeout_seconds = 1;
    settings.retries = 2;
    let llm = Llm::new(settings, PathBuf::new()).unwrap();
    let mut in_flight = llm.start(vec![call("x")]);
    let first = in_flight.wait(std::time::Duration::from_secs(20));
    let retry = first.iter().find_map(|e| match e {
        Event::Retrying { retry, .. } => Some(retry.clone()),
        _ => None,
    });
    let retry = retry.expect("a retry event");
    assert_eq!((retry.attempt, retry.of), (1, 2));
    assert!(retry.why.contains("no answer within 1 s"), "{}", retry.why);
    assert!(first.iter().any(|e| matches!(e, Event::Finished { outcome: Ok(false), .. })), "{first:?}");
    assert!(in_flight.is_done());
    assert!(in_flight.finish()[0].is_ok());
}

#[test]
fn waiting_returns_at_the_deadline_with_what_happened_so_far() {
    let server = Server::start("hang-deadline", json!([{"match": "x", "fault": "hang"}]));
    let mut settings = server.settings();
    settings.timeout_seconds = 3;
    settings.retries = 0;
    let llm = Llm::new(settings, PathBuf::new()).unwrap();
    let mut in_flight = llm.start(vec![call("x")]);
    let started = std::time::Instant::now();
    assert!(in_flight.wait(std::time::Duration::from_millis(300)).is_empty());
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert!(!in_flight.is_done());
    let err = in_flight.finish().remove(0).unwrap_err().to_string();
    assert!(err.contains("no answer within 3 s"), "{err}");
}
