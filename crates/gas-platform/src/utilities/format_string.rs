//! `Utilities.formatString`: Closure's `goog.string.format`, which Apps Script runs, with
//! its conversions, flags, quirks and errors.

use super::number_text::{js_number_to_string, js_parse_float, js_parse_int, js_string_to_number, js_to_fixed};
use crate::error::{ServiceError, ServiceResult};

/// A `Utilities.formatString` argument as the script passed it.
#[derive(Debug, Clone, PartialEq)]
pub enum FormatArg {
    Number(f64),
    String(String),
    Bool(bool),
}

impl FormatArg {
    /// ECMAScript `ToString`.
    fn js_string(&self) -> String {
        match self {
            FormatArg::Number(n) => js_number_to_string(*n),
            FormatArg::String(s) => s.clone(),
            FormatArg::Bool(b) => b.to_string(),
        }
    }

    /// ECMAScript `ToNumber`.
    fn js_number(&self) -> f64 {
        match self {
            FormatArg::Number(n) => *n,
            FormatArg::String(s) => js_string_to_number(s),
            FormatArg::Bool(b) => f64::from(u8::from(*b)),
        }
    }
}

/// `Utilities.formatString(template, ...args)`: "sprintf-like" formatting.
///
/// Assumed implementation: Closure's `goog.string.format`, whose description Apps Script
/// repeats and whose leniency public scripts rely on (`%05d` with a string argument,
/// which a Java `String.format` would reject). So: `%s`, `%f` (`%.2f`), `%d`/`%i`/`%u`
/// (`parseInt`, so 3.7 gives 3), `%%`, flags `-`, `+`, space and `0`, a width and a
/// precision; anything else after `%` (`%x`, `%5`) stays as written; extra arguments are
/// ignored. Its quirks hold too: `%5s` pads only strings, and the sign of a padded number
/// comes first (`%5d` of -42 is `-  42`). Checked against that function under Node.
///
/// Too few arguments is an error with Closure's text, `[goog.string.format] Not enough
/// arguments` (assumed); a precision over 100 is V8's `toFixed` RangeError (assumed).
pub fn format_string(template: &str, args: &[FormatArg]) -> ServiceResult<String> {
    let mut remaining = args.iter();
    let mut out = Output::default();
    let mut rest = template;
    while let Some(percent) = rest.find('%') {
        out.push(&rest[..percent])?;
        let Some(spec) = FormatSpec::read(&rest[percent + 1..]) else {
            out.push("%")?;
            rest = &rest[percent + 1..];
            continue;
        };
        rest = &rest[percent + 1 + spec.len..];
        if spec.conversion == '%' {
            out.push("%")?;
            continue;
        }
        let arg = remaining.next().ok_or_else(|| ServiceError::new("[goog.string.format] Not enough arguments"))?;
        out.push(&spec.apply(arg)?)?;
    }
    out.push(rest)?;
    Ok(out.text)
}

/// The formatted text so far and its length as V8 counts it (UTF-16 units).
#[derive(Default)]
struct Output {
    text: String,
    units: usize,
}

impl Output {
    /// Closure concatenates in JS: a whole output past V8's longest string is its
    /// RangeError too (each `%500000000d` alone is within it).
    fn push(&mut self, piece: &str) -> ServiceResult<()> {
        self.units = self.units.saturating_add(piece.encode_utf16().count());
        if self.units > V8_STRING_LENGTH_MAX {
            return Err(invalid_string_length());
        }
        self.text.push_str(piece);
        Ok(())
    }
}

/// The most padding `format_string(template, ..)` can add to its template and
/// arguments: the sum of the widths and precisions of its conversions (a precision past
/// 100 is refused). What the work of formatting grows with, known before it is done.
pub fn format_string_padding_max(template: &str) -> usize {
    let mut padding = 0usize;
    let mut rest = template;
    while let Some(percent) = rest.find('%') {
        rest = &rest[percent + 1..];
        if let Some(spec) = FormatSpec::read(rest) {
            let width = spec.width.unwrap_or(0).min(V8_STRING_LENGTH_MAX + 1);
            padding = padding.saturating_add(width).saturating_add(spec.precision.unwrap_or(0).min(101));
            rest = &rest[spec.len..];
        }
    }
    padding
}

