//! Number formats: how a cell's number-format pattern (`0.00`, `#,##0`, `yyyy-mm-dd`,
//! `[h]:mm:ss`, `@`, ...) turns its value into the text `getDisplayValue()` shows.
//!
//! The tokens are Google's, as documented in the Sheets API guide "Date and number formats"
//! (developers.google.com/sheets/api/guides/formats), in the en_US locale (`.` decimal
//! point, `,` grouping, English month and day names): up to four sections split by `;`
//! (positive; negative, shown without its minus; zero; text), `0 # ?` digit placeholders,
//! `.`, `,` (grouping between digits, dividing by 1000 after them), `%`, `E+`/`E-`
//! scientific notation, `"text"`, `\c`, `_c` (a space), `*c` (fill, dropped), `@` (the
//! text), `[$€]` currency, `[Red]` colours (dropped), `[>1000]` conditions, and the date
//! tokens `d dd ddd dddd m mm mmm mmmm mmmmm y yy yyyy h hh s ss .000 a/p am/pm [h] [m] [s]`.
//! Dates are serial numbers (days since 1899-12-30; a `Date` value is taken at its wall
//! time in the spreadsheet's zone), so a date format shows a number as a date and a number
//! format shows a date as its serial.
//!
//! gas-sim's choices where the guide is silent (fidelity rows in docs/fidelity.md): booleans
//! and text show unchanged unless a text section applies; a negative number that rounds
//! to zero loses its minus sign; seconds are truncated, not rounded. Fractions (`# ?/?`,
//! `?/?`, `# ??/16`, `0 ?/?`) follow Excel's documented rules (see `render_fraction`).

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, Timelike};
use chrono_tz::Tz;

use super::locale::{display_value_in, localize, SheetLocale, CURRENCY_MARK, DECIMAL_MARK, EN_US, GROUP_MARK};
use super::values;
use crate::time::{utc_ms_to_local, MONTH_NAMES, MONTH_NAMES_SHORT, WEEKDAY_NAMES, WEEKDAY_NAMES_SHORT};
use crate::CellValue;

/// What `getNumberFormat()` returns for a cell no format was set on (observed).
pub const DEFAULT_PATTERN: &str = "0.###############";
/// The "Plain text" format: strings written to such a cell are stored as written.
pub const PLAIN_TEXT: &str = "@";
/// Sections a pattern has at most (positive; negative; zero; text).
const SECTIONS_MAX: usize = 4;
const MS_PER_DAY: f64 = 86_400_000.0;
/// Significant digits a number is rounded to before formatting: an f64 holds 15 exactly,
/// and Sheets never shows binary noise (`0.1 + 0.2` with `0.00000000000000000` is `0.3...`).
const SIGNIFICANT_DIGITS: usize = 15;

/// The display text of `value` under `pattern` in a spreadsheet whose zone is `zone`,
/// in the en_US locale.
pub fn render(value: &CellValue, pattern: &str, zone: Tz) -> String {
    render_in(value, pattern, zone, &EN_US)
}

/// The display text of `value` under `pattern` in a spreadsheet of that zone and locale
/// (locale.rs: the renderer writes stand-ins for the locale's characters).
pub fn render_in(value: &CellValue, pattern: &str, zone: Tz, locale: &SheetLocale) -> String {
    if is_automatic(pattern) {
        return display_value_in(value, zone, locale);
    }
    localize(&render_marked(value, pattern, zone), locale)
}

/// "Automatic" numbers where a pattern gives no digits, with the locale's decimal point.
fn display_number(n: f64) -> String {
    values::display_number(n).replace('.', &DECIMAL_MARK.to_string())
}

fn render_marked(value: &CellValue, pattern: &str, zone: Tz) -> String {
    let sections: Vec<Vec<Token>> = split_sections(pattern).iter().map(|s| tokenize(s)).collect();
    match value {
        CellValue::Empty => String::new(),
        CellValue::Bool(true) => "TRUE".to_string(),
        CellValue::Bool(false) => "FALSE".to_string(),
        CellValue::String(text) => render_text(text, &sections),
        CellValue::Number(n) => render_number(*n, None, &sections),
        CellValue::Date(at_utc_ms) => {
            let local = utc_ms_to_local(zone, *at_utc_ms);
            render_number(serial_of(local), Some(local), &sections)
        }
    }
}

