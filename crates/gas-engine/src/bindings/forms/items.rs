//! Every class of a form's item (`Item`, `TextItem`, `Forms.ListItem` ...): one handle,
//! `{ form, id, type }`, whatever class the script holds it as; each method acts on the
//! item's settings in the world (see the parent module).

use gas_platform::forms::navigation::{self, Navigation};
use gas_platform::forms::{self, check_conversion, Answer, Choice, Form, Item, ItemKind};
use gas_platform::{ServiceError, ServiceResult};

use super::super::args::*;
use super::super::blob::BlobParts;
use super::super::Call;
use crate::host::CallResult;
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;

/// An item's id and type are fixed: reads of its handle.
pub(in crate::bindings) const ITEM_READS: &[Read] = reads![
    "CheckboxGridItem.getId" => "id",
    "CheckboxGridItem.getType" => "type",
    "CheckboxItem.getId" => "id",
    "CheckboxItem.getType" => "type",
    "DateItem.getId" => "id",
    "DateItem.getType" => "type",
    "DateTimeItem.getId" => "id",
    "DateTimeItem.getType" => "type",
    "DurationItem.getId" => "id",
    "DurationItem.getType" => "type",
    "Forms.GridItem.getId" => "id",
    "Forms.GridItem.getType" => "type",
    "Forms.ListItem.getId" => "id",
    "Forms.ListItem.getType" => "type",
    "ImageItem.getId" => "id",
    "ImageItem.getType" => "type",
    "Item.getId" => "id",
    "Item.getType" => "type",
    "MultipleChoiceItem.getId" => "id",
    "MultipleChoiceItem.getType" => "type",
    "PageBreakItem.getId" => "id",
    "PageBreakItem.getType" => "type",
    "ParagraphTextItem.getId" => "id",
    "ParagraphTextItem.getType" => "type",
    "ScaleItem.getId" => "id",
    "ScaleItem.getType" => "type",
    "SectionHeaderItem.getId" => "id",
    "SectionHeaderItem.getType" => "type",
    "TextItem.getId" => "id",
    "TextItem.getType" => "type",
    "TimeItem.getId" => "id",
    "TimeItem.getType" => "type",
    "VideoItem.getId" => "id",
    "VideoItem.getType" => "type",
];

