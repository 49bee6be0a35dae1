//! The advanced Sheets service's rules, on a store (no JS).

use serde_json::{json, Value as Json};

use super::super::super::model::Spreadsheets;
use chrono_tz::Tz;

fn book() -> (Spreadsheets, String) {
    let mut store = Spreadsheets::default();
    let id = store.create("Orders").unwrap();
    (store, id)
}

fn message<T: std::fmt::Debug>(result: crate::ServiceResult<T>) -> String {
    result.unwrap_err().message
}

const UTC: Tz = Tz::UTC;

#[test]
fn update_then_get_formatted_unformatted_and_formula() {
    let (mut store, id) = book();
    let resource = json!({ "values": [["Item", "Qty"], ["Lamp", "2"], ["Total", "=B2*3"]] });
    let options = json!({ "valueInputOption": "USER_ENTERED" });
    let answer = store.api_values_update(&resource, &id, "Sheet1!A1", &options, UTC).unwrap();
    assert_eq!(answer["updatedRange"], "Sheet1!A1:B3");
    assert_eq!(answer["updatedCells"], 6);
    store.recalculate_stale(0, UTC);
    let formatted = store.api_values_get(&id, "Sheet1!A1:C10", &Json::Null, UTC).unwrap();
    // Trailing empty rows and cells are left out; the range is the one asked for.
    assert_eq!(
        formatted,
        json!({ "range": "Sheet1!A1:C10", "majorDimension": "ROWS",
        "values": [["Item", "Qty"], ["Lamp", "2"], ["Total", "6"]] })
    );
    let raw = store.api_values_get(&id, "Sheet1", &json!({ "valueRenderOption": "UNFORMATTED_VALUE" }), UTC).unwrap();
    assert_eq!(raw["values"][1], json!(["Lamp", 2.0]));
    assert_eq!(raw["range"], "Sheet1!A1:Z1000");
    let formulas = store.api_values_get(&id, "B3", &json!({ "valueRenderOption": "FORMULA" }), UTC).unwrap();
    assert_eq!(formulas["values"], json!([["=B2*3"]]));
    let columns = store.api_values_get(&id, "A1:B2", &json!({ "majorDimension": "COLUMNS" }), UTC).unwrap();
    assert_eq!(columns["values"], json!([["Item", "Lamp"], ["Qty", "2"]]));
}

#[test]
fn raw_input_keeps_text_and_null_skips_a_cell() {
    let (mut store, id) = book();
    let options = json!({ "valueInputOption": "RAW" });
    store.api_values_update(&json!({ "values": [["=1+1", "007"]] }), &id, "A1", &options, UTC).unwrap();
    store.api_values_update(&json!({ "values": [[null, "kept?"]] }), &id, "A1", &options, UTC).unwrap();
    let got = store.api_values_get(&id, "A1:B1", &json!({ "valueRenderOption": "FORMULA" }), UTC).unwrap();
    assert_eq!(got["values"], json!([["=1+1", "kept?"]]));
}

#[test]
fn empty_ranges_have_no_values_key() {
    let (store, id) = book();
    let got = store.api_values_get(&id, "Sheet1!A1:B2", &Json::Null, UTC).unwrap();
    assert_eq!(got, json!({ "range": "Sheet1!A1:B2", "majorDimension": "ROWS" }));
}

#[test]
fn errors_name_the_call_as_the_platform_does() {
    let (mut store, id) = book();
    let missing = store.api_values_update(&json!({ "values": [[1]] }), &id, "A1", &Json::Null, UTC);
    assert_eq!(
        message(missing),
        "API call to sheets.spreadsheets.values.update failed with error: 'valueInputOption' is required but not specified"
    );
    assert_eq!(
        message(store.api_values_get(&id, "Nope!A1", &Json::Null, UTC)),
        "API call to sheets.spreadsheets.values.get failed with error: Unable to parse range: Nope!A1"
    );
    assert_eq!(
        message(store.api_values_get("no-such-id", "A1", &Json::Null, UTC)),
        "API call to sheets.spreadsheets.values.get failed with error: Requested entity was not found."
    );
    let options = json!({ "valueInputOption": "RAW" });
    let too_many = store.api_values_update(&json!({ "values": [[1], [2], [3]] }), &id, "A1:A2", &options, UTC);
    assert_eq!(
        message(too_many),
        "API call to sheets.spreadsheets.values.update failed with error: \
         Requested writing within range [Sheet1!A1:A2], but tried writing to row [3]"
    );
    let past_grid = store.api_values_update(&json!({ "values": [[1], [2]] }), &id, "A1000", &options, UTC);
    assert_eq!(
        message(past_grid),
        "API call to sheets.spreadsheets.values.update failed with error: \
         Range (Sheet1!A1000:A1001) exceeds grid limits. Max rows: 1000, max columns: 26"
    );
}

