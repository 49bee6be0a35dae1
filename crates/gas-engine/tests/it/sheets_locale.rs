//! A spreadsheet's locale in its display values: separators under a pattern, the
//! "Automatic" display of numbers and dates (gas-platform's locale.rs has each rule).

use crate::support;

use serde_json::json;
use support::*;

#[test]
fn the_spreadsheet_locale_drives_display_values() {
    let got = eval(
        "function main() {
           var book = SpreadsheetApp.create('Test');
           var sheet = book.getSheets()[0];
           sheet.getRange('A1:C1').setValues([[1234.5, 0.25, new Date(Date.UTC(2025, 5, 13, 16, 5, 9))]]);
           sheet.getRange('A2').setValue(1234.5).setNumberFormat('#,##0.00');
           sheet.getRange('B2').setValue(1.375).setNumberFormat('# ?/?');
           var before = sheet.getRange('A1:C2').getDisplayValues();
           book.setSpreadsheetLocale('de_DE');
           return [before, sheet.getRange('A1:C2').getDisplayValues(), sheet.getRange('A2').getDisplayValue()];
         }",
    );
    assert_eq!(
        got,
        json!([
            [["1234.5", "0.25", "6/13/2025 16:05:09"], ["1,234.50", "1 3/8", ""]],
            [["1234,5", "0,25", "13.06.2025 16:05:09"], ["1.234,50", "1 3/8", ""]],
            "1.234,50"
        ])
    );
}
