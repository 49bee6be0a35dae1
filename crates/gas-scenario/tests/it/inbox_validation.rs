//! `[[inbox]]` input is checked before anything runs: unknown keys, bad or out-of-window
//! times, senders that are not addresses, bad labels and overlong threads are errors
//! naming file, line and key. And what is accepted lands in the initial mailbox.

use std::path::{Path, PathBuf};

use gas_scenario::{plan, PreparedScenario, RunOptions};

const HEADER: &str = "name = \"v\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), "function tick() { return 1; }\n").unwrap();
    let path = dir.join("v.toml");
    std::fs::write(&path, body).unwrap();
    path
}

fn plan_of(body: &str, zone: &str) -> Result<gas_scenario::plan::Plan, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), body);
    let prepared = PreparedScenario::load(&path, &RunOptions::default()).map_err(|e| e.0)?;
    plan::plan(&prepared.loaded, prepared.project.clone(), zone, prepared.seed).map_err(|e| e.0)
}

fn assert_refused(tail: &str, expected: &str) {
    match plan_of(&format!("{HEADER}{tail}"), "UTC") {
        Ok(_) => panic!("accepted:\n{tail}"),
        Err(err) => assert!(err.contains(expected), "expected {expected:?} in {err:?}\nfor:\n{tail}"),
    }
}

#[test]
fn bad_inbox_entries_name_file_line_and_key() {
    let cases = [
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nsubjet = \"x\"\n",
            "v.toml:8: unknown field `subjet`, expected one of `at`, `from`",
        ),
        ("[[inbox]]\nat = \"soon\"\nfrom = \"a@b.example\"\n", "v.toml:6: inbox[0].at:"),
        (
            "[[inbox]]\nat = \"2025-06-13T08:00\"\nfrom = \"a@b.example\"\n",
            "v.toml:6: inbox[0].at: \"2025-06-13T08:00\" is before start",
        ),
        (
            "[[inbox]]\nat = \"2025-06-13T12:00\"\nfrom = \"a@b.example\"\n",
            "v.toml:6: inbox[0].at: \"2025-06-13T12:00\" is at or after end",
        ),
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"ana\"\n",
            "v.toml:7: inbox[0].from: \"ana\" is not an email address",
        ),
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nlabels = [\"ok\", \"Inbox\"]\n",
            "v.toml:8: inbox[0].labels[1]: Invalid argument: name",
        ),
        ("[[inbox]]\nat = \"2025-06-13T10:00\"\n", "missing field `from`"),
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nunread = \"yes\"\n",
            "v.toml:8: inbox[0].unread: invalid type",
        ),
    ];
    for (tail, expected) in cases {
        assert_refused(tail, expected);
    }
}

#[test]
fn a_thread_holds_at_most_100_messages() {
    let one = "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nthread = \"t\"\n";
    assert!(plan_of(&format!("{HEADER}{}", one.repeat(100)), "UTC").is_ok());
    assert_refused(&one.repeat(101), "inbox[100].thread: thread \"t\" has more than 100 messages");
}

#[test]
fn accepted_mail_is_in_the_initial_mailbox_in_arrival_order() {
    let tail = "[[inbox]]\nat = \"2025-06-13T11:00\"\nfrom = \"a@b.example\"\nsubject = \"second\"\nthread = \"t\"\nlabels = [\"orders\"]\n\
                [[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"Ana <a@b.example>\"\nsubject = \"first\"\nthread = \"t\"\nhtml = \"<b>hi</b>\"\nunread = false\n\
                [[inbox]]\nat = \"2025-06-13T01:30Z\"\nfrom = \"c@d.example\"\nsubject = \"alone\"\n";
    let plan = plan_of(&format!("{HEADER}time_zones = [\"Asia/Tokyo\"]\n{tail}"), "Asia/Tokyo").unwrap();
    let m = &plan.world.gmail.messages;
    let subjects: Vec<&str> = m.iter().map(|m| m.subject.as_str()).collect();
    // Times without an offset are in the zone under test; 01:30Z is 10:30 in Tokyo.
    assert_eq!(subjects, ["first", "alone", "second"]);
    assert_eq!(m[2].thread_id, m[0].id, "a follow-up joins its thread");
    assert_eq!(m[1].thread_id, m[1].id);
    assert_eq!((m[0].body.as_str(), m[0].unread, m[2].unread), ("hi", false, true));
    assert_eq!(m[0].to, "user@example.com", "to defaults to the account");
    assert_eq!(plan.world.gmail.labels, ["orders"]);
    assert!(plan.world.gmail.check_state().is_ok());
}
