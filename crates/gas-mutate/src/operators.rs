//! Mutation operators: StrykerJS's (same names and replacement tables) and a few
//! Apps Script-aware ones (`DropLockCall`, `ScriptLockToUserLock`, `DropFlush`,
//! `NumericConstant`, `EmptyCatch`, `ScriptToUserProperties`).
//!
//! Operators work on the tokens of [`crate::tokens`]; every mutant is then parsed with
//! `gas_engine::check_syntax` and dropped when it does not parse (a dropped mutant is a
//! generator bug: the count is reported so that it shows). Code inside template
//! substitutions (`${ ... }`) is not mutated.

use crate::tokens::{tokenize, BraceKind, BracketKind, ParenKind, TokenKind, Tokens};
use crate::Mutant;

/// Every operator name, in the order mutants at the same start byte are listed.
pub const OPERATOR_NAMES: &[&str] = &[
    "ArithmeticOperator",
    "ArrayDeclaration",
    "BlockStatement",
    "BooleanLiteral",
    "ConditionalExpression",
    "EqualityOperator",
    "LogicalOperator",
    "MethodExpression",
    "ObjectLiteral",
    "OptionalChaining",
    "Regex",
    "StringLiteral",
    "UnaryOperator",
    "UpdateOperator",
    "DropLockCall",
    "ScriptLockToUserLock",
    "DropFlush",
    "NumericConstant",
    "EmptyCatch",
    "ScriptToUserProperties",
];

/// A set of enabled operators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperatorSet {
    names: Vec<&'static str>,
}

impl Default for OperatorSet {
    /// Every operator.
    fn default() -> Self {
        OperatorSet { names: OPERATOR_NAMES.to_vec() }
    }
}

impl OperatorSet {
    pub fn none() -> Self {
        OperatorSet { names: Vec::new() }
    }

    /// `"EqualityOperator, DropLockCall"`; an unknown name is an error listing the valid ones.
    pub fn parse_list(list: &str) -> Result<Self, String> {
        let mut names = Vec::new();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let Some(known) = OPERATOR_NAMES.iter().find(|k| **k == name) else {
                return Err(format!(
                    "unknown mutation operator `{name}`; valid operators: {}",
                    OPERATOR_NAMES.join(", ")
                ));
            };
            if !names.contains(known) {
                names.push(*known);
            }
        }
        Ok(OperatorSet { names })
    }

    /// The `--operators` value: `default` (every operator), `none`, or a list as
    /// [`OperatorSet::parse_list`] takes it.
    pub fn parse(value: &str) -> Result<Self, String> {
        match value.trim() {
            "default" | "all" => Ok(OperatorSet::default()),
            "none" | "" => Ok(OperatorSet::none()),
            list => OperatorSet::parse_list(list),
        }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.names.contains(&name)
    }

    pub fn names(&self) -> &[&'static str] {
        &self.names
    }
}

/// Which operators run: an [`OperatorSet`], or any `Fn(&str) -> bool` on operator names.
pub trait OperatorFilter {
    fn enabled(&self, name: &str) -> bool;
}

impl OperatorFilter for OperatorSet {
    fn enabled(&self, name: &str) -> bool {
        self.contains(name)
    }
}

impl<F: Fn(&str) -> bool> OperatorFilter for F {
    fn enabled(&self, name: &str) -> bool {
        self(name)
    }
}

/// The operator mutants of one file.
#[derive(Debug, Clone, Default)]
pub struct Generated {
    /// In source order (start byte, then [`OPERATOR_NAMES`] order); each one parses.
    pub mutants: Vec<Mutant>,
    /// How many generated mutants did not parse and were left out.
    pub dropped_unparsable: usize,
    /// The left-out mutants, for diagnosing the generator.
    pub dropped: Vec<Mutant>,
    /// The original file does not parse (then there are no mutants).
    pub source_error: Option<String>,
}

/// One replacement: `start..end` (bytes) becomes `replacement`.
type Edit = (usize, usize, String);

/// The mutants of `text` (file `file`) from the operators `enabled` accepts.
pub fn operator_mutants(file: &str, text: &str, enabled: &dyn OperatorFilter) -> Generated {
    if let Err(e) = gas_engine::check_syntax(text) {
        return Generated { source_error: Some(e), ..Generated::default() };
    }
    let t = tokenize(text);
    let mut ranked: Vec<(usize, usize, Mutant)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (rank, name) in OPERATOR_NAMES.iter().enumerate() {
        if !enabled.enabled(name) {
            continue;
        }
        for (start, end, replacement) in edits_of(name, &t) {
            if text[start..end] == replacement {
                continue;
            }
            if seen.insert((start, end, rank, replacement.clone())) {
                ranked.push((start, rank, Mutant::new(file, text, name, start, end, replacement)));
            }
        }
    }
    // Stable: within one operator at one start byte, generation order stays.
    ranked.sort_by_key(|(start, rank, _)| (*start, *rank));
    let mut out = Generated::default();
    for (_, _, m) in ranked {
        if gas_engine::check_syntax(&m.apply(text)).is_ok() {
            out.mutants.push(m);
        } else {
            out.dropped.push(m);
        }
    }
    out.dropped_unparsable = out.dropped.len();
    out
}

