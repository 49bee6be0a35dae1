//! The validation builders (`FormApp.createTextValidation()` ... `build()`): a builder's
//! handle is the rule it holds (`gas_platform::forms::validation::Validation`), and so
//! is the built rule's. Each step gives the changed rule back; the prelude keeps it in
//! the builder the script holds, as the platform's builders change in place.

use gas_platform::forms::validation::{self, Validation};
use gas_platform::forms::SCOPE_FORMS;

use super::super::args::*;
use super::super::Call;
use crate::host::CallResult;
use crate::methods::{declare, Method};
use crate::value::Val;

/// The methods answered here, declared once (`crate::methods`): builders run in the
/// script's process.
pub(in crate::bindings) const VALIDATION_METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_FORMS).in_process();
    "CheckboxGridValidationBuilder.build" => 0,
    "CheckboxGridValidationBuilder.requireLimitOneResponsePerColumn" => 0,
    "CheckboxGridValidationBuilder.setHelpText" => 0,
    "CheckboxValidationBuilder.build" => 0,
    "CheckboxValidationBuilder.requireSelectAtLeast" => 0,
    "CheckboxValidationBuilder.requireSelectAtMost" => 0,
    "CheckboxValidationBuilder.requireSelectExactly" => 0,
    "CheckboxValidationBuilder.setHelpText" => 0,
    "GridValidationBuilder.build" => 0,
    "GridValidationBuilder.requireLimitOneResponsePerColumn" => 0,
    "GridValidationBuilder.setHelpText" => 0,
    "ParagraphTextValidationBuilder.build" => 0,
    "ParagraphTextValidationBuilder.requireTextContainsPattern" => 0,
    "ParagraphTextValidationBuilder.requireTextDoesNotContainPattern" => 0,
    "ParagraphTextValidationBuilder.requireTextDoesNotMatchPattern" => 0,
    "ParagraphTextValidationBuilder.requireTextLengthGreaterThanOrEqualTo" => 0,
    "ParagraphTextValidationBuilder.requireTextLengthLessThanOrEqualTo" => 0,
    "ParagraphTextValidationBuilder.requireTextMatchesPattern" => 0,
    "ParagraphTextValidationBuilder.setHelpText" => 0,
    "TextValidationBuilder.build" => 0,
    "TextValidationBuilder.requireNumber" => 0,
    "TextValidationBuilder.requireNumberBetween" => 0,
    "TextValidationBuilder.requireNumberEqualTo" => 0,
    "TextValidationBuilder.requireNumberGreaterThan" => 0,
    "TextValidationBuilder.requireNumberGreaterThanOrEqualTo" => 0,
    "TextValidationBuilder.requireNumberLessThan" => 0,
    "TextValidationBuilder.requireNumberLessThanOrEqualTo" => 0,
    "TextValidationBuilder.requireNumberNotBetween" => 0,
    "TextValidationBuilder.requireNumberNotEqualTo" => 0,
    "TextValidationBuilder.requireTextContainsPattern" => 0,
    "TextValidationBuilder.requireTextDoesNotContainPattern" => 0,
    "TextValidationBuilder.requireTextDoesNotMatchPattern" => 0,
    "TextValidationBuilder.requireTextIsEmail" => 0,
    "TextValidationBuilder.requireTextIsUrl" => 0,
    "TextValidationBuilder.requireTextLengthGreaterThanOrEqualTo" => 0,
    "TextValidationBuilder.requireTextLengthLessThanOrEqualTo" => 0,
    "TextValidationBuilder.requireTextMatchesPattern" => 0,
    "TextValidationBuilder.requireWholeNumber" => 0,
    "TextValidationBuilder.setHelpText" => 0,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    let name = call.method.rsplit_once('.').map_or(call.method, |(_, name)| name);
    let mut rule: Validation = handle_of(call.handle)?;
    if name != "build" {
        let numbers: Vec<f64> = call.args.iter().filter_map(Val::as_f64).collect();
        let text = match arg(call.args, 0) {
            Val::String(text) => text.clone(),
            _ => String::new(),
        };
        validation::apply(&mut rule, name, &numbers, &text)?;
    }
    Ok(to_val(&rule))
}

/// A new builder's handle: no rule yet.
pub(super) fn new_builder() -> Val {
    to_val(&Validation::default())
}
