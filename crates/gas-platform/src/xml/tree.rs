//! What JDOM's `Parent`s (Document, Element) and `Content` do: add, insert, remove,
//! detach and clone content with JDOM's checks and texts (`IllegalAddException`,
//! assumed passed through as the platform's message); children by name and namespace
//! (a name without a namespace means *no* namespace, as in JDOM: `getChild('title')`
//! does not find an Atom feed's `<title>`); text and value; attributes; namespaces in
//! scope.

use super::{verify, Attribute, Element, Id, Item, Node, Store, XmlResult, NO_NAMESPACE, XML_NAMESPACE};
use crate::error::ServiceError;

/// Java's `IndexOutOfBoundsException` text for a content index (JDOM `ContentList`).
pub fn index_error(index: i64, size: usize) -> ServiceError {
    ServiceError::new(format!("Index: {index} Size: {size}"))
}

impl Store {
    /// The content list of a document or element.
    pub fn content(&self, parent: Id) -> XmlResult<&[Id]> {
        match self.node(parent)? {
            Node::Document { content } => Ok(content),
            Node::Element(element) => Ok(&element.content),
            _ => Err(ServiceError::new("Invalid argument: parent")),
        }
    }

    fn content_mut(&mut self, parent: Id) -> XmlResult<&mut Vec<Id>> {
        match self.node_mut(parent)? {
            Node::Document { content } => Ok(content),
            Node::Element(element) => Ok(&mut element.content),
            _ => Err(ServiceError::new("Invalid argument: parent")),
        }
    }

    /// `addContent([index, ]content)` on a document or element: JDOM's checks, then
    /// the content is the parent's.
    pub fn add_content(&mut self, parent: Id, index: Option<i64>, child: Id) -> XmlResult<()> {
        let size = self.content(parent)?.len();
        let at = match index {
            None => size,
            Some(i) if i < 0 || i as usize > size => return Err(index_error(i, size)),
            Some(i) => i as usize,
        };
        self.check_add(parent, at, child)?;
        self.content_mut(parent)?.insert(at, child);
        self.set_parent(child, Some(parent));
        Ok(())
    }

    fn check_add(&self, parent: Id, at: usize, child: Id) -> XmlResult<()> {
        let Some(kind) = self.node(child)?.content_type() else {
            return Err(ServiceError::new("Invalid argument: content"));
        };
        if let Some(holder) = self.parent(child) {
            return Err(ServiceError::new(match self.element(holder) {
                Ok(_) => format!("The Content already has an existing parent \"{}\"", self.qualified_name(holder)?),
                Err(_) => "The Content already has an existing parent (the document root)".to_string(),
            }));
        }
        if self.is_document(parent) {
            return self.check_document_add(parent, at, kind);
        }
        if child == parent {
            return Err(ServiceError::new("The Element cannot be added to itself"));
        }
        if self.is_element(child) && self.is_ancestor_of(child, parent) {
            return Err(ServiceError::new("The Element cannot be added as a descendent of itself"));
        }
        if kind == super::ContentType::DocType {
            return Err(ServiceError::new("A DocType is not allowed except at the document level"));
        }
        Ok(())
    }

    /// JDOM's rules for a document's content: one root element, one DocType before it,
    /// no text.
    fn check_document_add(&self, document: Id, at: usize, kind: super::ContentType) -> XmlResult<()> {
        use super::ContentType::*;
        let content = self.content(document)?;
        let root = content.iter().position(|id| self.is_element(*id));
        let doc_type = content.iter().position(|id| matches!(self.node(*id), Ok(Node::DocType(_))));
        match kind {
            Text => Err(ServiceError::new("A Text is not allowed at the document root")),
            Cdata => Err(ServiceError::new("A CDATA is not allowed at the document root")),
            EntityRef => Err(ServiceError::new("An EntityRef is not allowed at the document root")),
            Element if root.is_some() => {
                Err(ServiceError::new("Cannot add a second root element, only one is allowed"))
            }
            Element if doc_type.is_some_and(|d| at <= d) => {
                Err(ServiceError::new("A root element cannot be added before the DocType"))
            }
            DocType if doc_type.is_some() => Err(ServiceError::new("Cannot add a second doctype, only one is allowed")),
            DocType if root.is_some_and(|r| at > r) => {
                Err(ServiceError::new("A DocType cannot be added after the root element"))
            }
            _ => Ok(()),
        }
    }

    /// `getContent(index)`: `None` past the end.
    pub fn content_at(&self, parent: Id, index: i64) -> XmlResult<Option<Id>> {
        let content = self.content(parent)?;
        Ok(usize::try_from(index).ok().and_then(|i| content.get(i)).copied())
    }

