'use strict';
// Plain JavaScript fakes of the Apps Script services the bench fixtures use, for the Node
// comparison harness (harness.js). They are the kind of fakes a developer writes to run
// Apps Script code under Node: in-memory, no trace, no virtual clock, no latency.
//
// Split in two, like gas-sim's platform and engine:
//   createWorld(opts)             the services' STATE (spreadsheets, properties, cache,
//                                 lock, mail quota). Lives outside any vm context and
//                                 persists across executions, as gas-sim's world does.
//   createGlobals(world, realm)   fresh service OBJECTS for one execution, bound to the
//                                 world. `realm.Date` is the context's own Date, so that
//                                 dates a script reads from a sheet are `instanceof Date`
//                                 inside the context (gas-sim converts them the same way).

const CACHE_TTL_DEFAULT_S = 600;
const CACHE_TTL_MAX_S = 21600;
const CACHE_ITEMS_MAX = 1000;
const CACHE_VALUE_MAX = 102400;
const PROPERTY_VALUE_MAX = 9 * 1024;

/** @return {object} the persistent state of the fake services */
function createWorld(opts) {
  return {
    timeZone: opts.timeZone,
    user: 'user@example.com',
    nextSpreadsheet: 1,
    spreadsheets: new Map(),           // id -> { id, name, sheets: [{ id, name, rows }] }
    nextSheetId: 1,
    properties: { script: new Map(), user: new Map(), document: new Map() },
    caches: { script: new Map(), user: new Map(), document: new Map() }, // key -> { value, expires }
    locks: { script: null, user: null, document: null },                // holder execution id
    mailRemaining: 100,
    execution: 0,                      // id of the running execution (set by the harness)
  };
}

// ---- values -------------------------------------------------------------------------

/** A cell value as stored: Dates as { date: ms }, everything else as is. */
function toCell(v) {
  if (v === null || v === undefined) return '';
  if (v instanceof Date || Object.prototype.toString.call(v) === '[object Date]') return { date: v.getTime() };
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return String(v);
}

function fromCell(c, realm) {
  if (c === undefined) return '';
  if (c !== null && typeof c === 'object') return new realm.Date(c.date);
  return c;
}

// ---- Utilities.formatDate (a SimpleDateFormat subset on top of Intl) -----------------

const partsFormatters = new Map();
function zoneParts(ms, zone) {
  let f = partsFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short',
    });
    partsFormatters.set(zone, f);
  }
  const p = {};
  for (const part of f.formatToParts(new Date(ms))) p[part.type] = part.value;
  const y = Number(p.year), mo = Number(p.month), d = Number(p.day);
  const h = Number(p.hour), mi = Number(p.minute), s = Number(p.second);
  const offsetMin = Math.round((Date.UTC(y, mo - 1, d, h, mi, s) - (ms - (ms % 1000 + 1000) % 1000)) / 60000);
  return { y, mo, d, h, mi, s, ms: ((ms % 1000) + 1000) % 1000, weekday: p.weekday, offsetMin };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
  'September', 'October', 'November', 'December'];
const WEEKDAYS = { Sun: 'Sunday', Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday' };
const pad = (n, w) => String(n).padStart(w, '0');

function formatDate(date, zone, pattern) {
  const t = zoneParts(date.getTime(), zone);
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const ch = pattern[i];
    if (ch === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) { out += "'"; i += 2; continue; }
      out += pattern.slice(i + 1, end < 0 ? pattern.length : end);
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(ch)) { out += ch; i++; continue; }
    let n = 1;
    while (pattern[i + n] === ch) n++;
    i += n;
    switch (ch) {
      case 'y': out += n === 2 ? pad(t.y % 100, 2) : pad(t.y, n); break;
      case 'M': out += n >= 4 ? MONTHS[t.mo - 1] : n === 3 ? MONTHS[t.mo - 1].slice(0, 3) : pad(t.mo, n); break;
      case 'd': out += pad(t.d, n); break;
      case 'H': out += pad(t.h, n); break;
      case 'h': out += pad(t.h % 12 || 12, n); break;
      case 'm': out += pad(t.mi, n); break;
      case 's': out += pad(t.s, n); break;
      case 'S': out += pad(t.ms, 3).slice(0, Math.max(n, 3)); break;
      case 'a': out += t.h < 12 ? 'AM' : 'PM'; break;
      case 'E': out += n >= 4 ? WEEKDAYS[t.weekday] : t.weekday; break;
      case 'Z': case 'X': {
        const o = Math.abs(t.offsetMin);
        out += (ch === 'X' && o === 0) ? 'Z' : (t.offsetMin < 0 ? '-' : '+') + pad(Math.floor(o / 60), 2) + (ch === 'X' && n === 3 ? ':' : '') + pad(o % 60, 2);
        break;
      }
      default: throw new Error('Invalid argument: pattern');
    }
  }
  return out;
}

