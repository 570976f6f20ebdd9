//! Templates over a class's state that its constructors and mutators set and its observers read
//! back: a constructor that only delegates (`Foo() { this(16); }`) builds what the constructor it
//! delegates to builds from the same arguments; `indexOf(x)` finds what `add(x)` just added.

use super::invoke::Caller;
use super::statics::comparable_by_value;
use super::templates::{assert_equal, declares_equals, ret, same, subjects, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassKind, MethodModel};

/// What a delegation MTC compares on the two objects: the target getter's result, or the objects
/// themselves when the target is `equals`.
enum Observer<'m> {
    Getter(&'m MethodModel),
    Equals,
}

/// The observer the target is, when comparing two objects through it says something: a simple
/// getter (`return field;`) of a value a test compares by value, or `equals` declared here.
fn observer<'m>(caller: &Caller, t: &'m MethodModel) -> Option<Observer<'m>> {
    if t.is_static() || t.is_private() {
        return None;
    }
    if t.name == "equals" && t.params.len() == 1 && declares_equals(caller) {
        return Some(Observer::Equals);
    }
    let simple = t.params.is_empty() && super::contracts::returns_field(caller, t);
    (simple && ret(t).is_some_and(|r| comparable_by_value(caller, r))).then_some(Observer::Getter(t))
}

/// The arguments of `this(...)` when it is the constructor's only statement.
fn delegated_arguments(caller: &Caller, constructor: &MethodModel) -> Option<Vec<String>> {
    let code = caller.class.source.get(constructor.byte_range.0..constructor.byte_range.1)?;
    crate::java_model::sole_statement(&caller.class.name, code, |only, text| {
        let to_this = only.kind() == "explicit_constructor_invocation"
            && only.child_by_field_name("constructor").is_some_and(|c| c.kind() == "this");
        let list = only.child_by_field_name("arguments").filter(|_| to_this)?;
        let mut cursor = list.walk();
        let arguments = list.named_children(&mut cursor).map(|a| text.get(a.byte_range()).unwrap_or("").to_string());
        Some(arguments.collect())
    })
}

/// A delegated argument as a test writes it: a parameter of the delegating constructor, a literal
/// (not `null`, which could pick another overload), a public constant of the class, or a private
/// constant's literal value cast to its declared type (so the same overload is chosen).
fn test_argument(caller: &Caller, delegating: &MethodModel, arg: &str) -> Option<String> {
    if delegating.params.iter().any(|p| p.name == arg) {
        return Some(arg.to_string());
    }
    let literal = arg.starts_with('"')
        || arg.starts_with('\'')
        || arg.trim_start_matches('-').starts_with(|c: char| c.is_ascii_digit())
        || matches!(arg, "true" | "false");
    if literal {
        return Some(arg.to_string());
    }
    let class = caller.class;
    let name = arg.strip_prefix("this.").or_else(|| arg.strip_prefix(&format!("{}.", class.name))).unwrap_or(arg);
    let field = class.fields.iter().find(|f| f.name == name && f.is_constant())?;
    if field.modifiers.iter().any(|m| m == "public") {
        return Some(format!("{}.{}", super::objects::reference(caller.values, class), field.name));
    }
    let value = field.literal.clone()?;
    let primitive = crate::java_model::types::is_primitive(&field.type_name);
    Some(if primitive { format!("({}) {value}", field.type_name) } else { value })
}

/// Static fields that change (`private static int next = 0;`): two objects built alike may
/// then differ (an id counter), and no delegation relation holds between them.
fn has_global_state(caller: &Caller) -> bool {
    caller.class.fields.iter().any(|f| f.modifiers.iter().any(|m| m == "static") && !f.is_constant())
}

