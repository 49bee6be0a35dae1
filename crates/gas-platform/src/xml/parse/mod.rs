//! `XmlService.parse`: quick-xml reads the text; this module builds the JDOM tree and
//! checks what quick-xml leaves to its caller (namespaces bound, entities declared,
//! content before and after the root), each failure with the text of Xerces, the
//! parser behind the platform's JDOM, as the platform shows it: `Error on line 1: The
//! element type "br" must be terminated by the matching end-tag "</br>".` (observed,
//! issue 24). The other Xerces texts are its message catalogue's (XMLMessages.properties),
//! assumed shown the same way.
//!
//! Not modelled: DTDs (an internal subset is kept as text, its entity declarations are
//! not read, an external DTD is never fetched: `&nbsp;` in XHTML fails as undeclared).

use quick_xml::escape::{resolve_xml_entity, unescape_with, EscapeError};
use quick_xml::events::attributes::AttrError;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::{verify, DocType, Id, Node, Store, XmlResult, NO_NAMESPACE, XML_NAMESPACE};
use crate::error::ServiceError;

/// The longest text `parse` reads, in characters: assumed, the size of the largest
/// UrlFetch response (50 MB, documented), which is where most parsed XML comes from.
pub const XML_PARSE_CHARS_MAX: usize = 50 * 1024 * 1024;
/// The deepest element nesting `parse` builds: assumed (Xerces has no such limit; the
/// cap keeps every walk of the tree shallow).
pub const XML_DEPTH_MAX: usize = 1_000;

/// The platform's parse error: the Xerces message with its line.
pub fn parse_error_text(line: usize, message: &str) -> String {
    format!("Error on line {line}: {message}")
}

const PREMATURE_END: &str = "Premature end of file.";
const UNCLOSED: &str = "XML document structures must start and end within the same entity.";
const PROLOG_TEXT: &str = "Content is not allowed in prolog.";
const TRAILING_TEXT: &str = "Content is not allowed in trailing section.";
const AFTER_ROOT: &str = "The markup in the document following the root element must be well-formed.";
const BEFORE_ROOT: &str = "The markup in the document preceding the root element must be well-formed.";
const BAD_CONTENT: &str = "The content of elements must consist of well-formed character data or markup.";
const CDATA_END_IN_TEXT: &str =
    "The character sequence \"]]>\" must not appear in content unless used to mark the end of a CDATA section.";
const XML_PI: &str = "The processing instruction target matching \"[xX][mM][lL]\" is not allowed.";
const BAD_CHAR_REF: &str = "A decimal representation must immediately follow the \"&#\" in a character reference.";
const DOUBLE_HYPHEN: &str = "The string \"--\" is not permitted within comments.";

fn undeclared_entity(name: &str) -> String {
    format!("The entity \"{name}\" was referenced, but not declared.")
}

/// One open element: its id and its name as written, and where its namespace
/// declarations start in the scope stack.
struct Open {
    id: Id,
    scope_len: usize,
}

struct Parser<'a> {
    store: &'a mut Store,
    text: &'a str,
    document: Id,
    open: Vec<Open>,
    /// Namespace declarations in scope, innermost last: (prefix, namespace id).
    scope: Vec<(String, Id)>,
    /// Character data not yet made a Text node (text and references merge, as JDOM's
    /// SAX handler merges them).
    pending: String,
    root_done: bool,
    /// Where the current event started, for its error's line.
    at: usize,
}

impl Store {
    /// `XmlService.parse(xml)`: the document, or the platform's error.
    pub fn parse(&mut self, text: &str) -> XmlResult<Id> {
        if text.chars().count() > XML_PARSE_CHARS_MAX {
            return Err(ServiceError::new(format!(
                "gas-sim: XmlService.parse was given more than {XML_PARSE_CHARS_MAX} characters (XML_PARSE_CHARS_MAX)"
            )));
        }
        let document = self.create_document()?;
        let mut parser = Parser {
            store: self,
            text,
            document,
            open: Vec::new(),
            scope: Vec::new(),
            pending: String::new(),
            root_done: false,
            at: 0,
        };
        parser.run()?;
        Ok(document)
    }
}

