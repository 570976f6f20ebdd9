//! MR-Scout's two properties of an MTC, per test method: (i) at least two invocations of methods
//! of the class under test, (ii) an assertion relating their inputs or outputs. Data is followed
//! through locals (a value derived from an input or output counts as one), and a test that calls
//! a helper method of its own class is judged with the helper's invocations and assertions; a
//! helper that asserts, called with related values (`assertSameResult(f(x), g(x))`, or the value
//! comparison `mtc::identity` writes), is an assertion relating them.
//!
//! A static call repeated with the same fixed arguments (literals, or locals of a value type not
//! assigned in between, two locals given the same literal being one value) counts once:
//! `splitLines(str)` twice, the two outputs asserted equal, is `f(x) = f(x)`, which every
//! deterministic method satisfies and which kills only the mutants that throw (NightConfig's
//! `StringUtils`, unseen-36, and jodd's `CsvUtil`, unseen-42: kept as MTCs before). An instance
//! call repeated counts twice, as its receiver may have changed (`s.add(x)` is true, then false).

use super::self_comparison::{compares_a_read_with_itself, queries, Reads};
use crate::java_model::types::{boxed, erase_simple};
use crate::java_model::{ClassModel, MethodModel};
use std::collections::{BTreeSet, HashMap};
use tree_sitter::Node;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodShape {
    pub name: String,
    pub invocations: usize,
    pub relating_assertion: bool,
}

impl MethodShape {
    pub fn is_mtc(&self) -> bool {
        self.invocations >= 2 && self.relating_assertion
    }
}

#[derive(Default, Clone)]
struct Facts {
    invocations: usize,
    /// Inputs and outputs of the class under test's invocations, and what derives from them.
    related: BTreeSet<String>,
    relating_assertion: bool,
    /// Whether any statement asserts, relating or not: what makes a helper an assertion.
    asserts: bool,
    helpers: Vec<String>,
    /// Helpers called with an argument that invokes the class under test or is related.
    helpers_given_related: Vec<String>,
    /// Static calls of the class under test seen with fixed arguments (text and the arguments'
    /// assignment counts): a repeat is the same input again, not a follow-up input.
    fixed_calls: BTreeSet<String>,
    /// How often each local was assigned after its declaration.
    assignments: HashMap<String, usize>,
}

/// The shape of every test method of the first class in `code`. `cut` is the class under test,
/// then its project superclasses: a method it inherits from them is one of its methods too.
pub fn shapes(code: &str, cut: &[&ClassModel]) -> Vec<MethodShape> {
    let Some(own) = cut.first() else { return Vec::new() };
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return Vec::new() };
    let Some(class) = first_class(tree.root_node()) else { return Vec::new() };
    let inherited = |m: &&MethodModel| !m.is_constructor && !m.is_private();
    let cut_methods: BTreeSet<&str> = own
        .methods
        .iter()
        .filter(|m| !m.is_constructor)
        .map(|m| m.name.as_str())
        .chain(cut[1..].iter().flat_map(|c| c.methods.iter().filter(inherited).map(|m| m.name.as_str())))
        .collect();
    let queries = queries(cut);
    let mut facts: HashMap<String, Facts> = HashMap::new();
    let mut tests = Vec::new();
    let Some(body) = class.child_by_field_name("body") else { return Vec::new() };
    let mut cursor = body.walk();
    let members: Vec<Node> = body.named_children(&mut cursor).filter(|m| m.kind() == "method_declaration").collect();
    let declared: BTreeSet<&str> = members.iter().map(|m| text(m.child_by_field_name("name"), code)).collect();
    for member in members {
        let name = text(member.child_by_field_name("name"), code);
        let mut walker = Walker {
            code,
            cut: &own.name,
            cut_methods: &cut_methods,
            declared: &declared,
            queries: &queries,
            types: HashMap::new(),
            declarations: HashMap::new(),
            literals: HashMap::new(),
            facts: Facts::default(),
        };
        if let Some(b) = member.child_by_field_name("body") {
            walker.visit(b);
        }
        if is_test(member, code) {
            tests.push(name.to_string());
        }
        facts.insert(name.to_string(), walker.facts);
    }
    tests
        .into_iter()
        .map(|name| {
            let own = facts.get(&name).cloned().unwrap_or_default();
            let helpers: Vec<&Facts> = own.helpers.iter().filter_map(|h| facts.get(h)).collect();
            let asserting_helper = |h: &String| facts.get(h).is_some_and(|f| f.asserts);
            let relating_assertion = own.relating_assertion
                || helpers.iter().any(|h| h.relating_assertion)
                || own.helpers_given_related.iter().any(asserting_helper);
            MethodShape {
                invocations: own.invocations + helpers.iter().map(|h| h.invocations).sum::<usize>(),
                relating_assertion,
                name,
            }
        })
        .collect()
}

