//! The structure bindings seen from a script: columns, hiding, freezing, merges,
//! navigation, sorting, copying, moving, cell shifts, auto-fill, with the platform's texts.

use crate::support;

use gas_platform::sheets::{structure_text as st, text};
use serde_json::json;
use support::*;

/// `SHEET` in a snippet is the first sheet of a new spreadsheet.
fn eval_sheet(body: &str) -> serde_json::Value {
    eval(&format!("function main() {{\n  var SHEET = SpreadsheetApp.create('Test').getSheets()[0];\n  {body}\n}}"))
}

fn thrown_sheet(body: &str) -> String {
    thrown(&format!("var SHEET = SpreadsheetApp.create('Test').getSheets()[0]; {body}"))
}

fn exception(message: &str) -> String {
    format!("Exception: {message}")
}

#[test]
fn columns_insert_and_delete_in_every_form_and_grids_go_past_z() {
    let got = eval_sheet(
        "SHEET.getRange('A1:C1').setValues([[1, 2, 3]]);
         var same = SHEET.insertColumnBefore(2);
         SHEET.insertColumnAfter(3).insertColumnsBefore(1, 2).insertColumnsAfter(26, 3);
         var voids = [SHEET.insertColumns(1), SHEET.insertColumns(1, 2), SHEET.insertRows(1), SHEET.insertRows(1, 2)];
         var width = SHEET.getMaxColumns();
         SHEET.getRange('AE4').setValue('far');
         var row = SHEET.getRange(4, 1, 1, 9).getValues()[0];
         SHEET.deleteColumn(1);
         var gone = SHEET.deleteColumns(1, 3);
         return [same === SHEET, voids, width, SHEET.getRange('AE4').getA1Notation(), SHEET.getLastColumn(),
                 row, SHEET.getRange('A4:E4').getValues()[0], SHEET.getMaxColumns(), gone, SHEET.getRange('AA4').getValue()];",
    );
    assert_eq!(
        got,
        json!([
            true,
            [null, null, null, null],
            36,
            "AE4",
            27,
            ["", "", "", "", "", 1, "", 2, ""],
            ["", 1, "", 2, ""],
            32,
            null,
            "far"
        ])
    );
    let cases = [
        ("SHEET.deleteColumns(26, 2)", st::COLUMNS_OUT_OF_BOUNDS),
        ("SHEET.deleteColumns(1, 26)", st::DELETE_ALL_COLUMNS),
        ("SHEET.insertColumnAfter(27)", st::COLUMNS_OUT_OF_BOUNDS),
        ("SHEET.insertColumnsAfter(1, 18253)", st::COLUMN_LIMIT),
        ("SHEET.insertColumnsAfter(1, 9975)", text::CELL_LIMIT),
        ("SHEET.getRange('AA1')", text::RANGE_NOT_FOUND),
    ];
    for (snippet, message) in cases {
        assert_eq!(thrown_sheet(snippet), exception(message), "{snippet}");
    }
}

#[test]
fn hiding_sheets_rows_and_columns() {
    let got = eval(
        "function main() {
           var ss = SpreadsheetApp.create('Test');
           var first = ss.getSheets()[0], second = ss.insertSheet();
           var same = first.hideSheet();
           var hidden = [first.isSheetHidden(), second.isSheetHidden()];
           var refused; try { second.hideSheet(); } catch (e) { refused = String(e); }
           first.showSheet();
           first.hideRows(2, 3); first.showRows(3); first.hideRow(first.getRange('A10:B11'));
           first.hideColumns(2); first.hideColumn(first.getRange('D1')); first.unhideColumn(first.getRange('B:B'));
           var rows = [1, 2, 3, 4, 5, 10, 11].map(function (r) { return first.isRowHiddenByUser(r); });
           var columns = [2, 4].map(function (c) { return first.isColumnHiddenByUser(c); });
           first.deleteRow(1);
           return [same === first, hidden, refused, first.isSheetHidden(), rows, columns, first.isRowHiddenByUser(1)];
         }",
    );
    assert_eq!(
        got,
        json!([
            true,
            [true, false],
            exception(st::HIDE_ALL_SHEETS),
            false,
            [false, true, false, true, false, true, true],
            [false, true],
            true
        ])
    );
    assert_eq!(thrown_sheet("SHEET.hideRows(1001)"), exception(text::ROWS_OUT_OF_BOUNDS));
    assert_eq!(thrown_sheet("SHEET.isColumnHiddenByUser(0)"), exception(st::COLUMNS_OUT_OF_BOUNDS));
}

