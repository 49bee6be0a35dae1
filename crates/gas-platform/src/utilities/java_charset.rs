//! Charsets named as Java names them (`blob.getDataAsString("Shift_JIS")`,
//! `setDataFromString(text, "ISO-8859-1")`): decoding bytes to a string and encoding a
//! string to bytes as Java's `new String(bytes, cs)` and `String.getBytes(cs)` do.
//!
//! UTF-8, US-ASCII, ISO-8859-1 and the UTF-16 forms follow Java here; every other name
//! goes to `encoding_rs` (the WHATWG set: Shift_JIS, EUC-JP, GBK, Big5, EUC-KR,
//! windows-125x, ISO-8859-x, KOI8 ...), whose tables match Java's for the text scripts
//! exchange. WHATWG's labels are not Java's where they disagree (WHATWG reads
//! `iso-8859-1`, `ascii` as windows-1252 and `utf-16` as little-endian), so those
//! names are matched first.

use encoding_rs::{EncoderResult, Encoding};

use crate::error::{ServiceError, ServiceResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JavaCharset {
    Utf8,
    UsAscii,
    Latin1,
    /// `UTF-16`: a byte-order mark is read (big-endian without one) and written.
    Utf16,
    Utf16Be,
    Utf16Le,
    Other(&'static Encoding),
}

/// Java's `Charset.forName(name)`, case-insensitive with Java's common aliases. An
/// unknown name is an error (text assumed, in the form of the Charset enum's error).
pub fn parse_java_charset(name: &str) -> ServiceResult<JavaCharset> {
    let lower = name.trim().to_ascii_lowercase();
    let charset = match lower.as_str() {
        "utf-8" | "utf8" => JavaCharset::Utf8,
        "us-ascii" | "ascii" | "us_ascii" | "iso646-us" => JavaCharset::UsAscii,
        "iso-8859-1" | "iso8859_1" | "iso8859-1" | "latin1" | "l1" | "iso_8859_1" => JavaCharset::Latin1,
        "utf-16" | "utf16" => JavaCharset::Utf16,
        "utf-16be" | "utf_16be" | "unicodebigunmarked" => JavaCharset::Utf16Be,
        "utf-16le" | "utf_16le" | "unicodelittleunmarked" => JavaCharset::Utf16Le,
        _ => match Encoding::for_label(lower.as_bytes()) {
            Some(encoding) if encoding != encoding_rs::REPLACEMENT => JavaCharset::Other(encoding),
            _ => return Err(ServiceError::new("Invalid argument: charset")),
        },
    };
    Ok(charset)
}

/// Bytes to text; a malformed sequence becomes U+FFFD, as Java's decoders replace it.
pub fn decode_bytes(bytes: &[u8], charset: JavaCharset) -> String {
    match charset {
        JavaCharset::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
        JavaCharset::UsAscii => bytes.iter().map(|&b| if b.is_ascii() { b as char } else { '\u{fffd}' }).collect(),
        JavaCharset::Latin1 => bytes.iter().map(|&b| b as char).collect(),
        JavaCharset::Utf16 => match bytes {
            [0xff, 0xfe, rest @ ..] => decode_utf16(rest, u16::from_le_bytes),
            [0xfe, 0xff, rest @ ..] => decode_utf16(rest, u16::from_be_bytes),
            _ => decode_utf16(bytes, u16::from_be_bytes),
        },
        JavaCharset::Utf16Be => decode_utf16(bytes, u16::from_be_bytes),
        JavaCharset::Utf16Le => decode_utf16(bytes, u16::from_le_bytes),
        JavaCharset::Other(encoding) => encoding.decode_without_bom_handling(bytes).0.into_owned(),
    }
}

fn decode_utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks(2).map(|pair| match pair {
        [a, b] => unit([*a, *b]),
        // An odd last byte is malformed.
        _ => 0xfffd,
    });
    char::decode_utf16(units).map(|c| c.unwrap_or('\u{fffd}')).collect()
}

/// Text to bytes; a character the charset lacks becomes `?`, as Java's encoders do.
pub fn encode_text(text: &str, charset: JavaCharset) -> Vec<u8> {
    match charset {
        JavaCharset::Utf8 => text.as_bytes().to_vec(),
        JavaCharset::UsAscii => text.chars().map(|c| if c.is_ascii() { c as u8 } else { b'?' }).collect(),
        JavaCharset::Latin1 => text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect(),
        JavaCharset::Utf16 => {
            let mut bytes = vec![0xfe, 0xff];
            bytes.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
            bytes
        }
        JavaCharset::Utf16Be => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        JavaCharset::Utf16Le => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        JavaCharset::Other(encoding) => encode_with_question_marks(text, encoding),
    }
}

/// encoding_rs writes an unmappable character as an HTML numeric reference; Java
/// writes `?`, so encode piece by piece and put `?` in each gap.
fn encode_with_question_marks(text: &str, encoding: &'static Encoding) -> Vec<u8> {
    let mut encoder = encoding.new_encoder();
    let mut out = Vec::with_capacity(text.len() + 16);
    let mut rest = text;
    loop {
        let room = encoder.max_buffer_length_from_utf8_without_replacement(rest.len()).unwrap_or(rest.len() * 4 + 16);
        let start = out.len();
        out.resize(start + room, 0);
        let (result, read, written) = encoder.encode_from_utf8_without_replacement(rest, &mut out[start..], true);
        out.truncate(start + written);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => return out,
            EncoderResult::Unmappable(_) => out.push(b'?'),
            // The buffer was sized for the worst case; loop again if it was not enough.
            EncoderResult::OutputFull => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cs(name: &str) -> JavaCharset {
        parse_java_charset(name).unwrap()
    }

    #[test]
    fn java_names_win_over_whatwg_labels() {
        assert_eq!(cs("UTF-8"), JavaCharset::Utf8);
        assert_eq!(cs("ISO-8859-1"), JavaCharset::Latin1);
        assert_eq!(cs("us-ascii"), JavaCharset::UsAscii);
        assert_eq!(cs("UTF-16"), JavaCharset::Utf16);
        assert_eq!(cs("Shift_JIS"), JavaCharset::Other(encoding_rs::SHIFT_JIS));
        assert_eq!(cs("windows-1252"), JavaCharset::Other(encoding_rs::WINDOWS_1252));
        assert_eq!(parse_java_charset("klingon").unwrap_err().message, "Invalid argument: charset");
    }

    #[test]
    fn decoding_replaces_malformed_bytes() {
        assert_eq!(decode_bytes("héllo".as_bytes(), cs("UTF-8")), "héllo");
        assert_eq!(decode_bytes(&[0x68, 0xff, 0x69], cs("UTF-8")), "h\u{fffd}i");
        assert_eq!(decode_bytes(&[0x68, 0xe9], cs("US-ASCII")), "h\u{fffd}");
        assert_eq!(decode_bytes(&[0x68, 0xe9, 0x80], cs("ISO-8859-1")), "hé\u{80}");
        assert_eq!(decode_bytes(&[0xfe, 0xff, 0, 0x68], cs("UTF-16")), "h");
        assert_eq!(decode_bytes(&[0xff, 0xfe, 0x68, 0], cs("UTF-16")), "h");
        assert_eq!(decode_bytes(&[0, 0x68], cs("UTF-16")), "h");
        assert_eq!(decode_bytes(&[0x68, 0], cs("UTF-16LE")), "h");
        // 日本 in Shift_JIS.
        assert_eq!(decode_bytes(&[0x93, 0xfa, 0x96, 0x7b], cs("Shift_JIS")), "日本");
    }

    #[test]
    fn encoding_puts_a_question_mark_for_what_the_charset_lacks() {
        assert_eq!(encode_text("hé😀", cs("US-ASCII")), b"h??");
        assert_eq!(encode_text("hé😀", cs("ISO-8859-1")), [0x68, 0xe9, b'?']);
        assert_eq!(encode_text("h", cs("UTF-16")), [0xfe, 0xff, 0, 0x68]);
        assert_eq!(encode_text("h", cs("UTF-16LE")), [0x68, 0]);
        assert_eq!(encode_text("日本é", cs("Shift_JIS")), [0x93, 0xfa, 0x96, 0x7b, b'?']);
        assert_eq!(encode_text("aé", cs("windows-1252")), [0x61, 0xe9]);
    }
}