/// A type whose values a call cannot change: a primitive, its box, a String.
fn is_value_type(erased: &str) -> bool {
    const PRIMITIVES: [&str; 8] = ["byte", "short", "char", "int", "long", "float", "double", "boolean"];
    erased == "String" || PRIMITIVES.iter().any(|p| *p == erased || boxed(p) == Some(erased))
}

/// A literal: a number, text, character, `true`, `false` or `null`.
fn is_literal(node: Node) -> bool {
    node.kind().ends_with("literal") || matches!(node.kind(), "true" | "false")
}

fn first_class(root: Node) -> Option<Node> {
    let mut cursor = root.walk();
    let found = root.named_children(&mut cursor).find(|c| c.kind() == "class_declaration");
    found
}

fn text<'a>(node: Option<Node>, code: &'a str) -> &'a str {
    node.and_then(|n| code.get(n.byte_range())).unwrap_or("")
}

pub(super) fn is_test(method: Node, code: &str) -> bool {
    let mut cursor = method.walk();
    let modifiers = method.named_children(&mut cursor).find(|c| c.kind() == "modifiers");
    let annotations = text(modifiers, code);
    ["@Test", "@ParameterizedTest", "@RepeatedTest", "@org.junit.Test", "@org.junit.jupiter.api.Test"]
        .iter()
        .any(|a| annotations.split_whitespace().any(|w| w.split('(').next() == Some(a)))
}

/// Whether a statement's text asserts: `assertEquals(...)`, `Assertions.assertTrue(...)`,
/// `assertThat(x).isEqualTo(y)`; not a call to a method of the test class itself (`declared`),
/// however it is named.
pub(super) fn is_assertion(statement: &str, declared: &BTreeSet<&str>) -> bool {
    let t = statement.trim_start();
    let callee = t.split('(').next().unwrap_or("");
    if declared.contains(callee) {
        return false;
    }
    ["assert", "Assert.", "Assertions."].iter().any(|a| t.starts_with(a)) || t.contains("assertThat(")
}

struct Walker<'a> {
    code: &'a str,
    cut: &'a str,
    cut_methods: &'a BTreeSet<&'a str>,
    /// Methods of the test class itself: a call to one is a helper, whatever its name.
    declared: &'a BTreeSet<&'a str>,
    /// Methods of the class under test that change nothing (`self_comparison::queries`).
    queries: &'a BTreeSet<&'a str>,
    /// Declared types of locals, to tell `list.add(x)` from `store.add(x)`.
    types: HashMap<String, String>,
    /// Locals of a value type declared with a literal (`String followUpInput = "a,b"`): until
    /// assigned again, the literal is their value.
    literals: HashMap<String, String>,
    /// Each local's declaration statement, until the local is assigned again.
    declarations: HashMap<String, Node<'a>>,
    facts: Facts,
}

impl<'a> Walker<'a> {
    fn visit(&mut self, node: Node<'a>) {
        match node.kind() {
            "local_variable_declaration" => self.declaration(node),
            "assignment_expression" => self.assignment(node),
            "update_expression" => self.updated(node),
            "expression_statement" if self.contains_assertion(node) => self.assertion(node),
            "method_invocation" => self.invocation(node),
            _ => {}
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            if !(node.kind() == "expression_statement" && self.contains_assertion(node)) {
                self.visit(child);
            } else if child.kind() == "method_invocation" {
                self.count_cut_calls(child);
            }
        }
    }

    /// `T v = e;`: v is related when e invokes the class under test or uses a related value.
    fn declaration(&mut self, node: Node<'a>) {
        let declared = erase_simple(text(node.child_by_field_name("type"), self.code));
        let mut cursor = node.walk();
        let declarators: Vec<Node> =
            node.named_children(&mut cursor).filter(|c| c.kind() == "variable_declarator").collect();
        for d in declarators {
            let name = text(d.child_by_field_name("name"), self.code).to_string();
            self.types.insert(name.clone(), declared.clone());
            self.declarations.insert(name.clone(), node);
            if let Some(value) = d.child_by_field_name("value").filter(|v| is_literal(*v) && is_value_type(&declared)) {
                self.literals.insert(name.clone(), text(Some(value), self.code).to_string());
            }
            if let Some(value) = d.child_by_field_name("value") {
                if self.relates(value) {
                    self.facts.related.insert(name);
                }
            }
        }
    }

    fn assignment(&mut self, node: Node) {
        let (Some(left), Some(right)) = (node.child_by_field_name("left"), node.child_by_field_name("right")) else {
            return;
        };
        if left.kind() == "identifier" {
            *self.facts.assignments.entry(text(Some(left), self.code).to_string()).or_default() += 1;
            self.declarations.remove(text(Some(left), self.code));
        }
        if left.kind() == "identifier" && self.relates(right) {
            self.facts.related.insert(text(Some(left), self.code).to_string());
        }
    }

    /// `x++`: `x` holds another value from here on.
    fn updated(&mut self, node: Node) {
        let mut cursor = node.walk();
        let operand = node.named_children(&mut cursor).find(|c| c.kind() == "identifier");
        if let Some(name) = operand.map(|o| text(Some(o), self.code).to_string()) {
            self.declarations.remove(&name);
            *self.facts.assignments.entry(name).or_default() += 1;
        }
    }

