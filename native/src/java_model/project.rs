//! Source roots -> parsed files. Algorithm 1 is intra-class, so a query parses only the files its
//! targets need; a glob or an unknown name falls back to parsing every file, in parallel.

use super::declarations::ClassCollector;
use super::{ClassModel, Diagnostic, Severity, SourceFile};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tree_sitter::{Node, Parser};

/// The parsed part of a project: classes from the files read so far, and what went wrong.
#[derive(Debug, Default)]
pub struct Project {
    pub roots: Vec<PathBuf>,
    pub encoding: SourceEncoding,
    pub files: Vec<SourceFile>,
    /// Problems with the roots themselves (missing, empty).
    pub diagnostics: Vec<Diagnostic>,
}

impl Project {
    /// A project over `roots` with nothing parsed yet; missing roots become warnings.
    pub fn new(roots: &[PathBuf]) -> Self {
        let diagnostics = roots
            .iter()
            .filter(|r| !r.is_dir())
            .map(|r| warning(r, 0, format!("source root {} does not exist; it is skipped", r.display())))
            .collect();
        Project { roots: roots.to_vec(), encoding: SourceEncoding::Utf8, files: Vec::new(), diagnostics }
    }

    /// Read the sources in the project's declared encoding (Maven's `project.build.sourceEncoding`,
    /// Gradle's `compileJava.options.encoding`); an encoding the core does not know is reported and
    /// read as UTF-8.
    pub fn with_encoding(mut self, name: Option<&str>) -> Self {
        let Some(name) = name else { return self };
        match SourceEncoding::from_name(name) {
            Some(encoding) => self.encoding = encoding,
            None => self.diagnostics.push(warning(
                Path::new(""),
                0,
                format!(
                    "source encoding `{name}` is not one the core reads (UTF-8, ISO-8859-1, windows-1252, US-ASCII); \
                     sources are read as UTF-8"
                ),
            )),
        }
        self
    }

    /// Parse every `.java` file under the roots.
    pub fn load_all(roots: &[PathBuf]) -> Self {
        let mut project = Project::new(roots);
        let files = project.all_files();
        if files.is_empty() {
            let listed: Vec<String> = roots.iter().map(|r| r.display().to_string()).collect();
            project.diagnostics.push(warning(
                Path::new(""),
                0,
                format!("no .java files under the source roots [{}]", listed.join(", ")),
            ));
        }
        project.parse(files);
        project
    }

    pub fn all_files(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for root in &self.roots {
            collect_java_files(root, &mut out);
        }
        out.sort();
        out
    }

    /// Parse these files (skipping ones already parsed), in parallel.
    pub fn parse(&mut self, files: Vec<PathBuf>) {
        let fresh: Vec<PathBuf> = files.into_iter().filter(|f| !self.files.iter().any(|s| &s.path == f)).collect();
        self.files.extend(parse_parallel(&fresh, self.encoding));
    }

    pub fn classes(&self) -> impl Iterator<Item = &ClassModel> {
        self.files.iter().flat_map(|f| f.classes.iter())
    }

    /// The project's classes below `class`, nearest first: those naming it after `extends` or
    /// `implements` (as a supertype, not as a type argument), then those naming one of them, and
    /// so on (la4j's `Matrix` <- `DenseMatrix`, abstract, <- `Basic2DMatrix`). Matched by simple
    /// name, as the sources write them; each class once, so a cycle ends.
    pub fn subtypes_by_distance(&self, class: &ClassModel) -> Vec<Vec<&ClassModel>> {
        let mut seen = vec![class.qualified_name.clone()];
        let mut levels: Vec<Vec<&ClassModel>> = Vec::new();
        let mut names = vec![class.name.clone()];
        while !names.is_empty() {
            let level: Vec<&ClassModel> = self
                .classes()
                .filter(|c| !seen.contains(&c.qualified_name))
                .filter(|c| c.declared_supertypes().iter().any(|s| names.contains(s)))
                .collect();
            if level.is_empty() {
                break;
            }
            seen.extend(level.iter().map(|c| c.qualified_name.clone()));
            names = level.iter().map(|c| c.name.clone()).collect();
            levels.push(level);
        }
        levels
    }

