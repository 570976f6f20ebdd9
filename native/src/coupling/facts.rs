//! The static features of Algorithm 1 (lines 3-7), computed once per class: name tokens,
//! parameter and return types, invoked APIs, calls resolved to the class's own methods, fields
//! read and written; plus how many methods share each item, to tell rare evidence from common.

use super::tokens::name_tokens;
use crate::java_model::types::{accepts, erase_simple};
use crate::java_model::{ClassModel, Invocation, MethodModel, Receiver};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub struct MethodFacts {
    pub tokens: BTreeSet<String>,
    /// Erased parameter and return types; `void` is not a data type and is left out.
    pub types: BTreeSet<String>,
    pub apis: BTreeSet<String>,
    /// Own methods this one calls (index -> first line of a call).
    pub calls: BTreeMap<usize, usize>,
    pub reads: BTreeSet<String>,
    pub writes: BTreeSet<String>,
}

pub struct ClassFacts<'c> {
    pub class: &'c ClassModel,
    pub methods: Vec<MethodFacts>,
    /// Number of methods in which an item (`token:x`, `type:x`, `api:x`, `field:x`) occurs.
    document_frequency: HashMap<String, usize>,
}

impl<'c> ClassFacts<'c> {
    pub fn new(class: &'c ClassModel) -> Self {
        let methods: Vec<MethodFacts> = class.methods.iter().map(|m| method_facts(class, m)).collect();
        let mut document_frequency = HashMap::new();
        for f in &methods {
            let items = f
                .tokens
                .iter()
                .map(|t| format!("token:{t}"))
                .chain(f.types.iter().map(|t| format!("type:{t}")))
                .chain(f.apis.iter().map(|a| format!("api:{a}")))
                .chain(f.reads.union(&f.writes).map(|x| format!("field:{x}")));
            for item in items.collect::<BTreeSet<_>>() {
                *document_frequency.entry(item).or_insert(0) += 1;
            }
        }
        ClassFacts { class, methods, document_frequency }
    }

    /// How telling a shared item is, in (0, 1]: 1 for an item only two methods have, lower the
    /// more methods of the class have it (an inverse document frequency, normalised).
    pub fn rarity(&self, kind: &str, item: &str) -> f64 {
        let n = self.methods.len().max(2) as f64;
        let df = self.document_frequency.get(&format!("{kind}:{item}")).copied().unwrap_or(2).max(2) as f64;
        ((1.0 + n / df).ln() / (1.0 + n / 2.0).ln()).clamp(0.05, 1.0)
    }
}

fn method_facts(class: &ClassModel, m: &MethodModel) -> MethodFacts {
    let mut types: BTreeSet<String> = m.params.iter().map(|p| erase_simple(&p.type_name)).collect();
    match &m.return_type {
        Some(r) if r != "void" => {
            types.insert(erase_simple(r));
        }
        Some(_) => {}
        None => {
            types.insert(class.name.clone()); // a constructor produces the class's type
        }
    }
    let mut calls = BTreeMap::new();
    let mut apis = BTreeSet::new();
    for inv in &m.invocations {
        let callees = resolve_own_call(class, inv);
        // A call resolved to one own overload is that overload's API, not any method of the name.
        match callees.as_slice() {
            [only] => apis.insert(format!("{}.{}", class.name, class.methods[*only].signature())),
            _ => apis.insert(inv.api_key(&class.name)),
        };
        for callee in callees {
            calls.entry(callee).or_insert(inv.line);
        }
    }
    MethodFacts {
        tokens: name_tokens(&m.name).into_iter().collect(),
        types,
        apis,
        calls,
        reads: m.field_reads.clone(),
        writes: m.field_writes.clone(),
    }
}

/// The own methods an invocation may call: same name (or a constructor for `<init>`), an arity
/// that fits, and — among several overloads — those whose parameters take the argument types the
/// source makes evident.
fn resolve_own_call(class: &ClassModel, inv: &Invocation) -> Vec<usize> {
    let own_receiver = match &inv.receiver {
        Receiver::Implicit | Receiver::This | Receiver::OwnClass => true,
        Receiver::Variable { declared_type: Some(t), .. } => erase_simple(t) == class.name,
        _ => false,
    };
    if !own_receiver {
        return Vec::new();
    }
    let constructor = inv.name == "<init>";
    let by_arity: Vec<usize> = class
        .methods
        .iter()
        .enumerate()
        .filter(|(_, m)| if constructor { m.is_constructor } else { !m.is_constructor && m.name == inv.name })
        .filter(|(_, m)| inv.arg_count.is_none_or(|n| m.accepts_arity(n)))
        .map(|(i, _)| i)
        .collect();
    if by_arity.len() <= 1 {
        return by_arity;
    }
    let by_type: Vec<usize> =
        by_arity.iter().copied().filter(|&i| arguments_fit(&class.methods[i], &inv.arg_types)).collect();
    if by_type.is_empty() {
        by_arity
    } else {
        by_type
    }
}

fn arguments_fit(m: &MethodModel, arg_types: &[Option<String>]) -> bool {
    arg_types.iter().enumerate().all(|(i, arg)| {
        let Some(arg) = arg else { return true };
        let param = match m.params.get(i).or(m.params.last()) {
            Some(p) => p,
            None => return false,
        };
        let erased = erase_simple(&param.type_name);
        let element = erased.strip_suffix("[]").filter(|_| param.varargs && i + 1 >= m.params.len());
        accepts(&erased, arg) || element.is_some_and(|e| accepts(e, arg))
    })
}
