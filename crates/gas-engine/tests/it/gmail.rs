//! GmailApp seen from a script: sending (shared quota, Sent), search and threads,
//! messages, labels, drafts, replies and forwards, attachments, arrival times, zones.

use crate::support;

use gas_platform::gmail::{Message, SEARCH_MAX_MESSAGE};
use gas_platform::time::MS_PER_HOUR;
use serde_json::json;
use support::*;

/// A world whose mailbox holds two orders (one with a follow-up) and a newsletter,
/// arrived before `START_UTC_MS`, and one order that arrives an hour after it.
fn mailbox_world() -> SharedWorld {
    let world = new_world();
    {
        let mut w = state(&world);
        w.gmail.create_label("orders").unwrap();
        let mut add =
            |hours_before: i64, from: &str, subject: &str, body: &str, labels: &[&str], thread: Option<usize>| {
                let id = w.gmail.new_id();
                let thread_id = match thread {
                    Some(i) => w.gmail.messages[i].id.clone(),
                    None => id.clone(),
                };
                w.gmail.messages.push(Message {
                    id,
                    thread_id,
                    at_utc_ms: START_UTC_MS - hours_before * MS_PER_HOUR,
                    from: from.into(),
                    to: "user@example.com".into(),
                    subject: subject.into(),
                    body: body.into(),
                    labels: labels.iter().map(|l| l.to_string()).collect(),
                    unread: true,
                    inbox: true,
                    ..Default::default()
                });
            };
        add(30, "Ana <ana@shop.example>", "Order 1001", "Two lamps", &["orders"], None);
        add(20, "news@letters.example", "Weekly news", "Sale", &[], None);
        add(10, "ana@shop.example", "Re: Order 1001", "And a rug", &["orders"], Some(0));
        add(-1, "bob@shop.example", "Order 1002", "A chair", &["orders"], None);
    }
    world
}

#[test]
fn send_email_overloads_share_the_quota_and_land_in_sent() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           var r = GmailApp.sendEmail('a@example.com', 'plain', 'body');
           GmailApp.sendEmail('b@example.com, c@example.com', 'rich', 'text', {
             htmlBody: '<b>rich</b>', name: 'Shop', replyTo: 'help@example.com', cc: 'd@example.com', bcc: 'e@example.com',
             attachments: [Utilities.newBlob('a,b', 'text/csv', 'r.csv')] });
           var sent = GmailApp.search('in:sent');
           var rich = sent[0].getMessages()[0];
           return [r === GmailApp, MailApp.getRemainingDailyQuota(), sent.length, rich.getFrom(), rich.getTo(),
                   rich.getCc(), rich.getReplyTo(), rich.getBody(), rich.getPlainBody(), rich.isUnread(),
                   rich.getAttachments()[0].getDataAsString(), rich.getAttachments()[0].getName(),
                   GmailApp.getInboxThreads().length];
         }",
    );
    assert_eq!(
        got,
        json!([
            true,
            95,
            2,
            "Shop <user@example.com>",
            "b@example.com, c@example.com",
            "d@example.com",
            "help@example.com",
            "<b>rich</b>",
            "text",
            false,
            "a,b",
            "r.csv",
            0
        ])
    );
    let w = state(&world);
    assert_eq!(w.mail.sent.len(), 2, "the report's sent mail");
    assert_eq!(w.mail.sent[1].mail.via, "GmailApp");
}

#[test]
fn search_threads_and_messages() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var threads = GmailApp.search('is:unread label:orders newer_than:2d');
           var t = threads[0];
           var ms = t.getMessages();
           return [threads.length, t.getFirstMessageSubject(), t.getMessageCount(), t.isUnread(),
                   t.getLastMessageDate() instanceof Date, t.getLastMessageDate().getTime() === ms[1].getDate().getTime(),
                   ms.map(function (m) { return m.getSubject() + '|' + m.getFrom() + '|' + m.getPlainBody(); }),
                   ms[0].getId() === t.getId(), GmailApp.getThreadById(t.getId()).getMessageCount(),
                   GmailApp.getMessageById(ms[1].getId()).getSubject(), GmailApp.getThreadById('nope'),
                   GmailApp.search('from:news OR subject:1001').length, GmailApp.search('-label:orders').length,
                   GmailApp.search('label:orders', 0, 1).length, GmailApp.getInboxUnreadCount()];
         }",
    );
    assert_eq!(
        got,
        json!([
            1,
            "Order 1001",
            2,
            true,
            true,
            true,
            ["Order 1001|Ana <ana@shop.example>|Two lamps", "Re: Order 1001|ana@shop.example|And a rug"],
            true,
            2,
            "Re: Order 1001",
            null,
            2,
            1,
            1,
            2
        ])
    );
}

