//! Row and column groups (Sheets' "Group rows"): a depth per row (column), and the
//! groups it makes. A group at depth `k` is a maximal run of rows whose depth is at
//! least `k`, so groups nest and never overlap at one depth; adjacent runs at one depth
//! are one group (the Sheets API's `AddDimensionGroupRequest` describes the same union:
//! `[B:D, depth 1] + [C:E]` gives `[B:E, depth 1]` and `[C:D, depth 2]`). Besides the
//! depths a group is collapsed or expanded. Collapsing hides its rows and expanding shows
//! them (the same hidden flag as `hideRows`, so `isRowHiddenByUser` reports them), but a
//! row can be hidden or shown by itself afterwards: the flag is not derived from groups.
//! A state file writes a sheet's groups as `groups` (absent when there are none).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::shift::{Dim, Shift};

/// Sheets nests groups at most 8 deep (documented for `shiftRowGroupDepth`: "no effect
/// when decreasing the group depth below zero or above eight").
pub const GROUP_DEPTH_MAX: u32 = 8;

/// `SpreadsheetApp.GroupControlTogglePosition`: where a group's +/- toggle sits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum TogglePosition {
    /// The Sheets API's `rowGroupControlAfter` is false on a fresh sheet (assumed default).
    #[default]
    Before,
    After,
}

impl TogglePosition {
    pub fn from_name(name: &str) -> Option<TogglePosition> {
        match name {
            "BEFORE" => Some(TogglePosition::Before),
            "AFTER" => Some(TogglePosition::After),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TogglePosition::Before => "BEFORE",
            TogglePosition::After => "AFTER",
        }
    }
}

/// One group: rows (columns) `start..=end`, 1-based, at `depth` (1 is outermost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub start: u32,
    pub end: u32,
    pub depth: u32,
    #[serde(default, skip_serializing_if = "is_false")]
    pub collapsed: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Group {
    pub fn contains(&self, index: u32) -> bool {
        (self.start..=self.end).contains(&index)
    }

    fn covers(&self, other: &Group) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    fn intersects(&self, first: u32, last: u32) -> bool {
        self.start <= last && first <= self.end
    }

    /// `Group.getControlIndex()`: the row just before or after the group (documented:
    /// group 2:3 with the toggle after is 4). Before a group that starts at row 1 it is 0
    /// (assumed).
    pub fn control_index(&self, position: TogglePosition) -> u32 {
        match position {
            TogglePosition::Before => self.start - 1,
            TogglePosition::After => self.end + 1,
        }
    }
}

/// The groups of one dimension, sorted by (start, end, depth), always in the normal form
/// the depths define (see the module comment).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GroupSet(Vec<Group>);

impl GroupSet {
    pub fn groups(&self) -> &[Group] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `getRowGroupDepth(row)`: how many groups hold the row.
    pub fn depth_at(&self, index: u32) -> u32 {
        self.0.iter().filter(|g| g.contains(index)).count() as u32
    }

    /// `getRowGroup(row, depth)`: the group at that depth holding the row.
    pub fn group_at(&self, index: u32, depth: u32) -> Option<Group> {
        self.0.iter().copied().find(|g| g.depth == depth && g.contains(index))
    }

    /// `shiftRowGroupDepth(delta)` over rows `first..=last`: each row's depth changes by
    /// `delta`, kept within 0..=8. Returns the rows to show: those of collapsed groups that
    /// no longer exist (assumed: removing a collapsed group shows its rows, as the UI does).
    pub fn shift_depth(&mut self, first: u32, last: u32, delta: i64) -> BTreeSet<u32> {
        let lo = self.0.iter().map(|g| g.start).min().map_or(first, |s| s.min(first));
        let hi = self.0.iter().map(|g| g.end).max().map_or(last, |e| e.max(last));
        let depths: Vec<(u32, u32)> = (lo..=hi)
            .map(|i| {
                let depth = i64::from(self.depth_at(i));
                let depth = if (first..=last).contains(&i) { depth.saturating_add(delta) } else { depth };
                (i, depth.clamp(0, i64::from(GROUP_DEPTH_MAX)) as u32)
            })
            .collect();
        self.rebuild(&depths)
    }

    /// Moves the groups with a structural change of their dimension: rows inserted inside
    /// a group widen it, deleted ones narrow it or remove it; groups that end up adjacent
    /// at one depth become one.
    pub fn apply_shift(&mut self, shift: &Shift) {
        let mut depths: Vec<(u32, u32)> = Vec::new();
        let (Some(lo), Some(hi)) = (self.0.iter().map(|g| g.start).min(), self.0.iter().map(|g| g.end).max()) else {
            return;
        };
        let moved: Vec<Group> = self
            .0
            .iter()
            .filter_map(|g| shift.span(g.start, g.end).map(|(start, end)| Group { start, end, ..*g }))
            .collect();
        let (new_lo, new_hi) = match (shift.span(lo, hi), moved.is_empty()) {
            (Some(span), false) => span,
            _ => {
                self.0.clear();
                return;
            }
        };
        for i in new_lo..=new_hi {
            depths.push((i, moved.iter().filter(|g| g.contains(i)).count() as u32));
        }
        self.0 = moved;
        self.rebuild(&depths);
    }