    /// Whether an expression invokes the class under test or mentions a related value.
    fn relates(&self, expr: Node) -> bool {
        let mut stack = vec![expr];
        while let Some(n) = stack.pop() {
            if n.kind() == "method_invocation" && self.is_cut_call(n) {
                return true;
            }
            if n.kind() == "identifier" && self.facts.related.contains(text(Some(n), self.code)) {
                return true;
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
        false
    }

    fn is_cut_call(&self, call: Node) -> bool {
        let name = text(call.child_by_field_name("name"), self.code);
        if !self.cut_methods.contains(name) {
            return false;
        }
        match call.child_by_field_name("object") {
            None => true, // a static import of the class under test's method
            Some(o) if o.kind() == "identifier" => {
                let receiver = text(Some(o), self.code);
                receiver == self.cut || self.types.get(receiver).is_none_or(|t| t == self.cut)
            }
            Some(o) => text(Some(o), self.code).ends_with(self.cut) || o.kind() != "identifier",
        }
    }

    /// A call of the class under test: counted, and its receiver and arguments become related.
    fn invocation(&mut self, call: Node) {
        if self.is_cut_call(call) {
            self.count(call);
            self.relate_identifiers(call);
        } else if call.child_by_field_name("object").is_none() {
            let name = text(call.child_by_field_name("name"), self.code);
            if self.declared.contains(name) && !self.facts.helpers.iter().any(|h| h == name) {
                self.facts.helpers.push(name.to_string());
            }
            let given_related = call.child_by_field_name("arguments").is_some_and(|a| self.relates(a));
            if self.declared.contains(name)
                && given_related
                && !self.facts.helpers_given_related.iter().any(|h| h == name)
            {
                self.facts.helpers_given_related.push(name.to_string());
            }
        }
    }

    fn count_cut_calls(&mut self, node: Node) {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "method_invocation" && self.is_cut_call(n) {
                self.count(n);
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
    }

    /// One more invocation, unless `call` repeats a static call with the same fixed arguments.
    fn count(&mut self, call: Node) {
        if let Some(key) = self.fixed_static_call(call) {
            if !self.facts.fixed_calls.insert(key) {
                return;
            }
        }
        self.facts.invocations += 1;
    }

    /// The key of a static call whose arguments are all fixed values (literals, locals of a value
    /// type), or None for an instance call, a call without arguments (a generator's `next()` twice
    /// may rightly differ) or one given anything else (a fresh object, another call's output).
    fn fixed_static_call(&self, call: Node) -> Option<String> {
        let is_static = match call.child_by_field_name("object") {
            None => true,
            Some(o) => o.kind() == "identifier" && text(Some(o), self.code) == self.cut,
        };
        let arguments = call.child_by_field_name("arguments")?;
        let mut cursor = arguments.walk();
        let args: Vec<Node> = arguments.named_children(&mut cursor).collect();
        if !is_static || args.is_empty() {
            return None;
        }
        // The name and each argument's exact text, a local's with how often it was assigned so
        // far: `f("a b")` and `f("ab")` are two inputs, as are `f(x)` before and after `x = ..`.
        // A local still holding the literal it was declared with is that literal.
        let mut key = vec![text(call.child_by_field_name("name"), self.code).to_string()];
        for arg in args {
            let written = text(Some(arg), self.code);
            let assigned = self.facts.assignments.get(written).copied().unwrap_or(0);
            if arg.kind() == "identifier" {
                if !self.types.get(written).is_some_and(|t| is_value_type(t)) {
                    return None;
                }
                match self.literals.get(written).filter(|_| assigned == 0) {
                    Some(literal) => key.push(literal.clone()),
                    None => key.push(format!("{written}#{assigned}")),
                }
            } else if is_literal(arg) {
                key.push(written.to_string());
            } else {
                return None;
            }
        }
        Some(key.join("\u{0}"))
    }

    fn relate_identifiers(&mut self, node: Node) {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" {
                let name = text(Some(n), self.code);
                if name != self.cut {
                    self.facts.related.insert(name.to_string());
                }
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
    }

    fn contains_assertion(&self, statement: Node) -> bool {
        is_assertion(text(Some(statement), self.code), self.declared)
    }

    /// An assertion statement relates when it invokes the class under test or names a related
    /// value, unless it compares one read with itself.
    fn assertion(&mut self, statement: Node<'a>) {
        self.facts.asserts = true;
        let is_query_call = |call: Node| {
            self.is_cut_call(call) && self.queries.contains(text(call.child_by_field_name("name"), self.code))
        };
        let reads = Reads { code: self.code, declarations: &self.declarations, is_query_call: &is_query_call };
        if self.relates(statement) && !compares_a_read_with_itself(statement, &reads) {
            self.facts.relating_assertion = true;
        }
    }
}
