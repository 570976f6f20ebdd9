//! The data flow of one test method (see mine.rs): values and the calls they derive from,
//! followed statement by statement; each assertion judged for the pair it relates.

use crate::mine::{text, FileScope, Main, MethodRef, OBJECT_METHODS};
use mr_coupler::coupling::hierarchy::ClassRef;
use mr_coupler::java_model::types::{accepts, erase_simple, literal_type};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use tree_sitter::Node;

/// What the miner found in one assertion.
pub enum Found {
    Pair(MethodRef, Vec<MethodRef>),
    MoreThanTwo,
    AmbiguousTarget,
    AbstractTarget,
    OutOfReach,
}

#[derive(Debug, Clone, Default)]
struct Value {
    /// Calls (by id) the value derives from.
    deps: BTreeSet<usize>,
    /// The project class of the object, when known.
    class: Option<ClassRef>,
    /// Erased static type, when evident.
    ty: Option<String>,
    literal: bool,
}

struct Call {
    /// The class the call was looked up in (the class under test of this call).
    under_test: ClassRef,
    /// The methods it may denote (several when overloads cannot be told apart).
    methods: Vec<MethodRef>,
    /// Identifiers and literals in its receiver and arguments: the call's inputs.
    inputs: BTreeSet<String>,
}

pub struct Walker<'a, 'p> {
    main: &'a Main<'p>,
    file: &'a FileScope,
    src: &'a str,
    vars: HashMap<String, Value>,
    calls: Vec<Call>,
    /// Values of the nodes evaluated so far, by node id.
    memo: HashMap<usize, Value>,
    pub found: Vec<Found>,
}

impl<'a, 'p> Walker<'a, 'p> {
    pub fn new(main: &'a Main<'p>, file: &'a FileScope, src: &'a str) -> Self {
        Walker { main, file, src, vars: HashMap::new(), calls: Vec::new(), memo: HashMap::new(), found: Vec::new() }
    }

