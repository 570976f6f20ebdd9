//! Templates for methods of utility classes that take files and streams (`File`, `Path`,
//! `InputStream`, `Reader`, `OutputStream`, `Writer`), which the typed inputs give no values:
//! copying preserves the content (`copy(source holding x, sink)` leaves `x` in the sink), what a
//! writer writes its reader reads back (`read(write(x)) = x`, paired by types), and a reader reads
//! what a source holds (`toString(new StringReader(x)) = x`).
//!
//! The values are safe by construction and exist only here (a stream a test reads twice is empty
//! the second time, so the other templates, which call a method twice on the same arguments, never
//! see them): in-memory streams (`new ByteArrayInputStream(..)`, `new StringReader(..)`,
//! `new StringWriter()`) and fresh temporary files (`Files.createTempFile`), never a file outside
//! the temporary folder; Java 8 API only (`Files.readAllBytes`, no `Files.readString`).

use super::invoke::Caller;
use super::templates::{assert_equal, ret, subjects, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::names;
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

const UTF_8: &str = "java.nio.charset.StandardCharsets.UTF_8";
const TEMP_FILE: &str = "java.nio.file.Files.createTempFile(\"mrcoupler\", \".tmp\")";

/// Where content lives: a file, a path, bytes in memory, characters in memory.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Medium {
    File,
    Path,
    Bytes,
    Chars,
}

impl Medium {
    fn binary(self) -> bool {
        self != Medium::Chars
    }
}

/// The medium a source parameter reads from.
fn source(erased: &str) -> Option<Medium> {
    Some(match erased {
        "File" => Medium::File,
        "Path" => Medium::Path,
        "InputStream" | "ByteArrayInputStream" | "BufferedInputStream" => Medium::Bytes,
        "Reader" | "StringReader" | "BufferedReader" => Medium::Chars,
        _ => return None,
    })
}

/// The medium a sink parameter writes to.
fn sink(erased: &str) -> Option<Medium> {
    Some(match erased {
        "File" => Medium::File,
        "Path" => Medium::Path,
        "OutputStream" | "ByteArrayOutputStream" => Medium::Bytes,
        "Writer" | "StringWriter" => Medium::Chars,
        _ => return None,
    })
}

/// What a content variable holds: text, bytes or characters.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Data {
    Text,
    Bytes,
    Chars,
}

fn data(erased: &str) -> Option<Data> {
    Some(match erased {
        "String" | "CharSequence" => Data::Text,
        "byte[]" => Data::Bytes,
        "char[]" => Data::Chars,
        _ => return None,
    })
}

impl Data {
    /// The type a test declares the content with.
    fn declared(self) -> &'static str {
        match self {
            Data::Text => "String",
            Data::Bytes => "byte[]",
            Data::Chars => "char[]",
        }
    }

    /// `var` as bytes (text encoded in UTF-8).
    fn as_bytes(self, var: &str) -> String {
        match self {
            Data::Text => format!("{var}.getBytes({UTF_8})"),
            Data::Bytes => var.to_string(),
            Data::Chars => format!("new String({var}).getBytes({UTF_8})"),
        }
    }

    /// `var` as a `String`; binary content has no text.
    fn as_text(self, var: &str) -> Option<String> {
        match self {
            Data::Text => Some(var.to_string()),
            Data::Bytes => None,
            Data::Chars => Some(format!("new String({var})")),
        }
    }

    /// An expression of this type from `bytes` (an expression of `byte[]`), decoded as UTF-8.
    fn decoded_from(self, bytes: &str) -> String {
        match self {
            Data::Bytes => bytes.to_string(),
            Data::Text => format!("new String({bytes}, {UTF_8})"),
            Data::Chars => format!("new String({bytes}, {UTF_8}).toCharArray()"),
        }
    }

    /// An expression of this type from `text` (an expression of `String`); bytes have none.
    fn read_from_text(self, text: &str) -> Option<String> {
        match self {
            Data::Bytes => None,
            Data::Text => Some(text.to_string()),
            Data::Chars => Some(format!("{text}.toCharArray()")),
        }
    }
}

