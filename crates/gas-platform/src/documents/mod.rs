//! Google Docs behind `DocumentApp`: documents, their body, header and footer sections,
//! and the elements inside them (paragraphs, list items, tables, rows, cells, text,
//! horizontal rules, page breaks). No JavaScript: the binding names a document by its
//! Drive file id and an element by its id in that document's arena (`Doc::nodes`).
//!
//! A document is a Drive file of type [`DOCUMENT_MIME_TYPE`] (the Drive item holds its
//! name, parents and trash) and a [`Doc`] here under the same id (the content).
//! `tree.rs` holds the element operations (insert, remove, copy, text), `runs.rs` a Text
//! element's run-length attributes, `search.rs` findText and replaceText, `pdf.rs` the
//! PDF export.
//!
//! # Fidelity
//!
//! Sources: **documented** (Google's reference), **observed** (seen in real executions
//! or reported by users), **assumed** (gas-sim's choice where the platform's behaviour or
//! text is unknown). docs/documents.md has the same table and what is not modelled.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | a new document's body | one empty paragraph | observed |
//! | `openById` of an id that is no document | [`text::MISSING`] | assumed (the text users report) |
//! | `openByUrl` of a URL naming no document | [`text::MISSING`] | assumed |
//! | a call on a Document (or its elements) after `saveAndClose()` | [`text::CLOSED`] | assumed (the text users report) |
//! | removing the last paragraph of a section | [`text::LAST_PARAGRAPH`] | observed |
//! | a child index past the end | [`text::CHILD_INDEX`] | assumed |
//! | inserting an element that has a parent | [`text::NOT_DETACHED`] | assumed |
//! | `asX()` of an element of another type | [`text::INVALID_CAST`] | assumed |
//! | `merge()` without a previous sibling of the same type | [`text::MERGE`] | assumed |
//! | a document past 1,020,000 characters | [`text::TOO_LARGE`] | documented (the limit) / assumed (text) |
//! | replaceText / findText patterns | RE2 syntax (the `regex` crate), matched against each Text element on its own | documented |
//! | replaceText's replacement | literal, but `$n` naming a group of the pattern is that group | assumed |
//! | a pattern that does not compile | [`text::BAD_PATTERN`] | assumed |
//! | offsets (findText, setBold(start, end, ...)) | Unicode scalar values | assumed (the platform counts UTF-16 units: the same below U+10000) |
//! | a table's text | rows one per line, cells separated by a tab | assumed |
//! | `getAs('application/pdf')` | a PDF of the text, paragraph by paragraph (headings larger), Helvetica, A4-sized Letter pages; no layout | assumed (gas-sim's own rendering) |

pub mod images;
pub mod named;
mod pdf;
pub mod runs;
pub mod search;
#[cfg(test)]
mod tests;
mod tree;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use pdf::{render_markdown, render_pdf};
pub use search::Found;

use crate::{ServiceError, ServiceResult};

/// A Google Docs document's MIME type (documented: `MimeType.GOOGLE_DOCS`).
pub const DOCUMENT_MIME_TYPE: &str = "application/vnd.google-apps.document";
/// The scope DocumentApp's methods need (documented), refused in a simple trigger.
pub const SCOPE_DOCUMENTS: &str = "https://www.googleapis.com/auth/documents";
/// A document's characters at most (documented: "Up to 1.02 million characters").
pub const DOCUMENT_CHARS_MAX: usize = 1_020_000;
/// Elements one document holds, detached copies included (gas-sim's bound).
pub const NODES_PER_DOCUMENT_MAX: usize = 200_000;
/// Levels of elements, a section included (gas-sim's bound: tables nest in cells; the
/// editor's documents stay far below it).
pub const NESTING_MAX: usize = 40;
/// Documents one world holds (gas-sim's bound).
pub const DOCUMENTS_MAX: usize = 10_000;
/// The compiled size a search pattern may take (gas-sim's bound, against runaway patterns).
pub const PATTERN_SIZE_MAX: usize = 1 << 20;

/// A document's one tab: every document gas-sim holds has exactly one (DocumentApp
/// cannot add a tab; the tab holds the document's body, header and footer). Its id as
/// the Docs API's examples show a first tab's (documented example); its title the
/// editor's name for the first tab of a new document (observed).
pub const FIRST_TAB_ID: &str = "t.0";
pub const FIRST_TAB_TITLE: &str = "Tab 1";
/// `Tab.getType()` of a document tab (documented: `TabType.DOCUMENT_TAB`, the only type).
pub const DOCUMENT_TAB_TYPE: &str = "DOCUMENT_TAB";

