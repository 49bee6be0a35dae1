//! The docs quote the platform's texts (`Invalid argument: key`, `Lock timeout: ...`) in their
//! fidelity tables; gas-platform holds every platform text gas-sim produces, once (the tidy
//! test in gas-engine's `catalogue.rs` keeps the bindings from writing one). This test keeps
//! the two the same: every message text a table quotes is in gas-platform's string literals
//! (its constants, `format!` templates and the unit tests that assert the composed texts),
//! or has a row in `ELSEWHERE` saying where it lives (checked there) or why it is not ours.

use std::collections::BTreeMap;
use std::path::Path;

use regex::Regex;

/// The docs whose tables quote the platform's texts; only table rows are read.
const DOCS: [&str; 4] = ["docs/fidelity.md", "docs/surface.md", "docs/xml.md", "docs/forms.md"];

/// Message texts that start with a lower-case word, which `is_message_text` takes for code.
const LOWER_CASE_MESSAGES: &[&str] = &[
    "agent cannot be suspended",
    "duplicate entry: NAME",
    " … [gas-sim: line cut at 262144 bytes]",
    "formula function NAME",
    "iterative calculation (circular formulas read #REF!)",
    "cannot start a worker thread",
    "exec maxSimultaneous",
    "exec qps",
    "\"<!DOCTYPE \"... is not valid JSON",
];