fn edits_of(name: &str, t: &Tokens) -> Vec<Edit> {
    match name {
        "ArithmeticOperator" => arithmetic(t),
        "ArrayDeclaration" => array_declaration(t),
        "BlockStatement" => block_statement(t),
        "BooleanLiteral" => boolean_literal(t),
        "ConditionalExpression" => conditional_expression(t),
        "EqualityOperator" => equality(t),
        "LogicalOperator" => logical(t),
        "MethodExpression" => method_expression(t),
        "ObjectLiteral" => object_literal(t),
        "OptionalChaining" => optional_chaining(t),
        "Regex" => regex(t),
        "StringLiteral" => string_literal(t),
        "UnaryOperator" => unary(t),
        "UpdateOperator" => update(t),
        "DropLockCall" => drop_lock_call(t),
        "ScriptLockToUserLock" => rename_method(t, "getScriptLock", "getUserLock"),
        "DropFlush" => drop_flush(t),
        "NumericConstant" => numeric_constant(t),
        "EmptyCatch" => empty_catch(t),
        "ScriptToUserProperties" => rename_method(t, "getScriptProperties", "getUserProperties"),
        _ => unreachable!("operator {name} is in OPERATOR_NAMES without a generator"),
    }
}

/// An edit of token `i` to `replacement`, padded with a space where the replacement
/// would fuse with a neighbouring operator character (`a+-b` → `a- -b`, not `a--b`).
fn token_edit(t: &Tokens, i: usize, replacement: &str) -> Edit {
    let (start, end) = (t.tokens[i].start, t.tokens[i].end);
    (start, end, padded(t.text, start, end, replacement))
}

fn padded(text: &str, start: usize, end: usize, replacement: &str) -> String {
    const OPS: &[u8] = b"+-*/<>=!&|?%^~.";
    let fuses =
        |a: Option<u8>, b: Option<u8>| matches!((a, b), (Some(x), Some(y)) if OPS.contains(&x) && OPS.contains(&y));
    let mut out = String::new();
    if fuses(start.checked_sub(1).map(|p| text.as_bytes()[p]), replacement.bytes().next()) {
        out.push(' ');
    }
    out.push_str(replacement);
    if fuses(replacement.bytes().last(), text.as_bytes().get(end).copied()) {
        out.push(' ');
    }
    out
}

/// The span of tokens `first..=last`.
fn tokens_span(t: &Tokens, first: usize, last: usize) -> (usize, usize) {
    (t.tokens[first].start, t.tokens[last].end)
}

