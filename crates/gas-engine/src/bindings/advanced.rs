//! The advanced services a manifest enables: the Sheets API v4 (`Sheets.Spreadsheets...`)
//! on gas-platform's spreadsheets (`sheets::ops::api_v4`) and the Drive API v3
//! (`Drive.Files...`) on its Drive (`drive::api_v3`). Requests and answers cross as
//! JSON, as the REST API's do; every rule is gas-platform's.

use super::args::*;
use super::blob::BlobParts;
use super::sheets::in_books;
use super::Call;
use crate::host::CallResult;
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::container::{SCOPE_DRIVE, SCOPE_SPREADSHEETS};
use gas_platform::drive::api_v3::Media;
use gas_platform::ServiceError;
use serde_json::Value as Json;

/// The methods answered here, declared once (`crate::methods`). The latencies are
/// assumed: one REST round trip each, a batch a little more.
pub(super) const METHODS: &[Method] = declare![Method::by(sheets_api).scope(SCOPE_SPREADSHEETS);
    "SpreadsheetsCollection.batchUpdate" => 400,
    "SpreadsheetsCollection.create" => 600,
    "SpreadsheetsCollection.get" => 250,
    "ValuesCollection.append" => 350,
    "ValuesCollection.batchClear" => 300,
    "ValuesCollection.batchGet" => 300,
    "ValuesCollection.batchUpdate" => 400,
    "ValuesCollection.clear" => 250,
    "ValuesCollection.get" => 250,
    "ValuesCollection.update" => 300,
];

/// Drive's files (`Drive.Files`).
pub(super) const DRIVE_METHODS: &[Method] = declare![Method::by(drive_api).scope(SCOPE_DRIVE);
    "FilesCollection.copy" => 500,
    "FilesCollection.create" => 500,
    "FilesCollection.get" => 200,
    "FilesCollection.list" => 300,
    "FilesCollection.remove" => 300,
    "FilesCollection.update" => 400,
];

fn json(args: &[Val], i: usize) -> Json {
    arg(args, i).to_json()
}

fn sheets_api(call: &Call) -> CallResult {
    in_books(call, |host, books, method, _handle, args| {
        let zone = host.zone;
        let id = |i: usize| string_arg(args, i);
        let answer = match method {
            "ValuesCollection.get" => books.api_values_get(&id(0), &id(1), &json(args, 2), zone),
            "ValuesCollection.batchGet" => books.api_values_batch_get(&id(0), &json(args, 1), zone),
            "ValuesCollection.update" => books.api_values_update(&json(args, 0), &id(1), &id(2), &json(args, 3), zone),
            "ValuesCollection.batchUpdate" => books.api_values_batch_update(&json(args, 0), &id(1), zone),
            "ValuesCollection.append" => books.api_values_append(&json(args, 0), &id(1), &id(2), &json(args, 3), zone),
            "ValuesCollection.clear" => books.api_values_clear(&id(1), &id(2)),
            "ValuesCollection.batchClear" => books.api_values_batch_clear(&json(args, 0), &id(1)),
            "SpreadsheetsCollection.get" => books.api_spreadsheets_get(&id(0), &json(args, 1), zone),
            "SpreadsheetsCollection.create" => books.api_spreadsheets_create(&json(args, 0), zone),
            "SpreadsheetsCollection.batchUpdate" => books.api_spreadsheets_batch_update(&json(args, 0), &id(1), zone),
            _ => Err(ServiceError::unimplemented(method)),
        };
        Some(answer.map(|json| Val::from_json(&json)).map_err(Into::into))
    })
}

/// `mediaData` (a blob) at `i`, and the options after it; without a blob, the options at `i`.
fn media_and_options(args: &[Val], i: usize) -> (Option<Media>, Json) {
    match BlobParts::of(handle_arg(arg(args, i))) {
        Some(blob) => {
            let media = Media { bytes: blob.bytes, content_type: blob.content_type, name: blob.name };
            (Some(media), json(args, i + 1))
        }
        None => (None, json(args, i)),
    }
}

fn drive_api(call: &Call) -> CallResult {
    let (method, args) = (call.method, call.args);
    let now = call.host.now();
    let mut world = call.host.world();
    world.show_spreadsheets_in_drive(now);
    let drive = &mut world.drive;
    let answer = match method {
        "FilesCollection.list" => drive.api_files_list(&json(args, 0)),
        "FilesCollection.get" => drive.api_files_get(&string_arg(args, 0), &json(args, 1)),
        "FilesCollection.create" => {
            let (media, options) = media_and_options(args, 1);
            drive.api_files_create(&json(args, 0), media, &options, now)
        }
        "FilesCollection.update" => {
            let (media, options) = media_and_options(args, 2);
            drive.api_files_update(&json(args, 0), &string_arg(args, 1), media, &options, now)
        }
        "FilesCollection.copy" => drive.api_files_copy(&json(args, 0), &string_arg(args, 1), now),
        "FilesCollection.remove" => drive.api_files_remove(&string_arg(args, 0)).map(|()| Json::Null),
        _ => Err(ServiceError::unimplemented(method)),
    };
    let answer = answer?;
    if method == "FilesCollection.copy" {
        // A copy of a document copies its content, as DriveApp's makeCopy does.
        if let Some(copy) = answer.get("id").and_then(Json::as_str) {
            let from = string_arg(args, 1);
            if world.documents.docs.contains_key(&from) {
                world.documents.copy_content(&from, copy)?;
            }
            world.copy_spreadsheet_file(&from, &copy.to_string())?;
        }
    }
    if method == "FilesCollection.update" {
        world.spreadsheet_follows_file(&string_arg(args, 1))?;
    }
    if method == "FilesCollection.remove" {
        world.forget_removed_spreadsheets();
    }
    Ok(Val::from_json(&answer))
}
