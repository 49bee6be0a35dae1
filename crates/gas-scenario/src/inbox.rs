//! `[[inbox]]`: mail arriving in GmailApp's mailbox, drafts, and labels no message
//! carries yet. Every message goes into the initial world with its arrival instant; the
//! mailbox shows it once virtual time has reached it (`gas_platform::gmail`), so no
//! scheduler event is needed. Drafts are in the mailbox from the start, made as a
//! script's `createDraft` makes them (the same ids and limits).

use std::collections::BTreeMap;

use gas_platform::gmail::{self, Account, Attachment, Compose, Message, MESSAGES_MAX, THREAD_MESSAGES_MAX};
use gas_platform::mail::{split_recipients, OutgoingMail};
use gas_platform::World;
use toml::Spanned;

use crate::model::{InboxSection, LoadedScenario, ScenarioError};

/// What an `[[inbox]]` entry declares, told apart by its keys.
enum Entry {
    /// Only `labels`.
    Labels,
    /// `draft = true`.
    Draft,
    Message,
}

fn entry_of(loaded: &LoadedScenario, section: &InboxSection, key: &str) -> Result<Entry, ScenarioError> {
    if section.draft.as_ref().is_some_and(|d| *d.get_ref()) {
        // A draft is the account's, unsent, and threadless until it is sent.
        let refused = [
            ("at", section.at.as_ref().map(Spanned::span), "a draft is in the mailbox from the start"),
            ("from", section.from.as_ref().map(Spanned::span), "a draft is from the account"),
            ("thread", section.thread.as_ref().map(Spanned::span), "a draft starts its own thread"),
            ("unread", section.unread.as_ref().map(Spanned::span), "a draft is never unread"),
            ("headers", section.headers.as_ref().map(Spanned::span), "a draft's headers come from its other keys"),
            ("spam", section.spam.as_ref().map(Spanned::span), "a draft is never in Spam"),
            ("important", section.important.as_ref().map(Spanned::span), "a draft is not marked important here"),
            (
                "labels",
                section.labels.first().map(Spanned::span),
                "a draft carries no labels here (an entry with only `labels` declares labels)",
            ),
        ];
        if let Some((name, span, why)) = refused.into_iter().find_map(|(n, s, w)| s.map(|s| (n, s, w))) {
            let at = Spanned::new(span, ());
            return Err(loaded.error_at(&at, &format!("{key}.{name}"), why));
        }
        return Ok(Entry::Draft);
    }
    if section.at.is_some() || section.from.is_some() {
        for (name, missing, what) in
            [("at", section.at.is_none(), "when it arrives"), ("from", section.from.is_none(), "its sender's address")]
        {
            if missing {
                return Err(loaded.error(key, format!("an incoming message needs `{name}` ({what})")));
            }
        }
        return Ok(Entry::Message);
    }
    let content = section.to.is_some()
        || section.cc.is_some()
        || section.subject.is_some()
        || section.body.is_some()
        || section.html.is_some()
        || section.thread.is_some()
        || section.unread.is_some()
        || section.headers.is_some()
        || section.spam.is_some()
        || section.important.is_some()
        || !section.attachments.is_empty();
    if content || section.labels.is_empty() {
        return Err(loaded.error(
            key,
            "an incoming message needs `at` and `from`; `draft = true` declares a draft, and an entry with only `labels` declares labels",
        ));
    }
    Ok(Entry::Labels)
}

/// Adds the scenario's labels, drafts and incoming mail to `world`: labels-only entries
/// first (file order, so `getUserLabels` lists them as written), then drafts (file
/// order, saved at `start_utc_ms`), then messages in arrival order (file order at the
/// same instant). `at` checks a time lies in the run's window.
pub fn add_to_world(
    loaded: &LoadedScenario,
    world: &mut World,
    zone: chrono_tz::Tz,
    start_utc_ms: i64,
    at: &crate::plan::TimeCheck<'_>,
) -> Result<(), ScenarioError> {
    let sections = &loaded.file.inbox;
    if sections.len() > MESSAGES_MAX {
        return Err(
            loaded.error("inbox", format!("{} messages: the mailbox holds at most {MESSAGES_MAX}", sections.len()))
        );
    }
    let mut kinds = Vec::with_capacity(sections.len());
    for (i, section) in sections.iter().enumerate() {
        kinds.push(entry_of(loaded, section, &format!("inbox[{i}]"))?);
    }
    for (i, section) in sections.iter().enumerate().filter(|(i, _)| matches!(kinds[*i], Entry::Labels)) {
        create_labels(loaded, world, section, &format!("inbox[{i}]"))?;
    }
    for (i, section) in sections.iter().enumerate().filter(|(i, _)| matches!(kinds[*i], Entry::Draft)) {
        add_draft(loaded, world, section, &format!("inbox[{i}]"), zone, start_utc_ms)?;
    }
    let mut arrivals = Vec::with_capacity(sections.len());
    for (i, section) in sections.iter().enumerate().filter(|(i, _)| matches!(kinds[*i], Entry::Message)) {
        if let Some(when) = &section.at {
            arrivals.push((at(when, &format!("inbox[{i}].at"))?, i));
        }
    }
    arrivals.sort();
    let mut threads: BTreeMap<&str, (String, usize)> = BTreeMap::new();
    for (at_utc_ms, i) in arrivals {
        let section = &sections[i];
        let key = format!("inbox[{i}]");
        let Some(from) = &section.from else { continue };
        gmail::check_sender(from.get_ref()).map_err(|e| loaded.error_at(from, &format!("{key}.from"), e))?;
        let labels = create_labels(loaded, world, section, &key)?;
        let attachments = attachments_of(loaded, section, &key)?;
        let headers = headers_of(loaded, section, &key)?;
        let id = world.gmail.new_id();
        let thread_id = match &section.thread {
            None => id.clone(),
            Some(name) => {
                let (thread_id, size) = threads.entry(name.get_ref()).or_insert_with(|| (id.clone(), 0));
                *size += 1;
                if *size > THREAD_MESSAGES_MAX {
                    let message = format!(
                        "thread {:?} has more than {THREAD_MESSAGES_MAX} messages (Gmail starts a new conversation past that)",
                        name.get_ref()
                    );
                    return Err(loaded.error_at(name, &format!("{key}.thread"), message));
                }
                thread_id.clone()
            }
        };
        world.gmail.messages.push(Message {
            id,
            thread_id,
            at_utc_ms,
            from: from.get_ref().clone(),
            to: section.to.clone().unwrap_or_else(|| world.user_email.clone()),
            cc: section.cc.clone().unwrap_or_default(),
            subject: section.subject.clone().unwrap_or_default(),
            body: plain_body(section),
            html: section.html.clone(),
            attachments,
            labels,
            unread: section.unread.as_ref().is_none_or(|u| *u.get_ref()),
            spam: section.spam.as_ref().is_some_and(|s| *s.get_ref()),
            important: section.important.as_ref().is_some_and(|i| *i.get_ref()),
            inbox: !section.spam.as_ref().is_some_and(|s| *s.get_ref()),
            headers,
            ..Default::default()
        });
    }
    Ok(())
}