#[test]
fn append_writes_after_the_table_and_grows_the_grid() {
    let (mut store, id) = book();
    let options = json!({ "valueInputOption": "USER_ENTERED" });
    let first = store.api_values_append(&json!({ "values": [["a", 1]] }), &id, "Sheet1!A:B", &options, UTC).unwrap();
    assert_eq!(first.get("tableRange"), None);
    assert_eq!(first["updates"]["updatedRange"], "Sheet1!A1:B1");
    let second = store.api_values_append(&json!({ "values": [["b", 2]] }), &id, "Sheet1", &options, UTC).unwrap();
    assert_eq!(second["tableRange"], "Sheet1!A1:B1");
    assert_eq!(second["updates"]["updatedRange"], "Sheet1!A2:B2");
    // A full grid grows.
    store.api_values_update(&json!({ "values": [["last"]] }), &id, "A1000", &options, UTC).unwrap();
    let grown = store.api_values_append(&json!({ "values": [["x"], ["y"]] }), &id, "Sheet1!A1", &options, UTC).unwrap();
    assert_eq!(grown["updates"]["updatedRange"], "Sheet1!A1001:A1002");
}

#[test]
fn batch_update_is_all_or_nothing() {
    let (mut store, id) = book();
    let resource = json!({ "valueInputOption": "RAW", "data": [
        { "range": "A1", "values": [["kept?"]] },
        { "range": "Missing!A1", "values": [["x"]] },
    ] });
    assert!(message(store.api_values_batch_update(&resource, &id, UTC)).contains("Unable to parse range: Missing!A1"));
    let got = store.api_values_get(&id, "A1", &Json::Null, UTC).unwrap();
    assert_eq!(got.get("values"), None);
    let resource = json!({ "valueInputOption": "RAW", "data": [
        { "range": "A1", "values": [["x", "y"]] }, { "range": "Sheet1!C3", "values": [["z"]] },
    ] });
    let answer = store.api_values_batch_update(&resource, &id, UTC).unwrap();
    assert_eq!(answer["totalUpdatedCells"], 3);
    assert_eq!(answer["totalUpdatedSheets"], 1);
    let got = store.api_values_batch_get(&id, &json!({ "ranges": ["A1:B1", "C3"] }), UTC).unwrap();
    assert_eq!(got["valueRanges"][0]["values"], json!([["x", "y"]]));
    assert_eq!(got["valueRanges"][1]["values"], json!([["z"]]));
    let cleared = store.api_values_clear(&id, "A1:B1").unwrap();
    assert_eq!(cleared["clearedRange"], "Sheet1!A1:B1");
}

#[test]
fn spreadsheet_requests_add_rename_insert_delete_and_refuse_formats() {
    let (mut store, id) = book();
    let resource = json!({ "requests": [
        { "addSheet": { "properties": { "title": "Q1 Data", "gridProperties": { "rowCount": 10, "columnCount": 3 } } } },
        { "insertDimension": { "range": { "sheetId": 0, "dimension": "ROWS", "startIndex": 0, "endIndex": 2 } } },
        { "repeatCell": { "range": { "sheetId": 0, "startRowIndex": 0, "endRowIndex": 2, "startColumnIndex": 0,
            "endColumnIndex": 2 }, "cell": { "userEnteredValue": { "stringValue": "007" } }, "fields": "userEnteredValue" } },
    ] });
    let answer = store.api_spreadsheets_batch_update(&resource, &id, UTC).unwrap();
    assert_eq!(answer["replies"][0]["addSheet"]["properties"]["title"], "Q1 Data");
    assert_eq!(answer["replies"][0]["addSheet"]["properties"]["gridProperties"]["rowCount"], 10);
    assert_eq!(answer["replies"][1], json!({}));
    let got = store.api_spreadsheets_get(&id, &Json::Null, UTC).unwrap();
    assert_eq!(got["sheets"][0]["properties"]["gridProperties"]["rowCount"], 1002);
    assert_eq!(got["sheets"][1]["properties"]["title"], "Q1 Data");
    let text = store.api_values_get(&id, "'Q1 Data'", &Json::Null, UTC).unwrap();
    assert_eq!(text["range"], "'Q1 Data'!A1:C10");
    let cells = store.api_values_get(&id, "A1:B2", &json!({ "valueRenderOption": "UNFORMATTED_VALUE" }), UTC).unwrap();
    assert_eq!(cells["values"], json!([["007", "007"], ["007", "007"]]));
    let bold = json!({ "requests": [
        { "deleteSheet": { "sheetId": 1 } },
        { "repeatCell": { "range": { "sheetId": 0 }, "cell": {}, "fields": "userEnteredFormat.textFormat.bold" } },
    ] });
    let gap = message(store.api_spreadsheets_batch_update(&bold, &id, UTC));
    assert_eq!(
        gap,
        "gas-sim does not implement Spreadsheets.batchUpdate() with repeatCell of userEnteredFormat.textFormat.bold"
    );
    // Nothing of the failed batch stays: the sheet deleted first is there.
    assert_eq!(store.get_sheets(&id).unwrap().len(), 2);
    let unknown = json!({ "requests": [{ "addChart": {} }] });
    assert!(message(store.api_spreadsheets_batch_update(&unknown, &id, UTC)).ends_with("with the addChart request"));
    let bad_sheet = json!({ "requests": [{ "deleteSheet": { "sheetId": 42 } }] });
    assert_eq!(
        message(store.api_spreadsheets_batch_update(&bad_sheet, &id, UTC)),
        "API call to sheets.spreadsheets.batchUpdate failed with error: No grid with id: 42"
    );
}

