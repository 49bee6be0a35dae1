//! GmailApp, GmailThread, GmailMessage, GmailLabel and GmailDraft: arguments read into
//! gas-platform's `gmail` types, results turned into handles (a thread's or message's
//! state as fetched, a label's name, a draft's ids). Every rule is in `gas_platform::gmail`.

use super::args::*;
use super::mail::{mail_from_args, options_into};
use super::Call;
use crate::host::{CallResult, Failure};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::container::SCOPE_GMAIL;
use gas_platform::gmail::{self, Account, Attachment, Compose, MessageChange, MessageView, Page, ThreadView, UnreadIn};
use gas_platform::mail::{split_recipients, OutgoingMail};
use gas_platform::{ServiceError, ServiceResult, World};

/// The getters the prelude answers from the views of the mailbox a message's, thread's,
/// label's and draft's handle hold (`crate::methods::Read`): `MessageView`,
/// `ThreadView` and the label and draft handles' fields.
pub(super) const READS: &[Read] = reads![
    "GmailDraft.getId" => "id",
    "GmailDraft.getMessageId" => "message_id",
    "GmailLabel.getName" => "name",
    "GmailMessage.getBcc" => "bcc",
    "GmailMessage.getBody" => "body",
    "GmailMessage.getCc" => "cc",
    "GmailMessage.getDate" => "at_utc_ms",
    "GmailMessage.getFrom" => "from",
    "GmailMessage.getId" => "id",
    "GmailMessage.getPlainBody" => "plain_body",
    "GmailMessage.getReplyTo" => "reply_to",
    "GmailMessage.getSubject" => "subject",
    "GmailMessage.getTo" => "to",
    "GmailMessage.isDraft" => "draft",
    "GmailMessage.isInInbox" => "in_inbox",
    "GmailMessage.isInPriorityInbox" => "in_priority_inbox",
    "GmailMessage.isInTrash" => "in_trash",
    "GmailMessage.isStarred" => "starred",
    "GmailMessage.isUnread" => "unread",
    "GmailThread.getFirstMessageSubject" => "first_subject",
    "GmailThread.getId" => "id",
    "GmailThread.getLastMessageDate" => "last_at_utc_ms",
    "GmailThread.getMessageCount" => "message_count",
    "GmailThread.hasStarredMessages" => "starred",
    "GmailThread.isInInbox" => "in_inbox",
    "GmailThread.isImportant" => "important",
    "GmailThread.isInPriorityInbox" => "in_priority_inbox",
    "GmailThread.isInSpam" => "in_spam",
    "GmailThread.isInTrash" => "in_trash",
    "GmailThread.isUnread" => "unread",
];

