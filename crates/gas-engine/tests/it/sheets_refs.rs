//! References from a script's point of view: named ranges in formulas, sheets renamed
//! and deleted under formulas, formula text normalised on entry, validation rules moving
//! with copyTo/moveTo/sort, and a `""` result counting as content.

use crate::support;

use serde_json::json;
use support::*;

fn with_book(body: &str) -> String {
    format!(
        "function main() {{\n  var BOOK = SpreadsheetApp.create('Test');\n  var SHEET = BOOK.getSheets()[0];\n  {body}\n}}"
    )
}

#[test]
fn named_ranges_are_read_by_formulas_and_renames_follow() {
    let got = eval(&with_book(
        "SHEET.getRange('A1:A3').setValues([[1], [2], [3]]);
         SHEET.getRange('B1').setFormula('=SUM(Totals)');
         var before = SHEET.getRange('B1').getValue();
         BOOK.setNamedRange('Totals', SHEET.getRange('A1:A3'));
         var named = SHEET.getRange('B1').getValue();
         BOOK.getNamedRanges()[0].setRange(SHEET.getRange('A1:A2'));
         var moved = SHEET.getRange('B1').getValue();
         BOOK.getNamedRanges()[0].setName('Sums');
         return [before, named, moved, SHEET.getRange('B1').getFormula(), SHEET.getRange('B1').getValue()];",
    ));
    assert_eq!(got, json!(["#NAME?", 6, 3, "=SUM(Sums)", 3]));
}

