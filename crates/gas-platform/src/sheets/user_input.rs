//! What a person's typing must pass before it reaches a cell (`[[edits]]`): the cell's
//! data validation rule and the protections over it. A script's own writes pass neither
//! (`validation.rs`, `protection.rs`: these are the rules of the Sheets UI).
//!
//! A rule with `allowInvalid` false rejects an invalid entry (documented: "reject the
//! input entirely"); with `allowInvalid` true the entry is kept and the cell shows a
//! warning (documented: "show a warning"). The criteria's judgements follow the Sheets
//! UI's menu ("Is between", "Text contains", "Dropdown", "Checkbox", "Is valid date");
//! where the documentation says nothing (case, blanks) the choice is marked assumed.

use chrono::NaiveDate;
use chrono_tz::Tz;

use super::protection::is_valid_email;
use super::validation::{checkbox_values, CriterionValue, DataValidation};
use super::values::{display_number, display_value};
use crate::time::utc_ms_to_local;
use crate::CellValue;

/// How a rule judges a value a user entered.
#[derive(Debug, Clone, PartialEq)]
pub enum Judgement {
    Valid,
    /// Why not, as the reject dialog says it (`Input must be ...`, assumed texts).
    Invalid(String),
    /// gas-sim does not judge this rule (a custom formula): the entry is kept.
    CannotJudge(&'static str),
}

pub mod text {
    /// The dialog of a refused edit of a protected cell (assumed: the text widely
    /// quoted from Sheets' dialog).
    pub const PROTECTED: &str = "You are trying to edit a protected cell or object. Please contact the spreadsheet \
                                 owner to remove protection if you need to edit.";
    /// A warning-only protection's dialog (assumed); the edit goes through.
    pub const WARNING_ONLY: &str = "Heads up! You're trying to edit part of this sheet that shouldn't be changed \
                                    accidentally.";
    pub const CUSTOM_FORMULA: &str = "gas-sim does not judge custom formula rules: the input is kept";
    pub const FORMULA_ENTERED: &str = "gas-sim does not judge a typed formula's result: the input is kept";
    pub const CRITERION_VALUES: &str = "gas-sim cannot read this rule's criterion values: the input is kept";
}

impl DataValidation {
    /// Whether the rule accepts `value` (as entered: `5` a number, `2025-11-01` a date).
    /// An empty entry always passes: clearing a cell is not input (assumed).
    /// `range_items` are the display values of a `requireValueInRange` range (the
    /// caller reads them; `None` for the other criteria).
    pub fn accepts(&self, value: &CellValue, zone: Tz, range_items: Option<&[String]>) -> Judgement {
        if value.is_empty() {
            return Judgement::Valid;
        }
        let criterion = self.criteria.as_str();
        let verdict = match criterion {
            "CUSTOM_FORMULA" => return Judgement::CannotJudge(text::CUSTOM_FORMULA),
            "CHECKBOX" => {
                let Some((checked, unchecked)) = checkbox_values(self) else {
                    return Judgement::CannotJudge(text::CRITERION_VALUES);
                };
                check(*value == checked || *value == unchecked, || {
                    format!(
                        "Input must be a checkbox value: {} or {}.",
                        shown(&checked, zone),
                        if unchecked.is_empty() { "empty".to_string() } else { shown(&unchecked, zone) }
                    )
                })
            }
            "VALUE_IN_LIST" | "VALUE_IN_RANGE" => {
                let items: &[String] = match (criterion, self.values.first(), range_items) {
                    ("VALUE_IN_LIST", Some(CriterionValue::List(items)), _) => items,
                    ("VALUE_IN_RANGE", _, Some(items)) => items,
                    _ => return Judgement::CannotJudge(text::CRITERION_VALUES),
                };
                let entered = display_value(value, zone);
                // Exact text, as the dropdown offers it (assumed: case matters).
                check(items.contains(&entered), || "Input must be an item on the specified list.".into())
            }
            "TEXT_CONTAINS" | "TEXT_DOES_NOT_CONTAIN" | "TEXT_EQUAL_TO" => {
                let Some(CriterionValue::Value(wanted)) = self.values.first() else {
                    return Judgement::CannotJudge(text::CRITERION_VALUES);
                };
                let (entered, wanted) = (display_value(value, zone), display_value(wanted, zone));
                // Contains ignores case, "is exactly" does not (assumed).
                let contains = entered.to_lowercase().contains(&wanted.to_lowercase());
                match criterion {
                    "TEXT_CONTAINS" => check(contains, || format!("Input must contain {wanted:?}.")),
                    "TEXT_DOES_NOT_CONTAIN" => check(!contains, || format!("Input must not contain {wanted:?}.")),
                    _ => check(entered == wanted, || format!("Input must be exactly {wanted:?}.")),
                }
            }
            "TEXT_IS_VALID_EMAIL" => {
                check(is_valid_email(&display_value(value, zone)), || "Input must be a valid email address.".into())
            }
            "TEXT_IS_VALID_URL" => check(is_url(&display_value(value, zone)), || "Input must be a valid URL.".into()),
            number if number.starts_with("NUMBER_") => {
                let Some(bounds) = self.values.iter().map(criterion_number).collect::<Option<Vec<f64>>>() else {
                    return Judgement::CannotJudge(text::CRITERION_VALUES);
                };
                let n = match value {
                    CellValue::Number(n) => Some(*n),
                    _ => None,
                };
                let (holds, what) = compare(number, n, &bounds, |b| display_number(*b));
                check(holds, || format!("Input must be a number {what}."))
            }
            date if date.starts_with("DATE_") => {
                let day = |ms: i64| utc_ms_to_local(zone, ms).date();
                let Some(bounds) = self.values.iter().map(|v| criterion_date(v).map(day)).collect::<Option<Vec<_>>>()
                else {
                    return Judgement::CannotJudge(text::CRITERION_VALUES);
                };
                let entered = match value {
                    CellValue::Date(ms) => Some(day(*ms)),
                    _ => None,
                };
                if date == "DATE_IS_VALID_DATE" {
                    check(entered.is_some(), || "Input must be a valid date.".into())
                } else {
                    let (holds, what) =
                        compare(date, entered, &bounds, |d: &NaiveDate| d.format("%Y-%m-%d").to_string());
                    check(holds, || format!("Input must be a date {what}."))
                }
            }
            _ => return Judgement::CannotJudge(text::CRITERION_VALUES),
        };
        match verdict {
            Ok(()) => Judgement::Valid,
            Err(why) => Judgement::Invalid(match &self.help_text {
                // The rule's help text (what the cell shows on hover, documented) goes with it (assumed).
                Some(help) if !help.is_empty() => format!("{why} ({help})"),
                _ => why,
            }),
        }
    }
}

fn check(holds: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(why())
    }
}

