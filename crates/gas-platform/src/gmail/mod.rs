//! GmailApp's simulated mailbox: messages grouped into threads, user labels, drafts,
//! the search query language, and the limits on each.
//!
//! The model is Gmail's own: labels, read/unread, stars, inbox and trash belong to
//! messages, and a thread shows the union of its messages (a thread is unread when one
//! of its messages is, labelled when one is). Search matches messages and answers their
//! threads, latest first.
//!
//! Incoming mail a scenario scripts (`[[inbox]]`) is in the mailbox from the start, each
//! message with its arrival instant: a message is seen (by search, by its thread, by
//! id) only once virtual time has reached its arrival. No scheduler event is needed,
//! and a run is the same whatever executions ran in between.
//!
//! Sending (sendEmail, reply, forward, a draft's send) goes through `mail::Mail::send`
//! first, so it counts against the same daily recipient quota as MailApp and appears in
//! the report's sent mail; the sent message is then also in the mailbox (`in:sent`).

mod headers;
mod ops;
pub mod query;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use headers::{check_header, HEADERS_PER_MESSAGE_MAX, HEADER_NAME_CHARS_MAX, HEADER_VALUE_CHARS_MAX};
pub use ops::{bare_address, check_attachments, check_compose, Account, Compose, MessageChange, UnreadIn};

/// Messages the simulated mailbox holds at most (gas-sim's bound, not the platform's:
/// a real mailbox is bounded by storage). A send past it is refused with
/// [`MAILBOX_FULL_MESSAGE`].
pub const MESSAGES_MAX: usize = 50_000;
pub const MAILBOX_FULL_MESSAGE: &str = "gas-sim: the simulated mailbox holds at most 50000 messages";
/// Gmail starts a new conversation past 100 messages (Gmail help, "conversation
/// view": documented).
pub const THREAD_MESSAGES_MAX: usize = 100;
/// User labels per mailbox (Gmail help: "up to 10,000 labels": documented).
pub const LABELS_MAX: usize = 10_000;
/// Assumed text for the 10,001st label.
pub const TOO_MANY_LABELS_MESSAGE: &str = "Limit Exceeded: Gmail Labels.";
/// Characters of a label name (the Gmail API's limit: assumed for GmailApp).
pub const LABEL_NAME_CHARS_MAX: usize = 225;
/// Assumed text for an empty, too long or reserved label name.
pub const INVALID_LABEL_NAME_MESSAGE: &str = "Invalid argument: name";
/// Threads one search (or getInboxThreads, label.getThreads) answers at most: the
/// documented maximum page of the Gmail API behind GmailApp, and the cap users see on
/// an unpaged `search(query)`.
pub const SEARCH_RESULTS_MAX: usize = 500;
/// Assumed text for `search(q, start, max)` with max over 500.
pub const SEARCH_MAX_MESSAGE: &str = "Argument max cannot exceed 500.";
/// Assumed texts for a negative `start` or `max`.
pub const INVALID_START_MESSAGE: &str = "Invalid argument: start";
pub const INVALID_MAX_MESSAGE: &str = "Invalid argument: max";
/// Assumed text prefix for a handle whose thread or message is gone (a deleted draft's).
const GONE_ID_PREFIX: &str = "Invalid argument: id ";

/// `GmailThread.getPermalink()`: the thread in Gmail's web client (documented: a link to
/// the thread; its form, the first account's "all mail" view, assumed).
pub fn thread_permalink(thread_id: &str) -> String {
    format!("https://mail.google.com/mail/u/0/#all/{thread_id}")
}

/// The error for a thread or message handle whose id no longer exists.
pub fn gone_message(id: &str) -> String {
    format!("{GONE_ID_PREFIX}{id}")
}

/// One page of threads (`search`, `getInboxThreads`, `label.getThreads`): `max` of
/// them from `start`; the one paging rule of GmailApp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub start: usize,
    pub max: usize,
}

impl Page {
    /// No `(start, max)`: the first 500 (documented cap).
    pub const FIRST: Page = Page { start: 0, max: SEARCH_RESULTS_MAX };

