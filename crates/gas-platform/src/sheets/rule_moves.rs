//! Conditional format rules when cells are copied or moved (`copyTo`, `moveTo`): a rule
//! is a list of boxes on its sheet, not a per-cell layer, so a block of cells carries the
//! parts of the rules that cover it here. Sheets pastes a copied cell's colour rules with
//! it and moves them with a cut (observed in its UI); the details are assumed: a copy
//! adds one new rule per source rule (the source's rules stay), a move takes the boxes
//! lying wholly inside the moved cells (a box only partly inside stays where it is), and
//! the destination's own rules are left as they are. A filter moves as a rule's box does
//! when its range lies wholly inside the moved cells, unless the destination is another
//! sheet that has a filter of its own (a sheet holds one: then it stays, assumed).
//! Bandings move the same way (`Spreadsheet::move_bandings`, banding.rs: they are the
//! spreadsheet's objects, not the sheet's).

use super::anchored::GridBox;
use super::conditional::ConditionalFormatRule;
use super::filter::Filter;
use super::model::Sheet;
use super::shift::CellBox;

/// The part of `boxed` inside `source`, put at the same offset from `to` on `sheet_id`.
fn carried(boxed: &GridBox, source: CellBox, to: (u32, u32), sheet_id: u32) -> Option<GridBox> {
    let b = boxed.cells();
    if !b.intersects(&source) {
        return None;
    }
    let (row, last_row) = (b.row.max(source.row), b.last_row.min(source.last_row));
    let (column, last_column) = (b.column.max(source.column), b.last_column.min(source.last_column));
    Some(GridBox {
        sheet_id,
        row: row - source.row + to.0,
        column: column - source.column + to.1,
        num_rows: last_row - row + 1,
        num_columns: last_column - column + 1,
    })
}

/// Rules of the source sheet covering `source`, as new rules for the cells copied to
/// `to` on the sheet `target_id` (the block fits there: the caller checked).
pub(super) fn copied_rules(
    source_sheet: &Sheet,
    source: CellBox,
    target_id: u32,
    to: (u32, u32),
) -> Vec<ConditionalFormatRule> {
    source_sheet
        .objects()
        .conditional_formats
        .iter()
        .filter_map(|rule| {
            let ranges: Vec<GridBox> = rule.ranges.iter().filter_map(|b| carried(b, source, to, target_id)).collect();
            (!ranges.is_empty()).then(|| ConditionalFormatRule { ranges, ..rule.clone() })
        })
        .collect()
}

/// [`copied_rules`] for a paste of `(down, across)` whole copies of `source` from `to`:
/// still one new rule per source rule, its boxes repeated for each copy, and a box that
/// covers the whole source as one box over every copy (a 1x1 source pasted over 26,000
/// cells adds one rule with one box, not 26,000 rules).
pub(super) fn tiled_copied_rules(
    source_sheet: &Sheet,
    source: CellBox,
    target_id: u32,
    to: (u32, u32),
    (down, across): (u32, u32),
) -> Vec<ConditionalFormatRule> {
    let (height, width) = (source.num_rows(), source.num_columns());
    let mut rules = copied_rules(source_sheet, source, target_id, to);
    for rule in &mut rules {
        let first = std::mem::take(&mut rule.ranges);
        for boxed in first {
            if boxed.num_rows == height && boxed.num_columns == width {
                rule.ranges.push(GridBox { num_rows: height * down, num_columns: width * across, ..boxed });
                continue;
            }
            for tile in 0..down * across {
                let (row, column) = (tile / across * height, tile % across * width);
                rule.ranges.push(GridBox { row: boxed.row + row, column: boxed.column + column, ..boxed });
            }
        }
    }
    rules
}

/// Takes off the source sheet's rules the boxes wholly inside `source` (a rule left with
/// none is dropped) and returns them, moved to `to` on `target_id`, as one rule each.
pub(super) fn take_moved_rules(
    source_sheet: &mut Sheet,
    source: CellBox,
    target_id: u32,
    to: (u32, u32),
) -> Vec<ConditionalFormatRule> {
    let mut moved = Vec::new();
    source_sheet.objects_mut().conditional_formats.retain_mut(|rule| {
        let (inside, outside): (Vec<GridBox>, Vec<GridBox>) =
            rule.ranges.iter().partition(|b| source.covers(&b.cells()));
        if !inside.is_empty() {
            let ranges = inside.iter().filter_map(|b| carried(b, source, to, target_id)).collect();
            moved.push(ConditionalFormatRule { ranges, ..rule.clone() });
        }
        rule.ranges = outside;
        !rule.ranges.is_empty()
    });
    moved
}

/// The source sheet's filter when its range lies wholly inside `source`: taken off the
/// sheet and returned moved to `to` on `target_id`, its criteria with their columns
/// (assumed, as a rule's boxes move); a filter only partly inside stays where it is.
pub(super) fn take_moved_filter(
    source_sheet: &mut Sheet,
    source: CellBox,
    target_id: u32,
    to: (u32, u32),
) -> Option<Filter> {
    let inside = source_sheet.objects().filter.as_ref().is_some_and(|f| source.covers(&f.range.cells()));
    if !inside {
        return None;
    }
    let mut filter = source_sheet.objects_mut().filter.take()?;
    let moved = carried(&filter.range, source, to, target_id)?;
    let (from_column, to_column) = (filter.range.column, moved.column);
    let criteria = std::mem::take(&mut filter.columns);
    filter.columns = criteria.into_iter().map(|(c, k)| (c - from_column + to_column, k)).collect();
    filter.range = moved;
    Some(filter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_covered_part_of_a_box_is_carried_to_the_same_offset() {
        let boxed = GridBox { sheet_id: 0, row: 1, column: 1, num_rows: 10, num_columns: 2 };
        let source = CellBox::new(3, 2, 2, 3); // B3:D4
        let got = carried(&boxed, source, (20, 5), 7).unwrap();
        assert_eq!(got, GridBox { sheet_id: 7, row: 20, column: 5, num_rows: 2, num_columns: 1 });
        assert_eq!(carried(&boxed, CellBox::new(1, 3, 1, 1), (1, 1), 0), None, "outside: nothing");
    }
}