/// V8's longest string (`String::kMaxLength` on 64-bit: 2^29 - 24 UTF-16 units).
/// Closure pads in JS, so a width past it is V8's `RangeError: Invalid string length`;
/// without the check `%999999999999s` allocated until the process aborted.
pub const V8_STRING_LENGTH_MAX: usize = (1 << 29) - 24;

fn invalid_string_length() -> ServiceError {
    ServiceError { message: "Invalid string length".to_string(), kind: crate::error::ErrorKind::RangeError }
}

/// One `%[flags][width][.precision]conversion`, matched as Closure's
/// `/%([0\- \+]*)(\d+)?(\.(\d+))?([%sfdiu])/`.
struct FormatSpec {
    flags: String,
    width: Option<usize>,
    precision: Option<usize>,
    conversion: char,
    /// Characters after the `%`.
    len: usize,
}

impl FormatSpec {
    fn read(text: &str) -> Option<FormatSpec> {
        let flags_len = text.find(|c: char| !"0- +".contains(c)).unwrap_or(text.len());
        let after_flags = &text[flags_len..];
        let width_len = after_flags.find(|c: char| !c.is_ascii_digit()).unwrap_or(after_flags.len());
        let mut len = flags_len + width_len;
        let mut precision = None;
        if let Some(after_dot) = text[len..].strip_prefix('.') {
            let digits = after_dot.find(|c: char| !c.is_ascii_digit()).unwrap_or(after_dot.len());
            if digits > 0 {
                precision = Some(after_dot[..digits].parse().unwrap_or(usize::MAX));
                len += 1 + digits;
            }
        }
        let conversion = text[len..].chars().next().filter(|c| "%sfdiu".contains(*c))?;
        Some(FormatSpec {
            flags: text[..flags_len].to_string(),
            width: after_flags[..width_len].parse().ok(),
            precision,
            conversion,
            len: len + 1,
        })
    }

    fn apply(&self, arg: &FormatArg) -> ServiceResult<String> {
        match self.conversion {
            // Closure pads by `value.length`, which only a string has: a number or a
            // boolean comes out unpadded ("%5s" of 42 is "42").
            's' => match arg {
                FormatArg::String(text) => self.pad_string(text.clone()),
                _ => Ok(arg.js_string()),
            },
            'f' => {
                let text = match self.precision {
                    Some(digits) => js_to_fixed(js_parse_float(&arg.js_string()), digits)?,
                    None => arg.js_string(),
                };
                self.pad_number(arg.js_number(), text, self.precision)
            }
            // d, i, u: parseInt, then %f with precision 0, which Closure treats as none
            // for the unpadded text (0 == "" in JS) but as 0 when padding.
            _ => {
                let value = js_parse_int(&arg.js_string());
                self.pad_number(value, js_number_to_string(value), Some(0))
            }
        }
    }

    fn pad_string(&self, text: String) -> ServiceResult<String> {
        let Some(width) = self.width else { return Ok(text) };
        let missing = width.saturating_sub(text.encode_utf16().count());
        if missing > 0 && width > V8_STRING_LENGTH_MAX {
            return Err(invalid_string_length());
        }
        Ok(if self.flags.contains('-') { text + &" ".repeat(missing) } else { " ".repeat(missing) + &text })
    }