#[test]
fn frozen_rows_and_columns_and_the_non_frozen_rule() {
    let got = eval_sheet(
        "SHEET.setFrozenRows(2); SHEET.setFrozenColumns(1);
         var before = [SHEET.getFrozenRows(), SHEET.getFrozenColumns()];
         SHEET.insertRowBefore(1);
         var refused; try { SHEET.deleteRows(4, 998); } catch (e) { refused = String(e); }
         return [before, SHEET.getFrozenRows(), refused, SHEET.autoResizeColumn(1) === SHEET, SHEET.autoResizeColumns(1, 26) === SHEET];",
    );
    assert_eq!(got, json!([[2, 1], 3, exception(text::DELETE_ALL_ROWS), true, true]));
    assert_eq!(thrown_sheet("SHEET.setFrozenRows(1000)"), exception(st::FREEZE_ALL_ROWS));
    assert_eq!(thrown_sheet("SHEET.autoResizeColumns(20, 10)"), exception(st::COLUMNS_OUT_OF_BOUNDS));
    assert_eq!(
        thrown_sheet("SHEET.setFrozenRows(1); SHEET.getRange('A1:A2').merge()"),
        exception(st::MERGE_FROZEN_ROWS)
    );
}

#[test]
fn merges_keep_the_top_left_value_and_are_found_again() {
    let got = eval_sheet(
        "SHEET.getRange('A1:B2').setValues([[1, 2], [3, 4]]);
         var merged = SHEET.getRange('A1:B2').merge();
         SHEET.getRange('D1:E2').mergeAcross();
         SHEET.getRange('G1:H2').mergeVertically();
         var found = SHEET.getRange('A1:H1').getMergedRanges().map(function (r) { return r.getA1Notation(); });
         var parts = [SHEET.getRange('B2').isPartOfMerge(), SHEET.getRange('C3').isPartOfMerge()];
         var values = SHEET.getRange('A1:B2').getValues();
         SHEET.getRange('A1:B2').breakApart();
         return [merged.getA1Notation(), found, parts, values, SHEET.getRange('A1').getMergedRanges().length];",
    );
    assert_eq!(got, json!(["A1:B2", ["A1:B2", "D1:E1", "G1:G2", "H1:H2"], [true, false], [[1, ""], ["", ""]], 0]));
    assert_eq!(
        thrown_sheet("SHEET.getRange('A1:B2').merge(); SHEET.getRange('B2:C3').merge()"),
        exception(st::PART_OF_MERGE)
    );
}

#[test]
fn offset_get_cell_and_the_range_getters() {
    let got = eval_sheet(
        "var r = SHEET.getRange('B2:C3');
         return [r.offset(1, 1).getA1Notation(), r.offset(-1, 0, 1).getA1Notation(), r.offset(0, 0, 2, 3).getA1Notation(),
                 r.getCell(2, 2).getA1Notation(), r.getRowIndex(), r.getGridId(), r.getHeight(), r.getWidth()];",
    );
    assert_eq!(got, json!(["C3:D4", "B1:C1", "B2:D3", "C3", 2, 0, 2, 2]));
    let cases = [
        ("SHEET.getRange('B2').offset(-2, 0)", text::RANGE_START_ROW_TOO_SMALL),
        ("SHEET.getRange('B2').offset(0, 0, 0)", text::RANGE_ROWS_AT_LEAST_1),
        ("SHEET.getRange('B2').offset(999, 0)", text::RANGE_OUTSIDE_SHEET),
        ("SHEET.getRange('B2:C3').getCell(3, 1)", st::CELL_OUT_OF_RANGE),
    ];
    for (snippet, message) in cases {
        assert_eq!(thrown_sheet(snippet), exception(message), "{snippet}");
    }
    assert!(thrown_sheet("SHEET.getRange('B2').offset('x', 0)").contains("don't match the method signature"));
}

#[test]
fn next_data_cell_data_region_and_is_blank() {
    let got = eval_sheet(
        "SHEET.getRange('B2:C4').setValues([[1, 2], [3, 4], [5, 6]]);
         var d = SpreadsheetApp.Direction, dim = SpreadsheetApp.Dimension;
         var from = SHEET.getRange('B2');
         return [from.getNextDataCell(d.DOWN).getA1Notation(), from.getNextDataCell(d.NEXT).getA1Notation(),
                 SHEET.getRange('B1').getNextDataCell(d.DOWN).getA1Notation(), from.getNextDataCell(d.UP).getA1Notation(),
                 SHEET.getRange('C3').getDataRegion().getA1Notation(), SHEET.getRange('C3').getDataRegion(dim.ROWS).getA1Notation(),
                 SHEET.getRange('C3').getDataRegion(dim.COLUMNS).getA1Notation(),
                 SHEET.getRange('D1:D9').isBlank(), SHEET.getRange('A1:B2').isBlank()];",
    );
    assert_eq!(got, json!(["B4", "C2", "B2", "B1", "B2:C4", "C2:C4", "B3:C3", true, false]));
    assert_eq!(
        thrown_sheet("SHEET.getRange('A1').getNextDataCell('SIDEWAYS')"),
        exception(&st::invalid_argument("direction"))
    );
}

