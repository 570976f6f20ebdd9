//! The `generate` session end to end inside the core: the real LLM client against the scripted
//! OpenAI server replaying the AES example's conversation (tests/llm/scripts/aes-example.json),
//! and executor results shaped as the bridge reports them. Walks schemata, generation, a compile
//! error and its refinement, amplification, validation on mutants and the decision; then replays
//! the whole run from the cache without a single request.

use mr_coupler::java_model::parse_str;
use mr_coupler::pipeline::sessions;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

struct Server(Child, u16, PathBuf);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn server(log: &Path) -> Server {
    server_with(log, &root().join("tests/llm/scripts/aes-example.json"))
}

fn server_with(log: &Path, script: &Path) -> Server {
    let mut child = Command::new("python3")
        .arg(root().join("tests/llm/scripted_server.py"))
        .args(["--script", script.to_str().unwrap()])
        .args(["--log", log.to_str().unwrap(), "--max-seconds", "120"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let port = first.trim().strip_prefix("PORT=").unwrap().parse().unwrap();
    Server(child, port, log.to_path_buf())
}

/// A generate session as the Maven plugin opens it; the kept MTCs are exported into `export`, the
/// first test source root.
fn config(port: u16, out: &Path, export: &Path) -> String {
    std::env::set_var("MRC_TEST_GENERATE_KEY", "sk-test");
    json!({
        "version": 1, "mode": "generate", "buildTool": "maven", "projectName": "example", "projectDir": root().join("example"),
        "sourceRoots": [root().join("example/src/main/java")], "testSourceRoots": [export, root().join("example/src/test/java")],
        "outputDir": out, "targets": "com.acme.crypto.AESEncryption#encryptText", "junit": "5",
        "settings": {
            "llm.baseUrl": format!("http://127.0.0.1:{port}/v1"), "llm.model": "deepseek-chat",
            "llm.apiKeyEnv": "MRC_TEST_GENERATE_KEY", "llm.pricePerMillionPrompt": "0.27",
            "llm.pricePerMillionCompletion": "1.1", "llm.retryBaseMillis": "10", "maxPairsPerTarget": "2", "export": "true",
            "mtcDir": out.join("committed"),
            // The scripted conversation answers the first two pairs Algorithm 1 ranks.
            "couplingRanking": "algorithm1",
        },
    })
    .to_string()
}

/// Test method names of a source, as the JUnit launcher would report them.
fn test_names(source: &str) -> Vec<String> {
    let file = parse_str(Path::new("T.java"), source);
    let class = file.classes.first().map(|c| c.methods.as_slice()).unwrap_or_default();
    class.iter().filter(|m| m.is_test()).map(|m| format!("{}()", m.name)).collect()
}

/// Failures show data that differ from run to run, as the example's random key makes its cipher
/// texts do: what the LLM cache keys must not depend on.
static RUN_DATA: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn result(name: &str, passed: bool) -> Value {
    if passed {
        json!({"name": name, "status": "passed", "durationMs": 2})
    } else {
        let data = RUN_DATA.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let message = format!("array contents differ at index [0], expected: <{data}> but was: <-5>");
        json!({"name": name, "status": "failed", "durationMs": 2, "message": message,
               "exceptionType": "org.opentest4j.AssertionFailedError"})
    }
}

/// The executor's answer to a batch, with the outcomes the real classes give (checked by hand
/// against the example with javac and the JUnit console launcher).
fn execute(batch: &Value) -> Value {
    let mut compilation = Vec::new();
    for r in batch["replacements"].as_array().unwrap() {
        compilation.push(json!({"path": r["path"], "success": true, "diagnostics": []}));
    }
    let mut sources = std::collections::HashMap::new();
    for s in batch["sources"].as_array().unwrap() {
        let content = s["content"].as_str().unwrap();
        // The first reply for the default-key pair calls a method that does not exist.
        let ok = !content.contains("AESEncryption.defaultKey()");
        let diagnostics = if ok {
            json!([])
        } else {
            json!([{"kind": "error", "line": 17, "column": 38, "message": "cannot find symbol\n  symbol:   method defaultKey()\n  location: class AESEncryption"}])
        };
        compilation.push(json!({"path": s["path"], "success": ok, "diagnostics": diagnostics}));
        let class = s["path"].as_str().unwrap().trim_end_matches(".java").replace('/', ".");
        sources.insert(class, (ok, content.to_string()));
    }
    let mut first_mutant_of: std::collections::HashMap<String, u64> = Default::default();
    let runs: Vec<Value> = batch["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|run| {
            let class = run["testClass"].as_str().unwrap().to_string();
            let mutant = run["mutant"].as_u64().unwrap();
            let (compiled, content) = &sources[&class];
            if !compiled {
                return json!({"testClass": class, "mutant": mutant, "ran": false, "tests": []});
            }
            let first = if mutant == 0 { 0 } else { *first_mutant_of.entry(class.clone()).or_insert(mutant) };
            let abecedarium = content.contains("encryptTextWithAbecedarium");
            let tests: Vec<Value> = test_names(content)
                .iter()
                .map(|name| {
                    let letters = !["input1()", "input2()", "input3()"].iter().any(|i| name.ends_with(i));
                    let passed = match (abecedarium, mutant) {
                        (true, 0) => !letters,    // the invalid MR holds only without letters
                        (true, m) => m == first,  // one mutant ignores the abecedarium: all pass
                        (false, 0) => true,       // the valid MR holds everywhere
                        (false, m) => m % 2 == 0, // mutants break half the runs
                    };
                    result(name, passed)
                })
                .collect();
            json!({"testClass": class, "mutant": mutant, "ran": true, "durationMs": 20, "tests": tests})
        })
        .collect();
    json!({"version": 1, "batchId": batch["id"], "compilation": compilation, "runs": runs})
}

/// Drive a session to its end; the kinds of the actions on the way.
fn drive(config: &str) -> (Value, Vec<String>) {
    drive_with(config, execute)
}

/// Drive a session to its end with `executor` answering its batches.
fn drive_with(config: &str, executor: fn(&Value) -> Value) -> (Value, Vec<String>) {
    let handle = sessions::open(config).unwrap();
    let mut results = json!({"version": 1});
    let mut kinds = Vec::new();
    loop {
        let action: Value = serde_json::from_str(&sessions::next(handle, &results.to_string()).unwrap()).unwrap();
        kinds.push(action["progress"]["phase"].as_str().unwrap().to_string());
        if action["kind"] == "done" {
            sessions::close(handle);
            return (action, kinds);
        }
        // The worker JVM must never see the API key: the core names its variable in every batch.
        assert_eq!(action["batch"]["secretVariable"], "MRC_TEST_GENERATE_KEY");
        results = executor(&action["batch"]);
    }
}

/// `execute`, except that every mutant loops from its second test on: the executor stops the run
/// at that test's timeout, as the batch's limits ask, and reports only what ran.
fn execute_with_looping_mutants(batch: &Value) -> Value {
    let mut results = execute(batch);
    if batch["runs"].as_array().unwrap().iter().any(|r| r["mutant"] != 0) {
        let limits = &batch["limits"];
        assert_eq!(limits["stopMutantAtFirstTimeout"], true, "{limits}");
        assert_eq!(
            (limits["mutantTimeoutFactor"].as_f64(), limits["mutantTimeoutConstantMs"].as_u64()),
            (Some(1.25), Some(4000))
        );
    }
    for run in results["runs"].as_array_mut().unwrap() {
        let tests = run["tests"].as_array().unwrap().clone();
        if run["mutant"] != 0 && tests.len() > 2 {
            let looping = json!({"name": tests[1]["name"], "status": "timedOut", "durationMs": 4003,
                                 "message": "did not finish within 4003 ms"});
            run["tests"] = json!([result(tests[0]["name"].as_str().unwrap(), true), looping]);
        }
    }
    results
}

#[test]
fn the_tests_a_mutant_did_not_run_after_its_timeout_count_as_killed() {
    let out = std::env::temp_dir().join(format!("mrc-generate-looping-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let llm = server(&out.join("requests.jsonl"));

    drive_with(&config(llm.1, &out, &out.join("export")), execute_with_looping_mutants);

    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let valid = &report["targets"][0]["candidates"][0];
    assert_eq!(valid["status"], "kept", "{valid}");
    // One passed of its 11 tests on each mutant: the 9 not run count as killed (not 1 of 2).
    assert!((valid["pMutants"].as_f64().unwrap() - 1.0 / 11.0).abs() < 1e-9, "{valid}");
    assert!((valid["pBestMutant"].as_f64().unwrap() - 1.0 / 11.0).abs() < 1e-9, "{valid}");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn generate_refines_amplifies_validates_and_keeps_only_the_valid_mr() {
    let out = std::env::temp_dir().join(format!("mrc-generate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let llm = server(&out.join("requests.jsonl"));
    let export = out.join("src-test-java");
    let (done, phases) = drive(&config(llm.1, &out, &export));
    assert_eq!(phases, vec!["schemata", "trial", "trial", "validate", "finish"], "{done}");

    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let candidates = report["targets"][0]["candidates"].as_array().unwrap();
    let (valid, invalid) = (&candidates[0], &candidates[1]);
    assert_eq!(valid["pair"], "encryptWithDefaultKey(String)");
    assert_eq!(valid["status"], "kept", "{valid}");
    assert_eq!((valid["refined"].as_bool(), valid["amplified"].as_bool()), (Some(true), Some(true)));
    assert_eq!(valid["p"], 1.0);
    assert_eq!(valid["keptMethods"].as_array().unwrap().len(), 11, "the MR on 1 + 10 inputs");
    assert_eq!((valid["firstReplyCompiled"].as_bool(), valid["compiled"].as_bool()), (Some(false), Some(true)));
    assert_eq!(
        (valid["refinements"].as_u64(), valid["llmRoundsSaved"].as_u64()),
        (Some(1), Some(0)),
        "no import missing"
    );
    let inputs = &valid["amplifiedInputs"];
    assert_eq!((inputs["requested"].as_u64(), inputs["reasked"].as_bool()), (Some(10), Some(false)), "{inputs}");
    assert_eq!(inputs["perRelation"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum::<u64>(), 10);
    // encryptText: LVR "AES", EVR on the cipher and on the return, STD init; encryptWithDefaultKey: EVR.
    assert_eq!(valid["mutants"], 5);
    assert_eq!(invalid["pair"], "encryptTextWithAbecedarium(String, SecretKey, String)");
    assert_eq!(invalid["status"], "filteredByMutation", "{invalid}");
    assert!((invalid["p"].as_f64().unwrap() - 3.0 / 11.0).abs() < 1e-9);
    assert_eq!(invalid["pBestMutant"], 1.0, "a mutant satisfies the invalid MR better than the original");

    let kept = std::fs::read_to_string(valid["file"].as_str().unwrap()).unwrap();
    assert!(kept.starts_with("package com.acme.crypto;") && kept.contains("class AESEncryption_encryptText_MTC1Test"));
    assert_eq!(test_names(&kept).len(), 11);
    assert!(!out.join("generated-tests/com/acme/crypto/AESEncryption_encryptText_MTC2Test.java").exists());

    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("<span class=\"status kept\">kept</span>"), "{html}");
    assert!(html.contains("<span class=\"status dropped\">filteredByMutation</span>"));
    assert!(html.contains("encryptWithDefaultKey(x) equals encryptText(x, defaultKey)"), "the relation the MTC states");
    assert!(html.contains("1 of 2 candidate MTC(s) kept"));
    assert!(!html.contains("<script") && !html.contains("http"), "self-contained");

    // The invalid MR failed on its one input at the trial: the LLM was asked once to correct it,
    // answered the same relation (the script's generation reply again), and was not asked twice.
    assert_eq!(invalid["refinements"], 1, "{invalid}");
    let requests = std::fs::read_to_string(&llm.2).unwrap();
    assert!(requests.contains("every relation it states was violated"), "the refinement says why");
    // Each pair's prompt carries the relations the built-in catalogue finds for it; a pair it
    // finds none for is told the target's with other methods instead.
    let generations: Vec<&str> =
        requests.lines().filter(|r| r.contains("Your task: find metamorphic relations")).collect();
    let delegation = "- `encryptWithDefaultKey(x) = encryptText(plainText, defaultKey)`";
    let with_relation = generations.iter().find(|r| r.contains("and encryptWithDefaultKey(")).expect("that pair");
    assert!(with_relation.contains(delegation) && with_relation.contains("by MR-Coupler's relation catalogue:"));
    // With the statements that check it on one input, as the catalogue's MTC writes them.
    let example = format!("{delegation}, checked on one input as:\\n```java\\n");
    assert!(with_relation.contains(&example), "{with_relation}");
    assert!(with_relation.contains("AESEncryption.encryptWithDefaultKey("), "{with_relation}");
    let without = generations.iter().find(|r| r.contains("and encryptTextWithAbecedarium(")).expect("that pair");
    assert!(without.contains("None derived for `encryptText` with `encryptTextWithAbecedarium`"), "{without}");
    assert!(without.contains(delegation), "the target's relation with another method: {without}");
    assert_eq!(requests.lines().count(), 6, "2 generations, 2 refinements, 2 amplifications");
    let tokens = &report["tokens"];
    assert_eq!(tokens["promptTokens"], 1930 + 1890 + 2480 + 1890 + 2950 + 2310);
    assert_eq!(tokens["completionTokens"], 410 + 380 + 260 + 380 + 1410 + 1280);
    let log: Vec<&str> = done["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(log.iter().any(|l| l.contains("2 candidate MTC(s): 1 filteredByMutation, 1 kept")), "{log:?}");

    // A second run replays every exchange from the cache: same decisions, no request, no token.
    let again = out.join("again");
    std::fs::create_dir_all(&again).unwrap();
    std::fs::create_dir_all(again.join("llm-cache")).unwrap();
    copy_dir(&out.join("llm-cache"), &again.join("llm-cache"));
    let exported = export.join("com/acme/crypto/AESEncryption_encryptText_MTC1Test.java");
    assert_eq!(std::fs::read_to_string(&exported).unwrap(), kept, "exported as kept");
    std::fs::write(&exported, "// the user's own edits").unwrap();
    let (done2, _) = drive(&config(llm.1, &again, &export));
    assert_eq!(std::fs::read_to_string(&exported).unwrap(), "// the user's own edits", "never replaced");
    let log2 = done2["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().to_string());
    assert!(log2.clone().any(|l| l.contains("exists already; it was left as it is")), "{:?}", log2.collect::<Vec<_>>());
    let report2: Value = serde_json::from_str(&std::fs::read_to_string(again.join("report.json")).unwrap()).unwrap();
    assert_eq!(std::fs::read_to_string(&llm.2).unwrap().lines().count(), 6, "no new request");
    assert_eq!(report2["tokens"]["cached"], 6);
    assert_eq!(report2["tokens"]["promptTokens"], 0);
    assert_eq!(report2["targets"][0]["candidates"][0]["status"], "kept");
    std::fs::remove_dir_all(&out).ok();
}

/// The java files under `dir`, relative, sorted.
fn java_files(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                stack.push(entry.path());
            } else {
                files.push(entry.path().strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    files.sort();
    files
}

#[test]
fn the_committed_home_and_the_export_get_each_kept_mtc_once_however_often_generate_runs() {
    let out = std::env::temp_dir().join(format!("mrc-generate-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let llm = server(&out.join("requests.jsonl"));
    let export = out.join("src-test-java");

    let (first, _) = drive(&config(llm.1, &out, &export));
    let (second, _) = drive(&config(llm.1, &out, &export));

    let home = out.join("committed");
    let kept = "com/acme/crypto/AESEncryption_encryptText_MTC1Test.java";
    assert_eq!(java_files(&home), vec![kept.to_string()], "one kept MTC, written once");
    assert_eq!(java_files(&export), vec![kept.to_string()], "exported once");
    let committed = std::fs::read_to_string(home.join(kept)).unwrap();
    assert!(committed.starts_with("// Metamorphic test kept by MR-Coupler for com.acme.crypto.AESEncryption#encryptText(String, SecretKey) ~ encryptWithDefaultKey(String)."), "{committed}");
    assert!(
        committed.contains("// Relation: encryptWithDefaultKey(x) equals encryptText(x, defaultKey)"),
        "{committed}"
    );
    assert!(committed.contains("p 100% on the code, p' "), "{committed}");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let valid = &report["targets"][0]["candidates"][0];
    assert_eq!(valid["committed"].as_str(), Some(home.join(kept).to_str().unwrap()), "{valid}");
    let lines = |done: &Value| -> Vec<String> {
        done["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().to_string()).collect()
    };
    let (first, second) = (lines(&first), lines(&second));
    assert!(
        first.iter().any(|l| l.ends_with("1 new kept MTC(s), 0 there already. Commit it: check runs what is there.")),
        "{first:?}"
    );
    assert!(
        second.iter().any(|l| l.ends_with("0 new kept MTC(s), 1 there already. Commit it: check runs what is there.")),
        "{second:?}"
    );
    let not_again = format!("is in the test sources already, as {}; not exported again", export.join(kept).display());
    assert!(second.iter().any(|l| l.ends_with(&not_again)), "{second:?}");
    std::fs::remove_dir_all(&out).ok();
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn a_pair_the_llm_fails_on_is_reported_and_the_rest_is_kept() {
    let out = std::env::temp_dir().join(format!("mrc-generate-partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    // The recorded conversation without the abecedarium pair: the server answers it with a 404.
    let mut script: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("tests/llm/scripts/aes-example.json")).unwrap())
            .unwrap();
    script["exchanges"].as_array_mut().unwrap().retain(|e| !e["match"].to_string().contains("Abecedarium"));
    let script_path = out.join("script.json");
    std::fs::write(&script_path, script.to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script_path);
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    config["settings"]["llm.retries"] = "0".into();
    let (done, _) = drive(&config.to_string());
    assert_eq!(done["kind"], "done");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let candidates = report["targets"][0]["candidates"].as_array().unwrap();
    assert_eq!(candidates[0]["status"], "kept", "what finished is kept");
    assert_eq!(candidates[1]["status"], "llmFailed");
    let detail = candidates[1]["detail"].as_str().unwrap();
    assert!(detail.contains("HTTP 404") && detail.contains("`deepseek-chat`"), "{detail}");
    let log: Vec<&str> = done["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(log.iter().any(|l| l.starts_with("1 of 2 candidate MTC(s) could not be asked of the LLM")), "{log:?}");
    assert!(done.get("verdict").is_none(), "a partial run does not fail the build");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn a_run_whose_every_llm_request_failed_fails_the_build() {
    let out = std::env::temp_dir().join(format!("mrc-generate-dead-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut config: Value = serde_json::from_str(&config(free, &out, &out.join("export"))).unwrap();
    config["settings"]["llm.retries"] = "0".into();
    config["settings"]["validation"] = "false".into();
    let (done, _) = drive(&config.to_string());
    assert_eq!(done["verdict"]["failBuild"], true, "{done}");
    let message = done["verdict"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("every LLM request failed") && message.contains("cannot reach the LLM service"),
        "{message}"
    );
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn ablation_modes_run_and_say_which_phases_ran() {
    let out = std::env::temp_dir().join(format!("mrc-generate-ablation-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let llm = server(&out.join("requests.jsonl"));
    // v2 and v3 together: no amplification, no validation. The refined default-key MTC is kept on
    // its single input; the invalid MR, failing on its one input, is reported as such.
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    config["settings"]["amplification"] = "false".into();
    config["settings"]["validation"] = "false".into();
    let (_, phases) = drive(&config.to_string());
    assert_eq!(phases, vec!["trial", "trial", "validate", "finish"], "no schemata without validation");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(
        report["phases"],
        json!({"coupling": true, "amplification": false, "validation": false, "baseline": false})
    );
    let candidates = report["targets"][0]["candidates"].as_array().unwrap();
    assert_eq!(candidates[0]["status"], "kept");
    assert_eq!(candidates[0]["amplified"], false);
    assert_eq!(candidates[0]["keptMethods"].as_array().unwrap().len(), 1);
    assert_eq!(candidates[1]["status"], "failsOnOriginal");
    let requests = std::fs::read_to_string(&llm.2).unwrap().lines().count();
    assert_eq!(requests, 4, "2 generations and 2 refinements (a compile error, the violated MR); no amplification");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn the_papers_baseline_prompts_without_coupling_and_skips_amplification_and_validation() {
    let out = std::env::temp_dir().join(format!("mrc-generate-baseline-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let llm = server(&out.join("requests.jsonl"));
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    config["settings"]["baseline"] = "true".into();
    let (_, phases) = drive(&config.to_string());
    assert_eq!(phases, vec!["trial", "validate", "finish"]);
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["phases"]["baseline"], true);
    assert_eq!(report["phases"]["coupling"], false);
    let candidates = report["targets"][0]["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 1, "one conversation for the target, no pairs");
    assert_eq!(candidates[0]["pair"], Value::Null);
    assert_eq!(candidates[0]["status"], "kept");
    let request = std::fs::read_to_string(&llm.2).unwrap();
    assert!(
        request.contains("Come up with 8 candidate metamorphic relations")
            || request.contains("come up with 8 candidate")
    );
    assert!(!request.contains("Coupling features"), "no coupling context in the baseline");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn a_target_no_method_is_coupled_to_gets_mtcs_of_its_own_rather_than_none() {
    let out = std::env::temp_dir().join(format!("mrc-generate-alone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let sources = out.join("src/main/java");
    std::fs::create_dir_all(sources.join("p")).unwrap();
    // A utility class with one public method (erdtman's `NumberToJSON` has that shape).
    let util = "package p;\n\npublic final class Digits {\n    private Digits() {}\n\n    \
                public static int sumOfDigits(int n) {\n        int s = 0;\n        n = Math.abs(n);\n        \
                while (n > 0) { s += n % 10; n /= 10; }\n        return s;\n    }\n}\n";
    std::fs::write(sources.join("p/Digits.java"), util).unwrap();
    let reply = "```java\npackage p;\n\nimport org.junit.jupiter.api.Test;\nimport static \
                 org.junit.jupiter.api.Assertions.*;\n\npublic class DigitsMrTest {\n    @Test\n    void mr1() {\n        \
                 // MR: sumOfDigits(10 * n) = sumOfDigits(n)\n        \
                 assertEquals(Digits.sumOfDigits(123), Digits.sumOfDigits(1230));\n    }\n}\n```";
    let script = out.join("script.json");
    let exchanges = json!({"exchanges": [{"match": "find 3 metamorphic relations of the method", "times": 1,
        "reply": {"content": reply, "usage": {"prompt_tokens": 100, "completion_tokens": 50}}}]});
    std::fs::write(&script, exchanges.to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    config["projectDir"] = json!(out);
    config["sourceRoots"] = json!([sources]);
    config["testSourceRoots"] = json!([out.join("export")]);
    config["targets"] = json!("p.Digits#sumOfDigits");

    drive(&config.to_string());

    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(report["targets"][0]["coupled"], json!([]), "nothing is coupled to it");
    let candidates = report["targets"][0]["candidates"].as_array().unwrap();
    assert_eq!(candidates.len(), 1, "one conversation about the target alone: {candidates:?}");
    assert_eq!(candidates[0]["pair"], Value::Null);
    assert!(candidates[0]["compiled"].as_bool().unwrap(), "{:?}", candidates[0]);
    let requests = std::fs::read_to_string(&llm.2).unwrap();
    assert!(requests.contains("find 3 metamorphic relations of the method"), "as many as a pair's prompt");
    assert!(requests.contains("example test, not a metamorphic relation"), "what a relation of one method is");
    std::fs::remove_dir_all(&out).ok();
}

/// A reply of the scripted LLM: one test class in a code block.
fn class_reply(body: &str) -> Value {
    let content = format!(
        "```java\npackage com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\nimport static \
         org.junit.jupiter.api.Assertions.*;\n\npublic class AesMrTest {{\n    @Test\n    void mr1() throws Exception \
         {{\n        // MR: encryptWithDefaultKey(x) equals encryptText(x, defaultKey)\n{body}\n        \
         assertArrayEquals(AESEncryption.encryptWithDefaultKey(\"a\"), AESEncryption.encryptText(\"a\", \
         AESEncryption.defaultKey));\n    }}\n}}\n```"
    );
    json!({"reply": {"content": content, "usage": {"prompt_tokens": 100, "completion_tokens": 50}}, "times": 1})
}

#[test]
fn an_unsafe_llm_test_is_not_run_and_the_same_mtc_twice_runs_once() {
    let out = std::env::temp_dir().join(format!("mrc-generate-screen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let script = out.join("script.json");
    let unsafe_body = "        Runtime.getRuntime().exec(new String[] {\"rm\", \"-rf\", \"/tmp/x\"});";
    let exchanges = json!({"exchanges": [
        {"match": "Your task: find metamorphic relations", "reply": class_reply("")["reply"], "times": 2},
        {"match": "Your task: find metamorphic relations", "reply": class_reply(unsafe_body)["reply"], "times": 1},
    ]});
    std::fs::write(&script, exchanges.to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let config =
        config(llm.1, &out, &out.join("export")).replace("\"maxPairsPerTarget\":\"2\"", "\"maxPairsPerTarget\":\"3\"");
    assert!(config.contains("\"maxPairsPerTarget\":\"3\""), "{config}");

    let (_, phases) = drive(&config);

    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let candidates = report["targets"][0]["candidates"].as_array().unwrap();
    let statuses: Vec<&str> = candidates.iter().map(|c| c["status"].as_str().unwrap()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == "unsafe").count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == "duplicate").count(), 1, "{statuses:?}");
    let unsafe_one = candidates.iter().find(|c| c["status"] == "unsafe").unwrap();
    assert!(unsafe_one["detail"].as_str().unwrap().contains("runs processes"), "{unsafe_one}");
    assert!(unsafe_one["code"].as_str().unwrap().contains("exec("), "the source is kept in the report");
    assert!(phases.contains(&"trial".to_string()), "{phases:?}");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn a_hung_llm_is_said_at_its_first_timeout_while_the_phase_still_waits() {
    let out = std::env::temp_dir().join(format!("mrc-generate-live-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let script = out.join("hang.json");
    std::fs::write(&script, r#"{"exchanges": [{"match": [], "fault": "hang"}]}"#).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    for (name, value) in [("llm.timeoutSeconds", "1"), ("llm.retries", "1"), ("validation", "false")] {
        config["settings"][name] = value.into();
    }
    config["settings"]["maxPairsPerTarget"] = "1".into();
    let handle = sessions::open(&config.to_string()).unwrap();

    // The build's thread waits in `next` (the generation phase) while another polls, as the bridge does.
    let waiting = std::thread::spawn(move || sessions::next(handle, r#"{"version":1}"#).unwrap());
    let mut polled = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !waiting.is_finished() && std::time::Instant::now() < deadline {
        let lines: Value = serde_json::from_str(&sessions::poll(handle).unwrap()).unwrap();
        polled.extend(lines.as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().to_string()));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let done: Value = serde_json::from_str(&waiting.join().unwrap()).unwrap();
    sessions::close(handle);

    let retry = "no answer within 1 s; retry 1 of 1";
    assert!(polled.iter().any(|l| l.contains(retry)), "said while the phase waited: {polled:?}");
    let with_the_action: Vec<&str> =
        done["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(!with_the_action.iter().any(|l| l.contains(retry)), "said once: {with_the_action:?}");
    assert_eq!(done["verdict"]["failBuild"], true, "{done}");
    assert_eq!(sessions::poll(handle).unwrap(), "[]", "a closed session has nothing to say");
    std::fs::remove_dir_all(&out).ok();
}

/// A hand-written test class (no model wrote it) with the default-key MR and these extra test
/// methods, each a body of its own.
fn amplified_reply(methods: &[(&str, &str)]) -> Value {
    let extra: String = methods
        .iter()
        .map(|(name, arg)| {
            format!(
                "\n    @Test\n    void {name}() throws Exception {{\n        \
                 assertArrayEquals(AESEncryption.encryptWithDefaultKey({arg}), AESEncryption.encryptText({arg}, \
                 AESEncryption.defaultKey));\n    }}\n"
            )
        })
        .collect();
    let reply = class_reply("");
    let content =
        reply["reply"]["content"].as_str().unwrap().replace("    }\n}\n```", &format!("    }}\n{extra}}}\n```"));
    json!({"reply": {"content": content, "usage": {"prompt_tokens": 100, "completion_tokens": 50}}, "times": 1})
}

/// `execute`, with each compile error on the line of the source that calls `defaultKey()`.
fn execute_with_errors_where_they_are(batch: &Value) -> Value {
    let mut results = execute(batch);
    for c in results["compilation"].as_array_mut().unwrap() {
        let source = batch["sources"].as_array().unwrap().iter().find(|s| s["path"] == c["path"]);
        let Some(content) = source.and_then(|s| s["content"].as_str()) else { continue };
        let lines = content.lines().enumerate().filter(|(_, l)| l.contains("defaultKey()")).map(|(i, _)| i + 1);
        let error = |line: usize| {
            json!({"kind": "error", "line": line, "column": 9,
                   "message": "cannot find symbol\n  symbol:   method defaultKey()\n  location: class AESEncryption"})
        };
        c["diagnostics"] = lines.map(error).collect();
    }
    results
}

#[test]
fn when_fewer_than_half_the_amplified_inputs_survive_the_llm_is_asked_once_more() {
    let out = std::env::temp_dir().join(format!("mrc-generate-reask-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    // Asked for 4 inputs, the model writes 2, one of which does not compile: 1 of 4 survives.
    let bad = "AESEncryption.defaultKey().toString()";
    let first = amplified_reply(&[("mr1_input1", "\"\""), ("mr1_input2", bad)]);
    // Its source input is a literal: the re-ask asks for values alone. A hand-written answer (no
    // model wrote it): two new values, and the input mr1 has already.
    let values = "```java\nmr1: \"x\"\nmr1: \"a\"\nmr1: \"\\u00e9\";\n```";
    let again = json!({"reply": {"content": values, "usage": {"prompt_tokens": 100, "completion_tokens": 20}}});
    let script = out.join("script.json");
    let exchanges = json!({"exchanges": [
        {"match": "Of the 4 new inputs asked for, the class has 1", "reply": again["reply"], "times": 1},
        {"match": "apply each of its", "reply": first["reply"], "times": 1},
        {"match": "Your task: find metamorphic relations", "reply": class_reply("")["reply"], "times": 1},
    ]});
    std::fs::write(&script, exchanges.to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    config["settings"]["maxPairsPerTarget"] = "1".into();
    config["settings"]["amplificationInputs"] = "4".into();

    drive_with(&config.to_string(), execute_with_errors_where_they_are);

    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let c = &report["targets"][0]["candidates"][0];
    // Still one short after the re-ask: the built-in catalogue adds it, a copy of mr1 with another
    // source input (the project's tests use "Hello AES!"), counted apart from the LLM's.
    let inputs = json!({"requested": 4, "perRelation": {"mr1": 3}, "reasked": true, "fromCatalogue": {"mr1": 1}});
    assert_eq!(c["amplifiedInputs"], inputs, "{c}");
    assert_eq!(c["compiled"], true);
    assert_eq!(c["firstReplyCompiled"], true);
    assert_eq!(c["status"], "kept", "{c}");
    assert!(c["keptMethods"].to_string().contains("mr1_catalogue1"), "{c}");
    let code = c["code"].as_str().unwrap();
    assert!(code.contains("encryptWithDefaultKey(\"Hello AES!\")"), "{c}");
    // The listed values, written by MR-Coupler into copies of mr1 named on from mr1_input1.
    assert!(code.contains("void mr1_input2() throws Exception {\n        // MR: encryptWithDefaultKey(x) equals encryptText(x, defaultKey)\n"), "{code}");
    assert!(
        code.contains("encryptText(\"x\", ")
            && code.contains("void mr1_input3()")
            && code.contains("encryptText(\"\\u00e9\", "),
        "{code}"
    );
    let notes = c["notes"].to_string();
    assert!(notes.contains("1 of 4 amplified input(s) survived; asked the LLM once more"), "{notes}");
    assert!(notes.contains("the LLM listed 2 new source-input value(s)"), "{notes}");
    assert!(notes.contains("MR-Coupler added mr1 (+1)"), "{notes}");
    let requests: Vec<String> = std::fs::read_to_string(&llm.2).unwrap().lines().map(String::from).collect();
    assert_eq!(requests.len(), 3, "generation, amplification, the one re-ask");
    let asked = "`mr1` takes the `String` `\\\"a\\\"` as its source input: 3 new value(s)";
    let lines = "mr1 (empty):\\nmr1 (non-ASCII):\\nmr1 (one character):\\n```";
    let request = &requests[2];
    assert!(request.contains(asked) && request.contains(lines) && request.contains("dropped: mr1_input2"), "{request}");
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn an_amplification_without_code_gets_the_one_re_ask_too() {
    let out = std::env::temp_dir().join(format!("mrc-generate-reask-prose-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let prose = json!({"content": "Continue this pattern for the remaining inputs.", "usage": {"prompt_tokens": 9, "completion_tokens": 9}});
    let again = amplified_reply(&[("mr1_input1", "\"\""), ("mr1_input2", "\"x\"")]);
    // Its mr1 has no literal to replace (the text is built), so the re-ask asks for whole methods.
    let built = class_reply("        String text = new String(new char[] {'a'});");
    let built = built["reply"]["content"].as_str().unwrap().replace("(\"a\"", "(text");
    let generated = json!({"content": built, "usage": {"prompt_tokens": 100, "completion_tokens": 50}});
    let script = out.join("script.json");
    let exchanges = json!({"exchanges": [
        {"match": "Of the 2 new inputs asked for, the class has 0", "reply": again["reply"], "times": 1},
        {"match": "apply each of its", "reply": prose, "times": 1},
        {"match": "Your task: find metamorphic relations", "reply": generated, "times": 1},
    ]});
    std::fs::write(&script, exchanges.to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    config["settings"]["maxPairsPerTarget"] = "1".into();
    config["settings"]["amplificationInputs"] = "2".into();

    drive_with(&config.to_string(), execute_with_errors_where_they_are);

    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let c = &report["targets"][0]["candidates"][0];
    assert_eq!(c["amplifiedInputs"], json!({"requested": 2, "perRelation": {"mr1": 2}, "reasked": true}), "{c}");
    assert_eq!((c["amplified"].as_bool(), c["status"].as_str()), (Some(true), Some("kept")), "{c}");
    assert_eq!(std::fs::read_to_string(&llm.2).unwrap().lines().count(), 3);
    std::fs::remove_dir_all(&out).ok();
}

/// A target's candidates: mutants, statuses, targets they stand for, the kept MTC standing for it.
type Twins = (u64, Vec<String>, Vec<String>, Option<String>);

/// The candidates of a run over `targets` where every reply is the same class, per target: the
/// mutants they were validated on, their statuses, the other targets they stand for and the kept
/// MTC of another target that stands for it.
fn same_mtc_for(targets: &str, tag: &str) -> Vec<Twins> {
    let out = std::env::temp_dir().join(format!("mrc-generate-twins-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let script = out.join("script.json");
    let exchanges = json!({"exchanges": [
        {"match": "Your task: find metamorphic relations", "reply": class_reply("")["reply"], "times": 20},
    ]});
    std::fs::write(&script, exchanges.to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let config = config(llm.1, &out, &out.join("export"))
        .replace("\"targets\":\"com.acme.crypto.AESEncryption#encryptText\"", &format!("\"targets\":\"{targets}\""))
        .replace("\"maxPairsPerTarget\":\"2\"", "\"maxPairsPerTarget\":\"1\"");
    assert!(config.contains(targets), "{config}");
    drive(&config);
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    std::fs::remove_dir_all(&out).ok();
    report["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let candidates = t["candidates"].as_array().unwrap();
            let mutants = candidates.iter().filter_map(|c| c["mutants"].as_u64()).sum();
            let stands_for = candidates.iter().flat_map(|c| c["standsFor"].as_array().cloned().unwrap_or_default());
            let stands_for = stands_for.map(|s| s.as_str().unwrap().to_string()).collect();
            let statuses = candidates.iter().map(|c| c["status"].as_str().unwrap().to_string()).collect();
            (mutants, statuses, stands_for, t["keptThrough"].as_str().map(String::from))
        })
        .collect()
}

#[test]
fn the_same_mtc_written_for_two_targets_is_validated_on_the_mutants_of_both() {
    let alone = same_mtc_for("com.acme.crypto.AESEncryption#encryptText", "alone");
    let both = same_mtc_for(
        "com.acme.crypto.AESEncryption#encryptText,com.acme.crypto.AESEncryption#getSecretEncryptionKey",
        "both",
    );
    assert_eq!(alone[0].1, ["kept"], "{alone:?}");
    assert_eq!(both[0].1, ["kept"], "{both:?}");
    assert_eq!(both[1].1, ["duplicate"], "{both:?}");
    assert!(both[0].0 > alone[0].0, "the twin's mutants run too: {alone:?} {both:?}");
    assert_eq!(both[0].2, ["getSecretEncryptionKey()"], "{both:?}");
    assert_eq!((&both[0].3, both[1].3.as_deref()), (&None, Some("com.acme.crypto.AESEncryption_encryptText_MTC1Test")));
}

#[test]
fn a_source_input_written_as_numbers_gets_its_missing_inputs_with_the_numbers_moved() {
    let out = std::env::temp_dir().join(format!("mrc-generate-varied-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    // No literal of a declared type and no string to swap for the catalogue's values: the source
    // input is a number written inline. The model's amplification repeats it, and so does its re-ask.
    let content = "```java\npackage com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\nimport static \
                   org.junit.jupiter.api.Assertions.*;\n\npublic class AesMrTest {\n    @Test\n    void mr1() throws \
                   Exception {\n        // MR: encryptWithDefaultKey(x) equals encryptText(x, defaultKey)\n        \
                   String plain = String.valueOf(42);\n        assertArrayEquals(AESEncryption.encryptWithDefaultKey(plain), \
                   AESEncryption.encryptText(plain, AESEncryption.defaultKey));\n    }\n}\n```";
    let reply = json!({"content": content, "usage": {"prompt_tokens": 100, "completion_tokens": 50}});
    let script = out.join("script.json");
    let exchanges = json!({"exchanges": [{"match": "", "reply": reply, "times": 3}]});
    std::fs::write(&script, exchanges.to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    config["settings"]["maxPairsPerTarget"] = "1".into();
    config["settings"]["amplificationInputs"] = "3".into();

    drive_with(&config.to_string(), execute);

    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let c = &report["targets"][0]["candidates"][0];
    let inputs = json!({"requested": 3, "perRelation": {"mr1": 0}, "reasked": true, "fromCatalogue": {"mr1": 3}});
    assert_eq!(c["amplifiedInputs"], inputs, "{c}");
    assert_eq!(c["status"], "kept", "{c}");
    let code = c["code"].as_str().unwrap();
    for (k, n) in [(1, 43), (2, 84), (3, 49)] {
        assert!(
            code.contains(&format!("void mr1_varied{k}()")) && code.contains(&format!("String.valueOf({n})")),
            "{code}"
        );
    }
    assert!(c["notes"].to_string().contains("MR-Coupler added mr1 (+3)"), "{c}");
    std::fs::remove_dir_all(&out).ok();
}

/// A test class of the scripted LLM whose one relation, over the abecedarium pair, is violated by
/// the class under test (`execute` fails `mr1` on the original), or that calls `defaultKey()`,
/// which does not exist.
fn violated_or_broken_reply(compiles: bool) -> Value {
    let key = if compiles { "AESEncryption.defaultKey" } else { "AESEncryption.defaultKey()" };
    let content = format!(
        "```java\npackage com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\nimport static \
         org.junit.jupiter.api.Assertions.*;\n\npublic class AesMrTest {{\n    @Test\n    void mr1() throws Exception \
         {{\n        // MR: the abecedarium does not change the cipher text\n        \
         assertArrayEquals(AESEncryption.encryptText(\"a\", {key}), \
         AESEncryption.encryptTextWithAbecedarium(\"a\", {key}, \"QWERTY\"));\n    }}\n}}\n```"
    );
    json!({"content": content, "usage": {"prompt_tokens": 100, "completion_tokens": 50}})
}

/// One pair of the example driven against a scripted LLM answering `exchanges`, with `settings`
/// over the usual config and `executor` answering the batches: the report's first candidate and
/// the requests the LLM got.
fn scripted_run(
    name: &str,
    exchanges: Value,
    settings: &[(&str, &str)],
    executor: fn(&Value) -> Value,
) -> (Value, Vec<String>) {
    scripted_run_over(name, exchanges, settings, executor, &[])
}

/// `scripted_run` with `more_sources`, source roots beside the example's.
fn scripted_run_over(
    name: &str,
    exchanges: Value,
    settings: &[(&str, &str)],
    executor: fn(&Value) -> Value,
    more_sources: &[PathBuf],
) -> (Value, Vec<String>) {
    let out = std::env::temp_dir().join(format!("mrc-generate-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let script = out.join("script.json");
    std::fs::write(&script, json!({ "exchanges": exchanges }).to_string()).unwrap();
    let llm = server_with(&out.join("requests.jsonl"), &script);
    let mut config: Value = serde_json::from_str(&config(llm.1, &out, &out.join("export"))).unwrap();
    for (name, value) in settings {
        config["settings"][*name] = (*value).into();
    }
    for root in more_sources {
        config["sourceRoots"].as_array_mut().unwrap().push(json!(root));
    }
    drive_with(&config.to_string(), executor);
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let requests = std::fs::read_to_string(&llm.2).unwrap().lines().map(String::from).collect();
    std::fs::remove_dir_all(&out).ok();
    (report["targets"][0]["candidates"].clone(), requests)
}

#[test]
fn a_refinement_that_breaks_a_compiling_class_falls_back_to_the_version_that_compiled() {
    let exchanges = json!([
        {"match": "every relation it states was violated", "reply": violated_or_broken_reply(false), "times": 1},
        {"match": "Your task: find metamorphic relations", "reply": violated_or_broken_reply(true), "times": 1},
    ]);
    let settings = [("maxPairsPerTarget", "1"), ("refinementRounds", "1"), ("amplification", "false")];
    let (candidates, requests) = scripted_run("fallback", exchanges, &settings, execute_with_errors_where_they_are);
    let c = &candidates[0];

    // Judged on the run of the class that compiled, not given up as not compiling.
    assert_eq!(c["status"], "failsOnOriginal", "{c}");
    assert_eq!((c["compiled"].as_bool(), c["refinements"].as_u64()), (Some(true), Some(1)), "{c}");
    assert!(!c["code"].as_str().unwrap().contains("defaultKey()"), "the earlier version: {c}");
    assert!(c["notes"].to_string().contains("fell back to the version that compiled before it"), "{c}");
    assert_eq!(requests.len(), 2, "the generation and its one refinement");
}

#[test]
fn a_refinement_after_a_static_repair_shows_the_class_the_errors_lines_are_in() {
    // The import repair mends `Arrays`; `defaultKey()` is left for the model. Its own reply has
    // no import: the line javac names is one line further down in the class as it stands.
    let body =
        "        String shown = Arrays.toString(new int[] {1});\n        byte[] key = AESEncryption.defaultKey();";
    let exchanges = json!([
        {"match": "does not compile", "reply": class_reply("")["reply"], "times": 1},
        {"match": "Your task: find metamorphic relations", "reply": class_reply(body)["reply"], "times": 1},
    ]);
    let settings = [("maxPairsPerTarget", "1"), ("amplification", "false")];
    let (candidates, requests) = scripted_run("repaired", exchanges, &settings, execute_with_an_import_missing_too);

    assert_eq!(requests.len(), 2, "the generation and one refinement");
    assert_eq!(candidates[0]["importRepaired"], true, "{}", candidates[0]);
    let request: Value = serde_json::from_str(&requests[1]).unwrap();
    let asked =
        request["body"]["messages"].as_array().unwrap().last().unwrap()["content"].as_str().unwrap().to_string();
    assert!(asked.contains("MR-Coupler has repaired part of the class you wrote"), "{asked}");
    let shown = asked.split("```java\n").nth(1).and_then(|rest| rest.split("\n```").next()).unwrap();
    assert!(shown.contains("import java.util.Arrays;"), "the class as repaired: {shown}");
    let line: usize = asked.split("line ").nth(1).and_then(|l| l.split(':').next()).unwrap().parse().unwrap();
    assert!(shown.lines().nth(line - 1).unwrap().contains("defaultKey()"), "line {line} of {shown}");
}

/// `execute_with_errors_where_they_are`, where `Arrays` is not found either until it is imported.
fn execute_with_an_import_missing_too(batch: &Value) -> Value {
    let mut results = execute_with_errors_where_they_are(batch);
    for c in results["compilation"].as_array_mut().unwrap() {
        let source = batch["sources"].as_array().unwrap().iter().find(|s| s["path"] == c["path"]);
        let Some(content) = source.and_then(|s| s["content"].as_str()) else { continue };
        if content.contains("import java.util.Arrays;") {
            continue;
        }
        for (i, _) in content.lines().enumerate().filter(|(_, l)| l.contains("Arrays.")) {
            let message = "cannot find symbol\n  symbol:   variable Arrays\n  location: class AesMrTest";
            c["diagnostics"]
                .as_array_mut()
                .unwrap()
                .push(json!({"kind": "error", "line": i + 1, "column": 23, "message": message}));
        }
    }
    results
}

#[test]
fn with_provider_both_the_templates_mtcs_run_beside_the_llms_and_are_never_sent_to_it() {
    let amplified = amplified_reply(&[("mr1_input1", "\"\""), ("mr1_input2", "\"x\"")]);
    let exchanges = json!([
        {"match": "apply each of its", "reply": amplified["reply"], "times": 1},
        {"match": "Your task: find metamorphic relations", "reply": class_reply("")["reply"], "times": 1},
    ]);
    let settings = [("provider", "both"), ("maxPairsPerTarget", "1"), ("amplificationInputs", "2")];
    let (candidates, requests) = scripted_run("both", exchanges, &settings, execute);

    let candidates = candidates.as_array().unwrap();
    let (templates, llm): (Vec<&Value>, Vec<&Value>) = candidates.iter().partition(|c| c["template"].is_string());
    assert!(!templates.is_empty(), "the built-in generator wrote MTCs too: {candidates:?}");
    assert_eq!(llm.len(), 1, "one conversation for the one pair: {candidates:?}");
    // Named as without the templates: the LLM's later requests show the name, and its cache keys on them.
    assert_eq!(llm[0]["testClass"], "com.acme.crypto.AESEncryption_encryptText_MTC1Test", "{}", llm[0]);
    assert_eq!(llm[0]["amplifiedInputs"]["perRelation"], json!({"mr1": 2}), "{}", llm[0]);
    for t in &templates {
        assert!(t["amplifiedInputs"].is_null() && t["refinements"] == 0, "a template's MTC is not sent: {t}");
    }
    assert!(templates.iter().any(|t| t["status"] == "kept"), "{templates:?}");
    assert_eq!(requests.len(), 2, "the pair's generation and its amplification, nothing for the templates");
}

#[test]
fn a_reply_that_ran_away_to_the_token_limit_is_not_shown_back_to_the_model() {
    // Open Location Code's runaway (unseen-9), on the example: a literal that never closed.
    let digits = "1234567890".repeat(30);
    let runaway = format!(
        "```java\npackage com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\n\npublic class AesMrTest {{\n    \
         @Test\n    void mr1() throws Exception {{\n        String plainText = \"{digits}"
    );
    let cut_off = json!({"content": runaway, "usage": {"prompt_tokens": 100, "completion_tokens": 200}});
    let exchanges = json!([
        {"match": "does not compile", "reply": class_reply("")["reply"], "times": 1},
        {"match": "Your task: find metamorphic relations", "reply": cut_off, "times": 1},
    ]);
    let settings = [("maxPairsPerTarget", "1"), ("llm.maxTokens", "200"), ("amplification", "false")];
    let (candidates, requests) = scripted_run("runaway", exchanges, &settings, execute_unclosed_literal);
    let c = &candidates[0];

    assert_eq!(requests.len(), 2, "the generation and one refinement");
    assert!(!requests[1].contains(&"1234567890".repeat(3)), "the run is cut: {}", requests[1]);
    assert!(requests[1].contains("until it was cut off at the token limit"), "{}", requests[1]);
    assert!(!requests[1].contains("MR-Coupler has repaired part"), "nothing repaired: {}", requests[1]);
    assert!(c["notes"].to_string().contains("until the token limit cut it off"), "{c}");
    assert_eq!(c["status"], "kept", "the refined class: {c}");
}

/// `execute`, where a source with an unclosed string literal does not compile, as javac says.
fn execute_unclosed_literal(batch: &Value) -> Value {
    let mut results = execute(batch);
    let mut unfinished = Vec::new();
    for c in results["compilation"].as_array_mut().unwrap() {
        let source = batch["sources"].as_array().unwrap().iter().find(|s| s["path"] == c["path"]);
        let Some(content) = source.and_then(|s| s["content"].as_str()) else { continue };
        if let Some(line) = content.lines().position(|l| l.matches('"').count() % 2 == 1) {
            c["success"] = false.into();
            c["diagnostics"] =
                json!([{"kind": "error", "line": line + 1, "column": 29, "message": "unclosed string literal"}]);
            unfinished.push(c["path"].as_str().unwrap().trim_end_matches(".java").replace('/', "."));
        }
    }
    for run in results["runs"].as_array_mut().unwrap() {
        if unfinished.iter().any(|class| run["testClass"] == class.as_str()) {
            (run["ran"], run["tests"]) = (false.into(), json!([]));
        }
    }
    results
}

/// `execute`, except that an LLM class's own `mr1` (not its copies) is rejected on the original by
/// the class under test, as big-math's `reciprocal` rejects zero: an exception it raises itself.
fn execute_rejecting_the_first_input(batch: &Value) -> Value {
    let mut results = execute(batch);
    for run in results["runs"].as_array_mut().unwrap() {
        let class = run["testClass"].as_str().unwrap().to_string();
        if run["mutant"] != 0 || !class.ends_with("_MTC1Test") {
            continue;
        }
        let simple = class.rsplit('.').next().unwrap().to_string();
        for test in run["tests"].as_array_mut().unwrap() {
            if test["name"] == "mr1()" {
                *test = json!({"name": "mr1()", "status": "errored", "durationMs": 2,
                    "exceptionType": "java.lang.IllegalArgumentException", "message": "Empty key",
                    "frames": ["com.acme.crypto.AESEncryption.encryptText(AESEncryption.java:41)",
                               format!("{class}.mr1({simple}.java:14)")]});
            }
        }
    }
    results
}

#[test]
fn a_class_whose_every_input_is_rejected_is_validated_on_the_catalogues_inputs() {
    let exchanges = json!([{"match": "", "reply": amplified_reply(&[])["reply"], "times": 3}]);
    let settings = [("maxPairsPerTarget", "1"), ("amplificationInputs", "2")];
    let (candidates, requests) = scripted_run("rejected", exchanges, &settings, execute_rejecting_the_first_input);
    let c = &candidates[0];

    assert_eq!(c["status"], "kept", "{c}");
    let code = c["code"].as_str().unwrap();
    assert!(code.contains("void mr1_varied1()") || code.contains("void mr1_catalogue1()"), "{code}");
    assert!(c["notes"].to_string().contains("rejected every input the LLM wrote"), "{c}");
    assert!(!c["notes"].to_string().contains("the LLM gave fewer"), "it was never asked to amplify: {c}");
    assert!(!c["keptMethods"].to_string().contains("\"mr1\""), "the rejected input is left out: {c}");
    assert_eq!(requests.len(), 2, "the generation and one refinement; no amplification request");
}

/// `execute`, judging each test method by its own body: one that calls the abecedarium's
/// encryption fails on the original (its relation is violated), every other passes there.
fn execute_per_method(batch: &Value) -> Value {
    let mut results = execute(batch);
    let mut violated = std::collections::HashSet::new();
    for s in batch["sources"].as_array().unwrap() {
        let class = s["path"].as_str().unwrap().trim_end_matches(".java").replace('/', ".");
        for m in mr_coupler::mtc::test_method_bodies(s["content"].as_str().unwrap()) {
            if m.body.contains("encryptTextWithAbecedarium") {
                violated.insert(format!("{class}#{}()", m.name));
            }
        }
    }
    for run in results["runs"].as_array_mut().unwrap().iter_mut().filter(|r| r["mutant"] == 0) {
        let class = run["testClass"].as_str().unwrap().to_string();
        for t in run["tests"].as_array_mut().unwrap() {
            let name = t["name"].as_str().unwrap().to_string();
            *t = result(&name, !violated.contains(&format!("{class}#{name}")));
        }
    }
    results
}

#[test]
fn a_method_asserting_a_violated_and_a_valid_relation_keeps_the_valid_one_without_an_llm_round() {
    let violated = "        assertArrayEquals(AESEncryption.encryptText(\"a\", AESEncryption.defaultKey), \
                    AESEncryption.encryptTextWithAbecedarium(\"a\", AESEncryption.defaultKey, \"QWERTY\"));";
    let exchanges = json!([{"match": "Your task: find metamorphic relations", "reply": class_reply(violated)["reply"], "times": 1}]);
    let settings = [("maxPairsPerTarget", "1"), ("amplification", "false"), ("refinementRounds", "1")];
    let (candidates, requests) = scripted_run("split", exchanges, &settings, execute_per_method);
    let c = &candidates[0];

    // The violated assertion came first and hid the valid one; written apart, the valid one is kept.
    assert_eq!(c["status"], "kept", "{c}");
    let code = c["code"].as_str().unwrap();
    assert!(code.contains("void mr1_assert2()"), "{code}");
    assert!(c["notes"].to_string().contains("each assertion is now a test method of its own"), "{c}");
    assert!(c["notes"].to_string().contains("mr1 (failsOnOriginal)"), "the violated one is left out: {c}");
    assert_eq!(requests.len(), 1, "no refinement round: one relation holds");
}

/// A reply whose one relation compares two `Sealed` results (a class keeping `Object`'s equals)
/// with `assertEquals`, as the model compared GeographicLib's `GeodesicData` (unseen-21).
fn identity_reply() -> Value {
    let content = "```java\npackage com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\nimport static \
                   org.junit.jupiter.api.Assertions.*;\n\npublic class AesMrTest {\n    @Test\n    void mr1() throws \
                   Exception {\n        // MR: encryptWithDefaultKey(x) equals encryptText(x, defaultKey)\n        \
                   assertEquals(Sealed.of(AESEncryption.encryptWithDefaultKey(\"\")), \
                   Sealed.of(AESEncryption.encryptText(\"\", AESEncryption.defaultKey)));\n    }\n}\n```";
    json!({"content": content, "usage": {"prompt_tokens": 100, "completion_tokens": 50}})
}

/// `execute_rejecting_the_first_input`, where every other MTC method that still compares two
/// `Sealed` objects by `assertEquals` fails as JUnit 5 words an identity failure, at that line.
fn execute_rejecting_then_comparing_identity(batch: &Value) -> Value {
    let message = "expected: <com.acme.crypto.Sealed@1b2c3d> but was: <com.acme.crypto.Sealed@4e5f60>";
    failing_where_written(batch, execute_rejecting_the_first_input(batch), "assertEquals(Sealed", message)
}

/// `execute`, where every test method that compares the two cipher texts by `assertEquals` fails
/// as JUnit 5 words it for two arrays of the same elements, at that line.
fn execute_comparing_arrays_by_identity(batch: &Value) -> Value {
    let message = "expected: [B@356164b4<[1, 2]> but was: [B@59116d6<[1, 2]>";
    failing_where_written(batch, execute(batch), "assertEquals(AESEncryption", message)
}

/// `results` with each test method but `mr1` (on the original) whose body has a line containing
/// `marker` failed with `message`, its frame at that line.
fn failing_where_written(batch: &Value, mut results: Value, marker: &str, message: &str) -> Value {
    let sources: std::collections::HashMap<String, String> = (batch["sources"].as_array().unwrap().iter())
        .map(|s| {
            let class = s["path"].as_str().unwrap().trim_end_matches(".java").replace('/', ".");
            (class, s["content"].as_str().unwrap().to_string())
        })
        .collect();
    for run in results["runs"].as_array_mut().unwrap().iter_mut().filter(|r| r["mutant"] == 0) {
        let class = run["testClass"].as_str().unwrap().to_string();
        let Some(content) = sources.get(&class) else { continue };
        let lines: Vec<&str> = content.lines().collect();
        let simple = class.rsplit('.').next().unwrap().to_string();
        for t in run["tests"].as_array_mut().unwrap().iter_mut().filter(|t| t["status"] != "errored") {
            let name = t["name"].as_str().unwrap().trim_end_matches("()").to_string();
            let Some(start) = lines.iter().position(|l| l.contains(&format!("void {name}("))) else { continue };
            let Some(at) = (start..lines.len()).find(|&k| lines[k].contains(marker)) else { continue };
            if lines[start + 1..at].iter().any(|l| l.contains("@Test")) {
                continue; // the next method's assertion: this one compares by value
            }
            *t = json!({"name": t["name"], "status": "failed", "durationMs": 2,
                "exceptionType": "org.opentest4j.AssertionFailedError", "message": message,
                "frames": ["org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:55)",
                           format!("{class}.{name}({simple}.java:{})", at + 1)]});
        }
    }
    results
}

#[test]
fn inputs_first_run_at_validation_that_fail_an_identity_equality_are_compared_by_value() {
    // unseen-21's GeographicLib: the model's input was rejected at the trial, the catalogue's
    // copies then failed an identity assertEquals at validation, where no rewrite ran.
    let exchanges = json!([{"match": "", "reply": identity_reply(), "times": 3}]);
    let settings = [("maxPairsPerTarget", "1"), ("amplificationInputs", "2")];
    let sealed = root().join("native/tests/fixtures/identity");
    let executor = execute_rejecting_then_comparing_identity;
    let (candidates, requests) = scripted_run_over("identity", exchanges, &settings, executor, &[sealed]);
    let c = &candidates[0];

    let notes = c["notes"].to_string();
    assert!(notes.contains("rejected every input the LLM wrote"), "validated on the catalogue's inputs: {c}");
    assert!(notes.contains("compared by value what assertEquals compared by identity"), "{c}");
    let code = c["code"].as_str().unwrap();
    assert!(code.contains("private static void assertEqualSealedValues(Object expected, Object actual)"), "{code}");
    assert!(code.contains("assertEquals(\"length = \" + e.length, \"length = \" + a.length)"), "{code}");
    assert_eq!(c["status"], "kept", "the copies hold by value: {c}");
    assert!(!c["relation"].as_str().unwrap().contains("Added by MR-Coupler"), "the helper states no relation: {c}");
    assert_eq!(requests.len(), 2, "the generation and one refinement; the rewrite costs no request");
}

#[test]
fn an_llm_assert_equals_of_two_arrays_compares_their_elements_without_an_llm_round() {
    // base62's replies (unseen-22): `assertEquals(decode(encode(x)), x)` on byte[] failed for every input.
    let by_identity = class_reply("")["reply"]["content"].as_str().unwrap().replace(
        "assertArrayEquals(AESEncryption.encryptWithDefaultKey",
        "assertEquals(AESEncryption.encryptWithDefaultKey",
    );
    let reply = json!({"content": by_identity, "usage": {"prompt_tokens": 100, "completion_tokens": 50}});
    let exchanges = json!([{"match": "Your task: find metamorphic relations", "reply": reply, "times": 1}]);
    let settings = [("maxPairsPerTarget", "1"), ("amplification", "false"), ("refinementRounds", "1")];
    let (candidates, requests) = scripted_run("arrays", exchanges, &settings, execute_comparing_arrays_by_identity);
    let c = &candidates[0];

    assert_eq!(c["status"], "kept", "{c}");
    assert!(c["code"].as_str().unwrap().contains("assertArrayEquals(AESEncryption.encryptWithDefaultKey"), "{c}");
    assert!(c["notes"].to_string().contains("mr1 (arrays, by their elements)"), "{c}");
    assert_eq!(requests.len(), 1, "no refinement round");
}
