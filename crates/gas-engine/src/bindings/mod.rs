//! Service bindings: turn a call's `Val` arguments into gas-platform's types, call the
//! rule there, and turn the result back. No platform rule is decided here: limits,
//! quotas and error texts all live in gas-platform.
//!
//! One module per service. A call finds its module through [`SERVICES`], a table keyed
//! by the class part of the method's name (`Sheet` in `Sheet.getRange`); inside the
//! module one function per class reads the arguments and calls the rule. Adding a
//! method is one arm there, one line in the prelude and one in `gas_platform::calls`
//! (and a row in `gas_platform::container`'s `AUTH_SCOPES` when its class's row does not
//! decide it). `sweep.rs` checks that each implemented method has exactly one arm.

mod args;
mod blob;
mod cache;
mod container;
mod drive;
mod gmail;
mod html;
mod lock;
mod mail;
mod properties;
mod script_app;
mod sheets;
mod urlfetch;
mod utilities;

#[cfg(test)]
mod sweep;

use gas_platform::calls::MethodInfo;
use gas_platform::ServiceError;

use crate::host::{CallResult, Host};
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

type Binding = fn(&Call) -> CallResult;

/// Which module binds each class. Sorted by class name (a test checks): a lookup is a
/// binary search.
const SERVICES: &[(&str, Binding)] = &[
    ("Blob", blob::dispatch),
    ("Cache", cache::dispatch),
    ("CacheService", cache::dispatch),
    ("ColorBuilder", sheets::dispatch),
    ("ConditionalFormatRuleBuilder", sheets::dispatch),
    ("DataValidationBuilder", sheets::dispatch),
    ("DriveApp", drive::dispatch),
    ("File", drive::dispatch),
    ("FileIterator", drive::dispatch),
    ("Folder", drive::dispatch),
    ("FolderIterator", drive::dispatch),
    ("GmailApp", gmail::dispatch),
    ("GmailDraft", gmail::dispatch),
    ("GmailLabel", gmail::dispatch),
    ("GmailMessage", gmail::dispatch),
    ("GmailThread", gmail::dispatch),
    ("Group", sheets::dispatch),
    ("HTTPResponse", blob::dispatch),
    ("HtmlOutput", html::dispatch),
    ("HtmlService", html::dispatch),
    ("HtmlTemplate", html::dispatch),
    ("Lock", lock::dispatch),
    ("LockService", lock::dispatch),
    ("MailApp", mail::dispatch),
    ("Menu", container::dispatch),
    ("NamedRange", sheets::dispatch),
    ("Properties", properties::dispatch),
    ("PropertiesService", properties::dispatch),
    ("Protection", sheets::dispatch),
    ("Range", sheets::dispatch),
    ("RichTextValue", sheets::dispatch),
    ("RichTextValueBuilder", sheets::dispatch),
    ("ScriptApp", script_app::dispatch),
    ("Selection", sheets::dispatch),
    ("Service", script_app::dispatch),
    ("Session", script_app::dispatch_session),
    ("Sheet", sheets::dispatch),
    ("Spreadsheet", sheets::dispatch),
    ("SpreadsheetApp", sheets::dispatch),
    ("SpreadsheetTriggerBuilder", script_app::dispatch),
    ("TextFinder", sheets::dispatch),
    ("TextOutput", html::dispatch),
    ("TextStyleBuilder", sheets::dispatch),
    ("TriggerBuilder", script_app::dispatch),
    ("Ui", container::dispatch),
    ("UrlFetchApp", urlfetch::dispatch),
    ("Utilities", utilities::dispatch),
];

fn binding_of(class: &str) -> Option<Binding> {
    SERVICES.binary_search_by(|(name, _)| name.cmp(&class)).ok().map(|i| SERVICES[i].1)
}

pub fn dispatch(
    host: &Host,
    info: &MethodInfo,
    handle: &Val,
    args: &[Val],
    respond_with: Option<(u16, String)>,
) -> CallResult {
    let class = info.name.split('.').next().unwrap_or("");
    match binding_of(class) {
        Some(binding) => binding(&Call { host, method: info.name, handle, args, respond_with }),
        None => Err(ServiceError::unimplemented(info.name).into()),
    }
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
        _ => gas_platform::calls::method(method)
            .map(|info| {
                info.params
                    .iter()
                    .zip(args)
                    .filter(|(_, v)| !matches!(v, Val::Object(_) | Val::Array(_)))
                    .map(|(name, v)| (*name, v.to_js_string()))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn services_are_sorted_and_unique() {
        assert!(super::SERVICES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn every_catalogued_class_has_a_binding() {
        for info in gas_platform::calls::METHODS {
            let class = info.name.split('.').next().unwrap_or("");
            assert!(super::binding_of(class).is_some(), "{} has no binding module", info.name);
        }
    }
}