/// The methods answered here, declared once (`crate::methods`).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_GMAIL);
    "GmailApp.createDraft" => 400,
    "GmailApp.createLabel" => 300,
    "GmailApp.getAliases" => 150,
    "GmailApp.deleteLabel" => 300,
    "GmailApp.getChatThreads" => 400,
    "GmailApp.getDraft" => 150,
    "GmailApp.getDraftMessages" => 200,
    "GmailApp.getDrafts" => 200,
    "GmailApp.getInboxThreads" => 400,
    "GmailApp.getInboxUnreadCount" => 200,
    "GmailApp.getMessageById" => 150,
    "GmailApp.getMessagesForThread" => 200,
    "GmailApp.getMessagesForThreads" => 300,
    "GmailApp.getSpamThreads" => 400,
    "GmailApp.getSpamUnreadCount" => 200,
    "GmailApp.getPriorityInboxThreads" => 400,
    "GmailApp.getPriorityInboxUnreadCount" => 200,
    "GmailApp.getStarredThreads" => 400,
    "GmailApp.getStarredUnreadCount" => 200,
    "GmailApp.getThreadById" => 150,
    "GmailApp.getTrashThreads" => 400,
    "GmailApp.getUserLabelByName" => 150,
    "GmailApp.getUserLabels" => 150,
    "GmailApp.markMessageRead" => 150,
    "GmailApp.markMessageUnread" => 150,
    "GmailApp.markMessagesRead" => 300,
    "GmailApp.markMessagesUnread" => 300,
    "GmailApp.markThreadImportant" => 150,
    "GmailApp.markThreadRead" => 150,
    "GmailApp.markThreadUnimportant" => 150,
    "GmailApp.markThreadUnread" => 150,
    "GmailApp.markThreadsImportant" => 300,
    "GmailApp.markThreadsRead" => 300,
    "GmailApp.markThreadsUnimportant" => 300,
    "GmailApp.markThreadsUnread" => 300,
    "GmailApp.moveMessageToTrash" => 200,
    "GmailApp.moveMessagesToTrash" => 300,
    "GmailApp.moveThreadToArchive" => 200,
    "GmailApp.moveThreadToInbox" => 200,
    "GmailApp.moveThreadToSpam" => 200,
    "GmailApp.moveThreadToTrash" => 200,
    "GmailApp.moveThreadsToArchive" => 300,
    "GmailApp.moveThreadsToInbox" => 300,
    "GmailApp.moveThreadsToSpam" => 300,
    "GmailApp.moveThreadsToTrash" => 300,
    "GmailApp.refreshMessage" => 150,
    "GmailApp.refreshMessages" => 300,
    "GmailApp.refreshThread" => 150,
    "GmailApp.refreshThreads" => 300,
    "GmailApp.search" => 400,
    "GmailApp.sendEmail" => 900,
    "GmailApp.starMessage" => 150,
    "GmailApp.starMessages" => 300,
    "GmailApp.unstarMessage" => 150,
    "GmailApp.unstarMessages" => 300,
    "GmailDraft.deleteDraft" => 300,
    "GmailDraft.getMessage" => 150,
    "GmailDraft.send" => 900,
    "GmailDraft.update" => 400,
    "GmailAttachment.getHash" => 0,
    "GmailLabel.addToThread" => 200,
    "GmailLabel.addToThreads" => 300,
    "GmailLabel.deleteLabel" => 300,
    "GmailLabel.getThreads" => 400,
    "GmailLabel.getUnreadCount" => 200,
    "GmailLabel.removeFromThread" => 200,
    "GmailLabel.removeFromThreads" => 300,
    "GmailMessage.createDraftReply" => 400,
    "GmailMessage.createDraftReplyAll" => 400,
    "GmailMessage.forward" => 900,
    "GmailMessage.getAttachments" => 200,
    "GmailMessage.getHeader" => 150,
    "GmailMessage.getRawContent" => 200,
    "GmailMessage.getThread" => 150,
    "GmailMessage.markRead" => 150,
    "GmailMessage.markUnread" => 150,
    "GmailMessage.moveToTrash" => 200,
    "GmailMessage.refresh" => 150,
    "GmailMessage.reply" => 900,
    "GmailMessage.replyAll" => 900,
    "GmailMessage.star" => 150,
    "GmailMessage.unstar" => 150,
    "GmailThread.addLabel" => 200,
    "GmailThread.createDraftReply" => 400,
    "GmailThread.createDraftReplyAll" => 400,
    "GmailThread.getLabels" => 150,
    "GmailThread.getMessages" => 200,
    "GmailThread.getPermalink" => 50,
    "GmailThread.markImportant" => 150,
    "GmailThread.markRead" => 150,
    "GmailThread.markUnimportant" => 150,
    "GmailThread.markUnread" => 150,
    "GmailThread.moveToArchive" => 200,
    "GmailThread.moveToInbox" => 200,
    "GmailThread.moveToSpam" => 200,
    "GmailThread.moveToTrash" => 200,
    "GmailThread.refresh" => 150,
    "GmailThread.removeLabel" => 200,
    "GmailThread.reply" => 900,
    "GmailThread.replyAll" => 900,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    let now = call.host.now();
    let zone = call.host.zone;
    let mut guard = call.host.world();
    let World { gmail: mailbox, mail, user_email, .. } = &mut *guard;
    let account = Account { email: user_email.as_str(), zone };
    let (method, args) = (call.method, call.args);
    let id = || call.handle.get("id").map(Val::to_js_string).unwrap_or_default();
    let thread = |mailbox: &gmail::Mailbox, thread_id: &str| match mailbox.thread_view(thread_id, now) {
        Some(view) => to_val(&view),
        None => Val::Null,
    };
    let message = |mailbox: &gmail::Mailbox, message_id: &str| match mailbox.message(message_id, now) {
        Some(m) => to_val(&MessageView::of(m)),
        None => Val::Null,
    };
    if let Some(answer) = lists_and_counts(call, mailbox, account, now) {
        return Ok(answer?);
    }
    let value = match method {
        "GmailApp.sendEmail" => {
            mailbox.send(mail, send_compose(method, args)?, None, account, now)?;
            Val::Undefined
        }
        "GmailAttachment.getHash" => {
            let bytes = super::blob::BlobParts::of(call.handle).map(|b| b.bytes).unwrap_or_default();
            Val::String(gmail::attachment_hash(&bytes))
        }
        "GmailApp.getThreadById" => thread(mailbox, &string_arg(args, 0)),
        "GmailApp.getMessageById" => message(mailbox, &string_arg(args, 0)),
        "GmailApp.createLabel" => label(&mailbox.create_label(&string_arg(args, 0))?),
        "GmailApp.getUserLabelByName" => mailbox.find_label(&string_arg(args, 0)).map_or(Val::Null, |l| label(l)),
        "GmailApp.getUserLabels" => Val::Array(mailbox.labels.iter().map(|l| label(l)).collect()),
        "GmailApp.deleteLabel" => {
            mailbox.delete_label(&label_name(arg(args, 0)));
            Val::Undefined
        }
        "GmailApp.createDraft" => to_val(&mailbox.create_draft(mail, send_compose(method, args)?, account, now)?),
        "GmailApp.getDrafts" => Val::Array(mailbox.drafts().iter().map(to_val).collect()),
        "GmailApp.getDraft" => mailbox.draft(&string_arg(args, 0)).map_or(Val::Null, |d| to_val(&d)),
        "GmailDraft.update" => to_val(&mailbox.update_draft(mail, &id(), send_compose(method, args)?, account, now)?),
        "GmailDraft.send" => {
            let sent = mailbox.send_draft(mail, &id(), account, now)?;
            message(mailbox, &sent)
        }
        "GmailDraft.deleteDraft" => {
            mailbox.delete_draft(&id())?;
            Val::Undefined
        }
        "GmailDraft.getMessage" => to_val(&MessageView::of(mailbox.draft_message(&id())?)),
        "GmailLabel.getThreads" => {
            threads(mailbox.label_threads(&label_name(call.handle), paging(method, args, 0)?, account, now)?)
        }
        "GmailLabel.getUnreadCount" => Val::Number(mailbox.label_unread_count(&label_name(call.handle), now) as f64),
        "GmailLabel.deleteLabel" => {
            mailbox.delete_label(&label_name(call.handle));
            Val::Undefined
        }
        "GmailLabel.addToThread"
        | "GmailLabel.removeFromThread"
        | "GmailLabel.addToThreads"
        | "GmailLabel.removeFromThreads" => {
            let ids = batch_ids(arg(args, 0))?;
            let on = method.contains(".addTo");
            let name = label_name(call.handle);
            for thread_id in ids {
                mailbox.set_thread_label(&thread_id, &name, on, now)?;
            }
            Val::Undefined
        }
        _ => match BATCH_CHANGES.iter().find(|(name, _, _)| *name == method) {
            Some(&(_, target, change)) => batch_change(mailbox, arg(args, 0), target, change, now)?,
            None => return thread_or_message(call, mailbox, mail, account, now),
        },
    };
    Ok(value)
}

