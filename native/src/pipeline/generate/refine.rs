//! The paper's refinement, cheap repairs first: a candidate that does not compile gets imports for
//! its unresolved names, a receiver for the calls written without one, or its String/byte[]
//! mix-ups converted (static repairs: no LLM round spent on what a static fix solves); then the
//! LLM gets the compiler's or the run's feedback, up to `refinementRounds` times and only while
//! the errors change; then the test methods that still do not compile are dropped and the rest of
//! the class lives; then a class that compiled before a refinement broke it is judged as it was;
//! only then is it given up.

use super::candidate::{Candidate, Refinement, Status};
use super::compile_feedback::compile_feedback;
use super::GenerateRun;
use crate::error::CoreResult;
use crate::java_model::ClassModel;
use crate::protocol::{CompileDiagnostic, TestResult};

/// Conversion rounds per candidate (String/byte[], numbers): javac reports a mix-up behind a fixed one only
/// at the next compile, but a repair that keeps finding more is not getting anywhere.
const MAX_COERCIONS: u32 = 3;

/// Compile or run feedback shown to the LLM, at most this many entries.
pub(super) const FEEDBACK_ENTRIES: usize = 20;

impl GenerateRun {
    /// The paper's refinement: compile or run feedback back to the LLM, one round per call.
    pub(super) fn refine_all(&mut self) -> CoreResult<()> {
        let ids: Vec<usize> = self.candidates.iter().filter(|c| c.needs_refinement.is_some()).map(|c| c.id).collect();
        for &i in &ids {
            let asked = self.candidates[i].needs_refinement.take().unwrap_or_default();
            let c = &self.candidates[i];
            let repaired = c.code.as_deref().filter(|code| c.replied_code.as_deref() != Some(*code));
            let message = self.prompter().refinement(&asked, &c.class_name, repaired)?;
            let c = &mut self.candidates[i];
            c.conversation.push(message);
            c.refined = true;
            c.refinements += 1;
        }
        let calls = ids.iter().map(|&i| self.call(&self.candidates[i], "refinement")).collect();
        let replies = self.complete(calls);
        for (i, reply) in ids.into_iter().zip(replies) {
            self.take_reply(i, reply);
        }
        Ok(())
    }

    /// Static repairs first, then the LLM while rounds are left and the errors change, then dropping the
    /// test methods that do not compile, then give up.
    pub(super) fn compile_failed(&mut self, i: usize, diagnostics: &[CompileDiagnostic]) {
        let (rounds, can_refine) = (self.settings.refinement_rounds, self.llm_writes(i));
        self.candidates[i].diagnostics = diagnostics.to_vec();
        let repaired = self.static_repair(i, diagnostics);
        let c = &mut self.candidates[i];
        // A class a repair wrote before came back to the same errors: repairing again would loop.
        if let Some(fixed) = repaired.filter(|fixed| c.first_repair_to(fixed)) {
            c.code = Some(fixed);
            // Without it an LLM round would go now: the next trial says whether it was saved.
            c.static_repair_pending = can_refine && c.refinements < rounds;
            return; // tried again at the next trial, without an LLM round
        }
        let code = c.code.as_deref().unwrap_or_default();
        let feedback = compile_feedback(diagnostics, code, c.target.class(&self.project));
        if can_refine && c.wants_refinement(rounds, &feedback) {
            let feedback = match c.runaway.take() {
                Some(unit) => format!("{feedback}\n{}", runaway_feedback(&unit)),
                None => feedback,
            };
            c.needs_refinement =
                Some(Refinement { problem: "does not compile".into(), feedback, keyed_feedback: None });
            return;
        }
        if c.prune(diagnostics) || c.fall_back_to_compiled() {
            return;
        }
        c.drop(Status::DidNotCompile);
    }
}

