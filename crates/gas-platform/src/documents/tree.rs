//! The element tree of one document: making, inserting, removing and copying elements,
//! an element's text, and what may hold what.

use super::runs;
use super::{text, Doc, Kind, Node, NodeId, NESTING_MAX, NODES_PER_DOCUMENT_MAX};
use crate::{ServiceError, ServiceResult};

/// Whether an element of kind `parent` may hold one of kind `child` (the platform's
/// structure: sections and cells hold blocks, tables rows, rows cells, paragraphs text).
pub fn may_hold(parent: Kind, child: Kind) -> bool {
    match parent {
        k if k.holds_blocks() => {
            matches!(child, Kind::Paragraph | Kind::ListItem | Kind::Table | Kind::HorizontalRule | Kind::PageBreak)
        }
        Kind::Table => child == Kind::TableRow,
        Kind::TableRow => child == Kind::TableCell,
        Kind::Paragraph | Kind::ListItem => {
            matches!(child, Kind::Text | Kind::HorizontalRule | Kind::PageBreak | Kind::InlineImage)
        }
        _ => false,
    }
}

impl Doc {
    pub(super) fn alloc_unchecked(&mut self, node: Node) -> NodeId {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        self.nodes.insert(id, node);
        id
    }

    /// A new element, detached; refused past [`NODES_PER_DOCUMENT_MAX`].
    pub fn alloc(&mut self, node: Node) -> ServiceResult<NodeId> {
        if self.nodes.len() >= NODES_PER_DOCUMENT_MAX || self.next_id == NodeId::MAX {
            return Err(ServiceError::new(text::TOO_MANY_NODES));
        }
        Ok(self.alloc_unchecked(node))
    }

    pub(super) fn attach_unchecked(&mut self, parent: NodeId, index: usize, child: NodeId) {
        if let Some(p) = self.nodes.get_mut(&parent) {
            let index = index.min(p.children.len());
            p.children.insert(index, child);
        }
        if let Some(c) = self.nodes.get_mut(&child) {
            c.parent = Some(parent);
        }
    }

    /// Inserts the detached `child` into `parent` at `index` (`None`: at the end).
    pub fn attach(&mut self, parent: NodeId, index: Option<usize>, child: NodeId) -> ServiceResult<()> {
        let parent_kind = self.kind(parent)?;
        let child_node = self.node(child)?;
        if child_node.parent.is_some() || child_node.kind.is_section() {
            return Err(ServiceError::new(text::NOT_DETACHED));
        }
        if !may_hold(parent_kind, child_node.kind) {
            return Err(ServiceError::new(text::NOT_A_CONTAINER));
        }
        let count = self.node(parent)?.children.len();
        let index = index.unwrap_or(count);
        if index > count {
            return Err(ServiceError::new(text::CHILD_INDEX));
        }
        if self.depth(parent) + self.height(child) > NESTING_MAX {
            return Err(ServiceError::new(text::TOO_DEEP));
        }
        self.attach_unchecked(parent, index, child);
        Ok(())
    }

    /// Elements above `id` (bounded).
    fn depth(&self, id: NodeId) -> usize {
        let mut at = self.nodes.get(&id).and_then(|n| n.parent);
        let mut depth = 0;
        while let Some(current) = at {
            depth += 1;
            if depth > NESTING_MAX {
                break;
            }
            at = self.nodes.get(&current).and_then(|n| n.parent);
        }
        depth
    }

