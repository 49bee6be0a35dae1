//! Text methods and attributes. A Text's methods act on spans: the Text itself, or for
//! the Text a container's `editAsText()` gives, every Text under the container with
//! where each starts in the container's text; a container's `setLinkUrl` and
//! `setTextAlignment` act on its spans too. The attributes are two tables: per-character
//! ones (`TEXT_FIELDS`: `isBold`/`setBold` ...) and an element's own (`ELEMENT_FIELDS`:
//! `getHeading`/`setHeading` ...), each row one attribute and its getter and setter.

use gas_platform::documents::{runs, text as texts, AttrValue, Attrs, Doc, Kind, NodeId, TEXT_ATTRIBUTES};
use gas_platform::{ServiceError, ServiceResult};

use super::{Ctx, ElementHandle};
use crate::bindings::args::arg;
use crate::value::Val;

/// An attribute's value kind (what a setter reads, what a getter gives when unset).
#[derive(Clone, Copy, PartialEq)]
enum Value {
    Bool,
    Number,
    Text,
}

/// One attribute: its `DocumentApp.Attribute` name, getter, setter, value kind.
struct Field {
    key: &'static str,
    getter: &'static str,
    setter: &'static str,
    value: Value,
}

const fn f(key: &'static str, getter: &'static str, setter: &'static str, value: Value) -> Field {
    Field { key, getter, setter, value }
}

/// Per-character attributes (a Text's, or every Text under a container's).
const TEXT_FIELDS: &[Field] = &[
    f("BOLD", "isBold", "setBold", Value::Bool),
    f("ITALIC", "isItalic", "setItalic", Value::Bool),
    f("UNDERLINE", "isUnderline", "setUnderline", Value::Bool),
    f("STRIKETHROUGH", "isStrikethrough", "setStrikethrough", Value::Bool),
    f("FONT_SIZE", "getFontSize", "setFontSize", Value::Number),
    f("FONT_FAMILY", "getFontFamily", "setFontFamily", Value::Text),
    f("FOREGROUND_COLOR", "getForegroundColor", "setForegroundColor", Value::Text),
    f("BACKGROUND_COLOR", "getBackgroundColor", "setBackgroundColor", Value::Text),
    f("LINK_URL", "getLinkUrl", "setLinkUrl", Value::Text),
    // Superscript and subscript: not a `DocumentApp.Attribute`, kept with the characters.
    f("TEXT_ALIGNMENT", "getTextAlignment", "setTextAlignment", Value::Text),
];

/// An element's own attributes.
const ELEMENT_FIELDS: &[Field] = &[
    f("HEADING", "getHeading", "setHeading", Value::Text),
    f("HORIZONTAL_ALIGNMENT", "getAlignment", "setAlignment", Value::Text),
    f("INDENT_END", "getIndentEnd", "setIndentEnd", Value::Number),
    f("INDENT_FIRST_LINE", "getIndentFirstLine", "setIndentFirstLine", Value::Number),
    f("INDENT_START", "getIndentStart", "setIndentStart", Value::Number),
    f("LINE_SPACING", "getLineSpacing", "setLineSpacing", Value::Number),
    f("SPACING_AFTER", "getSpacingAfter", "setSpacingAfter", Value::Number),
    f("SPACING_BEFORE", "getSpacingBefore", "setSpacingBefore", Value::Number),
    f("LEFT_TO_RIGHT", "isLeftToRight", "setLeftToRight", Value::Bool),
    f("GLYPH_TYPE", "getGlyphType", "setGlyphType", Value::Text),
    f("NESTING_LEVEL", "getNestingLevel", "setNestingLevel", Value::Number),
    f("BORDER_COLOR", "getBorderColor", "setBorderColor", Value::Text),
    f("BORDER_WIDTH", "getBorderWidth", "setBorderWidth", Value::Number),
    f("MINIMUM_HEIGHT", "getMinimumHeight", "setMinimumHeight", Value::Number),
    f("BACKGROUND_COLOR", "getBackgroundColor", "setBackgroundColor", Value::Text),
    f("PADDING_BOTTOM", "getPaddingBottom", "setPaddingBottom", Value::Number),
    f("PADDING_LEFT", "getPaddingLeft", "setPaddingLeft", Value::Number),
    f("PADDING_RIGHT", "getPaddingRight", "setPaddingRight", Value::Number),
    f("PADDING_TOP", "getPaddingTop", "setPaddingTop", Value::Number),
    f("VERTICAL_ALIGNMENT", "getVerticalAlignment", "setVerticalAlignment", Value::Text),
    f("WIDTH", "getWidth", "setWidth", Value::Number),
    f("MARGIN_BOTTOM", "getMarginBottom", "setMarginBottom", Value::Number),
    f("MARGIN_LEFT", "getMarginLeft", "setMarginLeft", Value::Number),
    f("MARGIN_RIGHT", "getMarginRight", "setMarginRight", Value::Number),
    f("MARGIN_TOP", "getMarginTop", "setMarginTop", Value::Number),
    f("PAGE_HEIGHT", "getPageHeight", "setPageHeight", Value::Number),
    f("PAGE_WIDTH", "getPageWidth", "setPageWidth", Value::Number),
];