/// Constructor delegation: a constructor whose whole body is `this(args)` builds what the
/// constructor it delegates to builds from those arguments, as the target observer sees it:
/// `new Foo().getCapacity() = new Foo(16).getCapacity()`, `new Foo(x).equals(new Foo(x, 10))`.
pub fn constructor_delegation(pair: &Pair) -> Option<Mr> {
    let caller = pair.caller;
    let concrete = caller.class.kind == ClassKind::Class && !caller.class.modifiers.iter().any(|m| m == "abstract");
    if !concrete || has_global_state(caller) || caller.class.binary_name.contains('$') {
        return None;
    }
    let observer = observer(caller, pair.target)?;
    let visible = |m: &&MethodModel| m.is_constructor && !m.is_private();
    // The delegating constructor with the most parameters: its first one varies over the inputs.
    let mut constructors: Vec<&MethodModel> = caller.class.methods.iter().filter(visible).collect();
    constructors.sort_by_key(|c| std::cmp::Reverse(c.params.len()));
    let (delegating, mapped) = constructors.into_iter().find_map(|c| {
        let args = delegated_arguments(caller, c)?;
        let mapped: Vec<String> = args.iter().map(|a| test_argument(caller, c, a)).collect::<Option<_>>()?;
        // The constructor it delegates to must be one a test can call too.
        let reachable = caller.class.methods.iter().filter(visible).any(|d| d.params.len() == mapped.len());
        reachable.then_some((c, mapped))
    })?;
    // The getter mutated answers alike for both objects: only the value the delegated-to
    // constructor stores for it tells a mutant (`new Foo().getCapacity() = 16`).
    let expected = match observer {
        Observer::Equals => None,
        Observer::Getter(g) => {
            let mut same_arity =
                caller.class.methods.iter().filter(|d| d.is_constructor && d.params.len() == mapped.len());
            let (Some(target), None) = (same_arity.next(), same_arity.next()) else { return None };
            Some(mapped[super::contracts::stored_position(caller, target, g)?].clone())
        }
    };
    let values = caller.values;
    let first: Vec<Option<String>> = match delegating.params.first() {
        Some(p) => values.of(&p.type_name, INPUTS).into_iter().map(Some).collect(),
        None => vec![None],
    };
    let own = caller.class_type();
    let mut bodies = Vec::new();
    for x in first {
        let mut lines = Vec::new();
        for (i, p) in delegating.params.iter().enumerate() {
            let value = if i == 0 { x.clone() } else { values.one(&p.type_name) };
            lines.push(format!("{} {} = {};", caller.declared(&p.type_name), p.name, value?));
        }
        let names: Vec<String> = delegating.params.iter().map(|p| p.name.clone()).collect();
        lines.push(format!("{own} source = {};", caller.build(delegating, &names)));
        lines.push(format!("{own} followUp = {};", caller.build(delegating, &mapped)));
        lines.push(match &observer {
            Observer::Equals => "assertEquals(source, followUp);".to_string(),
            Observer::Getter(g) => {
                let r = caller.declared(ret(g)?);
                let stored = assert_equal(expected.as_deref()?, &format!("source.{}()", g.name), &r);
                format!(
                    "{}\n{stored}",
                    assert_equal(&format!("source.{}()", g.name), &format!("followUp.{}()", g.name), &r)
                )
            }
        });
        bodies.push(lines.join("\n"));
    }
    let params: Vec<&str> = delegating.params.iter().map(|p| p.name.as_str()).collect();
    let (source, follow_up) = (
        format!("new {}({})", caller.class.name, params.join(", ")),
        format!("new {}({})", caller.class.name, mapped.join(", ")),
    );
    let relation = match observer {
        Observer::Equals => format!("{source} equals {follow_up}"),
        Observer::Getter(g) => {
            format!("{source}.{0}() = {follow_up}.{0}() = {1}", g.name, expected.unwrap_or_default())
        }
    };
    Some(Mr { template: "constructorDelegation", relation, bodies })
}

/// Mutators that put one element into the state a search method looks in.
const INSERTS: [&str; 6] = ["add", "append", "push", "insert", "offer", "addElement"];

/// A search method with the mutator that sets its state, on one fresh instance: just after
/// `add(x)`, `indexOf(x) >= 0`, `lastIndexOf(x) >= indexOf(x)`, and `get(indexOf(x)) = x`.
pub fn search_after_insert(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let get_by_index = t.name == "get" && t.params.len() == 1 && t.params[0].type_name == "int";
    if !matches!(t.name.as_str(), "indexOf" | "lastIndexOf") && !get_by_index {
        return None;
    }
    let insert = INSERTS
        .iter()
        .find_map(|n| super::contracts::method(caller, n, 1).filter(|m| !m.is_static() && caller.callable(m)))?;
    let element = &insert.params[0].type_name;
    // A search takes the element type, or `Object` as the JDK's collections do (`indexOf(Object)`).
    let search = |name: &str| {
        super::contracts::method(caller, name, 1).filter(|m| {
            let takes = &m.params[0].type_name;
            !m.is_static() && ret(m) == Some("int") && (same(takes, element) || erase_simple(takes) == "Object")
        })
    };
    search("indexOf").filter(|m| caller.callable(m))?;
    let last = search("lastIndexOf");
    let get = super::contracts::method(caller, "get", 1)
        .filter(|m| !m.is_static() && m.params[0].type_name == "int" && ret(m).is_some_and(|r| same(r, element)));
    if get_by_index && get.is_none() {
        return None;
    }
    let declared = caller.declared(element);
    let mut bodies = Vec::new();
    for x in caller.values.of(element, INPUTS) {
        let mut lines = subjects(caller, &["subject"], true)?;
        lines.push(format!("{declared} x = {x};"));
        lines.push(format!("subject.{}(x);", insert.name));
        lines.push("int first = subject.indexOf(x);".into());
        lines.push("assertTrue(first >= 0);".into());
        if last.is_some() {
            lines.push("assertTrue(subject.lastIndexOf(x) >= first);".into());
        }
        if get.is_some() {
            lines.push(assert_equal("x", "subject.get(first)", &declared));
        }
        bodies.push(lines.join("\n"));
    }
    let mut relation = format!("indexOf(x) >= 0 just after {}(x)", insert.name);
    if last.is_some() {
        relation.push_str(", lastIndexOf(x) >= indexOf(x)");
    }
    if get.is_some() {
        relation.push_str(", get(indexOf(x)) = x");
    }
    Some(Mr { template: "searchAfterInsert", relation, bodies })
}