fn puncts<'t>(t: &'t Tokens) -> impl Iterator<Item = (usize, &'t str)> + 't {
    (0..t.tokens.len()).filter(|&i| t.tokens[i].kind == TokenKind::Punct).map(|i| (i, t.text_of(i)))
}

fn equality(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (i, op) in puncts(t) {
        let replacements: &[&str] = match op {
            "<" => &["<=", ">="],
            "<=" => &["<", ">"],
            ">" => &[">=", "<="],
            ">=" => &[">", "<"],
            "==" => &["!="],
            "!=" => &["=="],
            "===" => &["!=="],
            "!==" => &["==="],
            _ => continue,
        };
        out.extend(replacements.iter().map(|r| token_edit(t, i, r)));
    }
    out
}

fn logical(t: &Tokens) -> Vec<Edit> {
    puncts(t)
        .filter_map(|(i, op)| {
            let r = match op {
                "&&" => "||",
                "||" => "&&",
                "??" => "&&",
                _ => return None,
            };
            Some(token_edit(t, i, r))
        })
        .collect()
}

fn conditional_expression(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (i, op) in puncts(t) {
        match op {
            "(" => {
                let Some(close) = t.tokens[i].partner else { continue };
                let replacements: &[&str] = match t.paren_kind(i) {
                    Some(ParenKind::IfCondition) => &["true", "false"],
                    Some(ParenKind::WhileCondition) => &["false"],
                    Some(ParenKind::ForHeader) => {
                        if let Some((first, last)) = for_test(t, i, close) {
                            let (s, e) = tokens_span(t, first, last);
                            out.push((s, e, "false".to_string()));
                        }
                        continue;
                    }
                    _ => continue,
                };
                if close > i + 1 {
                    let (s, e) = tokens_span(t, i + 1, close - 1);
                    out.extend(replacements.iter().map(|r| (s, e, r.to_string())));
                }
            }
            "?" => {
                if let Some(first) = ternary_test_start(t, i) {
                    let (s, e) = tokens_span(t, first, i - 1);
                    out.extend(["true", "false"].iter().map(|r| (s, e, r.to_string())));
                }
            }
            _ => {}
        }
    }
    out
}

/// The test of `for (init; test; update)` as a token range; None for `for (;;)`,
/// for-in and for-of.
fn for_test(t: &Tokens, open: usize, close: usize) -> Option<(usize, usize)> {
    let mut semicolons = Vec::new();
    let mut j = open + 1;
    while j < close {
        if t.is_punct(j, ";") {
            semicolons.push(j);
        } else if matches!(t.text_of(j), "(" | "[" | "{") && t.tokens[j].kind == TokenKind::Punct {
            j = t.tokens[j].partner.unwrap_or(j);
        }
        j += 1;
    }
    match semicolons[..] {
        [a, b] if b > a + 1 => Some((a + 1, b - 1)),
        _ => None,
    }
}

/// The first token of a ternary's test, scanning back from its `?` over operands and
/// operators with higher precedence than `?:` (everything but assignment, `,`, arrows).
fn ternary_test_start(t: &Tokens, question: usize) -> Option<usize> {
    let mut first = None;
    let mut j = question;
    while let Some(p) = j.checked_sub(1) {
        // A line break between two operands is where ASI ended the previous statement.
        if first.is_some() && t.tokens[j].newline_before && t.ends_operand(p) && starts_operand(t, j) {
            break;
        }
        let tok = &t.tokens[p];
        let text = t.text_of(p);
        if tok.kind == TokenKind::Punct {
            match text {
                ")" | "]" => match tok.partner {
                    Some(open) => {
                        first = Some(open);
                        j = open;
                        continue;
                    }
                    None => break,
                },
                "}" => match tok.partner {
                    Some(open) if t.brace_kind(open) == Some(BraceKind::ObjectLiteral) => {
                        first = Some(open);
                        j = open;
                        continue;
                    }
                    _ => break,
                },
                "(" | "[" | "{" | "," | ";" | ":" | "?" | "=>" | "..." => break,
                op if is_assignment(op) => break,
                _ => {}
            }
        } else if t.is_keyword(p)
            && matches!(text, "return" | "throw" | "case" | "yield" | "else" | "do" | "in" | "of" | "extends")
        {
            break;
        }
        first = Some(p);
        j = p;
    }
    first
}

fn starts_operand(t: &Tokens, i: usize) -> bool {
    match t.tokens[i].kind {
        TokenKind::Ident => !t.is_keyword(i) || matches!(t.text_of(i), "this" | "null" | "true" | "false"),
        TokenKind::Number | TokenKind::Str => true,
        _ => false,
    }
}

fn is_assignment(op: &str) -> bool {
    op.ends_with('=') && !matches!(op, "==" | "===" | "!=" | "!==" | "<=" | ">=")
}

fn boolean_literal(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for i in 0..t.tokens.len() {
        if t.is_word(i, "true") {
            out.push(token_edit(t, i, "false"));
        } else if t.is_word(i, "false") {
            out.push(token_edit(t, i, "true"));
        } else if t.is_punct(i, "!") {
            out.push(token_edit(t, i, ""));
        }
    }
    out
}

fn arithmetic(t: &Tokens) -> Vec<Edit> {
    let is_text =
        |i: usize| t.tokens.get(i).is_some_and(|tok| matches!(tok.kind, TokenKind::Str | TokenKind::Template));
    puncts(t)
        .filter_map(|(i, op)| {
            let r = match op {
                "+" => "-",
                "-" => "+",
                "*" => "/",
                "/" => "*",
                "%" => "*",
                _ => return None,
            };
            // Stryker leaves `'a' + b` alone: string concatenation, not arithmetic.
            let concatenation = i > 0 && (is_text(i - 1) || is_text(i + 1));
            (t.is_binary_at(i) && !concatenation).then(|| token_edit(t, i, r))
        })
        .collect()
}

fn update(t: &Tokens) -> Vec<Edit> {
    puncts(t)
        .filter_map(|(i, op)| match op {
            "++" => Some(token_edit(t, i, "--")),
            "--" => Some(token_edit(t, i, "++")),
            _ => None,
        })
        .collect()
}

fn unary(t: &Tokens) -> Vec<Edit> {
    puncts(t)
        .filter_map(|(i, op)| match op {
            "+" if !t.is_binary_at(i) => Some(token_edit(t, i, "-")),
            "-" if !t.is_binary_at(i) => Some(token_edit(t, i, "+")),
            "~" => Some(token_edit(t, i, "")),
            _ => None,
        })
        .collect()
}

fn string_literal(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for i in 0..t.tokens.len() {
        let tok = &t.tokens[i];
        let text = t.text_of(i);
        match tok.kind {
            TokenKind::Str => {
                if is_directive(t, i) || is_object_key(t, i) {
                    continue;
                }
                let quote = &text[..1];
                let r = if text.len() <= 2 {
                    format!("{quote}Stryker was here!{quote}")
                } else {
                    format!("{quote}{quote}")
                };
                out.push((tok.start, tok.end, r));
            }
            TokenKind::Template => {
                // A tagged template's strings are the tag function's arguments.
                if i > 0 && t.ends_operand(i - 1) {
                    continue;
                }
                let r = if text == "``" { "`Stryker was here!`" } else { "``" };
                out.push((tok.start, tok.end, r.to_string()));
            }
            _ => {}
        }
    }
    out
}

/// `'use strict'` and other directive prologue strings.
fn is_directive(t: &Tokens, i: usize) -> bool {
    let at_statement_start = i == 0 || t.is_punct(i - 1, ";") || t.brace_kind(i - 1) == Some(BraceKind::Block);
    at_statement_start && matches!(&t.text_of(i)[1..t.text_of(i).len().saturating_sub(1)], "use strict")
}

/// `{ 'key': value }`: the key is a property name, not a string value.
fn is_object_key(t: &Tokens, i: usize) -> bool {
    t.is_punct(i + 1, ":")
        && i > 0
        && (t.is_punct(i - 1, ",") || t.is_punct(i - 1, "{"))
        && t.enclosing(i)
            .and_then(|e| t.brace_kind(e))
            .is_some_and(|k| matches!(k, BraceKind::ObjectLiteral | BraceKind::ClassBody))
}

/// A destructuring pattern: `[a, b] = x`, `const {a} = x`, `for (const [k, v] of m)`,
/// parameters.
fn is_pattern(t: &Tokens, open: usize, close: usize) -> bool {
    let followed_by_binding = t.is_punct(close + 1, "=") || t.is_word(close + 1, "of") || t.is_word(close + 1, "in");
    let in_params = t
        .enclosing(open)
        .and_then(|e| t.paren_kind(e))
        .is_some_and(|k| matches!(k, ParenKind::FunctionParams | ParenKind::ArrowParams | ParenKind::CatchParam));
    followed_by_binding || in_params
}

fn array_declaration(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (i, op) in puncts(t) {
        let Some(close) = t.tokens[i].partner else { continue };
        let (s, e) = tokens_span(t, i, close);
        if op == "[" && t.bracket_kind(i) == Some(BracketKind::ArrayLiteral) && !is_pattern(t, i, close) {
            let r = if close == i + 1 { "[\"Stryker was here\"]" } else { "[]" };
            out.push((s, e, r.to_string()));
        } else if op == "(" && i >= 2 && t.is_word(i - 1, "Array") && t.is_word(i - 2, "new") {
            let r = if close == i + 1 { "([])" } else { "()" };
            out.push((s, e, r.to_string()));
        }
    }
    out
}

fn object_literal(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (i, op) in puncts(t) {
        let Some(close) = t.tokens[i].partner else { continue };
        if op == "{" && t.brace_kind(i) == Some(BraceKind::ObjectLiteral) && close > i + 1 && !is_pattern(t, i, close) {
            let (s, e) = tokens_span(t, i, close);
            out.push((s, e, "{}".to_string()));
        }
    }
    out
}

fn block_statement(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (i, op) in puncts(t) {
        let Some(close) = t.tokens[i].partner else { continue };
        if op == "{" && t.brace_kind(i) == Some(BraceKind::Block) && close > i + 1 {
            let (s, e) = tokens_span(t, i, close);
            out.push((s, e, "{}".to_string()));
        }
    }
    out
}

fn optional_chaining(t: &Tokens) -> Vec<Edit> {
    puncts(t)
        .filter(|(_, op)| *op == "?.")
        .map(|(i, _)| {
            let r = if t.is_punct(i + 1, "(") || t.is_punct(i + 1, "[") { "" } else { "." };
            token_edit(t, i, r)
        })
        .collect()
}

/// StrykerJS's MethodExpression table: a name to swap in, or None to drop the call
/// (`x.trim()` → `x`).
const METHOD_TABLE: &[(&str, Option<&str>)] = &[
    ("charAt", None),
    ("endsWith", Some("startsWith")),
    ("startsWith", Some("endsWith")),
    ("every", Some("some")),
    ("some", Some("every")),
    ("filter", None),
    ("reverse", None),
    ("slice", None),
    ("sort", None),
    ("substr", None),
    ("substring", None),
    ("toLocaleLowerCase", Some("toLocaleUpperCase")),
    ("toLocaleUpperCase", Some("toLocaleLowerCase")),
    ("toLowerCase", Some("toUpperCase")),
    ("toUpperCase", Some("toLowerCase")),
    ("trim", None),
    ("trimEnd", Some("trimStart")),
    ("trimStart", Some("trimEnd")),
    ("min", Some("max")),
    ("max", Some("min")),
];

/// Method calls `.name(...)`: (index of the `.`/`?.`, of the name, of the closing `)`).
fn method_calls<'t>(t: &'t Tokens) -> impl Iterator<Item = (usize, usize, usize)> + 't {
    (0..t.tokens.len()).filter_map(move |name| {
        let is_call = t.tokens[name].kind == TokenKind::Ident
            && t.after_dot(name)
            && t.is_punct(name + 1, "(")
            && t.paren_kind(name + 1) == Some(ParenKind::Call);
        let close = t.tokens.get(name + 1)?.partner?;
        is_call.then_some((name - 1, name, close))
    })
}

