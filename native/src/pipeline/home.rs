//! Folders of kept MTCs, indexed by content: the committed home (`mtcDir`, `src/test/mr-coupler` by
//! default), which `generate` adds to and `check` runs, so a clean checkout has its gate; and the
//! project's test sources, which `export` copies into. Two MTCs are the same when their code is
//! (`mtc::fingerprint`: blind to comments, layout, imports and the class's own name), so a re-run,
//! or the same MTC from two pairs, leaves one file. A file already there is never replaced.

use crate::error::{CoreError, CoreResult};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where a kept MTC went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placed {
    /// Written to this new file.
    Written(PathBuf),
    /// The same MTC is there already, in this file (perhaps under another class name).
    AlreadyThere(PathBuf),
    /// Another file has its name and other code; nothing was written (`export` only).
    NameTaken(PathBuf),
}

/// The `.java` files of one folder tree, by fingerprint.
pub struct MtcFolder {
    dir: PathBuf,
    by_fingerprint: BTreeMap<String, PathBuf>,
}

impl MtcFolder {
    /// Reads every `.java` file under `dir` for which `wanted` holds (a missing folder is empty).
    pub fn scan(dir: &Path, wanted: impl Fn(&Path) -> bool) -> Self {
        let mut files = Vec::new();
        java_files(dir, &mut files);
        files.sort();
        let by_fingerprint = files
            .into_iter()
            .filter(|f| wanted(f))
            .filter_map(|f| std::fs::read_to_string(&f).ok().map(|code| (crate::mtc::fingerprint(&code), f)))
            .collect();
        MtcFolder { dir: dir.to_path_buf(), by_fingerprint }
    }

    /// The files of the folder, sorted by path.
    pub fn files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = self.by_fingerprint.values().cloned().collect();
        files.sort();
        files
    }

    /// The file holding the same MTC as `code`, if any.
    pub fn holding(&self, code: &str) -> Option<&Path> {
        self.by_fingerprint.get(&crate::mtc::fingerprint(code)).map(PathBuf::as_path)
    }

    /// Adds class `qualified` with `code` unless the same MTC is there; when its file exists with
    /// other code, under the next free `<base>_MTC<n>Test` name (the committed home is MR-Coupler's
    /// own folder: an earlier run's other MTC of the same name stays, the new one goes beside it).
    pub fn add(&mut self, qualified: &str, code: &str) -> CoreResult<Placed> {
        if let Some(there) = self.holding(code) {
            return Ok(Placed::AlreadyThere(there.to_path_buf()));
        }
        let (name, code) = free_name(&self.dir, qualified, code);
        let path = self.dir.join(file_of(&name));
        crate::report::write_file(&path, &code)?;
        self.by_fingerprint.insert(crate::mtc::fingerprint(&code), path.clone());
        Ok(Placed::Written(path))
    }

    /// Adds class `qualified` with `code` at its own path only: unless the same MTC is there, and
    /// never over an existing file (the project's test sources are the user's).
    pub fn add_at_its_path(&mut self, qualified: &str, code: &str) -> CoreResult<Placed> {
        if let Some(there) = self.holding(code) {
            return Ok(Placed::AlreadyThere(there.to_path_buf()));
        }
        let path = self.dir.join(file_of(qualified));
        if path.exists() {
            return Ok(Placed::NameTaken(path));
        }
        crate::report::write_file(&path, code)?;
        self.by_fingerprint.insert(crate::mtc::fingerprint(code), path.clone());
        Ok(Placed::Written(path))
    }
}

/// `com.acme.Aes_MTC1Test` -> `com/acme/Aes_MTC1Test.java`.
fn file_of(qualified: &str) -> String {
    format!("{}.java", qualified.replace('.', "/"))
}

/// The class's own name when its file is free, else the first free `<base>_MTC<n>Test`, with the
/// class renamed in the code.
fn free_name(dir: &Path, qualified: &str, code: &str) -> (String, String) {
    if !dir.join(file_of(qualified)).exists() {
        return (qualified.to_string(), code.to_string());
    }
    let (package, simple) = qualified.rsplit_once('.').unwrap_or(("", qualified));
    let base = simple.rsplit_once("_MTC").map_or(simple, |(base, _)| base);
    let qualify = |name: &str| if package.is_empty() { name.to_string() } else { format!("{package}.{name}") };
    let name = (1..)
        .map(|n| format!("{base}_MTC{n}Test"))
        .find(|n| !dir.join(file_of(&qualify(n))).exists())
        .unwrap_or_else(|| simple.to_string());
    (qualify(&name), crate::mtc::replace_word(code, simple, &name))
}

