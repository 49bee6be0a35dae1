//! Conditional format rules (`SpreadsheetApp.newConditionalFormatRule()`,
//! `ConditionalFormatRuleBuilder`, `Sheet.set/getConditionalFormatRules`,
//! `BooleanCondition`, `GradientCondition`): stored per sheet and read back. gas-sim does
//! not render them: display values and formats do not change (gas-sim limitation).

use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::model::Spreadsheets;
use super::named::{grid_box, range_of};
use super::{RangeRef, SheetRef};
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

/// `whenX(...)`: a `SpreadsheetApp.BooleanCriteria` with its values, and the format it applies.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct BooleanCondition {
    pub criteria: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<CellValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub font_color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bold: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub italic: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strikethrough: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underline: Option<bool>,
}

/// One end or the middle of a colour scale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GradientPoint {
    pub color: String,
    /// A `SpreadsheetApp.InterpolationType` name; `None` for `setGradientMinpoint(color)`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interpolation: Option<String>,
    #[serde(default)]
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct GradientCondition {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<GradientPoint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mid: Option<GradientPoint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<GradientPoint>,
}

/// A rule as stored on a sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConditionalFormatRule {
    pub ranges: Vec<GridBox>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boolean: Option<BooleanCondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gradient: Option<GradientCondition>,
}

/// The builder's state: ranges as handles (they may be on any sheet until the rule is set).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RuleBuilder {
    #[serde(default)]
    pub ranges: Vec<RangeRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boolean: Option<BooleanCondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gradient: Option<GradientCondition>,
}

/// `SpreadsheetApp.BooleanCriteria` with how many values each takes (documented per
/// `whenX` method; the relative-date ones take a `RelativeDate` name).
const BOOLEAN_CRITERIA: &[(&str, usize)] = &[
    ("CELL_EMPTY", 0),
    ("CELL_NOT_EMPTY", 0),
    ("CUSTOM_FORMULA", 1),
    ("DATE_AFTER", 1),
    ("DATE_AFTER_RELATIVE", 1),
    ("DATE_BEFORE", 1),
    ("DATE_BEFORE_RELATIVE", 1),
    ("DATE_EQUAL_TO", 1),
    ("DATE_EQUAL_TO_RELATIVE", 1),
    ("NUMBER_BETWEEN", 2),
    ("NUMBER_EQUAL_TO", 1),
    ("NUMBER_GREATER_THAN", 1),
    ("NUMBER_GREATER_THAN_OR_EQUAL_TO", 1),
    ("NUMBER_LESS_THAN", 1),
    ("NUMBER_LESS_THAN_OR_EQUAL_TO", 1),
    ("NUMBER_NOT_BETWEEN", 2),
    ("NUMBER_NOT_EQUAL_TO", 1),
    ("TEXT_CONTAINS", 1),
    ("TEXT_DOES_NOT_CONTAIN", 1),
    ("TEXT_ENDS_WITH", 1),
    ("TEXT_EQUAL_TO", 1),
    ("TEXT_STARTS_WITH", 1),
];