/// The platform's messages, each once (the module table says where each comes from).
pub mod text {
    pub const MISSING: &str = "Document is missing (perhaps it was deleted, or you don't have read access?)";
    pub const CLOSED: &str = "Document is closed, its contents cannot be updated.";
    pub const LAST_PARAGRAPH: &str = "Can't remove the last paragraph in a document section.";
    pub const CHILD_INDEX: &str = "Child index out of bounds.";
    pub const NOT_DETACHED: &str = "Element must be detached.";
    pub const TOO_LARGE: &str = "Document is too large: a document holds at most 1020000 characters.";
    pub const BAD_PATTERN: &str = "Invalid regular expression pattern.";
    pub const OFFSET: &str = "Invalid argument: offset";
    pub const NO_SUCH_ELEMENT: &str = "gas-sim: no such element in this document";
    pub const MERGE: &str = "Element must have a preceding sibling of the same type to merge with.";
    pub const INVALID_CAST: &str = "Invalid cast: the element is of another type.";
    pub const NOT_A_CONTAINER: &str = "gas-sim: this element holds no children";
    pub const UI_CONTEXT: &str = "Cannot call DocumentApp.getUi() from this context.";
    pub const TOO_DEEP: &str = "gas-sim: tables nest at most 40 levels deep in a document, gas-sim's limit";
    pub const TOO_MANY_NODES: &str = "gas-sim: a document holds 200000 elements, gas-sim's limit";
    pub const TOO_MANY_DOCUMENTS: &str = "gas-sim: the world holds 10000 documents, gas-sim's limit";
}

/// An element's id in its document.
pub type NodeId = u32;

/// An element's type: `DocumentApp.ElementType`'s names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Kind {
    BodySection,
    HeaderSection,
    FooterSection,
    Paragraph,
    ListItem,
    Table,
    TableRow,
    TableCell,
    Text,
    HorizontalRule,
    PageBreak,
    InlineImage,
}

impl Kind {
    /// `ElementType`'s name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::BodySection => "BODY_SECTION",
            Kind::HeaderSection => "HEADER_SECTION",
            Kind::FooterSection => "FOOTER_SECTION",
            Kind::Paragraph => "PARAGRAPH",
            Kind::ListItem => "LIST_ITEM",
            Kind::Table => "TABLE",
            Kind::TableRow => "TABLE_ROW",
            Kind::TableCell => "TABLE_CELL",
            Kind::Text => "TEXT",
            Kind::HorizontalRule => "HORIZONTAL_RULE",
            Kind::PageBreak => "PAGE_BREAK",
            Kind::InlineImage => "INLINE_IMAGE",
        }
    }

    /// The Apps Script class of an element of this type.
    pub fn class(self) -> &'static str {
        match self {
            Kind::BodySection => "Body",
            Kind::HeaderSection => "HeaderSection",
            Kind::FooterSection => "FooterSection",
            Kind::Paragraph => "Paragraph",
            Kind::ListItem => "ListItem",
            Kind::Table => "Table",
            Kind::TableRow => "TableRow",
            Kind::TableCell => "TableCell",
            Kind::Text => "Text",
            Kind::HorizontalRule => "HorizontalRule",
            Kind::PageBreak => "PageBreak",
            Kind::InlineImage => "InlineImage",
        }
    }

    /// A section or a cell: what holds paragraphs, list items and tables.
    pub fn holds_blocks(self) -> bool {
        matches!(self, Kind::BodySection | Kind::HeaderSection | Kind::FooterSection | Kind::TableCell)
    }

    /// A paragraph or a list item: what holds text.
    pub fn holds_text(self) -> bool {
        matches!(self, Kind::Paragraph | Kind::ListItem)
    }

    pub fn is_section(self) -> bool {
        matches!(self, Kind::BodySection | Kind::HeaderSection | Kind::FooterSection)
    }
}

/// An attribute's value (`DocumentApp.Attribute`); absent is `null`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum AttrValue {
    Bool(bool),
    Number(f64),
    Text(String),
}

/// Attributes by `DocumentApp.Attribute` name.
pub type Attrs = BTreeMap<String, AttrValue>;

