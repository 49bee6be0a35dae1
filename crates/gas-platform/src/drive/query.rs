//! The search language of `searchFiles(params)` / `searchFolders(params)`: Drive API v2
//! query terms (documented: "the Drive service uses v2 of the Drive API"), with the v3
//! names `name` / `modifiedTime` / `createdTime` read as `title` / `modifiedDate` /
//! `createdDate` (assumed). Supported: `title = 'x'`, `title != 'x'`, `title contains
//! 'x'`, `mimeType = / != / contains`, `trashed = true|false`, `'id' in parents`,
//! `modifiedDate` and `createdDate` with `= != < <= > >=` and an RFC 3339 date, joined by
//! `and`, `or`, `not` and parentheses. Any other term Drive has (`fullText`, `starred`,
//! `owners`, `properties`, ...) is a gap that names itself, never an empty result; text
//! that is no query is the platform's `Invalid argument: q` (observed text).

use chrono::{NaiveDate, NaiveDateTime};

use super::Item;
use crate::{ServiceError, ServiceResult};

/// Observed: the error DriveApp gives for a query Drive cannot parse.
pub const INVALID_QUERY_MESSAGE: &str = "Invalid argument: q";
/// Characters of a query gas-sim reads; terms in one query (gas-sim's own limits).
pub const QUERY_CHARS_MAX: usize = 8_192;
const TERMS_MAX: usize = 200;
const DEPTH_MAX: usize = 32;

/// Query terms Drive knows that gas-sim does not evaluate: each is a gap.
const UNSUPPORTED_FIELDS: &[&str] = &[
    "description",
    "fullText",
    "hidden",
    "lastViewedByMeDate",
    "lastViewedByMeTime",
    "modifiedByMeDate",
    "modifiedByMeTime",
    "owners",
    "properties",
    "readers",
    "sharedWithMe",
    "starred",
    "viewedByMeTime",
    "visibility",
    "writers",
];

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Term(Term),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    Name(Op, String),
    MimeType(Op, String),
    Trashed(Op, bool),
    InParents(String),
    Modified(Op, i64),
    Created(Op, i64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Contains,
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Text(String),
    Op(Op),
    Open,
    Close,
}

fn invalid() -> ServiceError {
    ServiceError::new(INVALID_QUERY_MESSAGE)
}

fn gap(what: &str) -> ServiceError {
    let unimplemented = ServiceError::unimplemented("DriveApp.searchFiles").message;
    ServiceError::new(format!("{unimplemented} with the query term {what}"))
}

fn tokens(text: &str) -> ServiceResult<Vec<Token>> {
    if text.chars().count() > QUERY_CHARS_MAX {
        return Err(invalid());
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            _ if c.is_whitespace() => i += 1,
            '(' | ')' => {
                out.push(if c == '(' { Token::Open } else { Token::Close });
                i += 1;
            }
            '\'' | '"' => {
                let mut value = String::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(invalid()),
                        Some('\\') => {
                            value.push(*chars.get(i + 1).ok_or_else(invalid)?);
                            i += 2;
                        }
                        Some(&q) if q == c => {
                            i += 1;
                            break;
                        }
                        Some(&other) => {
                            value.push(other);
                            i += 1;
                        }
                    }
                }
                out.push(Token::Text(value));
            }
            '=' => {
                out.push(Token::Op(Op::Eq));
                i += 1;
            }
            '!' | '<' | '>' => {
                let with_eq = chars.get(i + 1) == Some(&'=');
                let op = match (c, with_eq) {
                    ('!', true) => Op::Ne,
                    ('<', true) => Op::Le,
                    ('<', false) => Op::Lt,
                    ('>', true) => Op::Ge,
                    ('>', false) => Op::Gt,
                    _ => return Err(invalid()),
                };
                out.push(Token::Op(op));
                i += if with_eq { 2 } else { 1 };
            }
            _ if c.is_alphanumeric() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '.') {
                    i += 1;
                }
                out.push(Token::Word(chars[start..i].iter().collect()));
            }
            _ => return Err(invalid()),
        }
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    terms: usize,
}

/// Parses `params`; the error is the platform's for a malformed query, or a gap for a
/// term gas-sim does not evaluate.
pub fn parse(params: &str) -> ServiceResult<Expr> {
    let mut parser = Parser { tokens: tokens(params)?, at: 0, terms: 0 };
    let expr = parser.or(0)?;
    if parser.at != parser.tokens.len() {
        return Err(invalid());
    }
    Ok(expr)
}

impl Parser {
    fn peek_word(&self, word: &str) -> bool {
        matches!(self.tokens.get(self.at), Some(Token::Word(w)) if w.eq_ignore_ascii_case(word))
    }

    fn or(&mut self, depth: usize) -> ServiceResult<Expr> {
        let mut left = self.and(depth)?;
        while self.peek_word("or") {
            self.at += 1;
            left = Expr::Or(Box::new(left), Box::new(self.and(depth)?));
        }
        Ok(left)
    }

    fn and(&mut self, depth: usize) -> ServiceResult<Expr> {
        let mut left = self.unary(depth)?;
        while self.peek_word("and") {
            self.at += 1;
            left = Expr::And(Box::new(left), Box::new(self.unary(depth)?));
        }
        Ok(left)
    }