#[test]
fn sheet_renames_rewrite_formulas_and_deletes_read_ref() {
    let got = eval(&with_book(
        "var other = BOOK.insertSheet('Old name');
         other.getRange('A1').setValue(5);
         SHEET.getRange('A1').setValue(\"='Old name'!A1*2\");
         other.setName('New name');
         var renamed = [SHEET.getRange('A1').getFormula(), SHEET.getRange('A1').getValue()];
         BOOK.deleteSheet(other);
         return [renamed, SHEET.getRange('A1').getFormula(), SHEET.getRange('A1').getValue()];",
    ));
    assert_eq!(got, json!([["='New name'!A1*2", 10], "=#REF!*2", "#REF!"]));
}

#[test]
fn formula_text_is_upper_cased_on_entry_but_not_in_strings() {
    let got = eval(&with_book(
        "SHEET.getRange('A1:A3').setValues([[1], [2], [3]]);
         SHEET.getRange('B1').setValue('=sum(a1:a3)');
         SHEET.getRange('B2').setFormula('=concat(\"sum(a1)\", a1)');
         return [SHEET.getRange('B1:B2').getFormulas(), SHEET.getRange('B1:B2').getValues()];",
    ));
    assert_eq!(got, json!([[["=SUM(A1:A3)"], ["=CONCAT(\"sum(a1)\", A1)"]], [[6], ["sum(a1)1"]]]));
}

#[test]
fn validation_rules_go_with_copy_to_move_to_and_sort() {
    let got = eval(&with_book(
        "var rule = SpreadsheetApp.newDataValidation().requireValueInList(['a', 'b']).build();
         SHEET.getRange('A1:B3').setValues([[3, 'x'], [1, 'y'], [2, 'z']]);
         SHEET.getRange('B1').setDataValidation(rule);
         var has = function (a1) { return SHEET.getRange(a1).getDataValidation() !== null; };
         SHEET.getRange('A1:B1').copyTo(SHEET.getRange('D1'));
         SHEET.getRange('A1:B1').copyTo(SHEET.getRange('D2'), {contentsOnly: true});
         SHEET.getRange('A1:B1').copyTo(SHEET.getRange('D3'), SpreadsheetApp.CopyPasteType.PASTE_VALUES, false);
         SHEET.getRange('A1:B1').copyTo(SHEET.getRange('D4'), SpreadsheetApp.CopyPasteType.PASTE_DATA_VALIDATION, false);
         var copies = [has('E1'), has('E2'), has('E3'), has('E4'), SHEET.getRange('E4').getValue()];
         SHEET.getRange('A1:B3').sort(1);
         var sorted = [has('B1'), has('B3')];
         SHEET.getRange('B3').moveTo(SHEET.getRange('C9'));
         return [copies, sorted, has('B3'), has('C9')];",
    ));
    assert_eq!(got, json!([[true, false, false, true, ""], [false, true], false, true]));
}

#[test]
fn an_empty_text_result_counts_for_the_last_row() {
    let got = eval(&with_book(
        "SHEET.getRange('A1').setValue(1);
         SHEET.getRange('B5').setFormula('=IF(A1>5,\"big\",\"\")');
         return [SHEET.getRange('B5').getValue(), SHEET.getLastRow(), SHEET.getLastColumn(),
                 SHEET.getDataRange().getA1Notation()];",
    ));
    assert_eq!(got, json!(["", 5, 2, "A1:B5"]));
}

#[test]
fn colour_rules_go_with_copy_to_and_move_to() {
    let got = eval(&with_book(
        "var rule = SpreadsheetApp.newConditionalFormatRule().whenTextContains('late')
             .setBackground('#ff0000').setRanges([SHEET.getRange('A1:A10')]).build();
         SHEET.setConditionalFormatRules([rule]);
         SHEET.getRange('A2:B3').copyTo(SHEET.getRange('D1'), {contentsOnly: true});
         var afterValues = SHEET.getConditionalFormatRules().length;
         SHEET.getRange('A2:B3').copyTo(SHEET.getRange('D1'));
         SHEET.getRange('D1:D2').moveTo(SHEET.getRange('F5'));
         return [afterValues, SHEET.getConditionalFormatRules().map(function (r) {
           return r.getRanges().map(function (x) { return x.getA1Notation(); });
         })];",
    ));
    assert_eq!(got, json!([1, [["A1:A10"], ["F5:F6"]]]));
}

#[test]
fn array_results_spill() {
    let got = eval(&with_book(
        "SHEET.getRange('A1:A4').setValues([['b'], ['a'], ['b'], ['c']]);
         SHEET.getRange('C1').setFormula('=SORT(UNIQUE(A1:A4))');
         SHEET.getRange('D1').setFormula('=SEQUENCE(1,2)');
         return [SHEET.getRange('C1:C3').getValues(), SHEET.getRange('D1:E1').getValues(),
                 SHEET.getRange('C2').getFormula(), SHEET.getLastRow()];",
    ));
    assert_eq!(got, json!([[["a"], ["b"], ["c"]], [[1, 2]], "", 4]));
}

#[test]
fn copied_and_filled_formulas_move_their_relative_references() {
    let got = eval(&with_book(
        "SHEET.getRange('A1:A3').setValues([[1], [2], [3]]);
         SHEET.getRange('B1').setFormula('=A1*2');
         SHEET.getRange('B1').copyTo(SHEET.getRange('C2'));
         SHEET.getRange('B1').autoFill(SHEET.getRange('B1:B3'), SpreadsheetApp.AutoFillSeries.DEFAULT_SERIES);
         return [SHEET.getRange('C2').getFormula(), SHEET.getRange('B1:B3').getFormulas(),
                 SHEET.getRange('B1:B3').getValues()];",
    ));
    assert_eq!(got, json!(["=B2*2", [["=A1*2"], ["=A2*2"], ["=A3*2"]], [[2], [4], [6]]]));
}

#[test]
fn references_follow_moved_and_shifted_cells() {
    let got = eval(&with_book(
        "SHEET.getRange('A1:A3').setValues([[1], [2], [3]]);
         SHEET.getRange('C1').setFormula('=A1+A3');
         SHEET.getRange('A1').moveTo(SHEET.getRange('E5'));
         var moved = SHEET.getRange('C1').getFormula();
         SHEET.getRange('A2').insertCells(SpreadsheetApp.Dimension.ROWS);
         return [moved, SHEET.getRange('C1').getFormula(), SHEET.getRange('C1').getValue()];",
    ));
    assert_eq!(got, json!(["=E5+A3", "=E5+A4", 4]));
}

#[test]
fn references_follow_moved_rows() {
    let got = eval(&with_book(
        "SHEET.getRange('A1:A3').setValues([[1], [2], [3]]);
         SHEET.getRange('C1').setFormula('=A3*10');
         SHEET.moveRows(SHEET.getRange('A3'), 1);
         return [SHEET.getRange('C2').getFormula(), SHEET.getRange('C2').getValue()];",
    ));
    assert_eq!(got, json!(["=A1*10", 30]));
}

#[test]
fn a_sorted_formula_reads_its_own_new_row() {
    let got = eval(&with_book(
        "SHEET.getRange('A1:B3').setValues([[3, 10], [1, 20], [2, 30]]);
         SHEET.getRange('C1:C3').setFormulas([['=A1*B1'], ['=A2*B2'], ['=A3*B3']]);
         SHEET.getRange('A1:C3').sort(1);
         return [SHEET.getRange('C1:C3').getFormulas(), SHEET.getRange('C1:C3').getValues()];",
    ));
    assert_eq!(got, json!([[["=A1*B1"], ["=A2*B2"], ["=A3*B3"]], [[20], [60], [30]]]));
}
