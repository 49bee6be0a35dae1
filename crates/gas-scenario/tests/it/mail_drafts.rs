//! A mail merge as scripts write it: a draft the scenario declares (`[[inbox]]` with
//! `draft = true`, its attachment) is the template, a label declared with no message
//! marks what was done, and expectations match the sent mail's attachments by name and
//! type; the snapshot lists them.

use crate::common;

use gas_scenario::ZoneReport;

const SCENARIO: &str = "name = \"merge\"\nproject = \"project\"\ntime_zones = [\"UTC\"]\n\
    start = \"2025-06-13T07:00\"\nend = \"2025-06-13T12:00\"\n\
    [[inbox]]\ndraft = true\nsubject = \"Hello {{name}}\"\nbody = \"Dear {{name}}, see the terms.\"\n\
    attachments = [{ name = \"terms.pdf\", content_type = \"application/pdf\", text = \"net 30\" }]\n\
    [[inbox]]\nlabels = [\"merged\"]\n\
    [[inbox]]\nat = \"2025-06-13T07:30\"\nfrom = \"ana@shop.example\"\nsubject = \"Sign me up\"\n\
    attachments = [{ name = \"form.csv\", content_type = \"text/csv\", text = \"ana,1\" }]\n\
    [[runs]]\nat = \"2025-06-13T08:00\"\nfunction = \"merge\"\n";

const CODE: &str = "function merge() {
  var template = GmailApp.getDrafts()[0].getMessage();
  var files = template.getAttachments();
  var label = GmailApp.getUserLabelByName('merged');
  GmailApp.getInboxThreads().forEach(function (thread) {
    var m = thread.getMessages()[0];
    var body = template.getPlainBody().replace('{{name}}', 'Ana');
    GmailApp.sendEmail(m.getFrom(), template.getSubject().replace('{{name}}', 'Ana'), body,
                       { attachments: files.concat(m.getAttachments()) });
    thread.addLabel(label);
  });
  return [GmailApp.getUserLabels().length, label.getThreads().length];
}
";

const FIXTURE: common::Fixture = common::Fixture { zone: "UTC", code: CODE, file_name: "merge.toml" };

fn run(expect: &str) -> ZoneReport {
    FIXTURE.run_expecting(SCENARIO, expect)
}

fn verdict(expect: &str) -> (bool, String) {
    FIXTURE.verdict(SCENARIO, expect)
}

#[test]
fn a_declared_draft_is_the_template_and_its_attachment_goes_out() {
    let report = run("mail = { attachment = \"terms.pdf\", attachment_type = \"application/pdf\" }\ncount = 1");
    assert!(report.expectations[0].passed, "{}", report.expectations[0].mismatch());
    let snapshot = report.snapshot();
    assert!(snapshot.contains("  2025-06-13 08:00:01  ana@shop.example  Hello Ana"), "{snapshot}");
    assert!(snapshot.contains("      attachment| terms.pdf (application/pdf, 6 bytes)"), "{snapshot}");
    assert!(snapshot.contains("      attachment| form.csv (text/csv, 5 bytes)"), "{snapshot}");
    assert!(snapshot.contains("  label merged: 1 threads"), "{snapshot}");
    assert!(snapshot.contains("mailbox: 2 threads (1 unread, 1 in inbox), 1 sent, 1 drafts"), "{snapshot}");
    assert!(snapshot.contains("-> [1,1]"), "the declared label, on the merged thread: {snapshot}");
}

#[test]
fn attachment_filters_match_one_attachment_by_name_and_type() {
    assert!(verdict("mail = { attachment = \"/\\\\.csv$/\" }\ncount = 1").0);
    assert!(verdict("mail = { attachment_type = \"text/csv\" }\ncount = 1").0);
    // Name and type must hold for the same attachment.
    let (passed, text) = verdict("mail = { attachment = \"terms.pdf\", attachment_type = \"text/csv\" }\ncount = 1");
    assert!(!passed);
    assert_eq!(text, "mail attachment terms.pdf attachment_type text/csv: expected 1, got 0");
    let error = FIXTURE.error(&format!("{SCENARIO}[[expect]]\nmail = {{ attachment = \"/(/\" }}\ncount = 1\n"));
    assert!(error.contains("expect[0].mail.attachment") && error.contains("bad regex"), "{error}");
}
