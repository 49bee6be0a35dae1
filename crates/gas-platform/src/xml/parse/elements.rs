//! Start and end tags: the element, its attributes (values normalised and their
//! references resolved as XML 1.0 says), its namespace declarations, and the prefixes
//! bound, with Xerces' texts.

use super::*;

impl Store {
    /// A node the parser already checked.
    pub(super) fn create_unchecked(&mut self, node: Node) -> XmlResult<Id> {
        self.push(super::super::Item::Node(node, None))
    }

    pub(super) fn create_cdata_unchecked(&mut self, text: String) -> XmlResult<Id> {
        self.create_unchecked(Node::Cdata(text))
    }

    /// Appends without JDOM's checks: the parser's structure is already well-formed.
    pub(super) fn push_child(&mut self, parent: Id, child: Id) {
        if let Ok(content) = self.content_mut_for_parse(parent) {
            content.push(child);
        }
        self.set_parent(child, Some(parent));
    }

    fn content_mut_for_parse(&mut self, parent: Id) -> XmlResult<&mut Vec<Id>> {
        match self.node_mut(parent)? {
            Node::Document { content } => Ok(content),
            Node::Element(element) => Ok(&mut element.content),
            _ => Err(ServiceError::new("Invalid argument: parent")),
        }
    }
}

/// An attribute as written: its qualified name and its value, resolved.
struct RawAttribute {
    name: String,
    value: String,
}

impl Parser<'_> {
    pub(super) fn start(&mut self, start: &BytesStart, empty: bool) -> XmlResult<()> {
        if self.root_done && self.open.is_empty() {
            return Err(self.error(AFTER_ROOT));
        }
        if self.open.len() >= XML_DEPTH_MAX {
            return Err(ServiceError::new(format!(
                "gas-sim: XmlService.parse nests elements deeper than {XML_DEPTH_MAX} (XML_DEPTH_MAX)"
            )));
        }
        let name = start.name();
        let qname: &str = name.as_ref();
        if !is_qualified_name(qname) {
            return Err(self.error(if self.open.is_empty() { BEFORE_ROOT } else { BAD_CONTENT }));
        }
        let attributes = self.raw_attributes(start, qname)?;
        let scope_len = self.scope.len();
        let mut declared = Vec::new();
        for attribute in &attributes {
            if let Some(prefix) = declared_prefix(&attribute.name) {
                let namespace = if attribute.value.is_empty() && prefix.is_empty() {
                    NO_NAMESPACE
                } else {
                    self.store.get_namespace(prefix, &attribute.value).map_err(|e| self.error(&e.message))?
                };
                self.scope.push((prefix.to_string(), namespace));
                declared.push(namespace);
            }
        }
        let (prefix, local) = split_qname(qname);
        let namespace = self
            .bound(prefix)
            .ok_or_else(|| self.error(&format!("The prefix \"{prefix}\" for element \"{qname}\" is not bound.")))?;
        let element = super::super::Element { name: local.to_string(), namespace, ..Default::default() };
        let id = self.store.create_unchecked(Node::Element(element))?;
        for namespace in declared {
            self.store.add_namespace_declaration(id, namespace)?;
        }
        self.add_attributes(id, qname, attributes)?;
        self.attach(id)?;
        self.open.push(Open { id, scope_len });
        if empty {
            self.end()?;
        }
        Ok(())
    }

    pub(super) fn end(&mut self) -> XmlResult<()> {
        let Some(open) = self.open.pop() else { return Err(self.error(AFTER_ROOT)) };
        self.scope.truncate(open.scope_len);
        if self.open.is_empty() {
            self.root_done = true;
        }
        Ok(())
    }

    /// The namespace bound to `prefix` here; `""` unbound is no namespace.
    fn bound(&self, prefix: &str) -> Option<Id> {
        if prefix == "xml" {
            return Some(XML_NAMESPACE);
        }
        let found = self.scope.iter().rev().find(|(p, _)| p == prefix).map(|(_, ns)| *ns);
        found.or_else(|| prefix.is_empty().then_some(NO_NAMESPACE))
    }

    fn raw_attributes(&self, start: &BytesStart, element: &str) -> XmlResult<Vec<RawAttribute>> {
        let mut found = Vec::new();
        for attribute in start.attributes() {
            let attribute = attribute.map_err(|e| self.error(&attribute_error(&e, start, element)))?;
            let name: &str = attribute.key.as_ref();
            if attribute.value.contains('<') {
                return Err(self.error(&format!(
                    "The value of attribute \"{name}\" associated with an element type \"{element}\" must not contain the '<' character."
                )));
            }
            let value = self.attribute_value(&attribute.value)?;
            found.push(RawAttribute { name: name.to_string(), value });
        }
        Ok(found)
    }

    /// XML 1.0's attribute-value normalisation (a literal tab or line end is a space;
    /// `&#10;` stays a line feed), then references resolved.
    fn attribute_value(&self, raw: &str) -> XmlResult<String> {
        let normalised = raw.replace("\r\n", " ").replace(['\t', '\n', '\r'], " ");
        match unescape_with(&normalised, resolve_xml_entity) {
            Ok(value) => {
                self.character_check(&value)?;
                Ok(value.into_owned())
            }
            Err(EscapeError::UnrecognizedEntity(_, name)) => Err(self.error(&undeclared_entity(&name))),
            Err(EscapeError::UnterminatedEntity(range)) => {
                let name: String = normalised
                    .get(range.start + 1..)
                    .unwrap_or("")
                    .chars()
                    .take_while(|c| verify::is_name_char(*c) || *c == ':')
                    .collect();
                Err(self.error(&format!("The reference to entity \"{name}\" must end with the ';' delimiter.")))
            }
            Err(_) => Err(self.error(BAD_CHAR_REF)),
        }
    }

    fn add_attributes(&mut self, element: Id, qname: &str, attributes: Vec<RawAttribute>) -> XmlResult<()> {
        for RawAttribute { name, value } in attributes {
            if declared_prefix(&name).is_some() {
                continue;
            }
            let (prefix, local) = split_qname(&name);
            let namespace = if prefix.is_empty() {
                NO_NAMESPACE
            } else {
                self.bound(prefix).filter(|ns| *ns != NO_NAMESPACE).ok_or_else(|| {
                    self.error(&format!(
                        "The prefix \"{prefix}\" for attribute \"{name}\" associated with an element type \"{qname}\" is not bound."
                    ))
                })?
            };
            let attribute = self.store.push(super::super::Item::Attribute(
                super::super::Attribute { name: local.to_string(), namespace, value },
                Some(element),
            ))?;
            self.store.element_mut(element)?.attributes.push(attribute);
        }
        Ok(())
    }
}

