//! The SpreadsheetApp binding seen from a script: objects, ranges, values and their JS
//! types, row operations, TextFinder, and the platform's exact error texts.

use crate::support;

use gas_engine::ExecutionSpec;
use gas_platform::sheets::text;
use serde_json::json;
use support::*;

/// `SHEET` in a snippet is the first sheet of a new spreadsheet.
fn with_sheet(body: &str) -> String {
    format!("function main() {{\n  var SHEET = SpreadsheetApp.create('Test').getSheets()[0];\n  {body}\n}}")
}

fn eval_sheet(body: &str) -> serde_json::Value {
    eval(&with_sheet(body))
}

#[test]
fn create_and_open_by_id() {
    let got = eval(
        "function main() {
           var ss = SpreadsheetApp.create('Ledger');
           var again = SpreadsheetApp.openById(ss.getId());
           return [ss.getId(), again.getName(), again.getSheets().map(function (s) { return s.getName(); }), String(ss)];
         }",
    );
    assert_eq!(got, json!(["ss-0001", "Ledger", ["Sheet1"], "Spreadsheet"]));
    assert_eq!(thrown("SpreadsheetApp.openById('no-such-id')"), format!("Exception: {}", text::OPEN_BY_ID_FAILED));
}

#[test]
fn active_spreadsheet_is_null_standalone_and_the_container_when_bound() {
    assert_eq!(eval("function main() { return SpreadsheetApp.getActiveSpreadsheet(); }"), json!(null));

    let world = new_world();
    let id = state(&world).spreadsheets.create("Bound").unwrap();
    let mut bound = project(
        "UTC",
        "function main() { var ss = SpreadsheetApp.getActiveSpreadsheet(); return [ss.getId(), ss.getName()]; }",
    );
    bound.container_id = Some(id.clone());
    let report = run_spec(&world, &bound, "UTC", &ExecutionSpec::new(1, "main", START_UTC_MS, SEED));
    assert_eq!(result(&report), json!([id, "Bound"]));
}

#[test]
fn get_sheet_by_name_is_null_when_absent() {
    let got = eval(
        "function main() {
           var ss = SpreadsheetApp.create('x');
           return [ss.getSheetByName('Nope'), ss.getSheetByName('sheet1'), ss.getSheetByName('Sheet1').getName()];
         }",
    );
    assert_eq!(got, json!([null, null, "Sheet1"]));
}

#[test]
fn get_range_by_numbers_and_by_a1() {
    let got = eval_sheet(
        "var byNumbers = SHEET.getRange(2, 3, 4, 5);
         var one = SHEET.getRange(7, 2);
         var byA1 = SHEET.getRange('B2:C3');
         return [byNumbers.getA1Notation(), one.getA1Notation(), byA1.getA1Notation(),
                 [byA1.getRow(), byA1.getColumn(), byA1.getNumRows(), byA1.getNumColumns(), byA1.getLastRow(), byA1.getLastColumn()],
                 SHEET.getRange('D4').getA1Notation(), byA1.getSheet().getName()];",
    );
    assert_eq!(got, json!(["C2:G5", "B7", "B2:C3", [2, 2, 2, 2, 3, 3], "D4", "Sheet1"]));
}

#[test]
fn range_and_set_values_errors_have_the_platform_text() {
    let cases: [(&str, String); 8] = [
        ("SHEET.getRange(1, 1, 0, 1)", text::RANGE_ROWS_AT_LEAST_1.into()),
        ("SHEET.getRange(1, 1, 1, 0)", text::RANGE_COLUMNS_AT_LEAST_1.into()),
        ("SHEET.getRange(0, 1)", text::RANGE_START_ROW_TOO_SMALL.into()),
        ("SHEET.getRange(1, 0)", text::RANGE_START_COLUMN_TOO_SMALL.into()),
        ("SHEET.getRange(1001, 1)", text::RANGE_OUTSIDE_SHEET.into()),
        ("SHEET.getRange('not a range')", text::RANGE_NOT_FOUND.into()),
        (
            "SHEET.getRange(1, 1, 3, 2).setValues([[1, 2], [3, 4]])",
            "The number of rows in the data does not match the number of rows in the range. The data has 2 but the range has 3."
                .into(),
        ),
        (
            "SHEET.getRange(1, 1, 2, 2).setValues([[1, 2], [3]])",
            "The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2."
                .into(),
        ),
    ];
    for (snippet, message) in cases {
        let got = eval_sheet(&format!("try {{ {snippet}; }} catch (e) {{ return String(e); }} return 'no error';"));
        assert_eq!(got, json!(format!("Exception: {message}")), "{snippet}");
    }
}

