//! People acting on spreadsheets in a scenario: `[[edits]]` (a user types into a cell),
//! `[[form_submissions]]` (a form response lands in its sheet), and the spreadsheet
//! triggers a user installed in the editor (`[[triggers]]` with `on = "edit"`). This
//! module resolves them when the scenario is planned and, when one happens, makes the
//! writes and the executions it starts (the simple onEdit, the installable triggers)
//! with the platform's event objects.

use chrono_tz::Tz;
use gas_engine::Project;
use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::sheets::people::{EditOutcome, FORM_QUESTIONS_MAX, FORM_RESPONSES_SHEET};
use gas_platform::trigger_events;
use gas_platform::triggers::{EventSource, SpreadsheetEvent, TriggerOrigin};
use gas_platform::World;
use serde_json::json;
use toml::Spanned;

use crate::container::{Checks, UserEvent};
use crate::model::{LoadedScenario, ScenarioError};
use crate::plan::{declares_function, Occurrence, PlannedEvent};

/// One execution an edit or a submission starts. Installable triggers run as the account
/// that installed them (`Invocation::of`); the simple onEdit as the editing user.
pub struct SheetStart {
    pub function: String,
    pub event: serde_json::Value,
    pub source: String,
    pub invocation: Invocation,
}

/// Resolves the scenario's edits, submissions and `on` triggers (installed into `world`
/// now, as a user would have before the run). Runs after the bound spreadsheet exists.
pub fn plan_sheet_events(
    loaded: &LoadedScenario,
    project: &Project,
    world: &mut World,
    checks: &Checks,
    order_base: usize,
) -> Result<Vec<PlannedEvent>, ScenarioError> {
    let file = &loaded.file;
    let bound = project.container_id.clone();
    let spreadsheet_of = |named: &Option<Spanned<String>>, key: &str, world: &World| -> Result<String, ScenarioError> {
        let id = match (named, &bound) {
            (Some(id), _) => id.get_ref().clone(),
            (None, Some(bound)) => bound.clone(),
            (None, None) => {
                return Err(loaded.error(
                    key,
                    "the project is not bound to a spreadsheet (.clasp.json has no parentId): name one with spreadsheet = \"id\"",
                ))
            }
        };
        if world.spreadsheets.get(&id).is_none() {
            let message = format!("no spreadsheet {id:?}: declare it in [[spreadsheets]]");
            return Err(match named {
                Some(named) => loaded.error_at(named, &format!("{key}.spreadsheet"), message),
                None => loaded.error(key, message),
            });
        }
        Ok(id)
    };
    for (i, trigger) in file.triggers.iter().enumerate() {
        let Some(on) = &trigger.on else { continue };
        let key = format!("triggers[{i}]");
        let event = SpreadsheetEvent::parse(on.get_ref()).ok_or_else(|| {
            loaded.error_at(on, &format!("{key}.on"), "expected one of open, edit, change, form_submit")
        })?;
        if trigger.every.is_some() || trigger.at.is_some() || trigger.from.is_some() || trigger.until.is_some() {
            return Err(loaded.error_at(
                on,
                &key,
                "a trigger with on = ... fires on the spreadsheet's events: drop every, at, from and until",
            ));
        }
        let function = (checks.known_function)(&trigger.function, &format!("{key}.function"))?;
        if let Some((source, id)) = source_trigger_target(loaded, world, trigger, event, &key)? {
            world
                .triggers
                .install_on(source, &function, &id, event, 0, TriggerOrigin::Scenario)
                .map_err(|e| loaded.error_at(on, &key, e.message))?;
            continue;
        }
        let spreadsheet = spreadsheet_of(&trigger.spreadsheet, &key, world)?;
        world
            .triggers
            .install_event(&function, &spreadsheet, event, 0, TriggerOrigin::Scenario)
            .map_err(|e| loaded.error_at(on, &key, e.message))?;
    }
    let declares_on_edit = project.files().iter().any(|f| declares_function(&f.text, "onEdit"));
    let user_of = |user: &Option<String>, world: &World| user.clone().unwrap_or_else(|| world.user_email.clone());
    let mut events = Vec::new();
    for (i, edit) in file.edits.iter().enumerate() {
        let key = format!("edits[{i}]");
        let spreadsheet = spreadsheet_of(&edit.spreadsheet, &key, world)?;
        let cell = world.spreadsheets.get_range_in_spreadsheet(&spreadsheet, edit.range.get_ref()).map_err(|e| {
            loaded.error_at(&edit.range, &format!("{key}.range"), format!("{:?}: {e}", edit.range.get_ref()))
        })?;
        if cell.num_rows != 1 || cell.num_columns != 1 {
            return Err(loaded.error_at(
                &edit.range,
                &format!("{key}.range"),
                "an edit writes one cell: give one such as Orders!C5",
            ));
        }
        let typed = typed_text(edit.value.get_ref()).ok_or_else(|| {
            loaded.error_at(&edit.value, &format!("{key}.value"), "a user types a string, number or boolean")
        })?;
        let simple = (declares_on_edit && bound.as_deref() == Some(spreadsheet.as_str())).then(|| "onEdit".to_string());
        events.push(PlannedEvent {
            at_utc_ms: (checks.start_time)(&edit.at, &format!("{key}.at"))?,
            order: order_base + events.len(),
            occurrence: Occurrence::User(UserEvent::Edit { user: user_of(&edit.user, world), cell, typed, simple }),
        });
    }
    for (i, submission) in file.form_submissions.iter().enumerate() {
        let key = format!("form_submissions[{i}]");
        if let Some(form) = &submission.form {
            let at_utc_ms = (checks.start_time)(&submission.at, &format!("{key}.at"))?;
            for (after_ms, response) in crate::forms::plan_submissions(loaded, world, submission, form, &key)? {
                events.push(PlannedEvent {
                    at_utc_ms: at_utc_ms.saturating_add(after_ms),
                    order: order_base + events.len(),
                    occurrence: Occurrence::User(response),
                });
            }
            continue;
        }
        if submission.made_by_script {
            return Err(loaded.error(&key, "made_by_script names the form a script creates: give its form = \"title\""));
        }
        let spreadsheet_id = spreadsheet_of(&submission.spreadsheet, &key, world)?;
        let values_key = format!("{key}.values");
        let Some(values) = submission.values.as_ref().or(submission.answers.as_ref()) else {
            return Err(loaded.error(&key, "a response gives its values = { \"Question\" = \"answer\" }"));
        };
        if values.get_ref().len() > FORM_QUESTIONS_MAX {
            return Err(loaded.error_at(values, &values_key, format!("at most {FORM_QUESTIONS_MAX} questions")));
        }
        let answers = values
            .get_ref()
            .iter()
            .map(|(question, answer)| {
                let answer = typed_text(answer).ok_or_else(|| {
                    loaded.error_at(
                        values,
                        &values_key,
                        format!("{question:?}: an answer is a string, number or boolean"),
                    )
                })?;
                Ok((question.clone(), answer))
            })
            .collect::<Result<Vec<_>, ScenarioError>>()?;
        if answers.is_empty() {
            return Err(loaded.error_at(values, &values_key, "a response answers at least one question"));
        }
        events.push(PlannedEvent {
            at_utc_ms: (checks.start_time)(&submission.at, &format!("{key}.at"))?,
            order: order_base + events.len(),
            occurrence: Occurrence::User(UserEvent::FormSubmit {
                spreadsheet_id,
                sheet: submission.sheet.clone().unwrap_or_else(|| FORM_RESPONSES_SHEET.to_string()),
                answers,
            }),
        });
    }
    Ok(events)
}

