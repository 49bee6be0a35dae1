//! Rich text: a cell's text with runs of text styles and links (`RichTextValue`).
//!
//! Offsets are JavaScript string indexes (UTF-16 code units), as scripts count them. A
//! value's runs cover its text without gaps, adjacent runs differ, and an empty text has
//! no runs. A run's style holds only what was set on it (`None` elsewhere); reading a
//! style across runs keeps a property only where every run agrees (documented: "null if
//! the style is not uniform").
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | `setTextStyle(start, end, style)` / `setLinkUrl(start, end, url)` with `start >= end` or `end` past the text | `Invalid argument: offsets` | assumed |
//! | `setText` after styles | the runs go (the new text is unstyled) | assumed |

use serde::{Deserialize, Serialize};

use super::format::TextStyle;

/// A rich text value; `start_index` is where it begins in the value `getRuns()` took it from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RichText {
    pub text: String,
    #[serde(default)]
    pub runs: Vec<Run>,
    #[serde(default)]
    pub start_index: usize,
}

/// Text from `start` to `end` (UTF-16 offsets, end exclusive) with one style and link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub start: usize,
    pub end: usize,
    #[serde(default)]
    pub style: TextStyle,
    #[serde(default)]
    pub link_url: Option<String>,
}

pub const INVALID_OFFSETS: &str = "Invalid argument: offsets";

fn length(text: &str) -> usize {
    text.encode_utf16().count()
}

/// A style with `over`'s properties replacing `base`'s where `over` sets them.
fn overlay(base: &TextStyle, over: &TextStyle) -> TextStyle {
    TextStyle {
        bold: over.bold.or(base.bold),
        italic: over.italic.or(base.italic),
        underline: over.underline.or(base.underline),
        strikethrough: over.strikethrough.or(base.strikethrough),
        font_family: over.font_family.clone().or_else(|| base.font_family.clone()),
        font_size: over.font_size.or(base.font_size),
        foreground_color: over.foreground_color.clone().or_else(|| base.foreground_color.clone()),
    }
}

/// The properties two styles share; others `None`.
fn common(a: &TextStyle, b: &TextStyle) -> TextStyle {
    fn same<T: PartialEq + Clone>(a: &Option<T>, b: &Option<T>) -> Option<T> {
        if a == b {
            a.clone()
        } else {
            None
        }
    }
    TextStyle {
        bold: same(&a.bold, &b.bold),
        italic: same(&a.italic, &b.italic),
        underline: same(&a.underline, &b.underline),
        strikethrough: same(&a.strikethrough, &b.strikethrough),
        font_family: same(&a.font_family, &b.font_family),
        font_size: same(&a.font_size, &b.font_size),
        foreground_color: same(&a.foreground_color, &b.foreground_color),
    }
}

impl RichText {
    /// `setText(text)`: unstyled text, one run.
    pub fn new(text: &str) -> RichText {
        let len = length(text);
        let runs = if len == 0 {
            Vec::new()
        } else {
            vec![Run { start: 0, end: len, style: TextStyle::default(), link_url: None }]
        };
        RichText { text: text.to_string(), runs, start_index: 0 }
    }

    pub fn len(&self) -> usize {
        length(&self.text)
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Whether any run has a style or link (else the value is plain text).
    pub fn is_plain(&self) -> bool {
        self.runs.iter().all(|run| run.style == TextStyle::default() && run.link_url.is_none())
    }

    fn check(&self, start: usize, end: usize) -> Result<(), String> {
        if start >= end || end > self.len() {
            return Err(INVALID_OFFSETS.to_string());
        }
        Ok(())
    }

    /// Splits runs so `at` is a run boundary.
    fn split_at(&mut self, at: usize) {
        if let Some(i) = self.runs.iter().position(|run| run.start < at && at < run.end) {
            let mut tail = self.runs[i].clone();
            tail.start = at;
            self.runs[i].end = at;
            self.runs.insert(i + 1, tail);
        }
    }

    fn merge_equal_neighbours(&mut self) {
        let mut merged: Vec<Run> = Vec::with_capacity(self.runs.len());
        for run in self.runs.drain(..) {
            match merged.last_mut() {
                Some(last) if last.style == run.style && last.link_url == run.link_url => last.end = run.end,
                _ => merged.push(run),
            }
        }
        self.runs = merged;
    }

    fn edit(&mut self, start: usize, end: usize, mut change: impl FnMut(&mut Run)) -> Result<(), String> {
        self.check(start, end)?;
        self.split_at(start);
        self.split_at(end);
        for run in self.runs.iter_mut().filter(|run| run.start >= start && run.end <= end) {
            change(run);
        }
        self.merge_equal_neighbours();
        Ok(())
    }

    /// `setTextStyle(start, end, style)`: the style's set properties over the text's.
    /// A `null` style clears the part's styles.
    pub fn set_style(&mut self, start: usize, end: usize, style: Option<&TextStyle>) -> Result<(), String> {
        self.edit(start, end, |run| {
            run.style = match style {
                Some(style) => overlay(&run.style, style),
                None => TextStyle::default(),
            }
        })
    }

    /// `setLinkUrl(start, end, url)`; `None` removes the link.
    pub fn set_link(&mut self, start: usize, end: usize, url: Option<&str>) -> Result<(), String> {
        self.edit(start, end, |run| run.link_url = url.map(String::from))
    }

    fn overlapping(&self, start: usize, end: usize) -> impl Iterator<Item = &Run> {
        self.runs.iter().filter(move |run| run.start < end && run.end > start)
    }

    /// `getTextStyle(start, end)`: what every run in the span shares.
    pub fn style_between(&self, start: usize, end: usize) -> Result<TextStyle, String> {
        self.check(start, end)?;
        let mut runs = self.overlapping(start, end);
        let first = runs.next().map(|run| run.style.clone()).unwrap_or_default();
        Ok(runs.fold(first, |acc, run| common(&acc, &run.style)))
    }

    /// `getLinkUrl(start, end)`: the link when the whole span has the same one.
    pub fn link_between(&self, start: usize, end: usize) -> Result<Option<String>, String> {
        self.check(start, end)?;
        let mut links = self.overlapping(start, end).map(|run| run.link_url.clone());
        let first = links.next().flatten();
        Ok(if links.all(|link| link == first) { first } else { None })
    }

    /// `getTextStyle()` of the whole value (`TextStyle::default()` for empty text).
    pub fn style(&self) -> TextStyle {
        if self.is_empty() {
            return TextStyle::default();
        }
        self.style_between(0, self.len()).unwrap_or_default()
    }

    /// `getLinkUrl()` of the whole value.
    pub fn link(&self) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        self.link_between(0, self.len()).ok().flatten()
    }