#[test]
fn sorting_ranges_and_sheets_in_sheets_order_of_types() {
    let got = eval_sheet(
        "SHEET.getRange('A1:B6').setValues([['b', 2], [true, 1], ['', 9], [10, 3], ['b', 1], ['A', 5]]);
         SHEET.getRange('A1:B6').sort([{column: 1, ascending: true}, {column: 2, ascending: false}]);
         var multi = SHEET.getRange('A1:B6').getValues();
         SHEET.getRange('A1:B6').sort({column: 2, ascending: false});
         var byB = SHEET.getRange('B1:B6').getValues().map(function (r) { return r[0]; });
         SHEET.getRange('A1:B6').sort(2);
         var up = SHEET.getRange('B1:B6').getValues().map(function (r) { return r[0]; });
         SHEET.setFrozenRows(1);
         SHEET.sort(2, false);
         var sheetSorted = SHEET.getRange('B1:B6').getValues().map(function (r) { return r[0]; });
         return [multi, byB, up, sheetSorted];",
    );
    assert_eq!(
        got,
        json!([
            [[10, 3], ["A", 5], ["b", 2], ["b", 1], [true, 1], ["", 9]],
            [9, 5, 3, 2, 1, 1],
            [1, 1, 2, 3, 5, 9],
            [1, 9, 5, 3, 2, 1]
        ])
    );
    assert_eq!(thrown_sheet("SHEET.getRange('A1:B2').sort(3)"), exception(st::SORT_COLUMN_OUT_OF_RANGE));
    assert_eq!(thrown_sheet("SHEET.getRange('A1:B2').sort('x')"), exception(st::SORT_SPEC_INVALID));
}

#[test]
fn duplicates_whitespace_and_a_seeded_shuffle() {
    let got = eval_sheet(
        "SHEET.getRange('A1:B4').setValues([['Ana', 1], ['ana', 2], ['Bo', 1], ['  x   y ', 1]]);
         var left = SHEET.getRange('A1:B4').removeDuplicates([1]).getA1Notation();
         SHEET.getRange('A1:A3').trimWhitespace();
         var values = SHEET.getRange('A1:A4').getValues().map(function (r) { return r[0]; });
         SHEET.getRange('D1:D8').setValues([[1], [2], [3], [4], [5], [6], [7], [8]]);
         SHEET.getRange('D1:D8').randomize();
         var shuffled = SHEET.getRange('D1:D8').getValues().map(function (r) { return r[0]; });
         return [left, values, shuffled.slice().sort().join(), shuffled.join() !== '1,2,3,4,5,6,7,8'];",
    );
    assert_eq!(got, json!(["A1:B3", ["Ana", "Bo", "x y", ""], "1,2,3,4,5,6,7,8", true]));
    // The same seed and execution draw the same order.
    let shuffle = "function main() { var s = SpreadsheetApp.create('T').getSheets()[0];
                   s.getRange('A1:A6').setValues([[1],[2],[3],[4],[5],[6]]); s.getRange('A1:A6').randomize();
                   return s.getRange('A1:A6').getValues().join(); }";
    assert_eq!(eval(shuffle), eval(shuffle));
}