    pub fn all_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().chain(self.files.iter().flat_map(|f| f.diagnostics.iter()))
    }

    /// The files that may declare `qualified` (`com.acme.Outer.Inner` lives in `Outer.java`).
    pub fn files_for_class(&self, qualified: &str) -> Vec<PathBuf> {
        let parts: Vec<&str> = qualified.split(['.', '$']).collect();
        let mut out = Vec::new();
        for root in &self.roots {
            for end in (1..=parts.len()).rev() {
                let mut path = root.clone();
                for p in &parts[..end] {
                    path.push(p);
                }
                path.set_extension("java");
                if path.is_file() {
                    out.push(path);
                    break;
                }
            }
        }
        out
    }

    /// Every file under the package directory `com/acme` (recursively if `recursive`).
    pub fn files_in_package(&self, package: &str, recursive: bool) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for root in &self.roots {
            let dir = package.split('.').filter(|p| !p.is_empty()).fold(root.clone(), |d, p| d.join(p));
            if recursive {
                collect_java_files(&dir, &mut out);
            } else if let Ok(entries) = std::fs::read_dir(&dir) {
                out.extend(entries.flatten().map(|e| e.path()).filter(|p| is_java(p)));
            }
        }
        out.sort();
        out
    }
}

fn is_java(p: &Path) -> bool {
    p.is_file() && p.extension().is_some_and(|e| e == "java")
}

fn collect_java_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let hidden = path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            collect_java_files(&path, out);
        } else if is_java(&path) {
            out.push(path);
        }
    }
}

fn parse_parallel(files: &[PathBuf], encoding: SourceEncoding) -> Vec<SourceFile> {
    crate::parallel::map_with(files, super::parser, |parser, file| parse_with(parser, file, encoding))
}

/// The encodings Java projects declare in practice. windows-1252 is read as ISO-8859-1: they
/// differ only in 0x80-0x9F, which appear in comments and strings, never in names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SourceEncoding {
    #[default]
    Utf8,
    Latin1,
}

impl SourceEncoding {
    pub fn from_name(name: &str) -> Option<Self> {
        let n = name.trim().to_ascii_lowercase().replace(['-', '_'], "");
        match n.as_str() {
            "utf8" | "usascii" | "ascii" => Some(SourceEncoding::Utf8),
            "iso88591" | "latin1" | "l1" | "windows1252" | "cp1252" => Some(SourceEncoding::Latin1),
            _ => None,
        }
    }
}

/// Parse one file. Never fails: unreadable, non-UTF-8 and malformed files give diagnostics.
pub fn parse_file(path: &Path) -> SourceFile {
    parse_with(&mut super::parser(), path, SourceEncoding::Utf8)
}

/// Parse source text as if read from `path` (tests and tools).
pub fn parse_str(path: &Path, src: &str) -> SourceFile {
    let mut file = SourceFile { path: path.to_path_buf(), ..SourceFile::default() };
    parse_source(&mut super::parser(), src, &mut file);
    file
}

fn parse_with(parser: &mut Parser, path: &Path, encoding: SourceEncoding) -> SourceFile {
    let mut file = SourceFile { path: path.to_path_buf(), ..SourceFile::default() };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            file.diagnostics.push(error(path, 0, format!("cannot read {}: {e}", path.display())));
            return file;
        }
    };
    let src = match encoding {
        SourceEncoding::Utf8 => decode(path, bytes, &mut file.diagnostics),
        SourceEncoding::Latin1 => bytes.iter().map(|&b| b as char).collect(),
    };
    parse_source(parser, &src, &mut file);
    file
}

/// Java sources are UTF-8 by default since Java 18. Anything else is read with replacement
/// characters, so names and structure survive, and reported.
fn decode(path: &Path, bytes: Vec<u8>, diagnostics: &mut Vec<Diagnostic>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = bytes[..valid].iter().filter(|b| **b == b'\n').count() + 1;
            diagnostics.push(warning(
                path,
                line,
                format!(
                    "{} is not valid UTF-8 (first bad byte at line {line}); it was read with replacement characters. \
                     Declare the project's source encoding (project.build.sourceEncoding, compileJava.options.encoding) \
                     or convert the file to UTF-8",
                    path.display()
                ),
            ));
            String::from_utf8_lossy(&bytes).into_owned()
        }
    }
}