/// The criteria a `whenX` method sets; a `Date` argument or a `RelativeDate` name picks
/// `DATE_AFTER` or `DATE_AFTER_RELATIVE` (documented overloads).
pub fn when_criteria(method: &str, relative_date: bool) -> Option<&'static str> {
    let relative = |absolute: &'static str, rel: &'static str| if relative_date { rel } else { absolute };
    Some(match method {
        "whenCellEmpty" => "CELL_EMPTY",
        "whenCellNotEmpty" => "CELL_NOT_EMPTY",
        "whenDateAfter" => relative("DATE_AFTER", "DATE_AFTER_RELATIVE"),
        "whenDateBefore" => relative("DATE_BEFORE", "DATE_BEFORE_RELATIVE"),
        "whenDateEqualTo" => relative("DATE_EQUAL_TO", "DATE_EQUAL_TO_RELATIVE"),
        "whenFormulaSatisfied" => "CUSTOM_FORMULA",
        "whenNumberBetween" => "NUMBER_BETWEEN",
        "whenNumberEqualTo" => "NUMBER_EQUAL_TO",
        "whenNumberGreaterThan" => "NUMBER_GREATER_THAN",
        "whenNumberGreaterThanOrEqualTo" => "NUMBER_GREATER_THAN_OR_EQUAL_TO",
        "whenNumberLessThan" => "NUMBER_LESS_THAN",
        "whenNumberLessThanOrEqualTo" => "NUMBER_LESS_THAN_OR_EQUAL_TO",
        "whenNumberNotBetween" => "NUMBER_NOT_BETWEEN",
        "whenNumberNotEqualTo" => "NUMBER_NOT_EQUAL_TO",
        "whenTextContains" => "TEXT_CONTAINS",
        "whenTextDoesNotContain" => "TEXT_DOES_NOT_CONTAIN",
        "whenTextEndsWith" => "TEXT_ENDS_WITH",
        "whenTextEqualTo" => "TEXT_EQUAL_TO",
        "whenTextStartsWith" => "TEXT_STARTS_WITH",
        _ => return None,
    })
}

pub mod text {
    /// Assumed.
    pub const NO_CONDITION: &str =
        "The conditional format rule has no condition: call a when... method, withCriteria or a gradient method first.";
    /// Assumed.
    pub const NO_RANGES: &str = "The conditional format rule has no ranges: call setRanges first.";
    /// Assumed.
    pub const RANGE_ON_OTHER_SHEET: &str = "The ranges of a conditional format rule must be on the sheet it is set on.";

    /// Assumed.
    pub fn criteria_values(criteria: &str, expected: usize, got: usize) -> String {
        format!("The criteria {criteria} takes {expected} values, not {got}.")
    }

    /// Assumed.
    pub fn unknown_criteria(criteria: &str) -> String {
        format!("Invalid argument: criteria ({criteria})")
    }
}

impl RuleBuilder {
    /// `whenX(...)` / `withCriteria(criteria, args)`: sets the boolean condition (the
    /// format already set on the builder stays) and drops a gradient (a rule has one kind).
    pub fn with_criteria(mut self, criteria: &str, values: Vec<CellValue>) -> ServiceResult<RuleBuilder> {
        let &(name, expected) = BOOLEAN_CRITERIA
            .iter()
            .find(|(name, _)| *name == criteria)
            .ok_or_else(|| ServiceError::new(text::unknown_criteria(criteria)))?;
        if values.len() != expected {
            return Err(ServiceError::new(text::criteria_values(name, expected, values.len())));
        }
        let mut condition = self.boolean.take().unwrap_or_default();
        condition.criteria = name.to_string();
        condition.values = values;
        self.boolean = Some(condition);
        self.gradient = None;
        Ok(self)
    }

    /// The format setters (`setBackground`, `setBold`, ...) act on the boolean condition.
    pub fn format(mut self, set: impl FnOnce(&mut BooleanCondition)) -> RuleBuilder {
        let mut condition = self.boolean.take().unwrap_or_default();
        set(&mut condition);
        self.boolean = Some(condition);
        self.gradient = None;
        self
    }

    /// `setGradientMinpoint*`, `...Midpoint...`, `...Maxpoint*`: a colour scale replaces a
    /// boolean condition.
    pub fn gradient_point(mut self, which: &str, point: GradientPoint) -> RuleBuilder {
        let mut gradient = self.gradient.take().unwrap_or_default();
        match which {
            "min" => gradient.min = Some(point),
            "mid" => gradient.mid = Some(point),
            _ => gradient.max = Some(point),
        }
        self.gradient = Some(gradient);
        self.boolean = None;
        self
    }

    /// `build()`: a rule needs a condition and ranges.
    pub fn build(self) -> ServiceResult<RuleBuilder> {
        let has_condition = self.boolean.as_ref().is_some_and(|b| !b.criteria.is_empty()) || self.gradient.is_some();
        if !has_condition {
            return Err(ServiceError::new(text::NO_CONDITION));
        }
        if self.ranges.is_empty() {
            return Err(ServiceError::new(text::NO_RANGES));
        }
        Ok(self)
    }
}

