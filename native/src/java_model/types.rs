//! Type names as written and their erased form for matching: generics, annotations and package
//! qualifiers dropped, array dimensions kept, varargs as arrays (`java.util.List<String>` -> `List`,
//! `String...` -> `String[]`).

/// Whether a type as written is text: `String` or `CharSequence`, simple or qualified.
pub fn is_text(written: &str) -> bool {
    matches!(erase_simple(written).as_str(), "String" | "CharSequence")
}

/// Erase a type as written to its simple, raw form.
pub fn erase_simple(written: &str) -> String {
    let mut out = String::with_capacity(written.len());
    let mut depth = 0usize;
    let mut chars = written.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            '@' if depth == 0 => skip_annotation(&mut chars),
            c if depth > 0 || c.is_whitespace() => {}
            _ => out.push(c),
        }
    }
    let out = out.replace("...", "[]");
    let (base, dims) = match out.find('[') {
        Some(i) => out.split_at(i),
        None => (out.as_str(), ""),
    };
    let simple = base.rsplit('.').next().unwrap_or(base);
    let simple = simple.strip_prefix("final").filter(|s| !s.is_empty()).unwrap_or(simple);
    format!("{simple}{dims}")
}

fn skip_annotation(chars: &mut std::iter::Peekable<std::str::Chars>) {
    // `@Nullable String` or `@Size(max = 3) String`: drop the annotation name and its arguments.
    while let Some(&c) = chars.peek() {
        if c.is_alphanumeric() || c == '_' || c == '.' {
            chars.next();
        } else {
            break;
        }
    }
    if chars.peek() == Some(&'(') {
        let mut depth = 0;
        for c in chars.by_ref() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
}

/// Whether a parameter of erased type `param` can take an argument of erased type `arg`, as far
/// as simple names tell: equal names, boxing, primitive widening, `null` for references, and
/// `Object`, `CharSequence` and single-letter type variables taking anything.
pub fn accepts(param: &str, arg: &str) -> bool {
    if param == arg || param == "Object" {
        return true;
    }
    if is_type_variable(param) {
        return !is_primitive(arg);
    }
    if arg == "null" {
        return !is_primitive(param);
    }
    if boxed(arg) == Some(param) || boxed(param) == Some(arg) {
        return true;
    }
    if param == "CharSequence" && (arg == "String" || arg == "StringBuilder") {
        return true;
    }
    widens(arg, param)
}

/// The type of a literal node: `"a"` String, `1L` long, `1.5f` float, `'c'` char, `null`.
pub fn literal_type(kind: &str, text: &str) -> Option<&'static str> {
    Some(match kind {
        "string_literal" | "text_block" => "String",
        "character_literal" => "char",
        "true" | "false" => "boolean",
        "null_literal" => "null",
        "decimal_integer_literal" | "hex_integer_literal" | "octal_integer_literal" | "binary_integer_literal" => {
            if text.ends_with(['l', 'L']) {
                "long"
            } else {
                "int"
            }
        }
        "decimal_floating_point_literal" | "hex_floating_point_literal" => {
            if text.ends_with(['f', 'F']) {
                "float"
            } else {
                "double"
            }
        }
        _ => return None,
    })
}

/// The names of a class's own type parameters: `class Pair<A, B extends Comparable<B>>` -> A, B.
pub fn class_type_parameters(class: &super::ClassModel) -> Vec<String> {
    let Some(after) = class.header.split_once(&format!("{}<", class.name)).map(|(_, a)| a) else { return Vec::new() };
    split_top_level(until_close(after))
        .iter()
        .map(|p| p.split_whitespace().next().unwrap_or("").to_string())
        .filter(|p| !p.is_empty())
        .collect()
}

/// The text up to the `>` that closes the list whose `<` came just before it.
pub fn until_close(after_open: &str) -> &str {
    let mut depth = 1;
    for (i, c) in after_open.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return &after_open[..i];
                }
            }
            _ => {}
        }
    }
    after_open
}

/// A list as Java writes it, split at the commas outside parentheses and angle brackets, each part
/// trimmed and blank parts left out: `int, Map<K, V>` -> [`int`, `Map<K, V>`]; `A#m(int, long), B`
/// -> [`A#m(int, long)`, `B`].
pub fn split_top_level(list: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in list.char_indices() {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            ',' if depth <= 0 => {
                parts.push(list[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(list[start..].trim());
    parts.retain(|p| !p.is_empty());
    parts
}

pub fn is_primitive(t: &str) -> bool {
    matches!(t, "byte" | "short" | "char" | "int" | "long" | "float" | "double" | "boolean")
}

/// `T`, `E`, `K`: a type parameter as Java code names them by convention.
pub fn is_type_variable(t: &str) -> bool {
    t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase())
}

/// The value a field of the type holds before it is set: `0`, `false`, `null`.
pub fn default_value(t: &str) -> &'static str {
    match t {
        "int" | "short" | "byte" => "0",
        "long" => "0L",
        "float" => "0.0f",
        "double" => "0.0",
        "boolean" => "false",
        "char" => "'\\0'",
        _ => "null",
    }
}

/// The wrapper class of a primitive type: `int` -> `Integer`.
pub fn boxed(primitive: &str) -> Option<&'static str> {
    Some(match primitive {
        "byte" => "Byte",
        "short" => "Short",
        "char" => "Character",
        "int" => "Integer",
        "long" => "Long",
        "float" => "Float",
        "double" => "Double",
        "boolean" => "Boolean",
        _ => return None,
    })
}

fn widens(from: &str, to: &str) -> bool {
    const ORDER: [&str; 6] = ["byte", "short", "int", "long", "float", "double"];
    let rank = |t: &str| ORDER.iter().position(|o| *o == t);
    match (from, rank(from), rank(to)) {
        ("char", _, Some(t)) => t >= 2,
        (_, Some(f), Some(t)) => f < t,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erases_generics_packages_and_varargs() {
        assert_eq!(erase_simple("java.util.List<String>"), "List");
        assert_eq!(erase_simple("Map<K, List<V>>"), "Map");
        assert_eq!(erase_simple("byte[]"), "byte[]");
        assert_eq!(erase_simple("String..."), "String[]");
        assert_eq!(erase_simple("@Nullable String"), "String");
        assert_eq!(erase_simple("Map.Entry<K,V>[]"), "Entry[]");
    }

    #[test]
    fn accepts_boxing_widening_and_type_variables() {
        assert!(accepts("long", "int"));
        assert!(!accepts("int", "long"));
        assert!(accepts("Integer", "int"));
        assert!(accepts("T", "String"));
        assert!(accepts("CharSequence", "String"));
        assert!(!accepts("byte[]", "String"));
        assert!(accepts("String", "null"));
        assert!(!accepts("int", "null"));
    }
}
