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
use gas_platform::triggers::EventSource;
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
    /// Opening a document or a form (in its editor): its installable open triggers run.
    OpenItem { user: String, source: EventSource, id: String },
    /// Clicking a menu item (`key` names the `[[clicks]]` entry in warnings).
    Click { key: String, user: String, target: ClickTarget, selection: Option<RangeRef> },
    /// Typing `typed` into `cell`; `simple` is the simple trigger onEdit when the project
    /// has it and is bound to that spreadsheet.
    Edit { user: String, cell: RangeRef, typed: String, simple: Option<String> },
    /// A form response with `answers` (question, answer) landing in `sheet`.
    FormSubmit { spreadsheet_id: String, sheet: String, answers: Vec<(String, String)> },
    /// A person answers the form `form_id` (`crate::forms`): answers by question title.
    FormResponse { form: FormTarget, email: String, answers: Vec<(String, Vec<String>)> },
    /// The page of an HTML dialog or sidebar titled `title`, shown to `user`, calls the
    /// server through `google.script.run`: one execution per call (`key` names the
    /// `[[ui]]` entry in warnings); with `close`, its script closes it at the same time
    /// (`google.script.host.close()`: the calls made still run).
    PageCalls { key: String, user: String, title: String, calls: Vec<PageCall>, close: bool },
}

/// The form a `[[form_submissions]]` response goes to: one of `[[forms]]` (its id), or
/// one the script creates, found by id or title when the response comes.
#[derive(Debug, Clone)]
pub enum FormTarget {
    Declared(String),
    /// `key` names the `[[form_submissions]]` entry in a warning.
    MadeByScript {
        key: String,
        name: String,
    },
}

/// One `google.script.run` call: the function and its arguments as JSON.
#[derive(Debug, Clone)]
pub struct PageCall {
    pub function: String,
    pub args: Vec<serde_json::Value>,
}

/// What a click runs: the item a menu shows (found when the user clicks), or a function.
#[derive(Debug, Clone)]
pub enum ClickTarget {
    Item(String),
    Function(String),
}

