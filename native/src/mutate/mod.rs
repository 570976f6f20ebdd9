//! Mutation engine: Major's operators on the methods under test, written as one compile-once
//! schemata source per class, with Major's `mutants.log`. See [`operators`] for what is mutated and
//! [`schemata`] for how mutants are guarded.

pub mod operators;
pub mod schemata;
mod types;

pub use operators::Operator;

use crate::error::{CoreError, CoreResult};
use crate::java_model::{ClassModel, MethodModel};
use operators::SiteFinder;
use serde::Serialize;
use std::collections::BTreeMap;
use tree_sitter::Node;
use types::TypeEnv;

#[derive(Debug, Clone)]
pub struct MutationOptions {
    /// Mutants kept per method; Major hits the JVM's 64 KB method limit without a cap.
    pub max_per_method: usize,
}

impl Default for MutationOptions {
    fn default() -> Self {
        MutationOptions { max_per_method: 300 }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Mutant {
    pub id: u32,
    pub operator: Operator,
    pub from: String,
    pub to: String,
    /// Major's `Class@method(params)`.
    pub method: String,
    /// Index of the mutated method in its class.
    #[serde(skip)]
    pub method_index: usize,
    pub line: usize,
    pub original: String,
    /// What replaces the site (empty for a deleted statement).
    pub replacement: String,
    #[serde(skip)]
    pub start: usize,
    #[serde(skip)]
    pub end: usize,
    #[serde(skip)]
    pub statement: bool,
}

/// The mutants of one class and the counts the `mutants` goal reports.
#[derive(Debug, Clone)]
pub struct ClassMutants {
    pub class_name: String,
    /// `com/acme/Aes.java`: where the schemata goes on a source path.
    pub relative_path: String,
    pub source: String,
    /// Mutants still in the schemata.
    pub mutants: Vec<Mutant>,
    pub generated: BTreeMap<Operator, usize>,
    pub capped: BTreeMap<Operator, usize>,
    pub dropped: BTreeMap<Operator, usize>,
    /// Line ranges of the mutated methods, for recovery.
    method_lines: Vec<(usize, usize)>,
}

/// Generate the mutants of `methods` (indexes into `class.methods`).
pub fn generate(class: &ClassModel, methods: &[usize], options: &MutationOptions) -> CoreResult<ClassMutants> {
    let source = class.source.to_string();
    let tree =
        crate::java_model::parser().parse(&source, None).ok_or_else(|| CoreError::new("the parser gave up", ""))?;

    let mut all = Vec::new();
    let mut capped = BTreeMap::new();
    for &i in methods {
        let method = &class.methods[i];
        let Some(node) = method_node(tree.root_node(), method) else {
            continue;
        };
        let Some(body) = node.child_by_field_name("body") else {
            continue;
        };
        let mut finder = SiteFinder { env: TypeEnv { src: &source, class, method }, sites: Vec::new() };
        finder.visit(body, false);
        let mutants = expand(finder.sites, &major_method_name(class, method), i);
        all.extend(cap(mutants, options.max_per_method, &mut capped));
    }
    all.sort_by_key(|m| (m.start, std::cmp::Reverse(m.end)));
    for (i, m) in all.iter_mut().enumerate() {
        m.id = i as u32 + 1;
    }
    let mut generated = BTreeMap::new();
    for m in &all {
        *generated.entry(m.operator).or_insert(0) += 1;
    }
    for (op, n) in &capped {
        *generated.entry(*op).or_insert(0) += n;
    }
    let package_dir = class.package.replace('.', "/");
    let file_name = class.path.file_name().and_then(|n| n.to_str()).unwrap_or("Unknown.java");
    Ok(ClassMutants {
        class_name: class.qualified_name.clone(),
        relative_path: if package_dir.is_empty() {
            file_name.to_string()
        } else {
            format!("{package_dir}/{file_name}")
        },
        source,
        mutants: all,
        generated,
        capped,
        dropped: BTreeMap::new(),
        method_lines: methods.iter().map(|&i| class.methods[i].lines).collect(),
    })
}

fn method_node<'t>(root: Node<'t>, method: &MethodModel) -> Option<Node<'t>> {
    let (start, end) = method.byte_range;
    let mut node = root.descendant_for_byte_range(start, end)?;
    while node.byte_range() != (start..end)
        || !node.kind().ends_with("constructor_declaration") && node.kind() != "method_declaration"
    {
        node = node.parent()?;
    }
    Some(node)
}

