//! `Document.getAs('application/pdf')`: a PDF of the document's text made with
//! `pdf-writer`, not a rendering of its layout (assumed; docs/documents.md). The header's
//! paragraphs, then the body's, then the footer's, one after another: each paragraph
//! wrapped at the page width in Helvetica (a heading larger, in Helvetica-Bold), a list
//! item indented with a bullet, a table one line per row with its cells' text separated
//! by spaces, a page break a new page. US Letter pages, 1-inch margins.
//!
//! Deterministic: the same document gives the same bytes (no dates, no random ids; the
//! objects are numbered in order).

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

use super::{AttrValue, Doc, Kind, NodeId};

const PAGE_WIDTH_PT: f32 = 612.0;
const PAGE_HEIGHT_PT: f32 = 792.0;
const MARGIN_PT: f32 = 72.0;
const BODY_SIZE_PT: f32 = 11.0;
/// Helvetica's mean advance, as a fraction of the size (for wrapping: no metrics).
const CHAR_WIDTH_EM: f32 = 0.5;
/// Pages one PDF holds (gas-sim's bound; a 1.02-million-character document fits).
const PAGES_MAX: usize = 2_000;

/// One line of output.
struct Line {
    text: Vec<u8>,
    size_pt: f32,
    bold: bool,
    indent_pt: f32,
    /// A page break: this line starts a new page.
    new_page: bool,
}

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

/// WinAnsiEncoding's byte for a character: Latin-1 is itself, a bullet 0x95, anything
/// else `?` (the standard fonts hold nothing more).
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .filter(|c| *c != '\r' && *c != '\n')
        .map(|c| match c {
            '\t' => b' ',
            '\u{2022}' => 0x95,
            ' '..='~' | '\u{a0}'..='\u{ff}' => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

/// `text` cut into lines of at most `width` characters, at spaces where it can.
fn wrap(text: &[u8], width: usize) -> Vec<Vec<u8>> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut rest = text;
    while rest.len() > width {
        let cut = rest[..=width].iter().rposition(|b| *b == b' ').filter(|at| *at > 0).unwrap_or(width);
        lines.push(rest[..cut].to_vec());
        rest = &rest[cut..];
        if rest.first() == Some(&b' ') {
            rest = &rest[1..];
        }
    }
    lines.push(rest.to_vec());
    lines
}

fn push_wrapped(out: &mut Vec<Line>, text: &[u8], size_pt: f32, bold: bool, indent_pt: f32) {
    let width = ((PAGE_WIDTH_PT - 2.0 * MARGIN_PT - indent_pt) / (size_pt * CHAR_WIDTH_EM)) as usize;
    for part in wrap(text, width) {
        out.push(Line { text: part, size_pt, bold, indent_pt, new_page: false });
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
                out.push(Line { text: Vec::new(), size_pt: BODY_SIZE_PT, bold: false, indent_pt: 0.0, new_page: true });
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
        Kind::PageBreak => {
            out.push(Line { text: Vec::new(), size_pt: BODY_SIZE_PT, bold: false, indent_pt: 0.0, new_page: true })
        }
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

/// The lines of each page: a page is full when the next line would pass the bottom margin.
fn paginate(lines: Vec<Line>) -> Vec<Vec<(f32, Line)>> {
    let mut pages: Vec<Vec<(f32, Line)>> = vec![Vec::new()];
    let mut y = PAGE_HEIGHT_PT - MARGIN_PT;
    for line in lines {
        let leading = line.size_pt * 1.3;
        let full = y - leading < MARGIN_PT;
        if (line.new_page || full) && pages.len() < PAGES_MAX {
            pages.push(Vec::new());
            y = PAGE_HEIGHT_PT - MARGIN_PT;
        }
        if line.new_page {
            continue;
        }
        y -= leading;
        if let Some(page) = pages.last_mut() {
            page.push((y, line));
        }
    }
    pages
}

/// The document as PDF bytes.
pub fn render_pdf(doc: &Doc, title: &str) -> Vec<u8> {
    let pages = paginate(document_lines(doc));
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let first_page = 6;
    let page_ref = |i: usize| Ref::new(first_page + 2 * i as i32);
    let content_ref = |i: usize| Ref::new(first_page + 2 * i as i32 + 1);
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids((0..pages.len()).map(page_ref)).count(pages.len() as i32);
    pdf.type1_font(regular).base_font(Name(b"Helvetica")).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold).base_font(Name(b"Helvetica-Bold")).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info).title(pdf_writer::TextStr(title)).producer(pdf_writer::TextStr("gas-sim"));
    for (i, lines) in pages.iter().enumerate() {
        let mut page = pdf.page(page_ref(i));
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH_PT, PAGE_HEIGHT_PT));
        page.parent(tree);
        page.contents(content_ref(i));
        let mut resources = page.resources();
        resources.fonts().pair(Name(b"F1"), regular).pair(Name(b"F2"), bold);
        resources.finish();
        page.finish();
        let mut content = Content::new();
        for (y, line) in lines {
            if line.text.is_empty() {
                continue;
            }
            let font = if line.bold { Name(b"F2") } else { Name(b"F1") };
            content.begin_text();
            content.set_font(font, line.size_pt);
            content.next_line(MARGIN_PT + line.indent_pt, *y);
            content.show(Str(&line.text));
            content.end_text();
        }
        pdf.stream(content_ref(i), &content.finish());
    }
    pdf.set_file_id((b"gas-sim-document".to_vec(), b"gas-sim-document".to_vec()));
    pdf.finish()
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
