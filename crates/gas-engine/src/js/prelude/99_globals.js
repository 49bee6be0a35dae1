  // A spreadsheet event's object: `source` the spreadsheet, `user` a User and `range`
  // a Range, from the ids and handles the scheduler puts in its JSON (execution.rs calls
  // this before onOpen, onEdit and installable spreadsheet triggers). Defined before the
  // service globals, where it always was.
  Object.defineProperty(global, '__gas_open_event', {
    value: (e) => {
      const sheets = sheetsService();
      // A form's or document's event (trigger_events::form_response, ::opened): the
      // source is the form's handle or the document's, and a submission has its response.
      if (typeof e.source === 'string') e.source = new sheets.Spreadsheet(e.source);
      else if (e.source !== null && typeof e.source === 'object') {
        e.source = 'd' in e.source ? new (documents().Document)(e.source) : new (forms().Form)(e.source);
      }
      if (typeof e.user === 'string') e.user = new (session().User)(e.user);
      if (e.range !== null && typeof e.range === 'object') e.range = new sheets.Range(e.range);
      if (e.response !== null && typeof e.response === 'object') e.response = new (forms().FormResponse)(e.response);
      return e;
    },
    writable: true, enumerable: false, configurable: true,
  });

  // ---- The globals ----------------------------------------------------------------
  // Plain data properties, as the platform's globals are: a script may replace them.
  // Each is built the first time anything reads or changes it (the global object is
  // vendored boa's LazyGlobal, patch 0021: until then the property holds `build`, which
  // no script can see; its key, place and attributes are there from the start), so a
  // project pays only for the services it names.
  const makers = {
    SpreadsheetApp: () => sheetsService().SpreadsheetApp, LockService: () => locks().LockService,
    CacheService: () => caches().CacheService, PropertiesService: () => properties().PropertiesService,
    MailApp: () => mail().MailApp, GmailApp: () => gmail().GmailApp, UrlFetchApp: () => fetch().UrlFetchApp,
    Utilities: () => utilities().Utilities, Session: () => session().Session, ScriptApp: () => scriptApp().ScriptApp,
    ContentService: () => content().ContentService, HtmlService: () => html().HtmlService,
    Logger: () => logging().Logger, console: () => logging().console,
    DriveApp: () => drive().DriveApp, MimeType: () => drive().MimeType,
  };

  // ---- Every other global of the catalogue ------------------------------------------
  // A service gas-sim does not implement is there, every method saying so by name; a
  // global that is an enum (`Charset`, `DigestAlgorithm`) is the enum.
  const globalNames = Object.keys(catalogue.globals);
  for (let i = 0; i < globalNames.length; i++) {
    const name = globalNames[i];
    if (hasOwn(makers, name)) continue;
    const qualified = catalogue.globals[name];
    const isEnum = catalogue.enumValues(qualified) !== undefined;
    makers[name] = isEnum ? () => kernel().catalogueEnum(qualified) : () => kernel().service(qualified, {});
  }
  // Services implemented after the globals' order was fixed keep their catalogue place
  // (a script listing the global object sees the order it always saw).
  makers.XmlService = () => xml().XmlService;
  makers.Charts = () => sheetsService().Charts;
  makers.CalendarApp = () => calendar().CalendarApp;
  makers.FormApp = () => forms().FormApp;
  makers.DocumentApp = () => documents().DocumentApp;
  makers.ScriptProperties = () => properties().ScriptProperties;
  makers.UserProperties = () => properties().UserProperties;
  // ---- Advanced services ------------------------------------------------------------
  // Only where the project's manifest enables them, under the symbols it gives
  // (appsscript.json `dependencies.enabledAdvancedServices`; elsewhere `Sheets` is not
  // defined, as on the platform). A service the catalogue does not hold is an object
  // whose every property read is a gap naming it (`Gmail.Users`).
  const enabledAdvanced = global.__gas_advanced();
  delete global.__gas_advanced;
  for (const entry of enabledAdvanced === '' ? [] : enabledAdvanced.split(',')) {
    const at = entry.indexOf('=');
    const symbol = entry.slice(0, at);
    const qualified = entry.slice(at + 1);
    makers[symbol] = qualified[0] !== '!' ? () => advanced().service(qualified) : () => new Proxy({}, {
      get(target, key) {
        if (typeof key === 'symbol') return undefined;
        throw new Error(gap(symbol + '.' + key));
      },
    });
  }
  function build(name) {
    const value = makers[name]();
    kernel().finishClasses();
    return value;
  }
  // False where the global object cannot build lazily (`gas-sim api`'s run of the
  // prelude, which must see every class built): every global is built now.
  // A string in `gas-sim api SERVICE`'s run: the only globals to build (each keeps its
  // `build` otherwise, which nothing there reads).
  const lazy = global.__gas_lazy_globals(build);
  delete global.__gas_lazy_globals;
  const only = typeof lazy === 'string' ? lazy.split(',') : null;
  const madeNames = Object.keys(makers);
  for (let i = 0; i < madeNames.length; i++) {
    const name = madeNames[i];
    const now = lazy === false || (only !== null && only.indexOf(name) >= 0);
    Object.defineProperty(global, name, { value: now ? build(name) : build, writable: true, enumerable: false, configurable: true });
  }
  if (lazy !== true) kernel().buildEveryClass();
  // How gas-engine builds again the classes an execution built (prepared.rs).
  // (Before the kernel is loaded no class is registered, so there is none to build.)
  global.__gas_class_builder((names) => { if (hasOwn(chunks, 'kernel')) core.buildClasses(names); });
  delete global.__gas_class_builder;
