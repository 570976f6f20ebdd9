//! Benchmark of the mutation engine (run by tests/bench/mutation): for each `name=source-file`
//! argument, mutants for every method of the class, the time to generate them and to render the
//! schemata, the schemata's size, and the whole project's throughput. Prints `key=value` lines.
//!   bench_mutation <root> <name>=<relative file> ...

use mr_coupler::java_model::{parse_file, Project};
use mr_coupler::mutate::{generate, MutationOptions};
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next().map(PathBuf::from) else {
        eprintln!("usage: bench_mutation <source-root> <name>=<relative file> ...");
        std::process::exit(2);
    };
    for arg in args {
        let Some((name, relative)) = arg.split_once('=') else { continue };
        let file = parse_file(&root.join(relative));
        let Some(class) = file.classes.first() else { continue };
        let methods: Vec<usize> = (0..class.methods.len()).filter(|&i| class.methods[i].has_body).collect();
        let start = Instant::now();
        let mutants = generate(class, &methods, &MutationOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let generated = start.elapsed();
        let start = Instant::now();
        let schemata = mutants.schemata();
        let rendered = start.elapsed();
        println!("{name}.methods={}", methods.len());
        println!("{name}.mutants={}", mutants.mutants.len());
        println!("{name}.capped={}", mutants.capped.values().sum::<usize>());
        println!("{name}.generate_ms={:.2}", generated.as_secs_f64() * 1000.0);
        println!("{name}.schemata_ms={:.2}", rendered.as_secs_f64() * 1000.0);
        println!("{name}.source_kb={:.1}", mutants.source.len() as f64 / 1024.0);
        println!("{name}.schemata_kb={:.1}", schemata.len() as f64 / 1024.0);
        println!("{name}.mutants_per_second={:.0}", mutants.mutants.len() as f64 / generated.as_secs_f64().max(1e-9));
    }
    // Throughput over a whole project: every method of every class (parsing excluded).
    let project = Project::load_all(std::slice::from_ref(&root));
    let start = Instant::now();
    let mut total = 0;
    for class in project.classes() {
        let methods: Vec<usize> = (0..class.methods.len()).filter(|&i| class.methods[i].has_body).collect();
        total += generate(class, &methods, &MutationOptions::default()).map(|m| m.mutants.len()).unwrap_or(0);
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!("project.classes={}", project.classes().count());
    println!("project.mutants={total}");
    println!("project.generate_ms={:.0}", elapsed * 1000.0);
    println!("project.mutants_per_second={:.0}", total as f64 / elapsed.max(1e-9));
}