fn shown(value: &CellValue, zone: Tz) -> String {
    display_value(value, zone)
}

fn criterion_number(value: &CriterionValue) -> Option<f64> {
    match value {
        CriterionValue::Value(CellValue::Number(n)) => Some(*n),
        _ => None,
    }
}

fn criterion_date(value: &CriterionValue) -> Option<i64> {
    match value {
        CriterionValue::Value(CellValue::Date(ms)) => Some(*ms),
        _ => None,
    }
}

/// A comparing criterion (`..._BETWEEN`, `..._GREATER_THAN`, `DATE_AFTER`, ...) on an
/// entered value of the right type (`None`: not a number or not a date, which fails):
/// whether it holds, and the criterion in words. Between is inclusive (documented:
/// "between" in the UI includes its ends).
fn compare<T: PartialOrd>(
    criterion: &str,
    value: Option<T>,
    bounds: &[T],
    show: impl Fn(&T) -> String,
) -> (bool, String) {
    let b = |i: usize| bounds.get(i).map(&show).unwrap_or_default();
    let holds = |test: &dyn Fn(&T) -> bool| value.as_ref().is_some_and(test);
    let (op, low, high) = (criterion.split_once('_').map_or(criterion, |(_, op)| op), bounds.first(), bounds.get(1));
    match (op, low, high) {
        ("BETWEEN", Some(l), Some(h)) => (holds(&|v| v >= l && v <= h), format!("between {} and {}", b(0), b(1))),
        ("NOT_BETWEEN", Some(l), Some(h)) => (holds(&|v| v < l || v > h), format!("not between {} and {}", b(0), b(1))),
        ("EQUAL_TO", Some(x), _) => (holds(&|v| v == x), format!("equal to {}", b(0))),
        ("NOT_EQUAL_TO", Some(x), _) => (holds(&|v| v != x), format!("not equal to {}", b(0))),
        ("GREATER_THAN" | "AFTER", Some(x), _) => {
            (holds(&|v| v > x), format!("{} {}", if op == "AFTER" { "after" } else { "greater than" }, b(0)))
        }
        ("GREATER_THAN_OR_EQUAL_TO" | "ON_OR_AFTER", Some(x), _) => (
            holds(&|v| v >= x),
            format!("{} {}", if op == "ON_OR_AFTER" { "on or after" } else { "greater than or equal to" }, b(0)),
        ),
        ("LESS_THAN" | "BEFORE", Some(x), _) => {
            (holds(&|v| v < x), format!("{} {}", if op == "BEFORE" { "before" } else { "less than" }, b(0)))
        }
        ("LESS_THAN_OR_EQUAL_TO" | "ON_OR_BEFORE", Some(x), _) => (
            holds(&|v| v <= x),
            format!("{} {}", if op == "ON_OR_BEFORE" { "on or before" } else { "less than or equal to" }, b(0)),
        ),
        _ => (true, String::new()),
    }
}