    /// Renumbers the lines `lo..=hi` through `new_index` (`moveRows`/`moveColumns`, a
    /// permutation of that span): each line keeps its depth wherever it lands, and a group
    /// whose lines stay together keeps its collapsed flag.
    pub fn move_lines(&mut self, lo: u32, hi: u32, new_index: impl Fn(u32) -> u32) {
        let (Some(group_lo), Some(group_hi)) =
            (self.0.iter().map(|g| g.start).min(), self.0.iter().map(|g| g.end).max())
        else {
            return;
        };
        let mut depths: Vec<(u32, u32)> =
            (group_lo.min(lo)..=group_hi.max(hi)).map(|i| (new_index(i), self.depth_at(i))).collect();
        depths.sort_unstable();
        let moved: Vec<Group> = self
            .0
            .iter()
            .filter_map(|g| {
                let lines: Vec<u32> = (g.start..=g.end).map(&new_index).collect();
                let (start, end) = (*lines.iter().min()?, *lines.iter().max()?);
                (end - start + 1 == lines.len() as u32).then_some(Group { start, end, ..*g })
            })
            .collect();
        self.0 = moved;
        self.rebuild(&depths);
    }

    /// Sets every group's collapsed flag (`collapseAllRowGroups`, `expandAllRowGroups`,
    /// `expandRowGroupsUpToDepth`: groups up to `depth` expand, the rest collapse).
    pub fn set_all(&mut self, collapsed_from_depth: u32) {
        for g in &mut self.0 {
            g.collapsed = g.depth >= collapsed_from_depth;
        }
    }

    /// Sets one group's flag; false when no such group exists.
    pub fn set_collapsed(&mut self, group: &Group, collapsed: bool) -> bool {
        match self.0.iter_mut().find(|g| g.start == group.start && g.end == group.end && g.depth == group.depth) {
            Some(g) => {
                g.collapsed = collapsed;
                true
            }
            None => false,
        }
    }

    /// Rows inside some group, each with whether a collapsed group holds it: what
    /// collapsing or expanding everything leaves hidden.
    pub fn grouped_rows(&self) -> Vec<(u32, bool)> {
        let rows: BTreeSet<u32> = self.0.iter().flat_map(|g| g.start..=g.end).collect();
        rows.into_iter().map(|i| (i, self.0.iter().any(|g| g.collapsed && g.contains(i)))).collect()
    }

    /// The rows expanding `group` shows: its rows outside deeper collapsed groups (the UI
    /// keeps a collapsed inner group closed when its parent opens; documented for the
    /// collapsed state).
    pub fn rows_shown_by_expanding(&self, group: &Group) -> Vec<u32> {
        (group.start..=group.end)
            .filter(|&i| !self.0.iter().any(|g| g.depth > group.depth && g.collapsed && g.contains(i)))
            .collect()
    }

    /// The groups wholly inside rows `first..=last` that no other group inside holds:
    /// what `Range.collapseGroups()` collapses. A group nested in one of them keeps its
    /// state (its rows are hidden with the outer group's): the call is not recursive
    /// (observed: a peer's conformance tests, run on the platform).
    pub fn outermost_inside(&self, first: u32, last: u32) -> Vec<Group> {
        let inside: Vec<&Group> = self.0.iter().filter(|g| first <= g.start && g.end <= last).collect();
        let nested = |g: &Group| inside.iter().any(|outer| outer.depth < g.depth && outer.contains(g.start));
        inside.iter().copied().filter(|g| !nested(g)).copied().collect()
    }

    /// `Range.collapseGroups()` on rows `first..=last`: the outermost groups wholly
    /// inside; when there are none, the deepest expanded group partly inside (documented).
    pub fn groups_to_collapse(&self, first: u32, last: u32) -> Vec<Group> {
        let inside = self.outermost_inside(first, last);
        if !inside.is_empty() {
            return inside;
        }
        self.0
            .iter()
            .copied()
            .filter(|g| !g.collapsed && g.intersects(first, last))
            .max_by_key(|g| (g.depth, std::cmp::Reverse(g.start)))
            .into_iter()
            .collect()
    }

    /// `Range.expandGroups()` on rows `first..=last`: the collapsed groups whose rows or
    /// toggle meet them; of several at one toggle, the shallowest (documented).
    pub fn groups_to_expand(&self, first: u32, last: u32, position: TogglePosition) -> Vec<Group> {
        let mut chosen: Vec<Group> = Vec::new();
        for g in self.0.iter().filter(|g| g.collapsed) {
            let control = g.control_index(position);
            if !g.intersects(first, last) && !(first..=last).contains(&control) {
                continue;
            }
            match chosen.iter_mut().find(|c| c.control_index(position) == control) {
                Some(c) if c.depth > g.depth => *c = *g,
                Some(_) => {}
                None => chosen.push(*g),
            }
        }
        chosen
    }

