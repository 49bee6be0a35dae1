  // ---- The globals ----------------------------------------------------------------
  // Plain data properties, as the platform's globals are: a script may replace them.
  function define(name, value) {
    Object.defineProperty(global, name, { value, writable: true, enumerable: false, configurable: true });
  }
  const globals = {
    SpreadsheetApp: sheets.SpreadsheetApp, LockService: locks.LockService,
    CacheService: caches.CacheService, PropertiesService: properties.PropertiesService,
    MailApp: mail.MailApp, GmailApp: gmail.GmailApp, UrlFetchApp: fetch.UrlFetchApp,
    Utilities: utilities.Utilities, Session: session.Session, ScriptApp: scriptApp.ScriptApp,
    ContentService: content.ContentService, HtmlService: html.HtmlService, Logger: logging.Logger, console: logging.console,
    DriveApp: drive.DriveApp, MimeType: drive.MimeType,
  };
  for (const name of Object.keys(globals)) define(name, globals[name]);

  // ---- Every other global of the catalogue ------------------------------------------
  // A service gas-sim does not implement is there, every method saying so by name; a
  // global that is an enum (`Charset`, `DigestAlgorithm`) is the enum.
  for (const name of Object.keys(catalogue.globals)) {
    if (hasOwn(globals, name)) continue;
    const qualified = catalogue.globals[name];
    define(name, hasOwn(catalogue.enums, qualified) ? catalogueEnum(qualified) : service(qualified, {}));
  }
  finishClasses();
  catalogue = null;
