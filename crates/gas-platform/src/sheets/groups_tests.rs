//! The group rules: depths make groups, the Sheets API's examples, the depth limit,
//! collapsed flags through changes, structural shifts, toggles, state files.

use super::*;

fn g(start: u32, end: u32, depth: u32) -> Group {
    Group { start, end, depth, collapsed: false }
}

fn spans(set: &GroupSet) -> Vec<(u32, u32, u32)> {
    set.groups().iter().map(|g| (g.start, g.end, g.depth)).collect()
}

#[test]
fn depths_make_nested_groups_as_the_sheets_api_describes() {
    // Documented (AddDimensionGroupRequest): [C:D, 1] + [B:E] -> [B:E, 1], [C:D, 2];
    // [B:E, 1] + [C:D] -> the same; [B:D, 1] + [C:E] -> [B:E, 1], [C:D, 2]. B..E = 2..5.
    for (first, second) in [((3, 4), (2, 5)), ((2, 5), (3, 4)), ((2, 4), (3, 5))] {
        let mut set = GroupSet::default();
        set.shift_depth(first.0, first.1, 1);
        set.shift_depth(second.0, second.1, 1);
        assert_eq!(spans(&set), vec![(2, 5, 1), (3, 4, 2)], "{first:?} then {second:?}");
    }
    let mut set = GroupSet::default();
    set.shift_depth(2, 5, 1);
    set.shift_depth(3, 4, 1);
    assert_eq!([1, 2, 3, 5, 6].map(|i| set.depth_at(i)), [0, 1, 2, 1, 0]);
    assert_eq!(set.group_at(3, 1), Some(g(2, 5, 1)));
    assert_eq!(set.group_at(3, 2), Some(g(3, 4, 2)));
    assert_eq!(set.group_at(2, 2), None);
}

#[test]
fn adjacent_runs_at_one_depth_are_one_group_and_negative_shifts_split_them() {
    let mut set = GroupSet::default();
    set.shift_depth(2, 3, 1);
    set.shift_depth(4, 6, 1);
    assert_eq!(spans(&set), vec![(2, 6, 1)]);
    set.shift_depth(4, 4, -1);
    assert_eq!(spans(&set), vec![(2, 3, 1), (5, 6, 1)]);
}

#[test]
fn depth_stays_within_zero_and_eight() {
    let mut set = GroupSet::default();
    set.shift_depth(1, 2, 20);
    assert_eq!(set.depth_at(1), GROUP_DEPTH_MAX);
    assert_eq!(set.groups().len(), 8);
    set.shift_depth(1, 1, -100);
    assert_eq!((set.depth_at(1), set.depth_at(2)), (0, 8));
    set.shift_depth(5, 6, -1);
    assert_eq!(set.depth_at(5), 0, "below zero has no effect");
}

#[test]
fn a_collapsed_group_keeps_its_flag_when_a_wider_group_is_added_around_it() {
    let mut set = GroupSet::default();
    set.shift_depth(3, 4, 1);
    assert!(set.set_collapsed(&g(3, 4, 1), true));
    let shown = set.shift_depth(2, 5, 1);
    assert!(shown.is_empty());
    let flags: Vec<_> = set.groups().iter().map(|g| (g.start, g.depth, g.collapsed)).collect();
    assert_eq!(flags, vec![(2, 1, false), (3, 2, true)], "the Sheets API moves the old group one deeper");
    // Grown by an adjacent run: still collapsed.
    let mut set = GroupSet::default();
    set.shift_depth(2, 3, 1);
    set.set_collapsed(&g(2, 3, 1), true);
    set.shift_depth(4, 4, 1);
    assert_eq!(set.groups(), &[Group { collapsed: true, ..g(2, 4, 1) }]);
}

#[test]
fn removing_a_collapsed_group_gives_its_rows_back() {
    let mut set = GroupSet::default();
    set.shift_depth(2, 5, 2);
    set.set_collapsed(&g(2, 5, 2), true);
    assert!(set.shift_depth(2, 5, -1).is_empty(), "2:5 is still there, now at depth 1, collapsed");
    assert_eq!(set.groups(), &[Group { collapsed: true, ..g(2, 5, 1) }]);
    assert_eq!(set.shift_depth(2, 5, -1), (2..=5).collect());
    assert!(set.is_empty());
}

#[test]
fn expanding_a_parent_leaves_a_collapsed_child_hidden() {
    let mut set = GroupSet::default();
    set.shift_depth(2, 8, 1);
    set.shift_depth(4, 5, 1);
    set.set_all(1);
    assert!(set.grouped_rows().iter().all(|&(_, hidden)| hidden));
    set.set_collapsed(&g(2, 8, 1), false);
    assert_eq!(set.rows_shown_by_expanding(&g(2, 8, 1)), vec![2, 3, 6, 7, 8]);
    // expandRowGroupsUpToDepth(1): depth 1 open, depth 2 closed.
    set.set_all(2);
    let hidden: Vec<u32> = set.grouped_rows().into_iter().filter(|&(_, h)| h).map(|(i, _)| i).collect();
    assert_eq!(hidden, vec![4, 5]);
}

