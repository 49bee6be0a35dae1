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
    ContentService: content.ContentService, Logger: logging.Logger, console: logging.console,
  };
  for (const name of Object.keys(globals)) define(name, globals[name]);

  // ---- What gas-sim does not implement ------------------------------------------
  const absent = ['DriveApp', 'DocumentApp', 'FormApp', 'CalendarApp', 'SlidesApp', 'HtmlService',
    'XmlService', 'Charts', 'Maps', 'LanguageApp', 'ContactsApp', 'GroupsApp', 'CardService', 'DataStudioApp',
    'Browser', 'Jdbc', 'Drive', 'Sheets', 'Gmail', 'BigQuery', 'AdminDirectory'];
  for (const name of absent) define(name, service(name, {}));

