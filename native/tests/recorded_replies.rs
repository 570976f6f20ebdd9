//! What the repairs do with REAL replies: conversations recorded from Qwen2.5-Coder-1.5B-Instruct
//! (llama.cpp, tests/bench/llm; tests/llm/scripts/qwen-*.json, taken from the run's LLM cache by
//! tests/llm/record_conversation.py) replayed through the scripted server; every class the core
//! asks to compile is compiled by the real javac against the bundled example and run by JUnit's
//! console launcher (Debian's junit5, which scripts/setup installs), so the compile errors the
//! repairs see are javac's and the runs are real. Without the mutation check (its schemata need
//! the bridge's executor): what is pinned is the way to a class that compiles and runs.

use mr_coupler::pipeline::sessions;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

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

fn server(script: &str, log: &Path) -> Server {
    let script = root().join("tests/llm/scripts").join(script); // an absolute path stays as it is
    let mut child = Command::new("python3")
        .arg(root().join("tests/llm/scripted_server.py"))
        .args(["--script", script.to_str().unwrap()])
        .args(["--log", log.to_str().unwrap(), "--max-seconds", "300"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let port = first.trim().strip_prefix("PORT=").unwrap().parse().unwrap();
    Server(child, port, log.to_path_buf())
}

/// Debian's JUnit 5 API jars (scripts/setup installs package junit5), the example's classes.
fn classpath() -> String {
    static CLASSES: OnceLock<PathBuf> = OnceLock::new();
    let classes = CLASSES.get_or_init(|| {
        let out = std::env::temp_dir().join(format!("mrc-recorded-example-{}", std::process::id()));
        let sources: Vec<PathBuf> = walk(&root().join("example/src/main/java"));
        let status = Command::new("javac").arg("-nowarn").arg("-d").arg(&out).args(&sources).status().expect("javac");
        assert!(status.success(), "javac failed on the example");
        out
    });
    let jars = ["junit-jupiter-api", "opentest4j", "apiguardian-api", "junit-platform-commons"];
    let mut parts = vec![classes.display().to_string()];
    parts.extend(jars.iter().map(|j| format!("/usr/share/java/{j}.jar")));
    parts.join(":")
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "java") {
            out.push(path);
        }
    }
    out
}

/// javac's errors as the bridge reports them: line, column, the message with its `symbol:` and
/// `location:` lines (which the command line prints after the source line and its caret).
fn parse_javac(stderr: &str) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut extra: Vec<&str> = Vec::new();
    let mut column = 0;
    let flush = |out: &mut Vec<Value>, extra: &mut Vec<&str>, column: usize| {
        if let Some(last) = out.last_mut() {
            let mut message = last["message"].as_str().unwrap().to_string();
            for line in extra.drain(..) {
                message.push('\n');
                message.push_str(line);
            }
            last["message"] = message.into();
            last["column"] = column.into();
        }
    };
    for line in stderr.lines() {
        let header = line.split_once(".java:").and_then(|(_, rest)| {
            let (number, rest) = rest.split_once(": ")?;
            let message = rest.strip_prefix("error: ")?;
            Some((number.parse::<u64>().ok()?, message))
        });
        if let Some((number, message)) = header {
            flush(&mut out, &mut extra, column);
            out.push(json!({"kind": "error", "line": number, "column": 0, "message": message}));
        } else if line.trim() == "^" || (line.trim_start().starts_with('^') && line.trim().chars().all(|c| c == '^')) {
            column = line.find('^').unwrap_or(0) + 1;
        } else if line.starts_with("  symbol:")
            || line.starts_with("  location:")
            || line.starts_with("  required:")
            || line.starts_with("  found:")
            || line.starts_with("  reason:")
        {
            extra.push(line);
        }
    }
    flush(&mut out, &mut extra, column);
    out
}