/// A URL as "Is valid URL" accepts it: an optional `http://`, `https://` or `ftp://`,
/// then a host with a dot, no spaces (assumed).
fn is_url(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let rest = ["http://", "https://", "ftp://"].iter().find_map(|s| lower.strip_prefix(s)).unwrap_or(&lower);
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.split(':').next().unwrap_or("");
    !text.chars().any(char::is_whitespace)
        && host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    const UTC: Tz = chrono_tz::UTC;

    fn rule(criteria: &str, values: Vec<CriterionValue>, allow_invalid: bool) -> DataValidation {
        let mut rule = DataValidation::builder().with_criteria(criteria, values).unwrap();
        rule.allow_invalid = allow_invalid;
        rule
    }

    fn num(n: f64) -> CriterionValue {
        CriterionValue::Value(CellValue::Number(n))
    }

    fn s(text: &str) -> CellValue {
        CellValue::String(text.into())
    }

    fn invalid(j: Judgement) -> String {
        match j {
            Judgement::Invalid(why) => why,
            other => panic!("not invalid: {other:?}"),
        }
    }

    #[test]
    fn number_between_is_inclusive_and_wants_a_number() {
        let r = rule("NUMBER_BETWEEN", vec![num(1.0), num(10.0)], false);
        for ok in [1.0, 5.5, 10.0] {
            assert_eq!(r.accepts(&CellValue::Number(ok), UTC, None), Judgement::Valid, "{ok}");
        }
        assert_eq!(invalid(r.accepts(&CellValue::Number(11.0), UTC, None)), "Input must be a number between 1 and 10.");
        assert_eq!(invalid(r.accepts(&s("five"), UTC, None)), "Input must be a number between 1 and 10.");
        let r = rule("NUMBER_NOT_BETWEEN", vec![num(1.0), num(10.0)], false);
        assert_eq!(r.accepts(&CellValue::Number(0.5), UTC, None), Judgement::Valid);
        assert!(matches!(r.accepts(&CellValue::Number(1.0), UTC, None), Judgement::Invalid(_)));
    }

    #[test]
    fn number_comparisons() {
        let cases = [
            ("NUMBER_GREATER_THAN", 5.0, false, "Input must be a number greater than 5."),
            ("NUMBER_GREATER_THAN_OR_EQUAL_TO", 5.0, true, ""),
            ("NUMBER_LESS_THAN", 5.0, false, "Input must be a number less than 5."),
            ("NUMBER_LESS_THAN_OR_EQUAL_TO", 5.0, true, ""),
            ("NUMBER_EQUAL_TO", 5.0, true, ""),
            ("NUMBER_NOT_EQUAL_TO", 5.0, false, "Input must be a number not equal to 5."),
        ];
        for (criteria, entered, valid, why) in cases {
            let j = rule(criteria, vec![num(5.0)], false).accepts(&CellValue::Number(entered), UTC, None);
            if valid {
                assert_eq!(j, Judgement::Valid, "{criteria}");
            } else {
                assert_eq!(invalid(j), why, "{criteria}");
            }
        }
    }

    #[test]
    fn text_contains_ignores_case_and_exactly_does_not() {
        let wanted = vec![CriterionValue::Value(s("ship"))];
        let r = rule("TEXT_CONTAINS", wanted.clone(), false);
        assert_eq!(r.accepts(&s("Shipped"), UTC, None), Judgement::Valid);
        assert_eq!(invalid(r.accepts(&s("packed"), UTC, None)), "Input must contain \"ship\".");
        let r = rule("TEXT_DOES_NOT_CONTAIN", wanted.clone(), false);
        assert_eq!(invalid(r.accepts(&s("SHIP it"), UTC, None)), "Input must not contain \"ship\".");
        let r = rule("TEXT_EQUAL_TO", wanted, false);
        assert_eq!(r.accepts(&s("ship"), UTC, None), Judgement::Valid);
        assert_eq!(invalid(r.accepts(&s("Ship"), UTC, None)), "Input must be exactly \"ship\".");
        // A number is judged by its text.
        let r = rule("TEXT_CONTAINS", vec![CriterionValue::Value(s("4"))], false);
        assert_eq!(r.accepts(&CellValue::Number(42.0), UTC, None), Judgement::Valid);
    }

    #[test]
    fn emails_and_urls() {
        let r = rule("TEXT_IS_VALID_EMAIL", vec![], true);
        assert_eq!(r.accepts(&s("ana@example.com"), UTC, None), Judgement::Valid);
        assert_eq!(invalid(r.accepts(&s("ana at example"), UTC, None)), "Input must be a valid email address.");
        let r = rule("TEXT_IS_VALID_URL", vec![], false);
        for ok in ["https://example.com/a?b=1", "example.com", "http://a.b:8080/x"] {
            assert_eq!(r.accepts(&s(ok), UTC, None), Judgement::Valid, "{ok}");
        }
        for bad in ["example", "https://", "http://exa mple.com", "ftp://.com"] {
            assert!(matches!(r.accepts(&s(bad), UTC, None), Judgement::Invalid(_)), "{bad}");
        }
    }

    #[test]
    fn a_list_wants_one_of_its_items_exactly_and_a_range_its_values() {
        let items = CriterionValue::List(vec!["new".into(), "shipped".into(), "10".into()]);
        let r = rule("VALUE_IN_LIST", vec![items], false);
        assert_eq!(r.accepts(&s("shipped"), UTC, None), Judgement::Valid);
        assert_eq!(r.accepts(&CellValue::Number(10.0), UTC, None), Judgement::Valid, "by its text");
        assert_eq!(invalid(r.accepts(&s("Shipped"), UTC, None)), "Input must be an item on the specified list.");
        let range = CriterionValue::Range(crate::sheets::RangeRef {
            sheet: crate::sheets::SheetRef { spreadsheet_id: "s".into(), sheet_id: 0 },
            row: 1,
            column: 1,
            num_rows: 2,
            num_columns: 1,
            bounds: crate::sheets::Bounds::ALL,
        });
        let r = rule("VALUE_IN_RANGE", vec![range], false);
        let shown = ["a".to_string(), "b".to_string()];
        assert_eq!(r.accepts(&s("b"), UTC, Some(&shown)), Judgement::Valid);
        assert!(matches!(r.accepts(&s("c"), UTC, Some(&shown)), Judgement::Invalid(_)));
        assert_eq!(r.accepts(&s("c"), UTC, None), Judgement::CannotJudge(text::CRITERION_VALUES));
    }

    #[test]
    fn a_checkbox_takes_its_two_states() {
        let r = rule("CHECKBOX", vec![], false);
        assert_eq!(r.accepts(&CellValue::Bool(true), UTC, None), Judgement::Valid);
        assert_eq!(r.accepts(&CellValue::Bool(false), UTC, None), Judgement::Valid);
        assert_eq!(invalid(r.accepts(&s("yes"), UTC, None)), "Input must be a checkbox value: TRUE or FALSE.");
        let r = rule("CHECKBOX", vec![CriterionValue::Value(s("yes"))], false);
        assert_eq!(r.accepts(&s("yes"), UTC, None), Judgement::Valid);
        assert_eq!(
            invalid(r.accepts(&CellValue::Bool(true), UTC, None)),
            "Input must be a checkbox value: yes or empty."
        );
    }

    #[test]
    fn dates_compare_by_local_day() {
        let day = |y, m, d| {
            let t = NaiveDate::from_ymd_opt(y, m, d).unwrap().and_hms_opt(12, 0, 0).unwrap();
            CellValue::Date(t.and_utc().timestamp_millis())
        };
        let r = rule("DATE_IS_VALID_DATE", vec![], false);
        assert_eq!(r.accepts(&day(2025, 11, 1), UTC, None), Judgement::Valid);
        assert_eq!(invalid(r.accepts(&s("soon"), UTC, None)), "Input must be a valid date.");
        let bounds = vec![CriterionValue::Value(day(2025, 11, 1)), CriterionValue::Value(day(2025, 11, 30))];
        let r = rule("DATE_BETWEEN", bounds, false);
        assert_eq!(r.accepts(&day(2025, 11, 30), UTC, None), Judgement::Valid, "inclusive");
        assert_eq!(
            invalid(r.accepts(&day(2025, 12, 1), UTC, None)),
            "Input must be a date between 2025-11-01 and 2025-11-30."
        );
        let r = rule("DATE_AFTER", vec![CriterionValue::Value(day(2025, 11, 1))], false);
        assert!(matches!(r.accepts(&day(2025, 11, 1), UTC, None), Judgement::Invalid(_)), "the same day is not after");
        let r = rule("DATE_ON_OR_BEFORE", vec![CriterionValue::Value(day(2025, 11, 1))], false);
        assert_eq!(r.accepts(&day(2025, 11, 1), UTC, None), Judgement::Valid);
        assert_eq!(
            invalid(r.accepts(&CellValue::Number(45000.0), UTC, None)),
            "Input must be a date on or before 2025-11-01."
        );
    }

    #[test]
    fn blanks_pass_custom_formulas_are_not_judged_and_help_text_is_shown() {
        let r = rule("NUMBER_BETWEEN", vec![num(1.0), num(10.0)], false);
        assert_eq!(r.accepts(&CellValue::Empty, UTC, None), Judgement::Valid);
        let r = rule("CUSTOM_FORMULA", vec![CriterionValue::Value(s("=A1>0"))], false);
        assert_eq!(r.accepts(&s("x"), UTC, None), Judgement::CannotJudge(text::CUSTOM_FORMULA));
        let mut r = rule("NUMBER_BETWEEN", vec![num(1.0), num(10.0)], false);
        r.help_text = Some("Seats: 1 to 10".into());
        assert_eq!(
            invalid(r.accepts(&CellValue::Number(0.0), UTC, None)),
            "Input must be a number between 1 and 10. (Seats: 1 to 10)"
        );
    }
}
