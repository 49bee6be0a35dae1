//! Gmail's search language, the common part: `from:` `to:` `cc:` `bcc:` `subject:`
//! `label:` `is:unread|read|starred|unstarred|important|unimportant`
//! `in:inbox|trash|spam|sent|anywhere|starred`
//! `has:attachment|userlabels|nouserlabels` `newer_than:` `older_than:` (`Nd`, `Nm`,
//! `Ny`) `after:` `before:` (`newer:` `older:`; `YYYY/MM/DD`, `YYYY-MM-DD`,
//! `MM/DD/YYYY` at midnight in the script's zone, or epoch seconds), plain words,
//! "quoted phrases", `-` negation, `OR` (binding tighter than the implicit AND, as in
//! Gmail), `( )` groups and `{ }` OR-groups.
//!
//! Gmail never rejects a query: an operator it does not know, or a value it cannot
//! read, is searched as plain text. gas-sim does the same, so a typo finds nothing
//! rather than throwing. Words match whole words (case-insensitive) of the subject,
//! body, addresses and attachment names; address operators match a part of the header.

use chrono::NaiveDate;
use chrono_tz::Tz;

use super::{label_key, Message, QUERY_CHARS_MAX};
use crate::time::{local_to_utc_ms, MS_PER_DAY};
use crate::{ServiceError, ServiceResult};

/// Groups nest at most this deep (a guard on recursion; Gmail's own bound is unknown).
const DEPTH_MAX: usize = 16;

#[derive(Debug, Clone, PartialEq)]
pub enum Query {
    All(Vec<Query>),
    Any(Vec<Query>),
    Not(Box<Query>),
    Term(Term),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    Inbox,
    Trash,
    Sent,
    Drafts,
    Spam,
    Anywhere,
    Starred,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    /// Words that must follow each other (one word is a phrase of one).
    Phrase(Vec<String>),
    From(String),
    To(String),
    Cc(String),
    Bcc(String),
    Subject(Vec<String>),
    /// A label key (`label_key`).
    Label(String),
    Unread(bool),
    Starred(bool),
    Important(bool),
    In(Place),
    HasAttachment,
    HasUserLabels(bool),
    NewerThanMs(i64),
    OlderThanMs(i64),
    AfterUtcMs(i64),
    BeforeUtcMs(i64),
}

/// What matching needs besides the message: the account's address (`from:me`) and now.
pub struct Context<'a> {
    pub me: &'a str,
    pub now_utc_ms: i64,
}

/// Which messages a query looks at: the trash and Spam only when it names them
/// (`in:trash`, `in:spam`, `in:anywhere`), as in Gmail. Drafts are never searched: a
/// script reaches them through `getDrafts()` (`in:drafts` finds nothing: a
/// simplification, in docs/fidelity.md).
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope {
    trash: bool,
    spam: bool,
}

impl Scope {
    pub fn of(query: &Query) -> Scope {
        let mut scope = Scope::default();
        query.visit(&mut |term| match term {
            Term::In(Place::Trash) => scope.trash = true,
            Term::In(Place::Spam) => scope.spam = true,
            Term::In(Place::Anywhere) => (scope.trash, scope.spam) = (true, true),
            _ => {}
        });
        scope
    }

    pub fn admits(&self, message: &Message) -> bool {
        (self.trash || !message.trashed) && (self.spam || !message.spam)
    }
}

/// Lower-case words: runs of letters and digits.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

fn contains_phrase(haystack: &[String], phrase: &[String]) -> bool {
    // Punctuation alone (`!!!`) has no words: Gmail ignores it.
    phrase.is_empty() || haystack.windows(phrase.len()).any(|w| w == phrase)
}

impl Query {
    fn visit(&self, f: &mut impl FnMut(&Term)) {
        match self {
            Query::All(qs) | Query::Any(qs) => qs.iter().for_each(|q| q.visit(f)),
            Query::Not(q) => q.visit(f),
            Query::Term(t) => f(t),
        }
    }

    pub fn matches(&self, m: &Message, cx: &Context) -> bool {
        match self {
            Query::All(qs) => qs.iter().all(|q| q.matches(m, cx)),
            Query::Any(qs) => qs.iter().any(|q| q.matches(m, cx)),
            Query::Not(q) => !q.matches(m, cx),
            Query::Term(t) => t.matches(m, cx),
        }
    }
}

