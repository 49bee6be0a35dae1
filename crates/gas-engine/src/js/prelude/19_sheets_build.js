  // ---- SpreadsheetApp: the classes from their parts (10_sheets.js explains) ----------
  for (const name of Object.keys(sheetParts)) {
    const part = sheetParts[name];
    const methods = {};
    for (const group of part.methods) {
      for (const key of Object.keys(group)) {
        if (hasOwn(methods, key)) throw new Error('gas-sim prelude: two parts define ' + name + '.' + key);
        methods[key] = group[key];
      }
    }
    if (part.service) {
      sheets[name] = service(name, methods);
    } else {
      part.Ctor.prototype = prototypeOf(name, methods);
      Object.defineProperty(part.Ctor.prototype, '_h', NO_HANDLE);
    }
  }
  return sheets;
  });