/// The methods answered here, declared once (`crate::methods`). A conversion, a choice
/// and an answer are made in the script's process; the others read or change the form.
pub(in crate::bindings) const ITEM_METHODS: &[Method] = declare![Method::by(dispatch).scope(forms::SCOPE_FORMS);
    "CheckboxGridItem.clearValidation" => 200,
    "CheckboxGridItem.createResponse" => 0 { in_process: true },
    "CheckboxGridItem.duplicate" => 300,
    "CheckboxGridItem.getColumns" => 50,
    "CheckboxGridItem.getHelpText" => 50,
    "CheckboxGridItem.getIndex" => 50,
    "CheckboxGridItem.getRows" => 50,
    "CheckboxGridItem.getTitle" => 50,
    "CheckboxGridItem.isRequired" => 50,
    "CheckboxGridItem.setColumns" => 200,
    "CheckboxGridItem.setHelpText" => 200,
    "CheckboxGridItem.setRequired" => 200,
    "CheckboxGridItem.setRows" => 200,
    "CheckboxGridItem.setTitle" => 200,
    "CheckboxGridItem.setValidation" => 200,
    "CheckboxItem.clearValidation" => 200,
    "CheckboxItem.createChoice" => 0 { in_process: true },
    "CheckboxItem.createResponse" => 0 { in_process: true },
    "CheckboxItem.duplicate" => 300,
    "CheckboxItem.getChoices" => 50,
    "CheckboxItem.getFeedbackForCorrect" => 50,
    "CheckboxItem.getFeedbackForIncorrect" => 50,
    "CheckboxItem.getHelpText" => 50,
    "CheckboxItem.getIndex" => 50,
    "CheckboxItem.getPoints" => 50,
    "CheckboxItem.getTitle" => 50,
    "CheckboxItem.hasOtherOption" => 50,
    "CheckboxItem.isRequired" => 50,
    "CheckboxItem.setChoiceValues" => 200,
    "CheckboxItem.setChoices" => 200,
    "CheckboxItem.setFeedbackForCorrect" => 200,
    "CheckboxItem.setFeedbackForIncorrect" => 200,
    "CheckboxItem.setHelpText" => 200,
    "CheckboxItem.setPoints" => 200,
    "CheckboxItem.setRequired" => 200,
    "CheckboxItem.setTitle" => 200,
    "CheckboxItem.setValidation" => 200,
    "CheckboxItem.showOtherOption" => 200,
    "DateItem.createResponse" => 0 { in_process: true },
    "DateItem.duplicate" => 300,
    "DateItem.getGeneralFeedback" => 50,
    "DateItem.getHelpText" => 50,
    "DateItem.getIndex" => 50,
    "DateItem.getPoints" => 50,
    "DateItem.getTitle" => 50,
    "DateItem.includesYear" => 50,
    "DateItem.isRequired" => 50,
    "DateItem.setGeneralFeedback" => 200,
    "DateItem.setHelpText" => 200,
    "DateItem.setIncludesYear" => 200,
    "DateItem.setPoints" => 200,
    "DateItem.setRequired" => 200,
    "DateItem.setTitle" => 200,
    "DateTimeItem.createResponse" => 0 { in_process: true },
    "DateTimeItem.duplicate" => 300,
    "DateTimeItem.getGeneralFeedback" => 50,
    "DateTimeItem.getHelpText" => 50,
    "DateTimeItem.getIndex" => 50,
    "DateTimeItem.getPoints" => 50,
    "DateTimeItem.getTitle" => 50,
    "DateTimeItem.includesYear" => 50,
    "DateTimeItem.isRequired" => 50,
    "DateTimeItem.setGeneralFeedback" => 200,
    "DateTimeItem.setHelpText" => 200,
    "DateTimeItem.setIncludesYear" => 200,
    "DateTimeItem.setPoints" => 200,
    "DateTimeItem.setRequired" => 200,
    "DateTimeItem.setTitle" => 200,
    "DurationItem.createResponse" => 0 { in_process: true },
    "DurationItem.duplicate" => 300,
    "DurationItem.getGeneralFeedback" => 50,
    "DurationItem.getHelpText" => 50,
    "DurationItem.getIndex" => 50,
    "DurationItem.getPoints" => 50,
    "DurationItem.getTitle" => 50,
    "DurationItem.isRequired" => 50,
    "DurationItem.setGeneralFeedback" => 200,
    "DurationItem.setHelpText" => 200,
    "DurationItem.setPoints" => 200,
    "DurationItem.setRequired" => 200,
    "DurationItem.setTitle" => 200,
    "Forms.GridItem.clearValidation" => 200,
    "Forms.GridItem.createResponse" => 0 { in_process: true },
    "Forms.GridItem.duplicate" => 300,
    "Forms.GridItem.getColumns" => 50,
    "Forms.GridItem.getHelpText" => 50,
    "Forms.GridItem.getIndex" => 50,
    "Forms.GridItem.getRows" => 50,
    "Forms.GridItem.getTitle" => 50,
    "Forms.GridItem.isRequired" => 50,
    "Forms.GridItem.setColumns" => 200,
    "Forms.GridItem.setHelpText" => 200,
    "Forms.GridItem.setRequired" => 200,
    "Forms.GridItem.setRows" => 200,
    "Forms.GridItem.setTitle" => 200,
    "Forms.GridItem.setValidation" => 200,
    "Forms.ListItem.createChoice" => 0 { in_process: true },
    "Forms.ListItem.createResponse" => 0 { in_process: true },
    "Forms.ListItem.duplicate" => 300,
    "Forms.ListItem.getChoices" => 50,
    "Forms.ListItem.getFeedbackForCorrect" => 50,
    "Forms.ListItem.getFeedbackForIncorrect" => 50,
    "Forms.ListItem.getHelpText" => 50,
    "Forms.ListItem.getIndex" => 50,
    "Forms.ListItem.getPoints" => 50,
    "Forms.ListItem.getTitle" => 50,
    "Forms.ListItem.isRequired" => 50,
    "Forms.ListItem.setChoiceValues" => 200,
    "Forms.ListItem.setChoices" => 200,
    "Forms.ListItem.setFeedbackForCorrect" => 200,
    "Forms.ListItem.setFeedbackForIncorrect" => 200,
    "Forms.ListItem.setHelpText" => 200,
    "Forms.ListItem.setPoints" => 200,
    "Forms.ListItem.setRequired" => 200,
    "Forms.ListItem.setTitle" => 200,
    "ImageItem.duplicate" => 300,
    "ImageItem.getAlignment" => 50,
    "ImageItem.getHelpText" => 50,
    "ImageItem.getImage" => 100,
    "ImageItem.getIndex" => 50,
    "ImageItem.getTitle" => 50,
    "ImageItem.getWidth" => 50,
    "ImageItem.setAlignment" => 200,
    "ImageItem.setHelpText" => 200,
    "ImageItem.setImage" => 300,
    "ImageItem.setTitle" => 200,
    "ImageItem.setWidth" => 200,
    "Item.asCheckboxGridItem" => 0 { in_process: true },
    "Item.asCheckboxItem" => 0 { in_process: true },
    "Item.asDateItem" => 0 { in_process: true },
    "Item.asDateTimeItem" => 0 { in_process: true },
    "Item.asDurationItem" => 0 { in_process: true },
    "Item.asGridItem" => 0 { in_process: true },
    "Item.asImageItem" => 0 { in_process: true },
    "Item.asListItem" => 0 { in_process: true },
    "Item.asMultipleChoiceItem" => 0 { in_process: true },
    "Item.asPageBreakItem" => 0 { in_process: true },
    "Item.asParagraphTextItem" => 0 { in_process: true },
    "Item.asScaleItem" => 0 { in_process: true },
    "Item.asSectionHeaderItem" => 0 { in_process: true },
    "Item.asTextItem" => 0 { in_process: true },
    "Item.asTimeItem" => 0 { in_process: true },
    "Item.asVideoItem" => 0 { in_process: true },
    "Item.duplicate" => 300,
    "Item.getHelpText" => 50,
    "Item.getIndex" => 50,
    "Item.getTitle" => 50,
    "Item.setHelpText" => 200,
    "Item.setTitle" => 200,
    "MultipleChoiceItem.createChoice" => 0 { in_process: true },
    "MultipleChoiceItem.createResponse" => 0 { in_process: true },
    "MultipleChoiceItem.duplicate" => 300,
    "MultipleChoiceItem.getChoices" => 50,
    "MultipleChoiceItem.getFeedbackForCorrect" => 50,
    "MultipleChoiceItem.getFeedbackForIncorrect" => 50,
    "MultipleChoiceItem.getHelpText" => 50,
    "MultipleChoiceItem.getIndex" => 50,
    "MultipleChoiceItem.getPoints" => 50,
    "MultipleChoiceItem.getTitle" => 50,
    "MultipleChoiceItem.hasOtherOption" => 50,
    "MultipleChoiceItem.isRequired" => 50,
    "MultipleChoiceItem.setChoiceValues" => 200,
    "MultipleChoiceItem.setChoices" => 200,
    "MultipleChoiceItem.setFeedbackForCorrect" => 200,
    "MultipleChoiceItem.setFeedbackForIncorrect" => 200,
    "MultipleChoiceItem.setHelpText" => 200,
    "MultipleChoiceItem.setPoints" => 200,
    "MultipleChoiceItem.setRequired" => 200,
    "MultipleChoiceItem.setTitle" => 200,
    "MultipleChoiceItem.showOtherOption" => 200,
    "PageBreakItem.duplicate" => 300,
    "PageBreakItem.getGoToPage" => 50,
    "PageBreakItem.getHelpText" => 50,
    "PageBreakItem.getIndex" => 50,
    "PageBreakItem.getPageNavigationType" => 50,
    "PageBreakItem.getTitle" => 50,
    "PageBreakItem.setGoToPage" => 200,
    "PageBreakItem.setHelpText" => 200,
    "PageBreakItem.setTitle" => 200,
    "ParagraphTextItem.clearValidation" => 200,
    "ParagraphTextItem.createResponse" => 0 { in_process: true },
    "ParagraphTextItem.duplicate" => 300,
    "ParagraphTextItem.getGeneralFeedback" => 50,
    "ParagraphTextItem.getHelpText" => 50,
    "ParagraphTextItem.getIndex" => 50,
    "ParagraphTextItem.getPoints" => 50,
    "ParagraphTextItem.getTitle" => 50,
    "ParagraphTextItem.isRequired" => 50,
    "ParagraphTextItem.setGeneralFeedback" => 200,
    "ParagraphTextItem.setHelpText" => 200,
    "ParagraphTextItem.setPoints" => 200,
    "ParagraphTextItem.setRequired" => 200,
    "ParagraphTextItem.setTitle" => 200,
    "ParagraphTextItem.setValidation" => 200,
    "ScaleItem.createResponse" => 0 { in_process: true },
    "ScaleItem.duplicate" => 300,
    "ScaleItem.getGeneralFeedback" => 50,
    "ScaleItem.getHelpText" => 50,
    "ScaleItem.getIndex" => 50,
    "ScaleItem.getLeftLabel" => 50,
    "ScaleItem.getLowerBound" => 50,
    "ScaleItem.getPoints" => 50,
    "ScaleItem.getRightLabel" => 50,
    "ScaleItem.getTitle" => 50,
    "ScaleItem.getUpperBound" => 50,
    "ScaleItem.isRequired" => 50,
    "ScaleItem.setBounds" => 200,
    "ScaleItem.setGeneralFeedback" => 200,
    "ScaleItem.setHelpText" => 200,
    "ScaleItem.setLabels" => 200,
    "ScaleItem.setPoints" => 200,
    "ScaleItem.setRequired" => 200,
    "ScaleItem.setTitle" => 200,
    "SectionHeaderItem.duplicate" => 300,
    "SectionHeaderItem.getHelpText" => 50,
    "SectionHeaderItem.getIndex" => 50,
    "SectionHeaderItem.getTitle" => 50,
    "SectionHeaderItem.setHelpText" => 200,
    "SectionHeaderItem.setTitle" => 200,
    "TextItem.clearValidation" => 200,
    "TextItem.createResponse" => 0 { in_process: true },
    "TextItem.duplicate" => 300,
    "TextItem.getGeneralFeedback" => 50,
    "TextItem.getHelpText" => 50,
    "TextItem.getIndex" => 50,
    "TextItem.getPoints" => 50,
    "TextItem.getTitle" => 50,
    "TextItem.isRequired" => 50,
    "TextItem.setGeneralFeedback" => 200,
    "TextItem.setHelpText" => 200,
    "TextItem.setPoints" => 200,
    "TextItem.setRequired" => 200,
    "TextItem.setTitle" => 200,
    "TextItem.setValidation" => 200,
    "TimeItem.createResponse" => 0 { in_process: true },
    "TimeItem.duplicate" => 300,
    "TimeItem.getGeneralFeedback" => 50,
    "TimeItem.getHelpText" => 50,
    "TimeItem.getIndex" => 50,
    "TimeItem.getPoints" => 50,
    "TimeItem.getTitle" => 50,
    "TimeItem.isRequired" => 50,
    "TimeItem.setGeneralFeedback" => 200,
    "TimeItem.setHelpText" => 200,
    "TimeItem.setPoints" => 200,
    "TimeItem.setRequired" => 200,
    "TimeItem.setTitle" => 200,
    "VideoItem.duplicate" => 300,
    "VideoItem.getAlignment" => 50,
    "VideoItem.getHelpText" => 50,
    "VideoItem.getIndex" => 50,
    "VideoItem.getTitle" => 50,
    "VideoItem.getWidth" => 50,
    "VideoItem.setAlignment" => 200,
    "VideoItem.setHelpText" => 200,
    "VideoItem.setTitle" => 200,
    "VideoItem.setVideoUrl" => 200,
    "VideoItem.setWidth" => 200,
];