    /// Closure's `%f` tail: sign, then padding to the width.
    fn pad_number(&self, value: f64, text: String, precision: Option<usize>) -> ServiceResult<String> {
        let sign = if value < 0.0 {
            "-"
        } else if self.flags.contains('+') {
            "+"
        } else if self.flags.contains(' ') {
            " "
        } else {
            ""
        };
        let text = if value >= 0.0 { format!("{sign}{text}") } else { text };
        let Some(width) = self.width.filter(|&width| text.encode_utf16().count() < width) else {
            return Ok(text);
        };
        let magnitude = match precision {
            Some(digits) => js_to_fixed(value.abs(), digits)?,
            None => js_number_to_string(value.abs()),
        };
        let missing = width.saturating_sub(magnitude.len() + sign.len());
        if missing > 0 && width > V8_STRING_LENGTH_MAX {
            return Err(invalid_string_length());
        }
        Ok(if self.flags.contains('-') {
            format!("{sign}{magnitude}{}", " ".repeat(missing))
        } else {
            let pad = if self.flags.contains('0') { "0" } else { " " };
            format!("{sign}{}{magnitude}", pad.repeat(missing))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_string_conversions() {
        use FormatArg::{Bool, Number, String as Text};
        let f = |template: &str, args: &[FormatArg]| format_string(template, args).unwrap();
        assert_eq!(f("%s is %d years", &[Text("Ada".into()), Number(36.0)]), "Ada is 36 years");
        assert_eq!(f("%i|%d|%u", &[Number(3.7), Number(-3.7), Text("12abc".into())]), "3|-3|12");
        assert_eq!(f("%.2f|%f|%.0f", &[Number(1.23456), Number(0.1), Number(2.5)]), "1.23|0.1|3");
        assert_eq!(
            f("%05d|%-5d|%5d|%+d", &[Number(42.0), Number(42.0), Number(-42.0), Number(42.0)]),
            "00042|42   |-  42|+42"
        );
        assert_eq!(f("%05d", &[Text("123".into())]), "00123");
        assert_eq!(f("%08.3f|% .1f", &[Number(-7.25678), Number(2.0)]), "-007.257| 2.0");
        assert_eq!(f("100%% %s", &[Bool(true)]), "100% true");
        assert_eq!(f("%5s|%-5s|", &[Text("ab".into()), Text("ab".into())]), "   ab|ab   |");
    }

    #[test]
    fn format_string_quirks_of_the_closure_formatter() {
        use FormatArg::{Number, String as Text};
        let f = |template: &str, args: &[FormatArg]| format_string(template, args).unwrap();
        // Only %s %f %d %i %u %% are conversions; the rest stays as written.
        assert_eq!(f("%x %o %5 %", &[Number(255.0)]), "%x %o %5 %");
        // Only strings are padded by %Ns; toFixed rounds ties away from zero; the sign
        // goes before the padding.
        assert_eq!(f("[%5s] %.2f %.2f", &[Number(42.0), Number(1.005), Number(0.125)]), "[42] 1.00 0.13");
        assert_eq!(f("%d %s", &[Text("abc".into()), Number(1e21)]), "NaN 1e+21");
        assert_eq!(f("%s", &[Number(0.000001), Number(9.0)]), "0.000001");
    }

    #[test]
    fn format_string_padding_is_known_before_formatting() {
        assert_eq!(format_string_padding_max("%s and %d"), 0);
        assert_eq!(format_string_padding_max("%5s|%-08.3f|%%|%x|100%"), 5 + 8 + 3);
        assert_eq!(format_string_padding_max("%500000000d"), 500_000_000);
        // Bounded however wide the template asks: a width past V8's limit is refused.
        assert_eq!(format_string_padding_max("%999999999999s"), V8_STRING_LENGTH_MAX + 1);
    }

    #[test]
    fn format_string_errors() {
        let err = format_string("%s and %s", &[FormatArg::Number(1.0)]).unwrap_err();
        assert_eq!(err.message, "[goog.string.format] Not enough arguments");
        let err = format_string("%.101f", &[FormatArg::Number(1.0)]).unwrap_err();
        assert_eq!(
            (err.message.as_str(), err.kind),
            ("toFixed() digits argument must be between 0 and 100", crate::error::ErrorKind::RangeError)
        );
        // A width past V8's string limit allocated until the process aborted.
        for template in ["%999999999999s", "%-999999999999d", "%0999999999999.2f"] {
            let err = format_string(template, &[FormatArg::String("x".into())]).unwrap_err();
            assert_eq!(
                (err.message.as_str(), err.kind),
                ("Invalid string length", crate::error::ErrorKind::RangeError)
            );
        }
        // Within the limit one by one, past it together.
        let halves = format!("%{0}s%{0}s", V8_STRING_LENGTH_MAX / 2 + 1);
        let err = format_string(&halves, &[FormatArg::String("x".into()), FormatArg::String("y".into())]).unwrap_err();
        assert_eq!(err.message, "Invalid string length");
        // A width past the limit that needs no padding is harmless, as in JS.
        let wide = format!("%{}s", V8_STRING_LENGTH_MAX + 1);
        assert_eq!(format_string(&wide, &[FormatArg::Number(1.0)]).unwrap(), "1");
    }
}
