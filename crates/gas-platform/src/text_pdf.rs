//! Text-only PDFs made with `pdf-writer`: lines of Helvetica on US Letter pages with
//! 1-inch margins, each wrapped at the page width, a page full when the next line would
//! pass the bottom margin. What a Docs document (`documents/pdf.rs`) and a spreadsheet
//! (`sheets/export.rs`) export as PDF: their text, not a rendering of their layout
//! (assumed; the README's fidelity table says so).
//!
//! Deterministic: the same lines give the same bytes (no dates, no random ids; the
//! objects are numbered in order).

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

const PAGE_WIDTH_PT: f32 = 612.0;
const PAGE_HEIGHT_PT: f32 = 792.0;
const MARGIN_PT: f32 = 72.0;
/// The size of body text.
pub const BODY_SIZE_PT: f32 = 11.0;
/// Helvetica's mean advance, as a fraction of the size (for wrapping: no metrics).
const CHAR_WIDTH_EM: f32 = 0.5;
/// Pages one PDF holds (gas-sim's bound; a 1.02-million-character document fits).
const PAGES_MAX: usize = 2_000;

/// One line of output.
pub struct Line {
    pub text: Vec<u8>,
    pub size_pt: f32,
    pub bold: bool,
    pub indent_pt: f32,
    /// A page break: this line starts a new page.
    pub new_page: bool,
}

impl Line {
    /// A page break.
    pub fn page_break() -> Line {
        Line { text: Vec::new(), size_pt: BODY_SIZE_PT, bold: false, indent_pt: 0.0, new_page: true }
    }
}

/// WinAnsiEncoding's byte for a character: Latin-1 is itself, a bullet 0x95, anything
/// else `?` (the standard fonts hold nothing more).
pub fn win_ansi(text: &str) -> Vec<u8> {
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

/// `text` as lines of at most the page's width at `size_pt`, from `indent_pt`.
pub fn push_wrapped(out: &mut Vec<Line>, text: &[u8], size_pt: f32, bold: bool, indent_pt: f32) {
    let width = ((PAGE_WIDTH_PT - 2.0 * MARGIN_PT - indent_pt) / (size_pt * CHAR_WIDTH_EM)) as usize;
    for part in wrap(text, width) {
        out.push(Line { text: part, size_pt, bold, indent_pt, new_page: false });
    }
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

/// `lines` as PDF bytes, titled `title`; `file_id` names the kind of file (the same for
/// every file of that kind, so the bytes depend on the lines and title alone).
pub fn render(lines: Vec<Line>, title: &str, file_id: &[u8]) -> Vec<u8> {
    let pages = paginate(lines);
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
    pdf.set_file_id((file_id.to_vec(), file_id.to_vec()));
    pdf.finish()
}
