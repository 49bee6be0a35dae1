//! gas-sim patch (0018): the first syntax error of a JSON text, in V8's words and at
//! V8's position (UTF-16 code units), following the decisions of V8's `JsonParser`
//! (`src/json/json-parser.cc`): which token it expected, with which message. Scripts log
//! `JSON.parse` errors (an HTML error page parsed as JSON) and people search for them.
//! Checked against Node 20 (V8 11.3). Iterative, so any depth is fine.

/// V8's `kMaxContextCharacters`: how much of a long text an unexpected-token message
/// quotes on each side of the token.
const CONTEXT_UNITS: usize = 10;
/// V8's `kMinOriginalSourceLengthForContext`: texts up to this long are quoted whole.
const WHOLE_TEXT_UNITS_MAX: usize = CONTEXT_UNITS * 2 + 1;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Token {
    Eos,
    String,
    Number,
    Other,
}

#[derive(Clone, Copy)]
enum Continuation {
    ObjectProperty,
    ArrayElement,
}

struct Scanner<'a> {
    text: &'a [u16],
    at: usize,
}

/// The error V8's `JSON.parse` raises for `text`, or `None` when V8 accepts it.
pub(super) fn syntax_error(text: &[u16]) -> Option<String> {
    let mut scanner = Scanner { text, at: 0 };
    scanner.parse().err()
}

fn is_space(unit: u16) -> bool {
    matches!(unit, 0x20 | 0x09 | 0x0A | 0x0D)
}