/// An item's handle: its form, id and type (`FormApp.ItemType`'s name).
pub(super) fn item_handle(form: &str, item: &Item) -> Val {
    Val::Object(vec![
        ("form".into(), Val::String(form.to_string())),
        ("id".into(), Val::Number(item.id as f64)),
        ("type".into(), Val::String(item.kind.type_name().into())),
    ])
}

/// The form and item an item's handle (or a script's item) names.
pub(super) fn item_ref(value: &Val) -> Option<(String, i64)> {
    let handle = handle_arg(value);
    let form = handle.get("form")?.as_str()?.to_string();
    let id = handle.get("id")?.as_f64()?;
    Some((form, id as i64))
}

/// A choice as the script holds it: its value, whether it is right, and its navigation
/// (`Choice.getPageNavigationType`, `getGotoPage` read them; null without navigation).
fn choice_handle(form: &Form, choice: &Choice) -> Val {
    let navigation =
        choice.navigation.map_or(Val::Null, |navigation| Val::String(navigation.resolved(form).type_name().into()));
    Val::Object(vec![
        ("value".into(), Val::String(choice.value.clone())),
        ("correct".into(), Val::Bool(choice.correct)),
        ("navigation".into(), navigation),
        ("page".into(), page_handle(form, choice.navigation)),
    ])
}

