//! `Format` and JDOM 2's `XMLOutputter`, which the platform's `Format.format` is:
//! the declaration `<?xml version="1.0" encoding="UTF-8"?>` and a line separator after
//! it, `\r\n` as the line separator, an empty element as `<a />`, the three presets
//! (documented: `getRawFormat`, `getCompactFormat`, `getPrettyFormat`; their settings
//! are JDOM's `Format.getRawFormat()` ...: raw keeps text as it is, compact normalises
//! whitespace, pretty trims it and indents by two spaces), escapes as JDOM's default
//! escape strategy (characters the encoding cannot hold as `&#x..;`).

use std::collections::BTreeMap;

use super::{Id, Node, Store, XmlResult, NO_NAMESPACE, XML_NAMESPACE, XML_NAMESPACE_URI};
use crate::error::ServiceError;

/// JDOM's text modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextMode {
    /// Text as it is (raw).
    Preserve,
    /// Whitespace at either end removed (pretty).
    Trim,
    /// Whitespace runs made one space, ends trimmed (compact).
    Normalize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pub encoding: String,
    /// `None`: no line breaks or indentation between elements.
    pub indent: Option<String>,
    pub line_separator: String,
    pub omit_declaration: bool,
    pub omit_encoding: bool,
    pub text_mode: TextMode,
}

/// JDOM's `LineSeparator.DEFAULT`, every preset's.
pub const LINE_SEPARATOR_DEFAULT: &str = "\r\n";
/// `getPrettyFormat()`'s indent.
pub const PRETTY_INDENT: &str = "  ";

impl Format {
    pub fn raw() -> Format {
        Format {
            encoding: "UTF-8".into(),
            indent: None,
            line_separator: LINE_SEPARATOR_DEFAULT.into(),
            omit_declaration: false,
            omit_encoding: false,
            text_mode: TextMode::Preserve,
        }
    }

    pub fn compact() -> Format {
        Format { text_mode: TextMode::Normalize, ..Format::raw() }
    }

    pub fn pretty() -> Format {
        Format { indent: Some(PRETTY_INDENT.into()), text_mode: TextMode::Trim, ..Format::raw() }
    }

    /// Whether the encoding can hold `c` (JDOM's escape strategy by encoding: UTF-8 and
    /// UTF-16 hold everything, ISO-8859-1 up to U+00FF, ASCII up to U+007F; any other
    /// name is treated as UTF-8: assumed).
    fn encodes(&self, c: char) -> bool {
        match self.encoding.to_ascii_uppercase().as_str() {
            "US-ASCII" | "ASCII" => (c as u32) < 0x80,
            "ISO-8859-1" | "LATIN1" => (c as u32) < 0x100,
            _ => true,
        }
    }
}

/// A piece of an element's content as the outputter walks it: a run of text (Text,
/// CDATA and entity references side by side) or a node that is markup.
enum Piece {
    Text(Vec<(Id, String)>),
    Markup(Id),
}

struct Writer<'a> {
    store: &'a Store,
    format: &'a Format,
    out: String,
    /// Prefix to URI bindings in scope, one map per open element.
    scopes: Vec<BTreeMap<String, String>>,
}

impl Store {
    /// `Format.format(document)`.
    pub fn format_document(&self, format: &Format, document: Id) -> XmlResult<String> {
        let mut writer = Writer::new(self, format);
        writer.declaration();
        let content = self.content(document)?;
        for (i, id) in content.iter().enumerate() {
            if i > 0 && format.indent.is_some() {
                writer.out.push_str(&format.line_separator);
            }
            writer.top_level(*id)?;
        }
        if !content.is_empty() {
            writer.out.push_str(&format.line_separator);
        }
        Ok(writer.out)
    }

    /// `Format.format(element)`: the element alone, no declaration, no final line break.
    pub fn format_element(&self, format: &Format, element: Id) -> XmlResult<String> {
        let mut writer = Writer::new(self, format);
        writer.element(element, 0, format.text_mode)?;
        Ok(writer.out)
    }
}