/// Message texts gas-platform does not hold: (text as quoted, the folder it lives in, why).
/// With a folder, the text is checked in that folder's literals; "" is a text this test cannot
/// find as written (composed at run time, or not gas-sim's).
const ELSEWHERE: &[(&str, &str, &str)] = &[
    // The engine's texts: a killed execution, the language's errors, gas-sim's own.
    ("SyntaxError: Identifier 'x' has already been declared", ENGINE, "a global declared twice (compiled.rs)"),
    ("Error: Not supported", ENGINE, "dynamic import (`sandbox::DYNAMIC_IMPORT_MESSAGE`)"),
    ("gas-sim: an array of N elements is longer than gas-sim passes to a service (10000000)", ENGINE, "value.rs"),
    ("gas-sim: N log lines not kept ...", "crates/gas-scenario/src", "the report's note (report.rs)"),
    ("cannot start a worker thread", "crates/gas-scenario/src", "the worker pool's error (run/workers.rs)"),
    ("RangeError: Maximum call stack size exceeded", BOA, "V8's text (boa patch 0004)"),
    ("RangeError: Invalid array length", BOA, "V8's text (boa patch 0014)"),
    ("Assignment to constant variable.", BOA, "V8's text (boa patch 0034)"),
    ("agent cannot be suspended", BOA, "boa's Atomics.wait"),
    ("Unexpected token '<', \"<html>\" is not valid JSON", BOA, V8_JSON),
    ("\"<!DOCTYPE \"... is not valid JSON", BOA, V8_JSON),
    ("Unexpected end of JSON input", BOA, V8_JSON),
    ("Unexpected non-whitespace character after JSON at position 4", BOA, V8_JSON),
    ("Expected ',' or ']' after array element ...", BOA, V8_JSON),
    ("Bad control character in string literal ...", BOA, V8_JSON),
    // Composed at run time from parts this test does not join.
    ("Expected property name or '}' in JSON at position 1", "", "boa's v8_syntax.rs adds the position"),
    ("Cannot read properties of null (reading 'x')", "", "V8's, composed by boa patch 0012 (gas-engine's v8_texts.rs)"),
    ("Cannot set properties of undefined (setting 'y')", "", "V8's, composed by boa patch 0012"),
    ("TypeError: X.y is not a function", "", "V8's, composed by boa patch 0012"),
    (
        "TypeError: Cannot read properties of null (reading 'closure_lm_NNNNNN')",
        "",
        "the page's, composed in serve's client.js from webapp::script_run::FILE_INPUT_FAILURE_PREFIX and a random number",
    ),
    ("gas-sim does not implement Sheet.getCharts()", "", UNIMPLEMENTED),
    ("gas-sim does not implement Class.method()", "", UNIMPLEMENTED),
    ("gas-sim does not implement Blob.getAs() from X to Y", "", UNIMPLEMENTED),
    ("gas-sim does not implement CopyPasteType.X in Range.copyTo()", "", UNIMPLEMENTED),
    ("gas-sim does not implement TextFinder.replaceWith (in a formula cell)()", "", UNIMPLEMENTED),
    ("The parameters (T1,T2) don't match the method signature for Service.Class.method.", "", SIGNATURE),
    ("The parameters (String,String) don't match the method signature for Ui.alert.", "", SIGNATURE),
    ("Invalid argument: direction", "", "`invalid_argument` with the binding's parameter name"),
    ("Invalid argument: position", "", "`invalid_argument` with the binding's parameter name"),
    ("ReferenceError: Sheets is not defined", "", "boa's text for a global no manifest defined"),
    ("gas-sim does not implement Gmail.Users()", "", UNIMPLEMENTED),
    ("gas-sim does not implement Spreadsheets.batchUpdate() with the addChart request", "", UNIMPLEMENTED),
    (
        "API call to sheets.spreadsheets.values.get failed with error: <the API's message>",
        "",
        "sheets/ops/api_v4.rs `api_error`: the call's name and the API's message joined",
    ),
    ("Copy of NAME 2", "", "sheets/ops/objects.rs `copy_name`: `Copy of NAME`, a space, a number"),
    ("Name: message (line N, file \"Code\")", "", "webapp/response.rs: the error, then its line and file"),
    // Not gas-sim's texts: shapes, examples, other engines' words.
    ("Name: message", "", "the shape of an error's text: its name and message"),
    ("Exception: No HTML file named index was found. (line 23, file \"Code\")", "", "a user's report: the source"),
    ("Week 2", "", "a person's cell text in an example"),
    ("Cannot use import statement outside a module", "", "V8's text, quoted for comparison: gas-sim gives boa's"),
    ("exec qps", "", "the variant users report for another limit, not produced"),
];
const PLATFORM: &str = "crates/gas-platform/src";
const ENGINE: &str = "crates/gas-engine/src";
const BOA: &str = "vendor/boa_engine/src";
const V8_JSON: &str = "V8's JSON.parse texts (boa patch 0018)";
const UNIMPLEMENTED: &str = "`ServiceError::unimplemented`: its prefix, a name, `()`";
const SIGNATURE: &str = "error.rs `signature_error`: the argument types, the method";

#[test]
fn every_platform_text_the_docs_quote_is_one_the_code_writes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let quoted = Regex::new("`([^`]+)`").unwrap();
    let mut literals: BTreeMap<&str, String> = BTreeMap::new();
    let (mut problems, mut checked, mut seen) = (Vec::new(), 0, Vec::new());
    for doc in DOCS {
        let text = std::fs::read_to_string(root.join(doc)).expect("a doc");
        for (line, row) in text.lines().enumerate().filter(|(_, row)| row.starts_with('|')) {
            let rule = row.split('|').nth(1).unwrap_or("").trim();
            for span in quoted.captures_iter(row).map(|c| c.get(1).unwrap().as_str()).filter(|s| is_message_text(s)) {
                seen.push(span.to_string());
                let home = ELSEWHERE.iter().find(|(text, ..)| *text == span).map_or(PLATFORM, |(_, home, _)| home);
                if home.is_empty() {
                    continue;
                }
                checked += 1;
                let found = literals.entry(home).or_insert_with(|| literals_under(&root.join(home)));
                if !template(span).is_match(found) {
                    problems.push(format!("{doc}:{} (row `{rule}`): `{span}` is not in {home}", line + 1));
                }
            }
        }
    }
    let listed = LOWER_CASE_MESSAGES.iter().chain(ELSEWHERE.iter().map(|(text, ..)| text));
    for text in listed.filter(|text| !seen.iter().any(|s| s == *text)) {
        problems.push(format!("`{text}` is listed in this test but quoted by no doc: remove its row"));
    }
    assert!(
        problems.is_empty(),
        "the docs quote texts the code does not write (the code is the record: fix the doc to the code's text, \
         or give the text a row in ELSEWHERE with its reason):\n{}",
        problems.join("\n")
    );
    // The rule still sees the tables' texts (a rule that matched nothing would pass).
    assert!(checked > 150, "only {checked} message texts found");
}

