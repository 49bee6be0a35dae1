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
    insertColumnBefore: chain('Sheet.insertColumnBefore'),
    insertColumnAfter: chain('Sheet.insertColumnAfter'),
    insertColumnsBefore: chain('Sheet.insertColumnsBefore'),
    insertColumnsAfter: chain('Sheet.insertColumnsAfter'),
    insertColumns: c('Sheet.insertColumns'),
    insertRows: c('Sheet.insertRows'),
    deleteColumn: chain('Sheet.deleteColumn'),
    deleteColumns: c('Sheet.deleteColumns'),
    hideSheet: chain('Sheet.hideSheet'),
    showSheet: chain('Sheet.showSheet'),
    isSheetHidden: c('Sheet.isSheetHidden'),
    hideRows: c('Sheet.hideRows'),
    showRows: c('Sheet.showRows'),
    hideColumns: c('Sheet.hideColumns'),
    showColumns: c('Sheet.showColumns'),
    hideRow: withHandles('Sheet.hideRow'),
    unhideRow: withHandles('Sheet.unhideRow'),
    hideColumn: withHandles('Sheet.hideColumn'),
    unhideColumn: withHandles('Sheet.unhideColumn'),
    isRowHiddenByUser: c('Sheet.isRowHiddenByUser'),
    isColumnHiddenByUser: c('Sheet.isColumnHiddenByUser'),
    setFrozenRows: c('Sheet.setFrozenRows'),
    setFrozenColumns: c('Sheet.setFrozenColumns'),
    getFrozenRows: c('Sheet.getFrozenRows'),
    getFrozenColumns: c('Sheet.getFrozenColumns'),
    autoResizeColumn: chain('Sheet.autoResizeColumn'),
    autoResizeColumns: chain('Sheet.autoResizeColumns'),
    autoResizeRows: chain('Sheet.autoResizeRows'),
    sort: chain('Sheet.sort'),
    moveRows: withHandles('Sheet.moveRows'),
    moveColumns: withHandles('Sheet.moveColumns'),
  });
  sheetMethods('Range', {
    merge: chain('Range.merge'),
    mergeAcross: chain('Range.mergeAcross'),
    mergeVertically: chain('Range.mergeVertically'),
    breakApart: chain('Range.breakApart'),
    getMergedRanges: wrapAll(Range, 'Range.getMergedRanges'),
    isPartOfMerge: c('Range.isPartOfMerge'),
    offset: wrap(Range, 'Range.offset'),
    getCell: wrap(Range, 'Range.getCell'),
    getNextDataCell: wrap(Range, 'Range.getNextDataCell'),
    getDataRegion: wrap(Range, 'Range.getDataRegion'),
    isBlank: c('Range.isBlank'),
    getRowIndex() { return this._h.row; },
    getGridId() { return this._h.sheet.sheet_id; },
    getHeight() { return this._h.num_rows; },
    getWidth() { return this._h.num_columns; },
    sort: chain('Range.sort'),
    removeDuplicates: wrap(Range, 'Range.removeDuplicates'),
    trimWhitespace: chain('Range.trimWhitespace'),
    randomize: chain('Range.randomize'),
    copyTo: withHandles('Range.copyTo'),
    copyValuesToRange: withHandles('Range.copyValuesToRange'),
    copyFormatToRange: withHandles('Range.copyFormatToRange'),
    moveTo: withHandles('Range.moveTo'),
    insertCells: withHandles('Range.insertCells', itself),
    deleteCells: c('Range.deleteCells'),
    autoFill: withHandles('Range.autoFill'),
    autoFillToNeighbor: c('Range.autoFillToNeighbor'),
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
    'insertRowBefore', 'insertRowsAfter', 'insertRowsBefore', 'isColumnHiddenByUser', 'isRowHiddenByUser',
    'setFrozenColumns', 'setFrozenRows', 'sort', 'unhideColumn', 'unhideRow']) {
    activeSheetForms[name] = onActive(name);
  }
  sheetMethods('Spreadsheet', activeSheetForms);
