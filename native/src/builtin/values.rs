//! Source inputs for the built-in MTCs, typed: for a declared type, the expressions the project's
//! own tests use for it (only those that stand alone: no local, field or static import of the
//! test), then what the project offers to build one (enum constants, public constants, public
//! constructors and static factories applied recursively to typed arguments, an implementation of
//! an interface), then boundary values of JDK types. An expression whose type was not established
//! is never emitted: a type the catalogue cannot build has no values, and the template declines.

use super::boundary::{arrays, jdk_values, maps, ordinary_at, typical};
use super::guard_scope::Lookup;
use super::guards::{guards_of, Guard};
use super::objects;
use super::time::java_time_values;
use super::types::{generic_arguments, TypeScope};
use crate::context::TestIndex;
use crate::coupling::hierarchy::Hierarchy;
use crate::java_model::types::{accepts, erase_simple, is_primitive, literal_type};
use crate::java_model::{ClassModel, MethodModel, Project};
use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use tree_sitter::Node;

/// Inputs per MR, as the paper's amplification uses.
pub const INPUTS: usize = 10;

/// Rows of arguments from a column of values per parameter, at most `INPUTS`: each column taken
/// in turn, a shorter one starting over. None when a parameter has no value.
pub(super) fn rows(columns: &[Vec<String>]) -> Option<Vec<Vec<String>>> {
    if columns.iter().any(Vec::is_empty) {
        return None;
    }
    let n = columns.iter().map(Vec::len).max().unwrap_or(1).min(INPUTS);
    Some((0..n).map(|r| columns.iter().map(|c| c[r % c.len()].clone()).collect()).collect())
}

/// An integer literal of small magnitude (`42`, `-7L`, `(short) 3`): on it no integral type overflows, whatever the operation.
pub(super) fn small_integer(value: &str) -> bool {
    let digits = value.rsplit(')').next().unwrap_or(value).trim().trim_start_matches('-').trim_end_matches(['L', 'l']);
    digits.parse::<u32>().is_ok_and(|v| v <= 10_000)
}

/// How deep constructor arguments are built from other constructors.
const DEPTH: usize = 2;

pub struct Values<'a> {
    /// Type as written (qualifiers and spaces dropped) -> expressions from the tests, best first.
    found: BTreeMap<String, Vec<String>>,
    pub class: &'a ClassModel,
    pub project: Option<&'a Project>,
    pub scope: TypeScope,
    /// The class and its project superclasses, nearest first: asked by many templates per target.
    ancestors: OnceCell<Vec<&'a ClassModel>>,
    /// The project's superclass lookup, built when the ancestors or a builder's guards first need it.
    hierarchy: OnceCell<Option<Hierarchy>>,
    /// The texts each class built from text quotes in its Javadoc, by qualified name: a class's
    /// values are asked for by many templates, and its file may be long.
    quoted: RefCell<BTreeMap<String, Rc<[String]>>>,
    /// The guards of each builder (`guards::guards_of`), by class and place in its file: every
    /// value a builder is given is checked against them.
    guards: RefCell<BTreeMap<BuilderKey, Rc<[Guard]>>>,
    /// The instances each class's companions hand out (`objects::companions`), by qualified name:
    /// finding them looks through every class of the project.
    companions: RefCell<BTreeMap<String, Rc<[String]>>>,
}

/// A builder by its class's qualified name and its byte range in the class's file.
type BuilderKey = (String, (usize, usize));

impl<'a> Values<'a> {
    /// Values for `class`'s methods: from the tests that call them, the project, and boundaries.
    pub fn for_class(class: &'a ClassModel, project: Option<&'a Project>, tests: &TestIndex) -> Self {
        let mut scope = TypeScope::of_class(class);
        if let Some(project) = project {
            scope.nest(class, project);
        }
        let mut values = Values {
            found: BTreeMap::new(),
            class,
            project,
            scope,
            ancestors: OnceCell::new(),
            hierarchy: OnceCell::new(),
            quoted: RefCell::default(),
            guards: RefCell::default(),
            companions: RefCell::default(),
        };
        values.gather_from_tests(tests.project());
        values.gather_from_class();
        values
    }

