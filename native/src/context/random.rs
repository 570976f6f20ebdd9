//! Whether a method of the pair is not deterministic: it draws random values or reads the clock,
//! itself or through the project's methods it calls. A small model relates two outputs of such a
//! method as equal: Password4j's `BcryptFunction#hash(CharSequence)` draws a salt, and the
//! model's `hash(x)` equals `hash(x)`, over the overloads it was paired with, failed on the
//! original every time (unseen-26). The prompt says so beside the coupling features.

use crate::java_model::{ClassModel, Invocation, MethodModel, Project, Receiver};
use tree_sitter::Node;

/// How many calls deep the project's methods are followed: Password4j's `hash` reaches its
/// `SecureRandom` through `generateSalt`, `SaltGenerator.generate` and
/// `AlgorithmFinder.getSecureRandom`.
const DEPTH: usize = 5;

/// JDK calls whose answer changes from one call to the next, by their `api_key`'s start: the
/// draws of a generator (creating one draws nothing: codec's `md5Crypt(key, salt, prefix)`
/// creates a `SecureRandom` it draws from only without a salt) and a key generator's.
const RANDOM: [&str; 6] =
    ["SecureRandom.", "Random.", "ThreadLocalRandom.", "SplittableRandom.", "KeyGenerator.", "KeyPairGenerator."];
const GENERATORS: [&str; 4] = ["SecureRandom", "Random", "ThreadLocalRandom", "SplittableRandom"];
const RANDOM_CALLS: [&str; 2] = ["Math.random", "UUID.randomUUID"];
const CLOCK: [&str; 3] = ["System.currentTimeMillis", "System.nanoTime", "Clock.system"];
const NOW: [&str; 7] =
    ["Instant", "LocalDate", "LocalDateTime", "LocalTime", "ZonedDateTime", "OffsetDateTime", "Year"];

/// The lines the prompt shows for the pair's methods that are not deterministic; empty when
/// both are.
/// `pair` holds each method with the text of the file that declares it (a superclass's, for an
/// inherited one); its own calls are looked up in `class`, as they dispatch there.
pub fn nondeterminism_text(class: &ClassModel, pair: &[(&MethodModel, &str)], project: &Project) -> String {
    let lines: Vec<String> = pair
        .iter()
        .filter_map(|&(m, declared_in)| {
            let (source, reads_clock) = nondeterministic_call(class, m, declared_in, project)?;
            let what = if reads_clock { "reads the clock" } else { "draws random values" };
            Some(format!(
                "* `{}` is not deterministic: it {what} (`{source}`), so two calls with the same arguments give \
                 different outputs. Never assert that two of its outputs are equal; relate an output to what the \
                 other method answers about it, or pass the random part (a salt, a seed) where a method takes it \
                 as an argument.",
                m.signature()
            ))
        })
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!("### Nondeterminism:\n{}", lines.join("\n"))
}

/// Whether `method`, declared in the file `declared_in`, draws random values or reads the clock,
/// itself or through the project's methods it calls from `class` (as `nondeterminism_text` says).
pub fn is_nondeterministic(class: &ClassModel, method: &MethodModel, declared_in: &str, project: &Project) -> bool {
    nondeterministic_call(class, method, declared_in, project).is_some()
}

/// The first call found, breadth first, that makes `method` nondeterministic, as its `api_key`,
/// and whether it reads the clock (else it draws random values).
fn nondeterministic_call(
    class: &ClassModel,
    method: &MethodModel,
    declared_in: &str,
    project: &Project,
) -> Option<(String, bool)> {
    let given_a_generator = method.params.iter().any(|p| is_generator(&p.type_name));
    let mut seen: Vec<(&str, usize)> = vec![(class.qualified_name.as_str(), method.byte_range.0)];
    let mut frontier: Vec<(&ClassModel, &MethodModel, &str)> = vec![(class, method, declared_in)];
    for _ in 0..DEPTH {
        let mut next = Vec::new();
        for (owner, m, source) in frontier {
            let given = argument_dependent_lines(source, m);
            let unconditional = |inv: &&Invocation| !given.iter().any(|(from, to)| (*from..=*to).contains(&inv.line));
            for inv in m.invocations.iter().filter(unconditional) {
                let key = inv.api_key(&owner.name);
                if let Some(found) = source_of(&key).filter(|_| !(given_a_generator && on_a_parameter(m, inv))) {
                    return Some(found);
                }
                for callee in callees(owner, inv, project) {
                    if hands_out_a_generator(callee.1) {
                        return Some((format!("{}.{}", callee.0.name, callee.1.name), false));
                    }
                    let id = (callee.0.qualified_name.as_str(), callee.1.byte_range.0);
                    if !seen.contains(&id) {
                        seen.push(id);
                        next.push((callee.0, callee.1, &*callee.0.source));
                    }
                }
            }
        }
        frontier = next;
    }
    None
}

