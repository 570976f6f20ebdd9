//! The Java model on hand-written sources: declarations, receivers, field reads and writes, and
//! files that are broken in the ways real checkouts are.

mod common;

use common::*;
use mr_coupler::java_model::{parse_file, parse_str, ClassKind, Receiver, Severity};
use std::path::Path;

const CALLS: &str = r#"
package p;
import java.util.List;
public class Calls extends Base {
    private List<String> items;
    private Helper helper;
    static int twice(int x) { return x * 2; }
    void run(String s) {
        helper.go();
        this.items.add(s);
        Calls.twice(3);
        twice(4);
        super.toString();
        Math.max(1, 2);
        String local = s.trim();
        new StringBuilder().append(local);
        System.out.println(local);
        Runnable r = this::reset;
        var sb = new StringBuilder();
        sb.append('x');
        items.forEach(item -> helper.take(item));
    }
    void reset() {}
}
"#;

fn receivers(src: &str, method: &str) -> Vec<(String, Receiver)> {
    let file = parse_str(Path::new("T.java"), src);
    let m = file.classes[0].methods.iter().find(|m| m.name == method).unwrap();
    m.invocations.iter().map(|i| (i.name.clone(), i.receiver.clone())).collect()
}

#[test]
fn receivers_are_classified_with_declared_types() {
    let r = receivers(CALLS, "run");
    let var = |name: &str, t: Option<&str>, is_field| Receiver::Variable {
        name: name.into(),
        declared_type: t.map(String::from),
        is_field,
    };
    assert_eq!(r[0], ("go".into(), var("helper", Some("Helper"), true)));
    assert_eq!(r[1], ("add".into(), var("items", Some("List<String>"), true)));
    assert_eq!(r[2], ("twice".into(), Receiver::OwnClass));
    assert_eq!(r[3], ("twice".into(), Receiver::Implicit));
    assert_eq!(r[4], ("toString".into(), Receiver::Super));
    assert_eq!(r[5], ("max".into(), Receiver::Type { name: "Math".into() }));
    assert_eq!(r[6], ("trim".into(), var("s", Some("String"), false)));
    assert!(r.contains(&("<init>".into(), Receiver::New { type_name: "StringBuilder".into() })));
    assert!(r.contains(&("append".into(), Receiver::Expression)));
    assert!(r.contains(&("println".into(), Receiver::Type { name: "System.out".into() })));
    assert!(r.contains(&("reset".into(), Receiver::This)));
    // `var` takes the type of its initializer.
    assert!(r.contains(&("append".into(), var("sb", Some("StringBuilder"), false))));
    // Lambda bodies count; the lambda parameter is a local, not a field.
    assert!(r.contains(&("take".into(), var("helper", Some("Helper"), true))));
}

#[test]
fn mutator_calls_on_fields_are_writes() {
    let file = parse_str(Path::new("T.java"), CALLS);
    let run = file.classes[0].methods.iter().find(|m| m.name == "run").unwrap();
    assert!(run.field_writes.contains("items"), "items.add(s) writes items");
    assert!(!run.field_writes.contains("helper"), "helper.go() is not a known mutator");
    assert!(run.field_reads.contains("helper") && run.field_reads.contains("items"));
    assert_eq!(run.invocations.iter().find(|i| i.name == "twice").unwrap().arg_types, vec![Some("int".to_string())]);
}

#[test]
fn declarations_of_every_kind_of_type() {
    let src = r#"
package com.acme;
public class Outer {
    public class Inner { int m(int[] a, String... rest) { return 0; } }
    static class Nested<T extends Comparable<T>> { <R> java.util.List<R> map(java.util.Map<T, R> m) { return null; } }
    enum Color { RED, GREEN; Color next() { return values()[(ordinal() + 1) % 2]; } }
    record Point(int x, int y) { Point { if (x < 0) throw new IllegalArgumentException(); } int sum() { return x + y; } }
    interface Shape { double area(); default String describe() { return "area " + area(); } static Shape unit() { return () -> 1.0; } }
}
"#;
    let file = parse_str(Path::new("Outer.java"), src);
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    let names: Vec<(&str, &str, ClassKind)> =
        file.classes.iter().map(|c| (c.qualified_name.as_str(), c.binary_name.as_str(), c.kind)).collect();
    assert_eq!(
        names,
        vec![
            ("com.acme.Outer", "com.acme.Outer", ClassKind::Class),
            ("com.acme.Outer.Inner", "com.acme.Outer$Inner", ClassKind::Class),
            ("com.acme.Outer.Nested", "com.acme.Outer$Nested", ClassKind::Class),
            ("com.acme.Outer.Color", "com.acme.Outer$Color", ClassKind::Enum),
            ("com.acme.Outer.Point", "com.acme.Outer$Point", ClassKind::Record),
            ("com.acme.Outer.Shape", "com.acme.Outer$Shape", ClassKind::Interface),
        ]
    );
    let inner = &file.classes[1].methods[0];
    assert_eq!(inner.param_types(), vec!["int[]", "String..."]);
    assert!(inner.params[1].varargs);
    let map = &file.classes[2].methods[0];
    assert_eq!(map.return_type.as_deref(), Some("java.util.List<R>"));
    assert_eq!(map.param_types(), vec!["java.util.Map<T, R>"]);
    let color = &file.classes[3];
    assert_eq!(color.fields.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), vec!["RED", "GREEN"]);
    let point = &file.classes[4];
    assert_eq!(point.fields.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), vec!["x", "y"]);
    let sum = point.methods.iter().find(|m| m.name == "sum").unwrap();
    assert_eq!(sum.field_reads.iter().collect::<Vec<_>>(), vec!["x", "y"]);
    let compact = point.methods.iter().find(|m| m.is_constructor).unwrap();
    assert_eq!(compact.param_types(), vec!["int", "int"]);
    let shape = &file.classes[5];
    let describe = shape.methods.iter().find(|m| m.name == "describe").unwrap();
    assert!(describe.modifiers.contains(&"default".to_string()) && describe.modifiers.contains(&"public".to_string()));
    assert!(!shape.methods.iter().find(|m| m.name == "area").unwrap().has_body);
    assert_eq!(describe.lines.0, 8, "1-based line of the declaration");
}

