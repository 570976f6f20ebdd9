//! The texts a parser reads. A target that reads its one text argument into a project type
//! (minimal-json's `JsonValue Json.parse(String)`, a `Version.valueOf(String)`) takes what that
//! type writes of itself: its inputs are the `toString()` of the catalogue's values of the type
//! (`Json.array().toString()` is `[]`). minimal-json's `parse` was given the model's "Hello, World!"
//! and then the catalogue's plain strings, none of them JSON: every input was rejected, and the
//! round trip `parse(parse(s).toString()) = parse(s)` the model had right was never run (unseen-25).
//! That round trip is also a template of its own (`reparse_printed`), for the built-in generator.

use super::objects::{find_class, is_text};
use super::templates::{may_compare_by_value, Mr, Pair};
use super::values::{Values, INPUTS};
use crate::coupling::hierarchy::Hierarchy;
use crate::java_model::names::starts_with_word;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, MethodModel};

/// Names of methods that read a value from text: `parse`, `parseVersion`, `valueOf`, `fromString`.
const READERS: &[&str] = &["parse", "read", "valueOf", "from", "decode", "of"];

/// Up to `n` texts `target` reads: `<value>.toString()` for values of the project type it returns,
/// where that type (or a project superclass) writes itself with `toString()`; none for any other
/// method.
pub(super) fn texts_read(values: &Values, target: &MethodModel, n: usize) -> Vec<String> {
    let [param] = target.params.as_slice() else { return Vec::new() };
    let reads_text = is_text(&param.type_name);
    let named = READERS.iter().any(|word| starts_with_word(&target.name, word));
    let Some(returned) = target.return_type.as_deref().filter(|_| reads_text && named) else { return Vec::new() };
    let Some(type_class) = find_class(values, &erase_simple(returned)) else { return Vec::new() };
    if !writes_itself(values, type_class) {
        return Vec::new();
    }
    values.of(returned, n).into_iter().map(|v| format!("{v}.toString()")).collect()
}

/// `parse(parse(s).toString()) = parse(s)` for a parser of another class's values that
/// `texts_read` gives texts (minimal-json's `Json.parse`): what a parsed value writes of itself
/// reads back as an equal value. Its inputs are texts of that form, so the source input is read as
/// it would be in use; a type compared by identity relates nothing. A class parsing its own
/// values has `contracts::text_round_trip`, `parse(a.toString()) = a`, on its instances.
pub fn reparse_printed(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let returned = t.return_type.as_deref().filter(|_| caller.callable(t))?;
    if erase_simple(returned) == caller.class.name {
        return None;
    }
    if !may_compare_by_value(caller, returned) {
        return None;
    }
    let texts = texts_read(caller.values, t, INPUTS);
    let declared = caller.declared(returned);
    let bodies: Vec<String> = texts
        .iter()
        .enumerate()
        .filter_map(|(i, text)| {
            let mut lines = Vec::new();
            let receiver = if t.is_static() {
                String::new()
            } else {
                lines.push(format!("{} parser = {};", caller.class_type(), caller.instance_for(i)?));
                "parser".to_string()
            };
            let read = |text: &str| caller.call(t, &receiver, &[text.to_string()]);
            lines.push(format!("{declared} source = {};", read(text)));
            lines.push(format!("{declared} followUp = {};", read("source.toString()")));
            lines.push("assertEquals(source, followUp);".into());
            Some(lines.join("\n"))
        })
        .collect();
    let name = &t.name;
    (!bodies.is_empty()).then(|| Mr {
        template: "reparsePrinted",
        relation: format!("{name}({name}(s).toString()) = {name}(s)"),
        bodies,
    })
}

/// Whether the class or one of its project superclasses declares a `toString()` with a body.
fn writes_itself(values: &Values, class: &ClassModel) -> bool {
    let declares = |c: &ClassModel| c.methods.iter().any(|m| m.name == "toString" && m.params.is_empty() && m.has_body);
    if declares(class) {
        return true;
    }
    let Some(project) = values.project else { return false };
    let hierarchy = Hierarchy::new(project);
    let Some(own) = hierarchy.find(&class.qualified_name) else { return false };
    hierarchy.superclasses(project, own).into_iter().any(|c| declares(c.get(project)))
}

#[cfg(test)]
mod tests {
    use super::texts_read;
    use crate::builtin::values::Values;
    use crate::context::TestIndex;
    use crate::java_model::{parse_str, Project};

    /// minimal-json 0.9.5's shape: `Json.parse` reads a `JsonValue`, whose `toString()` writes JSON.
    fn project(to_string: &str) -> Project {
        let file = |name: &str, src: &str| parse_str(std::path::Path::new(name), src);
        let value = format!(
            "package j;\npublic abstract class JsonValue {{\n    public static final JsonValue NULL = null;\n    {to_string}\n}}\n"
        );
        let mut project = Project::new(&[]);
        project.files = vec![
            file("JsonValue.java", &value),
            file("JsonArray.java", "package j;\npublic class JsonArray extends JsonValue {\n    public JsonArray() {}\n}\n"),
            file(
                "Json.java",
                "package j;\npublic final class Json {\n    public static JsonValue parse(String text) { return null; }\n    \
                 public static JsonValue trim(String text) { return null; }\n    \
                 public static String parseName(String text) { return text; }\n}\n",
            ),
        ];
        project
    }

    fn texts(project: &Project, method: &str) -> Vec<String> {
        let json = project.classes().find(|c| c.name == "Json").expect("the fixture's class");
        let target = json.methods.iter().find(|m| m.name == method).expect("the fixture's method");
        let values = Values::for_class(json, Some(project), &TestIndex::load(&[], None));
        texts_read(&values, target, 5)
    }

    #[test]
    fn a_parser_reads_what_its_type_writes_of_itself() {
        let written = project("public String toString() { return \"null\"; }");
        let found = texts(&written, "parse");
        assert!(!found.is_empty() && found.iter().all(|t| t.ends_with(".toString()")), "{found:?}");
        assert!(found.iter().any(|t| t == "new JsonArray().toString()"), "{found:?}");
    }

    #[test]
    fn no_texts_without_a_reader_s_name_a_project_type_or_its_own_to_string() {
        let written = project("public String toString() { return \"null\"; }");
        assert!(texts(&written, "trim").is_empty(), "not named as a reader");
        assert!(texts(&written, "parseName").is_empty(), "returns no project type");
        let silent = project("");
        assert!(texts(&silent, "parse").is_empty(), "Object's toString writes no text a parser reads");
    }
}
