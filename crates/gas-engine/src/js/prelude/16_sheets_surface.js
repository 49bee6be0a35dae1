  // ---- SpreadsheetApp: surface (see 10_sheets.js for sheetClass/sheetMethods) --------
  // Spreadsheet.getRange/getSheetValues, the spreadsheet's zone, sheet and calculation
  // settings, toast, the selection beyond one range (range lists, the current cell), the
  // page's menus by addMenu. Rules in gas_platform (sheets/surface.rs, container.rs).
  const maybeRange = (h) => (h === null ? null : new Range(h));
  const maybeList = (h) => (h === null ? null : new RangeList(h));
  const listCall = (method) => function (...args) { return maybeList(call(method, this._h, args, true)); };
  const rangeCall = (method) => function (...args) { return maybeRange(call(method, this._h, args, true)); };
  // An open end of the A1 notation the range was made from (`A:A`); the platform puts
  // them in the handle (bindings/sheets/surface.rs), every other range is bounded.
  const bounded = (name) => function () { return read(this, name) !== false; };
  sheetMethods('Range', {
    activateAsCurrentCell: rangeCall('Range.activateAsCurrentCell'),
    isStartRowBounded: bounded('Range.isStartRowBounded'),
    isEndRowBounded: bounded('Range.isEndRowBounded'),
    isStartColumnBounded: bounded('Range.isStartColumnBounded'),
    isEndColumnBounded: bounded('Range.isEndColumnBounded'),
  });
  sheetMethods('RangeList', {
    // The whole list is selected, its last range active (not one range after another).
    activate() { call('Sheet.setActiveRangeList', this.getRanges()[0].getSheet()._h, [this], true); return this; },
  });
  sheetMethods('Sheet', {
    getActiveCell: rangeCall('Sheet.getActiveCell'),
    getActiveRange: rangeCall('Sheet.getActiveRange'),
    getActiveRangeList: listCall('Sheet.getActiveRangeList'),
    getCurrentCell: rangeCall('Sheet.getCurrentCell'),
    setActiveRange: rangeCall('Sheet.setActiveRange'),
    setActiveRangeList: listCall('Sheet.setActiveRangeList'),
    setActiveSelection: rangeCall('Sheet.setActiveSelection'),
    setCurrentCell: rangeCall('Sheet.setCurrentCell'),
  });
  sheetMethods('Spreadsheet', {
    getActiveRangeList: listCall('Spreadsheet.getActiveRangeList'),
    setActiveRangeList: listCall('Spreadsheet.setActiveRangeList'),
    setActiveSelection: rangeCall('Spreadsheet.setActiveSelection'),
    setCurrentCell: rangeCall('Spreadsheet.setCurrentCell'),
  });
  sheetMethods('Selection', {
    getActiveRangeList() { return maybeList(call('Spreadsheet.getActiveRangeList', this._h, [])); },
    getNextDataRange: rangeCall('Selection.getNextDataRange'),
  });
  sheetMethods('SpreadsheetApp', {
    getActiveRangeList() { return maybeList(call('SpreadsheetApp.getActiveRangeList', null, [])); },
    setActiveRangeList(list) { return maybeList(call('SpreadsheetApp.setActiveRangeList', null, [list], true)); },
    setCurrentCell(cell) { return maybeRange(call('SpreadsheetApp.setCurrentCell', null, [cell], true)); },
    setActiveSpreadsheet(spreadsheet) { call('SpreadsheetApp.setActiveSpreadsheet', null, [spreadsheet], true); },
  });
