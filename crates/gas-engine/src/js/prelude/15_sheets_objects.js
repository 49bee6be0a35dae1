  // ---- SpreadsheetApp: objects (see 10_sheets.js for sheetClass/sheetMethods) ----
