//! From an LLM reply to a candidate MTC: the code picked out of the reply, made to compile beside
//! the class under test, repaired by imports, and checked for the shape of a metamorphic test.

mod accessor;
mod anonymous;
mod arguments;
mod arity;
pub mod catalogue;
mod coerce;
mod copies;
mod extract;
mod factory;
mod fingerprint;
mod imports;
mod inputs;
mod javac;
pub mod nearby;
mod normalize;
mod oracle;
mod prune;
mod qualify;
mod redeclared;
mod relations;
mod runaway;
mod screen;
mod shape;
mod strip;

pub use accessor::{accessor_calls, getter_reads};
pub use anonymous::anonymous_implementation;
pub use arguments::numeric_arguments;
pub use arity::constructor_arity;
pub use coerce::coerce;
pub use copies::{drop_copies, test_method_bodies, TestMethod};
pub use extract::{extract_java, prose};
pub use factory::{abstract_creation, private_constructor};
pub use fingerprint::fingerprint;
pub use imports::{static_field_imports, ImportIndex};
pub use inputs::{expected_actual, inputs_of};
pub use normalize::{normalize, replace_word, JUnit};
pub use oracle::asserted_literal;
pub use prune::prune_methods;
pub use qualify::qualify;
pub use redeclared::redeclared_local;
pub use relations::{relation_summary, stated_relations};
pub use runaway::collapse_runaway;
pub use screen::{screen, Unsafe};
pub use shape::{shapes, MethodShape};
pub use strip::strip_tests;
