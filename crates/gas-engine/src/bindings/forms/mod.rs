//! FormApp, Form, its items and responses: gas-platform's `forms`. A Form's handle is
//! `{ id }`; an item's `{ form, id, type }` (every class of item: `asTextItem()` keeps the
//! handle); a response's `{ form, id }` once submitted, `{ form, id: null, draft }` while a
//! script builds it; an ItemResponse's `{ item, response }`; a Choice's `{ value, correct }`.
//! Getters ask the world, so a change another execution made shows; the id, an item's
//! type, an ItemResponse's parts and a Choice's are reads of the handle.
//!
//! `ListItem` and `GridItem` are other namespaces' short names (DocumentApp's, CardService's):
//! Forms' are declared by qualified name (`Forms.ListItem.getChoices`).

mod items;
mod quiz;
mod responses;
mod validation;

use gas_platform::forms::{self, Forms, ItemKind};
use gas_platform::{ServiceError, ServiceResult, World};

use super::args::*;
use super::Call;
use crate::host::CallResult;
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;

pub(super) use items::{ITEM_METHODS, ITEM_READS};
pub(super) use quiz::{QUIZ_METHODS, QUIZ_READS};
pub(super) use responses::RESPONSE_METHODS;
pub(super) use validation::VALIDATION_METHODS;

/// The getters the prelude answers from a Form's, a Choice's or an ItemResponse's handle.
pub(super) const READS: &[Read] = reads![
    "Choice.getGotoPage" => "page",
    "Choice.getPageNavigationType" => "navigation",
    "Choice.getValue" => "value",
    "Choice.isCorrectAnswer" => "correct",
    "Form.getId" => "id",
    "ItemResponse.getFeedback" => "feedback",
    "ItemResponse.getItem" => "item",
    "ItemResponse.getResponse" => "response",
    "ItemResponse.getScore" => "score",
];

/// The methods answered here, declared once (`crate::methods`).
// Forms (modelled as Drive's): a read 50-150 ms, a change 200-400 ms, a new form 1 s.
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).scope(forms::SCOPE_FORMS);
    "FormApp.create" => 1000,
    "FormApp.createFeedback" => 0 { in_process: true },
    "FormApp.createCheckboxGridValidation" => 0 { in_process: true },
    "FormApp.createCheckboxValidation" => 0 { in_process: true },
    "FormApp.createGridValidation" => 0 { in_process: true },
    "FormApp.createParagraphTextValidation" => 0 { in_process: true },
    "FormApp.createTextValidation" => 0 { in_process: true },
    "FormApp.getActiveForm" => 100,
    "FormApp.openById" => 150,
    "FormApp.openByUrl" => 150,
    "Form.addCheckboxGridItem" => 300,
    "Form.addCheckboxItem" => 300,
    "Form.addDateItem" => 300,
    "Form.addDateTimeItem" => 300,
    "Form.addDurationItem" => 300,
    "Form.addEditor" => 300,
    "Form.addEditors" => 300,
    "Form.addGridItem" => 300,
    "Form.addImageItem" => 300,
    "Form.addListItem" => 300,
    "Form.addMultipleChoiceItem" => 300,
    "Form.addPageBreakItem" => 300,
    "Form.addParagraphTextItem" => 300,
    "Form.addScaleItem" => 300,
    "Form.addSectionHeaderItem" => 300,
    "Form.addTextItem" => 300,
    "Form.addTimeItem" => 300,
    "Form.addVideoItem" => 300,
    "Form.canEditResponse" => 50,
    "Form.collectsEmail" => 50,
    "Form.createResponse" => 0 { in_process: true },
    "Form.deleteAllResponses" => 400,
    "Form.deleteItem" => 300,
    "Form.deleteResponse" => 300,
    "Form.getConfirmationMessage" => 50,
    "Form.getCustomClosedFormMessage" => 50,
    "Form.getDescription" => 50,
    "Form.getDestinationId" => 50,
    "Form.getDestinationType" => 50,
    "Form.getEditUrl" => 50,
    "Form.getEditors" => 100,
    "Form.getItemById" => 100,
    "Form.getItems" => 150,
    "Form.getPublishedUrl" => 50,
    "Form.getResponse" => 150,
    "Form.getResponses" => 300,
    "Form.getShuffleQuestions" => 50,
    "Form.getSummaryUrl" => 50,
    "Form.shortenFormUrl" => 100,
    "Form.getTitle" => 50,
    "Form.hasLimitOneResponsePerUser" => 50,
    "Form.hasProgressBar" => 50,
    "Form.hasRespondAgainLink" => 50,
    "Form.isAcceptingResponses" => 50,
    "Form.isPublishingSummary" => 50,
    "Form.isQuiz" => 50,
    "Form.moveItem" => 300,
    "Form.removeDestination" => 300,
    "Form.removeEditor" => 300,
    "Form.requiresLogin" => 50,
    "Form.setAcceptingResponses" => 200,
    "Form.setAllowResponseEdits" => 200,
    "Form.setCollectEmail" => 200,
    "Form.setConfirmationMessage" => 200,
    "Form.setCustomClosedFormMessage" => 200,
    "Form.setDescription" => 200,
    "Form.setDestination" => 800,
    "Form.setIsQuiz" => 200,
    "Form.setLimitOneResponsePerUser" => 200,
    "Form.setProgressBar" => 200,
    "Form.setPublishingSummary" => 200,
    "Form.setRequireLogin" => 200,
    "Form.setShowLinkToRespondAgain" => 200,
    "Form.setShuffleQuestions" => 200,
    "Form.setTitle" => 200,
    "Form.submitGrades" => 400,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    let (class, name) = call.method.split_once('.').unwrap_or((call.method, ""));
    let zone = call.host.zone;
    let mut world = call.host.world();
    if class == "FormApp" {
        return Ok(form_app(&mut world.forms, call.host.container_id.as_deref(), name, call.args)?);
    }
    let id = form_id(call.handle);
    world.forms.get(&id)?;
    // Editors: the owner (the account running the script) first, then those added.
    if name == "getEditors" {
        let owner = world.user_email.clone();
        return Ok(people(&world.forms.get(&id)?.editors, Some(&owner)));
    }
    if matches!(name, "addEditor" | "addEditors" | "removeEditor") {
        let owner = world.user_email.clone();
        share(&mut world.forms.get_mut(&id)?.editors, &owner, name, call.method, call.args)?;
        return Ok(Val::Undefined);
    }
    if let Some(value) = form_items(&mut world.forms, &id, call.method, name, call.args)? {
        return Ok(value);
    }
    if let Some(value) = form_responses(&mut world, &id, name, call.args, zone)? {
        return Ok(value);
    }
    Ok(form_settings(world.forms.get_mut(&id)?, call.method, name, call.args)?)
}

