//! Named ranges (`Spreadsheet.setNamedRange`, `getRangeByName`, `NamedRange`): a name per
//! box of cells, kept per spreadsheet, moved by structural changes (anchored.rs).
//!
//! Name rules (Sheets help, "Name a range": documented): 1 to 250 characters; letters,
//! digits and underscores only; not starting with a digit; not `true`/`false`; not a
//! cell reference in A1 (`A1`, `AB12`) or R1C1 (`R1C1`, `R2`, `C3`) notation. Names are
//! compared ignoring case (documented: "names are not case-sensitive").

use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::model::Spreadsheets;
use super::{a1, RangeRef, SheetRef};
use crate::error::{ServiceError, ServiceResult};

/// Characters in a range name (documented).
pub const RANGE_NAME_CHARS_MAX: usize = 250;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedRange {
    pub name: String,
    pub range: GridBox,
}

pub mod text {
    /// Assumed: the platform's text for a refused name is not known.
    pub fn invalid_range_name(name: &str) -> String {
        format!("The range name \"{name}\" is not valid. A name has 1 to 250 letters, digits or underscores, does not start with a digit and is not a cell reference.")
    }
    /// Assumed.
    pub fn no_named_range(name: &str) -> String {
        format!("No named range \"{name}\" exists in this spreadsheet.")
    }
}

/// Whether Sheets accepts `name` as a range name (see the module doc).
pub fn is_valid_range_name(name: &str) -> bool {
    let count = name.chars().count();
    if count == 0 || count > RANGE_NAME_CHARS_MAX {
        return false;
    }
    if !name.chars().all(|ch| ch.is_alphanumeric() || ch == '_') {
        return false;
    }
    if name.chars().next().is_some_and(|ch| ch.is_ascii_digit()) {
        return false;
    }
    if name.eq_ignore_ascii_case("true") || name.eq_ignore_ascii_case("false") {
        return false;
    }
    !(a1::parse_cell(&name.to_ascii_uppercase()).is_some() || is_r1c1_reference(name))
}

/// `R1C1`, `R5`, `C12`, `RC`, `R`, `C` in any case: what R1C1 notation could read as a reference.
fn is_r1c1_reference(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    let digits = |s: &str| s.chars().all(|ch| ch.is_ascii_digit());
    if let Some(rest) = upper.strip_prefix('R') {
        return match rest.split_once('C') {
            Some((row, column)) => digits(row) && digits(column),
            None => digits(rest),
        };
    }
    upper.strip_prefix('C').is_some_and(digits)
}

fn check_name(name: &str) -> ServiceResult<()> {
    if is_valid_range_name(name) {
        Ok(())
    } else {
        Err(ServiceError::new(text::invalid_range_name(name)))
    }
}

pub(super) fn grid_box(range: &RangeRef) -> GridBox {
    GridBox {
        sheet_id: range.sheet.sheet_id,
        row: range.row,
        column: range.column,
        num_rows: range.num_rows,
        num_columns: range.num_columns,
    }
}

pub(super) fn range_of(spreadsheet_id: &str, boxed: &GridBox) -> RangeRef {
    RangeRef {
        sheet: SheetRef { spreadsheet_id: spreadsheet_id.to_string(), sheet_id: boxed.sheet_id },
        row: boxed.row,
        column: boxed.column,
        num_rows: boxed.num_rows,
        num_columns: boxed.num_columns,
        bounds: crate::sheets::Bounds::ALL,
    }
}

impl Spreadsheets {
    /// `Spreadsheet.setNamedRange(name, range)`: names the range; a name already taken
    /// (ignoring case) is given the new range (assumed, as the Sheets API would refuse).
    pub fn set_named_range(&mut self, id: &str, name: &str, range: &RangeRef) -> ServiceResult<()> {
        check_name(name)?;
        self.range_sheet(range)?;
        let book = self.book_mut(id)?;
        let named = &mut book.objects_mut().named_ranges;
        let boxed = grid_box(range);
        match named.iter_mut().find(|entry| entry.name.eq_ignore_ascii_case(name)) {
            Some(entry) => *entry = NamedRange { name: name.to_string(), range: boxed },
            None => named.push(NamedRange { name: name.to_string(), range: boxed }),
        }
        Ok(())
    }

