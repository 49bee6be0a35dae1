//! The error a service call raises: the platform's exact message, nothing else.

use std::fmt;

/// An error raised by a simulated service. `message` is the text the platform puts in
/// `err.message` (the platform logs it as `Exception: <message>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceError {
    pub message: String,
    /// The JS error constructor the engine should use (`Error` for service exceptions,
    /// `TypeError`/`RangeError` where the platform raises those).
    pub kind: ErrorKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    Error,
    TypeError,
    RangeError,
}

impl ServiceError {
    pub fn new(message: impl Into<String>) -> Self {
        ServiceError { message: message.into(), kind: ErrorKind::Error }
    }

    pub fn type_error(message: impl Into<String>) -> Self {
        ServiceError { message: message.into(), kind: ErrorKind::TypeError }
    }

    /// A call whose arguments fit no overload (observed text; `types` as the platform
    /// lists them, e.g. `String,number`).
    pub fn signature_mismatch(types: &str, method: &str) -> Self {
        ServiceError::new(format!("The parameters ({types}) don't match the method signature for {method}."))
    }

    /// The error for an API gas-sim does not implement, naming it
    /// (`gas-sim does not implement Sheet.getCharts()`).
    pub fn unimplemented(api: &str) -> Self {
        ServiceError::new(format!("{}{api}()", crate::gaps::UNIMPLEMENTED_PREFIX))
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ServiceError {}

pub type ServiceResult<T> = Result<T, ServiceError>;

/// A serde message about a scenario or state file, in the file's terms instead of
/// Rust's: `u32` is "a whole number from 0 to 4294967295", `a sequence` "a list",
/// `struct TriggerSection` "a table" (`map_word`: "a table" for TOML, "an object" for
/// JSON), `enum X` "one of the documented forms".
pub fn plain_serde_message(message: &str, map_word: &str) -> String {
    let mut text = message.to_string();
    for (rust, plain) in [
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number from 0 to 18446744073709551615"),
        ("usize", "a whole number from 0 to 18446744073709551615"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
        ("f64", "a number"),
        ("a sequence", "a list"),
        ("a map", map_word),
    ] {
        text = replace_word(&text, &format!("expected {rust}"), &format!("expected {plain}"));
    }
    for kind in ["internally tagged enum ", "enum ", "struct "] {
        while let Some(at) = text.find(&format!("expected {kind}")) {
            let name_at = at + "expected ".len() + kind.len();
            let name_end =
                text[name_at..].find(|c: char| !c.is_alphanumeric() && c != '_').map_or(text.len(), |i| name_at + i);
            let plain = if kind == "struct " { map_word } else { "one of the documented forms" };
            text.replace_range(at..name_end, &format!("expected {plain}"));
        }
    }
    if text.contains("number too large to fit in target type") {
        text = text
            .replace("number too large to fit in target type", "the number is too large (at most 9223372036854775807)");
    }
    // A TOML time without quotes is a TOML datetime (or, without seconds, a syntax error).
    if (text.contains("datetime") && text.contains("expected a string")) || text.contains("invalid date-time") {
        text.push_str(" (write times in quotes: \"2025-06-13T09:00\")");
    }
    text
}

/// Replaces `from` where it is not followed by more of a word (`u8` but not `u8x`).
fn replace_word(text: &str, from: &str, to: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let after = &rest[at + from.len()..];
        out.push_str(&rest[..at]);
        if after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            out.push_str(from);
        } else {
            out.push_str(to);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_messages_lose_their_rust_names() {
        assert_eq!(
            plain_serde_message("invalid value: integer `-1`, expected u32", "a table"),
            "invalid value: integer `-1`, expected a whole number from 0 to 4294967295"
        );
        assert_eq!(
            plain_serde_message("invalid type: integer `3`, expected struct AccountSection", "a table"),
            "invalid type: integer `3`, expected a table"
        );
        assert_eq!(
            plain_serde_message("invalid type: string \"x\", expected struct World at line 1 column 3", "an object"),
            "invalid type: string \"x\", expected an object at line 1 column 3"
        );
        assert_eq!(
            plain_serde_message("invalid type: map, expected internally tagged enum TimeSpec", "an object"),
            "invalid type: map, expected one of the documented forms"
        );
        assert_eq!(plain_serde_message("expected a sequence", "a table"), "expected a list");
        assert_eq!(
            plain_serde_message("number too large to fit in target type", "a table"),
            "the number is too large (at most 9223372036854775807)"
        );
        assert_eq!(plain_serde_message("missing field `url`", "a table"), "missing field `url`");
    }
}
