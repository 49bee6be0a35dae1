//! Named ranges: a document's named lists of elements (or of a Text's characters), kept
//! with the document, as templates use them to find the places they fill.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | a name | 1 to 256 characters, need not be unique; else [`BAD_NAME`] | documented (lengths) / assumed (text) |
//! | ids | `kix.` and a number, unique in the document | assumed (real ids are random) |
//! | an element removed from the document | leaves every range it was in | documented |
//! | `getNamedRanges(name)` | the ranges of that name, in the order they were added | documented / assumed (order) |

use serde::{Deserialize, Serialize};

use super::{Doc, NodeId};
use crate::{ServiceError, ServiceResult};

/// A range name's characters (documented: "at least 1 character, and no more than 256").
pub const NAME_CHARS_MAX: usize = 256;
/// Named ranges one document holds (gas-sim's bound).
pub const NAMED_RANGES_PER_DOCUMENT_MAX: usize = 10_000;
/// A name that is empty or too long (assumed text).
pub const BAD_NAME: &str = "Invalid argument: name";
/// Past [`NAMED_RANGES_PER_DOCUMENT_MAX`].
pub const TOO_MANY_NAMED_RANGES: &str = "gas-sim: a document holds at most 10000 named ranges, gas-sim's limit";

/// One element of a range: whole, or a Text's characters `start..=end_inclusive`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangePart {
    pub element: NodeId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_inclusive: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedRange {
    pub id: String,
    pub name: String,
    pub parts: Vec<RangePart>,
}

impl Doc {
    /// `addNamedRange(name, range)`: its id.
    pub fn add_named_range(&mut self, name: &str, parts: Vec<RangePart>) -> ServiceResult<String> {
        let chars = name.chars().count();
        if chars == 0 || chars > NAME_CHARS_MAX {
            return Err(ServiceError::new(BAD_NAME));
        }
        if self.named_ranges.len() >= NAMED_RANGES_PER_DOCUMENT_MAX {
            return Err(ServiceError::new(TOO_MANY_NAMED_RANGES));
        }
        for part in &parts {
            self.node(part.element)?;
        }
        self.next_named_range += 1;
        let id = format!("kix.{}", self.next_named_range);
        self.named_ranges.push(NamedRange { id: id.clone(), name: name.to_string(), parts });
        Ok(id)
    }

    /// A named range with only the parts still in the document.
    pub fn named_range(&self, id: &str) -> Option<NamedRange> {
        let range = self.named_ranges.iter().find(|r| r.id == id)?;
        let parts = range.parts.iter().filter(|p| self.is_in_document(p.element)).cloned().collect();
        Some(NamedRange { parts, ..range.clone() })
    }

    /// The ids of the named ranges called `name` (every one with `None`).
    pub fn named_range_ids(&self, name: Option<&str>) -> Vec<String> {
        self.named_ranges.iter().filter(|r| name.is_none_or(|n| r.name == n)).map(|r| r.id.clone()).collect()
    }

    pub fn remove_named_range(&mut self, id: &str) {
        self.named_ranges.retain(|r| r.id != id);
    }

    /// Whether `id` is in the document: it reaches a section through its parents.
    pub fn is_in_document(&self, id: NodeId) -> bool {
        let mut at = Some(id);
        for _ in 0..=super::NESTING_MAX + 1 {
            let Some(node) = at.and_then(|a| self.nodes.get(&a)) else { return false };
            if node.kind.is_section() {
                return true;
            }
            at = node.parent;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_keeps_its_name_and_loses_what_is_removed() {
        let mut doc = Doc::new();
        let first = doc.new_block(super::super::Kind::Paragraph, "one").unwrap();
        doc.attach(doc.body, None, first).unwrap();
        let second = doc.new_block(super::super::Kind::Paragraph, "two").unwrap();
        doc.attach(doc.body, None, second).unwrap();
        let whole = |element| RangePart { element, start: None, end_inclusive: None };
        let id = doc.add_named_range("field", vec![whole(first), whole(second)]).unwrap();
        assert_eq!(id, "kix.1");
        assert_eq!(doc.named_range(&id).unwrap().parts.len(), 2);
        doc.remove(first).unwrap();
        assert_eq!(doc.named_range(&id).unwrap().parts, [whole(second)], "a removed element leaves the range");
        assert_eq!(doc.named_range_ids(Some("field")), vec![id.clone()]);
        assert!(doc.named_range_ids(Some("other")).is_empty());
        assert_eq!(doc.add_named_range("", vec![]).unwrap_err().message, BAD_NAME);
        assert_eq!(doc.add_named_range(&"x".repeat(257), vec![]).unwrap_err().message, BAD_NAME);
        doc.remove_named_range(&id);
        assert!(doc.named_range(&id).is_none());
    }
}