/// The page break a `GO_TO_PAGE` goes to, or null.
fn page_handle(form: &Form, navigation: Option<Navigation>) -> Val {
    navigation.and_then(|navigation| navigation.page(form)).map_or(Val::Null, |page| item_handle(&form.id, page))
}

/// A script's choice back from its handle (`setChoices` on an item of `form`): a
/// `GO_TO_PAGE` must go to a page break of that form, as `createChoice` checks.
fn choice_of(form: &Form, value: &Val) -> ServiceResult<Choice> {
    #[derive(serde::Deserialize)]
    struct Page {
        form: String,
        id: f64,
    }
    #[derive(serde::Deserialize)]
    struct Handle {
        value: String,
        #[serde(default)]
        correct: bool,
        #[serde(default)]
        navigation: Option<String>,
        #[serde(default)]
        page: Option<Page>,
    }
    let handle: Handle = handle_of(value)?;
    let navigation = match (handle.navigation.as_deref(), handle.page) {
        (None, _) => None,
        (Some("GO_TO_PAGE"), Some(page)) if page.form == form.id => Some(form.go_to_page(page.id as i64)?),
        (Some("GO_TO_PAGE"), _) => return Err(ServiceError::new(navigation::NAVIGATION_NEEDS_PAGE)),
        (Some(name), _) => Some(Navigation::of_type(name)?),
    };
    Ok(Choice { value: handle.value, correct: handle.correct, navigation })
}

