//! Text predicates and searches asked about a text built from known parts, against the part
//! alone (the source input): `startsWith(a + b, a) = startsWith(a, a)` and
//! `endsWith(a + b, b) = endsWith(b, b)` hold, `contains(a + b, a)` and `contains(a + b, b)` too,
//! `indexOf(a + b, b)` is found no later than `|a| + indexOf(b, b)` and `lastIndexOf(a + b, b)`
//! no earlier. What
//! the name promises holds for any two strings, ignoring case or not (`startsWithIgnoreCase`,
//! `IOCase.checkStartsWith`), so the parts come from the catalogue's strings as they are.

use super::templates::{ret, subject_for, Mr, Pair};
use super::values::INPUTS;
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

#[derive(Clone, Copy, PartialEq)]
enum Search {
    StartsWith,
    EndsWith,
    Contains,
    IndexOf,
    LastIndexOf,
}

/// `lastIndexOf` before `indexOf`, which it ends with.
const FAMILIES: [(&str, Search); 5] = [
    ("startsWith", Search::StartsWith),
    ("endsWith", Search::EndsWith),
    ("contains", Search::Contains),
    ("lastIndexOf", Search::LastIndexOf),
    ("indexOf", Search::IndexOf),
];

/// The search a name states: the family word at its start or after a verb (`checkEndsWith`),
/// then nothing or `IgnoreCase`. `containsAny`, `indexOfDifference` promise something else.
fn search_of(name: &str) -> Option<Search> {
    FAMILIES.iter().find_map(|&(word, search)| {
        let capitalised = format!("{}{}", word[..1].to_ascii_uppercase(), &word[1..]);
        let rest = name.strip_prefix(word).or_else(|| {
            let (verb, rest) = name.split_at(name.find(&capitalised)?);
            (!verb.is_empty() && verb.chars().all(|c| c.is_ascii_lowercase())).then(|| &rest[word.len()..])
        })?;
        matches!(rest, "" | "IgnoreCase").then_some(search)
    })
}

/// The parameter holding the whole text and the one holding the part: the first two, unless the
/// first one's name says it is the part (`startsWith(prefix, str)`).
fn text_and_part(m: &MethodModel) -> Option<(usize, usize)> {
    let textual = |i: usize| {
        m.params.get(i).is_some_and(|p| matches!(erase_simple(&p.type_name).as_str(), "String" | "CharSequence"))
    };
    if m.params.len() != 2 || !textual(0) || !textual(1) || m.params.iter().any(|p| p.varargs) {
        return None;
    }
    let part = |i: usize| {
        let name = m.params[i].name.to_ascii_lowercase();
        ["prefix", "suffix", "search", "sub", "start", "end", "find", "pattern"].iter().any(|w| name.contains(w))
    };
    Some(if part(0) && !part(1) { (1, 0) } else { (0, 1) })
}

/// `startsWith(a + b, a)`, `endsWith(a + b, b)`, `contains(a + b, a/b)`, `indexOf(a + b, b) <= |a|`,
/// `lastIndexOf(a + b, b) >= |a|`, for a function of a text and a part.
pub fn text_of_known_parts(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let search = search_of(&t.name)?;
    let (whole, part) = text_and_part(t)?;
    let returns = if matches!(search, Search::IndexOf | Search::LastIndexOf) { "int" } else { "boolean" };
    if ret(t) != Some(returns) || !caller.callable(t) {
        return None;
    }
    let texts: Vec<String> = caller.values.of("String", INPUTS).into_iter().filter(|v| v != "null").collect();
    if texts.len() < 2 {
        return None;
    }
    let call = |text: &str, of: &str| {
        let mut args = vec![String::new(); 2];
        args[whole] = text.to_string();
        args[part] = of.to_string();
        caller.call(t, "subject", &args)
    };
    // The source input is the part alone, the follow-up the part with a known text around it:
    // what the search answers about the part alone, it answers about the longer text too.
    let checks = match search {
        Search::StartsWith => agree(call("a", "a"), call("a + b", "a")),
        Search::EndsWith => agree(call("b", "b"), call("a + b", "b")),
        Search::Contains => {
            vec![format!("assertTrue({});", call("a + b", "a")), format!("assertTrue({});", call("a + b", "b"))]
        }
        Search::IndexOf => vec![
            format!("int alone = {};", call("b", "b")),
            format!("int found = {};", call("a + b", "b")),
            "assertTrue(found >= 0 && found <= a.length() + alone, \"found at \" + found);".into(),
        ],
        Search::LastIndexOf => vec![
            format!("int alone = {};", call("b", "b")),
            format!("int found = {};", call("a + b", "b")),
            "assertTrue(found >= a.length() + alone, \"found at \" + found);".into(),
        ],
    };
    let mut bodies = Vec::new();
    for i in 0..texts.len().min(INPUTS) {
        let mut lines = subject_for(caller, i, !t.is_static())?;
        lines.push(format!("String a = {};", texts[i]));
        lines.push(format!("String b = {};", texts[(i + 1) % texts.len()]));
        lines.extend(checks.iter().cloned());
        bodies.push(lines.join("\n"));
    }
    Some(Mr { template: "textOfKnownParts", relation: relation(search, &t.name), bodies })
}

/// A predicate about the part alone holds, and about the longer text it answers the same.
fn agree(alone: String, longer: String) -> Vec<String> {
    vec![
        format!("boolean alone = {alone};"),
        format!("boolean longer = {longer};"),
        "assertTrue(alone);".into(),
        "assertEquals(alone, longer);".into(),
    ]
}

fn relation(search: Search, name: &str) -> String {
    match search {
        Search::StartsWith => format!("{name}(a + b, a) = {name}(a, a), which holds"),
        Search::EndsWith => format!("{name}(a + b, b) = {name}(b, b), which holds"),
        Search::Contains => format!("{name}(a + b, a) and {name}(a + b, b) hold"),
        Search::IndexOf => format!("0 <= {name}(a + b, b) <= |a| + {name}(b, b)"),
        Search::LastIndexOf => format!("{name}(a + b, b) >= |a| + {name}(b, b)"),
    }
}

#[cfg(test)]
mod tests {
    use super::{search_of, Search};

    #[test]
    fn the_search_a_name_states() {
        assert!(search_of("startsWith") == Some(Search::StartsWith));
        assert!(search_of("endsWithIgnoreCase") == Some(Search::EndsWith));
        assert!(search_of("checkStartsWith") == Some(Search::StartsWith));
        assert!(search_of("lastIndexOfIgnoreCase") == Some(Search::LastIndexOf));
        assert!(search_of("containsAny").is_none());
        assert!(search_of("indexOfDifference").is_none());
        assert!(search_of("getStartsWith").is_some(), "a lowercase verb before the family word");
        assert!(search_of("isStartsWithX").is_none());
    }
}