/// Compile each source alone with javac, then run what compiled with JUnit's console launcher
/// (Debian's junit5), as the bridge's executor does in its worker.
fn execute(batch: &Value) -> Value {
    // One folder per batch: the tests of this file run in parallel in one process.
    static BATCHES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = BATCHES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let scratch = std::env::temp_dir().join(format!("mrc-recorded-batch-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let mut compilation = Vec::new();
    let mut compiled = std::collections::HashMap::new();
    for (n, s) in batch["sources"].as_array().unwrap().iter().enumerate() {
        let (path, content) = (s["path"].as_str().unwrap(), s["content"].as_str().unwrap());
        let file = scratch.join(format!("src{n}")).join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, content).unwrap();
        let classes = scratch.join(format!("classes{n}"));
        let out = Command::new("javac")
            .args(["-nowarn", "-proc:none", "-encoding", "UTF-8", "-Xmaxerrs", "100", "-cp", &classpath(), "-d"])
            .arg(&classes)
            .arg(&file)
            .output()
            .expect("javac");
        let diagnostics = parse_javac(&String::from_utf8_lossy(&out.stderr));
        compilation.push(json!({"path": path, "success": out.status.success(), "diagnostics": diagnostics}));
        let class = path.trim_end_matches(".java").replace('/', ".");
        compiled.insert(class, out.status.success().then_some(classes));
    }
    let runs: Vec<Value> = batch["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|run| {
            let class = run["testClass"].as_str().unwrap();
            let Some(Some(classes)) = compiled.get(class) else {
                return json!({"testClass": class, "mutant": run["mutant"], "ran": false, "tests": []});
            };
            let tests = junit(classes, class, &scratch.join("reports"));
            json!({"testClass": class, "mutant": run["mutant"], "ran": true, "durationMs": 5, "tests": tests})
        })
        .collect();
    let _ = std::fs::remove_dir_all(&scratch);
    json!({"version": 1, "batchId": batch["id"], "compilation": compilation, "runs": runs})
}

/// One test class through the console launcher; its results from the launcher's XML report.
fn junit(classes: &Path, class: &str, reports: &Path) -> Vec<Value> {
    let _ = std::fs::remove_dir_all(reports);
    let classpath = format!("{}:{}", classes.display(), classpath());
    Command::new("java")
        .args(["-jar", "/usr/share/java/junit-platform-console-standalone.jar", "--disable-banner"])
        .args(["--details=none", "-cp", &classpath, "--select-class", class, "--reports-dir"])
        .arg(reports)
        .output()
        .expect("java");
    let xml = std::fs::read_to_string(reports.join("TEST-junit-jupiter.xml")).unwrap_or_default();
    xml.split("<testcase ").skip(1).map(test_result).collect()
}

/// `<testcase name="mr1()" ...>` with its `<failure>` or `<error>`, as a TestResult.
fn test_result(case: &str) -> Value {
    let attribute = |text: &str, name: &str| {
        let start = text.find(&format!("{name}=\"")).map(|i| i + name.len() + 2)?;
        text[start..].split('"').next().map(|v| v.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\""))
    };
    let name = attribute(case, "name").unwrap_or_default();
    let body = case.split("</testcase>").next().unwrap_or("");
    let problem = ["<failure", "<error"].iter().find_map(|tag| body.find(tag).map(|at| (*tag, &body[at..])));
    match problem {
        None if body.contains("<skipped") => json!({"name": name, "status": "skipped", "durationMs": 1}),
        None => json!({"name": name, "status": "passed", "durationMs": 1}),
        Some((tag, element)) => {
            let exception = attribute(element, "type").unwrap_or_default();
            let assertion = tag == "<failure" || exception.contains("AssertionFailedError");
            json!({"name": name, "status": if assertion { "failed" } else { "errored" }, "durationMs": 1,
                   "message": attribute(element, "message"), "exceptionType": exception})
        }
    }
}