/// Xerces' text for an attribute quick-xml refused.
fn attribute_error(error: &AttrError, start: &BytesStart, element: &str) -> String {
    let raw = start.attributes_raw();
    let offset = start.name().as_ref().len();
    let name_at = |position: usize| -> String {
        let from = position.saturating_sub(offset).min(raw.len());
        let before = raw.get(..from).unwrap_or(raw).trim_end_matches(|c: char| c == '=' || c.is_whitespace());
        let start = before.rfind(|c: char| c.is_whitespace()).map_or(0, |i| i + 1);
        before[start..].to_string()
    };
    match error {
        AttrError::ExpectedEq(position) => {
            let name = name_at(*position);
            format!("Attribute name \"{name}\" associated with an element type \"{element}\" must be followed by the ' = ' character.")
        }
        AttrError::Duplicated(position, _) => {
            let from = position.saturating_sub(offset).min(raw.len());
            let name: String = raw
                .get(from..)
                .unwrap_or("")
                .trim_start()
                .chars()
                .take_while(|c| *c != '=' && !c.is_whitespace())
                .collect();
            format!("Attribute \"{name}\" was already specified for element \"{element}\".")
        }
        AttrError::ExpectedValue(position)
        | AttrError::UnquotedValue(position)
        | AttrError::ExpectedQuote(position, _) => {
            let name = name_at(*position);
            // Xerces' message has these two double spaces.
            format!("Open quote is expected for attribute \"{name}\" associated with an  element type  \"{element}\".")
        }
    }
}

/// `xmlns` declares the default namespace, `xmlns:p` the prefix `p`.
fn declared_prefix(name: &str) -> Option<&str> {
    if name == "xmlns" {
        return Some("");
    }
    name.strip_prefix("xmlns:")
}

fn split_qname(name: &str) -> (&str, &str) {
    name.split_once(':').unwrap_or(("", name))
}

/// A name XML allows for an element: one optional prefix, each part a name.
fn is_qualified_name(name: &str) -> bool {
    let part = |p: &str| {
        let mut chars = p.chars();
        chars.next().is_some_and(verify::is_name_start) && chars.all(verify::is_name_char)
    };
    match name.split_once(':') {
        Some((prefix, local)) => part(prefix) && part(local),
        None => part(name),
    }
}