    fn text(&self, node: Node) -> &'a str {
        text(Some(node), self.src)
    }

    /// The test class's fields are variables of the test (set up elsewhere: no derivation).
    pub fn declare_fields(&mut self, class: Node) {
        let Some(body) = class.child_by_field_name("body") else { return };
        let mut cursor = body.walk();
        let fields: Vec<Node> = body.named_children(&mut cursor).filter(|m| m.kind() == "field_declaration").collect();
        for f in fields {
            let declared = f.child_by_field_name("type").map(|t| self.text(t).to_string()).unwrap_or_default();
            let mut cursor = f.walk();
            let declarators: Vec<Node> = f.children_by_field_name("declarator", &mut cursor).collect();
            for d in declarators {
                let name = self.text(d.child_by_field_name("name").unwrap_or(d)).to_string();
                let created = d
                    .child_by_field_name("value")
                    .filter(|v| v.kind() == "object_creation_expression")
                    .and_then(|v| v.child_by_field_name("type"))
                    .and_then(|t| self.file.resolve(self.main, self.text(t)));
                let class = created.or_else(|| self.file.resolve(self.main, &declared));
                let value = Value { class, ty: Some(erase_simple(&declared)), ..Value::default() };
                self.vars.insert(name, value);
            }
        }
    }

    pub fn method(&mut self, method: Node) {
        if let Some(params) = method.child_by_field_name("parameters") {
            let mut cursor = params.walk();
            let list: Vec<Node> = params.named_children(&mut cursor).collect();
            for p in list {
                let (Some(t), Some(n)) = (p.child_by_field_name("type"), p.child_by_field_name("name")) else {
                    continue;
                };
                let value = Value {
                    class: self.file.resolve(self.main, self.text(t)),
                    ty: Some(erase_simple(self.text(t))),
                    ..Value::default()
                };
                self.vars.insert(self.text(n).to_string(), value);
            }
        }
        if let Some(body) = method.child_by_field_name("body") {
            self.statement(body);
        }
    }

    fn statement(&mut self, node: Node) {
        match node.kind() {
            "local_variable_declaration" => self.declaration(node),
            "expression_statement" => {
                if let Some(expr) = node.named_child(0) {
                    self.expression_statement(expr);
                }
            }
            "enhanced_for_statement" => {
                let items = node.child_by_field_name("value").map(|v| self.eval(v)).unwrap_or_default();
                if let Some(name) = node.child_by_field_name("name") {
                    let ty = node.child_by_field_name("type").map(|t| erase_simple(self.text(t)));
                    let class =
                        node.child_by_field_name("type").and_then(|t| self.file.resolve(self.main, self.text(t)));
                    let value = Value { deps: items.deps, class, ty, literal: false };
                    self.vars.insert(self.text(name).to_string(), value);
                }
                if let Some(body) = node.child_by_field_name("body") {
                    self.statement(body);
                }
            }
            "lambda_expression" | "class_declaration" | "local_class_declaration" => {}
            _ => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                for child in children {
                    if is_statement(child.kind()) {
                        self.statement(child);
                    } else if child.kind() == "resource_specification" {
                        let mut inner = child.walk();
                        let resources: Vec<Node> = child.named_children(&mut inner).collect();
                        for r in resources {
                            self.declaration(r);
                        }
                    } else if !matches!(child.kind(), "line_comment" | "block_comment") {
                        self.eval(child);
                    }
                }
            }
        }
    }

    /// `T v = e;` (also a try resource): v derives from e; its class is the created object's
    /// when e is `new C(..)`, else the declared type's.
    fn declaration(&mut self, node: Node) {
        let declared = node.child_by_field_name("type").map(|t| self.text(t).to_string());
        let mut declarators: Vec<Node> = {
            let mut cursor = node.walk();
            node.children_by_field_name("declarator", &mut cursor).collect()
        };
        if node.kind() == "resource" {
            declarators = vec![node];
        }
        for d in declarators {
            let value = d.child_by_field_name("value").map(|v| self.eval(v)).unwrap_or_default();
            let Some(name) = d.child_by_field_name("name") else { continue };
            let declared_class =
                declared.as_deref().filter(|t| *t != "var").and_then(|t| self.file.resolve(self.main, t));
            let ty = declared.as_deref().filter(|t| *t != "var").map(erase_simple).or(value.ty.clone());
            let var = Value { class: value.class.or(declared_class), ty, ..value };
            self.vars.insert(self.text(name).to_string(), var);
        }
    }

    fn expression_statement(&mut self, expr: Node) {
        if self.is_assertion(expr) {
            self.assertion(expr);
            return;
        }
        match expr.kind() {
            "assignment_expression" => {
                let (Some(left), Some(right)) = (expr.child_by_field_name("left"), expr.child_by_field_name("right"))
                else {
                    return;
                };
                let value = self.eval(right);
                if left.kind() == "identifier" {
                    let name = self.text(left).to_string();
                    let compound = expr.child_by_field_name("operator").is_some_and(|o| self.text(o) != "=");
                    let old = self.vars.remove(&name).unwrap_or_default();
                    let mut var = Value { class: value.class.or(old.class), ty: old.ty.or(value.ty), ..value };
                    if compound {
                        var.deps.extend(old.deps);
                    }
                    self.vars.insert(name, var);
                }
            }
            "method_invocation" => {
                let before = self.calls.len();
                let value = self.eval(expr);
                // A call for its effect on a variable: `map.put(k, v);` makes `map` derive from it.
                let object = expr.child_by_field_name("object");
                if let (Some(o), true) = (object, self.calls.len() > before) {
                    if o.kind() == "identifier" {
                        if let Some(var) = self.vars.get_mut(text(Some(o), self.src)) {
                            var.deps.extend(value.deps);
                        }
                    }
                }
            }
            _ => {
                self.eval(expr);
            }
        }
    }

    /// The value of an expression; every node's value is remembered for [`Self::operands`].
    fn eval(&mut self, node: Node) -> Value {
        let value = self.eval_node(node);
        self.memo.insert(node.id(), value.clone());
        value
    }

    fn eval_node(&mut self, node: Node) -> Value {
        if let Some(t) = literal_type(node.kind(), self.text(node)) {
            return Value { ty: Some(t.to_string()), literal: true, ..Value::default() };
        }
        match node.kind() {
            "identifier" => self.vars.get(self.text(node)).cloned().unwrap_or_default(),
            "method_invocation" => self.invocation(node),
            "object_creation_expression" => {
                let args = self.arguments(node);
                let written = node.child_by_field_name("type").map(|t| self.text(t)).unwrap_or("");
                let deps = args.iter().flat_map(|a| a.deps.iter().copied()).collect();
                let literal = args.iter().all(|a| a.literal);
                Value { deps, class: self.file.resolve(self.main, written), ty: Some(erase_simple(written)), literal }
            }
            "cast_expression" => {
                let mut v = node.child_by_field_name("value").map(|v| self.eval(v)).unwrap_or_default();
                if let Some(t) = node.child_by_field_name("type") {
                    v.ty = Some(erase_simple(self.text(t)));
                }
                v
            }
            "lambda_expression" | "class_body" | "method_reference" => Value::default(),
            _ => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node
                    .named_children(&mut cursor)
                    .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
                    .collect();
                let values: Vec<Value> = children.iter().map(|c| self.eval(*c)).collect();
                let literal = !values.is_empty() && values.iter().all(|v| v.literal);
                let is_string =
                    node.kind() == "binary_expression" && values.iter().any(|v| v.ty.as_deref() == Some("String"));
                Value {
                    deps: values.into_iter().flat_map(|v| v.deps).collect(),
                    class: None,
                    ty: is_string.then(|| "String".to_string()),
                    literal,
                }
            }
        }
    }

    fn arguments(&mut self, call: Node) -> Vec<Value> {
        let Some(args) = call.child_by_field_name("arguments") else { return Vec::new() };
        let mut cursor = args.walk();
        let list: Vec<Node> = args
            .named_children(&mut cursor)
            .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
            .collect();
        list.into_iter().map(|a| self.eval(a)).collect()
    }

    fn invocation(&mut self, node: Node) -> Value {
        let name = node.child_by_field_name("name").map(|n| self.text(n)).unwrap_or("");
        let object = node.child_by_field_name("object");
        let (receiver, lookup) = match object {
            None => (Value::default(), self.static_import(name)),
            Some(o) if o.kind() == "identifier" && !self.vars.contains_key(self.text(o)) => {
                let class = self.file.resolve(self.main, self.text(o));
                (Value::default(), class)
            }
            Some(o) if matches!(o.kind(), "field_access" | "scoped_identifier") && self.is_type_name(o) => {
                (Value::default(), self.file.resolve(self.main, self.text(o)))
            }
            Some(o) => {
                let v = self.eval(o);
                let class = v.class;
                (v, class)
            }
        };
        let args = self.arguments(node);
        let mut deps: BTreeSet<usize> = receiver.deps.iter().copied().collect();
        deps.extend(args.iter().flat_map(|a| a.deps.iter().copied()));
        let literal =
            args.iter().all(|a| a.literal) && receiver.deps.is_empty() && object.is_none_or(|o| self.is_type_name(o));
        let methods = match lookup {
            Some(class) if !OBJECT_METHODS.contains(&name) => self.overloads(class, name, &args),
            _ => Vec::new(),
        };
        let (Some(class), false) = (lookup, methods.is_empty()) else {
            return Value { deps, class: None, ty: None, literal: literal && !name.is_empty() };
        };
        let mut inputs = BTreeSet::new();
        if let Some(o) = object {
            self.collect_inputs(o, &mut inputs);
        }
        if let Some(a) = node.child_by_field_name("arguments") {
            self.collect_inputs(a, &mut inputs);
        }
        let (ret_class, ret_type) = self.return_of(&methods);
        deps.insert(self.calls.len());
        self.calls.push(Call { under_test: class, methods, inputs });
        Value { deps, class: ret_class, ty: ret_type, literal: false }
    }

    fn is_type_name(&self, node: Node) -> bool {
        let t = self.text(node);
        let last = t.rsplit('.').next().unwrap_or(t);
        let root = t.split('.').next().unwrap_or(t);
        !self.vars.contains_key(root) && last.starts_with(|c: char| c.is_ascii_uppercase())
    }

    fn static_import(&self, name: &str) -> Option<ClassRef> {
        let named = self.file.static_imports.iter().find(|(m, _)| m == name).map(|(_, c)| *c);
        named.or_else(|| {
            self.file.static_imports.iter().filter(|(m, _)| m == "*").map(|(_, c)| *c).find(|c| {
                self.main.chain(*c).iter().any(|k| k.get(self.main.project).methods.iter().any(|m| m.name == name))
            })
        })
    }

    /// The methods of `class` (or inherited from its project superclasses) a call may denote:
    /// name and arity, then the overloads whose parameters fit the evident argument types best.
    fn overloads(&self, class: ClassRef, name: &str, args: &[Value]) -> Vec<MethodRef> {
        let mut seen: Vec<Vec<String>> = Vec::new();
        let mut by_arity = Vec::new();
        for c in self.main.chain(class) {
            for (i, m) in c.get(self.main.project).methods.iter().enumerate() {
                if m.is_constructor || m.name != name || !m.accepts_arity(args.len()) || m.is_private() && c != class {
                    continue;
                }
                let erased: Vec<String> = m.params.iter().map(|p| erase_simple(&p.type_name)).collect();
                if seen.contains(&erased) {
                    continue; // overridden nearer
                }
                seen.push(erased);
                by_arity.push(MethodRef { class: c, method: i });
            }
        }
        let fit = |r: &MethodRef| -> Option<usize> {
            let m = &r.class.get(self.main.project).methods[r.method];
            let mut score = 0;
            for (i, a) in args.iter().enumerate() {
                let Some(arg) = a.ty.as_deref() else {
                    score += 1;
                    continue;
                };
                let p = m.params.get(i).or(m.params.last())?;
                let param = erase_simple(&p.type_name);
                let element = param.strip_suffix("[]").filter(|_| p.varargs && i + 1 >= m.params.len());
                if param == arg {
                    score += 2;
                } else if accepts(&param, arg) || element.is_some_and(|e| accepts(e, arg) || e == arg) {
                    score += 1;
                } else {
                    return None;
                }
            }
            Some(score)
        };
        let scored: Vec<(MethodRef, usize)> = by_arity.iter().filter_map(|r| Some((*r, fit(r)?))).collect();
        let Some(best) = scored.iter().map(|(_, s)| *s).max() else { return by_arity };
        scored.into_iter().filter(|(_, s)| *s == best).map(|(r, _)| r).collect()
    }

    fn return_of(&self, methods: &[MethodRef]) -> (Option<ClassRef>, Option<String>) {
        let project = self.main.project;
        let types: BTreeSet<String> = methods
            .iter()
            .filter_map(|r| r.class.get(project).methods[r.method].return_type.as_deref().map(erase_simple))
            .collect();
        if types.len() != 1 {
            return (None, None);
        }
        let Some(ret) = types.into_iter().next() else { return (None, None) };
        let declaring = methods[0].class;
        let written = project.files[declaring.file].classes[declaring.class].methods[methods[0].method]
            .return_type
            .clone()
            .unwrap_or_default();
        let class = (!ret.ends_with(']') && ret.len() > 1)
            .then(|| self.main.hierarchy.resolve(project, declaring, &written))
            .flatten();
        (class, Some(ret))
    }

    fn collect_inputs(&self, node: Node, out: &mut BTreeSet<String>) {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "identifier" {
                out.insert(self.text(n).to_string());
                continue;
            }
            if literal_type(n.kind(), self.text(n)).is_some() {
                // `0`, `null`, `true` match an expected value by chance, not because it is the input.
                if !matches!(self.text(n), "0" | "1" | "-1" | "null" | "true" | "false" | "\"\"") {
                    out.insert(self.text(n).to_string());
                }
                continue;
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
    }

    /// `assertEquals(..)`, `Assert.assertTrue(..)`, `assertThat(x).isEqualTo(y)`: a call whose
    /// name, or that of a call in its receiver chain, starts with `assert` (not `assertThrows`).
    fn is_assertion(&self, expr: Node) -> bool {
        let mut current = Some(expr);
        while let Some(n) = current.filter(|n| n.kind() == "method_invocation") {
            let name = text(n.child_by_field_name("name"), self.src);
            if name.starts_with("assert") && !name.starts_with("assertThrows") && !name.starts_with("assertDoesNot") {
                return true;
            }
            current = n.child_by_field_name("object");
        }
        false
    }

    fn assertion(&mut self, expr: Node) {
        let value = self.eval(expr);
        let operands = self.operands(expr);
        // The calls the asserted values derive from, grouped by the class they were made on.
        let mut groups: BTreeMap<ClassRef, Vec<usize>> = BTreeMap::new();
        for &id in &value.deps {
            groups.entry(self.calls[id].under_test).or_default().push(id);
        }
        for ids in groups.values() {
            let mut methods: Vec<&Vec<MethodRef>> = Vec::new();
            for &id in ids {
                if !methods.contains(&&self.calls[id].methods) {
                    methods.push(&self.calls[id].methods);
                }
            }
            if methods.len() < 2 {
                continue;
            }
            let inputs: BTreeSet<&String> = ids.iter().flat_map(|&id| self.calls[id].inputs.iter()).collect();
            let relating = operands
                .iter()
                .filter(|(text, v)| v.deps.iter().any(|d| ids.contains(d)) || inputs.contains(text))
                .count();
            if relating < 2 {
                continue;
            }
            if methods.len() > 2 {
                self.found.push(Found::MoreThanTwo);
                continue;
            }
            let (target, partners) = (methods[0].clone(), methods[1].clone());
            self.found.push(self.judge(target, partners));
        }
    }

    fn judge(&self, target: Vec<MethodRef>, partners: Vec<MethodRef>) -> Found {
        let project = self.main.project;
        let [target] = target.as_slice() else { return Found::AmbiguousTarget };
        let t = &target.class.get(project).methods[target.method];
        if !t.has_body {
            return Found::AbstractTarget;
        }
        let reach = self.main.chain(target.class);
        let partners: Vec<MethodRef> =
            partners.into_iter().filter(|p| reach.contains(&p.class) && p != target).collect();
        if partners.is_empty() {
            return Found::OutOfReach;
        }
        Found::Pair(*target, partners)
    }

    /// The things an assertion compares, each as (text, value): the arguments of the assertion
    /// chain without messages and deltas; a lone boolean condition split into its sides.
    fn operands(&self, expr: Node) -> Vec<(String, Value)> {
        let mut nodes = Vec::new();
        let mut current = Some(expr);
        while let Some(n) = current.filter(|n| n.kind() == "method_invocation") {
            let name = text(n.child_by_field_name("name"), self.src);
            let mut args: Vec<Node> = match n.child_by_field_name("arguments") {
                Some(a) => {
                    let mut cursor = a.walk();
                    let list: Vec<Node> = a
                        .named_children(&mut cursor)
                        .filter(|c| !matches!(c.kind(), "line_comment" | "block_comment"))
                        .collect();
                    list
                }
                None => Vec::new(),
            };
            if args.len() >= 2 && is_message(args[0], self.src) && name != "assertThat" {
                args.remove(0);
            }
            if args.len() >= 3 && is_message(args[args.len() - 1], self.src) {
                args.pop();
            }
            if name == "assertEquals" && args.len() == 3 {
                args.pop(); // a delta
            }
            if matches!(name, "assertTrue" | "assertFalse" | "isTrue" | "isFalse") && args.len() == 1 {
                nodes.extend(sides(args[0]));
            } else {
                nodes.extend(args);
            }
            current = n.child_by_field_name("object");
        }
        nodes
            .into_iter()
            .map(|n| (self.text(n).to_string(), self.memo.get(&n.id()).cloned().unwrap_or_default()))
            .collect()
    }
}

