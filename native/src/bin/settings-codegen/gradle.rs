//! The Gradle plugin's settings: `MrCouplerSettings`, the settings part of the `mrCoupler { }`
//! extension, and `LlmExtension`, its `llm { }` block. Plain getters and setters (Gradle 4.4 has no
//! Property API), Javadoc from the schema, and the raw map of what the build script set.

use crate::javadoc;
use crate::{capitalized, quoted, Source, HEADER};
use mr_coupler::settings::schema::Default;
use mr_coupler::settings::{Kind, Setting, SETTINGS};

pub fn sources() -> Vec<Source> {
    let (llm, rest): (Vec<&Setting>, Vec<&Setting>) = SETTINGS.iter().partition(|s| s.is_llm());
    vec![
        Source { path: "io/mrcoupler/gradle/MrCouplerSettings.java".into(), text: settings_class(&rest) },
        Source { path: "io/mrcoupler/gradle/LlmExtension.java".into(), text: llm_class(&llm) },
    ]
}

/// What a build script may assign: Groovy's and Kotlin's literals of every kind fit.
fn java_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Bool => "Boolean",
        Kind::Whole { .. } | Kind::Decimal { .. } => "Number",
        Kind::Text | Kind::Choice(_) | Kind::EnvVar => "String",
        Kind::Path => "Object",
    }
}

fn settings_class(settings: &[&Setting]) -> String {
    let mut out = String::from(HEADER);
    out.push_str("package io.mrcoupler.gradle;\n\n");
    out.push_str("import java.io.File;\nimport java.util.List;\nimport java.util.Map;\nimport java.util.TreeMap;\n");
    out.push_str("import org.gradle.api.Action;\n\n");
    out.push_str(&javadoc::comment(
        &["The settings of the {@code mrCoupler { }} block, as the core's settings schema defines them. Each \
             has a project property {@code -Pmrcoupler.<name>} (the LLM's {@code -Pmrcoupler.llm.<name>}), which \
             wins over the block; the names are those of the Maven plugin's {@code -Dmrcoupler.*} properties. \
             Unset values ({@code null}) take the core's defaults; the core checks every value and names a \
             wrong one."
            .into()],
        0,
    ));
    out.push_str("public class MrCouplerSettings {\n\n");
    let names: Vec<String> = SETTINGS.iter().map(|s| quoted(s.name)).collect();
    out.push_str("    /** Every setting's name as written after {@code mrcoupler.}. */\n");
    out.push_str(&format!(
        "    static final List<String> NAMES = List.of(\n            {});\n\n",
        names.join(",\n            ")
    ));
    let defaults: Vec<String> = SETTINGS
        .iter()
        .filter_map(|s| match s.default {
            Default::Value(v) => Some(format!("Map.entry({}, {})", quoted(s.name), quoted(v))),
            Default::Unset(_) => None,
        })
        .collect();
    out.push_str("    /** The core's default of each setting that has one. */\n");
    out.push_str(&format!(
        "    static final Map<String, String> DEFAULTS = Map.ofEntries(\n            {});\n\n",
        defaults.join(",\n            ")
    ));
    out.push_str("    private final LlmExtension llm = new LlmExtension();\n");
    out.push_str(&fields(settings));
    out.push_str(
        "
    /** The model: {@code llm.baseUrl = '...'}, or the {@code llm { }} block. */
    public LlmExtension getLlm() {
        return llm;
    }

    /** {@code llm { baseUrl = '...'; model = '...' }}; Gradle adds the Closure form for build scripts. */
    public void llm(Action<? super LlmExtension> action) {
        action.execute(llm);
    }
",
    );
    out.push_str(&accessors(settings));
    out.push_str(&map_method(settings, "settings.putAll(llm.settings());\n        "));
    out.push_str(
        "
    static void put(Map<String, String> settings, String name, Object value) {
        if (value != null) {
            settings.put(name, text(value));
        }
    }

    /** A value as the core reads it: its text, a file as its absolute path. */
    static String text(Object value) {
        return value instanceof File ? ((File) value).getAbsolutePath() : value.toString();
    }
}
",
    );
    out
}

fn llm_class(settings: &[&Setting]) -> String {
    let mut out = String::from(HEADER);
    out.push_str("package io.mrcoupler.gradle;\n\nimport java.util.Map;\nimport java.util.TreeMap;\n\n");
    out.push_str(&javadoc::comment(
        &["The {@code llm { }} block inside {@code mrCoupler { }}: the model {@code generateMetamorphicTests} \
             talks to, as the core's settings schema defines it. The project properties \
             {@code -Pmrcoupler.llm.<name>} win over what is set here; unset values ({@code null}) take the \
             core's defaults. The API key itself is never set here: the core reads the environment variable \
             {@code apiKeyEnv} names."
            .into()],
        0,
    ));
    out.push_str("public class LlmExtension {\n\n");
    out.push_str(&fields(settings));
    out.push_str(&accessors(settings));
    out.push_str(&map_method(settings, ""));
    out.push_str("}\n");
    out
}

fn fields(settings: &[&Setting]) -> String {
    settings.iter().map(|s| format!("    private {} {};\n", java_type(s.kind), s.short_name())).collect()
}

fn accessors(settings: &[&Setting]) -> String {
    let mut out = String::new();
    for s in settings {
        let (ty, field, upper) = (java_type(s.kind), s.short_name(), capitalized(s.short_name()));
        let property = format!("<p>Project property: {{@code -Pmrcoupler.{}}}, which wins over this.", s.name);
        out.push('\n');
        out.push_str(&javadoc::of_setting(s, 4, &[property]));
        out.push_str(&format!("    public {ty} get{upper}() {{\n        return {field};\n    }}\n\n"));
        out.push_str(&format!(
            "    public void set{upper}({ty} {field}) {{\n        this.{field} = {field};\n    }}\n"
        ));
    }
    out
}

/// `settings()`: what the build script set, by setting name; `extra` runs before the return.
fn map_method(settings: &[&Setting], extra: &str) -> String {
    let mut out = String::from(
        "\n    /** The settings set here, by their names after {@code mrcoupler.}; files as absolute paths. */\n",
    );
    out.push_str("    Map<String, String> settings() {\n        Map<String, String> settings = new TreeMap<>();\n");
    for s in settings {
        out.push_str(&format!("        MrCouplerSettings.put(settings, {}, {});\n", quoted(s.name), s.short_name()));
    }
    out.push_str(&format!("        {extra}return settings;\n    }}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_llm_block_holds_the_llm_settings_under_their_short_names() {
        let sources = sources();
        let llm = &sources[1].text;
        assert!(llm.contains("    public Number getTemperature() {\n"), "{llm}");
        assert!(llm.contains("    public void setCacheDir(Object cacheDir) {\n"), "{llm}");
        assert!(llm.contains("MrCouplerSettings.put(settings, \"llm.model\", model);"), "{llm}");
        let rest = &sources[0].text;
        assert!(rest.contains("    public void setExport(Boolean export) {\n"), "{rest}");
        assert!(!rest.contains("getModel"), "the model is the llm block's");
        assert!(rest.contains("Map.entry(\"llm.apiKeyEnv\", \"OPENAI_API_KEY\")"), "{rest}");
    }
}
