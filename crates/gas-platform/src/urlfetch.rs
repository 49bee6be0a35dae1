//! UrlFetchApp without a network: responses come from rules (a scenario's `[[http]]`
//! or a state file), the first matching rule wins, and a request no rule matches is a
//! clear error that says how to add one. Every request is logged for the report.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::glob::glob_matches;
use crate::{ServiceError, ServiceResult};

/// How much of a failed response's body the platform's error quotes (assumed length).
pub const TRUNCATED_BODY_CHARS: usize = 100;

/// `fetchAll(requests)` with something other than an array (assumed text, in the
/// platform's `Invalid argument: NAME` form).
pub const INVALID_REQUESTS_MESSAGE: &str = "Invalid argument: requests";

/// HTTP statuses are three digits, 100 to 599 (RFC 9110 section 15); a rule or fault
/// answering 0 or 700 is a typo.
pub const HTTP_STATUS_MIN: u16 = 100;
pub const HTTP_STATUS_MAX: u16 = 599;

/// An HTTP status a rule may answer with, checked.
pub fn check_status(status: u16) -> Result<u16, String> {
    if (HTTP_STATUS_MIN..=HTTP_STATUS_MAX).contains(&status) {
        Ok(status)
    } else {
        Err(format!("status {status}: an HTTP status is {HTTP_STATUS_MIN} to {HTTP_STATUS_MAX}"))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HttpRule {
    /// A glob on the whole URL.
    pub url: String,
    /// Only this method (upper case) when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(default = "default_status")]
    pub status: u16,
    #[serde(default)]
    pub body: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub headers: BTreeMap<String, String>,
    /// Requests this rule answered so far (a rule that answers none is reported).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub matched_count: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn default_status() -> u16 {
    200
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HttpRequest {
    pub url: String,
    pub method: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payload: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub headers: BTreeMap<String, String>,
    #[serde(default)]
    pub mute_http_exceptions: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HttpResponse {
    pub status: u16,
    pub body: String,
    pub headers: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoggedRequest {
    pub at_utc_ms: i64,
    #[serde(flatten)]
    pub request: HttpRequest,
    pub status: u16,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct UrlFetch {
    pub rules: Vec<HttpRule>,
    pub log: Vec<LoggedRequest>,
}

impl UrlFetch {
    /// The response the rules give, before any status check.
    pub fn respond(&mut self, request: &HttpRequest) -> ServiceResult<HttpResponse> {
        check_url(&request.url)?;
        let rule = self
            .rules
            .iter_mut()
            .find(|r| {
                glob_matches(&r.url, &request.url)
                    && r.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(&request.method))
            })
            .ok_or_else(|| {
                ServiceError::new(format!(
                    "gas-sim has no network: no [[http]] rule matches {} {} (add one to the scenario or state file)",
                    request.method, request.url
                ))
            })?;
        rule.matched_count = rule.matched_count.saturating_add(1);
        Ok(HttpResponse { status: rule.status, body: rule.body.clone(), headers: rule.headers.clone() })
    }

    /// The rules (0-based) that answered no request since `before` (the same rules at
    /// the start of a run): a mistyped URL glob otherwise fails silently.
    pub fn unmatched_since(&self, before: &UrlFetch) -> Vec<usize> {
        let count_before = |i: usize| before.rules.get(i).map_or(0, |r| r.matched_count);
        (0..self.rules.len()).filter(|&i| self.rules[i].matched_count == count_before(i)).collect()
    }

    /// Logs the request with the response it got, then applies the platform's rule: a
    /// non-2xx status throws unless `muteHttpExceptions` is set.
    pub fn complete(
        &mut self,
        request: HttpRequest,
        response: HttpResponse,
        now_utc_ms: i64,
    ) -> ServiceResult<HttpResponse> {
        let muted = request.mute_http_exceptions;
        let url = request.url.clone();
        self.log.push(LoggedRequest { at_utc_ms: now_utc_ms, request, status: response.status });
        if !muted && !(200..300).contains(&response.status) {
            return Err(ServiceError::new(failed_request_message(&url, &response)));
        }
        Ok(response)
    }

    /// `fetch`: respond, then complete.
    pub fn fetch(&mut self, request: HttpRequest, now_utc_ms: i64) -> ServiceResult<HttpResponse> {
        let response = self.respond(&request)?;
        self.complete(request, response, now_utc_ms)
    }
}

/// `UrlFetchApp.getRequest(url, params)`: the request `fetch` would make, not made. The
/// reference documents the map's keys `url`, `method`, `contentType`, `payload` and
/// `headers`; the three flags are the documented `fetch` params with their documented
/// defaults (`followRedirects` and `validateHttpsCertificates` true, `useIntranet`
/// false). The method in lower case and the default content type are assumed (what
/// scripts logging the map show).
#[derive(Debug, Clone, PartialEq)]
pub struct RequestPreview {
    pub url: String,
    pub method: String,
    pub content_type: String,
    pub payload: String,
    pub headers: BTreeMap<String, String>,
    pub follow_redirects: bool,
    pub validate_https_certificates: bool,
    pub use_intranet: bool,
}

/// The content type of a request whose params name none (assumed, as for a form post).
pub const DEFAULT_CONTENT_TYPE: &str = "application/x-www-form-urlencoded";

/// See [`RequestPreview`]: `request` as `fetch` reads its params (`content_type` the
/// `contentType` param, which `fetch` sends as the `Content-Type` header), the flags as
/// given. Without the param, a `Content-Type` header the script set (any case) is the
/// content type, and stays among the headers.
pub fn request_preview(
    request: &HttpRequest,
    content_type: Option<String>,
    flags: [Option<bool>; 3],
) -> RequestPreview {
    let [follow_redirects, validate_https_certificates, use_intranet] = flags;
    let mut headers = request.headers.clone();
    let content_type = match content_type {
        // The param is its own key here, not a header.
        Some(given) => {
            headers.remove("Content-Type");
            given
        }
        None => headers
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("Content-Type"))
            .map(|(_, value)| value.clone())
            .unwrap_or_else(|| DEFAULT_CONTENT_TYPE.to_string()),
    };
    RequestPreview {
        url: request.url.clone(),
        method: request.method.to_lowercase(),
        content_type,
        payload: request.payload.clone().unwrap_or_default(),
        headers,
        follow_redirects: follow_redirects.unwrap_or(true),
        validate_https_certificates: validate_https_certificates.unwrap_or(true),
        use_intranet: use_intranet.unwrap_or(false),
    }
}

/// Observed shape: `Request failed for https://HOST returned code N. Truncated server
/// response: BODY (use muteHttpExceptions option to examine full response)`.
pub fn failed_request_message(url: &str, response: &HttpResponse) -> String {
    let body: String = response.body.chars().take(TRUNCATED_BODY_CHARS).collect();
    format!(
        "Request failed for {} returned code {}. Truncated server response: {} (use muteHttpExceptions option to examine full response)",
        scheme_and_host(url),
        response.status,
        body
    )
}

fn scheme_and_host(url: &str) -> &str {
    let after_scheme = url.find("://").map(|i| i + 3).unwrap_or(0);
    match url[after_scheme..].find(['/', '?', '#']) {
        Some(end) => &url[..after_scheme + end],
        None => url,
    }
}

/// Observed: an empty URL is `Attribute provided with no value: url`; a URL without an
/// http(s) scheme is `Invalid argument: <url>`.
fn check_url(url: &str) -> ServiceResult<()> {
    if url.is_empty() {
        return Err(ServiceError::new("Attribute provided with no value: url"));
    }
    if !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(ServiceError::new(format!("Invalid argument: {url}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fetch_all_without_an_array_is_an_invalid_argument() {
        assert_eq!(INVALID_REQUESTS_MESSAGE, "Invalid argument: requests");
    }

    #[test]
    fn statuses_are_100_to_599() {
        assert_eq!(check_status(100), Ok(100));
        assert_eq!(check_status(599), Ok(599));
        assert_eq!(check_status(0).unwrap_err(), "status 0: an HTTP status is 100 to 599");
        assert!(check_status(600).is_err());
    }

    fn get(url: &str) -> HttpRequest {
        HttpRequest {
            url: url.into(),
            method: "GET".into(),
            payload: None,
            headers: BTreeMap::new(),
            mute_http_exceptions: false,
        }
    }

    fn fetcher() -> UrlFetch {
        UrlFetch {
            rules: vec![
                HttpRule {
                    url: "https://shop.example.com/down*".into(),
                    method: None,
                    status: 503,
                    body: "busy".into(),
                    headers: BTreeMap::new(),
                    matched_count: 0,
                },
                HttpRule {
                    url: "https://shop.example.com/*".into(),
                    method: Some("GET".into()),
                    status: 200,
                    body: "[]".into(),
                    headers: BTreeMap::new(),
                    matched_count: 0,
                },
            ],
            log: vec![],
        }
    }

    #[test]
    fn first_matching_rule_wins_and_is_logged() {
        let mut f = fetcher();
        assert_eq!(f.fetch(get("https://shop.example.com/orders"), 5).unwrap().body, "[]");
        assert_eq!(f.log.len(), 1);
        assert_eq!(f.log[0].status, 200);
    }

    #[test]
    fn rules_that_answered_nothing_are_listed() {
        let mut f = fetcher();
        let before = f.clone();
        assert_eq!(f.unmatched_since(&before), vec![0, 1]);
        f.fetch(get("https://shop.example.com/orders"), 5).unwrap();
        f.fetch(get("https://shop.example.com/items"), 5).unwrap();
        assert_eq!(f.rules[1].matched_count, 2);
        assert_eq!(f.unmatched_since(&before), vec![0]);
        assert!(!serde_json::to_string(&before.rules[0]).unwrap().contains("matched_count"), "0 is not written");
    }

    #[test]
    fn non_2xx_throws_the_platform_text_unless_muted() {
        let mut f = fetcher();
        let err = f.fetch(get("https://shop.example.com/down/x"), 0).unwrap_err();
        assert_eq!(
            err.message,
            "Request failed for https://shop.example.com returned code 503. Truncated server response: busy (use muteHttpExceptions option to examine full response)"
        );
        let mut muted = get("https://shop.example.com/down/x");
        muted.mute_http_exceptions = true;
        assert_eq!(f.fetch(muted, 0).unwrap().status, 503);
        assert_eq!(f.log.len(), 2, "a failed request still reached the server");
    }

    #[test]
    fn unmatched_request_names_itself() {
        let mut f = fetcher();
        let mut post = get("https://shop.example.com/orders");
        post.method = "POST".into();
        let err = f.fetch(post, 0).unwrap_err();
        assert!(err.message.contains("POST https://shop.example.com/orders"), "{}", err.message);
        assert_eq!(f.fetch(get(""), 0).unwrap_err().message, "Attribute provided with no value: url");
    }

    #[test]
    fn a_previewed_request_has_the_documented_keys_and_defaults() {
        let request = HttpRequest {
            url: "https://example.com/a".into(),
            method: "POST".into(),
            payload: Some("a=1".into()),
            headers: [("Content-Type".to_string(), "text/csv".to_string()), ("X-Key".to_string(), "k".to_string())]
                .into(),
            mute_http_exceptions: false,
        };
        let preview = request_preview(&request, Some("text/csv".into()), [None, Some(false), None]);
        assert_eq!(
            (preview.method.as_str(), preview.content_type.as_str(), preview.payload.as_str()),
            ("post", "text/csv", "a=1")
        );
        assert_eq!(preview.headers.keys().collect::<Vec<_>>(), ["X-Key"]);
        assert!(preview.follow_redirects && !preview.validate_https_certificates && !preview.use_intranet);
        let plain = HttpRequest {
            url: "u".into(),
            method: "GET".into(),
            payload: None,
            headers: BTreeMap::new(),
            mute_http_exceptions: false,
        };
        let preview = request_preview(&plain, None, [None; 3]);
        assert_eq!(
            (preview.method.as_str(), preview.content_type.as_str(), preview.payload.as_str()),
            ("get", DEFAULT_CONTENT_TYPE, "")
        );
        // A script's own header is the content type when the param is not given.
        let headed =
            HttpRequest { headers: [("content-type".to_string(), "application/json".to_string())].into(), ..plain };
        let preview = request_preview(&headed, None, [None; 3]);
        assert_eq!((preview.content_type.as_str(), preview.headers.len()), ("application/json", 1));
    }
}