fn method_expression(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (dot, name, close) in method_calls(t) {
        let Some((_, swap)) = METHOD_TABLE.iter().find(|(m, _)| *m == t.text_of(name)) else { continue };
        match swap {
            Some(other) => out.push(token_edit(t, name, other)),
            None => {
                let (s, e) = tokens_span(t, dot, close);
                out.push((s, e, String::new()));
            }
        }
    }
    out
}

fn rename_method(t: &Tokens, from: &str, to: &str) -> Vec<Edit> {
    (0..t.tokens.len())
        .filter(|&i| t.tokens[i].kind == TokenKind::Ident && t.after_dot(i) && t.text_of(i) == from)
        .map(|i| token_edit(t, i, to))
        .collect()
}

/// `lock.waitLock(ms)` / `lock.releaseLock()` → `void 0`; `lock.tryLock(ms)` → `true`
/// (the lock is "acquired" without being taken). The span is the whole call with its
/// receiver (`LockService.getScriptLock().waitLock(1000)`).
fn drop_lock_call(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (dot, name, close) in method_calls(t) {
        let r = match t.text_of(name) {
            "waitLock" | "releaseLock" => "void 0",
            "tryLock" => "true",
            _ => continue,
        };
        let first = receiver_start(t, dot);
        if first == dot {
            continue;
        }
        let (s, e) = tokens_span(t, first, close);
        out.push((s, e, r.to_string()));
    }
    out
}