/// The attributes a Text element keeps per character (the others are the element's).
pub const TEXT_ATTRIBUTES: &[&str] = &[
    "BACKGROUND_COLOR",
    "BOLD",
    "FONT_FAMILY",
    "FONT_SIZE",
    "FOREGROUND_COLOR",
    "ITALIC",
    "LINK_URL",
    "STRIKETHROUGH",
    "UNDERLINE",
];

/// One run of characters with the same attributes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// Characters (Unicode scalar values).
    pub len: usize,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attrs: Attrs,
}

/// One element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Node {
    pub kind: Kind,
    /// `None`: a section, or a detached element (a copy not inserted yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<NodeId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<NodeId>,
    /// The element's own attributes (heading, alignment, a list item's glyph ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attrs: Attrs,
    /// A Text element's characters.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// A Text element's attribute runs, covering `text` exactly.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<Run>,
    /// An InlineImage's image (images.rs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<images::Image>,
}

impl Node {
    pub fn new(kind: Kind) -> Node {
        Node {
            kind,
            parent: None,
            children: Vec::new(),
            attrs: Attrs::new(),
            text: String::new(),
            runs: Vec::new(),
            image: None,
        }
    }
}

/// One document's content.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    pub next_id: NodeId,
    pub nodes: BTreeMap<NodeId, Node>,
    pub body: NodeId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<NodeId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub footer: Option<NodeId>,
    /// Editors and viewers added by a script (addEditor ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub editors: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub viewers: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Named ranges (named.rs), in the order they were added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named_ranges: Vec<named::NamedRange>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_named_range: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Default for Doc {
    fn default() -> Doc {
        Doc::new()
    }
}

/// Every document's content, by Drive file id.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Documents {
    pub docs: BTreeMap<String, Doc>,
}

/// The Document objects one execution opened (`create`, `openById` ...), each a
/// session: `saveAndClose()` closes one, and its objects refuse every call after.
#[derive(Debug, Default)]
pub struct Sessions {
    opened: u64,
    closed: std::collections::BTreeSet<u64>,
}

impl Sessions {
    pub fn open(&mut self) -> u64 {
        self.opened += 1;
        self.opened
    }

    pub fn close(&mut self, session: u64) {
        self.closed.insert(session);
    }

    /// [`text::CLOSED`] for a closed session's objects.
    pub fn check(&self, session: u64) -> ServiceResult<()> {
        if self.closed.contains(&session) {
            return Err(ServiceError::new(text::CLOSED));
        }
        Ok(())
    }
}

/// Paragraphs of a document a report shows, and characters of each.
pub const SUMMARY_PARAGRAPHS_MAX: usize = 20;
pub const SUMMARY_CHARS_MAX: usize = 200;

/// One document as a report shows it: its id and its body's first paragraphs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DocumentSummary {
    pub id: String,
    /// The body's paragraphs (a table's rows), each cut at [`SUMMARY_CHARS_MAX`].
    pub body: Vec<String>,
    /// Paragraphs past [`SUMMARY_PARAGRAPHS_MAX`], left out.
    pub more: usize,
}

/// `https://docs.google.com/document/d/ID/edit` (observed: what getUrl gives).
pub fn document_url(id: &str) -> String {
    format!("https://docs.google.com/document/d/{id}/edit")
}

/// The id an `openByUrl` URL names (`.../document/d/ID/...`); `None` for any other URL.
pub fn id_of_url(url: &str) -> Option<&str> {
    let rest = url.split("/document/d/").nth(1)?;
    let id = rest.split(['/', '?', '#']).next()?;
    (!id.is_empty()).then_some(id)
}

impl Documents {
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// A new document's content under `id` (the Drive file made by the caller).
    pub fn create(&mut self, id: &str) -> ServiceResult<()> {
        if self.docs.len() >= DOCUMENTS_MAX {
            return Err(ServiceError::new(text::TOO_MANY_DOCUMENTS));
        }
        self.docs.insert(id.to_string(), Doc::new());
        Ok(())
    }

    /// A document by id; a Drive file of the document type without content yet (made by
    /// the Drive API or a state file) opens as a new, empty document.
    pub fn open(&mut self, id: &str, is_document_file: bool) -> ServiceResult<&mut Doc> {
        if !self.docs.contains_key(id) {
            if !is_document_file {
                return Err(ServiceError::new(text::MISSING));
            }
            self.create(id)?;
        }
        self.docs.get_mut(id).ok_or_else(|| ServiceError::new(text::MISSING))
    }