#[test]
fn copy_to_copy_values_and_formats_and_move_to() {
    let got = eval_sheet(
        "SHEET.getRange('A1:B1').setValues([[1, 2]]);
         var src = SHEET.getRange('A1:B1');
         src.copyTo(SHEET.getRange('D1'));
         src.copyTo(SHEET.getRange('A3'), SpreadsheetApp.CopyPasteType.PASTE_VALUES, true);
         src.copyTo(SHEET.getRange('F1'), {formatOnly: true});
         src.copyValuesToRange(SHEET, 1, 5, 6, 6);
         src.copyFormatToRange(SHEET.getSheetId(), 1, 2, 7, 7);
         SHEET.getRange('D1:E1').moveTo(SHEET.getRange('D9'));
         return [SHEET.getRange('A1:F1').getValues()[0], SHEET.getRange('A3:A4').getValues(), SHEET.getRange('A6:E6').getValues()[0],
                 SHEET.getRange('D9:E9').getValues()[0], SHEET.getRange('G1').getValue()];",
    );
    assert_eq!(got, json!([[1, 2, "", "", "", ""], [[1], [2]], [1, 2, 1, 2, ""], [1, 2], ""]), "whole copies");
    let other = "var other = SpreadsheetApp.create('Other').getSheets()[0];";
    assert_eq!(
        thrown_sheet(&format!("{other} SHEET.getRange('A1').copyTo(other.getRange('A1'))")),
        exception(st::OTHER_SPREADSHEET)
    );
    assert_eq!(
        thrown_sheet("SHEET.getRange('A1:B1').copyTo(SHEET.getRange('Z1'))"),
        exception(text::RANGE_OUTSIDE_SHEET)
    );
    assert!(thrown_sheet(
        "SHEET.getRange('A1').copyTo(SHEET.getRange('B1'), SpreadsheetApp.CopyPasteType.PASTE_COLUMN_WIDTHS, false)"
    )
    .contains("gas-sim does not implement CopyPasteType.PASTE_COLUMN_WIDTHS in Range.copyTo"));
}

#[test]
fn cells_shift_with_a_dimension_and_auto_fill_continues_series() {
    let got = eval_sheet(
        "SHEET.getRange('A1:B3').setValues([[1, 10], [2, 20], [3, 30]]);
         var dim = SpreadsheetApp.Dimension;
         var same = SHEET.getRange('A1').insertCells(dim.ROWS);
         var afterInsert = SHEET.getRange('A1:B4').getValues();
         var gone = SHEET.getRange('A1:A2').deleteCells(dim.ROWS);
         SHEET.getRange('B1').deleteCells(dim.COLUMNS);
         var afterDelete = SHEET.getRange('A1:B3').getValues();
         SHEET.getRange('D1:D2').setValues([[1], [3]]);
         SHEET.getRange('D1:D2').autoFill(SHEET.getRange('D1:D5'), SpreadsheetApp.AutoFillSeries.DEFAULT_SERIES);
         SHEET.getRange('E1:E2').setValues([['a'], ['b']]);
         SHEET.getRange('E1:E2').autoFillToNeighbor(SpreadsheetApp.AutoFillSeries.ALTERNATE_SERIES);
         SHEET.getRange('F1').setValue(new Date(Date.UTC(2024, 0, 31)));
         SHEET.getRange('F1').autoFill(SHEET.getRange('F1:F2'), SpreadsheetApp.AutoFillSeries.DEFAULT_SERIES);
         return [same.getA1Notation(), afterInsert, gone, afterDelete,
                 SHEET.getRange('D1:D5').getValues().map(function (r) { return r[0]; }),
                 SHEET.getRange('E1:E6').getValues().map(function (r) { return r[0]; }),
                 SHEET.getRange('F2').getValue().toISOString()];",
    );
    assert_eq!(
        got,
        json!([
            "A1",
            [["", 10], [1, 20], [2, 30], [3, ""]],
            null,
            [[2, ""], [3, 20], ["", 30]],
            [1, 3, 5, 7, 9],
            ["a", "b", "a", "b", "a", ""],
            "2024-02-01T00:00:00.000Z"
        ])
    );
    assert_eq!(
        thrown_sheet(
            "SHEET.getRange('A1:A2').autoFill(SHEET.getRange('A2:A5'), SpreadsheetApp.AutoFillSeries.DEFAULT_SERIES)"
        ),
        exception(st::AUTOFILL_DESTINATION)
    );
    assert_eq!(
        thrown_sheet("SHEET.getRange('A1').insertCells('DIAGONAL')"),
        exception(&st::invalid_argument("shiftDimension"))
    );
}

#[test]
fn rows_and_columns_move_whole() {
    let got = eval_sheet(
        "SHEET.getRange('A1:B4').setValues([[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd']]);
         var none = SHEET.moveRows(SHEET.getRange('A1:B2'), 5);
         var afterRows = SHEET.getRange('A1:A4').getValues().map(function (r) { return r[0]; });
         SHEET.moveColumns(SHEET.getRange('B1'), 1);
         return [none, afterRows, SHEET.getRange('A1:B1').getValues()[0]];",
    );
    assert_eq!(got, json!([null, [3, 4, 1, 2], ["c", 3]]));
    assert_eq!(thrown_sheet("SHEET.moveRows(SHEET.getRange('A1:A3'), 2)"), exception(st::MOVE_INTO_ITSELF));
}
