//! What the names in a guard stand for, where `guards.rs` reads it: the class's numeric
//! constants (`MIN_P = 3`, `MAX_P = Integer.SIZE - 6`) and, in a checker a builder hands its
//! parameter to (`checkPrecisionParameter(p, MIN_P, MAX_P)`, hash4j's `UltraLogLog.create`), the
//! checker's parameters bound to the numbers the call passed. A builder that checks through a
//! shared helper rejects the same values as one that compares in its own body: unseen-34's
//! catalogue built `UltraLogLog.create(0)` and `create(1)`, and every input built with them threw.

use super::guards::{collect, number};
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, MethodModel};
use std::cell::OnceCell;
use tree_sitter::{Node, Tree};

/// How deep checkers calling checkers are followed, and constants defined by constants.
const DEPTH: usize = 3;

/// Where the project's classes are found: a class's project superclass, a class by qualified name.
#[derive(Clone, Copy)]
pub(super) struct Lookup<'l, 'c> {
    pub(super) superclass_of: &'l dyn Fn(&ClassModel) -> Option<&'c ClassModel>,
    pub(super) class_named: &'l dyn Fn(&str) -> Option<&'c ClassModel>,
}

/// The names a guard of `owner`'s code may compare with.
pub(super) struct Scope<'l, 'c> {
    pub(super) owner: &'c ClassModel,
    pub(super) lookup: Lookup<'l, 'c>,
    /// A checker's parameters, bound to the numbers its call passed.
    bound: Vec<(String, f64)>,
    depth: usize,
    parsed: OnceCell<Option<Tree>>,
}

/// A checker a statement calls with a parameter: the class declaring it, the checker, where the
/// parameter goes in it, and the checker's scope.
pub(super) struct Checker<'l, 'c> {
    pub(super) method: &'c MethodModel,
    pub(super) position: usize,
    pub(super) scope: Scope<'l, 'c>,
}

impl<'l, 'c> Scope<'l, 'c> {
    pub(super) fn new(owner: &'c ClassModel, lookup: Lookup<'l, 'c>) -> Scope<'l, 'c> {
        Scope { owner, lookup, bound: Vec::new(), depth: 0, parsed: OnceCell::new() }
    }

    /// A number a guard writes: a literal, a bound checker parameter or a numeric constant of
    /// the class (or of the class it names: `Limits.MAX`); None for anything else.
    pub(super) fn value(&self, text: &str) -> Option<f64> {
        let text = text.trim();
        number(text)
            .or_else(|| jdk_size(text))
            .or_else(|| self.bound.iter().find(|(name, _)| name == text).map(|(_, v)| *v))
            .or_else(|| self.constant(text))
    }

    fn constant(&self, text: &str) -> Option<f64> {
        if self.depth >= DEPTH {
            return None;
        }
        let (class, name) = match text.rsplit_once('.') {
            Some((class, name)) => (self.class_in_scope(class)?, name),
            None => (self.owner, text),
        };
        let deeper = self.enter(class, Vec::new());
        let tree = deeper.tree()?;
        let initializer = constant_initializer(tree.root_node(), &class.source, name)?;
        deeper.evaluate(initializer, &class.source)
    }

    /// A constant expression: numbers, constants, `+ - * / <<`, parentheses, the JDK's `SIZE`s.
    fn evaluate(&self, node: Node, code: &str) -> Option<f64> {
        let text = code[node.byte_range()].trim();
        match node.kind() {
            "parenthesized_expression" => self.evaluate(node.named_child(0)?, code),
            "unary_expression" if text.starts_with('-') => Some(-self.evaluate(node.named_child(0)?, code)?),
            "binary_expression" => {
                let left = self.evaluate(node.child_by_field_name("left")?, code)?;
                let right = self.evaluate(node.child_by_field_name("right")?, code)?;
                match node.child_by_field_name("operator")?.kind() {
                    "+" => Some(left + right),
                    "-" => Some(left - right),
                    "*" => Some(left * right),
                    "/" if right != 0.0 => Some((left / right).trunc()),
                    "<<" if (0.0..63.0).contains(&right) => Some(left * 2f64.powf(right)),
                    _ => None,
                }
            }
            _ => self.value(text),
        }
    }

