//! `Utilities.base64Encode`/`base64Decode` and their web-safe forms, as forgiving in
//! decoding as Apps Script.

use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use base64::Engine as _;

use crate::error::{ServiceError, ServiceResult};

/// Decoding takes the text with its padding already removed and ignores leftover bits,
/// which makes it as forgiving as Apps Script.
const LENIENT_DECODE: GeneralPurposeConfig = GeneralPurposeConfig::new()
    .with_decode_padding_mode(DecodePaddingMode::RequireNone)
    .with_decode_allow_trailing_bits(true);

/// The text of every base64 decoding failure (observed in Apps Script).
pub const BASE64_DECODE_ERROR: &str = "Could not decode string.";

/// `Utilities.base64Encode`: standard alphabet, `=` padding.
pub fn base64_encode(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// `Utilities.base64EncodeWebSafe`: `-` and `_` for `+` and `/`, still `=` padded.
pub fn base64_encode_web_safe(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE.encode(bytes)
}

/// `Utilities.base64Decode`. Apps Script ignores white space and missing or extra `=`
/// padding (`aGk`, `aGk==` and `aG k=` all give "hi"), but rejects the web-safe
/// alphabet and a lone leftover character (`a`), with `Could not decode string.`
/// (observed, in Collabora's Apps Script compatibility tests).
pub fn base64_decode(text: &str) -> ServiceResult<Vec<u8>> {
    decode_lenient(text, &base64::alphabet::STANDARD)
}

/// `Utilities.base64DecodeWebSafe`: the `-`/`_` alphabet, padded or not, with the same
/// leniency as `base64_decode` (assumed: only the alphabet differs).
pub fn base64_decode_web_safe(text: &str) -> ServiceResult<Vec<u8>> {
    decode_lenient(text, &base64::alphabet::URL_SAFE)
}

fn decode_lenient(text: &str, alphabet: &base64::alphabet::Alphabet) -> ServiceResult<Vec<u8>> {
    let compact: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    let unpadded = compact.trim_end_matches('=');
    GeneralPurpose::new(alphabet, LENIENT_DECODE).decode(unpadded).map_err(|_| ServiceError::new(BASE64_DECODE_ERROR))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::utilities::{encode_string, Charset};

    #[test]
    fn base64_round_trip_of_turkish_utf8_text() {
        let bytes = encode_string("Günaydın, İstanbul! Çay şeker ğ", Charset::UTF_8);
        let text = "R8O8bmF5ZMSxbiwgxLBzdGFuYnVsISDDh2F5IMWfZWtlciDEnw==";
        assert_eq!(base64_encode(&bytes), text);
        assert_eq!(base64_decode(text).unwrap(), bytes);
    }

    #[test]
    fn base64_web_safe_alphabet_keeps_padding() {
        assert_eq!(base64_encode(&[0xfb, 0xff, 0xfe]), "+//+");
        assert_eq!(base64_encode_web_safe(&[0xfb, 0xff, 0xfe]), "-__-");
        assert_eq!(base64_encode_web_safe(b"ab"), "YWI=");
        assert_eq!(base64_decode_web_safe("YWI=").unwrap(), b"ab");
        assert_eq!(base64_decode_web_safe("YWI").unwrap(), b"ab");
    }

    #[test]
    fn base64_decode_ignores_space_and_padding_but_not_the_other_alphabet() {
        // Observed in Apps Script (Collabora's Apps Script compatibility test).
        for text in ["aGk=", "aGk", "aGk==", "aG k=", "aG\nk="] {
            assert_eq!(base64_decode(text).unwrap(), b"hi", "{text:?}");
        }
        assert_eq!(base64_decode("").unwrap(), b"");
        for text in ["_wB_gA==", "!!!!", "a", "aG=k"] {
            assert_eq!(base64_decode(text).unwrap_err().message, "Could not decode string.", "{text:?}");
        }
        assert_eq!(base64_decode_web_safe("/wB/gA==").unwrap_err().message, "Could not decode string.");
    }
}