#[test]
fn the_rules_read_literals_and_templates_as_the_code_writes_them() {
    let src = "// \"a comment\"\nconst A: &str = \"Bad \\\"{name}\\\" \\\n    here\";\n\
               fn f<'a>(c: char) -> bool { c == '\"' || c == '\\'' }\nconst B: &str = r#\"raw \"q\"\"#;";
    assert_eq!(literals(src), ["Bad \"{name}\" here", "raw \"q\""]);
    assert!(template("Bad \"x\" here").is_match("Bad \"{name}\" here"));
    assert!(template("Invalid email: ADDRESS").is_match("Invalid email: "), "a prefix constant");
    assert!(!template("Invalid e-mail: ADDRESS").is_match("Invalid email: {address}"));
    assert!(template("The CSV text has more than 10000000 cells.")
        .is_match("The CSV text has more than {cells_max} cells."));
    assert!(is_message_text("Invalid argument: key") && is_message_text("... graphite property reads."));
    assert!(!is_message_text("Sheet.getName") && !is_message_text("7/5/2024, 11:04:05 PM"));
    assert!(!is_message_text("new Array(2**31).fill(0)") && !is_message_text("M/d/yyyy H:mm:ss"));
}

/// A quoted span is a message text when it reads as a sentence, not code: it holds a space and
/// starts with a capitalised word or `gas-sim` ended by a space, `:`, `!` or `,` (`Invalid
/// argument: key`, `Heads up! ...`, `gas-sim does not judge ...`), or with `... ` and a word (a
/// text's tail). Code fails on the first word (`Sheet.getName`, `new Array(2**31)`, `steps_max`,
/// `M/d/yyyy H:mm:ss`, `7/5/2024, 11:04:05 PM`); lower-case texts are listed.
fn is_message_text(span: &str) -> bool {
    let sentence = Regex::new(r"^(?:(?:\p{Lu}\p{L}*|gas-sim)[ :!,]|\.\.\. \p{L})").unwrap();
    (span.contains(' ') && sentence.is_match(span)) || LOWER_CASE_MESSAGES.contains(&span)
}

