//! Sheet and spreadsheet settings a script sets and reads back (tab colour, right to
//! left, gridlines, iterative calculation, recalculation interval), the bounds of an A1
//! reference (`A:A` has no start or end row), the `-1` of `getSheetValues`, and how
//! `splitTextToColumns` splits a cell. The store operations are `ops/surface.rs`.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | `setTabColor(color)` | `#rgb`, `#rrggbb`, CSS names, read back as `#rrggbb`; `null` resets (`getTabColor()` null) | documented (CSS notation, null) / assumed (read back as formats' colours) |
//! | bad tab colour | `Invalid argument: color` | assumed |
//! | `setMaxIterativeCalculationCycles(n)` | 1..=10000, default 50 | documented |
//! | `setIterativeCalculationConvergenceThreshold(t)` | t >= 0, default 0.05 | documented |
//! | circular formulas with iteration on | not iterated (the settings are recorded only) | gas-sim limitation |
//! | `getSheetValues` with `-1` | `-1` as a count (or start) means up to (or at) the last row/column with content | documented ("-1 ... the very last row or column that has data") / assumed (which arguments) |
//! | `splitTextToColumns()` | the first of `,` `;` `.` space found in the column's text; text only (numbers, dates stay); pieces read as typed | assumed |

use serde::{Deserialize, Serialize};

use super::a1;
use crate::error::{ServiceError, ServiceResult};

/// Iteration limits (documented for `setMaxIterativeCalculationCycles`).
pub const ITERATIVE_CYCLES_MIN: i64 = 1;
pub const ITERATIVE_CYCLES_MAX: i64 = 10_000;
pub const DEFAULT_ITERATIVE_CYCLES: i64 = 50;
pub const DEFAULT_CONVERGENCE_THRESHOLD: f64 = 0.05;

pub const INVALID_COLOR: &str = "Invalid argument: color";
pub const INVALID_CYCLES: &str = "Invalid argument: maxIterativeCalculationCycles";
pub const INVALID_THRESHOLD: &str = "Invalid argument: minThreshold";
pub const INVALID_INTERVAL: &str = "Invalid argument: recalculationInterval";
pub const INVALID_DELIMITER: &str = "Invalid argument: delimiter";
pub const SPLIT_ONE_COLUMN: &str = "Split text to columns works on a range of one column.";

/// A sheet's own settings beside its cells (absent from JSON while all default).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SheetSettings {
    /// `#rrggbb`; `None`: no tab colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tab_color: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub right_to_left: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hidden_gridlines: bool,
}

impl SheetSettings {
    pub fn is_default(&self) -> bool {
        *self == SheetSettings::default()
    }
}

/// `RecalculationInterval`: when volatile functions (`NOW()`) recompute.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RecalculationInterval {
    #[default]
    OnChange,
    Minute,
    Hour,
}

impl RecalculationInterval {
    pub fn name(self) -> &'static str {
        match self {
            RecalculationInterval::OnChange => "ON_CHANGE",
            RecalculationInterval::Minute => "MINUTE",
            RecalculationInterval::Hour => "HOUR",
        }
    }

    pub fn parse(name: &str) -> ServiceResult<RecalculationInterval> {
        match name {
            "ON_CHANGE" => Ok(RecalculationInterval::OnChange),
            "MINUTE" => Ok(RecalculationInterval::Minute),
            "HOUR" => Ok(RecalculationInterval::Hour),
            _ => Err(ServiceError::new(INVALID_INTERVAL)),
        }
    }
}

/// The gap `setIterativeCalculationEnabled(true)` records: the setting is kept, but
/// circular formulas are not iterated.
pub const ITERATIVE_CALCULATION_GAP: &str = "iterative calculation (circular formulas read #REF!)";

/// A spreadsheet's calculation settings (File > Settings > Calculation).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CalcSettings {
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub iterative: bool,
    /// `None`: the default 50.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_cycles: Option<i64>,
    /// `None`: the default 0.05.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threshold: Option<f64>,
    #[serde(skip_serializing_if = "is_on_change")]
    pub recalculation: RecalculationInterval,
}

fn is_on_change(interval: &RecalculationInterval) -> bool {
    *interval == RecalculationInterval::OnChange
}