/// `headers = { ... }`: names and values the platform's rules take (`gmail::check_header`).
fn headers_of(
    loaded: &LoadedScenario,
    section: &InboxSection,
    key: &str,
) -> Result<BTreeMap<String, String>, ScenarioError> {
    let Some(headers) = &section.headers else { return Ok(BTreeMap::new()) };
    let message = Message { headers: headers.get_ref().clone(), ..Default::default() };
    message.check_extra_headers().map_err(|e| loaded.error_at(headers, &format!("{key}.headers"), e))?;
    Ok(message.headers)
}

/// The plain body: `body`, else the text of `html` (what `getPlainBody()` gives).
fn plain_body(section: &InboxSection) -> String {
    match (&section.body, &section.html) {
        (Some(body), _) => body.clone(),
        (None, Some(html)) => gmail::html_to_text(html),
        (None, None) => String::new(),
    }
}

/// The entry's labels, created as a script's `createLabel` creates them (same names
/// rule, an existing name is that label).
fn create_labels(
    loaded: &LoadedScenario,
    world: &mut World,
    section: &InboxSection,
    key: &str,
) -> Result<Vec<String>, ScenarioError> {
    let mut labels = Vec::new();
    for (j, label) in section.labels.iter().enumerate() {
        let name = world
            .gmail
            .create_label(label.get_ref())
            .map_err(|e| loaded.error_at(label, &format!("{key}.labels[{j}]"), e.message))?;
        labels.push(name);
    }
    Ok(labels)
}

/// The entry's attachments: a name each, within the platform's limits for a message.
fn attachments_of(
    loaded: &LoadedScenario,
    section: &InboxSection,
    key: &str,
) -> Result<Vec<Attachment>, ScenarioError> {
    let mut attachments = Vec::with_capacity(section.attachments.len());
    for (j, spanned) in section.attachments.iter().enumerate() {
        let attachment = spanned.get_ref();
        if attachment.name.trim().is_empty() {
            return Err(loaded.error_at(
                spanned,
                &format!("{key}.attachments[{j}].name"),
                "an attachment needs a name",
            ));
        }
        attachments.push(Attachment {
            name: attachment.name.clone(),
            content_type: attachment.content_type.clone().unwrap_or_else(|| "text/plain".into()),
            bytes: attachment.text.clone().into_bytes(),
        });
    }
    gmail::check_attachments(&attachments).map_err(|e| match section.attachments.first() {
        Some(first) => loaded.error_at(first, &format!("{key}.attachments"), e.message),
        None => loaded.error(key, e.message),
    })?;
    Ok(attachments)
}

/// A draft, made as `GmailApp.createDraft` makes one (its limits, ids and From).
fn add_draft(
    loaded: &LoadedScenario,
    world: &mut World,
    section: &InboxSection,
    key: &str,
    zone: chrono_tz::Tz,
    start_utc_ms: i64,
) -> Result<(), ScenarioError> {
    let split = |list: &Option<String>| list.as_deref().map(split_recipients).unwrap_or_default();
    let mail = OutgoingMail {
        to: split(&section.to),
        cc: split(&section.cc),
        subject: section.subject.clone().unwrap_or_default(),
        body: plain_body(section),
        html_body: section.html.clone(),
        via: "GmailApp".into(),
        ..Default::default()
    };
    let compose = Compose { mail, attachments: attachments_of(loaded, section, key)?, no_reply: false, from: None };
    let World { gmail: mailbox, mail, user_email, .. } = world;
    let account = Account { email: user_email.as_str(), zone };
    mailbox.create_draft(mail, compose, account, start_utc_ms).map_err(|e| loaded.error(key, e.message))?;
    Ok(())
}
