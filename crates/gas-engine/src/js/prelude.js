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
  // Method makers: most methods only pass their arguments to the service and give the
  // result its Apps Script shape. Rest parameters, not `arguments`: no arguments object
  // per call. (The services are built once per worker thread, so how they are built
  // costs nothing per execution.)
  const c = (method) => function (...args) { return call(method, this._h, args); };
  const chain = (method) => function (...args) { call(method, this._h, args); return this; };
  const wrap = (Ctor, method) => function (...args) {
    const h = call(method, this._h, args);
    return h === null ? null : new Ctor(h);
  };
  const wrapAll = (Ctor, method) => function (...args) {
    return call(method, this._h, args).map((h) => new Ctor(h));
  };
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
      getValues: c('Range.getValues'),
      getValue: c('Range.getValue'),
      getDisplayValues: c('Range.getDisplayValues'),
      getDisplayValue: c('Range.getDisplayValue'),
      setValues: chain('Range.setValues'),
      setValue: chain('Range.setValue'),
      clearContent: chain('Range.clearContent'),
      clear: chain('Range.clear'),
      getA1Notation: c('Range.getA1Notation'),
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
      getName: c('Sheet.getName'),
      setName: chain('Sheet.setName'),
      getSheetId: c('Sheet.getSheetId'),
      getLastRow: c('Sheet.getLastRow'),
      getLastColumn: c('Sheet.getLastColumn'),
      getMaxRows: c('Sheet.getMaxRows'),
      getMaxColumns: c('Sheet.getMaxColumns'),
      getRange: wrap(Range, 'Sheet.getRange'),
      getDataRange: wrap(Range, 'Sheet.getDataRange'),
      appendRow: chain('Sheet.appendRow'),
      deleteRow: chain('Sheet.deleteRow'),
      deleteRows: chain('Sheet.deleteRows'),
      insertRowBefore: chain('Sheet.insertRowBefore'),
      insertRowAfter: chain('Sheet.insertRowAfter'),
      insertRowsBefore: chain('Sheet.insertRowsBefore'),
      insertRowsAfter: chain('Sheet.insertRowsAfter'),
      clear: chain('Sheet.clear'),
      clearContents: chain('Sheet.clearContents'),
      getParent() { return new Spreadsheet(this._h.spreadsheet_id); },
      createTextFinder: textFinder('Sheet.createTextFinder'),
    });
    const Spreadsheet = klass('Spreadsheet', {
      getId: c('Spreadsheet.getId'),
      getName: c('Spreadsheet.getName'),
      getUrl: c('Spreadsheet.getUrl'),
      getSpreadsheetTimeZone: c('Spreadsheet.getSpreadsheetTimeZone'),
      getSheetByName: wrap(Sheet, 'Spreadsheet.getSheetByName'),
      getSheets: wrapAll(Sheet, 'Spreadsheet.getSheets'),
      insertSheet: wrap(Sheet, 'Spreadsheet.insertSheet'),
      deleteSheet(sheet) { call('Spreadsheet.deleteSheet', this._h, [sheet && sheet._h]); },
    });
    const SpreadsheetApp = service('SpreadsheetApp', {
      create: wrap(Spreadsheet, 'SpreadsheetApp.create'),
      openById: wrap(Spreadsheet, 'SpreadsheetApp.openById'),
      getActiveSpreadsheet: wrap(Spreadsheet, 'SpreadsheetApp.getActiveSpreadsheet'),
      getActive: wrap(Spreadsheet, 'SpreadsheetApp.getActiveSpreadsheet'),
      flush: c('SpreadsheetApp.flush'),
    });
    return { Range, Sheet, Spreadsheet, TextFinder, textFinder, SpreadsheetApp  };
  })();

  // ---- LockService --------------------------------------------------------------
  const section1 = (() => {
    const Lock = klass('Lock', {
      waitLock: c('Lock.waitLock'),
      tryLock: c('Lock.tryLock'),
      hasLock: c('Lock.hasLock'),
      releaseLock: c('Lock.releaseLock'),
    });
    const LockService = service('LockService', {
      getScriptLock: wrap(Lock, 'LockService.getScriptLock'),
      getUserLock: wrap(Lock, 'LockService.getUserLock'),
      getDocumentLock: wrap(Lock, 'LockService.getDocumentLock'),
    });
    return { Lock, LockService  };
  })();

  // ---- CacheService -------------------------------------------------------------
  const section2 = (() => {
    const Cache = klass('Cache', {
      get: c('Cache.get'),
      getAll: c('Cache.getAll'),
      put: c('Cache.put'),
      putAll: c('Cache.putAll'),
      remove: c('Cache.remove'),
      removeAll: c('Cache.removeAll'),
    });
    const CacheService = service('CacheService', {
      getScriptCache: wrap(Cache, 'CacheService.getScriptCache'),
      getUserCache: wrap(Cache, 'CacheService.getUserCache'),
      getDocumentCache: wrap(Cache, 'CacheService.getDocumentCache'),
    });
    return { Cache, CacheService  };
  })();

  // ---- PropertiesService --------------------------------------------------------
  const section3 = (() => {
    const Properties = klass('Properties', {
      getProperty: c('Properties.getProperty'),
      setProperty: chain('Properties.setProperty'),
      deleteProperty: chain('Properties.deleteProperty'),
      getProperties: c('Properties.getProperties'),
      setProperties: chain('Properties.setProperties'),
      getKeys: c('Properties.getKeys'),
      deleteAllProperties: chain('Properties.deleteAllProperties'),
    });
    const PropertiesService = service('PropertiesService', {
      getScriptProperties: wrap(Properties, 'PropertiesService.getScriptProperties'),
      getUserProperties: wrap(Properties, 'PropertiesService.getUserProperties'),
      getDocumentProperties: wrap(Properties, 'PropertiesService.getDocumentProperties'),
    });
    return { Properties, PropertiesService  };
  })();

  // ---- Mail ---------------------------------------------------------------------
  const section4 = (() => {
    const MailApp = service('MailApp', {
      sendEmail: c('MailApp.sendEmail'),
      getRemainingDailyQuota: c('MailApp.getRemainingDailyQuota'),
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
      getBlob() { return new Blob({ bytes: call('HTTPResponse.getBlob', null, [this._h.body]).bytes, contentType: this._h.headers['Content-Type'] || null, name: null }); },
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
      sleep: c('Utilities.sleep'),
      formatDate: c('Utilities.formatDate'),
      parseDate: c('Utilities.parseDate'),
      formatString: c('Utilities.formatString'),
      getUuid: c('Utilities.getUuid'),
      base64Encode(data, charset) { return call('Utilities.base64Encode', null, [bytesOf(data), charset]); },
      base64EncodeWebSafe(data, charset) { return call('Utilities.base64EncodeWebSafe', null, [bytesOf(data), charset]); },
      base64Decode: c('Utilities.base64Decode'),
      base64DecodeWebSafe: c('Utilities.base64DecodeWebSafe'),
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
      getScriptTimeZone: c('Session.getScriptTimeZone'),
      getActiveUser: wrap(User, 'Session.getActiveUser'),
      getEffectiveUser: wrap(User, 'Session.getEffectiveUser'),
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
      getProjectTriggers: wrapAll(Trigger, 'ScriptApp.getProjectTriggers'),
      deleteTrigger(trigger) { call('ScriptApp.deleteTrigger', null, [trigger && trigger._h && trigger._h.id]); },
      getScriptId: c('ScriptApp.getScriptId'),
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
    // console's format specifiers, as V8's console does them: %s %d %i %f %o %O %c
    // and %%, only when the first argument is a string followed by others; the
    // arguments no specifier took are appended.
    const formatConsole = (args) => {
      const first = args[0];
      if (typeof first !== 'string' || args.length < 2) return Array.prototype.map.call(args, show).join(' ');
      let next = 1;
      let text = first.replace(/%([sdifoOc%])/g, (match, spec) => {
        if (spec === '%') return '%';
        if (next >= args.length) return match;
        const value = args[next++];
        const number = (n) => (Object.is(n, -0) ? '-0' : String(n));
        const symbol = typeof value === 'symbol';
        switch (spec) {
          case 'd': return symbol ? 'NaN' : typeof value === 'bigint' ? value + 'n' : number(Number(value));
          case 'i': return symbol ? 'NaN' : typeof value === 'bigint' ? value + 'n' : number(parseInt(value));
          case 'f': return symbol ? 'NaN' : number(parseFloat(value));
          case 'c': return '';
          case 's': return typeof value === 'number' ? number(value) : show(value);
          default: return show(value);
        }
      });
      for (; next < args.length; next++) text += ' ' + show(args[next]);
      return text;
    };
    const consoleAt = (level) => function () {
      emit(level, formatConsole(arguments));
    };
    const console = {
      log: consoleAt('info'), info: consoleAt('info'), warn: consoleAt('warning'),
      error: consoleAt('error'), debug: consoleAt('debug'),
    };
    return { show, Logger, consoleAt, console  };
  })();

  // ---- Error stacks ----------------------------------------------------------------
  // V8's `stack` starts with `Name: message`, and the platform's shows no frames of
  // its own services: gas-sim's prelude frames are left out the same way.
  (() => {
    const boaStack = Object.getOwnPropertyDescriptor(Error.prototype, 'stack');
    Object.defineProperty(Error.prototype, 'stack', {
      get() {
        const frames = boaStack.get.call(this);
        if (typeof frames !== 'string') return frames;
        let header;
        try { header = String(this); } catch (e) { header = 'Error'; }
        const kept = frames.split('\n').filter((line) => line !== '' && line.indexOf('(gas-sim:') < 0);
        const stack = [header].concat(kept).join('\n');
        // Fixed at the first read, as V8 fixes it once: a later change of `message` does
        // not show.
        try {
          Object.defineProperty(this, 'stack', { value: stack, writable: true, enumerable: false, configurable: true });
        } catch (e) { /* a frozen error keeps the accessor */ }
        return stack;
      },
      set: boaStack.set,
      enumerable: boaStack.enumerable,
      configurable: true,
    });
  })();

  // ---- Locale-sensitive builtins (en-US) ------------------------------------------
  // boa is built without Intl; the platform's V8 formats and collates for en-US. These
  // give V8's en-US results for the default forms. Other locales or options raise an
  // error that names what is missing, rather than return a plausible wrong string.
  (() => {
    const hidden = (object, name, fn) =>
      Object.defineProperty(object, name, { value: fn, writable: true, enumerable: false, configurable: true });
    const isEnglish = (locales) => {
      if (Array.isArray(locales) && locales.length === 0) return true; // the default locale
      const tag = Array.isArray(locales) && locales.length === 1 ? locales[0] : locales;
      return tag === undefined || tag === 'en' || tag === 'en-US';
    };
    const missing = (what) => {
      throw new Error('gas-sim does not implement ' + what + ' for other locales or with options (en-US, no options)');
    };
    const pad2 = (n) => (n < 10 ? '0' : '') + n;

    // Date: `7/5/2024, 11:04:05 PM` in the script's zone.
    const datePart = (d) => (d.getMonth() + 1) + '/' + d.getDate() + '/' + d.getFullYear();
    const timePart = (d) => {
      const hour = d.getHours();
      return (hour % 12 || 12) + ':' + pad2(d.getMinutes()) + ':' + pad2(d.getSeconds()) + ' ' + (hour < 12 ? 'AM' : 'PM');
    };
    const dateFormatter = (name, render) => function () {
      const time = Date.prototype.getTime.call(this); // a TypeError for a non-Date, as V8
      if (!isEnglish(arguments[0]) || arguments[1] !== undefined) missing('Date.prototype.' + name);
      return Number.isNaN(time) ? 'Invalid Date' : render(this);
    };
    hidden(Date.prototype, 'toLocaleString', dateFormatter('toLocaleString', (d) => datePart(d) + ', ' + timePart(d)));
    hidden(Date.prototype, 'toLocaleDateString', dateFormatter('toLocaleDateString', datePart));
    hidden(Date.prototype, 'toLocaleTimeString', dateFormatter('toLocaleTimeString', timePart));
    // V8 joins with a bare comma (the separator is the implementation's choice), and an
    // array met again inside itself gives '' (`inProgress` is emptied as calls return).
    const inProgress = [];
    hidden(Array.prototype, 'toLocaleString', function () {
      if (this === null || this === undefined) throw new TypeError('Array.prototype.toLocaleString called on null or undefined');
      const list = Object(this);
      if (inProgress.indexOf(list) >= 0) return '';
      inProgress.push(list);
      try {
        const length = Math.min(Math.max(Math.trunc(Number(list.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
        let text = '';
        for (let i = 0; i < length; i++) {
          if (i > 0) text += ',';
          const item = list[i];
          if (item !== null && item !== undefined) text += String(item.toLocaleString(...arguments));
        }
        return text;
      } finally {
        inProgress.pop();
      }
    });

    // Number: grouping commas, at most 3 fraction digits. ICU rounds the shortest
    // decimal form (String(x)) half away from zero: 0.0625 -> 0.063, 1.0005 -> 1.001.
    const roundedDecimal = (x) => {
      const [mantissa, exponentText] = String(x).split('e');
      const point = mantissa.indexOf('.');
      let digits = mantissa.replace('.', '');
      let pointAt = (point < 0 ? mantissa.length : point) + Number(exponentText || 0);
      if (pointAt < 0) { digits = '0'.repeat(-pointAt) + digits; pointAt = 0; }
      if (pointAt > digits.length) digits += '0'.repeat(pointAt - digits.length);
      let kept = digits.slice(0, pointAt + 3).split('').map(Number);
      if (digits.length > pointAt + 3 && Number(digits[pointAt + 3]) >= 5) {
        let i = kept.length - 1;
        while (i >= 0 && kept[i] === 9) kept[i--] = 0;
        if (i >= 0) kept[i] += 1; else { kept.unshift(1); pointAt += 1; }
      }
      const whole = kept.slice(0, pointAt).join('').replace(/^0+(?=\d)/, '') || '0';
      const fraction = kept.slice(pointAt).join('').replace(/0+$/, '');
      return [whole, fraction];
    };
    hidden(Number.prototype, 'toLocaleString', function () {
      const x = Number.prototype.valueOf.call(this);
      if (!isEnglish(arguments[0]) || arguments[1] !== undefined) missing('Number.prototype.toLocaleString');
      if (Number.isNaN(x)) return 'NaN';
      const sign = x < 0 || Object.is(x, -0) ? '-' : '';
      if (!Number.isFinite(x)) return sign + '∞';
      const [whole, fraction] = roundedDecimal(Math.abs(x));
      return sign + whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (fraction ? '.' + fraction : '');
    });

    hidden(BigInt.prototype, 'toLocaleString', function () {
      const text = String(BigInt.prototype.valueOf.call(this));
      if (!isEnglish(arguments[0]) || arguments[1] !== undefined) missing('BigInt.prototype.toLocaleString');
      return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    });

    // String.prototype.localeCompare: the root collation's three levels. Primary: the
    // base character (ASCII punctuation and symbols in ICU's order, then digits, then
    // letters case-blind, then other characters by code point); secondary: accents;
    // tertiary: lower case before upper case.
    const ASCII_ORDER = "\t\n\v\f\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz";
    const DIGIT_ZERO = ASCII_ORDER.indexOf('0');
    const LETTER_A = ASCII_ORDER.indexOf('a');
    const isMark = (code) => code >= 0x300 && code <= 0x36f;
    // Accents in the root collation's secondary order (acute before grave, ring before
    // diaeresis, ...); '=' joins accents that weigh the same. Read off Node 20's ICU.
    const MARK_ORDER = '34f 332 313=343 314 301=341 300=340 306 302 30c 30a 342 308 344 30b 303 307 338 327 328 304 30d=30e=312=315=31a=33d=33e=33f=346=34a=34b=34c=350=351=352=357=35b=35d=35e 316=317=318=319=31c=31d=31e=31f=320=329=32a=32b=32c=32f=333=33a=33b=33c=347=348=349=34d=34e=353=354=355=356=359=35a=35c=35f=362 336=337 335 305 309 30f 310 311 31b 321 322 323 324 325 326 32d 32e 330 331 334 339 345 358 360 361 363 368 369 364 36a 365 36b 366 36c 36d 367 36e 36f';
    const MARK_RANK = {};
    MARK_ORDER.split(' ').forEach((group, rank) => group.split('=').forEach((hex) => { MARK_RANK[parseInt(hex, 16)] = rank; }));
    const markWeight = (ch) => String.fromCharCode(0x100 + (MARK_RANK[ch.codePointAt(0)] ?? 0xe00 + ch.codePointAt(0) % 0x100));
    // Letters NFD leaves whole that the root collation sorts as a base letter with an
    // accent (ø as o), or as two letters (æ as ae, ß as ss).
    const FOLDED = {
      'ø': ['o', '\u0338'], 'đ': ['d', '\u0335'], 'ł': ['l', '\u0337'], 'ħ': ['h', '\u0335'],
      'æ': ['ae', '\u00e6'], 'œ': ['oe', '\u0153'], 'ß': ['ss', '\u00df'],
    };
    // Characters the collation ignores: soft hyphen, zero-width joiners and spaces, BOM.
    const IGNORABLE = '\u00ad\u034f\u200b\u200c\u200d\u200e\u200f\u2060\ufeff';
    const collationKey = (text, numeric) => {
      const primary = [], secondary = [], tertiary = [];
      const chars = Array.from(String(text).normalize('NFD'));
      for (let i = 0; i < chars.length; i++) {
        const ch = chars[i];
        const code = ch.codePointAt(0);
        if (isMark(code)) {
          // An accent weighs on the letter before it; one that starts the text, alone.
          if (secondary.length > 0) secondary[secondary.length - 1] += markWeight(ch);
          else secondary.push(markWeight(ch));
          continue;
        }
        if ((code < 32 && ASCII_ORDER.indexOf(ch) < 0) || IGNORABLE.indexOf(ch) >= 0) continue;
        const compatible = ch.normalize('NFKD');
        if (compatible !== ch && compatible.length > 0) {
          // A compatibility form (no-break space, fullwidth Ａ, ﬁ, ²) sorts as what it
          // stands for, a tertiary difference after it.
          const [p2, s2, t2] = collationKey(compatible, numeric);
          primary.push(...p2); secondary.push(...s2); tertiary.push(...t2.map((t) => t + 2));
          continue;
        }
        if (numeric && ch >= '0' && ch <= '9') {
          let run = ch;
          while (i + 1 < chars.length && chars[i + 1] >= '0' && chars[i + 1] <= '9') run += chars[++i];
          run = run.replace(/^0+(?=\d)/, '');
          primary.push(DIGIT_ZERO, run.length, ...Array.from(run, Number));
          secondary.push(''); tertiary.push(0);
          continue;
        }
        const lower = ch.toLowerCase();
        const upper = ch !== lower ? 1 : 0;
        const folded = FOLDED[lower];
        if (folded) {
          for (let k = 0; k < folded[0].length; k++) {
            primary.push(ASCII_ORDER.indexOf(folded[0][k]));
            secondary.push(k === 0 ? markWeight(folded[1]) : '');
            tertiary.push(upper);
          }
          continue;
        }
        const ascii = ASCII_ORDER.indexOf(lower);
        let weight;
        if (ascii >= 0 && lower.length === 1) weight = ascii;
        else if (/[\p{L}\p{N}]/u.test(ch)) weight = LETTER_A + 100 + lower.codePointAt(0);
        else weight = DIGIT_ZERO - 1 + code / 0x200000; // other symbols: after ASCII ones, before digits
        primary.push(weight);
        secondary.push('');
        tertiary.push(upper);
      }
      // The fourth list is the case alone (`sensitivity: 'case'` ignores compatibility forms).
      return [primary, secondary, tertiary, tertiary.map((t) => t & 1)];
    };
    const compareLists = (a, b) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
      }
      return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
    };
    const LEVELS = { base: [0], accent: [0, 1], case: [0, 3], variant: [0, 1, 2] };
    hidden(String.prototype, 'localeCompare', function (that) {
      if (this === null || this === undefined) throw new TypeError('String.prototype.localeCompare called on null or undefined');
      const options = arguments[2] === undefined ? {} : arguments[2];
      const known = ['sensitivity', 'numeric', 'usage'];
      if (!isEnglish(arguments[1]) || Object.keys(options).some((k) => known.indexOf(k) < 0) ||
          (options.usage !== undefined && options.usage !== 'sort')) {
        missing('String.prototype.localeCompare');
      }
      const levels = LEVELS[options.sensitivity === undefined ? 'variant' : options.sensitivity];
      if (!levels) throw new RangeError('Value ' + options.sensitivity + ' out of range for Intl.Collator options property sensitivity');
      const mine = collationKey(String(this), !!options.numeric);
      const theirs = collationKey(String(that), !!options.numeric);
      for (const level of levels) {
        const order = compareLists(mine[level], theirs[level]);
        if (order !== 0) return order;
      }
      return 0;
    });
  })();

  // ---- The globals ----------------------------------------------------------------
  // Plain data properties, as the platform's globals are: a script may replace them.
  function define(name, value) {
    Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true });
  }
  const globals = {
    SpreadsheetApp: section0.SpreadsheetApp, LockService: section1.LockService,
    CacheService: section2.CacheService, PropertiesService: section3.PropertiesService,
    MailApp: section4.MailApp, GmailApp: section4.GmailApp, UrlFetchApp: section5.UrlFetchApp,
    Utilities: section6.Utilities, Session: section7.Session, ScriptApp: section8.ScriptApp,
    ContentService: section9.ContentService, Logger: section10.Logger, console: section10.console,
  };
  for (const name of Object.keys(globals)) define(name, globals[name]);

  // ---- What gas-sim does not implement ------------------------------------------
  const absent = ['DriveApp', 'DocumentApp', 'FormApp', 'CalendarApp', 'SlidesApp', 'HtmlService',
    'XmlService', 'Charts', 'Maps', 'LanguageApp', 'ContactsApp', 'GroupsApp', 'CardService', 'DataStudioApp',
    'Browser', 'Jdbc', 'Drive', 'Sheets', 'Gmail', 'BigQuery', 'AdminDirectory'];
  for (const name of absent) define(name, service(name, {}));
})(globalThis);