/// `[[opens]]` of a document or a form: a user opens it (its open triggers run when the
/// time comes; the scheduler finds them then). `[[installs]]` only install into the bound
/// spreadsheet.
fn plan_item_opens(
    loaded: &LoadedScenario,
    world: &World,
    checks: &Checks,
    order_base: usize,
    events: &mut Vec<PlannedEvent>,
) -> Result<(), ScenarioError> {
    let file = &loaded.file;
    if let Some((i, install)) = file.installs.iter().enumerate().find(|(_, o)| o.document.is_some() || o.form.is_some())
    {
        let named = install.document.as_ref().or(install.form.as_ref()).expect("found by it");
        let message = "an add-on installs into the bound spreadsheet: drop form and document";
        return Err(loaded.error_at(named, &format!("installs[{i}]"), message));
    }
    for (i, open) in file.opens.iter().enumerate() {
        let key = format!("opens[{i}]");
        let (source, named, field) = match (&open.document, &open.form) {
            (None, None) => continue,
            (Some(document), None) => (EventSource::Document, document, "document"),
            (None, Some(form)) => (EventSource::Form, form, "form"),
            (Some(_), Some(form)) => {
                return Err(loaded.error_at(form, &key, "a user opens one form or one document, not both"))
            }
        };
        if let Some(selection) = &open.selection {
            let message = "a user opening a form or a document selects no cells";
            return Err(loaded.error_at(selection, &format!("{key}.selection"), message));
        }
        let id = crate::sheet_events::item_id(loaded, world, source, named, &format!("{key}.{field}"))?;
        let user = open.user.clone().unwrap_or_else(|| world.user_email.clone());
        events.push(PlannedEvent {
            at_utc_ms: (checks.start_time)(&open.at, &format!("{key}.at"))?,
            order: order_base + events.len(),
            occurrence: Occurrence::User(UserEvent::OpenItem { user, source, id }),
        });
    }
    Ok(())
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
    let opens_bound = file.opens.iter().enumerate().find(|(_, o)| o.document.is_none() && o.form.is_none());
    let first_at = opens_bound.map(|(i, o)| (&o.at, format!("opens[{i}]")));
    let first_at = first_at.or(file.installs.first().map(|o| (&o.at, "installs[0]".to_string())));
    let first_at = first_at.or(file.clicks.first().map(|c| (&c.at, "clicks[0]".to_string())));
    if let Some(container) = &project.container_id {
        if world.spreadsheets.get(container).is_none() {
            let book = Spreadsheet::new(container, "Bound spreadsheet");
            world.spreadsheets.add(book).map_err(|e| loaded.error("spreadsheets", e))?;
        }
    }
    let mut events = crate::sheet_events::plan_sheet_events(loaded, project, world, checks, order_base)?;
    plan_item_opens(loaded, world, checks, order_base, &mut events)?;
    let Some(container) = project.container_id.clone() else {
        if let Some((at, key)) = first_at {
            return Err(loaded.error_at(
                at,
                &key,
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
            if open.document.is_some() || open.form.is_some() {
                continue; // plan_item_opens
            }
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
        if let Some(title) = &section.dialog {
            events.push(page_calls(loaded, section, title, &key, checks, order_base + events.len(), &user_of)?);
            continue;
        }
        if let Some(at) = &section.at {
            return Err(loaded.error_at(at, &format!("{key}.at"), "`at` goes with `dialog` (the page that calls)"));
        }
        if !section.calls.is_empty() {
            return Err(loaded.error(&key, "calls go with `dialog = \"...\"`: the title of the page that makes them"));
        }
        if section.close {
            return Err(
                loaded.error(&key, "close goes with `dialog = \"...\"`: the title of the page its script closes")
            );
        }
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

/// A `[[ui]]` entry with `dialog`: at `at`, the user's page of that title makes its
/// `calls`. Each call is checked as `gas-sim serve` checks a page's call (the platform's
/// rule for private functions, `gas_platform::webapp::script_run::callable`; a function
/// the project declares) and its arguments as the page's client refuses them (a Date
/// does not cross: a TOML date is refused with the platform's text).
fn page_calls(
    loaded: &LoadedScenario,
    section: &crate::model::UiSection,
    title: &Spanned<String>,
    key: &str,
    checks: &Checks,
    order: usize,
    user_of: &dyn Fn(&Option<String>) -> String,
) -> Result<PlannedEvent, ScenarioError> {
    use gas_platform::webapp::script_run;
    if !section.answers.is_empty() || section.function.is_some() {
        return Err(loaded.error_at(
            title,
            key,
            "a dialog's page makes calls; answers and function go in an [[ui]] entry of their own",
        ));
    }
    let Some(at) = &section.at else {
        return Err(loaded.error_at(title, key, "a dialog's calls need `at` (when the user acts on the page)"));
    };
    if section.calls.is_empty() && !section.close {
        return Err(loaded.error_at(
            title,
            key,
            "calls is empty: give at least one { function = \"...\" }, or close = true",
        ));
    }
    if section.calls.len() > script_run::CONCURRENT_CALLS_MAX {
        return Err(loaded.error_at(
            title,
            &format!("{key}.calls"),
            format!(
                "{} calls: a page runs at most {} at once (the platform's limit), so give at most {} in one entry",
                section.calls.len(),
                script_run::CONCURRENT_CALLS_MAX,
                script_run::CONCURRENT_CALLS_MAX
            ),
        ));
    }
    let mut calls = Vec::with_capacity(section.calls.len());
    for (j, call) in section.calls.iter().enumerate() {
        let call_key = format!("{key}.calls[{j}]");
        script_run::callable(call.function.get_ref())
            .map_err(|e| loaded.error_at(&call.function, &format!("{call_key}.function"), e))?;
        let function = (checks.known_function)(&call.function, &format!("{call_key}.function"))?;
        let mut args = Vec::with_capacity(call.args.len());
        for (n, arg) in call.args.iter().enumerate() {
            if let Some(path) = date_in(arg.get_ref(), &n.to_string()) {
                let message = format!(
                    "{}{path} (a date cannot cross google.script.run: pass its text or its milliseconds)",
                    script_run::ILLEGAL_VALUE_MESSAGE_PREFIX
                );
                return Err(loaded.error_at(arg, &format!("{call_key}.args[{n}]"), message));
            }
            args.push(serde_json::to_value(arg.get_ref()).unwrap_or(serde_json::Value::Null));
        }
        calls.push(PageCall { function, args });
    }
    Ok(PlannedEvent {
        at_utc_ms: (checks.start_time)(at, &format!("{key}.at"))?,
        order,
        occurrence: Occurrence::User(UserEvent::PageCalls {
            key: key.to_string(),
            user: user_of(&section.user),
            title: title.get_ref().clone(),
            calls,
            close: section.close,
        }),
    })
}

/// The property path of the first date in a TOML value (`0`, `0.when`), as the page's
/// client names the illegal value.
fn date_in(value: &toml::Value, path: &str) -> Option<String> {
    match value {
        toml::Value::Datetime(_) => Some(path.to_string()),
        toml::Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| date_in(v, &i.to_string())),
        toml::Value::Table(table) => table.iter().find_map(|(k, v)| date_in(v, k)),
        _ => None,
    }
}
