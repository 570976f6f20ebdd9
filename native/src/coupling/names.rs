//! Complementary names (ranked mode): names that say one method undoes or observes what the
//! other does. `encodeBase64`/`decodeBase64` (inverse words, the rest of the name equal),
//! `primitiveToWrapper`/`wrapperToPrimitive` (the two sides of `To` swapped), `escapeJava`/
//! `unescapeJava` (an `un`, `de` or `dis` prefix), arithmetic opposites (`plusDays`/`minusDays`,
//! `add`/`subtract`), `put`/`get` (a change and its observation), `hash`/`check` (a producer and
//! the check of what it produced).

use super::features::{Evidence, Feature, FeatureKind, Pair};
use super::tokens::name_tokens;
use std::collections::BTreeSet;

/// The feature, with the sentence the prompt shows.
pub(super) fn feature(pair: &Pair) -> Option<Feature> {
    let (t, c) = (pair.t(), pair.c());
    if t.is_constructor || c.is_constructor {
        return None;
    }
    let m = complementary(&name_tokens(&t.name), &name_tokens(&c.name))?;
    let sentence = match m.relation {
        NameRelation::Inverse => format!(
            "`{}` and `{}` are named as inverse operations ({} / {}): one may undo the other, so applying both \
             may give back the input.",
            t.name, c.name, m.words[0], m.words[1]
        ),
        NameRelation::Complementary => format!(
            "`{}` and `{}` are named as complementary operations ({} / {}): what one changes or builds, the other \
             observes.",
            t.name, c.name, m.words[0], m.words[1]
        ),
    };
    let relation = match m.relation {
        NameRelation::Inverse => "inverse",
        NameRelation::Complementary => "complementary",
    };
    let evidence = Evidence { words: m.words.to_vec(), relation: Some(relation.into()), ..Evidence::default() };
    Some(pair.feature(FeatureKind::ComplementaryNames, evidence, sentence, m.strength))
}

/// Words naming inverse operations: applying one after the other gives back the input.
const INVERSE: &[(&str, &str)] = &[
    ("encode", "decode"),
    ("encrypt", "decrypt"),
    ("serialize", "deserialize"),
    ("compress", "decompress"),
    ("deflate", "inflate"),
    ("wrap", "unwrap"),
    ("escape", "unescape"),
    ("marshal", "unmarshal"),
    ("zip", "unzip"),
    ("pack", "unpack"),
    ("capitalize", "uncapitalize"),
    ("parse", "format"),
    ("to", "from"),
    ("push", "pop"),
    ("add", "remove"),
    ("insert", "delete"),
    ("insert", "remove"),
    ("increment", "decrement"),
    ("add", "subtract"),
    ("plus", "minus"),
    ("multiply", "divide"),
    ("multiplied", "divided"),
    ("increase", "decrease"),
    ("open", "close"),
    ("lock", "unlock"),
    ("enqueue", "dequeue"),
    ("offer", "poll"),
    ("register", "unregister"),
    ("attach", "detach"),
    ("connect", "disconnect"),
    ("start", "stop"),
    ("begin", "end"),
    ("acquire", "release"),
    ("read", "write"),
    ("load", "save"),
    ("load", "store"),
    ("import", "export"),
    ("split", "join"),
    ("enable", "disable"),
    ("show", "hide"),
    ("upper", "lower"),
    ("min", "max"),
    ("first", "last"),
    ("head", "tail"),
    ("left", "right"),
    ("before", "after"),
    ("next", "previous"),
    ("prev", "next"),
    ("floor", "ceiling"),
    ("lower", "higher"),
    ("rotate", "unrotate"),
    // The two problems of a model (GeographicLib's `Direct`/`Inverse` geodesic problems) and of a
    // transform.
    ("direct", "inverse"),
    ("forward", "inverse"),
    ("forward", "backward"),
];

