//! The catalogue of service methods gas-sim implements: each one's name as faults and
//! traces spell it (`Class.method`), its modelled latency, and the names of its
//! arguments (for fault selectors such as `args = { to = "*@example.com" }`).
//!
//! Latencies are modelled, not measured: round figures of the order Apps Script
//! developers see (a sheet read tens of ms, a mail send about a second). A scenario can
//! override any of them, or set `latency = "none"` to freeze the clock within an
//! execution as simple JS fakes do.

pub struct MethodInfo {
    pub name: &'static str,
    pub latency_ms: i64,
    pub params: &'static [&'static str],
}

const fn m(name: &'static str, latency_ms: i64, params: &'static [&'static str]) -> MethodInfo {
    MethodInfo { name, latency_ms, params }
}

/// Every service method a script can reach. Sorted by name (a test checks), so a lookup
/// is a binary search.
pub const METHODS: &[MethodInfo] = &[
    m("Blob.getAs", 0, &["contentType"]),
    m("Blob.getDataAsString", 0, &["charset"]),
    m("Blob.isGoogleType", 0, &[]),
    m("Blob.setBytes", 0, &["data"]),
    m("Blob.setContentTypeFromExtension", 0, &[]),
    m("Blob.setDataFromString", 0, &["string", "charset"]),
    m("Cache.get", 20, &["key"]),
    m("Cache.getAll", 25, &["keys"]),
    m("Cache.put", 30, &["key", "value", "expirationInSeconds"]),
    m("Cache.putAll", 40, &["values", "expirationInSeconds"]),
    m("Cache.remove", 20, &["key"]),
    m("Cache.removeAll", 30, &["keys"]),
    m("CacheService.getDocumentCache", 0, &[]),
    m("CacheService.getScriptCache", 0, &[]),
    m("CacheService.getUserCache", 0, &[]),
    m("GmailApp.createDraft", 400, &["recipient", "subject", "body"]),
    m("GmailApp.createLabel", 300, &["name"]),
    m("GmailApp.deleteLabel", 300, &["label"]),
    m("GmailApp.getDraft", 150, &["draftId"]),
    m("GmailApp.getDrafts", 200, &[]),
    m("GmailApp.getInboxThreads", 400, &["start", "max"]),
    m("GmailApp.getInboxUnreadCount", 200, &[]),
    m("GmailApp.getMessageById", 150, &["id"]),
    m("GmailApp.getThreadById", 150, &["id"]),
    m("GmailApp.getUserLabelByName", 150, &["name"]),
    m("GmailApp.getUserLabels", 150, &[]),
    m("GmailApp.search", 400, &["query", "start", "max"]),
    m("GmailApp.sendEmail", 900, &["recipient", "subject", "body"]),
    m("GmailDraft.deleteDraft", 300, &[]),
    m("GmailDraft.getMessage", 150, &[]),
    m("GmailDraft.send", 900, &[]),
    m("GmailDraft.update", 400, &["recipient", "subject", "body"]),
    m("GmailLabel.addToThread", 200, &["thread"]),
    m("GmailLabel.addToThreads", 300, &["threads"]),
    m("GmailLabel.deleteLabel", 300, &[]),
    m("GmailLabel.getThreads", 400, &["start", "max"]),
    m("GmailLabel.getUnreadCount", 200, &[]),
    m("GmailLabel.removeFromThread", 200, &["thread"]),
    m("GmailLabel.removeFromThreads", 300, &["threads"]),
    m("GmailMessage.forward", 900, &["recipient"]),
    m("GmailMessage.getAttachments", 200, &[]),
    m("GmailMessage.getThread", 150, &[]),
    m("GmailMessage.markRead", 150, &[]),
    m("GmailMessage.markUnread", 150, &[]),
    m("GmailMessage.moveToTrash", 200, &[]),
    m("GmailMessage.refresh", 150, &[]),
    m("GmailMessage.reply", 900, &["body"]),
    m("GmailMessage.replyAll", 900, &["body"]),
    m("GmailMessage.star", 150, &[]),
    m("GmailMessage.unstar", 150, &[]),
    m("GmailThread.addLabel", 200, &["label"]),
    m("GmailThread.getLabels", 150, &[]),
    m("GmailThread.getMessages", 200, &[]),
    m("GmailThread.markRead", 150, &[]),
    m("GmailThread.markUnread", 150, &[]),
    m("GmailThread.moveToArchive", 200, &[]),
    m("GmailThread.moveToInbox", 200, &[]),
    m("GmailThread.moveToTrash", 200, &[]),
    m("GmailThread.refresh", 150, &[]),
    m("GmailThread.removeLabel", 200, &["label"]),
    m("GmailThread.reply", 900, &["body"]),
    m("GmailThread.replyAll", 900, &["body"]),
    m("HTTPResponse.getBlob", 0, &[]),
    m("HtmlOutput.appendUntrusted", 0, &["addedContent"]),
    m("HtmlService.createHtmlOutputFromFile", 0, &["filename"]),
    m("HtmlService.createTemplate", 0, &["html"]),
    m("HtmlService.createTemplateFromFile", 0, &["filename"]),
    m("HtmlTemplate.evaluate", 0, &[]),
    m("Lock.hasLock", 0, &[]),
    m("Lock.releaseLock", 20, &[]),
    m("Lock.tryLock", 20, &["timeoutInMillis"]),
    m("Lock.waitLock", 20, &["timeoutInMillis"]),
    m("LockService.getDocumentLock", 0, &[]),
    m("LockService.getScriptLock", 0, &[]),
    m("LockService.getUserLock", 0, &[]),
    m("MailApp.getRemainingDailyQuota", 30, &[]),
    m("MailApp.sendEmail", 800, &["recipient", "subject", "body"]),
    m("Menu.addToUi", 50, &[]),
    m("Properties.deleteAllProperties", 50, &[]),
    m("Properties.deleteProperty", 40, &["key"]),
    m("Properties.getKeys", 30, &[]),
    m("Properties.getProperties", 30, &[]),
    m("Properties.getProperty", 30, &["key"]),
    m("Properties.setProperties", 50, &["properties", "deleteAllOthers"]),
    m("Properties.setProperty", 40, &["key", "value"]),
    m("PropertiesService.getDocumentProperties", 0, &[]),
    m("PropertiesService.getScriptProperties", 0, &[]),
    m("PropertiesService.getUserProperties", 0, &[]),
    m("Range.activate", 50, &[]),
    m("Range.clear", 60, &[]),
    m("Range.clearContent", 60, &[]),
    m("Range.createTextFinder", 0, &["findText"]),
    m("Range.getA1Notation", 0, &[]),
    m("Range.getDisplayValue", 60, &[]),
    m("Range.getDisplayValues", 80, &[]),
    m("Range.getFormula", 50, &[]),
    m("Range.getFormulaR1C1", 50, &[]),
    m("Range.getFormulas", 80, &[]),
    m("Range.getFormulasR1C1", 80, &[]),
    m("Range.getValue", 50, &[]),
    m("Range.getValues", 80, &[]),
    m("Range.setFormula", 80, &["formula"]),
    m("Range.setFormulaR1C1", 80, &["formula"]),
    m("Range.setFormulas", 120, &["formulas"]),
    m("Range.setFormulasR1C1", 120, &["formulas"]),
    m("Range.setValue", 80, &["value"]),
    m("Range.setValues", 120, &["values"]),
    m("ScriptApp.deleteTrigger", 200, &["trigger"]),
    m("ScriptApp.getOAuthToken", 0, &[]),
    m("ScriptApp.getProjectTriggers", 100, &[]),
    m("ScriptApp.getScriptId", 0, &[]),
    m("ScriptApp.getService", 0, &[]),
    m("ScriptApp.invalidateAuth", 50, &[]),
    m("Service.getUrl", 0, &[]),
    m("Service.isEnabled", 0, &[]),
    m("Session.getActiveUser", 0, &[]),
    m("Session.getActiveUserLocale", 0, &[]),
    m("Session.getEffectiveUser", 0, &[]),
    m("Session.getScriptTimeZone", 0, &[]),
    m("Session.getTemporaryActiveUserKey", 0, &[]),
    m("Sheet.activate", 50, &[]),
    m("Sheet.appendRow", 150, &["rowContents"]),
    m("Sheet.clear", 80, &[]),
    m("Sheet.clearContents", 80, &[]),
    m("Sheet.createTextFinder", 0, &["findText"]),
    m("Sheet.deleteRow", 120, &["rowPosition"]),
    m("Sheet.deleteRows", 120, &["rowPosition", "howMany"]),
    m("Sheet.getDataRange", 40, &[]),
    m("Sheet.getLastColumn", 40, &[]),
    m("Sheet.getLastRow", 40, &[]),
    m("Sheet.getMaxColumns", 20, &[]),
    m("Sheet.getMaxRows", 20, &[]),
    m("Sheet.getName", 0, &[]),
    m("Sheet.getRange", 10, &["a1Notation"]),
    m("Sheet.getSheetId", 0, &[]),
    m("Sheet.insertRowAfter", 120, &["afterPosition"]),
    m("Sheet.insertRowBefore", 120, &["beforePosition"]),
    m("Sheet.insertRowsAfter", 120, &["afterPosition", "howMany"]),
    m("Sheet.insertRowsBefore", 120, &["beforePosition", "howMany"]),
    m("Sheet.setName", 80, &["name"]),
    m("Spreadsheet.deleteSheet", 150, &["sheet"]),
    m("Spreadsheet.getActiveCell", 30, &[]),
    m("Spreadsheet.getActiveRange", 30, &[]),
    m("Spreadsheet.getActiveSheet", 30, &[]),
    m("Spreadsheet.getCurrentCell", 30, &[]),
    m("Spreadsheet.getId", 0, &[]),
    m("Spreadsheet.getName", 0, &[]),
    m("Spreadsheet.getSheetByName", 30, &["name"]),
    m("Spreadsheet.getSheets", 30, &[]),
    m("Spreadsheet.getSpreadsheetTimeZone", 20, &[]),
    m("Spreadsheet.getUrl", 0, &[]),
    m("Spreadsheet.insertSheet", 200, &["sheetName"]),
    m("Spreadsheet.setActiveRange", 50, &["range"]),
    m("Spreadsheet.setActiveSheet", 50, &["sheet"]),
    m("SpreadsheetApp.create", 1500, &["name"]),
    m("SpreadsheetApp.flush", 50, &[]),
    m("SpreadsheetApp.getActiveRange", 30, &[]),
    m("SpreadsheetApp.getActiveSheet", 30, &[]),
    m("SpreadsheetApp.getActiveSpreadsheet", 100, &[]),
    m("SpreadsheetApp.getCurrentCell", 30, &[]),
    m("SpreadsheetApp.getUi", 0, &[]),
    m("SpreadsheetApp.openById", 150, &["id"]),
    m("SpreadsheetApp.setActiveRange", 50, &["range"]),
    m("SpreadsheetApp.setActiveSheet", 50, &["sheet"]),
    m("TextFinder.findAll", 60, &[]),
    m("TextFinder.findNext", 40, &[]),
    m("TextOutput.setMimeType", 0, &["mimeType"]),
    m("TriggerBuilder.create", 300, &["handler"]),
    m("Ui.alert", 3000, &["prompt"]),
    m("Ui.prompt", 5000, &["prompt"]),
    m("UrlFetchApp.fetch", 300, &["url", "method"]),
    m("UrlFetchApp.fetchAll", 300, &["urls"]),
    m("Utilities.base64Decode", 0, &["encoded"]),
    m("Utilities.base64DecodeWebSafe", 0, &["encoded"]),
    m("Utilities.base64Encode", 0, &["data"]),
    m("Utilities.base64EncodeWebSafe", 0, &["data"]),
    m("Utilities.computeDigest", 0, &["algorithm", "value"]),
    m("Utilities.computeHmacSha256Signature", 0, &["value", "key"]),
    m("Utilities.computeHmacSignature", 0, &["algorithm", "value", "key"]),
    m("Utilities.formatDate", 0, &["date", "timeZone", "format"]),
    m("Utilities.formatString", 0, &["template"]),
    m("Utilities.getUuid", 0, &[]),
    // Compression is work on the platform's side: a few ms (assumed, like every latency).
    m("Utilities.gzip", 5, &["blob", "name"]),
    m("Utilities.newBlob", 0, &["data", "contentType", "name"]),
    m("Utilities.parseCsv", 0, &["csv", "delimiter"]),
    m("Utilities.parseDate", 0, &["date", "timeZone", "format"]),
    m("Utilities.sleep", 0, &["milliseconds"]),
    m("Utilities.ungzip", 5, &["blob"]),
    m("Utilities.unzip", 5, &["blob"]),
    m("Utilities.zip", 5, &["blobs", "name"]),
];

/// Every call to a Google service takes at least a millisecond of the platform's real
/// time, so no execution makes more than this many within its 6 minutes. It is what
/// stops a loop on calls that take no virtual time (`latency = "none"`, or a 0 ms method
/// such as `Sheet.getName`), which the 6-minute kill never reaches. Assumed.
pub const SERVICE_CALLS_PER_EXECUTION_MAX: u64 = 6 * 60 * 1000;

/// Methods the platform runs in the script's own process, without a round trip to a
/// Google service (formatting, digests, blobs, the session's zone): they do not count
/// toward [`SERVICE_CALLS_PER_EXECUTION_MAX`].
pub fn runs_in_process(name: &str) -> bool {
    // HtmlService and ContentService build their outputs in the script's process too.
    ["Utilities.", "Blob.", "HTTPResponse.", "Session.", "Html", "TextOutput."]
        .iter()
        .any(|service| name.starts_with(service))
}

/// The longest latency a scenario may give a method: a day. Past the 6-minute kill any
/// latency ends the execution the same way; the bound keeps the clock far from i64.
pub const LATENCY_MS_MAX: i64 = crate::time::MS_PER_DAY;

/// A latency override, checked: 0 ms to [`LATENCY_MS_MAX`].
pub fn check_latency_ms(ms: i64) -> Result<i64, String> {
    if (0..=LATENCY_MS_MAX).contains(&ms) {
        Ok(ms)
    } else {
        Err(format!("{ms} ms: a latency is 0 to {LATENCY_MS_MAX} ms (a day; past 6 minutes the execution is killed)"))
    }
}

pub fn method(name: &str) -> Option<&'static MethodInfo> {
    METHODS.binary_search_by(|m| m.name.cmp(name)).ok().map(|i| &METHODS[i])
}

