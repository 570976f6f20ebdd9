//! Invocation examples: the project's own `@Test` methods that call a method of the class under
//! test, so the LLM sees how to construct its inputs (the paper keeps the first three per method).

use super::skeleton::code_of;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, Invocation, MethodModel, Project, Receiver};

pub struct TestIndex {
    tests: Project,
}

pub struct Example<'a> {
    pub test_class: &'a str,
    pub test_method: &'a MethodModel,
    pub code: String,
}

impl TestIndex {
    /// Parse every test source (in parallel); tests that do not parse simply give no examples.
    pub fn load(roots: &[std::path::PathBuf], encoding: Option<&str>) -> Self {
        let mut tests = Project::new(roots).with_encoding(encoding);
        let files = tests.all_files();
        tests.parse(files);
        TestIndex { tests }
    }

    /// Parse only the test sources co-usage reads for these classes (by simple name): per class,
    /// the few that mention it most (`coupling::most_mentioning`), at a fraction of parsing every
    /// test. A file that cannot be read is left out here and reported by no one: it has no tests
    /// the build could run either.
    pub fn load_mentioning(roots: &[std::path::PathBuf], encoding: Option<&str>, names: &[&str]) -> Self {
        let mut tests = Project::new(roots).with_encoding(encoding);
        let files = tests.all_files();
        let texts: Vec<String> = files
            .iter()
            .map(|f| std::fs::read(f).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default())
            .collect();
        let sources: Vec<&str> = texts.iter().map(String::as_str).collect();
        let mut chosen: Vec<usize> = names.iter().flat_map(|n| crate::coupling::most_mentioning(&sources, n)).collect();
        chosen.sort();
        chosen.dedup();
        tests.parse(chosen.into_iter().map(|i| files[i].clone()).collect());
        TestIndex { tests }
    }

    /// The parsed test sources.
    pub fn project(&self) -> &Project {
        &self.tests
    }

    /// Up to `limit` test methods that invoke `method` of `class`, in file order. `skip` leaves
    /// out tests that must not be shown (ones that already relate the pair, say).
    pub fn examples_of(
        &self,
        class: &ClassModel,
        method: &MethodModel,
        limit: usize,
        skip: &dyn Fn(&MethodModel) -> bool,
    ) -> Vec<Example<'_>> {
        let mut out = Vec::new();
        for test_class in self.tests.classes() {
            for m in test_class.methods.iter().filter(|m| m.is_test() && !skip(m)) {
                if out.len() == limit {
                    return out;
                }
                if invokes(m, class, method) {
                    let code = code_of(&test_class.source, m.byte_range);
                    out.push(Example { test_class: &test_class.qualified_name, test_method: m, code });
                }
            }
        }
        out
    }
}

/// Whether a test method calls `method` of `class`: the name, an arity the method accepts, and a
/// receiver that is the class itself, a variable of its type, or an expression whose type the
/// source does not state. Constructors match `new Class(...)`.
pub fn invokes(test: &MethodModel, class: &ClassModel, method: &MethodModel) -> bool {
    test.invocations.iter().any(|inv| calls(inv, class, method))
}

fn calls(inv: &Invocation, class: &ClassModel, method: &MethodModel) -> bool {
    let arity_ok = inv.arg_count.is_none_or(|n| method.accepts_arity(n));
    if method.is_constructor {
        let new_of_class =
            matches!(&inv.receiver, Receiver::New { type_name } if erase_simple(type_name) == class.name);
        return inv.name == "<init>" && new_of_class && arity_ok;
    }
    let receiver_ok = match &inv.receiver {
        Receiver::Type { name } => name == &class.name || name == &class.qualified_name,
        Receiver::Variable { declared_type: Some(t), .. } => erase_simple(t) == class.name,
        Receiver::Variable { declared_type: None, .. } | Receiver::Expression => true,
        _ => false,
    };
    inv.name == method.name && arity_ok && receiver_ok
}
