//! A setting named the way the user of each build tool writes it, for messages.

use super::schema::Setting;
use serde::Deserialize;

/// The build tool that opened the session; it decides how messages name a setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum BuildTool {
    Maven,
    Gradle,
    /// Tests and other callers of the core: the bare `mrcoupler.<name>`.
    #[default]
    Other,
}

/// `mrcoupler.<name>`: the one name every build tool shares.
pub fn property(setting: &Setting) -> String {
    format!("mrcoupler.{}", setting.name)
}

/// Where the user sets it: `-Dmrcoupler.llm.model (or <llmModel> in the plugin's <configuration>)`,
/// `-Pmrcoupler.llm.model (or model in mrCoupler { llm { } })`.
pub fn where_set(setting: &Setting, tool: BuildTool) -> String {
    let property = property(setting);
    match tool {
        BuildTool::Maven => {
            format!("-D{property} (or <{}> in the plugin's <configuration>)", setting.field_name())
        }
        BuildTool::Gradle if setting.is_llm() => {
            format!("-P{property} (or {} in mrCoupler {{ llm {{ }} }})", setting.short_name())
        }
        BuildTool::Gradle => format!("-P{property} (or {} in mrCoupler {{ }})", setting.name),
        BuildTool::Other => property,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::schema::find;

    #[test]
    fn each_build_tool_names_a_setting_as_its_users_write_it() {
        let model = find("llm.model").unwrap();
        let pairs = find("maxPairsPerTarget").unwrap();
        assert_eq!(
            where_set(model, BuildTool::Maven),
            "-Dmrcoupler.llm.model (or <llmModel> in the plugin's <configuration>)"
        );
        assert_eq!(where_set(model, BuildTool::Gradle), "-Pmrcoupler.llm.model (or model in mrCoupler { llm { } })");
        assert_eq!(
            where_set(pairs, BuildTool::Gradle),
            "-Pmrcoupler.maxPairsPerTarget (or maxPairsPerTarget in mrCoupler { })"
        );
        assert_eq!(where_set(pairs, BuildTool::Other), "mrcoupler.maxPairsPerTarget");
    }
}
