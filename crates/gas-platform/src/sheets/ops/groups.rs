//! Row and column groups on a sheet (the rules are in `groups.rs`): shifting depths,
//! collapsing and expanding (which hide and show the rows through the layout's hidden
//! rows, as `hideRows` does), reading one group, the toggle position.

use serde::{Deserialize, Serialize};

use super::super::groups::{Group, TogglePosition};
use super::super::model::Sheet;
use super::super::shift::Dim;
use super::super::{RangeRef, SheetRef, Spreadsheets};
use super::structure::check_columns;
use super::{check_rows, fail};
use crate::error::ServiceResult;

#[cfg(test)]
#[path = "groups_tests.rs"]
mod tests;

/// `Group` methods on a group that is gone (removed, or changed by a later depth shift
/// or deletion): assumed text.
pub const GROUP_GONE: &str = "This group no longer exists.";

/// A `Group` as a script holds it: the sheet, the dimension and the group's rows and
/// depth when it was read; every method finds the live group again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupRef {
    pub sheet: SheetRef,
    /// `ROWS` or `COLUMNS` (`SpreadsheetApp.Dimension`).
    pub dimension: String,
    pub start: u32,
    pub end: u32,
    pub depth: u32,
}

impl GroupRef {
    fn dim(&self) -> Dim {
        Dim::from_name(&self.dimension).unwrap_or(Dim::Rows)
    }

    fn group(&self) -> Group {
        Group { start: self.start, end: self.end, depth: self.depth, collapsed: false }
    }
}

fn dim_name(dim: Dim) -> &'static str {
    match dim {
        Dim::Rows => "ROWS",
        Dim::Columns => "COLUMNS",
    }
}

/// A row (column) index of the sheet, with `getRange`'s bounds texts.
fn check_index(sheet: &Sheet, dim: Dim, index: i64) -> ServiceResult<u32> {
    match dim {
        Dim::Rows => check_rows(sheet, index, 1).map(|(i, _)| i),
        Dim::Columns => check_columns(sheet, index, 1).map(|(i, _)| i),
    }
}

/// The span of a range along a dimension.
fn span(range: &RangeRef, dim: Dim) -> (u32, u32) {
    match dim {
        Dim::Rows => (range.row, range.last_row()),
        Dim::Columns => (range.column, range.last_column()),
    }
}

impl Sheet {
    /// Hides (or shows) rows (columns) of the sheet as collapsing (expanding) does.
    fn set_lines_hidden(&mut self, dim: Dim, lines: impl IntoIterator<Item = (u32, bool)>) {
        let layout = self.layout_mut();
        let set = match dim {
            Dim::Rows => &mut layout.hidden_rows,
            Dim::Columns => &mut layout.hidden_columns,
        };
        for (i, hidden) in lines {
            if hidden {
                set.insert(i);
            } else {
                set.remove(&i);
            }
        }
    }

    fn collapse(&mut self, dim: Dim, group: &Group) {
        if self.groups_mut().dim_mut(dim).set_collapsed(group, true) {
            self.set_lines_hidden(dim, (group.start..=group.end).map(|i| (i, true)));
        }
    }

    fn expand(&mut self, dim: Dim, group: &Group) {
        if self.groups_mut().dim_mut(dim).set_collapsed(group, false) {
            let shown = self.groups().dim(dim).rows_shown_by_expanding(group);
            self.set_lines_hidden(dim, shown.into_iter().map(|i| (i, false)));
        }
    }
}

impl Spreadsheets {
    /// `Range.shiftRowGroupDepth(delta)` / `shiftColumnGroupDepth(delta)`: the range's
    /// rows (columns) go `delta` levels deeper, within 0..=8 (documented: no effect past
    /// them).
    pub fn shift_group_depth(&mut self, range: &RangeRef, dim: Dim, delta: i64) -> ServiceResult<()> {
        self.get_range(
            &range.sheet,
            i64::from(range.row),
            i64::from(range.column),
            i64::from(range.num_rows),
            i64::from(range.num_columns),
        )?;
        let (first, last) = span(range, dim);
        let sheet = self.sheet_mut(&range.sheet)?;
        let shown = sheet.groups_mut().dim_mut(dim).shift_depth(first, last, delta);
        sheet.set_lines_hidden(dim, shown.into_iter().map(|i| (i, false)));
        Ok(())
    }

    /// `Range.collapseGroups()`: the outermost row and column groups wholly inside the range, else
    /// the deepest expanded group partly inside (documented), rows before columns.
    pub fn collapse_groups(&mut self, range: &RangeRef) -> ServiceResult<()> {
        let sheet = self.sheet_mut(&range.sheet)?;
        let mut chosen: Vec<(Dim, Group)> = Vec::new();
        for dim in [Dim::Rows, Dim::Columns] {
            let (first, last) = span(range, dim);
            let set = sheet.groups().dim(dim);
            chosen.extend(set.outermost_inside(first, last).into_iter().map(|g| (dim, g)));
        }
        if chosen.is_empty() {
            let partly = [Dim::Rows, Dim::Columns].into_iter().flat_map(|dim| {
                let (first, last) = span(range, dim);
                sheet.groups().dim(dim).groups_to_collapse(first, last).into_iter().map(move |g| (dim, g))
            });
            chosen.extend(partly.max_by_key(|(dim, g)| (g.depth, *dim == Dim::Rows)));
        }
        for (dim, group) in chosen {
            sheet.collapse(dim, &group);
        }
        Ok(())
    }