impl Term {
    fn matches(&self, m: &Message, cx: &Context) -> bool {
        let address = |header: &str, value: &str| {
            let value = if value == "me" { cx.me } else { value };
            header.to_lowercase().contains(value)
        };
        match self {
            Term::Phrase(phrase) => {
                let mut text = format!("{}\n{}\n{}\n{}\n{}", m.subject, m.body, m.from, m.to, m.cc);
                for a in &m.attachments {
                    text.push('\n');
                    text.push_str(&a.name);
                }
                contains_phrase(&words(&text), phrase)
            }
            Term::From(v) => address(&m.from, v),
            // Gmail's to: finds the account in Cc too.
            Term::To(v) => address(&m.to, v) || address(&m.cc, v),
            Term::Cc(v) => address(&m.cc, v),
            Term::Bcc(v) => address(&m.bcc, v),
            Term::Subject(phrase) => contains_phrase(&words(&m.subject), phrase),
            Term::Label(key) => m.labels.iter().any(|l| label_key(l) == *key),
            Term::Unread(unread) => m.unread == *unread,
            Term::Starred(starred) => m.starred == *starred,
            Term::Important(important) => m.important == *important,
            Term::In(Place::Inbox) => m.inbox && !m.discarded(),
            Term::In(Place::Trash) => m.trashed,
            Term::In(Place::Sent) => m.sent,
            Term::In(Place::Spam) => m.spam,
            // Drafts are not searched.
            Term::In(Place::Drafts) => false,
            Term::In(Place::Anywhere) => true,
            Term::In(Place::Starred) => m.starred,
            Term::HasAttachment => !m.attachments.is_empty(),
            Term::HasUserLabels(has) => m.labels.is_empty() != *has,
            Term::NewerThanMs(ms) => m.at_utc_ms > cx.now_utc_ms.saturating_sub(*ms),
            Term::OlderThanMs(ms) => m.at_utc_ms < cx.now_utc_ms.saturating_sub(*ms),
            Term::AfterUtcMs(at) => m.at_utc_ms >= *at,
            Term::BeforeUtcMs(at) => m.at_utc_ms < *at,
        }
    }
}

/// `newer_than:` / `older_than:` values: `2d`, `3m`, `1y`. A month is 30 days and a year
/// 365 (assumed: Gmail does not say).
pub fn relative_ms(value: &str) -> Option<i64> {
    let (number, unit) = value.split_at(value.len().checked_sub(1)?);
    let n: i64 = number.parse().ok().filter(|n| (0..=100_000).contains(n))?;
    let days = match unit.to_ascii_lowercase().as_str() {
        "d" => n,
        "m" => n * 30,
        "y" => n * 365,
        _ => return None,
    };
    Some(days * MS_PER_DAY)
}

/// `after:` / `before:` values: a date at local midnight in `zone`, or epoch seconds.
pub fn date_utc_ms(value: &str, zone: Tz) -> Option<i64> {
    if value.len() >= 9 && value.bytes().all(|b| b.is_ascii_digit()) {
        return value.parse::<i64>().ok().filter(|s| *s <= 253_402_300_799).map(|s| s * 1000);
    }
    let date = ["%Y/%m/%d", "%Y-%m-%d", "%m/%d/%Y"].iter().find_map(|f| NaiveDate::parse_from_str(value, f).ok())?;
    if !(1970..=9999).contains(&chrono::Datelike::year(&date)) {
        return None;
    }
    Some(local_to_utc_ms(zone, date.and_hms_opt(0, 0, 0)?))
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Open,
    Close,
    OpenAny,
    CloseAny,
    Or,
    /// A word or `op:value`, with whether it was negated and whether its value (or the
    /// whole of it) was quoted.
    Word {
        text: String,
        negated: bool,
        quoted: bool,
    },
    /// `-(`: a negated group.
    NotOpen,
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '(' => {
                chars.next();
                tokens.push(Token::Open);
            }
            ')' => {
                chars.next();
                tokens.push(Token::Close);
            }
            '{' => {
                chars.next();
                tokens.push(Token::OpenAny);
            }
            '}' => {
                chars.next();
                tokens.push(Token::CloseAny);
            }
            _ => {
                let mut negated = false;
                if c == '-' {
                    chars.next();
                    negated = true;
                    if chars.peek() == Some(&'(') {
                        chars.next();
                        tokens.push(Token::NotOpen);
                        continue;
                    }
                }
                let mut word = String::new();
                let mut quoted = false;
                while let Some(&c) = chars.peek() {
                    if c == '"' {
                        chars.next();
                        quoted = true;
                        for c in chars.by_ref() {
                            if c == '"' {
                                break;
                            }
                            word.push(c);
                        }
                        continue;
                    }
                    if c.is_whitespace() || "(){}".contains(c) {
                        break;
                    }
                    word.push(c);
                    chars.next();
                }
                if word == "OR" && !quoted && !negated {
                    tokens.push(Token::Or);
                } else if (word == "AND" && !quoted && !negated) || (word.is_empty() && !quoted) {
                    // AND is the default; a lone "-" is nothing.
                } else {
                    tokens.push(Token::Word { text: word, negated, quoted });
                }
            }
        }
    }
    tokens
}

/// Reads a query. Only its length is refused: everything else Gmail would search.
pub fn parse(text: &str, zone: Tz) -> ServiceResult<Query> {
    if text.chars().count() > QUERY_CHARS_MAX {
        // gas-sim's bound (assumed text).
        return Err(ServiceError::new("Invalid argument: query"));
    }
    let tokens = tokenize(text);
    let mut parser = Parser { tokens, at: 0, zone };
    Ok(Query::All(parser.sequence(0, None)))
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    zone: Tz,
}

