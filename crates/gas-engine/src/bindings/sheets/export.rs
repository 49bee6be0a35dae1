//! `Spreadsheet.getAs(type)` and `getBlob()`: the spreadsheet's PDF export, made and
//! named by gas-platform (`sheets/export.rs`: its text, not its grid).

use super::super::args::*;
use super::super::blob::BlobParts;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::sheets::Spreadsheets;
use gas_platform::ServiceError;

/// The methods answered here, declared once (`crate::methods`); an export costs what a
/// document's does (modelled: 1.5 s).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "Spreadsheet.getAs" => 1500,
    "Spreadsheet.getBlob" => 1500,
];

fn answer(call: &Call) -> CallResult {
    super::in_books(call, |host: &Host, books, method, handle, args| Some(export(host, books, method, handle, args)))
}

fn export(host: &Host, books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let id = handle.as_str().unwrap_or_default();
    let target = match (method, arg(args, 0)) {
        ("Spreadsheet.getBlob", _) => "application/pdf".to_string(),
        ("Spreadsheet.getAs", Val::String(target)) => target.clone(),
        ("Spreadsheet.getAs", _) => return Err(signature_error(method, args).into()),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    let (bytes, name) = books.export_as(id, &target, host.zone)?;
    BlobParts { bytes, content_type: Some(target), name: Some(name) }.into_val()
}

/// `File.getAs(type)`/`getBlob()` of a spreadsheet's Drive file: the spreadsheet's export.
pub(in crate::bindings) fn file_export(call: &Call, id: &str) -> CallResult {
    let method = if call.method.ends_with(".getBlob") { "Spreadsheet.getBlob" } else { "Spreadsheet.getAs" };
    let mut world = call.host.world();
    export(call.host, &mut world.spreadsheets, method, &Val::String(id.to_string()), call.args)
}
