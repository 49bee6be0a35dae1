//! Data validation rules (`SpreadsheetApp.newDataValidation()`, `DataValidationBuilder`,
//! `Range.setDataValidation(s)`, `getDataValidation(s)`): which criteria each builder
//! method makes, with which values, stored per cell and read back.
//!
//! A script's own writes are never refused by a rule, even with `setAllowInvalid(false)`:
//! validation applies to what users type (documented: "Sets whether to show a warning
//! when input fails data validation or whether to reject the input entirely", i.e.
//! input in the UI; observed: `setValue` of an invalid value succeeds). What a rule
//! accepts from a person (`[[edits]]`) is `user_input.rs`.

use serde::{Deserialize, Serialize};

use super::model::Spreadsheets;
use super::RangeRef;
use crate::error::{ServiceError, ServiceResult};
use crate::CellValue;

/// One value of a criterion: a scalar, a list (`requireValueInList`) or a range
/// (`requireValueInRange`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CriterionValue {
    Value(CellValue),
    List(Vec<String>),
    Range(RangeRef),
}

/// A rule as built (`DataValidation`); also the builder's state, where `criteria` may be
/// empty until a `require...` method sets it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DataValidation {
    /// A `SpreadsheetApp.DataValidationCriteria` name (`NUMBER_BETWEEN`).
    pub criteria: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<CriterionValue>,
    pub allow_invalid: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help_text: Option<String>,
}

/// The criteria of `SpreadsheetApp.DataValidationCriteria` with how many values each
/// takes (min, max): documented per `require...` method.
const CRITERIA: &[(&str, usize, usize)] = &[
    ("CHECKBOX", 0, 2),
    ("CUSTOM_FORMULA", 1, 1),
    ("DATE_AFTER", 1, 1),
    ("DATE_BEFORE", 1, 1),
    ("DATE_BETWEEN", 2, 2),
    ("DATE_EQUAL_TO", 1, 1),
    ("DATE_IS_VALID_DATE", 0, 0),
    ("DATE_NOT_BETWEEN", 2, 2),
    ("DATE_ON_OR_AFTER", 1, 1),
    ("DATE_ON_OR_BEFORE", 1, 1),
    ("NUMBER_BETWEEN", 2, 2),
    ("NUMBER_EQUAL_TO", 1, 1),
    ("NUMBER_GREATER_THAN", 1, 1),
    ("NUMBER_GREATER_THAN_OR_EQUAL_TO", 1, 1),
    ("NUMBER_LESS_THAN", 1, 1),
    ("NUMBER_LESS_THAN_OR_EQUAL_TO", 1, 1),
    ("NUMBER_NOT_BETWEEN", 2, 2),
    ("NUMBER_NOT_EQUAL_TO", 1, 1),
    ("TEXT_CONTAINS", 1, 1),
    ("TEXT_DOES_NOT_CONTAIN", 1, 1),
    ("TEXT_EQUAL_TO", 1, 1),
    ("TEXT_IS_VALID_EMAIL", 0, 0),
    ("TEXT_IS_VALID_URL", 0, 0),
    ("VALUE_IN_LIST", 1, 2),
    ("VALUE_IN_RANGE", 1, 2),
];

/// The criteria a `DataValidationBuilder.require...` method sets (documented).
pub fn builder_criteria(method: &str) -> Option<&'static str> {
    Some(match method {
        "requireCheckbox" => "CHECKBOX",
        "requireDate" => "DATE_IS_VALID_DATE",
        "requireDateAfter" => "DATE_AFTER",
        "requireDateBefore" => "DATE_BEFORE",
        "requireDateBetween" => "DATE_BETWEEN",
        "requireDateEqualTo" => "DATE_EQUAL_TO",
        "requireDateNotBetween" => "DATE_NOT_BETWEEN",
        "requireDateOnOrAfter" => "DATE_ON_OR_AFTER",
        "requireDateOnOrBefore" => "DATE_ON_OR_BEFORE",
        "requireFormulaSatisfied" => "CUSTOM_FORMULA",
        "requireNumberBetween" => "NUMBER_BETWEEN",
        "requireNumberEqualTo" => "NUMBER_EQUAL_TO",
        "requireNumberGreaterThan" => "NUMBER_GREATER_THAN",
        "requireNumberGreaterThanOrEqualTo" => "NUMBER_GREATER_THAN_OR_EQUAL_TO",
        "requireNumberLessThan" => "NUMBER_LESS_THAN",
        "requireNumberLessThanOrEqualTo" => "NUMBER_LESS_THAN_OR_EQUAL_TO",
        "requireNumberNotBetween" => "NUMBER_NOT_BETWEEN",
        "requireNumberNotEqualTo" => "NUMBER_NOT_EQUAL_TO",
        "requireTextContains" => "TEXT_CONTAINS",
        "requireTextDoesNotContain" => "TEXT_DOES_NOT_CONTAIN",
        "requireTextEqualTo" => "TEXT_EQUAL_TO",
        "requireTextIsEmail" => "TEXT_IS_VALID_EMAIL",
        "requireTextIsUrl" => "TEXT_IS_VALID_URL",
        "requireValueInList" => "VALUE_IN_LIST",
        "requireValueInRange" => "VALUE_IN_RANGE",
        _ => return None,
    })
}

