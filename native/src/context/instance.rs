//! One way to build the class under test, for a class no constructor or factory of its own builds
//! without arguments: concurrent-trees' `ConcurrentRadixTree(NodeFactory)` takes an interface, and
//! a model shown only that signature wrote an anonymous `NodeFactory` whose nodes were null, where
//! the project has `DefaultCharArrayNodeFactory`. The expression is the built-in generator's own
//! receiver (`builtin::fresh_instance`), which compiles and runs in its MTCs. For an abstract class
//! or an interface, one of the project's classes below it: decimal4j's `AbstractDecimal`, shown
//! without one, got `D x = createOrAssign(10L)` from a model (its type variable, its protected
//! factory, called on no instance).

use super::skeleton::{builds, public};
use super::TestIndex;
use crate::java_model::{ClassKind, ClassModel, Project};

/// `new ConcurrentRadixTree<>(new com.acme.DefaultCharArrayNodeFactory())`, or nothing where the
/// class builds without arguments (its skeleton says how) or is no class a test creates.
pub fn sample_instance(class: &ClassModel, project: &Project, tests: &TestIndex) -> Option<String> {
    let without_arguments = class.methods.iter().any(|m| public(m) && m.params.is_empty() && builds(m, &class.name));
    let implicit_constructor = !class.methods.iter().any(|m| m.is_constructor);
    let abstract_class = class.modifiers.iter().any(|x| x == "abstract");
    if class.kind != ClassKind::Class || abstract_class || without_arguments || implicit_constructor {
        return None;
    }
    crate::builtin::fresh_instance(class, project, tests)
}

/// The lines telling a model which project class to call an abstract class's (an interface's)
/// methods on, with one expression building it; nothing for a class a test builds itself.
pub fn through_subtype(class: &ClassModel, project: &Project, tests: &TestIndex) -> Option<String> {
    let (what, relation) = match class.kind {
        ClassKind::Interface => ("an interface", "implements"),
        ClassKind::Class if class.modifiers.iter().any(|x| x == "abstract") => ("abstract", "extends"),
        _ => return None,
    };
    let instance = crate::builtin::subtype_instance(class, project, tests)?;
    let example = match instance.declared {
        Some(declared) => format!("{declared} instance = {};", instance.built),
        None => instance.built,
    };
    Some(format!(
        "// `{}` is {what}: a test calls the paired methods on an instance of a project class that {relation} \
         it, for example:\n// {example}",
        class.name
    ))
}
