//! What the static repairs read from javac's messages, and how they write their fixes back.

use crate::java_model::types::split_top_level;
use crate::protocol::{CompileDiagnostic, DiagnosticKind};

/// javac's `cannot find symbol` with its `symbol:` and `location:` lines: `symbol: method
/// encodeInteger(java.math.BigInteger)` gives kind `method` and name `encodeInteger`;
/// `location: class org.joda.time.DurationFieldType` stays as written; a method's argument types
/// are javac's, `[int, java.util.List<java.lang.String>]`.
pub(super) struct MissingSymbol<'m> {
    pub kind: &'m str,
    pub name: &'m str,
    pub location: Option<&'m str>,
    pub arguments: Option<Vec<&'m str>>,
}

pub(super) fn missing_symbol(message: &str) -> Option<MissingSymbol<'_>> {
    if !message.contains("cannot find symbol") {
        return None;
    }
    let line = |key: &str| message.lines().find_map(|l| l.trim().strip_prefix(key)).map(str::trim);
    let (kind, rest) = line("symbol:")?.split_once(' ')?;
    let (name, arguments) = match rest.split_once('(') {
        Some((name, args)) => (name.trim(), args.strip_suffix(')').map(split_top_level)),
        None => (rest.trim(), None),
    };
    (!name.is_empty()).then_some(MissingSymbol { kind, name, location: line("location:"), arguments })
}

/// Where javac looked for a missing variable.
pub(super) enum Location<'m> {
    /// `location: class q.C`: the access went through the class.
    Class(&'m str),
    /// `location: variable v of type q.C`: through an instance.
    Variable(&'m str),
}

/// `cannot find symbol` with `symbol: variable NAME` and where javac looked.
pub(super) fn missing_variable(message: &str) -> Option<(&str, Location<'_>)> {
    let missing = missing_symbol(message).filter(|m| m.kind == "variable")?;
    let location = missing.location?;
    let location = match location.strip_prefix("class ") {
        Some(class) => Location::Class(class.trim()),
        None => Location::Variable(location.strip_prefix("variable ")?.split(" of type ").nth(1)?.trim()),
    };
    Some((missing.name, location))
}

/// One overload javac lists for a call it could not fit: the class declaring it (qualified in
/// "no suitable method found", as the reply named it in "cannot be applied") and its parameter
/// types.
pub(super) struct Overload<'m> {
    pub owner: &'m str,
    pub params: Vec<&'m str>,
}

/// A call javac found no fitting method for: the method's simple name, the argument types, and
/// the overloads that do not apply (generic ones left out: their parameters are not the types an
/// argument must have).
pub(super) struct UnfitCall<'m> {
    pub name: &'m str,
    pub found: Vec<&'m str>,
    pub overloads: Vec<Overload<'m>>,
}

/// javac's "no suitable method found for NAME(ARGS)" with each overload, or "method NAME in class
/// C cannot be applied to given types;" with its `required:` and `found:` lines.
pub(super) fn unfit_call(message: &str) -> Option<UnfitCall<'_>> {
    let mut lines = message.lines();
    let first = lines.next()?;
    if let Some(single) =
        first.strip_prefix("method ").and_then(|m| m.strip_suffix(" cannot be applied to given types;"))
    {
        let (name, owner) = single.split_once(" in class ")?;
        let listed = |key: &str| message.lines().find_map(|l| l.trim().strip_prefix(key)).map(types_listed);
        let overload = Overload { owner: owner.split('<').next()?.trim(), params: listed("required:")? };
        return Some(UnfitCall { name: name.trim(), found: listed("found:")?, overloads: vec![overload] });
    }
    let (name, found) = split_signature(first.strip_prefix("no suitable method found for ")?)?;
    let overloads = lines
        .filter_map(|line| line.trim().strip_prefix("method ")?.strip_suffix(" is not applicable"))
        .filter_map(|method| {
            let (qualified, params) = split_signature(method)?;
            let (owner, _) = qualified.rsplit_once('.')?;
            (!qualified.contains('<')).then_some(Overload { owner, params })
        })
        .collect();
    Some(UnfitCall { name: name.rsplit('.').next()?, found, overloads })
}

