//! The project superclasses of a class: `extends` resolved the way javac would look the name up
//! (explicit import, the same package, an enclosing class, on-demand imports), to classes the
//! project declares. A superclass outside the project (the JDK, a dependency) ends the chain.

use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, Project};
use std::collections::HashMap;

/// A class of the project by position: `project.files[file].classes[class]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassRef {
    pub file: usize,
    pub class: usize,
}

impl ClassRef {
    pub fn get<'p>(&self, project: &'p Project) -> &'p ClassModel {
        &project.files[self.file].classes[self.class]
    }
}

/// Superclass chains are followed this deep (a cycle in broken code must not loop).
const MAX_DEPTH: usize = 8;

/// Parse the files that may declare the superclasses of `classes`, and theirs, so that
/// [`Hierarchy::superclasses`] finds them. Files already parsed are not read again.
pub fn load_superclasses(project: &mut Project, classes: &[ClassRef]) {
    let mut frontier: Vec<ClassRef> = classes.to_vec();
    for _ in 0..MAX_DEPTH {
        let mut files = Vec::new();
        for c in &frontier {
            let Some(written) = c.get(project).superclass.as_deref() else { continue };
            let (file, class) = (&project.files[c.file], c.get(project));
            for name in candidate_names(&file.imports, &file.package, &class.qualified_name, written) {
                files.extend(project.files_for_class(&name));
            }
        }
        files.sort();
        files.dedup();
        project.parse(files);
        let hierarchy = Hierarchy::new(project);
        frontier = frontier.iter().filter_map(|c| hierarchy.superclass(project, *c)).collect();
        if frontier.is_empty() {
            break;
        }
    }
}

/// Qualified names of the parsed classes, for resolving `extends`.
pub struct Hierarchy {
    by_qualified: HashMap<String, ClassRef>,
    /// Simple name -> classes, for a superclass named without an import the rules explain.
    by_simple: HashMap<String, Vec<ClassRef>>,
}

impl Hierarchy {
    pub fn new(project: &Project) -> Self {
        let mut by_qualified = HashMap::new();
        let mut by_simple: HashMap<String, Vec<ClassRef>> = HashMap::new();
        for (file, f) in project.files.iter().enumerate() {
            for (class, c) in f.classes.iter().enumerate() {
                let r = ClassRef { file, class };
                by_qualified.entry(c.qualified_name.clone()).or_insert(r);
                by_simple.entry(c.name.clone()).or_default().push(r);
            }
        }
        Hierarchy { by_qualified, by_simple }
    }

    /// The class the project declares under this qualified name (`a.b.Outer.Inner`).
    pub fn find(&self, qualified: &str) -> Option<ClassRef> {
        self.by_qualified.get(qualified).copied()
    }

    /// The project class a type written in `from`'s file denotes, if the project declares it.
    pub fn resolve(&self, project: &Project, from: ClassRef, written: &str) -> Option<ClassRef> {
        let file = &project.files[from.file];
        self.resolve_in(&file.imports, &file.package, &from.get(project).qualified_name, written)
    }

    /// The project class a type written inside `enclosing` (a qualified class name, or the
    /// package for code outside any class) denotes, given its file's imports and package.
    pub fn resolve_in(&self, imports: &[String], package: &str, enclosing: &str, written: &str) -> Option<ClassRef> {
        let found = candidate_names(imports, package, enclosing, written).into_iter().find_map(|n| self.find(&n));
        found.or_else(|| {
            // A name the rules above miss (a nested class of a superclass, say): only when unique.
            let simple = erase_simple(written);
            let simple = simple.trim_end_matches("[]");
            match self.by_simple.get(simple).map(Vec::as_slice) {
                Some([only]) => Some(*only),
                _ => None,
            }
        })
    }

    /// The direct superclass of `class`, when the project declares it.
    pub fn superclass(&self, project: &Project, class: ClassRef) -> Option<ClassRef> {
        let written = class.get(project).superclass.as_deref()?;
        self.resolve(project, class, written).filter(|s| *s != class)
    }

    /// The project superclasses of `class`, nearest first.
    pub fn superclasses(&self, project: &Project, class: ClassRef) -> Vec<ClassRef> {
        let mut chain: Vec<ClassRef> = Vec::new();
        let mut current = class;
        while chain.len() < MAX_DEPTH {
            match self.superclass(project, current) {
                Some(s) if s != class && !chain.contains(&s) => {
                    chain.push(s);
                    current = s;
                }
                _ => break,
            }
        }
        chain
    }
}

