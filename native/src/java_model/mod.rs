//! The Java model: what tree-sitter-java tells us about classes, methods, calls and fields.
//!
//! Invariant: parsing never fails. A file that cannot be read, is not UTF-8 or has syntax errors
//! yields whatever parsed plus [`Diagnostic`]s; callers decide whether a diagnostic matters.

mod body;
mod declarations;
mod grammar;
pub mod javadoc;
mod literals;
pub mod names;
mod project;
mod sole_statement;
pub mod types;
mod varargs;

pub use grammar::{descendants, parser};
pub use literals::code_outside_literals;
pub use project::{parse_file, parse_str, Project, SourceEncoding};
pub use sole_statement::sole_statement;

use serde::Serialize;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;

/// The byte where 1-based line `n` of `source` starts (the end of the text past its last line).
pub fn line_start(source: &str, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    source.match_indices('\n').nth(n - 2).map_or(source.len(), |(i, _)| i + 1)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ClassKind {
    Class,
    Interface,
    Enum,
    Record,
    Annotation,
}

/// One class, interface, enum or record, top-level or nested.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClassModel {
    pub name: String,
    /// `com.acme.Outer.Inner`
    pub qualified_name: String,
    /// `com.acme.Outer$Inner`
    pub binary_name: String,
    pub package: String,
    pub kind: ClassKind,
    pub modifiers: Vec<String>,
    /// The declaration up to its body: `public final class Aes<K> extends Base implements Codec`.
    pub header: String,
    /// The superclass as written after `extends` (`AbstractMapDecorator<K, V>`); None for
    /// interfaces, enums, records and classes that extend nothing.
    pub superclass: Option<String>,
    /// The interfaces it implements (an interface: extends) as written (`Comparable<Interval>`).
    pub interfaces: Vec<String>,
    pub fields: Vec<FieldModel>,
    pub methods: Vec<MethodModel>,
    pub lines: (usize, usize),
    #[serde(skip)]
    pub path: Arc<PathBuf>,
    /// The imports of its file, as written (`java.util.List`, `static org.junit.Assert.*`).
    #[serde(skip)]
    pub imports: Arc<[String]>,
    /// The decoded text of the whole file, which every byte range of the model refers to.
    #[serde(skip)]
    pub source: Arc<str>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldModel {
    pub name: String,
    /// The type as written, e.g. `List<E>`.
    pub type_name: String,
    pub modifiers: Vec<String>,
    pub line: usize,
    /// The initializer when it is a literal (`", "`, `16`, `-1L`), for code that must repeat it.
    pub literal: Option<String>,
}

impl ClassModel {
    /// The class's name as code in its package writes it (`Outer.Inner` for a nested class).
    pub fn name_in_package(&self) -> &str {
        self.qualified_name.strip_prefix(&format!("{}.", self.package)).unwrap_or(&self.name)
    }

    /// The simple names of what the class extends and implements, without their type arguments:
    /// `extends SimpleMatrixMatrixOperation<Matrix>` names `SimpleMatrixMatrixOperation`, not `Matrix`.
    pub fn declared_supertypes(&self) -> Vec<String> {
        self.superclass.iter().chain(&self.interfaces).map(|t| types::erase_simple(t)).collect()
    }

    /// The indexes of the methods with a body a call of `inv`'s name and arity on this class may
    /// reach: of the overloads, those taking the arguments' evident types (`apr1Crypt(bytes, salt)`
    /// with a `String` salt is not `apr1Crypt(byte[], Random)`); all of them where none does, as an
    /// argument's type is often not evident.
    pub fn callees_of(&self, inv: &Invocation) -> Vec<usize> {
        let fits =
            |m: &MethodModel| m.name == inv.name && m.has_body && inv.arg_count.is_none_or(|n| m.accepts_arity(n));
        let named: Vec<usize> = (0..self.methods.len()).filter(|&i| fits(&self.methods[i])).collect();
        let typed: Vec<usize> =
            named.iter().copied().filter(|&i| self.methods[i].accepts_arguments(&inv.arg_types)).collect();
        if typed.is_empty() {
            named
        } else {
            typed
        }
    }
}

impl FieldModel {
    pub fn is_static(&self) -> bool {
        self.modifiers.iter().any(|m| m == "static")
    }

    pub fn is_private(&self) -> bool {
        self.modifiers.iter().any(|m| m == "private")
    }

    pub fn is_constant(&self) -> bool {
        self.is_static() && self.modifiers.iter().any(|m| m == "final")
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Param {
    /// The type as written: `String...`, `byte[]`, `Map<K, V>`.
    pub type_name: String,
    pub name: String,
    pub varargs: bool,
}

/// A method or a constructor (`is_constructor`; its name is the class name).
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodModel {
    pub name: String,
    pub is_constructor: bool,
    pub params: Vec<Param>,
    /// None for constructors.
    pub return_type: Option<String>,
    pub modifiers: Vec<String>,
    /// Annotation names as written, without `@` or arguments: `Test`, `org.junit.Test`.
    pub annotations: Vec<String>,
    /// 1-based, inclusive.
    pub lines: (usize, usize),
    /// Byte range of the whole declaration in its file, for showing the code later.
    pub byte_range: (usize, usize),
    pub has_body: bool,
    pub invocations: Vec<Invocation>,
    /// Fields of the own class read / written by this method (by name).
    pub field_reads: BTreeSet<String>,
    pub field_writes: BTreeSet<String>,
    /// Parameters, locals, lambda and pattern variables with where they are in scope, so later
    /// passes (mutation) can type an expression without repeating the scoping rules.
    #[serde(skip)]
    pub locals: Vec<LocalVar>,
    /// Exceptions the method declares (`throws`) or throws itself (`throw new X`), simple names:
    /// what it rejects on purpose, so a test that provokes one fed it an illegal input.
    pub throws: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalVar {
    pub name: String,
    /// The declared type as written; None for `var` without an evident initializer, lambda
    /// parameters without types and catch parameters.
    pub type_name: Option<String>,
    /// Byte range of the file in which the name denotes this variable.
    pub scope: (usize, usize),
    /// Whether the declaration gives it a value (`int x;` does not; parameters always do).
    pub initialized: bool,
}

impl MethodModel {
    /// The variable `name` denotes at byte `at`, innermost first.
    pub fn local_at(&self, name: &str, at: usize) -> Option<&LocalVar> {
        self.locals.iter().filter(|l| l.name == name && l.scope.0 <= at && at < l.scope.1).max_by_key(|l| l.scope.0)
    }
}

impl MethodModel {
    /// `encryptText(String, SecretKey)` with types as written.
    pub fn signature(&self) -> String {
        let params: Vec<&str> = self.params.iter().map(|p| p.type_name.as_str()).collect();
        format!("{}({})", self.name, params.join(", "))
    }

    pub fn param_types(&self) -> Vec<String> {
        self.params.iter().map(|p| p.type_name.clone()).collect()
    }

    /// Arity check for a call site with `args` arguments.
    pub fn accepts_arity(&self, args: usize) -> bool {
        match self.params.last() {
            Some(last) if last.varargs => args + 1 >= self.params.len(),
            _ => args == self.params.len(),
        }
    }

    /// Whether the parameters take the argument types a call site makes evident (`None`: not
    /// evident, taken); varargs take their element type too.
    pub fn accepts_arguments(&self, arg_types: &[Option<String>]) -> bool {
        arg_types.iter().enumerate().all(|(i, arg)| {
            let Some(arg) = arg else { return true };
            let Some(param) = self.params.get(i).or(self.params.last()) else { return false };
            let erased = types::erase_simple(&param.type_name);
            let element = erased.strip_suffix("[]").filter(|_| param.varargs && i + 1 >= self.params.len());
            types::accepts(&erased, arg) || element.is_some_and(|e| types::accepts(e, arg))
        })
    }

    /// A JUnit 4 or 5 test method (also parameterized, repeated and factory tests).
    pub fn is_test(&self) -> bool {
        const TESTS: [&str; 4] = ["Test", "ParameterizedTest", "RepeatedTest", "TestFactory"];
        self.annotations.iter().any(|a| TESTS.contains(&a.rsplit('.').next().unwrap_or(a)))
    }

    pub fn is_private(&self) -> bool {
        self.modifiers.iter().any(|m| m == "private")
    }

    pub fn is_static(&self) -> bool {
        self.modifiers.iter().any(|m| m == "static")
    }
}

/// The property a method named `name` reads, in lower case: `getNumerator` and `isEmpty` ->
/// `numerator`, `empty`; a record-style accessor `real` -> `real` (`island` keeps its `is`).
pub fn property_of(name: &str) -> String {
    let bare = ["get", "is"]
        .iter()
        .find_map(|p| name.strip_prefix(p).filter(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase())));
    bare.unwrap_or(name).to_ascii_lowercase()
}

/// Who receives a call, as far as the source tells without type checking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Receiver {
    /// `foo()`: the own class, a superclass, an outer class or a static import.
    Implicit,
    /// `this.foo()`, or `this(...)` for a constructor.
    This,
    /// `super.foo()`, or `super(...)`.
    Super,
    /// `Own.foo()`: a static call through the own class name.
    OwnClass,
    /// `Other.foo()`: a static call on another type (or a qualified name such as `System.out`).
    Type { name: String },
    /// `x.foo()` where `x` is a local, a parameter or a field, with its declared type if known.
    Variable { name: String, declared_type: Option<String>, is_field: bool },
    /// `new T(...)`.
    New { type_name: String },
    /// Any other expression (`a().b()`, `arr[i].foo()`).
    Expression,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invocation {
    /// Method name; `<init>` for constructor calls (`new T()`, `this()`, `super()`).
    pub name: String,
    /// None for method references (`this::foo`), whose arity is not written.
    pub arg_count: Option<usize>,
    /// Erased static type of each argument where the source makes it evident (literals, declared
    /// variables, `new T`), used to pick among overloads of the same arity.
    pub arg_types: Vec<Option<String>>,
    pub receiver: Receiver,
    pub line: usize,
}

impl Invocation {
    /// The invoked API as a comparable key: `Cipher.getInstance`, `new StringBuilder`,
    /// `this.helper`. Receivers of unknown type keep only the name (`?.append`).
    pub fn api_key(&self, own_class: &str) -> String {
        use types::erase_simple;
        match &self.receiver {
            Receiver::New { type_name } => format!("new {}", erase_simple(type_name)),
            Receiver::Implicit | Receiver::This | Receiver::OwnClass if self.name == "<init>" => {
                format!("new {own_class}")
            }
            Receiver::Implicit | Receiver::This | Receiver::OwnClass => {
                format!("{own_class}.{}", self.name)
            }
            Receiver::Super => format!("super.{}", self.name),
            Receiver::Type { name } => format!("{name}.{}", self.name),
            Receiver::Variable { declared_type: Some(t), .. } => format!("{}.{}", erase_simple(t), self.name),
            Receiver::Variable { .. } | Receiver::Expression => format!("?.{}", self.name),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnostic {
    pub severity: Severity,
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Severity {
    Warning,
    Error,
}

/// One parsed source file.
#[derive(Debug, Clone, Default)]
pub struct SourceFile {
    pub path: PathBuf,
    pub package: String,
    pub imports: Vec<String>,
    pub classes: Vec<ClassModel>,
    pub diagnostics: Vec<Diagnostic>,
}

#[cfg(test)]
mod tests {
    use super::property_of;

    #[test]
    fn a_getter_reads_the_property_its_name_says() {
        let names = ["getNumerator", "isEmpty", "real", "getter", "island", "getID"].map(property_of);
        assert_eq!(names, ["numerator", "empty", "real", "getter", "island", "id"]);
    }
}