/// `name(a,b)` as the name and its types.
fn split_signature(signature: &str) -> Option<(&str, Vec<&str>)> {
    let open = signature.find('(')?;
    let inner = signature.get(open + 1..)?.strip_suffix(')')?;
    Some((&signature[..open], split_top_level(inner)))
}

/// The types of a `required:` or `found:` line: none for javac's "no arguments".
fn types_listed(list: &str) -> Vec<&str> {
    match list.trim() {
        "no arguments" => Vec::new(),
        types => split_top_level(types),
    }
}

/// A byte-range edit: `start..end` replaced (an insertion when start is end).
pub(super) type Edit = (usize, usize, String);

/// The innermost node at javac's position of a diagnostic; None without a position.
pub(super) fn node_at<'t>(
    root: tree_sitter::Node<'t>,
    code: &str,
    d: &CompileDiagnostic,
) -> Option<tree_sitter::Node<'t>> {
    let at = offset(code, d.line, d.column)?;
    root.descendant_for_byte_range(at, at)
}

/// The byte offset of a 1-based line and column (javac's, counted in characters).
fn offset(code: &str, line: usize, column: usize) -> Option<usize> {
    if line == 0 {
        return None;
    }
    let start = crate::java_model::line_start(code, line);
    let text = code.get(start..)?.lines().next()?;
    let within = text.char_indices().nth(column.saturating_sub(1)).map_or(text.len(), |(i, _)| i);
    Some(start + within)
}

/// The walk the tree-based repairs share: the code parsed once, `edits_for` asked for each of
/// javac's errors (with the tree's root), the edits made; None without edits. An edit starting
/// where an earlier one starts is dropped: a line that holds several errors is searched once per
/// error, and would otherwise be edited twice in one place.
pub(super) fn edit_at_errors(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    mut edits_for: impl FnMut(tree_sitter::Node, &CompileDiagnostic) -> Vec<Edit>,
) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let mut edits: Vec<Edit> = Vec::new();
    for d in diagnostics.iter().filter(|d| d.kind == DiagnosticKind::Error) {
        for edit in edits_for(tree.root_node(), d) {
            if !edits.iter().any(|e| e.0 == edit.0) {
                edits.push(edit);
            }
        }
    }
    apply_edits(code, edits)
}

/// `code` with each `(start, end, replacement)` byte-range edit made (an insertion when start is
/// end); None without edits. The edits must not overlap.
pub(super) fn apply_edits(code: &str, mut edits: Vec<Edit>) -> Option<String> {
    if edits.is_empty() {
        return None;
    }
    // From the end backwards, so each edit's offsets still hold when it is made.
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = code.to_string();
    for (start, end, with) in edits {
        out.replace_range(start..end, &with);
    }
    Some(out)
}

/// An error of javac's at a 1-based line, for the repairs' tests (the line repairs read no column).
#[cfg(test)]
pub(super) fn error_at(line: usize, message: &str) -> CompileDiagnostic {
    error_at_column(line, 1, message)
}

/// An error of javac's at a 1-based line and column, for the tests of the repairs that read both.
#[cfg(test)]
pub(super) fn error_at_column(line: usize, column: usize, message: &str) -> CompileDiagnostic {
    CompileDiagnostic { kind: DiagnosticKind::Error, line, column, message: message.into() }
}

#[cfg(test)]
mod tests {
    use super::{apply_edits, missing_symbol};

    #[test]
    fn a_missing_symbol_s_kind_name_and_location() {
        let m = missing_symbol(
            "cannot find symbol\n  symbol:   method encodeInteger(java.math.BigInteger)\n  location: class T",
        )
        .expect("a missing method");
        assert_eq!((m.kind, m.name, m.location), ("method", "encodeInteger", Some("class T")));
        let v = missing_symbol("cannot find symbol\n  symbol:   variable days").expect("a missing variable");
        assert_eq!((v.kind, v.name, v.location), ("variable", "days", None));
        assert!(missing_symbol("incompatible types: int cannot be converted to String").is_none());
    }

    #[test]
    fn edits_are_made_from_the_end_so_offsets_hold() {
        let code = "f(a, b)";
        let fixed = apply_edits(code, vec![(0, 0, "x.".into()), (5, 6, "c".into()), (2, 3, "aa".into())]);
        assert_eq!(fixed.as_deref(), Some("x.f(aa, c)"));
        assert!(apply_edits(code, Vec::new()).is_none());
    }
}