fn major_method_name(class: &ClassModel, m: &MethodModel) -> String {
    let params: Vec<String> = m.params.iter().map(|p| crate::java_model::types::erase_simple(&p.type_name)).collect();
    let name = if m.is_constructor { "<init>" } else { &m.name };
    format!("{}@{name}({})", class.binary_name, params.join(","))
}

fn expand(sites: Vec<operators::Site>, method: &str, method_index: usize) -> Vec<Mutant> {
    sites
        .into_iter()
        .flat_map(|s| {
            let method = method.to_string();
            s.alternatives.into_iter().map(move |a| Mutant {
                id: 0,
                operator: s.operator,
                from: s.from.clone(),
                to: a.to,
                method: method.clone(),
                method_index,
                line: s.line,
                original: s.original.clone(),
                replacement: a.text,
                start: s.start,
                end: s.end,
                statement: s.statement,
            })
        })
        .collect()
}

/// Keep at most `max` mutants of one method, taking operators in turn so each stays represented.
fn cap(mutants: Vec<Mutant>, max: usize, capped: &mut BTreeMap<Operator, usize>) -> Vec<Mutant> {
    if mutants.len() <= max {
        return mutants;
    }
    let mut by_op: BTreeMap<Operator, std::collections::VecDeque<Mutant>> = BTreeMap::new();
    for m in mutants {
        by_op.entry(m.operator).or_default().push_back(m);
    }
    let mut kept = Vec::with_capacity(max);
    while kept.len() < max {
        for queue in by_op.values_mut() {
            if let Some(m) = queue.pop_front().filter(|_| kept.len() < max) {
                kept.push(m);
            }
        }
    }
    for (op, rest) in by_op {
        if !rest.is_empty() {
            *capped.entry(op).or_insert(0) += rest.len();
        }
    }
    kept
}

impl ClassMutants {
    pub fn schemata(&self) -> String {
        schemata::render(&self.source, &self.mutants)
    }

    /// One plain source per mutant, for inspection ("on request").
    pub fn mutant_source(&self, id: u32) -> Option<String> {
        self.mutants.iter().find(|m| m.id == id).map(|m| schemata::apply_one(&self.source, m))
    }

    /// Major's `mutants.log`: `id:operator:from:to:method:line:original |==> mutated`.
    pub fn log(&self) -> String {
        let mut out = String::new();
        for m in &self.mutants {
            let mutated = if m.statement { "<NO-OP>" } else { &m.replacement };
            out.push_str(&format!(
                "{}:{}:{}:{}:{}:{}:{} |==> {}\n",
                m.id,
                m.operator.name(),
                m.from,
                m.to,
                m.method,
                m.line,
                m.original,
                mutated
            ));
        }
        out
    }

    /// Recovery after a failed compile of the schemata: drop the mutants on the lines the errors
    /// name; for an error on a line without mutants, those of the mutated method around it.
    /// Returns how many were dropped (0: the errors are not the mutants' doing).
    pub fn drop_on_lines(&mut self, lines: &[usize]) -> usize {
        let mut doomed: Vec<u32> = Vec::new();
        for &line in lines {
            let on_line: Vec<u32> = self.mutants.iter().filter(|m| m.line == line).map(|m| m.id).collect();
            if on_line.is_empty() {
                if let Some(&(lo, hi)) = self.method_lines.iter().find(|(lo, hi)| (*lo..=*hi).contains(&line)) {
                    doomed.extend(self.mutants.iter().filter(|m| (lo..=hi).contains(&m.line)).map(|m| m.id));
                }
            }
            doomed.extend(on_line);
        }
        let before = self.mutants.len();
        let dropped = &mut self.dropped;
        self.mutants.retain(|m| {
            let keep = !doomed.contains(&m.id);
            if !keep {
                *dropped.entry(m.operator).or_insert(0) += 1;
            }
            keep
        });
        before - self.mutants.len()
    }

    /// How many of the mutants still in the schemata are of `method`.
    pub fn of_method(&self, method: usize) -> usize {
        self.mutants.iter().filter(|m| m.method_index == method).count()
    }

    pub fn generated_total(&self) -> usize {
        self.generated.values().sum()
    }
}