/// A change and the observation of its effect: `put`/`get`, `setName`/`getName`, `add`/`contains`.
const COMPLEMENTARY: &[(&str, &str)] = &[
    ("put", "get"),
    ("set", "get"),
    ("set", "is"),
    ("set", "has"),
    ("add", "get"),
    ("add", "contains"),
    ("put", "contains"),
    ("remove", "contains"),
    ("push", "peek"),
    ("offer", "peek"),
    // A producer and the check of what it produced: `check(p, hash(p))` holds (Password4j's
    // `BcryptFunction`, whose `hash` was paired with its overloads only; jBCrypt's, Spring's).
    ("hash", "check"),
    ("hash", "verify"),
    ("hash", "matches"),
    ("encode", "matches"),
    ("sign", "verify"),
];

#[derive(Debug, Clone, PartialEq)]
pub struct NameMatch {
    /// The two words, the target's first: `["encode", "decode"]`; for a swap, the two sides.
    pub words: [String; 2],
    pub relation: NameRelation,
    /// How much of the rest of the names agrees, in (0, 1].
    pub strength: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameRelation {
    /// One may undo the other.
    Inverse,
    /// One changes what the other observes.
    Complementary,
}

/// Whether two method names say one undoes the other (`encode`/`decode`, `format`/`parse`).
pub fn named_inverses(a: &str, b: &str) -> bool {
    let tokens = super::name_tokens;
    complementary(&tokens(a), &tokens(b)).is_some_and(|m| m.relation == NameRelation::Inverse)
}

/// Whether the names (as tokens, see `name_tokens`) of two methods are complementary.
pub fn complementary(target: &[String], coupled: &[String]) -> Option<NameMatch> {
    swapped(target, coupled).or_else(|| by_words(target, coupled))
}

/// `primitiveToWrapper` / `wrapperToPrimitive`: the words before and after `to` trade places.
fn swapped(target: &[String], coupled: &[String]) -> Option<NameMatch> {
    let split = |tokens: &[String]| {
        let at = tokens.iter().position(|t| t == "to")?;
        let (before, after) = (&tokens[..at], &tokens[at + 1..]);
        (!before.is_empty() && !after.is_empty()).then(|| (before.join(""), after.join("")))
    };
    let (tb, ta) = split(target)?;
    let (cb, ca) = split(coupled)?;
    (tb == ca && ta == cb && tb != ta).then(|| NameMatch {
        words: [format!("{tb}To{}", capitalized(&ta)), format!("{cb}To{}", capitalized(&ca))],
        relation: NameRelation::Inverse,
        strength: 1.0,
    })
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn by_words(target: &[String], coupled: &[String]) -> Option<NameMatch> {
    let t: BTreeSet<&str> = target.iter().map(String::as_str).collect();
    let c: BTreeSet<&str> = coupled.iter().map(String::as_str).collect();
    let pairs = INVERSE
        .iter()
        .map(|p| (p, NameRelation::Inverse))
        .chain(COMPLEMENTARY.iter().map(|p| (p, NameRelation::Complementary)));
    let mut best: Option<NameMatch> = None;
    for (&(a, b), relation) in pairs {
        for (x, y) in [(a, b), (b, a)] {
            if t.contains(x) && c.contains(y) && !t.contains(y) && !c.contains(x) {
                consider(&mut best, &t, &c, [x, y], relation);
            }
        }
    }
    // `transform`/`inverseTransform`: the word `inverse` before the other name.
    for (long, short, inverse_first) in [(&c, &t, false), (&t, &c, true)] {
        let rest: BTreeSet<&str> = long.iter().copied().filter(|w| *w != "inverse").collect();
        if long.contains("inverse") && !short.contains("inverse") && !short.is_empty() && rest == *short {
            let (plain, inverse) = (short.iter().copied().collect::<Vec<_>>().join(" "), "inverse".to_string());
            let words = if inverse_first { [inverse, plain] } else { [plain, inverse] };
            best = Some(NameMatch { words, relation: NameRelation::Inverse, strength: 1.0 });
        }
    }
    // `escape`/`unescape`, `code`/`decode`, `connect`/`disconnect` beyond the list.
    for x in &t {
        for y in &c {
            let prefixed = |long: &str, short: &str| {
                short.len() >= 3 && ["un", "de", "dis"].iter().any(|p| long.strip_prefix(p) == Some(short))
            };
            if prefixed(x, y) || prefixed(y, x) {
                consider(&mut best, &t, &c, [x, y], NameRelation::Inverse);
            }
        }
    }
    best
}

/// Keep the match whose remaining words agree best: equal rests (`encodeBase64`/`decodeBase64`)
/// 1.0, one rest inside the other (`encodeBase64String`/`decodeBase64`) 0.8, a shared word 0.5.
/// Rests that share nothing (`getName`/`setValue`) are no match.
fn consider(
    best: &mut Option<NameMatch>,
    t: &BTreeSet<&str>,
    c: &BTreeSet<&str>,
    words: [&str; 2],
    relation: NameRelation,
) {
    let rest_t: BTreeSet<&str> = t.iter().copied().filter(|w| *w != words[0]).collect();
    let rest_c: BTreeSet<&str> = c.iter().copied().filter(|w| *w != words[1]).collect();
    let loosened = || agreement(&unnumbered(&rest_t, &rest_c), &unnumbered(&rest_c, &rest_t)).map(|s| s * 0.8);
    let Some(strength) = agreement(&rest_t, &rest_c).or_else(loosened) else {
        return;
    };
    let strength = if relation == NameRelation::Complementary { strength * 0.8 } else { strength };
    if best.as_ref().is_none_or(|b| strength > b.strength) {
        *best = Some(NameMatch { words: words.map(String::from), relation, strength });
    }
}

/// How much two rests agree: equal 1.0, one inside the other 0.8, a shared word 0.5, else none.
fn agreement(rest_t: &BTreeSet<&str>, rest_c: &BTreeSet<&str>) -> Option<f64> {
    if rest_t == rest_c {
        Some(1.0)
    } else if rest_t.is_subset(rest_c) || rest_c.is_subset(rest_t) {
        Some(0.8)
    } else if !rest_t.is_disjoint(rest_c) {
        Some(0.5)
    } else {
        None
    }
}

/// A word with a version number read as the same word bare where the other name has it bare:
/// unbescape's `unescapeHtml` undoes `escapeHtml4` and `escapeHtml5`. Never where both are
/// numbered (`Base64`/`Base32` are two encodings).
fn unnumbered<'a>(rest: &BTreeSet<&'a str>, other: &BTreeSet<&str>) -> BTreeSet<&'a str> {
    let bare = |w: &'a str| {
        let stem = w.trim_end_matches(|c: char| c.is_ascii_digit());
        if stem.len() < w.len() && !stem.is_empty() && other.contains(stem) {
            stem
        } else {
            w
        }
    };
    rest.iter().map(|w| bare(w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coupling::name_tokens;

    fn names(a: &str, b: &str) -> Option<NameMatch> {
        complementary(&name_tokens(a), &name_tokens(b))
    }

    #[test]
    fn inverse_words_with_equal_rests_match_fully() {
        let m = names("encodeBase64", "decodeBase64").expect("encode/decode");
        assert_eq!(m.words, ["encode".to_string(), "decode".to_string()]);
        assert_eq!((m.relation, m.strength), (NameRelation::Inverse, 1.0));
        assert_eq!(names("encrypt", "decrypt").map(|m| m.strength), Some(1.0));
        assert_eq!(names("serialize", "deserialize").map(|m| m.relation), Some(NameRelation::Inverse));
        assert!(names("toJson", "fromJson").is_some());
        assert_eq!(names("decodeHex", "encodeHexString").map(|m| m.strength), Some(0.8));
    }

    #[test]
    fn a_numbered_word_is_the_bare_word_of_the_other_name() {
        let m = names("escapeHtml5", "unescapeHtml").expect("unescapeHtml undoes escapeHtml5");
        assert_eq!((m.relation, m.strength), (NameRelation::Inverse, 0.8));
        assert_eq!(names("unescapeHtml", "escapeHtml4").map(|m| m.strength), Some(0.8));
        assert!(names("encodeBase64", "decodeBase32").is_none(), "two numbered words: two encodings");
        assert_eq!(names("escapeHtml5", "unescapeHtml5").map(|m| m.strength), Some(1.0));
    }

    #[test]
    fn arithmetic_opposites_are_inverse() {
        let m = names("plusMajor", "minusMajor").expect("plus/minus");
        assert_eq!((m.relation, m.strength), (NameRelation::Inverse, 1.0));
        assert_eq!(names("add", "subtract").map(|m| m.relation), Some(NameRelation::Inverse));
        assert_eq!(names("multipliedBy", "dividedBy").map(|m| m.strength), Some(1.0));
        assert_eq!(names("multiply", "divide").map(|m| m.relation), Some(NameRelation::Inverse));
        assert!(names("plusMajor", "minusMinor").is_none(), "rests share nothing");
    }

    #[test]
    fn swapped_sides_of_to_are_inverse() {
        let m = names("primitiveToWrapper", "wrapperToPrimitive").expect("swap");
        assert_eq!(m.relation, NameRelation::Inverse);
        assert_eq!(m.words, ["primitiveToWrapper".to_string(), "wrapperToPrimitive".to_string()]);
        assert!(names("primitiveToWrapper", "primitiveToWrapper").is_none());
        assert!(names("stringToInt", "intToLong").is_none());
    }

    #[test]
    fn prefixes_un_de_dis_make_inverses_beyond_the_list() {
        assert_eq!(names("quote", "unquote").map(|m| m.relation), Some(NameRelation::Inverse));
        assert_eq!(names("activate", "deactivate").map(|m| m.relation), Some(NameRelation::Inverse));
        assert!(names("do", "undo").is_none(), "two-letter words are too short to tell");
    }

    #[test]
    fn the_direct_and_inverse_problems_and_an_inverse_transform_are_inverse() {
        assert_eq!(names("Direct", "Inverse").map(|m| (m.relation, m.strength)), Some((NameRelation::Inverse, 1.0)));
        assert!(names("forwardTransform", "inverseTransform").is_some());
        let m = names("transform", "inverseTransform").expect("inverse before the name");
        assert_eq!((m.relation, m.words), (NameRelation::Inverse, ["transform".to_string(), "inverse".to_string()]));
        assert!(names("inverseTransform", "transform").is_some());
        assert!(names("inverse", "transform").is_none(), "the rest must be the other name");
        assert!(names("inverseTransform", "transformAll").is_none());
    }

    #[test]
    fn a_change_and_its_observation_are_complementary() {
        let m = names("setMaxCodeLen", "getMaxCodeLen").expect("set/get");
        assert_eq!(m.relation, NameRelation::Complementary);
        assert!(m.strength < 1.0);
        assert!(names("put", "get").is_some());
        assert!(names("add", "contains").is_some());
    }

    #[test]
    fn a_producer_and_the_check_of_what_it_produced_are_complementary() {
        let m = names("hash", "check").expect("hash/check");
        assert_eq!(m.relation, NameRelation::Complementary);
        assert!(names("sign", "verify").is_some());
        assert!(names("encode", "matches").is_some());
        assert!(names("hash", "hashCode").is_none(), "the same word on both sides");
        assert!(names("check", "checkHash").is_none());
    }

    #[test]
    fn unrelated_or_disjoint_names_do_not_match() {
        assert!(names("getName", "setValue").is_none(), "rests share nothing");
        assert!(names("encode", "encodeBase64").is_none(), "same word on both sides");
        assert!(names("size", "isEmpty").is_none());
        assert!(names("getAndSet", "set").is_none(), "both words in one name");
    }
}
