//! The Maven plugin's settings parameters: per goal an abstract class `<Goal>Parameters` between the
//! hand-written base mojo and the goal's mojo, with one `String` parameter per setting of the goal
//! (user property `mrcoupler.<name>`, Javadoc from the schema, so the `help` goal shows it) and the
//! raw map of those the user set.

use crate::javadoc;
use crate::{capitalized, quoted, Source, HEADER};
use mr_coupler::protocol::Mode;
use mr_coupler::settings::schema::of_mode;
use mr_coupler::settings::Setting;

/// Each goal, and the hand-written mojo its parameters extend: goals that compile or run tests
/// need the executor's base class.
const GOALS: &[(Mode, &str, &str)] = &[
    (Mode::Couplings, "couplings", "AbstractMrCouplerMojo"),
    (Mode::Mutants, "mutants", "AbstractExecutingMojo"),
    (Mode::Generate, "generate", "AbstractExecutingMojo"),
    (Mode::Check, "check", "AbstractExecutingMojo"),
];

pub fn sources() -> Vec<Source> {
    GOALS
        .iter()
        .map(|(mode, goal, base)| {
            let class = format!("{}Parameters", capitalized(goal));
            let settings: Vec<&Setting> = of_mode(*mode).collect();
            Source { path: format!("io/mrcoupler/maven/{class}.java"), text: class_text(&class, goal, base, &settings) }
        })
        .collect()
}

fn class_text(class: &str, goal: &str, base: &str, settings: &[&Setting]) -> String {
    let mut out = String::from(HEADER);
    out.push_str("package io.mrcoupler.maven;\n\n");
    out.push_str("import java.util.List;\nimport java.util.Map;\nimport java.util.TreeMap;\n");
    if !settings.is_empty() {
        out.push_str("import org.apache.maven.plugins.annotations.Parameter;\n");
    }
    out.push('\n');
    out.push_str(&javadoc::comment(
        &[format!(
            "The settings of the {{@code {goal}}} goal, one parameter each, as the core's settings schema \
             defines them. Values are passed to the core as the user wrote them; the core parses and \
             checks them. Unset parameters are left out, so the core's defaults apply."
        )],
        0,
    ));
    out.push_str(&format!("abstract class {class} extends {base} {{\n\n"));
    let names: Vec<String> = settings.iter().map(|s| quoted(s.name)).collect();
    out.push_str("    /** The names of this goal's settings, as written after {@code mrcoupler.}. */\n");
    let list =
        if names.is_empty() { String::new() } else { format!("\n            {}", names.join(",\n            ")) };
    out.push_str(&format!("    static final List<String> NAMES = List.of({list});\n"));
    for setting in settings {
        out.push('\n');
        out.push_str(&javadoc::of_setting(setting, 4, &[]));
        out.push_str(&format!("    @Parameter(property = {})\n", quoted(&format!("mrcoupler.{}", setting.name))));
        out.push_str(&format!("    String {};\n", setting.field_name()));
    }
    out.push_str("\n    /** The settings the user set, by their names after {@code mrcoupler.}, as written. */\n");
    out.push_str("    @Override\n    Map<String, String> settings() {\n");
    out.push_str("        Map<String, String> settings = new TreeMap<>();\n");
    for setting in settings {
        out.push_str(&format!("        put(settings, {}, {});\n", quoted(setting.name), setting.field_name()));
    }
    out.push_str("        return settings;\n    }\n}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_goal_gets_a_parameter_per_setting_under_its_user_property() {
        let sources = sources();
        let generate = sources.iter().find(|s| s.path.ends_with("/GenerateParameters.java")).unwrap();
        assert!(generate.text.contains("abstract class GenerateParameters extends AbstractExecutingMojo {"));
        assert!(generate
            .text
            .contains("    @Parameter(property = \"mrcoupler.llm.baseUrl\")\n    String llmBaseUrl;\n"));
        assert!(generate.text.contains("        put(settings, \"maxPairsPerTarget\", maxPairsPerTarget);\n"));
        assert!(!generate.text.contains("mrcoupler.since"), "since is the gate's");
        let couplings = sources.iter().find(|s| s.path.ends_with("/CouplingsParameters.java")).unwrap();
        assert!(couplings.text.contains("List.of(\n            \"couplingRanking\");"), "{}", couplings.text);
        assert!(!couplings.text.contains("mrcoupler.llm."), "the LLM is generate's and check's");
    }
}
