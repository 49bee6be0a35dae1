//! What the client of a web app gets, from how `doGet`/`doPost` ended: the output it
//! returned (a ContentService `TextOutput` or an HtmlService `HtmlOutput`), the
//! platform's error page when it threw, its "did not return anything" page, or its
//! "Script function not found" page.
//!
//! The platform answers 200 in every one of these cases (observed: a thrown error does
//! not make a 500, openillumi.com "GAS doPost 500 error"). A `TextOutput` is not served
//! from script.google.com: the `/exec` URL answers `302 Found` with a one-time URL on
//! script.googleusercontent.com, and the client GETs the content there (documented in
//! the Content service guide; observed: `curl -i` shows the 302, `Location:
//! https://script.googleusercontent.com/macros/echo?user_content_key=...&lib=...`). A
//! POST followed the same way becomes a GET (curl -L, fetch's default `redirect:
//! "follow"`). Pages and HtmlOutput are answered directly (assumed).

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

/// ContentService.MimeType: name -> the media type served (JSON and TEXT observed;
/// the others the registered types, assumed).
pub const MIME_TYPES: &[(&str, &str)] = &[
    ("ATOM", "application/atom+xml"),
    ("CSV", "text/csv"),
    ("ICAL", "text/calendar"),
    ("JAVASCRIPT", "application/javascript"),
    ("JSON", "application/json"),
    ("RSS", "application/rss+xml"),
    ("TEXT", "text/plain"),
    ("VCARD", "text/vcard"),
    ("XML", "application/xml"),
];

/// The text `TextOutput.setMimeType` throws for a value that is not a MimeType (assumed:
/// the platform's text for a bad enum argument).
pub fn invalid_mime_type_message(value: &str) -> String {
    format!("Invalid argument: mimeType ({value:?} is not a ContentService.MimeType)")
}

/// The media type served for a MimeType name, or the error `setMimeType` throws.
pub fn mime_type(name: &str) -> Result<&'static str, String> {
    MIME_TYPES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).ok_or_else(|| invalid_mime_type_message(name))
}

/// HtmlService.XFrameOptionsMode and SandboxMode names (documented; only IFRAME is
/// still served, the others are accepted and ignored, documented).
pub const X_FRAME_OPTIONS_MODES: &[&str] = &["ALLOWALL", "DEFAULT"];
pub const SANDBOX_MODES: &[&str] = &["EMULATED", "IFRAME", "NATIVE"];

/// What the script returned, read from its handle (the prelude's `TextOutput` and
/// `HtmlOutput` handles carry `__gas_output`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    Text { content: String, mime_type: String, file_name: Option<String> },
    Html { content: String, title: String, x_frame_options: String },
}

impl Output {
    /// The output a returned value's JSON stands for; `None` for any other value.
    pub fn from_result(result: &Value) -> Option<Output> {
        let text = |key: &str| result.get(key).and_then(Value::as_str).map(String::from);
        match result.get("__gas_output").and_then(Value::as_str)? {
            "text" => Some(Output::Text {
                content: text("content").unwrap_or_default(),
                mime_type: text("mimeType").unwrap_or_else(|| "TEXT".into()),
                file_name: text("fileName"),
            }),
            "html" => Some(Output::Html {
                content: text("content").unwrap_or_default(),
                title: text("title").unwrap_or_default(),
                x_frame_options: text("xFrameOptionsMode").unwrap_or_else(|| "DEFAULT".into()),
            }),
            _ => None,
        }
    }
}

/// How the handler ended, as the platform answers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Returned; `None` when the value was not an output (undefined, a string, an object).
    Returned(Option<Output>),
    /// Threw: the error's `Name: message` and where, as the platform places it.
    Threw { error: String, file: Option<String>, line: Option<u32> },
    /// The project has no such function.
    NoFunction { function: String },
    /// Stopped by the platform (the 6-minute limit).
    Killed { reason: String },
}

/// Which page the client got.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Page {
    /// The script's own output.
    Output,
    /// The platform's error page (a throw or a kill).
    Error,
    /// "The script completed but did not return anything."
    NoOutput,
    /// "Script function not found: doPost".
    NotFound,
}

/// The response the client ends up with, after following the redirect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WebResponse {
    pub status: u16,
    pub content_type: String,
    pub body: String,
    pub page: Page,
    /// The `Location` of the `302` the `/exec` URL answered first, which the client
    /// followed with a GET.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect: Option<String>,
    /// Headers that say something about the output (`Content-Disposition` for
    /// `downloadAsFile`, `X-Frame-Options`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub headers: BTreeMap<String, String>,
}

/// What that page says.
pub const NO_OUTPUT_MESSAGE: &str = "The script completed but did not return anything.";

/// The page the platform serves when the script completed without an output (observed:
/// the body a client of a script without a return got, github.com/therealaleph/
/// MasterHttpRelayVPN-RUST issue 1019).
pub const NO_OUTPUT_PAGE: &str = "<!DOCTYPE html><html><head><title>Web App</title></head><body><p>The script completed but did not return anything.</p></body></html>";

