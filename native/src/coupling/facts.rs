//! The static features of Algorithm 1 (lines 3-7), computed once per class: name tokens,
//! parameter and return types, invoked APIs, calls resolved to the class's own methods, fields
//! read and written; plus how many methods share each item, to tell rare evidence from common.
//!
//! The ranked mode looks at more members and more state: the methods the class inherits from
//! its project superclasses join its own, and a method that reads or writes a field through a
//! getter or setter of the class counts as reading or writing that field.

use super::tokens::name_tokens;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, Invocation, MethodModel, Receiver};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A method or constructor the analysis considers: the class's own, or one it inherits.
#[derive(Clone, Copy)]
pub struct Member<'c> {
    pub method: &'c MethodModel,
    /// The class that declares it.
    pub owner: &'c ClassModel,
    /// Its index in `owner.methods`.
    pub index: usize,
    pub inherited: bool,
}

pub struct MethodFacts {
    pub tokens: BTreeSet<String>,
    /// Erased parameter and return types; `void` is not a data type and is left out.
    pub types: BTreeSet<String>,
    pub apis: BTreeSet<String>,
    /// Members this one calls (member index -> first line of a call).
    pub calls: BTreeMap<usize, usize>,
    pub reads: BTreeSet<String>,
    pub writes: BTreeSet<String>,
    /// Fields reached through an accessor (ranked mode only): field -> the accessor's signature.
    pub reads_via: BTreeMap<String, String>,
    pub writes_via: BTreeMap<String, String>,
}

impl MethodFacts {
    /// Fields read, directly or (ranked mode) through an accessor.
    pub fn all_reads(&self) -> BTreeSet<String> {
        self.reads.iter().chain(self.reads_via.keys()).cloned().collect()
    }

    pub fn all_writes(&self) -> BTreeSet<String> {
        self.writes.iter().chain(self.writes_via.keys()).cloned().collect()
    }
}

pub struct ClassFacts<'c> {
    pub class: &'c ClassModel,
    /// The class's own methods first (member i is `class.methods[i]`), then inherited ones.
    pub members: Vec<Member<'c>>,
    pub methods: Vec<MethodFacts>,
    /// Number of members in which an item (`token:x`, `type:x`, `api:x`, `field:x`, and
    /// `role:observation`, see observe.rs) occurs.
    document_frequency: HashMap<String, usize>,
}

impl<'c> ClassFacts<'c> {
    /// Algorithm 1's view: the class's own methods and constructors, fields touched directly.
    pub fn new(class: &'c ClassModel) -> Self {
        Self::build(class, own_members(class), false)
    }

    /// The ranked mode's view: also the non-private methods inherited from `superclasses`
    /// (nearest first) that the class does not override, and fields reached through accessors.
    pub fn with_inherited(class: &'c ClassModel, superclasses: &[&'c ClassModel]) -> Self {
        let mut members = own_members(class);
        for sup in superclasses {
            for (index, m) in sup.methods.iter().enumerate() {
                let visible = !m.is_constructor && !m.is_private();
                let overridden = members.iter().any(|o| !o.method.is_constructor && same_signature(o.method, m));
                if visible && !overridden {
                    members.push(Member { method: m, owner: sup, index, inherited: true });
                }
            }
        }
        Self::build(class, members, true)
    }

    fn build(class: &'c ClassModel, members: Vec<Member<'c>>, through_accessors: bool) -> Self {
        let mut methods: Vec<MethodFacts> = members.iter().map(|m| method_facts(&members, m)).collect();
        if through_accessors {
            reach_through_accessors(&members, &mut methods);
        }
        let mut document_frequency = HashMap::new();
        for (member, f) in members.iter().zip(&methods) {
            let touched: BTreeSet<String> = f.all_reads().union(&f.all_writes()).cloned().collect();
            let role = super::observe::is_observation(member, f).then(|| "role:observation".to_string());
            let name = (!member.method.is_constructor).then(|| format!("name:{}", member.method.name));
            let items = role
                .into_iter()
                .chain(name)
                .chain(f.tokens.iter().map(|t| format!("token:{t}")))
                .chain(f.types.iter().map(|t| format!("type:{t}")))
                .chain(f.apis.iter().map(|a| format!("api:{a}")))
                .chain(touched.iter().map(|x| format!("field:{x}")));
            for item in items.collect::<BTreeSet<_>>() {
                *document_frequency.entry(item).or_insert(0) += 1;
            }
        }
        ClassFacts { class, members, methods, document_frequency }
    }

    /// How telling a shared item is, in (0, 1]: 1 for an item only two methods have, lower the
    /// more methods of the class have it (an inverse document frequency, normalised).
    pub fn rarity(&self, kind: &str, item: &str) -> f64 {
        let n = self.members.len().max(2) as f64;
        let df = self.document_frequency.get(&format!("{kind}:{item}")).copied().unwrap_or(2).max(2) as f64;
        ((1.0 + n / df).ln() / (1.0 + n / 2.0).ln()).clamp(0.05, 1.0)
    }

    /// How many members have this item.
    pub fn frequency(&self, kind: &str, item: &str) -> usize {
        self.document_frequency.get(&format!("{kind}:{item}")).copied().unwrap_or(0)
    }

    /// The member index of an inherited method, by its declaring class and index there.
    pub fn member_of(&self, owner: &str, index: usize) -> Option<usize> {
        self.members.iter().position(|m| m.owner.qualified_name == owner && m.index == index)
    }
}