/// A source of the parameter's type holding the content `var` (of `data`): a fresh temporary
/// file written with it, or an in-memory stream over it.
fn source_holding(param: &str, data: Data, var: &str) -> Option<String> {
    let written = format!("java.nio.file.Files.write({TEMP_FILE}, {})", data.as_bytes(var));
    let bytes = || format!("new java.io.ByteArrayInputStream({})", data.as_bytes(var));
    Some(match param {
        "File" => format!("{written}.toFile()"),
        "Path" => written,
        "InputStream" | "ByteArrayInputStream" => bytes(),
        "BufferedInputStream" => format!("new java.io.BufferedInputStream({})", bytes()),
        "Reader" | "StringReader" => format!("new java.io.StringReader({})", data.as_text(var)?),
        "BufferedReader" => format!("new java.io.BufferedReader(new java.io.StringReader({}))", data.as_text(var)?),
        _ => return None,
    })
}

/// The qualified name of a file or stream type, so a test needs no import for it.
fn qualified(erased: &str) -> String {
    match erased {
        "Path" => "java.nio.file.Path".into(),
        "File"
        | "InputStream"
        | "ByteArrayInputStream"
        | "BufferedInputStream"
        | "Reader"
        | "StringReader"
        | "BufferedReader" => format!("java.io.{erased}"),
        other => other.into(),
    }
}

/// The declaration of an empty sink named `sink` for the parameter's medium.
fn empty_sink(medium: Medium) -> String {
    match medium {
        Medium::File => format!("java.io.File sink = {TEMP_FILE}.toFile();\nsink.deleteOnExit();"),
        Medium::Path => format!("java.nio.file.Path sink = {TEMP_FILE};\nsink.toFile().deleteOnExit();"),
        Medium::Bytes => "java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();".into(),
        Medium::Chars => "java.io.StringWriter sink = new java.io.StringWriter();".into(),
    }
}

/// What the sink named `sink` holds, as an expression of `data`'s type.
fn sink_content(medium: Medium, data: Data) -> Option<String> {
    match medium {
        Medium::File => Some(data.decoded_from("java.nio.file.Files.readAllBytes(sink.toPath())")),
        Medium::Path => Some(data.decoded_from("java.nio.file.Files.readAllBytes(sink)")),
        Medium::Bytes => Some(data.decoded_from("sink.toByteArray()")),
        Medium::Chars => data.read_from_text("sink.toString()"),
    }
}

/// A source of the parameter's type over what the sink named `sink` holds.
fn source_over_sink(param: &str, medium: Medium) -> Option<String> {
    match (medium, source(param)?) {
        (Medium::File, Medium::File) | (Medium::Path, Medium::Path) => Some("sink".into()),
        (Medium::Bytes, Medium::Bytes) => source_holding(param, Data::Bytes, "sink.toByteArray()"),
        (Medium::Chars, Medium::Chars) => source_holding(param, Data::Text, "sink.toString()"),
        _ => None,
    }
}

/// A parameter beside the content, the source and the sink, and the value it gets: a charset
/// (UTF-8, so text survives any content), `false` for a flag (`append`, `preserveFileDate`).
/// Anything else (an offset, a length, a buffer) may change what is copied: the template declines.
fn extra(p: &crate::java_model::Param) -> Option<&'static str> {
    let name = p.name.to_ascii_lowercase();
    match erase_simple(&p.type_name).as_str() {
        "Charset" => Some(UTF_8),
        "String" if name.contains("encoding") || name.contains("charset") => Some("\"UTF-8\""),
        "boolean" => Some("false"),
        _ => None,
    }
}

fn is_charset(p: &crate::java_model::Param) -> bool {
    extra(p).is_some_and(|v| v != "false")
}

/// Whether a name starts with one of `words` at a word boundary: `copyFile`, `copy`, not `copyright`.
fn starts_with_word(name: &str, words: &[&str]) -> bool {
    words.iter().any(|word| names::starts_with_word(name, word))
}

/// Text inputs of the class's catalogue; only ASCII ones when text crosses between bytes and
/// characters in the platform's charset (no charset argument): other characters may not survive it.
fn texts(caller: &Caller, ascii_only: bool) -> Vec<String> {
    let plain = |v: &String| v.is_ascii() && !v.contains("\\u");
    caller.values.of("String", INPUTS * 2).into_iter().filter(|v| !ascii_only || plain(v)).take(INPUTS).collect()
}

/// The content inputs of a data type.
fn contents(caller: &Caller, data: Data, ascii_only: bool) -> Vec<String> {
    match data {
        Data::Text => texts(caller, ascii_only),
        Data::Chars => texts(caller, ascii_only).into_iter().map(|t| format!("{t}.toCharArray()")).collect(),
        Data::Bytes => caller.values.of("byte[]", INPUTS),
    }
}