#[test]
fn append_row_writes_after_the_last_row_with_content() {
    let got = eval_sheet(
        "SHEET.getRange(3, 2).setValue('x');
         SHEET.appendRow([1, 2]);
         var fourth = SHEET.getRange(4, 1, 1, 3).getValues();
         SHEET.appendRow(['next']);
         return [SHEET.getLastRow(), fourth, SHEET.getRange('A5').getValue()];",
    );
    assert_eq!(got, json!([5, [[1, 2, ""]], "next"]));
}

#[test]
fn get_values_gives_js_types_and_dates_round_trip() {
    let got = eval_sheet(
        "var when = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678));
         SHEET.appendRow([1.5, 'two', true, when, '', false]);
         var row = SHEET.getRange(1, 1, 1, 7).getValues()[0];
         var kinds = row.map(function (v) { return v instanceof Date ? 'Date' : typeof v; });
         return [kinds, row[0], row[1], row[2], row[3].getTime() === when.getTime(), row[3].getTime(), row[4], row[5], row[6]];",
    );
    assert_eq!(
        got,
        json!([
            ["number", "string", "boolean", "Date", "string", "boolean", "string"],
            1.5,
            "two",
            true,
            true,
            1_735_787_045_678_i64,
            "",
            false,
            ""
        ])
    );
}

#[test]
fn set_value_and_get_value_round_trip() {
    let got = eval_sheet(
        "var cell = SHEET.getRange('C3');
         var out = [];
         [42, 'text', true, null].forEach(function (v) { cell.setValue(v); out.push(cell.getValue()); });
         var when = new Date(86400000);
         var back = cell.setValue(when).getValue();
         out.push(back instanceof Date, back.getTime());
         return out;",
    );
    assert_eq!(got, json!([42, "text", true, "", true, 86_400_000]));
}

const DISPLAY_A_DATE: &str = "function main() {
  var sheet = SpreadsheetApp.openById(ID).getSheets()[0];
  sheet.getRange('A1').setValue(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)));
  return [sheet.getRange('A1').getDisplayValue(), sheet.getRange('A1:B1').getDisplayValues(), sheet.getParent().getSpreadsheetTimeZone()];
}";

#[test]
fn display_values_show_dates_in_the_spreadsheet_zone() {
    let display = |script_zone: &str, sheet_zone: Option<&str>| {
        let world = new_world();
        let id = state(&world).spreadsheets.create("x").unwrap();
        if let Some(sheet_zone) = sheet_zone {
            state(&world).spreadsheets.set_spreadsheet_time_zone(&id, sheet_zone).unwrap();
        }
        let src = DISPLAY_A_DATE.replace("ID", &format!("'{id}'"));
        result(&run_in(&world, script_zone, &src, "main", START_UTC_MS))
    };
    assert_eq!(display("UTC", None), json!(["1/2/2025 3:04:05", [["1/2/2025 3:04:05", ""]], "UTC"]));
    assert_eq!(display("Asia/Tokyo", None), json!(["1/2/2025 12:04:05", [["1/2/2025 12:04:05", ""]], "Asia/Tokyo"]));
    assert_eq!(
        display("Asia/Tokyo", Some("America/New_York")),
        json!(["1/1/2025 22:04:05", [["1/1/2025 22:04:05", ""]], "America/New_York"])
    );
}

#[test]
fn delete_and_insert_rows_move_the_rows_below() {
    let got = eval_sheet(
        "SHEET.getRange(1, 1, 5, 1).setValues([[1], [2], [3], [4], [5]]);
         var column = function () { return SHEET.getRange(1, 1, SHEET.getLastRow(), 1).getValues().map(function (r) { return r[0]; }); };
         var out = [];
         SHEET.deleteRow(2); out.push(column());
         SHEET.deleteRows(1, 2); out.push(column());
         SHEET.insertRowBefore(1); out.push(column(), SHEET.getLastRow());
         SHEET.insertRowAfter(2); out.push(column());
         out.push(SHEET.getMaxRows());
         SHEET.insertRowsAfter(1, 2); out.push(column(), SHEET.getMaxRows());
         return out;",
    );
    assert_eq!(got, json!([[1, 3, 4, 5], [4, 5], ["", 4, 5], 3, ["", 4, "", 5], 999, ["", "", "", 4, "", 5], 1001]));
}