    /// `(start, max)` as a script gives them: neither negative, `max` at most 500.
    pub fn of(start: i64, max: i64) -> crate::ServiceResult<Page> {
        if start < 0 {
            return Err(crate::ServiceError::new(INVALID_START_MESSAGE));
        }
        if max < 0 {
            return Err(crate::ServiceError::new(INVALID_MAX_MESSAGE));
        }
        let (start, max) = (usize::try_from(start).unwrap_or(usize::MAX), usize::try_from(max).unwrap_or(usize::MAX));
        if max > SEARCH_RESULTS_MAX {
            return Err(crate::ServiceError::new(SEARCH_MAX_MESSAGE));
        }
        Ok(Page { start, max })
    }

    fn of_threads(self, threads: Vec<ThreadView>) -> Vec<ThreadView> {
        threads.into_iter().skip(self.start).take(self.max).collect()
    }
}
/// Body size per message (Apps Script quotas, "Email body size": documented).
pub const BODY_BYTES_MAX_CONSUMER: usize = 200 * 1024;
pub const BODY_BYTES_MAX_WORKSPACE: usize = 400 * 1024;
/// Observed text (seen in execution logs).
pub const BODY_TOO_LARGE_MESSAGE: &str = "Limit Exceeded: Email Body Size.";
/// Attachments per message (Apps Script quotas: documented).
pub const ATTACHMENTS_PER_MESSAGE_MAX: usize = 250;
/// Assumed text, after the pattern of the other "Limit Exceeded" texts.
pub const TOO_MANY_ATTACHMENTS_MESSAGE: &str = "Limit Exceeded: Email Attachments Per Message.";
/// Total attachment size per message (Apps Script quotas, 25 MB: documented).
pub const ATTACHMENTS_BYTES_MAX: usize = 25 * 1024 * 1024;
/// Assumed text (the same pattern; quoted by peers' error tables).
pub const ATTACHMENTS_TOO_LARGE_MESSAGE: &str = "Limit Exceeded: Email Total Attachments Size.";
/// Characters of a subject (assumed figure; the text is quoted by peers' tables).
pub const SUBJECT_CHARS_MAX: usize = 250;
pub const SUBJECT_TOO_LONG_MESSAGE: &str = "Argument too large: subject";
/// Characters of a search query gas-sim parses (gas-sim's bound; Gmail's is unknown).
pub const QUERY_CHARS_MAX: usize = 4_096;
/// Threads one batch call takes (`label.addToThreads`, ...): "up to 100" (documented).
pub const BATCH_THREADS_MAX: usize = 100;
/// Assumed text for a larger batch.
pub const BATCH_TOO_LARGE_MESSAGE: &str = "Argument too large: threads";
/// Message ids look like Gmail's (16 hex digits); this is the first one gas-sim gives.
pub const ID_BASE: u64 = 0x18f0_0000_0000_0000;

/// An attachment as a message holds it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Attachment {
    pub name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl Attachment {
    /// What the log of sent mail keeps of it.
    pub fn summary(&self) -> crate::mail::SentAttachment {
        crate::mail::SentAttachment {
            name: self.name.clone(),
            content_type: self.content_type.clone(),
            size_bytes: self.bytes.len(),
        }
    }
}

/// One message, incoming, sent, or a draft.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Message {
    pub id: String,
    /// The id of the thread's first message.
    pub thread_id: String,
    /// When it arrived (incoming), was sent, or last saved (a draft). An incoming
    /// message is seen only once virtual time reaches it.
    pub at_utc_ms: i64,
    pub from: String,
    pub to: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub cc: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub bcc: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub reply_to: String,
    pub subject: String,
    /// The plain-text body (for an HTML-only incoming message, its text without tags).
    pub body: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<Attachment>,
    /// User label names.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<String>,
    pub unread: bool,
    pub starred: bool,
    pub inbox: bool,
    pub trashed: bool,
    /// In Spam (`moveToSpam`, or an `[[inbox]]` message with `spam = true`): out of the
    /// inbox and of searches that do not name `in:spam` or `in:anywhere`, as in Gmail.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub spam: bool,
    /// Marked important (`markImportant`, `is:important`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub important: bool,
    /// Sent by the account (`in:sent`).
    pub sent: bool,
    /// A draft's id (`r-...`) while the message is a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draft_id: Option<String>,
    /// Headers besides the ones the fields make (`headers.rs`), by name as written.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub headers: std::collections::BTreeMap<String, String>,
}