fn is_digit(unit: Option<u16>) -> bool {
    unit.is_some_and(|u| (u16::from(b'0')..=u16::from(b'9')).contains(&u))
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u16> {
        self.text.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.at += 1;
        }
    }

    /// After whitespace: whether the next unit is `unit`, consumed if so.
    fn check(&mut self, unit: u8) -> bool {
        self.skip_space();
        if self.peek() == Some(u16::from(unit)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn token_of(unit: Option<u16>) -> Token {
        match unit {
            None => Token::Eos,
            Some(0x22) => Token::String,
            Some(u) if u == u16::from(b'-') || is_digit(Some(u)) => Token::Number,
            Some(_) => Token::Other,
        }
    }

    /// `message` with V8's ` in JSON at position N`.
    fn at_position(&self, message: &str) -> String {
        format!("{message} in JSON at position {}", self.at)
    }

    /// V8's `ReportUnexpectedToken` without a given message
    /// (`LookUpErrorMessageForJsonToken`).
    fn unexpected(&self) -> String {
        match Self::token_of(self.peek()) {
            Token::Eos => "Unexpected end of JSON input".to_string(),
            Token::Number => self.at_position("Unexpected number"),
            Token::String => self.at_position("Unexpected string"),
            Token::Other => {
                let whole = String::from_utf16_lossy(self.text);
                if matches!(whole.as_str(), "[object Object]" | "undefined" | "Infinity" | "NaN") {
                    return format!("\"{whole}\" is not valid JSON");
                }
                let token = String::from_utf16_lossy(&self.text[self.at..=self.at]);
                let length = self.text.len();
                let quote = |from: usize, to: usize| String::from_utf16_lossy(&self.text[from..to.min(length)]);
                if length <= WHOLE_TEXT_UNITS_MAX {
                    format!("Unexpected token '{token}', \"{whole}\" is not valid JSON")
                } else if self.at < CONTEXT_UNITS {
                    let context = quote(0, self.at + CONTEXT_UNITS);
                    format!("Unexpected token '{token}', \"{context}\"... is not valid JSON")
                } else if self.at < length - CONTEXT_UNITS {
                    let context = quote(self.at - CONTEXT_UNITS, self.at + CONTEXT_UNITS);
                    format!("Unexpected token '{token}', ...\"{context}\"... is not valid JSON")
                } else {
                    let context = quote(self.at - CONTEXT_UNITS, length);
                    format!("Unexpected token '{token}', ...\"{context}\" is not valid JSON")
                }
            }
        }
    }

    /// V8's `ExpectNext(token, message)`: after whitespace, `unit` or that message.
    fn expect_next(&mut self, unit: u8, message: Option<&str>) -> Result<(), String> {
        if self.check(unit) {
            return Ok(());
        }
        Err(match message {
            Some(message) => self.at_position(message),
            None => self.unexpected(),
        })
    }

    fn parse(&mut self) -> Result<(), String> {
        let mut stack: Vec<Continuation> = Vec::new();
        loop {
            // Produce a value.
            self.skip_space();
            match self.peek() {
                Some(0x22) => self.string()?,
                Some(u) if Self::token_of(Some(u)) == Token::Number => self.number()?,
                Some(0x7B) => {
                    self.at += 1;
                    if !self.check(b'}') {
                        self.expect_next(b'"', Some("Expected property name or '}'"))?;
                        self.at -= 1;
                        self.string()?;
                        self.expect_next(b':', Some("Expected ':' after property name"))?;
                        stack.push(Continuation::ObjectProperty);
                        continue;
                    }
                }
                Some(0x5B) => {
                    self.at += 1;
                    if !self.check(b']') {
                        stack.push(Continuation::ArrayElement);
                        continue;
                    }
                }
                Some(0x74) => self.literal("true")?,
                Some(0x66) => self.literal("false")?,
                Some(0x6E) => self.literal("null")?,
                _ => return Err(self.unexpected()),
            }
            // Consume the value produced.
            loop {
                match stack.last() {
                    None => {
                        if self.check_end() {
                            return Ok(());
                        }
                        return Err(format!("Unexpected non-whitespace character after JSON at position {}", self.at));
                    }
                    Some(Continuation::ObjectProperty) => {
                        if self.check(b',') {
                            self.expect_next(b'"', Some("Expected double-quoted property name"))?;
                            self.at -= 1;
                            self.string()?;
                            self.expect_next(b':', None)?;
                            break;
                        }
                        if !self.check(b'}') {
                            return Err(self.at_position("Expected ',' or '}' after property value"));
                        }
                        stack.pop();
                    }
                    Some(Continuation::ArrayElement) => {
                        if self.check(b',') {
                            break;
                        }
                        if !self.check(b']') {
                            return Err(self.at_position("Expected ',' or ']' after array element"));
                        }
                        stack.pop();
                    }
                }
            }
        }
    }

    fn check_end(&mut self) -> bool {
        self.skip_space();
        self.peek().is_none()
    }

    /// V8's `ScanLiteral`: the first letter matched already.
    fn literal(&mut self, word: &str) -> Result<(), String> {
        for expected in word.bytes().skip(1) {
            self.at += 1;
            match self.peek() {
                Some(u) if u == u16::from(expected) => {}
                _ => return Err(self.unexpected()),
            }
        }
        self.at += 1;
        Ok(())
    }

    /// V8's `ParseJsonNumber`.
    fn number(&mut self) -> Result<(), String> {
        if self.peek() == Some(u16::from(b'-')) {
            self.at += 1;
        }
        if self.peek() == Some(u16::from(b'0')) {
            self.at += 1;
            if is_digit(self.peek()) {
                return Err(self.unexpected());
            }
        } else {
            if !is_digit(self.peek()) {
                return Err(self.at_position("No number after minus sign"));
            }
            while is_digit(self.peek()) {
                self.at += 1;
            }
        }
        if self.peek() == Some(u16::from(b'.')) {
            self.at += 1;
            if !is_digit(self.peek()) {
                return Err(self.at_position("Unterminated fractional number"));
            }
            while is_digit(self.peek()) {
                self.at += 1;
            }
        }
        if matches!(self.peek(), Some(0x65 | 0x45)) {
            self.at += 1;
            if matches!(self.peek(), Some(0x2B | 0x2D)) {
                self.at += 1;
            }
            if !is_digit(self.peek()) {
                return Err(self.at_position("Exponent part is missing a number"));
            }
            while is_digit(self.peek()) {
                self.at += 1;
            }
        }
        Ok(())
    }

    /// V8's `ScanJsonString`, at the opening quote.
    fn string(&mut self) -> Result<(), String> {
        self.at += 1;
        loop {
            match self.peek() {
                None => return Err(self.at_position("Unterminated string")),
                Some(0x22) => {
                    self.at += 1;
                    return Ok(());
                }
                Some(u) if u < 0x20 => return Err(self.at_position("Bad control character in string literal")),
                Some(0x5C) => {
                    self.at += 1;
                    match self.peek().and_then(|u| u8::try_from(u).ok()) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => self.at += 1,
                        Some(b'u') => {
                            self.at += 1;
                            for _ in 0..4 {
                                let hex = self.peek().and_then(|u| u8::try_from(u).ok());
                                if !hex.is_some_and(|h| h.is_ascii_hexdigit()) {
                                    return Err(self.at_position("Bad Unicode escape"));
                                }
                                self.at += 1;
                            }
                        }
                        None if self.peek().is_none() => return Err(self.unexpected()),
                        _ => return Err(self.at_position("Bad escaped character")),
                    }
                }
                Some(_) => self.at += 1,
            }
        }
    }
}
