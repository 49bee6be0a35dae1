use super::ops::{Account, MessageChange};
use super::query::{date_utc_ms, parse, relative_ms};
use super::*;
use crate::mail::{AccountType, Mail, OutgoingMail, QUOTA_MESSAGE};
use crate::time::{parse_iso_utc, parse_zone, MS_PER_DAY, MS_PER_HOUR};

const ME: &str = "me@example.com";

fn at(text: &str) -> i64 {
    parse_iso_utc(text).unwrap()
}

fn utc() -> Account<'static> {
    Account { email: ME, zone: chrono_tz::UTC }
}

/// An incoming message, unread, in the inbox.
fn incoming(mailbox: &mut Mailbox, at_utc_ms: i64, from: &str, subject: &str, body: &str, labels: &[&str]) -> String {
    let id = mailbox.new_id();
    for label in labels {
        mailbox.create_label(label).unwrap();
    }
    mailbox.messages.push(Message {
        id: id.clone(),
        thread_id: id.clone(),
        at_utc_ms,
        from: from.into(),
        to: ME.into(),
        subject: subject.into(),
        body: body.into(),
        labels: labels.iter().map(|l| l.to_string()).collect(),
        unread: true,
        inbox: true,
        ..Default::default()
    });
    id
}

fn compose(to: &str, subject: &str, body: &str) -> Compose {
    Compose {
        mail: OutgoingMail {
            to: vec![to.into()],
            subject: subject.into(),
            body: body.into(),
            via: "GmailApp".into(),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn subjects(mailbox: &Mailbox, query: &str, now: i64) -> Vec<String> {
    mailbox.search(query, Page::FIRST, utc(), now).unwrap().into_iter().map(|t| t.first_subject).collect()
}

/// Three orders and a newsletter, a day apart from 2025-06-10.
fn sample() -> (Mailbox, i64) {
    let mut mb = Mailbox::default();
    let day0 = at("2025-06-10T08:00:00Z");
    incoming(&mut mb, day0, "Ana <ana@shop.example>", "Order 1001", "Two lamps, please.", &["orders"]);
    incoming(&mut mb, day0 + MS_PER_DAY, "bob@shop.example", "Order 1002", "One chair", &["orders"]);
    incoming(&mut mb, day0 + 2 * MS_PER_DAY, "news@letters.example", "Weekly news", "Lamps on sale", &[]);
    incoming(
        &mut mb,
        day0 + 3 * MS_PER_DAY,
        "ana@shop.example",
        "Re: Order 1001",
        "And a rug",
        &["orders", "VIP list"],
    );
    (mb, day0 + 3 * MS_PER_DAY + MS_PER_HOUR)
}

#[test]
fn address_subject_and_word_operators() {
    let (mb, now) = sample();
    assert_eq!(subjects(&mb, "from:ana", now), ["Re: Order 1001", "Order 1001"]);
    assert_eq!(subjects(&mb, "from:ANA@SHOP.EXAMPLE", now).len(), 2, "case-insensitive");
    assert_eq!(subjects(&mb, "to:me@example.com", now).len(), 4);
    assert_eq!(subjects(&mb, "to:me", now).len(), 4, "me is the account");
    assert_eq!(subjects(&mb, "subject:order", now), ["Re: Order 1001", "Order 1002", "Order 1001"]);
    assert_eq!(subjects(&mb, "subject:\"order 1002\"", now), ["Order 1002"]);
    // Whole words: "lamp" is not "lamps".
    assert_eq!(subjects(&mb, "lamps", now), ["Weekly news", "Order 1001"]);
    assert!(subjects(&mb, "lamp", now).is_empty());
    assert_eq!(subjects(&mb, "\"one chair\"", now), ["Order 1002"]);
    assert!(subjects(&mb, "\"chair one\"", now).is_empty(), "a phrase keeps its order");
    assert_eq!(subjects(&mb, "", now).len(), 4, "an empty query finds everything");
}

#[test]
fn negation_or_and_groups() {
    let (mb, now) = sample();
    assert_eq!(subjects(&mb, "-label:orders", now), ["Weekly news"]);
    assert_eq!(subjects(&mb, "from:bob OR from:news", now), ["Weekly news", "Order 1002"]);
    // OR binds tighter than the implicit AND.
    assert_eq!(subjects(&mb, "subject:order from:bob OR from:news", now), ["Order 1002"]);
    assert_eq!(subjects(&mb, "{from:bob from:news}", now).len(), 2);
    assert_eq!(subjects(&mb, "(from:bob OR from:news) lamps", now), ["Weekly news"]);
    assert_eq!(subjects(&mb, "-(from:bob OR from:news)", now).len(), 2);
    assert_eq!(subjects(&mb, "subject:order AND from:bob", now), ["Order 1002"]);
    // What Gmail cannot read it searches as text: nothing matches, nothing throws.
    assert!(subjects(&mb, "frm:ana", now).is_empty());
    assert!(subjects(&mb, "newer_than:soon", now).is_empty());
    assert_eq!(subjects(&mb, "from:bob )) OR", now), ["Order 1002"], "dangling tokens are ignored");
}

#[test]
fn label_queries_and_unread_threads() {
    let (mut mb, now) = sample();
    // A label with a space is written with a dash, in any case.
    assert_eq!(subjects(&mb, "label:vip-list", now), ["Re: Order 1001"]);
    assert_eq!(subjects(&mb, "label:VIP-List", now).len(), 1);
    assert_eq!(subjects(&mb, "is:unread label:orders", now).len(), 3);
    let first = mb.messages[0].id.clone();
    mb.mark_thread(&first, MessageChange::Read, now);
    assert_eq!(subjects(&mb, "is:unread label:orders", now).len(), 2);
    assert_eq!(subjects(&mb, "is:read", now), ["Order 1001"]);
    assert_eq!(subjects(&mb, "has:nouserlabels", now), ["Weekly news"]);
    assert_eq!(mb.inbox_unread_count(utc(), now).unwrap(), 3);
}

/// Spam is out of the inbox and of searches unless they name it, and counts apart; a
/// thread moved to the inbox or the trash leaves it. Importance is a mark searched with
/// `is:important`.
#[test]
fn spam_and_importance() {
    let (mut mb, now) = sample();
    let news = mb.messages[2].id.clone();
    mb.mark_thread(&news, MessageChange::Spam, now);
    assert_eq!(subjects(&mb, "in:spam", now), ["Weekly news"]);
    assert!(subjects(&mb, "lamps", now).iter().all(|s| s != "Weekly news"), "not in plain searches");
    assert_eq!(subjects(&mb, "in:anywhere lamps", now).len(), 2);
    let view = mb.thread_view(&news, now).unwrap();
    assert_eq!((view.in_spam, view.in_inbox, view.unread), (true, false, true), "still unread, in Spam");
    assert_eq!(mb.unread_count(UnreadIn::Spam, utc(), now).unwrap(), 1);
    assert_eq!(mb.inbox_unread_count(utc(), now).unwrap(), 3);
    mb.mark_thread(&news, MessageChange::Inbox, now);
    assert!(!mb.thread_view(&news, now).unwrap().in_spam, "not spam any more");
    mb.mark_thread(&news, MessageChange::Spam, now);
    mb.mark_thread(&news, MessageChange::Trash, now);
    let view = mb.thread_view(&news, now).unwrap();
    assert_eq!((view.in_spam, view.in_trash), (false, true), "deleted from Spam: in the trash");
    let first = mb.messages[0].id.clone();
    mb.mark_thread(&first, MessageChange::Important, now);
    assert_eq!(subjects(&mb, "is:important", now), ["Order 1001"]);
    assert_eq!(subjects(&mb, "label:important", now), ["Order 1001"]);
    assert!(mb.thread_view(&first, now).unwrap().important);
    mb.mark_thread(&first, MessageChange::Unimportant, now);
    assert!(subjects(&mb, "is:important", now).is_empty());
    assert_eq!(subjects(&mb, "is:unimportant", now).len(), 3);
}

/// `getStarredUnreadCount` counts threads with a starred unread message, archived or not;
/// `getSpamUnreadCount` those in Spam.
#[test]
fn unread_counts_by_place() {
    let (mut mb, now) = sample();
    let count = |mb: &Mailbox, place| mb.unread_count(place, utc(), now).unwrap();
    assert_eq!(count(&mb, UnreadIn::Starred), 0);
    let (first, last) = (mb.messages[0].id.clone(), mb.messages.last().unwrap().id.clone());
    mb.mark_message(&first, MessageChange::Star, now).unwrap();
    mb.mark_thread(&last, MessageChange::Star, now);
    mb.mark_thread(&last, MessageChange::Archive, now);
    assert_eq!(count(&mb, UnreadIn::Starred), 2, "an archived thread is still starred");
    mb.mark_thread(&first, MessageChange::Read, now);
    assert_eq!(count(&mb, UnreadIn::Starred), 1, "a read thread is not counted");
    mb.mark_thread(&last, MessageChange::Trash, now);
    assert_eq!(count(&mb, UnreadIn::Starred), 0, "the trash is not searched");
    assert_eq!(count(&mb, UnreadIn::Spam), 0);
    let news = mb.messages[2].id.clone();
    mb.mark_thread(&news, MessageChange::Spam, now);
    assert_eq!(count(&mb, UnreadIn::Spam), 1);
    assert_eq!(count(&mb, UnreadIn::Inbox), mb.inbox_unread_count(utc(), now).unwrap());
}

#[test]
fn relative_and_absolute_dates() {
    let (mb, now) = sample();
    // now is 2025-06-13T09:00Z.
    assert_eq!(subjects(&mb, "newer_than:2d", now), ["Re: Order 1001", "Weekly news"]);
    assert_eq!(subjects(&mb, "older_than:2d", now), ["Order 1002", "Order 1001"]);
    assert_eq!(subjects(&mb, "after:2025/06/11 before:2025/06/13", now), ["Weekly news", "Order 1002"]);
    assert_eq!(subjects(&mb, "after:2025-06-12", now).len(), 2);
    assert_eq!(subjects(&mb, "before:06/11/2025", now), ["Order 1001"]);
    assert_eq!(subjects(&mb, &format!("after:{}", at("2025-06-12T08:00:00Z") / 1000), now).len(), 2, "epoch seconds");
    assert_eq!(relative_ms("3m"), Some(90 * MS_PER_DAY));
    assert_eq!(relative_ms("1y"), Some(365 * MS_PER_DAY));
    assert_eq!(relative_ms("2w"), None);
}

/// A date means local midnight in the script's zone: the same message is before
/// 2025-06-12 in Tokyo and after it in Los Angeles (and across a DST change).
#[test]
fn dates_are_midnight_in_the_script_zone() {
    let tokyo = parse_zone("Asia/Tokyo").unwrap();
    let la = parse_zone("America/Los_Angeles").unwrap();
    assert_eq!(date_utc_ms("2025/06/12", tokyo), Some(at("2025-06-11T15:00:00Z")));
    assert_eq!(date_utc_ms("2025/06/12", la), Some(at("2025-06-12T07:00:00Z")));
    // The day after the US fall-back change: midnight is at -08:00.
    assert_eq!(date_utc_ms("2025/11/03", la), Some(at("2025-11-03T08:00:00Z")));
    assert_eq!(date_utc_ms("2025/11/02", la), Some(at("2025-11-02T07:00:00Z")));
    assert_eq!(date_utc_ms("2025/13/02", la), None);
    let mut mb = Mailbox::default();
    incoming(&mut mb, at("2025-06-12T03:00:00Z"), "a@b.example", "early", "", &[]);
    let now = at("2025-06-13T00:00:00Z");
    let tokyo_me = Account { email: ME, zone: tokyo };
    let la_me = Account { email: ME, zone: la };
    assert_eq!(mb.search("after:2025/06/12", Page::FIRST, tokyo_me, now).unwrap().len(), 1);
    assert_eq!(mb.search("after:2025/06/12", Page::FIRST, la_me, now).unwrap().len(), 0);
}

#[test]
fn a_message_is_seen_only_once_it_has_arrived() {
    let mut mb = Mailbox::default();
    let arrives = at("2025-06-14T10:00:00Z");
    let id = incoming(&mut mb, arrives, "a@b.example", "later", "", &[]);
    assert!(subjects(&mb, "", arrives - 1).is_empty());
    assert!(mb.message(&id, arrives - 1).is_none());
    assert!(mb.thread_view(&id, arrives - 1).is_none());
    assert_eq!(subjects(&mb, "", arrives), ["later"]);
    assert_eq!(mb.summary(arrives - 1).threads, 0);
    assert_eq!(mb.summary(arrives).threads, 1);
}

#[test]
fn trash_archive_inbox_and_scopes() {
    let (mut mb, now) = sample();
    let news = mb.messages[2].thread_id.clone();
    let first = mb.messages[0].thread_id.clone();
    mb.mark_thread(&news, MessageChange::Trash, now);
    assert!(!subjects(&mb, "", now).contains(&"Weekly news".to_string()), "trash is out of plain searches");
    assert_eq!(subjects(&mb, "in:trash", now), ["Weekly news"]);
    assert_eq!(subjects(&mb, "in:anywhere", now).len(), 4);
    mb.mark_thread(&first, MessageChange::Archive, now);
    assert_eq!(subjects(&mb, "in:inbox", now).len(), 2);
    assert!(mb.thread_view(&first, now).is_some_and(|t| !t.in_inbox));
    mb.mark_thread(&news, MessageChange::Inbox, now);
    assert_eq!(subjects(&mb, "in:inbox", now).len(), 3, "moveToInbox takes it out of the trash");
    assert!(subjects(&mb, "in:spam", now).is_empty());
}

#[test]
fn sends_share_the_mail_quota_and_land_in_sent() {
    let mut mail = Mail::default();
    let mut mb = Mailbox::default();
    let now = at("2025-06-14T10:00:00Z");
    let id = mb.send(&mut mail, compose("a@b.example", "hi", "body"), None, utc(), now).unwrap();
    assert_eq!(mail.sent.len(), 1, "the report's sent mail");
    assert_eq!(mail.remaining(now, chrono_tz::UTC), 99, "the same quota as MailApp");
    let sent = mb.message(&id, now).unwrap();
    assert!(sent.sent && !sent.unread && !sent.inbox && sent.from == ME);
    assert_eq!(subjects(&mb, "in:sent", now), ["hi"]);
    assert!(subjects(&mb, "in:inbox", now).is_empty());
    // Over the quota: refused, nothing in Sent.
    mail.quota.recipients_used = 100;
    mail.quota.window_start_utc_ms = Some(now);
    let err = mb.send(&mut mail, compose("a@b.example", "again", ""), None, utc(), now).unwrap_err();
    assert_eq!(err.message, QUOTA_MESSAGE);
    assert_eq!(mb.messages.len(), 1);
}

#[test]
fn message_limits() {
    let mut mail = Mail::default();
    let mut mb = Mailbox::default();
    let big = "x".repeat(BODY_BYTES_MAX_CONSUMER + 1);
    let err = mb.send(&mut mail, compose("a@b.example", "s", &big), None, utc(), 0).unwrap_err();
    assert_eq!(err.message, BODY_TOO_LARGE_MESSAGE);
    mail.account = AccountType::Workspace;
    mb.send(&mut mail, compose("a@b.example", "s", &big), None, utc(), 0).unwrap();
    let long = "s".repeat(SUBJECT_CHARS_MAX + 1);
    assert_eq!(
        mb.send(&mut mail, compose("a@b.example", &long, ""), None, utc(), 0).unwrap_err().message,
        SUBJECT_TOO_LONG_MESSAGE
    );
    let mut many = compose("a@b.example", "s", "");
    many.attachments = vec![Attachment::default(); ATTACHMENTS_PER_MESSAGE_MAX + 1];
    assert_eq!(mb.send(&mut mail, many, None, utc(), 0).unwrap_err().message, TOO_MANY_ATTACHMENTS_MESSAGE);
    let mut heavy = compose("a@b.example", "s", "");
    heavy.attachments = vec![Attachment { bytes: vec![0; ATTACHMENTS_BYTES_MAX / 2 + 1], ..Default::default() }; 2];
    assert_eq!(mb.send(&mut mail, heavy, None, utc(), 0).unwrap_err().message, ATTACHMENTS_TOO_LARGE_MESSAGE);
    assert_eq!(mail.sent.len(), 1, "a refused message uses no quota");
}

#[test]
fn reply_reply_all_and_forward() {
    let (mut mb, now) = sample();
    let mut mail = Mail::default();
    let original = mb.messages[0].id.clone();
    mb.messages[0].cc = "carl@shop.example, me@example.com".into();
    let id = mb.reply(&mut mail, &original, compose("", "", "Thanks"), false, utc(), now).unwrap();
    let reply = mb.message(&id, now).unwrap();
    assert_eq!((reply.to.as_str(), reply.subject.as_str()), ("Ana <ana@shop.example>", "Re: Order 1001"));
    assert_eq!(reply.thread_id, original, "in the same thread");
    let all = mb.reply(&mut mail, &original, compose("", "", "All"), true, utc(), now).unwrap();
    assert_eq!(mb.message(&all, now).unwrap().cc, "carl@shop.example", "everyone but the account");
    mb.messages[0].reply_to = "orders@shop.example".into();
    let to_reply_to = mb.reply(&mut mail, &original, compose("", "", "x"), false, utc(), now).unwrap();
    assert_eq!(mb.message(&to_reply_to, now).unwrap().to, "orders@shop.example");
    let fwd = mb.forward(&mut mail, &original, compose("boss@corp.example", "", ""), utc(), now).unwrap();
    let fwd = mb.message(&fwd, now).unwrap();
    assert_eq!((fwd.subject.as_str(), fwd.body.as_str()), ("Fwd: Order 1001", "Two lamps, please."));
    // "Re: Order 1001" replied to stays "Re: Order 1001".
    let re = mb.messages[3].id.clone();
    let again = mb.reply(&mut mail, &re, compose("", "", "y"), false, utc(), now).unwrap();
    assert_eq!(mb.message(&again, now).unwrap().subject, "Re: Order 1001");
    assert_eq!(mail.sent.len(), 5);
    assert_eq!(mb.thread_view(&original, now).unwrap().message_count, 5);
}

/// A draft reply is addressed as the reply would be, uses no quota, stays out of its
/// thread while a draft and joins it when sent.
#[test]
fn a_draft_reply_joins_its_thread_when_sent() {
    let (mut mb, now) = sample();
    let mut mail = Mail::default();
    let original = mb.messages[0].id.clone();
    mb.messages[0].cc = "carl@shop.example".into();
    let draft = mb.draft_reply_thread(&mail, &original, compose("", "", "Soon"), true, utc(), now).unwrap();
    let message = mb.draft_message(&draft.id).unwrap();
    assert_eq!((message.to.as_str(), message.cc.as_str()), ("Ana <ana@shop.example>", "carl@shop.example"));
    assert_eq!((message.subject.as_str(), message.thread_id.as_str()), ("Re: Order 1001", original.as_str()));
    assert_eq!((mail.sent.len(), mb.thread_view(&original, now).unwrap().message_count), (0, 1));
    mb.send_draft(&mut mail, &draft.id, utc(), now + 1).unwrap();
    assert_eq!((mail.sent.len(), mb.thread_view(&original, now + 1).unwrap().message_count), (1, 2));
    assert!(mb.draft_reply(&mail, "missing", compose("", "", "x"), false, utc(), now).is_err());
}

/// The `from` option: the account's address or an alias (any case), used as written in
/// the From header with the `name`; anything else refused before the quota is used.
#[test]
fn a_send_from_an_alias() {
    let mut mb = Mailbox { aliases: vec!["Sales@Example.com".into()], ..Default::default() };
    let mut mail = Mail::default();
    let now = at("2025-06-14T10:00:00Z");
    let mut as_alias = compose("a@b.example", "hi", "");
    as_alias.from = Some("sales@example.com".into());
    as_alias.mail.name = Some("Sales".into());
    let id = mb.send(&mut mail, as_alias, None, utc(), now).unwrap();
    assert_eq!(mb.message(&id, now).unwrap().from, "Sales <Sales@Example.com>", "the alias as declared");
    // A reply to the account's own message sent as an alias goes to its recipients.
    let reply = mb.reply(&mut mail, &id, compose("", "", "again"), true, utc(), now).unwrap();
    assert_eq!(
        (mb.message(&reply, now).unwrap().to.as_str(), mb.message(&reply, now).unwrap().cc.as_str()),
        ("a@b.example", "")
    );
    let mut as_me = compose("a@b.example", "hi", "");
    as_me.from = Some(ME.to_uppercase());
    assert!(mb.send(&mut mail, as_me, None, utc(), now).is_ok(), "the account's own address");
    let mut other = compose("a@b.example", "hi", "");
    other.from = Some("boss@example.com".into());
    assert_eq!(mb.send(&mut mail, other.clone(), None, utc(), now).unwrap_err().message, INVALID_FROM_MESSAGE);
    assert!(mb.create_draft(&mail, other.clone(), utc(), now).is_err(), "a draft too");
    let draft = mb.create_draft(&mail, compose("a@b.example", "d", ""), utc(), now).unwrap();
    assert!(mb.update_draft(&mail, &draft.id, other, utc(), now).is_err(), "and a draft's update");
    assert_eq!(mail.sent.len(), 3, "a refused send uses no quota");
    assert!(check_aliases(&["Help <help@example.com>".into()]).unwrap_err().contains("address alone"));
    assert!(check_aliases(&["a@b.example".into(), "A@B.example".into()]).unwrap_err().contains("twice"));
    assert!(check_aliases(&["not an address".into()]).is_err());
    mb.aliases.push("x".into());
    assert!(mb.check_state().unwrap_err().starts_with("gmail.aliases"));
}

#[test]
fn a_full_thread_starts_a_new_one() {
    let mut mb = Mailbox::default();
    let mut mail = Mail { account: AccountType::Workspace, ..Default::default() };
    let first = incoming(&mut mb, 0, "a@b.example", "long", "", &[]);
    for i in 1..THREAD_MESSAGES_MAX {
        mb.reply(&mut mail, &first, compose("", "", &format!("{i}")), false, utc(), i as i64).unwrap();
    }
    assert_eq!(mb.thread_view(&first, 1_000).unwrap().message_count, THREAD_MESSAGES_MAX);
    let next = mb.reply(&mut mail, &first, compose("", "", "over"), false, utc(), 1_000).unwrap();
    assert_eq!(mb.message(&next, 1_000).unwrap().thread_id, next);
    assert!(mb.check_state().is_ok());
}

#[test]
fn label_rules() {
    let (mut mb, now) = sample();
    assert_eq!(mb.create_label("orders").unwrap(), "orders", "an existing label is given back");
    assert_eq!(mb.create_label("ORDERS").unwrap(), "orders", "names are case-insensitive");
    assert_eq!(mb.labels, ["orders", "VIP list"]);
    for bad in ["", "  ", "Inbox", "SENT"] {
        assert_eq!(mb.create_label(bad).unwrap_err().message, INVALID_LABEL_NAME_MESSAGE, "{bad:?}");
    }
    assert!(mb.create_label(&"l".repeat(LABEL_NAME_CHARS_MAX + 1)).is_err());
    mb.create_label("processed").unwrap();
    let news = mb.messages[2].thread_id.clone();
    mb.set_thread_label(&news, "processed", true, now).unwrap();
    mb.set_thread_label(&news, "processed", true, now).unwrap();
    assert_eq!(mb.thread_labels(&news, now), ["processed"]);
    assert_eq!(mb.label_threads("processed", Page::FIRST, utc(), now).unwrap().len(), 1);
    assert_eq!(mb.label_unread_count("orders", now), 3);
    assert!(mb.set_thread_label(&news, "nope", true, now).is_err(), "a label that does not exist");
    mb.delete_label("processed");
    assert!(mb.thread_labels(&news, now).is_empty(), "deleting a label takes it off its threads");
    assert!(mb.check_state().is_ok());
    let mut full = Mailbox { labels: (0..LABELS_MAX).map(|i| format!("l{i}")).collect(), ..Default::default() };
    assert_eq!(full.create_label("one more").unwrap_err().message, TOO_MANY_LABELS_MESSAGE);
}

#[test]
fn draft_rules() {
    let mut mb = Mailbox::default();
    let mut mail = Mail::default();
    let now = at("2025-06-14T10:00:00Z");
    let draft = mb.create_draft(&mail, compose("a@b.example", "draft", "v1"), utc(), now).unwrap();
    assert!(draft.id.starts_with("r-"));
    assert_eq!(mail.sent.len(), 0, "a draft uses no quota");
    assert!(subjects(&mb, "", now).is_empty(), "drafts are not in plain searches");
    assert!(subjects(&mb, "in:drafts", now).is_empty(), "drafts are reached through getDrafts");
    let updated = mb.update_draft(&mail, &draft.id, compose("c@d.example", "draft 2", "v2"), utc(), now + 1).unwrap();
    assert_eq!(updated, draft, "same ids after an update");
    assert_eq!(mb.draft_message(&draft.id).unwrap().to, "c@d.example");
    let second = mb.create_draft(&mail, compose("e@f.example", "other", ""), utc(), now + 2).unwrap();
    assert_eq!(mb.drafts(), [second.clone(), draft.clone()], "newest first");
    let messages: Vec<&str> = mb.draft_messages().iter().map(|m| m.id.as_str()).collect();
    assert_eq!(messages, [second.message_id.as_str(), draft.message_id.as_str()], "in the drafts' order");
    let sent = mb.send_draft(&mut mail, &draft.id, utc(), now + 3).unwrap();
    assert_eq!(sent, draft.message_id);
    assert_eq!((mail.sent.len(), mail.sent[0].mail.subject.as_str()), (1, "draft 2"));
    assert!(mb.draft(&draft.id).is_none(), "a sent draft is no draft");
    assert_eq!(subjects(&mb, "in:sent", now + 3), ["draft 2"]);
    assert!(mb.send_draft(&mut mail, &draft.id, utc(), now + 4).is_err());
    mb.delete_draft(&second.id).unwrap();
    assert!(mb.drafts().is_empty());
    assert!(mb.delete_draft(&second.id).is_err());
    // A draft to nobody cannot be sent, and stays a draft.
    let empty = mb.create_draft(&mail, compose("", "x", ""), utc(), now).unwrap();
    mb.messages.last_mut().unwrap().to.clear();
    assert!(mb.send_draft(&mut mail, &empty.id, utc(), now).is_err());
    assert!(mb.draft(&empty.id).is_some());
}

#[test]
fn a_drafts_message_is_reached_by_its_handle_with_its_attachments() {
    let mut mb = Mailbox::default();
    let mut mail = Mail::default();
    let now = at("2025-06-14T10:00:00Z");
    let terms = Attachment { name: "terms.txt".into(), content_type: "text/plain".into(), bytes: b"net 30".to_vec() };
    let mut with_file = compose("a@b.example", "template", "Dear {{name}}");
    with_file.attachments = vec![terms.clone()];
    let draft = mb.create_draft(&mail, with_file, utc(), now).unwrap();
    // Searches and getMessageById do not see a draft; its GmailMessage handle does.
    assert!(mb.message(&draft.message_id, now).is_none());
    let message = mb.handle_message(&draft.message_id, now).expect("a draft's message");
    assert_eq!(message.attachments, std::slice::from_ref(&terms));
    assert!(mb.handle_message("nope", now).is_none());
    // Sending it logs the attachments' names, types and sizes, as any send does.
    mb.send_draft(&mut mail, &draft.id, utc(), now + 1).unwrap();
    let logged = &mail.sent[0].mail.attachments;
    assert_eq!(
        logged,
        &[crate::mail::SentAttachment { name: "terms.txt".into(), content_type: "text/plain".into(), size_bytes: 6 }]
    );
    assert_eq!(logged[0].line(), "terms.txt (text/plain, 6 bytes)");
    let mut direct = compose("c@d.example", "direct", "");
    direct.attachments = vec![terms];
    mb.send(&mut mail, direct, None, utc(), now + 2).unwrap();
    assert_eq!(mail.sent[1].mail.attachments.len(), 1);
}

#[test]
fn attachment_limits_hold_for_every_message() {
    let one = Attachment { name: "a".into(), content_type: "text/plain".into(), bytes: vec![0; 10] };
    assert!(check_attachments(&vec![one.clone(); ATTACHMENTS_PER_MESSAGE_MAX]).is_ok());
    let many = check_attachments(&vec![one; ATTACHMENTS_PER_MESSAGE_MAX + 1]).unwrap_err();
    assert_eq!(many.message, TOO_MANY_ATTACHMENTS_MESSAGE);
    let big = Attachment { name: "b".into(), content_type: "x/y".into(), bytes: vec![0; ATTACHMENTS_BYTES_MAX + 1] };
    assert_eq!(check_attachments(&[big]).unwrap_err().message, ATTACHMENTS_TOO_LARGE_MESSAGE);
}

#[test]
fn search_pages_and_the_500_cap() {
    let mut mb = Mailbox::default();
    for i in 0..(SEARCH_RESULTS_MAX + 20) {
        incoming(&mut mb, i as i64, "a@b.example", &format!("m{i}"), "", &[]);
    }
    let now = 10_000;
    assert_eq!(mb.search("", Page::FIRST, utc(), now).unwrap().len(), SEARCH_RESULTS_MAX);
    let page = mb.search("", Page::of(510, 100).unwrap(), utc(), now).unwrap();
    assert_eq!(page.len(), 10);
    assert_eq!(page[0].first_subject, "m9", "latest first");
    assert_eq!(Page::of(0, 501).unwrap_err().message, "Argument max cannot exceed 500.");
    assert_eq!(Page::of(-1, 5).unwrap_err().message, "Invalid argument: start");
    assert_eq!(Page::of(0, -5).unwrap_err().message, "Invalid argument: max");
    assert_eq!(Page::of(3, 500).unwrap(), Page { start: 3, max: 500 });
    assert_eq!(gone_message("t7"), "Invalid argument: id t7");
    assert!(parse(&"a".repeat(QUERY_CHARS_MAX + 1), chrono_tz::UTC).is_err());
    // Deep nesting is bounded, not a stack overflow.
    let deep = format!("{}a{}", "(".repeat(2_000), ")".repeat(2_000));
    assert!(parse(&deep, chrono_tz::UTC).is_ok());
}

#[test]
fn state_invariants() {
    let (mb, _) = sample();
    assert!(mb.check_state().is_ok());
    let mut twice = mb.clone();
    twice.messages[1].id = twice.messages[0].id.clone();
    assert!(twice.check_state().unwrap_err().contains("used twice"));
    let mut orphan = mb.clone();
    orphan.messages[1].thread_id = "nope".into();
    assert!(orphan.check_state().unwrap_err().contains("no thread's first message"));
    let mut unknown = mb.clone();
    unknown.messages[0].labels.push("ghost".into());
    assert!(unknown.check_state().unwrap_err().contains("not in gmail.labels"));
    let mut bad_time = mb.clone();
    bad_time.messages[0].at_utc_ms = i64::MAX;
    assert!(bad_time.check_state().unwrap_err().contains("at_utc_ms"));
    let mut past = mb.clone();
    past.next_seq = 1;
    assert!(past.check_state().unwrap_err().contains("at or past gmail.next_seq"));
    let mut dup_label = mb;
    dup_label.labels.push("Orders".into());
    assert!(dup_label.check_state().unwrap_err().contains("twice"));
}

#[test]
fn html_only_bodies_have_a_plain_text() {
    assert_eq!(html_to_text("<p>Total: <b>12 &amp; 3</b></p>"), "Total: 12 & 3");
    let m = Message { body: "plain".into(), html: Some("<b>rich</b>".into()), ..Default::default() };
    let view = MessageView::of(&m);
    assert_eq!((view.plain_body.as_str(), view.body.as_str()), ("plain", "<b>rich</b>"));
    assert_eq!(view.reply_to, view.from, "reply-to defaults to the sender");
}

#[test]
fn batches_take_up_to_100_threads() {
    assert!(check_batch(BATCH_THREADS_MAX).is_ok());
    assert_eq!(check_batch(BATCH_THREADS_MAX + 1).unwrap_err().message, BATCH_TOO_LARGE_MESSAGE);
}

#[test]
fn scripted_senders_are_addresses() {
    assert!(check_sender("Ana <ana@shop.example>").is_ok() && check_sender("a@b.example").is_ok());
    for bad in ["", "ana", "ana@shop", "<>", "a b@c.example"] {
        assert!(check_sender(bad).unwrap_err().contains("is not an email address"), "{bad:?}");
    }
}

#[test]
fn an_attachments_hash_is_its_sha1_in_hex() {
    // SHA-1("abc"), FIPS 180-1's example.
    assert_eq!(attachment_hash(b"abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
    assert_eq!(attachment_hash(b"").len(), 40);
}