#[test]
fn row_operations_out_of_bounds_have_the_platform_text() {
    let cases = [
        ("SHEET.deleteRow(0)", text::ROWS_OUT_OF_BOUNDS),
        ("SHEET.deleteRow(1001)", text::ROWS_OUT_OF_BOUNDS),
        ("SHEET.deleteRows(1, 1000)", text::DELETE_ALL_ROWS),
    ];
    for (snippet, message) in cases {
        let got = eval_sheet(&format!("try {{ {snippet}; }} catch (e) {{ return e.message; }} return 'no error';"));
        assert_eq!(got, json!(message), "{snippet}");
    }
}

#[test]
fn last_row_and_column_follow_the_content() {
    let got = eval_sheet(
        "var empty = [SHEET.getLastRow(), SHEET.getLastColumn()];
         SHEET.getRange('C5').setValue('x');
         var one = [SHEET.getLastRow(), SHEET.getLastColumn(), SHEET.getDataRange().getA1Notation()];
         SHEET.getRange('C5').clearContent();
         return [empty, one, [SHEET.getLastRow(), SHEET.getLastColumn()]];",
    );
    assert_eq!(got, json!([[0, 0], [5, 3, "A1:C5"], [0, 0]]));
}

#[test]
fn text_finder_matches_case_and_entire_cell() {
    let got = eval_sheet(
        "SHEET.getRange('A1:B2').setValues([['Apple', 'apple pie'], ['APPLE', 'banana']]);
         var a1 = function (ranges) { return ranges.map(function (r) { return r.getA1Notation(); }); };
         var finder = SHEET.createTextFinder('apple');
         var next = [];
         for (var r = finder.findNext(); r !== null && next.length < 10; r = finder.findNext()) next.push(r.getA1Notation());
         return [
           a1(SHEET.createTextFinder('apple').findAll()),
           a1(SHEET.createTextFinder('apple').matchCase(true).findAll()),
           a1(SHEET.createTextFinder('apple').matchEntireCell(true).findAll()),
           a1(SHEET.createTextFinder('Apple').matchCase(true).matchEntireCell(true).findAll()),
           a1(SHEET.getRange('A2:B2').createTextFinder('a').findAll()),
           next,
         ];",
    );
    assert_eq!(got, json!([["A1", "B1", "A2"], ["B1"], ["A1", "A2"], ["A1"], ["A2", "B2"], ["A1", "B1", "A2"]]));
}

#[test]
fn sheets_can_be_inserted_renamed_and_deleted() {
    let got = eval(
        "function main() {
           var ss = SpreadsheetApp.create('x');
           var log = ss.insertSheet('Log');
           var names = function () { return ss.getSheets().map(function (s) { return s.getName(); }); };
           var out = [names()];
           log.setName('Journal');
           out.push(names(), ss.getSheetByName('Journal').getSheetId());
           try { ss.insertSheet('journal'); } catch (e) { out.push(e.message); }
           ss.deleteSheet(ss.getSheetByName('Sheet1'));
           out.push(names());
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([["Sheet1", "Log"], ["Sheet1", "Journal"], 1, text::sheet_name_taken("journal"), ["Journal"]])
    );
}

#[test]
fn strings_are_read_as_typed_in_the_spreadsheet_zone() {
    let src = with_sheet(
        "SHEET.getRange('A1:E1').setValues([['007', 'true', \"'42\", '2025-01-02', '=SUM(1)']]);
         var row = SHEET.getRange('A1:E1').getValues()[0];
         return [row[0], row[1], row[2], row[3] instanceof Date && row[3].getTime(), row[4]];",
    );
    let got = result(&run_in(&new_world(), "Asia/Tokyo", &src, "main", START_UTC_MS));
    // 2025-01-02 00:00 in Tokyo is 2025-01-01T15:00:00Z.
    assert_eq!(got, json!([7, true, "42", 1_735_743_600_000_i64, 1]));
}

#[test]
fn display_values_of_numbers_and_booleans() {
    let got = eval_sheet(
        "SHEET.appendRow([1.5, true, false, 1e21, 0.1 + 0.2, 'x']);
         return SHEET.getRange(1, 1, 1, 6).getDisplayValues();",
    );
    assert_eq!(got, json!([["1.5", "TRUE", "FALSE", "1E+21", "0.3", "x"]]));
}
