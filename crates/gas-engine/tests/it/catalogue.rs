//! The prelude built from the catalogue, seen from a script: members the platform lacks
//! are undefined, real methods gas-sim lacks throw naming them, every service global and
//! its enums exist, arguments are checked and converted against the catalogue's
//! overloads, and void methods give null.

use crate::support;

use gas_platform::catalogue::catalogue;
use serde_json::json;
use support::*;

#[test]
fn a_member_the_platform_lacks_is_undefined() {
    let got = eval(
        "function main() {
           var range = SpreadsheetApp.create('x').getSheets()[0].getRange('A1');
           return [typeof ScriptApp.isFake, typeof range.isFake, ScriptApp.isFake === undefined,
                   typeof DriveApp.isFake, 'isFake' in SpreadsheetApp];
         }",
    );
    assert_eq!(got, json!(["undefined", "undefined", true, "undefined", false]));
    assert_eq!(thrown("ScriptApp.isFake()"), "TypeError: ScriptApp.isFake is not a function");
}

#[test]
fn a_real_method_gas_sim_lacks_throws_naming_it_and_is_catchable() {
    let cases = [
        ("SpreadsheetApp.create('x').getSheets()[0].getRange('A1').getDataSourceTables()", "Range.getDataSourceTables"),
        ("DriveApp.createFile('a.txt', 'a').getThumbnail()", "File.getThumbnail"),
        (
            "DocumentApp.create('d').getBody().getHeadingAttributes(DocumentApp.ParagraphHeading.TITLE)",
            "Body.getHeadingAttributes",
        ),
        ("LanguageApp.translate('a', 'en', 'fr')", "LanguageApp.translate"),
        (
            "CalendarApp.getDefaultCalendar().createEventFromDescription('Lunch Friday 1pm')",
            "Calendar.createEventFromDescription",
        ),
        ("GmailApp.setCurrentMessageAccessToken('t')", "GmailApp.setCurrentMessageAccessToken"),
    ];
    for (snippet, name) in cases {
        assert_eq!(thrown(snippet), format!("Error: gas-sim does not implement {name}()"), "{snippet}");
    }
    assert_eq!(eval("function main() { return typeof SpreadsheetApp.getUi; }"), json!("function"));
}

#[test]
fn every_service_global_of_the_catalogue_exists_with_its_enums() {
    let names: Vec<&str> = catalogue().globals.iter().map(|g| g.name).collect();
    let list = serde_json::to_string(&names).unwrap();
    let got = eval(&format!(
        "function main() {{ return {list}.filter(function (n) {{ return typeof globalThis[n] !== 'object'; }}); }}"
    ));
    assert_eq!(got, json!([]), "globals missing");
    let got = eval(
        "function main() {
           return [SpreadsheetApp.BorderStyle.DOTTED, ContentService.MimeType.JSON, Utilities.RsaAlgorithm.RSA_SHA_256,
                   Charset.UTF_8, ScriptApp.WeekDay.MONDAY, CardService.TextButtonStyle.FILLED,
                   Object.keys(SpreadsheetApp.WrapStrategy).join()];
         }",
    );
    assert_eq!(got, json!(["DOTTED", "JSON", "RSA_SHA_256", "UTF_8", "MONDAY", "FILLED", "WRAP,OVERFLOW,CLIP"]));
}