    /// `removeContent(index)`.
    pub fn remove_content_at(&mut self, parent: Id, index: i64) -> XmlResult<Option<Id>> {
        let Some(child) = self.content_at(parent, index)? else { return Ok(None) };
        self.detach(child)?;
        Ok(Some(child))
    }

    /// `removeContent(content)`: whether it was the parent's.
    pub fn remove_content(&mut self, parent: Id, child: Id) -> XmlResult<bool> {
        if !self.content(parent)?.contains(&child) {
            return Ok(false);
        }
        self.detach(child)?;
        Ok(true)
    }

    /// `removeContent()`: all of it, in order.
    pub fn remove_all_content(&mut self, parent: Id) -> XmlResult<Vec<Id>> {
        let removed = std::mem::take(self.content_mut(parent)?);
        for child in &removed {
            self.set_parent(*child, None);
        }
        Ok(removed)
    }

    /// `detach()`: the content, out of its parent.
    pub fn detach(&mut self, child: Id) -> XmlResult<Id> {
        self.node(child)?;
        if let Some(parent) = self.parent(child) {
            self.content_mut(parent)?.retain(|id| *id != child);
            self.set_parent(child, None);
        }
        Ok(child)
    }

    /// A deep copy with no parent (`cloneContent`, a clone's attributes too).
    pub fn clone_node(&mut self, id: Id) -> XmlResult<Id> {
        let node = self.node(id)?.clone();
        let copy = match node {
            Node::Element(element) => {
                let mut attributes = Vec::with_capacity(element.attributes.len());
                for attribute in &element.attributes {
                    attributes.push(self.push(Item::Attribute(self.attribute(*attribute)?.clone(), None))?);
                }
                let mut content = Vec::with_capacity(element.content.len());
                for child in &element.content {
                    content.push(self.clone_node(*child)?);
                }
                let copy = self.push(Item::Node(Node::Element(Element { attributes, content, ..element }), None))?;
                self.adopt(copy)?;
                copy
            }
            Node::Document { content: old } => {
                let mut content = Vec::with_capacity(old.len());
                for child in &old {
                    content.push(self.clone_node(*child)?);
                }
                let copy = self.push(Item::Node(Node::Document { content }, None))?;
                self.adopt(copy)?;
                copy
            }
            other => self.push(Item::Node(other, None))?,
        };
        Ok(copy)
    }

    /// Points a new parent's content and attributes back at it.
    fn adopt(&mut self, parent: Id) -> XmlResult<()> {
        let children: Vec<Id> = self.content(parent)?.to_vec();
        for child in children {
            self.set_parent(child, Some(parent));
        }
        if let Ok(element) = self.element(parent) {
            for attribute in element.attributes.clone() {
                self.set_parent(attribute, Some(parent));
            }
        }
        Ok(())
    }

    /// `cloneContent()`.
    pub fn clone_content(&mut self, parent: Id) -> XmlResult<Vec<Id>> {
        let content = self.content(parent)?.to_vec();
        content.into_iter().map(|child| self.clone_node(child)).collect()
    }