    /// The class's public static fields (but those of its own type) and public static factories
    /// without parameters, by their declared types (`Hex.DEFAULT_CHARSET` is a `Charset` for any method taking one).
    fn gather_from_class(&mut self) {
        let class = self.class;
        let public_static = |m: &[String]| m.iter().any(|x| x == "public") && m.iter().any(|x| x == "static");
        let owner = objects::reference(self, class);
        // Constants of the class's own type come with its builders, in turns (`objects`): first
        // here they would fill every input with `Fraction.ZERO`, `Fraction.ONE`, ...
        let own = |f: &&crate::java_model::FieldModel| erase_simple(&f.type_name) == class.name;
        for f in class.fields.iter().filter(|f| public_static(&f.modifiers) && !own(f)) {
            self.add(&f.type_name, format!("{owner}.{}", f.name));
        }
        for text in super::enum_texts::enum_texts(class) {
            self.add("String", text);
        }
        // One shared object of the class's own type is no receiver a test may change.
        let shared = |m: &crate::java_model::MethodModel| {
            m.return_type.as_deref().is_some_and(|r| erase_simple(r) == class.name)
                && objects::hands_out_a_field(class, m)
        };
        let fixed = |m: &&crate::java_model::MethodModel| !objects::reads_clock_or_chance(class, m) && !shared(m);
        for m in class.methods.iter().filter(|m| public_static(&m.modifiers) && m.params.is_empty()).filter(fixed) {
            if let Some(r) = m.return_type.as_deref().filter(|r| *r != "void") {
                self.add(r, format!("{owner}.{}()", m.name));
            }
        }
    }

    /// The class and its superclasses in the project, nearest first (`extends` resolved as javac
    /// does, by the coupling analysis's `Hierarchy`).
    pub fn ancestors(&self) -> &[&'a ClassModel] {
        self.ancestors.get_or_init(|| {
            let mut chain = vec![self.class];
            let (Some(project), Some(hierarchy)) = (self.project, self.hierarchy()) else { return chain };
            if let Some(own) = hierarchy.find(&self.class.qualified_name) {
                chain.extend(hierarchy.superclasses(project, own).into_iter().map(|c| c.get(project)));
            }
            chain
        })
    }

    /// The guards of `builder`, a constructor or factory of `class`, read once.
    pub(super) fn guards(&self, class: &ClassModel, builder: &MethodModel) -> Rc<[Guard]> {
        let key = (class.qualified_name.clone(), builder.byte_range);
        let mut guards = self.guards.borrow_mut();
        let superclass_of = |of: &ClassModel| -> Option<&ClassModel> {
            let (project, hierarchy) = (self.project?, self.hierarchy().as_ref()?);
            let own = hierarchy.find(&of.qualified_name)?;
            Some(hierarchy.superclass(project, own)?.get(project))
        };
        let class_named = |qualified: &str| self.project?.classes().find(|c| c.qualified_name == qualified);
        let lookup = Lookup { superclass_of: &superclass_of, class_named: &class_named };
        Rc::clone(guards.entry(key).or_insert_with(|| guards_of(class, builder, lookup).into()))
    }

    fn hierarchy(&self) -> &Option<Hierarchy> {
        self.hierarchy.get_or_init(|| self.project.map(Hierarchy::new))
    }

    /// The texts `class`'s Javadoc quotes (`java_model::javadoc::quoted_texts`), read once.
    pub fn quoted_texts(&self, class: &ClassModel) -> Rc<[String]> {
        let mut quoted = self.quoted.borrow_mut();
        let texts = quoted
            .entry(class.qualified_name.clone())
            .or_insert_with(|| crate::java_model::javadoc::quoted_texts(class).into());
        Rc::clone(texts)
    }

    /// The instances of `class` other project classes hand out (`objects::companions`), found once.
    pub fn companions(&self, class: &ClassModel) -> Rc<[String]> {
        if let Some(found) = self.companions.borrow().get(&class.qualified_name) {
            return Rc::clone(found);
        }
        let found: Rc<[String]> = objects::companions(self, class).into();
        self.companions.borrow_mut().insert(class.qualified_name.clone(), Rc::clone(&found));
        found
    }

    /// A declared type as a test writes it: type variables replaced by their bounds.
    pub fn declared(&self, written: &str) -> String {
        self.scope.resolve(written)
    }

    /// Up to `n` expressions of type `written` (as a parameter declares it), best first.
    pub fn of(&self, written: &str, n: usize) -> Vec<String> {
        self.typed(&self.declared(written), n, DEPTH)
    }

    /// One ordinary value of the type, for arguments an MR does not vary: one the project's tests
    /// use, else a typical one, else the first the type offers.
    pub fn one(&self, written: &str) -> Option<String> {
        self.one_within(written, DEPTH)
    }

