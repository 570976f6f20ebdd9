//! Method names as tokens: `encryptText` -> {encrypt, text}, `toURLString` -> {to, url, string},
//! `encodeBase64` -> {encode, base64}, `base64_to_bytes` -> {base64, to, bytes}.
//! Digits stay with the letters before them, so `Base64` is one token.

pub fn name_tokens(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut tokens = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' || c == '$' {
            flush(&mut current, &mut tokens);
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        let starts_word = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase() || p.is_ascii_digit() || (p.is_uppercase() && next.is_some_and(|n| n.is_lowercase()))
            });
        if starts_word {
            flush(&mut current, &mut tokens);
        }
        current.extend(c.to_lowercase());
    }
    flush(&mut current, &mut tokens);
    tokens
}

fn flush(current: &mut String, tokens: &mut Vec<String>) {
    if !current.is_empty() && !tokens.contains(current) {
        tokens.push(std::mem::take(current));
    }
    current.clear();
}

#[cfg(test)]
mod tests {
    use super::name_tokens;

    #[test]
    fn splits_camel_case_acronyms_digits_and_underscores() {
        assert_eq!(name_tokens("encryptText"), ["encrypt", "text"]);
        assert_eq!(name_tokens("toURLString"), ["to", "url", "string"]);
        assert_eq!(name_tokens("encodeBase64"), ["encode", "base64"]);
        assert_eq!(name_tokens("base64_to_bytes"), ["base64", "to", "bytes"]);
        assert_eq!(name_tokens("HTMLParser"), ["html", "parser"]);
        assert_eq!(name_tokens("isEmpty"), ["is", "empty"]);
        assert_eq!(name_tokens("X"), ["x"]);
    }
}
