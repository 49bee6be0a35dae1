//! A Text element's characters and their attributes, kept as runs (`Node::runs`: each
//! a length and the attributes its characters share). Every edit expands the runs to one
//! palette index per character, edits that, and compacts it back: adjacent runs with the
//! same attributes are one run, and no run is empty.

use super::{AttrValue, Attrs, Node, Run};
use crate::{ServiceError, ServiceResult};

/// The runs as (palette, one palette index per character). Equal attributes share an index.
struct Expanded {
    palette: Vec<Attrs>,
    index: Vec<usize>,
}

impl Expanded {
    fn of(node: &Node) -> Expanded {
        let mut out = Expanded { palette: Vec::new(), index: Vec::new() };
        for run in &node.runs {
            let at = out.intern(&run.attrs);
            out.index.extend(std::iter::repeat_n(at, run.len));
        }
        // A state file's runs are checked to cover the text; a gap here is filled plain.
        let chars = node.text.chars().count();
        if out.index.len() != chars {
            let plain = out.intern(&Attrs::new());
            out.index.resize(chars, plain);
        }
        out
    }

    fn intern(&mut self, attrs: &Attrs) -> usize {
        match self.palette.iter().position(|p| p == attrs) {
            Some(i) => i,
            None => {
                self.palette.push(attrs.clone());
                self.palette.len() - 1
            }
        }
    }

    fn into_runs(self) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        let mut last: Option<usize> = None;
        for i in self.index {
            match runs.last_mut() {
                Some(run) if last == Some(i) => run.len += 1,
                _ => runs.push(Run { len: 1, attrs: self.palette[i].clone() }),
            }
            last = Some(i);
        }
        runs
    }

    /// The index new characters at `offset` take: the previous character's, else the next's.
    fn inherited(&mut self, offset: usize) -> usize {
        let at = if offset > 0 { self.index.get(offset - 1) } else { self.index.first() };
        match at {
            Some(i) => *i,
            None => self.intern(&Attrs::new()),
        }
    }
}

/// The byte offset of character `chars` in `text` (its length past the end).
fn byte_at(text: &str, chars: usize) -> usize {
    text.char_indices().nth(chars).map_or(text.len(), |(b, _)| b)
}

pub fn char_len(node: &Node) -> usize {
    node.text.chars().count()
}

/// Checks `start..=end` within a text of `len` characters (the platform's offset text).
pub fn check_range(len: usize, start: i64, end_inclusive: i64) -> ServiceResult<(usize, usize)> {
    if start < 0 || end_inclusive < start || end_inclusive >= len as i64 {
        return Err(ServiceError::new(super::text::OFFSET));
    }
    Ok((start as usize, end_inclusive as usize + 1))
}

/// Replaces characters `start..end` with `insert`; the new characters take the
/// attributes of the first replaced one, or of the character before (inserting).
pub fn splice(node: &mut Node, start: usize, end: usize, insert: &str) {
    let mut ex = Expanded::of(node);
    let end = end.min(ex.index.len());
    let start = start.min(end);
    let fill = if start < end { ex.index[start] } else { ex.inherited(start) };
    let (from, to) = (byte_at(&node.text, start), byte_at(&node.text, end));
    node.text.replace_range(from..to, insert);
    let added = insert.chars().count();
    ex.index.splice(start..end, std::iter::repeat_n(fill, added));
    node.runs = ex.into_runs();
}

/// Many replacements at once, given as (start, end, text) in characters, in order and
/// not overlapping (replaceText's matches): one pass over the text.
pub fn replace_all(node: &mut Node, edits: &[(usize, usize, String)]) {
    if edits.is_empty() {
        return;
    }
    let ex = Expanded::of(node);
    let chars: Vec<char> = node.text.chars().collect();
    let (mut text, mut index) = (String::with_capacity(node.text.len()), Vec::with_capacity(ex.index.len()));
    let mut at = 0;
    for (start, end, insert) in edits {
        let (start, end) = ((*start).clamp(at, chars.len()), (*end).min(chars.len()));
        text.extend(&chars[at..start]);
        index.extend_from_slice(&ex.index[at..start]);
        let fill = ex.index.get(start).or(start.checked_sub(1).and_then(|p| ex.index.get(p))).copied();
        text.push_str(insert);
        if let Some(fill) = fill {
            index.extend(std::iter::repeat_n(fill, insert.chars().count()));
        }
        at = end.max(start);
    }
    text.extend(&chars[at..]);
    index.extend_from_slice(&ex.index[at..]);
    node.text = text;
    let mut ex = Expanded { palette: ex.palette, index };
    if ex.index.len() != node.text.chars().count() {
        // Only an insert into an empty text has no character to inherit from.
        let plain = ex.intern(&Attrs::new());
        ex.index.resize(node.text.chars().count(), plain);
    }
    node.runs = ex.into_runs();
}

/// Sets (or clears, `None`) one attribute on characters `start..end`.
pub fn set_attr(node: &mut Node, start: usize, end: usize, key: &str, value: Option<&AttrValue>) {
    let mut ex = Expanded::of(node);
    let end = end.min(ex.index.len());
    let mut changed: Vec<(usize, usize)> = Vec::new();
    for i in start..end {
        let old = ex.index[i];
        let new = match changed.iter().find(|(from, _)| *from == old) {
            Some((_, to)) => *to,
            None => {
                let mut attrs = ex.palette[old].clone();
                match value {
                    Some(v) => attrs.insert(key.to_string(), v.clone()),
                    None => attrs.remove(key),
                };
                let to = ex.intern(&attrs);
                changed.push((old, to));
                to
            }
        };
        ex.index[i] = new;
    }
    node.runs = ex.into_runs();
}

/// The attributes of the character at `offset`.
pub fn attrs_at(node: &Node, offset: usize) -> Attrs {
    let mut at = 0;
    for run in &node.runs {
        if offset < at + run.len {
            return run.attrs.clone();
        }
        at += run.len;
    }
    Attrs::new()
}

/// One attribute over the whole text: its value when every character has the same,
/// else `None` (the platform's `null` for mixed values).
pub fn uniform(node: &Node, key: &str) -> Option<AttrValue> {
    let mut values = node.runs.iter().map(|r| r.attrs.get(key));
    let first = values.next()?;
    if values.all(|v| v == first) {
        first.cloned()
    } else {
        None
    }
}

/// The offsets where a run starts (`getTextAttributeIndices`): 0 always.
pub fn run_starts(node: &Node) -> Vec<usize> {
    let mut out = vec![0];
    let mut at = 0;
    for run in node.runs.iter().take(node.runs.len().saturating_sub(1)) {
        at += run.len;
        out.push(at);
    }
    out
}
