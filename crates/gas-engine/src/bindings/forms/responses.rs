//! FormResponse: a draft a script builds (`createResponse`, `withItemResponse`, `submit`)
//! or a response the form keeps; its ItemResponses (see the parent module).

use gas_platform::forms::quiz::{is_gradable, ItemGrade};
use gas_platform::forms::{self, Answer, Draft, Form, FormResponse, Item, ItemAnswer, ItemKind};
use gas_platform::triggers::SpreadsheetEvent;
use gas_platform::{ServiceError, ServiceResult, World};
use serde::Deserialize;

use super::super::args::*;
use super::super::Call;
use super::items::{item_ref, item_response_handle, Graded};
use super::quiz::{feedback_arg, feedback_val};
use crate::host::CallResult;
use crate::methods::{declare, Method};
use crate::value::Val;

/// The methods answered here, declared once (`crate::methods`). A draft lives in the
/// script's process until `submit()`.
pub(in crate::bindings) const RESPONSE_METHODS: &[Method] = declare![Method::by(dispatch).scope(forms::SCOPE_FORMS);
    "FormResponse.getEditResponseUrl" => 50,
    "FormResponse.getGradableItemResponses" => 100,
    "FormResponse.getGradableResponseForItem" => 100,
    "FormResponse.getId" => 0 { in_process: true },
    "FormResponse.getItemResponses" => 100,
    "FormResponse.getRespondentEmail" => 50,
    "FormResponse.getResponseForItem" => 100,
    "FormResponse.getTimestamp" => 50,
    "FormResponse.submit" => 500,
    "FormResponse.toPrefilledUrl" => 50,
    "FormResponse.withItemGrade" => 0 { in_process: true },
    "FormResponse.withItemResponse" => 0 { in_process: true },
    "ItemResponse.setFeedback" => 0 { in_process: true },
    "ItemResponse.setScore" => 0 { in_process: true },
];

/// A response's handle as Rust reads it back.
#[derive(Deserialize)]
struct ResponseHandle {
    form: String,
    id: Option<String>,
    #[serde(default)]
    draft: Draft,
    /// Grades `withItemGrade` added, kept by `Form.submitGrades`.
    #[serde(default)]
    grades: Vec<ItemGrade>,
}

impl ResponseHandle {
    fn to_val(&self) -> Val {
        to_val(&serde_json::json!({ "form": self.form, "id": self.id, "draft": self.draft, "grades": self.grades }))
    }
}

/// `Form.submitGrades(responses)`'s responses: each kept response's id and the grades
/// `withItemGrade` gave it.
pub(super) fn graded(args: &[Val], form: &str) -> Result<Vec<(String, Vec<ItemGrade>)>, gas_platform::ServiceError> {
    let method = "Form.submitGrades";
    let Val::Array(items) = arg(args, 0) else { return Err(signature_error(method, args)) };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let handle: ResponseHandle =
            serde_json::from_value(handle_arg(item).to_json()).map_err(|_| signature_error(method, args))?;
        // A draft (no id yet) or another form's response is not one this form keeps.
        let Some(id) = handle.id.clone().filter(|_| handle.form == form) else {
            let id = handle.id.unwrap_or_else(|| "null".into());
            return Err(ServiceError::new(forms::text::NO_SUCH_RESPONSE.replace("%s", &id)));
        };
        out.push((id, handle.grades));
    }
    Ok(out)
}

/// `ItemResponse.setScore` / `setFeedback`: the ItemResponse's handle with it changed.
fn grade_item_response(call: &Call, name: &str) -> CallResult {
    let mut graded: Graded = handle_of(call.handle)?;
    match name {
        "setScore" => match arg(call.args, 0) {
            Val::Number(n) if n.is_finite() => graded.score = Some(*n),
            _ => return Err(signature_error(call.method, call.args).into()),
        },
        _ => graded.feedback = feedback_arg(arg(call.args, 0), call.method)?,
    }
    Ok(graded.to_val())
}

pub(super) fn draft_handle(form: &str) -> Val {
    to_val(&serde_json::json!({ "form": form, "id": null, "draft": Draft::default() }))
}

pub(super) fn response_handle(form: &str, id: &str) -> Val {
    Val::Object(vec![("form".into(), Val::String(form.into())), ("id".into(), Val::String(id.into()))])
}

/// An ItemResponse a script passes: its item and answer.
fn item_answer(value: &Val, method: &str) -> ServiceResult<(String, ItemAnswer)> {
    let handle = handle_arg(value);
    let item = handle.get("item").and_then(item_ref);
    let answer = handle.get("response").map(|r| serde_json::from_value::<Answer>(r.to_json()));
    match (item, answer) {
        (Some((form, item)), Some(Ok(answer))) => Ok((form, ItemAnswer { item, answer })),
        _ => Err(signature_error(method, std::slice::from_ref(value))),
    }
}

