//! `[[documents]]` in a scenario's initial world, seen by a script (a template opened,
//! copied and filled in); bad declarations name file, line and key.

use crate::common::Fixture;

const CODE: &str = "
function main() {
  const template = DocumentApp.openById('letter');
  const copy = DriveApp.getFileById('letter').makeCopy('For Ada');
  const doc = DocumentApp.openById(copy.getId());
  doc.getBody().replaceText('\\\\{\\\\{name\\\\}\\\\}', 'Ada');
  console.log('%s | %s | %s | %s', template.getName(), doc.getBody().getText().split('\\n').join(' / '),
    doc.getHeader().getText(), template.getFooter());
}
";

const FIXTURE: Fixture = Fixture { zone: "Europe/London", code: CODE, file_name: "d.toml" };

const SCENARIO: &str = r#"name = "d"
project = "project"
time_zones = ["Europe/London"]
start = "2025-04-20T08:00"
end = "2025-04-20T12:00"

[[documents]]
id = "letter"
name = "Letter template"
header = ["ACME"]
body = ["Dear {{name}},", "Thanks."]

[[runs]]
at = "2025-04-20T09:00"
function = "main"

"#;

#[test]
fn a_declared_document_is_opened_copied_and_filled_in() {
    let seen = "logs = { text = \"Letter template | Dear Ada, / Thanks. | ACME | null\" }\ncount = 1";
    let (passed, mismatch) = FIXTURE.verdict(SCENARIO, seen);
    assert!(passed, "{mismatch}");
}

#[test]
fn bad_document_declarations_name_the_key() {
    let bad = SCENARIO.replace("id = \"letter\"", "id = \"a/b\"");
    let error = FIXTURE.error(&bad);
    assert!(error.contains("d.toml:8: documents[0].id"), "{error}");
    let bad = SCENARIO.replace("body = [", "bodies = [");
    assert!(FIXTURE.error(&bad).contains("bodies"), "{}", FIXTURE.error(&bad));
    let bad = SCENARIO.replace("name = \"Letter template\"", "name = \"\"");
    assert!(FIXTURE.error(&bad).contains("documents[0].name"), "{}", FIXTURE.error(&bad));
}