impl CalcSettings {
    pub fn is_default(&self) -> bool {
        *self == CalcSettings::default()
    }

    pub fn max_cycles(&self) -> i64 {
        self.max_cycles.unwrap_or(DEFAULT_ITERATIVE_CYCLES)
    }

    pub fn threshold(&self) -> f64 {
        self.threshold.unwrap_or(DEFAULT_CONVERGENCE_THRESHOLD)
    }

    pub fn set_max_cycles(&mut self, cycles: i64) -> ServiceResult<()> {
        if !(ITERATIVE_CYCLES_MIN..=ITERATIVE_CYCLES_MAX).contains(&cycles) {
            return Err(ServiceError::new(INVALID_CYCLES));
        }
        self.max_cycles = (cycles != DEFAULT_ITERATIVE_CYCLES).then_some(cycles);
        Ok(())
    }

    pub fn set_threshold(&mut self, threshold: f64) -> ServiceResult<()> {
        if !threshold.is_finite() || threshold < 0.0 {
            return Err(ServiceError::new(INVALID_THRESHOLD));
        }
        self.threshold = (threshold != DEFAULT_CONVERGENCE_THRESHOLD).then_some(threshold);
        Ok(())
    }
}

/// Which ends of an A1 reference are fixed (`Range.isStartRowBounded()` ...): `A:B`
/// has no rows, `2:3` no columns, `A2:B` no end row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Bounds {
    pub start_row: bool,
    pub end_row: bool,
    pub start_column: bool,
    pub end_column: bool,
}

impl Bounds {
    pub const ALL: Bounds = Bounds { start_row: true, end_row: true, start_column: true, end_column: true };
    /// Whole rows (a row metadata's location): no column ends.
    pub const ROWS: Bounds = Bounds { start_column: false, end_column: false, ..Bounds::ALL };
    /// Whole columns: no row ends.
    pub const COLUMNS: Bounds = Bounds { start_row: false, end_row: false, ..Bounds::ALL };

    pub fn all() -> Bounds {
        Bounds::ALL
    }

    pub fn is_all(&self) -> bool {
        *self == Bounds::ALL
    }

    /// The ends a parsed reference leaves open.
    pub fn of_parsed(parsed: &a1::A1Ref) -> Bounds {
        Bounds {
            start_row: parsed.start.row.is_some(),
            end_row: parsed.end.row.is_some(),
            start_column: parsed.start.column.is_some(),
            end_column: parsed.end.column.is_some(),
        }
    }
}

/// `Spreadsheet.getUrl()`: the editor's address of spreadsheet `id` (documented form).
pub fn spreadsheet_url(id: &str) -> String {
    format!("https://docs.google.com/spreadsheets/d/{id}/edit")
}

/// The id an `openByUrl` URL names (`.../spreadsheets/d/ID/...`); `None` for any other URL.
pub fn id_from_url(url: &str) -> Option<&str> {
    let rest = url.split_once("/spreadsheets/d/")?.1;
    let id = rest.split(['/', '?', '#']).next()?;
    (!id.is_empty()).then_some(id)
}

/// `getSheetValues(start, count)` along one dimension: `-1` as the start is the last
/// line with content, `-1` as the count reaches it. (start, count), or the range error
/// the platform gives for a start below 1.
pub fn sheet_values_span(start: i64, count: i64, last_with_content: u32) -> (i64, i64) {
    let last = i64::from(last_with_content);
    let start = if start == -1 { last.max(1) } else { start };
    let count = if count == -1 { (last - start + 1).max(0) } else { count };
    (start, count)
}

/// `TextToColumnsDelimiter` and the custom or detected delimiter of `splitTextToColumns`.
pub fn delimiter_of_enum(name: &str) -> ServiceResult<&'static str> {
    match name {
        "COMMA" => Ok(","),
        "SEMICOLON" => Ok(";"),
        "PERIOD" => Ok("."),
        "SPACE" => Ok(" "),
        _ => Err(ServiceError::new(INVALID_DELIMITER)),
    }
}