impl GenerateRun {
    /// The static repairs in order, the first that applies: imports for unresolved names, a static
    /// import for a static field of the class under test written alone, a concrete type where the
    /// reply wrote the class under test's type variable, a receiver for the class under test's
    /// methods called without one, through the class or on an undeclared local, or on its own
    /// argument or another project class (`phoneNumber.format(E164)`), a static import for a JDK
    /// list factory written alone (`asList`), a project method written as a field, a getter called
    /// by its property's name (or the reverse), a private field read where its getter is public, a
    /// constructor given number literals it has no arity for, a lambda where a project interface
    /// that is no functional interface goes, a private constructor called, a private nested class
    /// created, a constructor given arguments only a factory takes, a builder factory the class
    /// lacks where it nests a `Builder`, a creation without arguments where no constructor takes
    /// none (the built-in generator's instance instead), an abstract class created (the project's,
    /// or the JDK's through its standard implementation), an anonymous class missing methods of its
    /// project type, a diamond javac inferred as `Object` in a receiver, an array passed alone
    /// where the method takes an array, an offset and a length, a local declared twice, an output
    /// declared `Object` passed where its method's own type goes, a made-up method name or constant
    /// (last: the least certain), String/byte[] and lossy numeric conversions. Each is checked by
    /// the next compile.
    pub(super) fn static_repair(&mut self, i: usize, diagnostics: &[CompileDiagnostic]) -> Option<String> {
        let code = self.candidates[i].code.clone().unwrap_or_default();
        if let Some(fixed) = self.imports.repair(&code, diagnostics) {
            self.candidates[i].import_repaired = true;
            return Some(fixed);
        }
        let class = self.candidates[i].target.class(&self.project);
        let class_named = |name: &str| class_named(&self.project, class, name);
        let fresh = || crate::builtin::fresh_instance(class, &self.project, &self.tests);
        // Tried in order; the first that applies is the one made.
        type Repair<'r> = (&'r dyn Fn() -> Option<String>, &'r str);
        let subclasses = |of: &ClassModel| self.project.subtypes_by_distance(of);
        let fresh_of = |of: &ClassModel| crate::builtin::fresh_instance(of, &self.project, &self.tests);
        let repairs: [Repair; 24] = [
            (
                &|| crate::mtc::static_field_imports(&code, diagnostics, class),
                "imported statically a constant of the class under test the reply wrote without its class",
            ),
            (
                &|| crate::mtc::type_variables(&code, diagnostics, class),
                "wrote a concrete type where the reply declared the class under test's type variable",
            ),
            (
                &|| crate::mtc::qualify(&code, diagnostics, class, &fresh),
                "called the class under test's methods on a receiver where the reply gave none, the class, or a local it never declared",
            ),
            (
                &|| crate::mtc::wrong_owner_calls(&code, diagnostics, class, &fresh),
                "called the class under test's method where the reply called it on its own argument or through another project class",
            ),
            (
                &|| crate::mtc::jdk_static_method_imports(&code, diagnostics, class),
                "imported statically a JDK list factory the reply called without its class (asList)",
            ),
            (
                &|| crate::mtc::accessor_calls(&code, diagnostics, &class_named),
                "called a method the reply wrote as a field",
            ),
            (
                &|| crate::mtc::getter_name_calls(&code, diagnostics, &class_named),
                "called the getter the reply named by its property, or the property method it named as a getter",
            ),
            (
                &|| crate::mtc::getter_reads(&code, diagnostics, &class_named),
                "read a private field through its public getter",
            ),
            (
                &|| crate::mtc::constructor_arity(&code, diagnostics, &class_named),
                "cut or padded the numbers a constructor was given to the arity of one the class has",
            ),
            (
                &|| crate::mtc::non_functional_lambdas(&code, diagnostics, &class_named),
                "passed the instance a project interface offers where the reply wrote a lambda for it, which is no functional interface",
            ),
            (
                &|| crate::mtc::private_constructor(&code, diagnostics, &class_named, &fresh_of),
                "built through the class's static factory (or as the built-in generator does, where the constructor takes the class's private types) where the reply called a private constructor",
            ),
            (
                &|| crate::mtc::private_class_creation(&code, diagnostics, &class_named, &fresh_of),
                "built an instance of the nearest public superclass (as the built-in generator does) where the reply created a private nested class",
            ),
            (
                &|| crate::mtc::unfit_constructor(&code, diagnostics, &class_named),
                "built through the class's static factory taking the arguments the reply gave a constructor that takes others",
            ),
            (
                &|| crate::mtc::nested_builder(&code, diagnostics, &class_named),
                "created the class's nested Builder where the reply called a builder factory the class lacks",
            ),
            (
                &|| crate::mtc::default_instance(&code, diagnostics, &class_named, &fresh_of),
                "built the project class the reply created without arguments, which no constructor takes, as the built-in generator does",
            ),
            (
                &|| crate::mtc::abstract_creation(&code, diagnostics, &class_named, &subclasses),
                "built the abstract class the reply created through its one concrete subclass or factory",
            ),
            (
                &|| crate::mtc::standard_implementation(&code, diagnostics, &|name| class_named(name).is_some()),
                "built the JDK interface or abstract class the reply created through the JDK's own implementation",
            ),
            (
                &|| crate::mtc::anonymous_implementation(&code, diagnostics, &class_named),
                "completed an anonymous class with the methods its project type leaves abstract",
            ),
            (
                &|| crate::mtc::receiver_diamond(&code, diagnostics),
                "gave a diamond that a call is made on the type arguments the reply declared its result with",
            ),
            (
                &|| crate::mtc::whole_array_slices(&code, diagnostics, &class_named),
                "passed the whole array's slice (0, its length) where the reply passed an array alone to a method taking an array, an offset and a length",
            ),
            (
                &|| crate::mtc::redeclared_local(&code, diagnostics),
                "renamed a local the reply declared twice, from its second declaration on",
            ),
            (
                &|| crate::mtc::object_outputs(&code, diagnostics, class, &class_named),
                "gave an output the reply declared Object the type its method returns",
            ),
            (
                &|| crate::mtc::nearest_name_calls(&code, diagnostics, &class_named),
                "called the method whose name is nearest one the reply made up, taking the same arguments",
            ),
            (
                &|| crate::mtc::made_up_constants(&code, diagnostics, &class_named),
                "named one of the class's own constants where the reply made one up: the nearest name, else an enum's first",
            ),
        ];
        if let Some((fixed, note)) = repairs.iter().find_map(|(repair, note)| repair().map(|fixed| (fixed, *note))) {
            self.candidates[i].notes.push(note.into());
            return Some(fixed);
        }
        let is_size =
            |callee: &str, arity: usize, at: usize| crate::mtc::takes_a_size(&self.project, callee, arity, at);
        coerced(&mut self.candidates[i], &code, diagnostics, &is_size)
    }
}