/// The lines (1-based, inclusive) of the branches of `m` taken or not by what its arguments are:
/// those of an `if` or `?:` whose condition names a parameter. A draw there depends on the
/// caller: Password4j's `internalHash(password, salt, pepper)` draws a salt only `if (salt ==
/// null)`, and `check` hands it the salt it read from the hash. A lazily created `SecureRandom`
/// (`if (random == null)`, a field) still counts.
fn argument_dependent_lines(source: &str, m: &MethodModel) -> Vec<(usize, usize)> {
    let Some(declaration) = source.get(m.byte_range.0..m.byte_range.1) else { return Vec::new() };
    if !declaration.contains("if") && !declaration.contains('?') {
        return Vec::new();
    }
    // The declaration alone, in a class body: a whole file per method visited is too slow on
    // lang3's `ArrayUtils`. Its row r is the file's line `m.lines.0 + r - 1`.
    let code = format!("class M {{\n{declaration}\n}}");
    let Some(tree) = crate::java_model::parser().parse(&code, None) else { return Vec::new() };
    let file_line = |row: usize| (m.lines.0 + row).saturating_sub(1);
    let params: Vec<&str> = m.params.iter().map(|p| p.name.as_str()).collect();
    let mut branches = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        stack.extend(node.named_children(&mut node.walk()));
        if !matches!(node.kind(), "if_statement" | "ternary_expression") {
            continue;
        }
        if node.child_by_field_name("condition").is_some_and(|c| names_any(c, &code, &params)) {
            let sides = [node.child_by_field_name("consequence"), node.child_by_field_name("alternative")];
            let lines = sides
                .into_iter()
                .flatten()
                .map(|b| (file_line(b.start_position().row), file_line(b.end_position().row)));
            branches.extend(lines);
        }
    }
    branches
}

fn names_any(node: Node, code: &str, names: &[&str]) -> bool {
    (node.kind() == "identifier" && names.contains(&&code[node.byte_range()]))
        || node.named_children(&mut node.walk()).any(|c| names_any(c, code, names))
}

/// Whether a call's `api_key` is one of the JDK's random or clock calls; a qualified type
/// (`java.time.Instant.now`) by its simple name.
fn source_of(key: &str) -> Option<(String, bool)> {
    let simple = match key.rsplit_once('.') {
        Some((receiver, name)) if !key.starts_with("new ") => {
            format!("{}.{name}", receiver.rsplit('.').next().unwrap_or(receiver))
        }
        _ => key.to_string(),
    };
    let key = simple.as_str();
    let random = RANDOM.iter().any(|r| key.starts_with(r)) || RANDOM_CALLS.contains(&key);
    let now = key.strip_suffix(".now").is_some_and(|t| NOW.contains(&t));
    let clock = now || CLOCK.iter().any(|c| key.starts_with(c));
    (random || clock).then(|| (key.to_string(), clock))
}

/// A call on a parameter: a generator a caller hands in. Drawn from where the pair's method takes
/// none (lang3's `shuffle(array)` hands `shuffle(array, random)` a `new Random()`), not where it
/// takes one: a seed makes `shuffle(array, random)` repeatable.
fn on_a_parameter(m: &MethodModel, inv: &Invocation) -> bool {
    matches!(&inv.receiver, Receiver::Variable { name, is_field: false, .. } if m.params.iter().any(|p| &p.name == name))
}

/// A project method returning a random generator, which its caller draws from
/// (`AlgorithmFinder.getSecureRandom().nextBytes(rnd)`, whose receiver has no declared type).
fn hands_out_a_generator(m: &MethodModel) -> bool {
    m.return_type.as_deref().is_some_and(is_generator)
}

fn is_generator(type_name: &str) -> bool {
    GENERATORS.contains(&crate::java_model::types::erase_simple(type_name).as_str())
}

/// The project's methods a call may reach: of the own class for a call on it, of a project class
/// for a static call through its name or a call on a variable of its type.
fn callees<'p>(
    owner: &'p ClassModel,
    inv: &Invocation,
    project: &'p Project,
) -> Vec<(&'p ClassModel, &'p MethodModel)> {
    let class: Option<&ClassModel> = match &inv.receiver {
        Receiver::Implicit | Receiver::This | Receiver::OwnClass => Some(owner),
        Receiver::Type { name } => project.classes().find(|c| &c.name == name),
        Receiver::Variable { declared_type: Some(t), .. } => {
            let simple = crate::java_model::types::erase_simple(t);
            project.classes().find(|c| c.name == simple)
        }
        _ => None,
    };
    let Some(class) = class else { return Vec::new() };
    class.callees_of(inv).into_iter().map(|i| (class, &class.methods[i])).collect()
}