impl Parser<'_> {
    fn error(&self, message: &str) -> ServiceError {
        self.error_at(self.at, message)
    }

    fn error_at(&self, position: usize, message: &str) -> ServiceError {
        let before = &self.text.as_bytes()[..position.min(self.text.len())];
        let line = 1 + before.iter().filter(|b| **b == b'\n').count();
        ServiceError::new(parse_error_text(line, message))
    }

    fn run(&mut self) -> XmlResult<()> {
        let text = self.text;
        let mut reader = Reader::from_str(text);
        reader.config_mut().check_comments = true;
        loop {
            self.at = reader.buffer_position() as usize;
            let event = match reader.read_event() {
                Ok(event) => event,
                Err(error) => {
                    let position = reader.error_position() as usize;
                    return Err(self.error_at(position, &self.reader_error(&error)));
                }
            };
            if !matches!(event, Event::Text(_) | Event::GeneralRef(_)) {
                self.flush_text()?;
            }
            match event {
                Event::Eof => return self.finish(reader.buffer_position() as usize),
                Event::Start(start) => self.start(&start, false)?,
                Event::Empty(start) => self.start(&start, true)?,
                Event::End(_) => self.end()?,
                Event::Text(t) => self.text(&t.xml10_content())?,
                Event::GeneralRef(r) => self.reference(&r)?,
                Event::CData(c) => {
                    let data = c.xml10_content().into_owned();
                    self.markup_inside()?;
                    self.character_check(&data)?;
                    let node = self.store.create_cdata_unchecked(data)?;
                    self.attach(node)?;
                }
                Event::Comment(c) => {
                    let node = self.store.create_unchecked(Node::Comment(c.xml10_content().into_owned()))?;
                    self.attach(node)?;
                }
                Event::PI(pi) => {
                    if pi.target().eq_ignore_ascii_case("xml") {
                        return Err(self.error(XML_PI));
                    }
                    let node = self.store.create_unchecked(Node::Pi {
                        target: pi.target().into(),
                        data: pi.content().trim_start().into(),
                    })?;
                    self.attach(node)?;
                }
                // Only at the very start (quick-xml reads a later one as a PI named xml).
                Event::Decl(_) if self.at != 0 => return Err(self.error(XML_PI)),
                Event::Decl(_) => {}
                Event::DocType(d) => self.doc_type(&d)?,
            }
        }
    }

    /// The message for what quick-xml refused.
    fn reader_error(&self, error: &quick_xml::Error) -> String {
        use quick_xml::errors::{IllFormedError, SyntaxError};
        match error {
            quick_xml::Error::IllFormed(IllFormedError::MismatchedEndTag { expected, .. }) => {
                format!("The element type \"{expected}\" must be terminated by the matching end-tag \"</{expected}>\".")
            }
            quick_xml::Error::IllFormed(IllFormedError::UnmatchedEndTag(_)) if !self.root_done => BEFORE_ROOT.into(),
            quick_xml::Error::IllFormed(IllFormedError::UnmatchedEndTag(_)) => AFTER_ROOT.into(),
            quick_xml::Error::IllFormed(IllFormedError::DoubleHyphenInComment) => DOUBLE_HYPHEN.into(),
            quick_xml::Error::IllFormed(IllFormedError::UnclosedReference) => {
                let name = self.reference_name_at(self.at);
                format!("The reference to entity \"{name}\" must end with the ';' delimiter.")
            }
            quick_xml::Error::Syntax(SyntaxError::InvalidBangMarkup) if self.open.is_empty() => {
                if self.root_done {
                    AFTER_ROOT.into()
                } else {
                    BEFORE_ROOT.into()
                }
            }
            quick_xml::Error::Syntax(SyntaxError::InvalidBangMarkup) => BAD_CONTENT.into(),
            quick_xml::Error::Syntax(_) => UNCLOSED.into(),
            _ if self.open.is_empty() && !self.root_done => BEFORE_ROOT.into(),
            _ if self.open.is_empty() => AFTER_ROOT.into(),
            _ => BAD_CONTENT.into(),
        }
    }

    /// The name after the first `&` at or after `position` (an unterminated reference).
    fn reference_name_at(&self, position: usize) -> String {
        // `get`: a position inside a multi-byte character gives no name, not a panic.
        let rest = self.text.get(position.min(self.text.len())..).unwrap_or("");
        let after = rest.find('&').map_or("", |i| &rest[i + 1..]);
        after.chars().take_while(|c| verify::is_name_char(*c) || *c == ':').collect()
    }

    fn finish(&mut self, end: usize) -> XmlResult<()> {
        if !self.open.is_empty() {
            return Err(self.error_at(end, UNCLOSED));
        }
        if !self.root_done {
            return Err(self.error_at(end, PREMATURE_END));
        }
        Ok(())
    }

    /// Where the next node goes: the open element, else the document.
    fn parent(&self) -> Id {
        self.open.last().map_or(self.document, |open| open.id)
    }

    fn attach(&mut self, node: Id) -> XmlResult<()> {
        let parent = self.parent();
        self.store.push_child(parent, node);
        Ok(())
    }

    /// Markup only elements may hold (CDATA): refused outside the root.
    fn markup_inside(&self) -> XmlResult<()> {
        match (self.open.is_empty(), self.root_done) {
            (false, _) => Ok(()),
            (true, false) => Err(self.error(BEFORE_ROOT)),
            (true, true) => Err(self.error(AFTER_ROOT)),
        }
    }

    fn character_check(&self, text: &str) -> XmlResult<()> {
        match text.chars().find(|c| !verify::is_xml_char(*c)) {
            Some(c) => Err(self.error(&format!(
                "An invalid XML character (Unicode: 0x{:x}) was found in the element content of the document.",
                u32::from(c)
            ))),
            None => Ok(()),
        }
    }

    fn text(&mut self, text: &str) -> XmlResult<()> {
        if self.open.is_empty() {
            if text.chars().all(|c| matches!(c, ' ' | '\t' | '\n' | '\r')) {
                return Ok(());
            }
            return Err(self.error(if self.root_done { TRAILING_TEXT } else { PROLOG_TEXT }));
        }
        self.character_check(text)?;
        if text.contains("]]>") {
            return Err(self.error(CDATA_END_IN_TEXT));
        }
        self.pending.push_str(text);
        Ok(())
    }

    fn reference(&mut self, reference: &quick_xml::events::BytesRef) -> XmlResult<()> {
        let resolved = match reference.resolve_char_ref() {
            Ok(Some(c)) if verify::is_xml_char(c) => c.to_string(),
            Ok(Some(c)) => {
                return Err(
                    self.error(&format!("Character reference \"&#{}\" is an invalid XML character.", u32::from(c)))
                )
            }
            Err(_) => return Err(self.error(BAD_CHAR_REF)),
            Ok(None) => match resolve_xml_entity(reference) {
                Some(text) => text.to_string(),
                None => return Err(self.error(&undeclared_entity(reference))),
            },
        };
        if self.open.is_empty() {
            return Err(self.error(if self.root_done { TRAILING_TEXT } else { PROLOG_TEXT }));
        }
        self.pending.push_str(&resolved);
        Ok(())
    }

    fn flush_text(&mut self) -> XmlResult<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let text = std::mem::take(&mut self.pending);
        let node = self.store.create_unchecked(Node::Text(text))?;
        self.attach(node)
    }

    fn doc_type(&mut self, text: &str) -> XmlResult<()> {
        if !self.open.is_empty() || self.root_done {
            return Err(self.error(if self.root_done { AFTER_ROOT } else { BAD_CONTENT }));
        }
        let node = self.store.create_unchecked(Node::DocType(doc_type_of(text)))?;
        self.attach(node)
    }
}

/// A `<!DOCTYPE ...>`'s parts: the root element's name, PUBLIC/SYSTEM ids, the internal
/// subset as written.
fn doc_type_of(text: &str) -> DocType {
    let (head, subset) = match (text.find('['), text.rfind(']')) {
        (Some(open), Some(close)) if open < close => (&text[..open], Some(text[open + 1..close].to_string())),
        _ => (text, None),
    };
    let mut words = head.split_whitespace();
    let element_name = words.next().unwrap_or("").to_string();
    let rest: String = words.collect::<Vec<_>>().join(" ");
    let quoted: Vec<String> = rest.split(['"', '\'']).skip(1).step_by(2).map(String::from).collect();
    let (public_id, system_id) = if rest.starts_with("PUBLIC") {
        (quoted.first().cloned(), quoted.get(1).cloned())
    } else if rest.starts_with("SYSTEM") {
        (None, quoted.first().cloned())
    } else {
        (None, None)
    };
    DocType { element_name, public_id, system_id, internal_subset: subset }
}

mod elements;