/// The project's class a test names: by its qualified name, else by its simple name, the class
/// under test's package first.
fn class_named<'p>(
    project: &'p crate::java_model::Project,
    under_test: &ClassModel,
    name: &str,
) -> Option<&'p ClassModel> {
    if let Some(qualified) = project.classes().find(|c| c.qualified_name == name) {
        return Some(qualified);
    }
    // A nested class written through its outer class (`ByteString.LiteralByteString`) is named
    // by the end of its qualified name, as a simple name is by its last part.
    let suffix = format!(".{name}");
    let named: Vec<&ClassModel> = project.classes().filter(|c| c.qualified_name.ends_with(&suffix)).collect();
    match named.as_slice() {
        [only] => Some(only),
        _ => named.into_iter().find(|c| c.package == under_test.package),
    }
}

impl Candidate {
    /// Drop the test methods that do not compile (the rest of the class lives); false when an
    /// error sits outside them or none would be left.
    pub(super) fn prune(&mut self, diagnostics: &[CompileDiagnostic]) -> bool {
        let code = self.code.as_deref().unwrap_or("");
        let Some((pruned, dropped)) = crate::mtc::prune_methods(code, diagnostics) else { return false };
        self.notes.push(format!(
            "dropped {} test method(s) that did not compile: {}",
            dropped.len(),
            dropped.join(", ")
        ));
        self.pruned.extend(dropped);
        self.code = Some(pruned);
        true
    }

