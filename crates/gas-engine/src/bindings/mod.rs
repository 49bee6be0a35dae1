//! Service bindings: turn a call's `Val` arguments into gas-platform's types, call the
//! rule there, and turn the result back. No platform rule is decided here: limits,
//! quotas and error texts all live in gas-platform.
//!
//! One module per service (SpreadsheetApp in parts, `sheets/`). Each declares the methods
//! it answers in one table (`METHODS`, rows written with `crate::methods::declare!`:
//! name, latency, scope, in-process, handler); [`TABLES`] lists the tables and
//! `crate::methods` joins them into the one registry [`dispatch`] reads: a call goes
//! straight to its declared handler, which reads the arguments and calls the rule.
//! `sweep.rs` checks that each declared method is answered by its handler and by no
//! other handler of its class, and that none is declared twice.

mod advanced;
mod args;
mod blob;
mod cache;
mod calendar;
mod container;
mod documents;
mod drive;
mod forms;
mod gmail;
mod html;
mod lock;
mod mail;
mod properties;
mod script_app;
mod sheets;
mod urlfetch;
mod utilities;
mod xml;

#[cfg(test)]
mod sweep;

use crate::host::{CallResult, Host};
use crate::methods::{Method, Read};
use crate::value::Val;

/// One service call as a binding sees it.
pub(crate) struct Call<'a> {
    pub host: &'a Host,
    /// `Class.method`, as `gas_platform::calls` names it.
    pub method: &'static str,
    /// The object the method was called on (a sheet's handle ...); `null` for services.
    pub handle: &'a Val,
    pub args: &'a [Val],
    /// A fault's scripted HTTP response (`respond = { status, body }`), for UrlFetchApp.
    pub respond_with: Option<(u16, String)>,
}

/// Every binding module's declaration table (see the module documentation).
pub(crate) const TABLES: &[&[Method]] = &[
    advanced::METHODS,
    advanced::DRIVE_METHODS,
    blob::METHODS,
    cache::METHODS,
    calendar::METHODS,
    calendar::events::METHODS,
    container::METHODS,
    documents::METHODS,
    documents::ELEMENT_METHODS,
    drive::METHODS,
    drive::SHARING_METHODS,
    forms::METHODS,
    forms::ITEM_METHODS,
    forms::RESPONSE_METHODS,
    forms::VALIDATION_METHODS,
    forms::QUIZ_METHODS,
    gmail::METHODS,
    html::METHODS,
    lock::METHODS,
    mail::METHODS,
    properties::METHODS,
    script_app::METHODS,
    script_app::SESSION_METHODS,
    script_app::LOGGER_METHODS,
    sheets::METHODS,
    sheets::bandings::METHODS,
    sheets::charts::METHODS,
    sheets::charts::HANDLE_METHODS,
    sheets::export::METHODS,
    sheets::filters::METHODS,
    sheets::formats::METHODS,
    sheets::formulas::METHODS,
    sheets::groups::METHODS,
    sheets::images::METHODS,
    sheets::metadata::METHODS,
    sheets::metadata::FINDER_METHODS,
    sheets::objects::METHODS,
    sheets::structure::METHODS,
    sheets::surface::METHODS,
    urlfetch::METHODS,
    utilities::METHODS,
    xml::METHODS,
];

/// The families of classes that share their declarations (`crate::methods::Family`).
pub(crate) const FAMILIES: &[crate::methods::Family] = &[sheets::charts::BUILDERS];

/// Each binding module's table of reads (`crate::methods::Read`): the methods the
/// prelude answers from the handles that module makes.
pub(crate) const READ_TABLES: &[&[Read]] = &[
    calendar::READS,
    gmail::READS,
    script_app::READS,
    sheets::READS,
    sheets::charts::READS,
    sheets::metadata::READS,
    sheets::filters::READS,
    sheets::formats::READS,
    sheets::objects::READS,
    sheets::surface::READS,
    urlfetch::READS,
    drive::READS,
    container::READS,
    forms::READS,
    forms::ITEM_READS,
    forms::QUIZ_READS,
    documents::READS,
];

/// A call of a declared method, answered by its declared handler.
pub fn dispatch(
    host: &Host,
    method: &Method,
    handle: &Val,
    args: &[Val],
    respond_with: Option<(u16, String)>,
) -> CallResult {
    (method.handler)(&Call { host, method: method.name, handle, args, respond_with })
}

/// Named arguments for fault selectors (`args = { to = "*@x.com" }`), per method.
pub fn named_args<'a>(method: &str, args: &[Val]) -> Vec<(&'a str, String)> {
    match method {
        "MailApp.sendEmail" | "GmailApp.sendEmail" => match mail::mail_from_args(method, args) {
            Ok(mail) => vec![
                ("to", mail.to.join(",")),
                ("cc", mail.cc.join(",")),
                ("bcc", mail.bcc.join(",")),
                ("subject", mail.subject),
                ("body", mail.body),
            ],
            Err(_) => Vec::new(),
        },
        "UrlFetchApp.fetch" => {
            let url = args.first().map(Val::to_js_string).unwrap_or_default();
            let method = args.get(1).and_then(|p| p.get("method")).map(|m| m.to_js_string().to_uppercase());
            vec![("url", url), ("method", method.unwrap_or_else(|| "GET".into()))]
        }
        _ => crate::methods::get(method)
            .map(|info| {
                info.params()
                    .into_iter()
                    .zip(args)
                    .filter(|(_, v)| !matches!(v, Val::Object(_) | Val::Array(_)))
                    .map(|(name, v)| (name, v.to_js_string()))
                    .collect()
            })
            .unwrap_or_default(),
    }
}
