// gas-sim prelude: the Apps Script service objects a script sees.
//
// Every method here is a thin wrapper: it calls the one native entry point,
// __gas_call(method, handle, args), which goes through the gate (clock, faults, trace)
// into gas-platform, where every rule lives. This file only gives results their
// Apps Script shape (Sheet, Range, Lock objects ...). A property a script asks for
// that gas-sim does not implement throws "gas-sim does not implement X.y()" instead of
// giving undefined: every class's prototype chain ends in a Proxy that says so.
(function (global) {
  'use strict';
  const call = global.__gas_call;
  const emit = global.__gas_log;
  delete global.__gas_call;
  delete global.__gas_log;

  // A plain frozen object, not a Set: the realm snapshot (prepared.rs) accepts only
  // objects whose state is all in their properties.
  const PASS_THROUGH = Object.freeze(Object.assign(Object.create(null),
    { toJSON: true, then: true, constructor: true, inspect: true, length: true, prototype: true }));
  // The end of every class's prototype chain. One handler serves all classes: the class
  // name is on the proxy's target, under a symbol no script can name.
  const CLASS_NAME = Symbol('gas-sim class');
  const MISSING = {
    get(target, key, receiver) {
      if (typeof key !== 'string' || PASS_THROUGH[key] === true || key in target || key.startsWith('_')) {
        return Reflect.get(target, key, receiver);
      }
      const className = target[CLASS_NAME];
      return function () {
        throw new Error('gas-sim does not implement ' + className + '.' + key + '()');
      };
    },
  };
  const missing = (className) => new Proxy({ [CLASS_NAME]: className }, MISSING);
  // `methods` becomes the prototype itself: its properties are defined once, by the
  // object literal. (Copying them onto an object whose chain ends in the Proxy costs a
  // [[Set]] through the Proxy per method, the larger part of building a service.)
  function prototypeOf(className, methods) {
    Object.setPrototypeOf(methods, missing(className));
    if (!Object.prototype.hasOwnProperty.call(methods, 'toString')) {
      Object.defineProperty(methods, 'toString', { value: () => className, enumerable: false, writable: true });
    }
    return methods;
  }
  function service(className, methods) {
    return Object.create(prototypeOf(className, methods));
  }
  const NO_HANDLE = { value: null, writable: true, enumerable: false };
  function klass(className, methods) {
    function Ctor(handle) {
      this._h = handle;
    }
    Ctor.prototype = prototypeOf(className, methods);
    Object.defineProperty(Ctor.prototype, '_h', NO_HANDLE);
    return Ctor;
  }
  // Every method is spelled out as a method of an object literal rather than made by a
  // helper (`c('Range.getValues')`): plainer, and a literal method costs half of a closure
  // returned by a call. Rest parameters, not `arguments`: no arguments object per call.
  const hidden = (obj, name, value) =>
    Object.defineProperty(obj, name, { value, enumerable: false, writable: false });

  // Every service is built here, once per worker thread and project: the realm this
  // prelude ran in is snapshot afterwards and put back after every execution
  // (prepared.rs), so no execution pays for building them and none sees another's changes.
  const enumOf = (names) => Object.freeze(names.reduce((o, n) => ((o[n] = n), o), {}));

  // ---- SpreadsheetApp -----------------------------------------------------------
  const section0 = (() => {
    const TextFinder = klass('TextFinder', {
      matchCase(flag) { this._h.matchCase = flag !== false; return this; },
      matchEntireCell(flag) { this._h.matchEntireCell = flag !== false; return this; },
      findNext() {
        const h = call('TextFinder.findNext', this._h, []);
        if (h === null) return null;
        this._h.after = h;
        return new Range(h);
      },
      findAll() { return call('TextFinder.findAll', this._h, []).map((h) => new Range(h)); },
    });
    const textFinder = (method) => function (text) {
      return new TextFinder(call(method, this._h, [text]));
    };
    const Range = klass('Range', {
      getValues(...args) { return call('Range.getValues', this._h, args); },
      getValue(...args) { return call('Range.getValue', this._h, args); },
      getDisplayValues(...args) { return call('Range.getDisplayValues', this._h, args); },
      getDisplayValue(...args) { return call('Range.getDisplayValue', this._h, args); },
      setValues(...args) { call('Range.setValues', this._h, args); return this; },
      setValue(...args) { call('Range.setValue', this._h, args); return this; },
      clearContent(...args) { call('Range.clearContent', this._h, args); return this; },
      clear(...args) { call('Range.clear', this._h, args); return this; },
      getA1Notation(...args) { return call('Range.getA1Notation', this._h, args); },
      getRow() { return this._h.row; },
      getColumn() { return this._h.column; },
      getNumRows() { return this._h.num_rows; },
      getNumColumns() { return this._h.num_columns; },
      getLastRow() { return this._h.row + this._h.num_rows - 1; },
      getLastColumn() { return this._h.column + this._h.num_columns - 1; },
      getSheet() { return new Sheet(this._h.sheet); },
      createTextFinder: textFinder('Range.createTextFinder'),
    });
    const Sheet = klass('Sheet', {
      getName(...args) { return call('Sheet.getName', this._h, args); },
      setName(...args) { call('Sheet.setName', this._h, args); return this; },
      getSheetId(...args) { return call('Sheet.getSheetId', this._h, args); },
      getLastRow(...args) { return call('Sheet.getLastRow', this._h, args); },
      getLastColumn(...args) { return call('Sheet.getLastColumn', this._h, args); },
      getMaxRows(...args) { return call('Sheet.getMaxRows', this._h, args); },
      getMaxColumns(...args) { return call('Sheet.getMaxColumns', this._h, args); },
      getRange(...args) { const h = call('Sheet.getRange', this._h, args); return h === null ? null : new Range(h); },
      getDataRange(...args) { const h = call('Sheet.getDataRange', this._h, args); return h === null ? null : new Range(h); },
      appendRow(...args) { call('Sheet.appendRow', this._h, args); return this; },
      deleteRow(...args) { call('Sheet.deleteRow', this._h, args); return this; },
      deleteRows(...args) { call('Sheet.deleteRows', this._h, args); return this; },
      insertRowBefore(...args) { call('Sheet.insertRowBefore', this._h, args); return this; },
      insertRowAfter(...args) { call('Sheet.insertRowAfter', this._h, args); return this; },
      insertRowsBefore(...args) { call('Sheet.insertRowsBefore', this._h, args); return this; },
      clear(...args) { call('Sheet.clear', this._h, args); return this; },
      clearContents(...args) { call('Sheet.clearContents', this._h, args); return this; },
      getParent() { return new Spreadsheet(this._h.spreadsheet_id); },
      createTextFinder: textFinder('Sheet.createTextFinder'),
    });
    const Spreadsheet = klass('Spreadsheet', {
      getId(...args) { return call('Spreadsheet.getId', this._h, args); },
      getName(...args) { return call('Spreadsheet.getName', this._h, args); },
      getUrl(...args) { return call('Spreadsheet.getUrl', this._h, args); },
      getSpreadsheetTimeZone(...args) { return call('Spreadsheet.getSpreadsheetTimeZone', this._h, args); },
      getSheetByName(...args) { const h = call('Spreadsheet.getSheetByName', this._h, args); return h === null ? null : new Sheet(h); },
      getSheets(...args) { return call('Spreadsheet.getSheets', this._h, args).map((h) => new Sheet(h)); },
      insertSheet(...args) { const h = call('Spreadsheet.insertSheet', this._h, args); return h === null ? null : new Sheet(h); },
      deleteSheet(sheet) { call('Spreadsheet.deleteSheet', this._h, [sheet && sheet._h]); },
    });
    const SpreadsheetApp = service('SpreadsheetApp', {
      create(...args) { const h = call('SpreadsheetApp.create', this._h, args); return h === null ? null : new Spreadsheet(h); },
      openById(...args) { const h = call('SpreadsheetApp.openById', this._h, args); return h === null ? null : new Spreadsheet(h); },
      getActiveSpreadsheet(...args) { const h = call('SpreadsheetApp.getActiveSpreadsheet', this._h, args); return h === null ? null : new Spreadsheet(h); },
      getActive(...args) { const h = call('SpreadsheetApp.getActiveSpreadsheet', this._h, args); return h === null ? null : new Spreadsheet(h); },
      flush(...args) { return call('SpreadsheetApp.flush', this._h, args); },
    });
    return { Range, Sheet, Spreadsheet, TextFinder, textFinder, SpreadsheetApp  };
  })();

  // ---- LockService --------------------------------------------------------------
  const section1 = (() => {
    const Lock = klass('Lock', {
      waitLock(...args) { return call('Lock.waitLock', this._h, args); },
      tryLock(...args) { return call('Lock.tryLock', this._h, args); },
      hasLock(...args) { return call('Lock.hasLock', this._h, args); },
      releaseLock(...args) { return call('Lock.releaseLock', this._h, args); },
    });
    const LockService = service('LockService', {
      getScriptLock(...args) { const h = call('LockService.getScriptLock', this._h, args); return h === null ? null : new Lock(h); },
      getUserLock(...args) { const h = call('LockService.getUserLock', this._h, args); return h === null ? null : new Lock(h); },
      getDocumentLock(...args) { const h = call('LockService.getDocumentLock', this._h, args); return h === null ? null : new Lock(h); },
    });
    return { Lock, LockService  };
  })();

  // ---- CacheService -------------------------------------------------------------
  const section2 = (() => {
    const Cache = klass('Cache', {
      get(...args) { return call('Cache.get', this._h, args); },
      getAll(...args) { return call('Cache.getAll', this._h, args); },
      put(...args) { return call('Cache.put', this._h, args); },
      putAll(...args) { return call('Cache.putAll', this._h, args); },
      remove(...args) { return call('Cache.remove', this._h, args); },
      removeAll(...args) { return call('Cache.removeAll', this._h, args); },
    });
    const CacheService = service('CacheService', {
      getScriptCache(...args) { const h = call('CacheService.getScriptCache', this._h, args); return h === null ? null : new Cache(h); },
      getUserCache(...args) { const h = call('CacheService.getUserCache', this._h, args); return h === null ? null : new Cache(h); },
      getDocumentCache(...args) { const h = call('CacheService.getDocumentCache', this._h, args); return h === null ? null : new Cache(h); },
    });
    return { Cache, CacheService  };
  })();

  // ---- PropertiesService --------------------------------------------------------
  const section3 = (() => {
    const Properties = klass('Properties', {
      getProperty(...args) { return call('Properties.getProperty', this._h, args); },
      setProperty(...args) { call('Properties.setProperty', this._h, args); return this; },
      deleteProperty(...args) { call('Properties.deleteProperty', this._h, args); return this; },
      getProperties(...args) { return call('Properties.getProperties', this._h, args); },
      setProperties(...args) { call('Properties.setProperties', this._h, args); return this; },
      getKeys(...args) { return call('Properties.getKeys', this._h, args); },
      deleteAllProperties(...args) { call('Properties.deleteAllProperties', this._h, args); return this; },
    });
    const PropertiesService = service('PropertiesService', {
      getScriptProperties(...args) { const h = call('PropertiesService.getScriptProperties', this._h, args); return h === null ? null : new Properties(h); },
      getUserProperties(...args) { const h = call('PropertiesService.getUserProperties', this._h, args); return h === null ? null : new Properties(h); },
      getDocumentProperties(...args) { const h = call('PropertiesService.getDocumentProperties', this._h, args); return h === null ? null : new Properties(h); },
    });
    return { Properties, PropertiesService  };
  })();

  // ---- Mail ---------------------------------------------------------------------
  const section4 = (() => {
    const MailApp = service('MailApp', {
      sendEmail(...args) { return call('MailApp.sendEmail', this._h, args); },
      getRemainingDailyQuota(...args) { return call('MailApp.getRemainingDailyQuota', this._h, args); },
    });
    const GmailApp = service('GmailApp', {
      sendEmail(recipient, subject, body, options) {
        call('GmailApp.sendEmail', null, Array.prototype.slice.call(arguments));
        return GmailApp;
      },
    });
    return { MailApp, GmailApp  };
  })();

  // ---- Blob and UrlFetchApp -----------------------------------------------------
  const section5 = (() => {
    const Blob = klass('Blob', {
      getBytes() { return this._h.bytes.slice(); },
      getDataAsString(charset) { return call('Blob.getDataAsString', null, [this._h.bytes, charset]); },
      getContentType() { return this._h.contentType; },
      setContentType(type) { this._h.contentType = type; return this; },
      getName() { return this._h.name; },
      setName(name) { this._h.name = name; return this; },
      copyBlob() { return new Blob(Object.assign({}, this._h, { bytes: this._h.bytes.slice() })); },
      isGoogleType() { return false; },
    });
    const HTTPResponse = klass('HTTPResponse', {
      getResponseCode() { return this._h.status; },
      getContentText(charset) { return this._h.body; },
      getHeaders() { return Object.assign({}, this._h.headers); },
      getAllHeaders() { return Object.assign({}, this._h.headers); },
      getBlob() { return new Blob({ bytes: call('Utilities.newBlob', null, [this._h.body]).bytes, contentType: this._h.headers['Content-Type'] || null, name: null }); },
      getAs(type) { return this.getBlob().setContentType(type); },
    });
    const UrlFetchApp = service('UrlFetchApp', {
      fetch(url, params) { return new HTTPResponse(call('UrlFetchApp.fetch', null, [url, params || {}])); },
      fetchAll(requests) {
        return call('UrlFetchApp.fetchAll', null, [requests]).map((h) => new HTTPResponse(h));
      },
    });
    return { Blob, HTTPResponse, UrlFetchApp  };
  })();

  // ---- Utilities ----------------------------------------------------------------
  const section6 = (() => {
    const { Blob } = section5;
    const bytesOf = (data) => (data instanceof Blob ? data._h.bytes : data);
    const Utilities = service('Utilities', {
      sleep(...args) { return call('Utilities.sleep', this._h, args); },
      formatDate(...args) { return call('Utilities.formatDate', this._h, args); },
      parseDate(...args) { return call('Utilities.parseDate', this._h, args); },
      formatString(...args) { return call('Utilities.formatString', this._h, args); },
      getUuid(...args) { return call('Utilities.getUuid', this._h, args); },
      base64Encode(data, charset) { return call('Utilities.base64Encode', null, [bytesOf(data), charset]); },
      base64EncodeWebSafe(data, charset) { return call('Utilities.base64EncodeWebSafe', null, [bytesOf(data), charset]); },
      base64Decode(...args) { return call('Utilities.base64Decode', this._h, args); },
      base64DecodeWebSafe(...args) { return call('Utilities.base64DecodeWebSafe', this._h, args); },
      computeDigest(algorithm, value, charset) { return call('Utilities.computeDigest', null, [algorithm, bytesOf(value), charset]); },
      computeHmacSha256Signature(value, key, charset) {
        return call('Utilities.computeHmacSha256Signature', null, [bytesOf(value), bytesOf(key), charset]);
      },
      computeHmacSignature(algorithm, value, key, charset) {
        return call('Utilities.computeHmacSignature', null, [algorithm, bytesOf(value), bytesOf(key), charset]);
      },
      newBlob(data, contentType, name) {
        const h = call('Utilities.newBlob', null, [bytesOf(data)]);
        return new Blob({ bytes: h.bytes, contentType: contentType === undefined ? null : contentType, name: name === undefined ? null : name });
      },
    });
    hidden(Object.getPrototypeOf(Utilities), 'DigestAlgorithm', enumOf(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512']));
    hidden(Object.getPrototypeOf(Utilities), 'MacAlgorithm', enumOf(['HMAC_MD5', 'HMAC_SHA_1', 'HMAC_SHA_256', 'HMAC_SHA_384', 'HMAC_SHA_512']));
    hidden(Object.getPrototypeOf(Utilities), 'Charset', enumOf(['US_ASCII', 'UTF_8']));
    return { bytesOf, Utilities };
  })();

  // ---- Session ------------------------------------------------------------------
  const section7 = (() => {
    const User = klass('User', { getEmail() { return this._h; }, toString() { return this._h; } });
    const Session = service('Session', {
      getScriptTimeZone(...args) { return call('Session.getScriptTimeZone', this._h, args); },
      getActiveUser(...args) { const h = call('Session.getActiveUser', this._h, args); return h === null ? null : new User(h); },
      getEffectiveUser(...args) { const h = call('Session.getEffectiveUser', this._h, args); return h === null ? null : new User(h); },
      getActiveUserLocale() { return 'en'; },
    });
    return { User, Session  };
  })();

  // ---- ScriptApp and triggers ---------------------------------------------------
  const section8 = (() => {
    const Trigger = klass('Trigger', {
      getUniqueId() { return this._h.id; },
      getHandlerFunction() { return this._h.handler; },
      getEventType() { return 'CLOCK'; },
      getTriggerSource() { return 'CLOCK'; },
      getTriggerSourceId() { return null; },
    });
    // The builder only records what the script asked for, in the fields that
    // bindings::trigger_spec reads; the rules (allowed intervals, hours) are gas-platform's.
    const ClockTriggerBuilder = klass('ClockTriggerBuilder', {
      everyMinutes(n) { this._h.everyMinutes = n; return this; },
      everyHours(n) { this._h.everyHours = n; return this; },
      everyDays(n) { this._h.everyDays = n; return this; },
      everyWeeks(n) { this._h.everyWeeks = n; return this; },
      onWeekDay(day) { this._h.onWeekDay = day; return this; },
      atHour(h) { this._h.hour = h; return this; },
      nearMinute(m) { this._h.minute = m; return this; },
      at(date) { this._h.at = date; return this; },
      after(ms) { this._h.after = ms; return this; },
      atDate(year, month, day) {
        Object.assign(this._h, { atDateYear: year, atDateMonth: month, atDateDay: day });
        return this;
      },
      inTimezone(tz) { this._h.timeZone = tz; return this; },
      create() { return new Trigger(call('TriggerBuilder.create', this._h, [this._h.handler])); },
    });
    const TriggerBuilder = klass('TriggerBuilder', {
      timeBased() { return new ClockTriggerBuilder(this._h); },
    });
    const ScriptApp = service('ScriptApp', {
      newTrigger(handler) { return new TriggerBuilder({ handler: String(handler) }); },
      getProjectTriggers(...args) { return call('ScriptApp.getProjectTriggers', this._h, args).map((h) => new Trigger(h)); },
      deleteTrigger(trigger) { call('ScriptApp.deleteTrigger', null, [trigger && trigger._h && trigger._h.id]); },
      getScriptId(...args) { return call('ScriptApp.getScriptId', this._h, args); },
    });
    hidden(Object.getPrototypeOf(ScriptApp), 'WeekDay',
      Object.freeze({ MONDAY: 1, TUESDAY: 2, WEDNESDAY: 3, THURSDAY: 4, FRIDAY: 5, SATURDAY: 6, SUNDAY: 7 }));
    hidden(Object.getPrototypeOf(ScriptApp), 'EventType', enumOf(['CLOCK', 'ON_OPEN', 'ON_EDIT', 'ON_FORM_SUBMIT', 'ON_CHANGE']));
    hidden(Object.getPrototypeOf(ScriptApp), 'TriggerSource', enumOf(['CLOCK', 'SPREADSHEETS', 'FORMS', 'DOCUMENTS', 'CALENDAR']));
    hidden(Object.getPrototypeOf(ScriptApp), 'AuthMode', enumOf(['NONE', 'CUSTOM_FUNCTION', 'LIMITED', 'FULL']));
    return { Trigger, ClockTriggerBuilder, TriggerBuilder, ScriptApp  };
  })();

  // ---- ContentService (web-app responses) ---------------------------------------
  const section9 = (() => {
    const TextOutput = klass('TextOutput', {
      getContent() { return this._h.content; },
      setContent(text) { this._h.content = String(text); return this; },
      append(text) { this._h.content += String(text); return this; },
      getMimeType() { return this._h.mimeType; },
      setMimeType(type) { this._h.mimeType = type; return this; },
    });
    const ContentService = service('ContentService', {
      createTextOutput(content) { return new TextOutput({ content: content === undefined ? '' : String(content), mimeType: 'TEXT' }); },
    });
    hidden(Object.getPrototypeOf(ContentService), 'MimeType',
      enumOf(['ATOM', 'CSV', 'ICAL', 'JAVASCRIPT', 'JSON', 'RSS', 'TEXT', 'VCARD', 'XML']));
    return { TextOutput, ContentService  };
  })();

  // ---- Logger and console -------------------------------------------------------
  const section10 = (() => {
    const show = (v) => {
      if (typeof v === 'string') return v;
      if (v instanceof Error) return String(v);
      if (v instanceof Date) return v.toString();
      // A service object logs as the platform shows it (`Sheet`, a user's email), not as
      // its handle.
      if (v !== null && typeof v === 'object' && '_h' in v) return String(v);
      if (v !== null && typeof v === 'object') {
        try { return JSON.stringify(v); } catch (e) { return String(v); }
      }
      return String(v);
    };
    const Logger = service('Logger', {
      log(data) {
        let text = show(data);
        if (arguments.length > 1 && typeof data === 'string') {
          let i = 1;
          const rest = arguments;
          text = data.replace(/%s/g, () => (i < rest.length ? show(rest[i++]) : '%s'));
        }
        emit('info', text);
        return Logger;
      },
      clear() {},
    });
    const consoleAt = (level) => function () {
      emit(level, Array.prototype.map.call(arguments, show).join(' '));
    };
    const console = {
      log: consoleAt('info'), info: consoleAt('info'), warn: consoleAt('warning'),
      error: consoleAt('error'), debug: consoleAt('debug'),
    };
    return { show, Logger, consoleAt, console  };
  })();

  // ---- The globals ----------------------------------------------------------------
  // Plain data properties, as the platform's globals are: a script may replace them.
  function define(name, value) {
    Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true });
  }
  define('SpreadsheetApp', section0.SpreadsheetApp);
  define('LockService', section1.LockService);
  define('CacheService', section2.CacheService);
  define('PropertiesService', section3.PropertiesService);
  define('MailApp', section4.MailApp);
  define('GmailApp', section4.GmailApp);
  define('UrlFetchApp', section5.UrlFetchApp);
  define('Utilities', section6.Utilities);
  define('Session', section7.Session);
  define('ScriptApp', section8.ScriptApp);
  define('ContentService', section9.ContentService);
  define('Logger', section10.Logger);
  define('console', section10.console);

  // ---- What gas-sim does not implement ------------------------------------------
  const absent = ['DriveApp', 'DocumentApp', 'FormApp', 'CalendarApp', 'SlidesApp', 'HtmlService',
    'XmlService', 'Charts', 'Maps', 'LanguageApp', 'ContactsApp', 'GroupsApp', 'CardService', 'DataStudioApp',
    'Browser', 'Jdbc', 'Drive', 'Sheets', 'Gmail', 'BigQuery', 'AdminDirectory'];
  for (const name of absent) define(name, service(name, {}));
})(globalThis);
