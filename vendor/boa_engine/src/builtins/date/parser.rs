//! Fallback parser for the implementation-defined date strings accepted by `Date.parse`.
//!
//! Strings that are not in the [Date Time String Format][spec-format] may be parsed in an
//! implementation-defined way. Scripts in the wild rely on what browsers accept, so this
//! follows the algorithm of V8's `DateParser` (`src/date/dateparser*`):
//!
//! - First, read as much as possible as a Date Time String, with V8's extensions (any number of
//!   fraction digits, `+hhmm` offsets, lowercase `t`/`z`).
//! - Continue with the "legacy" rules: unrecognized words before the first number and
//!   parenthesized text are ignored; `n:` / `n.` start a time; month names (any word starting
//!   with the first three letters of one), `am`/`pm`, `UT`/`UTC`/`GMT`/`Z` and the US zone
//!   abbreviations (`EST`, `PDT`, ...) are recognized; `+hhmm`, `+hh:mm` or `+hh` after a time or
//!   `GMT` is an offset; other numbers are date fields (`Y/M/D` when the first is not a valid day,
//!   otherwise `M/D/Y`, or day and year around a month name).
//!
//! Like in V8, strings without an offset are local time, except for the date-only forms of the
//! Date Time String Format which are UTC.
//!
//! [spec-format]: https://tc39.es/ecma262/#sec-date-time-string-format

/// The fields of a parsed date string, as arguments for `MakeDay` and `MakeTime`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ParsedDate {
    pub(super) year: f64,
    /// Zero-based.
    pub(super) month: f64,
    pub(super) day: f64,
    pub(super) hour: f64,
    pub(super) minute: f64,
    pub(super) second: f64,
    pub(super) millisecond: f64,
    /// Offset from UTC in seconds, or `None` for local time.
    pub(super) offset_seconds: Option<f64>,
}

/// Parses `text` (UTF-16 code units), or returns `None` if it is not a recognized date.
pub(super) fn parse(text: &[u16]) -> Option<ParsedDate> {
    let mut scanner = Scanner::new(text);
    let mut day = DayFields::default();
    let mut time = TimeFields::default();
    let mut zone = ZoneFields::default();

    let mut token = parse_iso_prefix(&mut scanner, &mut day, &mut time, &mut zone)?;
    let mut has_read_number = day.len > 0;
    while token != Token::End {
        match token {
            Token::Number { value: n, .. } => {
                has_read_number = true;
                if scanner.skip_symbol(b':') {
                    if scanner.skip_symbol(b':') {
                        // `n::` is hours and zero minutes.
                        if time.len > 0 {
                            return None;
                        }
                        time.push(n);
                        time.push(0);
                    } else {
                        time.push(n).then_some(())?;
                        if scanner.peek() == Token::Symbol(b'.') {
                            scanner.next();
                        }
                    }
                } else if scanner.skip_symbol(b'.') && time.expects(n) {
                    // `ss.sss`
                    time.push(n);
                    let ms = scanner.next();
                    if !matches!(ms, Token::Number { .. }) {
                        return None;
                    }
                    time.push_final(read_milliseconds(ms));
                } else if zone.expects_minutes(n) {
                    zone.minute = Some(n);
                } else if time.expects(n) {
                    time.push_final(n);
                    // The time must be followed by the end, white space, `Z` or a sign.
                    if !matches!(
                        scanner.peek(),
                        Token::End
                            | Token::WhiteSpace
                            | Token::Symbol(b'+' | b'-')
                            | Token::Keyword(Keyword::Zone(0), 1)
                    ) {
                        return None;
                    }
                } else {
                    day.push(n).then_some(())?;
                    scanner.skip_symbol(b'-');
                }
            }
            Token::Keyword(keyword, _) => match keyword {
                Keyword::AmPm(offset) if time.len > 0 => time.hour_offset = Some(offset),
                Keyword::Month(month) => {
                    day.named_month = Some(month);
                    scanner.skip_symbol(b'-');
                }
                Keyword::Zone(hours) if has_read_number => zone.set_hours(hours),
                _ => {
                    // Other words are only allowed before the first number, and must be
                    // separated from it.
                    if has_read_number || matches!(scanner.peek(), Token::Number { .. }) {
                        return None;
                    }
                }
            },
            Token::Symbol(sign @ (b'+' | b'-')) if zone.is_utc() || time.len > 0 => {
                // An offset after a time or `GMT`: `+hh:mm`, `+hhmm` or `+hh`.
                zone.negative = Some(sign == b'-');
                let (n, digits) = match scanner.peek() {
                    Token::Number { value, digits } => {
                        scanner.next();
                        (value, digits)
                    }
                    _ => (0, 0),
                };
                has_read_number = true;
                if scanner.peek() == Token::Symbol(b':') {
                    zone.hour = Some(n);
                    zone.minute = None;
                } else if matches!(digits, 1 | 2) {
                    zone.hour = Some(n);
                    zone.minute = Some(0);
                } else if matches!(digits, 3 | 4) {
                    zone.hour = Some(n / 100);
                    zone.minute = Some(n % 100);
                } else {
                    return None;
                }
            }
            Token::Symbol(b'+' | b'-' | b')') if has_read_number => return None,
            // Other characters, white space and parenthesized text are ignored.
            _ => {}
        }
        token = scanner.next();
    }

    let (year, month, date) = day.resolve()?;
    let [hour, minute, second, millisecond] = time.resolve()?;
    Some(ParsedDate {
        year: year.into(),
        month: (month - 1).into(),
        day: date.into(),
        hour: hour.into(),
        minute: minute.into(),
        second: second.into(),
        millisecond: millisecond.into(),
        offset_seconds: zone.resolve(),
    })
}