    /// `Range.expandGroups()`: the collapsed groups whose rows or toggle the range meets
    /// (documented), row and column groups.
    pub fn expand_groups(&mut self, range: &RangeRef) -> ServiceResult<()> {
        let sheet = self.sheet_mut(&range.sheet)?;
        for dim in [Dim::Rows, Dim::Columns] {
            let (first, last) = span(range, dim);
            let position = sheet.groups().control(dim);
            // Shallowest first, so a deeper group that stays collapsed keeps its rows hidden.
            let mut chosen = sheet.groups().dim(dim).groups_to_expand(first, last, position);
            chosen.sort_by_key(|g| g.depth);
            for group in chosen {
                sheet.expand(dim, &group);
            }
        }
        Ok(())
    }

    /// `getRowGroupDepth(row)` / `getColumnGroupDepth(column)`.
    pub fn group_depth(&self, sheet: &SheetRef, dim: Dim, index: i64) -> ServiceResult<u32> {
        let target = self.sheet(sheet)?;
        let index = check_index(target, dim, index)?;
        Ok(target.groups().dim(dim).depth_at(index))
    }

    /// `getRowGroup(row, depth)` / `getColumnGroup(column, depth)`: `None` when no group
    /// of that depth holds the row (the reference's return type is `Group|null`).
    pub fn group_at(&self, sheet: &SheetRef, dim: Dim, index: i64, depth: i64) -> ServiceResult<Option<GroupRef>> {
        let target = self.sheet(sheet)?;
        let index = check_index(target, dim, index)?;
        let Ok(depth) = u32::try_from(depth) else {
            return Ok(None);
        };
        Ok(target.groups().dim(dim).group_at(index, depth).map(|g| GroupRef {
            sheet: sheet.clone(),
            dimension: dim_name(dim).to_string(),
            start: g.start,
            end: g.end,
            depth: g.depth,
        }))
    }

    /// `collapseAllRowGroups()` (`collapsed`) / `expandAllRowGroups()`, and the column forms.
    pub fn set_all_groups(&mut self, sheet: &SheetRef, dim: Dim, collapsed: bool) -> ServiceResult<()> {
        self.expand_groups_up_to(sheet, dim, if collapsed { 0 } else { i64::from(u32::MAX) })
    }

    /// `expandRowGroupsUpToDepth(depth)`: groups up to `depth` expand, deeper ones
    /// collapse (documented); every grouped row is then hidden exactly when a collapsed
    /// group holds it.
    pub fn expand_groups_up_to(&mut self, sheet: &SheetRef, dim: Dim, depth: i64) -> ServiceResult<()> {
        let target = self.sheet_mut(sheet)?;
        let from = depth.clamp(0, i64::from(u32::MAX - 1)) as u32 + 1;
        target.groups_mut().dim_mut(dim).set_all(from);
        let lines = target.groups().dim(dim).grouped_rows();
        target.set_lines_hidden(dim, lines);
        Ok(())
    }

    /// `getRowGroupControlPosition()` / `getColumnGroupControlPosition()`.
    pub fn group_control(&self, sheet: &SheetRef, dim: Dim) -> ServiceResult<TogglePosition> {
        Ok(self.sheet(sheet)?.groups().control(dim))
    }

    /// `setRowGroupControlPosition(position)` / `setColumnGroupControlPosition`.
    pub fn set_group_control(&mut self, sheet: &SheetRef, dim: Dim, position: TogglePosition) -> ServiceResult<()> {
        self.sheet_mut(sheet)?.groups_mut().set_control(dim, position);
        Ok(())
    }

    /// The live group a `GroupRef` names.
    pub fn group(&self, group: &GroupRef) -> ServiceResult<Group> {
        let found = self
            .sheet(&group.sheet)?
            .groups()
            .dim(group.dim())
            .groups()
            .iter()
            .copied()
            .find(|g| (g.start, g.end, g.depth) == (group.start, group.end, group.depth));
        match found {
            Some(g) => Ok(g),
            None => fail(GROUP_GONE),
        }
    }

    /// `Group.getControlIndex()`.
    pub fn group_control_index(&self, group: &GroupRef) -> ServiceResult<u32> {
        let g = self.group(group)?;
        Ok(g.control_index(self.group_control(&group.sheet, group.dim())?))
    }

    /// `Group.getRange()`: the group's whole rows (columns).
    pub fn group_range(&self, group: &GroupRef) -> ServiceResult<RangeRef> {
        let g = self.group(group)?;
        let sheet = self.sheet(&group.sheet)?;
        let count = g.end - g.start + 1;
        let (row, column, num_rows, num_columns) = match group.dim() {
            Dim::Rows => (g.start, 1, count, sheet.max_columns()),
            Dim::Columns => (1, g.start, sheet.max_rows(), count),
        };
        Ok(RangeRef {
            sheet: group.sheet.clone(),
            row,
            column,
            num_rows,
            num_columns,
            bounds: crate::sheets::Bounds::ALL,
        })
    }

    /// `Group.collapse()` / `Group.expand()`.
    pub fn set_group_collapsed(&mut self, group: &GroupRef, collapsed: bool) -> ServiceResult<()> {
        self.group(group)?;
        let sheet = self.sheet_mut(&group.sheet)?;
        if collapsed {
            sheet.collapse(group.dim(), &group.group());
        } else {
            sheet.expand(group.dim(), &group.group());
        }
        Ok(())
    }

    /// `Group.remove()`: the group's rows go one level shallower (documented).
    pub fn remove_group(&mut self, group: &GroupRef) -> ServiceResult<()> {
        self.group(group)?;
        let sheet = self.sheet_mut(&group.sheet)?;
        let dim = group.dim();
        let shown = sheet.groups_mut().dim_mut(dim).shift_depth(group.start, group.end, -1);
        sheet.set_lines_hidden(dim, shown.into_iter().map(|i| (i, false)));
        Ok(())
    }
}
