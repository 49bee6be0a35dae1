//! HtmlService and ContentService: the project's HTML files, templates compiled to JS
//! (gas-platform's `webapp::template`), the escaping of an evaluated template's values,
//! and the MimeType check. The outputs themselves are plain handles in the prelude.

use super::args::*;
use super::Call;
use crate::host::CallResult;
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::webapp::{response, template};
use gas_platform::ServiceError;

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).in_process();
    "HtmlOutput.appendUntrusted" => 0,
    "HtmlService.createHtmlOutputFromFile" => 0,
    // The catalogue's longest overload is the blob's; scripts pass the HTML text.
    "HtmlService.createTemplate" => 0 { params_override: Some(&["html"]) },
    "HtmlService.createTemplateFromFile" => 0,
    "HtmlService.getUserAgent" => 0,
    "HtmlTemplate.evaluate" => 0,
    "TextOutput.setMimeType" => 0,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    let args = call.args;
    match call.method {
        "HtmlService.createHtmlOutputFromFile" => Ok(Val::String(file_text(call, &string_arg(args, 0))?)),
        "HtmlService.createTemplate" => Ok(compiled(&string_arg(args, 0))),
        "HtmlService.createTemplateFromFile" => Ok(compiled(&file_text(call, &string_arg(args, 0))?)),
        // The request's header in a web app's doGet or doPost, null elsewhere
        // (`Invocation::user_agent`).
        "HtmlService.getUserAgent" => Ok(call.host.invocation.user_agent.clone().map_or(Val::Null, Val::String)),
        "HtmlTemplate.evaluate" => {
            let parts = match arg(args, 0) {
                Val::Array(items) => items.iter().map(part).collect(),
                _ => Vec::new(),
            };
            Ok(Val::String(template::render(&parts)))
        }
        "HtmlOutput.appendUntrusted" => Ok(Val::String(template::escape_html(&string_arg(args, 0)))),
        "TextOutput.setMimeType" => {
            let name = string_arg(args, 0);
            response::mime_type(&name).map_err(ServiceError::new)?;
            Ok(Val::String(name))
        }
        _ => Err(ServiceError::unimplemented(call.method).into()),
    }
}

fn file_text(call: &Call, name: &str) -> Result<String, ServiceError> {
    let key = template::file_key(name);
    call.host
        .html_files
        .iter()
        .find(|f| f.name == key)
        .map(|f| f.text.clone())
        .ok_or_else(|| ServiceError::new(template::no_file_message(name)))
}

/// A template's handle: its source and the code `evaluate` runs.
fn compiled(source: &str) -> Val {
    let pieces = template::parse(source);
    Val::Object(vec![
        ("source".into(), Val::String(source.to_string())),
        ("code".into(), Val::String(template::to_js(&pieces, false))),
        ("codeWithComments".into(), Val::String(template::to_js(&pieces, true))),
    ])
}

/// One part the template's code printed: `[0, text]` raw, `[1, String(v), json]`
/// escaped, `[2, String(v)]` raw.
fn part(item: &Val) -> template::Part {
    let Val::Array(fields) = item else { return template::Part::Raw(String::new()) };
    let text = fields.get(1).map(Val::to_js_string).unwrap_or_default();
    match fields.first().and_then(Val::as_f64) {
        Some(1.0) => {
            let json = fields.get(2).and_then(Val::as_str).map(String::from);
            template::Part::Escaped { text, json }
        }
        _ => template::Part::Raw(text),
    }
}
