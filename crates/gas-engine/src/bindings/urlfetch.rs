//! UrlFetchApp: requests read from the script's params, answered by gas-platform's
//! `urlfetch` (or a fault's scripted response).

use super::args::*;
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::container::SCOPE_EXTERNAL_REQUEST;
use gas_platform::urlfetch::{HttpRequest, HttpResponse};
use gas_platform::ServiceError;
use std::collections::BTreeMap;

/// The getters the prelude answers from a response's handle (`crate::methods::Read`).
pub(super) const READS: &[Read] = reads![
    "HTTPResponse.getAllHeaders" => "headers",
    "HTTPResponse.getContentText" => "body",
    "HTTPResponse.getHeaders" => "headers",
    "HTTPResponse.getResponseCode" => "status",
];

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_EXTERNAL_REQUEST);
    // `bindings::named_args` names the HTTP method, not the params object.
    "UrlFetchApp.fetch" => 300 { params_override: Some(&["url", "method"]) },
    // The catalogue's `requests` are URLs or request objects; selectors have said urls.
    "UrlFetchApp.fetchAll" => 300 { params_override: Some(&["urls"]) },
    // Nothing is sent: no quota, no latency.
    "UrlFetchApp.getRequest" => 0,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    urlfetch(call.host, call.method, call.args, call.respond_with.clone())
}

fn urlfetch(host: &Host, method: &str, args: &[Val], respond_with: Option<(u16, String)>) -> CallResult {
    let now = host.now();
    let mut world = host.world();
    match method {
        "UrlFetchApp.getRequest" => Ok(preview_val(&string_arg(args, 0), arg(args, 1))),
        "UrlFetchApp.fetch" => {
            world.charge_url_fetches(1, host.zone, now)?;
            let request = http_request(&string_arg(args, 0), arg(args, 1));
            let response = match respond_with {
                Some((status, body)) => HttpResponse { status, body, headers: BTreeMap::new() },
                None => world.http.respond(&request)?,
            };
            Ok(response_val(&world.http.complete(request, response, now)?))
        }
        _ => {
            let Val::Array(requests) = arg(args, 0) else {
                return Err(ServiceError::new(gas_platform::urlfetch::INVALID_REQUESTS_MESSAGE).into());
            };
            world.charge_url_fetches(requests.len() as u64, host.zone, now)?;
            let mut responses = Vec::with_capacity(requests.len());
            for item in requests {
                let request = match item {
                    Val::String(url) => http_request(url, &Val::Undefined),
                    other => http_request(&other.get("url").map(Val::to_js_string).unwrap_or_default(), other),
                };
                responses.push(response_val(&world.http.fetch(request, now)?));
            }
            Ok(Val::Array(responses))
        }
    }
}

fn http_request(url: &str, params: &Val) -> HttpRequest {
    let text = |key: &str| params.get(key).filter(|v| !v.is_nullish());
    let payload = text("payload").map(|p| match p {
        // An object payload is sent as a form (documented).
        Val::Object(pairs) => {
            pairs.iter().map(|(k, v)| format!("{k}={}", v.to_js_string())).collect::<Vec<_>>().join("&")
        }
        other => other.to_js_string(),
    });
    let mut headers: BTreeMap<String, String> = match text("headers") {
        Some(Val::Object(pairs)) => pairs.iter().map(|(k, v)| (k.clone(), v.to_js_string())).collect(),
        _ => BTreeMap::new(),
    };
    if let Some(content_type) = text("contentType") {
        headers.insert("Content-Type".into(), content_type.to_js_string());
    }
    HttpRequest {
        url: url.to_string(),
        method: text("method").map(|m| m.to_js_string().to_uppercase()).unwrap_or_else(|| "GET".into()),
        payload,
        headers,
        mute_http_exceptions: matches!(text("muteHttpExceptions"), Some(Val::Bool(true))),
    }
}

/// `getRequest`'s map: the request as `fetch` reads the params (gas-platform's preview).
fn preview_val(url: &str, params: &Val) -> Val {
    let given = |key: &str| params.get(key).filter(|v| !v.is_nullish());
    let flag = |key: &str| given(key).map(|v| matches!(v, Val::Bool(true)));
    let content_type = given("contentType").map(Val::to_js_string);
    let flags = [flag("followRedirects"), flag("validateHttpsCertificates"), flag("useIntranet")];
    let preview = gas_platform::urlfetch::request_preview(&http_request(url, params), content_type, flags);
    let headers = preview.headers.into_iter().map(|(k, v)| (k, Val::String(v))).collect();
    Val::Object(vec![
        ("url".into(), Val::String(preview.url)),
        ("method".into(), Val::String(preview.method)),
        ("contentType".into(), Val::String(preview.content_type)),
        ("payload".into(), Val::String(preview.payload)),
        ("headers".into(), Val::Object(headers)),
        ("followRedirects".into(), Val::Bool(preview.follow_redirects)),
        ("validateHttpsCertificates".into(), Val::Bool(preview.validate_https_certificates)),
        ("useIntranet".into(), Val::Bool(preview.use_intranet)),
    ])
}

fn response_val(response: &HttpResponse) -> Val {
    Val::Object(vec![
        ("status".into(), Val::Number(f64::from(response.status))),
        ("body".into(), Val::String(response.body.clone())),
        (
            "headers".into(),
            Val::Object(response.headers.iter().map(|(k, v)| (k.clone(), Val::String(v.clone()))).collect()),
        ),
    ])
}
