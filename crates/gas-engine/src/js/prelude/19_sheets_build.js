  // ---- SpreadsheetApp: the classes from their parts (10_sheets.js explains) ----------
  // Index loops, as prototypeOf's (00_core.js says why).
  const partNames = Object.keys(sheetParts);
  for (let i = 0; i < partNames.length; i++) {
    const name = partNames[i];
    const part = sheetParts[name];
    const methods = {};
    for (let j = 0; j < part.methods.length; j++) {
      const group = part.methods[j];
      const keys = Object.keys(group);
      for (let k = 0; k < keys.length; k++) {
        if (hasOwn(methods, keys[k])) throw new Error('gas-sim prelude: two parts define ' + name + '.' + keys[k]);
        methods[keys[k]] = group[keys[k]];
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