/// Reads the longest prefix of the input in the Date Time String Format
/// `[+-YY]YYYY[-MM[-DD]][THH:mm[:ss[.sss]][Z|+hh:mm]]`, storing the fields read.
///
/// Returns the first token that is not part of it (or [`Token::End`] if the whole input was
/// read), or `None` if the input is invalid (an invalid time after `T`).
fn parse_iso_prefix(
    scanner: &mut Scanner<'_>,
    day: &mut DayFields,
    time: &mut TimeFields,
    zone: &mut ZoneFields,
) -> Option<Token> {
    let two_digits = |token: Token, range: std::ops::RangeInclusive<i32>| match token {
        Token::Number { value, digits: 2 } if range.contains(&value) => Some(value),
        _ => None,
    };

    // Date: [+-YY]YYYY[-MM[-DD]]
    match scanner.peek() {
        Token::Symbol(sign @ (b'+' | b'-')) => {
            let sign_token = scanner.next();
            let Token::Number { value, digits: 6 } = scanner.peek() else {
                return Some(sign_token);
            };
            scanner.next();
            // -000000 is invalid (its digits are dropped, as in V8).
            if sign == b'-' && value == 0 {
                return Some(sign_token);
            }
            day.push(if sign == b'-' { -value } else { value });
        }
        Token::Number { value, digits: 4 } => {
            scanner.next();
            day.push(value);
        }
        _ => return Some(scanner.next()),
    }
    if scanner.skip_symbol(b'-') {
        let Some(month) = two_digits(scanner.peek(), 1..=12) else {
            return Some(scanner.next());
        };
        scanner.next();
        day.push(month);
        if scanner.skip_symbol(b'-') {
            let Some(date) = two_digits(scanner.peek(), 1..=31) else {
                return Some(scanner.next());
            };
            scanner.next();
            day.push(date);
        }
    }

    // Time: THH:mm[:ss[.sss]][Z|+hh:mm|+hhmm]
    if scanner.peek() == Token::Keyword(Keyword::T, 1) {
        scanner.next();
        let hour = two_digits(scanner.peek(), 0..=24)?;
        // 24 is only allowed for 24:00:00.000.
        let max = |limit: i32| if hour == 24 { 0 } else { limit };
        scanner.next();
        time.push(hour);
        if !scanner.skip_symbol(b':') {
            return None;
        }
        time.push(two_digits(scanner.next(), 0..=max(59))?);
        if scanner.skip_symbol(b':') {
            time.push(two_digits(scanner.next(), 0..=max(59))?);
            if scanner.skip_symbol(b'.') {
                let ms = scanner.next();
                match ms {
                    Token::Number { value, .. } if hour != 24 || value == 0 => {}
                    _ => return None,
                }
                time.push(read_milliseconds(ms));
            }
        }
        match scanner.peek() {
            Token::Keyword(Keyword::Zone(0), 1) => {
                scanner.next();
                zone.set_hours(0);
            }
            Token::Symbol(sign @ (b'+' | b'-')) => {
                scanner.next();
                zone.negative = Some(sign == b'-');
                if let Token::Number { value, digits: 4 } = scanner.peek() {
                    scanner.next();
                    let (hour, minute) = (value / 100, value % 100);
                    if hour > 23 || minute > 59 {
                        return None;
                    }
                    zone.hour = Some(hour);
                    zone.minute = Some(minute);
                } else {
                    zone.hour = Some(two_digits(scanner.next(), 0..=23)?);
                    if !scanner.skip_symbol(b':') {
                        return None;
                    }
                    zone.minute = Some(two_digits(scanner.next(), 0..=59)?);
                }
            }
            _ => {}
        }
        if scanner.peek() != Token::End {
            return None;
        }
    } else if scanner.peek() != Token::End {
        return Some(scanner.next());
    }

    // Date-only forms are UTC, date-time forms are local time.
    if zone.hour.is_none() && time.len == 0 {
        zone.set_hours(0);
    }
    day.is_iso = true;
    Some(Token::End)
}