/// bcrypt 0.10.2's shape: `Radix64Encoder.Default`, a class without modifiers nested in an
/// interface, is public and static (a test builds it as `new Radix64Encoder.Default()`); a class
/// nested in a class keeps what it declares.
#[test]
fn member_types_carry_the_modifiers_the_language_implies() {
    let src = r#"
package p;
public interface Encoder {
    byte[] encode(byte[] in);
    class Default implements Encoder { public byte[] encode(byte[] in) { return in; } }
}
class Holder {
    class Inner {}
    static class Nested {}
    enum Kind { A }
    record Pair(int a) {}
    interface Callback {}
}
"#;
    let file = parse_str(Path::new("Encoder.java"), src);
    let modifiers = |name: &str| file.classes.iter().find(|c| c.name == name).expect(name).modifiers.clone();
    let has = |name: &str, word: &str| modifiers(name).iter().any(|m| m == word);
    assert!(has("Default", "public") && has("Default", "static"), "{:?}", modifiers("Default"));
    assert!(!has("Inner", "static") && !has("Inner", "public"), "an inner class stays inner: {:?}", modifiers("Inner"));
    assert!(has("Nested", "static") && !has("Nested", "public"));
    for implied_static in ["Kind", "Pair", "Callback"] {
        assert!(has(implied_static, "static"), "{implied_static}: {:?}", modifiers(implied_static));
        assert!(!has(implied_static, "public"), "{implied_static}: {:?}", modifiers(implied_static));
    }
    assert!(!has("Encoder", "static") && !has("Holder", "public"), "top-level types get nothing implied");
}

#[test]
fn a_syntax_error_keeps_what_parsed_and_says_where() {
    let src = "package p;\npublic class Broken {\n    int ok() { return 1; }\n    int bad( { return 2; }\n    int alsoOk() { return 3; }\n}\n";
    let file = parse_str(Path::new("Broken.java"), src);
    assert!(!file.diagnostics.is_empty());
    let d = &file.diagnostics[0];
    assert_eq!(d.severity, Severity::Warning);
    assert!(d.message.contains("Broken.java:4:"), "{}", d.message);
    let names: Vec<&str> = file.classes[0].methods.iter().map(|m| m.name.as_str()).collect();
    assert!(names.contains(&"ok"), "{names:?}");
}