    /// `Spreadsheet.getNamedRanges()`, in creation order; with `sheet`, only that sheet's
    /// (`Sheet.getNamedRanges()`).
    pub fn named_ranges(&self, id: &str, sheet: Option<&SheetRef>) -> ServiceResult<Vec<NamedRange>> {
        if let Some(sheet) = sheet {
            self.sheet(sheet)?;
        }
        let book = self.open_by_id(id)?;
        Ok(book
            .objects()
            .named_ranges
            .iter()
            .filter(|entry| sheet.is_none_or(|sheet| sheet.sheet_id == entry.range.sheet_id))
            .cloned()
            .collect())
    }

    /// `Spreadsheet.getRangeByName(name)`: `None` (JS `null`) when no range has the name.
    pub fn range_by_name(&self, id: &str, name: &str) -> ServiceResult<Option<RangeRef>> {
        let book = self.open_by_id(id)?;
        Ok(book
            .objects()
            .named_ranges
            .iter()
            .find(|entry| entry.name.eq_ignore_ascii_case(name))
            .map(|entry| range_of(id, &entry.range)))
    }

    /// `Spreadsheet.removeNamedRange(name)` and `NamedRange.remove()`.
    pub fn remove_named_range(&mut self, id: &str, name: &str) -> ServiceResult<()> {
        let named = &mut self.book_mut(id)?.objects_mut().named_ranges;
        let before = named.len();
        named.retain(|entry| !entry.name.eq_ignore_ascii_case(name));
        if named.len() == before {
            return Err(ServiceError::new(text::no_named_range(name)));
        }
        Ok(())
    }

    /// `NamedRange.setName(name)`: the new name must be valid and not another range's.
    pub fn rename_named_range(&mut self, id: &str, old: &str, new: &str) -> ServiceResult<()> {
        check_name(new)?;
        let named = &mut self.book_mut(id)?.objects_mut().named_ranges;
        if !old.eq_ignore_ascii_case(new) && named.iter().any(|entry| entry.name.eq_ignore_ascii_case(new)) {
            return Err(ServiceError::new(text::invalid_range_name(new)));
        }
        let entry = named
            .iter_mut()
            .find(|entry| entry.name.eq_ignore_ascii_case(old))
            .ok_or_else(|| ServiceError::new(text::no_named_range(old)))?;
        entry.name = new.to_string();
        // Formulas using the name follow it (assumed: Sheets' "Named ranges" panel does).
        let book = self.book_mut(id)?;
        super::formula::rewrite_formulas(book, |formula| super::formula::with_name_renamed(formula, old, new));
        Ok(())
    }

    /// `NamedRange.setRange(range)`: a range of the same spreadsheet (the platform's
    /// text for cells of two spreadsheets, assumed here).
    pub fn set_named_range_range(&mut self, id: &str, name: &str, range: &RangeRef) -> ServiceResult<()> {
        self.range_sheet(range)?;
        if range.sheet.spreadsheet_id != id {
            return Err(ServiceError::new(super::structure_text::OTHER_SPREADSHEET));
        }
        let named = &mut self.book_mut(id)?.objects_mut().named_ranges;
        let entry = named
            .iter_mut()
            .find(|entry| entry.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| ServiceError::new(text::no_named_range(name)))?;
        entry.range = grid_box(range);
        Ok(())
    }

    /// `NamedRange.getRange()` (by name: a handle holds the name).
    pub fn named_range_range(&self, id: &str, name: &str) -> ServiceResult<RangeRef> {
        self.range_by_name(id, name)?.ok_or_else(|| ServiceError::new(text::no_named_range(name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_names_follow_the_sheets_rules() {
        for good in ["Totals", "tax_rate", "_x", "Q1_2025", "Año", "AAAA1A", "RC1x", "R1C1C"] {
            assert!(is_valid_range_name(good), "{good}");
        }
        let long = "a".repeat(RANGE_NAME_CHARS_MAX + 1);
        for bad in [
            "",
            "1st",
            "has space",
            "a-b",
            "a.b",
            "TRUE",
            "false",
            "A1",
            "ab12",
            "R1C1",
            "r2",
            "C3",
            "RC",
            "R",
            "C",
            long.as_str(),
        ] {
            assert!(!is_valid_range_name(bad), "{bad}");
        }
        assert!(is_valid_range_name(&"a".repeat(RANGE_NAME_CHARS_MAX)));
    }
}