#[cfg(test)]
mod tests {
    use super::nondeterminism_text;
    use crate::java_model::{parse_str, Project};
    use std::path::Path;

    /// Password4j 1.8.2's path from `BcryptFunction#hash` to its `SecureRandom`, cut to the calls.
    const BCRYPT: &str = "package p;\npublic class BcryptFunction {\n    \
        public Hash hash(CharSequence plain) {\n        String salt = generateSalt(\"$2b$\", 10);\n        return hash(plain, salt);\n    }\n    \
        public Hash hash(CharSequence plain, String salt) {\n        return internalHash(plain, salt);\n    }\n    \
        private Hash internalHash(CharSequence plain, String salt) {\n        \
        if (salt == null) {\n            salt = generateSalt(\"$2b$\", 10);\n        }\n        return new Hash(plain + salt);\n    }\n    \
        private static String generateSalt(String prefix, int logRounds) {\n        \
        byte[] rnd = SaltGenerator.generate(16);\n        return prefix + rnd.length;\n    }\n}\n";
    const SALT: &str = "package p;\nclass SaltGenerator {\n    \
        static byte[] generate(int length) {\n        byte[] salt = new byte[length];\n        \
        AlgorithmFinder.getSecureRandom().nextBytes(salt);\n        return salt;\n    }\n}\n";
    const FINDER: &str = "package p;\nclass AlgorithmFinder {\n    \
        private static java.security.SecureRandom random = new java.security.SecureRandom();\n    \
        static java.security.SecureRandom getSecureRandom() {\n        return random;\n    }\n    \
        static long stamp() {\n        return java.time.Instant.now().toEpochMilli();\n    }\n    \
        static int pick(int[] values, java.util.Random random) {\n        return values[random.nextInt(values.length)];\n    }\n    \
        static int pick(int[] values) {\n        return pick(values, new java.util.Random());\n    }\n}\n";

    fn project() -> Project {
        let mut project = Project::default();
        for (name, code) in
            [("BcryptFunction.java", BCRYPT), ("SaltGenerator.java", SALT), ("AlgorithmFinder.java", FINDER)]
        {
            project.files.push(parse_str(Path::new(name), code));
        }
        project
    }

    #[test]
    fn a_method_reaching_a_secure_random_through_other_classes_is_said_not_deterministic() {
        let project = project();
        let class = project.classes().find(|c| c.name == "BcryptFunction").expect("BcryptFunction");
        let salted = class.methods.iter().find(|m| m.params.len() == 1).expect("hash(CharSequence)");
        let given_salt = class.methods.iter().find(|m| m.params.len() == 2).expect("hash(CharSequence, String)");
        let text = nondeterminism_text(class, &[(salted, &class.source), (given_salt, &class.source)], &project);
        let drawn =
            "`hash(CharSequence)` is not deterministic: it draws random values (`AlgorithmFinder.getSecureRandom`)";
        assert!(text.contains(drawn), "{text}");
        assert!(!text.contains("`hash(CharSequence, String)`"), "a salt drawn only where none is given: {text}");
        assert!(nondeterminism_text(class, &[(given_salt, &class.source)], &project).is_empty());
    }

    #[test]
    fn a_method_reading_the_clock_is_said_to_and_one_given_its_generator_is_not() {
        let project = project();
        let finder = project.classes().find(|c| c.name == "AlgorithmFinder").expect("AlgorithmFinder");
        let stamp = finder.methods.iter().find(|m| m.name == "stamp").expect("stamp()");
        let text = nondeterminism_text(finder, &[(stamp, &finder.source)], &project);
        assert!(text.contains("`stamp()` is not deterministic: it reads the clock (`Instant.now`)"), "{text}");
        let pick = |n: usize| finder.methods.iter().find(|m| m.name == "pick" && m.params.len() == n);
        let seeded = pick(2).expect("pick(int[], Random)");
        assert!(
            nondeterminism_text(finder, &[(seeded, &finder.source)], &project).is_empty(),
            "it draws from the generator it is given"
        );
        let unseeded = pick(1).expect("pick(int[])");
        let text = nondeterminism_text(finder, &[(unseeded, &finder.source)], &project);
        assert!(text.contains("`pick(int[])` is not deterministic"), "it gives a generator of its own: {text}");
    }
}