/// Scales a fraction of a second to milliseconds, using its first three digits.
fn read_milliseconds(token: Token) -> i32 {
    let Token::Number { value, digits } = token else {
        return 0;
    };
    match digits {
        0 | 3 => value,
        1 => value * 100,
        2 => value * 10,
        // Only `MAX_DIGITS` significant digits are kept by the scanner.
        _ => value / 10_i32.pow(digits.min(MAX_DIGITS) as u32 - 3),
    }
}

/// The number of significant digits kept for a number.
const MAX_DIGITS: usize = 9;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keyword {
    /// A month name, 1-based.
    Month(i32),
    /// `am` (0) or `pm` (12).
    AmPm(i32),
    /// A time zone name with its offset in hours.
    Zone(i32),
    /// The `T` of the Date Time String Format.
    T,
    /// Any other word.
    Other,
}

impl Keyword {
    /// Looks up a word from its lowercased first three characters (zero-padded) and length.
    fn lookup(prefix: [u32; 3], len: usize) -> Self {
        const KEYWORDS: [(&[u8; 3], Keyword); 27] = [
            (b"jan", Keyword::Month(1)),
            (b"feb", Keyword::Month(2)),
            (b"mar", Keyword::Month(3)),
            (b"apr", Keyword::Month(4)),
            (b"may", Keyword::Month(5)),
            (b"jun", Keyword::Month(6)),
            (b"jul", Keyword::Month(7)),
            (b"aug", Keyword::Month(8)),
            (b"sep", Keyword::Month(9)),
            (b"oct", Keyword::Month(10)),
            (b"nov", Keyword::Month(11)),
            (b"dec", Keyword::Month(12)),
            (b"am\0", Keyword::AmPm(0)),
            (b"pm\0", Keyword::AmPm(12)),
            (b"ut\0", Keyword::Zone(0)),
            (b"utc", Keyword::Zone(0)),
            (b"z\0\0", Keyword::Zone(0)),
            (b"gmt", Keyword::Zone(0)),
            (b"cdt", Keyword::Zone(-5)),
            (b"cst", Keyword::Zone(-6)),
            (b"edt", Keyword::Zone(-4)),
            (b"est", Keyword::Zone(-5)),
            (b"mdt", Keyword::Zone(-6)),
            (b"mst", Keyword::Zone(-7)),
            (b"pdt", Keyword::Zone(-7)),
            (b"pst", Keyword::Zone(-8)),
            (b"t\0\0", Keyword::T),
        ];
        KEYWORDS
            .iter()
            .find(|(word, keyword)| {
                word.iter().zip(prefix).all(|(&w, p)| u32::from(w) == p)
                    // Only month names may be longer than their prefix ("March", "Sept").
                    && (len <= 3 || matches!(keyword, Keyword::Month(_)))
            })
            .map_or(Keyword::Other, |&(_, keyword)| keyword)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// An unsigned decimal number; `digits` counts leading zeros too.
    Number {
        value: i32,
        digits: usize,
    },
    /// One of `:`, `-`, `+`, `.`, `)`.
    Symbol(u8),
    /// A word, with its length.
    Keyword(Keyword, usize),
    WhiteSpace,
    /// Any other character, or parenthesized text.
    Unknown,
    End,
}

struct Scanner<'a> {
    text: &'a [u16],
    pos: usize,
    next: Token,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a [u16]) -> Self {
        let mut scanner = Self {
            text,
            pos: 0,
            next: Token::End,
        };
        scanner.next = scanner.scan();
        scanner
    }

    fn peek(&self) -> Token {
        self.next
    }

    fn next(&mut self) -> Token {
        let token = self.next;
        self.next = self.scan();
        token
    }

    fn skip_symbol(&mut self, symbol: u8) -> bool {
        let found = self.next == Token::Symbol(symbol);
        if found {
            self.next();
        }
        found
    }

    /// The current code unit, or 0 at the end of the input (a NUL also ends it, as in V8).
    fn current(&self) -> u32 {
        self.text.get(self.pos).copied().map_or(0, u32::from)
    }

    fn scan(&mut self) -> Token {
        let start = self.pos;
        let c = self.current();
        if c == 0 {
            return Token::End;
        }
        if is_digit(c) {
            while self.current() == u32::from(b'0') {
                self.pos += 1;
            }
            let mut value = 0;
            let mut significant = 0;
            while is_digit(self.current()) {
                if significant < MAX_DIGITS {
                    value = value * 10 + (self.current() - u32::from(b'0')) as i32;
                }
                significant += 1;
                self.pos += 1;
            }
            return Token::Number {
                value,
                digits: self.pos - start,
            };
        }
        self.pos += 1;
        if let Ok(symbol @ (b':' | b'-' | b'+' | b'.' | b')')) = u8::try_from(c) {
            return Token::Symbol(symbol);
        }
        if is_word(c) {
            let mut prefix = [0; 3];
            prefix[0] = c | 0x20;
            let mut len = 1;
            while is_word(self.current()) {
                if let Some(p) = prefix.get_mut(len) {
                    *p = self.current() | 0x20;
                }
                len += 1;
                self.pos += 1;
            }
            return Token::Keyword(Keyword::lookup(prefix, len), len);
        }
        if is_white_space(c) || matches!(c, 0x0A | 0x0D | 0x2028 | 0x2029) {
            return Token::WhiteSpace;
        }
        if c == u32::from(b'(') {
            // Skip to the matching parenthesis.
            let mut depth = 1;
            while depth > 0 && self.current() != 0 {
                match u8::try_from(self.current()) {
                    Ok(b'(') => depth += 1,
                    Ok(b')') => depth -= 1,
                    _ => {}
                }
                self.pos += 1;
            }
        }
        Token::Unknown
    }
}