#[test]
fn a_non_utf8_file_is_read_with_a_warning() {
    let dir = std::env::temp_dir().join(format!("mrc-latin1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("Latin.java");
    let mut bytes = b"package p;\n// Fran".to_vec();
    bytes.push(0xE7); // 'ç' in ISO-8859-1
    bytes.extend_from_slice(b"ois\npublic class Latin { int f() { return 1; } }\n");
    std::fs::write(&path, bytes).unwrap();
    let file = parse_file(&path);
    assert_eq!(file.classes[0].methods[0].name, "f");
    assert!(file.diagnostics[0].message.contains("not valid UTF-8"), "{:?}", file.diagnostics);
    assert!(file.diagnostics[0].message.contains("line 2"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_unreadable_file_is_a_diagnostic_not_a_failure() {
    let file = parse_file(Path::new("/nonexistent/Nope.java"));
    assert!(file.classes.is_empty());
    assert_eq!(file.diagnostics[0].severity, Severity::Error);
}

#[test]
fn fixtures_parse_cleanly() {
    for f in ["AESEncryption", "ElementStore", "Joiner", "Counter", "Greeter"] {
        let file = fixture(&format!("com/acme/{f}.java"));
        assert_eq!(file.package, "com.acme");
    }
}

#[test]
fn locals_know_their_type_and_scope() {
    let src = "class S { int f; int m(String s) { int f = 1; { long g = 2; } for (var x = new java.util.ArrayList<String>(); ;) { break; } return f; } }";
    let file = parse_str(Path::new("S.java"), src);
    let m = &file.classes[0].methods[0];
    let at_return = src.find("return f").unwrap();
    assert_eq!(m.local_at("f", at_return).unwrap().type_name.as_deref(), Some("int"), "the local shadows the field");
    assert_eq!(m.local_at("s", at_return).unwrap().type_name.as_deref(), Some("String"));
    assert!(m.local_at("g", at_return).is_none(), "g's block has ended");
    assert!(m.local_at("f", src.find("int f = 1").unwrap()).is_none(), "not before its declaration");
    let x = m.locals.iter().find(|l| l.name == "x").unwrap();
    assert_eq!(x.type_name.as_deref(), Some("java.util.ArrayList<String>"), "var takes its initializer's type");
}

#[test]
fn a_declared_latin1_encoding_reads_the_file_without_a_warning() {
    use mr_coupler::java_model::Project;
    let dir = std::env::temp_dir().join(format!("mrc-latin1-enc-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("p")).unwrap();
    let mut bytes = b"package p;\npublic class Caf".to_vec();
    bytes.push(0xE9); // 'é' in ISO-8859-1: a legal identifier character
    bytes.extend_from_slice(b" { int cr\xE8me() { return 1; } }\n");
    std::fs::write(dir.join("p/Cafe.java"), bytes).unwrap();
    let project = Project::new(std::slice::from_ref(&dir)).with_encoding(Some("ISO-8859-1"));
    let mut project = project;
    let files = project.all_files();
    project.parse(files);
    assert_eq!(project.all_diagnostics().count(), 0);
    let class = project.classes().next().unwrap();
    assert_eq!(class.name, "Café");
    assert_eq!(class.methods[0].name, "crème");
    let unknown = Project::new(std::slice::from_ref(&dir)).with_encoding(Some("EBCDIC"));
    assert!(unknown.diagnostics[0].message.contains("`EBCDIC` is not one the core reads"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn class_headers_and_test_annotations() {
    let src = r#"
package p;
/** doc */
@Deprecated
public final class Codec<K extends Comparable<K>> extends Base implements java.io.Serializable {
    @org.junit.jupiter.api.Test void a() {}
    @ParameterizedTest @ValueSource(ints = {1, 2}) void b(int x) {}
    @Override public String toString() { return ""; }
}
"#;
    let file = parse_str(Path::new("Codec.java"), src);
    let class = &file.classes[0];
    assert_eq!(
        class.header,
        "public final class Codec<K extends Comparable<K>> extends Base implements java.io.Serializable"
    );
    let tests: Vec<&str> = class.methods.iter().filter(|m| m.is_test()).map(|m| m.name.as_str()).collect();
    assert_eq!(tests, vec!["a", "b"]);
    assert_eq!(class.methods[1].annotations, vec!["ParameterizedTest", "ValueSource"]);
}

#[test]
fn exceptions_a_method_declares_or_throws_itself() {
    let src = r#"
class Version {
    static Version parse(String s) throws java.text.ParseException, IOException {
        if (s == null) throw new IllegalArgumentException("null");
        Runnable r = () -> { throw new IllegalStateException(); };
        return new Version();
    }
    int major() { return 1; }
}
"#;
    let file = parse_str(Path::new("Version.java"), src);
    let methods = &file.classes[0].methods;
    let parse = methods.iter().find(|m| m.name == "parse").unwrap();
    assert_eq!(parse.throws, ["ParseException", "IOException", "IllegalArgumentException", "IllegalStateException"]);
    assert!(methods.iter().find(|m| m.name == "major").unwrap().throws.is_empty());
}

#[test]
fn a_class_records_what_it_extends_and_implements_as_written() {
    let src = "package p;\n\
        public final class Interval extends Base<Long> implements Comparable<Interval>, java.io.Serializable { }\n\
        interface Readable extends Comparable<Readable>, Cloneable { }\n\
        enum Unit implements Named { ONE }\n";
    let classes = parse_str(Path::new("Interval.java"), src).classes;
    let by = |n: &str| classes.iter().find(|c| c.name == n).expect("parsed");
    assert_eq!(by("Interval").superclass.as_deref(), Some("Base<Long>"));
    assert_eq!(by("Interval").interfaces, vec!["Comparable<Interval>", "java.io.Serializable"]);
    assert_eq!(by("Readable").interfaces, vec!["Comparable<Readable>", "Cloneable"]);
    assert_eq!(by("Unit").interfaces, vec!["Named"]);
}

#[test]
fn lists_split_at_the_commas_outside_brackets() {
    use mr_coupler::java_model::types::split_top_level;
    assert_eq!(split_top_level("int, java.util.Map<K,V>"), ["int", "java.util.Map<K,V>"]);
    assert_eq!(split_top_level("A#m(int, long), B#n"), ["A#m(int, long)", "B#n"]);
    assert_eq!(split_top_level("T extends Comparable<T>, U"), ["T extends Comparable<T>", "U"]);
    assert!(split_top_level("  ").is_empty(), "no argument is no part, not one blank part");
}
