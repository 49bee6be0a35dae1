  // ---- SpreadsheetApp: structure (see 10_sheets.js for sheetClass/sheetMethods) ----
  // Columns, hiding, freezing, merges, navigation, sorting, copying and moving. A Range
  // or Sheet argument goes to the service as its handle (`sheetHandleOf`); the catalogue
  // checks the arguments (the fourth `true`).
  const sheetHandleOf = (obj) => (obj !== null && typeof obj === 'object' && '_h' in obj ? obj._h : obj);
  const withHandles = (method, result) => function (...args) {
    const out = call(method, this._h, args.map(sheetHandleOf), true);
    return result === undefined ? (out === undefined ? null : out) : result(this, out);
  };
  const itself = (obj) => obj;
  sheetMethods('Sheet', {
    hideRow: withHandles('Sheet.hideRow'),
    unhideRow: withHandles('Sheet.unhideRow'),
    hideColumn: withHandles('Sheet.hideColumn'),
    unhideColumn: withHandles('Sheet.unhideColumn'),
    moveRows: withHandles('Sheet.moveRows'),
    moveColumns: withHandles('Sheet.moveColumns'),
  });
  sheetMethods('Range', {
    copyTo: withHandles('Range.copyTo'),
    copyValuesToRange: withHandles('Range.copyValuesToRange'),
    copyFormatToRange: withHandles('Range.copyFormatToRange'),
    moveTo: withHandles('Range.moveTo'),
    insertCells: withHandles('Range.insertCells', itself),
    autoFill: withHandles('Range.autoFill'),
  });
  // The Spreadsheet forms of the Sheet methods act on the active sheet (documented:
  // "the active sheet"); those that chain return that sheet, the others their value.
  const onActive = (name) => function (...args) {
    const sheet = this.getActiveSheet();
    const result = sheet[name](...args);
    return result === sheet ? sheet : result;
  };
  const activeSheetForms = {};
  for (const name of ['appendRow', 'autoResizeColumn', 'deleteColumn', 'deleteColumns', 'deleteRow', 'deleteRows',
    'getDataRange', 'getFrozenColumns', 'getFrozenRows', 'getLastColumn', 'getLastRow', 'hideColumn', 'hideRow',
    'insertColumnAfter', 'insertColumnBefore', 'insertColumnsAfter', 'insertColumnsBefore', 'insertRowAfter',
    'insertRowBefore', 'insertRowsAfter', 'insertRowsBefore', 'isColumnHiddenByUser', 'isRowHiddenByFilter',
    'isRowHiddenByUser', 'setFrozenColumns', 'setFrozenRows', 'sort', 'unhideColumn', 'unhideRow']) {
    activeSheetForms[name] = onActive(name);
  }
  sheetMethods('Spreadsheet', activeSheetForms);
