//! What a script does to the mailbox: send, reply, forward, drafts, labels, read and
//! star marks, inbox/archive/trash, and search. Each rule once, with its limit.

use chrono_tz::Tz;

use super::query::{self, Query, Scope};
use super::*;
use crate::mail::{split_recipients, AccountType, Mail, OutgoingMail};
use crate::{ServiceError, ServiceResult};

/// A message a script composes: what `MailApp` would send, plus what only GmailApp has.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Compose {
    pub mail: OutgoingMail,
    pub attachments: Vec<Attachment>,
    /// `noReply: true`: sent from a no-reply address; Workspace accounts only
    /// (documented); a consumer account's sends are unchanged (assumed).
    pub no_reply: bool,
    /// The `from` option: one of the account's aliases (documented: "must be one of the
    /// values returned by getAliases()"), the account's own address, or none.
    pub from: Option<String>,
}

impl Compose {
    /// The message as the log of sent mail keeps it: with its attachments' names,
    /// types and sizes (MailApp's and GmailApp's alike).
    pub fn outgoing(&self) -> OutgoingMail {
        OutgoingMail { attachments: self.attachments.iter().map(Attachment::summary).collect(), ..self.mail.clone() }
    }
}

/// The account a send is made as.
#[derive(Debug, Clone, Copy)]
pub struct Account<'a> {
    pub email: &'a str,
    pub zone: Tz,
}

/// The limits of one message: subject, body, attachments (documented figures; texts in
/// `mod.rs`). Checked before the quota, so a refused message uses none.
pub fn check_compose(compose: &Compose, account: AccountType) -> ServiceResult<()> {
    if compose.mail.subject.chars().count() > SUBJECT_CHARS_MAX {
        return Err(ServiceError::new(SUBJECT_TOO_LONG_MESSAGE));
    }
    let body_max = match account {
        AccountType::Consumer => BODY_BYTES_MAX_CONSUMER,
        AccountType::Workspace => BODY_BYTES_MAX_WORKSPACE,
    };
    let body_bytes = compose.mail.body.len().max(compose.mail.html_body.as_ref().map_or(0, String::len));
    if body_bytes > body_max {
        return Err(ServiceError::new(BODY_TOO_LARGE_MESSAGE));
    }
    check_attachments(&compose.attachments)
}

/// A message's attachments: at most 250, 25 MB together (documented figures; texts in
/// `mod.rs`). Scripted incoming mail and drafts (`[[inbox]]`) are held to them too.
pub fn check_attachments(attachments: &[Attachment]) -> ServiceResult<()> {
    if attachments.len() > ATTACHMENTS_PER_MESSAGE_MAX {
        return Err(ServiceError::new(TOO_MANY_ATTACHMENTS_MESSAGE));
    }
    if attachments.iter().map(|a| a.bytes.len()).sum::<usize>() > ATTACHMENTS_BYTES_MAX {
        return Err(ServiceError::new(ATTACHMENTS_TOO_LARGE_MESSAGE));
    }
    Ok(())
}

/// "Re: " or "Fwd: " before a subject that does not start with it already.
fn prefixed(prefix: &str, subject: &str) -> String {
    if subject.to_lowercase().starts_with(&prefix.to_lowercase()) {
        subject.to_string()
    } else {
        format!("{prefix}{subject}")
    }
}

/// The bare address of `Name <a@b.c>`, lower case.
pub fn bare_address(header: &str) -> String {
    let bare = match (header.find('<'), header.rfind('>')) {
        (Some(open), Some(close)) if open < close => &header[open + 1..close],
        _ => header,
    };
    bare.trim().to_lowercase()
}

impl Mailbox {
    /// `getAliases()`: the addresses the account may send as, as the scenario set them.
    pub fn aliases(&self) -> &[String] {
        &self.aliases
    }

    /// The `from` option of a send or draft: the account's own address or one of its
    /// aliases, in any case; anything else is refused before the quota is used.
    fn check_from(&self, compose: &Compose, account: Account) -> ServiceResult<()> {
        match &compose.from {
            Some(from) if !self.is_me(from, account) => Err(ServiceError::new(INVALID_FROM_MESSAGE)),
            _ => Ok(()),
        }
    }