pub mod text {
    /// Assumed.
    pub const NO_CRITERIA: &str =
        "The data validation rule has no criteria: call a require... method or withCriteria first.";

    /// Assumed.
    pub fn criteria_values(criteria: &str, min: usize, max: usize, got: usize) -> String {
        if min == max {
            format!("The criteria {criteria} takes {min} values, not {got}.")
        } else {
            format!("The criteria {criteria} takes {min} to {max} values, not {got}.")
        }
    }

    /// Assumed.
    pub fn unknown_criteria(criteria: &str) -> String {
        format!("Invalid argument: criteria ({criteria})")
    }
}

impl DataValidation {
    /// `SpreadsheetApp.newDataValidation()`: no criteria, invalid input allowed (a
    /// warning; documented default).
    pub fn builder() -> DataValidation {
        DataValidation { criteria: String::new(), values: Vec::new(), allow_invalid: true, help_text: None }
    }

    /// `withCriteria(criteria, args)` and every `require...` method: the criteria and its
    /// values, checked; the list and dropdown values of `requireValueIn...` default to
    /// showing the dropdown (documented), stored as given.
    pub fn with_criteria(mut self, criteria: &str, mut values: Vec<CriterionValue>) -> ServiceResult<DataValidation> {
        let &(name, min, max) = CRITERIA
            .iter()
            .find(|(name, ..)| *name == criteria)
            .ok_or_else(|| ServiceError::new(text::unknown_criteria(criteria)))?;
        if values.len() < min || values.len() > max {
            return Err(ServiceError::new(text::criteria_values(name, min, max, values.len())));
        }
        if matches!(name, "VALUE_IN_LIST" | "VALUE_IN_RANGE") && values.len() == 1 {
            values.push(CriterionValue::Value(CellValue::Bool(true)));
        }
        self.criteria = name.to_string();
        self.values = values;
        Ok(self)
    }

    /// `build()`: a rule needs a criteria.
    pub fn build(self) -> ServiceResult<DataValidation> {
        if self.criteria.is_empty() {
            return Err(ServiceError::new(text::NO_CRITERIA));
        }
        Ok(self)
    }
}