fn is_digit(c: u32) -> bool {
    (u32::from(b'0')..=u32::from(b'9')).contains(&c)
}

/// Word characters are letters and anything above `A` that is not white space.
fn is_word(c: u32) -> bool {
    c >= u32::from(b'A') && !is_white_space(c)
}

/// `WhiteSpace` of ECMAScript (without line terminators).
fn is_white_space(c: u32) -> bool {
    matches!(
        c,
        0x09 | 0x0B | 0x0C | 0x20 | 0xA0 | 0xFEFF | 0x1680 | 0x2000
            ..=0x200A | 0x202F | 0x205F | 0x3000
    )
}

/// The numeric date fields in order of appearance, and a month given by name.
#[derive(Debug, Default)]
struct DayFields {
    fields: [i32; 3],
    len: usize,
    named_month: Option<i32>,
    is_iso: bool,
}

impl DayFields {
    fn push(&mut self, n: i32) -> bool {
        let Some(field) = self.fields.get_mut(self.len) else {
            return false;
        };
        *field = n;
        self.len += 1;
        true
    }

    /// Returns `(year, month, day)`, with a 1-based month.
    fn resolve(&self) -> Option<(i32, i32, i32)> {
        if self.len == 0 {
            return None;
        }
        // Missing fields default to 1 (so a missing year is 2001).
        let mut f = self.fields;
        f[self.len..].fill(1);
        let is_day = |n: i32| (1..=31).contains(&n);
        let (mut year, month, day) = match self.named_month {
            // Y-M-D if ISO or if the first field cannot be a day, else M/D/Y.
            None if self.is_iso || !is_day(f[0]) => (f[0], f[1], f[2]),
            None => (f[2], f[0], f[1]),
            // Around a month name: Y D if the first cannot be a day, else D Y.
            Some(month) if !is_day(f[0]) => (f[0], month, f[1]),
            Some(month) => (f[1], month, f[0]),
        };
        if !self.is_iso {
            match year {
                0..=49 => year += 2000,
                50..=99 => year += 1900,
                _ => {}
            }
        }
        ((1..=12).contains(&month) && is_day(day)).then_some((year, month, day))
    }
}