#[test]
fn marks_and_places() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var t = GmailApp.search('subject:1001')[0];
           var stale = GmailApp.getThreadById(t.getId());
           var out = [t.markRead() === t, t.isUnread(), stale.isUnread(), stale.refresh().isUnread()];
           var m = t.getMessages()[0];
           out.push(m.markUnread().isUnread(), m.star().isStarred(), GmailApp.search('is:starred').length, m.unstar().isStarred());
           t.moveToArchive();
           out.push(t.isInInbox(), GmailApp.getInboxThreads().length);
           t.moveToInbox();
           var news = GmailApp.search('from:news')[0].moveToTrash();
           out.push(news.isInTrash(), GmailApp.search('in:trash').length, GmailApp.search('from:news').length,
                    GmailApp.getInboxThreads().length);
           out.push(GmailApp.search('subject:1001')[0].getMessages()[1].moveToTrash().isInTrash());
           return out;
         }",
    );
    assert_eq!(got, json!([true, false, true, false, true, true, 1, false, false, 1, true, 1, 0, 1, true]));
}

/// GmailApp's own batch changes: one call for a list, each object given its new state
/// ("forces the threads to refresh"), GmailApp returned for chaining; more than 100 at once
/// is refused before anything changes.
#[test]
fn gmail_app_changes_threads_and_messages_in_batches() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var threads = GmailApp.getInboxThreads();
           var stale = GmailApp.getThreadById(threads[0].getId());
           var out = [threads.length, GmailApp.markThreadsRead(threads) === GmailApp,
                      threads.every(function (t) { return !t.isUnread(); }), stale.isUnread(),
                      GmailApp.refreshThread(stale) === GmailApp, stale.isUnread(), GmailApp.getInboxUnreadCount()];
           GmailApp.markThreadUnread(threads[1]).moveThreadsToArchive([threads[0]]);
           out.push(threads[1].isUnread(), threads[0].isInInbox(), GmailApp.getInboxThreads().length);
           GmailApp.moveThreadToInbox(threads[0]);
           var messages = GmailApp.getMessagesForThreads(threads);
           out.push(messages.map(function (ms) { return ms.length; }).join(),
                    GmailApp.getMessagesForThread(threads[0]).length === messages[0].length);
           var first = messages[0][0];
           GmailApp.starMessages([first]).markMessageUnread(first);
           out.push(first.isStarred(), first.isUnread(), GmailApp.getStarredThreads().length,
                    GmailApp.getStarredUnreadCount(), GmailApp.getStarredThreads(0, 0).length);
           GmailApp.unstarMessage(first).moveMessagesToTrash([first]);
           out.push(first.isInTrash(), GmailApp.getTrashThreads().length, GmailApp.getStarredThreads().length);
           out.push(GmailApp.refreshMessages([first]) === GmailApp, GmailApp.getSpamThreads().length,
                    GmailApp.getSpamUnreadCount());
           var many = [];
           for (var i = 0; i < 101; i++) many.push(threads[0]);
           try { GmailApp.markThreadsUnread(many); } catch (e) { out.push(String(e)); }
           out.push(GmailApp.refreshThread(threads[0]).isUnread === undefined, threads[0].isUnread());
           try { GmailApp.markThreadsRead('x'); } catch (e) { out.push(e.name); }
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            2,
            true,
            true,
            true,
            true,
            false,
            0,
            true,
            false,
            1,
            "2,1",
            true,
            true,
            true,
            1,
            1,
            0,
            true,
            1,
            0,
            true,
            0,
            0,
            "Exception: Argument too large: threads",
            true,
            false,
            "Exception"
        ])
    );
}