    pub fn get(&self, id: &str) -> ServiceResult<&Doc> {
        self.docs.get(id).ok_or_else(|| ServiceError::new(text::MISSING))
    }

    pub fn get_mut(&mut self, id: &str) -> ServiceResult<&mut Doc> {
        self.docs.get_mut(id).ok_or_else(|| ServiceError::new(text::MISSING))
    }

    /// A Drive copy of a document copies its content (`makeCopy`).
    pub fn copy_content(&mut self, from: &str, to: &str) -> ServiceResult<()> {
        if self.docs.len() >= DOCUMENTS_MAX {
            return Err(ServiceError::new(text::TOO_MANY_DOCUMENTS));
        }
        let content = self.docs.get(from).cloned().unwrap_or_default();
        self.docs.insert(to.to_string(), content);
        Ok(())
    }

    /// Every document, by id, for reports.
    pub fn summary(&self) -> Vec<DocumentSummary> {
        self.docs
            .iter()
            .map(|(id, doc)| {
                let text = doc.text_of(doc.body).unwrap_or_default();
                let lines: Vec<&str> = text.split('\n').collect();
                let body = lines
                    .iter()
                    .take(SUMMARY_PARAGRAPHS_MAX)
                    .map(|line| line.chars().take(SUMMARY_CHARS_MAX).collect())
                    .collect();
                DocumentSummary { id: id.clone(), body, more: lines.len().saturating_sub(SUMMARY_PARAGRAPHS_MAX) }
            })
            .collect()
    }

    /// What a state file must hold: each document's tree is whole (see `Doc::check`).
    pub fn check_state(&self) -> Result<(), String> {
        if self.docs.len() > DOCUMENTS_MAX {
            return Err(format!("holds {} documents, more than gas-sim's {DOCUMENTS_MAX}", self.docs.len()));
        }
        for (id, doc) in &self.docs {
            doc.check().map_err(|e| format!("docs.{id}: {e}"))?;
        }
        Ok(())
    }
}

impl Doc {
    /// A new document: a body holding one empty paragraph (observed).
    pub fn new() -> Doc {
        let mut doc = Doc {
            next_id: 0,
            nodes: BTreeMap::new(),
            body: 0,
            header: None,
            footer: None,
            editors: Vec::new(),
            viewers: Vec::new(),
            language: None,
            named_ranges: Vec::new(),
            next_named_range: 0,
        };
        let body = doc.alloc_unchecked(Node::new(Kind::BodySection));
        doc.body = body;
        let paragraph = doc.alloc_unchecked(Node::new(Kind::Paragraph));
        doc.attach_unchecked(body, 0, paragraph);
        doc
    }

    /// A document whose body holds these paragraphs (a scenario's `[[documents]]`).
    pub fn with_paragraphs(
        body: &[String],
        header: Option<&[String]>,
        footer: Option<&[String]>,
    ) -> ServiceResult<Doc> {
        let mut doc = Doc::new();
        doc.fill_section(doc.body, body)?;
        if let Some(lines) = header {
            let id = doc.add_section(Kind::HeaderSection)?;
            doc.fill_section(id, lines)?;
        }
        if let Some(lines) = footer {
            let id = doc.add_section(Kind::FooterSection)?;
            doc.fill_section(id, lines)?;
        }
        doc.check_size()?;
        Ok(doc)
    }

    /// A section's paragraphs replaced by `lines` (one empty paragraph for none).
    fn fill_section(&mut self, section: NodeId, lines: &[String]) -> ServiceResult<()> {
        let old = std::mem::take(&mut self.node_mut(section)?.children);
        for child in old {
            self.drop_subtree(child);
        }
        for (i, line) in lines.iter().enumerate() {
            let paragraph = self.new_block(Kind::Paragraph, line)?;
            self.attach(section, Some(i), paragraph)?;
        }
        if lines.is_empty() {
            let paragraph = self.new_block(Kind::Paragraph, "")?;
            self.attach(section, None, paragraph)?;
        }
        Ok(())
    }

    pub fn node(&self, id: NodeId) -> ServiceResult<&Node> {
        self.nodes.get(&id).ok_or_else(|| ServiceError::new(text::NO_SUCH_ELEMENT))
    }

