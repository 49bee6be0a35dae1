//! Validation rules of a form's questions (`FormApp.createTextValidation()` ... `build()`,
//! `item.setValidation(rule)`): what each builder method asks, and whether a person's
//! answer passes. A failed answer is refused with the rule's help text, or the form's
//! own text for the rule when it has none (assumed texts; the form shows them beside
//! the question). A script's `createResponse` is not checked (assumed).

use serde::{Deserialize, Serialize};

use super::items::{Answer, Item, ItemKind};
use crate::{ServiceError, ServiceResult};

/// A comparison of a number answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NumberOp {
    Any,
    Whole,
    Between,
    NotBetween,
    EqualTo,
    NotEqualTo,
    GreaterThan,
    GreaterThanOrEqualTo,
    LessThan,
    LessThanOrEqualTo,
}

/// A regular expression test of a text answer (RE2 syntax, documented).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PatternOp {
    Contains,
    DoesNotContain,
    Matches,
    DoesNotMatch,
}

/// What a rule asks of an answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Rule {
    /// A builder nothing was asked of yet.
    #[default]
    Nothing,
    Number {
        op: NumberOp,
        a: f64,
        b: f64,
    },
    Pattern {
        op: PatternOp,
        pattern: String,
    },
    Email,
    Url,
    Length {
        min: Option<i64>,
        max: Option<i64>,
    },
    /// Checkboxes chosen: at least, at most or exactly `n` (`select` is `at_least` ...).
    Select {
        select: String,
        n: i64,
    },
    OnePerColumn,
}

/// A rule and its help text: a builder's state and the built rule alike.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Validation {
    pub rule: Rule,
    #[serde(default)]
    pub help_text: String,
}

/// A builder method's change (`requireNumberBetween(1, 10)`); `numbers` and `text` are its
/// arguments. An unknown name is gas-sim's bug (the binding declares only these).
pub fn apply(validation: &mut Validation, name: &str, numbers: &[f64], text: &str) -> ServiceResult<()> {
    let (a, b) = (numbers.first().copied().unwrap_or(f64::NAN), numbers.get(1).copied().unwrap_or(f64::NAN));
    let number = |op| Rule::Number { op, a, b };
    let pattern = |op| Rule::Pattern { op, pattern: text.to_string() };
    let (min, max) = match &validation.rule {
        Rule::Length { min, max } => (*min, *max),
        _ => (None, None),
    };
    validation.rule = match name {
        "setHelpText" => {
            validation.help_text = text.to_string();
            return Ok(());
        }
        "requireNumber" => number(NumberOp::Any),
        "requireWholeNumber" => number(NumberOp::Whole),
        "requireNumberBetween" => number(NumberOp::Between),
        "requireNumberNotBetween" => number(NumberOp::NotBetween),
        "requireNumberEqualTo" => number(NumberOp::EqualTo),
        "requireNumberNotEqualTo" => number(NumberOp::NotEqualTo),
        "requireNumberGreaterThan" => number(NumberOp::GreaterThan),
        "requireNumberGreaterThanOrEqualTo" => number(NumberOp::GreaterThanOrEqualTo),
        "requireNumberLessThan" => number(NumberOp::LessThan),
        "requireNumberLessThanOrEqualTo" => number(NumberOp::LessThanOrEqualTo),
        "requireTextContainsPattern" => pattern(PatternOp::Contains),
        "requireTextDoesNotContainPattern" => pattern(PatternOp::DoesNotContain),
        "requireTextMatchesPattern" => pattern(PatternOp::Matches),
        "requireTextDoesNotMatchPattern" => pattern(PatternOp::DoesNotMatch),
        "requireTextIsEmail" => Rule::Email,
        "requireTextIsUrl" => Rule::Url,
        "requireTextLengthGreaterThanOrEqualTo" => Rule::Length { min: Some(a as i64), max },
        "requireTextLengthLessThanOrEqualTo" => Rule::Length { min, max: Some(a as i64) },
        "requireSelectAtLeast" | "requireSelectAtMost" | "requireSelectExactly" => {
            Rule::Select { select: name["requireSelect".len()..].to_string(), n: a as i64 }
        }
        "requireLimitOneResponsePerColumn" => Rule::OnePerColumn,
        _ => return Err(ServiceError::unimplemented(name)),
    };
    if let Rule::Pattern { pattern, .. } = &validation.rule {
        compile(pattern)?;
    }
    Ok(())
}

