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
    let config = serde_json::json!({
        "version": 1, "mode": "couplings", "projectDir": ".", "outputDir": out, "targets": targets,
        "sourceRoots": roots.split(':').collect::<Vec<_>>(),
        "testSourceRoots": test_roots.split(':').filter(|r| !r.is_empty()).collect::<Vec<_>>(),
        "generation": {"couplingRanking": ranking},
    });
    let action = sessions::open(&config.to_string()).and_then(|h| sessions::next(h, r#"{"version":1}"#));
    match action {
        Ok(json) => {
            let action: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
            for line in action["log"].as_array().into_iter().flatten() {
                println!("[{}] {}", line["level"].as_str().unwrap_or(""), line["message"].as_str().unwrap_or(""));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