// ---- A1 notation --------------------------------------------------------------------

function parseA1(a1) {
  const m = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/i.exec(a1);
  if (!m) throw new Error('Range not found');
  const col = (s) => s.toUpperCase().split('').reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
  const r1 = Number(m[2]), c1 = col(m[1]);
  const r2 = m[3] ? Number(m[4]) : r1, c2 = m[3] ? col(m[3]) : c1;
  return [Math.min(r1, r2), Math.min(c1, c2), Math.abs(r2 - r1) + 1, Math.abs(c2 - c1) + 1];
}

// ---- one execution's service objects ------------------------------------------------

function createGlobals(world, realm, logs) {
  const log = (level, text) => { logs.push(level + ' ' + text); };
  const show = (v) => (typeof v === 'string' ? v : v !== null && typeof v === 'object' && !(v instanceof realm.Date) ? JSON.stringify(v) : String(v));

  // Sheets
  function lastRowOf(rows) {
    for (let r = rows.length - 1; r >= 0; r--) {
      const row = rows[r];
      if (row && row.some((c) => c !== '' && c !== undefined)) return r + 1;
    }
    return 0;
  }
  function lastColumnOf(rows) {
    let max = 0;
    for (const row of rows) {
      if (!row) continue;
      for (let c = row.length - 1; c >= max; c--) if (row[c] !== '' && row[c] !== undefined) { max = c + 1; break; }
    }
    return max;
  }

  class Range {
    constructor(sheet, row, column, numRows, numColumns) {
      if (numRows < 1) throw new Error('The number of rows in the range must be at least 1.');
      if (numColumns < 1) throw new Error('The number of columns in the range must be at least 1.');
      this._s = sheet; this._r = row; this._c = column; this._nr = numRows; this._nc = numColumns;
    }
    getRow() { return this._r; }
    getColumn() { return this._c; }
    getNumRows() { return this._nr; }
    getNumColumns() { return this._nc; }
    getLastRow() { return this._r + this._nr - 1; }
    getLastColumn() { return this._c + this._nc - 1; }
    getSheet() { return new Sheet(this._s); }
    getValues() {
      const out = [];
      for (let r = 0; r < this._nr; r++) {
        const row = this._s.rows[this._r - 1 + r] || [];
        const line = [];
        for (let c = 0; c < this._nc; c++) line.push(fromCell(row[this._c - 1 + c], realm));
        out.push(line);
      }
      return out;
    }
    getValue() { return this.getValues()[0][0]; }
    setValues(values) {
      if (values.length !== this._nr) {
        throw new Error('The number of rows in the data does not match the number of rows in the range. The data has ' + values.length + ' but the range has ' + this._nr + '.');
      }
      for (let r = 0; r < this._nr; r++) {
        if (values[r].length !== this._nc) {
          throw new Error('The number of columns in the data does not match the number of columns in the range. The data has ' + values[r].length + ' but the range has ' + this._nc + '.');
        }
        const idx = this._r - 1 + r;
        while (this._s.rows.length <= idx) this._s.rows.push([]);
        const row = this._s.rows[idx];
        for (let c = 0; c < this._nc; c++) row[this._c - 1 + c] = toCell(values[r][c]);
      }
      return this;
    }
    setValue(v) { return this.setValues([[v]]); }
    clearContent() {
      return this.setValues(Array.from({ length: this._nr }, () => new Array(this._nc).fill('')));
    }
    clear() { return this.clearContent(); }
    getA1Notation() {
      const col = (n) => { let s = ''; for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + (n - 1) % 26) + s; return s; };
      const a = col(this._c) + this._r;
      return this._nr === 1 && this._nc === 1 ? a : a + ':' + col(this.getLastColumn()) + this.getLastRow();
    }
  }

  class Sheet {
    constructor(state) { this._s = state; }
    getName() { return this._s.name; }
    setName(name) { this._s.name = String(name); return this; }
    getSheetId() { return this._s.id; }
    getLastRow() { return lastRowOf(this._s.rows); }
    getLastColumn() { return lastColumnOf(this._s.rows); }
    getMaxRows() { return Math.max(1000, this._s.rows.length); }
    getMaxColumns() { return Math.max(26, lastColumnOf(this._s.rows)); }
    getRange(row, column, numRows, numColumns) {
      if (typeof row === 'string') return new Range(this._s, ...parseA1(row));
      return new Range(this._s, row, column, numRows === undefined ? 1 : numRows, numColumns === undefined ? 1 : numColumns);
    }
    getDataRange() {
      return new Range(this._s, 1, 1, Math.max(1, this.getLastRow()), Math.max(1, this.getLastColumn()));
    }
    appendRow(values) {
      const at = lastRowOf(this._s.rows);
      this._s.rows.length = at;
      this._s.rows.push(values.map(toCell));
      return this;
    }
    deleteRow(row) { return this.deleteRows(row, 1); }
    deleteRows(row, howMany) {
      this._s.rows.splice(row - 1, howMany);
      return this;
    }
    insertRowBefore(row) { this._s.rows.splice(row - 1, 0, []); return this; }
    insertRowAfter(row) { this._s.rows.splice(row, 0, []); return this; }
    clear() { this._s.rows = []; return this; }
    clearContents() { return this.clear(); }
  }

  class Spreadsheet {
    constructor(state) { this._b = state; }
    getId() { return this._b.id; }
    getName() { return this._b.name; }
    getUrl() { return 'https://docs.google.com/spreadsheets/d/' + this._b.id + '/edit'; }
    getSpreadsheetTimeZone() { return world.timeZone; }
    getSheetByName(name) {
      const s = this._b.sheets.find((x) => x.name === name);
      return s ? new Sheet(s) : null;
    }
    getSheets() { return this._b.sheets.map((s) => new Sheet(s)); }
    insertSheet(name) {
      if (name === undefined) name = 'Sheet' + (this._b.sheets.length + 1);
      if (this._b.sheets.some((x) => x.name === name)) {
        throw new Error('A sheet with the name "' + name + '" already exists. Please enter another name.');
      }
      const s = { id: world.nextSheetId++, name: String(name), rows: [] };
      this._b.sheets.push(s);
      return new Sheet(s);
    }
    deleteSheet(sheet) { this._b.sheets = this._b.sheets.filter((s) => s !== sheet._s); }
  }

  const SpreadsheetApp = {
    create(name) {
      const id = 'ss-' + pad(world.nextSpreadsheet++, 4);
      const book = { id, name: String(name), sheets: [{ id: world.nextSheetId++, name: 'Sheet1', rows: [] }] };
      world.spreadsheets.set(id, book);
      return new Spreadsheet(book);
    },
    openById(id) {
      const book = world.spreadsheets.get(id);
      if (!book) throw new Error('Unexpected error while getting the method or property openById on object SpreadsheetApp.');
      return new Spreadsheet(book);
    },
    flush() {},
  };

  // Properties
  class Properties {
    constructor(store) { this._m = store; }
    getProperty(key) { const v = this._m.get(String(key)); return v === undefined ? null : v; }
    setProperty(key, value) {
      const v = String(value);
      if (v.length > PROPERTY_VALUE_MAX) throw new Error('Argument too large: value');
      this._m.set(String(key), v);
      return this;
    }
    deleteProperty(key) { this._m.delete(String(key)); return this; }
    getProperties() { return Object.fromEntries(this._m); }
    setProperties(obj) { for (const k of Object.keys(obj)) this.setProperty(k, obj[k]); return this; }
    getKeys() { return Array.from(this._m.keys()); }
    deleteAllProperties() { this._m.clear(); return this; }
  }
  const PropertiesService = {
    getScriptProperties: () => new Properties(world.properties.script),
    getUserProperties: () => new Properties(world.properties.user),
    getDocumentProperties: () => new Properties(world.properties.document),
  };

  // Cache (Map insertion order = age, for the oldest-first eviction)
  class Cache {
    constructor(store) { this._m = store; }
    get(key) {
      if (key === null || key === undefined || key === '') throw new Error('Invalid argument: key');
      const e = this._m.get(key);
      if (!e) return null;
      if (e.expires <= Date.now()) { this._m.delete(key); return null; }
      return e.value;
    }
    getAll(keys) {
      const out = {};
      for (const k of keys) { const v = this.get(k); if (v !== null) out[k] = v; }
      return out;
    }
    put(key, value, ttl) {
      if (key === null || key === undefined || key === '' || String(key).length > 250) throw new Error('Invalid argument: key');
      const v = String(value);
      if (v.length > CACHE_VALUE_MAX) throw new Error('Argument too large: value');
      const seconds = Math.min(ttl === undefined ? CACHE_TTL_DEFAULT_S : Number(ttl), CACHE_TTL_MAX_S);
      this._m.delete(key);
      this._m.set(key, { value: v, expires: Date.now() + seconds * 1000 });
      if (this._m.size > CACHE_ITEMS_MAX) {
        let drop = Math.ceil(CACHE_ITEMS_MAX / 10);
        for (const k of this._m.keys()) { if (drop-- <= 0) break; this._m.delete(k); }
      }
    }
    putAll(values, ttl) { for (const k of Object.keys(values)) this.put(k, values[k], ttl); }
    remove(key) { this._m.delete(key); }
    removeAll(keys) { for (const k of keys) this._m.delete(k); }
  }
  const CacheService = {
    getScriptCache: () => new Cache(world.caches.script),
    getUserCache: () => new Cache(world.caches.user),
    getDocumentCache: () => new Cache(world.caches.document),
  };

  // Locks: one execution at a time here, so a lock is free unless this execution holds it
  class Lock {
    constructor(kind) { this._k = kind; }
    tryLock(ms) {
      const holder = world.locks[this._k];
      if (holder !== null && holder !== world.execution) return false;
      world.locks[this._k] = world.execution;
      return true;
    }
    waitLock(ms) {
      if (!this.tryLock(ms)) throw new Error('Lock timeout: another process was holding the lock for too long.');
    }
    hasLock() { return world.locks[this._k] === world.execution; }
    releaseLock() { if (this.hasLock()) world.locks[this._k] = null; }
  }
  const LockService = {
    getScriptLock: () => new Lock('script'),
    getUserLock: () => new Lock('user'),
    getDocumentLock: () => new Lock('document'),
  };

  const MailApp = {
    getRemainingDailyQuota: () => world.mailRemaining,
    sendEmail() {
      if (world.mailRemaining <= 0) throw new Error('Service invoked too many times for one day: email.');
      world.mailRemaining--;
    },
  };

  const Utilities = {
    formatDate: (date, zone, pattern) => formatDate(date, zone, pattern),
    sleep() {},
    getUuid: () => require('crypto').randomUUID(),
  };

  const Session = {
    getScriptTimeZone: () => world.timeZone,
    getActiveUser: () => ({ getEmail: () => world.user }),
    getEffectiveUser: () => ({ getEmail: () => world.user }),
  };

  const Logger = {
    log(data, ...rest) {
      let text = show(data);
      if (rest.length && typeof data === 'string') {
        let i = 0;
        text = data.replace(/%s/g, () => (i < rest.length ? show(rest[i++]) : '%s'));
      }
      log('info', text);
      return Logger;
    },
    clear() {},
  };
  const at = (level) => (...args) => log(level, args.map(show).join(' '));
  const console = { log: at('info'), info: at('info'), warn: at('warning'), error: at('error'), debug: at('debug') };

  return { SpreadsheetApp, PropertiesService, CacheService, LockService, MailApp, Utilities, Session, Logger, console };
}

/** Releases what an execution still holds when it ends (the platform does this too). */
function endExecution(world) {
  for (const kind of Object.keys(world.locks)) if (world.locks[kind] === world.execution) world.locks[kind] = null;
}

module.exports = { createWorld, createGlobals, endExecution, formatDate };