/// The element attributes `getAttributes()` shows for a kind (besides the text ones), in
/// the order it shows them.
fn element_keys(kind: Kind) -> Vec<&'static str> {
    const PARAGRAPH: &[&str] = &[
        "HEADING",
        "HORIZONTAL_ALIGNMENT",
        "INDENT_END",
        "INDENT_FIRST_LINE",
        "INDENT_START",
        "LINE_SPACING",
        "SPACING_AFTER",
        "SPACING_BEFORE",
        "LEFT_TO_RIGHT",
    ];
    // A list item is a paragraph with a list.
    const LIST_ITEM_OWN: &[&str] = &["GLYPH_TYPE", "LIST_ID", "NESTING_LEVEL"];
    let keys: &[&str] = match kind {
        Kind::Paragraph => PARAGRAPH,
        Kind::ListItem => return [PARAGRAPH, LIST_ITEM_OWN].concat(),
        Kind::BodySection => {
            &["MARGIN_BOTTOM", "MARGIN_LEFT", "MARGIN_RIGHT", "MARGIN_TOP", "PAGE_HEIGHT", "PAGE_WIDTH"]
        }
        Kind::Table => &["BORDER_COLOR", "BORDER_WIDTH"],
        Kind::TableRow => &["MINIMUM_HEIGHT"],
        Kind::TableCell => &[
            "BACKGROUND_COLOR",
            "PADDING_BOTTOM",
            "PADDING_LEFT",
            "PADDING_RIGHT",
            "PADDING_TOP",
            "VERTICAL_ALIGNMENT",
            "WIDTH",
        ],
        Kind::InlineImage => &["HEIGHT", "LINK_URL", "WIDTH"],
        _ => &[],
    };
    keys.to_vec()
}

/// What an unset element attribute reads as (assumed: the editor's defaults; `null`
/// for the others).
fn element_default(key: &str) -> Val {
    match key {
        "HEADING" => Val::String("NORMAL".into()),
        "LEFT_TO_RIGHT" => Val::Bool(true),
        "NESTING_LEVEL" => Val::Number(0.0),
        "GLYPH_TYPE" => Val::String("BULLET".into()),
        _ => Val::Null,
    }
}

fn to_val(value: Option<&AttrValue>) -> Val {
    match value {
        Some(AttrValue::Bool(b)) => Val::Bool(*b),
        Some(AttrValue::Number(n)) => Val::Number(*n),
        Some(AttrValue::Text(t)) => Val::String(t.clone()),
        None => Val::Null,
    }
}

