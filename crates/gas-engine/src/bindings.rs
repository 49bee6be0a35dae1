//! Service bindings: turn a call's `Val` arguments into gas-platform's types, call the
//! rule there, and turn the result back. No platform rule is decided here: limits,
//! quotas and error texts all live in gas-platform.

use std::collections::BTreeMap;

use gas_platform::cache::CacheScope;
use gas_platform::calls::MethodInfo;
use gas_platform::lock::LockKind;
use gas_platform::mail::{split_recipients, OutgoingMail};
use gas_platform::properties::PropertyScope;
use gas_platform::sheets::{RangeRef, SheetRef, TextFinder};
use gas_platform::time::local_to_utc_ms;
use gas_platform::triggers::{TimeSpec, TriggerOrigin};
use gas_platform::urlfetch::{HttpRequest, HttpResponse};
use gas_platform::{ServiceError, ServiceResult};

use crate::host::{CallResult, Host};
use crate::utilities_binding;
use crate::value::Val;

/// Named arguments for fault selectors (`args = { to = "*@x.com" }`), per method.
pub fn named_args<'a>(method: &str, args: &[Val]) -> Vec<(&'a str, String)> {
    match method {
        "MailApp.sendEmail" | "GmailApp.sendEmail" => match mail_from_args(method, args) {
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

pub fn dispatch(
    host: &Host,
    info: &MethodInfo,
    handle: &Val,
    args: &[Val],
    respond_with: Option<(u16, String)>,
) -> CallResult {
    let service = info.name.split('.').next().unwrap_or("");
    match service {
        "SpreadsheetApp" | "Spreadsheet" | "Sheet" | "Range" | "TextFinder" => sheets(host, info.name, handle, args),
        "Lock" | "LockService" => lock(host, info.name, handle, args),
        "Cache" | "CacheService" => cache(host, info.name, handle, args),
        "Properties" | "PropertiesService" => properties(host, info.name, handle, args),
        "MailApp" | "GmailApp" => mail(host, info.name, args),
        "UrlFetchApp" => urlfetch(host, info.name, args, respond_with),
        "Utilities" | "Blob" | "HTTPResponse" => utilities_binding::dispatch(host, info.name, args),
        "Session" => session(host, info.name),
        "ScriptApp" | "TriggerBuilder" => script_app(host, info.name, handle, args),
        _ => Err(ServiceError::unimplemented(info.name).into()),
    }
}

// ---- argument helpers ---------------------------------------------------------------

fn arg(args: &[Val], i: usize) -> &Val {
    args.get(i).unwrap_or(&Val::Undefined)
}

fn string_arg(args: &[Val], i: usize) -> String {
    arg(args, i).to_js_string()
}

/// A whole-number argument; the platform's "Cannot convert" text for anything else.
fn int_arg(args: &[Val], i: usize, method: &str) -> ServiceResult<i64> {
    match arg(args, i) {
        Val::Number(n) if n.is_finite() => Ok(n.trunc() as i64),
        Val::String(s) if s.trim().parse::<f64>().is_ok() => Ok(s.trim().parse::<f64>().unwrap_or(0.0) as i64),
        other => Err(signature_error(method, std::slice::from_ref(other))),
    }
}

/// The platform's error for arguments that fit no overload of `method`.
pub(crate) fn signature_error(method: &str, args: &[Val]) -> ServiceError {
    ServiceError::signature_mismatch(&args.iter().map(type_name).collect::<Vec<_>>().join(","), method)
}

fn type_name(value: &Val) -> &'static str {
    match value {
        Val::Undefined => "undefined",
        Val::Null => "null",
        Val::Bool(_) => "Boolean",
        Val::Number(_) => "number",
        Val::String(_) => "String",
        Val::Date(_) => "Date",
        Val::Array(_) => "Array",
        Val::Object(_) => "Object",
        Val::Function => "Function",
    }
}

fn handle_of<T: serde::de::DeserializeOwned>(handle: &Val) -> ServiceResult<T> {
    serde_json::from_value(handle.to_json())
        .map_err(|e| ServiceError::new(format!("gas-sim: bad object handle ({e}); was the object built by hand?")))
}

fn to_val<T: serde::Serialize>(value: &T) -> Val {
    Val::from_json(&serde_json::to_value(value).unwrap_or(serde_json::Value::Null))
}

fn cell_rows(values: &Val, method: &str) -> ServiceResult<Vec<Vec<gas_platform::CellValue>>> {
    let Val::Array(rows) = values else {
        return Err(signature_error(method, std::slice::from_ref(values)));
    };
    rows.iter()
        .map(|row| match row {
            Val::Array(cells) => Ok(cells.iter().map(Val::to_cell).collect()),
            other => Err(ServiceError::signature_mismatch(&format!("{}[]", type_name(other)), method)),
        })
        .collect()
}

fn grid(rows: Vec<Vec<gas_platform::CellValue>>) -> Val {
    Val::Array(rows.iter().map(|row| Val::Array(row.iter().map(Val::from_cell).collect())).collect())
}

// ---- SpreadsheetApp -------------------------------------------------------------------

fn sheets(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let zone = host.zone;
    let mut world = host.world();
    let books = &mut world.spreadsheets;
    let id = || handle.as_str().unwrap_or_default().to_string();
    let value = match method {
        "SpreadsheetApp.create" => Val::String(books.create(&string_arg(args, 0))?),
        "SpreadsheetApp.openById" => Val::String(books.open_by_id(&string_arg(args, 0))?.id().to_string()),
        "SpreadsheetApp.getActiveSpreadsheet" => match &host.container_id {
            Some(container) => Val::String(books.open_by_id(container)?.id().to_string()),
            None => Val::Null,
        },
        "SpreadsheetApp.flush" => Val::Undefined,
        "Spreadsheet.getId" => Val::String(books.open_by_id(&id())?.id().to_string()),
        "Spreadsheet.getName" => Val::String(books.spreadsheet_name(&id())?),
        "Spreadsheet.getUrl" => Val::String(format!("https://docs.google.com/spreadsheets/d/{}/edit", id())),
        "Spreadsheet.getSpreadsheetTimeZone" => Val::String(books.spreadsheet_time_zone(&id(), zone)?),
        "Spreadsheet.getSheetByName" => match books.get_sheet_by_name(&id(), &string_arg(args, 0))? {
            Some(sheet) => to_val(&sheet),
            None => Val::Null,
        },
        "Spreadsheet.getSheets" => Val::Array(books.get_sheets(&id())?.iter().map(to_val).collect()),
        "Spreadsheet.insertSheet" => {
            let name = match arg(args, 0) {
                Val::String(s) => Some(s.clone()),
                _ => None,
            };
            to_val(&books.insert_sheet(&id(), name.as_deref())?)
        }
        "Spreadsheet.deleteSheet" => {
            books.delete_sheet(&handle_of::<SheetRef>(arg(args, 0))?)?;
            Val::Undefined
        }
        _ => return sheet_or_range(host, books, method, handle, args),
    };
    Ok(value)
}

fn sheet_or_range(
    host: &Host,
    books: &mut gas_platform::sheets::Spreadsheets,
    method: &str,
    handle: &Val,
    args: &[Val],
) -> CallResult {
    let zone = host.zone;
    if method.starts_with("Sheet.") {
        let sheet: SheetRef = handle_of(handle)?;
        let value = match method {
            "Sheet.getName" => Val::String(books.sheet_name(&sheet)?),
            "Sheet.setName" => {
                books.rename_sheet(&sheet, &string_arg(args, 0))?;
                Val::Undefined
            }
            "Sheet.getSheetId" => Val::Number(f64::from(sheet.sheet_id)),
            "Sheet.getLastRow" => Val::Number(f64::from(books.last_row(&sheet)?)),
            "Sheet.getLastColumn" => Val::Number(f64::from(books.last_column(&sheet)?)),
            "Sheet.getMaxRows" => Val::Number(f64::from(books.max_rows(&sheet)?)),
            "Sheet.getMaxColumns" => Val::Number(f64::from(books.max_columns(&sheet)?)),
            "Sheet.getRange" => to_val(&get_range(books, &sheet, args)?),
            "Sheet.getDataRange" => to_val(&books.get_data_range(&sheet)?),
            "Sheet.appendRow" => {
                let Val::Array(cells) = arg(args, 0) else {
                    return Err(signature_error("SpreadsheetApp.Sheet.appendRow", &args[..args.len().min(1)]).into());
                };
                books.append_row(&sheet, cells.iter().map(Val::to_cell).collect(), zone)?;
                Val::Undefined
            }
            "Sheet.deleteRow" => unit(books.delete_row(&sheet, int_arg(args, 0, method)?))?,
            "Sheet.deleteRows" => {
                unit(books.delete_rows(&sheet, int_arg(args, 0, method)?, int_arg(args, 1, method)?))?
            }
            "Sheet.insertRowBefore" => unit(books.insert_row_before(&sheet, int_arg(args, 0, method)?))?,
            "Sheet.insertRowAfter" => unit(books.insert_row_after(&sheet, int_arg(args, 0, method)?))?,
            "Sheet.insertRowsBefore" => {
                unit(books.insert_rows_before(&sheet, int_arg(args, 0, method)?, int_arg(args, 1, method)?))?
            }
            "Sheet.insertRowsAfter" => {
                unit(books.insert_rows_after(&sheet, int_arg(args, 0, method)?, int_arg(args, 1, method)?))?
            }
            "Sheet.clear" | "Sheet.clearContents" => unit(books.clear_sheet(&sheet))?,
            "Sheet.createTextFinder" => finder_handle(books.sheet_range(&sheet)?, args),
            _ => return Err(ServiceError::unimplemented(method).into()),
        };
        return Ok(value);
    }
    if method.starts_with("TextFinder.") {
        return text_finder(host, books, method, handle);
    }
    let range: RangeRef = handle_of(handle)?;
    let value = match method {
        "Range.getValues" => grid(books.get_values(&range)?),
        "Range.getValue" => Val::from_cell(&books.get_value(&range)?),
        "Range.getDisplayValues" => Val::Array(
            books
                .get_display_values(&range, zone)?
                .into_iter()
                .map(|row| Val::Array(row.into_iter().map(Val::String).collect()))
                .collect(),
        ),
        "Range.getDisplayValue" => Val::String(books.get_display_value(&range, zone)?),
        "Range.setValues" => {
            unit(books.set_values(&range, cell_rows(arg(args, 0), "SpreadsheetApp.Range.setValues")?, zone))?
        }
        "Range.setValue" => unit(books.set_value(&range, arg(args, 0).to_cell(), zone))?,
        "Range.clearContent" | "Range.clear" => unit(books.clear_content(&range))?,
        "Range.getA1Notation" => Val::String(gas_platform::sheets::a1_notation(&range)),
        "Range.createTextFinder" => finder_handle(range, args),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn unit(result: ServiceResult<()>) -> ServiceResult<Val> {
    result.map(|()| Val::Undefined)
}

/// `getRange(row, column[, numRows[, numColumns]])` or `getRange(a1Notation)`.
fn get_range(books: &gas_platform::sheets::Spreadsheets, sheet: &SheetRef, args: &[Val]) -> ServiceResult<RangeRef> {
    if let Val::String(a1) = arg(args, 0) {
        return books.get_range_a1(sheet, a1);
    }
    let method = "SpreadsheetApp.Sheet.getRange";
    let row = int_arg(args, 0, method)?;
    let column = int_arg(args, 1, method)?;
    let num_rows = if args.len() > 2 { int_arg(args, 2, method)? } else { 1 };
    let num_columns = if args.len() > 3 { int_arg(args, 3, method)? } else { 1 };
    books.get_range(sheet, row, column, num_rows, num_columns)
}

fn finder_handle(scope: RangeRef, args: &[Val]) -> Val {
    Val::Object(vec![
        ("scope".into(), to_val(&scope)),
        ("text".into(), Val::String(string_arg(args, 0))),
        ("matchCase".into(), Val::Bool(false)),
        ("matchEntireCell".into(), Val::Bool(false)),
        ("after".into(), Val::Null),
    ])
}

fn text_finder(host: &Host, books: &gas_platform::sheets::Spreadsheets, method: &str, handle: &Val) -> CallResult {
    let scope: RangeRef = handle_of(handle.get("scope").unwrap_or(&Val::Null))?;
    let flag = |name: &str| matches!(handle.get(name), Some(Val::Bool(true)));
    let finder = TextFinder {
        text: handle.get("text").map(Val::to_js_string).unwrap_or_default(),
        match_case: flag("matchCase"),
        match_entire_cell: flag("matchEntireCell"),
        use_regular_expression: flag("useRegularExpression"),
    };
    let found = books.find_all(&scope, &finder, host.zone)?;
    match method {
        "TextFinder.findAll" => Ok(Val::Array(found.iter().map(to_val).collect())),
        _ => {
            let after: Option<RangeRef> = match handle.get("after") {
                Some(v) if !v.is_nullish() => Some(handle_of(v)?),
                _ => None,
            };
            let next = match after {
                None => found.first(),
                Some(previous) => found.iter().find(|r| (r.row, r.column) > (previous.row, previous.column)),
            };
            Ok(next.map(to_val).unwrap_or(Val::Null))
        }
    }
}

// ---- LockService ----------------------------------------------------------------------

fn lock(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let kind = match method {
        "LockService.getScriptLock" => return Ok(Val::String("script".into())),
        "LockService.getUserLock" => return Ok(Val::String("user".into())),
        // A standalone script has no document: the platform returns null.
        "LockService.getDocumentLock" if host.container_id.is_none() => return Ok(Val::Null),
        "LockService.getDocumentLock" => return Ok(Val::String("document".into())),
        _ => match handle.as_str() {
            Some("user") => LockKind::User,
            Some("document") => LockKind::Document,
            _ => LockKind::Script,
        },
    };
    match method {
        "Lock.hasLock" => Ok(Val::Bool(host.world().locks.has_lock(kind, host.exec_id))),
        "Lock.releaseLock" => {
            host.world().locks.release(kind, host.exec_id);
            Ok(Val::Undefined)
        }
        "Lock.tryLock" => Ok(Val::Bool(host.acquire_lock(kind, int_arg(args, 0, "LockService.Lock.tryLock")?)?)),
        "Lock.waitLock" => match host.acquire_lock(kind, int_arg(args, 0, "LockService.Lock.waitLock")?)? {
            true => Ok(Val::Undefined),
            false => Err(Host::lock_timeout()),
        },
        _ => Err(ServiceError::unimplemented(method).into()),
    }
}

// ---- CacheService ---------------------------------------------------------------------

fn cache(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let scope = match method {
        "CacheService.getScriptCache" => return Ok(Val::String("script".into())),
        "CacheService.getUserCache" => return Ok(Val::String("user".into())),
        "CacheService.getDocumentCache" if host.container_id.is_none() => return Ok(Val::Null),
        "CacheService.getDocumentCache" => return Ok(Val::String("document".into())),
        _ => match handle.as_str() {
            Some("user") => CacheScope::User,
            Some("document") => CacheScope::Document,
            _ => CacheScope::Script,
        },
    };
    let now = host.now();
    let mut world = host.world();
    let cache = world.caches.cache_mut(scope);
    let key = |i: usize| match arg(args, i) {
        Val::Undefined | Val::Null => String::new(),
        other => other.to_js_string(),
    };
    let ttl = |i: usize| match arg(args, i) {
        Val::Number(n) => Some(*n as i64),
        _ => None,
    };
    let keys = |i: usize| match arg(args, i) {
        Val::Array(items) => items.iter().map(Val::to_js_string).collect(),
        _ => Vec::new(),
    };
    let value = match method {
        "Cache.get" => cache.get(&key(0), now)?.map(Val::String).unwrap_or(Val::Null),
        "Cache.put" => unit(cache.put(&key(0), &string_arg(args, 1), ttl(2), now))?,
        "Cache.remove" => unit(cache.remove(&key(0)))?,
        "Cache.getAll" => {
            Val::Object(cache.get_all(&keys(0), now)?.into_iter().map(|(k, v)| (k, Val::String(v))).collect())
        }
        "Cache.putAll" => unit(cache.put_all(&object_pairs(arg(args, 0)), ttl(1), now))?,
        "Cache.removeAll" => unit(cache.remove_all(&keys(0)))?,
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

fn object_pairs(value: &Val) -> Vec<(String, String)> {
    match value {
        Val::Object(pairs) => pairs.iter().map(|(k, v)| (k.clone(), v.to_js_string())).collect(),
        _ => Vec::new(),
    }
}

// ---- PropertiesService ----------------------------------------------------------------

fn properties(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let scope = match method {
        "PropertiesService.getScriptProperties" => return Ok(Val::String("script".into())),
        "PropertiesService.getUserProperties" => return Ok(Val::String("user".into())),
        "PropertiesService.getDocumentProperties" if host.container_id.is_none() => return Ok(Val::Null),
        "PropertiesService.getDocumentProperties" => return Ok(Val::String("document".into())),
        _ => match handle.as_str() {
            Some("user") => PropertyScope::User,
            Some("document") => PropertyScope::Document,
            _ => PropertyScope::Script,
        },
    };
    let mut world = host.world();
    let store = world.properties.store_mut(scope);
    let key = match arg(args, 0) {
        Val::Undefined | Val::Null => String::new(),
        other => other.to_js_string(),
    };
    let value = match method {
        "Properties.getProperty" => store.lookup(&key)?.map(|v| Val::String(v.to_string())).unwrap_or(Val::Null),
        "Properties.setProperty" => unit(store.set(&key, &string_arg(args, 1)))?,
        "Properties.deleteProperty" => unit(store.delete(&key))?,
        "Properties.getProperties" => {
            Val::Object(store.entries().iter().map(|(k, v)| (k.clone(), Val::String(v.clone()))).collect())
        }
        "Properties.setProperties" => {
            let delete_others = matches!(arg(args, 1), Val::Bool(true));
            unit(store.set_all(&object_pairs(arg(args, 0)), delete_others))?
        }
        "Properties.getKeys" => Val::Array(store.keys().into_iter().map(Val::String).collect()),
        "Properties.deleteAllProperties" => {
            store.delete_all();
            Val::Undefined
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

// ---- MailApp / GmailApp ---------------------------------------------------------------

fn mail(host: &Host, method: &str, args: &[Val]) -> CallResult {
    let now = host.now();
    let mut world = host.world();
    match method {
        "MailApp.getRemainingDailyQuota" => Ok(Val::Number(f64::from(world.mail.remaining(now, host.zone)))),
        _ => {
            let mail = mail_from_args(method, args)?;
            world.mail.send(mail, now, host.zone)?;
            Ok(Val::Undefined)
        }
    }
}

/// All `sendEmail` overloads: `(message)`, `(to, subject, body)`,
/// `(to, subject, body, options)` and MailApp's `(to, replyTo, subject, body)`.
fn mail_from_args(method: &str, args: &[Val]) -> ServiceResult<OutgoingMail> {
    let via = method.split('.').next().unwrap_or("MailApp").to_string();
    let text = |v: Option<&Val>| v.filter(|v| !v.is_nullish()).map(Val::to_js_string);
    let list = |v: Option<&Val>| text(v).map(|s| split_recipients(&s)).unwrap_or_default();
    let (to, subject, body, options) = match args {
        [message @ Val::Object(_)] => {
            let mut mail = options_into(OutgoingMail { via, ..Default::default() }, message);
            mail.to = list(message.get("to"));
            mail.subject = text(message.get("subject")).unwrap_or_default();
            mail.body = text(message.get("body")).unwrap_or_default();
            return Ok(mail);
        }
        [to, reply_to, subject, Val::String(body)] if method == "MailApp.sendEmail" => {
            let mut mail = OutgoingMail { via, ..Default::default() };
            mail.to = list(Some(to));
            mail.reply_to = text(Some(reply_to));
            mail.subject = subject.to_js_string();
            mail.body = body.clone();
            return Ok(mail);
        }
        [to, subject, body] => (to, subject, body, None),
        [to, subject, body, options, ..] => (to, subject, body, Some(options)),
        _ => return Err(signature_error(method, args)),
    };
    let mut mail = OutgoingMail { via, ..Default::default() };
    if let Some(options) = options {
        mail = options_into(mail, options);
    }
    mail.to = list(Some(to));
    mail.subject = subject.to_js_string();
    mail.body = body.to_js_string();
    Ok(mail)
}

fn options_into(mut mail: OutgoingMail, options: &Val) -> OutgoingMail {
    let text = |key: &str| options.get(key).filter(|v| !v.is_nullish()).map(Val::to_js_string);
    mail.cc = text("cc").map(|s| split_recipients(&s)).unwrap_or_default();
    mail.bcc = text("bcc").map(|s| split_recipients(&s)).unwrap_or_default();
    mail.html_body = text("htmlBody");
    mail.name = text("name");
    mail.reply_to = text("replyTo");
    mail
}

// ---- UrlFetchApp ----------------------------------------------------------------------

fn urlfetch(host: &Host, method: &str, args: &[Val], respond_with: Option<(u16, String)>) -> CallResult {
    let now = host.now();
    let mut world = host.world();
    match method {
        "UrlFetchApp.fetch" => {
            let request = http_request(&string_arg(args, 0), arg(args, 1));
            let response = match respond_with {
                Some((status, body)) => HttpResponse { status, body, headers: BTreeMap::new() },
                None => world.http.respond(&request)?,
            };
            Ok(response_val(&world.http.complete(request, response, now)?))
        }
        _ => {
            let Val::Array(requests) = arg(args, 0) else {
                return Err(ServiceError::new("Invalid argument: requests").into());
            };
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

// ---- Session and ScriptApp ------------------------------------------------------------

fn session(host: &Host, method: &str) -> CallResult {
    match method {
        "Session.getScriptTimeZone" => Ok(Val::String(host.zone.name().to_string())),
        _ => Ok(Val::String(host.world().user_email.clone())),
    }
}

fn script_app(host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let now = host.now();
    match method {
        "ScriptApp.getScriptId" => Ok(Val::String(host.script_id.clone())),
        "ScriptApp.getProjectTriggers" => {
            let world = host.world();
            Ok(Val::Array(world.triggers.installed.iter().map(trigger_val).collect()))
        }
        "ScriptApp.deleteTrigger" => {
            host.world().triggers.delete(&string_arg(args, 0));
            Ok(Val::Undefined)
        }
        "TriggerBuilder.create" => {
            let spec = trigger_spec(handle, now, host.zone)?;
            let zone = handle.get("timeZone").filter(|v| !v.is_nullish()).map(Val::to_js_string);
            let handler = handle.get("handler").map(Val::to_js_string).unwrap_or_default();
            let trigger = host.world().triggers.install(&handler, spec, zone, now, TriggerOrigin::Script)?;
            Ok(trigger_val(&trigger))
        }
        _ => Err(ServiceError::unimplemented(method).into()),
    }
}

fn trigger_val(trigger: &gas_platform::triggers::Trigger) -> Val {
    Val::Object(vec![
        ("id".into(), Val::String(trigger.id.clone())),
        ("handler".into(), Val::String(trigger.handler.clone())),
    ])
}

/// Reads what the builder recorded. The builder methods only record; the rules (allowed
/// intervals, hours) are gas-platform's `validate_spec`.
fn trigger_spec(builder: &Val, now_utc_ms: i64, zone: chrono_tz::Tz) -> ServiceResult<TimeSpec> {
    let number = |key: &str| builder.get(key).and_then(Val::as_f64).map(|n| n as u32);
    let hour = number("hour").unwrap_or(0);
    let minute = number("minute");
    if let Some(minutes) = number("everyMinutes") {
        return Ok(TimeSpec::EveryMinutes { minutes });
    }
    if let Some(hours) = number("everyHours") {
        return Ok(TimeSpec::EveryHours { hours });
    }
    if let Some(weekday) = number("onWeekDay") {
        return Ok(TimeSpec::EveryWeeks {
            weeks: number("everyWeeks").unwrap_or(1),
            weekday,
            at_hour: hour,
            near_minute: minute,
        });
    }
    if let Some(days) = number("everyDays") {
        return Ok(TimeSpec::EveryDays { days, at_hour: hour, near_minute: minute });
    }
    if let Some(Val::Date(ms)) = builder.get("at") {
        return Ok(TimeSpec::At { at_utc_ms: gas_platform::triggers::date_to_at_utc_ms(*ms)? });
    }
    if let Some(after_ms) = builder.get("after").and_then(Val::as_f64) {
        // A time a Date cannot hold (`after(1e308)`) is refused: it could not be saved.
        return Ok(TimeSpec::At { at_utc_ms: gas_platform::triggers::after_to_at_utc_ms(now_utc_ms, after_ms)? });
    }
    if let (Some(year), Some(month), Some(day)) = (number("atDateYear"), number("atDateMonth"), number("atDateDay")) {
        let date = chrono::NaiveDate::from_ymd_opt(year as i32, month, day)
            .ok_or_else(|| ServiceError::new("Invalid argument: atDate"))?;
        return Ok(TimeSpec::At { at_utc_ms: local_to_utc_ms(zone, date.and_hms_opt(0, 0, 0).unwrap_or_default()) });
    }
    // Assumed text: the builder needs a schedule before create().
    Err(ServiceError::new("Time-based triggers must have a schedule: call everyMinutes, everyHours, everyDays, onWeekDay, at or after before create()."))
}
