//! Target methods as a user names them, and their resolution against the Java model. A private
//! method is never a target: the MTC, a class of its own, cannot call it.
//!
//! `com.acme.Aes#encryptText`, `com.acme.Aes#encryptText(String,SecretKey)`, `com.acme.Aes` (its
//! non-private methods), `com.acme.Outer.Inner#m` = `com.acme.Outer$Inner#m`, `com.acme.**`
//! (a package and its subpackages), `com.acme.*` (one package); several separated by commas,
//! where a comma inside parentheses or angle brackets belongs to the parameter list.

use crate::error::{CoreError, CoreResult};
use crate::java_model::types::{erase_simple, split_top_level};
use crate::java_model::{ClassModel, MethodModel, Project};

const FORMS: &str = "Write targets as com.acme.Aes#encryptText, com.acme.Aes#encryptText(String,SecretKey), \
                     com.acme.Aes (all its non-private methods) or com.acme.** (a package), separated by commas.";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetSpec {
    pub raw: String,
    /// Dotted class name or glob, `$` already turned into `.`.
    pub class: String,
    pub method: Option<String>,
    pub params: Option<Vec<String>>,
}

/// A resolved target method: indexes into `Project::files[file].classes[class].methods[method]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TargetRef {
    pub file: usize,
    pub class: usize,
    pub method: usize,
}

impl TargetRef {
    pub fn class<'p>(&self, project: &'p Project) -> &'p ClassModel {
        &project.files[self.file].classes[self.class]
    }

    pub fn method<'p>(&self, project: &'p Project) -> &'p MethodModel {
        &self.class(project).methods[self.method]
    }
}

pub fn parse_targets(list: &str) -> CoreResult<Vec<TargetSpec>> {
    let specs: Vec<TargetSpec> = split_top_level(list).into_iter().map(parse_one).collect::<CoreResult<_>>()?;
    if specs.is_empty() {
        return Err(CoreError::new("no target methods were given", FORMS));
    }
    Ok(specs)
}

fn parse_one(raw: &str) -> CoreResult<TargetSpec> {
    let (class, method_part) = match raw.split_once('#') {
        Some((c, m)) => (c.trim(), Some(m.trim())),
        None => (raw, None),
    };
    let class = class.replace('$', ".");
    let valid_class = !class.is_empty()
        && class.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '*'))
        && !class.starts_with('.')
        && !class.ends_with('.');
    if !valid_class {
        return Err(CoreError::new(format!("`{raw}` is not a target: `{class}` is not a class name"), FORMS));
    }
    let (method, params) = match method_part {
        None => (None, None),
        Some(m) => parse_method_part(raw, m)?,
    };
    Ok(TargetSpec { raw: raw.to_string(), class, method, params })
}

fn parse_method_part(raw: &str, m: &str) -> CoreResult<(Option<String>, Option<Vec<String>>)> {
    let (name, params) = match m.split_once('(') {
        None => (m, None),
        Some((name, rest)) => {
            let inner = rest
                .strip_suffix(')')
                .ok_or_else(|| CoreError::new(format!("`{raw}`: the parameter list has no closing `)`"), FORMS))?;
            let params: Vec<String> = split_top_level(inner).into_iter().map(String::from).collect();
            (name.trim(), Some(params))
        }
    };
    let valid =
        !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '$' | '*' | '<' | '>'));
    if !valid {
        return Err(CoreError::new(format!("`{raw}` is not a target: `{name}` is not a method name"), FORMS));
    }
    Ok((Some(name.to_string()), params))
}

