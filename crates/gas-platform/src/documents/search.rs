//! `findText` and `replaceText`: an RE2 pattern (documented: "uses Google's RE2 regular
//! expression library"; the `regex` crate has RE2's syntax and guarantees), matched
//! against each Text element on its own (documented: "independently matched against each
//! text block contained in the current element").

use regex::{Captures, Regex, RegexBuilder};

use super::runs;
use super::{text, Doc, NodeId, PATTERN_SIZE_MAX};
use crate::{ServiceError, ServiceResult};

/// A match: the Text element and its offsets (characters, the end inclusive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found {
    pub element: NodeId,
    pub start: usize,
    pub end_inclusive: usize,
}

pub fn compile(pattern: &str) -> ServiceResult<Regex> {
    RegexBuilder::new(&crate::re2::for_regex_crate(pattern))
        .size_limit(PATTERN_SIZE_MAX)
        .dfa_size_limit(PATTERN_SIZE_MAX)
        .build()
        .map_err(|_| ServiceError::new(text::BAD_PATTERN))
}

fn char_offset(text: &str, byte: usize) -> usize {
    text[..byte].chars().count()
}

/// The replacement for one match: literal, but `$n` (or `${n}`) naming a group of the
/// pattern is that group's text (assumed: the module table).
fn expand(replacement: &str, caps: &Captures) -> String {
    let mut out = String::with_capacity(replacement.len());
    let mut rest = replacement;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (digits, tail) = match after.strip_prefix('{').and_then(|a| a.split_once('}')) {
            Some((inside, tail)) if !inside.is_empty() && inside.bytes().all(|b| b.is_ascii_digit()) => (inside, tail),
            _ => {
                let n = after.bytes().take_while(u8::is_ascii_digit).count();
                (&after[..n], &after[n..])
            }
        };
        match digits.parse::<usize>().ok().filter(|g| *g < caps.len()) {
            Some(group) => {
                out.push_str(caps.get(group).map_or("", |m| m.as_str()));
                rest = tail;
            }
            None => {
                out.push('$');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

impl Doc {
    /// `findText(pattern[, from])`: the first match in the Text elements under `scope`
    /// after `from` (a previous result: the search goes on past its end).
    pub fn find_text(&self, scope: NodeId, pattern: &str, from: Option<Found>) -> ServiceResult<Option<Found>> {
        let re = compile(pattern)?;
        let texts = self.texts(scope);
        let (first, mut offset) = match from {
            Some(found) => match texts.iter().position(|t| *t == found.element) {
                Some(i) => (i, Some(found.end_inclusive + 1)),
                None => return Ok(None),
            },
            None => (0, None),
        };
        for id in &texts[first..] {
            let node = self.node(*id)?;
            let skip = offset.take().unwrap_or(0);
            let start_byte = node.text.char_indices().nth(skip).map_or(node.text.len(), |(b, _)| b);
            if skip > 0 && start_byte >= node.text.len() {
                continue;
            }
            let found = re.find_iter(&node.text[start_byte..]).find(|m| !m.is_empty());
            if let Some(m) = found {
                let start = char_offset(&node.text, start_byte + m.start());
                let end = char_offset(&node.text, start_byte + m.end());
                return Ok(Some(Found { element: *id, start, end_inclusive: end - 1 }));
            }
        }
        Ok(None)
    }

    /// `replaceText(pattern, replacement)` on every Text element under `scope`; the number
    /// of replacements. Empty matches are skipped (an empty text stays as it is).
    pub fn replace_text(&mut self, scope: NodeId, pattern: &str, replacement: &str) -> ServiceResult<usize> {
        let re = compile(pattern)?;
        let mut count = 0;
        for id in self.texts(scope) {
            let node = self.node(id)?;
            let edits: Vec<(usize, usize, String)> = re
                .captures_iter(&node.text)
                .filter_map(|caps| {
                    let m = caps.get(0)?;
                    (!m.is_empty()).then(|| {
                        let start = char_offset(&node.text, m.start());
                        let end = start + m.as_str().chars().count();
                        (start, end, expand(replacement, &caps))
                    })
                })
                .collect();
            if edits.is_empty() {
                continue;
            }
            let removed: usize = edits.iter().map(|(start, end, _)| end - start).sum();
            let added: String = edits.iter().map(|(_, _, text)| text.as_str()).collect();
            self.check_room(removed, &added)?;
            count += edits.len();
            runs::replace_all(self.node_mut(id)?, &edits);
        }
        Ok(count)
    }
}