/// GmailApp's lists and counts of threads and messages (`search`, `getStarredThreads`,
/// `getSpamUnreadCount`, `getMessagesForThreads`, ...): reads of the mailbox. `None` for
/// any other method.
fn lists_and_counts(call: &Call, mailbox: &gmail::Mailbox, account: Account, now: i64) -> Option<ServiceResult<Val>> {
    let (method, args) = (call.method, call.args);
    let list = |query: &str, page_at: usize| -> ServiceResult<Val> {
        Ok(threads(mailbox.search(query, paging(method, args, page_at)?, account, now)?))
    };
    let count = |place| -> ServiceResult<Val> { Ok(Val::Number(mailbox.unread_count(place, account, now)? as f64)) };
    Some(match method {
        "GmailApp.search" => list(&string_arg(args, 0), 1),
        "GmailApp.getInboxThreads" => list("in:inbox", 0),
        "GmailApp.getPriorityInboxThreads" => {
            paging(method, args, 0).and_then(|page| mailbox.priority_inbox(page, account, now)).map(threads)
        }
        "GmailApp.getStarredThreads" => list("is:starred", 0),
        "GmailApp.getTrashThreads" => list("in:trash", 0),
        "GmailApp.getSpamThreads" => list("in:spam", 0),
        // The simulated mailbox holds mail, no chats (docs/fidelity.md).
        "GmailApp.getChatThreads" => paging(method, args, 0).map(|_| Val::Array(Vec::new())),
        "GmailApp.getInboxUnreadCount" => count(UnreadIn::Inbox),
        "GmailApp.getPriorityInboxUnreadCount" => count(UnreadIn::PriorityInbox),
        "GmailApp.getStarredUnreadCount" => count(UnreadIn::Starred),
        "GmailApp.getSpamUnreadCount" => count(UnreadIn::Spam),
        "GmailApp.getAliases" => Ok(Val::Array(mailbox.aliases().iter().map(|a| Val::String(a.clone())).collect())),
        "GmailApp.getDraftMessages" => Ok(messages_val(mailbox.draft_messages())),
        "GmailApp.getMessagesForThread" => Ok(messages_val(mailbox.thread_messages(&handle_id(arg(args, 0)), now))),
        "GmailApp.getMessagesForThreads" => batch_ids(arg(args, 0)).map(|ids| {
            Val::Array(ids.iter().map(|thread_id| messages_val(mailbox.thread_messages(thread_id, now))).collect())
        }),
        _ => return None,
    })
}