    /// `one`, built by constructors at most `depth` deep: a constructor's ordinary arguments are
    /// built one level down, never from the top again (joda-time's types refer to each other in a
    /// cycle; restarting the depth there recursed until the stack overflowed).
    pub fn one_within(&self, written: &str, depth: usize) -> Option<String> {
        let resolved = self.declared(written);
        if let Some(found) = self.found.get(&key(&resolved)).and_then(|v| v.first()) {
            return Some(found.clone());
        }
        typical(&erase_simple(&resolved))
            .map(String::from)
            .or_else(|| self.typed(&resolved, 1, depth).into_iter().next())
    }

    /// The ordinary argument at `position` of a constructor or factory: `one_within`, but a
    /// floating-point one differs per position (`boundary::ordinary_at`) unless the tests give one.
    /// Built by constructors at most `depth` deep (as `one_within`).
    pub fn ordinary_within(&self, written: &str, position: usize, depth: usize) -> Option<String> {
        let resolved = self.declared(written);
        if self.found.contains_key(&key(&resolved)) {
            return self.one_within(written, depth);
        }
        ordinary_at(&erase_simple(&resolved), position).map(String::from).or_else(|| self.one_within(written, depth))
    }

    /// One value of the type that needs no builder of the project: the tests' own, a typical or
    /// boundary JDK value, a constant of the type.
    pub fn shallow(&self, written: &str) -> Option<String> {
        let resolved = self.declared(written);
        if let Some(found) = self.found.get(&key(&resolved)).and_then(|v| v.first()) {
            return Some(found.clone());
        }
        let erased = erase_simple(&resolved);
        let jdk = || if self.is_projects(&erased) { Vec::new() } else { self.jdk(&erased, &[]) };
        typical(&erased)
            .map(String::from)
            .or_else(|| jdk().into_iter().next())
            .or_else(|| objects::constant_values(self, &resolved).into_iter().next())
    }

    /// Values of a resolved type; `depth` bounds how far constructors build their arguments.
    pub fn typed(&self, written: &str, n: usize, depth: usize) -> Vec<String> {
        let mut out: Vec<String> = self.found.get(&key(written)).cloned().unwrap_or_default();
        let (raw, args) = generic_arguments(written);
        let erased = erase_simple(&raw);
        let inner = |t: &str, k: usize| if depth == 0 { Vec::new() } else { self.typed(t, k, depth - 1) };
        let more = if self.is_projects(&raw) {
            objects::project_values(self, written, n, depth)
        } else if let Some(element) = written.strip_suffix("[]").filter(|e| !is_primitive(e) && *e != "String") {
            let elements = inner(element, 3);
            if elements.is_empty() {
                Vec::new()
            } else {
                arrays(element, &elements)
            }
        } else if erased == "Class" {
            objects::class_literals(self, args.first().map(String::as_str))
        } else if let [k, v] = args.as_slice().iter().filter(|_| is_jdk_map(&erased)).collect::<Vec<_>>().as_slice() {
            maps(&erased, &inner(k, 1), &inner(v, 1))
        } else {
            let element = args.first().cloned().unwrap_or_else(|| "String".to_string());
            let known = self.jdk(&erased, &inner(&element, 5));
            if known.is_empty() {
                objects::project_values(self, written, n, depth)
            } else {
                known
            }
        };
        for value in more {
            if !out.contains(&value) {
                out.push(value);
            }
        }
        out.truncate(n);
        out
    }

    /// Values of a JDK type (`boundary`'s, `java.time`'s) by its simple name, for a type that is
    /// not the project's own (`is_projects`).
    fn jdk(&self, erased: &str, elements: &[String]) -> Vec<String> {
        let known = jdk_values(erased, elements);
        if !known.is_empty() {
            return known;
        }
        java_time_values(erased)
    }

    /// Whether a type as written names a class of the project where the class under test stands:
    /// qualified or nested by a name the project declares, or by its simple name the class
    /// itself, one of its package or one its file imports. Such a type is built as the project's,
    /// never given the values of the JDK type it shares a simple name with: Joda-Time's
    /// `LocalDate`, Dexx's `HashSet` and `TreeMap` (unseen-28, where `new java.util.HashSet<>()`
    /// was what every template and the receiver repair built for Dexx's `HashSet`).
    fn is_projects(&self, raw: &str) -> bool {
        if raw.starts_with("java.") || raw.starts_with("javax.") {
            return false;
        }
        let Some(found) = objects::find_class(self, raw) else { return false };
        let own = self.class;
        let imported = |import: &String| {
            *import == found.qualified_name || import.strip_suffix(".*") == Some(found.package.as_str())
        };
        raw.contains('.') || found.package == own.package || own.imports.iter().any(imported)
    }

