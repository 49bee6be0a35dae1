//! XmlService's model: a JDOM 2 tree (Apps Script's XmlService wraps JDOM: its classes,
//! `Format`'s three presets and its error texts are JDOM's), kept in one arena per
//! execution. Every object a script holds (a node, an attribute, a namespace, a format)
//! is an [`Id`] into the [`Store`]; nothing is freed before the execution ends, so an id
//! never dangles, and the store's size is capped ([`XML_ITEMS_PER_EXECUTION_MAX`]).
//!
//! - `mod.rs`: the items, the store, namespaces (interned: the same prefix and URI is the
//!   same id), the makers `XmlService.create*` calls;
//! - `tree.rs`: what JDOM's `Parent`s do: add, insert, remove, detach, clone, children
//!   by name and namespace, text and value, attributes, namespaces in scope;
//! - `verify.rs`: JDOM's `Verifier` (legal names and characters) and its texts;
//! - `parse.rs`: `XmlService.parse` on quick-xml, with the Xerces error texts the
//!   platform shows (`Error on line 1: ...`);
//! - `format.rs`: `Format` and JDOM's `XMLOutputter` (raw, compact, pretty).

mod format;
mod parse;
mod tree;
mod verify;

pub use format::{Format, TextMode};
pub use parse::{parse_error_text, XML_DEPTH_MAX, XML_PARSE_CHARS_MAX};
pub use verify::{illegal_data, illegal_name};

use crate::error::ServiceError;

/// Everything one execution made with XmlService, nodes, attributes, namespaces and
/// formats together: assumed (the platform's cap is its memory); parsing a 50 MB
/// UrlFetch response of small elements stays under it.
pub const XML_ITEMS_PER_EXECUTION_MAX: usize = 2_000_000;
/// gas-sim's text when [`XML_ITEMS_PER_EXECUTION_MAX`] is reached.
pub const XML_ITEMS_TEXT: &str =
    "gas-sim: this execution made more than 2,000,000 XmlService objects (XML_ITEMS_PER_EXECUTION_MAX)";

/// An argument or handle that names no XmlService object (a plain object, a number
/// past the store): assumed, the platform's signature check would refuse it.
pub const NOT_AN_XML_OBJECT_TEXT: &str = "Invalid argument: an XmlService object was expected";

/// The namespace of a name without one (JDOM `Namespace.NO_NAMESPACE`).
pub const NO_NAMESPACE: Id = 0;
/// The `xml:` namespace every document has bound (JDOM `Namespace.XML_NAMESPACE`).
pub const XML_NAMESPACE: Id = 1;
pub const XML_NAMESPACE_URI: &str = "http://www.w3.org/XML/1998/namespace";

/// An object of the store, as a script's handle names it.
pub type Id = u32;

/// JDOM's content types, as `Content.getType()` names them (`XmlService.ContentTypes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContentType {
    Cdata,
    Comment,
    DocType,
    Element,
    EntityRef,
    ProcessingInstruction,
    Text,
}