impl Parser {
    /// Units until `end` (or the end of the query), ANDed by the caller.
    fn sequence(&mut self, depth: usize, end: Option<Token>) -> Vec<Query> {
        let mut units = Vec::new();
        while let Some(token) = self.tokens.get(self.at).cloned() {
            if Some(&token) == end.as_ref() {
                self.at += 1;
                break;
            }
            if matches!(token, Token::Close | Token::CloseAny | Token::Or) {
                // Unbalanced or dangling: Gmail ignores it.
                self.at += 1;
                continue;
            }
            let mut alternatives = vec![self.atom(depth)];
            while self.tokens.get(self.at) == Some(&Token::Or) {
                self.at += 1;
                match self.tokens.get(self.at) {
                    Some(Token::Word { .. } | Token::Open | Token::OpenAny | Token::NotOpen) => {
                        alternatives.push(self.atom(depth))
                    }
                    _ => break,
                }
            }
            units.push(if alternatives.len() == 1 { alternatives.remove(0) } else { Query::Any(alternatives) });
        }
        units
    }

    fn atom(&mut self, depth: usize) -> Query {
        let token = self.tokens[self.at].clone();
        self.at += 1;
        let deeper = depth + 1;
        if deeper > DEPTH_MAX && matches!(token, Token::Open | Token::OpenAny | Token::NotOpen) {
            // Too deep: the rest of the group is read flat.
            return Query::All(Vec::new());
        }
        match token {
            Token::Open => Query::All(self.sequence(deeper, Some(Token::Close))),
            Token::NotOpen => Query::Not(Box::new(Query::All(self.sequence(deeper, Some(Token::Close))))),
            Token::OpenAny => Query::Any(self.sequence(deeper, Some(Token::CloseAny))),
            Token::Word { text, negated, quoted } => {
                let term = self.term(&text, quoted);
                if negated {
                    Query::Not(Box::new(term))
                } else {
                    term
                }
            }
            Token::Close | Token::CloseAny | Token::Or => Query::All(Vec::new()),
        }
    }

    fn term(&self, text: &str, quoted: bool) -> Query {
        let plain = || Query::Term(Term::Phrase(words(text)));
        let Some((op, value)) = text.split_once(':') else { return plain() };
        if value.is_empty() || op.is_empty() {
            return plain();
        }
        let _ = quoted;
        let lower = value.to_lowercase();
        let term = match op.to_lowercase().as_str() {
            "from" => Term::From(lower),
            "to" => Term::To(lower),
            "cc" => Term::Cc(lower),
            "bcc" => Term::Bcc(lower),
            "subject" => Term::Subject(words(value)),
            "label" => match lower.as_str() {
                "inbox" => Term::In(Place::Inbox),
                "trash" => Term::In(Place::Trash),
                "sent" => Term::In(Place::Sent),
                "unread" => Term::Unread(true),
                "starred" => Term::Starred(true),
                "important" => Term::Important(true),
                "spam" => Term::In(Place::Spam),
                _ => Term::Label(label_key(value)),
            },
            "is" => match lower.as_str() {
                "unread" => Term::Unread(true),
                "read" => Term::Unread(false),
                "starred" => Term::Starred(true),
                "unstarred" => Term::Starred(false),
                "important" => Term::Important(true),
                "unimportant" => Term::Important(false),
                _ => return plain(),
            },
            "in" => match lower.as_str() {
                "inbox" => Term::In(Place::Inbox),
                "trash" => Term::In(Place::Trash),
                "sent" => Term::In(Place::Sent),
                "drafts" | "draft" => Term::In(Place::Drafts),
                "spam" => Term::In(Place::Spam),
                "anywhere" => Term::In(Place::Anywhere),
                "starred" => Term::In(Place::Starred),
                _ => return plain(),
            },
            "has" => match lower.as_str() {
                "attachment" => Term::HasAttachment,
                "userlabels" => Term::HasUserLabels(true),
                "nouserlabels" => Term::HasUserLabels(false),
                _ => return plain(),
            },
            "newer_than" => match relative_ms(&lower) {
                Some(ms) => Term::NewerThanMs(ms),
                None => return plain(),
            },
            "older_than" => match relative_ms(&lower) {
                Some(ms) => Term::OlderThanMs(ms),
                None => return plain(),
            },
            "after" | "newer" => match date_utc_ms(&lower, self.zone) {
                Some(at) => Term::AfterUtcMs(at),
                None => return plain(),
            },
            "before" | "older" => match date_utc_ms(&lower, self.zone) {
                Some(at) => Term::BeforeUtcMs(at),
                None => return plain(),
            },
            _ => return plain(),
        };
        Query::Term(term)
    }
}
