//! The mutation engine on a fixture with a site for every operator: which mutants each operator
//! makes (and must not make), and — on a real JVM — that the schemata with id 0 behaves like the
//! original and with id k like the exported k-th mutant.

mod common;

use common::fixture_path;
use mr_coupler::java_model::{parse_file, ClassModel};
use mr_coupler::mutate::{generate, ClassMutants, MutationOptions, Operator};
use std::path::{Path, PathBuf};
use std::process::Command;

fn calc() -> ClassModel {
    let file = parse_file(&fixture_path("mutation/com/acme/Calc.java"));
    file.classes.into_iter().next().unwrap()
}

fn mutants_of(method: &str) -> ClassMutants {
    let class = calc();
    let i = class.methods.iter().position(|m| m.name == method).unwrap();
    generate(&class, &[i], &MutationOptions::default()).unwrap()
}

/// `operator:to` of each mutant, in order.
fn summary(m: &ClassMutants) -> Vec<String> {
    m.mutants.iter().map(|m| format!("{}:{}", m.operator.name(), m.to)).collect()
}

#[test]
fn aor_swaps_arithmetic_but_never_string_concatenation() {
    let add = summary(&mutants_of("add"));
    assert_eq!(add, vec!["EVR:0", "AOR:-", "AOR:*", "AOR:/", "AOR:%"], "EVR on the returned value too");
    let greet = summary(&mutants_of("greet"));
    assert!(greet.iter().all(|m| !m.starts_with("AOR")), "{greet:?}");
    assert!(greet.contains(&"LVR:\"\"".to_string()), "{greet:?}");
}

#[test]
fn lor_sor_and_lvr() {
    let mask = summary(&mutants_of("mask"));
    assert_eq!(mask, vec!["EVR:0", "SOR:>>", "SOR:>>>", "LOR:|", "LOR:^", "LVR:0", "LVR:2"]);
}

#[test]
fn ror_and_cor() {
    let in_range = summary(&mutants_of("inRange"));
    assert_eq!(&in_range[..7], ["EVR:false", "COR:||", "COR:LHS", "COR:RHS", "COR:TRUE", "COR:FALSE", "ROR:<"]);
    assert_eq!(in_range.iter().filter(|m| m.starts_with("ROR")).count(), 14, "two sites, 5 + 2 each");
}

#[test]
fn ror_on_references_only_flips_equality() {
    assert_eq!(summary(&mutants_of("same")), vec!["EVR:false", "ROR:!=", "ROR:TRUE", "ROR:FALSE"]);
}

#[test]
fn oru_respects_the_operand_type() {
    assert_eq!(summary(&mutants_of("negate")), vec!["EVR:0", "ORU:+", "ORU:~"]);
    let half = summary(&mutants_of("half"));
    assert!(half.contains(&"ORU:+".to_string()) && !half.contains(&"ORU:~".to_string()), "no ~ on a double: {half:?}");
    assert!(half.contains(&"LVR:3.0".to_string()) && half.contains(&"LVR:0.0".to_string()), "{half:?}");
}

#[test]
fn std_deletes_calls_assignments_increments_and_breaks() {
    let acc = summary(&mutants_of("accumulate"));
    let std: Vec<&String> = acc.iter().filter(|m| m.starts_with("STD")).collect();
    assert_eq!(std.len(), 3, "total += x, slots[0] = x, total++: {acc:?}");
    let m = mutants_of("sumUntil");
    let froms: Vec<&str> = m.mutants.iter().filter(|m| m.operator == Operator::STD).map(|m| m.from.as_str()).collect();
    assert_eq!(froms, vec!["<BREAK>", "<ASSIGN>"]);
}

#[test]
fn evr_replaces_returned_and_assigned_values_by_the_default() {
    let m = mutants_of("sumUntil");
    let evr: Vec<&str> = m.mutants.iter().filter(|m| m.operator == Operator::EVR).map(|m| m.to.as_str()).collect();
    assert_eq!(evr, vec!["0"], "return s -> return 0 (int s = 0 is already the default)");
}

#[test]
fn no_literal_mutant_where_a_constant_narrows() {
    let small = summary(&mutants_of("small"));
    assert!(!small.iter().any(|m| m.starts_with("LVR")), "byte b = 10 must stay a constant: {small:?}");
}

#[test]
fn mutants_log_is_majors_format() {
    let m = mutants_of("add");
    let log = m.log();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[0], "1:EVR:a + b:0:com.acme.Calc@add(int,int):10:a + b |==> 0");
    assert_eq!(lines[1], "2:AOR:+:-:com.acme.Calc@add(int,int):10:a + b |==> (a) - (b)");
}

#[test]
fn the_schemata_keeps_line_numbers() {
    let class = calc();
    let all: Vec<usize> = (0..class.methods.len()).collect();
    let m = generate(&class, &all, &MutationOptions::default()).unwrap();
    let schemata = m.schemata();
    assert_eq!(schemata.lines().count(), m.source.lines().count());
    assert!(schemata.contains("io.mrcoupler.runtime.MutantSwitch.ID == 1 ?"));
}

