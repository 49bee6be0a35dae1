  // ---- SpreadsheetApp: row and column groups (see 10_sheets.js for sheetClass) -----
  // A Group's handle names its sheet, dimension, rows and depth; the platform finds the
  // live group again on every call (and says so when it is gone).
  const Group = sheetClass('Group');
  Object.assign(sheets, { Group });
  sheetMethods('Group', {
    collapse: chain('Group.collapse'),
    expand: chain('Group.expand'),
    getControlIndex: c('Group.getControlIndex'),
    getDepth: c('Group.getDepth'),
    getRange: wrap(Range, 'Group.getRange'),
    isCollapsed: c('Group.isCollapsed'),
    remove: c('Group.remove'),
  });
  sheetMethods('Range', {
    shiftRowGroupDepth: chain('Range.shiftRowGroupDepth'),
    shiftColumnGroupDepth: chain('Range.shiftColumnGroupDepth'),
    collapseGroups: chain('Range.collapseGroups'),
    expandGroups: chain('Range.expandGroups'),
  });
  sheetMethods('Sheet', {
    getRowGroup: wrap(Group, 'Sheet.getRowGroup'),
    getColumnGroup: wrap(Group, 'Sheet.getColumnGroup'),
    getRowGroupDepth: c('Sheet.getRowGroupDepth'),
    getColumnGroupDepth: c('Sheet.getColumnGroupDepth'),
    collapseAllRowGroups: chain('Sheet.collapseAllRowGroups'),
    collapseAllColumnGroups: chain('Sheet.collapseAllColumnGroups'),
    expandAllRowGroups: chain('Sheet.expandAllRowGroups'),
    expandAllColumnGroups: chain('Sheet.expandAllColumnGroups'),
    expandRowGroupsUpToDepth: chain('Sheet.expandRowGroupsUpToDepth'),
    expandColumnGroupsUpToDepth: chain('Sheet.expandColumnGroupsUpToDepth'),
    getRowGroupControlPosition: c('Sheet.getRowGroupControlPosition'),
    getColumnGroupControlPosition: c('Sheet.getColumnGroupControlPosition'),
    setRowGroupControlPosition: chain('Sheet.setRowGroupControlPosition'),
    setColumnGroupControlPosition: chain('Sheet.setColumnGroupControlPosition'),
  });