    /// A refinement round broke a class that compiled before (its relations failed), and no round
    /// is left to mend it: the earlier version goes back to the trial, rounds spent, so that its
    /// run is judged (triage, amplification) rather than the class given up as not compiling.
    /// Once: the earlier version compiled, so the next trial compiles it again.
    fn fall_back_to_compiled(&mut self) -> bool {
        let Some(earlier) = self.last_compiled.take() else { return false };
        self.notes.push(format!(
            "the last refinement did not compile ({} round(s) spent): fell back to the version that compiled before it",
            self.refinements
        ));
        self.code = Some(earlier);
        true
    }

    /// Another LLM round: while rounds are left and the errors are not those the last round was
    /// asked to fix (the model did not get further).
    pub(super) fn wants_refinement(&mut self, rounds: u32, feedback: &str) -> bool {
        if self.refinements >= rounds || self.last_feedback.as_deref() == Some(feedback) {
            return false;
        }
        self.last_feedback = Some(feedback.to_string());
        true
    }
}

/// The String/byte[] and lossy numeric mix-ups converted, and arrays passed where a size goes
/// (`mtc::coerce`), noted on the candidate.
fn coerced(
    c: &mut Candidate,
    code: &str,
    diagnostics: &[CompileDiagnostic],
    is_size: crate::mtc::SizeParameter,
) -> Option<String> {
    if c.coercions >= MAX_COERCIONS {
        return None;
    }
    let fixed = crate::mtc::coerce(code, diagnostics, is_size)?;
    c.coercions += 1;
    c.notes.push("converted where javac found one type for another (String/byte[] in UTF-8, a narrowing cast, a local given its call's type)".into());
    Some(fixed)
}

/// What the refinement adds for a reply that ran away: the compiler sees only the cut class.
fn runaway_feedback(unit: &str) -> String {
    format!(
        "Your answer repeated `{unit}` until it was cut off at the token limit, so the class ends unfinished. \
         Write the whole class again, with short literals and nothing repeated."
    )
}

/// The run's feedback without its data: each test, how it ended and what it threw.
pub(super) fn run_outline(tests: &[TestResult]) -> String {
    let lines: Vec<String> = tests
        .iter()
        .take(FEEDBACK_ENTRIES)
        .map(|t| format!("{} {} {}", t.name, t.status, t.exception_type.as_deref().unwrap_or("")))
        .collect();
    lines.join("\n")
}

