//! Formulas from a script: setFormula(s), setValue('=...'), the R1C1 forms, results read
//! back with their JS types, errors as Sheets shows them, NOW() on the virtual clock, and
//! an unsupported function counted as a gap at the line that wrote it.

use crate::support;

use gas_engine::Outcome;
use gas_platform::gaps::GapSite;
use serde_json::json;
use support::*;

fn with_sheet(body: &str) -> String {
    format!("function main() {{\n  var SHEET = SpreadsheetApp.create('Test').getSheets()[0];\n  {body}\n}}")
}

#[test]
fn formulas_are_computed_and_recomputed() {
    let got = eval(&with_sheet(
        "SHEET.getRange('A1:A3').setValues([[1], [2], [3]]);
         SHEET.getRange('B1').setValue('=SUM(A1:A3)');
         SHEET.getRange('B2').setFormula('=B1*2');
         var before = SHEET.getRange('B1:B2').getValues();
         SHEET.getRange('A1').setValue(10);
         return [before, SHEET.getRange('B1:B2').getValues(), SHEET.getRange('B1').getFormula(),
                 SHEET.getRange('A1:B1').getFormulas(), SHEET.getRange('B2').getDisplayValue()];",
    ));
    assert_eq!(got, json!([[[6], [12]], [[15], [30]], "=SUM(A1:A3)", [["", "=SUM(A1:A3)"]], "30"]));
}

#[test]
fn errors_r1c1_and_types() {
    let got = eval(&with_sheet(
        "var r = SHEET.getRange('A1:A4');
         r.setFormulas([['=1/0'], ['=NOPE(1)'], ['=\"a\"&\"b\"'], ['=1>0']]);
         SHEET.getRange('B1:B2').setFormulaR1C1('=R[0]C[-1]');
         return [r.getValues(), SHEET.getRange('B2').getFormula(), SHEET.getRange('B2').getFormulaR1C1(),
                 SHEET.getRange('C1').getFormulaR1C1(), typeof SHEET.getRange('A4').getValue()];",
    ));
    assert_eq!(got, json!([[["#DIV/0!"], ["#NAME?"], ["ab"], [true]], "=A2", "=R[0]C[-1]", null, "boolean"]));
}

#[test]
fn now_is_the_virtual_clock() {
    let got = eval(&with_sheet(
        "var before = Date.now();
         SHEET.getRange('A1').setFormula('=NOW()');
         var v = SHEET.getRange('A1').getValue();
         return [v instanceof Date, v.getTime() >= before - 1000 && v.getTime() <= Date.now()];",
    ));
    assert_eq!(got, json!([true, true]));
}

#[test]
fn an_unsupported_function_is_name_and_a_gap_at_its_line() {
    let report = run(
        "function main() {
  var sheet = SpreadsheetApp.create('x').getSheets()[0];
  sheet.getRange('A1').setFormula('=QUERY(B1:C9, \"select B\")');
  return sheet.getRange('A1').getValue();
}",
        "main",
    );
    assert!(matches!(report.outcome, Outcome::Completed { .. }), "{:?}", report.outcome);
    assert_eq!(result(&report), json!("#NAME?"));
    assert_eq!(
        report.gaps,
        vec![GapSite {
            method: "formula function QUERY".into(),
            file: Some("Code.gs".into()),
            line: Some(3),
            calls: 1
        }]
    );
}
