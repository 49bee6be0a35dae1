//! Developer metadata seen from a script: attached to the spreadsheet, a sheet and whole
//! rows or columns, read back, found by the three finders, moved with rows, changed,
//! moved and removed.

use crate::support;

use serde_json::json;
use support::*;

/// `SS` is a new spreadsheet, `SHEET` its first sheet.
fn eval_book(body: &str) -> serde_json::Value {
    eval(&format!(
        "function main() {{\n  var SS = SpreadsheetApp.create('Book');\n  var SHEET = SS.getSheets()[0];\n  {body}\n}}"
    ))
}

#[test]
fn metadata_follow_their_rows_and_read_back() {
    let got = eval_book(
        "SS.addDeveloperMetadata('owner', 'ops');
         SHEET.addDeveloperMetadata('kind', SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
         var chained = SHEET.getRange('3:3').addDeveloperMetadata('order', 'A-17').getA1Notation();
         SHEET.getRange('B:B').addDeveloperMetadata('amounts');
         SHEET.insertRowsBefore(1, 2);
         var row = SHEET.getRange('5:5').getDeveloperMetadata()[0];
         var where = row.getLocation();
         var column = SHEET.getRange('B:B').getDeveloperMetadata()[0].getLocation();
         var arbitrary = '';
         try { SHEET.getRange('A1:D5').addDeveloperMetadata('x'); } catch (e) { arbitrary = e.message; }
         var top = SS.getDeveloperMetadata()[0];
         var sheetOne = SHEET.getDeveloperMetadata()[0];
         return {
           chained: chained,
           row: [row.getId(), row.getKey(), row.getValue(), String(row.getVisibility()), String(where.getLocationType()),
                 where.getRow().getA1Notation(), where.getSheet(), where.getSpreadsheet()],
           column: [String(column.getLocationType()), column.getColumn().getA1Notation()],
           top: [top.getKey(), top.getValue(), top.getLocation().getSpreadsheet().getName()],
           sheet: [sheetOne.getKey(), sheetOne.getValue(), String(sheetOne.getVisibility()),
                   sheetOne.getLocation().getSheet().getName()],
           arbitrary: arbitrary,
         };",
    );
    assert_eq!(
        got,
        json!({
            "chained": "3:3",
            "row": [3, "order", "A-17", "DOCUMENT", "ROW", "5:5", null, null],
            "column": ["COLUMN", "B:B"],
            "top": ["owner", "ops", "Book"],
            "sheet": ["kind", null, "PROJECT", "Sheet1"],
            "arbitrary": "Adding developer metadata to arbitrary ranges is not currently supported. Developer metadata may only be added to the top-level spreadsheet, an individual sheet, or an entire row or column.",
        })
    );
}

#[test]
fn finders_search_their_scope_with_every_filter() {
    let got = eval_book(
        "SHEET.getRange('3:3').addDeveloperMetadata('status', 'open');
         SHEET.getRange('4:4').addDeveloperMetadata('status', 'done');
         SHEET.getRange('9:9').addDeveloperMetadata('status', 'open');
         SS.insertSheet('Other').addDeveloperMetadata('status', 'open');
         var keys = function (found) { return found.map(function (m) { return m.getId(); }); };
         var finder = SS.createDeveloperMetadataFinder().withKey('status').withValue('open');
         var rowsOnly = SS.createDeveloperMetadataFinder().withLocationType(SpreadsheetApp.DeveloperMetadataLocationType.ROW);
         return {
           open: keys(finder.find()),
           rows: keys(rowsOnly.find()),
           sheet: keys(SHEET.createDeveloperMetadataFinder().find()),
           block: keys(SHEET.getRange('A1:D5').createDeveloperMetadataFinder().find()),
           lines: keys(SHEET.getRange('1:5').createDeveloperMetadataFinder().find()),
           touching: keys(SHEET.getRange('A1:D5').createDeveloperMetadataFinder().onIntersectingLocations().find()),
           byId: keys(SS.createDeveloperMetadataFinder().withId(2).find()),
           none: keys(SS.createDeveloperMetadataFinder().withVisibility(SpreadsheetApp.DeveloperMetadataVisibility.PROJECT).find()),
         };",
    );
    assert_eq!(
        got,
        json!({ "open": [1, 3, 4], "rows": [1, 2, 3], "sheet": [1, 2, 3], "block": [], "lines": [1, 2],
                "touching": [1, 2], "byId": [2], "none": [] })
    );
}

#[test]
fn metadata_change_move_and_go() {
    let got = eval_book(
        "SHEET.getRange('2:2').addDeveloperMetadata('batch', '7');
         var m = SHEET.getRange('2:2').getDeveloperMetadata()[0];
         m.setKey('run').setValue('8').setVisibility(SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
         m.moveToRow(SHEET.getRange('6:7'));
         var moved = m.getLocation().getRow().getA1Notation();
         m.moveToSheet(SHEET);
         var onSheet = String(m.getLocation().getLocationType());
         var refused = '';
         try { m.moveToColumn(SHEET.getRange('A1')); } catch (e) { refused = e.message.slice(0, 30); }
         m.moveToSpreadsheet();
         var top = SS.getDeveloperMetadata().length;
         m.remove();
         var gone = '';
         try { m.getKey(); } catch (e) { gone = e.message; }
         SHEET.getRange('9:9').addDeveloperMetadata('line');
         SHEET.deleteRow(9);
         return { values: [m.getId(), moved, onSheet, refused, top], gone: gone,
                  left: SS.createDeveloperMetadataFinder().find().length };",
    );
    assert_eq!(
        got,
        json!({
            "values": [1, "6:7", "SHEET", "Adding developer metadata to a", 1],
            "gone": "No developer metadata with ID 1 exists.",
            "left": 0,
        })
    );
}

#[test]
fn a_visibility_that_is_no_enum_name_fails_the_signature_check() {
    let got = eval_book(
        "var out = [SHEET.getRange('A1:D5').getDeveloperMetadata().length];
         var signature = function (f) { try { f(); return 'no error'; } catch (e) { return e.message.indexOf('method signature') > 0; } };
         out.push(signature(function () { SS.addDeveloperMetadata('k', 'v', 'PUBLIC'); }));
         SS.addDeveloperMetadata('k');
         out.push(signature(function () { SS.getDeveloperMetadata()[0].setVisibility('x'); }));
         out.push(signature(function () { SS.createDeveloperMetadataFinder().withLocationType('CELL'); }));
         out.push(String(SS.getDeveloperMetadata()[0].getVisibility()));
         return out;",
    );
    assert_eq!(got, json!([0, true, true, true, "DOCUMENT"]));
}