/// A setter's argument as an attribute value (`null` clears it).
fn from_val(value: &Val, kind: Value, ctx: &Ctx) -> ServiceResult<Option<AttrValue>> {
    Ok(Some(match (value, kind) {
        (Val::Null, _) => return Ok(None),
        (Val::Bool(b), Value::Bool) => AttrValue::Bool(*b),
        (Val::Number(n), Value::Number) if n.is_finite() => AttrValue::Number(*n),
        (Val::Undefined | Val::Object(_) | Val::Array(_) | Val::Function, _) => return Err(ctx.signature()),
        (Val::Bool(_) | Val::Number(_), Value::Text) => AttrValue::Text(value.to_js_string()),
        (Val::String(s), Value::Text) => AttrValue::Text(s.clone()),
        (Val::String(s), Value::Number) => match s.trim().parse::<f64>() {
            Ok(n) => AttrValue::Number(n),
            Err(_) => return Err(ctx.signature()),
        },
        _ => return Err(ctx.signature()),
    }))
}

/// The spans a Text handle edits: (Text element, where it starts, its length).
fn spans(doc: &Doc, handle: &ElementHandle) -> Vec<(NodeId, usize, usize)> {
    let len = |id: NodeId| doc.node(id).map(runs::char_len).unwrap_or(0);
    if handle.v || doc.kind(handle.e).ok() != Some(Kind::Text) {
        doc.text_spans(handle.e).into_iter().map(|(id, at)| (id, at, len(id))).collect()
    } else {
        vec![(handle.e, 0, len(handle.e))]
    }
}

fn total(spans: &[(NodeId, usize, usize)]) -> usize {
    spans.last().map_or(0, |(_, at, len)| at + len)
}

/// The span holding character `offset` (the last one for an offset at the very end).
fn span_at(spans: &[(NodeId, usize, usize)], offset: usize) -> Option<(NodeId, usize)> {
    let inside = spans.iter().find(|(_, at, len)| offset >= *at && offset < at + len);
    let end = spans.iter().rev().find(|(_, at, len)| offset == at + len);
    inside.or(end).map(|(id, at, _)| (*id, offset - at))
}

/// Sets `key` on characters `start..end` of the spans.
fn set_range(
    doc: &mut Doc,
    spans: &[(NodeId, usize, usize)],
    start: usize,
    end: usize,
    key: &str,
    value: Option<&AttrValue>,
) -> ServiceResult<()> {
    for (id, at, len) in spans {
        let (from, to) = (start.max(*at), end.min(at + len));
        if from < to {
            runs::set_attr(doc.node_mut(*id)?, from - at, to - at, key, value);
        }
    }
    Ok(())
}

/// An attribute over the spans: the character's at `offset`, else the value all share.
fn get_attr(doc: &Doc, spans: &[(NodeId, usize, usize)], key: &str, offset: Option<usize>) -> ServiceResult<Val> {
    if let Some(offset) = offset {
        let Some((id, local)) = span_at(spans, offset).filter(|_| offset < total(spans)) else {
            return Err(ServiceError::new(texts::OFFSET));
        };
        return Ok(to_val(runs::attrs_at(doc.node(id)?, local).get(key)));
    }
    let mut values = Vec::new();
    for (id, _, len) in spans {
        if *len > 0 {
            values.push(runs::uniform(doc.node(*id)?, key));
        }
    }
    let first = values.first().cloned().flatten();
    Ok(if values.iter().all(|v| *v == first) { to_val(first.as_ref()) } else { Val::Null })
}

/// Whether the spans' characters differ in `key`.
fn mixed(doc: &Doc, spans: &[(NodeId, usize, usize)], key: &str) -> ServiceResult<bool> {
    let mut seen: Option<Option<AttrValue>> = None;
    for (id, _, _) in spans {
        for run in &doc.node(*id)?.runs {
            let value = run.attrs.get(key).cloned();
            match &seen {
                Some(first) if *first != value => return Ok(true),
                Some(_) => {}
                None => seen = Some(value),
            }
        }
    }
    Ok(false)
}

/// An offset argument (`isBold(offset)`), `None` when absent.
fn offset_arg(ctx: &Ctx, i: usize) -> ServiceResult<Option<usize>> {
    match arg(ctx.args, i) {
        Val::Undefined | Val::Null => Ok(None),
        _ => {
            let n = ctx.int(i)?;
            usize::try_from(n).map(Some).map_err(|_| ServiceError::new(texts::OFFSET))
        }
    }
}

