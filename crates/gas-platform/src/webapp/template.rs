//! HtmlService templates: the scriptlets (`<? code ?>`, `<?= printed, escaped ?>`,
//! `<?!= printed raw ?>`, documented, developers.google.com/apps-script/guides/html/templates),
//! compiled to the JS source the prelude runs in the script's global scope, and the
//! contextual escaping of printed values when the output is put together.
//!
//! The generated source is gas-sim's own (what `getCode()` shows): text pieces as string
//! literals, printed values handed to `__gas_out`. The platform's generated code differs
//! (assumed: only its behaviour is modelled).

/// The error for a file the project does not have (observed: "Exception: No HTML file
/// named index was found. (line 23, file \"Code\")", the names case-sensitive).
pub fn no_file_message(name: &str) -> String {
    format!("No HTML file named {name} was found.")
}

/// The project file a name refers to: `Index` or `Index.html` (both work, observed).
pub fn file_key(name: &str) -> &str {
    name.strip_suffix(".html").unwrap_or(name)
}

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Code(String),
    /// `<?= expr ?>`: printed with contextual escaping.
    Print(String),
    /// `<?!= expr ?>`: printed as is.
    PrintRaw(String),
}

/// Splits a template into pieces. A `<?` without its `?>` runs to the end (its code then
/// fails to compile, as a script with an unclosed block does).
pub fn parse(source: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut rest = source;
    while let Some(open) = rest.find("<?") {
        if open > 0 {
            pieces.push(Piece::Text(rest[..open].to_string()));
        }
        let after = &rest[open + 2..];
        let (inner, next) = match after.find("?>") {
            Some(close) => (&after[..close], &after[close + 2..]),
            None => (after, ""),
        };
        pieces.push(if let Some(expr) = inner.strip_prefix("!=") {
            Piece::PrintRaw(expression(expr))
        } else if let Some(expr) = inner.strip_prefix('=') {
            Piece::Print(expression(expr))
        } else {
            Piece::Code(inner.to_string())
        });
        rest = next;
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest.to_string()));
    }
    pieces
}

/// A printing scriptlet's expression: `<?= name; ?>` is common and means `name`.
fn expression(text: &str) -> String {
    text.trim().trim_end_matches(';').trim_end().to_string()
}

/// The JS source of a template: run with `__gas_out` (`t` text, `p` escaped, `r` raw).
/// With `comments`, each piece is preceded by the template text it came from.
pub fn to_js(pieces: &[Piece], comments: bool) -> String {
    let mut out = String::new();
    for piece in pieces {
        if comments {
            let original = match piece {
                Piece::Text(_) => None,
                Piece::Code(code) => Some(format!("<?{code}?>")),
                Piece::Print(expr) => Some(format!("<?= {expr} ?>")),
                Piece::PrintRaw(expr) => Some(format!("<?!= {expr} ?>")),
            };
            if let Some(original) = original {
                out.push_str(&format!("/* {} */\n", original.replace("*/", "* /")));
            }
        }
        match piece {
            Piece::Text(text) => {
                let literal = serde_json::to_string(text).unwrap_or_else(|_| "\"\"".into());
                out.push_str(&format!("__gas_out.t({literal});\n"));
            }
            Piece::Code(code) => {
                out.push_str(code);
                out.push('\n');
            }
            Piece::Print(expr) => out.push_str(&format!("__gas_out.p(({expr}));\n")),
            Piece::PrintRaw(expr) => out.push_str(&format!("__gas_out.r(({expr}));\n")),
        }
    }
    out
}