#[test]
fn get_lists_row_and_column_groups_as_dimension_groups() {
    let (mut store, id) = book();
    let sheet = store.get_sheets(&id).unwrap().remove(0);
    let rows = store.get_range_a1(&sheet, "A2:A5").unwrap();
    store.shift_group_depth(&rows, crate::sheets::shift::Dim::Rows, 1).unwrap();
    store.collapse_groups(&rows).unwrap();
    let got = store.api_spreadsheets_get(&id, &Json::Null, UTC).unwrap();
    assert_eq!(
        got["sheets"][0]["rowGroups"],
        json!([{ "range": { "sheetId": 0, "dimension": "ROWS", "startIndex": 1, "endIndex": 5 }, "depth": 1,
                 "collapsed": true }])
    );
    assert!(got["sheets"][0].get("columnGroups").is_none(), "no empty list");
}

#[test]
fn update_dimension_properties_sets_sizes_and_hides() {
    let (mut store, id) = book();
    let sheet = store.get_sheets(&id).unwrap().remove(0);
    let resource = json!({ "requests": [
        { "updateDimensionProperties": { "range": { "sheetId": 0, "dimension": "ROWS", "startIndex": 2, "endIndex": 3 },
            "properties": { "pixelSize": 31 }, "fields": "pixelSize" } },
        { "updateDimensionProperties": { "range": { "sheetId": 0, "dimension": "COLUMNS", "startIndex": 1, "endIndex": 3 },
            "properties": { "pixelSize": 200, "hiddenByUser": true }, "fields": "pixelSize,hiddenByUser" } },
    ] });
    store.api_spreadsheets_batch_update(&resource, &id, UTC).unwrap();
    assert_eq!(store.row_height(&sheet, 3).unwrap(), 31);
    assert_eq!((store.column_width(&sheet, 2).unwrap(), store.column_width(&sheet, 3).unwrap()), (200, 200));
    assert!(store.is_hidden_by_user(&sheet, crate::sheets::shift::Dim::Columns, 3).unwrap());
    let metadata = json!({ "requests": [{ "updateDimensionProperties": { "range": { "sheetId": 0, "dimension": "ROWS" },
        "properties": {}, "fields": "developerMetadata" } }] });
    assert!(message(store.api_spreadsheets_batch_update(&metadata, &id, UTC))
        .ends_with("updateDimensionProperties of developerMetadata"));
}

#[test]
fn create_names_the_spreadsheet_and_its_sheets() {
    let (mut store, _) = book();
    let made = store
        .api_spreadsheets_create(
            &json!({ "properties": { "title": "Report" }, "sheets": [
            { "properties": { "title": "Summary" } }, { "properties": { "title": "Data" } }] }),
            UTC,
        )
        .unwrap();
    assert_eq!(made["properties"]["title"], "Report");
    assert_eq!(made["sheets"][1]["properties"]["title"], "Data");
    assert_eq!(made["properties"]["timeZone"], "UTC");
    let untitled = store.api_spreadsheets_create(&json!({}), UTC).unwrap();
    assert_eq!(untitled["properties"]["title"], "Untitled spreadsheet");
}