/// Each test that did not pass, how it ended and where: the frames down to the test method's own
/// (JUnit's reflective callers below it say nothing), and for a frame of the test class the
/// statement at its line, which a small model cannot find by number alone.
pub(super) fn run_feedback(tests: &[TestResult], code: &str, test_class: &str) -> String {
    if tests.is_empty() {
        return "The test class ran no test method.".into();
    }
    let lines: Vec<&str> = code.lines().collect();
    let statement = |frame: &str| {
        let line = super::failing_step::test_line(frame, test_class)?;
        let text = lines.get(line.checked_sub(1)?)?.trim();
        Some(format!("\n        line {line}: {}", cut(text, STATEMENT_CHARS)))
    };
    let entries: Vec<String> = tests
        .iter()
        .take(FEEDBACK_ENTRIES)
        .map(|t| {
            let what = [t.exception_type.as_deref(), t.message.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(": ");
            let last_own = t.frames.iter().rposition(|f| super::failing_step::test_line(f, test_class).is_some());
            let shown = last_own.map_or(t.frames.len(), |i| i + 1);
            let frames: String =
                t.frames[..shown].iter().map(|f| format!("\n    at {f}{}", statement(f).unwrap_or_default())).collect();
            format!("{} {}: {what}{frames}", t.name, t.status)
        })
        .collect();
    entries.join("\n")
}

/// A statement quoted in the compile or run feedback, at most this many characters.
pub(super) const STATEMENT_CHARS: usize = 200;

/// `text` cut to `max` characters, on a character boundary, marked when cut.
pub(super) fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{} ...", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::run_feedback;
    use crate::protocol::{TestResult, TestStatus};

    #[test]
    fn a_class_is_named_simply_qualified_or_through_its_outer_class() {
        let src = "package com.google.protobuf;\npublic abstract class ByteString {\n    \
                   private static class LiteralByteString extends ByteString {}\n}\n";
        let mut project = crate::java_model::Project::new(&[]);
        project.files = vec![crate::java_model::parse_str(std::path::Path::new("ByteString.java"), src)];
        let under_test = project.classes().next().expect("ByteString").clone();
        let named = |name: &str| super::class_named(&project, &under_test, name).map(|c| c.qualified_name.clone());
        let nested = Some("com.google.protobuf.ByteString.LiteralByteString".to_string());
        assert_eq!(named("ByteString.LiteralByteString"), nested, "through its outer class");
        assert_eq!(named("LiteralByteString"), nested);
        assert_eq!(named("com.google.protobuf.ByteString.LiteralByteString"), nested);
        assert_eq!(named("teString"), None, "a whole name, not its end");
        assert_eq!(named("java.util.List"), None);
    }

    #[test]
    fn a_failed_assertion_is_shown_with_its_statement_and_without_junit_s_callers() {
        // The frames the worker sent for threeten-extra's PeriodDuration#plus, unseen-2's first run.
        let code = (1..=23).map(|_| "\n").collect::<String>()
            + "        assertEquals(source.plus(Duration.ofHours(2)), followUp);\n";
        let failed = TestResult {
            name: "mr1()".into(),
            status: TestStatus::Failed,
            duration_ms: 3,
            message: Some("expected: <PT2H> but was: <PT4H>".into()),
            exception_type: Some("org.opentest4j.AssertionFailedError".into()),
            frames: vec![
                "org.threeten.extra.PeriodDuration_plus_MTC2Test.mr1(PeriodDuration_plus_MTC2Test.java:24)".into(),
                "java.lang.reflect.Method.invoke(Method.java:569)".into(),
                "java.util.ArrayList.forEach(ArrayList.java:1511)".into(),
            ],
        };
        let feedback = run_feedback(&[failed], &code, "org.threeten.extra.PeriodDuration_plus_MTC2Test");
        let expected = "mr1() failed: org.opentest4j.AssertionFailedError: expected: <PT2H> but was: <PT4H>\n    \
            at org.threeten.extra.PeriodDuration_plus_MTC2Test.mr1(PeriodDuration_plus_MTC2Test.java:24)\n        \
            line 24: assertEquals(source.plus(Duration.ofHours(2)), followUp);";
        assert_eq!(feedback, expected);
    }

    #[test]
    fn frames_inside_the_class_under_test_stay_and_a_class_never_reached_keeps_all() {
        let thrown = |frames: Vec<String>| TestResult {
            name: "mr2()".into(),
            status: TestStatus::Failed,
            duration_ms: 1,
            message: None,
            exception_type: Some("java.lang.IllegalArgumentException".into()),
            frames,
        };
        let inside = vec!["com.acme.Hex.toDigit(Hex.java:9)".to_string(), "com.acme.T.mr2(T.java:2)".into()];
        let feedback =
            run_feedback(&[thrown(inside)], "class T {\n    void mr2() { Hex.decode(\"zz\"); }\n", "com.acme.T");
        assert!(
            feedback.contains("at com.acme.Hex.toDigit(Hex.java:9)\n    at com.acme.T.mr2(T.java:2)"),
            "{feedback}"
        );
        assert!(feedback.ends_with("line 2: void mr2() { Hex.decode(\"zz\"); }"), "{feedback}");
        let elsewhere =
            vec!["com.acme.Hex.toDigit(Hex.java:9)".to_string(), "java.lang.Thread.run(Thread.java:1)".into()];
        let feedback = run_feedback(&[thrown(elsewhere)], "", "com.acme.T");
        assert!(feedback.ends_with("at java.lang.Thread.run(Thread.java:1)"), "{feedback}");
    }
}
