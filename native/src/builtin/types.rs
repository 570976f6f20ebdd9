//! The types a generated test writes: type variables replaced by what their bounds allow
//! (`class Graph<T extends Body>` makes `T` a `Body`, never a `String` outside its bounds), and
//! generic types split into their raw type and arguments.

use crate::java_model::types::{erase_simple, split_top_level, until_close};
use crate::java_model::{ClassModel, Project};
use std::collections::BTreeMap;

/// The type variables in scope of a class's methods and what each becomes in a test.
#[derive(Debug, Default)]
pub struct TypeScope {
    /// Type variable -> the type written for it (its first bound, else `String`).
    vars: BTreeMap<String, String>,
    /// A type nested in the class's top-level class, by simple name -> its name from the package
    /// (`Arch` -> `Processor.Arch`): the class's source names it plainly, a test of the package must
    /// not (`cannot find symbol class Arch`, or `Type` taken for `java.lang.reflect.Type`).
    nested: BTreeMap<String, String>,
    /// The type variables bounded by a type of themselves (`D extends AbstractDecimal<S, D>`):
    /// each is written as the raw type, and a type taking one is declared raw too.
    raw: Vec<String>,
}

impl TypeScope {
    /// The class's own type parameters and those its methods declare (`<T extends Number> T max(..)`).
    pub fn of_class(class: &ClassModel) -> Self {
        let mut scope = TypeScope::default();
        if let Some(after) = class.header.split_once(&format!("{}<", class.name)).map(|(_, a)| a) {
            scope.declare(after);
        }
        for m in class.methods.iter().filter(|m| !m.is_constructor) {
            let Some(code) = class.source.get(m.byte_range.0..m.byte_range.1) else { continue };
            // A method's type parameters come before its name: `public static <T> T first(...)`.
            let Some(head) = code.find(&format!(" {}(", m.name)).map(|i| &code[..i]) else { continue };
            if let Some(open) = head.find('<').filter(|&i| head[..i].split_whitespace().all(is_modifier_or_annotation))
            {
                scope.declare(&head[open + 1..]);
            }
        }
        scope
    }

    /// Declares the types nested anywhere in `class`'s top-level class (the class itself too, when
    /// nested) by their names from the package.
    pub fn nest(&mut self, class: &ClassModel, project: &Project) {
        let package = if class.package.is_empty() { String::new() } else { format!("{}.", class.package) };
        let Some(from_package) = class.qualified_name.strip_prefix(&package) else { return };
        let top = from_package.split('.').next().unwrap_or(from_package);
        let outer = format!("{package}{top}.");
        for nested in project.classes().filter(|c| c.qualified_name.starts_with(&outer)) {
            let name = nested.qualified_name[package.len()..].to_string();
            self.nested.entry(nested.name.clone()).or_insert(name);
        }
    }

    /// Reads `T extends Body, U>`: the parameters up to the closing `>` at depth 0.
    fn declare(&mut self, after_open: &str) {
        for param in split_top_level(until_close(after_open)) {
            let mut words = param.splitn(2, " extends ");
            let name = words.next().unwrap_or("").trim().to_string();
            if name.is_empty() || self.vars.contains_key(&name) {
                continue;
            }
            let bound = words.next().map(|b| b.split('&').next().unwrap_or("").trim().to_string());
            let written = match bound {
                Some(b) if !b.is_empty() && !mentions(&b, &name) => b,
                Some(b) if erase_simple(&b) == "Comparable" => "String".to_string(),
                // No type argument satisfies a bound naming itself, except through a subclass the
                // test does not name: the raw type is what compiles (`AbstractDecimal x = ..`).
                Some(b) if !b.is_empty() => {
                    self.raw.push(name.clone());
                    b.split('<').next().unwrap_or(&b).trim().to_string()
                }
                _ => "String".to_string(),
            };
            self.vars.insert(name, written);
        }
    }

    /// Whether a type taking `variable` as an argument is declared raw (its bound names itself).
    pub fn is_raw(&self, variable: &str) -> bool {
        self.raw.iter().any(|v| v == variable)
    }

    /// `written` with every type variable replaced, wildcards resolved, varargs as arrays:
    /// `List<? extends T>` with `T extends Body` -> `List<Body>`.
    pub fn resolve(&self, written: &str) -> String {
        let written = written.replace("...", "[]");
        let mut out = String::with_capacity(written.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            if !word.is_empty() {
                let resolved = self.vars.get(word.as_str()).map(|b| self.resolve(b));
                let nested = self.nested.get(word.as_str());
                out.push_str(resolved.as_deref().or(nested.map(String::as_str)).unwrap_or(word));
                word.clear();
            }
        };
        for c in written.chars() {
            if c.is_alphanumeric() || c == '_' || c == '$' || c == '.' {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        let out = out.replace("? extends ", "").replace("? super ", "");
        out.replace('?', "Object")
    }
}

fn is_modifier_or_annotation(word: &str) -> bool {
    word.starts_with('@')
        || matches!(
            word,
            "public"
                | "protected"
                | "private"
                | "static"
                | "final"
                | "abstract"
                | "synchronized"
                | "native"
                | "default"
        )
}

fn mentions(bound: &str, var: &str) -> bool {
    bound.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == var)
}

/// `Map<String, List<Foo>>` -> (`Map`, [`String`, `List<Foo>`]); arrays and plain types have no
/// arguments.
pub fn generic_arguments(written: &str) -> (String, Vec<String>) {
    let written = written.trim();
    match written.find('<') {
        Some(i) if written.ends_with('>') => (
            written[..i].trim().to_string(),
            split_top_level(&written[i + 1..written.len() - 1]).into_iter().map(String::from).collect(),
        ),
        _ => (written.to_string(), Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::parse_str;

    fn scope(src: &str) -> TypeScope {
        let file = parse_str(std::path::Path::new("X.java"), src);
        TypeScope::of_class(&file.classes[0])
    }

    #[test]
    fn type_variables_take_their_bounds() {
        let s = scope("class Graph<T extends Body, U> { public static <N extends Number> N first(N n) { return n; } }");
        assert_eq!(s.resolve("T"), "Body");
        assert_eq!(s.resolve("U"), "String");
        assert_eq!(s.resolve("N"), "Number");
        assert_eq!(s.resolve("List<? extends T>"), "List<Body>");
        assert_eq!(s.resolve("Map<U, T[]>"), "Map<String, Body[]>");
        assert_eq!(s.resolve("T..."), "Body[]");
        assert_eq!(s.resolve("Topic"), "Topic", "a type whose name starts with a variable's letter stays");
    }

    #[test]
    fn self_referential_bounds_become_strings() {
        let s = scope("class Range<C extends Comparable<C>> { }");
        assert_eq!(s.resolve("C"), "String");
        assert_eq!(s.resolve("Range<C>"), "Range<String>");
    }

    #[test]
    fn a_bound_naming_its_own_variable_is_the_raw_type() {
        let s = scope("abstract class AbstractDecimal<S extends Scale, D extends AbstractDecimal<S, D>> { }");
        assert_eq!(s.resolve("D"), "AbstractDecimal");
        assert_eq!(s.resolve("S"), "Scale");
        assert!(s.is_raw("D") && !s.is_raw("S"));
    }

    #[test]
    fn generic_arguments_split_at_the_top_level() {
        assert_eq!(
            generic_arguments("Map<String, List<Foo>>"),
            ("Map".into(), vec!["String".into(), "List<Foo>".into()])
        );
        assert_eq!(generic_arguments("int[]"), ("int[]".into(), vec![]));
    }
}
