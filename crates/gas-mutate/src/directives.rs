//! `// gas-sim disable next-line` comments: mutants the user chose not to count.
//!
//! ```text
//! // gas-sim disable next-line DropLockCall, EmptyCatch: the lock is belt and braces
//! // gas-sim disable next-line: logging only
//! ```
//! The first form disables the named operators on the next line, the second every
//! operator there. A mutant is ignored when it starts on that line. Only `//` comments
//! count (a directive-looking text inside a string is a string).

use crate::operators::OPERATOR_NAMES;
use crate::tokens::tokenize;
use crate::{Mutant, Position};

const PREFIX: &str = "gas-sim disable next-line";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The line of the comment (1-based).
    pub comment_line: u32,
    /// The line it disables: the one after the comment.
    pub line: u32,
    /// The named mutators; None disables all of them.
    pub mutators: Option<Vec<String>>,
    /// The text after `:`, trimmed (empty when there is none).
    pub reason: String,
}

/// Every disable directive in `text`, in source order.
pub fn disabled(text: &str) -> Vec<Directive> {
    let tokens = tokenize(text);
    tokens
        .comments
        .iter()
        .filter(|c| c.line)
        .filter_map(|c| {
            let body = text[c.start + 2..c.end].trim();
            let rest = body.strip_prefix(PREFIX)?;
            // `gas-sim disable next-lines` is not the directive.
            if !(rest.is_empty() || rest.starts_with(':') || rest.starts_with(char::is_whitespace)) {
                return None;
            }
            let (names, reason) = rest.split_once(':').unwrap_or((rest, ""));
            let names: Vec<String> = names
                .split(|ch: char| ch == ',' || ch.is_whitespace())
                .filter(|n| !n.is_empty())
                .map(String::from)
                .collect();
            let comment_line = Position::of(text, c.start).line;
            Some(Directive {
                comment_line,
                line: comment_line + 1,
                mutators: (!names.is_empty()).then_some(names),
                reason: reason.trim().to_string(),
            })
        })
        .collect()
}

/// Why `mutant` is ignored, if a directive covers it: the directive's reason, or a
/// pointer to the comment when it gave none.
pub fn ignore_reason(directives: &[Directive], mutant: &Mutant) -> Option<String> {
    directives
        .iter()
        .find(|d| {
            d.line == mutant.start.line && d.mutators.as_ref().is_none_or(|names| names.contains(&mutant.mutator))
        })
        .map(|d| {
            if d.reason.is_empty() {
                format!("disabled by the `// {PREFIX}` comment on line {}", d.comment_line)
            } else {
                d.reason.clone()
            }
        })
}

/// Mutator names in directives that no operator has: (comment line, name).
pub fn unknown_mutators(directives: &[Directive]) -> Vec<(u32, String)> {
    directives
        .iter()
        .flat_map(|d| d.mutators.iter().flatten().map(move |n| (d.comment_line, n)))
        .filter(|(_, n)| !OPERATOR_NAMES.contains(&n.as_str()))
        .map(|(line, n)| (line, n.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "\
// gas-sim disable next-line DropLockCall, EmptyCatch: belt and braces
lock.waitLock(1000);
  // gas-sim disable next-line: logging only
console.log(a < b);
x = '// gas-sim disable next-line';
// gas-sim disable next-line Equality
y = a < b; // gas-sim disable next-lines
";

    #[test]
    fn parses_directives() {
        let d = disabled(SRC);
        assert_eq!(
            d,
            [
                Directive {
                    comment_line: 1,
                    line: 2,
                    mutators: Some(vec!["DropLockCall".into(), "EmptyCatch".into()]),
                    reason: "belt and braces".into()
                },
                Directive { comment_line: 3, line: 4, mutators: None, reason: "logging only".into() },
                Directive { comment_line: 6, line: 7, mutators: Some(vec!["Equality".into()]), reason: String::new() },
            ]
        );
        assert_eq!(unknown_mutators(&d), [(6, "Equality".to_string())]);
    }

    #[test]
    fn ignores_mutants_starting_on_the_target_line() {
        let d = disabled(SRC);
        let at = |needle: &str, mutator: &str| {
            let start = SRC.find(needle).unwrap();
            Mutant::new("t.gs", SRC, mutator, start, start + needle.len(), String::new())
        };
        assert_eq!(ignore_reason(&d, &at("lock.waitLock(1000)", "DropLockCall")).as_deref(), Some("belt and braces"));
        assert_eq!(ignore_reason(&d, &at("lock.waitLock(1000)", "NumericConstant")), None);
        assert_eq!(ignore_reason(&d, &at("a < b);", "EqualityOperator")).as_deref(), Some("logging only"));
        assert_eq!(ignore_reason(&d, &at("'// gas", "StringLiteral")), None);
        let y = at("y = a", "Equality");
        assert_eq!(
            ignore_reason(&d, &y).as_deref(),
            Some("disabled by the `// gas-sim disable next-line` comment on line 6")
        );
    }
}
