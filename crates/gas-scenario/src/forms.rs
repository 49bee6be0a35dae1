//! Google Forms in a scenario: `[[forms]]` declares a form as its owner built it in the
//! editor (items, settings, the destination spreadsheet), and `[[form_submissions]]`
//! with `form = "..."` is a person answering it: the response is kept by the form, its
//! row appended to the destination sheet, then the form's and the destination
//! spreadsheet's form-submit triggers start with their event objects.

use chrono_tz::Tz;
use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::forms::{self, Draft, Form, Item, ItemKind};
use gas_platform::trigger_events;
use gas_platform::World;
use serde::Deserialize;
use toml::Spanned;

use crate::container::{FormTarget, UserEvent};
use crate::model::{FormSubmissionSection, LoadedScenario, ScenarioError};
use crate::sheet_events::SheetStart;

/// `[[forms]]`: one form and its items, in order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormSection {
    pub id: String,
    /// Default: the id.
    pub title: Option<String>,
    #[serde(default)]
    pub description: String,
    /// A spreadsheet declared in `[[spreadsheets]]`: responses go to its `Form Responses 1`.
    pub destination: Option<Spanned<String>>,
    #[serde(default)]
    pub collect_email: bool,
    #[serde(default = "accepting")]
    pub accepting_responses: bool,
    #[serde(default)]
    pub items: Vec<FormItemSection>,
}

fn accepting() -> bool {
    true
}

/// `[[forms.items]]`: an item as the editor makes it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormItemSection {
    /// `FormApp.ItemType`'s name, any case: `text`, `paragraph_text`, `multiple_choice`,
    /// `checkbox`, `list`, `scale`, `date`, `datetime`, `time`, `duration`, `grid`,
    /// `checkbox_grid`, `section_header`, `page_break`.
    #[serde(rename = "type")]
    pub kind: Spanned<String>,
    pub title: String,
    #[serde(default)]
    pub help: String,
    #[serde(default)]
    pub required: bool,
    #[serde(default)]
    pub choices: Vec<String>,
    /// An "Other" option taking any text (multiple choice, checkbox).
    #[serde(default)]
    pub other: bool,
    /// A scale's `[lower, upper]` (default `[1, 5]`).
    pub bounds: Option<Spanned<[i64; 2]>>,
    #[serde(default)]
    pub rows: Vec<String>,
    #[serde(default)]
    pub columns: Vec<String>,
}

/// Adds the declared forms to `world` (after its spreadsheets, for the destinations).
pub fn declare_forms(loaded: &LoadedScenario, world: &mut World, zone: Tz) -> Result<(), ScenarioError> {
    for (i, section) in loaded.file.forms.iter().enumerate() {
        let key = format!("forms[{i}]");
        if section.id.is_empty() || world.forms.forms.contains_key(&section.id) {
            return Err(loaded.error(&key, format!("{:?}: each form has an id of its own", section.id)));
        }
        let mut form = Form {
            id: section.id.clone(),
            title: section.title.clone().unwrap_or_else(|| section.id.clone()),
            description: section.description.clone(),
            collect_email: section.collect_email,
            accepting_responses: section.accepting_responses,
            ..Form::default()
        };
        for (j, item) in section.items.iter().enumerate() {
            let id = world.forms.next_item.max(forms::ITEM_ID_FIRST - 1) + 1;
            world.forms.next_item = id;
            form.items.push(declared_item(loaded, item, id, &format!("{key}.items[{j}]"))?);
        }
        world.forms.add(form).map_err(|e| loaded.error(&key, e.message))?;
        if let Some(destination) = &section.destination {
            let at = format!("{key}.destination");
            if world.spreadsheets.get(destination.get_ref()).is_none() {
                let message = format!("no spreadsheet {:?}: declare it in [[spreadsheets]]", destination.get_ref());
                return Err(loaded.error_at(destination, &at, message));
            }
            world
                .forms
                .set_destination(&section.id, destination.get_ref(), &mut world.spreadsheets, zone)
                .map_err(|e| loaded.error_at(destination, &at, e.message))?;
        }
    }
    Ok(())
}