/// `General`, the default pattern and the empty pattern show numbers in Sheets'
/// "Automatic" way.
fn is_automatic(pattern: &str) -> bool {
    pattern.is_empty() || pattern == DEFAULT_PATTERN || pattern.eq_ignore_ascii_case("general")
}

/// Whether strings written to a cell with this pattern stay text.
pub fn is_plain_text(pattern: &str) -> bool {
    pattern == PLAIN_TEXT
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Literal(String),
    /// `0`, `#` or `?`.
    Digit(char),
    Point,
    Comma,
    Percent,
    /// `E+`/`E-` (`e+` shows a lower-case `e`): whether a plus sign shows, the letter.
    Exponent {
        plus: bool,
        letter: char,
    },
    /// `@`: the cell's text.
    Text,
    /// A run of one date letter, lower-cased, and its length (`mmm` is ('m', 3)).
    DatePart(char, usize),
    /// `[h]`, `[mm]`, `[ss]`: elapsed hours, minutes, seconds.
    Elapsed(char, usize),
    /// `am/pm` (always upper case in the output) or `a/p` (in the token's case).
    AmPm {
        short: bool,
        upper: bool,
    },
    Condition(Comparison, f64),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Comparison {
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Equal,
    NotEqual,
}

impl Comparison {
    fn holds(self, left: f64, right: f64) -> bool {
        match self {
            Comparison::Less => left < right,
            Comparison::LessOrEqual => left <= right,
            Comparison::Greater => left > right,
            Comparison::GreaterOrEqual => left >= right,
            Comparison::Equal => left == right,
            Comparison::NotEqual => left != right,
        }
    }
}

/// The pattern's sections, split at `;` outside quotes, escapes and brackets.
fn split_sections(pattern: &str) -> Vec<String> {
    let mut sections = vec![String::new()];
    let (mut quoted, mut bracket, mut escaped) = (false, false, false);
    for ch in pattern.chars() {
        if escaped {
            escaped = false;
        } else if quoted {
            quoted = ch != '"';
        } else if bracket {
            bracket = ch != ']';
        } else if ch == '"' {
            quoted = true;
        } else if ch == '[' {
            bracket = true;
        } else if ch == '\\' || ch == '_' || ch == '*' {
            escaped = true;
        } else if ch == ';' && sections.len() < SECTIONS_MAX {
            sections.push(String::new());
            continue;
        }
        sections.last_mut().expect("one section at least").push(ch);
    }
    sections
}

fn tokenize(section: &str) -> Vec<Token> {
    let chars: Vec<char> = section.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let literal = |tokens: &mut Vec<Token>, text: &str| match tokens.last_mut() {
        Some(Token::Literal(previous)) => previous.push_str(text),
        _ => tokens.push(Token::Literal(text.to_string())),
    };
    while i < chars.len() {
        let ch = chars[i];
        let rest: String = chars[i..].iter().take(5).collect::<String>().to_ascii_lowercase();
        match ch {
            '"' => {
                let end = chars[i + 1..].iter().position(|&c| c == '"').map_or(chars.len(), |p| i + 1 + p);
                literal(&mut tokens, &chars[i + 1..end].iter().collect::<String>());
                i = end + 1;
                continue;
            }
            // `\c` is c; `_c` a space as wide as c; `*c` repeats c to fill the cell (no width here).
            '\\' | '_' | '*' => {
                match ch {
                    '\\' => literal(&mut tokens, &chars.get(i + 1).map(char::to_string).unwrap_or_default()),
                    '_' => literal(&mut tokens, " "),
                    _ => {}
                }
                i += 2;
                continue;
            }
            '[' => {
                let end = chars[i + 1..].iter().position(|&c| c == ']').map_or(chars.len(), |p| i + 1 + p);
                let inside: String = chars[i + 1..end].iter().collect();
                if let Some(token) = bracketed(&inside) {
                    match token {
                        Token::Literal(text) => literal(&mut tokens, &text),
                        token => tokens.push(token),
                    }
                }
                i = end + 1;
                continue;
            }
            '0' | '#' | '?' => tokens.push(Token::Digit(ch)),
            '.' => tokens.push(Token::Point),
            ',' => tokens.push(Token::Comma),
            '%' => tokens.push(Token::Percent),
            '@' => tokens.push(Token::Text),
            'E' | 'e' if matches!(chars.get(i + 1), Some('+' | '-')) => {
                tokens.push(Token::Exponent { plus: chars[i + 1] == '+', letter: ch });
                i += 2;
                continue;
            }
            _ if rest.starts_with("am/pm") => {
                tokens.push(Token::AmPm { short: false, upper: true });
                i += 5;
                continue;
            }
            _ if rest.starts_with("a/p") => {
                tokens.push(Token::AmPm { short: true, upper: ch == 'A' });
                i += 3;
                continue;
            }
            _ if "ymdhs".contains(ch.to_ascii_lowercase()) => {
                let letter = ch.to_ascii_lowercase();
                let run = chars[i..].iter().take_while(|c| c.to_ascii_lowercase() == letter).count();
                tokens.push(Token::DatePart(letter, run));
                i += run;
                continue;
            }
            _ => literal(&mut tokens, &ch.to_string()),
        }
        i += 1;
    }
    tokens
}

/// A `[...]` part: currency (`[$€-407]` shows `€`), elapsed time, a condition, or a
/// colour (`None`: colours do not change the text).
fn bracketed(inside: &str) -> Option<Token> {
    if let Some(currency) = inside.strip_prefix('$') {
        // `[$]` names no symbol: the locale's (assumed).
        return Some(Token::Literal(match currency.split('-').next().unwrap_or_default() {
            "" => CURRENCY_MARK.to_string(),
            symbol => symbol.to_string(),
        }));
    }
    let lower = inside.to_ascii_lowercase();
    if let Some(letter) = lower.chars().next().filter(|c| "hms".contains(*c)) {
        if lower.chars().all(|c| c == letter) {
            return Some(Token::Elapsed(letter, lower.len()));
        }
    }
    let (comparison, number) = [
        ("<=", Comparison::LessOrEqual),
        (">=", Comparison::GreaterOrEqual),
        ("<>", Comparison::NotEqual),
        ("<", Comparison::Less),
        (">", Comparison::Greater),
        ("=", Comparison::Equal),
    ]
    .iter()
    .find_map(|(prefix, comparison)| inside.strip_prefix(prefix).map(|rest| (*comparison, rest)))?;
    number.trim().parse().ok().map(|n| Token::Condition(comparison, n))
}

fn has_text(section: &[Token]) -> bool {
    section.contains(&Token::Text)
}

fn condition(section: &[Token]) -> Option<(Comparison, f64)> {
    section.iter().find_map(|t| match t {
        Token::Condition(comparison, n) => Some((*comparison, *n)),
        _ => None,
    })
}

fn render_text(text: &str, sections: &[Vec<Token>]) -> String {
    let section = match sections.len() {
        SECTIONS_MAX => sections.get(3),
        _ => sections.iter().find(|s| has_text(s)),
    };
    let Some(section) = section.filter(|s| has_text(s)) else {
        return text.to_string();
    };
    section
        .iter()
        .map(|token| match token {
            Token::Literal(literal) => literal.clone(),
            Token::Text => text.to_string(),
            _ => String::new(),
        })
        .collect()
}

/// A number (or a date's serial, with its wall time) through the section that applies.
fn render_number(n: f64, local: Option<NaiveDateTime>, sections: &[Vec<Token>]) -> String {
    if !n.is_finite() {
        // Never stored by a script's write (values.rs keeps NaN as text); shown as JS does.
        return display_number(n);
    }
    let numeric: Vec<&Vec<Token>> = sections.iter().take(3).filter(|s| !has_text(s)).collect();
    if numeric.is_empty() || (sections.len() == 1 && has_text(&sections[0])) {
        return display_number(n);
    }
    let (section, signed) = if numeric.iter().any(|s| condition(s).is_some()) {
        let chosen = numeric.iter().find(|s| condition(s).is_none_or(|(cmp, limit)| cmp.holds(n, limit)));
        match chosen {
            Some(section) => (*section, true),
            None => return display_number(n),
        }
    } else {
        match numeric.len() {
            1 => (numeric[0], true),
            _ if n < 0.0 => (numeric[1], false),
            3 if n == 0.0 => (numeric[2], false),
            _ => (numeric[0], false),
        }
    };
    let is_date = section.iter().any(|t| matches!(t, Token::DatePart(..) | Token::Elapsed(..) | Token::AmPm { .. }));
    if is_date {
        return render_date(n, local, section);
    }
    let shown = render_fraction(n.abs(), section).unwrap_or_else(|| render_digits(n.abs(), section));
    let is_zero = !shown.chars().any(|c| c.is_ascii_digit() && c != '0');
    if signed && n < 0.0 && !is_zero {
        format!("-{shown}")
    } else {
        shown
    }
}

/// A non-negative number through a number section.
fn render_digits(value: f64, section: &[Token]) -> String {
    let exponent_at = section.iter().position(|t| matches!(t, Token::Exponent { .. }));
    let mantissa_end = exponent_at.unwrap_or(section.len());
    let point_at = section[..mantissa_end].iter().position(|t| *t == Token::Point);
    let integer_end = point_at.unwrap_or(mantissa_end);
    let is_digit = |t: &Token| matches!(t, Token::Digit(_));
    let integer_places: Vec<usize> = (0..integer_end).filter(|&i| is_digit(&section[i])).collect();
    let fraction_places: Vec<usize> = (integer_end..mantissa_end).filter(|&i| is_digit(&section[i])).collect();
    if integer_places.is_empty() && fraction_places.is_empty() {
        return literals_only(section);
    }
    let (grouping, scale_commas) = commas(section, &integer_places, integer_end);
    let percents = section.iter().filter(|t| **t == Token::Percent).count() as i32;
    let scaled = value * 100f64.powi(percents) / 1000f64.powi(scale_commas);

    let (mantissa, exponent) = match exponent_at {
        Some(_) => scientific(scaled, integer_places.len().max(1), fraction_places.len()),
        None => (scaled, 0),
    };
    let (integer_digits, fraction_digits) = round_decimal(mantissa, fraction_places.len());
    let integer_text = integer_part(&integer_digits, &integer_places, section, grouping);
    let fraction_text = fraction_part(&fraction_digits, &fraction_places, section);

    let mut out = String::new();
    for (i, token) in section.iter().enumerate() {
        match token {
            Token::Digit(_) if i < integer_end => {
                let j = integer_places.iter().position(|&p| p == i).expect("an integer place");
                out.push_str(&integer_text[j]);
            }
            Token::Digit(_) if i < mantissa_end => {
                let k = fraction_places.iter().position(|&p| p == i).expect("a fraction place");
                out.push_str(&fraction_text[k]);
            }
            Token::Digit(_) => {}
            Token::Point => out.push(DECIMAL_MARK),
            Token::Comma if i < integer_end && grouping && i > integer_places[0] => {}
            Token::Literal(_) if grouping && i > integer_places[0] && i < *integer_places.last().expect("places") => {}
            Token::Comma => {
                let after_digit = section[..i].iter().rev().find(|t| **t != Token::Comma).is_some_and(is_digit);
                if !after_digit {
                    out.push(',');
                }
            }
            Token::Percent => out.push('%'),
            Token::Exponent { plus, letter } => {
                let width = section[i + 1..].iter().filter(|t| is_digit(t)).count().max(1);
                let sign = if exponent < 0 {
                    "-"
                } else if *plus {
                    "+"
                } else {
                    ""
                };
                out.push_str(&format!("{letter}{sign}{:0width$}", exponent.abs()));
            }
            Token::Literal(text) => out.push_str(text),
            Token::DatePart(letter, count) => out.push_str(&letter.to_string().repeat(*count)),
            Token::Text | Token::Condition(..) | Token::Elapsed(..) | Token::AmPm { .. } => {}
        }
    }
    out
}

/// Denominator placeholders a fraction may have: `?????` tries 99,999 denominators.
const FRACTION_DIGITS_MAX: u32 = 5;

/// A fraction section: `[integer placeholders] literal numerator "/" denominator`, the
/// denominator being placeholders (the best fraction with at most that many digits) or a
/// number (`?/8`: eighths, not reduced). Excel's documented rules, assumed for Sheets:
/// without integer placeholders the fraction is improper (`?/?` shows 1.25 as `5/4`);
/// `?` pads the numerator on the left and the denominator on the right with spaces
/// (`# ???/???` shows 5.25 as `5   1/4  `); a whole number shows the integer and blanks
/// where the fraction would be. `None` when the section is no fraction.
fn render_fraction(value: f64, section: &[Token]) -> Option<String> {
    let slash = section.iter().position(|t| matches!(t, Token::Literal(text) if text.starts_with('/')))?;
    let is_digit = |t: &Token| matches!(t, Token::Digit(_));
    let numerator_start = (0..slash).rev().take_while(|&i| is_digit(&section[i])).last()?;
    let integer_places: Vec<usize> = (0..numerator_start).filter(|&i| is_digit(&section[i])).collect();
    let Token::Literal(after_slash) = &section[slash] else {
        return None;
    };
    let fixed: Option<u64> = match after_slash[1..].trim() {
        "" => None,
        digits => Some(digits.parse().ok().filter(|&d| d > 0)?),
    };
    let denominator_places: Vec<usize> = match fixed {
        Some(_) => Vec::new(),
        None => (slash + 1..section.len()).take_while(|&i| is_digit(&section[i])).collect(),
    };
    if fixed.is_none() && denominator_places.is_empty() {
        return None;
    }
    let (mut whole, part) = if integer_places.is_empty() { (0.0, value) } else { (value.trunc(), value.fract()) };
    let (mut numerator, denominator) = match fixed {
        Some(d) => ((part * d as f64).round() as u64, d),
        None => {
            let digits = (denominator_places.len() as u32).min(FRACTION_DIGITS_MAX);
            best_fraction(part, 10u64.pow(digits) - 1)
        }
    };
    if !integer_places.is_empty() && numerator == denominator {
        whole += 1.0;
        numerator = 0;
    }
    let pad = |text: String, places: &[usize], left: bool| -> String {
        let width = places.iter().filter(|&&p| section[p] != Token::Digit('#')).count();
        let fill: String = " ".repeat(width.saturating_sub(text.len()));
        if left {
            fill + &text
        } else {
            text + &fill
        }
    };
    let numerator_places: Vec<usize> = (numerator_start..slash).collect();
    let numerator_text = pad(numerator.to_string(), &numerator_places, true);
    let denominator_text = match fixed {
        // `/8` as written (with any spaces after the slash).
        Some(_) => after_slash.clone(),
        None => format!("/{}", pad(denominator.to_string(), &denominator_places, false)),
    };
    let fraction_text = if numerator == 0 && !integer_places.is_empty() {
        " ".repeat(numerator_text.chars().count() + denominator_text.chars().count())
    } else {
        numerator_text + &denominator_text
    };
    let (integer_digits, _) = round_decimal(whole, 0);
    let integer_text = integer_part(&integer_digits, &integer_places, section, false);
    let fraction_end = denominator_places.last().map_or(slash, |&p| p);
    let mut out = String::new();
    for (i, token) in section.iter().enumerate() {
        match token {
            _ if i == numerator_start => out.push_str(&fraction_text),
            _ if i > numerator_start && i <= fraction_end => {}
            Token::Digit(_) => {
                if let Some(j) = integer_places.iter().position(|&p| p == i) {
                    out.push_str(&integer_text[j]);
                }
            }
            Token::Literal(text) => out.push_str(text),
            Token::Percent => out.push('%'),
            _ => {}
        }
    }
    // `#` with a zero whole part and no fraction (0 under `# ?/?`) would show nothing.
    if out.trim().is_empty() {
        out = "0".to_string();
    }
    Some(out)
}

/// The fraction closest to `value` (in 0..1 for a mixed number, any size for an improper
/// one) with a denominator up to `denominator_max`; of equally close ones the smallest
/// denominator, so it is in lowest terms.
fn best_fraction(value: f64, denominator_max: u64) -> (u64, u64) {
    let mut best = (value.round() as u64, 1, (value - value.round()).abs());
    for d in 2..=denominator_max.max(1) {
        let n = (value * d as f64).round();
        let error = (value - n / d as f64).abs();
        if error < best.2 {
            best = (n as u64, d, error);
        }
    }
    (best.0, best.1)
}

fn literals_only(section: &[Token]) -> String {
    section
        .iter()
        .map(|t| match t {
            Token::Literal(text) => text.clone(),
            Token::Percent => "%".to_string(),
            Token::Point => ".".to_string(),
            Token::Comma => ",".to_string(),
            _ => String::new(),
        })
        .collect()
}

/// Whether a comma between integer placeholders asks for grouping, and how many commas
/// right after a placeholder (outside the integer digits) each divide by 1000.
fn commas(section: &[Token], integer_places: &[usize], integer_end: usize) -> (bool, i32) {
    let mut grouping = false;
    let mut scale = 0;
    for (i, token) in section.iter().enumerate() {
        if *token != Token::Comma {
            continue;
        }
        let between = i < integer_end
            && integer_places.first().is_some_and(|&first| first < i)
            && integer_places.last().is_some_and(|&last| last > i);
        let after_digit =
            section[..i].iter().rev().find(|t| **t != Token::Comma).is_some_and(|t| matches!(t, Token::Digit(_)));
        if between {
            grouping = true;
        } else if after_digit {
            scale += 1;
        }
    }
    (grouping, scale)
}

/// Mantissa and exponent for `integer_places` digits before the point, rounded to
/// `decimals` so that `9.999` with `0.00E+00` becomes `1.00E+01`.
fn scientific(value: f64, integer_places: usize, decimals: usize) -> (f64, i32) {
    if value == 0.0 {
        return (0.0, 0);
    }
    let mut exponent = value.log10().floor() as i32 - (integer_places as i32 - 1);
    let mut mantissa = value / 10f64.powi(exponent);
    let (integer_digits, _) = round_decimal(mantissa, decimals);
    if integer_digits.len() > integer_places {
        exponent += 1;
        mantissa = value / 10f64.powi(exponent);
    }
    (mantissa, exponent)
}

/// `value` (non-negative) rounded half away from zero to `decimals` places, as its integer
/// digits (no leading zeros, empty for 0) and exactly `decimals` fraction digits.
fn round_decimal(value: f64, decimals: usize) -> (String, String) {
    let text = format!("{:.*e}", SIGNIFICANT_DIGITS - 1, value);
    let (mantissa, exponent) = text.split_once('e').expect("an exponent");
    let exponent: i64 = exponent.parse().expect("a decimal exponent");
    let mut digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
    // digits[k] has weight 10^(exponent - k); keep weights down to 10^-decimals.
    let point = exponent + 1;
    if point < 0 {
        let mut padded = vec![0; (-point) as usize];
        padded.extend(digits);
        digits = padded;
    }
    let point = point.max(0) as usize;
    let keep = point + decimals;
    if digits.len() < keep {
        digits.resize(keep, 0);
    }
    let round_up = digits.get(keep).is_some_and(|&d| d >= 5);
    digits.truncate(keep);
    let mut point = point;
    if round_up {
        let mut k = keep;
        loop {
            if k == 0 {
                digits.insert(0, 1);
                point += 1;
                break;
            }
            k -= 1;
            if digits[k] == 9 {
                digits[k] = 0;
            } else {
                digits[k] += 1;
                break;
            }
        }
    }
    let text = |ds: &[u8]| ds.iter().map(|d| char::from(b'0' + d)).collect::<String>();
    let integer = text(&digits[..point]).trim_start_matches('0').to_string();
    (integer, text(&digits[point..]))
}

/// Each integer placeholder's text: the leftmost one takes every extra digit; a missing
/// digit is `0` for `0`, a space for `?`, nothing for `#`. With grouping, the first holds
/// the whole grouped number (literals between the placeholders are then dropped).
fn integer_part(digits: &str, places: &[usize], section: &[Token], grouping: bool) -> Vec<String> {
    let digits: Vec<char> = digits.chars().collect();
    let count = places.len();
    let mut shown = vec![String::new(); count];
    for (j, &place) in places.iter().enumerate() {
        let from_right = count - 1 - j;
        if j == 0 && digits.len() > count {
            shown[j].extend(&digits[..digits.len() - count]);
        }
        match digits.len().checked_sub(1 + from_right).map(|k| digits[k]) {
            Some(digit) => shown[j].push(digit),
            None => match section[place] {
                Token::Digit('0') => shown[j].push('0'),
                Token::Digit('?') => shown[j].push(' '),
                _ => {}
            },
        }
    }
    if !grouping || count == 0 {
        return shown;
    }
    let all = shown.concat();
    let lead = all.len() - all.trim_start_matches(' ').len();
    let (spaces, number) = all.split_at(lead);
    let mut grouped = spaces.to_string();
    for (k, ch) in number.chars().enumerate() {
        if k > 0 && (number.len() - k) % 3 == 0 {
            grouped.push(GROUP_MARK);
        }
        grouped.push(ch);
    }
    let mut parts = vec![String::new(); count];
    parts[0] = grouped;
    parts
}

/// Each fraction placeholder's text: trailing zeros vanish under `#` and become spaces
/// under `?`.
fn fraction_part(digits: &str, places: &[usize], section: &[Token]) -> Vec<String> {
    let mut shown: Vec<String> = digits.chars().map(String::from).collect();
    for (k, &place) in places.iter().enumerate().rev() {
        if shown[k] != "0" {
            break;
        }
        match section[place] {
            Token::Digit('#') => shown[k] = String::new(),
            Token::Digit('?') => shown[k] = " ".to_string(),
            _ => break,
        }
    }
    shown
}

fn epoch() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(1899, 12, 30).expect("Sheets' epoch").and_hms_opt(0, 0, 0).expect("midnight")
}

