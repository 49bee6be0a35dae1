//! RE2 patterns as the `regex` crate reads them. The platform's text searches (Docs'
//! `findText`/`replaceText`, a Sheets TextFinder's `useRegularExpression`, Forms'
//! pattern validation) use RE2 (documented: "uses Google's RE2 regular expression
//! library"), whose syntax the `regex` crate shares but for one rule scripts lean on: RE2
//! reads a `{` that does not open a repetition (`{n}`, `{n,}`, `{n,m}`) as a plain `{`,
//! so `replaceText('{{name}}', ...)`, the placeholder of most mail-merge tutorials,
//! matches the text `{{name}}`; the `regex` crate refuses it. A `}` alone is plain in
//! both. Not for JavaScript's `RegExp` (boa's own engine).

use std::borrow::Cow;

/// `pattern` with every `{` RE2 reads as plain text escaped (`\{`), and every `}` that
/// closes no repetition escaped with it; the pattern itself when there is none.
pub fn for_regex_crate(pattern: &str) -> Cow<'_, str> {
    if !pattern.contains('{') {
        return Cow::Borrowed(pattern);
    }
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() + 8);
    let (mut i, mut in_class, mut changed) = (0, false, false);
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                // `\p{Greek}`, `\P{L}`, `\x{2014}`: the braces are the escape's own.
                let braced = matches!(chars.get(i + 1), Some('p' | 'P' | 'x')) && chars.get(i + 2) == Some(&'{');
                let end = match braced {
                    true => (i + 3..chars.len()).find(|&j| chars[j] == '}').map_or(chars.len(), |j| j + 1),
                    false => (i + 2).min(chars.len()),
                };
                out.extend(&chars[i..end]);
                i = end;
                continue;
            }
            '[' if !in_class => {
                in_class = true;
                out.push(c);
                // `[]...]` and `[^]...]`: a `]` first in a class is plain.
                if chars.get(i + 1) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                if chars.get(i + 1) == Some(&']') {
                    out.push(']');
                    i += 1;
                }
            }
            '[' if chars.get(i + 1) == Some(&':') => {
                // A POSIX class inside a class (`[[:alpha:]]`): copied whole.
                let end = (i + 2..chars.len().saturating_sub(1)).find(|&j| chars[j] == ':' && chars[j + 1] == ']');
                let end = end.map_or(i + 1, |j| j + 2);
                out.extend(&chars[i..end]);
                i = end;
                continue;
            }
            ']' if in_class => {
                in_class = false;
                out.push(c);
            }
            '{' if !in_class => match repetition_end(&chars, i) {
                Some(end) => {
                    out.extend(&chars[i..end]);
                    i = end;
                    continue;
                }
                None => {
                    out.push_str("\\{");
                    changed = true;
                }
            },
            '}' if !in_class => {
                out.push_str("\\}");
                changed = true;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(pattern)
    }
}

/// The index after a repetition `{n}`, `{n,}` or `{n,m}` that starts at `start`, as RE2
/// reads one (`{,m}` is none: plain text in RE2).
fn repetition_end(chars: &[char], start: usize) -> Option<usize> {
    let digits = |from: usize| chars[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = start + 1;
    let low = digits(i);
    if low == 0 {
        return None;
    }
    i += low;
    if chars.get(i) == Some(&',') {
        i += 1;
        i += digits(i);
    }
    (chars.get(i) == Some(&'}')).then_some(i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regex_matches(pattern: &str, text: &str) -> bool {
        regex::Regex::new(&for_regex_crate(pattern)).unwrap().is_match(text)
    }

    #[test]
    fn a_brace_that_opens_no_repetition_is_plain_text_as_in_re2() {
        assert_eq!(for_regex_crate("{{name}}"), "\\{\\{name\\}\\}");
        assert!(regex_matches("{{name}}", "Dear {{name}},"));
        assert!(regex_matches("a{,2}", "a{,2}"), "RE2 has no {{,m}}");
        assert!(regex_matches("x{2}y", "xxy") && !regex_matches("x{2}y", "x{2}y"), "a repetition stays one");
        assert!(regex_matches("x{2,}|z{1,3}", "zz"));
        assert!(regex_matches("\\{{1}", "{"), "an escaped brace, then a repetition");
        assert!(regex_matches("[{}]", "}"), "inside a class");
        assert!(regex_matches("[[:alpha:]]{2}", "ab"));
        assert!(regex_matches("\\p{Greek}+ {x}", "αβ {x}"), "a Unicode class keeps its braces");
        assert!(regex_matches("\\x{2A}\\P{L}{2}", "*12"));
        assert!(matches!(for_regex_crate("no braces"), Cow::Borrowed(_)));
        assert!(matches!(for_regex_crate("a{3}"), Cow::Borrowed(_)));
    }
}