impl Message {
    /// Seen at `now`: arrived, and not a draft (drafts are reached through GmailDraft).
    pub fn seen(&self, now_utc_ms: i64) -> bool {
        self.at_utc_ms <= now_utc_ms && self.draft_id.is_none()
    }

    /// In the trash or in Spam: not in the inbox, nor in a label's unread count.
    pub fn discarded(&self) -> bool {
        self.trashed || self.spam
    }
}

/// The whole mailbox: messages in the order they were made, user labels in the order
/// they were created.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Mailbox {
    pub messages: Vec<Message>,
    pub labels: Vec<String>,
    /// The next id's sequence number (ids are `ID_BASE + seq` in hex).
    pub next_seq: u64,
    /// The addresses the account may send as (`getAliases()`, the `from` option), from
    /// the scenario's `[account] aliases`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

/// What a script's GmailMessage handle holds: the message as it was when fetched (the
/// platform's objects keep their state until `refresh()`, documented).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MessageView {
    pub id: String,
    pub thread_id: String,
    pub at_utc_ms: i64,
    pub from: String,
    pub to: String,
    pub cc: String,
    pub bcc: String,
    pub reply_to: String,
    pub subject: String,
    pub plain_body: String,
    pub body: String,
    pub unread: bool,
    pub starred: bool,
    pub in_inbox: bool,
    /// In the inbox and marked important (`ThreadView::in_priority_inbox`).
    pub in_priority_inbox: bool,
    pub in_trash: bool,
    pub draft: bool,
    pub attachment_count: usize,
}

/// What a script's GmailThread handle holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThreadView {
    pub id: String,
    pub first_subject: String,
    pub message_count: usize,
    pub last_at_utc_ms: i64,
    pub unread: bool,
    pub in_inbox: bool,
    pub in_trash: bool,
    pub in_spam: bool,
    pub important: bool,
    /// In the inbox and marked important, each as a thread is (a message of it in the
    /// inbox, one marked important): Gmail's Priority Inbox (assumed: the reference names
    /// it without defining it; gas-sim has no importance model of its own, the marks
    /// scripts and scenarios set decide).
    pub in_priority_inbox: bool,
    pub starred: bool,
}

/// A draft's handle: its id and its message's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DraftView {
    pub id: String,
    pub message_id: String,
}

/// Counts the report shows at the end of a run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct MailboxSummary {
    pub threads: usize,
    pub unread_threads: usize,
    pub inbox_threads: usize,
    pub sent_messages: usize,
    pub drafts: usize,
    /// Label name -> threads carrying it, in creation order.
    pub labels: Vec<(String, usize)>,
}

impl MessageView {
    pub fn of(message: &Message) -> MessageView {
        MessageView {
            id: message.id.clone(),
            thread_id: message.thread_id.clone(),
            at_utc_ms: message.at_utc_ms,
            from: message.from.clone(),
            to: message.to.clone(),
            cc: message.cc.clone(),
            bcc: message.bcc.clone(),
            // "usually the sender" (documented) when no Reply-To was set.
            reply_to: if message.reply_to.is_empty() { message.from.clone() } else { message.reply_to.clone() },
            subject: message.subject.clone(),
            plain_body: message.body.clone(),
            body: message.html.clone().unwrap_or_else(|| message.body.clone()),
            unread: message.unread,
            starred: message.starred,
            in_inbox: message.inbox && !message.discarded(),
            in_priority_inbox: message.inbox && !message.discarded() && message.important,
            in_trash: message.trashed,
            draft: message.draft_id.is_some(),
            attachment_count: message.attachments.len(),
        }
    }
}