fn declared_item(
    loaded: &LoadedScenario,
    section: &FormItemSection,
    id: i64,
    key: &str,
) -> Result<Item, ScenarioError> {
    let kind = ItemKind::from_type_name(&section.kind.get_ref().to_uppercase())
        .filter(|k| !matches!(k, ItemKind::Image | ItemKind::Video))
        .ok_or_else(|| {
            let message = "expected one of text, paragraph_text, multiple_choice, checkbox, list, scale, date, \
                           datetime, time, duration, grid, checkbox_grid, section_header, page_break";
            loaded.error_at(&section.kind, &format!("{key}.type"), message)
        })?;
    let mut item = Item::new(id, kind);
    item.title = section.title.clone();
    item.help_text = section.help.clone();
    item.required = section.required && kind.is_question();
    item.other_option = section.other;
    item.choices = section.choices.iter().map(|value| forms::Choice::new(value.clone())).collect();
    item.rows = section.rows.clone();
    item.columns = section.columns.clone();
    if let Some(bounds) = &section.bounds {
        let [lower, upper] = *bounds.get_ref();
        item.set_bounds(lower, upper)
            .map_err(|_| loaded.error_at(bounds, &format!("{key}.bounds"), "a scale goes from 0 or 1 to 3 .. 10"))?;
    }
    if kind.has_choices() && item.choices.is_empty() {
        return Err(loaded.error(key, format!("{:?}: a {} item lists its choices", item.title, section.kind.get_ref())));
    }
    Ok(item)
}

/// The most responses one `[[form_submissions]]` block may make (`repeat`).
pub const REPEAT_MAX: i64 = 1_000;

/// A `[[form_submissions]]` entry naming a form: its responses (`repeat` of them, `every`
/// apart, `{n}` in the email and answers numbering them from 1), each as (ms after `at`,
/// the response), each answer checked against the declared item of that title, as the
/// form would check a person's.
pub fn plan_submissions(
    loaded: &LoadedScenario,
    world: &World,
    submission: &FormSubmissionSection,
    form: &Spanned<String>,
    key: &str,
) -> Result<Vec<(i64, UserEvent)>, ScenarioError> {
    let count = match &submission.repeat {
        None => 1,
        Some(n) if (1..=REPEAT_MAX).contains(n.get_ref()) => *n.get_ref(),
        Some(n) => {
            return Err(loaded.error_at(n, &format!("{key}.repeat"), format!("must be 1 to {REPEAT_MAX} responses")))
        }
    };
    let every_ms = match &submission.every {
        None => 0,
        Some(every) => crate::schedule::parse_duration_ms(every.get_ref())
            .map_err(|e| loaded.error_at(every, &format!("{key}.every"), e))?,
    };
    (1..=count)
        .map(|n| {
            let event = plan_submission(loaded, world, submission, form, key, &n.to_string())?;
            Ok(((n - 1).saturating_mul(every_ms), event))
        })
        .collect()
}

fn plan_submission(
    loaded: &LoadedScenario,
    world: &World,
    submission: &FormSubmissionSection,
    form: &Spanned<String>,
    key: &str,
    n: &str,
) -> Result<UserEvent, ScenarioError> {
    let (table, table_key) = match (&submission.answers, &submission.values) {
        (Some(answers), None) => (answers, format!("{key}.answers")),
        (None, Some(values)) => (values, format!("{key}.values")),
        (Some(answers), Some(_)) => {
            return Err(loaded.error_at(answers, key, "give answers or values, not both"));
        }
        (None, None) => return Err(loaded.error(key, "a response gives its answers = { \"Question\" = \"answer\" }")),
    };
    let email = submission.email.clone().unwrap_or_default().replace("{n}", n);
    if submission.made_by_script {
        // Checked when the response comes, against the form the script made by then.
        let mut answers = Vec::new();
        for (title, value) in table.get_ref() {
            let values = answer_texts(value).ok_or_else(|| {
                loaded.error_at(table, &table_key, format!("{title:?}: a string, number or a list of them"))
            })?;
            answers.push((title.clone(), values.iter().map(|v| v.replace("{n}", n)).collect()));
        }
        if answers.is_empty() {
            return Err(loaded.error_at(table, &table_key, "a response answers at least one question"));
        }
        let form = FormTarget::MadeByScript { key: key.to_string(), name: form.get_ref().clone() };
        return Ok(UserEvent::FormResponse { form, email, answers });
    }
    let declared = world.forms.find(form.get_ref()).ok_or_else(|| {
        let known: Vec<&str> = world.forms.forms.values().map(|f| f.title.as_str()).collect();
        loaded.error_at(
            form,
            &format!("{key}.form"),
            format!(
                "no form {:?} in [[forms]] (forms: {known:?}); a form the script creates: add made_by_script = true",
                form.get_ref()
            ),
        )
    })?;
    let mut answers = Vec::new();
    for (title, value) in table.get_ref() {
        let item = declared.items.iter().find(|i| i.title == *title && i.kind.is_question()).ok_or_else(|| {
            let questions: Vec<&str> =
                declared.items.iter().filter(|i| i.kind.is_question()).map(|i| i.title.as_str()).collect();
            loaded.error_at(table, &table_key, format!("{title:?}: no such question (questions: {questions:?})"))
        })?;
        let values = answer_texts(value).ok_or_else(|| {
            loaded.error_at(table, &table_key, format!("{title:?}: a string, number or a list of them"))
        })?;
        let values: Vec<String> = values.iter().map(|v| v.replace("{n}", n)).collect();
        forms::person_answer(item, &values).map_err(|e| loaded.error_at(table, &table_key, e))?;
        answers.push((title.clone(), values));
    }
    if answers.is_empty() {
        return Err(loaded.error_at(table, &table_key, "a response answers at least one question"));
    }
    Ok(UserEvent::FormResponse { form: FormTarget::Declared(declared.id.clone()), email, answers })
}

