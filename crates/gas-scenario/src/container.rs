//! The scenario's spreadsheet users, resolved: `[[opens]]` and `[[installs]]` (the
//! simple triggers onOpen and onInstall), `[[clicks]]` (a menu item), `[[ui]]` (the
//! answers dialogs get), `[[edits]]` (a user typing into a cell: onEdit and edit/change
//! triggers), `[[form_submissions]]` (form responses: form-submit triggers), and the
//! `[[triggers]]` with `on = ...` (spreadsheet triggers installed in the editor). Kept
//! apart from `plan.rs`, which calls [`plan_container`].

use std::collections::VecDeque;

use gas_engine::Project;
use gas_platform::container::{Answer, AnswerQueue, Button};
use gas_platform::sheets::{RangeRef, Spreadsheet};
use gas_platform::World;
use toml::Spanned;

use crate::model::{LoadedScenario, ScenarioError};
use crate::plan::{declares_function, Occurrence, PlannedEvent};

/// A user at the bound spreadsheet.
#[derive(Debug, Clone)]
pub enum UserEvent {
    /// Opening (or installing into) it; `function` is the simple trigger to run, when
    /// the project has it.
    Open { user: String, selection: Option<RangeRef>, install: bool, function: Option<String> },
    /// Clicking a menu item (`key` names the `[[clicks]]` entry in warnings).
    Click { key: String, user: String, target: ClickTarget, selection: Option<RangeRef> },
    /// Typing `typed` into `cell`; `simple` is the simple trigger onEdit when the project
    /// has it and is bound to that spreadsheet.
    Edit { user: String, cell: RangeRef, typed: String, simple: Option<String> },
    /// A form response with `answers` (question, answer) landing in `sheet`.
    FormSubmit { spreadsheet_id: String, sheet: String, answers: Vec<(String, String)> },
}

/// What a click runs: the item a menu shows (found when the user clicks), or a function.
#[derive(Debug, Clone)]
pub enum ClickTarget {
    Item(String),
    Function(String),
}

/// The checks `plan` makes for every function and start time, lent to this module.
pub struct Checks<'a> {
    pub start_time: &'a crate::plan::TimeCheck<'a>,
    pub known_function: &'a crate::plan::FunctionCheck<'a>,
}

/// Adds the container's events (ordered after `order_base`) and the `[[ui]]` answers to
/// the world. A bound script's spreadsheet exists from the start, even when the scenario
/// does not declare it.
pub fn plan_container(
    loaded: &LoadedScenario,
    project: &Project,
    world: &mut World,
    checks: &Checks,
    order_base: usize,
) -> Result<Vec<PlannedEvent>, ScenarioError> {
    let file = &loaded.file;
    let first_at = file.opens.first().map(|o| (&o.at, "opens[0]"));
    let first_at = first_at.or(file.installs.first().map(|o| (&o.at, "installs[0]")));
    let first_at = first_at.or(file.clicks.first().map(|c| (&c.at, "clicks[0]")));
    if let Some(container) = &project.container_id {
        if world.spreadsheets.get(container).is_none() {
            let book = Spreadsheet::new(container, "Bound spreadsheet");
            world.spreadsheets.add(book).map_err(|e| loaded.error("spreadsheets", e))?;
        }
    }
    let mut events = crate::sheet_events::plan_sheet_events(loaded, project, world, checks, order_base)?;
    let Some(container) = project.container_id.clone() else {
        if let Some((at, key)) = first_at {
            return Err(loaded.error_at(
                at,
                key,
                "the project is not bound to a spreadsheet (.clasp.json has no parentId): nobody can open it",
            ));
        }
        return Ok(events);
    };
    let selection = |value: &Option<Spanned<String>>, key: &str| -> Result<Option<RangeRef>, ScenarioError> {
        value
            .as_ref()
            .map(|s| {
                world
                    .spreadsheets
                    .get_range_in_spreadsheet(&container, s.get_ref())
                    .map_err(|e| loaded.error_at(s, key, format!("{:?}: {e} in the bound spreadsheet", s.get_ref())))
            })
            .transpose()
    };
    let user_of = |user: &Option<String>| user.clone().unwrap_or_else(|| world.user_email.clone());
    for (install, sections, name) in [(false, &file.opens, "opens"), (true, &file.installs, "installs")] {
        let trigger = if install { "onInstall" } else { "onOpen" };
        let declared = project.files().iter().any(|f| declares_function(&f.text, trigger));
        for (i, open) in sections.iter().enumerate() {
            let key = format!("{name}[{i}]");
            events.push(PlannedEvent {
                at_utc_ms: (checks.start_time)(&open.at, &format!("{key}.at"))?,
                order: order_base + events.len(),
                occurrence: Occurrence::User(UserEvent::Open {
                    user: user_of(&open.user),
                    selection: selection(&open.selection, &format!("{key}.selection"))?,
                    install,
                    function: declared.then(|| trigger.to_string()),
                }),
            });
        }
    }
    for (i, click) in file.clicks.iter().enumerate() {
        let key = format!("clicks[{i}]");
        let target = match (&click.item, &click.function) {
            (Some(item), None) if item.get_ref().contains('>') => ClickTarget::Item(item.get_ref().clone()),
            (Some(item), None) => {
                return Err(loaded.error_at(item, &format!("{key}.item"), "write the menu path: \"Reports > Send\""))
            }
            (None, Some(function)) => {
                ClickTarget::Function((checks.known_function)(function, &format!("{key}.function"))?)
            }
            _ => return Err(loaded.error_at(&click.at, &key, "a click needs exactly one of item or function")),
        };
        events.push(PlannedEvent {
            at_utc_ms: (checks.start_time)(&click.at, &format!("{key}.at"))?,
            order: order_base + events.len(),
            occurrence: Occurrence::User(UserEvent::Click {
                key,
                user: user_of(&click.user),
                target,
                selection: selection(&click.selection, &format!("clicks[{i}].selection"))?,
            }),
        });
    }
    for (i, section) in file.ui.iter().enumerate() {
        let key = format!("ui[{i}]");
        let function =
            section.function.as_ref().map(|f| (checks.known_function)(f, &format!("{key}.function"))).transpose()?;
        if section.answers.is_empty() {
            return Err(loaded.error(&key, "answers is empty: give at least one { button = \"OK\" }"));
        }
        let answers = section
            .answers
            .iter()
            .enumerate()
            .map(|(j, a)| {
                Button::parse(a.button.get_ref())
                    .map(|button| Answer { button, text: a.text.clone() })
                    .map_err(|e| loaded.error_at(&a.button, &format!("{key}.answers[{j}].button"), e))
            })
            .collect::<Result<VecDeque<_>, _>>()?;
        world.ui.answers.push(AnswerQueue { key, function, user: section.user.clone(), answers, used: 0 });
    }
    Ok(events)
}