pub(super) fn dispatch(call: &Call) -> CallResult {
    let name = call.method.rsplit_once('.').map_or(call.method, |(_, name)| name);
    if call.method.starts_with("ItemResponse.") {
        return grade_item_response(call, name);
    }
    let mut handle: ResponseHandle = handle_of(call.handle)?;
    let (now, zone) = (call.host.now(), call.host.zone);
    let mut world = call.host.world();
    let value = match name {
        "withItemResponse" => {
            let (form, answer) = item_answer(arg(call.args, 0), call.method)?;
            if form != handle.form {
                return Err(ServiceError::new(forms::text::NO_SUCH_ITEM).into());
            }
            handle.draft.with(answer.item, answer.answer);
            handle.to_val()
        }
        "withItemGrade" => {
            let graded: Graded = handle_of(arg(call.args, 0)).map_err(|_| signature_error(call.method, call.args))?;
            let item_handle = Val::from_json(&graded.item);
            let (form, item) = item_ref(&item_handle).ok_or_else(|| signature_error(call.method, call.args))?;
            if form != handle.form {
                return Err(ServiceError::new(forms::text::NO_SUCH_ITEM).into());
            }
            handle.grades.retain(|g| g.item != item);
            handle.grades.push(ItemGrade { item, score: graded.score, feedback: graded.feedback });
            handle.to_val()
        }
        "submit" => {
            if handle.id.is_some() {
                return Err(ServiceError::new(forms::text::ALREADY_SUBMITTED).into());
            }
            let World { forms, spreadsheets, triggers, .. } = &mut *world;
            let submitted = forms.submit(&handle.form, handle.draft, now, spreadsheets, zone)?;
            // The response is stored (and in the destination sheet), but gas-sim starts no
            // trigger from inside an execution: with form-submit triggers installed that is
            // a gap the report names, not a silent success.
            let destination = forms.get(&handle.form)?.destination.as_ref().map(|d| d.spreadsheet_id.as_str());
            let on_form = triggers.for_form_submit(&handle.form).next().is_some();
            let on_sheet =
                destination.is_some_and(|id| triggers.for_event(id, SpreadsheetEvent::FormSubmit).next().is_some());
            if on_form || on_sheet {
                call.host.formula_gaps.borrow_mut().push("FormResponse.submit starting form-submit triggers".into());
            }
            response_handle(&handle.form, &submitted.response_id)
        }
        "getId" => handle.id.map_or(Val::Null, Val::String),
        _ => read(&world, &handle, call.method, name, call.args)?,
    };
    Ok(value)
}

/// The getters: a draft's from its handle, a submitted response's from the form.
fn read(world: &World, handle: &ResponseHandle, method: &str, name: &str, args: &[Val]) -> ServiceResult<Val> {
    let form = world.forms.get(&handle.form)?;
    let submitted = handle.id.as_deref().map(|id| form.response(id)).transpose()?;
    let answers = submitted.map_or(&handle.draft.answers, |r| &r.answers);
    let value = match name {
        // A draft has no timestamp yet (assumed: null).
        "getTimestamp" => submitted.map_or(Val::Null, |r| Val::Date(r.timestamp_utc_ms as f64)),
        "getRespondentEmail" => Val::String(submitted.map_or(handle.draft.email.clone(), |r| r.email.clone())),
        // Assumed shape (real ones carry the published id and an opaque key).
        "getEditResponseUrl" => match &handle.id {
            Some(id) => Val::String(format!("{}?edit2={id}", forms::published_url(&form.id))),
            None => Val::Null,
        },
        // A draft's answers too: the documented use is a link built from a draft.
        "toPrefilledUrl" => Val::String(form.prefilled_url(answers)),
        // Documented: in the order the items appear in the form; an answer to an item
        // deleted since is left out (assumed).
        "getItemResponses" => Val::Array(
            form.items
                .iter()
                .filter_map(|item| {
                    let answer = answers.iter().find(|a| a.item == item.id)?;
                    Some(item_response(form, submitted, item, &answer.answer))
                })
                .collect(),
        ),
        "getResponseForItem" => {
            let (of_form, item_id) = item_ref(arg(args, 0)).ok_or_else(|| signature_error(method, args))?;
            response_for_item(form, submitted, answers, &of_form, item_id)?
        }
        // Documented: every gradable item in the form's order, answered or not (an
        // unanswered one with an empty answer, assumed: "" or [] for a checkbox).
        "getGradableItemResponses" => Val::Array(
            form.items
                .iter()
                .filter(|item| is_gradable(item.kind))
                .map(|item| item_response(form, submitted, item, &answer_or_empty(answers, item)))
                .collect(),
        ),
        "getGradableResponseForItem" => {
            let (of_form, item_id) = item_ref(arg(args, 0)).ok_or_else(|| signature_error(method, args))?;
            if of_form != form.id {
                return Err(ServiceError::new(forms::text::NO_SUCH_ITEM));
            }
            let item = form.item(item_id)?;
            item_response(form, submitted, item, &answer_or_empty(answers, item))
        }
        _ => return Err(ServiceError::unimplemented(method)),
    };
    Ok(value)
}

/// `getResponseForItem(item)`: its ItemResponse, or null when unanswered (documented).
fn response_for_item(
    form: &Form,
    submitted: Option<&FormResponse>,
    answers: &[ItemAnswer],
    of_form: &str,
    item_id: i64,
) -> ServiceResult<Val> {
    if of_form != form.id {
        return Err(ServiceError::new(forms::text::NO_SUCH_ITEM));
    }
    let item = form.item(item_id)?;
    Ok(answers
        .iter()
        .find(|a| a.item == item_id)
        .map_or(Val::Null, |a| item_response(form, submitted, item, &a.answer)))
}

/// An ItemResponse with its score and feedback: a kept response's (quiz.rs), a draft's
/// none.
fn item_response(form: &Form, submitted: Option<&FormResponse>, item: &Item, answer: &Answer) -> Val {
    let score = submitted.and_then(|r| form.score_of(r, item));
    let feedback = submitted.and_then(|r| form.feedback_of(r, item.id));
    item_response_handle(&form.id, item, answer, score, feedback_val(feedback.as_ref()))
}

fn answer_or_empty(answers: &[ItemAnswer], item: &Item) -> Answer {
    match answers.iter().find(|a| a.item == item.id) {
        Some(a) => a.answer.clone(),
        None if item.kind == ItemKind::Checkbox => Answer::List(Vec::new()),
        None => Answer::Text(String::new()),
    }
}