    /// `getDescendants()`: every node below, in document order.
    pub fn descendants(&self, parent: Id) -> XmlResult<Vec<Id>> {
        let mut found = Vec::new();
        let mut stack: Vec<Id> = self.content(parent)?.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            found.push(id);
            if let Ok(element) = self.element(id) {
                stack.extend(element.content.iter().rev());
            }
        }
        Ok(found)
    }

    /// Whether `other` is below `element`.
    pub fn is_ancestor_of(&self, element: Id, other: Id) -> bool {
        let mut at = self.parent(other);
        while let Some(id) = at {
            if id == element {
                return true;
            }
            at = self.parent(id);
        }
        false
    }

    /// The document `id` is in, if any (`getDocument`).
    pub fn document_of(&self, id: Id) -> Option<Id> {
        let mut at = Some(id);
        while let Some(node) = at {
            if self.is_document(node) {
                return Some(node);
            }
            at = self.parent(node);
        }
        None
    }

    /// The parent when it is an element (`getParentElement`).
    pub fn parent_element(&self, id: Id) -> Option<Id> {
        self.parent(id).filter(|p| self.is_element(*p))
    }

    // ---- Documents ----------------------------------------------------------------

    pub fn root_element(&self, document: Id) -> XmlResult<Option<Id>> {
        Ok(self.content(document)?.iter().copied().find(|id| self.is_element(*id)))
    }

    /// `setRootElement`: in the old root's place, or added.
    pub fn set_root_element(&mut self, document: Id, element: Id) -> XmlResult<()> {
        self.element(element)?;
        match self.root_element(document)? {
            Some(old) if old == element => Ok(()),
            Some(old) => {
                let at = self.content(document)?.iter().position(|id| *id == old).unwrap_or(0);
                self.detach(old)?;
                self.add_content(document, Some(at as i64), element)
            }
            None => self.add_content(document, None, element),
        }
    }

    pub fn doc_type_of(&self, document: Id) -> XmlResult<Option<Id>> {
        Ok(self.content(document)?.iter().copied().find(|id| matches!(self.node(*id), Ok(Node::DocType(_)))))
    }

    /// `setDocType`: in the old one's place, or first.
    pub fn set_doc_type(&mut self, document: Id, doc_type: Id) -> XmlResult<()> {
        let at = match self.doc_type_of(document)? {
            Some(old) if old == doc_type => return Ok(()),
            Some(old) => {
                let at = self.content(document)?.iter().position(|id| *id == old).unwrap_or(0);
                self.detach(old)?;
                at
            }
            None => 0,
        };
        self.add_content(document, Some(at as i64), doc_type)
    }

    // ---- Elements -----------------------------------------------------------------

    /// `prefix:name`, or `name` without a prefix.
    pub fn qualified_name(&self, element: Id) -> XmlResult<String> {
        let element = self.element(element)?;
        let prefix = &self.namespace(element.namespace)?.prefix;
        Ok(if prefix.is_empty() { element.name.clone() } else { format!("{prefix}:{}", element.name) })
    }

    /// `getChildren([name[, namespace]])`: child elements with that local name and
    /// namespace URI (no namespace when none is given); every child element without a name.
    pub fn children(&self, element: Id, name: Option<&str>, namespace: Id) -> XmlResult<Vec<Id>> {
        let uri = self.namespace(namespace)?.uri.clone();
        let content = &self.element(element)?.content;
        Ok(content
            .iter()
            .copied()
            .filter(|id| match (self.element(*id), name) {
                (Ok(_), None) => true,
                (Ok(child), Some(name)) => {
                    child.name == name && self.namespace(child.namespace).is_ok_and(|ns| ns.uri == uri)
                }
                (Err(_), _) => false,
            })
            .collect())
    }

    /// `getText()` of an element: its own Text and CDATA, joined.
    pub fn element_text(&self, element: Id) -> XmlResult<String> {
        let mut text = String::new();
        for child in &self.element(element)?.content {
            if let Ok(Node::Text(t) | Node::Cdata(t)) = self.node(*child) {
                text.push_str(t);
            }
        }
        Ok(text)
    }

    /// `getValue()`: JDOM's XPath string value (an element's: all text below it).
    pub fn value(&self, id: Id) -> XmlResult<String> {
        Ok(match self.node(id)? {
            Node::Text(t) | Node::Cdata(t) | Node::Comment(t) => t.clone(),
            Node::Pi { data, .. } => data.clone(),
            Node::DocType(_) | Node::EntityRef { .. } | Node::Document { .. } => String::new(),
            Node::Element(_) => {
                let mut value = String::new();
                for below in self.descendants(id)? {
                    if let Ok(Node::Text(t) | Node::Cdata(t)) = self.node(below) {
                        value.push_str(t);
                    }
                }
                value
            }
        })
    }

    /// `setText`: the element's content replaced by one Text.
    pub fn set_element_text(&mut self, element: Id, text: &str) -> XmlResult<()> {
        verify::check_character_data(text)?;
        self.element(element)?;
        self.remove_all_content(element)?;
        let node = self.create_text(text)?;
        self.add_content(element, None, node)
    }

    pub fn set_element_name(&mut self, element: Id, name: &str) -> XmlResult<()> {
        verify::check_element_name(name)?;
        self.element_mut(element)?.name = name.into();
        Ok(())
    }

    pub fn set_element_namespace(&mut self, element: Id, namespace: Id) -> XmlResult<()> {
        self.namespace(namespace)?;
        self.element_mut(element)?.namespace = namespace;
        Ok(())
    }

    /// `Element.getNamespace(prefix)`: the namespace bound to `prefix` where the element
    /// is (its own, its declarations, its attributes', then its ancestors'); `""` is the
    /// default namespace, no namespace where none is declared.
    pub fn namespace_in_scope(&self, element: Id, prefix: &str) -> XmlResult<Option<Id>> {
        if prefix == "xml" {
            return Ok(Some(XML_NAMESPACE));
        }
        let mut at = Some(element);
        while let Some(id) = at.filter(|id| self.is_element(*id)) {
            let element = self.element(id)?;
            // An attribute without a prefix is in no namespace: it binds no default.
            let attributes = element
                .attributes
                .iter()
                .filter_map(|a| self.attribute(*a).ok().map(|a| a.namespace))
                .filter(|ns| *ns != NO_NAMESPACE);
            let candidates =
                std::iter::once(element.namespace).chain(element.additional.iter().copied()).chain(attributes);
            for ns in candidates {
                if self.namespace(ns)?.prefix == prefix {
                    return Ok(Some(ns));
                }
            }
            at = self.parent(id);
        }
        Ok(prefix.is_empty().then_some(NO_NAMESPACE))
    }

    /// `addNamespaceDeclaration` (parsing): a declaration besides the element's own.
    pub fn add_namespace_declaration(&mut self, element: Id, namespace: Id) -> XmlResult<()> {
        let own = self.element(element)?.namespace;
        let element = self.element_mut(element)?;
        if own != namespace && !element.additional.contains(&namespace) {
            element.additional.push(namespace);
        }
        Ok(())
    }

    // ---- Attributes ---------------------------------------------------------------

    /// `getAttribute(name[, namespace])`.
    pub fn attribute_named(&self, element: Id, name: &str, namespace: Id) -> XmlResult<Option<Id>> {
        let uri = &self.namespace(namespace)?.uri;
        Ok(self.element(element)?.attributes.iter().copied().find(|id| {
            self.attribute(*id)
                .is_ok_and(|a| a.name == name && self.namespace(a.namespace).is_ok_and(|ns| &ns.uri == uri))
        }))
    }

    /// `setAttribute(attribute)`: replaces the element's attribute of the same name and
    /// namespace, in its place.
    pub fn set_attribute(&mut self, element: Id, attribute: Id) -> XmlResult<()> {
        let Attribute { name, namespace, .. } = self.attribute(attribute)?.clone();
        if let Some(holder) = self.parent(attribute) {
            if holder == element {
                return Ok(());
            }
            return Err(ServiceError::new(format!(
                "The attribute already has an existing parent \"{}\"",
                self.qualified_name(holder)?
            )));
        }
        let existing = self.attribute_named(element, &name, namespace)?;
        let attributes = &mut self.element_mut(element)?.attributes;
        match existing.and_then(|old| attributes.iter().position(|id| *id == old)) {
            Some(at) => {
                let old = std::mem::replace(&mut attributes[at], attribute);
                self.set_parent(old, None);
            }
            None => attributes.push(attribute),
        }
        self.set_parent(attribute, Some(element));
        Ok(())
    }

    /// `setAttribute(name, value[, namespace])`.
    pub fn set_attribute_value(&mut self, element: Id, name: &str, value: &str, namespace: Id) -> XmlResult<()> {
        match self.attribute_named(element, name, namespace)? {
            Some(existing) => {
                verify::check_character_data(value)?;
                self.attribute_mut(existing)?.value = value.into();
                Ok(())
            }
            None => {
                let attribute = self.create_attribute(name, value, namespace)?;
                self.set_attribute(element, attribute)
            }
        }
    }

    /// `removeAttribute(...)`: whether the element had it.
    pub fn remove_attribute(&mut self, element: Id, attribute: Option<Id>) -> XmlResult<bool> {
        let Some(attribute) = attribute else { return Ok(false) };
        let attributes = &mut self.element_mut(element)?.attributes;
        let before = attributes.len();
        attributes.retain(|id| *id != attribute);
        let removed = attributes.len() != before;
        if removed {
            self.set_parent(attribute, None);
        }
        Ok(removed)
    }

    pub fn set_attribute_name(&mut self, attribute: Id, name: &str) -> XmlResult<()> {
        verify::check_attribute_name(name)?;
        self.attribute_mut(attribute)?.name = name.into();
        Ok(())
    }

    pub fn set_attribute_text(&mut self, attribute: Id, value: &str) -> XmlResult<()> {
        verify::check_character_data(value)?;
        self.attribute_mut(attribute)?.value = value.into();
        Ok(())
    }

    /// An attribute's namespace: none, or one with a prefix (JDOM refuses a default
    /// namespace for an attribute).
    pub fn set_attribute_namespace(&mut self, attribute: Id, namespace: Id) -> XmlResult<()> {
        let ns = self.namespace(namespace)?;
        if !ns.uri.is_empty() && ns.prefix.is_empty() {
            return Err(verify::illegal_name(
                "",
                "attribute namespace",
                "An attribute namespace without a prefix can only be the NO_NAMESPACE namespace",
            ));
        }
        self.attribute_mut(attribute)?.namespace = namespace;
        Ok(())
    }

    pub fn set_doc_type_name(&mut self, doc_type: Id, name: &str) -> XmlResult<()> {
        verify::check_element_name_qualified(name, "DocType")?;
        self.doc_type_mut(doc_type)?.element_name = name.into();
        Ok(())
    }
}