impl<'a> Writer<'a> {
    fn new(store: &'a Store, format: &'a Format) -> Writer<'a> {
        let mut root = BTreeMap::new();
        root.insert(String::new(), String::new());
        root.insert("xml".to_string(), XML_NAMESPACE_URI.to_string());
        Writer { store, format, out: String::new(), scopes: vec![root] }
    }

    fn declaration(&mut self) {
        if self.format.omit_declaration {
            return;
        }
        if self.format.omit_encoding {
            self.out.push_str("<?xml version=\"1.0\"?>");
        } else {
            self.out.push_str(&format!("<?xml version=\"1.0\" encoding=\"{}\"?>", self.format.encoding));
        }
        // JDOM: "Print new line after decl always, even if no other new lines".
        self.out.push_str(&self.format.line_separator);
    }

    fn top_level(&mut self, id: Id) -> XmlResult<()> {
        match self.store.node(id)? {
            Node::Element(_) => self.element(id, 0, self.format.text_mode),
            _ => self.markup(id),
        }
    }

    /// Comments, processing instructions, DocTypes (not elements, not text).
    fn markup(&mut self, id: Id) -> XmlResult<()> {
        match self.store.node(id)? {
            Node::Comment(text) => self.out.push_str(&format!("<!--{text}-->")),
            Node::Pi { target, data } if data.is_empty() => self.out.push_str(&format!("<?{target}?>")),
            Node::Pi { target, data } => self.out.push_str(&format!("<?{target} {data}?>")),
            Node::DocType(doc_type) => {
                self.out.push_str("<!DOCTYPE ");
                self.out.push_str(&doc_type.element_name);
                if let Some(public_id) = &doc_type.public_id {
                    self.out.push_str(&format!(" PUBLIC \"{public_id}\""));
                }
                if let Some(system_id) = &doc_type.system_id {
                    let keyword = if doc_type.public_id.is_none() { " SYSTEM" } else { "" };
                    self.out.push_str(&format!("{keyword} \"{system_id}\""));
                }
                if let Some(subset) = doc_type.internal_subset.as_deref().filter(|s| !s.is_empty()) {
                    self.out.push_str(&format!(" [{}{subset}]", self.format.line_separator));
                }
                self.out.push('>');
            }
            _ => {}
        }
        Ok(())
    }

    fn element(&mut self, id: Id, level: usize, mode: TextMode) -> XmlResult<()> {
        if level > super::XML_DEPTH_MAX {
            return Err(ServiceError::new(format!(
                "gas-sim: Format.format nests elements deeper than {} (XML_DEPTH_MAX)",
                super::XML_DEPTH_MAX
            )));
        }
        let element = self.store.element(id)?;
        let name = self.store.qualified_name(id)?;
        let mode = match self.xml_space(id) {
            Some("preserve") => TextMode::Preserve,
            Some("default") => self.format.text_mode,
            _ => mode,
        };
        self.out.push('<');
        self.out.push_str(&name);
        self.scopes.push(BTreeMap::new());
        self.declarations(id)?;
        for attribute in &element.attributes {
            let attribute = self.store.attribute(*attribute)?;
            let prefix = &self.store.namespace(attribute.namespace)?.prefix;
            let qualified =
                if prefix.is_empty() { attribute.name.clone() } else { format!("{prefix}:{}", attribute.name) };
            let value = self.escape_attribute(&attribute.value);
            self.out.push_str(&format!(" {qualified}=\"{value}\""));
        }
        let pieces = self.pieces(&element.content, mode)?;
        if pieces.is_empty() {
            self.out.push_str(" />");
        } else {
            self.out.push('>');
            self.body(&pieces, level, mode)?;
            self.out.push_str(&format!("</{name}>"));
        }
        self.scopes.pop();
        Ok(())
    }

    /// The content between the tags: inline when it is all text, else each piece on its
    /// own line when the format indents.
    fn body(&mut self, pieces: &[Piece], level: usize, mode: TextMode) -> XmlResult<()> {
        let all_text = pieces.iter().all(|p| matches!(p, Piece::Text(_)));
        let pad = |depth: usize| {
            self.format
                .indent
                .as_ref()
                .filter(|_| !all_text)
                .map(|indent| format!("{}{}", self.format.line_separator, indent.repeat(depth)))
        };
        let (between, last) = (pad(level + 1), pad(level));
        for piece in pieces {
            if let Some(pad) = &between {
                self.out.push_str(pad);
            }
            match piece {
                Piece::Text(run) => self.text_run(run)?,
                Piece::Markup(id) if self.store.is_element(*id) => self.element(*id, level + 1, mode)?,
                Piece::Markup(id) => self.markup(*id)?,
            }
        }
        if let Some(pad) = &last {
            self.out.push_str(pad);
        }
        Ok(())
    }

    fn text_run(&mut self, run: &[(Id, String)]) -> XmlResult<()> {
        for (id, text) in run {
            match self.store.node(*id)? {
                Node::Cdata(_) => self.out.push_str(&format!("<![CDATA[{text}]]>")),
                Node::EntityRef { name, .. } => self.out.push_str(&format!("&{name};")),
                _ => {
                    let escaped = self.escape_text(text);
                    self.out.push_str(&escaped);
                }
            }
        }
        Ok(())
    }

    /// The element's content as the walker of `mode` gives it: runs of text trimmed or
    /// normalised (and dropped when nothing is left), markup as it is.
    fn pieces(&self, content: &[Id], mode: TextMode) -> XmlResult<Vec<Piece>> {
        let mut pieces = Vec::new();
        let mut run: Vec<(Id, String)> = Vec::new();
        for id in content {
            match self.store.node(*id)? {
                Node::Text(t) | Node::Cdata(t) => run.push((*id, t.clone())),
                Node::EntityRef { .. } => run.push((*id, String::new())),
                _ => {
                    push_run(&mut pieces, std::mem::take(&mut run), mode, self.store);
                    pieces.push(Piece::Markup(*id));
                }
            }
        }
        push_run(&mut pieces, run, mode, self.store);
        Ok(pieces)
    }

    /// The namespace declarations this element needs: its own namespace first, then its
    /// other declarations and its attributes' namespaces by prefix (JDOM's NamespaceStack).
    fn declarations(&mut self, id: Id) -> XmlResult<()> {
        let element = self.store.element(id)?;
        let mut others: Vec<Id> = element.additional.clone();
        for attribute in &element.attributes {
            let namespace = self.store.attribute(*attribute)?.namespace;
            if namespace != NO_NAMESPACE && !others.contains(&namespace) {
                others.push(namespace);
            }
        }
        others.sort_by_key(|ns| self.store.namespace(*ns).map(|n| n.prefix.clone()).unwrap_or_default());
        for namespace in std::iter::once(element.namespace).chain(others) {
            if namespace == XML_NAMESPACE {
                continue;
            }
            let ns = self.store.namespace(namespace)?;
            if self.bound(&ns.prefix) == Some(ns.uri.as_str()) {
                continue;
            }
            let uri = self.escape_attribute(&ns.uri);
            if ns.prefix.is_empty() {
                self.out.push_str(&format!(" xmlns=\"{uri}\""));
            } else {
                self.out.push_str(&format!(" xmlns:{}=\"{uri}\"", ns.prefix));
            }
            if let Some(scope) = self.scopes.last_mut() {
                scope.insert(ns.prefix.clone(), ns.uri.clone());
            }
        }
        Ok(())
    }

    fn bound(&self, prefix: &str) -> Option<&str> {
        self.scopes.iter().rev().find_map(|scope| scope.get(prefix)).map(String::as_str)
    }

    fn xml_space(&self, id: Id) -> Option<&'a str> {
        let attribute = self.store.attribute_named(id, "space", XML_NAMESPACE).ok().flatten()?;
        self.store.attribute(attribute).ok().map(|a| a.value.as_str())
    }

    fn escape_text(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '\r' => out.push_str("&#xD;"),
                c if self.format.encodes(c) => out.push(c),
                c => out.push_str(&format!("&#x{:x};", u32::from(c))),
            }
        }
        out
    }

    fn escape_attribute(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            match c {
                '"' => out.push_str("&quot;"),
                '\t' => out.push_str("&#x9;"),
                '\n' => out.push_str("&#xA;"),
                other => out.push_str(&self.escape_text(other.encode_utf8(&mut [0; 4]))),
            }
        }
        out
    }
}

/// A finished run of text, as `mode` shows it.
fn push_run(pieces: &mut Vec<Piece>, mut run: Vec<(Id, String)>, mode: TextMode, store: &Store) {
    if run.is_empty() {
        return;
    }
    let is_text = |id: Id| matches!(store.node(id), Ok(Node::Text(_) | Node::Cdata(_)));
    match mode {
        TextMode::Preserve => {}
        TextMode::Trim | TextMode::Normalize => {
            if mode == TextMode::Normalize {
                for (_, text) in run.iter_mut() {
                    *text = normalize(text);
                }
            }
            if let Some((_, first)) = run.first_mut() {
                *first = first.trim_start_matches(is_xml_space).to_string();
            }
            if let Some((_, last)) = run.last_mut() {
                *last = last.trim_end_matches(is_xml_space).to_string();
            }
            run.retain(|(id, text)| !text.is_empty() || !is_text(*id));
        }
    }
    if !run.is_empty() {
        pieces.push(Piece::Text(run));
    }
}

fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// JDOM `Format.compact`: whitespace runs one space, the ends trimmed.
fn normalize(text: &str) -> String {
    text.split(is_xml_space).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}