    pub fn node_mut(&mut self, id: NodeId) -> ServiceResult<&mut Node> {
        self.nodes.get_mut(&id).ok_or_else(|| ServiceError::new(text::NO_SUCH_ELEMENT))
    }

    pub fn kind(&self, id: NodeId) -> ServiceResult<Kind> {
        Ok(self.node(id)?.kind)
    }

    /// `addHeader()` / `addFooter()`: the section, made when absent.
    pub fn add_section(&mut self, kind: Kind) -> ServiceResult<NodeId> {
        let existing = if kind == Kind::HeaderSection { self.header } else { self.footer };
        if let Some(id) = existing {
            return Ok(id);
        }
        let id = self.alloc(Node::new(kind))?;
        let paragraph = self.alloc(Node::new(Kind::Paragraph))?;
        self.attach_unchecked(id, 0, paragraph);
        if kind == Kind::HeaderSection {
            self.header = Some(id);
        } else {
            self.footer = Some(id);
        }
        Ok(id)
    }

    /// Characters in the document's sections (what the size limit counts).
    pub fn chars(&self) -> usize {
        self.nodes.values().filter(|n| n.kind == Kind::Text).map(|n| n.text.chars().count()).sum()
    }

    /// Refuses a document past [`DOCUMENT_CHARS_MAX`]; bytes bound characters, so the
    /// count is only made when the bytes pass the limit.
    pub fn check_size(&self) -> ServiceResult<()> {
        self.check_room(0, "")
    }

    /// Refuses a change that would take the document past [`DOCUMENT_CHARS_MAX`]: `removed`
    /// characters go and `added` comes (checked before the change, so a refused one
    /// changes nothing).
    pub fn check_room(&self, removed: usize, added: &str) -> ServiceResult<()> {
        let bytes: usize = self.nodes.values().map(|n| n.text.len()).sum::<usize>() + added.len();
        if bytes > DOCUMENT_CHARS_MAX && self.chars() + added.chars().count() > DOCUMENT_CHARS_MAX + removed {
            return Err(ServiceError::new(text::TOO_LARGE));
        }
        Ok(())
    }

    /// A state file's document: every child names its parent back, every node but the
    /// sections and detached copies has a parent that lists it, runs cover the text,
    /// kinds nest as the platform's do, limits hold.
    pub fn check(&self) -> Result<(), String> {
        if self.nodes.len() > NODES_PER_DOCUMENT_MAX {
            return Err(format!("holds {} elements, more than gas-sim's {NODES_PER_DOCUMENT_MAX}", self.nodes.len()));
        }
        let sections = [Some(self.body), self.header, self.footer];
        for (i, want) in [Kind::BodySection, Kind::HeaderSection, Kind::FooterSection].into_iter().enumerate() {
            if let Some(id) = sections[i] {
                match self.nodes.get(&id) {
                    Some(node) if node.kind == want && node.parent.is_none() => {}
                    _ => return Err(format!("section {id} is no {} without a parent", want.name())),
                }
            }
        }
        for (id, node) in &self.nodes {
            let at = |e: String| format!("nodes.{id}: {e}");
            if *id >= self.next_id {
                return Err(at(format!("id not below next_id {}", self.next_id)));
            }
            if node.kind.is_section() && !sections.contains(&Some(*id)) {
                return Err(at("a section the document does not name".into()));
            }
            if let Some(parent) = node.parent {
                let listed = self.nodes.get(&parent).is_some_and(|p| p.children.contains(id));
                if !listed {
                    return Err(at(format!("parent {parent} does not list it")));
                }
            }
            for child in &node.children {
                let Some(c) = self.nodes.get(child) else { return Err(at(format!("child {child} is missing"))) };
                if c.parent != Some(*id) || !tree::may_hold(node.kind, c.kind) {
                    return Err(at(format!("child {child} does not belong here")));
                }
            }
            if node.children.iter().collect::<std::collections::BTreeSet<_>>().len() != node.children.len() {
                return Err(at("a child listed twice".into()));
            }
            let covered: usize = node.runs.iter().map(|r| r.len).sum();
            if covered != node.text.chars().count() || node.runs.iter().any(|r| r.len == 0) {
                return Err(at("runs do not cover the text".into()));
            }
        }
        self.check_size().map_err(|e| e.message)
    }
}