/// Hours, minutes, seconds and milliseconds in order of appearance.
#[derive(Debug, Default)]
struct TimeFields {
    fields: [i32; 4],
    len: usize,
    /// Set by `am` (0) or `pm` (12).
    hour_offset: Option<i32>,
}

impl TimeFields {
    fn push(&mut self, n: i32) -> bool {
        let Some(field) = self.fields.get_mut(self.len) else {
            return false;
        };
        *field = n;
        self.len += 1;
        true
    }

    /// Pushes the last field: the remaining ones are zero.
    fn push_final(&mut self, n: i32) {
        if self.push(n) {
            self.len = self.fields.len();
        }
    }

    /// Whether `n` can be the next field after the hour.
    fn expects(&self, n: i32) -> bool {
        match self.len {
            1 | 2 => (0..=59).contains(&n),
            3 => (0..=999).contains(&n),
            _ => false,
        }
    }

    fn resolve(&self) -> Option<[i32; 4]> {
        let mut f = self.fields;
        f[self.len..].fill(0);
        let [hour, minute, second, ms] = &mut f;
        if let Some(offset) = self.hour_offset {
            if !(0..=12).contains(hour) {
                return None;
            }
            *hour = *hour % 12 + offset;
        }
        let valid = (0..=23).contains(hour)
            && (0..=59).contains(minute)
            && (0..=59).contains(second)
            && (0..=999).contains(ms);
        // 24:00:00.000 is also allowed.
        (valid || f == [24, 0, 0, 0]).then_some(f)
    }
}

/// An offset from UTC.
#[derive(Debug, Default)]
struct ZoneFields {
    negative: Option<bool>,
    hour: Option<i32>,
    minute: Option<i32>,
}

impl ZoneFields {
    fn set_hours(&mut self, hours: i32) {
        self.negative = Some(hours < 0);
        self.hour = Some(hours.abs());
        self.minute = Some(0);
    }

    fn is_utc(&self) -> bool {
        self.hour == Some(0) && self.minute == Some(0)
    }

    /// Whether `n` can be the minutes after `+hh:`.
    fn expects_minutes(&self, n: i32) -> bool {
        self.hour.is_some() && self.minute.is_none() && (0..=59).contains(&n)
    }

    fn resolve(&self) -> Option<f64> {
        let negative = self.negative?;
        let seconds =
            f64::from(self.hour.unwrap_or(0)) * 3600.0 + f64::from(self.minute.unwrap_or(0)) * 60.0;
        Some(if negative { -seconds } else { seconds })
    }
}