/// The serial number of a wall time: days since 1899-12-30, the time as a fraction.
pub fn serial_of(local: NaiveDateTime) -> f64 {
    (local - epoch()).num_milliseconds() as f64 / MS_PER_DAY
}

/// The wall time of a serial number, to the millisecond; `None` outside chrono's range.
fn wall_time_of(serial: f64) -> Option<NaiveDateTime> {
    let ms = (serial * MS_PER_DAY).round();
    if !ms.is_finite() || ms.abs() > 1e15 {
        return None;
    }
    epoch().checked_add_signed(Duration::milliseconds(ms as i64))
}

fn render_date(serial: f64, local: Option<NaiveDateTime>, section: &[Token]) -> String {
    let Some(at) = local.or_else(|| wall_time_of(serial)) else {
        return display_number(serial);
    };
    let twelve_hour = section.iter().any(|t| matches!(t, Token::AmPm { .. }));
    let total_ms = (serial * MS_PER_DAY).round();
    let date_parts: Vec<usize> =
        (0..section.len()).filter(|&i| matches!(section[i], Token::DatePart(..) | Token::Elapsed(..))).collect();
    // The first elapsed unit counts the whole duration; later ones are within it
    // (`[hh]:[mm]:[ss]` is 03:13:41, `[mmmm]:[ss]` 0193:41: the guide's examples).
    let first_elapsed = section.iter().position(|t| matches!(t, Token::Elapsed(..)));
    let mut out = String::new();
    let mut i = 0;
    while i < section.len() {
        match &section[i] {
            Token::DatePart(letter, count) => {
                let minute = *letter == 'm' && *count <= 2 && is_minute(section, &date_parts, i);
                out.push_str(&date_part(at, *letter, *count, minute, twelve_hour));
            }
            Token::Elapsed(letter, count) => {
                let unit_ms = match letter {
                    'h' => 3_600_000.0,
                    'm' => 60_000.0,
                    _ => 1000.0,
                };
                let mut units = (total_ms.abs() / unit_ms).floor() as i64;
                if Some(i) != first_elapsed {
                    units %= 60;
                }
                let sign = if total_ms < 0.0 && Some(i) == first_elapsed { "-" } else { "" };
                out.push_str(&format!("{sign}{units:0count$}", count = *count));
            }
            Token::AmPm { short, upper } => {
                let pm = at.hour() >= 12;
                out.push_str(match (short, upper, pm) {
                    (false, _, false) => "AM",
                    (false, _, true) => "PM",
                    (true, true, false) => "A",
                    (true, true, true) => "P",
                    (true, false, false) => "a",
                    (true, false, true) => "p",
                });
            }
            Token::Point if matches!(section.get(i + 1), Some(Token::Digit('0'))) && follows_seconds(section, i) => {
                let places = section[i + 1..].iter().take_while(|t| **t == Token::Digit('0')).count();
                let fraction = format!("{:03}", at.and_utc().timestamp_subsec_millis());
                let shown: String = fraction.chars().chain(std::iter::repeat('0')).take(places).collect();
                out.push('.');
                out.push_str(&shown);
                i += places;
            }
            Token::Point => out.push('.'),
            Token::Digit(ch) => out.push(*ch),
            Token::Comma => out.push(','),
            Token::Percent => out.push('%'),
            Token::Literal(text) => out.push_str(text),
            Token::Exponent { plus, letter } => {
                out.push(*letter);
                out.push(if *plus { '+' } else { '-' });
            }
            Token::Text | Token::Condition(..) => {}
        }
        i += 1;
    }
    out
}