/// Patterns longer than this are refused (gas-sim's bound on a compiled regex).
pub const PATTERN_CHARS_MAX: usize = 1_000;
pub const BAD_PATTERN: &str = "Invalid data updating form.";

fn compile(pattern: &str) -> ServiceResult<regex::Regex> {
    if pattern.chars().count() > PATTERN_CHARS_MAX {
        return Err(ServiceError::new(BAD_PATTERN));
    }
    regex::RegexBuilder::new(&crate::re2::for_regex_crate(pattern))
        .size_limit(1 << 20)
        .build()
        .map_err(|_| ServiceError::new(BAD_PATTERN))
}

/// Whether a rule fits an item: text rules on text and paragraph items (numbers, email
/// and URL on text items only), select on checkboxes, one per column on grids.
pub fn fits(rule: &Rule, kind: ItemKind) -> bool {
    match rule {
        Rule::Nothing => true,
        Rule::Number { .. } | Rule::Email | Rule::Url => kind == ItemKind::Text,
        Rule::Pattern { .. } | Rule::Length { .. } => matches!(kind, ItemKind::Text | ItemKind::ParagraphText),
        Rule::Select { .. } => kind == ItemKind::Checkbox,
        Rule::OnePerColumn => matches!(kind, ItemKind::Grid | ItemKind::CheckboxGrid),
    }
}

impl Validation {
    /// Why a person's `answer` to `item` fails the rule (the text the form shows), else
    /// `None`. The defaults are assumed texts.
    pub fn refusal(&self, item: &Item, answer: &Answer) -> Option<String> {
        if self.passes(answer) {
            return None;
        }
        let text = if self.help_text.is_empty() { default_text(&self.rule) } else { self.help_text.clone() };
        Some(format!("{:?}: {text}", item.title))
    }

    fn passes(&self, answer: &Answer) -> bool {
        let text = match answer {
            Answer::Text(text) => text.as_str(),
            Answer::List(values) => return self.passes_list(values),
            Answer::Grid(rows) => return self.passes_grid(rows),
        };
        match &self.rule {
            Rule::Number { op, a, b } => text.trim().parse::<f64>().is_ok_and(|x| number_passes(*op, x, *a, *b)),
            Rule::Pattern { op, pattern } => compile(pattern).is_ok_and(|re| pattern_passes(*op, &re, text)),
            Rule::Email => is_email(text),
            Rule::Url => is_url(text),
            Rule::Length { min, max } => {
                let n = text.chars().count() as i64;
                min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
            }
            _ => true,
        }
    }

    fn passes_list(&self, values: &[String]) -> bool {
        let chosen = values.iter().filter(|v| !v.is_empty()).count() as i64;
        match &self.rule {
            Rule::Select { select, n } => match select.as_str() {
                "AtLeast" => chosen >= *n,
                "AtMost" => chosen <= *n,
                _ => chosen == *n,
            },
            Rule::OnePerColumn => {
                let filled: Vec<&String> = values.iter().filter(|v| !v.is_empty()).collect();
                filled.iter().enumerate().all(|(i, v)| !filled[..i].contains(v))
            }
            _ => true,
        }
    }

    fn passes_grid(&self, rows: &[Vec<String>]) -> bool {
        match &self.rule {
            Rule::OnePerColumn => {
                let all: Vec<&String> = rows.iter().flatten().collect();
                all.iter().enumerate().all(|(i, v)| !all[..i].contains(v))
            }
            _ => true,
        }
    }
}

fn number_passes(op: NumberOp, x: f64, a: f64, b: f64) -> bool {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    match op {
        NumberOp::Any => true,
        NumberOp::Whole => x.fract() == 0.0,
        NumberOp::Between => (low..=high).contains(&x),
        NumberOp::NotBetween => !(low..=high).contains(&x),
        NumberOp::EqualTo => x == a,
        NumberOp::NotEqualTo => x != a,
        NumberOp::GreaterThan => x > a,
        NumberOp::GreaterThanOrEqualTo => x >= a,
        NumberOp::LessThan => x < a,
        NumberOp::LessThanOrEqualTo => x <= a,
    }
}

fn pattern_passes(op: PatternOp, re: &regex::Regex, text: &str) -> bool {
    let whole = || re.find(text).is_some_and(|m| m.start() == 0 && m.end() == text.len());
    match op {
        PatternOp::Contains => re.is_match(text),
        PatternOp::DoesNotContain => !re.is_match(text),
        PatternOp::Matches => whole(),
        PatternOp::DoesNotMatch => !whole(),
    }
}

