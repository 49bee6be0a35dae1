//! The event object `doGet(e)` / `doPost(e)` receive, built from a request as a client
//! sends it: the query string and a form body decoded as `application/x-www-form-urlencoded`
//! (`+` is a space, `%XX` a byte, bytes read as UTF-8), multi-valued names gathered in
//! `e.parameters`, the body in `e.postData`.
//!
//! The fields are the documented ones (developers.google.com/apps-script/guides/web,
//! "Request parameters"): `queryString` (null without one), `parameter` (first value of
//! each name), `parameters` (every value), `pathInfo` (only when the URL has a path after
//! `/exec`; the documented example has none and no key), `contextPath` (always ""),
//! `contentLength` (-1 for GET) and, with a body, `postData.{length, type, contents, name}`.

use std::collections::BTreeMap;

use serde_json::{json, Value};

/// The content type of a raw `body` the scenario gives none for: what `fetch()` sends for
/// a string body (`text/plain;charset=UTF-8`), the client of seed 003 and of most pages
/// that post to a web app. (curl's `-d` and UrlFetchApp's string payload send
/// `application/x-www-form-urlencoded` instead: write `content_type` for those.)
pub const DEFAULT_BODY_TYPE: &str = "text/plain";
pub const JSON_TYPE: &str = "application/json";
pub const FORM_TYPE: &str = "application/x-www-form-urlencoded";

/// The `User-Agent` a scenario's request and a client's attempt send unless the scenario
/// says otherwise (`[[requests]] user_agent`): a desktop browser's form, naming gas-sim
/// (assumed: any browser's string would be as arbitrary). `HtmlService.getUserAgent()`
/// answers it in the doGet or doPost that request starts.
pub const DEFAULT_USER_AGENT: &str = "Mozilla/5.0 (X11; Linux x86_64) gas-sim";

/// A `User-Agent` longer than this is refused: servers commonly refuse request headers
/// past 8 KiB (the platform's own limit is not documented; assumed).
pub const USER_AGENT_BYTES_MAX: usize = 8 * 1024;

/// A body longer than this is refused: the platform's POST limit is not documented; 50 MB
/// is UrlFetchApp's payload cap, the largest a script-to-script post could be (assumed).
pub const BODY_BYTES_MAX: usize = 50 * 1024 * 1024;

/// A request's body as the client sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body {
    pub contents: String,
    /// The `Content-Type` header, parameters included (`text/plain;charset=UTF-8`).
    pub content_type: String,
}

/// A request to the web app's `/exec` URL.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Request {
    /// `GET` or `POST`.
    pub method: String,
    /// The path after `/exec/`, without the leading slash (`hello` for `/exec/hello`).
    pub path: String,
    /// The query string as sent (encoded), without `?`; empty for none.
    pub query: String,
    pub body: Option<Body>,
    /// The `User-Agent` header; `None`: sent without one (`HtmlService.getUserAgent()`
    /// is then null).
    pub user_agent: Option<String>,
}

