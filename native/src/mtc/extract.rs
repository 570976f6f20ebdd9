//! The Java code of a reply, however the model wrapped it: one or several fenced blocks, a fence
//! without a language, no fence at all, prose around it, or a reply cut off mid-class (a small
//! model at its `maxTokens` stops inside a string or a call: such a class is cut back to its last
//! complete member, since no repair can finish the member it was writing).

/// The most likely test class in `reply`; if the reply was cut off, the class up to its last
/// complete member (or, when none is complete, with its braces closed).
pub fn extract_java(reply: &str) -> Option<String> {
    let blocks = fenced_blocks(reply);
    let code = if blocks.is_empty() {
        unfenced(reply)?
    } else {
        let candidates: Vec<&String> = blocks.iter().filter(|b| b.contains("class ")).collect();
        let best = candidates.into_iter().max_by_key(|b| (b.matches("@Test").count(), b.len()))?;
        best.clone()
    };
    let code = code.trim();
    if open_braces(code) > 0 {
        if let Some(cut) = cut_to_last_complete_member(code) {
            return Some(cut);
        }
    }
    Some(balance_braces(code))
}

/// A cut-off class up to the end of its last member that parsed whole, closed: the member the
/// reply stopped in is left out. Only when that end is directly inside the top-level class.
fn cut_to_last_complete_member(code: &str) -> Option<String> {
    let tree = crate::java_model::parser().parse(code, None)?;
    let mut members = Vec::new();
    members_in_order(tree.root_node(), &mut members);
    // tree-sitter may wrap a cut-off class in an ERROR node: the members are still whole nodes.
    let end = members.iter().take_while(|m| !m.has_error()).last()?.end_byte();
    let kept = code.get(..end)?;
    (open_braces(kept) == 1).then(|| format!("{}\n}}", kept.trim_end()))
}

/// The class members of a tree in document order, not looking inside a member.
fn members_in_order<'t>(node: tree_sitter::Node<'t>, out: &mut Vec<tree_sitter::Node<'t>>) {
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        match child.kind() {
            "method_declaration" | "constructor_declaration" | "field_declaration" => out.push(child),
            _ => members_in_order(child, out),
        }
    }
}

/// What the model said around its code: the relation in words, for the report (at most `max`
/// characters, on one line).
pub fn prose(reply: &str, max: usize) -> String {
    let mut inside = false;
    let mut words = Vec::new();
    for line in reply.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
        } else if !inside && !line.trim().is_empty() {
            words.push(line.trim());
        }
    }
    let text = words.join(" ");
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

/// Contents of ``` fences; an unclosed last fence runs to the end (a truncated reply).
fn fenced_blocks(reply: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in reply.lines() {
        let fence = line.trim_start().starts_with("```");
        match (&mut current, fence) {
            (None, true) => current = Some(Vec::new()),
            (Some(lines), true) => {
                blocks.push(lines.join("\n"));
                current = None;
            }
            (Some(lines), false) => lines.push(line),
            (None, false) => {}
        }
    }
    if let Some(lines) = current {
        blocks.push(lines.join("\n"));
    }
    blocks
}

/// A reply with no fence: from the first line that starts Java to the last closing brace.
fn unfenced(reply: &str) -> Option<String> {
    let starts = ["package ", "import ", "public class ", "class ", "public final class ", "@"];
    let lines: Vec<&str> = reply.lines().collect();
    let first = lines.iter().position(|l| starts.iter().any(|s| l.trim_start().starts_with(s)))?;
    let code = lines[first..].join("\n");
    if !code.contains("class ") {
        return None;
    }
    let end = code.rfind('}').map_or(code.len(), |i| i + 1);
    Some(code[..end].to_string())
}

/// Close what a cut-off reply left open.
fn balance_braces(code: &str) -> String {
    let mut out = code.to_string();
    for _ in 0..open_braces(code).max(0) {
        out.push_str("\n}");
    }
    out
}

/// Braces opened and not closed, ignoring those in strings, characters and comments.
fn open_braces(code: &str) -> i32 {
    let mut depth = 0i32;
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {
                while let Some(d) = chars.next() {
                    if d == '\\' {
                        chars.next();
                    } else if d == c || d == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'/') => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                let mut prev = ' ';
                for d in chars.by_ref() {
                    if prev == '*' && d == '/' {
                        break;
                    }
                    prev = d;
                }
            }
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
    }
    depth
}

#[cfg(test)]
mod tests {
    use super::extract_java;

    #[test]
    fn picks_the_test_class_among_several_blocks() {
        let reply = "The class under test:\n```java\nclass Helper {}\n```\nThe test:\n```java\nclass T {\n @Test void a() {}\n}\n```\nDone.";
        assert_eq!(extract_java(reply).unwrap(), "class T {\n @Test void a() {}\n}");
    }

    #[test]
    fn takes_code_without_a_fence_and_drops_prose() {
        let reply = "Sure! Here it is:\nimport org.junit.Test;\npublic class T {\n}\nThis tests the round trip.";
        assert_eq!(extract_java(reply).unwrap(), "import org.junit.Test;\npublic class T {\n}");
    }

    #[test]
    fn closes_a_class_cut_off_in_its_first_member() {
        let reply = "```java\npublic class T {\n  @Test void a() {\n    String s = \"{\";\n    // }\n";
        let code = extract_java(reply).unwrap();
        assert!(code.ends_with("// }\n}\n}"), "{code}");
    }

    #[test]
    fn cuts_a_class_cut_off_mid_member_back_to_its_last_complete_member() {
        // As Qwen2.5-Coder-1.5B stops at maxTokens: inside a string literal of its third method.
        let reply = "```java\nimport org.junit.jupiter.api.Test;\n\npublic class T {\n    private static final int N = 2;\n\n    \
                     @Test\n    void mr1_input1() {\n        assertEquals(\"a\", f(\"a\"));\n    }\n\n    \
                     @Test\n    void mr1_input2() {\n        assertEquals(\"b\", f(\"b\"));\n    }\n\n    \
                     @Test\n    void mr1_input3() {\n        assertEquals(\"c\", f(\"c";
        let code = extract_java(reply).unwrap();
        assert!(code.ends_with("assertEquals(\"b\", f(\"b\"));\n    }\n}"), "{code}");
        assert!(!code.contains("mr1_input3") && code.contains("N = 2"), "{code}");
        let tree = crate::java_model::parser().parse(&code, None).unwrap();
        assert!(!tree.root_node().has_error(), "{code}");
    }

    #[test]
    fn a_reply_without_code_gives_nothing() {
        assert_eq!(extract_java("I cannot help with that."), None);
        assert_eq!(extract_java("```\nmvn test\n```"), None);
    }
}