/// `<?= ?>` in HTML text or an attribute: `& < > " '` as entities (the five characters
/// that can end a text or a quoted attribute; the exact entities are assumed).
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `<?= ?>` inside a `<script>` element: the value as a JS literal (its JSON; documented:
/// "contextual escaping" prints values as JavaScript inside script tags), with `<`, `>`
/// and `&` as `\u` escapes so that no `</script>` can end the element.
pub fn escape_script(json: &str) -> String {
    json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// A printed value as `evaluate` gets it from the template's code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Template text, or a `<?!= ?>` value: as is.
    Raw(String),
    /// A `<?= ?>` value: its `String(value)` and its JSON (`None` for undefined or a
    /// function, which JSON cannot write).
    Escaped { text: String, json: Option<String> },
}

/// Whether the output so far ends inside a `<script>` element, kept as the output grows:
/// each part is scanned once (asking of the whole output at every printed value made a
/// template of many values quadratic: 200,000 `<?= ?>` ran for minutes).
#[derive(Debug, Default)]
struct ScriptTracker {
    inside: bool,
    /// Bytes of the output already scanned.
    scanned: usize,
}

/// The longest tag a match can straddle a part boundary with: `</script`, less one.
const TAG_OVERLAP_BYTES: usize = "</script".len() - 1;

impl ScriptTracker {
    /// Brings the state up to the end of `output`: the last `<script` or `</script`
    /// (ASCII case-insensitive) in it decides, and the new text is searched from a few
    /// bytes back so that a tag split across two parts is found.
    fn inside(&mut self, output: &str) -> bool {
        let bytes = output.as_bytes();
        let from = self.scanned.saturating_sub(TAG_OVERLAP_BYTES);
        let mut at = from;
        while let Some(offset) = bytes[at..].iter().position(|&b| b == b'<') {
            let tag = &bytes[at + offset..];
            if starts_with_ignore_case(tag, b"<script") {
                self.inside = true;
            } else if starts_with_ignore_case(tag, b"</script") {
                self.inside = false;
            }
            at += offset + 1;
        }
        self.scanned = bytes.len();
        self.inside
    }
}

fn starts_with_ignore_case(text: &[u8], prefix: &[u8]) -> bool {
    text.len() >= prefix.len() && text[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// The evaluated template: every part in order, `<?= ?>` values escaped for where they
/// land (HTML text and attributes, or a script element).
pub fn render(parts: &[Part]) -> String {
    let mut out = String::with_capacity(parts.iter().map(Part::len).sum());
    let mut script = ScriptTracker::default();
    for part in parts {
        match part {
            Part::Raw(text) => out.push_str(text),
            Part::Escaped { text, json } => {
                let escaped = if script.inside(&out) {
                    escape_script(json.as_deref().unwrap_or("undefined"))
                } else {
                    escape_html(text)
                };
                out.push_str(&escaped);
            }
        }
    }
    out
}

impl Part {
    /// The part's length before escaping (what the output holds at least).
    fn len(&self) -> usize {
        match self {
            Part::Raw(text) | Part::Escaped { text, .. } => text.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scriptlets_are_split() {
        let pieces = parse("<p><? if (ok) { ?>Hi <?= name; ?><?!= raw ?><? } ?></p>");
        assert_eq!(
            pieces,
            vec![
                Piece::Text("<p>".into()),
                Piece::Code(" if (ok) { ".into()),
                Piece::Text("Hi ".into()),
                Piece::Print("name".into()),
                Piece::PrintRaw("raw".into()),
                Piece::Code(" } ".into()),
                Piece::Text("</p>".into()),
            ]
        );
        assert_eq!(parse("plain"), vec![Piece::Text("plain".into())]);
        assert_eq!(parse("a <? x"), vec![Piece::Text("a ".into()), Piece::Code(" x".into())], "unclosed");
    }

    #[test]
    fn generated_code_prints_each_piece() {
        let code = to_js(&parse("a\"<?= x ?>\n<? f(); ?>"), false);
        assert_eq!(code, "__gas_out.t(\"a\\\"\");\n__gas_out.p((x));\n__gas_out.t(\"\\n\");\n f(); \n");
        let commented = to_js(&parse("<?= x ?>"), true);
        assert!(commented.starts_with("/* <?= x ?> */\n"), "{commented}");
    }

    #[test]
    fn html_escaping_covers_the_five_characters() {
        assert_eq!(
            escape_html("<a href=\"x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
        assert_eq!(escape_html("été ok"), "été ok");
    }

    #[test]
    fn values_are_escaped_for_their_context() {
        let parts = vec![
            Part::Raw("<b>".into()),
            Part::Escaped { text: "<i>".into(), json: Some("\"<i>\"".into()) },
            Part::Raw("</b><script>var d = ".into()),
            Part::Escaped { text: "[object Object]".into(), json: Some("{\"a\":\"</script>\"}".into()) },
            Part::Raw(";</script>".into()),
            Part::Escaped { text: "&".into(), json: None },
            Part::Raw("<SCRIPT>".into()),
            Part::Escaped { text: "undefined".into(), json: None },
            Part::Raw("<?!= ok ?>".into()),
        ];
        assert_eq!(
            render(&parts),
            "<b>&lt;i&gt;</b><script>var d = {\"a\":\"\\u003c/script\\u003e\"};</script>&amp;<SCRIPT>undefined<?!= ok ?>"
        );
    }

    #[test]
    fn a_script_tag_split_across_parts_is_seen_and_many_values_render_in_linear_time() {
        let value = || Part::Escaped { text: "<b>".into(), json: Some("\"<b>\"".into()) };
        let parts = vec![
            Part::Raw("<scr".into()),
            Part::Raw("IPT>".into()),
            value(),
            Part::Raw("</s".into()),
            Part::Raw("cript>".into()),
            value(),
        ];
        assert_eq!(render(&parts), "<scrIPT>\"\\u003cb\\u003e\"</script>&lt;b&gt;");
        // 200,000 printed values (minutes before: the whole output was searched at each).
        let mut many = vec![Part::Raw("<script>".into())];
        many.extend((0..200_000).flat_map(|_| [Part::Raw("<p>".into()), value()]));
        let out = render(&many);
        assert_eq!(out.len(), "<script>".len() + 200_000 * ("<p>".len() + "\"\\u003cb\\u003e\"".len()));
    }

    #[test]
    fn file_names_with_or_without_extension() {
        assert_eq!((file_key("Index"), file_key("Index.html")), ("Index", "Index"));
        assert_eq!(no_file_message("index"), "No HTML file named index was found.");
    }
}
