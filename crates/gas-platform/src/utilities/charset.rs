//! `Utilities.Charset`: the charsets a string is encoded with before it becomes bytes.

use crate::error::{ServiceError, ServiceResult};

/// `Utilities.Charset`, named as the JS enum.
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    UTF_8,
    US_ASCII,
}

/// Reads a `Charset` enum name as the binding passes it (`"UTF_8"`).
pub fn parse_charset(name: &str) -> ServiceResult<Charset> {
    match name {
        "UTF_8" => Ok(Charset::UTF_8),
        "US_ASCII" => Ok(Charset::US_ASCII),
        // Assumed text, in the form Apps Script uses for a bad argument.
        _ => Err(ServiceError::new("Invalid argument: charset")),
    }
}

/// A string's bytes in a charset. US-ASCII replaces each character outside it (a whole
/// code point, so one `?` for an emoji) with `?`, as Java's encoder does.
///
/// Apps Script uses US-ASCII where a string method takes no charset (observed:
/// `base64Encode("é")` is `Pw==`).
pub fn encode_string(text: &str, charset: Charset) -> Vec<u8> {
    match charset {
        Charset::UTF_8 => text.as_bytes().to_vec(),
        Charset::US_ASCII => text.chars().map(|c| if c.is_ascii() { c as u8 } else { b'?' }).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::utilities::base64_encode;

    #[test]
    fn us_ascii_replaces_each_code_point_outside_it() {
        assert_eq!(encode_string("aéb", Charset::US_ASCII), b"a?b");
        assert_eq!(encode_string("😀", Charset::US_ASCII), b"?");
        assert_eq!(encode_string("é", Charset::UTF_8), [0xc3, 0xa9]);
        // Apps Script's base64Encode("é") without a charset is "Pw==", that is "?".
        assert_eq!(base64_encode(&encode_string("é", parse_charset("US_ASCII").unwrap())), "Pw==");
        assert_eq!(parse_charset("LATIN_1").unwrap_err().message, "Invalid argument: charset");
    }
}
