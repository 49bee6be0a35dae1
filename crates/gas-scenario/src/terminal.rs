//! The one escaping rule for what a person or a CI runner reads on stdout/stderr (issue 25).
//!
//! Script- and scenario-controlled text (log lines, errors, mail, names, cells, source
//! lines) must not start a line, move the cursor, recolour the terminal or reorder text,
//! and no printed line may carry a GitHub Actions workflow command. The runner obeys a
//! line whose text after leading whitespace starts with `::` (`ActionCommand.TryParseV2`,
//! `TrimStart` first) and, in the legacy syntax, `##[` *anywhere* in a line
//! (`ActionCommand.TryParse`, `IndexOf`): both observed in actions/runner's source.
//!
//! Two layers, both here:
//! - [`escape`] for a field inside a line: every control character shown as an escape
//!   (`\n`, `\r`, `\t`, `\u001b`, C1, U+2028/U+2029, bidi controls), nothing else changed.
//! - [`guard`] for a whole text at the print boundary: each line escaped the same way
//!   (its own `\n` kept), then a line starting with `::` gets its first colon as
//!   `\u003a`, and every `##[` becomes `#\u0023[`. gas-sim's own annotations
//!   (`--annotations github`) are the only lines printed without it.
//!
//! Snapshots and `--format json` keep the data as it is; JSON goes through [`guard_json`],
//! which writes `##[` inside strings as `#\u0023[`: the same JSON value.

use std::borrow::Cow;
use std::fmt::Write;

/// The legacy workflow-command prefix the runner finds anywhere in a line.
const LEGACY_COMMAND: &str = "##[";
/// What the legacy prefix is shown as: `#` then `#` escaped, valid in text and JSON alike.
const LEGACY_COMMAND_SHOWN: &str = "#\\u0023[";
/// The workflow-command prefix the runner obeys at the start of a line.
const COMMAND_KEY: &str = "::";

/// Characters a field may not carry raw: C0 and C1 controls, DEL, the line and paragraph
/// separators (a new line to some viewers) and the bidi controls that reorder what a
/// reader sees ("Trojan Source", CVE-2021-42574).
pub fn must_escape(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{061C}' | '\u{200E}' | '\u{200F}')
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        _ => {
            let _ = write!(out, "\\u{:04x}", c as u32);
        }
    }
}

/// A field of a printed line: every character of [`must_escape`] shown as an escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(must_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if must_escape(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// One printed line (no `\n` of its own kept): escaped, and no workflow command in it.
pub fn guard_line(line: &str) -> String {
    let escaped = escape(line);
    let mut shown = escaped.replace(LEGACY_COMMAND, LEGACY_COMMAND_SHOWN);
    let indent = shown.len() - shown.trim_start().len();
    if shown[indent..].starts_with(COMMAND_KEY) {
        shown.replace_range(indent..indent + 1, "\\u003a");
    }
    shown
}

/// Text inside one of gas-sim's own workflow commands (an annotation's data or property,
/// already %-escaped): controls escaped and no legacy `##[`, which the runner would also
/// find there; a leading `::` is harmless mid-line.
pub fn escape_in_command(text: &str) -> String {
    escape(text).replace(LEGACY_COMMAND, LEGACY_COMMAND_SHOWN)
}

/// A whole text for stdout or stderr: [`guard_line`] on each of its lines, its line ends
/// kept (a `\r` before a `\n` is shown, not kept: the runner splits lines on it).
pub fn guard(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&guard_line(line));
    }
    out
}

/// `--format json` as printed: the same JSON value, with `##[` (only ever inside a
/// string) written as `#\u0023[`. Lines of serde's JSON start with whitespace and `"`, a
/// bracket or a literal, never `::`.
pub fn guard_json(json: &str) -> String {
    // Every escape `guard` writes (`\n`, `\r`, `\t`, `\uXXXX`) is JSON's own, and serde
    // leaves only DEL, C1, U+2028/U+2029 and bidi controls raw: inside strings, where
    // their escapes mean the same characters.
    guard(json)
}

/// Whether a printed text is safe by this rule: no raw control character but `\n`, no
/// line starting with `::` after whitespace, no `##[`. The tests' and the fuzzer's check.
pub fn is_guarded(text: &str) -> bool {
    text.split('\n').all(|line| {
        !line.chars().any(must_escape) && !line.trim_start().starts_with(COMMAND_KEY) && !line.contains(LEGACY_COMMAND)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_show_controls_as_escapes() {
        assert_eq!(escape("plain: ok"), "plain: ok");
        assert!(matches!(escape("plain"), Cow::Borrowed(_)));
        assert_eq!(escape("a\r::stop-commands::x\nb"), "a\\r::stop-commands::x\\nb");
        assert_eq!(escape("\u{1b}[31mred\t\u{0}"), "\\u001b[31mred\\t\\u0000");
        assert_eq!(escape("\u{85}\u{9b}\u{7f}"), "\\u0085\\u009b\\u007f");
        assert_eq!(escape("x\u{2028}y\u{202e}z\u{2066}"), "x\\u2028y\\u202ez\\u2066");
        assert_eq!(escape("é 中 🙂 | <b>"), "é 中 🙂 | <b>");
    }

    #[test]
    fn lines_cannot_carry_workflow_commands() {
        assert_eq!(guard_line("::error::pwned"), "\\u003a:error::pwned");
        assert_eq!(guard_line("   ::add-mask::x"), "   \\u003a:add-mask::x");
        assert_eq!(guard_line("\u{a0}::x::y"), "\u{a0}\\u003a:x::y");
        assert_eq!(guard_line("log: ##[error]x"), "log: #\\u0023[error]x");
        assert_eq!(guard_line("###[x] ##[y"), "##\\u0023[x] #\\u0023[y");
        assert_eq!(guard_line("a :: b"), "a :: b");
        // A tab is escaped first, so it is no leading whitespace.
        assert_eq!(guard_line("\t::x::y"), "\\t::x::y");
    }

    #[test]
    fn texts_keep_their_lines_and_lose_the_rest() {
        let text = "head\n  log: x\r::stop-commands::t\n::error::y\r\n";
        let shown = guard(text);
        assert_eq!(shown, "head\n  log: x\\r::stop-commands::t\n\\u003a:error::y\\r\n");
        assert!(is_guarded(&shown));
        assert!(!is_guarded(text));
        assert!(!is_guarded("a\n ##[group]"));
        assert_eq!(guard(""), "");
    }

    #[test]
    fn json_keeps_its_value() {
        let value = serde_json::json!({"log": "##[error]x\n::error::y\u{2028}\u{7f}\u{202e}", "n": 1});
        let text = serde_json::to_string_pretty(&value).unwrap();
        let shown = guard_json(&text);
        assert!(is_guarded(&shown), "{shown}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&shown).unwrap(), value);
    }
}