/// `a == b`, `a.equals(b)`, `set.contains(x)`, `!c`: the sides a boolean assertion relates.
fn sides(cond: Node) -> Vec<Node> {
    match cond.kind() {
        "parenthesized_expression" | "unary_expression" => cond.named_child(0).map(sides).unwrap_or_default(),
        "binary_expression" => {
            [cond.child_by_field_name("left"), cond.child_by_field_name("right")].into_iter().flatten().collect()
        }
        "method_invocation" => {
            let mut out: Vec<Node> = cond.child_by_field_name("object").into_iter().collect();
            if let Some(a) = cond.child_by_field_name("arguments") {
                let mut cursor = a.walk();
                out.extend(a.named_children(&mut cursor));
            }
            if out.is_empty() {
                vec![cond]
            } else {
                out
            }
        }
        _ => vec![cond],
    }
}

fn is_message(node: Node, src: &str) -> bool {
    node.kind() == "string_literal"
        || (node.kind() == "binary_expression" && text(Some(node), src).trim_start().starts_with('"'))
}

fn is_statement(kind: &str) -> bool {
    kind.ends_with("_statement")
        || kind == "block"
        || kind == "local_variable_declaration"
        || kind.ends_with("_clause")
        || kind == "switch_block"
        || kind == "switch_block_statement_group"
        || kind == "switch_rule"
}
