  // ---- SpreadsheetApp: structure (see 10_sheets.js for sheetClass/sheetMethods) ----
