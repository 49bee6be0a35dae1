//! Row and column groups seen from a script: the reference's examples, collapsing and
//! expanding (rows hidden as `isRowHiddenByUser` reports), the Sheet forms, the toggle
//! position, groups after inserted rows, a stale Group.

use crate::support;

use gas_platform::sheets::{structure_text as st, text, GROUP_GONE};
use serde_json::json;
use support::*;

fn eval_sheet(body: &str) -> serde_json::Value {
    eval(&format!("function main() {{\n  var SHEET = SpreadsheetApp.create('Test').getSheets()[0];\n  {body}\n}}"))
}

fn thrown_sheet(body: &str) -> String {
    thrown(&format!("var SHEET = SpreadsheetApp.create('Test').getSheets()[0]; {body}"))
}

#[test]
fn the_references_examples_group_collapse_expand_and_read_a_group() {
    let got = eval_sheet(
        "var range = SHEET.getRange('2:3');
         var same = range.shiftRowGroupDepth(1);
         var group = SHEET.getRowGroup(2, 1);
         var chained = group.collapse();
         var hidden = [1, 2, 3, 4].map(function (r) { return SHEET.isRowHiddenByUser(r); });
         var collapsed = group.isCollapsed();
         group.expand();
         var before = group.getControlIndex();
         var pos = SHEET.setRowGroupControlPosition(SpreadsheetApp.GroupControlTogglePosition.AFTER);
         return [same === range, chained === group, hidden, collapsed, group.isCollapsed(), before,
                 group.getControlIndex(), pos === SHEET, String(SHEET.getRowGroupControlPosition()),
                 String(SHEET.getColumnGroupControlPosition()), group.getDepth(), group.getRange().getA1Notation(),
                 SHEET.getRowGroupDepth(2), SHEET.getRowGroupDepth(4), SHEET.getRowGroup(4, 1), SHEET.getRowGroup(2, 2)];",
    );
    assert_eq!(
        got,
        json!([
            true,
            true,
            [false, true, true, false],
            true,
            false,
            1,
            4,
            true,
            "AFTER",
            "BEFORE",
            1,
            "A2:Z3",
            1,
            0,
            null,
            null
        ])
    );
}

#[test]
fn sheet_wide_collapse_expand_and_range_forms_on_rows_and_columns() {
    let got = eval_sheet(
        "SHEET.getRange('A2:A9').shiftRowGroupDepth(1);
         SHEET.getRange('A4:A5').shiftRowGroupDepth(1);
         SHEET.getRange('B1:C1').shiftColumnGroupDepth(1);
         var rows = function () { var out = []; for (var r = 1; r <= 10; r++) if (SHEET.isRowHiddenByUser(r)) out.push(r); return out; };
         var out = [];
         out.push(SHEET.collapseAllRowGroups() === SHEET, rows());
         SHEET.expandRowGroupsUpToDepth(1); out.push(rows());
         SHEET.expandAllRowGroups(); out.push(rows());
         SHEET.getRange('A4').collapseGroups(); out.push(rows());
         SHEET.getRange('A1').expandGroups(); out.push(rows());
         SHEET.collapseAllColumnGroups();
         out.push([SHEET.isColumnHiddenByUser(2), SHEET.isColumnHiddenByUser(3), SHEET.getColumnGroupDepth(2)]);
         SHEET.expandAllColumnGroups();
         var col = SHEET.getColumnGroup(3, 1);
         out.push(SHEET.isColumnHiddenByUser(2), col.getRange().getA1Notation(), col.getControlIndex());
         SHEET.expandColumnGroupsUpToDepth(0); out.push(col.isCollapsed());
         return out;",
    );
    assert_eq!(
        got,
        json!([
            true,
            [2, 3, 4, 5, 6, 7, 8, 9],
            [4, 5],
            [],
            [4, 5],
            [4, 5],
            [true, true, 1],
            false,
            "B1:C1000",
            1,
            true
        ])
    );
}

#[test]
fn groups_move_with_rows_and_a_stale_group_says_so() {
    let got = eval_sheet(
        "SHEET.getRange('3:5').shiftRowGroupDepth(1);
         SHEET.insertRowsBefore(1, 2);
         var moved = SHEET.getRowGroup(5, 1);
         var range = moved.getRange().getA1Notation();
         moved.remove();
         return [range, SHEET.getRowGroupDepth(5), SHEET.getRange('1:1').shiftRowGroupDepth(20).getRow(),
                 SHEET.getRowGroupDepth(1)];",
    );
    assert_eq!(got, json!(["A5:Z7", 0, 1, 8]));
    let stale = thrown_sheet(
        "SHEET.getRange('2:3').shiftRowGroupDepth(1); var g = SHEET.getRowGroup(2, 1); g.remove(); g.collapse();",
    );
    assert_eq!(stale, format!("Exception: {GROUP_GONE}"));
    let out_of_bounds = thrown_sheet("SHEET.getRowGroupDepth(0);");
    assert_eq!(out_of_bounds, format!("Exception: {}", text::ROWS_OUT_OF_BOUNDS));
    let columns = thrown_sheet("SHEET.getColumnGroup(27, 1);");
    assert_eq!(columns, format!("Exception: {}", st::COLUMNS_OUT_OF_BOUNDS));
}
