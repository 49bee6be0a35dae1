//! ECMAScript number text without JavaScript: `Number::toString`, `toFixed`, `Number()`,
//! `parseFloat` and `parseInt` as `formatString` applies them.

use crate::error::{ServiceError, ServiceResult};

/// ECMAScript `Number::toString`: shortest round-trip digits, exponent form outside
/// 1e-7..1e21.
pub(super) fn js_number_to_string(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if value == 0.0 {
        return "0".to_string();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    // Rust's {:e} gives the shortest round-trip digits: "1.2345e3".
    let scientific = format!("{:e}", value.abs());
    let (mantissa, exponent) = scientific.split_once('e').expect("{:e} has an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i64;
    let n = exponent.parse::<i64>().expect("{:e} exponent is a number") + 1;
    let body = if k <= n && n <= 21 {
        digits + &"0".repeat((n - k) as usize)
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let exp_sign = if n > 0 { "+" } else { "-" };
        let (first, rest) = digits.split_at(1);
        let fraction = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        format!("{first}{fraction}e{exp_sign}{}", (n - 1).abs())
    };
    format!("{sign}{body}")
}

/// ECMAScript `Number.prototype.toFixed`: exact decimal rounding, ties away from zero.
pub(super) fn js_to_fixed(value: f64, digits: usize) -> ServiceResult<String> {
    if digits > 100 {
        return Err(ServiceError {
            message: "toFixed() digits argument must be between 0 and 100".to_string(),
            kind: crate::error::ErrorKind::RangeError,
        });
    }
    if !value.is_finite() || value.abs() >= 1e21 {
        return Ok(js_number_to_string(value));
    }
    let sign = if value < 0.0 { "-" } else { "" };
    // 1074 fractional digits hold any f64 exactly, so the rounding below sees true ties.
    let exact = format!("{:.1074}", value.abs());
    let (whole, fraction) = exact.split_once('.').expect("fixed format has a point");
    let mut kept: Vec<u8> = whole.bytes().chain(fraction.bytes().take(digits)).collect();
    if fraction.as_bytes()[digits] >= b'5' {
        round_up_decimal(&mut kept);
    }
    let point = kept.len() - digits;
    let text = String::from_utf8(kept).expect("ASCII digits");
    let rounded = if digits == 0 { text } else { format!("{}.{}", &text[..point], &text[point..]) };
    // -0.001.toFixed(2) is "-0.00": the sign follows the value, not the digits.
    Ok(format!("{sign}{rounded}"))
}

/// Adds one unit in the last place to ASCII decimal digits.
fn round_up_decimal(digits: &mut Vec<u8>) {
    for digit in digits.iter_mut().rev() {
        if *digit == b'9' {
            *digit = b'0';
        } else {
            *digit += 1;
            return;
        }
    }
    digits.insert(0, b'1');
}

/// ECMAScript `ToNumber` on a string: the whole trimmed text must be a number.
pub(super) fn js_string_to_number(text: &str) -> f64 {
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if trimmed.is_empty() {
        return 0.0;
    }
    for (prefix, radix) in [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)] {
        if let Some(digits) = trimmed.strip_prefix(prefix) {
            return u128::from_str_radix(digits, radix).map_or(f64::NAN, |n| n as f64);
        }
    }
    let (number, len) = js_decimal_prefix(trimmed);
    if len == trimmed.len() {
        number
    } else {
        f64::NAN
    }
}

/// ECMAScript `parseFloat`: the longest decimal prefix after leading white space.
pub(super) fn js_parse_float(text: &str) -> f64 {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let (number, len) = js_decimal_prefix(trimmed);
    if len == 0 {
        f64::NAN
    } else {
        number
    }
}

/// The longest `StrDecimalLiteral` at the start of `text` and its length (0 if none).
fn js_decimal_prefix(text: &str) -> (f64, usize) {
    let bytes = text.as_bytes();
    let mut end = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    if text[end..].starts_with("Infinity") {
        let negative = bytes[0] == b'-';
        return (if negative { f64::NEG_INFINITY } else { f64::INFINITY }, end + 8);
    }
    let digits_from = |at: usize| (at..bytes.len()).find(|&i| !bytes[i].is_ascii_digit()).unwrap_or(bytes.len());
    let int_end = digits_from(end);
    let mut mantissa_digits = int_end - end;
    end = int_end;
    if bytes.get(end) == Some(&b'.') {
        let frac_end = digits_from(end + 1);
        mantissa_digits += frac_end - end - 1;
        if mantissa_digits > 0 {
            end = frac_end;
        }
    }
    if mantissa_digits == 0 {
        return (f64::NAN, 0);
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let sign_len = usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
        let exp_end = digits_from(end + 1 + sign_len);
        if exp_end > end + 1 + sign_len {
            end = exp_end;
        }
    }
    (text[..end].parse().unwrap_or(f64::NAN), end)
}

/// ECMAScript `parseInt(text, 10)`: optional sign and leading decimal digits.
pub(super) fn js_parse_int(text: &str) -> f64 {
    let trimmed = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let (negative, digits) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let len = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    if len == 0 {
        return f64::NAN;
    }
    let magnitude: f64 = digits[..len].parse().unwrap_or(f64::NAN);
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn js_number_text_matches_ecmascript() {
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (1.5, "1.5"),
            (123456789.0, "123456789"),
            (1e21, "1e+21"),
            (1.5e-7, "1.5e-7"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
        ];
        for (value, text) in cases {
            assert_eq!(js_number_to_string(value), text);
        }
    }
}