/// A label name as `label:` matches it: Gmail ignores case and writes spaces and
/// slashes as dashes in queries (`label:my-orders` for "My Orders").
pub fn label_key(name: &str) -> String {
    name.trim().to_lowercase().chars().map(|c| if c == ' ' || c == '/' { '-' } else { c }).collect()
}

/// The text of an HTML body without its tags and with the common entities decoded:
/// what `getPlainBody()` gives for an HTML-only message (approximately: assumed).
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

impl Mailbox {
    /// What a hand-written state file must hold: unique ids, threads that exist, known
    /// labels, the limits.
    pub fn check_state(&self) -> Result<(), String> {
        if self.messages.len() > MESSAGES_MAX {
            return Err(format!("gmail.messages: holds {}, more than {MESSAGES_MAX}", self.messages.len()));
        }
        if self.labels.len() > LABELS_MAX {
            return Err(format!("gmail.labels: holds {}, more than {LABELS_MAX}", self.labels.len()));
        }
        let mut seen_labels = std::collections::BTreeSet::new();
        for (i, label) in self.labels.iter().enumerate() {
            check_label_name(label).map_err(|e| format!("gmail.labels[{i}]: {label:?}: {e}"))?;
            if !seen_labels.insert(label_key(label)) {
                return Err(format!("gmail.labels[{i}]: {label:?} is there twice"));
            }
        }
        check_aliases(&self.aliases).map_err(|e| format!("gmail.aliases: {e}"))?;
        let mut ids = std::collections::BTreeMap::new();
        let mut drafts = std::collections::BTreeSet::new();
        let mut thread_sizes: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
        for (i, m) in self.messages.iter().enumerate() {
            let key = format!("gmail.messages[{i}]");
            let seq = u64::from_str_radix(&m.id, 16).ok().and_then(|v| v.checked_sub(ID_BASE));
            if m.id.len() == 16 && seq.is_some_and(|seq| seq >= self.next_seq) {
                return Err(format!("{key}.id: {:?} is at or past gmail.next_seq {}", m.id, self.next_seq));
            }
            if m.id.is_empty() || ids.insert(m.id.as_str(), m).is_some() {
                return Err(format!("{key}.id: {:?} is empty or used twice", m.id));
            }
            crate::time::check_time_value(m.at_utc_ms).map_err(|e| format!("{key}.at_utc_ms: {e}"))?;
            m.check_extra_headers().map_err(|e| format!("{key}.headers: {e}"))?;
            if m.spam && m.trashed {
                return Err(format!("{key}: in Spam and in the trash at once (a message is in one of them)"));
            }
            if m.draft_id.is_some() && (m.spam || m.important || !m.headers.is_empty()) {
                return Err(format!("{key}: a draft is never in Spam, marked important or given headers"));
            }
            if let Some(draft) = &m.draft_id {
                if !drafts.insert(draft.as_str()) {
                    return Err(format!("{key}.draft_id: {draft:?} is used twice"));
                }
            }
            for label in &m.labels {
                if !seen_labels.contains(&label_key(label)) {
                    return Err(format!("{key}.labels: {label:?} is not in gmail.labels"));
                }
            }
            let size = thread_sizes.entry(m.thread_id.as_str()).or_default();
            *size += 1;
            if *size > THREAD_MESSAGES_MAX {
                return Err(format!(
                    "{key}.thread_id: thread {:?} has more than {THREAD_MESSAGES_MAX} messages",
                    m.thread_id
                ));
            }
        }
        for (i, m) in self.messages.iter().enumerate() {
            // A thread is named by its first message, which is in the same thread.
            match ids.get(m.thread_id.as_str()) {
                Some(first) if first.thread_id == m.thread_id => {}
                _ => {
                    return Err(format!(
                        "gmail.messages[{i}].thread_id: {:?} is no thread's first message",
                        m.thread_id
                    ))
                }
            }
        }
        if self.next_seq > crate::cache::STATE_COUNTER_MAX {
            return Err(format!("gmail.next_seq must be at most {}", crate::cache::STATE_COUNTER_MAX));
        }
        Ok(())
    }