impl ContentType {
    pub fn name(self) -> &'static str {
        match self {
            ContentType::Cdata => "CDATA",
            ContentType::Comment => "COMMENT",
            ContentType::DocType => "DOCTYPE",
            ContentType::Element => "ELEMENT",
            ContentType::EntityRef => "ENTITYREF",
            ContentType::ProcessingInstruction => "PROCESSINGINSTRUCTION",
            ContentType::Text => "TEXT",
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Element {
    /// The local name.
    pub name: String,
    pub namespace: Id,
    /// Declarations besides the element's own namespace (`xmlns:media="..."`).
    pub additional: Vec<Id>,
    pub attributes: Vec<Id>,
    pub content: Vec<Id>,
}

#[derive(Clone, Debug, Default)]
pub struct DocType {
    pub element_name: String,
    pub public_id: Option<String>,
    pub system_id: Option<String>,
    pub internal_subset: Option<String>,
}

#[derive(Clone, Debug)]
pub enum Node {
    Document { content: Vec<Id> },
    Element(Element),
    Text(String),
    Cdata(String),
    Comment(String),
    DocType(DocType),
    EntityRef { name: String, public_id: Option<String>, system_id: Option<String> },
    Pi { target: String, data: String },
}

impl Node {
    /// The content type; `None` for a document (which is no Content).
    pub fn content_type(&self) -> Option<ContentType> {
        Some(match self {
            Node::Document { .. } => return None,
            Node::Element(_) => ContentType::Element,
            Node::Text(_) => ContentType::Text,
            Node::Cdata(_) => ContentType::Cdata,
            Node::Comment(_) => ContentType::Comment,
            Node::DocType(_) => ContentType::DocType,
            Node::EntityRef { .. } => ContentType::EntityRef,
            Node::Pi { .. } => ContentType::ProcessingInstruction,
        })
    }
}

#[derive(Clone, Debug)]
pub struct Attribute {
    pub name: String,
    pub namespace: Id,
    pub value: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Namespace {
    pub prefix: String,
    pub uri: String,
}

#[derive(Clone, Debug)]
enum Item {
    /// A node and its parent (an element or a document).
    Node(Node, Option<Id>),
    /// An attribute and the element it is on.
    Attribute(Attribute, Option<Id>),
    Namespace(Namespace),
    Format(Format),
}

/// The arena (see the module documentation).
#[derive(Clone, Debug)]
pub struct Store {
    items: Vec<Item>,
    /// Interned namespaces: (prefix, uri) to id.
    namespaces: std::collections::BTreeMap<(String, String), Id>,
}

impl Default for Store {
    fn default() -> Self {
        let mut store = Store { items: Vec::new(), namespaces: Default::default() };
        store.intern(Namespace { prefix: String::new(), uri: String::new() });
        store.intern(Namespace { prefix: "xml".into(), uri: XML_NAMESPACE_URI.into() });
        store
    }
}

pub type XmlResult<T> = Result<T, ServiceError>;

/// What a script passed where another kind of object was wanted (a Namespace for an
/// Element ...): gas-sim's text, as the platform's signature check would refuse it.
fn wrong_object(wanted: &str) -> ServiceError {
    ServiceError::new(format!("Invalid argument: {wanted}"))
}

impl Store {
    fn push(&mut self, item: Item) -> XmlResult<Id> {
        if self.items.len() >= XML_ITEMS_PER_EXECUTION_MAX {
            return Err(ServiceError::new(XML_ITEMS_TEXT));
        }
        self.items.push(item);
        Ok((self.items.len() - 1) as Id)
    }

    fn intern(&mut self, namespace: Namespace) -> Id {
        let key = (namespace.prefix.clone(), namespace.uri.clone());
        if let Some(id) = self.namespaces.get(&key) {
            return *id;
        }
        // Interned namespaces are few (one per prefix and URI), so not counted to the cap.
        self.items.push(Item::Namespace(namespace));
        let id = (self.items.len() - 1) as Id;
        self.namespaces.insert(key, id);
        id
    }

    /// How many objects the store holds.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    // ---- Reading items ------------------------------------------------------------

    pub fn node(&self, id: Id) -> XmlResult<&Node> {
        match self.items.get(id as usize) {
            Some(Item::Node(node, _)) => Ok(node),
            _ => Err(wrong_object("content")),
        }
    }

    fn node_mut(&mut self, id: Id) -> XmlResult<&mut Node> {
        match self.items.get_mut(id as usize) {
            Some(Item::Node(node, _)) => Ok(node),
            _ => Err(wrong_object("content")),
        }
    }

    /// The element or document that holds `id`.
    pub fn parent(&self, id: Id) -> Option<Id> {
        match self.items.get(id as usize) {
            Some(Item::Node(_, parent)) | Some(Item::Attribute(_, parent)) => *parent,
            _ => None,
        }
    }

    fn set_parent(&mut self, id: Id, to: Option<Id>) {
        if let Some(Item::Node(_, parent)) | Some(Item::Attribute(_, parent)) = self.items.get_mut(id as usize) {
            *parent = to;
        }
    }

    pub fn element(&self, id: Id) -> XmlResult<&Element> {
        match self.node(id) {
            Ok(Node::Element(element)) => Ok(element),
            _ => Err(wrong_object("element")),
        }
    }

    pub fn element_mut(&mut self, id: Id) -> XmlResult<&mut Element> {
        match self.node_mut(id) {
            Ok(Node::Element(element)) => Ok(element),
            _ => Err(wrong_object("element")),
        }
    }

    /// A node's content type (a document has none).
    pub fn content_type(&self, id: Id) -> XmlResult<ContentType> {
        self.node(id)?.content_type().ok_or_else(|| wrong_object("content"))
    }

    /// A processing instruction's target and data.
    pub fn processing_instruction(&self, id: Id) -> XmlResult<(&str, &str)> {
        match self.node(id)? {
            Node::Pi { target, data } => Ok((target, data)),
            _ => Err(wrong_object("processing instruction")),
        }
    }

    pub fn is_element(&self, id: Id) -> bool {
        matches!(self.node(id), Ok(Node::Element(_)))
    }

    pub fn is_document(&self, id: Id) -> bool {
        matches!(self.node(id), Ok(Node::Document { .. }))
    }

    pub fn attribute(&self, id: Id) -> XmlResult<&Attribute> {
        match self.items.get(id as usize) {
            Some(Item::Attribute(attribute, _)) => Ok(attribute),
            _ => Err(wrong_object("attribute")),
        }
    }

    pub fn attribute_mut(&mut self, id: Id) -> XmlResult<&mut Attribute> {
        match self.items.get_mut(id as usize) {
            Some(Item::Attribute(attribute, _)) => Ok(attribute),
            _ => Err(wrong_object("attribute")),
        }
    }

    pub fn namespace(&self, id: Id) -> XmlResult<&Namespace> {
        match self.items.get(id as usize) {
            Some(Item::Namespace(namespace)) => Ok(namespace),
            _ => Err(wrong_object("namespace")),
        }
    }

    pub fn format(&self, id: Id) -> XmlResult<&Format> {
        match self.items.get(id as usize) {
            Some(Item::Format(format)) => Ok(format),
            _ => Err(wrong_object("format")),
        }
    }

    pub fn format_mut(&mut self, id: Id) -> XmlResult<&mut Format> {
        match self.items.get_mut(id as usize) {
            Some(Item::Format(format)) => Ok(format),
            _ => Err(wrong_object("format")),
        }
    }

    // ---- Makers (XmlService.create*, getNamespace, get*Format) ----------------------

    /// `XmlService.getNamespace(prefix, uri)` (JDOM `Namespace.getNamespace`): checked
    /// as JDOM checks it, then interned.
    pub fn get_namespace(&mut self, prefix: &str, uri: &str) -> XmlResult<Id> {
        verify::check_namespace(prefix, uri)?;
        Ok(self.intern(Namespace { prefix: prefix.into(), uri: uri.into() }))
    }

    pub fn new_format(&mut self, format: Format) -> XmlResult<Id> {
        self.push(Item::Format(format))
    }

    pub fn create_document(&mut self) -> XmlResult<Id> {
        self.push(Item::Node(Node::Document { content: Vec::new() }, None))
    }

    /// `createElement(name[, namespace])`.
    pub fn create_element(&mut self, name: &str, namespace: Id) -> XmlResult<Id> {
        verify::check_element_name(name)?;
        self.namespace(namespace)?;
        let element = Element { name: name.into(), namespace, ..Default::default() };
        self.push(Item::Node(Node::Element(element), None))
    }

    pub fn create_text(&mut self, text: &str) -> XmlResult<Id> {
        verify::check_character_data(text)?;
        self.push(Item::Node(Node::Text(text.into()), None))
    }

    pub fn create_cdata(&mut self, text: &str) -> XmlResult<Id> {
        verify::check_cdata(text)?;
        self.push(Item::Node(Node::Cdata(text.into()), None))
    }

    pub fn create_comment(&mut self, text: &str) -> XmlResult<Id> {
        verify::check_comment(text)?;
        self.push(Item::Node(Node::Comment(text.into()), None))
    }

    pub fn create_doc_type(&mut self, doc_type: DocType) -> XmlResult<Id> {
        verify::check_element_name_qualified(&doc_type.element_name, "DocType")?;
        self.push(Item::Node(Node::DocType(doc_type), None))
    }

    pub fn create_pi(&mut self, target: &str, data: &str) -> XmlResult<Id> {
        self.push(Item::Node(Node::Pi { target: target.into(), data: data.into() }, None))
    }

    pub fn create_entity_ref(&mut self, name: &str) -> XmlResult<Id> {
        self.push(Item::Node(Node::EntityRef { name: name.into(), public_id: None, system_id: None }, None))
    }

    /// A new attribute, on no element yet (`Element.setAttribute(name, value[, ns])`
    /// makes one).
    pub fn create_attribute(&mut self, name: &str, value: &str, namespace: Id) -> XmlResult<Id> {
        verify::check_attribute_name(name)?;
        verify::check_character_data(value)?;
        let ns = self.namespace(namespace)?;
        if !ns.uri.is_empty() && ns.prefix.is_empty() {
            // JDOM: an attribute in a namespace needs a prefix.
            return Err(illegal_name(
                "",
                "attribute namespace",
                "An attribute namespace without a prefix can only be the NO_NAMESPACE namespace",
            ));
        }
        self.push(Item::Attribute(Attribute { name: name.into(), namespace, value: value.into() }, None))
    }

    /// A node's text setter (Text, Cdata, Comment `setText`; Text and Cdata `append`),
    /// checked as JDOM checks each kind.
    pub fn set_node_text(&mut self, id: Id, text: &str, append: bool) -> XmlResult<()> {
        let current = match self.node(id)? {
            Node::Text(t) | Node::Cdata(t) | Node::Comment(t) => t.clone(),
            _ => return Err(wrong_object("text")),
        };
        let next = if append { current + text } else { text.to_string() };
        match self.node_mut(id)? {
            Node::Text(t) => {
                verify::check_character_data(&next)?;
                *t = next;
            }
            Node::Cdata(t) => {
                verify::check_cdata(&next)?;
                *t = next;
            }
            Node::Comment(t) => {
                verify::check_comment(&next)?;
                *t = next;
            }
            _ => {}
        }
        Ok(())
    }

    /// A DocType's or EntityRef's fields, by setter.
    pub fn doc_type_mut(&mut self, id: Id) -> XmlResult<&mut DocType> {
        match self.node_mut(id)? {
            Node::DocType(doc_type) => Ok(doc_type),
            _ => Err(wrong_object("doctype")),
        }
    }

    pub fn entity_ref_mut(&mut self, id: Id) -> XmlResult<(&mut String, &mut Option<String>, &mut Option<String>)> {
        match self.node_mut(id)? {
            Node::EntityRef { name, public_id, system_id } => Ok((name, public_id, system_id)),
            _ => Err(wrong_object("entity reference")),
        }
    }
}

#[cfg(test)]
mod tests;
