//! What a run shows of mail sent with only an HTML body, and of the notes and formats a
//! script sets on cells: the snapshot lists the HTML, and expectations compare it
//! (`mail = { html = ... }`, `cell = ..., note = ...`, `cell = ..., format = { ... }`).

use crate::common;

use gas_scenario::ZoneReport;

const SCENARIO: &str = "name = \"m\"\nproject = \"project\"\ntime_zones = [\"UTC\"]\n\
    start = \"2025-06-13T07:00\"\nend = \"2025-06-13T12:00\"\n\
    [[spreadsheets]]\nid = \"s\"\n[spreadsheets.sheets.Orders]\nrows = [[\"id\", \"state\"], [1001, \"late\"]]\n\
    [[runs]]\nat = \"2025-06-13T08:00\"\nfunction = \"flag\"\n";

const CODE: &str = "function flag() {
  var sheet = SpreadsheetApp.openById('s').getSheetByName('Orders');
  var cell = sheet.getRange('B2');
  cell.setNote('chased on ' + 'Friday').setFontWeight('bold').setFontColor('#FF0000').setBackground('#ffff00');
  MailApp.sendEmail({ to: 'ops@example.com', subject: 'Late orders', htmlBody: '<p>Order <b>1001</b> is late</p>' });
}
";

const FIXTURE: common::Fixture = common::Fixture { zone: "UTC", code: CODE, file_name: "m.toml" };

fn run(expect: &str) -> ZoneReport {
    FIXTURE.run_expecting(SCENARIO, expect)
}

/// `(passed, "label: expected E, got A")` of the only expectation.
fn verdict(expect: &str) -> (bool, String) {
    FIXTURE.verdict(SCENARIO, expect)
}

#[test]
fn an_html_only_mail_shows_its_html_and_expectations_match_it() {
    let report = run("mail = { html = \"/<b>1001</b>/\" }\ncount = 1");
    assert!(report.expectations[0].passed, "{}", report.expectations[0].mismatch());
    let snapshot = report.snapshot();
    assert!(snapshot.contains("      html| <p>Order <b>1001</b> is late</p>"), "{snapshot}");
    let (passed, text) = verdict("mail = { html = \"1002\" }\ncount = 1");
    assert!(!passed);
    assert_eq!(text, "mail html 1002: expected 1, got 0");
    // A plain-text filter does not see the HTML.
    assert!(!verdict("mail = { body = \"1001\" }\ncount = 1").0);
}

#[test]
fn a_cells_note_and_format_are_compared_as_the_getters_read_them() {
    assert!(verdict("cell = \"s/Orders!B2\"\nnote = \"chased on Friday\"").0);
    assert!(
        verdict("cell = \"s/Orders!B2\"\nformat = { bold = true, font_color = \"#ff0000\", background = \"#FFFF00\" }")
            .0
    );
    let (passed, text) = verdict("cell = \"s/Orders!B2\"\nformat = { italic = true, font_weight = \"bold\" }");
    assert!(!passed);
    assert_eq!(
        text,
        "cell s/Orders!B2 format: expected \"font_style=italic, font_weight=bold\", got \"font_style=normal, font_weight=bold\""
    );
    let (passed, text) = verdict("cell = \"s/Orders!A2\"\nnote = \"x\"");
    assert!(!passed);
    assert_eq!(text, "cell s/Orders!A2 note: expected \"x\", got \"\"");
}

#[test]
fn format_and_note_mistakes_name_the_key() {
    let error =
        FIXTURE.error(&format!("{SCENARIO}[[expect]]\ncell = \"s/Orders!B2\"\nformat = {{ boldness = true }}\n"));
    assert!(error.contains("expect[0].format.boldness") && error.contains("not a format property"), "{error}");
    let error =
        FIXTURE.error(&format!("{SCENARIO}[[expect]]\ncell = \"s/Orders!B2\"\nnote = \"x\"\nequals = \"late\"\n"));
    assert!(error.contains("compares one of equals, display, note or format"), "{error}");
    let error = FIXTURE.error(&format!("{SCENARIO}[[expect]]\nproperty = \"k\"\nequals = \"v\"\nnote = \"x\"\n"));
    assert!(error.contains("expect[0].note") && error.contains("compares one cell"), "{error}");
}
