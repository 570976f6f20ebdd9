//! What a setter does with its argument: stores it as given, or changes it first. `getX() = v`
//! just after `setX(v)` holds for the one only (a setter that normalises, `""` stored as `null` by
//! lang3's `StrBuilder.setNullText`, was a false suspected bug).

use crate::java_model::{FieldModel, MethodModel};
use tree_sitter::Node;

/// Whether every statement of the setter's body stores the parameter itself in a field
/// (`this.name = name`, `table[row][column] = value`), guards it (`if (x < 0) throw ...`), hands
/// it on as it is (`Objects.requireNonNull(name)`, `labels.put(key, value)`) or returns
/// (`return this`). The parameter is the last one: a keyed setter's value. Anything else (a branch that
/// assigns, a computed value stored) may store something other than the argument.
pub(super) fn stores_its_argument(source: &str, setter: &MethodModel) -> bool {
    let Some(param) = setter.params.last().map(|p| p.name.as_str()) else { return false };
    let Some(code) = source.get(setter.byte_range.0..setter.byte_range.1) else { return false };
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return false };
    let Some(body) = find(tree.root_node(), "block") else { return false };
    let mut cursor = body.walk();
    let statements: Vec<Node> = body.named_children(&mut cursor).filter(|s| !s.kind().ends_with("comment")).collect();
    !statements.is_empty() && statements.iter().all(|s| plain_statement(*s, code, param))
}

/// Whether the method assigns something made of its first parameter to one of `fields` (`this.alphabet
/// = alphabet`, `blockList = copyOf(blockList)`): a builder step that sets a field, where one that
/// adds calls something with it (`delegate.addKeyword(keyword)`).
pub(super) fn assigns_to_a_field(source: &str, method: &MethodModel, fields: &[FieldModel]) -> bool {
    let Some(param) = method.params.first().map(|p| p.name.as_str()) else { return false };
    let Some(code) = source.get(method.byte_range.0..method.byte_range.1) else { return false };
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return false };
    let field = |n: Node| match n.kind() {
        "identifier" => fields.iter().any(|f| f.name == code[n.byte_range()]),
        "field_access" => n.child_by_field_name("object").is_some_and(|o| o.kind() == "this"),
        _ => false,
    };
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.kind() == "assignment_expression"
            && node.child_by_field_name("right").is_some_and(|r| mentions(r, code, param))
            && node.child_by_field_name("left").is_some_and(field)
        {
            return true;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    false
}

fn plain_statement(statement: Node, code: &str, param: &str) -> bool {
    match statement.kind() {
        "expression_statement" => statement.named_child(0).is_some_and(|e| match e.kind() {
            "assignment_expression" => {
                let text = |field: &str| e.child_by_field_name(field).map(|n| &code[n.byte_range()]);
                let operator = e.child_by_field_name("operator").map(|n| &code[n.byte_range()]);
                text("left").is_some_and(|l| l != param)
                    && text("right") == Some(param)
                    && operator.is_none_or(|o| o == "=")
            }
            "method_invocation" => passes_as_given(e, code, param),
            _ => false,
        }),
        "if_statement" => statement.child_by_field_name("alternative").is_none() && only_throws(statement),
        "return_statement" => statement.named_child(0).is_none_or(|r| r.kind() == "this"),
        _ => false,
    }
}

/// A call that hands the parameter on as it is, if at all: a check (`requireNonNull(name)`) or a
/// store (`labels.put(key, value)`), not `labels.put(key, value.trim())`.
fn passes_as_given(call: Node, code: &str, param: &str) -> bool {
    let Some(arguments) = call.child_by_field_name("arguments") else { return true };
    let mut cursor = arguments.walk();
    let changed = arguments.named_children(&mut cursor).any(|a| {
        let text = &code[a.byte_range()];
        text != param && mentions(a, code, param)
    });
    !changed
}

/// Whether an identifier of the expression is the parameter.
fn mentions(node: Node, code: &str, param: &str) -> bool {
    if node.kind() == "identifier" && &code[node.byte_range()] == param {
        return true;
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    children.into_iter().any(|c| mentions(c, code, param))
}

/// An `if` whose consequence only throws: a guard, which stores nothing.
pub(super) fn only_throws(statement: Node) -> bool {
    statement.child_by_field_name("consequence").is_some_and(is_throw)
}

/// A `throw`, alone or as the one statement of a block.
pub(super) fn is_throw(statement: Node) -> bool {
    match statement.kind() {
        "throw_statement" => true,
        "block" => {
            let mut cursor = statement.walk();
            let inner: Vec<Node> =
                statement.named_children(&mut cursor).filter(|s| !s.kind().ends_with("comment")).collect();
            inner.len() == 1 && inner[0].kind() == "throw_statement"
        }
        _ => false,
    }
}

/// The first node of a kind, depth first: a method's body is its first block.
pub(super) fn find<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    if node.kind() == kind {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    children.into_iter().find_map(|c| find(c, kind))
}