impl Spreadsheets {
    /// `Range.setDataValidation(rule)` (`None`: `null`, clears) on every cell of the range.
    pub fn set_data_validation(&mut self, range: &RangeRef, rule: Option<DataValidation>) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let layer = &mut self.sheet_for_change(&range.sheet)?.objects_mut().validations;
        for row in range.row..=range.last_row() {
            for column in range.column..=range.last_column() {
                layer.set(row, column, rule.clone());
            }
        }
        Ok(())
    }

    /// `Range.setDataValidations(rules)`: one rule (or `None`) per cell, in the range's shape.
    pub fn set_data_validations(
        &mut self,
        range: &RangeRef,
        rules: Vec<Vec<Option<DataValidation>>>,
    ) -> ServiceResult<()> {
        self.range_sheet(range)?;
        if rules.len() != range.num_rows as usize {
            return Err(ServiceError::new(super::text::data_rows_mismatch(rules.len(), range.num_rows)));
        }
        if let Some(row) = rules.iter().find(|row| row.len() != range.num_columns as usize) {
            return Err(ServiceError::new(super::text::data_columns_mismatch(row.len(), range.num_columns)));
        }
        let layer = &mut self.sheet_for_change(&range.sheet)?.objects_mut().validations;
        for (row, cells) in (range.row..).zip(rules) {
            for (column, rule) in (range.column..).zip(cells) {
                layer.set(row, column, rule);
            }
        }
        Ok(())
    }

    /// `Range.getDataValidations()`: each cell's rule or `None` (JS `null`).
    pub fn data_validations(&self, range: &RangeRef) -> ServiceResult<Vec<Vec<Option<DataValidation>>>> {
        let layer = &self.range_sheet(range)?.objects().validations;
        Ok((range.row..=range.last_row())
            .map(|row| (range.column..=range.last_column()).map(|column| layer.get(row, column).cloned()).collect())
            .collect())
    }

    /// `Range.getDataValidation()`: the top-left cell's rule.
    pub fn data_validation(&self, range: &RangeRef) -> ServiceResult<Option<DataValidation>> {
        Ok(self.range_sheet(range)?.objects().validations.get(range.row, range.column).cloned())
    }

    /// `Range.insertCheckboxes()`, `(checkedValue)`, `(checkedValue, uncheckedValue)`:
    /// a CHECKBOX rule on every cell, each cell set to the unchecked value (`false`, or
    /// empty with a custom checked value: documented).
    pub fn insert_checkboxes(&mut self, range: &RangeRef, values: Vec<CellValue>) -> ServiceResult<()> {
        let values: Vec<CriterionValue> = values.into_iter().map(CriterionValue::Value).collect();
        let rule = DataValidation::builder().with_criteria("CHECKBOX", values)?;
        let (_, unchecked) = checkbox_values(&rule).unwrap_or((CellValue::Bool(true), CellValue::Bool(false)));
        self.set_data_validation(range, Some(rule))?;
        let sheet = self.sheet_for_change(&range.sheet)?;
        for row in range.row..=range.last_row() {
            for column in range.column..=range.last_column() {
                sheet.set_cell(row, column, unchecked.clone());
            }
        }
        sheet.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.removeCheckboxes()`: clears the rules of checkbox cells, and their values
    /// when they hold the checked or unchecked value (documented).
    pub fn remove_checkboxes(&mut self, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let sheet = self.sheet_for_change(&range.sheet)?;
        for row in range.row..=range.last_row() {
            for column in range.column..=range.last_column() {
                let Some((checked, unchecked)) = sheet.objects().validations.get(row, column).and_then(checkbox_values)
                else {
                    continue;
                };
                let value = sheet.cell(row, column);
                if *value == checked || *value == unchecked {
                    sheet.set_cell(row, column, CellValue::Empty);
                }
                sheet.objects_mut().validations.set(row, column, None);
            }
        }
        sheet.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.check()` / `uncheck()`: checkbox cells holding either state take the new
    /// one; other cells are ignored (documented).
    pub fn set_checked(&mut self, range: &RangeRef, checked_state: bool) -> ServiceResult<()> {
        self.range_sheet(range)?;
        let sheet = self.sheet_for_change(&range.sheet)?;
        for row in range.row..=range.last_row() {
            for column in range.column..=range.last_column() {
                let Some((checked, unchecked)) = sheet.objects().validations.get(row, column).and_then(checkbox_values)
                else {
                    continue;
                };
                let value = sheet.cell(row, column).clone();
                if value == checked || value == unchecked {
                    sheet.set_cell(row, column, if checked_state { checked } else { unchecked });
                }
            }
        }
        sheet.trim_rows(range.row, range.last_row());
        Ok(())
    }

    /// `Range.isChecked()`: `Some(true)` when every cell is a checked checkbox,
    /// `Some(false)` when every cell is an unchecked one, `None` (JS `null`) otherwise
    /// (documented).
    pub fn is_checked(&self, range: &RangeRef) -> ServiceResult<Option<bool>> {
        let sheet = self.range_sheet(range)?;
        let mut states = Vec::new();
        for row in range.row..=range.last_row() {
            for column in range.column..=range.last_column() {
                let Some((checked, unchecked)) = sheet.objects().validations.get(row, column).and_then(checkbox_values)
                else {
                    return Ok(None);
                };
                let value = sheet.cell(row, column);
                states.push(if *value == checked {
                    Some(true)
                } else if *value == unchecked {
                    Some(false)
                } else {
                    None
                });
            }
        }
        let first = states[0];
        Ok(if states.iter().all(|state| *state == first) { first } else { None })
    }

    /// `Range.clearDataValidations()`.
    pub fn clear_data_validations(&mut self, range: &RangeRef) -> ServiceResult<()> {
        self.set_data_validation(range, None)
    }
}

