//! Method bodies: which methods a body invokes (and on what receiver), which fields of the own
//! class it reads and writes. Without a type checker, a name is a field when it is declared in
//! the own class and not shadowed by a local, parameter, lambda or pattern variable in scope.

use super::grammar::{is_comment, line, text, FIELDS};
use super::types::erase_simple;
use super::{Invocation, LocalVar, Param, Receiver};
use std::collections::{BTreeSet, HashMap};
use tree_sitter::Node;

pub struct BodyContext<'a> {
    pub src: &'a str,
    /// The own class's simple name and those of its enclosing classes.
    pub own_names: &'a [String],
    /// Fields of the own class: name -> type as written.
    pub fields: &'a HashMap<String, String>,
}

#[derive(Default)]
pub struct BodyFacts {
    pub invocations: Vec<Invocation>,
    pub reads: BTreeSet<String>,
    pub writes: BTreeSet<String>,
    pub locals: Vec<LocalVar>,
    /// Exception types the body throws itself (`throw new X(...)`), as written.
    pub thrown: BTreeSet<String>,
}

/// `method` is the whole declaration: parameters are in scope over all of it.
pub fn analyse_body(ctx: &BodyContext, params: &[Param], method: Node, body: Option<Node>) -> BodyFacts {
    let mut walker = Walker {
        ctx,
        scopes: vec![Scope { names: HashMap::new(), end: method.end_byte() }],
        position: method.start_byte(),
        facts: BodyFacts::default(),
    };
    for p in params {
        walker.declare(&p.name, Some(p.type_name.clone()));
    }
    if let Some(body) = body {
        walker.visit(body);
    }
    walker.facts
}

/// Method names that change the object they are called on; `items.add(x)` writes `items`.
const MUTATORS: &[&str] = &[
    "add",
    "addAll",
    "addFirst",
    "addLast",
    "put",
    "putAll",
    "putIfAbsent",
    "remove",
    "removeAll",
    "removeIf",
    "removeFirst",
    "removeLast",
    "retainAll",
    "clear",
    "set",
    "push",
    "pop",
    "offer",
    "offerFirst",
    "offerLast",
    "poll",
    "pollFirst",
    "pollLast",
    "insert",
    "append",
    "delete",
    "deleteCharAt",
    "replace",
    "replaceAll",
    "compute",
    "computeIfAbsent",
    "computeIfPresent",
    "merge",
    "sort",
    "fill",
    "setLength",
    "reverse",
    "incrementAndGet",
    "getAndIncrement",
    "decrementAndGet",
    "getAndDecrement",
    "addAndGet",
    "getAndAdd",
    "getAndSet",
    "lazySet",
    "compareAndSet",
    "accumulateAndGet",
    "updateAndGet",
    "getAndUpdate",
    "write",
    "flush",
    "reset",
    "drainTo",
    "trimToSize",
    "ensureCapacity",
    "setAll",
    "setCharAt",
    "enqueue",
    "dequeue",
];

fn is_mutator(name: &str) -> bool {
    if MUTATORS.contains(&name) {
        return true;
    }
    ["set", "add", "put", "remove", "insert", "clear", "push"]
        .iter()
        .any(|word| super::names::after_word(name, word).is_some())
}

enum Resolved {
    Local(Option<String>),
    Field(String),
    Unknown,
}

struct Scope {
    names: HashMap<String, Option<String>>,
    /// End byte of the construct that opened the scope.
    end: usize,
}

struct Walker<'a, 'c> {
    ctx: &'c BodyContext<'a>,
    scopes: Vec<Scope>,
    /// Start byte of the node being visited: a declaration is in scope from here on.
    position: usize,
    facts: BodyFacts,
}