    /// The checker `call` hands `param` to: a method of the class (or of a project superclass) or
    /// of a class the file imports statically, named alike with as many parameters.
    pub(super) fn checker(&self, call: Node, code: &str, param: &str) -> Option<Checker<'l, 'c>> {
        if self.depth >= DEPTH {
            return None;
        }
        let name = &code[call.child_by_field_name("name")?.byte_range()];
        let arguments = call.child_by_field_name("arguments")?;
        let arguments: Vec<&str> =
            arguments.named_children(&mut arguments.walk()).map(|a| code[a.byte_range()].trim()).collect();
        let position = arguments.iter().position(|a| *a == param)?;
        let owners: Vec<&'c ClassModel> = match call.child_by_field_name("object") {
            Some(object) => vec![self.class_in_scope(code[object.byte_range()].trim())?],
            None => {
                let inherited = std::iter::successors(Some(self.owner), |c| (self.lookup.superclass_of)(c)).take(DEPTH);
                inherited.chain(self.statically_imported(name)).collect()
            }
        };
        let declares = |m: &&MethodModel| m.name == name && m.params.len() == arguments.len() && !m.is_constructor;
        let (owner, method) = owners.into_iter().find_map(|c| c.methods.iter().find(declares).map(|m| (c, m)))?;
        let bound =
            method.params.iter().zip(&arguments).filter_map(|(p, a)| Some((p.name.clone(), self.value(a)?))).collect();
        Some(Checker { method, position, scope: self.enter(owner, bound) })
    }

    fn enter(&self, owner: &'c ClassModel, bound: Vec<(String, f64)>) -> Scope<'l, 'c> {
        Scope { owner, lookup: self.lookup, bound, depth: self.depth + 1, parsed: OnceCell::new() }
    }

    /// The owner's file, parsed once.
    pub(super) fn tree(&self) -> Option<&Tree> {
        self.parsed.get_or_init(|| crate::java_model::parser().parse(self.owner.source.as_bytes(), None)).as_ref()
    }

    /// The project class a name in the owner's code stands for: itself, one of its package, or
    /// one its file imports.
    fn class_in_scope(&self, name: &str) -> Option<&'c ClassModel> {
        let simple = erase_simple(name);
        if simple == self.owner.name {
            return Some(self.owner);
        }
        let package = format!("{}.{simple}", self.owner.package);
        let imported = self.owner.imports.iter().find(|i| i.rsplit('.').next() == Some(simple.as_str()));
        imported.and_then(|i| (self.lookup.class_named)(i)).or_else(|| (self.lookup.class_named)(&package))
    }

    /// The classes whose static `name` the file imports: `static a.B.name` or `static a.B.*`.
    fn statically_imported(&self, name: &str) -> Vec<&'c ClassModel> {
        let imports = self.owner.imports.iter().filter_map(|i| i.strip_prefix("static "));
        let classes = imports.filter_map(|i| {
            let (class, member) = i.trim().rsplit_once('.')?;
            (member == name || member == "*").then_some(class)
        });
        classes.filter_map(|c| (self.lookup.class_named)(c)).collect()
    }
}

/// The `SIZE` of a JDK number type, in bits: hash4j writes `Integer.SIZE - 6`.
fn jdk_size(text: &str) -> Option<f64> {
    match text {
        "Byte.SIZE" => Some(8.0),
        "Short.SIZE" | "Character.SIZE" => Some(16.0),
        "Integer.SIZE" | "Float.SIZE" => Some(32.0),
        "Long.SIZE" | "Double.SIZE" => Some(64.0),
        _ => None,
    }
}

/// The initializer of the `static final` field `name` declared in the file `root` parsed.
fn constant_initializer<'t>(root: Node<'t>, code: &str, name: &str) -> Option<Node<'t>> {
    let mut fields = Vec::new();
    collect(root, "field_declaration", &mut fields);
    fields.into_iter().find_map(|field| {
        let modifiers = field.named_child(0).filter(|m| m.kind() == "modifiers").map(|m| &code[m.byte_range()]);
        let has = |word: &str| modifiers.is_some_and(|m| m.split_whitespace().any(|w| w == word));
        let constant = has("static") && has("final");
        let mut cursor = field.walk();
        let declarators: Vec<Node> = field.children_by_field_name("declarator", &mut cursor).collect();
        let named = declarators
            .into_iter()
            .find(|d| d.child_by_field_name("name").is_some_and(|n| &code[n.byte_range()] == name))?;
        constant.then(|| named.child_by_field_name("value")).flatten()
    })
}