pub(crate) fn parse_source(parser: &mut Parser, src: &str, file: &mut SourceFile) {
    let Some(mut tree) = parser.parse(src, None) else {
        file.diagnostics.push(error(&file.path, 0, "the parser gave up on this file".into()));
        return;
    };
    // The grammar's one known gap in valid Java: an annotated ellipsis (`varargs.rs`).
    let edited =
        tree.root_node().has_error().then(|| super::varargs::without_ellipsis_annotations(src, tree.root_node()));
    let mut src = src;
    if let Some(Some(edited)) = &edited {
        if let Some(reparsed) = parser.parse(edited, None) {
            tree = reparsed;
            src = edited;
        }
    }
    let root = tree.root_node();
    if root.has_error() {
        report_syntax_errors(root, &file.path, &mut file.diagnostics);
    }
    let mut cursor = root.walk();
    for child in root.named_children(&mut cursor) {
        match child.kind() {
            "package_declaration" => {
                let mut inner = child.walk();
                let name =
                    child.named_children(&mut inner).find(|c| matches!(c.kind(), "scoped_identifier" | "identifier"));
                if let Some(name) = name {
                    file.package = super::grammar::text(name, src).to_string();
                }
            }
            "import_declaration" => {
                let t = super::grammar::text(child, src);
                let t = t.trim_start_matches("import").trim_end_matches(';').trim();
                file.imports.push(t.to_string());
            }
            _ => {}
        }
    }
    let mut collector = ClassCollector {
        src,
        source: Arc::from(src),
        package: &file.package,
        path: Arc::new(file.path.clone()),
        imports: Arc::from(file.imports.clone()),
        classes: Vec::new(),
    };
    collector.collect_top_level(root);
    file.classes = collector.classes;
}

fn report_syntax_errors(root: Node, path: &Path, out: &mut Vec<Diagnostic>) {
    const MAX: usize = 5;
    let mut stack = vec![root];
    let mut found = Vec::new();
    while let Some(node) = stack.pop() {
        if found.len() >= MAX {
            break;
        }
        if node.is_error() || node.is_missing() {
            found.push(node);
            continue;
        }
        if node.has_error() {
            let mut cursor = node.walk();
            let children: Vec<Node> = node.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }
    for node in found {
        let pos = node.start_position();
        let what = if node.is_missing() { format!("missing `{}`", node.kind()) } else { "syntax error".into() };
        out.push(Diagnostic {
            severity: Severity::Warning,
            path: path.display().to_string(),
            line: pos.row + 1,
            column: pos.column + 1,
            message: format!(
                "{}:{}:{}: {what}; the declarations around it may be missing from the analysis",
                path.display(),
                pos.row + 1,
                pos.column + 1
            ),
        });
    }
}

fn warning(path: &Path, line: usize, message: String) -> Diagnostic {
    Diagnostic { severity: Severity::Warning, path: path.display().to_string(), line, column: 0, message }
}

fn error(path: &Path, line: usize, message: String) -> Diagnostic {
    Diagnostic { severity: Severity::Error, path: path.display().to_string(), line, column: 0, message }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project(sources: &[&str]) -> Project {
        let files = sources.iter().enumerate().map(|(i, s)| parse_str(Path::new(&format!("F{i}.java")), s)).collect();
        Project { files, ..Project::default() }
    }

    #[test]
    fn subtypes_come_nearest_first_and_never_through_a_type_argument() {
        let p = project(&[
            "package m; public abstract class Matrix {}",
            "package m; public abstract class DenseMatrix extends Matrix {}",
            "package m; public class Basic2DMatrix extends DenseMatrix {}",
            "package m; public class CopyOp extends Operation<Matrix> {}",
            "package m; public interface A extends B {}",
            "package m; public interface B extends A {}",
        ]);
        let class = |name: &str| p.classes().find(|c| c.name == name).unwrap();
        let names = |levels: Vec<Vec<&ClassModel>>| -> Vec<Vec<String>> {
            levels.iter().map(|l| l.iter().map(|c| c.name.clone()).collect()).collect()
        };
        assert_eq!(names(p.subtypes_by_distance(class("Matrix"))), vec![vec!["DenseMatrix"], vec!["Basic2DMatrix"]]);
        assert!(p.subtypes_by_distance(class("Basic2DMatrix")).is_empty());
        assert_eq!(names(p.subtypes_by_distance(class("A"))), vec![vec!["B"]], "a cycle ends");
    }
}