/// The first token of the member/call chain ending just before token `dot`.
fn receiver_start(t: &Tokens, dot: usize) -> usize {
    let mut first = dot;
    while let Some(p) = first.checked_sub(1) {
        let tok = &t.tokens[p];
        match (tok.kind, t.text_of(p)) {
            (TokenKind::Punct, ")" | "]") => {
                let Some(open) = tok.partner else { break };
                first = open;
                let continues = matches!(t.paren_kind(open), Some(ParenKind::Call))
                    || matches!(t.bracket_kind(open), Some(BracketKind::MemberAccess));
                if !continues {
                    break;
                }
                if open > 0 && t.is_punct(open - 1, "?.") {
                    first = open - 1;
                }
            }
            (TokenKind::Ident, _) if !t.is_keyword(p) || t.text_of(p) == "this" || t.after_dot(p) => {
                first = p;
                if p > 0 && (t.is_punct(p - 1, ".") || t.is_punct(p - 1, "?.")) {
                    first = p - 1;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    if first > 0 && t.is_word(first - 1, "new") {
        first -= 1;
    }
    first
}

fn drop_flush(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for (dot, name, close) in method_calls(t) {
        if t.text_of(name) == "flush" && dot > 0 && t.is_word(dot - 1, "SpreadsheetApp") {
            let (s, e) = tokens_span(t, dot - 1, close);
            out.push((s, e, "void 0".to_string()));
        }
    }
    out
}

fn numeric_constant(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for i in 0..t.tokens.len() {
        if t.tokens[i].kind != TokenKind::Number {
            continue;
        }
        let Some(value) = numeric_value(t.text_of(i)) else { continue };
        for v in [value + 1.0, value - 1.0] {
            out.push((t.tokens[i].start, t.tokens[i].end, format_number(v)));
        }
    }
    out
}

/// A numeric literal's value; None for BigInts and legacy octals (`017`).
fn numeric_value(literal: &str) -> Option<f64> {
    let s = literal.replace('_', "");
    if s.ends_with('n') {
        return None;
    }
    let radix = match s.get(..2) {
        Some("0x" | "0X") => 16,
        Some("0o" | "0O") => 8,
        Some("0b" | "0B") => 2,
        _ => 10,
    };
    if radix != 10 {
        return u64::from_str_radix(&s[2..], radix).ok().map(|v| v as f64);
    }
    if s.len() > 1 && s.starts_with('0') && s.as_bytes()[1].is_ascii_digit() {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Integers as integers, others in Rust's shortest form; negatives in parentheses so
/// that they parse anywhere (`a-(-1)`).
fn format_number(v: f64) -> String {
    let s = if v.fract() == 0.0 && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v}") };
    if v < 0.0 {
        format!("({s})")
    } else {
        s
    }
}

fn empty_catch(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for i in 0..t.tokens.len() {
        if !t.is_word(i, "catch") {
            continue;
        }
        let body = if t.is_punct(i + 1, "(") { t.tokens[i + 1].partner.map(|c| c + 1) } else { Some(i + 1) };
        let Some(body) = body.filter(|&b| t.is_punct(b, "{")) else { continue };
        let Some(close) = t.tokens[body].partner else { continue };
        if close > body + 1 {
            let (s, e) = tokens_span(t, body, close);
            out.push((s, e, "{}".to_string()));
        }
    }
    out
}

fn regex(t: &Tokens) -> Vec<Edit> {
    let mut out = Vec::new();
    for i in 0..t.tokens.len() {
        if t.tokens[i].kind == TokenKind::Regex {
            let (s, e) = (t.tokens[i].start, t.tokens[i].end);
            out.extend(regex_variants(t.text_of(i)).into_iter().map(|r| (s, e, r)));
        }
    }
    out
}

/// Weapon-regex "level 1"-style variants of a regex literal `/body/flags`: drop an
/// anchor, negate a class, swap `\d \w \s` with their negations, drop a quantifier.
pub fn regex_variants(literal: &str) -> Vec<String> {
    let Some(close) = literal.rfind('/').filter(|&c| c > 0) else { return Vec::new() };
    let (body, flags) = (&literal[1..close], &literal[close + 1..]);
    let b = body.as_bytes();
    // Each change: replace body[start..end] with the text.
    let mut changes: Vec<(usize, usize, String)> = Vec::new();
    let mut in_class = false;
    let mut after_group_open = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let was_group_open = after_group_open;
        after_group_open = false;
        match c {
            b'\\' => {
                if let Some(&n) = b.get(i + 1) {
                    if let Some(swapped) = swap_class_escape(n) {
                        changes.push((i + 1, i + 2, (swapped as char).to_string()));
                    }
                }
                i += 1 + body[i + 1..].chars().next().map(char::len_utf8).unwrap_or(0);
                continue;
            }
            b'[' if !in_class => {
                in_class = true;
                if b.get(i + 1) == Some(&b'^') {
                    changes.push((i + 1, i + 2, String::new()));
                    i += 1;
                } else {
                    changes.push((i + 1, i + 1, "^".to_string()));
                }
            }
            b']' if in_class => in_class = false,
            _ if in_class => {}
            b'(' => after_group_open = true,
            b'^' | b'$' => changes.push((i, i + 1, String::new())),
            b'*' | b'+' | b'?' if !was_group_open => {
                let end = if b.get(i + 1) == Some(&b'?') { i + 2 } else { i + 1 };
                changes.push((i, end, String::new()));
                i = end;
                continue;
            }
            b'{' => {
                if let Some(len) = counted_quantifier_len(&body[i..]) {
                    let end = if b.get(i + len) == Some(&b'?') { i + len + 1 } else { i + len };
                    changes.push((i, end, String::new()));
                    i = end;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    changes
        .into_iter()
        .map(|(s, e, r)| format!("{}{r}{}", &body[..s], &body[e..]))
        // An empty body would turn the literal into a `//` comment.
        .filter(|new_body| !new_body.is_empty())
        .map(|new_body| format!("/{new_body}/{flags}"))
        .collect()
}

fn swap_class_escape(c: u8) -> Option<u8> {
    match c {
        b'd' | b'w' | b's' => Some(c.to_ascii_uppercase()),
        b'D' | b'W' | b'S' => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

/// The length of `{n}`, `{n,}` or `{n,m}` at the start of `s`.
fn counted_quantifier_len(s: &str) -> Option<usize> {
    let close = s.find('}')?;
    let inner = &s[1..close];
    let (lo, hi) = inner.split_once(',').unwrap_or((inner, "0"));
    let digits = |x: &str| x.bytes().all(|c| c.is_ascii_digit());
    (!lo.is_empty() && digits(lo) && digits(hi)).then_some(close + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (original, replacement) of every mutant of one operator in `src`.
    fn run(op: &str, src: &str) -> Vec<(String, String)> {
        let g = operator_mutants("t.gs", src, &|n: &str| n == op);
        assert_eq!(g.source_error, None);
        assert_eq!(g.dropped, Vec::new(), "unparsable mutants of {src}");
        g.mutants.into_iter().map(|m| (m.original, m.replacement)).collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    fn applied(op: &str, src: &str) -> Vec<String> {
        let g = operator_mutants("t.gs", src, &|n: &str| n == op);
        assert_eq!(g.dropped, Vec::new());
        g.mutants.iter().map(|m| m.apply(src)).collect()
    }

    #[test]
    fn equality_and_logical_operators() {
        assert_eq!(
            run("EqualityOperator", "x = a < b && c >= d || e !== f;"),
            pairs(&[("<", "<="), ("<", ">="), (">=", ">"), (">=", "<"), ("!==", "===")])
        );
        assert_eq!(
            run("LogicalOperator", "x = a && b || (c ?? d);"),
            pairs(&[("&&", "||"), ("||", "&&"), ("??", "&&")])
        );
        let g = operator_mutants("t.gs", "if (a == b) f();", &|n: &str| n == "EqualityOperator");
        assert_eq!((g.mutants[0].start_byte, g.mutants[0].end_byte), (6, 8));
        assert_eq!(g.mutants[0].start, crate::Position { line: 1, column: 7 });
    }

    #[test]
    fn conditional_expression() {
        assert_eq!(
            applied("ConditionalExpression", "if (a > b) f(); while (x) g(); do {} while (y);"),
            [
                "if (true) f(); while (x) g(); do {} while (y);",
                "if (false) f(); while (x) g(); do {} while (y);",
                "if (a > b) f(); while (false) g(); do {} while (y);",
                "if (a > b) f(); while (x) g(); do {} while (false);",
            ]
        );
        assert_eq!(
            run("ConditionalExpression", "for (let i = 0; i < n; i++) {} for (;;) break;"),
            pairs(&[("i < n", "false")])
        );
        assert_eq!(run("ConditionalExpression", "for (const k in o) {}"), pairs(&[]));
        assert_eq!(
            run("ConditionalExpression", "const v = f(a) >= MAX || b ? 'x' : c ? 1 : 2;"),
            pairs(&[("f(a) >= MAX || b", "true"), ("f(a) >= MAX || b", "false"), ("c", "true"), ("c", "false")])
        );
        assert_eq!(run("ConditionalExpression", "g(x, y.z ? 1 : 2)"), pairs(&[("y.z", "true"), ("y.z", "false")]));
        // ASI ended the statement before `b`; `a &&` at a line end continues it.
        assert_eq!(run("ConditionalExpression", "f()\nb ? 1 : 2"), pairs(&[("b", "true"), ("b", "false")]));
        assert_eq!(
            run("ConditionalExpression", "x = a &&\n b ? 1 : 2"),
            pairs(&[("a &&\n b", "true"), ("a &&\n b", "false")])
        );
        assert_eq!(
            run("ConditionalExpression", "x = {a: 1}.a ? 1 : 2"),
            pairs(&[("{a: 1}.a", "true"), ("{a: 1}.a", "false")])
        );
    }

    #[test]
    fn boolean_arithmetic_update_unary() {
        assert_eq!(run("BooleanLiteral", "x = !true || y.false;"), pairs(&[("!", ""), ("true", "false")]));
        assert_eq!(
            run("ArithmeticOperator", "x = a + b - c * d / e % f + 'x' + g;"),
            pairs(&[("+", "-"), ("-", "+"), ("*", "/"), ("/", "*"), ("%", "*")])
        );
        assert_eq!(applied("ArithmeticOperator", "x = a+-b;"), ["x = a- -b;"]);
        assert_eq!(run("UpdateOperator", "i++; --j;"), pairs(&[("++", "--"), ("--", "++")]));
        assert_eq!(run("UnaryOperator", "x = -a + +b - ~c;"), pairs(&[("-", "+"), ("+", "-"), ("~", "")]));
    }

    #[test]
    fn literals_and_blocks() {
        assert_eq!(
            run("StringLiteral", "'use strict'; x = {'k': 'v', a: \"\"}; y = `t${1}`; z = ``; tag`q`;"),
            pairs(&[
                ("'v'", "''"),
                ("\"\"", "\"Stryker was here!\""),
                ("`t${1}`", "``"),
                ("``", "`Stryker was here!`")
            ])
        );
        assert_eq!(
            run("ArrayDeclaration", "x = [1, 2]; y = []; const [a] = x; z = new Array(3); w = q[0];"),
            pairs(&[("[1, 2]", "[]"), ("[]", "[\"Stryker was here\"]"), ("(3)", "()")])
        );
        assert_eq!(run("ObjectLiteral", "x = {a: 1}; y = {}; const {b} = x;"), pairs(&[("{a: 1}", "{}")]));
        assert_eq!(
            run("BlockStatement", "function f() { if (x) { g(); } } class C { m() { h(); } } switch (x) { case 1: }"),
            pairs(&[("{ if (x) { g(); } }", "{}"), ("{ g(); }", "{}"), ("{ h(); }", "{}")])
        );
    }

    #[test]
    fn optional_chaining_and_methods() {
        assert_eq!(
            applied("OptionalChaining", "a?.b; a?.[x]; a?.(x);"),
            ["a.b; a?.[x]; a?.(x);", "a?.b; a[x]; a?.(x);", "a?.b; a?.[x]; a(x);"]
        );
        assert_eq!(
            applied("MethodExpression", "s.trim().toUpperCase(); xs.filter(f).some(g); Math.min(1, 2);"),
            [
                "s.toUpperCase(); xs.filter(f).some(g); Math.min(1, 2);",
                "s.trim().toLowerCase(); xs.filter(f).some(g); Math.min(1, 2);",
                "s.trim().toUpperCase(); xs.some(g); Math.min(1, 2);",
                "s.trim().toUpperCase(); xs.filter(f).every(g); Math.min(1, 2);",
                "s.trim().toUpperCase(); xs.filter(f).some(g); Math.max(1, 2);",
            ]
        );
    }

    #[test]
    fn regex_variants_follow_weapon_regex_level_one() {
        assert_eq!(
            regex_variants(r"/^a+\d[xy]{2,3}$/g"),
            [
                r"/a+\d[xy]{2,3}$/g",
                r"/^a\d[xy]{2,3}$/g",
                r"/^a+\D[xy]{2,3}$/g",
                r"/^a+\d[^xy]{2,3}$/g",
                r"/^a+\d[xy]$/g",
                r"/^a+\d[xy]{2,3}/g"
            ]
        );
        assert_eq!(regex_variants(r"/(?:[^\s])*?/"), [r"/(?:[\s])*?/", r"/(?:[^\S])*?/", r"/(?:[^\s])/"]);
        assert_eq!(regex_variants("/^/"), Vec::<String>::new());
    }

    #[test]
    fn apps_script_operators() {
        assert_eq!(
            applied(
                "DropLockCall",
                "LockService.getScriptLock().waitLock(1000); if (!lock.tryLock(5)) x(); if (x) lock.releaseLock();"
            ),
            [
                "void 0; if (!lock.tryLock(5)) x(); if (x) lock.releaseLock();",
                "LockService.getScriptLock().waitLock(1000); if (!true) x(); if (x) lock.releaseLock();",
                "LockService.getScriptLock().waitLock(1000); if (!lock.tryLock(5)) x(); if (x) void 0;",
            ]
        );
        assert_eq!(
            run("ScriptLockToUserLock", "LockService.getScriptLock()"),
            pairs(&[("getScriptLock", "getUserLock")])
        );
        assert_eq!(
            run("ScriptToUserProperties", "PropertiesService.getScriptProperties()"),
            pairs(&[("getScriptProperties", "getUserProperties")])
        );
        assert_eq!(
            run("DropFlush", "SpreadsheetApp.flush(); x.flush();"),
            pairs(&[("SpreadsheetApp.flush()", "void 0")])
        );
        assert_eq!(
            run("NumericConstant", "f(0, 2.5, 0x10, 1_000, 7n);"),
            pairs(&[
                ("0", "1"),
                ("0", "(-1)"),
                ("2.5", "3.5"),
                ("2.5", "1.5"),
                ("0x10", "17"),
                ("0x10", "15"),
                ("1_000", "1001"),
                ("1_000", "999")
            ])
        );
        assert_eq!(
            run("EmptyCatch", "try { f(); } catch (e) { g(); } try { f(); } catch { h(); } try {} catch (e) {}"),
            pairs(&[("{ g(); }", "{}"), ("{ h(); }", "{}")])
        );
    }

    #[test]
    fn operator_sets() {
        assert!(OperatorSet::default().contains("Regex"));
        assert!(!OperatorSet::none().contains("Regex"));
        let set = OperatorSet::parse_list("DropLockCall, EqualityOperator").unwrap();
        assert_eq!(set.names(), ["DropLockCall", "EqualityOperator"]);
        let err = OperatorSet::parse_list("Equality").unwrap_err();
        assert!(err.contains("`Equality`") && err.contains("EqualityOperator"), "{err}");
        assert_eq!(OperatorSet::parse("default").unwrap(), OperatorSet::default());
        assert_eq!(OperatorSet::parse("none").unwrap(), OperatorSet::none());
        assert_eq!(OperatorSet::parse("Regex").unwrap().names(), ["Regex"]);
        assert!(operator_mutants("t.gs", "x = (", &OperatorSet::default()).source_error.is_some());
        let only = OperatorSet::parse_list("BooleanLiteral").unwrap();
        assert_eq!(operator_mutants("t.gs", "x = true + 1;", &only).mutants.len(), 1);
    }

    fn fixture_files() -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut files = Vec::new();
        for dir in std::fs::read_dir(&root).unwrap() {
            let dir = dir.unwrap().path();
            if !dir.is_dir() {
                continue;
            }
            for f in std::fs::read_dir(&dir).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "gs") {
                    files.push(f);
                }
            }
        }
        files.sort();
        assert!(!files.is_empty());
        files
    }

    /// The fixtures' files in shards, each a test of its own: every mutant of every file
    /// is parsed twice, 15 s of a debug build on one thread, the whole binary's time.
    const FIXTURE_SHARDS: usize = 3;

    #[test]
    fn every_fixture_mutant_parses_and_is_deterministic_1_of_3() {
        every_fixture_mutant_parses_and_is_deterministic(0);
    }

    #[test]
    fn every_fixture_mutant_parses_and_is_deterministic_2_of_3() {
        every_fixture_mutant_parses_and_is_deterministic(1);
    }

    #[test]
    fn every_fixture_mutant_parses_and_is_deterministic_3_of_3() {
        every_fixture_mutant_parses_and_is_deterministic(2);
    }

    #[test]
    fn every_operator_mutates_ledger_fixed() {
        let mut ledger_counts: std::collections::BTreeMap<&str, usize> = Default::default();
        let files = fixture_files().into_iter().filter(|path| path.parent().unwrap().ends_with("ledger-fixed"));
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_str().unwrap();
            for m in operator_mutants(name, &text, &|_: &str| true).mutants {
                *ledger_counts.entry(OPERATOR_NAMES.iter().find(|n| **n == m.mutator).unwrap()).or_default() += 1;
            }
        }
        eprintln!("ledger-fixed mutants per operator: {ledger_counts:?}");
        assert!(ledger_counts.len() > 10, "{ledger_counts:?}");
    }

    fn every_fixture_mutant_parses_and_is_deterministic(shard: usize) {
        let files = fixture_files();
        assert!(files.len() >= FIXTURE_SHARDS);
        for path in files.into_iter().skip(shard).step_by(FIXTURE_SHARDS) {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_str().unwrap();
            let g = operator_mutants(name, &text, &|_: &str| true);
            assert_eq!(g.source_error, None, "{}", path.display());
            for m in &g.dropped {
                eprintln!(
                    "DROPPED {} {}:{} {:?} -> {:?}",
                    m.mutator,
                    path.display(),
                    m.start.line,
                    m.original,
                    m.replacement
                );
            }
            assert_eq!(g.dropped_unparsable, 0, "{}", path.display());
            for m in &g.mutants {
                assert!(text.is_char_boundary(m.start_byte) && text.is_char_boundary(m.end_byte));
                assert_ne!(m.original, m.replacement);
                assert!(OPERATOR_NAMES.contains(&m.mutator.as_str()));
            }
            assert!(g.mutants.windows(2).all(|w| w[0].start_byte <= w[1].start_byte));
            let again = operator_mutants(name, &text, &|_: &str| true);
            assert_eq!(g.mutants, again.mutants);
        }
    }
}
