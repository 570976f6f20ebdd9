//! The screen an LLM-written test passes before it runs: generated code is untrusted, and a test
//! of a string utility has no business starting processes, touching files, opening sockets,
//! exiting the JVM or prying into private members. A reference to such an API is allowed only
//! when the class under test uses the same API itself (a file utility's test may create files).

use tree_sitter::Node;

/// An API the screen stops, by the simple name a test would write, and what it can do.
struct Risky {
    name: &'static str,
    what: &'static str,
}

/// Types whose mere use reaches outside the worker's sandbox.
const RISKY_TYPES: &[Risky] = &[
    Risky { name: "Runtime", what: "runs processes or stops the JVM" },
    Risky { name: "ProcessBuilder", what: "runs processes" },
    Risky { name: "File", what: "reads or writes files" },
    Risky { name: "FileInputStream", what: "reads files" },
    Risky { name: "FileOutputStream", what: "writes files" },
    Risky { name: "FileReader", what: "reads files" },
    Risky { name: "FileWriter", what: "writes files" },
    Risky { name: "RandomAccessFile", what: "reads or writes files" },
    Risky { name: "Files", what: "reads, writes or deletes files" },
    Risky { name: "Paths", what: "names files" },
    Risky { name: "Path", what: "names files" },
    Risky { name: "FileSystems", what: "reaches file systems" },
    Risky { name: "Socket", what: "opens network connections" },
    Risky { name: "ServerSocket", what: "listens on the network" },
    Risky { name: "DatagramSocket", what: "sends network packets" },
    Risky { name: "URL", what: "opens network connections" },
    Risky { name: "URI", what: "names network resources" },
    Risky { name: "HttpURLConnection", what: "opens network connections" },
    Risky { name: "HttpClient", what: "opens network connections" },
    Risky { name: "InetAddress", what: "resolves network names" },
];

/// Calls that are risky whatever they are called on.
const RISKY_CALLS: &[Risky] = &[
    Risky { name: "exit", what: "stops the JVM (System.exit)" },
    Risky { name: "halt", what: "stops the JVM" },
    Risky { name: "setAccessible", what: "breaks into private members by reflection" },
    Risky { name: "setSecurityManager", what: "changes the JVM's security" },
    Risky { name: "loadLibrary", what: "loads native code" },
    Risky { name: "exec", what: "runs processes" },
];

/// Why a test was stopped: the first risky API it uses that the class under test does not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsafe {
    pub api: String,
    pub line: usize,
    pub what: String,
}

impl std::fmt::Display for Unsafe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: uses {}, which {}; the class under test does not", self.line, self.api, self.what)
    }
}

/// Screen `test_code` against the source of the class under test.
pub fn screen(test_code: &str, class_under_test: &str) -> Option<Unsafe> {
    let used_by_cut = risky_uses(class_under_test);
    risky_uses(test_code).into_iter().find(|u| !used_by_cut.iter().any(|c| c.api == u.api))
}

/// Every risky API `code` refers to, in source order.
fn risky_uses(code: &str) -> Vec<Unsafe> {
    let Some(tree) = crate::java_model::parser().parse(code, None) else { return Vec::new() };
    let mut found = Vec::new();
    visit(tree.root_node(), code, &mut found);
    found
}

fn visit(node: Node, code: &str, found: &mut Vec<Unsafe>) {
    let text = code.get(node.byte_range()).unwrap_or("");
    let line = node.start_position().row + 1;
    let hit = |list: &[Risky], name: &str| list.iter().find(|r| r.name == name).map(|r| r.what.to_string());
    match node.kind() {
        // `java.io.File` in an import or a qualified type: its last segment.
        "type_identifier" | "scoped_type_identifier" | "scoped_identifier" => {
            let simple = text.rsplit('.').next().unwrap_or(text);
            if let Some(what) = hit(RISKY_TYPES, simple) {
                found.push(Unsafe { api: simple.to_string(), line, what });
                return;
            }
        }
        // A class under test with a method of that name (`exit()` of a state machine) allows it.
        "method_invocation" | "method_declaration" => {
            let name = node.child_by_field_name("name").and_then(|n| code.get(n.byte_range())).unwrap_or("");
            if let Some(what) = hit(RISKY_CALLS, name) {
                found.push(Unsafe { api: format!("{name}()"), line, what });
            }
        }
        // `Runtime.getRuntime()`: the receiver is a plain identifier in expressions.
        "identifier" => {
            if let Some(what) = hit(RISKY_TYPES, text).filter(|_| text.starts_with(char::is_uppercase)) {
                found.push(Unsafe { api: text.to_string(), line, what });
            }
        }
        _ => {}
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    for child in children {
        visit(child, code, found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRINGS: &str =
        "package p; public class Strings { public static String up(String s) { return s.toUpperCase(); } }";

    #[test]
    fn a_plain_mtc_passes() {
        let test = "class T { @Test void mtc() { assertEquals(Strings.up(\"a\"), Strings.up(Strings.up(\"a\"))); } }";
        assert_eq!(screen(test, STRINGS), None);
    }

    #[test]
    fn deleting_a_file_is_stopped_with_the_api_named() {
        let test = "import java.nio.file.Files;\nclass T {\n @Test void mtc() throws Exception {\n  \
                    Files.deleteIfExists(java.nio.file.Paths.get(\"/etc/x\"));\n } }";
        let why = screen(test, STRINGS).expect("unsafe");
        assert_eq!((why.api.as_str(), why.line), ("Files", 1));
        assert!(why.to_string().contains("files"), "{why}");
    }

    #[test]
    fn exiting_running_processes_and_reflection_are_stopped() {
        for body in ["System.exit(0);", "Runtime.getRuntime().exec(\"rm\");", "f.setAccessible(true);"] {
            let test = format!("class T {{ @Test void mtc() {{ {body} }} }}");
            assert!(screen(&test, STRINGS).is_some(), "{body}");
        }
    }

    #[test]
    fn an_api_the_class_under_test_uses_itself_is_allowed() {
        let cut = "import java.io.File; class Dirs { static File tmp(File base) { return new File(base, \"t\"); } }";
        let test = "import java.io.File; class T { @Test void mtc() { File f = new File(\"x\"); Dirs.tmp(f); } }";
        assert_eq!(screen(test, cut), None);
        let sockets = "class T { @Test void mtc() throws Exception { new java.net.Socket(\"h\", 1); } }";
        assert_eq!(screen(sockets, cut).map(|u| u.api), Some("Socket".to_string()));
        let machine = "class Machine { void exit() {} }";
        assert_eq!(screen("class T { @Test void mtc() { new Machine().exit(); } }", machine), None);
    }
}
