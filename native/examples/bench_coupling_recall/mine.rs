//! Mining coupled pairs from a project's human-written tests, as the paper's dataset took them
//! from MR-Scout's MTCs: a test method whose assertion relates values derived from calls to two
//! different methods of one class under test. The first method called is the target, the other
//! its coupled method.
//!
//! Tree-sitter reads the test bodies; data is followed through locals in statement order: a
//! value derives from the calls that produced it and from what it was computed from, and a call
//! made for its effect on a variable (`map.put(k, v);`) makes the variable derive from it. An
//! assertion qualifies when the values it compares derive from exactly two methods of one class
//! and it relates two things (two derived values, or a derived value and an input of the calls),
//! so `assertEquals(x, decode(encode(x)))` and `put(k, v); assertEquals(v, get(k))` count and
//! `assertEquals(2, list.size())` does not. Constructors and Object's methods are never the pair.

use crate::walker::{Found, Walker};
use mr_coupler::coupling::hierarchy::{ClassRef, Hierarchy};
use mr_coupler::java_model::types::erase_simple;
use mr_coupler::java_model::Project;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tree_sitter::{Node, Parser};

pub const OBJECT_METHODS: [&str; 6] = ["equals", "hashCode", "toString", "getClass", "clone", "finalize"];

/// A method of the main sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MethodRef {
    pub class: ClassRef,
    pub method: usize,
}

/// A test method: its file and name.
pub type TestRef = (PathBuf, String);

/// One human pair: the target, and the coupled method (the overloads the call may denote).
#[derive(Debug, Clone)]
pub struct MinedPair {
    pub target: MethodRef,
    pub partners: Vec<MethodRef>,
    /// Every test method that gave this pair: `path#name`.
    pub tests: Vec<TestRef>,
}

#[derive(Debug, Default)]
pub struct Stats {
    pub test_files: usize,
    pub test_methods: usize,
    /// Assertions relating two methods of one class (before the filters below).
    pub relating_assertions: usize,
    pub more_than_two_methods: usize,
    pub ambiguous_target: usize,
    pub abstract_target: usize,
    /// The partner is declared in a subclass of the target's class: no analysis of the target's
    /// class can see it.
    pub partner_out_of_reach: usize,
}

pub struct Main<'p> {
    pub project: &'p Project,
    pub hierarchy: Hierarchy,
}

impl<'p> Main<'p> {
    pub fn new(project: &'p Project) -> Self {
        Main { project, hierarchy: Hierarchy::new(project) }
    }

    /// The class and its project superclasses, nearest first.
    pub fn chain(&self, class: ClassRef) -> Vec<ClassRef> {
        std::iter::once(class).chain(self.hierarchy.superclasses(self.project, class)).collect()
    }
}

/// Mine every test method of `files`. Pairs are unique by (target, partners); a pair found in
/// several tests lists them all.
pub fn mine(main: &Main, files: &[PathBuf]) -> (Vec<MinedPair>, Stats) {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_java::LANGUAGE.into()).expect("tree-sitter-java grammar");
    let mut stats = Stats::default();
    let mut pairs: BTreeMap<(MethodRef, Vec<MethodRef>), Vec<TestRef>> = BTreeMap::new();
    for path in files {
        let Ok(src) = std::fs::read_to_string(path) else { continue };
        let Some(tree) = parser.parse(&src, None) else { continue };
        stats.test_files += 1;
        let file = FileScope::new(main, tree.root_node(), &src);
        for (class, method) in test_methods(tree.root_node(), &src) {
            stats.test_methods += 1;
            let mut walker = Walker::new(main, &file, &src);
            walker.declare_fields(class);
            walker.method(method);
            for found in walker.found {
                let name = text(method.child_by_field_name("name"), &src).to_string();
                match found {
                    Found::Pair(target, partners) => {
                        stats.relating_assertions += 1;
                        pairs.entry((target, partners)).or_default().push((path.clone(), name));
                    }
                    Found::MoreThanTwo => stats.more_than_two_methods += 1,
                    Found::AmbiguousTarget => {
                        stats.relating_assertions += 1;
                        stats.ambiguous_target += 1
                    }
                    Found::AbstractTarget => {
                        stats.relating_assertions += 1;
                        stats.abstract_target += 1
                    }
                    Found::OutOfReach => {
                        stats.relating_assertions += 1;
                        stats.partner_out_of_reach += 1
                    }
                }
            }
        }
    }
    let pairs = pairs
        .into_iter()
        .map(|((target, partners), mut tests)| {
            tests.dedup();
            MinedPair { target, partners, tests }
        })
        .collect();
    (pairs, stats)
}