/// The form id in a Form's handle (or the Form a script passed).
pub(super) fn form_id(value: &Val) -> String {
    handle_arg(value).get("id").and_then(Val::as_str).unwrap_or_default().to_string()
}

pub(super) fn form_handle(id: &str) -> Val {
    Val::Object(vec![("id".into(), Val::String(id.to_string()))])
}

fn form_app(forms: &mut Forms, container_id: Option<&str>, name: &str, args: &[Val]) -> ServiceResult<Val> {
    if name.starts_with("create") && name.ends_with("Validation") {
        return Ok(validation::new_builder());
    }
    if name == "createFeedback" {
        return Ok(quiz::new_builder());
    }
    let id = match name {
        "create" => forms.create(&string_arg(args, 0))?,
        "openById" => forms.get(&string_arg(args, 0))?.id.clone(),
        "openByUrl" => forms.open_by_url(&string_arg(args, 0))?.id.clone(),
        // A project bound to a form gets it; any other, null (documented for standalone).
        "getActiveForm" => match container_id.and_then(|id| forms.forms.get(id)) {
            Some(form) => form.id.clone(),
            None => return Ok(Val::Null),
        },
        _ => return Err(ServiceError::unimplemented(&format!("FormApp.{name}"))),
    };
    Ok(form_handle(&id))
}

