  // ---- The globals' builders ----------------------------------------------------------
  // The core defines every global with a placeholder (99_globals.js) and builds one the
  // first time anything reads or changes it, here: a project that names no service
  // never loads the kernel, nor this. `globalMakers` (generated after the kernel's files,
  // prelude.rs `GLOBALS_FIRST` and `GLOBALS_IN_CATALOGUE_PLACE`) builds each global the
  // prelude implements.

  // The global `name`: an enabled advanced service's symbol is that service (it wins over
  // a global of the same name, as the manifest's symbol does on the platform); an
  // implemented one its service; any other global of the catalogue is there, every method
  // saying so by name, or is the catalogue's enum (`Charset`, `DigestAlgorithm`).
  function makeGlobal(name) {
    if (name in advancedOf) {
      const qualified = advancedOf[name];
      // A service the catalogue does not hold is an object whose every property read is
      // a gap naming it (`Gmail.Users`).
      return qualified[0] !== '!' ? advanced().service(qualified) : new Proxy({}, {
        get(target, key) {
          if (typeof key === 'symbol') return undefined;
          throw new Error(gap(name + '.' + key));
        },
      });
    }
    if (hasOwn(globalMakers, name)) return globalMakers[name]();
    const qualified = catalogue.globalClass(name);
    return catalogue.enumValues(qualified) !== undefined ? catalogueEnum(qualified) : service(qualified, {});
  }

  // A spreadsheet event's object: `source` the spreadsheet, `user` a User and `range`
  // a Range, from the ids and handles the scheduler puts in its JSON (execution.rs calls
  // the core's `__gas_open_event` before onOpen, onEdit and installable spreadsheet
  // triggers). A form's or document's event (trigger_events::form_response, ::opened):
  // the source is the form's handle or the document's, and a submission has its response.
  function openEvent(e) {
    const sheets = sheetsService();
    if (typeof e.source === 'string') e.source = new sheets.Spreadsheet(e.source);
    else if (e.source !== null && typeof e.source === 'object') {
      e.source = 'd' in e.source ? new (documents().Document)(e.source) : new (forms().Form)(e.source);
    }
    if (typeof e.user === 'string') e.user = new (session().User)(e.user);
    if (e.range !== null && typeof e.range === 'object') e.range = new sheets.Range(e.range);
    if (e.response !== null && typeof e.response === 'object') e.response = new (forms().FormResponse)(e.response);
    return e;
  }

  // `gas-sim api`'s run of the prelude, where the global object cannot build lazily
  // (99_globals.js): every global in `names` built now (`only` false), or those `only`
  // lists (comma-separated), then every class registered.
  function buildGlobalsNow(names, only) {
    const listed = typeof only === 'string' ? only.split(',') : null;
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (listed !== null && listed.indexOf(name) < 0) continue;
      const value = makeGlobal(name);
      finishClasses();
      Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true });
    }
    buildEveryClass();
  }