    /// The groups the depths `(index, depth)` (consecutive indexes) make, every other
    /// index keeping its current depth; collapsed flags carry over (see `carry`). Returns
    /// the rows of collapsed groups that vanished, which are shown again.
    fn rebuild(&mut self, depths: &[(u32, u32)]) -> BTreeSet<u32> {
        let mut built: Vec<Group> = Vec::new();
        for depth in 1..=GROUP_DEPTH_MAX {
            let mut run: Option<(u32, u32)> = None;
            for &(i, d) in depths {
                match (d >= depth, run) {
                    (true, Some((start, _))) => run = Some((start, i)),
                    (true, None) => run = Some((i, i)),
                    (false, Some((start, end))) => {
                        built.push(Group { start, end, depth, collapsed: false });
                        run = None;
                    }
                    (false, None) => {}
                }
            }
            if let Some((start, end)) = run {
                built.push(Group { start, end, depth, collapsed: false });
            }
        }
        let old = std::mem::take(&mut self.0);
        let lost = carry(&old, &mut built);
        built.sort();
        self.0 = built;
        lost.into_iter().filter(|&i| !self.0.iter().any(|g| g.collapsed && g.contains(i))).collect()
    }

    /// A state file's groups must be in the normal form the depths give, inside the grid.
    pub fn check(&self, size: u32, what: &str) -> Result<(), String> {
        if let Some(g) = self.0.iter().find(|g| g.start < 1 || g.end > size || g.start > g.end) {
            return Err(format!("{what} group {}..{} is outside the sheet's {size} {what}s", g.start, g.end));
        }
        let mut normal = self.clone();
        let depths: Vec<(u32, u32)> = match (self.0.iter().map(|g| g.start).min(), self.0.iter().map(|g| g.end).max()) {
            (Some(lo), Some(hi)) => (lo..=hi).map(|i| (i, self.depth_at(i))).collect(),
            _ => return Ok(()),
        };
        normal.rebuild(&depths);
        if normal != *self {
            return Err(format!(
                "{what} groups must nest, one per run of rows at each depth 1..{GROUP_DEPTH_MAX}, sorted by start, end and depth (e.g. [{{\"start\":2,\"end\":5,\"depth\":1}},{{\"start\":3,\"end\":4,\"depth\":2}}])"
            ));
        }
        Ok(())
    }
}

/// Collapsed flags from the old groups to the new ones: a collapsed group stays collapsed
/// when a new group has its rows exactly (at whatever depth: the Sheets API moves an
/// existing group one deeper when a wider one is added around it), else when the new
/// group at its depth covers it (it grew). Returns the rows of collapsed groups with no
/// successor (assumed).
fn carry(old: &[Group], built: &mut [Group]) -> Vec<u32> {
    let mut lost = Vec::new();
    for o in old.iter().filter(|o| o.collapsed) {
        let same_rows = |n: &Group| n.start == o.start && n.end == o.end;
        let found = built
            .iter()
            .position(|n| same_rows(n) && n.depth == o.depth)
            .or_else(|| built.iter().position(same_rows))
            .or_else(|| built.iter().position(|n| n.depth == o.depth && n.covers(o)));
        match found {
            Some(i) => built[i].collapsed = true,
            None => lost.extend(o.start..=o.end),
        }
    }
    lost
}

/// A sheet's row and column groups and where their toggles sit.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetGroups {
    #[serde(default, skip_serializing_if = "GroupSet::is_empty")]
    pub rows: GroupSet,
    #[serde(default, skip_serializing_if = "GroupSet::is_empty")]
    pub columns: GroupSet,
    #[serde(default, skip_serializing_if = "is_before")]
    pub row_control: TogglePosition,
    #[serde(default, skip_serializing_if = "is_before")]
    pub column_control: TogglePosition,
}

fn is_before(p: &TogglePosition) -> bool {
    *p == TogglePosition::Before
}

impl SheetGroups {
    pub fn is_default(&self) -> bool {
        *self == SheetGroups::default()
    }

    pub fn dim(&self, dim: Dim) -> &GroupSet {
        match dim {
            Dim::Rows => &self.rows,
            Dim::Columns => &self.columns,
        }
    }

    pub fn dim_mut(&mut self, dim: Dim) -> &mut GroupSet {
        match dim {
            Dim::Rows => &mut self.rows,
            Dim::Columns => &mut self.columns,
        }
    }

    pub fn control(&self, dim: Dim) -> TogglePosition {
        match dim {
            Dim::Rows => self.row_control,
            Dim::Columns => self.column_control,
        }
    }

    pub fn set_control(&mut self, dim: Dim, position: TogglePosition) {
        match dim {
            Dim::Rows => self.row_control = position,
            Dim::Columns => self.column_control = position,
        }
    }

    pub fn apply_shift(&mut self, shift: &Shift) {
        self.dim_mut(shift.dim()).apply_shift(shift);
    }

    pub fn check(&self, max_rows: u32, max_columns: u32) -> Result<(), String> {
        self.rows.check(max_rows, "row")?;
        self.columns.check(max_columns, "column")
    }
}

#[cfg(test)]
#[path = "groups_tests.rs"]
mod tests;