    /// `getRuns()`: one value per run, each knowing where it starts.
    pub fn run_values(&self) -> Vec<RichText> {
        let units: Vec<u16> = self.text.encode_utf16().collect();
        self.runs
            .iter()
            .map(|run| RichText {
                text: String::from_utf16_lossy(&units[run.start..run.end]),
                runs: vec![Run { start: 0, end: run.end - run.start, ..run.clone() }],
                start_index: self.start_index + run.start,
            })
            .collect()
    }

    /// The value of a cell: its text with `cell`'s style under every run's own.
    pub fn under_cell_style(&self, cell: &TextStyle) -> RichText {
        let mut value = self.clone();
        for run in &mut value.runs {
            run.style = overlay(cell, &run.style);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bold() -> TextStyle {
        TextStyle { bold: Some(true), ..TextStyle::default() }
    }

    #[test]
    fn styles_split_and_merge_runs() {
        let mut value = RichText::new("Hello world");
        value.set_style(0, 5, Some(&bold())).unwrap();
        assert_eq!(value.runs.len(), 2);
        assert_eq!((value.runs[0].start, value.runs[0].end, value.runs[1].end), (0, 5, 11));
        value.set_style(5, 11, Some(&bold())).unwrap();
        assert_eq!(value.runs.len(), 1, "equal neighbours merge");
        assert_eq!(value.style().bold, Some(true));
    }

    #[test]
    fn reading_across_runs_keeps_what_they_share() {
        let mut value = RichText::new("abcdef");
        value
            .set_style(0, 3, Some(&TextStyle { bold: Some(true), italic: Some(true), ..TextStyle::default() }))
            .unwrap();
        value
            .set_style(3, 6, Some(&TextStyle { bold: Some(true), italic: Some(false), ..TextStyle::default() }))
            .unwrap();
        let style = value.style();
        assert_eq!((style.bold, style.italic), (Some(true), None));
        assert_eq!(value.style_between(0, 2).unwrap().italic, Some(true));
    }

    #[test]
    fn links_and_runs() {
        let mut value = RichText::new("see docs");
        value.set_link(4, 8, Some("https://example.com")).unwrap();
        assert_eq!(value.link(), None);
        assert_eq!(value.link_between(4, 8).unwrap().as_deref(), Some("https://example.com"));
        let runs = value.run_values();
        assert_eq!(runs.iter().map(|r| r.text.as_str()).collect::<Vec<_>>(), vec!["see ", "docs"]);
        assert_eq!(runs[1].start_index, 4);
        assert_eq!(runs[1].link().as_deref(), Some("https://example.com"));
        assert!(!value.is_plain());
        assert!(RichText::new("x").is_plain());
    }

    #[test]
    fn offsets_are_checked_in_utf16_units() {
        let mut value = RichText::new("h€llo 😀");
        assert_eq!(value.len(), 8);
        assert!(value.set_style(6, 8, Some(&bold())).is_ok());
        assert_eq!(value.set_style(3, 3, Some(&bold())), Err(INVALID_OFFSETS.to_string()));
        assert_eq!(value.set_link(0, 9, None), Err(INVALID_OFFSETS.to_string()));
        assert_eq!(value.run_values()[1].text, "😀");
    }

    #[test]
    fn a_null_style_clears_and_the_cell_style_fills_in() {
        let mut value = RichText::new("ab");
        value.set_style(0, 2, Some(&bold())).unwrap();
        value.set_style(0, 1, None).unwrap();
        assert_eq!(value.style_between(0, 1).unwrap(), TextStyle::default());
        let cell = TextStyle { bold: Some(false), font_size: Some(10), ..TextStyle::default() };
        let shown = value.under_cell_style(&cell);
        assert_eq!(shown.style_between(1, 2).unwrap().bold, Some(true));
        assert_eq!(shown.style_between(0, 1).unwrap().bold, Some(false));
        assert_eq!(shown.style().font_size, Some(10));
    }
}
