//! Quiz feedback: `FormApp.createFeedback()`'s builder and the QuizFeedback it builds,
//! both handles of gas-platform's `forms::quiz::QuizFeedback` (`{ text, urls, displays }`)
//! made in the script's process; the builder changes in place (48_forms.js).

use gas_platform::forms::quiz::QuizFeedback;
use gas_platform::forms::SCOPE_FORMS;
use gas_platform::ServiceError;

use super::super::args::*;
use super::super::Call;
use crate::host::CallResult;
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;

pub(in crate::bindings) const QUIZ_METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_FORMS).in_process();
    "QuizFeedbackBuilder.addLink" => 0,
    "QuizFeedbackBuilder.build" => 0,
    "QuizFeedbackBuilder.copy" => 0,
    "QuizFeedbackBuilder.setText" => 0,
];

pub(in crate::bindings) const QUIZ_READS: &[Read] = reads![
    "QuizFeedback.getLinkUrls" => "urls",
    "QuizFeedback.getText" => "text",
];

pub(super) fn new_builder() -> Val {
    to_val(&QuizFeedback::default())
}

/// A QuizFeedback a script passes (`setFeedbackForCorrect(feedback)`), or `None` for null.
pub(super) fn feedback_arg(value: &Val, method: &str) -> Result<Option<QuizFeedback>, ServiceError> {
    match value {
        Val::Null => Ok(None),
        other => serde_json::from_value(handle_arg(other).to_json())
            .map(Some)
            .map_err(|_| signature_error(method, std::slice::from_ref(value))),
    }
}

pub(super) fn feedback_val(feedback: Option<&QuizFeedback>) -> Val {
    feedback.map_or(Val::Null, to_val)
}

fn dispatch(call: &Call) -> CallResult {
    let name = call.method.rsplit_once('.').map_or(call.method, |(_, name)| name);
    let mut feedback: QuizFeedback = handle_of(call.handle)?;
    match name {
        "setText" => feedback.text = string_arg(call.args, 0),
        "addLink" => {
            let display = match arg(call.args, 1) {
                Val::Undefined | Val::Null => None,
                _ => Some(string_arg(call.args, 1)),
            };
            feedback.add_link(string_arg(call.args, 0), display)?;
        }
        // `build()` and `copy()` give the same fields; the prelude picks the class.
        _ => {}
    }
    Ok(to_val(&feedback))
}