/// Parse what the specs need and resolve them, in the order given, without duplicates.
/// Parses only the files named by the specs unless one is a glob, a simple name or not found.
pub fn load_and_resolve(project: &mut Project, specs: &[TargetSpec]) -> CoreResult<Vec<TargetRef>> {
    for spec in specs {
        let files = files_for_spec(project, spec);
        project.parse(files);
    }
    let mut fully_loaded = false;
    let mut out: Vec<TargetRef> = Vec::new();
    for spec in specs {
        let mut found = resolve(project, spec)?;
        if found.is_empty() && !fully_loaded {
            let all = project.all_files();
            project.parse(all);
            fully_loaded = true;
            found = resolve(project, spec)?;
        }
        if found.is_empty() {
            if !fully_loaded {
                let all = project.all_files();
                project.parse(all);
            }
            return Err(with_source_problems(unknown_target(project, spec), project));
        }
        for t in found {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    Ok(out)
}

/// Whether `project` has what `spec` names; an ambiguous simple name counts (the module that has
/// it reports the ambiguity). Parses the files the spec names first, everything only if need be.
pub fn contains(project: &mut Project, spec: &TargetSpec) -> bool {
    let found = |project: &Project| !matches!(resolve(project, spec), Ok(v) if v.is_empty());
    let files = files_for_spec(project, spec);
    project.parse(files);
    if found(project) {
        return true;
    }
    let all = project.all_files();
    project.parse(all);
    found(project)
}

/// Why `spec` is in none of the build's `modules` (name, fully parsed project): the module's own
/// answer when one has the class (its closest methods), else the closest classes across them all.
pub fn unknown_in_modules(modules: &[(&str, &Project)], spec: &TargetSpec) -> CoreError {
    let names: Vec<&str> = modules.iter().map(|(name, _)| *name).collect();
    let has_class =
        |c: &ClassModel| c.qualified_name == spec.class || (!spec.class.contains('.') && c.name == spec.class);
    if let Some((name, project)) = modules.iter().find(|(_, p)| p.classes().any(has_class)) {
        return CoreError::new(format!("in module {name}: {}", unknown_target(project, spec)), "");
    }
    let classes: Vec<(&str, &str)> =
        modules.iter().flat_map(|(name, p)| p.classes().map(move |c| (c.qualified_name.as_str(), *name))).collect();
    let qualified: Vec<&str> = classes.iter().map(|(class, _)| *class).collect();
    let closest: Vec<String> = closest(&spec.class, &qualified, 5)
        .into_iter()
        .map(|c| {
            let module = classes.iter().find(|(class, _)| *class == c).map_or("", |(_, m)| *m);
            format!("{c} (in {module})")
        })
        .collect();
    let hint = if closest.is_empty() {
        "No classes were found in any module".to_string()
    } else {
        format!("Closest classes: {}", closest.join(", "))
    };
    CoreError::new(
        format!(
            "unknown target `{}`: no class `{}` in any module of the build (searched {})",
            spec.raw,
            spec.class,
            names.join(", ")
        ),
        format!("{hint}. {FORMS}"),
    )
}

fn files_for_spec(project: &Project, spec: &TargetSpec) -> Vec<std::path::PathBuf> {
    match spec.class.find('*') {
        Some(i) => {
            // Search the package before the glob: `com.acme.**` and `com.acme.Base*` -> com/acme.
            let package = spec.class[..i].rsplit_once('.').map_or("", |(p, _)| p);
            project.files_in_package(package, true)
        }
        None => project.files_for_class(&spec.class),
    }
}

fn resolve(project: &Project, spec: &TargetSpec) -> CoreResult<Vec<TargetRef>> {
    let classes = matching_classes(project, spec)?;
    let mut out = Vec::new();
    for (file, class) in classes {
        let model = &project.files[file].classes[class];
        for (method, m) in model.methods.iter().enumerate() {
            if method_matches(model, m, spec) {
                out.push(TargetRef { file, class, method });
            }
        }
    }
    Ok(out)
}

fn matching_classes(project: &Project, spec: &TargetSpec) -> CoreResult<Vec<(usize, usize)>> {
    let mut out = Vec::new();
    for (fi, file) in project.files.iter().enumerate() {
        for (ci, class) in file.classes.iter().enumerate() {
            let hit = if spec.class.contains('*') {
                glob_matches(&spec.class, &class.qualified_name)
            } else if spec.class.contains('.') {
                class.qualified_name == spec.class
            } else {
                class.name == spec.class
            };
            if hit {
                out.push((fi, ci));
            }
        }
    }
    if !spec.class.contains('*') && !spec.class.contains('.') && out.len() > 1 {
        let names: Vec<&str> = out.iter().map(|(f, c)| project.files[*f].classes[*c].qualified_name.as_str()).collect();
        return Err(CoreError::new(
            format!(
                "target `{}` is ambiguous: {} classes are named {}: {}",
                spec.raw,
                out.len(),
                spec.class,
                names.join(", ")
            ),
            "Use the fully qualified class name",
        ));
    }
    Ok(out)
}

fn method_matches(class: &ClassModel, m: &MethodModel, spec: &TargetSpec) -> bool {
    let name_ok = match &spec.method {
        None => {
            !m.is_constructor
                && !m.is_private()
                && (m.has_body || class.kind == crate::java_model::ClassKind::Interface)
        }
        Some(name) if m.is_constructor => name == "<init>" || name == &class.name,
        // A private method is no target: the MTC, a class of its own, cannot call it.
        Some(name) if name.contains('*') => glob_matches(name, &m.name) && !m.is_private(),
        Some(name) => name == &m.name && !m.is_private(),
    };
    name_ok && spec.params.as_ref().is_none_or(|p| params_match(p, m))
}

/// Parameter types match as written or simple-named, generics ignored; a varargs parameter as
/// its array (`toUni(int[])` names `toUni(int... index)`, as javadoc and javap write it).
fn params_match(wanted: &[String], m: &MethodModel) -> bool {
    let array = |t: &str| erase_simple(t).replace("...", "[]");
    wanted.len() == m.params.len() && wanted.iter().zip(&m.params).all(|(w, p)| array(w) == array(&p.type_name))
}

/// `**` matches anything, `*` anything but a dot.
pub fn glob_matches(pattern: &str, name: &str) -> bool {
    fn go(p: &[u8], n: &[u8]) -> bool {
        match p {
            [] => n.is_empty(),
            [b'*', b'*', rest @ ..] => (0..=n.len()).any(|i| go(rest, &n[i..])),
            [b'*', rest @ ..] => (0..=n.len()).take_while(|i| *i == 0 || n[i - 1] != b'.').any(|i| go(rest, &n[i..])),
            [c, rest @ ..] => n.first() == Some(c) && go(rest, &n[1..]),
        }
    }
    go(pattern.as_bytes(), name.as_bytes())
}

fn unknown_target(project: &Project, spec: &TargetSpec) -> CoreError {
    let roots: Vec<String> = project.roots.iter().map(|r| r.display().to_string()).collect();
    let classes: Vec<&ClassModel> = project
        .classes()
        .filter(|c| c.qualified_name == spec.class || (!spec.class.contains('.') && c.name == spec.class))
        .collect();
    let Some(class) = classes.first() else {
        let names: Vec<&str> = project.classes().map(|c| c.qualified_name.as_str()).collect();
        let closest = closest(&spec.class, &names, 5);
        let hint = if closest.is_empty() {
            format!("No classes were found under the source roots [{}]", roots.join(", "))
        } else {
            format!("Closest classes: {}", closest.join(", "))
        };
        return CoreError::new(
            format!(
                "unknown target `{}`: no class `{}` under the source roots [{}]",
                spec.raw,
                spec.class,
                roots.join(", ")
            ),
            format!("{hint}. {FORMS}"),
        );
    };
    let named = |m: &&MethodModel| spec.method.as_deref() == Some(m.name.as_str());
    let private: Vec<usize> = (0..class.methods.len())
        .filter(|&i| named(&&class.methods[i]))
        .filter(|&i| class.methods[i].is_private())
        .filter(|&i| spec.params.as_ref().is_none_or(|p| params_match(p, &class.methods[i])))
        .collect();
    if !private.is_empty() {
        return private_target(class, &private);
    }
    let same_name: Vec<String> = class.methods.iter().filter(named).map(|m| m.signature()).collect();
    if !same_name.is_empty() {
        return CoreError::new(
            format!(
                "unknown target `{}`: no overload of {}#{} takes those parameter types",
                spec.raw,
                class.qualified_name,
                spec.method.as_deref().unwrap_or("")
            ),
            format!("Its overloads are: {}", same_name.join(", ")),
        );
    }
    let wanted = spec.method.as_deref().unwrap_or("");
    let signatures: Vec<String> = class.methods.iter().map(|m| m.signature()).collect();
    let names: Vec<&str> = class.methods.iter().map(|m| m.name.as_str()).collect();
    let mut closest_sigs: Vec<String> = Vec::new();
    for name in closest(wanted, &names, 5) {
        for (m, sig) in class.methods.iter().zip(&signatures) {
            if m.name == name && !closest_sigs.contains(sig) {
                closest_sigs.push(sig.clone());
            }
        }
    }
    let what = match &spec.method {
        Some(m) => format!("class {} has no method `{m}`", class.qualified_name),
        None => format!("class {} has no non-private method with a body", class.qualified_name),
    };
    let inherited = class.superclass.as_deref().filter(|_| spec.method.is_none());
    CoreError::new(
        format!("unknown target `{}`: {what}", spec.raw),
        if let Some(superclass) = inherited {
            format!("What it does, it inherits from {superclass}: name that class, or one of its methods")
        } else if closest_sigs.is_empty() {
            FORMS.to_string()
        } else {
            format!("Closest methods: {}", closest_sigs.join(", "))
        },
    )
}

/// The target names only private methods: say so, with the methods of the class that call them
/// (an MTC tests them through those).
fn private_target(class: &ClassModel, private: &[usize]) -> CoreError {
    let facts = crate::coupling::ClassFacts::new(class);
    let callers: Vec<String> = class
        .methods
        .iter()
        .enumerate()
        .filter(|(i, m)| !m.is_private() && private.iter().any(|p| facts.methods[*i].calls.contains_key(p)))
        .map(|(_, m)| m.signature())
        .collect();
    let hint = if callers.is_empty() {
        "Name a non-private method of the class that calls it".to_string()
    } else {
        format!("Name a method that calls it: {}", callers.join(", "))
    };
    let signatures: Vec<String> = private.iter().map(|&i| class.methods[i].signature()).collect();
    CoreError::new(
        format!("{}#{} is private: a test class cannot call it", class.qualified_name, signatures.join(", ")),
        hint,
    )
}

/// A target may be missing because its file did not parse: say so next to the error.
fn with_source_problems(err: CoreError, project: &Project) -> CoreError {
    let problems: Vec<&str> = project.all_diagnostics().map(|d| d.message.as_str()).collect();
    match problems.as_slice() {
        [] => err,
        [only] => err.with_note(format!("Note: a source problem may hide it: {only}")),
        [first, rest @ ..] => {
            err.with_note(format!("Note: {} source problems may hide it; the first: {first}", rest.len() + 1))
        }
    }
}

/// The `n` candidates nearest to `wanted` by edit distance (case-insensitive), nearest first.
pub fn closest(wanted: &str, candidates: &[&str], n: usize) -> Vec<String> {
    let wanted_lower = wanted.to_lowercase();
    let mut scored: Vec<(usize, &str)> = candidates
        .iter()
        .map(|c| {
            let lower = c.to_lowercase();
            let simple = lower.rsplit('.').next().unwrap_or(&lower).to_string();
            let d = strsim::levenshtein(&wanted_lower, &lower).min(strsim::levenshtein(&wanted_lower, &simple));
            (d, *c)
        })
        .collect();
    scored.sort();
    let mut out: Vec<String> = Vec::new();
    for (_, c) in scored {
        if !out.iter().any(|o| o == c) {
            out.push(c.to_string());
        }
        if out.len() == n {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_inside_parentheses_belong_to_the_parameters() {
        let specs =
            parse_targets("com.acme.Aes#encryptText(String, SecretKey), com.acme.Outer$Inner#m, com.acme.**").unwrap();
        assert_eq!(specs.len(), 3);
        assert_eq!(specs[0].params, Some(vec!["String".into(), "SecretKey".into()]));
        assert_eq!(specs[1].class, "com.acme.Outer.Inner");
        assert_eq!(specs[2].method, None);
    }

    #[test]
    fn generic_parameters_keep_their_commas() {
        let specs = parse_targets("a.B#put(Map<String, List<Integer>>,int)").unwrap();
        assert_eq!(specs[0].params, Some(vec!["Map<String, List<Integer>>".into(), "int".into()]));
    }

    #[test]
    fn rejects_malformed_targets_with_the_forms() {
        let err = parse_targets("com.acme.Aes#encrypt(String").unwrap_err();
        assert!(err.message().contains("closing"), "{err}");
        let err = parse_targets(" , ").unwrap_err();
        assert!(err.message().contains("com.acme.Aes#encryptText"), "{err}");
        assert!(parse_targets("com acme#x").is_err());
    }

    #[test]
    fn a_varargs_parameter_is_named_as_written_or_as_its_array() {
        let file = crate::java_model::parse_str(
            std::path::Path::new("Counter.java"),
            "package a;\npublic class Counter {\n    public int toUni(int... index) { return 0; }\n}\n",
        );
        let class = &file.classes[0];
        let method = &class.methods[0];
        for written in ["a.Counter#toUni(int[])", "a.Counter#toUni(int...)"] {
            let spec = &parse_targets(written).unwrap()[0];
            assert!(method_matches(class, method, spec), "{written}");
        }
        let spec = &parse_targets("a.Counter#toUni(long[])").unwrap()[0];
        assert!(!method_matches(class, method, spec), "another element type");
    }

    #[test]
    fn globs() {
        assert!(glob_matches("com.acme.**", "com.acme.sub.Foo"));
        assert!(glob_matches("com.acme.*", "com.acme.Foo"));
        assert!(!glob_matches("com.acme.*", "com.acme.sub.Foo"));
        assert!(glob_matches("encode*", "encodeBase64"));
    }

    #[test]
    fn closest_names_first() {
        let c = closest("encrypText", &["decryptText", "encryptText", "bytesToHex"], 2);
        assert_eq!(c[0], "encryptText");
    }
}