/// Spam and importance from a script: a thread moved to Spam leaves the inbox and plain
/// searches, `getSpamThreads` finds it, "Not spam" (`moveToInbox`) brings it back; marks of
/// importance are searched with `is:important`. No chats: `isInChats()` is false.
#[test]
fn spam_importance_and_chats() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var news = GmailApp.search('from:news')[0];
           var out = [news.isInSpam(), news.moveToSpam() === news, news.isInSpam(), news.isInInbox(),
                      GmailApp.getSpamThreads().length, GmailApp.getSpamUnreadCount(), GmailApp.search('from:news').length,
                      GmailApp.getInboxThreads().length];
           news.moveToInbox();
           out.push(news.isInSpam(), GmailApp.getSpamThreads().length);
           var order = GmailApp.search('subject:1001')[0];
           out.push(order.isImportant(), order.markImportant().isImportant(), GmailApp.search('is:important').length);
           GmailApp.markThreadsUnimportant([order]).moveThreadsToSpam([news]);
           out.push(order.isImportant(), news.isInSpam(), news.isInChats(), news.getMessages()[0].isInChats(),
                    GmailApp.getChatThreads().length, GmailApp.getChatThreads(0, 10).length);
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([false, true, true, false, 1, 1, 0, 1, false, 0, false, true, 1, false, true, false, false, 0, 0])
    );
}

/// The Priority Inbox: the inbox's threads marked important (assumed), so a mark or an
/// archive moves a thread in or out, and its unread count counts unread ones alone.
#[test]
fn the_priority_inbox_is_the_important_threads_of_the_inbox() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var order = GmailApp.search('subject:1001')[0];
           var out = [GmailApp.getPriorityInboxThreads().length, order.isInPriorityInbox()];
           order.markImportant();
           out.push(order.isInPriorityInbox(), GmailApp.getPriorityInboxThreads().length,
                    GmailApp.getPriorityInboxThreads(1, 5).length, GmailApp.getPriorityInboxUnreadCount());
           order.markRead();
           out.push(GmailApp.getPriorityInboxUnreadCount(), GmailApp.getPriorityInboxThreads()[0].getId() === order.getId());
           order.moveToArchive();
           out.push(order.isInPriorityInbox(), order.isImportant(), GmailApp.getPriorityInboxThreads().length,
                    order.getMessages()[0].isInPriorityInbox());
           return out;
         }",
    );
    assert_eq!(got, json!([0, false, true, 1, 0, 1, 0, true, false, true, 0, false]));
}

/// The Priority Inbox is a thread's: an important first message and an unmarked unread
/// follow-up put the thread there, and it counts as unread.
#[test]
fn the_priority_inbox_takes_a_thread_by_any_of_its_messages() {
    let world = mailbox_world();
    {
        let mut w = state(&world);
        w.gmail.messages[0].important = true;
        w.gmail.messages[0].unread = false;
    }
    let got = eval_in(
        &world,
        "function main() {
           var thread = GmailApp.getPriorityInboxThreads()[0];
           var messages = thread.getMessages();
           return [GmailApp.getPriorityInboxThreads().length, thread.isInPriorityInbox(), thread.isUnread(),
                   GmailApp.getPriorityInboxUnreadCount(), messages[0].isInPriorityInbox(), messages[1].isInPriorityInbox()];
         }",
    );
    assert_eq!(got, json!([1, true, true, 1, true, false]));
}

/// `getAliases()` and the `from` option: a send as an alias carries it in From; an
/// address that is no alias is refused.
#[test]
fn sends_from_an_alias() {
    let world = mailbox_world();
    state(&world).gmail.aliases = vec!["sales@example.com".into()];
    let got = eval_in(
        &world,
        "function main() {
           var out = [GmailApp.getAliases().join()];
           GmailApp.sendEmail('a@b.example', 'Quote', 'text', { from: GmailApp.getAliases()[0], name: 'Sales' });
           out.push(GmailApp.search('in:sent')[0].getMessages()[0].getFrom());
           try { GmailApp.sendEmail('a@b.example', 'x', 'y', { from: 'ceo@example.com' }); } catch (e) { out.push(String(e)); }
           out.push(MailApp.getRemainingDailyQuota());
           return out;
         }",
    );
    assert_eq!(got, json!(["sales@example.com", "Sales <sales@example.com>", "Exception: Invalid argument: from", 99]));
}