/// The (checked, unchecked) values of a CHECKBOX rule: `true`/`false` by default,
/// the custom checked value and empty, or both custom (documented).
pub(super) fn checkbox_values(rule: &DataValidation) -> Option<(CellValue, CellValue)> {
    if rule.criteria != "CHECKBOX" {
        return None;
    }
    let value = |i: usize| match rule.values.get(i) {
        Some(CriterionValue::Value(value)) => Some(value.clone()),
        _ => None,
    };
    Some(match (value(0), value(1)) {
        (Some(checked), Some(unchecked)) => (checked, unchecked),
        (Some(checked), None) => (checked, CellValue::Empty),
        _ => (CellValue::Bool(true), CellValue::Bool(false)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(n: f64) -> CriterionValue {
        CriterionValue::Value(CellValue::Number(n))
    }

    #[test]
    fn every_require_method_names_a_criteria_of_the_enum() {
        for method in [
            "requireCheckbox",
            "requireDate",
            "requireDateAfter",
            "requireDateBefore",
            "requireDateBetween",
            "requireDateEqualTo",
            "requireDateNotBetween",
            "requireDateOnOrAfter",
            "requireDateOnOrBefore",
            "requireFormulaSatisfied",
            "requireNumberBetween",
            "requireNumberEqualTo",
            "requireNumberGreaterThan",
            "requireNumberGreaterThanOrEqualTo",
            "requireNumberLessThan",
            "requireNumberLessThanOrEqualTo",
            "requireNumberNotBetween",
            "requireNumberNotEqualTo",
            "requireTextContains",
            "requireTextDoesNotContain",
            "requireTextEqualTo",
            "requireTextIsEmail",
            "requireTextIsUrl",
            "requireValueInList",
            "requireValueInRange",
        ] {
            let criteria = builder_criteria(method).unwrap_or_else(|| panic!("{method}"));
            assert!(CRITERIA.iter().any(|(name, ..)| *name == criteria), "{method}: {criteria}");
        }
        assert_eq!(builder_criteria("requireNothing"), None);
    }

    #[test]
    fn criteria_take_their_number_of_values() {
        let rule = DataValidation::builder().with_criteria("NUMBER_BETWEEN", vec![number(1.0), number(10.0)]).unwrap();
        assert_eq!((rule.criteria.as_str(), rule.values.len(), rule.allow_invalid), ("NUMBER_BETWEEN", 2, true));
        let err = DataValidation::builder().with_criteria("NUMBER_BETWEEN", vec![number(1.0)]).unwrap_err();
        assert_eq!(err.message, "The criteria NUMBER_BETWEEN takes 2 values, not 1.");
        let err = DataValidation::builder().with_criteria("CHECKBOX", vec![number(1.0); 3]).unwrap_err();
        assert_eq!(err.message, "The criteria CHECKBOX takes 0 to 2 values, not 3.");
        assert!(DataValidation::builder().with_criteria("NUMBER_ODD", vec![]).is_err());
    }

    #[test]
    fn a_list_shows_its_dropdown_unless_told_not_to() {
        let list = CriterionValue::List(vec!["a".into(), "b".into()]);
        let rule = DataValidation::builder().with_criteria("VALUE_IN_LIST", vec![list.clone()]).unwrap();
        assert_eq!(rule.values, vec![list.clone(), CriterionValue::Value(CellValue::Bool(true))]);
        let hidden = CriterionValue::Value(CellValue::Bool(false));
        let rule =
            DataValidation::builder().with_criteria("VALUE_IN_LIST", vec![list.clone(), hidden.clone()]).unwrap();
        assert_eq!(rule.values, vec![list, hidden]);
    }

    #[test]
    fn checkboxes_are_validation_rules_with_two_states() {
        let (mut store, sheet) = {
            let mut store = Spreadsheets::new();
            let id = store.create("Book").unwrap();
            let sheet = store.get_sheets(&id).unwrap()[0].clone();
            (store, sheet)
        };
        let range = store.get_range_a1(&sheet, "A1:A2").unwrap();
        store.insert_checkboxes(&range, vec![]).unwrap();
        assert_eq!(store.get_values(&range).unwrap(), vec![vec![CellValue::Bool(false)]; 2]);
        assert_eq!(store.is_checked(&range).unwrap(), Some(false));
        store.set_checked(&range.cell(1, 1), true).unwrap();
        assert_eq!(store.is_checked(&range).unwrap(), None, "mixed");
        store.set_checked(&range, true).unwrap();
        assert_eq!(store.is_checked(&range).unwrap(), Some(true));
        let custom = store.get_range_a1(&sheet, "B1").unwrap();
        store.insert_checkboxes(&custom, vec![CellValue::String("yes".into())]).unwrap();
        assert_eq!(store.get_value(&custom).unwrap(), CellValue::Empty, "unchecked is empty");
        store.set_checked(&custom, true).unwrap();
        assert_eq!(store.get_value(&custom).unwrap(), CellValue::String("yes".into()));
        store.remove_checkboxes(&store.get_range_a1(&sheet, "A1:B2").unwrap()).unwrap();
        assert_eq!(store.last_row(&sheet).unwrap(), 0, "checkbox values cleared with the rules");
        assert_eq!(store.is_checked(&range).unwrap(), None);
    }

    #[test]
    fn a_rule_needs_a_criteria() {
        assert_eq!(DataValidation::builder().build().unwrap_err().message, text::NO_CRITERIA);
    }
}