/// Qualified names `written` may denote inside `enclosing`, in javac's order of precedence.
fn candidate_names(imports: &[String], package: &str, enclosing: &str, written: &str) -> Vec<String> {
    // Generic arguments and annotations dropped, the qualifier kept: `Map.Entry<K, V>` -> `Map.Entry`.
    let raw: String = {
        let mut depth = 0usize;
        written
            .chars()
            .filter(|c| {
                match c {
                    '<' => depth += 1,
                    '>' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                depth == 0 && !matches!(c, '<' | '>') && !c.is_whitespace()
            })
            .collect()
    };
    let first = raw.split('.').next().unwrap_or(&raw);
    if first.starts_with(|c: char| c.is_ascii_lowercase()) {
        return vec![raw]; // already qualified: `com.acme.Base`
    }
    let rest = raw.strip_prefix(first).unwrap_or("");
    let mut out = Vec::new();
    for import in imports {
        if !import.starts_with("static ") && import.rsplit('.').next() == Some(first) {
            out.push(format!("{import}{rest}"));
        }
    }
    // Enclosing classes, innermost first: `Outer.Inner` extends `Sibling`.
    let mut scope = enclosing;
    loop {
        if scope.len() < package.len() || scope.is_empty() {
            break;
        }
        out.push(format!("{scope}.{raw}"));
        match scope.rsplit_once('.') {
            Some((outer, _)) => scope = outer,
            None => break,
        }
    }
    if package.is_empty() {
        out.push(raw.clone());
    }
    for import in imports {
        if let Some(package) = import.strip_suffix(".*").filter(|_| !import.starts_with("static ")) {
            out.push(format!("{package}.{raw}"));
        }
    }
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::java_model::parse_str;
    use std::path::Path;

    fn project(files: &[(&str, &str)]) -> Project {
        let files = files.iter().map(|(path, src)| parse_str(Path::new(path), src)).collect();
        Project { files, ..Project::default() }
    }

    fn chain(p: &Project, file: usize) -> Vec<String> {
        let h = Hierarchy::new(p);
        let start = ClassRef { file, class: 0 };
        h.superclasses(p, start).iter().map(|c| c.get(p).qualified_name.clone()).collect()
    }

    #[test]
    fn superclasses_resolve_by_import_then_package_then_on_demand_import() {
        let p = project(&[
            ("C.java", "package a; import b.Base; class C extends Base<String> {}"),
            ("Base.java", "package b; import c.*; public class Base<T> extends Root {}"),
            ("Root.java", "package c; public class Root extends java.util.AbstractList<Object> {}"),
            ("Same.java", "package a; class Same extends C {}"),
        ]);
        assert_eq!(chain(&p, 0), ["b.Base", "c.Root"], "the JDK's AbstractList ends the chain");
        assert_eq!(chain(&p, 3), ["a.C", "b.Base", "c.Root"]);
    }

    #[test]
    fn an_import_wins_over_a_class_of_the_same_name_in_the_package() {
        let p = project(&[
            ("C.java", "package a; import b.Base; class C extends Base {}"),
            ("A.java", "package a; class Base {}"),
            ("B.java", "package b; public class Base {}"),
        ]);
        assert_eq!(chain(&p, 0), ["b.Base"]);
    }

    #[test]
    fn classes_outside_the_project_and_cycles_end_the_chain() {
        let p = project(&[
            ("X.java", "package a; class X extends Exception {}"),
            ("Y.java", "package a; class Y extends Z {} class Z extends Y {}"),
        ]);
        assert!(chain(&p, 0).is_empty());
        assert_eq!(chain(&p, 1), ["a.Z"], "Z's superclass is where the chain started");
    }

    #[test]
    fn qualified_and_nested_superclasses_resolve() {
        let p = project(&[
            ("O.java", "package a; public class O { public static class In {} static class K extends In {} }"),
            ("Q.java", "package q; class Q extends a.O.In {}"),
        ]);
        let h = Hierarchy::new(&p);
        let k = ClassRef { file: 0, class: 2 };
        assert_eq!(k.get(&p).name, "K");
        assert_eq!(h.superclasses(&p, k).iter().map(|c| c.get(&p).name.clone()).collect::<Vec<_>>(), ["In"]);
        assert_eq!(chain(&p, 1), ["a.O.In"]);
    }
}
