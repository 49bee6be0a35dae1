//! `google.script.run`: what an HtmlService page may call and what crosses between the
//! page and the server (developers.google.com/apps-script/guides/html/reference/run and
//! the "Communicate with server functions" guide).
//!
//! - Arguments: primitives (Number, Boolean, String, null), and objects and arrays made
//!   of them; a form element as the only argument. A Date, a Function, a DOM element
//!   other than a form, or a circular object makes the request fail; `undefined` in an
//!   array becomes null (documented). The client refuses an illegal value before
//!   anything is sent, with [`ILLEGAL_VALUE_MESSAGE_PREFIX`] (observed text).
//! - Return values: the same types. A value with a Date anywhere in it reaches the
//!   success handler as null (observed in users' reports; assumed for every depth).
//! - A function whose name ends with `_` is private: it is not on `google.script.run`
//!   (documented, "Private functions").
//! - At most [`CONCURRENT_CALLS_MAX`] calls run at once; the next waits for a free slot
//!   (documented).
//! - A form with a file input ([`FormFiles`]): documented, the input's file becomes a
//!   Blob; observed since the V8 runtime, the call fails in the page with a TypeError
//!   from the client library's internals (users' reports, 2020-2023; the workaround
//!   they use is to read the file in the page and send its bytes or base64). Which one a
//!   run gets is a setting; the observed failure is the default.

/// Calls from one page that run at once; an eleventh waits (documented).
pub const CONCURRENT_CALLS_MAX: usize = 10;

/// The start of the error a page gets for an argument that may not cross (observed:
/// "Failed due to illegal value in property: 0"); the property's name or index follows.
pub const ILLEGAL_VALUE_MESSAGE_PREFIX: &str = "Failed due to illegal value in property: ";

/// The start of the error a failure handler gets when the call got no answer (observed:
/// "NetworkError: Connection failure due to HTTP 0"); the HTTP status follows.
pub const NETWORK_FAILURE_MESSAGE_PREFIX: &str = "NetworkError: Connection failure due to HTTP ";

/// What a form's file input does when the form is passed to `google.script.run`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormFiles {
    /// The call fails in the page before anything is sent, with a TypeError whose
    /// message is [`FILE_INPUT_FAILURE_PREFIX`], a number the page's library picks at
    /// random when it loads, and `')` (observed, with a file chosen or not).
    Fail,
    /// The documented behaviour: the field is a Blob of the chosen file (its name,
    /// content type and bytes; the first file of a `multiple` input, assumed); with no
    /// file chosen, an empty Blob with an empty name (assumed).
    Blob,
}

/// The start of the TypeError a page gets for a form with a file input (observed:
/// "Cannot read properties of null (reading 'closure_lm_123456')").
pub const FILE_INPUT_FAILURE_PREFIX: &str = "Cannot read properties of null (reading 'closure_lm_";

/// The content type of a file the browser gives none for (assumed: the platform's
/// default for bytes of unknown type).
pub const FILE_INPUT_DEFAULT_CONTENT_TYPE: &str = "application/octet-stream";

/// The key that marks a form field carrying a file (`{"name", "type", "base64"}`) in a
/// call's arguments, between gas-sim's page client and the execution; a page's own
/// values may not use it.
pub const FORM_FILE_KEY: &str = "__gas_sim_form_file";

/// The suffix that makes a server function private (documented).
pub const PRIVATE_SUFFIX: &str = "_";

/// Whether a page may call `name` through `google.script.run`: an identifier that is
/// not private. Whether the project declares it is the caller's to check.
pub fn callable(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let identifier = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if !identifier {
        return Err(format!("{name:?} is not a function name"));
    }
    if name.ends_with(PRIVATE_SUFFIX) {
        return Err(format!(
            "{name} is private (its name ends with {PRIVATE_SUFFIX:?}): google.script.run cannot call it"
        ));
    }
    Ok(())
}

/// Whether a server function's return value reaches the success handler as itself;
/// `false`: it arrives as null.
pub fn return_crosses(contains_date: bool) -> bool {
    !contains_date
}

/// The `Error` a failure handler gets for a server function that threw: the error's
/// name and message as the server saw them (assumed: the page's `String(error)` is the
/// server's `Name: message`).
pub fn failure_of(name: &str, message: &str) -> serde_json::Value {
    serde_json::json!({ "name": name, "message": message })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_and_malformed_names_are_not_callable() {
        assert!(callable("saveMessage").is_ok());
        assert!(callable("_internal").is_ok(), "only a trailing underscore makes a function private");
        assert!(callable("save_").unwrap_err().contains("is private"));
        assert!(callable("").is_err());
        assert!(callable("a.b").is_err());
        assert!(callable("1x").is_err());
    }

    #[test]
    fn a_date_anywhere_makes_the_return_null() {
        assert!(return_crosses(false));
        assert!(!return_crosses(true));
        assert_eq!(failure_of("Error", "boom")["message"], "boom");
        assert_eq!(CONCURRENT_CALLS_MAX, 10);
    }
}