/// The form (`on = "form_submit"` or `"open"`) or document (`on = "open"`) a trigger with
/// `form = "..."` or `document = "..."` watches, and its id; `None` for a spreadsheet trigger.
fn source_trigger_target(
    loaded: &LoadedScenario,
    world: &World,
    trigger: &crate::model::TriggerSection,
    event: SpreadsheetEvent,
    key: &str,
) -> Result<Option<(EventSource, String)>, ScenarioError> {
    let (source, named, field) = match (&trigger.form, &trigger.document) {
        (None, None) => return Ok(None),
        (Some(form), None) => (EventSource::Form, form, "form"),
        (None, Some(document)) => (EventSource::Document, document, "document"),
        (Some(_), Some(document)) => {
            return Err(loaded.error_at(document, key, "a trigger watches one form or one document, not both"))
        }
    };
    if trigger.spreadsheet.is_some() {
        return Err(loaded.error_at(named, key, format!("a trigger watches a spreadsheet or a {field}, not both")));
    }
    if !source.watches(event) {
        let events = if source == EventSource::Form { "\"form_submit\" or \"open\"" } else { "\"open\"" };
        return Err(loaded.error_at(named, key, format!("a {field}'s trigger is on = {events}")));
    }
    item_id(loaded, world, source, named, &format!("{key}.{field}")).map(|id| Some((source, id)))
}