/// A navigation argument: a page break of `form`, or a `PageNavigationType`.
fn navigation_arg(form: &Form, value: &Val) -> ServiceResult<Navigation> {
    match item_ref(value) {
        Some((form_id, item_id)) if form_id == form.id => form.go_to_page(item_id),
        Some(_) => Err(ServiceError::new(navigation::NAVIGATION_NEEDS_PAGE)),
        None => Navigation::of_type(&value.to_js_string()),
    }
}

fn answer_val(answer: &Answer) -> Val {
    match answer {
        Answer::Text(text) => Val::String(text.clone()),
        Answer::List(values) => Val::Array(values.iter().cloned().map(Val::String).collect()),
        Answer::Grid(rows) => {
            Val::Array(rows.iter().map(|row| Val::Array(row.iter().cloned().map(Val::String).collect())).collect())
        }
    }
}

/// An ItemResponse's handle: the item's handle, the answer as getResponse gives it, the
/// score (null outside a quiz) and the feedback a grade gave.
pub(super) fn item_response_handle(form: &str, item: &Item, answer: &Answer, score: Option<f64>, feedback: Val) -> Val {
    Val::Object(vec![
        ("item".into(), item_handle(form, item)),
        ("response".into(), answer_val(answer)),
        ("score".into(), score.map_or(Val::Null, Val::Number)),
        ("feedback".into(), feedback),
    ])
}

/// An ItemResponse's handle as a grade reads it (`setScore`, `withItemGrade`).
#[derive(serde::Deserialize)]
pub(super) struct Graded {
    pub item: serde_json::Value,
    pub response: serde_json::Value,
    #[serde(default)]
    pub score: Option<f64>,
    #[serde(default)]
    pub feedback: Option<forms::quiz::QuizFeedback>,
}

impl Graded {
    pub fn to_val(&self) -> Val {
        to_val(&serde_json::json!({
            "item": self.item, "response": self.response, "score": self.score, "feedback": self.feedback,
        }))
    }
}