#[test]
fn arguments_that_fit_no_overload_give_the_platform_error() {
    let sheet = "SpreadsheetApp.create('x').getSheets()[0]";
    assert_eq!(
        thrown(&format!("{sheet}.getRange(1, 1, 1, 1, 1)")),
        "Exception: The parameters (number,number,number,number,number) don't match the method signature for SpreadsheetApp.Sheet.getRange."
    );
    assert_eq!(
        thrown("CacheService.getScriptCache().put('k')"),
        "Exception: The parameters (String) don't match the method signature for CacheService.Cache.put."
    );
    assert_eq!(
        thrown(&format!("{sheet}.getRange('A1').getValues(2)")),
        "Exception: The parameters (number) don't match the method signature for SpreadsheetApp.Range.getValues."
    );
    assert_eq!(
        thrown("Utilities.sleep(true)"),
        "Exception: The parameters (Boolean) don't match the method signature for Utilities.sleep."
    );
    // Methods the prelude used to write by hand with no arguments (they now come from
    // the catalogue's return type) check what the script passes too.
    assert_eq!(
        thrown("SpreadsheetApp.create('x').getActiveSheet(5)"),
        "Exception: The parameters (number) don't match the method signature for SpreadsheetApp.Spreadsheet.getActiveSheet."
    );
    assert_eq!(
        thrown("GmailApp.createDraft('a@example.com', 's', 'b').getMessage('x')"),
        "Exception: The parameters (String) don't match the method signature for GmailApp.GmailDraft.getMessage."
    );
    assert_eq!(
        thrown("UrlFetchApp.fetch('https://api.example.com', {}, 3)"),
        "Exception: The parameters (String,Object,number) don't match the method signature for UrlFetchApp.fetch."
    );
    // Catchable, and e.message is the platform's text.
    let got =
        eval("function main() { try { LockService.getScriptLock().tryLock(null); } catch (e) { return e.message; } }");
    assert_eq!(got, json!("The parameters (null) don't match the method signature for LockService.Lock.tryLock."));
}

#[test]
fn arguments_convert_as_the_platform_converts_them() {
    let got = eval(
        "function main() {
           var cache = CacheService.getScriptCache();
           cache.put(7, 42);
           var props = PropertiesService.getScriptProperties();
           props.setProperty('flag', true);
           var sheet = SpreadsheetApp.create('x').getSheets()[0];
           var range = sheet.getRange('2', 1);
           return [cache.get('7'), typeof cache.get('7'), props.getProperty('flag'), range.getA1Notation()];
         }",
    );
    assert_eq!(got, json!(["42", "string", "true", "A2"]));
    // An object for a String body is its String(): a service object's as the prelude shows it.
    let world = new_world();
    eval_in(&world, "function main() { MailApp.sendEmail('a@example.com', 'hi', { n: 1 }); }");
    let sent = state(&world).mail.sent.clone();
    assert_eq!(sent.last().map(|m| m.mail.body.as_str()), Some("[object Object]"));
}

#[test]
fn void_methods_return_null() {
    let got = eval(
        "function main() {
           var cache = CacheService.getScriptCache();
           var lock = LockService.getScriptLock();
           lock.waitLock(10);
           var ss = SpreadsheetApp.create('x');
           return [cache.put('k', 'v'), cache.remove('k'), cache.putAll({ a: '1' }), cache.removeAll(['a']),
                   Utilities.sleep(1), lock.releaseLock(), SpreadsheetApp.flush(), ss.deleteSheet(ss.insertSheet('s'))];
         }",
    );
    assert_eq!(got, json!([null, null, null, null, null, null, null, null]));
    // Chain methods still return their object.
    let got = eval(
        "function main() { var p = PropertiesService.getScriptProperties(); return p.setProperty('a', 'b') === p; }",
    );
    assert_eq!(got, json!(true));
}