impl<'a, 'c> Walker<'a, 'c> {
    fn text(&self, node: Node) -> &'a str {
        text(node, self.ctx.src)
    }

    fn declare(&mut self, name: &str, declared_type: Option<String>) {
        self.declare_local(name, declared_type, true);
    }

    fn declare_local(&mut self, name: &str, declared_type: Option<String>, initialized: bool) {
        if let Some(scope) = self.scopes.last_mut() {
            let local = LocalVar {
                name: name.to_string(),
                type_name: declared_type.clone(),
                scope: (self.position, scope.end),
                initialized,
            };
            self.facts.locals.push(local);
            scope.names.insert(name.to_string(), declared_type);
        }
    }

    fn resolve(&self, name: &str) -> Resolved {
        for scope in self.scopes.iter().rev() {
            if let Some(t) = scope.names.get(name) {
                return Resolved::Local(t.clone());
            }
        }
        match self.ctx.fields.get(name) {
            Some(t) => Resolved::Field(t.clone()),
            None => Resolved::Unknown,
        }
    }

    fn is_own_name(&self, name: &str) -> bool {
        self.ctx.own_names.iter().any(|n| n == name)
    }

    fn scoped(&mut self, node: Node, f: impl FnOnce(&mut Self)) {
        self.scopes.push(Scope { names: HashMap::new(), end: node.end_byte() });
        f(self);
        self.scopes.pop();
    }

    fn visit_children(&mut self, node: Node) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            self.visit(child);
        }
    }

    fn visit(&mut self, node: Node) {
        self.position = node.start_byte();
        match node.kind() {
            "identifier" => self.read_name(node),
            "method_invocation" => self.method_invocation(node),
            "object_creation_expression" => self.object_creation(node),
            "explicit_constructor_invocation" => self.explicit_constructor(node),
            "method_reference" => self.method_reference(node),
            "field_access" => self.field_access_read(node),
            "assignment_expression" => self.assignment(node),
            "update_expression" => self.update(node),
            "local_variable_declaration" | "field_declaration" => self.local_declaration(node),
            "block" | "constructor_body" | "switch_block_statement_group" | "switch_rule" => {
                self.scoped(node, |w| w.visit_children(node))
            }
            "for_statement" | "try_with_resources_statement" => self.scoped(node, |w| w.visit_children(node)),
            "resource" => self.resource(node),
            "enhanced_for_statement" => self.enhanced_for(node),
            "catch_clause" => self.scoped(node, |w| w.visit_children(node)),
            "catch_formal_parameter" => self.catch_parameter(node),
            "lambda_expression" => self.lambda(node),
            "instanceof_expression" => self.instanceof(node),
            "type_pattern" | "record_pattern_component" => self.pattern_variable(node),
            "class_body" => self.anonymous_class_body(node),
            "cast_expression" => {
                if let Some(v) = node.child_by_field_id(FIELDS.value.get()) {
                    self.visit(v)
                }
            }
            "labeled_statement" => self.skip_first_identifier(node),
            "throw_statement" => self.throw_statement(node),
            "break_statement" | "continue_statement" | "class_literal" | "annotation" | "marker_annotation"
            | "line_comment" | "block_comment" | "scoped_identifier" => {}
            k if k.ends_with("_declaration") && k != "local_variable_declaration" => {} // local classes
            _ => self.visit_children(node),
        }
    }

    fn read_name(&mut self, node: Node) {
        let name = self.text(node);
        if let Resolved::Field(_) = self.resolve(name) {
            self.facts.reads.insert(name.to_string());
        }
    }

    /// The own field a node denotes, if any: `f` (not shadowed) or `this.f` or `Own.f`.
    fn own_field(&self, node: Node) -> Option<String> {
        match node.kind() {
            "identifier" => {
                let name = self.text(node);
                matches!(self.resolve(name), Resolved::Field(_)).then(|| name.to_string())
            }
            "field_access" => {
                let object = node.child_by_field_id(FIELDS.object.get())?;
                let field = node.child_by_field_id(FIELDS.field.get())?;
                let own_object = object.kind() == "this"
                    || (object.kind() == "identifier"
                        && self.is_own_name(self.text(object))
                        && matches!(self.resolve(self.text(object)), Resolved::Unknown));
                let name = self.text(field);
                (own_object && self.ctx.fields.contains_key(name)).then(|| name.to_string())
            }
            "parenthesized_expression" => node.named_child(0).and_then(|n| self.own_field(n)),
            _ => None,
        }
    }

    fn field_access_read(&mut self, node: Node) {
        if let Some(f) = self.own_field(node) {
            self.facts.reads.insert(f);
        } else if let Some(object) = node.child_by_field_id(FIELDS.object.get()) {
            self.visit(object);
        }
    }

    /// The field whose object an lvalue changes: `f`, `this.f`, `f[i]`, `f[i][j]`, `this.f[i]`.
    /// Index expressions are visited as reads.
    fn written_field(&mut self, lvalue: Node) -> Option<String> {
        match lvalue.kind() {
            "array_access" => {
                if let Some(index) = lvalue.child_by_field_id(FIELDS.index.get()) {
                    self.visit(index);
                }
                let array = lvalue.child_by_field_id(FIELDS.array.get())?;
                match self.written_field(array) {
                    Some(f) => Some(f),
                    None => {
                        self.visit(array);
                        None
                    }
                }
            }
            "parenthesized_expression" => lvalue.named_child(0).and_then(|n| self.written_field(n)),
            _ => match self.own_field(lvalue) {
                Some(f) => Some(f),
                None => {
                    if lvalue.kind() == "field_access" {
                        self.field_access_read(lvalue);
                    }
                    None
                }
            },
        }
    }

    fn assignment(&mut self, node: Node) {
        let compound = node.child_by_field_id(FIELDS.operator.get()).is_some_and(|op| self.text(op) != "=");
        if let Some(left) = node.child_by_field_id(FIELDS.left.get()) {
            let is_element = left.kind() == "array_access";
            if let Some(f) = self.written_field(left) {
                if compound || is_element {
                    self.facts.reads.insert(f.clone());
                }
                self.facts.writes.insert(f);
            }
        }
        if let Some(right) = node.child_by_field_id(FIELDS.right.get()) {
            self.visit(right);
        }
    }

    fn update(&mut self, node: Node) {
        let mut cursor = node.walk();
        let operand = node.named_children(&mut cursor).find(|c| !is_comment(*c));
        if let Some(operand) = operand {
            if let Some(f) = self.written_field(operand) {
                self.facts.reads.insert(f.clone());
                self.facts.writes.insert(f);
            }
        }
    }

    fn local_declaration(&mut self, node: Node) {
        let declared = node.child_by_field_id(FIELDS.type_.get()).map(|t| self.text(t).to_string());
        let mut cursor = node.walk();
        let declarators: Vec<Node> = node.children_by_field_id(FIELDS.declarator, &mut cursor).collect();
        for d in declarators {
            let value = d.child_by_field_id(FIELDS.value.get());
            if let Some(v) = value {
                self.visit(v);
            }
            let Some(name) = d.child_by_field_id(FIELDS.name.get()) else {
                continue;
            };
            let t = match declared.as_deref() {
                Some("var") | None => value.and_then(|v| self.static_type(v)),
                Some(t) => Some(t.to_string()),
            };
            self.declare_local(self.text(name), t, value.is_some());
        }
    }

    fn resource(&mut self, node: Node) {
        if let Some(v) = node.child_by_field_id(FIELDS.value.get()) {
            self.visit(v);
        }
        if let Some(name) = node.child_by_field_id(FIELDS.name.get()) {
            let t = node.child_by_field_id(FIELDS.type_.get()).map(|t| self.text(t).to_string());
            self.declare(self.text(name), t);
        } else {
            self.visit_children(node); // `try (existingResource)`
        }
    }

    fn enhanced_for(&mut self, node: Node) {
        if let Some(v) = node.child_by_field_id(FIELDS.value.get()) {
            self.visit(v);
        }
        self.scoped(node, |w| {
            if let Some(name) = node.child_by_field_id(FIELDS.name.get()) {
                let t = node.child_by_field_id(FIELDS.type_.get()).map(|t| w.text(t).to_string());
                w.declare(w.text(name), t);
            }
            if let Some(body) = node.child_by_field_id(FIELDS.body.get()) {
                w.visit(body);
            }
        });
    }

    fn catch_parameter(&mut self, node: Node) {
        if let Some(name) = node.child_by_field_id(FIELDS.name.get()) {
            self.declare(self.text(name), None);
        }
    }

    fn lambda(&mut self, node: Node) {
        self.scoped(node, |w| {
            if let Some(params) = node.child_by_field_id(FIELDS.parameters.get()) {
                match params.kind() {
                    "identifier" => w.declare(w.text(params), None),
                    "formal_parameters" => {
                        for p in super::declarations::params_of(params, w.ctx.src) {
                            w.declare(&p.name, Some(p.type_name));
                        }
                    }
                    _ => {
                        let mut cursor = params.walk();
                        let names: Vec<Node> = params.named_children(&mut cursor).collect();
                        for n in names {
                            w.declare(w.text(n), None);
                        }
                    }
                }
            }
            if let Some(body) = node.child_by_field_id(FIELDS.body.get()) {
                w.visit(body);
            }
        });
    }

    fn instanceof(&mut self, node: Node) {
        if let Some(left) = node.child_by_field_id(FIELDS.left.get()) {
            self.visit(left);
        }
        if let Some(name) = node.child_by_field_id(FIELDS.name.get()) {
            let t = node.child_by_field_id(FIELDS.right.get()).map(|t| self.text(t).to_string());
            self.declare(self.text(name), t);
        }
        let mut cursor = node.walk();
        let patterns: Vec<Node> = node.named_children(&mut cursor).filter(|c| c.kind() == "record_pattern").collect();
        for p in patterns {
            self.visit(p);
        }
    }

    fn pattern_variable(&mut self, node: Node) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        let t = children.iter().find(|c| c.kind() != "identifier").map(|t| self.text(*t).to_string());
        if let Some(name) = children.iter().rev().find(|c| c.kind() == "identifier") {
            self.declare(self.text(*name), t);
        }
        for c in children.iter().filter(|c| c.kind() == "record_pattern") {
            self.visit(*c);
        }
    }

    fn skip_first_identifier(&mut self, node: Node) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).skip(1).collect();
        for c in children {
            self.visit(c);
        }
    }

    /// Members of an anonymous class run as part of the enclosing method: their calls and field
    /// accesses count for it, with their own parameters in scope.
    fn anonymous_class_body(&mut self, body: Node) {
        let mut cursor = body.walk();
        let members: Vec<Node> = body.named_children(&mut cursor).collect();
        for m in members {
            match m.kind() {
                "method_declaration" | "constructor_declaration" => self.scoped(m, |w| {
                    if let Some(params) = m.child_by_field_id(FIELDS.parameters.get()) {
                        for p in super::declarations::params_of(params, w.ctx.src) {
                            w.declare(&p.name, Some(p.type_name));
                        }
                    }
                    if let Some(b) = m.child_by_field_id(FIELDS.body.get()) {
                        w.visit(b);
                    }
                }),
                "field_declaration" | "block" => self.visit(m),
                _ => {}
            }
        }
    }

    fn arguments(&mut self, node: Node) -> (usize, Vec<Option<String>>) {
        let Some(args) = node.child_by_field_id(FIELDS.arguments.get()) else {
            return (0, Vec::new());
        };
        let mut cursor = args.walk();
        let list: Vec<Node> = args.named_children(&mut cursor).filter(|c| !is_comment(*c)).collect();
        let types = list.iter().map(|a| self.static_type(*a).map(|t| erase_simple(&t))).collect();
        for a in &list {
            self.visit(*a);
        }
        (list.len(), types)
    }

    fn record_call(
        &mut self,
        name: String,
        arity: Option<(usize, Vec<Option<String>>)>,
        receiver: Receiver,
        node: Node,
    ) {
        let (arg_count, arg_types) = match arity {
            Some((n, t)) => (Some(n), t),
            None => (None, Vec::new()),
        };
        self.facts.invocations.push(Invocation { name, arg_count, arg_types, receiver, line: line(node) });
    }

    fn method_invocation(&mut self, node: Node) {
        let name = node.child_by_field_id(FIELDS.name.get()).map(|n| self.text(n).to_string()).unwrap_or_default();
        let receiver = match node.child_by_field_id(FIELDS.object.get()) {
            None => Receiver::Implicit,
            Some(object) => self.receiver(object, &name),
        };
        let arity = self.arguments(node);
        self.record_call(name, Some(arity), receiver, node);
    }

    /// Classify a call's receiver; reading a field to call on it is a read, and a mutator call
    /// on a field (`items.add(x)`) is a write.
    fn receiver(&mut self, object: Node, method: &str) -> Receiver {
        match object.kind() {
            "this" => Receiver::This,
            "super" => Receiver::Super,
            "identifier" | "field_access" => {
                if let Some(f) = self.own_field(object) {
                    self.facts.reads.insert(f.clone());
                    if is_mutator(method) {
                        self.facts.writes.insert(f.clone());
                    }
                    let declared_type = self.ctx.fields.get(&f).cloned();
                    return Receiver::Variable { name: f, declared_type, is_field: true };
                }
                if object.kind() == "field_access" {
                    return self.qualified_receiver(object);
                }
                let name = self.text(object);
                match self.resolve(name) {
                    Resolved::Local(declared_type) => {
                        Receiver::Variable { name: name.into(), declared_type, is_field: false }
                    }
                    _ if self.is_own_name(name) => Receiver::OwnClass,
                    _ if name.starts_with(|c: char| c.is_ascii_uppercase()) => Receiver::Type { name: name.into() },
                    _ => Receiver::Variable { name: name.into(), declared_type: None, is_field: false },
                }
            }
            _ => {
                self.visit(object);
                Receiver::Expression
            }
        }
    }

    /// `System.out.println`, `java.util.Objects.equals`: a qualified name whose parts are not
    /// locals keeps its text as the receiver type; anything else is an expression.
    fn qualified_receiver(&mut self, object: Node) -> Receiver {
        let written = self.text(object);
        let root = written.split('.').next().unwrap_or("");
        let is_name = written.chars().all(|c| c.is_alphanumeric() || c == '.' || c == '_' || c == '$');
        if is_name && matches!(self.resolve(root), Resolved::Unknown) {
            return Receiver::Type { name: written.to_string() };
        }
        self.visit(object);
        Receiver::Expression
    }

    fn object_creation(&mut self, node: Node) {
        let type_name =
            node.child_by_field_id(FIELDS.type_.get()).map(|t| self.text(t).to_string()).unwrap_or_default();
        let mut cursor = node.walk();
        let extras: Vec<Node> = node
            .named_children(&mut cursor)
            .filter(|c| c.kind() == "class_body" || (c.end_byte() <= node.start_byte() + 1))
            .collect();
        let arity = self.arguments(node);
        let receiver =
            if self.is_own_name(&erase_simple(&type_name)) { Receiver::OwnClass } else { Receiver::New { type_name } };
        self.record_call("<init>".into(), Some(arity), receiver, node);
        for extra in extras {
            self.visit(extra);
        }
    }

    /// `throw new X(...)`: the method rejects something on purpose; the thrown value is visited
    /// as any expression.
    fn throw_statement(&mut self, node: Node) {
        let created = node.named_child(0).filter(|e| e.kind() == "object_creation_expression");
        if let Some(t) = created.and_then(|e| e.child_by_field_id(FIELDS.type_.get())) {
            self.facts.thrown.insert(erase_simple(self.text(t)));
        }
        self.visit_children(node);
    }

    fn explicit_constructor(&mut self, node: Node) {
        let receiver = match node.child_by_field_id(FIELDS.constructor.get()).map(|c| c.kind()) {
            Some("this") => Receiver::This,
            _ => Receiver::Super,
        };
        let arity = self.arguments(node);
        self.record_call("<init>".into(), Some(arity), receiver, node);
    }

    /// `this::encode`, `Own::encode`, `String::valueOf`, `items::add`.
    fn method_reference(&mut self, node: Node) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).filter(|c| !is_comment(*c)).collect();
        let (Some(first), Some(last)) = (children.first(), children.last()) else {
            return;
        };
        let name = if last.kind() == "identifier" && children.len() > 1 {
            self.text(*last).to_string()
        } else {
            "<init>".into()
        };
        let receiver = match first.kind() {
            "type_identifier" | "scoped_type_identifier" | "generic_type" => {
                let t = self.text(*first);
                if self.is_own_name(&erase_simple(t)) {
                    Receiver::OwnClass
                } else {
                    Receiver::Type { name: erase_simple(t) }
                }
            }
            _ => self.receiver(*first, &name),
        };
        self.record_call(name, None, receiver, node);
    }

    /// The static type of an expression where the source states it; None when unsure.
    fn static_type(&self, expr: Node) -> Option<String> {
        if let Some(t) = super::types::literal_type(expr.kind(), self.text(expr)) {
            return Some(t.to_string());
        }
        Some(match expr.kind() {
            "object_creation_expression" => self.text(expr.child_by_field_id(FIELDS.type_.get())?).to_string(),
            "array_creation_expression" => {
                let t = self.text(expr.child_by_field_id(FIELDS.type_.get())?);
                let dims = self.text(expr).matches('[').count().max(1);
                format!("{t}{}", "[]".repeat(dims))
            }
            "cast_expression" => self.text(expr.child_by_field_id(FIELDS.type_.get())?).to_string(),
            "this" => self.ctx.own_names.last()?.clone(),
            "identifier" => match self.resolve(self.text(expr)) {
                Resolved::Local(t) => t?,
                Resolved::Field(t) => t,
                Resolved::Unknown => return None,
            },
            "parenthesized_expression" => return self.static_type(expr.named_child(0)?),
            _ => return None,
        })
    }
}