/// `splitTextToColumns()`: the first of comma, semicolon, period, space (the enum's
/// order) that occurs in any text; `None` when none does (nothing is split).
pub fn detect_delimiter<'a>(texts: impl IntoIterator<Item = &'a str> + Clone) -> Option<&'static str> {
    [",", ";", ".", " "].into_iter().find(|d| texts.clone().into_iter().any(|text| text.contains(d)))
}

/// The pieces of one cell's text (an empty delimiter is refused by the caller).
pub fn split_text<'a>(text: &'a str, delimiter: &str) -> Vec<&'a str> {
    text.split(delimiter).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn urls_name_their_spreadsheet() {
        assert_eq!(super::spreadsheet_url("ss-0001"), "https://docs.google.com/spreadsheets/d/ss-0001/edit");
        let url = "https://docs.google.com/spreadsheets/d/ss-0001/edit#gid=0";
        assert_eq!(super::id_from_url(url), Some("ss-0001"));
        assert_eq!(super::id_from_url("https://example.com/"), None);
    }

    use super::*;

    #[test]
    fn iterative_settings_check_their_limits_and_keep_defaults_sparse() {
        let mut calc = CalcSettings::default();
        assert_eq!((calc.max_cycles(), calc.threshold()), (50, 0.05));
        assert_eq!(calc.set_max_cycles(0).unwrap_err().message, INVALID_CYCLES);
        assert_eq!(calc.set_max_cycles(10_001).unwrap_err().message, INVALID_CYCLES);
        calc.set_max_cycles(10_000).unwrap();
        assert_eq!(calc.max_cycles(), 10_000);
        calc.set_max_cycles(50).unwrap();
        assert!(calc.is_default(), "the default is not stored");
        assert_eq!(calc.set_threshold(-0.1).unwrap_err().message, INVALID_THRESHOLD);
        assert_eq!(calc.set_threshold(f64::NAN).unwrap_err().message, INVALID_THRESHOLD);
        calc.set_threshold(0.0).unwrap();
        assert_eq!(calc.threshold(), 0.0);
    }

    #[test]
    fn recalculation_intervals_by_name() {
        assert_eq!(RecalculationInterval::parse("HOUR").unwrap().name(), "HOUR");
        assert_eq!(RecalculationInterval::default().name(), "ON_CHANGE");
        assert_eq!(RecalculationInterval::parse("DAY").unwrap_err().message, INVALID_INTERVAL);
    }

    #[test]
    fn bounds_of_open_references() {
        let of_a1 = |notation: &str| Bounds::of_parsed(&a1::parse(notation).unwrap());
        let whole_column = of_a1("A:B");
        assert!(
            !whole_column.start_row && !whole_column.end_row && whole_column.start_column && whole_column.end_column
        );
        let whole_row = of_a1("'My Sheet'!2:3");
        assert!(whole_row.start_row && whole_row.end_row && !whole_row.start_column && !whole_row.end_column);
        let open_end = of_a1("A2:B");
        assert!(open_end.start_row && !open_end.end_row);
        assert_eq!(of_a1("B2:C9"), Bounds::ALL);
        assert_eq!(of_a1("B2"), Bounds::ALL);
    }

    #[test]
    fn minus_one_reaches_the_last_line_with_content() {
        assert_eq!(sheet_values_span(1, -1, 7), (1, 7));
        assert_eq!(sheet_values_span(3, -1, 7), (3, 5));
        assert_eq!(sheet_values_span(-1, 1, 7), (7, 1));
        assert_eq!(sheet_values_span(2, 4, 7), (2, 4), "other counts are kept");
        assert_eq!(sheet_values_span(9, -1, 7), (9, 0), "below the content: nothing");
        assert_eq!(sheet_values_span(-1, -1, 0), (1, 0), "an empty sheet");
    }

    #[test]
    fn delimiters_are_detected_in_the_enums_order() {
        assert_eq!(detect_delimiter(["a b", "c;d"]), Some(";"));
        assert_eq!(detect_delimiter(["1.5", "x,y"]), Some(","));
        assert_eq!(detect_delimiter(["plain"]), None);
        assert_eq!(delimiter_of_enum("SPACE").unwrap(), " ");
        assert_eq!(delimiter_of_enum("TAB").unwrap_err().message, INVALID_DELIMITER);
        assert_eq!(split_text("a,,b", ","), vec!["a", "", "b"]);
    }
}
