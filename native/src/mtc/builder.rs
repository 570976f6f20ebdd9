//! A static repair for a builder fetched through a factory the class lacks: a small model writes
//! `AntPathMatcher.builder().build()` (Lombok's and many libraries' convention) where the class
//! nests `public static final class Builder` and is built `new AntPathMatcher.Builder().build()`
//! (javac: `cannot find symbol .. symbol: method builder() .. location: class ..AntPathMatcher`;
//! azagniotov's ant-style-path-matcher, unseen-35, in every method of the reply and again after a
//! refinement round). The call becomes the nested builder's creation; what the builder builds,
//! and how, is the project's.

use crate::java_model::{ClassKind, ClassModel};
use crate::protocol::CompileDiagnostic;

/// The factories a reply names for a class's builder.
const BUILDER_FACTORIES: [&str; 2] = ["builder", "newBuilder"];

/// The code with each argument-less `X.builder()` (or `X.newBuilder()`) javac found no method for
/// written `new X.Builder()`, where project class `X` nests a `Builder` a test can create without
/// arguments; None when no error reports one.
pub fn nested_builder<'c>(
    code: &str,
    diagnostics: &[CompileDiagnostic],
    class_named: &dyn Fn(&str) -> Option<&'c ClassModel>,
) -> Option<String> {
    super::javac::edit_at_errors(code, diagnostics, |root, d| {
        let Some(missing) = super::javac::missing_symbol(&d.message) else { return Vec::new() };
        let no_arguments = missing.arguments.as_ref().is_some_and(|a| a.iter().all(|t| t.trim().is_empty()));
        if missing.kind != "method" || !BUILDER_FACTORIES.contains(&missing.name) || !no_arguments {
            return Vec::new();
        }
        let Some(owner) = missing.location.and_then(|l| l.strip_prefix("class ")).map(str::trim) else {
            return Vec::new();
        };
        if !creatable_builder(owner, class_named) {
            return Vec::new();
        }
        let calls = super::inputs::on_line(root, d.line, "method_invocation");
        calls
            .into_iter()
            .filter_map(|call| {
                let name = call.child_by_field_name("name").and_then(|n| code.get(n.byte_range()))?;
                let object = call.child_by_field_name("object").and_then(|o| code.get(o.byte_range()))?;
                let arguments = call.child_by_field_name("arguments")?;
                let names_owner = owner == object || owner.ends_with(&format!(".{object}"));
                (name == missing.name && names_owner && arguments.named_child_count() == 0)
                    .then(|| (call.start_byte(), call.end_byte(), format!("new {object}.Builder()")))
            })
            .collect()
    })
}

/// Whether project class `owner` (qualified) nests a concrete `Builder` with a constructor taking
/// nothing (or none declared) that is not private: the MTC is written in the class's package.
fn creatable_builder<'c>(owner: &str, class_named: &dyn Fn(&str) -> Option<&'c ClassModel>) -> bool {
    let Some(builder) = class_named(&format!("{owner}.Builder")) else { return false };
    let constructors: Vec<_> = builder.methods.iter().filter(|m| m.is_constructor).collect();
    let concrete = builder.kind == ClassKind::Class && !builder.modifiers.iter().any(|m| m == "abstract");
    let open = constructors.is_empty() || constructors.iter().any(|c| c.params.is_empty() && !c.is_private());
    concrete && open
}

#[cfg(test)]
mod tests {
    use super::nested_builder;
    use crate::java_model::{parse_str, ClassModel};
    use crate::mtc::javac::error_at;

    const MATCHER: &str = "package p;\npublic class AntPathMatcher {\n    private AntPathMatcher(char s) {}\n    \
                           public boolean isMatch(String pattern, String path) { return true; }\n    \
                           public static final class Builder {\n        public Builder() {}\n        \
                           public AntPathMatcher build() { return new AntPathMatcher('/'); }\n    }\n}\n";

    const REPLY: &str =
        "class T {\n    void mr1() {\n        AntPathMatcher matcher = AntPathMatcher.builder().build();\n    }\n}\n";

    fn missing(name: &str) -> crate::protocol::CompileDiagnostic {
        error_at(3, &format!("cannot find symbol\n  symbol:   method {name}()\n  location: class p.AntPathMatcher"))
    }

    #[test]
    fn a_missing_builder_factory_becomes_the_nested_builder_s_creation() {
        // azagniotov's ant-style-path-matcher (unseen-35), the model's reply as it came.
        let classes = parse_str(std::path::Path::new("AntPathMatcher.java"), MATCHER).classes;
        let class_named = |name: &str| classes.iter().find(|c: &&ClassModel| c.qualified_name == name);
        let fixed = nested_builder(REPLY, &[missing("builder")], &class_named).expect("the class nests a Builder");
        assert!(fixed.contains("AntPathMatcher matcher = new AntPathMatcher.Builder().build();"), "{fixed}");
        let renamed = REPLY.replace("builder()", "newBuilder()");
        assert!(nested_builder(&renamed, &[missing("newBuilder")], &class_named).is_some());
    }

    #[test]
    fn no_nested_builder_or_another_method_is_left_alone() {
        let classes = parse_str(std::path::Path::new("AntPathMatcher.java"), MATCHER).classes;
        let class_named = |name: &str| classes.iter().find(|c: &&ClassModel| c.qualified_name == name);
        let other = REPLY.replace("builder()", "create()");
        assert!(nested_builder(&other, &[missing("create")], &class_named).is_none(), "not a builder's factory");
        let private = MATCHER.replace("public Builder() {}", "private Builder() {}");
        let classes = parse_str(std::path::Path::new("AntPathMatcher.java"), &private).classes;
        let class_named = |name: &str| classes.iter().find(|c: &&ClassModel| c.qualified_name == name);
        assert!(nested_builder(REPLY, &[missing("builder")], &class_named).is_none(), "a test cannot create it");
        let package_private = MATCHER.replace("public Builder() {}", "Builder() {}");
        let classes = parse_str(std::path::Path::new("AntPathMatcher.java"), &package_private).classes;
        let class_named = |name: &str| classes.iter().find(|c: &&ClassModel| c.qualified_name == name);
        assert!(nested_builder(REPLY, &[missing("builder")], &class_named).is_some(), "the test's package may");
        let none = |_: &str| None;
        assert!(nested_builder(REPLY, &[missing("builder")], &none).is_none(), "no Builder in the project");
    }
}