/// Every GmailApp change and refresh of threads or messages, single and batch, found by
/// its name: each takes one object (or a list of one) and returns GmailApp. A list with a
/// draft's message, which can be refreshed but not marked, changes nothing.
#[test]
fn every_gmail_app_batch_method_takes_its_objects() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var names = Object.keys(Object.getPrototypeOf(GmailApp)).filter(function (n) {
             return /^(mark|move|star|unstar|refresh)(Message|Thread)/.test(n) && typeof GmailApp[n] === 'function';
           }).filter(function (n) {
             try { GmailApp[n](); return false; } catch (e) { return String(e).indexOf('does not implement') < 0; }
           });
           var thread = GmailApp.getInboxThreads()[0];
           var message = thread.getMessages()[0];
           var answers = names.map(function (n) {
             var one = /Message/.test(n) ? message : thread;
             return GmailApp[n](/(Messages|Threads)/.test(n) ? [one] : one) === GmailApp;
           });
           var draft = GmailApp.createDraft('a@b.example', 'd', '').getMessage();
           var before = message.refresh().isUnread();
           var error = '';
           try { GmailApp.markMessagesUnread([message, draft]); } catch (e) { error = String(e); }
           return [names.length, answers.every(Boolean), GmailApp.refreshMessages([draft]) === GmailApp,
                   error.indexOf('Invalid argument: id') >= 0, message.refresh().isUnread() === before];
         }",
    );
    assert_eq!(got, json!([30, true, true, true, true]));
}

/// `getDraftMessages` gives each draft's message, newest first, as `getDrafts` lists them.
#[test]
fn draft_messages_in_the_drafts_order() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           GmailApp.createDraft('a@example.com', 'first', 'v1');
           Utilities.sleep(1000);
           GmailApp.createDraft('b@example.com', 'second', 'v2');
           var messages = GmailApp.getDraftMessages();
           return [messages.length, messages[0].getSubject(), messages[1].getSubject(), messages[0].isDraft(),
                   messages[0].getId() === GmailApp.getDrafts()[0].getMessageId()];
         }",
    );
    assert_eq!(got, json!([2, "second", "first", true, true]));
}

#[test]
fn labels() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var done = GmailApp.createLabel('processed');
           var t = GmailApp.search('from:news')[0];
           var out = [String(done), done.getName(), GmailApp.getUserLabels().map(function (l) { return l.getName(); })];
           t.addLabel(done);
           out.push(t.getLabels().map(function (l) { return l.getName(); }), done.getThreads().length,
                    done.getUnreadCount(), GmailApp.search('label:processed').length);
           done.removeFromThread(t);
           out.push(done.getThreads().length);
           done.addToThreads(GmailApp.search('label:orders'));
           out.push(GmailApp.getUserLabelByName('processed').getThreads().length, GmailApp.getUserLabelByName('nope'));
           GmailApp.deleteLabel(done);
           out.push(GmailApp.getUserLabels().length, GmailApp.search('label:processed').length);
           try { t.addLabel(done); } catch (e) { out.push(String(e)); }
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            "GmailLabel",
            "processed",
            ["orders", "processed"],
            ["processed"],
            1,
            1,
            1,
            0,
            1,
            null,
            1,
            0,
            "Exception: Invalid argument: label processed"
        ])
    );
}

#[test]
fn drafts() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           var d = GmailApp.createDraft('a@example.com', 'draft', 'v1', { cc: 'b@example.com' });
           var out = [d.getId().indexOf('r-') === 0, GmailApp.getDrafts().length, MailApp.getRemainingDailyQuota(),
                      d.getMessage().getSubject(), d.getMessage().isDraft(), GmailApp.getDraft(d.getId()).getId() === d.getId()];
           d.update('c@example.com', 'draft 2', 'v2');
           out.push(d.getMessage().getTo(), d.getMessage().getPlainBody());
           var m = d.send();
           out.push(m.getSubject(), m.isDraft(), GmailApp.getDrafts().length, MailApp.getRemainingDailyQuota(),
                    GmailApp.search('in:sent').length, GmailApp.getDraft(d.getId()));
           var gone = GmailApp.createDraft('x@example.com', 'gone', '');
           gone.deleteDraft();
           try { gone.send(); } catch (e) { out.push(String(e).indexOf('Invalid argument: draftId') >= 0); }
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([true, 1, 100, "draft", true, true, "c@example.com", "v2", "draft 2", false, 0, 99, 1, null, true])
    );
    assert_eq!(state(&world).mail.sent[0].mail.subject, "draft 2", "in the report's sent mail");
}

#[test]
fn a_drafts_message_has_its_attachments() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           GmailApp.createDraft('a@example.com', 'template', 'Dear {{name}}',
             { attachments: [Utilities.newBlob('net 30', 'text/plain', 'terms.txt')] });
           var m = GmailApp.getDrafts()[0].getMessage();
           var files = m.getAttachments();
           var again = m.refresh().getAttachments();
           return [files.length, files[0].getName(), files[0].getContentType(), files[0].getDataAsString(),
                   again.length, GmailApp.getMessageById(m.getId())];
         }",
    );
    assert_eq!(got, json!([1, "terms.txt", "text/plain", "net 30", 1, null]));
}