/// Messages as their handles (a view each).
fn messages_val<'m>(messages: impl IntoIterator<Item = &'m gmail::Message>) -> Val {
    Val::Array(messages.into_iter().map(|m| to_val(&MessageView::of(m))).collect())
}

/// What a GmailApp batch change takes.
#[derive(Clone, Copy)]
enum Target {
    Threads,
    Messages,
}

/// GmailApp's changes of one thread or message or of a list of them, and its refreshes:
/// one call for the list, each object's new state answered in its order (documented:
/// they "force the threads to refresh"; the prelude gives each object its state).
const BATCH_CHANGES: &[(&str, Target, Option<MessageChange>)] = &[
    ("GmailApp.markMessageRead", Target::Messages, Some(MessageChange::Read)),
    ("GmailApp.markMessagesRead", Target::Messages, Some(MessageChange::Read)),
    ("GmailApp.markMessageUnread", Target::Messages, Some(MessageChange::Unread)),
    ("GmailApp.markMessagesUnread", Target::Messages, Some(MessageChange::Unread)),
    ("GmailApp.starMessage", Target::Messages, Some(MessageChange::Star)),
    ("GmailApp.starMessages", Target::Messages, Some(MessageChange::Star)),
    ("GmailApp.unstarMessage", Target::Messages, Some(MessageChange::Unstar)),
    ("GmailApp.unstarMessages", Target::Messages, Some(MessageChange::Unstar)),
    ("GmailApp.moveMessageToTrash", Target::Messages, Some(MessageChange::Trash)),
    ("GmailApp.moveMessagesToTrash", Target::Messages, Some(MessageChange::Trash)),
    ("GmailApp.refreshMessage", Target::Messages, None),
    ("GmailApp.refreshMessages", Target::Messages, None),
    ("GmailApp.markThreadRead", Target::Threads, Some(MessageChange::Read)),
    ("GmailApp.markThreadsRead", Target::Threads, Some(MessageChange::Read)),
    ("GmailApp.markThreadUnread", Target::Threads, Some(MessageChange::Unread)),
    ("GmailApp.markThreadsUnread", Target::Threads, Some(MessageChange::Unread)),
    ("GmailApp.moveThreadToArchive", Target::Threads, Some(MessageChange::Archive)),
    ("GmailApp.moveThreadsToArchive", Target::Threads, Some(MessageChange::Archive)),
    ("GmailApp.moveThreadToInbox", Target::Threads, Some(MessageChange::Inbox)),
    ("GmailApp.moveThreadsToInbox", Target::Threads, Some(MessageChange::Inbox)),
    ("GmailApp.moveThreadToTrash", Target::Threads, Some(MessageChange::Trash)),
    ("GmailApp.moveThreadsToTrash", Target::Threads, Some(MessageChange::Trash)),
    ("GmailApp.markThreadImportant", Target::Threads, Some(MessageChange::Important)),
    ("GmailApp.markThreadsImportant", Target::Threads, Some(MessageChange::Important)),
    ("GmailApp.markThreadUnimportant", Target::Threads, Some(MessageChange::Unimportant)),
    ("GmailApp.markThreadsUnimportant", Target::Threads, Some(MessageChange::Unimportant)),
    ("GmailApp.moveThreadToSpam", Target::Threads, Some(MessageChange::Spam)),
    ("GmailApp.moveThreadsToSpam", Target::Threads, Some(MessageChange::Spam)),
    ("GmailApp.refreshThread", Target::Threads, None),
    ("GmailApp.refreshThreads", Target::Threads, None),
];