/// The example's generate session against the scripted server, as the bench ran it (one pair per
/// target, 5 inputs per relation, no key), without the mutation check; returns report.json and the
/// requests the server answered, one JSON line each.
fn replay(script: &str, name: &str, target: &str, settings: Value) -> (Value, Vec<String>) {
    let out = std::env::temp_dir().join(format!("mrc-recorded-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let llm = server(script, &out.join("requests.jsonl"));
    let config = json!({
        "version": 1, "mode": "generate", "buildTool": "maven", "projectName": "example", "projectDir": root().join("example"),
        "sourceRoots": [root().join("example/src/main/java")], "testSourceRoots": [root().join("example/src/test/java")],
        "outputDir": out, "targets": target, "junit": "5",
        "settings": {
            "llm.baseUrl": format!("http://127.0.0.1:{}/v1", llm.1), "llm.model": "qwen2.5-coder-1.5b",
            "llm.apiKeyEnv": "", "llm.retries": "0", "maxPairsPerTarget": "1", "amplificationInputs": "5",
            "llm.maxTokens": "2048", "validation": "false",
            // The committed home in the test's folder, never in the example's sources.
            "mtcDir": out.join("committed"),
        },
    });
    let mut config = config;
    for (k, v) in settings.as_object().unwrap() {
        config["settings"][k] = v.clone();
    }
    let handle = sessions::open(&config.to_string()).unwrap();
    let mut results = json!({"version": 1});
    loop {
        let action: Value = serde_json::from_str(&sessions::next(handle, &results.to_string()).unwrap()).unwrap();
        if action["kind"] == "done" {
            sessions::close(handle);
            break;
        }
        results = execute(&action["batch"]);
    }
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    let requests = std::fs::read_to_string(&llm.2).map(|t| t.lines().map(String::from).collect()).unwrap_or_default();
    std::fs::remove_dir_all(&out).ok();
    (report, requests)
}

#[test]
fn javac_errors_read_as_the_bridge_reports_them() {
    let stderr = "/tmp/x/T.java:7: error: cannot find symbol\n        SecretKey k = null;\n        ^\n  symbol:   \
                  class SecretKey\n  location: class T\n1 error\n";
    let d = parse_javac(stderr);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0]["line"].as_u64(), d[0]["column"].as_u64()), (Some(7), Some(9)));
    assert_eq!(d[0]["message"], "cannot find symbol\n  symbol:   class SecretKey\n  location: class T");
}

#[test]
fn the_hand_written_aes_conversation_replays_through_javac_and_junit() {
    // Not a model's replies: the check that this file's executor compiles and runs as the bridge does.
    let settings = json!({"couplingRanking": "algorithm1", "maxPairsPerTarget": "2", "amplificationInputs": "10"});
    let (report, requests) = replay("aes-example.json", "aes", "com.acme.crypto.AESEncryption#encryptText", settings);
    let candidates = report["targets"][0]["candidates"].as_array().unwrap();
    let valid = &candidates[0];
    assert_eq!(
        (valid["firstReplyCompiled"].as_bool(), valid["compiled"].as_bool()),
        (Some(false), Some(true)),
        "{valid}"
    );
    assert_eq!(valid["status"], "kept", "{valid}");
    assert_eq!(candidates[1]["status"], "kept", "without the mutation check the abecedarium MR passes somewhere");
    // The abecedarium MR fails on its one input at the trial: asked once to correct it, the script
    // answers the same relation, and no second round is spent on the same failing methods.
    assert_eq!(candidates[1]["refinements"], 1, "{}", candidates[1]);
    assert_eq!(requests.len(), 6, "2 generations, 2 refinements, 2 amplifications");
    // The real AES: the invalid MR holds for the 3 inputs without letters only (as generate.rs fakes it).
    assert!((candidates[1]["p"].as_f64().unwrap() - 3.0 / 11.0).abs() < 1e-9, "{}", candidates[1]);
}

/// A hand-written reply (no model wrote it): a test class in a code block.
fn hand_written(methods: &str) -> Value {
    let content = format!(
        "```java\npackage com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\nimport static \
         org.junit.jupiter.api.Assertions.*;\n\npublic class AesMrTest {{\n{methods}}}\n```"
    );
    json!({"content": content, "usage": {"prompt_tokens": 100, "completion_tokens": 50}})
}

