  // ---- SpreadsheetApp: row and column groups (see 10_sheets.js for sheetClass) -----
  // A Group's handle names its sheet, dimension, rows and depth; the platform finds the
  // live group again on every call (and says so when it is gone).
  const Group = sheetClass('Group');
  Object.assign(sheets, { Group });
  sheetMethods('Group', {});
  sheetMethods('Range', {});
  sheetMethods('Sheet', {
    getRowGroup: wrap(Group, 'Sheet.getRowGroup'),
    getColumnGroup: wrap(Group, 'Sheet.getColumnGroup'),
  });
