//! A whole couplings session through the API the JNI file calls: JSON in, JSON out, files written.

mod common;

use common::fixture_path;
use mr_coupler::pipeline::sessions;
use serde_json::Value;

fn config(targets: &str, out: &std::path::Path) -> String {
    serde_json::json!({
        "version": 1,
        "mode": "couplings",
        "projectName": "fixtures",
        "projectDir": fixture_path(""),
        "sourceRoots": [fixture_path(""), "/nonexistent/src/main/java"],
        "testSourceRoots": [],
        "outputDir": out,
        "targets": targets,
    })
    .to_string()
}

/// Run a couplings session to its end: the log lines and couplings.json.
fn run(config: &str, out: &std::path::Path) -> (Vec<String>, Value) {
    let handle = sessions::open(config).unwrap();
    let action: Value = serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    sessions::close(handle);
    assert_eq!(action["kind"], "done");
    assert_eq!(action["progress"]["targetsTotal"], 2);
    let log = action["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().to_string()).collect();
    let report = serde_json::from_str(&std::fs::read_to_string(out.join("couplings.json")).unwrap()).unwrap();
    (log, report)
}

const TARGETS: &str = "com.acme.AESEncryption#encryptText, com.acme.ElementStore#insertElement";

#[test]
fn couplings_session_writes_the_report_and_says_done() {
    let out = std::env::temp_dir().join(format!("mrc-session-{}", std::process::id()));
    let (log, report) = run(&config(TARGETS, &out), &out);
    assert!(log.iter().any(|l| l.contains("/nonexistent/src/main/java does not exist")), "{log:?}");
    // Ranked (the default): the private helper, the constructor and the constant `keyLength()`
    // are no candidates.
    assert!(
        log.iter().any(|l| l
            .starts_with("com.acme.AESEncryption#encryptText(String, SecretKey): 2 candidates, 2 coupled (ranked)")),
        "{log:?}"
    );
    let first =
        log.iter().find(|l| l.starts_with("  1. decryptText(byte[], SecretKey)  score ")).expect("decryptText first");
    assert!(
        first.contains("inverse names (encrypt/decrypt)") && first.contains("round trip (byte[], String)"),
        "{first}"
    );
    assert!(
        log.iter().any(|l| l.contains("isEmpty()") && l.contains("data dependency (elements via size)")),
        "{log:?}"
    );

    let aes = &report["targets"][0];
    assert_eq!(aes["class"], "com.acme.AESEncryption");
    assert_eq!(aes["method"], "encryptText");
    assert_eq!(aes["params"], serde_json::json!(["String", "SecretKey"]));
    assert_eq!(aes["ranking"], "ranked");
    let decrypt = &aes["coupled"][0];
    assert_eq!(decrypt["method"], "decryptText");
    let kinds: Vec<&str> =
        decrypt["features"].as_array().unwrap().iter().map(|f| f["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["sharedNameAndType", "complementaryNames", "typeFlow", "sharedInvokedApi", "observableResult", "publicApi"]
    );
    assert_eq!(decrypt["features"][1]["evidence"]["words"], serde_json::json!(["encrypt", "decrypt"]));
    assert_eq!(decrypt["features"][2]["evidence"]["direction"], "both");
    let sum: f64 = decrypt["features"].as_array().unwrap().iter().map(|f| f["score"].as_f64().unwrap()).sum();
    assert!((sum - decrypt["score"].as_f64().unwrap()).abs() < 0.05, "the features' scores add up: {decrypt}");
    let store = &report["targets"][1];
    assert!(store["coupled"].as_array().unwrap().iter().any(|c| c["method"] == "getElements"));
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn the_algorithm1_setting_runs_the_papers_algorithm_unchanged() {
    let out = std::env::temp_dir().join(format!("mrc-session-a1-{}", std::process::id()));
    let mut config: Value = serde_json::from_str(&config(TARGETS, &out)).unwrap();
    config["settings"] = serde_json::json!({"couplingRanking": "algorithm1"});
    let (log, report) = run(&config.to_string(), &out);
    assert!(
        log.iter().any(|l| l.starts_with(
            "com.acme.AESEncryption#encryptText(String, SecretKey): 3 candidates, 1 coupled (algorithm1)"
        )),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.contains("1. decryptText(byte[], SecretKey)  score 3.50: shared name and type")),
        "{log:?}"
    );
    let aes = &report["targets"][0];
    assert_eq!(aes["ranking"], "algorithm1");
    assert_eq!(aes["candidates"], 3);
    assert_eq!(aes["coupled"][0]["method"], "decryptText");
    assert_eq!(aes["coupled"][0]["features"][0]["kind"], "sharedNameAndType");
    assert_eq!(aes["coupled"][0]["features"][1]["evidence"]["apis"][1], "Cipher.getInstance");
    let store = &report["targets"][1];
    assert!(store["coupled"].as_array().unwrap().iter().any(|c| c["method"] == "getElements"));
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn an_unknown_coupling_ranking_is_an_error_naming_the_setting() {
    let out = std::env::temp_dir();
    let mut config: Value = serde_json::from_str(&config(TARGETS, &out)).unwrap();
    config["settings"] = serde_json::json!({"couplingRanking": "best"});
    let err = sessions::open(&config.to_string()).unwrap_err().to_string();
    assert!(err.contains("couplingRanking") && err.contains("ranked") && err.contains("algorithm1"), "{err}");
}

#[test]
fn bad_input_is_an_error_with_a_message_never_a_panic() {
    let out = std::env::temp_dir();
    let err = sessions::open("{not json").unwrap_err().to_string();
    assert!(err.contains("cannot read"), "{err}");
    let err = sessions::open(&config("", &out)).unwrap_err().to_string();
    assert!(err.contains("no target methods were given"), "{err}");
    // A setting the user typed is named as the build property they set.
    let mut bad: Value = serde_json::from_str(&config("com.acme.Counter", &out)).unwrap();
    bad["buildTool"] = "maven".into();
    bad["settings"] = serde_json::json!({"llm.baseUrl": "http://localhost:11434/v1"});
    let err = sessions::open(&bad.to_string()).unwrap_err().to_string();
    assert!(err.starts_with("the setting llm.model is missing: mrcoupler.llm.baseUrl is set"), "{err}");
    assert!(err.contains("Set mrcoupler.llm.model with -Dmrcoupler.llm.model"), "{err}");
    bad["buildTool"] = "gradle".into();
    bad["settings"] = serde_json::json!({"llm.model": "qwen", "llm.baseUrl": "u", "mutationScope": "bad"});
    let err = sessions::open(&bad.to_string()).unwrap_err().to_string();
    assert!(err.starts_with("the setting mrcoupler.mutationScope is 'bad', which is not one of pair, class."), "{err}");
    assert!(err.contains("-Pmrcoupler.mutationScope (or mutationScope in mrCoupler { })"), "{err}");
    // A plugin of another release: settings outside `settings`, or a name the core does not know.
    bad["settings"] = serde_json::json!({});
    bad["generation"] = serde_json::json!({"amplificationInputs": 10});
    let err = sessions::open(&bad.to_string()).unwrap_err().to_string();
    assert!(
        err.starts_with("the build plugin sent a session configuration the core cannot read: unknown field"),
        "{err}"
    );
    bad.as_object_mut().unwrap().remove("generation");
    bad["buildTool"] = "maven".into();
    bad["settings"] = serde_json::json!({"amplificationInput": "10"});
    let err = sessions::open(&bad.to_string()).unwrap_err().to_string();
    assert!(err.contains("mrcoupler.amplificationInput, which is not a setting of this core"), "{err}");
    assert!(err.ends_with("Did you mean mrcoupler.amplificationInputs?"), "{err}");
    // export copies into the first test source root; the core says when there is none.
    bad["mode"] = "generate".into();
    bad["settings"] = serde_json::json!({"export": "true"});
    let err = sessions::open(&bad.to_string()).unwrap_err().to_string();
    assert!(err.starts_with("mrcoupler.export is set, but the project has no test source root"), "{err}");
    let handle = sessions::open(&config("com.acme.Nope#x", &out)).unwrap();
    let err = sessions::next(handle, r#"{"version":1}"#).unwrap_err().to_string();
    assert!(err.contains("unknown target `com.acme.Nope#x`"), "{err}");
    let err = sessions::next(handle, r#"{"version":2}"#).unwrap_err().to_string();
    assert!(err.contains("protocol version 2"), "{err}");
    let err = sessions::next(987654, r#"{"version":1}"#).unwrap_err().to_string();
    assert!(err.contains("no open MR-Coupler session"), "{err}");
}

#[test]
fn a_gradle_property_that_is_no_setting_is_a_warning_naming_the_closest() {
    let out = std::env::temp_dir().join(format!("mrc-session-unknown-{}", std::process::id()));
    let mut config: Value = serde_json::from_str(&config("com.acme.AESEncryption#encryptText", &out)).unwrap();
    config["buildTool"] = "gradle".into();
    config["settings"] = serde_json::json!({"maxPairPerTarget": "2"});
    let handle = sessions::open(&config.to_string()).unwrap();
    let action: Value = serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    sessions::close(handle);
    assert_eq!(action["kind"], "done");
    assert_eq!(action["log"][0]["level"], "warn");
    assert_eq!(
        action["log"][0]["message"],
        "-Pmrcoupler.maxPairPerTarget is not an MR-Coupler setting and is ignored. Did you mean \
         mrcoupler.maxPairsPerTarget?"
    );
    std::fs::remove_dir_all(&out).ok();
}

/// Stand-in for the executor: compile the batch's replacement with javac, report like the bridge.
fn compile_like_the_executor(batch: &Value, work: &std::path::Path) -> Value {
    let replacement = &batch["replacements"][0];
    let path = replacement["path"].as_str().unwrap();
    let file = work.join("src").join(path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, replacement["content"].as_str().unwrap()).unwrap();
    let switch = fixture_path("mutation/io/mrcoupler/runtime/MutantSwitch.java");
    let out = std::process::Command::new("javac")
        .args(["-nowarn", "-proc:none", "-d"])
        .arg(work.join("classes"))
        .arg(&file)
        .arg(&switch)
        .output()
        .expect("javac");
    serde_json::json!({
        "version": 1,
        "batchId": batch["id"],
        "compilation": [{"path": path, "success": out.status.success(), "diagnostics": []}],
        "runs": [],
    })
}

#[test]
fn mutants_session_compiles_each_schemata_through_the_executor_and_recovers() {
    let out = std::env::temp_dir().join(format!("mrc-mutants-{}", std::process::id()));
    let mut config: Value = serde_json::from_str(&config("com.acme.Calc", &out)).unwrap();
    config["mode"] = "mutants".into();
    config["sourceRoots"] = serde_json::json!([fixture_path("mutation")]);
    config["settings"] = serde_json::json!({"mutationScope": "class", "exportMutants": "true"});
    let handle = sessions::open(&config.to_string()).unwrap();

    let first: Value = serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    assert_eq!(first["kind"], "execute");
    let batch = &first["batch"];
    assert_eq!(batch["replacements"][0]["path"], "com/acme/Calc.java");
    assert!(batch["runs"].as_array().unwrap().is_empty(), "compile only");
    // Round 1: pretend line 10 (`return a + b;`, 5 mutants) failed to compile.
    let failed = serde_json::json!({
        "version": 1, "batchId": batch["id"],
        "compilation": [{"path": "com/acme/Calc.java", "success": false,
                          "diagnostics": [{"kind": "error", "line": 10, "column": 9, "message": "bad operand types"}]}],
    });
    let second: Value = serde_json::from_str(&sessions::next(handle, &failed.to_string()).unwrap()).unwrap();
    assert_eq!(second["kind"], "execute", "a new round with the line's mutants dropped");
    assert!(!second["batch"]["replacements"][0]["content"].as_str().unwrap().contains("ID == 1 ?"));

    let work = out.join("work");
    let results = compile_like_the_executor(&second["batch"], &work);
    let done: Value = serde_json::from_str(&sessions::next(handle, &results.to_string()).unwrap()).unwrap();
    sessions::close(handle);
    assert_eq!(done["kind"], "done", "{done}");
    let log: Vec<&str> = done["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(log.iter().any(|l| l.contains("schemata compiled in 2 round(s)")), "{log:?}");

    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("mutants/summary.json")).unwrap()).unwrap();
    let calc = &summary["classes"][0];
    assert_eq!(calc["class"], "com.acme.Calc");
    let generated = calc["generated"].as_u64().unwrap();
    assert_eq!(calc["compiled"].as_u64().unwrap(), generated - 5);
    assert_eq!(calc["byOperator"]["AOR"]["dropped"], 4, "a + b's four AOR mutants went with line 10");
    let log = std::fs::read_to_string(out.join("mutants/com.acme.Calc/mutants.log")).unwrap();
    assert_eq!(log.lines().count() as u64, generated - 5);
    assert!(out.join("mutants/com.acme.Calc/Calc.java").is_file());
    let first_id = log.lines().next().unwrap().split(':').next().unwrap();
    assert!(out.join(format!("mutants/com.acme.Calc/mutants/{first_id}/com/acme/Calc.java")).is_file());
    std::fs::remove_dir_all(&out).ok();
}

const KEPT: &str = "package com.acme.crypto;\n\nimport org.junit.jupiter.api.Test;\nimport static org.junit.jupiter.api.Assertions.*;\n\npublic class AESEncryption_encryptText_MTC1Test {\n    @Test\n    void mr1_roundTrip_input3() throws Exception {\n        String plainText = \"~!@#$%^&*()_+\";\n        assertEquals(plainText, AESEncryption.decryptText(AESEncryption.encryptText(plainText, AESEncryption.defaultKey), AESEncryption.defaultKey));\n    }\n}\n";

fn check_session(out: &std::path::Path, fail_on_violation: bool, passed: bool) -> Value {
    let dir = out.join("committed/com/acme/crypto");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("AESEncryption_encryptText_MTC1Test.java"), KEPT).unwrap();
    let mut config: Value = serde_json::from_str(&config("", out)).unwrap();
    config["mode"] = "check".into();
    config["settings"] = serde_json::json!({"failOnViolation": fail_on_violation.to_string(),
        "mtcDir": out.join("committed")});
    let handle = sessions::open(&config.to_string()).unwrap();
    let first: Value = serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    assert_eq!(first["kind"], "execute");
    assert_eq!(first["batch"]["runs"][0]["testClass"], "com.acme.crypto.AESEncryption_encryptText_MTC1Test");
    let test = if passed {
        serde_json::json!({"name": "mr1_roundTrip_input3()", "status": "passed", "durationMs": 3})
    } else {
        serde_json::json!({"name": "mr1_roundTrip_input3()", "status": "failed", "durationMs": 3,
            "message": "expected: <~!@#$%^&*()_+> but was: <~!@#$%^&*()_->", "exceptionType": "org.opentest4j.AssertionFailedError",
            "frames": ["com.acme.crypto.AESEncryption_encryptText_MTC1Test.mr1_roundTrip_input3(AESEncryption_encryptText_MTC1Test.java:10)"]})
    };
    let results = serde_json::json!({"version": 1, "batchId": first["batch"]["id"],
        "compilation": [{"path": "com/acme/crypto/AESEncryption_encryptText_MTC1Test.java", "success": true, "diagnostics": []}],
        "runs": [{"testClass": "com.acme.crypto.AESEncryption_encryptText_MTC1Test", "mutant": 0, "ran": true, "durationMs": 9, "tests": [test]}]});
    let done: Value = serde_json::from_str(&sessions::next(handle, &results.to_string()).unwrap()).unwrap();
    sessions::close(handle);
    done
}

#[test]
fn the_gate_fails_the_build_naming_the_violated_relation_its_inputs_and_assertion() {
    let out = std::env::temp_dir().join(format!("mrc-check-{}", std::process::id()));
    let done = check_session(&out, true, false);
    let verdict = &done["verdict"];
    assert_eq!(verdict["failBuild"], true);
    let message = verdict["message"].as_str().unwrap();
    assert!(message.contains("1 kept metamorphic relation(s) violated"), "{message}");
    assert!(message.contains("AESEncryption_encryptText_MTC1Test.mr1_roundTrip_input3"), "{message}");
    assert!(message.contains("String plainText = \"~!@#$%^&*()_+\";"), "the inputs: {message}");
    assert!(message.contains("assertion failed: expected: <~!@#$%^&*()_+> but was"), "{message}");
    let xml =
        std::fs::read_to_string(out.join("check-reports/TEST-com.acme.crypto.AESEncryption_encryptText_MTC1Test.xml"))
            .unwrap();
    assert!(
        xml.contains("failures=\"1\"") && xml.contains("<failure message=\"expected: &lt;~!@#$%^&amp;*()_+&gt;"),
        "{xml}"
    );

    assert_eq!(check_session(&out, false, false)["verdict"]["failBuild"], false, "failOnViolation=false only reports");
    let passing = check_session(&out, true, true);
    assert_eq!(passing["verdict"]["failBuild"], false);
    assert!(passing["verdict"]["message"].as_str().unwrap().contains("all 1 kept metamorphic relation(s) hold"));
    std::fs::remove_dir_all(&out).ok();
}

fn git(dir: &std::path::Path, args: &[&str]) {
    let ok = std::process::Command::new("git").arg("-C").arg(dir).args(args).output().unwrap().status.success();
    assert!(ok, "git {args:?}");
}

#[test]
fn since_generates_for_the_methods_changed_since_a_revision_before_checking() {
    let repo = std::env::temp_dir().join(format!("mrc-since-{}", std::process::id()));
    let src = repo.join("src/main/java/com/acme");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::copy(fixture_path("com/acme/Counter.java"), src.join("Counter.java")).unwrap();
    git(&repo, &["init", "-q"]);
    git(&repo, &["-c", "user.email=t@t", "-c", "user.name=t", "add", "."]);
    git(&repo, &["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "start"]);
    let mut config: Value = serde_json::from_str(&config("", &repo.join("target"))).unwrap();
    config["mode"] = "check".into();
    config["projectDir"] = repo.to_str().unwrap().into();
    config["sourceRoots"] = serde_json::json!([repo.join("src/main/java")]);
    config["settings"] = serde_json::json!({"since": "HEAD"});

    // Nothing changed: straight to the check, which finds nothing kept.
    let handle = sessions::open(&config.to_string()).unwrap();
    let done: Value = serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    let log: Vec<&str> = done["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(log.contains(&"0 method(s) changed since HEAD"), "{log:?}");

    // Change current(): generation for it comes first (here by the built-in generator: no LLM).
    let file = src.join("Counter.java");
    let changed = std::fs::read_to_string(&file).unwrap().replace("return count;", "return count + 0;");
    std::fs::write(&file, changed).unwrap();
    let handle = sessions::open(&config.to_string()).unwrap();
    let first: Value = serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    sessions::close(handle);
    let log: Vec<&str> = first["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(log.iter().any(|l| l.starts_with("1 method(s) changed since HEAD: generating")), "{log:?}");
    assert!(log.iter().any(|l| l.starts_with("No LLM is configured: the built-in generator")), "{log:?}");
    assert_eq!(first["kind"], "execute", "generation's first batch: the schemata of Counter");
    assert_eq!(first["batch"]["replacements"][0]["path"], "com/acme/Counter.java");
    let err = sessions::open(&{
        config["settings"]["since"] = "no-such-revision".into();
        config.to_string()
    })
    .and_then(|h| sessions::next(h, r#"{"version":1}"#))
    .unwrap_err()
    .to_string();
    assert!(err.contains("no-such-revision") && err.contains("git checkout"), "{err}");
    std::fs::remove_dir_all(&repo).ok();
}

#[test]
fn the_ranked_session_reads_superclasses_and_the_tests_that_use_the_class() {
    let out = std::env::temp_dir().join(format!("mrc-session-ranked-{}", std::process::id()));
    let config = serde_json::json!({
        "version": 1, "mode": "couplings", "projectDir": fixture_path("ranked"),
        "sourceRoots": [fixture_path("ranked/main")], "testSourceRoots": [fixture_path("ranked/test")],
        "outputDir": out, "targets": "com.acme.store.CountingStore#addTwice, com.acme.codec.Codec#encode",
    });
    let handle = sessions::open(&config.to_string()).unwrap();
    let action: Value = serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    sessions::close(handle);
    let log: Vec<&str> = action["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap()).collect();
    assert!(log.iter().any(|l| l.contains("contains(E) [from BaseStore]  score ")), "{log:?}");
    assert!(log.iter().any(|l| l.contains("1. decode(byte[])") && l.contains("co-used in 1 test(s)")), "{log:?}");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(out.join("couplings.json")).unwrap()).unwrap();
    let store = &report["targets"][0];
    let contains = store["coupled"].as_array().unwrap().iter().find(|c| c["method"] == "contains").unwrap();
    assert_eq!(contains["declaredIn"], "com.acme.base.BaseStore");
    let decode = &report["targets"][1]["coupled"][0];
    let usage = decode["features"].as_array().unwrap().iter().find(|f| f["kind"] == "coUsage").unwrap();
    assert_eq!(usage["group"], "usage");
    assert_eq!(usage["evidence"]["tests"], serde_json::json!(["CodecTest.roundTrip"]));
    std::fs::remove_dir_all(&out).ok();
}
