  // ---- SpreadsheetApp: formulas (see 10_sheets.js for sheetClass/sheetMethods) ----
  sheetMethods('Range', {});