    /// The account's address or one of its aliases, in any case, with or without a name.
    fn is_me(&self, address: &str, account: Account) -> bool {
        let bare = bare_address(address);
        bare == bare_address(account.email) || self.aliases.iter().any(|alias| bare_address(alias) == bare)
    }

    /// The From header of a message the account makes: its address, the alias `from`
    /// names (as `[account] aliases` writes it), or a Workspace no-reply address; with
    /// the `name` option.
    fn sender_header(&self, compose: &Compose, email: &str, account: AccountType) -> String {
        let address = if compose.no_reply && account == AccountType::Workspace {
            format!("noreply@{}", email.split_once('@').map_or(email, |(_, domain)| domain))
        } else {
            let alias = |from: &String| self.aliases.iter().find(|a| bare_address(a) == bare_address(from));
            compose.from.as_ref().and_then(alias).map_or(email, String::as_str).to_string()
        };
        match &compose.mail.name {
            Some(name) => format!("{name} <{address}>"),
            None => address,
        }
    }

    fn check_room(&self) -> ServiceResult<()> {
        if self.messages.len() >= MESSAGES_MAX {
            return Err(ServiceError::new(MAILBOX_FULL_MESSAGE));
        }
        Ok(())
    }

    /// The thread a new message joins: `thread_id`'s, unless it is full, when Gmail
    /// starts a new conversation (the message's own id).
    fn thread_for(&self, thread_id: Option<&str>, own_id: &str) -> String {
        match thread_id {
            Some(t) if self.messages.iter().filter(|m| m.thread_id == t).count() < THREAD_MESSAGES_MAX => t.to_string(),
            _ => own_id.to_string(),
        }
    }

    fn message_of(compose: &Compose, id: String, thread_id: String, from: String, at_utc_ms: i64) -> Message {
        Message {
            id,
            thread_id,
            at_utc_ms,
            from,
            to: compose.mail.to.join(", "),
            cc: compose.mail.cc.join(", "),
            bcc: compose.mail.bcc.join(", "),
            reply_to: compose.mail.reply_to.clone().unwrap_or_default(),
            subject: compose.mail.subject.clone(),
            body: compose.mail.body.clone(),
            html: compose.mail.html_body.clone(),
            attachments: compose.attachments.clone(),
            sent: true,
            ..Default::default()
        }
    }