/// `name@host.tld`, no spaces (assumed; the form's check is not documented).
fn is_email(text: &str) -> bool {
    let Some((local, host)) = text.trim().split_once('@') else { return false };
    !local.is_empty()
        && host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && !text.trim().contains(char::is_whitespace)
        && !host.contains('@')
}

/// `http://` or `https://` and a host (assumed).
fn is_url(text: &str) -> bool {
    let text = text.trim();
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"));
    rest.is_some_and(|r| !r.is_empty() && !r.starts_with('/') && !text.contains(char::is_whitespace))
}

/// The form's text for a failed rule without help text (assumed wording).
fn default_text(rule: &Rule) -> String {
    match rule {
        Rule::Number { .. } => "Must be a number matching the rule".into(),
        Rule::Pattern { .. } => "Must match the pattern".into(),
        Rule::Email => "Must be an email".into(),
        Rule::Url => "Must be a URL".into(),
        Rule::Length { .. } => "Must have the allowed number of characters".into(),
        Rule::Select { select, n } => format!("Must select {select} {n} options"),
        Rule::OnePerColumn => "Please don't select more than one response per column".into(),
        Rule::Nothing => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn built(steps: &[(&str, &[f64], &str)]) -> Validation {
        let mut v = Validation::default();
        for (name, numbers, text) in steps {
            apply(&mut v, name, numbers, text).unwrap();
        }
        v
    }

    fn text(s: &str) -> Answer {
        Answer::Text(s.into())
    }

    #[test]
    fn number_rules_read_the_answer_as_a_number() {
        let between = built(&[("requireNumberBetween", &[10.0, 1.0], ""), ("setHelpText", &[], "1 to 10")]);
        assert!(between.passes(&text("5")) && between.passes(&text(" 10 ")));
        let item = Item { title: "Seats".into(), ..Item::new(1, ItemKind::Text) };
        assert_eq!(between.refusal(&item, &text("11")).unwrap(), "\"Seats\": 1 to 10");
        assert!(!between.passes(&text("five")));
        assert!(built(&[("requireWholeNumber", &[], "")]).passes(&text("3")));
        assert!(!built(&[("requireWholeNumber", &[], "")]).passes(&text("3.5")));
        assert!(built(&[("requireNumberGreaterThan", &[2.0], "")]).passes(&text("3")));
    }

    #[test]
    fn text_rules_patterns_lengths_email_and_url() {
        let contains = built(&[("requireTextContainsPattern", &[], "[0-9]+")]);
        assert!(contains.passes(&text("room 12")) && !contains.passes(&text("room")));
        let matches = built(&[("requireTextMatchesPattern", &[], "[A-Z]{3}-[0-9]+")]);
        assert!(matches.passes(&text("ABC-1")) && !matches.passes(&text("xABC-1")));
        let length = built(&[
            ("requireTextLengthGreaterThanOrEqualTo", &[2.0], ""),
            ("requireTextLengthLessThanOrEqualTo", &[4.0], ""),
        ]);
        assert!(length.passes(&text("abc")) && !length.passes(&text("a")) && !length.passes(&text("abcde")));
        let email = built(&[("requireTextIsEmail", &[], "")]);
        assert!(email.passes(&text("ana@example.com")) && !email.passes(&text("ana@")));
        assert!(built(&[("requireTextIsUrl", &[], "")]).passes(&text("https://example.com/x")));
        let mut bad = Validation::default();
        assert_eq!(apply(&mut bad, "requireTextMatchesPattern", &[], "(").unwrap_err().message, BAD_PATTERN);
    }

    #[test]
    fn checkbox_and_grid_rules_count_choices() {
        let two = built(&[("requireSelectAtMost", &[2.0], "")]);
        assert!(two.passes(&Answer::List(vec!["a".into(), "b".into()])));
        assert!(!two.passes(&Answer::List(vec!["a".into(), "b".into(), "c".into()])));
        let one = built(&[("requireLimitOneResponsePerColumn", &[], "")]);
        assert!(one.passes(&Answer::List(vec!["x".into(), "y".into()])));
        assert!(!one.passes(&Answer::List(vec!["x".into(), "x".into()])));
        assert!(fits(&one.rule, ItemKind::Grid) && !fits(&one.rule, ItemKind::Text));
        assert!(!fits(&Rule::Email, ItemKind::ParagraphText));
    }
}
