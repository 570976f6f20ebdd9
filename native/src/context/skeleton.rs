//! The skeleton of the container class: its header, fields and member signatures, no bodies.

use crate::java_model::{ClassModel, MethodModel};

/// `private` members are listed only when `with_private` (the token budget may drop them).
pub fn skeleton(class: &ClassModel, with_private: bool) -> String {
    let mut out = String::new();
    if !class.package.is_empty() {
        out.push_str(&format!("package {};\n\n", class.package));
    }
    out.push_str(&class.header);
    out.push_str(" {\n");
    for f in class.fields.iter().filter(|f| with_private || !f.modifiers.iter().any(|m| m == "private")) {
        let mods = join_modifiers(&f.modifiers);
        out.push_str(&format!("    {mods}{} {};\n", f.type_name, f.name));
    }
    for m in class.methods.iter().filter(|m| with_private || !m.is_private()) {
        out.push_str(&format!("    {};\n", signature_line(m)));
    }
    out.push('}');
    out
}

fn join_modifiers(modifiers: &[String]) -> String {
    modifiers.iter().map(|m| format!("{m} ")).collect()
}

/// `public static byte[] encryptText(String plainText, SecretKey secKey)`.
pub fn signature_line(m: &MethodModel) -> String {
    let params: Vec<String> = m.params.iter().map(|p| format!("{} {}", p.type_name, p.name)).collect();
    let ret = m.return_type.as_deref().map(|r| format!("{r} ")).unwrap_or_default();
    format!("{}{ret}{}({})", join_modifiers(&m.modifiers), m.name, params.join(", "))
}

/// The source of a declaration from the start of its first line, dedented.
pub fn code_of(source: &str, range: (usize, usize)) -> String {
    let line_start = source[..range.0].rfind('\n').map_or(0, |i| i + 1);
    let text = &source[line_start..range.1.min(source.len())];
    let indent =
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    text.lines().map(|l| l.get(indent..).unwrap_or(l.trim_start())).collect::<Vec<_>>().join("\n")
}
