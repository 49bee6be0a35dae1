//! A JavaScript tokenizer with byte spans, and a structure pass over its tokens.
//!
//! Mutation operators and coverage probes need positions, and boa's AST has none we can
//! use, so this is a token-level view: each bracket knows its partner and what kind of
//! group it opens (block, object literal, call arguments ...). It never fails: an
//! unterminated string, template or comment runs to the end of the text, and a stray
//! closer has no partner. Anything built from it is checked with
//! `gas_engine::check_syntax` afterwards.
//!
//! Template literals are one token; the code inside `${ ... }` is not tokenized here
//! (its byte ranges are kept in [`Token::substitutions`]).

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// An identifier or a keyword (see [`Tokens::is_keyword`]); `#private` names too.
    Ident,
    Number,
    /// A '...' or "..." string literal, quotes included.
    Str,
    /// A whole template literal, backticks included.
    Template,
    /// A whole regex literal, slashes and flags included.
    Regex,
    Punct,
}

/// What a `{` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BraceKind {
    /// A statement block: function, method and arrow bodies, if/else/loop/try/catch/
    /// finally bodies, bare blocks.
    Block,
    ObjectLiteral,
    ClassBody,
    SwitchBody,
}

/// What a `[` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BracketKind {
    ArrayLiteral,
    MemberAccess,
}

/// What a `(` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParenKind {
    Call,
    Grouping,
    IfCondition,
    /// `while (...)`, also the condition of a `do ... while (...)`.
    WhileCondition,
    ForHeader,
    SwitchDiscriminant,
    CatchParam,
    WithObject,
    /// A `function`'s, method's, getter's or setter's parameter list.
    FunctionParams,
    /// `(a, b) => ...`
    ArrowParams,
}

/// The kind of group a bracket token opens or closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Brace(BraceKind),
    Bracket(BracketKind),
    Paren(ParenKind),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub start: usize,
    pub end: usize,
    /// A line break (or a comment holding one) separates it from the previous token.
    pub newline_before: bool,
    /// For a bracket: the index of its partner (None when unbalanced).
    pub partner: Option<usize>,
    /// For a bracket: what it opens or closes.
    pub group: Option<Group>,
    /// For a template literal: the byte ranges of the code inside each `${ ... }`.
    pub substitutions: Vec<(usize, usize)>,
}

/// A `//` or `/* */` comment; `start..end` covers the whole comment (no line break).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comment {
    pub start: usize,
    pub end: usize,
    pub line: bool,
}

/// A tokenized source file.
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    pub text: &'a str,
    pub tokens: Vec<Token>,
    pub comments: Vec<Comment>,
}

const KEYWORDS: &[&str] = &[
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "let",
    "new",
    "null",
    "of",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// Keywords after which an expression starts (so `/` opens a regex, `{` an object, `[`
/// an array, and `+ - !` are unary).
const EXPRESSION_KEYWORDS: &[&str] = &[
    "return",
    "typeof",
    "case",
    "do",
    "else",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "instanceof",
    "yield",
    "await",
];

/// Keywords that are values: they end an operand like an identifier does.
const VALUE_KEYWORDS: &[&str] = &["this", "super", "null", "true", "false"];

const PUNCTUATORS: &[&str] = &[
    ">>>=", "===", "!==", "**=", "...", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&",
    "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
];

/// Tokenizes `text` and runs the structure pass.
pub fn tokenize(text: &str) -> Tokens<'_> {
    let mut lexer = Lexer {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        comments: Vec::new(),
        header_parens: Vec::new(),
        header_closed: false,
    };
    let mut tokens = Vec::new();
    lexer.run(&mut tokens, false);
    let comments = std::mem::take(&mut lexer.comments);
    let mut out = Tokens { text, tokens, comments };
    out.match_brackets();
    out.classify();
    out
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80 || b == b'\\' || b == b'#'
}

