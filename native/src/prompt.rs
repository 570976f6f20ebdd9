//! Prompt templates from `prompts/` (built in) or a user's folder, with `{{name}}` placeholders.
//! Rendering is one pass over the template, so values (Java code with `{{` in an array
//! initializer, say) are never scanned for placeholders.

use crate::error::{CoreError, CoreResult};
use std::path::PathBuf;

const BUILT_IN: &[(&str, &str)] = &[
    ("system.md", include_str!("../../prompts/system.md")),
    ("generation.md", include_str!("../../prompts/generation.md")),
    ("baseline.md", include_str!("../../prompts/baseline.md")),
    ("alone.md", include_str!("../../prompts/alone.md")),
    ("refinement.md", include_str!("../../prompts/refinement.md")),
    ("refinement-repaired.md", include_str!("../../prompts/refinement-repaired.md")),
    ("amplification.md", include_str!("../../prompts/amplification.md")),
    ("amplification-missing.md", include_str!("../../prompts/amplification-missing.md")),
    ("amplification-values.md", include_str!("../../prompts/amplification-values.md")),
    ("junit5-template.java", include_str!("../../prompts/junit5-template.java")),
    ("junit4-template.java", include_str!("../../prompts/junit4-template.java")),
];

pub struct Templates {
    dir: Option<PathBuf>,
}

impl Templates {
    /// Templates from `dir` where it has them, the built-in ones otherwise.
    pub fn new(dir: Option<PathBuf>) -> Self {
        Templates { dir }
    }

    fn load(&self, name: &str) -> CoreResult<String> {
        if let Some(path) = self.dir.as_ref().map(|d| d.join(name)).filter(|p| p.is_file()) {
            return std::fs::read_to_string(&path)
                .map_err(|e| CoreError::new(format!("cannot read the prompt template {}: {e}", path.display()), ""));
        }
        BUILT_IN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| text.to_string())
            .ok_or_else(|| CoreError::new(format!("no prompt template named {name}"), ""))
    }

    /// Fill `{{name}}` placeholders from `vars`; a placeholder without a value is an error that
    /// names it and the template.
    pub fn render(&self, name: &str, vars: &[(&str, &str)]) -> CoreResult<String> {
        let template = self.load(name)?;
        let mut out = String::with_capacity(template.len() * 2);
        let mut rest = template.as_str();
        while let Some(start) = rest.find("{{") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let placeholder = after.find("}}").map(|end| &after[..end]).filter(|p| is_identifier(p));
            match placeholder {
                Some(p) => {
                    let value = vars.iter().find(|(k, _)| *k == p).map(|(_, v)| *v).ok_or_else(|| {
                        let known: Vec<&str> = vars.iter().map(|(k, _)| *k).collect();
                        CoreError::new(
                            format!("the prompt template {name} uses the placeholder {{{{{p}}}}}, which the core does not fill"),
                            format!("Use one of: {}", known.join(", ")),
                        )
                    })?;
                    out.push_str(value);
                    rest = &after[p.len() + 2..];
                }
                None => {
                    out.push_str("{{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        Ok(out)
    }
}

fn is_identifier(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_placeholders_once_and_leaves_values_alone() {
        let t = Templates::new(None);
        let out = t.render(
            "refinement.md",
            &[
                ("problem", "does not compile"),
                ("feedback", "int[][] a = {{1}};"),
                ("test_class", "T"),
                ("repaired", ""),
            ],
        );
        let out = out.unwrap();
        assert!(out.contains("int[][] a = {{1}};") && out.contains("whole corrected class `T`"));
        assert!(!out.contains("{{problem}}"));
    }

    #[test]
    fn an_unknown_placeholder_is_named() {
        let dir = std::env::temp_dir().join(format!("mrc-prompts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("refinement.md"), "Fix {{test_class}} given {{stack_trace}}").unwrap();
        let err = Templates::new(Some(dir.clone())).render("refinement.md", &[("test_class", "T")]).unwrap_err();
        assert!(err.to_string().contains("{{stack_trace}}") && err.to_string().contains("Use one of: test_class"));
        // A template missing from the user's folder falls back to the built-in one.
        assert!(Templates::new(Some(dir.clone())).render("system.md", &[]).unwrap().contains("metamorphic"));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn every_built_in_template_renders_with_its_documented_placeholders() {
        let t = Templates::new(None);
        let v = |names: &[&'static str]| names.iter().map(|n| (*n, "x")).collect::<Vec<_>>();
        let generation =
            v(&["class", "skeleton", "template", "target_code", "coupled_code", "features", "relations", "examples"]);
        assert!(t.render("generation.md", &generation).is_ok());
        let baseline = v(&["count", "target", "class", "skeleton", "template", "target_code", "examples"]);
        assert!(t.render("baseline.md", &baseline).is_ok());
        let alone = v(&["count", "target", "class", "skeleton", "template", "relations", "target_code", "examples"]);
        assert!(t.render("alone.md", &alone).is_ok());
        assert!(t.render("amplification.md", &v(&["count", "example_method", "test_class"])).is_ok());
        let missing = v(&["requested", "survived", "dropped", "missing", "test_class"]);
        assert!(t.render("amplification-missing.md", &missing).is_ok());
        let values = v(&["requested", "survived", "dropped", "inputs", "lines"]);
        assert!(t.render("amplification-values.md", &values).is_ok());
        assert!(t.render("junit4-template.java", &v(&["package", "test_class", "first", "second"])).is_ok());
        assert!(t.render("junit5-template.java", &v(&["package", "test_class", "first", "second"])).is_ok());
    }
}
