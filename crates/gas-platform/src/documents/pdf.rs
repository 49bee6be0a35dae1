//! `Document.getAs('application/pdf')`: the text of the document as a PDF (`text_pdf.rs`),
//! not a rendering of its layout (assumed; docs/documents.md). The header's paragraphs,
//! then the body's, then the footer's, one after another: each paragraph wrapped at the
//! page width in Helvetica (a heading larger, in Helvetica-Bold), a list item indented
//! with a bullet, a table one line per row with its cells' text separated by spaces, a
//! page break a new page. Also `getAs('text/markdown')`.

use crate::text_pdf::{push_wrapped, render, win_ansi, Line, BODY_SIZE_PT};

use super::{AttrValue, Doc, Kind, NodeId};

/// The font size and weight of a paragraph heading (`DocumentApp.ParagraphHeading`).
fn heading_style(heading: Option<&AttrValue>) -> (f32, bool) {
    match heading {
        Some(AttrValue::Text(h)) => match h.as_str() {
            "TITLE" => (26.0, true),
            "SUBTITLE" => (15.0, false),
            "HEADING1" => (20.0, true),
            "HEADING2" => (16.0, true),
            "HEADING3" => (14.0, true),
            "HEADING4" => (12.0, true),
            "HEADING5" | "HEADING6" => (BODY_SIZE_PT, true),
            _ => (BODY_SIZE_PT, false),
        },
        _ => (BODY_SIZE_PT, false),
    }
}

/// The lines of a block (a paragraph, list item, table, rule or page break).
fn block_lines(doc: &Doc, id: NodeId, out: &mut Vec<Line>) {
    let Ok(node) = doc.node(id) else { return };
    match node.kind {
        Kind::Paragraph => {
            let (size, bold) = heading_style(node.attrs.get("HEADING"));
            let has_break = node.children.iter().any(|c| doc.kind(*c).ok() == Some(Kind::PageBreak));
            push_wrapped(out, &win_ansi(&doc.text_of(id).unwrap_or_default()), size, bold, 0.0);
            if has_break {
                out.push(Line::page_break());
            }
        }
        Kind::ListItem => {
            let level = match node.attrs.get("NESTING_LEVEL") {
                Some(AttrValue::Number(n)) if n.is_finite() => n.clamp(0.0, 8.0) as f32,
                _ => 0.0,
            };
            let mut text = vec![0x95, b' '];
            text.extend(win_ansi(&doc.text_of(id).unwrap_or_default()));
            push_wrapped(out, &text, BODY_SIZE_PT, false, 18.0 * (level + 1.0));
        }
        Kind::Table => {
            for row in &node.children {
                let cells = doc.node(*row).map(|r| r.children.clone()).unwrap_or_default();
                let texts: Vec<String> = cells.iter().map(|c| doc.text_of(*c).unwrap_or_default()).collect();
                push_wrapped(out, &win_ansi(&texts.join("   ")), BODY_SIZE_PT, false, 0.0);
            }
        }
        Kind::PageBreak => out.push(Line::page_break()),
        _ => push_wrapped(out, b"", BODY_SIZE_PT, false, 0.0),
    }
}

fn document_lines(doc: &Doc) -> Vec<Line> {
    let mut out = Vec::new();
    for section in [doc.header, Some(doc.body), doc.footer].into_iter().flatten() {
        let blocks = doc.node(section).map(|s| s.children.clone()).unwrap_or_default();
        for block in blocks {
            block_lines(doc, block, &mut out);
        }
    }
    out
}

/// The document as PDF bytes.
pub fn render_pdf(doc: &Doc, title: &str) -> Vec<u8> {
    render(document_lines(doc), title, b"gas-sim-document")
}

/// The document as Markdown (`getAs('text/markdown')`): a heading `#` per level, a list
/// item `*` indented by its nesting, a table one `|`-separated line per row.
pub fn render_markdown(doc: &Doc) -> String {
    let mut out = Vec::new();
    let blocks = doc.node(doc.body).map(|s| s.children.clone()).unwrap_or_default();
    for block in blocks {
        let Ok(node) = doc.node(block) else { continue };
        let text = doc.text_of(block).unwrap_or_default();
        let line = match node.kind {
            Kind::Paragraph => match node.attrs.get("HEADING") {
                Some(AttrValue::Text(h)) if h.starts_with("HEADING") => {
                    let level = h.trim_start_matches("HEADING").parse::<usize>().unwrap_or(1).clamp(1, 6);
                    format!("{} {text}", "#".repeat(level))
                }
                Some(AttrValue::Text(h)) if h == "TITLE" => format!("# {text}"),
                _ => text,
            },
            Kind::ListItem => {
                let level = match node.attrs.get("NESTING_LEVEL") {
                    Some(AttrValue::Number(n)) if n.is_finite() => n.clamp(0.0, 8.0) as usize,
                    _ => 0,
                };
                format!("{}* {text}", "  ".repeat(level))
            }
            Kind::Table => {
                text.lines().map(|row| format!("| {} |", row.replace('\t', " | "))).collect::<Vec<_>>().join("\n")
            }
            Kind::HorizontalRule => "---".to_string(),
            _ => text,
        };
        out.push(line);
    }
    let mut text = out.join("\n\n");
    text.push('\n');
    text
}
