//! The messages of a candidate's conversation, from the templates in `prompts/`.

use super::candidate::{Refinement, ValueRequest};
use crate::builtin::CatalogueRelation;
use crate::context::PairContext;
use crate::error::CoreResult;
use crate::java_model::{ClassModel, MethodModel};
use crate::llm::Message;
use crate::mtc::JUnit;
use crate::prompt::Templates;

pub struct Prompter<'a> {
    pub templates: &'a Templates,
    pub junit: JUnit,
}

impl Prompter<'_> {
    /// The MTC template of the deliverable, with a class-stable name (the reply's class is renamed
    /// afterwards). It names the pair's own methods with their parameter types, `first` and
    /// `second`: a small model calls whatever methods an example names (`encode`, `decrypt`)
    /// whether the class has them or not, and picks overloads by name alone.
    fn deliverable(&self, class: &ClassModel, first: &str, second: &str) -> CoreResult<String> {
        let name = match self.junit {
            JUnit::Five => "junit5-template.java",
            JUnit::Four => "junit4-template.java",
        };
        let test_class = format!("{}MetamorphicTest", class.name);
        let vars =
            [("package", class.package.as_str()), ("test_class", &test_class), ("first", first), ("second", second)];
        self.templates.render(name, &vars)
    }

    /// The paper's Listing 4 for a coupled pair of `target` and `coupled`, with the `relations`
    /// the built-in catalogue finds for the pair, or for the target where it finds none for the
    /// pair.
    pub fn generation(
        &self,
        class: &ClassModel,
        (target, coupled): (&MethodModel, &MethodModel),
        context: &PairContext,
        relations: &CatalogueHint,
    ) -> CoreResult<Vec<Message>> {
        let template = self.deliverable(class, &target.signature(), &coupled.signature())?;
        let relations = relations_in_words(relations, &target.name, &coupled.name);
        let user = self.templates.render(
            "generation.md",
            &[
                ("class", &class.qualified_name),
                ("skeleton", &context.skeleton),
                ("template", &template),
                ("target_code", &context.target_code),
                ("coupled_code", &context.coupled_code),
                ("features", &context.features),
                ("relations", &relations),
                ("examples", &context.examples),
            ],
        )?;
        Ok(vec![Message::system(self.templates.render("system.md", &[])?), Message::user(user)])
    }

    /// The paper's baseline: no coupling analysis, `count` candidate relations for the target.
    pub fn baseline(
        &self,
        class: &ClassModel,
        target: &MethodModel,
        context: &PairContext,
        count: usize,
    ) -> CoreResult<Vec<Message>> {
        let template = self.deliverable(class, &target.signature(), &target.signature())?;
        let user = self.templates.render(
            "baseline.md",
            &[
                ("count", &count.to_string()),
                ("target", &target.signature()),
                ("class", &class.qualified_name),
                ("skeleton", &context.skeleton),
                ("template", &template),
                ("target_code", &context.target_code),
                ("examples", &context.examples),
            ],
        )?;
        Ok(vec![Message::system(self.templates.render("system.md", &[])?), Message::user(user)])
    }

    /// `count` relations of a target no other method is coupled to: each relates two calls of
    /// it. The paper's baseline prompt, asked so, got example tests from a small model (one call
    /// each, asserted against a literal: azagniotov's `isMatch`, unseen-35), which no mutant
    /// filter can tell from an MTC; this one says what a relation of one method is and how it
    /// differs from an example, with the catalogue's `relations` of the target where it has any.
    pub fn alone(
        &self,
        class: &ClassModel,
        target: &MethodModel,
        context: &PairContext,
        (count, relations): (usize, &[CatalogueRelation]),
    ) -> CoreResult<Vec<Message>> {
        let template = self.deliverable(class, &target.signature(), &target.signature())?;
        let relations = if relations.is_empty() {
            "None derived from the name and signature: find relations in the code.".to_string()
        } else {
            let lines: Vec<String> = relations.iter().map(relation_line).collect();
            format!("Derived by MR-Coupler's relation catalogue:\n{}", lines.join("\n"))
        };
        let user = self.templates.render(
            "alone.md",
            &[
                ("count", &count.to_string()),
                ("target", &target.signature()),
                ("class", &class.qualified_name),
                ("skeleton", &context.skeleton),
                ("template", &template),
                ("relations", &relations),
                ("target_code", &context.target_code),
                ("examples", &context.examples),
            ],
        )?;
        Ok(vec![Message::system(self.templates.render("system.md", &[])?), Message::user(user)])
    }

    /// Compile or run feedback for the class the model wrote (the paper's refinement). `repaired`
    /// is the class as it stands where static repairs changed it since the model's last reply:
    /// the feedback's lines are its lines, and a model shown only its own reply fixes that one,
    /// undoing the repairs.
    pub fn refinement(&self, asked: &Refinement, test_class: &str, repaired: Option<&str>) -> CoreResult<Message> {
        let repaired = match repaired {
            Some(code) => self.templates.render("refinement-repaired.md", &[("code", code)])?,
            None => String::new(),
        };
        let render = |feedback: &str| {
            let fields = [
                ("problem", asked.problem.as_str()),
                ("feedback", feedback),
                ("test_class", test_class),
                ("repaired", repaired.as_str()),
            ];
            self.templates.render("refinement.md", &fields)
        };
        let message = Message::user(render(&asked.feedback)?);
        Ok(match &asked.keyed_feedback {
            Some(keyed) => message.keyed_as(render(keyed)?),
            None => message,
        })
    }

    /// The paper's Listing 5: apply each MR to `count` new inputs.
    pub fn amplification(&self, count: usize, example_method: &str, test_class: &str) -> CoreResult<Message> {
        let text = self.templates.render(
            "amplification.md",
            &[("count", &count.to_string()), ("example_method", example_method), ("test_class", test_class)],
        )?;
        Ok(Message::user(text))
    }

    /// Once more for the amplified inputs that did not survive: `missing` is one line per
    /// relation, `dropped` the methods that did not compile.
    pub fn missing_inputs(
        &self,
        requested: usize,
        survived: usize,
        dropped: &[String],
        missing: &str,
        test_class: &str,
    ) -> CoreResult<Message> {
        let dropped = dropped_text(dropped);
        let text = self.templates.render(
            "amplification-missing.md",
            &[
                ("requested", &requested.to_string()),
                ("survived", &survived.to_string()),
                ("dropped", &dropped),
                ("missing", missing),
                ("test_class", test_class),
            ],
        )?;
        Ok(Message::user(text))
    }

    /// Once more for the missing inputs, as values of the relations' source inputs only: a line to
    /// fill per value, labelled with the kind of value it asks for (`builtin::value_kinds`).
    pub fn missing_values(
        &self,
        (requested, survived): (usize, usize),
        dropped: &[String],
        requests: &[ValueRequest],
    ) -> CoreResult<Message> {
        let dropped = dropped_text(dropped);
        let inputs: Vec<String> = requests
            .iter()
            .map(|q| {
                let (m, t, n) = (&q.method, &q.type_name, q.missing);
                let input = format!("- `{m}` takes the `{t}` `{}` as its source input", q.literal);
                match &q.built_from {
                    None => format!("{input}: {n} new value(s)"),
                    Some(b) => format!(
                        "{input}, built from the `{}` `{}`: {n} new value(s) of that `{}` (MR-Coupler builds each as \
                         `{}..{}`)",
                        b.type_name, b.literal, b.type_name, b.before, b.after
                    ),
                }
            })
            .collect();
        let lines: Vec<String> = requests.iter().flat_map(value_lines).collect();
        let text = self.templates.render(
            "amplification-values.md",
            &[
                ("requested", &requested.to_string()),
                ("survived", &survived.to_string()),
                ("dropped", &dropped),
                ("inputs", &inputs.join("\n")),
                ("lines", &lines.join("\n")),
            ],
        )?;
        Ok(Message::user(text))
    }
}