    /// A new message id, never used in this mailbox: ids come from `next_seq`, and
    /// `check_state` refuses a state file with an id at or past it.
    pub fn new_id(&mut self) -> String {
        let id = format!("{:016x}", ID_BASE.wrapping_add(self.next_seq));
        self.next_seq += 1;
        id
    }

    pub fn message(&self, id: &str, now_utc_ms: i64) -> Option<&Message> {
        self.messages.iter().find(|m| m.id == id && m.seen(now_utc_ms))
    }

    /// The message a script's GmailMessage handle names: one seen now, or a draft's,
    /// which a script reaches through `GmailDraft.getMessage()` (documented) though
    /// searches, threads and `getMessageById` do not see it (`Message::seen`).
    pub fn handle_message(&self, id: &str, now_utc_ms: i64) -> Option<&Message> {
        self.messages.iter().find(|m| m.id == id && (m.seen(now_utc_ms) || m.draft_id.is_some()))
    }

    /// The thread's messages seen at `now`, oldest first.
    pub fn thread_messages(&self, thread_id: &str, now_utc_ms: i64) -> Vec<&Message> {
        let mut messages: Vec<&Message> =
            self.messages.iter().filter(|m| m.thread_id == thread_id && m.seen(now_utc_ms)).collect();
        messages.sort_by_key(|m| m.at_utc_ms);
        messages
    }

    pub fn thread_view(&self, thread_id: &str, now_utc_ms: i64) -> Option<ThreadView> {
        view_of(thread_id, &self.thread_messages(thread_id, now_utc_ms))
    }

    /// The views of many threads, in one pass over the messages (a search's answer).
    pub fn thread_views(&self, ids: &std::collections::BTreeSet<&str>, now_utc_ms: i64) -> Vec<ThreadView> {
        let mut by_thread: std::collections::BTreeMap<&str, Vec<&Message>> = std::collections::BTreeMap::new();
        for m in self.messages.iter().filter(|m| m.seen(now_utc_ms) && ids.contains(m.thread_id.as_str())) {
            by_thread.entry(m.thread_id.as_str()).or_default().push(m);
        }
        by_thread
            .into_iter()
            .filter_map(|(id, mut messages)| {
                messages.sort_by_key(|m| m.at_utc_ms);
                view_of(id, &messages)
            })
            .collect()
    }

    /// The user labels on a thread's messages, in the order they were created.
    pub fn thread_labels(&self, thread_id: &str, now_utc_ms: i64) -> Vec<String> {
        let messages = self.thread_messages(thread_id, now_utc_ms);
        self.labels
            .iter()
            .filter(|label| messages.iter().any(|m| m.labels.iter().any(|l| l == *label)))
            .cloned()
            .collect()
    }

    pub fn find_label(&self, name: &str) -> Option<&String> {
        self.labels.iter().find(|l| l.as_str() == name)
    }

    /// The counts a report shows, as the mailbox stands at `now`: one pass over the
    /// messages.
    pub fn summary(&self, now_utc_ms: i64) -> MailboxSummary {
        use std::collections::{BTreeMap, BTreeSet};
        #[derive(Default)]
        struct Flags {
            unread: bool,
            inbox: bool,
        }
        let mut threads: BTreeMap<&str, Flags> = BTreeMap::new();
        let mut labelled: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        let mut sent_messages = 0;
        for m in self.messages.iter().filter(|m| m.seen(now_utc_ms)) {
            let flags = threads.entry(m.thread_id.as_str()).or_default();
            flags.unread |= m.unread && !m.trashed;
            flags.inbox |= m.inbox && !m.discarded();
            sent_messages += usize::from(m.sent);
            for label in &m.labels {
                labelled.entry(label.as_str()).or_default().insert(m.thread_id.as_str());
            }
        }
        MailboxSummary {
            threads: threads.len(),
            unread_threads: threads.values().filter(|f| f.unread).count(),
            inbox_threads: threads.values().filter(|f| f.inbox).count(),
            sent_messages,
            drafts: self.messages.iter().filter(|m| m.draft_id.is_some()).count(),
            labels: self
                .labels
                .iter()
                .map(|l| (l.clone(), labelled.get(l.as_str()).map_or(0, BTreeSet::len)))
                .collect(),
        }
    }
}

