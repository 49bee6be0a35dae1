  // ---- SpreadsheetApp -----------------------------------------------------------
  // SpreadsheetApp is built in parts, one file per concern (10 core, 12 formulas,
  // 13 formats, 14 structure, 15 objects), each adding methods with `sheetMethods`
  // while the chunk runs; a class's prototype is made from its parts when it makes its
  // first object (`partMethods`), SpreadsheetApp's in 19_sheets_build.js. The constructors
  // exist from here on, so every part can make a `new Range(h)`; a method defined by two
  // parts is a bug the build reports (for every class: the prelude's eager run).
  // The whole of SpreadsheetApp (10-19, with 11_ui.js) is one chunk, compiled and built
  // on first touch of the global (gas-engine's prelude.rs, 99_globals.js); the parts are
  // not indented inside this function.
  const sheetsService = once(() => {
  const sheetParts = {};
  // A class's prototype is built from its parts on first use (01_kernel.js, lazyClass).
  const sheetClass = (name) => {
    sheetParts[name] = { methods: [] };
    return lazyClass(name, () => partMethods(name));
  };
  // The methods every part gave `name`: one object, each name from one part.
  const partMethods = (name) => {
    const methods = {};
    const groups = sheetParts[name].methods;
    for (let j = 0; j < groups.length; j++) {
      const group = groups[j];
      const keys = Object.keys(group);
      for (let k = 0; k < keys.length; k++) {
        if (hasOwn(methods, keys[k])) throw new Error('gas-sim prelude: two parts define ' + name + '.' + keys[k]);
        methods[keys[k]] = group[keys[k]];
      }
    }
    return methods;
  };
  const sheetMethods = (name, methods) => {
    if (sheetParts[name] === undefined) throw new Error('gas-sim prelude: no sheets class ' + name);
    sheetParts[name].methods.push(methods);
  };
  const Range = sheetClass('Range');
  const Sheet = sheetClass('Sheet');
  const Spreadsheet = sheetClass('Spreadsheet');
  const Selection = sheetClass('Selection');
  const TextFinder = sheetClass('TextFinder');
  sheetParts.SpreadsheetApp = { methods: [] };
  const sheets = { Range, Sheet, Spreadsheet, Selection, TextFinder, SpreadsheetApp: null };

  // TextFinder's methods are in 15_sheets_objects.js.
  const textFinder = (method) => function (text) {
    return new TextFinder(call(method, this._h, [text]));
  };
  sheetMethods('Range', {
    // getRow, getNumRows, getLastRow, getSheet ...: reads of the handle
    // (bindings/sheets/mod.rs).
    createTextFinder: textFinder('Range.createTextFinder'),
  });
  sheetMethods('Sheet', {
    deleteRows: chain('Sheet.deleteRows'),
    createTextFinder: textFinder('Sheet.createTextFinder'),
  });
  sheetMethods('Spreadsheet', {
    getSheetByName: wrap(Sheet, 'Spreadsheet.getSheetByName'),
    // getActiveSheet, getActiveRange ... (derived): the user's page or the execution's
    // own (gas_platform::container decides which).
    getSelection() { return new Selection(this._h); },
  });
  sheetMethods('Selection', {
    getActiveSheet() { return new Sheet(call('Spreadsheet.getActiveSheet', this._h, [])); },
    getActiveRange() { return new Range(call('Spreadsheet.getActiveRange', this._h, [])); },
    getCurrentCell() { return new Range(call('Spreadsheet.getCurrentCell', this._h, [])); },
  });
  sheetMethods('SpreadsheetApp', {
    getActive: wrap(Spreadsheet, 'SpreadsheetApp.getActiveSpreadsheet'),
    getActiveSheet() { const h = call('SpreadsheetApp.getActiveSheet', null, []); return h === null ? null : new Sheet(h); },
    getActiveRange() { const h = call('SpreadsheetApp.getActiveRange', null, []); return h === null ? null : new Range(h); },
    getCurrentCell() { const h = call('SpreadsheetApp.getCurrentCell', null, []); return h === null ? null : new Range(h); },
    getSelection() {
      const h = call('SpreadsheetApp.getActiveSheet', null, []);
      return h === null ? null : new Selection(new Sheet(h).getParent()._h);
    },
    getUi() { return new ui.Ui(call('SpreadsheetApp.getUi', null, [])); },
  });
