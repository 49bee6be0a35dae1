//! The `Utilities` service's rules, without JavaScript: `formatDate` and `parseDate` as
//! Java's `SimpleDateFormat` applies them (Locale en-US, lenient, Java's zone names),
//! base64, digests and HMACs as signed Java bytes, charsets, v4 UUIDs drawn from the
//! seeded generator, `formatString`, the `sleep` limit, `parseCsv`, zip and gzip
//! archives, and the rules of `Blob` (content types, `getAs`, Java charset names). The JS binding converts
//! values and calls these; it decides nothing itself.
//!
//! One module per concept; this one only re-exports what the bindings call, so callers
//! name `gas_platform::utilities::format_date` whichever file holds it.

mod archive;
mod base64;
mod blob;
mod calendar;
mod charset;
mod csv;
mod digest;
mod format_string;
mod java_charset;
mod java_zone_names;
mod java_zones;
mod number_text;
mod parse_date;
mod simple_date_format;
mod sleep;
mod uuid;

pub use self::base64::{
    base64_decode, base64_decode_web_safe, base64_encode, base64_encode_web_safe, BASE64_DECODE_ERROR,
};
pub use archive::{
    gzip, gzip_name, ungzip, ungzip_name, unzip, zip, NamedBytes, Unzipped, GZIP_CONTENT_TYPE, GZIP_DEFAULT_NAME,
    INFLATED_BYTES_MAX, ZIP_CONTENT_TYPE, ZIP_DEFAULT_NAME, ZIP_ENTRIES_MAX,
};
pub use blob::{
    blob_too_large, check_blob_size, content_type_from_extension, get_as, is_google_type, renamed, GetAs,
    BLOB_BYTES_MAX, STRING_BLOB_CONTENT_TYPE,
};
pub use charset::{encode_string, parse_charset, Charset};
pub use csv::{csv_delimiter, parse_csv, CSV_CELLS_MAX, CSV_PARSE_ERROR};
pub use digest::{
    compute_digest, compute_hmac, compute_rsa_signature, parse_digest_algorithm, parse_mac_algorithm,
    parse_rsa_algorithm, DigestAlgorithm, MacAlgorithm, RsaAlgorithm, INVALID_RSA_KEY_MESSAGE, RSA_KEY_BITS_MAX,
};
pub use format_string::{format_string, format_string_padding_max, FormatArg, V8_STRING_LENGTH_MAX};
pub use java_charset::{decode_bytes, encode_text, parse_java_charset, JavaCharset};
pub use parse_date::{parse_date, parse_date_at, TWO_DIGIT_YEAR_NOW_UTC_MS};
pub use simple_date_format::{format_date, FIELD_DIGITS_MAX};
pub use sleep::{sleep_ms_checked, SLEEP_MS_MAX};
pub use uuid::uuid_v4;

/// `base64Encode(null)`, `computeDigest(algorithm, undefined)` ...: data neither text nor
/// bytes (assumed text, in the platform's `Invalid argument: NAME` form).
pub const INVALID_DATA_MESSAGE: &str = "Invalid argument: data";

/// Helpers the formatting and parsing tests share.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::time::parse_iso_utc;

    pub(crate) fn at(iso: &str) -> i64 {
        parse_iso_utc(iso).expect("test instants are valid ISO")
    }

    pub(crate) fn fmt(iso: &str, zone: &str, pattern: &str) -> String {
        super::format_date(at(iso), zone, pattern).unwrap()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn missing_data_is_an_invalid_argument() {
        assert_eq!(super::INVALID_DATA_MESSAGE, "Invalid argument: data");
    }
}