/// Adding, listing, moving and deleting items.
fn form_items(forms: &mut Forms, id: &str, method: &str, name: &str, args: &[Val]) -> ServiceResult<Option<Val>> {
    if let Some(class) = name.strip_prefix("add") {
        let kind = ItemKind::from_class_name(class).ok_or_else(|| ServiceError::unimplemented(method))?;
        let item = forms.add_item(id, kind)?;
        return Ok(Some(items::item_handle(id, forms.get(id)?.item(item)?)));
    }
    let form = forms.get_mut(id)?;
    let value = match name {
        "getItems" => {
            let kind = match arg(args, 0) {
                Val::Undefined => None,
                Val::String(t) => Some(ItemKind::from_type_name(t).ok_or_else(|| signature_error(method, args))?),
                _ => return Err(signature_error(method, args)),
            };
            let ids = form.item_ids(kind);
            Val::Array(
                ids.iter().map(|i| form.item(*i).map(|item| items::item_handle(id, item))).collect::<Result<_, _>>()?,
            )
        }
        // Documented: null for an id the form lacks.
        "getItemById" => match form.items.iter().find(|i| Some(i.id as f64) == arg(args, 0).as_f64()) {
            Some(item) => items::item_handle(id, item),
            None => Val::Null,
        },
        "deleteItem" => {
            let index = item_index(form, method, args)?;
            form.delete_item_at(index)?;
            Val::Undefined
        }
        "moveItem" => {
            let from = item_index(form, method, args)?;
            let to = int_arg(args, 1, method)?;
            let moved = form.move_item(from, to)?;
            items::item_handle(id, form.item(moved)?)
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// `deleteItem` / `moveItem`'s first argument: an index, or an item of this form.
fn item_index(form: &forms::Form, method: &str, args: &[Val]) -> ServiceResult<i64> {
    match arg(args, 0) {
        Val::Number(_) => int_arg(args, 0, method),
        other => {
            let (form_of, item) = items::item_ref(other).ok_or_else(|| signature_error(method, args))?;
            if form_of != form.id {
                return Err(ServiceError::new(forms::text::NO_SUCH_ITEM));
            }
            Ok(form.index_of(item)? as i64)
        }
    }
}

/// Responses and the destination.
fn form_responses(
    world: &mut World,
    id: &str,
    name: &str,
    args: &[Val],
    zone: chrono_tz::Tz,
) -> ServiceResult<Option<Val>> {
    let World { forms, spreadsheets, .. } = world;
    let value = match name {
        "setDestination" => {
            if string_arg(args, 0) != forms::DESTINATION_SPREADSHEET {
                return Err(ServiceError::new(forms::text::DESTINATION_TYPE));
            }
            forms.set_destination(id, &string_arg(args, 1), spreadsheets, zone)?;
            Val::Undefined
        }
        "createResponse" => responses::draft_handle(id),
        "getResponses" => {
            let since = match arg(args, 0) {
                Val::Date(ms) => Some(*ms as i64),
                _ => None,
            };
            let form = forms.get(id)?;
            Val::Array(form.responses_since(since).iter().map(|r| responses::response_handle(id, &r.id)).collect())
        }
        "getResponse" => {
            let response = string_arg(args, 0);
            forms.get(id)?.response(&response)?;
            responses::response_handle(id, &response)
        }
        "deleteResponse" => unit(forms.get_mut(id)?.delete_response(&string_arg(args, 0)))?,
        "deleteAllResponses" => {
            forms.get_mut(id)?.responses.clear();
            Val::Undefined
        }
        "submitGrades" => {
            let graded = responses::graded(args, id)?;
            forms.get_mut(id)?.submit_grades(&graded)?;
            form_handle(id)
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// The form's own settings and URLs.
fn form_settings(form: &mut forms::Form, method: &str, name: &str, args: &[Val]) -> ServiceResult<Val> {
    let text = |s: &String| Val::String(s.clone());
    let value = match name {
        "getTitle" => text(&form.title),
        "getDescription" => text(&form.description),
        "getConfirmationMessage" => text(&form.confirmation_message),
        "getCustomClosedFormMessage" => text(&form.custom_closed_form_message),
        "getEditUrl" => Val::String(forms::edit_url(&form.id)),
        "getPublishedUrl" => Val::String(forms::published_url(&form.id)),
        "getSummaryUrl" => Val::String(forms::summary_url(&form.id)),
        "shortenFormUrl" => Val::String(forms::short_url(&string_arg(args, 0))?),
        // Without a destination: null (assumed).
        "getDestinationId" => form.destination.as_ref().map_or(Val::Null, |d| Val::String(d.spreadsheet_id.clone())),
        "getDestinationType" => {
            form.destination.as_ref().map_or(Val::Null, |_| Val::String(forms::DESTINATION_SPREADSHEET.into()))
        }
        "removeDestination" => {
            // The sheet stays in the spreadsheet, unlinked (documented for the UI's unlink).
            form.destination = None;
            Val::Undefined
        }
        "canEditResponse" => Val::Bool(form.allow_response_edits),
        _ => return flag(form, method, name, args),
    };
    Ok(value)
}

/// The boolean settings' getters and every setter of one value.
fn flag(form: &mut forms::Form, method: &str, name: &str, args: &[Val]) -> ServiceResult<Val> {
    let setting = match name.trim_start_matches("set") {
        "collectsEmail" | "CollectEmail" => &mut form.collect_email,
        "isAcceptingResponses" | "AcceptingResponses" => &mut form.accepting_responses,
        "hasLimitOneResponsePerUser" | "LimitOneResponsePerUser" => &mut form.limit_one_response_per_user,
        "AllowResponseEdits" => &mut form.allow_response_edits,
        "hasProgressBar" | "ProgressBar" => &mut form.progress_bar,
        "getShuffleQuestions" | "ShuffleQuestions" => &mut form.shuffle_questions,
        "isPublishingSummary" | "PublishingSummary" => &mut form.publishing_summary,
        "requiresLogin" | "RequireLogin" => &mut form.require_login,
        "isQuiz" | "IsQuiz" => &mut form.is_quiz,
        "hasRespondAgainLink" | "ShowLinkToRespondAgain" => &mut form.respond_again_link,
        _ => return text_setting(form, method, name, args),
    };
    if !name.starts_with("set") {
        return Ok(Val::Bool(*setting));
    }
    match arg(args, 0) {
        Val::Bool(b) => *setting = *b,
        _ => return Err(signature_error(method, args)),
    }
    Ok(Val::Undefined)
}

fn text_setting(form: &mut forms::Form, method: &str, name: &str, args: &[Val]) -> ServiceResult<Val> {
    let field = match name {
        "setTitle" => &mut form.title,
        "setDescription" => &mut form.description,
        "setConfirmationMessage" => &mut form.confirmation_message,
        "setCustomClosedFormMessage" => &mut form.custom_closed_form_message,
        _ => return Err(ServiceError::unimplemented(method)),
    };
    *field = string_arg(args, 0);
    Ok(Val::Undefined)
}