/// `getHeader(name)`: the fields' headers and a message's own, any case; "" when absent.
#[test]
fn headers_of_a_message() {
    let world = mailbox_world();
    state(&world).gmail.messages[1].headers.insert("List-Unsubscribe".into(), "<mailto:out@letters.example>".into());
    let got = eval_in(
        &world,
        "function main() {
           var m = GmailApp.search('from:news')[0].getMessages()[0];
           GmailApp.sendEmail('a@b.example', 'Sent', 'x', { cc: 'c@d.example' });
           var sent = GmailApp.search('in:sent')[0].getMessages()[0];
           return [m.getHeader('list-unsubscribe'), m.getHeader('Subject'), m.getHeader('From'), m.getHeader('X-None'),
                   m.getHeader('Date'), m.getHeader('Message-ID') === '<' + m.getId() + '@mail.gmail.com>',
                   sent.getHeader('to'), sent.getHeader('CC'), sent.getHeader('List-Unsubscribe')];
         }",
    );
    assert_eq!(
        got,
        json!([
            "<mailto:out@letters.example>",
            "Weekly news",
            "news@letters.example",
            "",
            "Thu, 12 Jun 2025 13:00:00 +0000",
            true,
            "a@b.example",
            "c@d.example",
            ""
        ])
    );
}

/// `getRawContent()`: the message as RFC 2822 text (headers, then MIME parts); a blob and
/// an attachment each hold themselves alone (`getAllBlobs`).
#[test]
fn raw_content_of_a_message_and_all_blobs() {
    let world = mailbox_world();
    state(&world).gmail.messages[1].headers.insert("List-Unsubscribe".into(), "<mailto:out@letters.example>".into());
    let got = eval_in(
        &world,
        "function main() {
           var raw = GmailApp.search('from:news')[0].getMessages()[0].getRawContent();
           GmailApp.sendEmail('a@b.example', 'Report', 'see the file',
             { attachments: [Utilities.newBlob('a,b', 'text/csv', 'r.csv')] });
           var sent = GmailApp.search('in:sent')[0].getMessages()[0];
           var sentRaw = sent.getRawContent();
           var unsubscribe = raw.match(/^List-Unsubscribe: (.*)\\r$/m);
           var file = sent.getAttachments()[0];
           var blob = Utilities.newBlob('x');
           return [unsubscribe && unsubscribe[1], raw.indexOf('MIME-Version: 1.0\\r\\n') > 0, raw.split('\\r\\n')[0],
                   /multipart\\/mixed/.test(sentRaw), sentRaw.indexOf('filename=\"r.csv\"') > 0,
                   sentRaw.indexOf(Utilities.base64Encode('a,b')) > 0,
                   blob.getAllBlobs().length, blob.getAllBlobs()[0] === blob, file.getAllBlobs()[0] === file,
                   sent.getThread().getPermalink() === 'https://mail.google.com/mail/u/0/#all/' + sent.getThread().getId()];
         }",
    );
    assert_eq!(
        got,
        json!([
            "<mailto:out@letters.example>",
            true,
            "From: news@letters.example",
            true,
            true,
            true,
            1,
            true,
            true,
            true
        ])
    );
}

/// An attachment is a blob: its SHA-1 hash, and Blob's changes and conversions.
#[test]
fn an_attachment_hashes_and_changes_as_a_blob() {
    let world = new_world();
    let got = eval_in(
        &world,
        "function main() {
           GmailApp.createDraft('a@example.com', 'x', '', { attachments: [Utilities.newBlob('abc', 'text/plain', 'a.txt')] });
           var a = GmailApp.getDrafts()[0].getMessage().getAttachments()[0];
           var out = [a.getHash(), a.setDataFromString('abcd') === a, a.getDataAsString(), a.getHash().length];
           a.setName('table.csv').setContentTypeFromExtension();
           out.push(a.getContentType(), a.setBytes([104, 105]).getDataAsString());
           try { a.getAs('text/plain'); } catch (e) { out.push(String(e)); }
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            "a9993e364706816aba3e25717850c26c9cd0d89d",
            true,
            "abcd",
            40,
            "text/csv",
            "hi",
            "Exception: Converting from text/csv to text/plain is not supported."
        ])
    );
}