/// `m`/`mm` is minutes right after an hour token or right before a seconds token (the
/// guide's rule); otherwise the month.
fn is_minute(section: &[Token], date_parts: &[usize], at: usize) -> bool {
    let k = date_parts.iter().position(|&p| p == at).expect("a date part");
    let letter = |p: usize| match section[p] {
        Token::DatePart(letter, _) | Token::Elapsed(letter, _) => letter,
        _ => ' ',
    };
    let after_hour = k > 0 && letter(date_parts[k - 1]) == 'h';
    let before_seconds = date_parts.get(k + 1).is_some_and(|&p| letter(p) == 's');
    after_hour || before_seconds
}

fn follows_seconds(section: &[Token], at: usize) -> bool {
    section[..at]
        .iter()
        .rev()
        .find(|t| !matches!(t, Token::Literal(_)))
        .is_some_and(|t| matches!(t, Token::DatePart('s', _) | Token::Elapsed('s', _)))
}

fn date_part(at: NaiveDateTime, letter: char, count: usize, minute: bool, twelve_hour: bool) -> String {
    let padded = |n: u32, count: usize| if count >= 2 { format!("{n:02}") } else { n.to_string() };
    match letter {
        'y' if count <= 2 => format!("{:02}", at.year().rem_euclid(100)),
        'y' => format!("{:04}", at.year()),
        'm' if minute => padded(at.minute(), count),
        'm' => {
            let name = MONTH_NAMES[at.month0() as usize];
            match count {
                1 | 2 => padded(at.month(), count),
                3 => MONTH_NAMES_SHORT[at.month0() as usize].to_string(),
                5 => name[..1].to_string(),
                _ => name.to_string(),
            }
        }
        'd' => {
            let weekday = at.weekday().num_days_from_sunday() as usize;
            match count {
                1 | 2 => padded(at.day(), count),
                3 => WEEKDAY_NAMES_SHORT[weekday].to_string(),
                _ => WEEKDAY_NAMES[weekday].to_string(),
            }
        }
        'h' if twelve_hour => padded((at.hour() + 11) % 12 + 1, count),
        'h' => padded(at.hour(), count),
        _ => padded(at.second(), count),
    }
}

#[cfg(test)]
#[path = "number_format_tests.rs"]
mod tests;