/// The message of the platform's page for a missing handler (observed, many reports:
/// "Script function not found: doGet").
pub fn function_not_found_message(function: &str) -> String {
    format!("Script function not found: {function}")
}

/// An error as the platform's error page shows it: `TypeError: x is not defined (line 3,
/// file "Code")`, the file without its `.gs` (observed, e.g. "Exception: No HTML file
/// named index was found. (line 23, file \"Code\")").
pub fn error_page_message(error: &str, file: Option<&str>, line: Option<u32>) -> String {
    match (file, line) {
        (Some(file), Some(line)) => {
            let file = file.strip_suffix(".gs").or_else(|| file.strip_suffix(".js")).unwrap_or(file);
            format!("{error} (line {line}, file \"{file}\")")
        }
        _ => error.to_string(),
    }
}

/// The platform's error page around a message: the Apps Script logo and the message in
/// a centred monospace block (the page's shape is assumed; the message is escaped).
pub fn error_page(message: &str) -> String {
    format!(
        "<!DOCTYPE html><html><head><link rel=\"shortcut icon\" href=\"//ssl.gstatic.com/docs/script/images/favicon.ico\"><title>Error</title></head><body style=\"margin:20px\"><div><img alt=\"Google Apps Script\" src=\"//ssl.gstatic.com/docs/script/images/logo.png\"></div><div style=\"text-align:center;font-family:monospace;margin:50px auto 0;max-width:600px\">{}</div></body></html>",
        super::template::escape_html(message)
    )
}

/// The text of the platform's page when it failed around the script (observed: the
/// message users quote for transient Apps Script failures).
pub const SERVER_ERROR_MESSAGE: &str = "We're sorry, a server error occurred. Please wait a bit and try again.";

/// What the page a client gets when its answer is lost says (observed: Google Drive's
/// page for an address it cannot open, which a wrong or failing `/exec` URL shows).
pub const NOT_FOUND_MESSAGE: &str = "Sorry, unable to open the file at this time.";

/// The status of that page.
pub const NOT_FOUND_STATUS: u16 = 404;

/// The platform's "not found" page: the message and the advice under it (the page's
/// shape is assumed).
pub fn not_found_page() -> String {
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Google Drive - Page Not Found</title></head><body style=\"margin:20px\"><p>{NOT_FOUND_MESSAGE}</p><p>Please check the address and try again.</p></body></html>"
    )
}

/// What a client gets when the platform fails around the script (`--error-page`): its
/// error page with [`SERVER_ERROR_MESSAGE`], status 200 like every error page.
pub fn server_error_response() -> WebResponse {
    WebResponse {
        status: 200,
        content_type: HTML_TYPE.into(),
        body: error_page(SERVER_ERROR_MESSAGE),
        page: Page::Error,
        redirect: None,
        headers: BTreeMap::new(),
    }
}

/// What a client gets when its answer is lost (delivery outcome `lost`): the platform's
/// 404 page; the script ran.
pub fn lost_response() -> WebResponse {
    WebResponse {
        status: NOT_FOUND_STATUS,
        content_type: HTML_TYPE.into(),
        body: not_found_page(),
        page: Page::NotFound,
        redirect: None,
        headers: BTreeMap::new(),
    }
}

/// The one-time URL a `TextOutput` is served from: a key derived from the execution
/// (the platform's is random; this one is deterministic, like everything in gas-sim).
pub fn echo_url(script_id: &str, exec_id: u64) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("{script_id}:{exec_id}").as_bytes());
    let key: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("https://script.googleusercontent.com/macros/echo?user_content_key={key}&lib={script_id}")
}

const HTML_TYPE: &str = "text/html; charset=utf-8";