/// A clear error for a fault or latency override that names a method gas-sim does not
/// know, with the closest known names.
pub fn unknown_method_message(name: &str) -> String {
    let service = name.split('.').next().unwrap_or(name);
    let same_service: Vec<&str> =
        METHODS.iter().filter(|m| m.name.starts_with(&format!("{service}."))).map(|m| m.name).collect();
    if same_service.is_empty() {
        format!("unknown service method {name:?}: write Service.method, e.g. \"UrlFetchApp.fetch\" or \"MailApp.sendEmail\"")
    } else {
        format!("unknown service method {name:?}: {service} has {}", same_service.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_process_methods_do_not_count_toward_the_call_cap() {
        assert!(runs_in_process("Utilities.formatDate") && runs_in_process("Session.getScriptTimeZone"));
        assert!(!runs_in_process("Cache.get") && !runs_in_process("Sheet.getName"));
    }

    #[test]
    fn catalogue_is_sorted_and_unique() {
        for pair in METHODS.windows(2) {
            assert!(pair[0].name < pair[1].name, "{} must sort before {}", pair[0].name, pair[1].name);
        }
    }

    #[test]
    fn latencies_are_bounded() {
        assert_eq!(check_latency_ms(0), Ok(0));
        assert_eq!(check_latency_ms(LATENCY_MS_MAX), Ok(LATENCY_MS_MAX));
        assert!(check_latency_ms(-1).unwrap_err().contains("0 to 86400000 ms"));
        assert!(check_latency_ms(i64::MAX).is_err());
    }

    #[test]
    fn lookup_and_unknown_names() {
        assert_eq!(method("MailApp.sendEmail").unwrap().params[0], "recipient");
        assert!(method("MailApp.sendMail").is_none());
        assert!(unknown_method_message("MailApp.sendMail").contains("MailApp.sendEmail"));
        assert!(unknown_method_message("Foo.bar").contains("Service.method"));
    }
}