fn erased_param(m: &MethodModel, i: usize) -> String {
    erase_simple(&m.params[i].type_name)
}

/// A directory parameter by its name: a file is no valid value for it.
fn names_a_directory(p: &crate::java_model::Param) -> bool {
    p.name.to_ascii_lowercase().contains("dir")
}

/// Copying preserves the content: `copy(source holding x, sink)` leaves `x` in the sink, for a
/// method named `copy*`/`transfer*` from a source (file, path, input stream, reader) to a sink.
pub fn copy_preserves_content(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    if !starts_with_word(&t.name, &["copy", "transfer"]) || !caller.callable(t) {
        return None;
    }
    let from = t.params.iter().position(|p| source(&erase_simple(&p.type_name)).is_some())?;
    let to = (from + 1..t.params.len()).find(|&i| sink(&erased_param(t, i)).is_some())?;
    let (in_medium, out_medium) = (source(&erased_param(t, from))?, sink(&erased_param(t, to))?);
    let others_fit = t.params.iter().enumerate().all(|(i, p)| i == from || i == to || extra(p).is_some());
    if !others_fit || names_a_directory(&t.params[from]) || names_a_directory(&t.params[to]) {
        return None;
    }
    // Between bytes and characters without a charset the platform's decides: ASCII only.
    let converts = in_medium.binary() != out_medium.binary();
    let texts = texts(caller, converts && !t.params.iter().any(is_charset));
    let mut bodies = Vec::new();
    for x in texts {
        let mut lines = subjects(caller, &["subject"], !t.is_static())?;
        lines.push(format!("String content = {x};"));
        let source_type = qualified(&erased_param(t, from));
        lines.push(format!(
            "{source_type} source = {};",
            source_holding(&erased_param(t, from), Data::Text, "content")?
        ));
        lines.push(empty_sink(out_medium));
        let args: Vec<String> = t
            .params
            .iter()
            .enumerate()
            .map(|(i, p)| match i {
                _ if i == from => Some("source".to_string()),
                _ if i == to => Some("sink".to_string()),
                _ => extra(p).map(String::from),
            })
            .collect::<Option<_>>()?;
        lines.push(format!("{};", caller.call(t, "subject", &args)));
        lines.push(assert_equal("content", &sink_content(out_medium, Data::Text)?, "String"));
        bodies.push(lines.join("\n"));
    }
    Some(Mr {
        template: "copyPreservesContent",
        relation: format!("{}(source holding x, sink) leaves x in sink", t.name),
        bodies,
    })
}

/// A writer: a method named `write*` taking content, a sink and charsets or flags.
struct Writer<'m> {
    method: &'m MethodModel,
    content: usize,
    sink: usize,
    data: Data,
    medium: Medium,
}

fn as_writer(m: &MethodModel) -> Option<Writer<'_>> {
    if !starts_with_word(&m.name, &["write"]) || m.is_private() || m.is_constructor {
        return None;
    }
    let content = m.params.iter().position(|p| data(&erase_simple(&p.type_name)).is_some() && !is_charset(p))?;
    let sink_at = m.params.iter().position(|p| sink(&erase_simple(&p.type_name)).is_some())?;
    let others_fit = m.params.iter().enumerate().all(|(i, p)| i == content || i == sink_at || extra(p).is_some());
    if !others_fit || names_a_directory(&m.params[sink_at]) || m.params.iter().any(|p| p.varargs) {
        return None;
    }
    let data = data(&erased_param(m, content))?;
    Some(Writer { method: m, content, sink: sink_at, data, medium: sink(&erased_param(m, sink_at))? })
}

/// A reader: a method named `read*`/`to*` returning content from one source and charsets.
struct Reader<'m> {
    method: &'m MethodModel,
    source: usize,
    data: Data,
    medium: Medium,
}

fn as_reader(m: &MethodModel) -> Option<Reader<'_>> {
    if !starts_with_word(&m.name, &["read", "to"]) || m.is_private() || m.is_constructor {
        return None;
    }
    let data = data(&erase_simple(ret(m)?))?;
    let at = m.params.iter().position(|p| source(&erase_simple(&p.type_name)).is_some())?;
    let others_fit = m.params.iter().enumerate().all(|(i, p)| i == at || is_charset(p));
    if !others_fit || names_a_directory(&m.params[at]) {
        return None;
    }
    Some(Reader { method: m, source: at, data, medium: source(&erased_param(m, at))? })
}