fn is_ident_part(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80 || b == b'\\'
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    comments: Vec<Comment>,
    /// For each open `(`: whether it is an `if`/`while`/`for`/`with` header, after whose
    /// `)` a statement (so maybe a regex) starts.
    header_parens: Vec<bool>,
    /// The last `)` closed such a header.
    header_closed: bool,
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> u8 {
        self.bytes.get(self.pos + ahead).copied().unwrap_or(0)
    }

    /// Lexes tokens into `out`. With `in_substitution`, stops at the `}` that closes a
    /// template's `${` (leaving `pos` on it).
    fn run(&mut self, out: &mut Vec<Token>, in_substitution: bool) {
        let mut depth = 0usize;
        let mut newline = false;
        while self.pos < self.bytes.len() {
            let b = self.bytes[self.pos];
            if b == b'\n' || b == b'\r' {
                newline = true;
                self.pos += 1;
                continue;
            }
            if b.is_ascii_whitespace() {
                self.pos += 1;
                continue;
            }
            if b == b'/' && self.peek(1) == b'/' {
                let start = self.pos;
                while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' && self.bytes[self.pos] != b'\r' {
                    self.pos += 1;
                }
                self.comments.push(Comment { start, end: self.pos, line: true });
                continue;
            }
            if b == b'/' && self.peek(1) == b'*' {
                let start = self.pos;
                let end = self.text[start + 2..].find("*/").map(|i| start + 2 + i + 2).unwrap_or(self.bytes.len());
                newline |= self.text[start..end].contains('\n');
                self.pos = end;
                self.comments.push(Comment { start, end, line: false });
                continue;
            }
            if in_substitution {
                if b == b'{' {
                    depth += 1;
                } else if b == b'}' {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                }
            }
            let start = self.pos;
            let mut substitutions = Vec::new();
            let kind = if is_ident_start(b) {
                self.pos += 1;
                while self.pos < self.bytes.len() && is_ident_part(self.bytes[self.pos]) {
                    self.pos += 1;
                }
                TokenKind::Ident
            } else if b.is_ascii_digit() || (b == b'.' && self.peek(1).is_ascii_digit()) {
                self.number();
                TokenKind::Number
            } else if b == b'\'' || b == b'"' {
                self.string(b);
                TokenKind::Str
            } else if b == b'`' {
                substitutions = self.template();
                TokenKind::Template
            } else if b == b'/' && regex_allowed(self.text, out, self.header_closed) && self.regex() {
                TokenKind::Regex
            } else {
                self.punct();
                self.track_headers(out, start);
                TokenKind::Punct
            };
            out.push(Token {
                kind,
                start,
                end: self.pos,
                newline_before: newline,
                partner: None,
                group: None,
                substitutions,
            });
            newline = false;
        }
    }

    fn track_headers(&mut self, out: &[Token], start: usize) {
        match &self.text[start..self.pos] {
            "(" => {
                let after_dot = out.len() >= 2
                    && matches!(&self.text[out[out.len() - 2].start..out[out.len() - 2].end], "." | "?.");
                let header = out.last().is_some_and(|p| {
                    p.kind == TokenKind::Ident && matches!(&self.text[p.start..p.end], "if" | "while" | "for" | "with")
                }) && !after_dot;
                self.header_parens.push(header);
            }
            ")" => self.header_closed = self.header_parens.pop().unwrap_or(false),
            _ => {}
        }
    }

    fn number(&mut self) {
        let b = self.bytes[self.pos];
        if b == b'0' && matches!(self.peek(1), b'x' | b'X' | b'o' | b'O' | b'b' | b'B') {
            self.pos += 2;
            while self.pos < self.bytes.len()
                && (self.bytes[self.pos].is_ascii_alphanumeric() || self.bytes[self.pos] == b'_')
            {
                self.pos += 1;
            }
            return;
        }
        let digits = |lexer: &mut Self| {
            while lexer.pos < lexer.bytes.len()
                && (lexer.bytes[lexer.pos].is_ascii_digit() || lexer.bytes[lexer.pos] == b'_')
            {
                lexer.pos += 1;
            }
        };
        digits(self);
        if self.peek(0) == b'.' {
            self.pos += 1;
            digits(self);
        }
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit() || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            digits(self);
        }
        if self.peek(0) == b'n' {
            self.pos += 1;
        }
    }

    fn string(&mut self, quote: u8) {
        self.pos += 1;
        while self.pos < self.bytes.len() {
            match self.bytes[self.pos] {
                b'\\' => self.pos += 2,
                b'\n' => return,
                c if c == quote => {
                    self.pos += 1;
                    return;
                }
                _ => self.pos += 1,
            }
        }
        self.pos = self.pos.min(self.bytes.len());
    }

    /// Scans a template literal; returns the code ranges of its substitutions.
    fn template(&mut self) -> Vec<(usize, usize)> {
        let mut substitutions = Vec::new();
        self.pos += 1;
        while self.pos < self.bytes.len() {
            match self.bytes[self.pos] {
                b'\\' => self.pos += 2,
                b'`' => {
                    self.pos += 1;
                    return substitutions;
                }
                b'$' if self.peek(1) == b'{' => {
                    self.pos += 2;
                    let code_start = self.pos;
                    let mut inner = Vec::new();
                    self.run(&mut inner, true);
                    substitutions.push((code_start, self.pos.min(self.bytes.len())));
                    self.pos += 1; // the closing `}`
                }
                _ => self.pos += 1,
            }
        }
        self.pos = self.bytes.len();
        substitutions
    }

    /// Scans a regex literal from its `/`; false (and `pos` unchanged) when the line ends
    /// before the closing `/`, so the `/` is a division after all.
    fn regex(&mut self) -> bool {
        let mut i = self.pos + 1;
        let mut in_class = false;
        loop {
            match self.bytes.get(i).copied() {
                None | Some(b'\n') | Some(b'\r') => return false,
                Some(b'\\') => i += 2,
                Some(b'[') => {
                    in_class = true;
                    i += 1;
                }
                Some(b']') => {
                    in_class = false;
                    i += 1;
                }
                Some(b'/') if !in_class => break,
                Some(_) => i += 1,
            }
        }
        i += 1;
        while i < self.bytes.len() && is_ident_part(self.bytes[i]) {
            i += 1;
        }
        self.pos = i;
        true
    }

    fn punct(&mut self) {
        let rest = &self.text[self.pos..];
        for p in PUNCTUATORS {
            if rest.starts_with(p) {
                // `a?.5:0` is a conditional, not optional chaining.
                if *p == "?." && rest.as_bytes().get(2).is_some_and(|c| c.is_ascii_digit()) {
                    continue;
                }
                self.pos += p.len();
                return;
            }
        }
        // One character (ASCII here: anything non-ASCII lexed as an identifier).
        self.pos += rest.chars().next().map(char::len_utf8).unwrap_or(1);
    }
}