/// What the client gets when the handler ended as `ending`.
pub fn respond(ending: &Ending, echo_url: impl FnOnce() -> String) -> WebResponse {
    let page = |page: Page, body: String| WebResponse {
        status: 200,
        content_type: HTML_TYPE.into(),
        body,
        page,
        redirect: None,
        headers: BTreeMap::new(),
    };
    match ending {
        Ending::Returned(None) => page(Page::NoOutput, NO_OUTPUT_PAGE.into()),
        Ending::Returned(Some(Output::Text { content, mime_type: name, file_name })) => {
            let media = mime_type(name).unwrap_or("text/plain");
            let mut headers = BTreeMap::new();
            if let Some(file_name) = file_name {
                headers.insert("Content-Disposition".into(), format!("attachment; filename=\"{file_name}\""));
            }
            WebResponse {
                status: 200,
                content_type: format!("{media}; charset=utf-8"),
                body: content.clone(),
                page: Page::Output,
                redirect: Some(echo_url()),
                headers,
            }
        }
        Ending::Returned(Some(Output::Html { content, x_frame_options, .. })) => {
            let mut response = page(Page::Output, content.clone());
            // The platform's default keeps the page out of other sites' frames (observed
            // header); ALLOWALL drops it (documented).
            if x_frame_options != "ALLOWALL" {
                response.headers.insert("X-Frame-Options".into(), "SAMEORIGIN".into());
            }
            response
        }
        Ending::Threw { error, file, line } => {
            page(Page::Error, error_page(&error_page_message(error, file.as_deref(), *line)))
        }
        Ending::Killed { reason } => page(Page::Error, error_page(reason)),
        Ending::NoFunction { function } => page(Page::NotFound, error_page(&function_not_found_message(function))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn echo() -> String {
        echo_url("abc", 7)
    }

    #[test]
    fn every_mime_type_is_served_with_its_media_type() {
        let names: Vec<&str> = MIME_TYPES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["ATOM", "CSV", "ICAL", "JAVASCRIPT", "JSON", "RSS", "TEXT", "VCARD", "XML"]);
        assert_eq!(mime_type("JSON"), Ok("application/json"));
        assert!(mime_type("json").unwrap_err().starts_with("Invalid argument: mimeType"));
        for (name, media) in MIME_TYPES {
            let out = Output::Text { content: "x".into(), mime_type: (*name).into(), file_name: None };
            let response = respond(&Ending::Returned(Some(out)), echo);
            assert_eq!(response.content_type, format!("{media}; charset=utf-8"));
        }
    }

    #[test]
    fn text_output_is_served_through_the_redirect() {
        let out = Output::from_result(&json!({"__gas_output": "text", "content": "{\"ok\":true}", "mimeType": "JSON"}));
        let response = respond(&Ending::Returned(out), echo);
        assert_eq!((response.status, response.page, response.body.as_str()), (200, Page::Output, "{\"ok\":true}"));
        let location = response.redirect.unwrap();
        assert!(location.starts_with("https://script.googleusercontent.com/macros/echo?user_content_key="));
        assert_eq!(location, echo_url("abc", 7), "deterministic");
        assert_ne!(location, echo_url("abc", 8));
    }

    #[test]
    fn download_as_file_sets_the_disposition() {
        let out = Output::Text { content: "a,b".into(), mime_type: "CSV".into(), file_name: Some("r.csv".into()) };
        let response = respond(&Ending::Returned(Some(out)), echo);
        assert_eq!(response.headers["Content-Disposition"], "attachment; filename=\"r.csv\"");
    }

    #[test]
    fn html_output_is_served_directly() {
        let out = Output::from_result(&json!({"__gas_output": "html", "content": "<p>hi</p>", "title": "T"}));
        let response = respond(&Ending::Returned(out), echo);
        assert_eq!((response.content_type.as_str(), response.redirect.clone()), ("text/html; charset=utf-8", None));
        assert_eq!(response.headers["X-Frame-Options"], "SAMEORIGIN");
        let all = Output::Html { content: String::new(), title: String::new(), x_frame_options: "ALLOWALL".into() };
        assert!(respond(&Ending::Returned(Some(all)), echo).headers.is_empty());
    }

    #[test]
    fn other_values_are_the_no_output_page() {
        assert_eq!(Output::from_result(&json!({"content": "x"})), None);
        assert_eq!(Output::from_result(&json!("text")), None);
        let response = respond(&Ending::Returned(None), echo);
        assert_eq!((response.status, response.page), (200, Page::NoOutput));
        assert!(response.body.contains(&format!("<p>{NO_OUTPUT_MESSAGE}</p>")));
    }

    #[test]
    fn a_throw_is_the_error_page_with_200() {
        let ending = Ending::Threw { error: "Error: boom <b>".into(), file: Some("Code.gs".into()), line: Some(3) };
        let response = respond(&ending, echo);
        assert_eq!((response.status, response.page, response.redirect.clone()), (200, Page::Error, None));
        assert!(response.body.contains("Error: boom &lt;b&gt; (line 3, file &quot;Code&quot;)"), "{}", response.body);
        assert!(response.body.contains("<title>Error</title>"));
        assert_eq!(error_page_message("E: x", Some("lib/util.gs"), Some(1)), "E: x (line 1, file \"lib/util\")");
        assert_eq!(error_page_message("E: x", None, None), "E: x");
    }

    #[test]
    fn a_lost_answer_is_the_404_page_and_a_platform_failure_the_error_page() {
        let lost = lost_response();
        assert_eq!((lost.status, lost.page), (404, Page::NotFound));
        assert!(lost.body.contains(NOT_FOUND_MESSAGE));
        let failed = server_error_response();
        assert_eq!((failed.status, failed.page), (200, Page::Error));
        assert!(failed.body.contains("We&#39;re sorry, a server error occurred."), "{}", failed.body);
    }

    #[test]
    fn a_missing_handler_is_the_not_found_page() {
        let response = respond(&Ending::NoFunction { function: "doPost".into() }, echo);
        assert_eq!(response.page, Page::NotFound);
        assert!(response.body.contains("Script function not found: doPost"));
    }
}