    fn unary(&mut self, depth: usize) -> ServiceResult<Expr> {
        if depth > DEPTH_MAX {
            return Err(invalid());
        }
        if self.peek_word("not") {
            self.at += 1;
            return Ok(Expr::Not(Box::new(self.unary(depth + 1)?)));
        }
        if self.tokens.get(self.at) == Some(&Token::Open) {
            self.at += 1;
            let inner = self.or(depth + 1)?;
            if self.tokens.get(self.at) != Some(&Token::Close) {
                return Err(invalid());
            }
            self.at += 1;
            return Ok(inner);
        }
        self.terms += 1;
        if self.terms > TERMS_MAX {
            return Err(invalid());
        }
        self.term().map(Expr::Term)
    }

    fn next(&mut self) -> ServiceResult<Token> {
        let token = self.tokens.get(self.at).cloned().ok_or_else(invalid)?;
        self.at += 1;
        Ok(token)
    }

    fn term(&mut self) -> ServiceResult<Term> {
        match self.next()? {
            // `'id' in parents` (or another collection Drive has).
            Token::Text(value) => {
                if !self.peek_word("in") {
                    return Err(invalid());
                }
                self.at += 1;
                match self.next()? {
                    Token::Word(w) if w == "parents" => Ok(Term::InParents(value)),
                    Token::Word(w) if UNSUPPORTED_FIELDS.contains(&w.as_str()) => Err(gap(&format!("'...' in {w}"))),
                    _ => Err(invalid()),
                }
            }
            // A term Drive has and gas-sim does not evaluate names itself, whatever follows
            // (`sharedWithMe` stands alone, `fullText contains ...` takes a value).
            Token::Word(field) if UNSUPPORTED_FIELDS.contains(&field.as_str()) => Err(gap(&field)),
            Token::Word(field) => {
                let op = match self.next()? {
                    Token::Op(op) => op,
                    Token::Word(w) if w == "contains" => Op::Contains,
                    _ => return Err(invalid()),
                };
                let value = self.next()?;
                field_term(&field, op, value)
            }
            _ => Err(invalid()),
        }
    }
}

fn field_term(field: &str, op: Op, value: Token) -> ServiceResult<Term> {
    let text = |value: Token| match value {
        Token::Text(t) => Ok(t),
        _ => Err(invalid()),
    };
    let equality = matches!(op, Op::Eq | Op::Ne);
    match field {
        "title" | "name" if equality || op == Op::Contains => Ok(Term::Name(op, text(value)?)),
        "mimeType" if equality || op == Op::Contains => Ok(Term::MimeType(op, text(value)?)),
        "trashed" if equality => match value {
            Token::Word(w) if w == "true" => Ok(Term::Trashed(op, true)),
            Token::Word(w) if w == "false" => Ok(Term::Trashed(op, false)),
            _ => Err(invalid()),
        },
        "modifiedDate" | "modifiedTime" if op != Op::Contains => Ok(Term::Modified(op, date(&text(value)?)?)),
        "createdDate" | "createdTime" if op != Op::Contains => Ok(Term::Created(op, date(&text(value)?)?)),
        _ => Err(invalid()),
    }
}

/// RFC 3339 (documented; UTC when the offset is left out), or a date alone (the
/// documented example `modifiedDate > "2013-02-28"`), read as midnight UTC (assumed).
fn date(text: &str) -> ServiceResult<i64> {
    if let Ok(at) = chrono::DateTime::parse_from_rfc3339(text) {
        return Ok(at.timestamp_millis());
    }
    for format in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M"] {
        if let Ok(at) = NaiveDateTime::parse_from_str(text, format) {
            return Ok(at.and_utc().timestamp_millis());
        }
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map(|d| d.and_hms_opt(0, 0, 0).expect("midnight exists").and_utc().timestamp_millis())
        .map_err(|_| invalid())
}

/// `contains` on a name: prefix matching of its words, without case (documented for v3:
/// "HelloWorld" matches `contains 'Hello'` but not `contains 'World'`; the word breaks
/// at anything but a letter or digit: assumed).
fn name_contains(name: &str, part: &str) -> bool {
    let part = part.to_lowercase();
    if part.is_empty() {
        return true;
    }
    let name = name.to_lowercase();
    name.starts_with(&part)
        || name.char_indices().any(|(i, c)| !c.is_alphanumeric() && name[i + c.len_utf8()..].starts_with(&part))
}

fn compare<T: PartialOrd>(op: Op, left: T, right: T) -> bool {
    match op {
        Op::Eq => left == right,
        Op::Ne => left != right,
        Op::Lt => left < right,
        Op::Le => left <= right,
        Op::Gt => left > right,
        Op::Ge => left >= right,
        Op::Contains => false,
    }
}

impl Expr {
    pub fn matches(&self, item: &Item) -> bool {
        match self {
            Expr::And(a, b) => a.matches(item) && b.matches(item),
            Expr::Or(a, b) => a.matches(item) || b.matches(item),
            Expr::Not(a) => !a.matches(item),
            Expr::Term(term) => match term {
                Term::Name(Op::Contains, part) => name_contains(&item.name, part),
                Term::Name(op, name) => compare(*op, item.name.as_str(), name.as_str()),
                Term::MimeType(Op::Contains, part) => item.mime_type.contains(part.as_str()),
                Term::MimeType(op, t) => compare(*op, item.mime_type.as_str(), t.as_str()),
                Term::Trashed(op, flag) => compare(*op, item.trashed, *flag),
                Term::InParents(id) => item.parents.contains(id),
                Term::Modified(op, at) => compare(*op, item.updated_utc_ms, *at),
                Term::Created(op, at) => compare(*op, item.created_utc_ms, *at),
            },
        }
    }
}