impl Spreadsheets {
    /// `Sheet.setConditionalFormatRules(rules)`: replaces the sheet's rules.
    pub fn set_conditional_format_rules(&mut self, sheet: &SheetRef, rules: Vec<RuleBuilder>) -> ServiceResult<()> {
        self.sheet(sheet)?;
        let mut stored = Vec::new();
        for rule in rules {
            let rule = rule.build()?;
            for range in &rule.ranges {
                if range.sheet != *sheet {
                    return Err(ServiceError::new(text::RANGE_ON_OTHER_SHEET));
                }
                self.range_sheet(range)?;
            }
            stored.push(ConditionalFormatRule {
                ranges: rule.ranges.iter().map(grid_box).collect(),
                boolean: rule.boolean,
                gradient: rule.gradient,
            });
        }
        self.sheet_for_change(sheet)?.objects_mut().conditional_formats = stored;
        Ok(())
    }

    /// `Sheet.getConditionalFormatRules()`, as builders' states (a rule reads like one).
    pub fn conditional_format_rules(&self, sheet: &SheetRef) -> ServiceResult<Vec<RuleBuilder>> {
        let found = self.sheet(sheet)?;
        Ok(found
            .objects()
            .conditional_formats
            .iter()
            .map(|rule| RuleBuilder {
                ranges: rule.ranges.iter().map(|boxed| range_of(&sheet.spreadsheet_id, boxed)).collect(),
                boolean: rule.boolean.clone(),
                gradient: rule.gradient.clone(),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn when_methods_name_boolean_criteria() {
        for method in [
            "whenCellEmpty",
            "whenCellNotEmpty",
            "whenDateAfter",
            "whenDateBefore",
            "whenDateEqualTo",
            "whenFormulaSatisfied",
            "whenNumberBetween",
            "whenNumberEqualTo",
            "whenNumberGreaterThan",
            "whenNumberGreaterThanOrEqualTo",
            "whenNumberLessThan",
            "whenNumberLessThanOrEqualTo",
            "whenNumberNotBetween",
            "whenNumberNotEqualTo",
            "whenTextContains",
            "whenTextDoesNotContain",
            "whenTextEndsWith",
            "whenTextEqualTo",
            "whenTextStartsWith",
        ] {
            for relative in [false, true] {
                let criteria = when_criteria(method, relative).unwrap();
                assert!(BOOLEAN_CRITERIA.iter().any(|(name, _)| *name == criteria), "{method}");
            }
        }
        assert_eq!(when_criteria("whenDateAfter", true), Some("DATE_AFTER_RELATIVE"));
    }

    #[test]
    fn a_rule_keeps_one_kind_of_condition_and_needs_ranges() {
        let rule = RuleBuilder::default()
            .format(|c| c.background = Some("#ff0000".into()))
            .with_criteria("NUMBER_GREATER_THAN", vec![CellValue::Number(5.0)])
            .unwrap();
        let boolean = rule.boolean.clone().unwrap();
        assert_eq!(
            (boolean.criteria.as_str(), boolean.background.as_deref()),
            ("NUMBER_GREATER_THAN", Some("#ff0000"))
        );
        assert_eq!(rule.clone().build().unwrap_err().message, text::NO_RANGES);
        let point = GradientPoint { color: "#00ff00".into(), interpolation: None, value: String::new() };
        let scale = rule.gradient_point("min", point);
        assert!(scale.boolean.is_none() && scale.gradient.is_some());
        assert_eq!(RuleBuilder::default().build().unwrap_err().message, text::NO_CONDITION);
        let err = RuleBuilder::default().with_criteria("NUMBER_BETWEEN", vec![CellValue::Number(1.0)]).unwrap_err();
        assert_eq!(err.message, "The criteria NUMBER_BETWEEN takes 2 values, not 1.");
    }
}