/// Whether a `/` after the tokens so far starts a regex literal rather than a division.
fn regex_allowed(text: &str, out: &[Token], header_closed: bool) -> bool {
    let Some(prev) = out.last() else { return true };
    let prev_text = &text[prev.start..prev.end];
    match prev.kind {
        TokenKind::Ident => {
            let after_dot =
                out.len() >= 2 && matches!(&text[out[out.len() - 2].start..out[out.len() - 2].end], "." | "?.");
            !after_dot && EXPRESSION_KEYWORDS.contains(&prev_text)
        }
        TokenKind::Number | TokenKind::Str | TokenKind::Template | TokenKind::Regex => false,
        TokenKind::Punct if prev_text == ")" => header_closed,
        TokenKind::Punct => !matches!(prev_text, "]" | "++" | "--"),
    }
}

impl<'a> Tokens<'a> {
    /// The source text of token `i`.
    pub fn text_of(&self, i: usize) -> &'a str {
        &self.text[self.tokens[i].start..self.tokens[i].end]
    }

    /// Whether token `i` is punctuator `p`.
    pub fn is_punct(&self, i: usize, p: &str) -> bool {
        self.tokens.get(i).is_some_and(|t| t.kind == TokenKind::Punct && self.text_of(i) == p)
    }

    /// Whether token `i` is an identifier spelled `name` that is not a property name
    /// (after `.` or `?.`).
    pub fn is_word(&self, i: usize, name: &str) -> bool {
        self.tokens.get(i).is_some_and(|t| t.kind == TokenKind::Ident && self.text_of(i) == name) && !self.after_dot(i)
    }

    /// Whether token `i` follows `.` or `?.` (a property name).
    pub fn after_dot(&self, i: usize) -> bool {
        i > 0 && (self.is_punct(i - 1, ".") || self.is_punct(i - 1, "?."))
    }

    /// Whether token `i` is a keyword (not a property name).
    pub fn is_keyword(&self, i: usize) -> bool {
        self.tokens[i].kind == TokenKind::Ident && KEYWORDS.contains(&self.text_of(i)) && !self.after_dot(i)
    }

    /// The kind of the group token `i` opens or closes.
    pub fn group(&self, i: usize) -> Option<Group> {
        self.tokens.get(i).and_then(|t| t.group)
    }

    pub fn brace_kind(&self, i: usize) -> Option<BraceKind> {
        match self.group(i) {
            Some(Group::Brace(k)) => Some(k),
            _ => None,
        }
    }

    pub fn paren_kind(&self, i: usize) -> Option<ParenKind> {
        match self.group(i) {
            Some(Group::Paren(k)) => Some(k),
            _ => None,
        }
    }

    pub fn bracket_kind(&self, i: usize) -> Option<BracketKind> {
        match self.group(i) {
            Some(Group::Bracket(k)) => Some(k),
            _ => None,
        }
    }

    /// Whether token `i` ends an operand, so that a following `+ - /` is binary:
    /// identifiers (not expression keywords), literals, `)`, `]`, postfix `++`/`--`.
    pub fn ends_operand(&self, i: usize) -> bool {
        let t = &self.tokens[i];
        let text = self.text_of(i);
        match t.kind {
            TokenKind::Ident => !self.is_keyword(i) || VALUE_KEYWORDS.contains(&text),
            TokenKind::Number | TokenKind::Str | TokenKind::Template | TokenKind::Regex => true,
            TokenKind::Punct => match text {
                ")" | "]" => true,
                "++" | "--" => i > 0 && !t.newline_before && self.ends_operand(i - 1),
                _ => false,
            },
        }
    }

    /// Whether an operator at token `i` is binary (its previous token ends an operand).
    pub fn is_binary_at(&self, i: usize) -> bool {
        i > 0 && self.ends_operand(i - 1)
    }

    /// The innermost group opener enclosing token `i` (not `i` itself).
    pub fn enclosing(&self, i: usize) -> Option<usize> {
        let mut j = i;
        while j > 0 {
            j -= 1;
            let t = &self.tokens[j];
            if t.kind != TokenKind::Punct {
                continue;
            }
            match self.text_of(j) {
                "(" | "[" | "{" if t.partner.is_none_or(|p| p > i) => return Some(j),
                ")" | "]" | "}" => {
                    if let Some(p) = t.partner {
                        j = p;
                    }
                }
                _ => {}
            }
        }
        None
    }

    fn match_brackets(&mut self) {
        let mut stack: Vec<usize> = Vec::new();
        for i in 0..self.tokens.len() {
            if self.tokens[i].kind != TokenKind::Punct {
                continue;
            }
            let close_of = match self.text_of(i) {
                "(" | "[" | "{" => {
                    stack.push(i);
                    continue;
                }
                ")" => "(",
                "]" => "[",
                "}" => "{",
                _ => continue,
            };
            // An unbalanced closer pairs with nothing; a mismatched one pops its opener.
            if let Some(&open) = stack.last() {
                if self.text_of(open) == close_of {
                    stack.pop();
                    self.tokens[open].partner = Some(i);
                    self.tokens[i].partner = Some(open);
                }
            }
        }
    }

    /// Classifies every bracket, left to right (a `{` looks at its enclosing group).
    fn classify(&mut self) {
        for i in 0..self.tokens.len() {
            if self.tokens[i].kind != TokenKind::Punct {
                continue;
            }
            let group = match self.text_of(i) {
                "(" => Group::Paren(self.classify_paren(i)),
                "[" => Group::Bracket(self.classify_bracket(i)),
                "{" => Group::Brace(self.classify_brace(i)),
                _ => continue,
            };
            self.tokens[i].group = Some(group);
            if let Some(p) = self.tokens[i].partner {
                self.tokens[p].group = Some(group);
            }
        }
    }

    fn classify_paren(&self, i: usize) -> ParenKind {
        let after_close = self.tokens[i].partner.map(|p| p + 1);
        if after_close.is_some_and(|a| self.is_punct(a, "=>")) {
            return ParenKind::ArrowParams;
        }
        let Some(p) = i.checked_sub(1) else { return ParenKind::Grouping };
        if self.is_keyword(p) {
            return match self.text_of(p) {
                "if" => ParenKind::IfCondition,
                "while" => ParenKind::WhileCondition,
                "for" => ParenKind::ForHeader,
                "await" if p > 0 && self.is_word(p - 1, "for") => ParenKind::ForHeader,
                "switch" => ParenKind::SwitchDiscriminant,
                "catch" => ParenKind::CatchParam,
                "with" => ParenKind::WithObject,
                "function" => ParenKind::FunctionParams,
                t if VALUE_KEYWORDS.contains(&t) => ParenKind::Call,
                _ => ParenKind::Grouping,
            };
        }
        if self.tokens[p].kind == TokenKind::Ident {
            let named_function = p > 0
                && (self.is_word(p - 1, "function")
                    || (self.is_punct(p - 1, "*") && p > 1 && self.is_word(p - 2, "function")));
            if named_function || self.is_method_definition(i) {
                return ParenKind::FunctionParams;
            }
            return ParenKind::Call;
        }
        if self.ends_operand(p) || self.is_punct(p, "?.") {
            return ParenKind::Call;
        }
        ParenKind::Grouping
    }

    /// `name(...) {` inside a class body or object literal (methods, getters, setters),
    /// or anywhere with the `{` on the `)`'s line.
    fn is_method_definition(&self, open: usize) -> bool {
        let Some(close) = self.tokens[open].partner else { return false };
        if !self.is_punct(close + 1, "{") {
            return false;
        }
        let in_class_or_object = self
            .enclosing(open)
            .and_then(|e| self.brace_kind(e))
            .is_some_and(|k| matches!(k, BraceKind::ClassBody | BraceKind::ObjectLiteral));
        in_class_or_object || !self.tokens[close + 1].newline_before
    }

    fn classify_bracket(&self, i: usize) -> BracketKind {
        match i.checked_sub(1) {
            Some(p) if self.ends_operand(p) || self.is_punct(p, "?.") => BracketKind::MemberAccess,
            _ => BracketKind::ArrayLiteral,
        }
    }

    fn classify_brace(&self, i: usize) -> BraceKind {
        let Some(p) = i.checked_sub(1) else { return BraceKind::Block };
        let prev = self.text_of(p);
        match self.tokens[p].kind {
            TokenKind::Punct => match prev {
                ")" => match self.tokens[p].partner.and_then(|o| self.paren_kind(o)) {
                    Some(ParenKind::SwitchDiscriminant) => BraceKind::SwitchBody,
                    Some(ParenKind::Call) if self.class_heritage(p) => BraceKind::ClassBody,
                    _ => BraceKind::Block,
                },
                "=>" | ";" | "{" | "}" => BraceKind::Block,
                ":" => self.classify_after_colon(p),
                _ => BraceKind::ObjectLiteral,
            },
            TokenKind::Ident if self.is_keyword(p) => match prev {
                "class" => BraceKind::ClassBody,
                // `const {a, b} = o`: a destructuring pattern, shaped like an object literal.
                "var" | "let" | "const" => BraceKind::ObjectLiteral,
                p if EXPRESSION_KEYWORDS.contains(&p) && !matches!(p, "do" | "else") => BraceKind::ObjectLiteral,
                _ => BraceKind::Block,
            },
            TokenKind::Ident if self.class_heritage(p) => BraceKind::ClassBody,
            _ => BraceKind::Block,
        }
    }

    /// Whether the tokens ending at `last` are `class Name`, `class Name extends X.Y`
    /// or `class extends f(x)`.
    fn class_heritage(&self, last: usize) -> bool {
        let mut j = last;
        for _ in 0..64 {
            if self.is_word(j, "class") || self.is_word(j, "extends") {
                return true;
            }
            let t = &self.tokens[j];
            let allowed = t.kind == TokenKind::Ident && !self.is_keyword(j)
                || self.is_punct(j, ".")
                || matches!(self.text_of(j), ")" | "]") && t.partner.is_some();
            if !allowed {
                return false;
            }
            if matches!(self.text_of(j), ")" | "]") {
                j = t.partner.unwrap_or(j);
            }
            let Some(prev) = j.checked_sub(1) else { return false };
            j = prev;
        }
        false
    }

    /// A `{` after `:`: an object value, a ternary branch, a `case x:` body or a label.
    fn classify_after_colon(&self, colon: usize) -> BraceKind {
        let Some(encl) = self.enclosing(colon) else { return self.ternary_or_label(colon) };
        match self.group(encl) {
            Some(Group::Brace(BraceKind::ObjectLiteral)) => BraceKind::ObjectLiteral,
            Some(Group::Brace(BraceKind::ClassBody)) => BraceKind::ObjectLiteral,
            Some(Group::Brace(BraceKind::SwitchBody)) | Some(Group::Brace(BraceKind::Block)) => {
                self.ternary_or_label(colon)
            }
            _ => BraceKind::ObjectLiteral,
        }
    }

    /// Scans back in the statement for a `?` at the same depth: ternary → object literal.
    fn ternary_or_label(&self, colon: usize) -> BraceKind {
        let mut j = colon;
        while j > 0 {
            j -= 1;
            let text = self.text_of(j);
            if self.tokens[j].kind == TokenKind::Punct {
                match text {
                    "?" => return BraceKind::ObjectLiteral,
                    ";" | "{" | "}" if !(text == "}" && self.brace_kind(j) == Some(BraceKind::ObjectLiteral)) => {
                        break;
                    }
                    ")" | "]" | "}" => j = self.tokens[j].partner.unwrap_or(j),
                    _ => {}
                }
            } else if self.is_word(j, "case") || self.is_word(j, "default") {
                break;
            }
        }
        BraceKind::Block
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, String)> {
        let t = tokenize(src);
        (0..t.tokens.len()).map(|i| (t.tokens[i].kind, t.text_of(i).to_string())).collect()
    }

    fn texts(src: &str) -> Vec<String> {
        kinds(src).into_iter().map(|(_, s)| s).collect()
    }

    fn brace_kinds(src: &str) -> Vec<BraceKind> {
        let t = tokenize(src);
        (0..t.tokens.len()).filter(|&i| t.is_punct(i, "{")).map(|i| t.brace_kind(i).unwrap()).collect()
    }

    #[test]
    fn regex_or_division_depends_on_the_previous_token() {
        assert_eq!(texts("a / b / c"), ["a", "/", "b", "/", "c"]);
        let k = kinds("x = /ab+c/g.test(s)");
        assert_eq!(k[2], (TokenKind::Regex, "/ab+c/g".to_string()));
        assert_eq!(texts("f(x)/2"), ["f", "(", "x", ")", "/", "2"]);
        assert_eq!(kinds("return /[/]/.test(s)")[1], (TokenKind::Regex, "/[/]/".to_string()));
        assert_eq!(kinds("if (x) /a\\/b/i.exec(y)")[4], (TokenKind::Regex, "/a\\/b/i".to_string()));
        assert_eq!(texts("a[0] / 2 /= 3"), ["a", "[", "0", "]", "/", "2", "/=", "3"]);
        assert_eq!(kinds("x.return / 2")[3].0, TokenKind::Punct);
        assert_eq!(kinds("f()\n}\n/re/.test(s)")[4], (TokenKind::Regex, "/re/".to_string()));
        assert_eq!(texts("a++ / 2 / i"), ["a", "++", "/", "2", "/", "i"]);
        assert_eq!(kinds("while (f(x)) /y/g.exec(s)")[7].0, TokenKind::Regex);
        assert_eq!(kinds("a.if(x) / 2")[5].0, TokenKind::Punct);
    }

    #[test]
    fn numbers_strings_and_punctuators() {
        assert_eq!(
            texts("0x1F + 1_000 + .5 + 1e-3 + 2.5E+2"),
            ["0x1F", "+", "1_000", "+", ".5", "+", "1e-3", "+", "2.5E+2"]
        );
        assert_eq!(texts(r#"'a\'b' + "c\"d""#), [r"'a\'b'", "+", r#""c\"d""#]);
        assert_eq!(
            texts("a >>>= b === c !== d ?? e ??= f"),
            ["a", ">>>=", "b", "===", "c", "!==", "d", "??", "e", "??=", "f"]
        );
        assert_eq!(
            texts("a?.b ?.5:0 x=>y ...z **= 2"),
            ["a", "?.", "b", "?", ".5", ":", "0", "x", "=>", "y", "...", "z", "**=", "2"]
        );
        assert_eq!(texts("i++ - --j &&= k ||= l"), ["i", "++", "-", "--", "j", "&&=", "k", "||=", "l"]);
    }

    #[test]
    fn templates_are_one_token_with_nested_substitutions() {
        let src = "f(`a ${ `b ${x}` } c ${ {k: '}'}['k'] } d`, 2)";
        let t = tokenize(src);
        assert_eq!(t.text_of(2), "`a ${ `b ${x}` } c ${ {k: '}'}['k'] } d`");
        assert_eq!(t.tokens[2].kind, TokenKind::Template);
        let subs: Vec<&str> = t.tokens[2].substitutions.iter().map(|&(s, e)| &src[s..e]).collect();
        assert_eq!(subs, [" `b ${x}` ", " {k: '}'}['k'] "]);
        assert_eq!(texts(src)[3..], [",", "2", ")"]);
    }

    #[test]
    fn comments_are_kept_apart() {
        let t = tokenize("a // one\n/* two\n */ b");
        assert_eq!(t.tokens.len(), 2);
        assert_eq!(t.comments.len(), 2);
        assert!(t.comments[0].line && !t.comments[1].line);
        assert!(t.tokens[1].newline_before);
    }

    #[test]
    fn braces_are_classified() {
        use BraceKind::*;
        assert_eq!(brace_kinds("function f() { return {a: 1}; }"), [Block, ObjectLiteral]);
        assert_eq!(brace_kinds("if (a) { } else { } try { } catch (e) { } finally { }"), [Block; 5]);
        assert_eq!(brace_kinds("x = a => { }; y = a => ({ })"), [Block, ObjectLiteral]);
        assert_eq!(brace_kinds("class A extends B.C { m() { } get x() { return 1 } }"), [ClassBody, Block, Block]);
        assert_eq!(brace_kinds("o = { m() { }, get x() { }, k: { } }"), [ObjectLiteral, Block, Block, ObjectLiteral]);
        assert_eq!(brace_kinds("switch (x) { case 1: { } }"), [SwitchBody, Block]);
        assert_eq!(brace_kinds("x = c ? { } : { }; l: { }"), [ObjectLiteral, ObjectLiteral, Block]);
        assert_eq!(brace_kinds("do { } while (x); { } f({ }, [{ }])"), [Block, Block, ObjectLiteral, ObjectLiteral]);
    }

    #[test]
    fn parens_and_brackets_are_classified() {
        let t = tokenize("if (a[0]) f(x)[1]; for (;;) while (b) switch (c) {} x = [(1), (y) => y]");
        let parens: Vec<ParenKind> =
            (0..t.tokens.len()).filter(|&i| t.is_punct(i, "(")).map(|i| t.paren_kind(i).unwrap()).collect();
        use ParenKind::*;
        assert_eq!(parens, [IfCondition, Call, ForHeader, WhileCondition, SwitchDiscriminant, Grouping, ArrowParams]);
        let brackets: Vec<BracketKind> =
            (0..t.tokens.len()).filter(|&i| t.is_punct(i, "[")).map(|i| t.bracket_kind(i).unwrap()).collect();
        use BracketKind::*;
        assert_eq!(brackets, [MemberAccess, MemberAccess, ArrayLiteral]);
        let t = tokenize("(a) + b; -c; x - -1; i++ - 1; !d");
        let binary: Vec<bool> = (0..t.tokens.len())
            .filter(|&i| matches!(t.text_of(i), "+" | "-" | "!"))
            .map(|i| t.is_binary_at(i))
            .collect();
        assert_eq!(binary, [true, false, true, false, true, false]);
    }

    #[test]
    fn never_panics_on_broken_input() {
        for src in ["'abc", "`a ${b", "/* x", "a = /x", ")]}", "`${`${", "x\\u0041", "é = 'ü'; /é/.test(é)"] {
            let t = tokenize(src);
            for tok in &t.tokens {
                assert!(src.is_char_boundary(tok.start) && src.is_char_boundary(tok.end), "{src}");
            }
        }
    }
}
