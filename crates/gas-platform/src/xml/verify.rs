//! JDOM's `Verifier`: which names and characters a tree may hold, and the texts of its
//! `IllegalNameException` and `IllegalDataException`, which XmlService passes through
//! (assumed: the texts are JDOM 2's, read from its source; the platform's wrapping was
//! not captured).

use super::XmlResult;
use crate::error::ServiceError;

/// JDOM's `IllegalNameException` text.
pub fn illegal_name(name: &str, construct: &str, reason: &str) -> ServiceError {
    ServiceError::new(format!("The name \"{name}\" is not legal for JDOM/XML {construct}: {reason}."))
}

/// JDOM's `IllegalDataException` text.
pub fn illegal_data(data: &str, construct: &str, reason: &str) -> ServiceError {
    ServiceError::new(format!("The data \"{data}\" is not legal for a JDOM {construct}: {reason}."))
}

/// XML 1.0's Char production.
pub fn is_xml_char(c: char) -> bool {
    matches!(c, '\u{9}' | '\u{A}' | '\u{D}' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// XML 1.0 (fifth edition)'s NameStartChar, less the colon (JDOM checks names without it).
pub fn is_name_start(c: char) -> bool {
    matches!(c,
        'A'..='Z' | '_' | 'a'..='z' | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{2FF}'
        | '\u{370}'..='\u{37D}' | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{2070}'..='\u{218F}'
        | '\u{2C00}'..='\u{2FEF}' | '\u{3001}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}'
        | '\u{10000}'..='\u{EFFFF}')
}

pub fn is_name_char(c: char) -> bool {
    is_name_start(c) || matches!(c, '-' | '.' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}

/// JDOM `checkXMLName`'s reason, colons allowed (the callers refuse them with their own).
fn xml_name_reason(name: &str) -> Option<String> {
    let mut chars = name.chars();
    let Some(first) = chars.next() else { return Some("XML names cannot be null or empty".into()) };
    if !is_name_start(first) && first != ':' {
        return Some(format!("XML names cannot begin with the character \"{first}\""));
    }
    chars.find(|c| !is_name_char(*c) && *c != ':').map(|c| format!("XML names cannot contain the character \"{c}\""))
}

pub fn check_element_name(name: &str) -> XmlResult<()> {
    if let Some(reason) = xml_name_reason(name) {
        return Err(illegal_name(name, "element", &reason));
    }
    if name.contains(':') {
        return Err(illegal_name(name, "element", "Element names cannot contain colons"));
    }
    Ok(())
}

/// A name that may carry a prefix (a DocType's root element name).
pub fn check_element_name_qualified(name: &str, construct: &str) -> XmlResult<()> {
    match xml_name_reason(name) {
        Some(reason) => Err(illegal_name(name, construct, &reason)),
        None => Ok(()),
    }
}

pub fn check_attribute_name(name: &str) -> XmlResult<()> {
    if let Some(reason) = xml_name_reason(name) {
        return Err(illegal_name(name, "attribute", &reason));
    }
    if name.contains(':') {
        return Err(illegal_name(name, "attribute", "Attribute names cannot contain colons"));
    }
    if name == "xmlns" {
        return Err(illegal_name(
            name,
            "attribute",
            "An Attribute name may not be \"xmlns\"; use the Namespace class to manage namespaces",
        ));
    }
    Ok(())
}

pub fn check_character_data(text: &str) -> XmlResult<()> {
    match text.chars().find(|c| !is_xml_char(*c)) {
        Some(c) => {
            Err(illegal_data(text, "character content", &format!("0x{:x} is not a legal XML character", u32::from(c))))
        }
        None => Ok(()),
    }
}

pub fn check_cdata(text: &str) -> XmlResult<()> {
    check_character_data(text)
        .map_err(|e| ServiceError::new(e.message.replace("JDOM character content", "JDOM CDATA section")))?;
    if text.contains("]]>") {
        return Err(illegal_data(
            text,
            "CDATA section",
            "CDATA cannot internally contain a CDATA ending delimiter (]]>)",
        ));
    }
    Ok(())
}

pub fn check_comment(text: &str) -> XmlResult<()> {
    check_character_data(text)
        .map_err(|e| ServiceError::new(e.message.replace("JDOM character content", "JDOM comment")))?;
    if text.contains("--") {
        return Err(illegal_data(text, "comment", "Comments cannot contain double hyphens (--)"));
    }
    if text.ends_with('-') {
        return Err(illegal_data(text, "comment", "Comment data cannot end with a hyphen."));
    }
    Ok(())
}

/// JDOM `Namespace.getNamespace(prefix, uri)`'s checks.
pub fn check_namespace(prefix: &str, uri: &str) -> XmlResult<()> {
    if uri.is_empty() {
        if prefix.is_empty() {
            return Ok(());
        }
        return Err(illegal_name("", "namespace", "Namespace URIs must be non-null and non-empty Strings"));
    }
    if prefix == "xml" && uri != super::XML_NAMESPACE_URI {
        return Err(illegal_name(
            uri,
            "Namespace URI",
            "The 'xml' prefix must be bound to http://www.w3.org/XML/1998/namespace",
        ));
    }
    if !prefix.is_empty() {
        if let Some(reason) = xml_name_reason(prefix) {
            return Err(illegal_name(prefix, "Namespace prefix", &reason.replace("XML names", "Namespace prefixes")));
        }
        if prefix.contains(':') {
            return Err(illegal_name(prefix, "Namespace prefix", "Namespace prefixes cannot contain colons"));
        }
    }
    Ok(())
}
