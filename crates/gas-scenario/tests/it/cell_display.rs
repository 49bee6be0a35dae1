//! `[[expect]] cell` with `display`: the text Sheets shows (the number format applied),
//! beside `equals`, which compares the value's own text.

use crate::common;

use gas_scenario::ZoneReport;

const HEADER: &str = "name = \"d\"\nproject = \"project\"\ntime_zones = [\"UTC\"]\n\
    start = \"2025-06-13T08:00\"\nend = \"2025-06-13T10:00\"\n\
    [[spreadsheets]]\nid = \"s\"\n[spreadsheets.sheets.S]\nrows = [[\"x\"]]\n\
    [[runs]]\nat = \"2025-06-13T09:00\"\nfunction = \"fill\"\n";

const CODE: &str = "function fill() {
  var sheet = SpreadsheetApp.openById('s').getSheetByName('S');
  sheet.getRange('A1').setValue(1234.5).setNumberFormat('#,##0.00');
  sheet.getRange('B1').setValue(0.256).setNumberFormat('0.0%');
}
";

const FIXTURE: common::Fixture = common::Fixture { zone: "UTC", code: CODE, file_name: "d.toml" };

fn run(body: &str) -> ZoneReport {
    FIXTURE.run(&format!("{HEADER}{body}"))
}

fn error(body: &str) -> String {
    FIXTURE.error(&format!("{HEADER}{body}"))
}

#[test]
fn display_compares_the_formatted_text_and_equals_the_value() {
    let report = run("[[expect]]\ncell = \"s/S!A1\"\ndisplay = \"1,234.50\"\n\
         [[expect]]\ncell = \"s/S!A1\"\nequals = 1234.5\n\
         [[expect]]\ncell = \"s/S!B1\"\ndisplay = \"25.6%\"\n\
         [[expect]]\ncell = \"s/S!A1\"\nequals = \"1,234.50\"\n\
         [[expect]]\ncell = \"s/S!A1\"\ndisplay = \"1234.5\"\n");
    let e = &report.expectations;
    assert!(e[0].passed && e[1].passed && e[2].passed, "{}", report.text());
    assert!(!e[3].passed, "equals is the value's text, not the formatted one");
    assert_eq!(e[3].mismatch(), "cell s/S!A1: expected \"1,234.50\", got \"1234.5\"");
    assert!(!e[4].passed);
    assert_eq!(e[4].mismatch(), "cell s/S!A1 as shown: expected \"1234.5\", got \"1,234.50\"");
    assert_eq!(e[4].evidence, ["row 1: \"1234.5,0.256\"", "its value: \"1234.5\""]);
}

#[test]
fn display_without_a_cell_or_with_equals_is_an_error() {
    let cases = [
        (
            "cell = \"s/S!A1\"\nequals = 1\ndisplay = \"1\"",
            "expect[0].display: give equals (the value's text) or display (as Sheets shows it), not both",
        ),
        (
            "cell = \"s/S!A1\"",
            "expect[0]: a cell expectation needs equals = ..., display = ..., note = ... or format = { ... }",
        ),
        (
            "mail = { subject = \"x\" }\ndisplay = \"1\"\ncount = 1",
            "expect[0].display: display compares one cell as Sheets shows it: use it with cell",
        ),
    ];
    for (expect, want) in cases {
        let err = error(&format!("[[expect]]\n{expect}\n"));
        assert!(err.contains(want), "{expect}\n  got: {err}\n  want: {want}");
        assert!(err.starts_with("DIR/d.toml"), "{err}");
    }
}