/// The id of the form (`[[forms]]`, by id or title) or document (`[[documents]]`, by id)
/// a scenario names at `key`, or the error naming it.
pub(crate) fn item_id(
    loaded: &LoadedScenario,
    world: &World,
    source: EventSource,
    named: &Spanned<String>,
    key: &str,
) -> Result<String, ScenarioError> {
    let (id, what) = match source {
        EventSource::Document => {
            (world.documents.get(named.get_ref()).ok().map(|_| named.get_ref().clone()), "document")
        }
        _ => (world.forms.find(named.get_ref()).map(|found| found.id.clone()), "form"),
    };
    id.ok_or_else(|| loaded.error_at(named, key, format!("no {what} {:?} in [[{what}s]]", named.get_ref())))
}

/// What a user types for a TOML value: strings as they are, numbers and booleans as
/// their text (so `5` is read as typed, like any entry).
fn typed_text(value: &toml::Value) -> Option<String> {
    match value {
        toml::Value::String(text) => Some(text.clone()),
        toml::Value::Integer(n) => Some(n.to_string()),
        toml::Value::Float(x) if x.is_finite() => Some(x.to_string()),
        toml::Value::Boolean(b) => Some(b.to_string()),
        toml::Value::Datetime(d) => Some(d.to_string()),
        _ => None,
    }
}