/// The id of the form a response goes to now; `None`, with a warning, when a form the
/// script was to create is not there (or two have its title).
pub fn target_now(world: &World, form: &FormTarget, warnings: &mut Vec<String>) -> Option<String> {
    let (key, name) = match form {
        FormTarget::Declared(id) => return Some(id.clone()),
        FormTarget::MadeByScript { key, name } => (key, name),
    };
    if world.forms.forms.contains_key(name) {
        return Some(name.clone());
    }
    let titled: Vec<&str> = world.forms.forms.values().filter(|f| f.title == *name).map(|f| f.id.as_str()).collect();
    match titled.as_slice() {
        [id] => Some(id.to_string()),
        [] => {
            let known: Vec<&str> = world.forms.forms.values().map(|f| f.title.as_str()).collect();
            warnings.push(format!(
                "{key}: form response refused: the script has made no form {name:?} by then (forms: {known:?})"
            ));
            None
        }
        ids => {
            warnings.push(format!(
                "form response refused: {} forms are titled {name:?} ({ids:?}): name one by its id",
                ids.len()
            ));
            None
        }
    }
}

/// A TOML answer as text: one value, or a list (checkboxes, a grid's rows).
fn answer_texts(value: &toml::Value) -> Option<Vec<String>> {
    let one = |value: &toml::Value| match value {
        toml::Value::String(text) => Some(text.clone()),
        toml::Value::Integer(n) => Some(n.to_string()),
        toml::Value::Float(x) if x.is_finite() => Some(x.to_string()),
        toml::Value::Boolean(b) => Some(b.to_string()),
        _ => None,
    };
    match value {
        toml::Value::Array(values) => values.iter().map(one).collect(),
        other => one(other).map(|text| vec![text]),
    }
}

/// A person submits the form: the response is recorded (refused as the form refuses it:
/// closed, or a required question unanswered; a warning then, and nothing starts), then
/// the form's triggers and the destination spreadsheet's start, in that order (assumed).
pub fn submit(
    world: &mut World,
    form_id: &str,
    email: &str,
    answers: &[(String, Vec<String>)],
    at_utc_ms: i64,
    zone: Tz,
    warnings: &mut Vec<String>,
) -> Vec<SheetStart> {
    let draft = match draft_now(world, form_id, email, answers) {
        Ok(draft) => draft,
        Err(why) => {
            let who = if email.is_empty() { "someone" } else { email };
            warnings.push(format!("form response refused: {who}: {why}"));
            return Vec::new();
        }
    };
    let World { forms, spreadsheets, .. } = world;
    let submitted = match forms.submit(form_id, draft, at_utc_ms, spreadsheets, zone) {
        Ok(submitted) => submitted,
        Err(e) => {
            warnings.push(format!("a response to form {form_id:?} could not be recorded: {}", e.message));
            return Vec::new();
        }
    };
    let source = format!("{} answered form {form_id}", if email.is_empty() { "someone" } else { email });
    let mut starts: Vec<SheetStart> = world
        .triggers
        .for_form_submit(form_id)
        .map(|trigger| SheetStart {
            function: trigger.handler.clone(),
            event: trigger_events::form_response(form_id, &submitted.response_id, &trigger.id),
            source: format!("{source} (form trigger)"),
            invocation: Invocation::of(InvocationKind::SpreadsheetTrigger),
        })
        .collect();
    let destination = world.forms.forms.get(form_id).and_then(|f| f.destination.clone());
    if let (Some(row), Some(destination)) = (&submitted.row, destination) {
        starts.extend(crate::sheet_events::form_row_starts(
            world,
            &destination.spreadsheet_id,
            &destination.sheet,
            row,
        ));
    }
    starts
}

/// The response the form takes now, from the answers by question title (the form as it
/// is now: a script may have changed it since the plan).
fn draft_now(world: &World, form_id: &str, email: &str, answers: &[(String, Vec<String>)]) -> Result<Draft, String> {
    let form = world.forms.get(form_id).map_err(|_| format!("form {form_id:?} is gone"))?;
    let mut draft = Draft { email: email.to_string(), answers: Vec::new() };
    for (title, values) in answers {
        let item = form
            .items
            .iter()
            .find(|i| i.title == *title && i.kind.is_question())
            .ok_or_else(|| format!("form {:?} has no question {title:?} now", form.title))?;
        draft.with(item.id, forms::person_answer(item, values)?);
    }
    match form.refusal(&draft) {
        Some(why) => Err(why),
        None => Ok(draft),
    }
}