#[test]
fn the_cap_keeps_every_operator_and_counts_what_it_dropped() {
    let class = calc();
    let all: Vec<usize> = (0..class.methods.len()).collect();
    let m = generate(&class, &all, &MutationOptions { max_per_method: 3 }).unwrap();
    let in_range: Vec<_> = m.mutants.iter().filter(|x| x.method.contains("inRange")).collect();
    assert_eq!(in_range.len(), 3);
    assert!(
        in_range.iter().any(|x| x.operator == Operator::COR) && in_range.iter().any(|x| x.operator == Operator::ROR)
    );
    assert!(m.capped.values().sum::<usize>() > 0);
    assert_eq!(m.generated_total(), m.mutants.len() + m.capped.values().sum::<usize>());
}

#[test]
fn recovery_drops_the_mutants_on_failing_lines() {
    let class = calc();
    let all: Vec<usize> = (0..class.methods.len()).collect();
    let mut m = generate(&class, &all, &MutationOptions::default()).unwrap();
    let on_10 = m.mutants.iter().filter(|x| x.line == 10).count();
    assert_eq!(m.drop_on_lines(&[10]), on_10);
    assert!(m.mutants.iter().all(|x| x.line != 10));
    assert_eq!(m.dropped.values().sum::<usize>(), on_10);
    // Line 9 is `public int add(...) {`: no mutants there, so the method's own (none left) go.
    assert_eq!(m.drop_on_lines(&[9]), 0);
    let in_accumulate = m.mutants.iter().filter(|x| x.method.contains("accumulate")).count();
    assert_eq!(m.drop_on_lines(&[37]), in_accumulate, "an error on accumulate's own line, which has no mutant");
}

/// javac and java on the PATH (the JDK the project needs anyway).
fn javac(out: &Path, sources: &[PathBuf]) {
    let status = Command::new("javac").arg("-nowarn").arg("-d").arg(out).args(sources).status().expect("javac");
    assert!(status.success(), "javac failed on {sources:?}");
}

fn run_driver(classes: &Path, args: &[String]) -> Vec<String> {
    let out = Command::new("java").arg("-cp").arg(classes).arg("Driver").args(args).output().expect("java");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| l.split_once('|').unwrap().1.to_string()).collect()
}

#[test]
fn schemata_id_0_is_the_original_and_id_k_the_kth_mutant() {
    let class = calc();
    let all: Vec<usize> = (0..class.methods.len()).collect();
    let m = generate(&class, &all, &MutationOptions::default()).unwrap();
    let dir = std::env::temp_dir().join(format!("mrc-schemata-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let fixtures = fixture_path("mutation");

    // The original, and every exported mutant renamed Calc_M<k> so one javac compiles them all.
    let original_out = dir.join("original");
    javac(&original_out, &[fixtures.join("com/acme/Calc.java"), fixtures.join("Driver.java")]);
    let mutants_src = dir.join("mutants-src");
    std::fs::create_dir_all(&mutants_src).unwrap();
    let mut sources = vec![fixtures.join("Driver.java")];
    for mutant in &m.mutants {
        let source = m
            .mutant_source(mutant.id)
            .unwrap()
            .replace("public class Calc ", &format!("public class Calc_M{} ", mutant.id));
        let path = mutants_src.join(format!("Calc_M{}.java", mutant.id));
        std::fs::write(&path, source).unwrap();
        sources.push(path);
    }
    let mutants_out = dir.join("mutants");
    javac(&mutants_out, &sources);

    let schemata_src = dir.join("schemata-src/com/acme");
    std::fs::create_dir_all(&schemata_src).unwrap();
    std::fs::write(schemata_src.join("Calc.java"), m.schemata()).unwrap();
    let schemata_out = dir.join("schemata");
    javac(
        &schemata_out,
        &[
            schemata_src.join("Calc.java"),
            fixtures.join("Driver.java"),
            fixtures.join("io/mrcoupler/runtime/MutantSwitch.java"),
        ],
    );

    let original = run_driver(&original_out, &["com.acme.Calc:0".to_string()]);
    let ids: Vec<String> =
        std::iter::once(0).chain(m.mutants.iter().map(|x| x.id)).map(|k| format!("com.acme.Calc:{k}")).collect();
    let schemata = run_driver(&schemata_out, &ids);
    assert_eq!(schemata[0], original[0], "id 0 behaves like the original");
    let exported: Vec<String> = m.mutants.iter().map(|x| format!("com.acme.Calc_M{}:0", x.id)).collect();
    let exported = run_driver(&mutants_out, &exported);
    let mut killed = 0;
    for (i, mutant) in m.mutants.iter().enumerate() {
        assert_eq!(
            schemata[i + 1],
            exported[i],
            "mutant {} ({}) differs from its exported source",
            mutant.id,
            m.log().lines().nth(i).unwrap()
        );
        killed += usize::from(exported[i] != original[0]);
    }
    assert!(
        killed * 10 > m.mutants.len() * 7,
        "the suite should tell most mutants apart: {killed}/{}",
        m.mutants.len()
    );
    std::fs::remove_dir_all(&dir).ok();
}