#[test]
fn replies_and_forwards_go_into_the_thread() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var t = GmailApp.search('subject:1001')[0];
           var first = t.getMessages()[0];
           // The thread's last message is then the account's reply: a reply to it goes to
           // that reply's recipients.
           var out = [first.reply('Thanks') === first, t.reply('On it') === t];
           first.forward('boss@corp.example', { cc: 'x@corp.example' });
           var ms = t.refresh().getMessages();
           out.push(ms.length, ms.map(function (m) { return m.getSubject() + ' -> ' + m.getTo(); }).slice(2),
                    MailApp.getRemainingDailyQuota());
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            true,
            true,
            5,
            [
                "Re: Order 1001 -> Ana <ana@shop.example>",
                "Re: Order 1001 -> Ana <ana@shop.example>",
                "Fwd: Order 1001 -> boss@corp.example"
            ],
            96
        ])
    );
}

/// `createDraftReply(All)` keeps the reply `reply` would send as a draft: same recipients
/// and subject, no quota, invisible in the thread until sent, then in the thread (and a
/// quota use per recipient). Neither a reply nor a draft reply is made without a body.
#[test]
fn draft_replies_join_the_thread_when_sent() {
    let world = mailbox_world();
    let got = eval_in(
        &world,
        "function main() {
           var t = GmailApp.search('subject:1001')[0];
           var d = t.getMessages()[0].createDraftReply('Thanks', { cc: 'team@corp.example' });
           var m = d.getMessage();
           var out = [m.getSubject(), m.getTo(), m.getCc(), m.isDraft(), MailApp.getRemainingDailyQuota(),
                      t.refresh().getMessageCount(), GmailApp.getDrafts().length];
           var all = t.createDraftReplyAll('All of you', { htmlBody: '<b>All</b>' });
           out.push(all.getMessage().getSubject(), all.getMessage().getBody());
           d.send();
           out.push(t.refresh().getMessageCount(), MailApp.getRemainingDailyQuota(), GmailApp.getDrafts().length);
           try { t.createDraftReply(); } catch (e) { out.push(e.name); }
           try { t.reply(); } catch (e) { out.push(String(e)); }
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            "Re: Order 1001",
            "Ana <ana@shop.example>",
            "team@corp.example",
            true,
            100,
            2,
            1,
            "Re: Order 1001",
            "<b>All</b>",
            3,
            98,
            1,
            "Exception",
            "Exception: The parameters () don't match the method signature for GmailApp.GmailThread.reply."
        ])
    );
}

/// A scripted message is there only once virtual time has reached its arrival.
#[test]
fn a_message_appears_when_it_arrives() {
    let world = mailbox_world();
    let count = "function main() { return GmailApp.search('label:orders').length; }";
    assert_eq!(result(&run_in(&world, "UTC", count, "main", START_UTC_MS)), json!(1));
    assert_eq!(result(&run_in(&world, "UTC", count, "main", START_UTC_MS + MS_PER_HOUR)), json!(2));
}

#[test]
fn dates_follow_the_script_zone() {
    let world = mailbox_world();
    let src = "function main() {
      var m = GmailApp.search('from:news')[0].getMessages()[0];
      return [m.getDate().getHours(), GmailApp.search('after:2025/06/13').length];
    }";
    // The newsletter arrived 2025-06-12T13:00Z: 13:00 in UTC, 22:00 in Tokyo; the
    // follow-up at 23:00Z is on the 13th in Tokyo only.
    assert_eq!(result(&run_in(&world, "UTC", src, "main", START_UTC_MS)), json!([13, 0]));
    assert_eq!(result(&run_in(&world, "Asia/Tokyo", src, "main", START_UTC_MS)), json!([22, 1]));
}

#[test]
fn errors_and_gaps() {
    let world = mailbox_world();
    assert_eq!(thrown_in(&world, "GmailApp.search('', 0, 501)"), format!("Exception: {SEARCH_MAX_MESSAGE}"));
    assert_eq!(thrown_in(&world, "GmailApp.createLabel('Inbox')"), "Exception: Invalid argument: name");
    assert_eq!(
        thrown_in(&world, "GmailApp.setCurrentMessageAccessToken('token')"),
        "Error: gas-sim does not implement GmailApp.setCurrentMessageAccessToken()"
    );
    assert_eq!(thrown_in(&world, "GmailApp.sendEmail('nobody', 's', 'b')"), "Exception: Invalid email: nobody");
}