/// The ids of a thread or message (a script's object or its handle), or of a list of at
/// most `gmail::BATCH_THREADS_MAX`.
fn batch_ids(items: &Val) -> ServiceResult<Vec<String>> {
    let ids = match items {
        Val::Array(items) => items.iter().map(handle_id).collect::<Vec<_>>(),
        one => vec![handle_id(one)],
    };
    gmail::check_batch(ids.len())?;
    Ok(ids)
}

fn batch_change(
    mailbox: &mut gmail::Mailbox,
    items: &Val,
    target: Target,
    change: Option<MessageChange>,
    now: i64,
) -> ServiceResult<Val> {
    let ids = batch_ids(items)?;
    let view_of = |mailbox: &gmail::Mailbox, id: &str| match target {
        Target::Threads => mailbox.thread_view(id, now).map(|v| to_val(&v)),
        // A draft's message is reached by its handle, as `GmailMessage.refresh` reaches it.
        Target::Messages => mailbox.handle_message(id, now).map(|m| to_val(&MessageView::of(m))),
    };
    // Every id is checked before anything changes, by the rule the change uses (a
    // draft's message can be refreshed, not marked): one that fails fails the batch.
    let changeable = |mailbox: &gmail::Mailbox, id: &str| match (target, change) {
        (Target::Messages, Some(_)) => mailbox.message(id, now).is_some(),
        _ => view_of(mailbox, id).is_some(),
    };
    if let Some(missing) = ids.iter().find(|id| !changeable(mailbox, id)) {
        return Err(gone(missing));
    }
    if let Some(change) = change {
        for id in &ids {
            match target {
                Target::Threads => mailbox.mark_thread(id, change, now),
                Target::Messages => mailbox.mark_message(id, change, now)?,
            }
        }
    }
    Ok(Val::Array(ids.iter().map(|id| view_of(mailbox, id).unwrap_or(Val::Null)).collect()))
}

