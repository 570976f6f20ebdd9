//! How a generated test calls the class under test: a receiver (the class for static methods, an
//! instance otherwise), instances built from typed inputs, and declared types as a test writes them.

use super::objects;
use super::values::Values;
use crate::java_model::types::{class_type_parameters, erase_simple};
use crate::java_model::{ClassKind, ClassModel, MethodModel};

pub struct Caller<'a> {
    pub class: &'a ClassModel,
    pub values: &'a Values<'a>,
}

pub fn is_array(written: &str) -> bool {
    erase_simple(written).ends_with("[]")
}

impl Caller<'_> {
    /// A declared type as a test writes it: type variables replaced by their bounds.
    pub fn declared(&self, written: &str) -> String {
        self.values.declared(written)
    }

    /// The class's type as a test declares a variable of it: `ElementStore<String>`,
    /// `Graph<Body>` for `class Graph<T extends Body>`; raw where a type variable's bound names
    /// itself (`AbstractDecimal`).
    pub fn class_type(&self) -> String {
        let own = objects::reference(self.values, self.class);
        let params = class_type_parameters(self.class);
        if params.is_empty() || params.iter().any(|p| self.values.scope.is_raw(p)) {
            own
        } else {
            self.declared(&format!("{own}<{}>", params.join(", ")))
        }
    }

    /// Whether `written` is the class's own type, its self-bounded type variable too (`D` of
    /// `AbstractDecimal<S, D extends AbstractDecimal<S, D>>`, what `add(long)` returns).
    pub fn is_own(&self, written: &str) -> bool {
        erase_simple(&self.declared(written)) == erase_simple(&self.class.name)
    }

    /// An instance built by `builder` from `args`.
    pub fn build(&self, builder: &MethodModel, args: &[String]) -> String {
        objects::build(self.values, self.class, builder, args)
    }

    /// Up to `n` distinct instances of the class (constants included), best first.
    pub fn instances(&self, n: usize) -> Vec<String> {
        if self.class.kind == ClassKind::Interface {
            return Vec::new();
        }
        self.values.of(&self.class_type(), n)
    }

    /// An expression creating a fresh instance, one no other test shares (never a constant: a
    /// mutator would change it for everyone); of an enum, its first constant (an enum's instances
    /// are its constants, and as a rule immutable: `IOCase.SENSITIVE.checkEquals(a, b)`). One built
    /// from an empty or blank text only where every one is: the catalogue lists `""` first, a
    /// boundary input, yet a class configured by a text rejects it (argparse4j's `new
    /// PrefixPattern("")` threw `PatternSyntaxException` before any relation was checked,
    /// unseen-46).
    pub fn instance(&self) -> Option<String> {
        let receivers = self.receivers();
        let ordinary = receivers.iter().find(|r| !r.contains("\"\"") && !r.contains("\" \""));
        ordinary.or(receivers.first()).cloned()
    }

    /// The receiver of the `i`th input when every input may have another: the class's fresh
    /// instances in turn (each expression builds a new one, so names given it are twins), or of an
    /// enum its constants. A predicate asked of one receiver only, `new Envelope()` (an empty box),
    /// answers `false` to every input and relates nothing.
    pub fn instance_at(&self, i: usize) -> Option<String> {
        let fresh = self.receivers();
        fresh.get(i % fresh.len().max(1)).cloned()
    }

    /// What a test calls the class's instance methods on: fresh instances, of an abstract class
    /// those of the project's classes that extend it (its methods run as they inherit them:
    /// `Tuple3d.add` on a `new Point3d(..)`); an enum's constants.
    fn receivers(&self) -> Vec<String> {
        match self.class.kind {
            ClassKind::Class | ClassKind::Record => super::mutators::fresh_instances(self),
            ClassKind::Enum => self.instances(super::values::INPUTS),
            _ => Vec::new(),
        }
    }

    /// The instance the `i`th input runs on: of an enum each constant in turn (`IOCase.SENSITIVE`,
    /// `IOCase.INSENSITIVE`, ...), so every constant's behaviour is related; else a fresh one.
    pub fn instance_for(&self, i: usize) -> Option<String> {
        if self.class.kind == ClassKind::Enum {
            let constants = self.instances(super::values::INPUTS);
            return constants.get(i % constants.len().max(1)).cloned();
        }
        self.instance()
    }

    /// `Class.m(args)` or `receiver.m(args)`.
    pub fn call(&self, m: &MethodModel, receiver: &str, args: &[String]) -> String {
        let on = if m.is_static() { objects::reference(self.values, self.class) } else { receiver.to_string() };
        format!("{on}.{}({})", m.name, args.join(", "))
    }

    /// Whether a generated test can call `m` at all: not private, and an instance exists for it.
    pub fn callable(&self, m: &MethodModel) -> bool {
        !m.is_private() && !m.is_constructor && (m.is_static() || self.instance().is_some())
    }
}