/// The body of `method`, a method of the file `root` parsed.
pub(super) fn body_of<'t>(root: Node<'t>, method: &MethodModel) -> Option<Node<'t>> {
    let mut node = root.descendant_for_byte_range(method.byte_range.0, method.byte_range.1)?;
    while node.kind() != "method_declaration" {
        node = node.parent()?;
    }
    node.child_by_field_name("body")
}

#[cfg(test)]
mod tests {
    use super::super::guards::{accepted_limits, guards_of, rejects};
    use super::Lookup;
    use crate::java_model::{parse_str, ClassModel};

    /// hash4j 0.19's `UltraLogLog`, cut to the shape: `create` checks its precision through a
    /// statically imported helper of another class, with constants of its own as the limits;
    /// `logged` hands it to a method that guards nothing, `unknown` to a checker whose limit is
    /// no constant.
    const ULTRA_LOG_LOG: &str = "package d;\nimport static d.DistinctCountUtil.*;\n\
        public final class UltraLogLog {\n    static final int MIN_P = 3;\n    \
        static final int MAX_P = Integer.SIZE - 6;\n    private final byte[] state;\n    \
        private UltraLogLog(int p) { state = new byte[1 << p]; }\n    \
        public static UltraLogLog create(int p) {\n        checkPrecisionParameter(p, MIN_P, MAX_P);\n        \
        return new UltraLogLog(p);\n    }\n    \
        public static UltraLogLog logged(int p) {\n        log(p);\n        return new UltraLogLog(p);\n    }\n    \
        public static UltraLogLog unknown(int p) {\n        checkBelow(p, state.length);\n        return new UltraLogLog(p);\n    }\n    \
        static void log(int p) {\n        System.out.println(p);\n    }\n}\n";
    const UTIL: &str = "package d;\nfinal class DistinctCountUtil {\n    \
        static void checkPrecisionParameter(int p, int minP, int maxP) {\n        \
        if (p < minP || p > maxP) {\n            throw new IllegalArgumentException(\"illegal precision parameter\");\n        }\n    }\n    \
        static void checkBelow(int p, int limit) {\n        if (p >= limit) throw new IllegalArgumentException();\n    }\n}\n";

    fn classes() -> (ClassModel, ClassModel) {
        let sketch = parse_str(std::path::Path::new("UltraLogLog.java"), ULTRA_LOG_LOG).classes.remove(0);
        let util = parse_str(std::path::Path::new("DistinctCountUtil.java"), UTIL).classes.remove(0);
        (sketch, util)
    }

    #[test]
    fn a_checker_of_another_class_guards_with_the_constants_the_builder_hands_it() {
        let (sketch, util) = classes();
        let class_named = |q: &str| (q == "d.DistinctCountUtil").then_some(&util);
        let lookup = Lookup { superclass_of: &|_| None, class_named: &class_named };
        let factory = |name: &str| sketch.methods.iter().find(|m| m.name == name).expect("the fixture's factory");
        let create = guards_of(&sketch, factory("create"), lookup);
        assert!(rejects(&create, 0, "0") && rejects(&create, 0, "1") && rejects(&create, 0, "-1"));
        assert!(rejects(&create, 0, "27"), "MAX_P is Integer.SIZE - 6");
        assert!(!rejects(&create, 0, "3") && !rejects(&create, 0, "26"));
        assert_eq!(accepted_limits(&create, 0, "int"), ["3", "4"]);
        assert!(!rejects(&guards_of(&sketch, factory("logged"), lookup), 0, "0"), "a call that checks nothing");
        assert!(!rejects(&guards_of(&sketch, factory("unknown"), lookup), 0, "99"), "a limit that is no constant");
        let unfound = Lookup { superclass_of: &|_| None, class_named: &|_| None };
        assert!(!rejects(&guards_of(&sketch, factory("create"), unfound), 0, "0"), "a checker the project lacks");
    }
}
