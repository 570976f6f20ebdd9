//! Which built-in templates fit each method of some classes, and the first test body each writes,
//! without compiling or running anything: the quick look while working on the catalogue.
//!   cargo run --release --example catalogue -- <source-root> <Class>[,<Class>...] [--bodies] [--values=<Type> [--for=<method>]]
//! The classes are qualified names; every non-private method of each is a target. `--values`
//! prints the inputs the catalogue builds for a type instead, as the first class's tests get them
//! (for a relation of the first class's method `--for` names, as amplification asks them).

use mr_coupler::context::TestIndex;
use mr_coupler::coupling::{analyse_targets, ClassInput, CouplingOptions, Ranking};
use mr_coupler::java_model::Project;
use mr_coupler::mtc::JUnit;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [root, classes, rest @ ..] = args.as_slice() else {
        eprintln!("usage: catalogue <source-root> <Class>[,<Class>...] [--bodies]");
        return ExitCode::from(2);
    };
    let bodies = rest.iter().any(|a| a == "--bodies");
    let project = Project::load_all(&[PathBuf::from(root)]);
    let tests = TestIndex::load(&[], None);
    let options = CouplingOptions { ranking: Ranking::Ranked, uncut: false };
    if let Some(written) = rest.iter().find_map(|a| a.strip_prefix("--values=")) {
        let first = classes.split(',').next().unwrap_or_default();
        let Some(class) = project.classes().find(|c| c.qualified_name == first) else {
            eprintln!("no class {first} under {root}");
            return ExitCode::FAILURE;
        };
        // The inputs of a relation of `--for=<method>` (default: none in particular).
        let named = rest.iter().find_map(|a| a.strip_prefix("--for="));
        let unnamed = mr_coupler::java_model::MethodModel::default();
        let target = class.methods.iter().find(|m| Some(m.name.as_str()) == named).unwrap_or(&unnamed);
        let values = mr_coupler::builtin::catalogue_values(class, &project, &tests, target, written, 12);
        values.iter().for_each(|v| println!("{v}"));
        return ExitCode::SUCCESS;
    }
    let (mut fitted, mut all) = (0, 0);
    for name in classes.split(',') {
        let Some(class) = project.classes().find(|c| c.qualified_name == name) else {
            eprintln!("no class {name} under {root}");
            return ExitCode::FAILURE;
        };
        let targets: Vec<usize> = (0..class.methods.len())
            .filter(|&m| !class.methods[m].is_private() && !class.methods[m].is_constructor)
            .collect();
        let analyses = analyse_targets(&ClassInput::alone(class), &targets, &options);
        for (&t, analysis) in targets.iter().zip(&analyses) {
            let found = mr_coupler::builtin::mtcs(class, t, analysis, &project, &tests, JUnit::Five);
            all += 1;
            fitted += usize::from(!found.is_empty());
            println!("{}#{}: {} template(s)", class.name, class.methods[t].signature(), found.len());
            for mtc in found {
                println!("    {}: {}", mtc.template, mtc.relation);
                if bodies {
                    let first = mtc.code.split("@Test").nth(1).unwrap_or("");
                    println!("{}", first.lines().map(|l| format!("        {l}")).collect::<Vec<_>>().join("\n"));
                }
            }
        }
    }
    println!("{fitted} of {all} methods have a template");
    ExitCode::SUCCESS
}