pub(super) fn dispatch(call: &Call) -> CallResult {
    let name = call.method.rsplit_once('.').map_or("", |(_, name)| name);
    let Some((form_id, item_id)) = item_ref(call.handle) else {
        return Err(ServiceError::new("gas-sim: bad item handle; was the object built by hand?").into());
    };
    let zone = call.host.zone;
    let mut world = call.host.world();
    let forms = &mut world.forms;
    let item = forms.get(&form_id)?.item(item_id)?.clone();
    let value = match name {
        _ if name.starts_with("as") => {
            check_conversion(item.kind, &name["as".len()..])?;
            item_handle(&form_id, &item)
        }
        "getIndex" => Val::Number(forms.get(&form_id)?.index_of(item_id)? as f64),
        "duplicate" => {
            let copy = forms.duplicate_item(&form_id, item_id)?;
            item_handle(&form_id, forms.get(&form_id)?.item(copy)?)
        }
        "createResponse" => {
            let answer = answer_of(&item, call.method, call.args, zone)?;
            item_response_handle(&form_id, &item, &answer, None, Val::Null)
        }
        // ImageItem's image (as it was set), or null before one is.
        "getImage" => match &item.image {
            Some(image) => super::super::documents::elements::image_blob(image, None)?,
            None => Val::Null,
        },
        "createChoice" => {
            let form = forms.get(&form_id)?;
            let choice = match (arg(call.args, 1), string_arg(call.args, 0)) {
                (Val::Undefined, value) => Choice::new(value),
                (Val::Bool(correct), value) => Choice { correct: *correct, ..Choice::new(value) },
                (navigation, value) => {
                    Choice { navigation: Some(navigation_arg(form, navigation)?), ..Choice::new(value) }
                }
            };
            choice_handle(form, &choice)
        }
        "getChoices" => {
            let form = forms.get(&form_id)?;
            Val::Array(item.choices.iter().map(|choice| choice_handle(form, choice)).collect())
        }
        "getGoToPage" => page_handle(forms.get(&form_id)?, item.go_to_page),
        "getPageNavigationType" => {
            let form = forms.get(&form_id)?;
            let navigation = item.go_to_page.map_or(Navigation::Continue, |navigation| navigation.resolved(form));
            Val::String(navigation.type_name().into())
        }
        "setChoices" => {
            let Val::Array(values) = arg(call.args, 0) else {
                return Err(signature_error(call.method, call.args).into());
            };
            let form = forms.get(&form_id)?;
            let choices = values.iter().map(|value| choice_of(form, value)).collect::<ServiceResult<Vec<Choice>>>()?;
            navigation::check_choices(&choices)?;
            forms.get_mut(&form_id)?.item_mut(item_id)?.choices = choices;
            Val::Undefined
        }
        "setImage" => {
            let blob =
                BlobParts::of(handle_arg(arg(call.args, 0))).ok_or_else(|| signature_error(call.method, call.args))?;
            forms.get(&form_id)?.check_image_room(blob.bytes.len(), Some(item_id))?;
            let item = forms.get_mut(&form_id)?.item_mut(item_id)?;
            item.set_image(&blob.bytes, blob.name.as_deref().unwrap_or_default())?;
            Val::Undefined
        }
        "setGoToPage" => {
            let navigation = navigation_arg(forms.get(&form_id)?, arg(call.args, 0))?;
            forms.get_mut(&form_id)?.item_mut(item_id)?.go_to_page = Some(navigation);
            Val::Undefined
        }
        _ => {
            let item = forms.get_mut(&form_id)?.item_mut(item_id)?;
            settings(item, call.method, name, call.args)?
        }
    };
    Ok(value)
}

/// `createResponse(...)`: the arguments each kind takes (the catalogue checked their types).
fn answer_of(item: &Item, method: &str, args: &[Val], zone: chrono_tz::Tz) -> ServiceResult<Answer> {
    let strings = |value: &Val| match value {
        Val::Array(values) => Ok(values.iter().map(Val::to_js_string).collect::<Vec<_>>()),
        _ => Err(signature_error(method, args)),
    };
    match item.kind {
        ItemKind::Checkbox | ItemKind::Grid => item.answer_list(strings(arg(args, 0))?),
        ItemKind::CheckboxGrid => match arg(args, 0) {
            Val::Array(rows) => item.answer_grid(rows.iter().map(strings).collect::<ServiceResult<_>>()?),
            _ => Err(signature_error(method, args)),
        },
        ItemKind::Scale => item.answer_scale(int_arg(args, 0, method)?),
        ItemKind::Date | ItemKind::Datetime => match arg(args, 0) {
            Val::Date(ms) if ms.is_finite() => Ok(item.answer_date(*ms as i64, zone)),
            _ => Err(signature_error(method, args)),
        },
        ItemKind::Time => Ok(item.answer_time(&[int_arg(args, 0, method)?, int_arg(args, 1, method)?])),
        ItemKind::Duration => {
            let parts = [int_arg(args, 0, method)?, int_arg(args, 1, method)?, int_arg(args, 2, method)?];
            Ok(item.answer_time(&parts))
        }
        _ => item.answer_text(&string_arg(args, 0)),
    }
}