/// ` (dropped: mr1_input2, mr1_input3)`, or nothing when no test method was dropped.
fn dropped_text(dropped: &[String]) -> String {
    if dropped.is_empty() {
        String::new()
    } else {
        format!(" (dropped: {})", dropped.join(", "))
    }
}

/// `mr1 (empty):`, one line to fill per missing value, each kind of the type once before any
/// comes again (`another empty`).
fn value_lines(q: &ValueRequest) -> Vec<String> {
    let kinds = crate::builtin::value_kinds(&crate::java_model::types::erase_simple(&q.type_name));
    (0..q.missing)
        .map(|k| {
            let kind = kinds[k % kinds.len()];
            let again = if k >= kinds.len() { "another " } else { "" };
            format!("{} ({again}{kind}):", q.method)
        })
        .collect()
}

/// What the built-in catalogue knows for a pair's prompt: its relations for the pair, and, only
/// where it has none, its relations for the target with other methods.
pub struct CatalogueHint {
    pub of_pair: Vec<CatalogueRelation>,
    pub of_target: Vec<CatalogueRelation>,
}

/// The relations section of the generation prompt: one line each with its MTC's statements on one
/// input, or what to do without any. A small model states relations that do not hold far more
/// often than it writes code that does not compile; a relation derived from the pair's names and
/// signatures is the evidence it lacks, and the statements show it how the relation is checked.
fn relations_in_words(hint: &CatalogueHint, target: &str, coupled: &str) -> String {
    let listed = |relations: &[CatalogueRelation]| relations.iter().map(relation_line).collect::<Vec<_>>().join("\n");
    if !hint.of_pair.is_empty() {
        let lines = listed(&hint.of_pair);
        return format!("Derived from the pair's names and signatures by MR-Coupler's relation catalogue:\n{lines}");
    }
    if !hint.of_target.is_empty() {
        let lines = listed(&hint.of_target);
        return format!(
            "None derived for `{target}` with `{coupled}`. MR-Coupler's relation catalogue derives these for \
             `{target}` with other methods of the class; where you find no relation that holds between the \
             paired methods, implement one of these instead:\n{lines}"
        );
    }
    "None derived from the names and signatures: find relations in the code and the coupling features.".to_string()
}

/// `- `relation``, and where the catalogue wrote one, its MTC's statements on one input.
fn relation_line(found: &CatalogueRelation) -> String {
    match &found.example {
        Some(body) => format!("- `{}`, checked on one input as:\n```java\n{body}\n```", found.relation),
        None => format!("- `{}`", found.relation),
    }
}
