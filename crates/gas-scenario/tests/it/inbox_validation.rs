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
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\n",
            "v.toml:5: inbox[0]: an incoming message needs `from` (its sender's address)",
        ),
        (
            "[[inbox]]\nsubject = \"hi\"\n",
            "v.toml:5: inbox[0]: an incoming message needs `at` and `from`; `draft = true` declares a draft",
        ),
        ("[[inbox]]\ndraft = true\nlabels = [\"x\"]\n", "v.toml:7: inbox[0].labels: a draft carries no labels here"),
        (
            "[[inbox]]\ndraft = true\nat = \"2025-06-13T10:00\"\n",
            "v.toml:7: inbox[0].at: a draft is in the mailbox from the start",
        ),
        (
            "[[inbox]]\ndraft = true\nattachments = [{ name = \"\", text = \"x\" }]\n",
            "v.toml:7: inbox[0].attachments[0].name: an attachment needs a name",
        ),
        (
            "[[inbox]]\ndraft = true\nattachments = [{ name = \"a\", txt = \"x\" }]\n",
            "v.toml:7: inbox[0].attachments: unknown field `txt`, expected one of `name`, `content_type`, `text`",
        ),
        ("[[inbox]]\nlabels = [\"Inbox\"]\n", "v.toml:6: inbox[0].labels[0]: Invalid argument: name"),
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nunread = \"yes\"\n",
            "v.toml:8: inbox[0].unread: invalid type",
        ),
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nheaders = { \"X Bad\" = \"1\" }\n",
            "v.toml:8: inbox[0].headers: \"X Bad\" is not a header name",
        ),
        (
            "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nheaders = { Subject = \"x\" }\n",
            "v.toml:8: inbox[0].headers: \"Subject\" comes from the message's own key",
        ),
        ("[[inbox]]\ndraft = true\nheaders = { X-A = \"1\" }\n", "v.toml:7: inbox[0].headers: a draft's headers come"),
    ];
    for (tail, expected) in cases {
        assert_refused(tail, expected);
    }
}

#[test]
fn a_drafts_limits_are_create_drafts() {
    let subject = "x".repeat(gas_platform::gmail::SUBJECT_CHARS_MAX + 1);
    assert_refused(
        &format!("[[inbox]]\ndraft = true\nsubject = \"{subject}\"\n"),
        "v.toml:5: inbox[0]: Argument too large: subject",
    );
}

#[test]
fn drafts_and_empty_labels_are_in_the_initial_mailbox() {
    let tail = "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nlabels = [\"orders\"]\n\
                [[inbox]]\ndraft = true\nto = \"x@y.example, z@y.example\"\nsubject = \"template\"\nhtml = \"<p>Hi</p>\"\n\
                attachments = [{ name = \"t.txt\", text = \"abc\" }, { name = \"d.pdf\", content_type = \"application/pdf\" }]\n\
                [[inbox]]\nlabels = [\"done\", \"Orders\"]\n";
    let plan = plan_of(&format!("{HEADER}{tail}"), "UTC").unwrap();
    let gmail = &plan.world.gmail;
    // Label entries first, in file order; a name already declared is that label.
    assert_eq!(gmail.labels, ["done", "Orders"]);
    assert_eq!(gmail.messages[1].labels, ["Orders"]);
    let drafts = gmail.drafts();
    assert_eq!(drafts.len(), 1);
    let draft = gmail.draft_message(&drafts[0].id).unwrap();
    assert_eq!(
        (draft.to.as_str(), draft.from.as_str(), draft.body.as_str()),
        ("x@y.example, z@y.example", "user@example.com", "Hi")
    );
    assert_eq!(draft.at_utc_ms, plan.start_utc_ms);
    let files: Vec<(&str, &str, usize)> =
        draft.attachments.iter().map(|a| (a.name.as_str(), a.content_type.as_str(), a.bytes.len())).collect();
    assert_eq!(files, [("t.txt", "text/plain", 3), ("d.pdf", "application/pdf", 0)]);
    assert!(gmail.check_state().is_ok());
}

#[test]
fn an_incoming_messages_headers_are_in_the_mailbox() {
    let tail = "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\n\
                headers = { \"List-Unsubscribe\" = \"<mailto:u@b.example>\", \"Message-ID\" = \"<1@b.example>\" }\n";
    let plan = plan_of(&format!("{HEADER}{tail}"), "UTC").unwrap();
    let message = &plan.world.gmail.messages[0];
    assert_eq!(message.header("list-unsubscribe"), "<mailto:u@b.example>");
    assert_eq!(message.header("Message-Id"), "<1@b.example>");
    assert_eq!(message.header("From"), "a@b.example");
    assert!(plan.world.gmail.check_state().is_ok());
}

#[test]
fn an_incoming_message_may_arrive_in_spam_or_marked_important() {
    let tail = "[[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"a@b.example\"\nspam = true\n\
                [[inbox]]\nat = \"2025-06-13T10:00\"\nfrom = \"c@d.example\"\nimportant = true\n";
    let plan = plan_of(&format!("{HEADER}{tail}"), "UTC").unwrap();
    let [spam, important] = &plan.world.gmail.messages[..] else { panic!("two messages") };
    assert_eq!((spam.spam, spam.inbox, spam.important), (true, false, false));
    assert_eq!((important.spam, important.inbox, important.important), (false, true, true));
    assert_refused("[[inbox]]\ndraft = true\nspam = true\n", "v.toml:7: inbox[0].spam: a draft is never in Spam");
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

#[test]
fn account_aliases_are_addresses() {
    let tail = "[account]\naliases = [\"sales@example.com\", \"Help@Example.com\"]\n";
    let plan = plan_of(&format!("{HEADER}{tail}"), "UTC").unwrap();
    assert_eq!(plan.world.gmail.aliases, ["sales@example.com", "Help@Example.com"]);
    assert_refused(
        "[account]\naliases = [\"sales\"]\n",
        "v.toml:6: account.aliases: \"sales\" is not an email address",
    );
    assert_refused("[account]\naliases = [\"Help <h@example.com>\"]\n", "write the address alone");
}