    fn add(&mut self, written: &str, expression: String) {
        let list = self.found.entry(key(&self.declared(written))).or_default();
        if !list.contains(&expression) {
            list.push(expression);
        }
    }

    /// Literal arguments of calls to the class's methods in tests, and locals whose initializer
    /// stands on its own (`SecretKey key = AESEncryption.getSecretEncryptionKey();`).
    fn gather_from_tests(&mut self, tests: &Project) {
        let mut parser = crate::java_model::parser();
        let name = self.class.name.clone();
        let test_classes: Vec<&ClassModel> = tests.classes().filter(|c| c.source.contains(name.as_str())).collect();
        for test_class in test_classes {
            for m in test_class.methods.iter().filter(|m| m.is_test()) {
                let code = &test_class.source[m.byte_range.0..m.byte_range.1];
                let Some(tree) = parser.parse(code, None) else { continue };
                self.walk(tree.root_node(), code);
            }
        }
    }

    fn walk(&mut self, node: Node, code: &str) {
        match node.kind() {
            "method_invocation" => self.call_arguments(node, code),
            "local_variable_declaration" => self.standalone_local(node, code),
            _ => {}
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            self.walk(child, code);
        }
    }

    /// A literal argument counts for a parameter only when its type fits the parameter's
    /// (`"1.2"` is no `long`, `2.5` no `LatLong`), overloads of the same arity included.
    fn call_arguments(&mut self, call: Node, code: &str) {
        let name = call.child_by_field_name("name").map(|n| &code[n.byte_range()]).unwrap_or("");
        let Some(args) = call.child_by_field_name("arguments") else { return };
        let mut cursor = args.walk();
        let args: Vec<Node> = args.named_children(&mut cursor).collect();
        let class = self.class;
        for method in class.methods.iter().filter(|m| m.name == name && m.params.len() == args.len()) {
            for (arg, param) in args.iter().zip(&method.params) {
                let text = &code[arg.byte_range()];
                let Some(literal) = literal_of(*arg, code) else { continue };
                let param_type = erase_simple(&self.declared(&param.type_name));
                if literal != "null" && accepts(&param_type, literal) {
                    self.add(&param.type_name, text.to_string());
                }
            }
        }
    }

    fn standalone_local(&mut self, declaration: Node, code: &str) {
        let Some(t) = declaration.child_by_field_name("type").map(|t| code[t.byte_range()].to_string()) else {
            return;
        };
        if t == "var" {
            return; // its type is not written down
        }
        let mut cursor = declaration.walk();
        let declarators: Vec<Node> =
            declaration.named_children(&mut cursor).filter(|c| c.kind() == "variable_declarator").collect();
        for d in declarators {
            if let Some(value) = d.child_by_field_name("value").filter(|v| stands_alone(*v, code)) {
                self.add(&t, code[value.byte_range()].to_string());
            }
        }
    }
}

/// A JDK map type, whose two type arguments are a key and a value; the project's own types with
/// two type parameters (`TreeBidiMap<K, V>`, `Pair<A, B>`) are built by their constructors.
fn is_jdk_map(erased: &str) -> bool {
    !maps(erased, &[], &[]).is_empty()
}

/// The lookup key of a type as written: no spaces, no package qualifiers.
fn key(written: &str) -> String {
    let compact: String = written.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::new();
    let mut word = String::new();
    for c in compact.chars().chain(std::iter::once('\u{0}')) {
        if c.is_alphanumeric() || c == '_' || c == '.' || c == '$' {
            word.push(c);
        } else {
            out.push_str(word.rsplit('.').next().unwrap_or(&word));
            word.clear();
            if c != '\u{0}' {
                out.push(c);
            }
        }
    }
    out
}

/// The type of a literal argument (`-1` is an int literal too).
fn literal_of(node: Node, code: &str) -> Option<&'static str> {
    match node.kind() {
        "unary_expression" => node.child_by_field_name("operand").and_then(|o| literal_of(o, code)),
        kind => literal_type(kind, &code[node.byte_range()]),
    }
}

/// An initializer that needs nothing of its test: literals, `new T(literals)`, calls on class
/// names. Rejected: locals and fields (lower-case names), `this`, constants imported statically
/// (`SHIFT1`: an upper-case name that is not a class's), calls without a receiver (static imports
/// and the test's own helpers), lambdas.
fn stands_alone(value: Node, code: &str) -> bool {
    let mut stack = vec![value];
    while let Some(n) = stack.pop() {
        match n.kind() {
            "lambda_expression" | "method_reference" | "this" | "super" => return false,
            "method_invocation" if n.child_by_field_name("object").is_none() => return false,
            "identifier" if !names_a_class_member(n, code) => return false,
            _ => {}
        }
        let mut cursor = n.walk();
        stack.extend(n.named_children(&mut cursor));
    }
    true
}