/// Tidy (in the style of rust-analyzer's `tidy.rs`): no binding and no prelude fragment
/// writes a platform error text; each is a named constant of gas-platform with its test
/// and source, and reaches JS through the catalogue's tables (`texts`). gas-sim's own
/// errors (`gas-sim: ...`, `gas-sim prelude: ...`) are not the platform's. JS's own
/// `TypeError`/`RangeError` texts (the language's, as V8 words them) are not checked here.
#[test]
fn no_binding_or_prelude_fragment_writes_a_platform_error_text() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for (dir, ext, opener) in [("bindings", "rs", "ServiceError::new("), ("js/prelude", "js", "new Error(")] {
        for path in files_under(&src.join(dir), ext) {
            let text = std::fs::read_to_string(&path).expect("a source file");
            for (line, literal) in literal_texts(&text, opener) {
                let shown = path.strip_prefix(&src).unwrap_or(&path).display();
                found.push(format!("src/{shown}:{line}: {literal}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "platform error texts belong in gas-platform as named constants (tested literally):\n{}",
        found.join("\n")
    );
}

fn files_under(dir: &std::path::Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The string literals opening the argument of `opener` (through `&` and `format!(`),
/// with their line, leaving out gas-sim's own texts and lines of comment.
fn literal_texts(text: &str, opener: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices(opener) {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if text[line_start..at].trim_start().starts_with("//") {
            continue;
        }
        let mut rest = text[at + opener.len()..].trim_start();
        rest = rest.strip_prefix('&').unwrap_or(rest);
        rest = rest.strip_prefix("format!(").unwrap_or(rest).trim_start();
        let Some(quote) = rest.chars().next().filter(|c| matches!(c, '"' | '\'')) else { continue };
        let body: String = rest[1..].chars().take_while(|c| *c != quote).collect();
        if !body.starts_with("gas-sim") {
            found.push((text[..at].matches('\n').count() + 1, body));
        }
    }
    found
}

#[test]
fn the_tidy_scan_finds_literals_and_leaves_constants() {
    let rust = "ServiceError::new(\"Invalid argument: x\")\nServiceError::new(&format!(\n \"Bad {y}\"))\n\
                ServiceError::new(TEXT)\nServiceError::new(\"gas-sim: ours\")\n// ServiceError::new(\"doc\")";
    assert_eq!(
        literal_texts(rust, "ServiceError::new("),
        [(1, String::from("Invalid argument: x")), (2, String::from("Bad {y}"))]
    );
    let js = "throw new Error('Object is not of type ' + k);\nthrow new Error(gap(name));";
    assert_eq!(literal_texts(js, "new Error("), [(1, "Object is not of type ".to_string())]);
}

/// The prelude names no field of a handle Rust made: its getters are declared reads
/// (`gas_engine::methods::Read`), so a snake_case read such as `this._h.num_rows` (the
/// serde names of Rust structs) is a finding. And each read's field is one Rust writes,
/// so renaming a struct's field fails here, not in a script at run time.
#[test]
fn the_prelude_reads_no_rust_field_and_every_declared_read_names_one() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for path in files_under(&root.join("src/js/prelude"), "js") {
        let text = std::fs::read_to_string(&path).expect("a prelude file");
        for (at, _) in text.match_indices("_h.") {
            let name: String = text[at + 3..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            // camelCase keys are the prelude's own objects' (builders, outputs, blobs).
            if name.contains('_') {
                found.push(format!("{}: _h.{name}", path.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    assert!(found.is_empty(), "the prelude reads Rust fields; declare them as reads instead:\n{}", found.join("\n"));

    let mut rust = String::new();
    for dir in [root.join("src"), root.join("../gas-platform/src")] {
        for path in files_under(&dir, "rs") {
            rust.push_str(&std::fs::read_to_string(path).expect("a source file"));
        }
    }
    let written = |field: &str| {
        [
            format!("pub {field}:"),
            format!(" {field}: "),
            format!("(\"{field}\".into()"),
            format!("rename = \"{field}\""),
        ]
        .iter()
        .any(|form| rust.contains(form))
    };
    let reads = gas_engine::methods::all_reads();
    assert!(reads.len() > 50, "the reads: {}", reads.len());
    let missing: Vec<String> = reads
        .iter()
        // A nested field's parts; a sum's fields (`row + num_rows - 1`).
        .flat_map(|read| {
            let fields = read.key.split(['.', ' ']).filter(|f| f.starts_with(|c: char| c.is_ascii_lowercase()));
            fields.map(move |f| (read.name, f))
        })
        .filter(|(_, field)| !written(field))
        .map(|(name, field)| format!("{name}: {field}"))
        .collect();
    assert!(missing.is_empty(), "declared reads of fields no Rust struct or handle has:\n{}", missing.join("\n"));
}