/// Test methods: JUnit 4/5 annotations, or JUnit 3's `public void testX()`.
fn test_methods<'t>(root: Node<'t>, src: &str) -> Vec<(Node<'t>, Node<'t>)> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.kind() == "class_declaration" {
            if let Some(body) = node.child_by_field_name("body") {
                let mut cursor = body.walk();
                for member in body.named_children(&mut cursor) {
                    if member.kind() == "method_declaration" && is_test(member, src) {
                        out.push((node, member));
                    }
                }
            }
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    out.sort_by_key(|(_, m)| m.start_byte());
    out
}

fn is_test(method: Node, src: &str) -> bool {
    let mut cursor = method.walk();
    let modifiers = method.named_children(&mut cursor).find(|c| c.kind() == "modifiers");
    let mods = text(modifiers, src);
    let annotated = mods.split_whitespace().any(|w| {
        let name = w.trim_start_matches('@').split('(').next().unwrap_or("");
        w.starts_with('@') && matches!(name.rsplit('.').next(), Some("Test" | "ParameterizedTest" | "RepeatedTest"))
    });
    let name = text(method.child_by_field_name("name"), src);
    let no_params = method.child_by_field_name("parameters").is_some_and(|p| p.named_child_count() == 0);
    let junit3 = name.starts_with("test")
        && mods.split_whitespace().any(|w| w == "public")
        && !mods.split_whitespace().any(|w| w == "static")
        && no_params
        && text(method.child_by_field_name("type"), src) == "void";
    annotated || junit3
}

/// What a test file's names refer to: imports (static ones by member name) and package.
pub struct FileScope {
    package: String,
    imports: Vec<String>,
    /// Statically imported member name (or `*`) -> classes it may come from.
    pub static_imports: Vec<(String, ClassRef)>,
}

impl FileScope {
    fn new(main: &Main, root: Node, src: &str) -> Self {
        let mut package = String::new();
        let mut imports = Vec::new();
        let mut cursor = root.walk();
        for child in root.named_children(&mut cursor) {
            let t = text(Some(child), src);
            match child.kind() {
                "package_declaration" => {
                    package = t.trim_start_matches("package").trim_end_matches(';').trim().to_string()
                }
                "import_declaration" => {
                    imports.push(t.trim_start_matches("import").trim_end_matches(';').trim().to_string())
                }
                _ => {}
            }
        }
        let static_imports = imports
            .iter()
            .filter_map(|i| i.strip_prefix("static "))
            .filter_map(|i| {
                let (class, member) = i.trim().rsplit_once('.')?;
                Some((member.to_string(), main.hierarchy.find(class)?))
            })
            .collect();
        FileScope { package, imports, static_imports }
    }

    pub fn resolve(&self, main: &Main, written: &str) -> Option<ClassRef> {
        let simple = erase_simple(written);
        if !simple.starts_with(|c: char| c.is_ascii_uppercase()) || simple.ends_with(']') {
            return None;
        }
        main.hierarchy.resolve_in(&self.imports, &self.package, &self.package, written)
    }
}

pub fn text<'s>(node: Option<Node>, src: &'s str) -> &'s str {
    node.and_then(|n| src.get(n.byte_range())).unwrap_or("")
}

/// Every `.java` file under `root`.
pub fn java_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "java") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
