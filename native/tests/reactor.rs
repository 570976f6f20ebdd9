//! Targets given at the root of a multi-module build: each module works on those it contains, a
//! module with none is skipped with one line, and a target no module contains fails once, in the
//! last module, naming the modules searched and the closest names across all of them.

use mr_coupler::pipeline::sessions;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// A build of three modules, each with one class: crypto (Aes), text (Words), app (Main, last).
struct Build(PathBuf);

impl Build {
    fn new(name: &str) -> Build {
        let root = std::env::temp_dir().join(format!("mrc-reactor-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let class = |module: &str, class: &str, body: &str| {
            let dir = root.join(module).join("src/main/java/com/acme");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(
                dir.join(format!("{class}.java")),
                format!("package com.acme;\npublic class {class} {{\n{body}\n}}\n"),
            )
            .unwrap();
        };
        class(
            "crypto",
            "Aes",
            "public static String encrypt(String s) { return s + \"!\"; }\n\
             public static String decrypt(String s) { return s.substring(0, s.length() - 1); }",
        );
        class("text", "Words", "public static int count(String s) { return s.split(\" \").length; }");
        class("app", "Main", "public static void main(String[] args) { }");
        Build(root)
    }

    fn roots(&self, module: &str) -> Vec<PathBuf> {
        vec![self.0.join(module).join("src/main/java")]
    }

    /// A couplings session in `module`, each module given `targets` (as from the root) unless
    /// `own` gives a module's own.
    fn config(&self, module: &str, targets: &str, own: &[(&str, &str)]) -> String {
        let of = |m: &str| own.iter().find(|(name, _)| *name == m).map_or(targets, |(_, t)| *t);
        let reactor: Vec<Value> = ["crypto", "text", "app"]
            .iter()
            .map(|m| json!({"name": m, "dir": self.0.join(m), "sourceRoots": self.roots(m), "targets": of(m)}))
            .collect();
        json!({
            "version": 1, "mode": "couplings", "projectName": module, "projectDir": self.0.join(module),
            "sourceRoots": self.roots(module), "outputDir": self.0.join(module).join("target/mr-coupler"),
            "targets": of(module), "reactor": reactor,
        })
        .to_string()
    }
}

impl Drop for Build {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The first action of a session, or the error it opened with.
fn first_action(config: &str) -> Result<Value, String> {
    let handle = sessions::open(config).map_err(|e| e.to_string())?;
    let action = sessions::next(handle, r#"{"version":1}"#).map_err(|e| e.to_string());
    sessions::close(handle);
    Ok(serde_json::from_str(&action?).unwrap())
}

fn messages(action: &Value) -> Vec<String> {
    action["log"].as_array().unwrap().iter().map(|l| l["message"].as_str().unwrap().to_string()).collect()
}

fn couplings_written(build: &Build, module: &str) -> bool {
    Path::new(&build.0.join(module).join("target/mr-coupler/couplings.json")).is_file()
}

#[test]
fn each_module_works_on_the_targets_it_contains_and_the_others_are_skipped_with_one_line() {
    let build = Build::new("share");
    let targets = "com.acme.Aes#encrypt";

    let crypto = first_action(&build.config("crypto", targets, &[])).unwrap();
    let text = first_action(&build.config("text", targets, &[])).unwrap();
    let app = first_action(&build.config("app", targets, &[])).unwrap();

    assert_eq!(crypto["kind"], "done");
    assert!(couplings_written(&build, "crypto"));
    for (module, action) in [("text", &text), ("app", &app)] {
        assert_eq!(action["kind"], "done", "{action}");
        assert_eq!(
            messages(action),
            vec![format!("MR-Coupler in {module}: skipped: none of the targets is in this module")]
        );
        assert_eq!(action["progress"]["message"], "skipped: none of the targets is in this module");
        assert!(!couplings_written(&build, module));
    }
}

#[test]
fn a_target_in_no_module_fails_once_in_the_last_module_with_the_closest_names_of_all() {
    let build = Build::new("unknown");
    let targets = "com.acme.Aes#encrypt, com.acme.Wrds#count";

    let crypto = first_action(&build.config("crypto", targets, &[])).unwrap();
    let text = first_action(&build.config("text", targets, &[])).unwrap();
    let app = first_action(&build.config("app", targets, &[]));

    assert!(couplings_written(&build, "crypto"), "the modules before the last do their share");
    let warning = "target `com.acme.Wrds#count` is in no module of this build; the build fails at its end, in app";
    assert!(messages(&crypto).iter().any(|l| l == warning), "{crypto}");
    assert!(messages(&text)[0].ends_with("skipped: none of the targets is in this module"), "{text}");
    let error = app.expect_err("the last module fails the build");
    assert!(
        error.starts_with(
            "unknown target `com.acme.Wrds#count`: no class `com.acme.Wrds` in any module of the build (searched crypto, text, app). Closest classes: com.acme.Words (in text)"
        ),
        "{error}"
    );
}

#[test]
fn a_module_without_targets_of_its_own_is_skipped_and_a_wrong_method_names_its_module() {
    let build = Build::new("own");
    let own = [("crypto", "com.acme.Aes#encrypt"), ("text", "com.acme.Words#cont"), ("app", "")];

    let crypto = first_action(&build.config("crypto", "", &own)).unwrap();
    let app = first_action(&build.config("app", "", &own));

    assert!(couplings_written(&build, "crypto"), "{crypto}");
    let error = app.expect_err("text's target names no method of Words");
    assert!(error.starts_with("in module text: unknown target `com.acme.Words#cont`"), "{error}");
    assert!(error.contains("Closest methods: count(String)"), "{error}");
    let fine = [("crypto", "com.acme.Aes#encrypt"), ("text", ""), ("app", "")];
    let app = first_action(&build.config("app", "", &fine)).unwrap();
    assert_eq!(messages(&app), vec!["MR-Coupler in app: skipped: no targets given for this module".to_string()]);
}

#[test]
fn a_single_project_keeps_the_plain_rule_every_target_must_be_in_it() {
    let build = Build::new("single");
    let mut config: Value = serde_json::from_str(&build.config("text", "com.acme.Aes#encrypt", &[])).unwrap();
    config["reactor"] = json!([]);

    let error = first_action(&config.to_string()).expect_err("not in this project");

    assert!(
        error.starts_with("unknown target `com.acme.Aes#encrypt`: no class `com.acme.Aes` under the source roots"),
        "{error}"
    );
}

#[test]
fn the_gate_of_a_module_without_kept_mtcs_passes_while_another_has_some_and_fails_once_when_none_has() {
    let build = Build::new("gate");
    let check = |module: &str| -> Value {
        let mut config: Value = serde_json::from_str(&build.config(module, "", &[])).unwrap();
        config["mode"] = "check".into();
        first_action(&config.to_string()).unwrap()
    };

    let text_alone = check("text");
    let app_alone = check("app");
    let kept = build.0.join("crypto/src/test/mr-coupler/com/acme/Aes_encrypt_MTC1Test.java");
    std::fs::create_dir_all(kept.parent().unwrap()).unwrap();
    std::fs::write(&kept, "package com.acme;\npublic class Aes_encrypt_MTC1Test { }\n").unwrap();
    let app = check("app");

    assert_eq!(text_alone["verdict"], Value::Null, "not the last module: {text_alone}");
    assert!(
        messages(&text_alone)[0].starts_with("MR-Coupler in text: nothing to check in this module"),
        "{text_alone}"
    );
    assert_eq!(app_alone["verdict"]["failBuild"], true, "no module has a kept MTC: {app_alone}");
    assert!(app_alone["verdict"]["message"].as_str().unwrap().starts_with("nothing to check"), "{app_alone}");
    assert_eq!(app["verdict"], Value::Null, "crypto has one: {app}");
}
