//! `[[inbox]]`: mail arriving in GmailApp's mailbox. Every message goes into the
//! initial world with its arrival instant; the mailbox shows it once virtual time has
//! reached it (`gas_platform::gmail`), so no scheduler event is needed.

use std::collections::BTreeMap;

use gas_platform::gmail::{self, Message, MESSAGES_MAX, THREAD_MESSAGES_MAX};
use gas_platform::World;

use crate::model::{LoadedScenario, ScenarioError};

/// Adds the scenario's incoming mail to `world`, in arrival order (file order at the
/// same instant). `at` checks a time lies in the run's window.
pub fn add_to_world(
    loaded: &LoadedScenario,
    world: &mut World,
    at: &crate::plan::TimeCheck<'_>,
) -> Result<(), ScenarioError> {
    let sections = &loaded.file.inbox;
    if sections.len() > MESSAGES_MAX {
        return Err(
            loaded.error("inbox", format!("{} messages: the mailbox holds at most {MESSAGES_MAX}", sections.len()))
        );
    }
    let mut arrivals = Vec::with_capacity(sections.len());
    for (i, section) in sections.iter().enumerate() {
        arrivals.push((at(&section.at, &format!("inbox[{i}].at"))?, i));
    }
    arrivals.sort();
    let mut threads: BTreeMap<&str, (String, usize)> = BTreeMap::new();
    for (at_utc_ms, i) in arrivals {
        let section = &sections[i];
        let key = format!("inbox[{i}]");
        gmail::check_sender(section.from.get_ref())
            .map_err(|e| loaded.error_at(&section.from, &format!("{key}.from"), e))?;
        let mut labels = Vec::new();
        for (j, label) in section.labels.iter().enumerate() {
            let name = world
                .gmail
                .create_label(label.get_ref())
                .map_err(|e| loaded.error_at(label, &format!("{key}.labels[{j}]"), e.message))?;
            labels.push(name);
        }
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
        let body = match (&section.body, &section.html) {
            (Some(body), _) => body.clone(),
            (None, Some(html)) => gmail::html_to_text(html),
            (None, None) => String::new(),
        };
        world.gmail.messages.push(Message {
            id,
            thread_id,
            at_utc_ms,
            from: section.from.get_ref().clone(),
            to: section.to.clone().unwrap_or_else(|| world.user_email.clone()),
            cc: section.cc.clone().unwrap_or_default(),
            subject: section.subject.clone(),
            body,
            html: section.html.clone(),
            labels,
            unread: section.unread.unwrap_or(true),
            inbox: true,
            ..Default::default()
        });
    }
    Ok(())
}