    /// Sends a message (into `thread_id`'s thread for a reply or forward): the limits,
    /// then MailApp's quota and address rules, then the copy in Sent. Returns its id.
    pub fn send(
        &mut self,
        mail: &mut Mail,
        compose: Compose,
        thread_id: Option<&str>,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<String> {
        check_compose(&compose, mail.account)?;
        self.check_from(&compose, account)?;
        self.check_room()?;
        mail.send(compose.outgoing(), now_utc_ms, account.zone)?;
        let id = self.new_id();
        let thread = self.thread_for(thread_id, &id);
        let from = self.sender_header(&compose, account.email, mail.account);
        self.messages.push(Self::message_of(&compose, id.clone(), thread, from, now_utc_ms));
        Ok(id)
    }

    fn seen_message(&self, id: &str, now_utc_ms: i64) -> ServiceResult<&Message> {
        // A handle can only name a message the script saw; a deleted draft's is gone.
        self.message(id, now_utc_ms).ok_or_else(|| ServiceError::new(format!("Invalid argument: id {id}")))
    }

    /// `message.reply(body, options)` / `replyAll`: to the Reply-To (else the sender),
    /// and for replyAll also the other recipients but the account; subject `Re: ...`;
    /// in the message's thread.
    pub fn reply(
        &mut self,
        mail: &mut Mail,
        message_id: &str,
        compose: Compose,
        all: bool,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<String> {
        let (compose, thread_id) = self.addressed_reply(message_id, compose, all, account, now_utc_ms)?;
        self.send(mail, compose, Some(&thread_id), account, now_utc_ms)
    }

    /// `message.createDraftReply(body, options)` / `createDraftReplyAll`: the reply
    /// `reply` would send, kept as a draft of the message's thread (no quota used).
    pub fn draft_reply(
        &mut self,
        mail: &Mail,
        message_id: &str,
        compose: Compose,
        all: bool,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<DraftView> {
        let (compose, thread_id) = self.addressed_reply(message_id, compose, all, account, now_utc_ms)?;
        self.new_draft(mail, compose, Some(&thread_id), account, now_utc_ms)
    }

    /// A reply's recipients and subject (see `reply`), and the thread it goes into.
    fn addressed_reply(
        &self,
        message_id: &str,
        mut compose: Compose,
        all: bool,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<(Compose, String)> {
        let original = self.seen_message(message_id, now_utc_ms)?;
        let back_to = if original.reply_to.is_empty() { &original.from } else { &original.reply_to };
        // A reply to the account's own message (from its address or an alias) goes to
        // that message's recipients.
        let mut to = if self.is_me(back_to, account) && original.sent {
            split_recipients(&original.to)
        } else {
            split_recipients(back_to)
        };
        if all {
            let others = split_recipients(&original.to).into_iter().chain(split_recipients(&original.cc));
            let mut cc: Vec<String> = Vec::new();
            for address in others {
                let bare = bare_address(&address);
                if !self.is_me(&address, account) && !to.iter().chain(&cc).any(|a| bare_address(a) == bare) {
                    cc.push(address);
                }
            }
            compose.mail.cc.extend(cc);
        }
        to.dedup();
        compose.mail.to = to;
        compose.mail.subject = prefixed("Re: ", &original.subject);
        Ok((compose, original.thread_id.clone()))
    }

    /// `thread.reply(...)`: a reply to the thread's last message.
    pub fn reply_thread(
        &mut self,
        mail: &mut Mail,
        thread_id: &str,
        compose: Compose,
        all: bool,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<String> {
        let last = self.last_message_id(thread_id, now_utc_ms)?;
        self.reply(mail, &last, compose, all, account, now_utc_ms)
    }

    /// `thread.createDraftReply(...)`: a draft reply to the thread's last message.
    pub fn draft_reply_thread(
        &mut self,
        mail: &Mail,
        thread_id: &str,
        compose: Compose,
        all: bool,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<DraftView> {
        let last = self.last_message_id(thread_id, now_utc_ms)?;
        self.draft_reply(mail, &last, compose, all, account, now_utc_ms)
    }

    fn last_message_id(&self, thread_id: &str, now_utc_ms: i64) -> ServiceResult<String> {
        let last = self.thread_messages(thread_id, now_utc_ms).last().map(|m| m.id.clone());
        last.ok_or_else(|| ServiceError::new(format!("Invalid argument: id {thread_id}")))
    }

    /// `message.forward(recipient, options)`: the message's body and attachments (plus
    /// the options' attachments) to new recipients, subject `Fwd: ...`, same thread.
    pub fn forward(
        &mut self,
        mail: &mut Mail,
        message_id: &str,
        mut compose: Compose,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<String> {
        let original = self.seen_message(message_id, now_utc_ms)?.clone();
        compose.mail.subject = prefixed("Fwd: ", &original.subject);
        if compose.mail.body.is_empty() {
            compose.mail.body = original.body.clone();
        }
        if compose.mail.html_body.is_none() {
            compose.mail.html_body = original.html.clone();
        }
        let mut attachments = original.attachments.clone();
        attachments.append(&mut compose.attachments);
        compose.attachments = attachments;
        self.send(mail, compose, Some(&original.thread_id), account, now_utc_ms)
    }

    // ---- drafts --------------------------------------------------------------------

    pub fn create_draft(
        &mut self,
        mail: &Mail,
        compose: Compose,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<DraftView> {
        self.new_draft(mail, compose, None, account, now_utc_ms)
    }

    /// A draft in `thread_id`'s thread (a draft reply), else in a thread of its own. Like
    /// every draft, searches and threads do not see it until it is sent.
    fn new_draft(
        &mut self,
        mail: &Mail,
        compose: Compose,
        thread_id: Option<&str>,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<DraftView> {
        check_compose(&compose, mail.account)?;
        self.check_from(&compose, account)?;
        self.check_room()?;
        let id = self.new_id();
        let draft_id = format!("r-{}", u64::from_str_radix(&id, 16).unwrap_or(0) % 10_000_000_000_000_000_000);
        let from = self.sender_header(&compose, account.email, mail.account);
        let thread = self.thread_for(thread_id, &id);
        let mut message = Self::message_of(&compose, id.clone(), thread, from, now_utc_ms);
        message.sent = false;
        message.draft_id = Some(draft_id.clone());
        self.messages.push(message);
        Ok(DraftView { id: draft_id, message_id: id })
    }

    fn draft_index(&self, draft_id: &str) -> Option<usize> {
        self.messages.iter().position(|m| m.draft_id.as_deref() == Some(draft_id))
    }

    pub fn draft(&self, draft_id: &str) -> Option<DraftView> {
        self.draft_index(draft_id)
            .map(|i| DraftView { id: draft_id.to_string(), message_id: self.messages[i].id.clone() })
    }

    /// Every draft, newest first (as Gmail lists them).
    pub fn drafts(&self) -> Vec<DraftView> {
        self.draft_messages()
            .iter()
            .map(|m| DraftView { id: m.draft_id.clone().unwrap_or_default(), message_id: m.id.clone() })
            .collect()
    }

    /// `GmailApp.getDraftMessages()`: each draft's message, in `drafts()`'s order.
    pub fn draft_messages(&self) -> Vec<&Message> {
        let mut drafts: Vec<&Message> = self.messages.iter().filter(|m| m.draft_id.is_some()).collect();
        drafts.sort_by(|a, b| b.at_utc_ms.cmp(&a.at_utc_ms).then(b.id.cmp(&a.id)));
        drafts
    }

    pub fn draft_message(&self, draft_id: &str) -> ServiceResult<&Message> {
        self.draft_index(draft_id).map(|i| &self.messages[i]).ok_or_else(|| no_draft(draft_id))
    }

    /// `draft.update(...)`: new content, same draft and message ids.
    pub fn update_draft(
        &mut self,
        mail: &Mail,
        draft_id: &str,
        compose: Compose,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<DraftView> {
        check_compose(&compose, mail.account)?;
        self.check_from(&compose, account)?;
        let i = self.draft_index(draft_id).ok_or_else(|| no_draft(draft_id))?;
        let old = &self.messages[i];
        let from = self.sender_header(&compose, account.email, mail.account);
        let mut message = Self::message_of(&compose, old.id.clone(), old.thread_id.clone(), from, now_utc_ms);
        message.sent = false;
        message.draft_id = Some(draft_id.to_string());
        self.messages[i] = message;
        Ok(DraftView { id: draft_id.to_string(), message_id: self.messages[i].id.clone() })
    }

    /// `draft.send()`: the quota and address rules of any send; the draft becomes the
    /// sent message (same message id). Returns the message's id.
    pub fn send_draft(
        &mut self,
        mail: &mut Mail,
        draft_id: &str,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<String> {
        let i = self.draft_index(draft_id).ok_or_else(|| no_draft(draft_id))?;
        let m = &self.messages[i];
        let outgoing = OutgoingMail {
            to: split_recipients(&m.to),
            cc: split_recipients(&m.cc),
            bcc: split_recipients(&m.bcc),
            subject: m.subject.clone(),
            body: m.body.clone(),
            html_body: m.html.clone(),
            name: None,
            reply_to: (!m.reply_to.is_empty()).then(|| m.reply_to.clone()),
            via: "GmailApp".into(),
            attachments: m.attachments.iter().map(Attachment::summary).collect(),
        };
        mail.send(outgoing, now_utc_ms, account.zone)?;
        let m = &mut self.messages[i];
        m.draft_id = None;
        m.sent = true;
        m.at_utc_ms = now_utc_ms;
        Ok(m.id.clone())
    }

    pub fn delete_draft(&mut self, draft_id: &str) -> ServiceResult<()> {
        let i = self.draft_index(draft_id).ok_or_else(|| no_draft(draft_id))?;
        self.messages.remove(i);
        Ok(())
    }

    // ---- labels --------------------------------------------------------------------

    /// `createLabel(name)`: the label, made if it is new (an existing name gives the
    /// existing label: assumed).
    pub fn create_label(&mut self, name: &str) -> ServiceResult<String> {
        check_label_name(name).map_err(ServiceError::new)?;
        if let Some(existing) = self.labels.iter().find(|l| label_key(l) == label_key(name)) {
            return Ok(existing.clone());
        }
        if self.labels.len() >= LABELS_MAX {
            return Err(ServiceError::new(TOO_MANY_LABELS_MESSAGE));
        }
        self.labels.push(name.to_string());
        Ok(name.to_string())
    }

    /// Deletes a label: off every message too. A label already gone is no error.
    pub fn delete_label(&mut self, name: &str) {
        self.labels.retain(|l| l != name);
        for m in &mut self.messages {
            m.labels.retain(|l| l != name);
        }
    }

    fn known_label(&self, name: &str) -> ServiceResult<()> {
        // A GmailLabel whose label was deleted (assumed text).
        match self.find_label(name) {
            Some(_) => Ok(()),
            None => Err(ServiceError::new(format!("Invalid argument: label {name}"))),
        }
    }

    /// Puts `name` on (or takes it off) every message of the thread seen at `now`.
    pub fn set_thread_label(&mut self, thread_id: &str, name: &str, on: bool, now_utc_ms: i64) -> ServiceResult<()> {
        if on {
            self.known_label(name)?;
        }
        for m in self.messages.iter_mut().filter(|m| m.thread_id == thread_id && m.seen(now_utc_ms)) {
            let has = m.labels.iter().any(|l| l == name);
            if on && !has {
                m.labels.push(name.to_string());
            } else if !on && has {
                m.labels.retain(|l| l != name);
            }
        }
        Ok(())
    }

    // ---- marks and places ------------------------------------------------------------

    fn each_message(&mut self, message_id: &str, now_utc_ms: i64, change: impl Fn(&mut Message)) -> ServiceResult<()> {
        let m = self
            .messages
            .iter_mut()
            .find(|m| m.id == message_id && m.seen(now_utc_ms))
            .ok_or_else(|| ServiceError::new(format!("Invalid argument: id {message_id}")))?;
        change(m);
        Ok(())
    }

    fn each_in_thread(&mut self, thread_id: &str, now_utc_ms: i64, change: impl Fn(&mut Message)) {
        for m in self.messages.iter_mut().filter(|m| m.thread_id == thread_id && m.seen(now_utc_ms)) {
            change(m);
        }
    }

    pub fn mark_message(&mut self, message_id: &str, change: MessageChange, now_utc_ms: i64) -> ServiceResult<()> {
        self.each_message(message_id, now_utc_ms, |m| change.apply(m))
    }

    /// A change to every message of a thread seen now; messages that arrive later keep
    /// their own marks (a new reply makes an archived thread show in the inbox again, as
    /// in Gmail).
    pub fn mark_thread(&mut self, thread_id: &str, change: MessageChange, now_utc_ms: i64) {
        self.each_in_thread(thread_id, now_utc_ms, |m| change.apply(m))
    }

    // ---- search --------------------------------------------------------------------

    /// `search(query, start, max)`: the threads with a message matching `query`,
    /// latest message first, one `page` of them.
    pub fn search(&self, text: &str, page: Page, account: Account, now_utc_ms: i64) -> ServiceResult<Vec<ThreadView>> {
        let parsed = query::parse(text, account.zone)?;
        Ok(page.of_threads(self.threads_matching(&parsed, account, now_utc_ms)))
    }

    /// `getPriorityInboxThreads([start, max])`: the inbox's threads marked important
    /// (`ThreadView::in_priority_inbox`), latest message first.
    pub fn priority_inbox(&self, page: Page, account: Account, now_utc_ms: i64) -> ServiceResult<Vec<ThreadView>> {
        Ok(page.of_threads(self.priority_inbox_threads(account, now_utc_ms)?))
    }

    fn priority_inbox_threads(&self, account: Account, now_utc_ms: i64) -> ServiceResult<Vec<ThreadView>> {
        let inbox = query::parse("in:inbox", account.zone)?;
        let mut threads = self.threads_matching(&inbox, account, now_utc_ms);
        threads.retain(|thread| thread.in_priority_inbox);
        Ok(threads)
    }

    /// Threads with a message matching `parsed`, latest message first.
    fn threads_matching(&self, parsed: &Query, account: Account, now_utc_ms: i64) -> Vec<ThreadView> {
        let scope = Scope::of(parsed);
        let context = query::Context { me: &account.email.to_lowercase(), now_utc_ms };
        let matching: std::collections::BTreeSet<&str> = self
            .messages
            .iter()
            .filter(|m| m.seen(now_utc_ms) && scope.admits(m) && parsed.matches(m, &context))
            .map(|m| m.thread_id.as_str())
            .collect();
        let mut views = self.thread_views(&matching, now_utc_ms);
        views.sort_by(|a, b| b.last_at_utc_ms.cmp(&a.last_at_utc_ms).then(b.id.cmp(&a.id)));
        views
    }

    /// `getInboxUnreadCount()`: unread threads in the inbox (documented: threads).
    pub fn inbox_unread_count(&self, account: Account, now_utc_ms: i64) -> ServiceResult<usize> {
        self.unread_count(UnreadIn::Inbox, account, now_utc_ms)
    }

    /// `getInboxUnreadCount()`, `getStarredUnreadCount()`, `getSpamUnreadCount()`: the
    /// threads with an unread message in that place (documented: "the number of unread
    /// threads"), counted as `search` finds them; `getPriorityInboxUnreadCount()`: the
    /// unread threads of `getPriorityInboxThreads()`.
    pub fn unread_count(&self, place: UnreadIn, account: Account, now_utc_ms: i64) -> ServiceResult<usize> {
        let query = match place {
            UnreadIn::Inbox => "in:inbox is:unread",
            UnreadIn::Starred => "is:starred is:unread",
            UnreadIn::Spam => "in:spam is:unread",
            UnreadIn::PriorityInbox => {
                let threads = self.priority_inbox_threads(account, now_utc_ms)?;
                return Ok(threads.iter().filter(|thread| thread.unread).count());
            }
        };
        let parsed = query::parse(query, account.zone)?;
        Ok(self.threads_matching(&parsed, account, now_utc_ms).len())
    }

    /// `label.getUnreadCount()`: unread threads carrying the label.
    pub fn label_unread_count(&self, name: &str, now_utc_ms: i64) -> usize {
        let mut threads: Vec<&str> = self
            .messages
            .iter()
            .filter(|m| m.seen(now_utc_ms) && !m.discarded() && m.labels.iter().any(|l| l == name))
            .map(|m| m.thread_id.as_str())
            .collect();
        threads.sort_unstable();
        threads.dedup();
        threads.iter().filter(|t| self.thread_view(t, now_utc_ms).is_some_and(|v| v.unread)).count()
    }

    /// `label.getThreads(start, max)`: the label's threads, latest first.
    pub fn label_threads(
        &self,
        name: &str,
        page: Page,
        account: Account,
        now_utc_ms: i64,
    ) -> ServiceResult<Vec<ThreadView>> {
        let parsed = Query::Term(query::Term::Label(label_key(name)));
        Ok(page.of_threads(self.threads_matching(&parsed, account, now_utc_ms)))
    }
}

/// Where `unread_count` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnreadIn {
    Inbox,
    Starred,
    Spam,
    PriorityInbox,
}

/// One change of marks or place, for a message or every message of a thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageChange {
    Read,
    Unread,
    Star,
    Unstar,
    Archive,
    Inbox,
    Trash,
    Spam,
    Important,
    Unimportant,
}

impl MessageChange {
    fn apply(self, m: &mut Message) {
        match self {
            MessageChange::Read => m.unread = false,
            MessageChange::Unread => m.unread = true,
            MessageChange::Star => m.starred = true,
            MessageChange::Unstar => m.starred = false,
            MessageChange::Archive => m.inbox = false,
            // Out of the trash and Spam too (documented for moveThreadToInbox's effect in
            // Gmail; "Not spam" moves a message to the inbox).
            MessageChange::Inbox => {
                m.inbox = true;
                m.trashed = false;
                m.spam = false;
            }
            // Deleting a message in Spam moves it to the trash, as in Gmail.
            MessageChange::Trash => {
                m.trashed = true;
                m.spam = false;
            }
            MessageChange::Spam => {
                m.spam = true;
                m.inbox = false;
                m.trashed = false;
            }
            MessageChange::Important => m.important = true,
            MessageChange::Unimportant => m.important = false,
        }
    }
}

/// Assumed text for a draft id that names no draft (deleted, or sent).
fn no_draft(draft_id: &str) -> ServiceError {
    ServiceError::new(format!("Invalid argument: draftId {draft_id}"))
}