fn java_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            java_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "java") {
            out.push(path);
        }
    }
}

/// The sources of a folder's kept MTCs for the executor: path relative to the folder, content.
pub fn sources(folder: &MtcFolder) -> CoreResult<Vec<crate::protocol::SourceText>> {
    folder
        .files()
        .iter()
        .map(|f| {
            let content = std::fs::read_to_string(f)
                .map_err(|e| CoreError::new(format!("cannot read the kept MTC {}: {e}", f.display()), ""))?;
            let path = f.strip_prefix(&folder.dir).unwrap_or(f).to_string_lossy().replace('\\', "/");
            Ok(crate::protocol::SourceText { path, content })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{MtcFolder, Placed};

    const MTC: &str = "package p;\n\npublic class Aes_MTC1Test {\n  @Test void mr1() { assertEquals(1, f()); }\n}\n";

    /// A fresh folder of its own per test, removed when the test ends.
    struct Dir(std::path::PathBuf);

    impl Dir {
        fn path(&self) -> &std::path::Path {
            &self.0
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn folder(name: &str) -> (Dir, MtcFolder) {
        let dir = Dir(std::env::temp_dir().join(format!("mrc-home-{}-{name}", std::process::id())));
        let _ = std::fs::remove_dir_all(dir.path());
        let folder = MtcFolder::scan(dir.path(), |_| true);
        (dir, folder)
    }

    #[test]
    fn the_same_mtc_is_written_once_whatever_its_name_and_comments() {
        let (dir, mut home) = folder("once");
        let first = home.add("p.Aes_MTC1Test", MTC).expect("written");
        let again = home.add("p.Aes_MTC2Test", &MTC.replace("MTC1", "MTC2").replace("{\n", "{ // again\n"));
        assert_eq!(first, Placed::Written(dir.path().join("p/Aes_MTC1Test.java")));
        assert_eq!(again.expect("no error"), Placed::AlreadyThere(dir.path().join("p/Aes_MTC1Test.java")));
        let rescanned = MtcFolder::scan(dir.path(), |_| true);
        assert_eq!(rescanned.files().len(), 1);
        assert!(rescanned.holding(MTC).is_some());
    }

    #[test]
    fn another_mtc_under_a_taken_name_goes_beside_it_renamed() {
        let (dir, mut home) = folder("beside");
        home.add("p.Aes_MTC1Test", MTC).expect("written");
        let other = MTC.replace("assertEquals(1", "assertEquals(2");
        let placed = home.add("p.Aes_MTC1Test", &other).expect("written");
        let path = dir.path().join("p/Aes_MTC2Test.java");
        assert_eq!(placed, Placed::Written(path.clone()));
        let code = std::fs::read_to_string(path).expect("readable");
        assert!(code.contains("public class Aes_MTC2Test") && code.contains("assertEquals(2"), "{code}");
        assert_eq!(std::fs::read_to_string(dir.path().join("p/Aes_MTC1Test.java")).expect("kept"), MTC);
    }

    #[test]
    fn export_never_replaces_a_file_and_never_copies_a_test_twice() {
        let (dir, mut sources) = folder("export");
        std::fs::create_dir_all(dir.path().join("p")).expect("folder");
        std::fs::write(dir.path().join("p/Aes_MTC1Test.java"), "// mine\n").expect("written");
        let taken = sources.add_at_its_path("p.Aes_MTC1Test", MTC).expect("no error");
        assert_eq!(taken, Placed::NameTaken(dir.path().join("p/Aes_MTC1Test.java")));
        let written = sources.add_at_its_path("p.Aes_MTC2Test", &MTC.replace("MTC1", "MTC2")).expect("written");
        assert_eq!(written, Placed::Written(dir.path().join("p/Aes_MTC2Test.java")));
        let again = sources.add_at_its_path("p.Aes_MTC3Test", &MTC.replace("MTC1", "MTC3")).expect("no error");
        assert_eq!(again, Placed::AlreadyThere(dir.path().join("p/Aes_MTC2Test.java")));
        assert_eq!(std::fs::read_to_string(dir.path().join("p/Aes_MTC1Test.java")).expect("kept"), "// mine\n");
    }
}