/// An identifier that is a method or field name after a receiver, or a class name (capitalised,
/// not all capitals: `MAX_SIZE` alone is a constant from somewhere).
fn names_a_class_member(n: Node, code: &str) -> bool {
    let name = &code[n.byte_range()];
    let parent = n.parent();
    let is_field = |kind: &str, field: &str| {
        parent.is_some_and(|p| p.kind() == kind && p.child_by_field_name(field).is_some_and(|f| f.id() == n.id()))
    };
    if is_field("method_invocation", "name") || is_field("field_access", "field") {
        return true;
    }
    let constant = name.len() > 1 && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    name.starts_with(char::is_uppercase) && !constant
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_small_integers_are_small() {
        assert!(small_integer("42") && small_integer("-7L") && small_integer("(short) 3") && small_integer("0"));
        assert!(!small_integer("Integer.MAX_VALUE") && !small_integer("2147483647") && !small_integer("x"));
    }

    use super::*;

    fn parse_initializer(code: &str) -> bool {
        let mut parser = crate::java_model::parser();
        let source = format!("class T {{ void m() {{ Object v = {code}; }} }}");
        let tree = parser.parse(&source, None).expect("parses");
        let mut stack = vec![tree.root_node()];
        while let Some(n) = stack.pop() {
            if n.kind() == "variable_declarator" && n.parent().is_some_and(|p| p.kind() == "local_variable_declaration")
            {
                return stands_alone(n.child_by_field_name("value").expect("value"), &source);
            }
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
        panic!("no declarator")
    }

    #[test]
    fn only_initializers_that_need_nothing_of_their_test_are_mined() {
        assert!(parse_initializer("new Version(\"1.2.3\")"));
        assert!(parse_initializer("Fraction.getFraction(1, 2)"));
        assert!(parse_initializer("Math.max(Integer.MAX_VALUE, 3)"));
        assert!(!parse_initializer("new BitSet(SHIFT1)"), "a constant imported statically");
        assert!(!parse_initializer("decodeHash(\"u4pruyd\")"), "a static call left unqualified");
        assert!(!parse_initializer("new Graph(bounds)"), "a field of the test class");
        assert!(!parse_initializer("this.cluster.size()"));
    }

    /// Dexx Collections 0.7's shape (unseen-28): a persistent `HashSet` reached by a factory that
    /// hands out its one empty instance, and a class of another package that means the JDK's.
    fn dexx_project() -> Project {
        let file = |name: &str, src: &str| crate::java_model::parse_str(std::path::Path::new(name), src);
        let mut project = Project::new(&[]);
        project.files = vec![
            file(
                "HashSet.java",
                "package d;\npublic class HashSet<E> {\n    private static final HashSet EMPTY = new HashSet();\n    private final Object[] items = null;\n    private HashSet() {}\n    public static <E> HashSet<E> empty() { return EMPTY; }\n    public HashSet<E> add(E x) { return new HashSet<E>(); }\n}\n",
            ),
            file(
                "Uses.java",
                "package e;\nimport java.util.HashSet;\npublic class Uses {\n    public int count(HashSet<String> xs) { return xs.size(); }\n}\n",
            ),
        ];
        project
    }

    #[test]
    fn a_project_class_named_like_a_jdk_one_is_built_as_the_projects() {
        let project = dexx_project();
        let class = project.classes().find(|c| c.name == "HashSet").expect("the fixture's class");
        let values = Values::for_class(class, Some(&project), &TestIndex::load(&[], None));
        assert_eq!(values.of("HashSet<String>", 3), vec!["HashSet.empty()".to_string()]);
        let uses = project.classes().find(|c| c.name == "Uses").expect("the fixture's class");
        let values = Values::for_class(uses, Some(&project), &TestIndex::load(&[], None));
        let jdk = values.of("HashSet<String>", 3);
        assert!(jdk.first().is_some_and(|v| v.starts_with("new java.util.HashSet<>(")), "{jdk:?}");
    }

    #[test]
    fn keys_drop_qualifiers_and_spaces() {
        assert_eq!(key("java.util.Map<java.lang.String, Integer>"), "Map<String,Integer>");
        assert_eq!(key("byte[]"), "byte[]");
    }
}