/// A thread's view from its messages seen now, oldest first.
fn view_of(thread_id: &str, messages: &[&Message]) -> Option<ThreadView> {
    let first = messages.first()?;
    Some(ThreadView {
        id: thread_id.to_string(),
        first_subject: first.subject.clone(),
        message_count: messages.len(),
        last_at_utc_ms: messages.iter().map(|m| m.at_utc_ms).max().unwrap_or(first.at_utc_ms),
        unread: messages.iter().any(|m| m.unread && !m.trashed),
        in_inbox: messages.iter().any(|m| m.inbox && !m.discarded()),
        in_trash: messages.iter().all(|m| m.trashed),
        in_spam: messages.iter().all(|m| m.spam),
        important: messages.iter().any(|m| m.important),
        in_priority_inbox: messages.iter().any(|m| m.inbox && !m.discarded()) && messages.iter().any(|m| m.important),
        starred: messages.iter().any(|m| m.starred),
    })
}

/// The sender of a scripted incoming message: an address (`a@b.c` or `Name <a@b.c>`).
pub fn check_sender(from: &str) -> Result<(), String> {
    let bare = bare_address(from);
    match bare.split_once('@') {
        Some((local, domain)) if !local.is_empty() && domain.contains('.') && !bare.contains(char::is_whitespace) => {
            Ok(())
        }
        _ => Err(format!("{from:?} is not an email address (write \"a@example.com\" or \"Ana <a@example.com>\")")),
    }
}

/// `GmailAttachment.getHash()`: "the SHA1 content hash for this attachment" (documented),
/// as 40 lower-case hex digits (assumed: the Gmail API's attachment hashes are written so).
pub fn attachment_hash(bytes: &[u8]) -> String {
    use sha1::{Digest, Sha1};
    Sha1::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Aliases an account may have (gas-sim's bound; Gmail's own is not documented).
pub const ALIASES_MAX: usize = 100;
/// A `from` option that is neither the account's address nor an alias (assumed text, in
/// the form of the service's other argument errors).
pub const INVALID_FROM_MESSAGE: &str = "Invalid argument: from";

/// An account's aliases: addresses, at most `ALIASES_MAX`, each once.
pub fn check_aliases(aliases: &[String]) -> Result<(), String> {
    if aliases.len() > ALIASES_MAX {
        return Err(format!("{} aliases: at most {ALIASES_MAX}", aliases.len()));
    }
    let mut seen = std::collections::BTreeSet::new();
    for alias in aliases {
        check_sender(alias)?;
        if alias.contains('<') {
            return Err(format!("{alias:?}: write the address alone (getAliases() gives addresses)"));
        }
        if !seen.insert(bare_address(alias)) {
            return Err(format!("{alias:?} is there twice"));
        }
    }
    Ok(())
}

/// A batch of threads a call takes at once.
pub fn check_batch(len: usize) -> crate::ServiceResult<()> {
    if len > BATCH_THREADS_MAX {
        return Err(crate::ServiceError::new(BATCH_TOO_LARGE_MESSAGE));
    }
    Ok(())
}

/// A user label name the platform accepts: not empty, not too long, not a system
/// label's name (assumed rule and text, after the Gmail API's).
pub fn check_label_name(name: &str) -> Result<(), String> {
    const SYSTEM: [&str; 10] =
        ["inbox", "sent", "trash", "spam", "drafts", "draft", "starred", "important", "unread", "chats"];
    let trimmed = name.trim();
    if trimmed.is_empty()
        || name.chars().count() > LABEL_NAME_CHARS_MAX
        || SYSTEM.contains(&trimmed.to_lowercase().as_str())
    {
        return Err(INVALID_LABEL_NAME_MESSAGE.to_string());
    }
    Ok(())
}