/// What a quoted text must match in the literals. A placeholder (a word in CAPITALS, a number,
/// `https://HOST`, a quoted value, `<...>`) matches itself, a format hole (`{}`, `{name}`,
/// `{x:?}`), or, last in the text, the end of a prefix constant; `...` (with a space either
/// side) matches any text. A leading error name (`Exception: `, `RangeError: `) is the
/// engine's, not part of the message.
fn template(text: &str) -> Regex {
    let text = Regex::new(r"^(?:Exception|\p{L}*Error): ").unwrap().replace(text, "");
    let placeholder =
        Regex::new(r#" ?\.\.\. ?|\B"[^"]*"|\B'[^']*'|<[^>]*>|\b(?:https://)?\p{Lu}[\p{Lu}\d_]*\b|\d+(?:[-.,]\d+)*"#);
    let hole = r"\{[^{}\s]*\}";
    let (mut pattern, mut last) = (String::from("(?m)"), 0);
    for m in placeholder.unwrap().find_iter(&text) {
        pattern += &regex::escape(&text[last..m.start()]);
        let (p, end) = (m.as_str(), if m.end() == text.len() { "|$" } else { "" });
        pattern += &match p.chars().next() {
            _ if p.trim() == "..." => ".*?".to_string(),
            Some(q @ ('"' | '\'')) => {
                let inner = regex::escape(&p[1..p.len() - 1]);
                format!("(?:{q}(?:{inner}|{hole}){q}|{hole}{end})")
            }
            _ => format!("(?:{}|{hole}{end})", regex::escape(p)),
        };
        last = m.end();
    }
    Regex::new(&(pattern + &regex::escape(&text[last..]))).expect("a template")
}

/// The string literals of the Rust files under `dir`, unescaped, one a line. Comments are left
/// out: a module's own table of texts is no evidence of what the code writes.
fn literals_under(dir: &Path) -> String {
    let (mut dirs, mut found) = (vec![dir.to_path_buf()], String::new());
    while let Some(dir) = dirs.pop() {
        for path in std::fs::read_dir(&dir).expect("a source dir").map(|e| e.expect("an entry").path()) {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                for literal in literals(&std::fs::read_to_string(&path).expect("a source file")) {
                    found += &literal;
                    found.push('\n');
                }
            }
        }
    }
    found
}

/// A small Rust lexer: strings (`"..."`, `r#"..."#`) out of the code, comments, char
/// literals and lifetimes skipped.
fn literals(src: &str) -> Vec<String> {
    let (mut found, mut at) = (Vec::new(), 0);
    while let Some(c) = src[at..].chars().next() {
        let rest = &src[at..];
        at += if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("/*") {
            rest.find("*/").map_or(rest.len(), |end| end + 2)
        } else if c == '\'' {
            let next = rest[1..].chars().next().map_or(0, char::len_utf8);
            match (rest[1..].starts_with('\\'), rest[1 + next..].starts_with('\'')) {
                (true, _) => rest[3..].find('\'').map_or(1, |end| end + 4),
                (false, true) => next + 2,
                (false, false) => 1,
            }
        } else if c == '"' {
            let close = closing_quote(rest);
            found.push(unescape(&rest[1..close]));
            close + 1
        } else if c.is_alphanumeric() || c == '_' {
            let word = rest.find(|c: char| !c.is_alphanumeric() && c != '_').unwrap_or(rest.len());
            let hashes = rest[word..].len() - rest[word..].trim_start_matches('#').len();
            if matches!(&rest[..word], "r" | "br") && rest[word + hashes..].starts_with('"') {
                let close = format!("\"{}", "#".repeat(hashes));
                let body = &rest[word + hashes + 1..];
                let end = body.find(&close).unwrap_or(body.len());
                found.push(body[..end].to_string());
                word + hashes + 1 + end + close.len()
            } else {
                word
            }
        } else {
            c.len_utf8()
        };
    }
    found
}

/// Where the closing quote of the string literal opening `rest` is.
fn closing_quote(rest: &str) -> usize {
    let mut escaped = false;
    for (i, c) in rest.char_indices().skip(1) {
        match c {
            '"' if !escaped => return i,
            '\\' => escaped = !escaped,
            _ => escaped = false,
        }
    }
    panic!("a string literal that does not end: {}", rest.chars().take(80).collect::<String>())
}

/// A literal's text: `\n`, `\u{..}` and a line continuation read; any other escaped character
/// stands for itself (`\"`, `\\`).
fn unescape(body: &str) -> String {
    let (mut text, mut chars) = (String::new(), body.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, if c == '\\' { chars.next() } else { None }) {
            ('\\', Some('\n')) => while chars.next_if(|c| c.is_whitespace()).is_some() {},
            ('\\', Some('n')) => text.push('\n'),
            ('\\', Some('u')) => {
                let hex: String = chars.by_ref().skip(1).take_while(|c| *c != '}').collect();
                text.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
            }
            ('\\', escaped) => text.extend(escaped),
            _ => text.push(c),
        }
    }
    text
}