/// `%XX` decoded to bytes (and `+` to a space when `plus_is_space`), the bytes read as
/// UTF-8. A `%` not followed by two hex digits stays as written, and bytes that are not
/// UTF-8 become U+FFFD, as browsers' URLSearchParams does (the platform's handling of
/// malformed escapes is not documented: assumed).
pub fn percent_decode(text: &str, plus_is_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' if plus_is_space => out.push(b' '),
            b'%' if i + 2 < bytes.len() && hex(bytes[i + 1]).is_some() && hex(bytes[i + 2]).is_some() => {
                out.push(hex(bytes[i + 1]).unwrap_or(0) * 16 + hex(bytes[i + 2]).unwrap_or(0));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// A name or value encoded as a form or query field (the WHATWG
/// `application/x-www-form-urlencoded` serializer, which `URLSearchParams` uses):
/// ASCII letters, digits and `*-._` stay, a space is `+`, every other byte `%XX`.
pub fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// `a=1&b=x+y` from pairs, in order.
pub fn encode_pairs(pairs: &[(String, String)]) -> String {
    pairs.iter().map(|(k, v)| format!("{}={}", form_encode(k), form_encode(v))).collect::<Vec<_>>().join("&")
}

/// The fields of a query string or form body, in order: `&`-separated, the name before
/// the first `=` (a field without `=` has the value ""), empty fields skipped.
pub fn parse_form(text: &str) -> Vec<(String, String)> {
    text.split('&')
        .filter(|field| !field.is_empty())
        .map(|field| match field.split_once('=') {
            Some((name, value)) => (percent_decode(name, true), percent_decode(value, true)),
            None => (percent_decode(field, true), String::new()),
        })
        .collect()
}

/// The MIME type of a `Content-Type` header: lower-cased, without parameters
/// (`text/plain;charset=UTF-8` is `text/plain`). `postData.type` is "the MIME type of
/// the POST body" (documented); that the parameters are dropped is assumed.
pub fn mime_type_of(content_type: &str) -> String {
    content_type.split(';').next().unwrap_or("").trim().to_ascii_lowercase()
}

/// The event object for `request`. The parameters are the query's fields, then a form
/// body's (the platform fills `e.parameter` from both, documented for forms posted to
/// a web app; query first is assumed).
pub fn build_event(request: &Request) -> Value {
    let mut fields = parse_form(&request.query);
    if let Some(body) = &request.body {
        if mime_type_of(&body.content_type) == FORM_TYPE {
            fields.extend(parse_form(&body.contents));
        }
    }
    let mut parameter: BTreeMap<&str, &str> = BTreeMap::new();
    let mut parameters: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (name, value) in &fields {
        parameter.entry(name).or_insert(value);
        parameters.entry(name).or_default().push(value);
    }
    let query_string = if request.query.is_empty() { Value::Null } else { json!(request.query) };
    let mut event = json!({
        "queryString": query_string,
        "parameter": parameter,
        "parameters": parameters,
        "contextPath": "",
        "contentLength": -1,
    });
    if !request.path.is_empty() {
        event["pathInfo"] = json!(request.path);
    }
    if request.method == "POST" {
        // Bytes, as HTTP's Content-Length counts them (`é` is 2).
        let length = request.body.as_ref().map_or(0, |b| b.contents.len());
        event["contentLength"] = json!(length);
        if let Some(body) = &request.body {
            event["postData"] = json!({
                "contents": body.contents,
                "length": length,
                "type": mime_type_of(&body.content_type),
                "name": "postData",
            });
        }
    }
    event
}

/// Checks a request before it is planned: a body only with POST, within the size cap.
pub fn check_request(request: &Request) -> Result<(), String> {
    if request.method != "GET" && request.method != "POST" {
        return Err(format!("{:?}: a web app takes GET or POST", request.method));
    }
    if let Some(body) = &request.body {
        if request.method == "GET" {
            return Err("a GET request has no body (use query, or method = \"POST\")".into());
        }
        if body.contents.len() > BODY_BYTES_MAX {
            return Err(format!("the body is {} bytes, more than {BODY_BYTES_MAX}", body.contents.len()));
        }
    }
    request.user_agent.as_deref().map_or(Ok(()), check_user_agent)
}

/// A `User-Agent` a request may carry: at most [`USER_AGENT_BYTES_MAX`] bytes on one line
/// (a header cannot hold a line break).
pub fn check_user_agent(agent: &str) -> Result<(), String> {
    if agent.len() > USER_AGENT_BYTES_MAX {
        return Err(format!("the user agent is {} bytes, more than {USER_AGENT_BYTES_MAX}", agent.len()));
    }
    if agent.chars().any(char::is_control) {
        return Err("a user agent is one line of text, without control characters".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(query: &str, body: &str, content_type: &str) -> Request {
        Request {
            method: "POST".into(),
            path: String::new(),
            query: query.into(),
            body: Some(Body { contents: body.into(), content_type: content_type.into() }),
            user_agent: None,
        }
    }

    #[test]
    fn decoding_handles_plus_percent_utf8_and_malformed_escapes() {
        assert_eq!(percent_decode("a%20b+c", true), "a b c");
        assert_eq!(percent_decode("a+b", false), "a+b");
        assert_eq!(percent_decode("%C3%A9t%C3%A9", true), "été");
        assert_eq!(percent_decode("caf%c3%a9", true), "café", "lower-case hex");
        assert_eq!(percent_decode("100%", true), "100%");
        assert_eq!(percent_decode("%zz%4", true), "%zz%4");
        assert_eq!(percent_decode("%FF", true), "\u{FFFD}", "not UTF-8");
        assert_eq!(percent_decode("%2B", true), "+");
    }

    #[test]
    fn encoding_is_the_form_serializer() {
        assert_eq!(form_encode("a b&c=d/é*-._~"), "a+b%26c%3Dd%2F%C3%A9*-._%7E");
        let pairs = vec![("n".to_string(), "1".to_string()), ("n".into(), "2 3".into())];
        assert_eq!(encode_pairs(&pairs), "n=1&n=2+3");
        assert_eq!(parse_form(&encode_pairs(&pairs)), pairs, "round trip");
    }

    #[test]
    fn form_fields_without_values_and_empty_fields() {
        let fields = parse_form("a&&b=&=x&c=1=2");
        let want = [("a", ""), ("b", ""), ("", "x"), ("c", "1=2")];
        assert_eq!(fields, want.map(|(k, v)| (k.to_string(), v.to_string())));
    }

    #[test]
    fn get_event_has_the_documented_fields() {
        let request = Request { method: "GET".into(), query: "name=alice&n=1&n=2".into(), ..Request::default() };
        let event = build_event(&request);
        assert_eq!(
            event,
            json!({
                "queryString": "name=alice&n=1&n=2",
                "parameter": {"name": "alice", "n": "1"},
                "parameters": {"name": ["alice"], "n": ["1", "2"]},
                "contextPath": "",
                "contentLength": -1,
            }),
            "the documented example"
        );
        let bare = build_event(&Request { method: "GET".into(), path: "hello/x".into(), ..Request::default() });
        assert_eq!(bare["queryString"], Value::Null);
        assert_eq!(bare["pathInfo"], "hello/x");
        assert_eq!(bare["parameter"], json!({}));
        assert!(bare.get("postData").is_none());
    }

    #[test]
    fn form_body_fills_parameters_after_the_query() {
        let event =
            build_event(&post("id=q1", "id=f1&msg=hi+there%21&tag=a&tag=b", "application/x-www-form-urlencoded"));
        assert_eq!(event["parameter"], json!({"id": "q1", "msg": "hi there!", "tag": "a"}));
        assert_eq!(event["parameters"]["id"], json!(["q1", "f1"]));
        assert_eq!(event["postData"]["type"], FORM_TYPE);
        assert_eq!(event["postData"]["contents"], "id=f1&msg=hi+there%21&tag=a&tag=b");
        assert_eq!(event["postData"]["name"], "postData");
        assert_eq!(event["contentLength"], 33);
        assert_eq!(event["postData"]["length"], 33);
    }

    #[test]
    fn other_bodies_do_not_fill_parameters() {
        let event = build_event(&post("", "{\"a\":\"é\"}", "application/json; charset=utf-8"));
        assert_eq!(event["parameter"], json!({}));
        assert_eq!(event["postData"]["type"], "application/json");
        assert_eq!(event["contentLength"], 10, "bytes, not characters");
        assert_eq!(event["queryString"], Value::Null);
        let plain = build_event(&post("", "a=1", "text/plain;charset=UTF-8"));
        assert_eq!((plain["parameter"].clone(), plain["postData"]["type"].clone()), (json!({}), json!("text/plain")));
    }

    #[test]
    fn post_without_body_has_length_zero_and_no_post_data() {
        let event = build_event(&Request { method: "POST".into(), ..Request::default() });
        assert_eq!(event["contentLength"], 0);
        assert!(event.get("postData").is_none());
    }

    #[test]
    fn requests_are_checked() {
        let long_agent = "a".repeat(USER_AGENT_BYTES_MAX + 1);
        assert!(check_request(&Request { method: "GET".into(), user_agent: Some(long_agent), ..Request::default() })
            .unwrap_err()
            .contains("more than 8192"));
        let two_lines = Some("Mozilla/5.0\r\nX-Injected: 1".to_string());
        assert!(check_request(&Request { method: "GET".into(), user_agent: two_lines, ..Request::default() }).is_err());
        let agent = Some(DEFAULT_USER_AGENT.to_string());
        assert!(check_request(&Request { method: "GET".into(), user_agent: agent, ..Request::default() }).is_ok());
        assert!(check_request(&Request { method: "PUT".into(), ..Request::default() })
            .unwrap_err()
            .contains("GET or POST"));
        let mut get = post("", "x", "text/plain");
        get.method = "GET".into();
        assert!(check_request(&get).unwrap_err().contains("no body"));
        assert!(check_request(&post("", "x", "text/plain")).is_ok());
    }
}
