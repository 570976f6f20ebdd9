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

#[test]
fn couplings_session_writes_the_report_and_says_done() {
    let out = std::env::temp_dir().join(format!("mrc-session-{}", std::process::id()));
    let handle = sessions::open(&config(
        "com.acme.AESEncryption#encryptText, com.acme.ElementStore#insertElement",
        &out,
    ))
    .unwrap();
    let action: Value =
        serde_json::from_str(&sessions::next(handle, r#"{"version":1}"#).unwrap()).unwrap();
    sessions::close(handle);
    assert_eq!(action["kind"], "done");
    assert_eq!(action["progress"]["targetsTotal"], 2);
    let log: Vec<&str> = action["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["message"].as_str().unwrap())
        .collect();
    assert!(
        log.iter()
            .any(|l| l.contains("/nonexistent/src/main/java does not exist")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.starts_with(
            "com.acme.AESEncryption#encryptText(String, SecretKey): 3 candidates, 1 coupled"
        )),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l.contains("1. decryptText(byte[], SecretKey)  shared name and type")),
        "{log:?}"
    );

    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("couplings.json")).unwrap())
            .unwrap();
    let aes = &report["targets"][0];
    assert_eq!(aes["class"], "com.acme.AESEncryption");
    assert_eq!(aes["method"], "encryptText");
    assert_eq!(aes["params"], serde_json::json!(["String", "SecretKey"]));
    assert_eq!(aes["candidates"], 3);
    assert_eq!(aes["coupled"][0]["method"], "decryptText");
    assert_eq!(
        aes["coupled"][0]["features"][0]["kind"],
        "sharedNameAndType"
    );
    assert_eq!(
        aes["coupled"][0]["features"][1]["evidence"]["apis"][1],
        "Cipher.getInstance"
    );
    let store = &report["targets"][1];
    assert_eq!(store["method"], "insertElement");
    assert!(store["coupled"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["method"] == "getElements"));
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn bad_input_is_an_error_with_a_message_never_a_panic() {
    let out = std::env::temp_dir();
    let err = sessions::open("{not json").unwrap_err().to_string();
    assert!(err.contains("cannot read"), "{err}");
    let err = sessions::open(&config("", &out)).unwrap_err().to_string();
    assert!(err.contains("no target methods were given"), "{err}");
    let handle = sessions::open(&config("com.acme.Nope#x", &out)).unwrap();
    let err = sessions::next(handle, r#"{"version":1}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown target `com.acme.Nope#x`"), "{err}");
    let err = sessions::next(handle, r#"{"version":2}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("protocol version 2"), "{err}");
    let err = sessions::next(987654, r#"{"version":1}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("no open MR-Coupler session"), "{err}");
}