/// The getters and setters of an item's own settings.
fn settings(item: &mut Item, method: &str, name: &str, args: &[Val]) -> ServiceResult<Val> {
    let text = |s: &String| Val::String(s.clone());
    let strings = |value: &Val| match value {
        Val::Array(values) => Ok(values.iter().map(Val::to_js_string).collect::<Vec<_>>()),
        _ => Err(signature_error(method, args)),
    };
    let boolean = || match arg(args, 0) {
        Val::Bool(b) => Ok(*b),
        _ => Err(signature_error(method, args)),
    };
    let value = match name {
        "getTitle" => text(&item.title),
        "getHelpText" => text(&item.help_text),
        "isRequired" => Val::Bool(item.required),
        "hasOtherOption" => Val::Bool(item.other_option),
        "includesYear" => Val::Bool(item.includes_year),
        "getRows" => Val::Array(item.rows.iter().cloned().map(Val::String).collect()),
        "getColumns" => Val::Array(item.columns.iter().cloned().map(Val::String).collect()),
        "getLowerBound" => Val::Number(item.lower as f64),
        "getUpperBound" => Val::Number(item.upper as f64),
        "getLeftLabel" => text(&item.left_label),
        "getRightLabel" => text(&item.right_label),
        "getWidth" => Val::Number(item.media_width() as f64),
        "setWidth" => {
            item.set_width(int_arg(args, 0, method)?)?;
            Val::Undefined
        }
        "getAlignment" => Val::String(item.media_alignment().to_string()),
        "setAlignment" => {
            if !item.set_alignment(&string_arg(args, 0)) {
                return Err(signature_error(method, args));
            }
            Val::Undefined
        }
        "setVideoUrl" => {
            item.set_video_url(&string_arg(args, 0))?;
            Val::Undefined
        }
        "getPoints" => Val::Number(item.points as f64),
        "setPoints" => set(&mut item.points, forms::quiz::check_points(int_arg(args, 0, method)?)?),
        "getFeedbackForCorrect" => super::quiz::feedback_val(item.feedback_correct.as_ref()),
        "getFeedbackForIncorrect" => super::quiz::feedback_val(item.feedback_incorrect.as_ref()),
        "getGeneralFeedback" => super::quiz::feedback_val(item.general_feedback.as_ref()),
        "setFeedbackForCorrect" => set(&mut item.feedback_correct, super::quiz::feedback_arg(arg(args, 0), method)?),
        "setFeedbackForIncorrect" => {
            set(&mut item.feedback_incorrect, super::quiz::feedback_arg(arg(args, 0), method)?)
        }
        "setGeneralFeedback" => set(&mut item.general_feedback, super::quiz::feedback_arg(arg(args, 0), method)?),
        "setTitle" => set(&mut item.title, string_arg(args, 0)),
        "setHelpText" => set(&mut item.help_text, string_arg(args, 0)),
        "setRequired" => set(&mut item.required, boolean()?),
        "showOtherOption" => set(&mut item.other_option, boolean()?),
        "setIncludesYear" => set(&mut item.includes_year, boolean()?),
        "setRows" => set(&mut item.rows, strings(arg(args, 0))?),
        "setColumns" => set(&mut item.columns, strings(arg(args, 0))?),
        "setChoiceValues" => {
            let values = strings(arg(args, 0))?;
            set(&mut item.choices, values.into_iter().map(Choice::new).collect())
        }
        "setBounds" => unit(item.set_bounds(int_arg(args, 0, method)?, int_arg(args, 1, method)?))?,
        "setValidation" => unit(item.set_validation(handle_of(arg(args, 0))?))?,
        "clearValidation" => set(&mut item.validation, None),
        "setLabels" => {
            item.left_label = string_arg(args, 0);
            set(&mut item.right_label, string_arg(args, 1))
        }
        _ => return Err(ServiceError::unimplemented(method)),
    };
    Ok(value)
}

/// A setter's change; the wrapper gives the item back.
fn set<T>(field: &mut T, value: T) -> Val {
    *field = value;
    Val::Undefined
}
