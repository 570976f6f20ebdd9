//! How a generated test calls the class under test: a receiver (the class for static methods, a
//! fresh instance otherwise), argument lists, and concrete types for declared ones.

use super::values::Values;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassKind, ClassModel, MethodModel};

pub struct Caller<'a> {
    pub class: &'a ClassModel,
    pub values: &'a Values,
}

/// A declared type with its type variables filled with `String` (`List<E>` -> `List<String>`).
pub fn concrete(written: &str) -> String {
    let mut out = String::with_capacity(written.len());
    let chars: Vec<char> = written.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let alone = |j: Option<&char>| j.is_none_or(|c| !c.is_alphanumeric() && *c != '_');
        if c.is_ascii_uppercase() && alone(i.checked_sub(1).and_then(|p| chars.get(p))) && alone(chars.get(i + 1)) {
            out.push_str("String");
        } else {
            out.push(c);
        }
    }
    out.replace("...", "[]")
}

pub fn is_array(written: &str) -> bool {
    erase_simple(written).ends_with("[]")
}

impl Caller<'_> {
    /// The class's type as a test declares a variable of it: `ElementStore<String>`.
    pub fn class_type(&self) -> String {
        let params = type_parameter_count(&self.class.header, &self.class.name);
        if params == 0 {
            self.class.name.clone()
        } else {
            format!("{}<{}>", self.class.name, vec!["String"; params].join(", "))
        }
    }

    /// How to build an instance from arguments: a visible constructor, else a public static
    /// factory of the class's own type (`Fraction.getFraction(int, int)`), fewest parameters first.
    pub fn builder(&self) -> Option<&MethodModel> {
        let own = |m: &&MethodModel| m.return_type.as_deref().is_some_and(|r| erase_simple(r) == self.class.name);
        let public_static = |m: &&MethodModel| m.modifiers.iter().any(|x| x == "public") && m.is_static();
        let mut constructors: Vec<&MethodModel> =
            self.class.methods.iter().filter(|m| m.is_constructor && !m.is_private() && !m.params.is_empty()).collect();
        constructors.sort_by_key(|m| m.params.len());
        let mut factories: Vec<&MethodModel> = self
            .class
            .methods
            .iter()
            .filter(|m| !m.is_constructor && !m.params.is_empty())
            .filter(own)
            .filter(public_static)
            .collect();
        factories.sort_by_key(|m| m.params.len());
        constructors.into_iter().chain(factories).next()
    }

    /// An instance built by `builder` from `args`.
    pub fn build(&self, builder: &MethodModel, args: &[String]) -> String {
        if builder.is_constructor {
            format!("new {}({})", self.class.name, args.join(", "))
        } else {
            format!("{}.{}({})", self.class.name, builder.name, args.join(", "))
        }
    }

    /// An expression creating a fresh instance: what the tests build it with, else a constructor
    /// whose arguments all have values (the default one when the class declares none).
    pub fn instance(&self) -> Option<String> {
        if self.class.kind != ClassKind::Class || self.class.modifiers.iter().any(|m| m == "abstract") {
            return None;
        }
        if let Some(from_tests) = self.values.of(&self.class.name, 1).into_iter().find(|v| v.starts_with("new ")) {
            return Some(from_tests);
        }
        let diamond = if self.class_type().contains('<') { "<>" } else { "" };
        let constructors: Vec<&MethodModel> = self.class.methods.iter().filter(|m| m.is_constructor).collect();
        if constructors.is_empty() {
            return Some(format!("new {}{diamond}()", self.class.name));
        }
        let mut usable: Vec<&&MethodModel> = constructors.iter().filter(|c| !c.is_private()).collect();
        usable.sort_by_key(|c| c.params.len());
        usable.iter().find_map(|c| {
            let args: Option<Vec<String>> = c.params.iter().map(|p| self.values.one(&p.type_name)).collect();
            args.map(|a| format!("new {}{diamond}({})", self.class.name, a.join(", ")))
        })
    }

    /// `Class.m(args)` or `receiver.m(args)`.
    pub fn call(&self, m: &MethodModel, receiver: &str, args: &[String]) -> String {
        let on = if m.is_static() { self.class.name.as_str() } else { receiver };
        format!("{on}.{}({})", m.name, args.join(", "))
    }

    /// Whether a generated test can call `m` at all: not private, and an instance exists for it.
    pub fn callable(&self, m: &MethodModel) -> bool {
        !m.is_private() && !m.is_constructor && (m.is_static() || self.instance().is_some())
    }
}

fn type_parameter_count(header: &str, name: &str) -> usize {
    let Some(after) = header.split_once(&format!("class {name}<")).map(|(_, a)| a) else { return 0 };
    let mut depth = 1;
    let mut count = 1;
    for c in after.chars() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => count += 1,
            _ => {}
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_variables_become_strings() {
        assert_eq!(concrete("List<E>"), "List<String>");
        assert_eq!(concrete("Map<K, V>"), "Map<String, String>");
        assert_eq!(concrete("E..."), "String[]");
        assert_eq!(concrete("SecretKey"), "SecretKey");
        assert_eq!(type_parameter_count("public class Pair<A, B extends Comparable<B>>", "Pair"), 2);
    }
}