/// The arguments of a reader or writer: `fixed` at their positions, the extras' values elsewhere.
fn arguments(m: &MethodModel, fixed: &[(usize, String)]) -> Option<Vec<String>> {
    m.params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            fixed.iter().find(|(at, _)| *at == i).map(|(_, v)| v.clone()).or_else(|| extra(p).map(String::from))
        })
        .collect()
}

/// Whether a reader or writer turns characters into bytes or back in the platform's charset.
fn platform_charset(m: &MethodModel, data: Data, medium: Medium) -> bool {
    let converts = (data != Data::Bytes) == medium.binary();
    converts && !m.params.iter().any(is_charset)
}

/// What a writer writes its reader reads back: `read(write(x)) = x`, the two paired by their
/// types (the reader returns the content type the writer takes, from the medium it writes) and
/// both charsets or neither. Attached to both.
pub fn write_read_round_trip(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let methods = &caller.class.methods;
    let same_charsets =
        |w: &Writer, r: &Reader| w.method.params.iter().any(is_charset) == r.method.params.iter().any(is_charset);
    let fits = |w: &Writer, r: &Reader| {
        w.data == r.data && w.medium == r.medium && w.method.is_static() == r.method.is_static() && same_charsets(w, r)
    };
    let (writer, reader) = if let Some(w) = as_writer(t) {
        let r = methods.iter().filter_map(as_reader).filter(|r| fits(&w, r)).min_by_key(|r| r.method.params.len())?;
        (w, r)
    } else {
        let r = as_reader(t)?;
        let w = methods.iter().filter_map(as_writer).filter(|w| fits(w, &r)).min_by_key(|w| w.method.params.len())?;
        (w, r)
    };
    if !caller.callable(writer.method) || !caller.callable(reader.method) {
        return None;
    }
    let ascii = platform_charset(writer.method, writer.data, writer.medium)
        || platform_charset(reader.method, reader.data, reader.medium);
    let source_type = qualified(&erased_param(reader.method, reader.source));
    let resource = source_over_sink(&erased_param(reader.method, reader.source), writer.medium)?;
    let declared = writer.data.declared();
    let mut bodies = Vec::new();
    for x in contents(caller, writer.data, ascii) {
        let mut lines = subjects(caller, &["subject"], !writer.method.is_static())?;
        lines.push(format!("{declared} x = {x};"));
        lines.push(empty_sink(writer.medium));
        let fixed = [(writer.content, "x".to_string()), (writer.sink, "sink".to_string())];
        lines.push(format!("{};", caller.call(writer.method, "subject", &arguments(writer.method, &fixed)?)));
        lines.push(format!("{source_type} written = {resource};"));
        let read =
            caller.call(reader.method, "subject", &arguments(reader.method, &[(reader.source, "written".into())])?);
        lines.push(format!("{declared} followUpOutput = {read};"));
        lines.push(assert_equal("x", "followUpOutput", declared));
        bodies.push(lines.join("\n"));
    }
    let relation = format!("{}({}(x, sink)) = x", reader.method.name, writer.method.name);
    Some(Mr { template: "writeReadRoundTrip", relation, bodies })
}

/// A reader reads what its source holds: `toString(new StringReader(x)) = x`,
/// `readFileToByteArray(a temporary file holding x) = x`.
pub fn read_back(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let reader = as_reader(t)?;
    if !caller.callable(t) {
        return None;
    }
    let ascii = platform_charset(t, reader.data, reader.medium);
    let param = erased_param(t, reader.source);
    let declared = reader.data.declared();
    let mut bodies = Vec::new();
    for x in contents(caller, reader.data, ascii) {
        let mut lines = subjects(caller, &["subject"], !t.is_static())?;
        lines.push(format!("{declared} x = {x};"));
        lines.push(format!("{} source = {};", qualified(&param), source_holding(&param, reader.data, "x")?));
        let read = caller.call(t, "subject", &arguments(t, &[(reader.source, "source".into())])?);
        lines.push(format!("{declared} followUpOutput = {read};"));
        lines.push(assert_equal("x", "followUpOutput", declared));
        bodies.push(lines.join("\n"));
    }
    Some(Mr { template: "readBack", relation: format!("{}(source holding x) = x", t.name), bodies })
}