    /// Levels from `id` down to its deepest element (iterative, bounded by the arena).
    fn height(&self, id: NodeId) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(id, 1)];
        let mut budget = self.nodes.len();
        while let Some((at, level)) = stack.pop() {
            if budget == 0 {
                break;
            }
            budget -= 1;
            deepest = deepest.max(level);
            if let Some(node) = self.nodes.get(&at) {
                stack.extend(node.children.iter().map(|c| (*c, level + 1)));
            }
        }
        deepest
    }

    /// A child index from a script (`insertParagraph(index, ...)`): 0 to the count.
    pub fn insert_index(&self, parent: NodeId, index: i64) -> ServiceResult<usize> {
        let count = self.node(parent)?.children.len();
        if index < 0 || index as usize > count {
            return Err(ServiceError::new(text::CHILD_INDEX));
        }
        Ok(index as usize)
    }

    /// A new paragraph or list item holding `content` (no Text child when empty).
    pub fn new_block(&mut self, kind: Kind, content: &str) -> ServiceResult<NodeId> {
        let block = self.alloc(Node::new(kind))?;
        if kind.holds_text() && !content.is_empty() {
            let text = self.new_text(content)?;
            self.attach_unchecked(block, 0, text);
        }
        Ok(block)
    }

    pub fn new_text(&mut self, content: &str) -> ServiceResult<NodeId> {
        self.check_room(0, content)?;
        let mut node = Node::new(Kind::Text);
        node.text = content.to_string();
        let len = content.chars().count();
        if len > 0 {
            node.runs = vec![super::Run { len, attrs: super::Attrs::new() }];
        }
        self.alloc(node)
    }

    /// A table of `cells` (rows of texts), each cell one paragraph.
    pub fn new_table(&mut self, cells: &[Vec<String>]) -> ServiceResult<NodeId> {
        let table = self.alloc(Node::new(Kind::Table))?;
        for row in cells {
            let row_id = self.new_row(row)?;
            self.attach_unchecked(table, usize::MAX, row_id);
        }
        Ok(table)
    }

    pub fn new_row(&mut self, cells: &[String]) -> ServiceResult<NodeId> {
        let row = self.alloc(Node::new(Kind::TableRow))?;
        for cell in cells {
            let cell_id = self.new_cell(cell)?;
            self.attach_unchecked(row, usize::MAX, cell_id);
        }
        Ok(row)
    }

    pub fn new_cell(&mut self, content: &str) -> ServiceResult<NodeId> {
        let cell = self.alloc(Node::new(Kind::TableCell))?;
        let paragraph = self.new_block(Kind::Paragraph, content)?;
        self.attach_unchecked(cell, 0, paragraph);
        Ok(cell)
    }

    /// Removes an element from its parent (`removeFromParent`, `removeChild`): it stays,
    /// detached, for the script to insert again. A section keeps one paragraph
    /// (observed text past it).
    pub fn remove(&mut self, id: NodeId) -> ServiceResult<()> {
        let node = self.node(id)?;
        if node.kind.is_section() {
            return Err(ServiceError::new(text::NO_SUCH_ELEMENT));
        }
        if let Some(parent) = node.parent {
            let siblings = &self.node(parent)?.children;
            let parent_kind = self.kind(parent)?;
            let paragraphs = siblings.iter().filter(|c| self.kind(**c).ok() == Some(Kind::Paragraph)).count();
            if parent_kind.is_section() && node.kind == Kind::Paragraph && paragraphs <= 1 {
                return Err(ServiceError::new(text::LAST_PARAGRAPH));
            }
            self.node_mut(parent)?.children.retain(|c| *c != id);
            self.node_mut(id)?.parent = None;
        }
        Ok(())
    }

    /// Whether the element ends its document: it and each element above it are the last
    /// child of their parent, up to the body.
    pub fn is_at_end(&self, id: NodeId) -> bool {
        let mut at = id;
        for _ in 0..64 {
            let Some(node) = self.nodes.get(&at) else { return false };
            match node.parent {
                None => return at == self.body,
                Some(parent) => {
                    let last = self.nodes.get(&parent).and_then(|p| p.children.last().copied());
                    if last != Some(at) {
                        return false;
                    }
                    at = parent;
                }
            }
        }
        false
    }

    /// The nearest element above `id` of `kind`.
    pub fn ancestor(&self, id: NodeId, kind: Kind) -> Option<NodeId> {
        let mut at = self.nodes.get(&id)?.parent;
        for _ in 0..64 {
            let current = at?;
            if self.kind(current).ok()? == kind {
                return Some(current);
            }
            at = self.nodes.get(&current)?.parent;
        }
        None
    }

    /// `findElement(type[, from])`: the first element under `scope` (itself excluded) of
    /// the type named, after `from`.
    pub fn find_element(&self, scope: NodeId, type_name: &str, from: Option<NodeId>) -> Option<NodeId> {
        let all = self.descendants(scope);
        let start = match from {
            Some(from) => all.iter().position(|n| *n == from)? + 1,
            None => 1,
        };
        all.into_iter().skip(start).find(|n| self.kind(*n).is_ok_and(|k| k.name() == type_name))
    }

    /// A list item's list: its `LIST_ID`, else the first item's of the run of list items
    /// it is in (assumed: consecutive items are one list, as the editor makes them).
    pub fn list_id(&self, id: NodeId) -> ServiceResult<String> {
        let mut first = id;
        let mut budget = self.nodes.len();
        while let (Some(previous), true) = (self.sibling(first, -1)?, budget > 0) {
            budget -= 1;
            let node = self.node(first)?;
            if let Some(super::AttrValue::Text(list)) = node.attrs.get("LIST_ID") {
                return Ok(list.clone());
            }
            if self.kind(previous)? != Kind::ListItem {
                break;
            }
            first = previous;
        }
        match self.node(first)?.attrs.get("LIST_ID") {
            Some(super::AttrValue::Text(list)) => Ok(list.clone()),
            _ => Ok(format!("kix.list.{first}")),
        }
    }

    /// Forgets `id` and every element under it (bounded by the arena's size).
    pub(super) fn drop_subtree(&mut self, id: NodeId) {
        let mut stack = vec![id];
        let mut budget = self.nodes.len();
        while let Some(at) = stack.pop() {
            if budget == 0 {
                break;
            }
            budget -= 1;
            if let Some(node) = self.nodes.remove(&at) {
                stack.extend(node.children);
            }
        }
    }

    /// Every element under `id` (itself first), in document order.
    pub fn descendants(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![id];
        while let Some(at) = stack.pop() {
            if out.len() > self.nodes.len() {
                break; // a cycle in a hand-written state file
            }
            let Some(node) = self.nodes.get(&at) else { continue };
            out.push(at);
            stack.extend(node.children.iter().rev());
        }
        out
    }

    /// The Text elements under `id`, in document order.
    pub fn texts(&self, id: NodeId) -> Vec<NodeId> {
        self.descendants(id).into_iter().filter(|n| self.kind(*n).ok() == Some(Kind::Text)).collect()
    }

    /// An element's text: a paragraph's Text children joined; a section's or a cell's
    /// blocks one per line; a table's rows one per line, cells tab-separated.
    pub fn text_of(&self, id: NodeId) -> ServiceResult<String> {
        self.text_at_depth(id, 0)
    }

    /// [`Doc::text_of`], stopping at [`NESTING_MAX`] levels (tables in cells in tables).
    fn text_at_depth(&self, id: NodeId, depth: usize) -> ServiceResult<String> {
        let node = self.node(id)?;
        if depth > NESTING_MAX {
            return Ok(String::new());
        }
        let join = |sep: &str| -> ServiceResult<String> {
            let parts: ServiceResult<Vec<String>> =
                node.children.iter().map(|c| self.text_at_depth(*c, depth + 1)).collect();
            Ok(parts?.join(sep))
        };
        match node.kind {
            Kind::Text => Ok(node.text.clone()),
            Kind::Paragraph | Kind::ListItem => join(""),
            Kind::TableRow => join("\t"),
            Kind::HorizontalRule | Kind::PageBreak | Kind::InlineImage => Ok(String::new()),
            _ => join("\n"),
        }
    }

    /// `setText`: a Text's characters (the first character's attributes kept); a
    /// paragraph's one Text; a section's or cell's one paragraph.
    pub fn set_text(&mut self, id: NodeId, content: &str) -> ServiceResult<()> {
        let kind = self.kind(id)?;
        self.check_room(self.text_of(id)?.chars().count(), content)?;
        match kind {
            Kind::Text => {
                let node = self.node_mut(id)?;
                let len = runs::char_len(node);
                runs::splice(node, 0, len, content);
            }
            Kind::Paragraph | Kind::ListItem => {
                self.clear_children(id)?;
                if !content.is_empty() {
                    let text = self.new_text(content)?;
                    self.attach_unchecked(id, 0, text);
                }
            }
            k if k.holds_blocks() => {
                self.clear_children(id)?;
                let paragraph = self.new_block(Kind::Paragraph, content)?;
                self.attach_unchecked(id, 0, paragraph);
            }
            _ => return Err(ServiceError::new(text::NOT_A_CONTAINER)),
        }
        Ok(())
    }

    /// `clear()`: a container's children gone (a section or cell keeps one empty
    /// paragraph); a Text's characters.
    pub fn clear(&mut self, id: NodeId) -> ServiceResult<()> {
        match self.kind(id)? {
            Kind::Text => self.set_text(id, ""),
            k if k.holds_blocks() => self.set_text(id, ""),
            _ => self.clear_children(id),
        }
    }

    fn clear_children(&mut self, id: NodeId) -> ServiceResult<()> {
        let children = std::mem::take(&mut self.node_mut(id)?.children);
        for child in children {
            self.drop_subtree(child);
        }
        Ok(())
    }

    /// `copy()`: a detached deep copy in this document.
    pub fn copy_subtree(&mut self, id: NodeId) -> ServiceResult<NodeId> {
        let source = self.clone();
        self.transplant(&source, id)
    }

    /// A detached deep copy of `source`'s element `id` made in this document (the same
    /// document, or another: `body.appendParagraph(otherDocsParagraph.copy())`).
    pub fn transplant(&mut self, source: &Doc, id: NodeId) -> ServiceResult<NodeId> {
        // The copy's images count against this document's bound (images.rs).
        let images: usize = source
            .descendants(id)
            .iter()
            .filter_map(|n| source.nodes.get(n).and_then(|node| node.image.as_ref()))
            .map(super::images::Image::byte_len)
            .sum();
        self.check_image_room(images)?;
        self.transplant_at_depth(source, id, 0)
    }

    fn transplant_at_depth(&mut self, source: &Doc, id: NodeId, depth: usize) -> ServiceResult<NodeId> {
        if depth > NESTING_MAX {
            return Err(ServiceError::new(text::TOO_DEEP));
        }
        let count = source.descendants(id).len();
        if self.nodes.len() + count > NODES_PER_DOCUMENT_MAX {
            return Err(ServiceError::new(text::TOO_MANY_NODES));
        }
        let node = source.node(id)?;
        let mut copy = node.clone();
        copy.parent = None;
        copy.children = Vec::new();
        if copy.kind.is_section() {
            copy.kind = Kind::TableCell; // a section's copy is detached content, never a second section
        }
        let new_id = self.alloc(copy)?;
        for child in &node.children {
            let child_copy = self.transplant_at_depth(source, *child, depth + 1)?;
            self.attach_unchecked(new_id, usize::MAX, child_copy);
        }
        Ok(new_id)
    }

    /// Whether the element is in a section (not a detached copy).
    pub fn is_attached(&self, id: NodeId) -> bool {
        let mut at = id;
        for _ in 0..=self.nodes.len().min(1_000) {
            let Some(node) = self.nodes.get(&at) else { return false };
            match node.parent {
                Some(parent) => at = parent,
                None => return node.kind.is_section(),
            }
        }
        false
    }

    /// `getChildIndex(child)`.
    pub fn child_index(&self, parent: NodeId, child: NodeId) -> ServiceResult<usize> {
        self.node(parent)?.children.iter().position(|c| *c == child).ok_or_else(|| ServiceError::new(text::CHILD_INDEX))
    }

    /// `getNextSibling()` (`step` 1) / `getPreviousSibling()` (`step` -1).
    pub fn sibling(&self, id: NodeId, step: i64) -> ServiceResult<Option<NodeId>> {
        let Some(parent) = self.node(id)?.parent else { return Ok(None) };
        let siblings = &self.node(parent)?.children;
        let Some(at) = siblings.iter().position(|c| *c == id) else { return Ok(None) };
        let next = at as i64 + step;
        Ok(usize::try_from(next).ok().and_then(|i| siblings.get(i)).copied())
    }

    /// The Text a paragraph's `editAsText()` / `appendText()` works on: its Text children
    /// merged into one (made when absent).
    pub fn merged_text(&mut self, block: NodeId) -> ServiceResult<NodeId> {
        let texts: Vec<NodeId> =
            self.node(block)?.children.iter().copied().filter(|c| self.kind(*c).ok() == Some(Kind::Text)).collect();
        let Some((&first, rest)) = texts.split_first() else {
            let text = self.new_text("")?;
            self.attach_unchecked(block, usize::MAX, text);
            return Ok(text);
        };
        for other in rest {
            let moved = self.node(*other)?.clone();
            let target = self.node_mut(first)?;
            target.text.push_str(&moved.text);
            target.runs.extend(moved.runs);
            let len = runs::char_len(target);
            runs::set_attr(target, len, len, "", None); // compacts equal neighbours
            self.node_mut(block)?.children.retain(|c| c != other);
            self.drop_subtree(*other);
        }
        Ok(first)
    }

    /// The Text elements under `id` with where each starts in `text_of(id)` (the same
    /// joins): what a container's `editAsText()` edits through.
    pub fn text_spans(&self, id: NodeId) -> Vec<(NodeId, usize)> {
        let mut out = Vec::new();
        self.spans_into(id, 0, &mut out, 0);
        out
    }

    fn spans_into(&self, id: NodeId, base: usize, out: &mut Vec<(NodeId, usize)>, depth: usize) -> usize {
        let Some(node) = self.nodes.get(&id) else { return 0 };
        if depth > 64 {
            return 0;
        }
        let separator = match node.kind {
            Kind::Text => {
                out.push((id, base));
                return runs::char_len(node);
            }
            Kind::HorizontalRule | Kind::PageBreak | Kind::InlineImage => return 0,
            Kind::Paragraph | Kind::ListItem => 0,
            _ => 1,
        };
        let mut at = base;
        for (i, child) in node.children.iter().enumerate() {
            if i > 0 {
                at += separator;
            }
            at += self.spans_into(*child, at, out, depth + 1);
        }
        at - base
    }

    /// `merge()`: the element joined to the previous sibling of its type (a Text's
    /// characters and runs, a container's children); the previous sibling is the result.
    pub fn merge(&mut self, id: NodeId) -> ServiceResult<NodeId> {
        let kind = self.kind(id)?;
        let previous = self.sibling(id, -1)?.filter(|p| self.kind(*p).ok() == Some(kind));
        let Some(previous) = previous else { return Err(ServiceError::new(text::MERGE)) };
        let node = self.node(id)?.clone();
        if kind == Kind::Text {
            let target = self.node_mut(previous)?;
            target.text.push_str(&node.text);
            target.runs.extend(node.runs);
            let len = runs::char_len(target);
            runs::set_attr(target, len, len, "", None);
        } else {
            for child in &node.children {
                self.node_mut(*child)?.parent = Some(previous);
            }
            self.node_mut(previous)?.children.extend(node.children.iter().copied());
            self.node_mut(id)?.children.clear();
        }
        if let Some(parent) = node.parent {
            self.node_mut(parent)?.children.retain(|c| *c != id);
        }
        self.drop_subtree(id);
        Ok(previous)
    }
}