/// The per-character attribute methods, on a Text (or a container's spans).
pub(super) fn text_field(doc: &mut Doc, handle: &ElementHandle, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let Some(field) = TEXT_FIELDS.iter().find(|f| f.getter == ctx.name || f.setter == ctx.name) else {
        return Ok(None);
    };
    // A cell's background is the cell's own (ELEMENT_FIELDS).
    if field.key == "BACKGROUND_COLOR" && doc.kind(handle.e)? == Kind::TableCell && !handle.v {
        return Ok(None);
    }
    let spans = spans(doc, handle);
    if ctx.name == field.getter {
        let offset = offset_arg(ctx, 0)?;
        let value = get_attr(doc, &spans, field.key, offset)?;
        // An unset flag reads false where the characters agree (assumed); a mixed one null.
        if field.value == Value::Bool && value == Val::Null && (offset.is_some() || !mixed(doc, &spans, field.key)?) {
            return Ok(Some(Val::Bool(false)));
        }
        return Ok(Some(value));
    }
    let (start, end, value) = if ctx.args.len() >= 3 {
        let (start, end) = runs::check_range(total(&spans), ctx.int(0)?, ctx.int(1)?)?;
        (start, end, from_val(arg(ctx.args, 2), field.value, ctx)?)
    } else {
        (0, total(&spans), from_val(arg(ctx.args, 0), field.value, ctx)?)
    };
    set_range(doc, &spans, start, end, field.key, value.as_ref())?;
    Ok(Some(Val::Undefined))
}

/// An element's own attribute methods.
pub(super) fn element_field(doc: &mut Doc, id: NodeId, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let Some(field) = ELEMENT_FIELDS.iter().find(|f| f.getter == ctx.name || f.setter == ctx.name) else {
        return Ok(None);
    };
    let node = doc.node_mut(id)?;
    if ctx.name == field.getter {
        return Ok(Some(match node.attrs.get(field.key) {
            Some(value) => to_val(Some(value)),
            None => element_default(field.key),
        }));
    }
    match from_val(arg(ctx.args, 0), field.value, ctx)? {
        Some(value) => node.attrs.insert(field.key.to_string(), value),
        None => node.attrs.remove(field.key),
    };
    Ok(Some(Val::Undefined))
}