/// A user's edit happens: the cell is written, then the simple onEdit (when the project
/// has it) and every installable edit and change trigger of that spreadsheet start, in
/// that order (assumed). An edit the UI refuses (a protection the user may not edit, a
/// validation rule that rejects the entry) is an `edit refused:` warning and starts
/// nothing; an entry kept with a warning (`allowInvalid`) says so and runs as any edit.
#[allow(clippy::too_many_arguments)]
pub fn edit(
    world: &mut World,
    user: &str,
    cell: &gas_platform::sheets::RangeRef,
    typed: &str,
    simple: Option<&str>,
    at_utc_ms: i64,
    zone: Tz,
    warnings: &mut Vec<String>,
) -> Vec<SheetStart> {
    let spreadsheet_id = cell.sheet.spreadsheet_id.clone();
    let a1 = match world.spreadsheets.sheet_name(&cell.sheet) {
        Ok(sheet) => format!("{sheet}!{}", gas_platform::sheets::a1_notation(cell)),
        Err(e) => {
            warnings.push(format!("{user} could not edit a cell: {}", e.message));
            return Vec::new();
        }
    };
    let account = world.user_email.clone();
    let what = || {
        let at = gas_platform::time::utc_ms_to_local(zone, at_utc_ms).format("%Y-%m-%d %H:%M:%S");
        format!("{user} typed {typed:?} into {a1} at {at}")
    };
    let edit = match world.spreadsheets.user_input(cell, typed, zone, user, &account) {
        Ok(EditOutcome::Written { edit, warnings: kept }) => {
            warnings.extend(kept.iter().map(|w| format!("edit kept with a warning: {}: {w}", what())));
            edit
        }
        Ok(EditOutcome::Refused(why)) => {
            // As in the UI: the cell keeps its value and no trigger fires.
            warnings.push(format!("edit refused: {}: {why}", what()));
            return Vec::new();
        }
        Err(e) => {
            warnings.push(format!("{user} could not edit {a1}: {}", e.message));
            return Vec::new();
        }
    };
    let range = serde_json::to_value(&edit.range).expect("a range handle is JSON");
    let typed = trigger_events::Edit {
        range,
        spreadsheet_id: &spreadsheet_id,
        user,
        value: &edit.value,
        old_value: edit.old_value.as_deref(),
    };
    let edit_event = |auth_mode: &str, trigger_uid: Option<&str>| trigger_events::edit(&typed, auth_mode, trigger_uid);
    let source = format!("{user} edited {a1}");
    let mut starts = Vec::new();
    if let Some(function) = simple {
        let invocation = Invocation::by_user(InvocationKind::OnEdit, user);
        starts.push(SheetStart {
            function: function.to_string(),
            event: edit_event(invocation.auth_mode(), None),
            source: source.clone(),
            invocation,
        });
    }
    for trigger in world.triggers.for_event(&spreadsheet_id, SpreadsheetEvent::Edit) {
        starts.push(SheetStart {
            function: trigger.handler.clone(),
            event: edit_event("FULL", Some(&trigger.id)),
            source: format!("{source} (edit trigger)"),
            invocation: Invocation::of(InvocationKind::SpreadsheetTrigger),
        });
    }
    for trigger in world.triggers.for_event(&spreadsheet_id, SpreadsheetEvent::Change) {
        starts.push(SheetStart {
            function: trigger.handler.clone(),
            event: trigger_events::change_by_edit(&spreadsheet_id, user, &trigger.id),
            source: format!("{source} (change trigger)"),
            invocation: Invocation::of(InvocationKind::SpreadsheetTrigger),
        });
    }
    starts
}

/// A form response lands: the row is appended to the response sheet, then every
/// form-submit trigger of that spreadsheet starts (forms have no simple trigger).
pub fn form_submit(
    world: &mut World,
    spreadsheet_id: &str,
    sheet: &str,
    answers: &[(String, String)],
    at_utc_ms: i64,
    zone: Tz,
    warnings: &mut Vec<String>,
) -> Vec<SheetStart> {
    let response = match world.spreadsheets.form_response(spreadsheet_id, sheet, at_utc_ms, answers, zone) {
        Ok(response) => response,
        Err(e) => {
            warnings.push(format!("a form response could not be written to {sheet:?}: {}", e.message));
            return Vec::new();
        }
    };
    form_row_starts(world, spreadsheet_id, sheet, &response)
}

/// The form-submit triggers of the spreadsheet a response row landed in, with the
/// spreadsheet's event object (`values`, `namedValues`, `range`).
pub fn form_row_starts(
    world: &World,
    spreadsheet_id: &str,
    sheet: &str,
    response: &gas_platform::sheets::people::FormResponse,
) -> Vec<SheetStart> {
    let range = serde_json::to_value(&response.range).expect("a range handle is JSON");
    let named: serde_json::Map<String, serde_json::Value> =
        response.named_values.iter().map(|(question, answers)| (question.clone(), json!(answers))).collect();
    world
        .triggers
        .for_event(spreadsheet_id, SpreadsheetEvent::FormSubmit)
        .map(|trigger| SheetStart {
            function: trigger.handler.clone(),
            event: trigger_events::form_submit(
                named.clone(),
                range.clone(),
                spreadsheet_id,
                &trigger.id,
                json!(response.values),
            ),
            source: format!("form response in {sheet} row {}", response.range.row),
            invocation: Invocation::of(InvocationKind::SpreadsheetTrigger),
        })
        .collect()
}
