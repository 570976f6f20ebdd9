//! The couplings session from the command line, without Maven or Gradle: glue only.
//!   cargo run --release --example couplings -- <source-root>[:<source-root>...] <targets> [<output-dir>]
//! Environment: MRCOUPLER_TEST_ROOTS (colon-separated; the ranked mode's co-usage reads them),
//! MRCOUPLER_COUPLING_RANKING (`ranked` or `algorithm1`).

use mr_coupler::pipeline::sessions;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [roots, targets, rest @ ..] = args.as_slice() else {
        eprintln!("usage: couplings <source-root>[:<source-root>...] <targets> [<output-dir>]");
        return ExitCode::from(2);
    };
    let out = rest.first().cloned().unwrap_or_else(|| "target/mr-coupler".into());
    let test_roots = std::env::var("MRCOUPLER_TEST_ROOTS").unwrap_or_default();
    let ranking = std::env::var("MRCOUPLER_COUPLING_RANKING").unwrap_or_else(|_| "ranked".into());
    match couplings(roots, targets, &out, &test_roots, &ranking) {
        Ok(lines) => {
            lines.iter().for_each(|l| println!("{l}"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The couplings session's log lines, `[level] message`.
fn couplings(roots: &str, targets: &str, out: &str, test_roots: &str, ranking: &str) -> Result<Vec<String>, String> {
    let config = serde_json::json!({
        "version": 1, "mode": "couplings", "projectDir": ".", "outputDir": out, "targets": targets,
        "sourceRoots": roots.split(':').collect::<Vec<_>>(),
        "testSourceRoots": test_roots.split(':').filter(|r| !r.is_empty()).collect::<Vec<_>>(),
        "settings": {"couplingRanking": ranking},
    });
    let json = sessions::open(&config.to_string())
        .and_then(|h| sessions::next(h, r#"{"version":1}"#))
        .map_err(|e| e.to_string())?;
    let action: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    let lines = action["log"].as_array().into_iter().flatten();
    Ok(lines
        .map(|l| format!("[{}] {}", l["level"].as_str().unwrap_or(""), l["message"].as_str().unwrap_or("")))
        .collect())
}

#[cfg(test)]
mod tests {
    /// The README's command: the bundled example's encryptText and its inverse first.
    #[test]
    fn the_readme_command_prints_the_examples_couplings() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let out = std::env::temp_dir().join(format!("mrc-couplings-example-{}", std::process::id()));
        let roots = format!("{root}/example/src/main/java");
        let target = "com.acme.crypto.AESEncryption#encryptText";
        let lines = super::couplings(&roots, target, out.to_str().unwrap(), "", "ranked").unwrap();
        assert!(lines.iter().any(|l| l.contains("1. decryptText(byte[], SecretKey)")), "{lines:?}");
        std::fs::remove_dir_all(&out).ok();
    }
}