/// A round-trip MTC method on `text` that uses `SecretKey`, which the class does not import.
fn round_trip(name: &str, text: &str) -> String {
    format!(
        "    @Test\n    void {name}() throws Exception {{\n        // MR: decryptText(encryptText(x, k), k) equals x\n        \
         SecretKey key = AESEncryption.getSecretEncryptionKey();\n        \
         assertEquals({text}, AESEncryption.decryptText(AESEncryption.encryptText({text}, key), key));\n    }}\n"
    )
}

#[test]
fn an_import_repair_saves_the_llm_round_and_a_bad_input_costs_only_itself() {
    let dir = std::env::temp_dir().join(format!("mrc-hand-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("script.json");
    let amplified = [
        round_trip("mr1", "\"a\""),
        round_trip("mr1_input1", "\"\""),
        round_trip("mr1_input2", "\"\\u00e9\""),
        round_trip("mr1_input3", "x.toString()"),
    ]
    .concat();
    let exchanges = json!({"exchanges": [
        {"match": "apply each of its", "reply": hand_written(&amplified), "times": 1},
        {"match": "Your task: find metamorphic relations", "reply": hand_written(&round_trip("mr1", "\"a\"")), "times": 1},
    ]});
    std::fs::write(&script, exchanges.to_string()).unwrap();
    let settings = json!({"amplificationInputs": "3"});
    let (report, requests) =
        replay(script.to_str().unwrap(), "hand", "com.acme.crypto.AESEncryption#encryptText", settings);
    let c = &report["targets"][0]["candidates"][0];
    assert_eq!((c["firstReplyCompiled"].as_bool(), c["compiled"].as_bool()), (Some(false), Some(true)), "{c}");
    assert_eq!((c["importRepaired"].as_bool(), c["llmRoundsSaved"].as_u64()), (Some(true), Some(1)), "{c}");
    assert_eq!(c["refinements"], 0);
    assert_eq!(requests.len(), 2, "generation and amplification: no refinement round");
    // The amplified class: its SecretKey import repaired, the input that names an unknown `x` dropped.
    // The third comes from the built-in catalogue.
    let inputs = json!({"requested": 3, "perRelation": {"mr1": 2}, "reasked": false, "fromCatalogue": {"mr1": 1}});
    assert_eq!(c["amplifiedInputs"], inputs, "{c}");
    assert_eq!(c["status"], "kept", "{c}");
    assert_eq!(c["relation"], "decryptText(encryptText(x, k), k) equals x");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_real_first_reply_gets_its_import_and_its_string_byte_mix_ups_converted() {
    // Qwen's first reply for encryptText ~ decryptText uses SecretKey without importing it, and
    // three of its five methods pass the byte[] cipher text where encryptText takes a String.
    // No LLM round here (refinementRounds=0): what the static repairs make of the reply alone.
    let settings = json!({"refinementRounds": "0", "amplification": "false"});
    let (report, requests) =
        replay("qwen-aes-example.json", "qwen-first", "com.acme.crypto.AESEncryption#encryptText", settings);
    let c = &report["targets"][0]["candidates"][0];
    assert_eq!(c["pair"], "decryptText(byte[], SecretKey)", "{c}");
    assert_eq!(requests.len(), 1);
    assert_eq!((c["firstReplyCompiled"].as_bool(), c["compiled"].as_bool()), (Some(false), Some(true)), "{c}");
    assert_eq!(c["importRepaired"], true, "SecretKey imported from the project's own imports");
    let code = c["code"].as_str().unwrap();
    assert!(code.contains("import javax.crypto.SecretKey;"), "{code}");
    // Its mr3 repeats mr1's body under another `// MR:` line: one MTC method, not two.
    let notes = c["notes"].to_string();
    assert!(notes.contains("copies in the reply: copy of mr1: mr3"), "{notes}");
    // The three that pass the byte[] cipher text for a String now compile (converted in UTF-8),
    // and fail when run, as encrypting a cipher text's characters must: left out, with a triage.
    assert!(notes.contains("String/byte[] in UTF-8"), "{notes}");
    assert!(
        notes.contains(
            "relation(s) left out by the filter: mr2 (failsOnOriginal), mr4 (failsOnOriginal), mr5 (failsOnOriginal)"
        ),
        "{notes}"
    );
    assert_eq!(c["triage"].as_array().map(Vec::len), Some(3), "{c}");
    assert_eq!(c["keptMethods"], json!(["mr1"]), "{c}");
    assert_eq!(c["status"], "kept", "{c}");
    // The relation is the MTC's own `// MR:` line, never the reply's prose or the template's text.
    assert!(c["relation"].as_str().unwrap().starts_with("decode(encode(x)) equals x"), "{}", c["relation"]);
}

#[test]
fn a_real_conversation_its_static_repairs_and_its_copied_inputs() {
    // Qwen's whole conversation for encryptText ~ decryptText. Its first reply compiles after the
    // static repairs alone (SecretKey imported, three byte[]-for-String mix-ups converted), so the
    // refinement round it once cost is saved. Its amplification writes mr1_input1..5, each a copy
    // of mr1 with the same "Hello AES!", and leaves out mr2, mr4 and mr5 (put back): no new input,
    // so the missing ones are asked for once, as values alone. Its reply (recorded 2026-11-29)
    // fills the labelled lines with `=` for `:`; one value per relation is an int where a String
    // goes (that copy does not compile and is dropped). The built-in catalogue gives the rest.
    let (report, requests) =
        replay("qwen-aes-example.json", "qwen-all", "com.acme.crypto.AESEncryption#encryptText", json!({}));
    let c = &report["targets"][0]["candidates"][0];
    assert_eq!(requests.len(), 3, "generation, amplification, the one re-ask: no refinement round");
    assert!(requests[2].contains("mr1_input1 (empty):\\nmr1_input1 (non-ASCII):"), "{}", requests[2]);
    assert_eq!((c["refinements"].as_u64(), c["llmRoundsSaved"].as_u64()), (Some(0), Some(1)), "{c}");
    assert_eq!((c["importRepaired"].as_bool(), c["compiled"].as_bool()), (Some(true), Some(true)), "{c}");
    let inputs = &c["amplifiedInputs"];
    assert_eq!((inputs["requested"].as_u64(), inputs["reasked"].as_bool()), (Some(20), Some(true)), "{c}");
    assert_eq!(inputs["perRelation"]["mr1"], 4, "the model's own values: {c}");
    assert_eq!(inputs["fromCatalogue"]["mr1"], 1, "{c}");
    let notes = c["notes"].to_string();
    assert!(notes.contains("the amplified class left out mr2, mr4, mr5: put back as they were"), "{notes}");
    assert!(notes.contains("0 of 20 amplified input(s) survived; asked the LLM once more"), "{notes}");
    assert!(notes.contains("the LLM listed 20 new source-input value(s)"), "{notes}");
    assert!(notes.contains("MR-Coupler added mr1 (+1)"), "{notes}");
    let code = c["code"].as_str().unwrap();
    assert!(code.contains("String plainText = \"!@#$%^&*()_+\";"), "a value the model listed: {code}");
    assert!(c["relation"].as_str().unwrap().starts_with("decode(encode(x)) equals x"), "{}", c["relation"]);
    assert_eq!(c["status"], "kept", "{c}");
    // mr1, renamed mr1_input1 by the amplification, is still judged as a relation of its own.
    let kept = c["keptMethods"].to_string();
    assert!(kept.contains("\"mr1_input1\"") && kept.contains("mr1_input2") && !kept.contains("mr2"), "{kept}");
    assert_eq!(c["keptMethods"].as_array().map(Vec::len), Some(6), "{c}");
}

#[test]
fn a_real_conversation_with_the_prompt_that_names_the_pair() {
    // Qwen's conversation for encryptText ~ decryptText with the template naming the pair's
    // methods and types: no invented `encode`/`decode` any more, but the `// MR:` line copied from
    // the template's placeholder (the relation is then read off the assertion); SecretKey imported
    // statically (no refinement round); an amplification that repeats its inputs under new names
    // and leaves out mr2 and mr3 (put back), so the re-ask asks for values alone: its reply
    // (recorded 2026-11-29) fills every labelled line, five new texts per relation.
    let (report, requests) =
        replay("qwen-aes-example-named.json", "qwen-named", "com.acme.crypto.AESEncryption#encryptText", json!({}));
    let c = &report["targets"][0]["candidates"][0];
    assert_eq!(requests.len(), 3, "generation, amplification, the one re-ask");
    assert_eq!((c["refinements"].as_u64(), c["llmRoundsSaved"].as_u64()), (Some(0), Some(1)), "{c}");
    let code = c["code"].as_str().unwrap();
    assert!(!code.contains("encode(") && !code.contains("decode("), "no invented methods: {code}");
    assert!(code.contains("String plainText = \" Hello AES! \";"), "spaces make another text: {code}");
    // mr3 asserts `rotateDefaultKey()` alone, nothing encryptText did: no relation of the pair,
    // so no MTC method (`mtc::asserts_on_target`), and no relation to amplify.
    assert_eq!(c["amplifiedInputs"]["perRelation"], json!({"mr1": 5, "mr2": 5}), "{c}");
    assert!(c["methods"].as_array().is_some_and(|m| m.iter().any(|m| m["name"] == "mr3" && m["mtc"] == false)));
    assert!(c["notes"].to_string().contains("the amplified class left out mr2, mr3: put back as they were"), "{c}");
    assert_round_trip_kept(c);
    // Its mr2 compares two byte[] with assertEquals: it fails for every input. Judged on its own
    // relation's pass rate (not the class's 55%, which mr1 lifts), it is a wrong relation, not a bug.
    let verdicts: Vec<&str> = c["triage"].as_array().unwrap().iter().map(|t| t["verdict"].as_str().unwrap()).collect();
    assert!(!verdicts.is_empty() && verdicts.iter().all(|v| *v == "likelyWrongRelation"), "{verdicts:?}");
    assert_eq!(report["suspectedBugs"].as_array().map(Vec::len).unwrap_or(0), 0, "{}", report["suspectedBugs"]);
}

#[test]
fn a_real_conversation_with_the_prompt_that_names_the_catalogues_relation() {
    // Qwen's conversation for encryptText ~ decryptText with the prompt naming the relation the
    // built-in catalogue finds for the pair: it implements that round trip (still copying the
    // template's `// MR:` placeholder, so the relation is read off the assertion); SecretKey
    // imported statically (no refinement round); an amplification that only copies the first
    // input, then the re-ask for values alone, whose reply (recorded 2026-11-29) gives five.
    let (report, requests) = replay(
        "qwen-aes-example-relations.json",
        "qwen-relations",
        "com.acme.crypto.AESEncryption#encryptText",
        json!({}),
    );
    assert_eq!(requests.len(), 3, "generation, amplification, the one re-ask");
    assert!(requests[0].contains("- `decryptText(encryptText(x, ...), ...) = x`"), "{}", requests[0]);
    let c = &report["targets"][0]["candidates"][0];
    assert_eq!((c["refinements"].as_u64(), c["llmRoundsSaved"].as_u64()), (Some(0), Some(1)), "{c}");
    assert_round_trip_kept(c);
    assert_eq!(c["amplifiedInputs"]["perRelation"]["mr1"], 5, "{c}");
    assert!(c["amplifiedInputs"].get("fromCatalogue").is_none(), "the catalogue adds none: {c}");
}

/// A candidate whose relation, read off its assertion (the model copied the `// MR:`
/// placeholder), is the example's round trip, kept.
fn assert_round_trip_kept(c: &Value) {
    let relation = c["relation"].as_str().unwrap();
    assert!(
        relation.starts_with("asserted: decryptText(encryptText(plainText, secKey), secKey) equals plainText"),
        "{relation}"
    );
    assert_eq!(c["status"], "kept", "{c}");
}
