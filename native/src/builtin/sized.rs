//! Arrays of the length a class documents in a constant: IPAddress' `IPv4Address(byte[] bytes)`
//! takes `BYTE_COUNT = 4` bytes and `IPv4Address(IPv4AddressSegment[] segments)` takes
//! `SEGMENT_COUNT = 4` segments; ulid-creator's `Ulid(long time, byte[] random)` takes
//! `RANDOM_BYTES = 10`. A builder given an array of another length throws, and every input built
//! on it is invalid.

use super::objects::building_values;
use super::values::Values;
use crate::coupling::name_tokens;
use crate::java_model::types::erase_simple;
use crate::java_model::{ClassModel, Param};

/// Longer than this, a constant is no array's length a test writes out (`MAX_HOST_LENGTH = 253`).
const LONGEST: usize = 64;

/// The length `class`'s constants give the array parameter `param`: an `int` constant named after
/// the parameter, singular, and a count (`segments` -> `SEGMENT_COUNT`, `_LENGTH`, `_SIZE`,
/// `_LEN`), or after the parameter and its element type (`byte[] random` -> `RANDOM_BYTES`), or,
/// for a parameter named as its elements, after the class and them (`Ulid`'s `ULID_BYTES`).
pub fn documented_length(class: &ClassModel, param: &Param) -> Option<usize> {
    let element = erase_simple(&param.type_name).strip_suffix("[]")?.to_string();
    let words: Vec<String> = name_tokens(&param.name).iter().map(|t| t.to_uppercase()).collect();
    let (last, before) = words.split_last()?;
    let singular = last.strip_suffix('S').filter(|s| !s.is_empty()).unwrap_or(last);
    let stem = |last_word: &str| before.iter().map(String::as_str).chain([last_word]).collect::<Vec<_>>().join("_");
    let mut names: Vec<String> =
        ["COUNT", "LENGTH", "SIZE", "LEN"].iter().map(|count| format!("{}_{count}", stem(singular))).collect();
    let elements = format!("{}S", element.to_uppercase());
    names.push(format!("{}_{elements}", stem(last)));
    if words == [elements.clone()] {
        // `Ulid.from(byte[] bytes)` and `ULID_BYTES = 16`: bytes of the class's own.
        let class_words: Vec<String> = name_tokens(&class.name).iter().map(|t| t.to_uppercase()).collect();
        names.push(format!("{}_{elements}", class_words.join("_")));
    }
    let constant = |name: &String| {
        let field = class.fields.iter().find(|f| &f.name == name)?;
        let is_static = field.modifiers.iter().any(|m| m == "static");
        let length: usize = field.literal.as_deref()?.parse().ok()?;
        (is_static && field.type_name == "int" && (1..=LONGEST).contains(&length)).then_some(length)
    };
    names.iter().find_map(constant)
}

/// Up to `n` arrays of `element` (as written) holding `length` of its values each, every array
/// starting one value further into them (`{0, 1, -1, 42}`, `{1, -1, 42, 0}`); `elements` are the
/// values, fewer than `length` repeated.
pub fn sized_arrays(element: &str, elements: &[String], length: usize, n: usize) -> Vec<String> {
    if elements.is_empty() {
        return Vec::new();
    }
    let array = |start: usize| {
        let picked: Vec<&str> = (0..length).map(|i| elements[(start + i) % elements.len()].as_str()).collect();
        format!("new {element}[] {{{}}}", picked.join(", "))
    };
    let mut out: Vec<String> = Vec::new();
    for candidate in (0..n.min(elements.len())).map(array) {
        if !out.contains(&candidate) {
            out.push(candidate);
        }
    }
    out
}

/// The values a documented-length array parameter takes in a builder: arrays of that length over
/// the element type's values that build objects (`objects::building_values`: no extreme sizes),
/// which `values` builds `depth` deep.
pub fn documented_arrays(
    values: &Values,
    class: &ClassModel,
    param: &Param,
    n: usize,
    depth: usize,
) -> Option<Vec<String>> {
    let length = documented_length(class, param)?;
    let element = values.declared(&param.type_name).strip_suffix("[]")?.to_string();
    let elements = building_values(values.typed(&element, 2 * (length + n), depth), length + n);
    Some(sized_arrays(&element, &elements, length, n)).filter(|arrays| !arrays.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(body: &str) -> ClassModel {
        let code = format!("package p;\npublic class Address {{\n{body}\n}}\n");
        crate::java_model::parse_str(std::path::Path::new("Address.java"), &code).classes.remove(0)
    }

    fn param(type_name: &str, name: &str) -> Param {
        Param { type_name: type_name.into(), name: name.into(), varargs: false }
    }

    #[test]
    fn a_count_constant_named_after_the_parameter_gives_its_length() {
        let c = class(
            "public static final int BITS_PER_SEGMENT = 8;\npublic static final int SEGMENT_COUNT = 4;\n\
             public static final int BYTE_COUNT = 4;\npublic static final int RANDOM_BYTES = 10;",
        );
        assert_eq!(documented_length(&c, &param("Segment[]", "segments")), Some(4));
        assert_eq!(documented_length(&c, &param("byte[]", "bytes")), Some(4));
        assert_eq!(documented_length(&c, &param("byte[]", "random")), Some(10));
        let address = class("public static final int ULID_BYTES = 16;");
        assert_eq!(documented_length(&address, &param("byte[]", "bytes")), None, "another class's bytes");
        let ulid = crate::java_model::parse_str(
            std::path::Path::new("Ulid.java"),
            "public class Ulid { public static final int ULID_BYTES = 16; public static final int TIME_BYTES = 6; }",
        )
        .classes
        .remove(0);
        assert_eq!(documented_length(&ulid, &param("byte[]", "bytes")), Some(16));
        assert_eq!(documented_length(&ulid, &param("byte[]", "payload")), None);
    }

    #[test]
    fn no_length_without_a_matching_static_int_constant_of_a_writable_size() {
        let c = class(
            "public static final int BITS_PER_SEGMENT = 8;\npublic final int VALUE_COUNT = 4;\n\
             public static final long KEY_COUNT = 4L;\npublic static final int HOST_LENGTH = 253;",
        );
        assert_eq!(documented_length(&c, &param("byte[]", "bytes")), None);
        assert_eq!(documented_length(&c, &param("int[]", "values")), None, "not static");
        assert_eq!(documented_length(&c, &param("int[]", "keys")), None, "not an int");
        assert_eq!(documented_length(&c, &param("char[]", "host")), None, "too long to write out");
        assert_eq!(documented_length(&c, &param("Segment", "segment")), None, "not an array");
    }

    #[test]
    fn sized_arrays_start_one_value_further_each_and_repeat_too_few_values() {
        let bytes: Vec<String> = ["(byte) 0", "(byte) 1", "(byte) -1"].map(String::from).into();
        assert_eq!(
            sized_arrays("byte", &bytes, 4, 2),
            [
                "new byte[] {(byte) 0, (byte) 1, (byte) -1, (byte) 0}",
                "new byte[] {(byte) 1, (byte) -1, (byte) 0, (byte) 1}"
            ]
        );
        assert_eq!(sized_arrays("Segment", &["s".into()], 2, 3), ["new Segment[] {s, s}"]);
        assert!(sized_arrays("byte", &[], 4, 2).is_empty());
    }
}
