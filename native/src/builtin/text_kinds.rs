//! Texts of the kind a builder's text parameter asks for, by its name or its `@param` text: JSON
//! for `new JsonCanonicalizer(String jsonData)`, a regular expression for `RgxGen.parse(String
//! pattern)` ("@param pattern regex pattern for values generation"). No boundary string is one:
//! on unseen-34 every instance the catalogue built of either from `""`, `"a"` or `"Hello, World!"`
//! threw, and the model copied those receivers. These take their turn with the texts the class's
//! Javadoc quotes (`objects::documented`).

use super::guards::builds_owner;
use super::objects::is_text;
use crate::coupling::name_tokens;
use crate::java_model::javadoc::param_docs;
use crate::java_model::{ClassModel, MethodModel};

/// The kinds of text known, each with the words that ask for it and its texts as Java literals.
const KINDS: &[(&[&str], &[&str])] = &[
    (&["json"], &[r#""{\"a\":1,\"b\":[true,null,2.5]}""#, r#""[1,\"x\",{}]""#, r#""{}""#]),
    (&["regex", "regexp"], &[r#""[a-c]{2}[0-9]""#, r#""(ab|cd)+e?""#, r#""x*y{1,3}""#]),
    (&["url", "uri"], &[r#""https://example.com/a/b?c=d#e""#, r#""http://localhost:8080/""#]),
    (&["email"], &[r#""user@example.com""#, r#""first.last+tag@mail.example.org""#]),
    (&["xml"], &[r#""<a><b c=\"1\">text</b></a>""#, r#""<root/>""#]),
];

/// The texts, as Java literals, that `builder`'s first text parameter asks for; empty when its
/// name and its `@param` text name no kind known.
pub(super) fn asked_texts(class: &ClassModel, builder: &MethodModel) -> Vec<String> {
    let Some(param) = builder.params.iter().find(|p| is_text(&p.type_name)) else { return Vec::new() };
    let named = kind_of(&name_tokens(&param.name));
    let documented = || {
        let docs = param_docs(class, builder);
        let text = docs.iter().find(|(name, _)| *name == param.name).map(|(_, text)| text.to_ascii_lowercase())?;
        let words: Vec<String> = text.split(|c: char| !c.is_ascii_alphanumeric()).map(String::from).collect();
        let regular_expression = text.contains("regular expression").then(|| vec!["regex".to_string()]);
        kind_of(&words).or_else(|| kind_of(&regular_expression?))
    };
    let Some(kind) = named.or_else(documented) else { return Vec::new() };
    KINDS[kind].1.iter().map(|t| t.to_string()).collect()
}

/// The texts, as Java literals, a text input of an MTC of `target` is likely to stand for: those
/// `target`'s own text parameter asks for, else those of the class's first builder from text that
/// asks for a kind (a model's `String json = ..; new JsonCanonicalizer(json)` feeds the
/// constructor). Empty when none asks.
pub(super) fn input_texts(class: &ClassModel, target: &MethodModel) -> Vec<String> {
    let builds = |m: &&MethodModel| m.is_constructor || (m.is_static() && builds_owner(m, class));
    let builders = class.methods.iter().filter(|m| !m.is_private()).filter(builds);
    std::iter::once(target).chain(builders).map(|m| asked_texts(class, m)).find(|t| !t.is_empty()).unwrap_or_default()
}

/// The kind the first word asking for one names, by its place in `KINDS`.
fn kind_of(words: &[String]) -> Option<usize> {
    words.iter().find_map(|w| KINDS.iter().position(|(asking, _)| asking.contains(&w.to_ascii_lowercase().as_str())))
}

#[cfg(test)]
mod tests {
    use super::asked_texts;
    use crate::java_model::parse_str;

    const SOURCE: &str = "package p;\npublic class Gen {\n    \
        public Gen(String jsonData) {}\n    \
        /**\n     * @param pattern regex pattern for values generation\n     */\n    \
        public static Gen parse(String pattern) { return null; }\n    \
        /**\n     * @param text a regular expression\n     */\n    \
        public static Gen compile(int flags, String text) { return null; }\n    \
        /**\n     * @param pattern the date pattern, such as yyyy-MM-dd\n     */\n    \
        public static Gen ofPattern(String pattern) { return null; }\n    \
        public static Gen of(int jsonDepth) { return null; }\n}\n";

    #[test]
    fn an_input_of_a_class_built_from_json_is_json() {
        let class = parse_str(std::path::Path::new("Gen.java"), SOURCE).classes.remove(0);
        let of = class.methods.iter().find(|m| m.name == "of").expect("Gen.of(int)");
        assert_eq!(super::input_texts(&class, of), asked_texts(&class, &class.methods[0]), "the constructor's");
        let other = parse_str(std::path::Path::new("O.java"), "package p;\nclass O {\n    O(String name) {}\n}\n");
        let other = &other.classes[0];
        assert!(super::input_texts(other, &other.methods[0]).is_empty(), "a name asks for no kind");
    }

    #[test]
    fn a_text_parameter_named_or_documented_as_a_kind_gets_texts_of_it() {
        let class = parse_str(std::path::Path::new("Gen.java"), SOURCE).classes.remove(0);
        let builder = |name: &str| class.methods.iter().find(|m| m.name == name).expect("the fixture's builder");
        let json = asked_texts(&class, builder("Gen"));
        assert_eq!(json.first().map(String::as_str), Some(r#""{\"a\":1,\"b\":[true,null,2.5]}""#));
        assert!(
            asked_texts(&class, builder("parse")).contains(&r#""(ab|cd)+e?""#.to_string()),
            "its @param says regex"
        );
        assert!(!asked_texts(&class, builder("compile")).is_empty(), "\"regular expression\" in its @param");
        assert!(asked_texts(&class, builder("ofPattern")).is_empty(), "a pattern of another kind");
        assert!(asked_texts(&class, builder("of")).is_empty(), "no text parameter");
    }
}