#[test]
fn collapse_groups_takes_the_groups_inside_else_the_deepest_expanded_one_partly_inside() {
    let mut set = GroupSet::default();
    set.shift_depth(2, 9, 1);
    set.shift_depth(3, 4, 1);
    set.shift_depth(6, 7, 1);
    assert_eq!(set.groups_to_collapse(3, 7), vec![g(3, 4, 2), g(6, 7, 2)]);
    assert_eq!(set.groups_to_collapse(4, 4), vec![g(3, 4, 2)]);
    assert_eq!(set.groups_to_collapse(5, 5), vec![g(2, 9, 1)]);
    assert!(set.groups_to_collapse(11, 12).is_empty());
    assert_eq!(set.groups_to_collapse(1, 10), vec![g(2, 9, 1)], "the nested groups keep their state");
}

#[test]
fn expand_groups_meets_rows_or_toggles_and_takes_the_shallowest_at_one_toggle() {
    let mut set = GroupSet::default();
    set.shift_depth(3, 6, 1);
    set.shift_depth(3, 4, 1);
    set.set_all(1);
    // Both toggles are at row 2 (before): the shallowest is expanded.
    assert_eq!(set.groups_to_expand(2, 2, TogglePosition::Before), vec![Group { collapsed: true, ..g(3, 6, 1) }]);
    assert_eq!(set.groups_to_expand(2, 2, TogglePosition::After), vec![]);
    // After: 3:4's toggle is row 5, 3:6's is row 7.
    let mut after: Vec<_> = set.groups_to_expand(5, 5, TogglePosition::After).iter().map(|g| g.depth).collect();
    after.sort();
    assert_eq!(after, vec![1, 2], "row 5 is inside 3:6 and 3:4's toggle");
    assert_eq!(g(2, 3, 1).control_index(TogglePosition::After), 4, "documented example");
    assert_eq!(g(2, 3, 1).control_index(TogglePosition::Before), 1);
}

#[test]
fn groups_move_with_inserted_and_deleted_rows() {
    let mut set = GroupSet::default();
    set.shift_depth(3, 6, 1);
    set.shift_depth(8, 9, 1);
    set.set_collapsed(&g(8, 9, 1), true);
    set.apply_shift(&Shift::Insert { dim: Dim::Rows, at: 1, count: 2 });
    assert_eq!(spans(&set), vec![(5, 8, 1), (10, 11, 1)]);
    set.apply_shift(&Shift::Insert { dim: Dim::Rows, at: 6, count: 1 });
    assert_eq!(spans(&set), vec![(5, 9, 1), (11, 12, 1)], "inside: widens; below: moves");
    // Row 10 deleted: the two are adjacent, the depths make one run, one group
    // (collapsed: it covers the collapsed one at its depth).
    set.apply_shift(&Shift::Remove { dim: Dim::Rows, start: 10, count: 1 });
    assert_eq!(set.groups(), &[Group { collapsed: true, ..g(5, 11, 1) }]);
    set.apply_shift(&Shift::Remove { dim: Dim::Rows, start: 4, count: 10 });
    assert!(set.is_empty());
    // A sheet's column shift leaves its row groups alone.
    let mut groups = SheetGroups::default();
    groups.rows.shift_depth(2, 3, 1);
    groups.apply_shift(&Shift::Insert { dim: Dim::Columns, at: 1, count: 3 });
    assert_eq!(spans(&groups.rows), vec![(2, 3, 1)]);
}

#[test]
fn a_state_file_holds_groups_in_their_normal_form() {
    let mut groups = SheetGroups::default();
    assert!(groups.is_default());
    groups.rows.shift_depth(2, 5, 1);
    groups.rows.shift_depth(3, 4, 1);
    groups.set_control(Dim::Columns, TogglePosition::After);
    let json = serde_json::to_string(&groups).unwrap();
    assert_eq!(
        json,
        r#"{"rows":[{"start":2,"end":5,"depth":1},{"start":3,"end":4,"depth":2}],"column_control":"AFTER"}"#
    );
    let back: SheetGroups = serde_json::from_str(&json).unwrap();
    assert_eq!(back, groups);
    assert!(back.check(10, 5).is_ok());
    assert!(back.check(4, 5).unwrap_err().contains("outside the sheet's 4 rows"));
    let overlapping: SheetGroups =
        serde_json::from_str(r#"{"rows":[{"start":2,"end":5,"depth":1},{"start":4,"end":6,"depth":1}]}"#).unwrap();
    assert!(overlapping.check(10, 5).unwrap_err().contains("must nest"));
}

#[test]
fn a_huge_delta_saturates_instead_of_overflowing() {
    let mut set = GroupSet::default();
    set.shift_depth(1, 2, i64::MAX);
    set.shift_depth(1, 2, i64::MAX);
    assert_eq!(set.depth_at(1), GROUP_DEPTH_MAX, "still the deepest, not wrapped to none");
    set.shift_depth(1, 2, i64::MIN);
    assert_eq!(set.depth_at(1), 0);
}

#[test]
fn moved_lines_take_their_depths_and_a_whole_group_its_collapsed_flag() {
    // Rows 2..=3 grouped and collapsed; moveRows(2:3, before row 7) puts them at 5..=6
    // (rows 4..=6 move up to 2..=4).
    let mut set = GroupSet::default();
    set.shift_depth(2, 3, 1);
    assert!(set.set_collapsed(&g(2, 3, 1), true));
    let new_index = |i: u32| match i {
        2 | 3 => i + 3,
        4..=6 => i - 2,
        _ => i,
    };
    set.move_lines(2, 6, new_index);
    assert_eq!(spans(&set), vec![(5, 6, 1)]);
    assert!(set.groups()[0].collapsed, "the group moved whole, still collapsed");
    assert_eq!([2, 3, 4, 5, 6, 7].map(|i| set.depth_at(i)), [0, 0, 0, 1, 1, 0]);
}
