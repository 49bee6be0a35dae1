//! The advanced services a manifest enables: the Sheets API v4 (`Sheets.Spreadsheets...`)
//! on gas-platform's spreadsheets (`sheets::ops::api_v4`). Requests and answers cross as
//! JSON, as the REST API's do; every rule is gas-platform's.

use super::args::*;
use super::sheets::in_books;
use super::Call;
use crate::host::CallResult;
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::container::SCOPE_SPREADSHEETS;
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