/// A Text's own methods: its characters, and its attributes as one object.
pub(super) fn text_method(doc: &mut Doc, handle: &ElementHandle, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let spans = spans(doc, handle);
    let len = total(&spans);
    let value = match ctx.name {
        "appendText" => {
            let content = ctx.text(0);
            let Some((id, local)) = span_at(&spans, len) else { return Err(ServiceError::new(texts::OFFSET)) };
            doc.check_room(0, &content)?;
            runs::splice(doc.node_mut(id)?, local, local, &content);
            Val::Undefined
        }
        "insertText" => {
            let (offset, content) = (ctx.int(0)?, ctx.text(1));
            let at =
                usize::try_from(offset).ok().filter(|o| *o <= len).ok_or_else(|| ServiceError::new(texts::OFFSET))?;
            let Some((id, local)) = span_at(&spans, at) else { return Err(ServiceError::new(texts::OFFSET)) };
            doc.check_room(0, &content)?;
            runs::splice(doc.node_mut(id)?, local, local, &content);
            Val::Undefined
        }
        "deleteText" => {
            let (start, end) = runs::check_range(len, ctx.int(0)?, ctx.int(1)?)?;
            for (id, at, span_len) in spans.iter().rev() {
                let (from, to) = (start.max(*at), end.min(at + span_len));
                if from < to {
                    runs::splice(doc.node_mut(*id)?, from - at, to - at, "");
                }
            }
            Val::Undefined
        }
        "getTextAttributeIndices" => {
            let mut out = Vec::new();
            for (id, at, _) in &spans {
                out.extend(runs::run_starts(doc.node(*id)?).into_iter().map(|i| Val::Number((i + at) as f64)));
            }
            out.dedup_by(|a, b| a == b);
            if out.is_empty() {
                out.push(Val::Number(0.0));
            }
            Val::Array(out)
        }
        "getAttributes" => attributes(doc, handle.e, &spans, offset_arg(ctx, 0)?, true)?,
        "setAttributes" if ctx.args.len() >= 3 => {
            let (start, end) = runs::check_range(len, ctx.int(0)?, ctx.int(1)?)?;
            set_text_attributes(doc, &spans, start, end, arg(ctx.args, 2), ctx)?;
            Val::Undefined
        }
        "setAttributes" => {
            set_text_attributes(doc, &spans, 0, len, arg(ctx.args, 0), ctx)?;
            Val::Undefined
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

fn set_text_attributes(
    doc: &mut Doc,
    spans: &[(NodeId, usize, usize)],
    start: usize,
    end: usize,
    attrs: &Val,
    ctx: &Ctx,
) -> ServiceResult<()> {
    let Val::Object(pairs) = attrs else { return Err(ctx.signature()) };
    for (key, value) in pairs {
        if let Some(field) = TEXT_FIELDS.iter().find(|f| f.key == key) {
            set_range(doc, spans, start, end, field.key, from_val(value, field.value, ctx)?.as_ref())?;
        }
    }
    Ok(())
}

/// `getAttributes()`: the element's own attributes and its text's (a text attribute is
/// `null` where the characters differ).
pub(super) fn attributes(
    doc: &Doc,
    id: NodeId,
    spans: &[(NodeId, usize, usize)],
    offset: Option<usize>,
    text_only: bool,
) -> ServiceResult<Val> {
    let kind = doc.kind(id)?;
    let mut out = Vec::new();
    if !text_only {
        let node = doc.node(id)?;
        for key in element_keys(kind) {
            let value = node.attrs.get(key).map_or_else(|| element_default(key), |v| to_val(Some(v)));
            out.push((key.to_string(), value));
        }
    }
    if !matches!(kind, Kind::HorizontalRule | Kind::PageBreak | Kind::InlineImage) {
        for key in TEXT_ATTRIBUTES {
            if out.iter().any(|(k, _)| k == key) {
                continue;
            }
            out.push((key.to_string(), get_attr(doc, spans, key, offset)?));
        }
    }
    Ok(Val::Object(out))
}

/// `setAttributes(attributes)` on an element: its own attributes, and the text ones on
/// every Text under it; keys it does not have are left alone.
pub(super) fn set_attributes(doc: &mut Doc, handle: &ElementHandle, ctx: &Ctx) -> ServiceResult<()> {
    let Val::Object(pairs) = arg(ctx.args, 0) else { return Err(ctx.signature()) };
    let kind = doc.kind(handle.e)?;
    let own = element_keys(kind);
    let spans = spans(doc, handle);
    let len = total(&spans);
    let mut own_values = Attrs::new();
    let mut cleared = Vec::new();
    for (key, value) in pairs {
        if own.contains(&key.as_str()) {
            let kind = ELEMENT_FIELDS.iter().find(|f| f.key == key).map_or(Value::Text, |f| f.value);
            match from_val(value, kind, ctx)? {
                Some(v) => own_values.insert(key.clone(), v),
                None => {
                    cleared.push(key.clone());
                    None
                }
            };
        } else if let Some(field) = TEXT_FIELDS.iter().find(|f| f.key == key) {
            set_range(doc, &spans, 0, len, field.key, from_val(value, field.value, ctx)?.as_ref())?;
        }
    }
    let node = doc.node_mut(handle.e)?;
    node.attrs.extend(own_values);
    for key in cleared {
        node.attrs.remove(&key);
    }
    Ok(())
}

/// The spans of any element (for `getAttributes` of a container).
pub(super) fn element_spans(doc: &Doc, handle: &ElementHandle) -> Vec<(NodeId, usize, usize)> {
    spans(doc, handle)
}