fn own_members(class: &ClassModel) -> Vec<Member<'_>> {
    let members = class.methods.iter().enumerate();
    members.map(|(index, method)| Member { method, owner: class, index, inherited: false }).collect()
}

fn same_signature(a: &MethodModel, b: &MethodModel) -> bool {
    a.name == b.name
        && a.params.len() == b.params.len()
        && a.params.iter().zip(&b.params).all(|(x, y)| erase_simple(&x.type_name) == erase_simple(&y.type_name))
}

fn method_facts(members: &[Member], member: &Member) -> MethodFacts {
    let (class, m) = (member.owner, member.method);
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
        let callees = resolve_own_call(members, member, inv);
        // A call resolved to one own overload is that overload's API, not any method of the name.
        match callees.as_slice() {
            [only] => {
                let callee = &members[*only];
                apis.insert(format!("{}.{}", callee.owner.name, callee.method.signature()))
            }
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
        reads_via: BTreeMap::new(),
        writes_via: BTreeMap::new(),
    }
}

/// The members an invocation may call: same name (or a constructor of the caller's class for
/// `<init>`), an arity that fits, and — among several overloads — those whose parameters take
/// the argument types the source makes evident. `super.m()` calls an inherited member.
fn resolve_own_call(members: &[Member], caller: &Member, inv: &Invocation) -> Vec<usize> {
    let class = caller.owner;
    let own_receiver = match &inv.receiver {
        Receiver::Implicit | Receiver::This | Receiver::OwnClass | Receiver::Super => true,
        Receiver::Variable { declared_type: Some(t), .. } => erase_simple(t) == class.name,
        _ => false,
    };
    if !own_receiver {
        return Vec::new();
    }
    let constructor = inv.name == "<init>";
    if constructor && inv.receiver == Receiver::Super {
        return Vec::new(); // the superclass's constructor is not a member
    }
    let by_arity: Vec<usize> = members
        .iter()
        .enumerate()
        .filter(|(_, m)| {
            if constructor {
                m.method.is_constructor && std::ptr::eq(m.owner, class)
            } else {
                !m.method.is_constructor && m.method.name == inv.name
            }
        })
        .filter(|(_, m)| inv.receiver != Receiver::Super || m.inherited)
        .filter(|(_, m)| inv.arg_count.is_none_or(|n| m.method.accepts_arity(n)))
        .map(|(i, _)| i)
        .collect();
    if by_arity.len() <= 1 {
        return by_arity;
    }
    let by_type: Vec<usize> =
        by_arity.iter().copied().filter(|&i| members[i].method.accepts_arguments(&inv.arg_types)).collect();
    if by_type.is_empty() {
        by_arity
    } else {
        by_type
    }
}

/// A getter (no parameters, returns a value, reads fields and writes none) or a setter (one
/// parameter, writes fields), small: at most two calls of its own.
fn accessor_kind(member: &Member, facts: &MethodFacts) -> Option<Accessor> {
    let m = member.method;
    if m.is_constructor || !m.has_body || m.invocations.len() > 2 {
        return None;
    }
    let returns = m.return_type.as_deref().is_some_and(|r| r != "void");
    if m.params.is_empty() && returns && !facts.reads.is_empty() && facts.writes.is_empty() {
        return Some(Accessor::Getter);
    }
    if m.params.len() == 1 && !facts.writes.is_empty() {
        return Some(Accessor::Setter);
    }
    None
}

#[derive(Clone, Copy, PartialEq)]
enum Accessor {
    Getter,
    Setter,
}

/// A call to a getter reads its fields; a call to a setter writes them; a factory (a method
/// returning the class's type) writes what the constructors it calls write, into the object it
/// returns.
fn reach_through_accessors(members: &[Member], methods: &mut [MethodFacts]) {
    let kinds: Vec<Option<Accessor>> = members.iter().zip(methods.iter()).map(|(m, f)| accessor_kind(m, f)).collect();
    let reached: Vec<(BTreeMap<String, String>, BTreeMap<String, String>)> = members
        .iter()
        .zip(methods.iter())
        .map(|(member, f)| {
            let (mut reads, mut writes) = (BTreeMap::new(), BTreeMap::new());
            let factory = member.method.return_type.as_deref().is_some_and(|r| erase_simple(r) == member.owner.name);
            for &callee in f.calls.keys() {
                let via = members[callee].method.signature();
                let kind = match kinds[callee] {
                    None if factory && members[callee].method.is_constructor => Some(Accessor::Setter),
                    kind => kind,
                };
                match kind {
                    Some(Accessor::Getter) => {
                        for field in methods[callee].reads.iter().filter(|x| !f.reads.contains(*x)) {
                            reads.entry(field.clone()).or_insert_with(|| via.clone());
                        }
                    }
                    Some(Accessor::Setter) => {
                        for field in methods[callee].writes.iter().filter(|x| !f.writes.contains(*x)) {
                            writes.entry(field.clone()).or_insert_with(|| via.clone());
                        }
                    }
                    None => {}
                }
            }
            (reads, writes)
        })
        .collect();
    for (f, (reads, writes)) in methods.iter_mut().zip(reached) {
        f.reads_via = reads;
        f.writes_via = writes;
    }
}