fn thread_or_message(
    call: &Call,
    mailbox: &mut gmail::Mailbox,
    mail: &mut gas_platform::mail::Mail,
    account: Account,
    now: i64,
) -> CallResult {
    let (method, args) = (call.method, call.args);
    let id = call.handle.get("id").map(Val::to_js_string).unwrap_or_default();
    let thread_val = |mailbox: &gmail::Mailbox, thread_id: &str| -> ServiceResult<Val> {
        mailbox.thread_view(thread_id, now).map(|v| to_val(&v)).ok_or_else(|| gone(thread_id))
    };
    let message_val = |mailbox: &gmail::Mailbox, message_id: &str| -> ServiceResult<Val> {
        mailbox.message(message_id, now).map(|m| to_val(&MessageView::of(m))).ok_or_else(|| gone(message_id))
    };
    if let Some(answer) = replies(call, mailbox, mail, &id, account, now) {
        return Ok(answer?);
    }
    let short = method.split('.').nth(1).unwrap_or("");
    let change = OBJECT_CHANGES.iter().find(|(name, _)| *name == short).map(|&(_, change)| change);
    let value = match (method, change) {
        (m, Some(change)) if m.starts_with("GmailThread.") => {
            mailbox.mark_thread(&id, change, now);
            thread_val(mailbox, &id)?
        }
        (_, Some(change)) => {
            mailbox.mark_message(&id, change, now)?;
            message_val(mailbox, &id)?
        }
        ("GmailThread.refresh", _) => thread_val(mailbox, &id)?,
        ("GmailThread.getMessages", _) => messages_val(mailbox.thread_messages(&id, now)),
        ("GmailThread.getPermalink", _) => {
            thread_val(mailbox, &id)?;
            Val::String(gas_platform::gmail::thread_permalink(&id))
        }
        ("GmailThread.getLabels", _) => Val::Array(mailbox.thread_labels(&id, now).iter().map(|l| label(l)).collect()),
        ("GmailThread.addLabel" | "GmailThread.removeLabel", _) => {
            let on = method.ends_with("addLabel");
            mailbox.set_thread_label(&id, &label_name(arg(args, 0)), on, now)?;
            thread_val(mailbox, &id)?
        }
        // A draft's message (from `GmailDraft.getMessage`) is reached by its handle.
        ("GmailMessage.refresh", _) => {
            mailbox.handle_message(&id, now).map(|m| to_val(&MessageView::of(m))).ok_or_else(|| gone(&id))?
        }
        ("GmailMessage.getThread", _) => {
            let thread_id = mailbox.message(&id, now).map(|m| m.thread_id.clone()).ok_or_else(|| gone(&id))?;
            thread_val(mailbox, &thread_id)?
        }
        ("GmailMessage.getHeader", _) => {
            Val::String(mailbox.handle_message(&id, now).ok_or_else(|| gone(&id))?.header(&string_arg(args, 0)))
        }
        ("GmailMessage.getRawContent", _) => {
            Val::String(mailbox.handle_message(&id, now).ok_or_else(|| gone(&id))?.raw_content())
        }
        ("GmailMessage.getAttachments", _) => {
            let m = mailbox.handle_message(&id, now).ok_or_else(|| gone(&id))?;
            Val::Array(m.attachments.iter().map(attachment_val).collect::<Result<_, _>>()?)
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// The changes of a thread's or message's marks and place, by method name.
const OBJECT_CHANGES: &[(&str, MessageChange)] = &[
    ("markRead", MessageChange::Read),
    ("markUnread", MessageChange::Unread),
    ("star", MessageChange::Star),
    ("unstar", MessageChange::Unstar),
    ("moveToArchive", MessageChange::Archive),
    ("moveToInbox", MessageChange::Inbox),
    ("moveToTrash", MessageChange::Trash),
    ("moveToSpam", MessageChange::Spam),
    ("markImportant", MessageChange::Important),
    ("markUnimportant", MessageChange::Unimportant),
];

/// A thread's or message's replies, draft replies and forwards; `None` for any other
/// method.
fn replies(
    call: &Call,
    mailbox: &mut gmail::Mailbox,
    mail: &mut gas_platform::mail::Mail,
    id: &str,
    account: Account,
    now: i64,
) -> Option<ServiceResult<Val>> {
    let (method, args) = (call.method, call.args);
    let all = method.ends_with("All");
    let answer = match method {
        "GmailThread.reply" | "GmailThread.replyAll" => reply_compose(method, args)
            .and_then(|compose| mailbox.reply_thread(mail, id, compose, all, account, now))
            .map(|_| Val::Undefined),
        "GmailMessage.reply" | "GmailMessage.replyAll" => reply_compose(method, args)
            .and_then(|compose| mailbox.reply(mail, id, compose, all, account, now))
            .map(|_| Val::Undefined),
        "GmailMessage.createDraftReply" | "GmailMessage.createDraftReplyAll" => reply_compose(method, args)
            .and_then(|compose| mailbox.draft_reply(mail, id, compose, all, account, now))
            .map(|draft| to_val(&draft)),
        "GmailThread.createDraftReply" | "GmailThread.createDraftReplyAll" => reply_compose(method, args)
            .and_then(|compose| mailbox.draft_reply_thread(mail, id, compose, all, account, now))
            .map(|draft| to_val(&draft)),
        "GmailMessage.forward" => {
            let mut compose = compose_with_options(arg(args, 1));
            compose.mail.to = split_recipients(&string_arg(args, 0));
            mailbox.forward(mail, id, compose, account, now).map(|_| Val::Undefined)
        }
        _ => return None,
    };
    Some(answer)
}

fn gone(id: &str) -> ServiceError {
    ServiceError::new(gmail::gone_message(id))
}

fn threads(views: Vec<ThreadView>) -> Val {
    Val::Array(views.iter().map(to_val).collect())
}

fn label(name: &str) -> Val {
    Val::Object(vec![("name".into(), Val::String(name.to_string()))])
}

fn label_name(handle: &Val) -> String {
    handle_arg(handle).get("name").map(Val::to_js_string).unwrap_or_default()
}

fn handle_id(handle: &Val) -> String {
    handle_arg(handle).get("id").map(Val::to_js_string).unwrap_or_default()
}

/// The page `(start, max)` at `args[at..]` names; absent: the first (gas-platform's rule).
fn paging(method: &str, args: &[Val], at: usize) -> ServiceResult<Page> {
    if args.len() <= at || arg(args, at).is_nullish() {
        return Ok(Page::FIRST);
    }
    Page::of(int_arg(args, at, method)?, int_arg(args, at + 1, method)?)
}

/// `sendEmail` / `createDraft` / `draft.update` arguments: `(recipient, subject, body
/// [, options])`, with GmailApp's own options (attachments, noReply).
fn send_compose(method: &str, args: &[Val]) -> ServiceResult<Compose> {
    let mut outgoing = mail_from_args(method, args)?;
    outgoing.via = "GmailApp".into();
    let options = match args {
        [message @ Val::Object(_)] => message,
        _ => arg(args, 3),
    };
    Ok(Compose {
        mail: outgoing,
        attachments: attachments_of(options),
        no_reply: no_reply(options),
        from: from(options),
    })
}

/// `reply(body[, options])`: the body, and the options of any send.
fn reply_compose(method: &str, args: &[Val]) -> ServiceResult<Compose> {
    if args.is_empty() {
        return Err(signature_error(method, args));
    }
    let mut compose = compose_with_options(arg(args, 1));
    compose.mail.body = string_arg(args, 0);
    Ok(compose)
}

fn compose_with_options(options: &Val) -> Compose {
    let outgoing = options_into(OutgoingMail { via: "GmailApp".into(), ..Default::default() }, options);
    Compose { mail: outgoing, attachments: attachments_of(options), no_reply: no_reply(options), from: from(options) }
}

/// `options.from`: an alias to send as (`gmail::Mailbox::check_from`).
fn from(options: &Val) -> Option<String> {
    options.get("from").filter(|v| !v.is_nullish()).map(Val::to_js_string)
}

fn no_reply(options: &Val) -> bool {
    matches!(options.get("noReply"), Some(Val::Bool(true)))
}

/// `options.attachments`: blob handles (`{bytes, contentType, name}`) as the prelude
/// passes them.
pub(super) fn attachments_of(options: &Val) -> Vec<Attachment> {
    let Some(Val::Array(items)) = options.get("attachments") else { return Vec::new() };
    items
        .iter()
        .map(|blob| {
            // A script's Blob object (MailApp passes its options as they are) or its handle.
            let blob = super::args::handle_arg(blob);
            let text = |key: &str| blob.get(key).filter(|v| !v.is_nullish()).map(Val::to_js_string);
            let bytes = match blob.get("bytes") {
                Some(Val::Array(bytes)) => bytes.iter().map(|b| b.as_f64().unwrap_or(0.0) as i64 as u8).collect(),
                _ => Vec::new(),
            };
            Attachment {
                name: text("name").unwrap_or_default(),
                content_type: text("contentType").unwrap_or_else(|| "application/octet-stream".into()),
                bytes,
            }
        })
        .collect()
}

/// An attachment as a blob handle: signed bytes (Java's `byte[]`), type, name.
fn attachment_val(attachment: &Attachment) -> Result<Val, Failure> {
    Ok(Val::Object(vec![
        ("bytes".into(), super::blob::signed(&attachment.bytes)?),
        ("contentType".into(), Val::String(attachment.content_type.clone())),
        ("name".into(), Val::String(attachment.name.clone())),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The batch methods are named in three places: here, in `METHODS`, and in the
    /// prelude's list (31_gmail.js) that gives each object its new state.
    #[test]
    fn every_batch_change_is_declared_and_in_the_prelude() {
        let prelude = include_str!("../js/prelude/31_gmail.js");
        for (name, _, _) in BATCH_CHANGES {
            assert!(METHODS.iter().any(|m| m.name == *name), "{name} is not declared");
            let short = name.trim_start_matches("GmailApp.");
            assert!(prelude.contains(&format!("'{short}'")), "{short} is not in 31_gmail.js's batch list");
        }
    }
}
