//! The element tree's methods, by name: casts, family (parent, children, siblings),
//! text, search, the append/insert family of sections, cells and paragraphs, tables'
//! rows and cells. Each acts on the element the handle names; the platform's checks
//! (what may hold what, the last paragraph, indexes) are gas-platform's.

use gas_platform::documents::images::Image;
use gas_platform::documents::{search::Found, text as texts, Doc, Kind, NodeId};
use gas_platform::{ServiceError, ServiceResult};

use super::text::{attributes, element_field, element_spans, set_attributes, text_field, text_method};
use super::{Ctx, ElementHandle, RangeHandle};
use crate::bindings::args::{arg, handle_arg, handle_of, to_val};
use crate::bindings::blob::BlobParts;
use crate::host::{CallResult, Failure};
use crate::value::Val;

/// Every method of an element class.
pub(super) fn element(doc: &mut Doc, handle: &ElementHandle, ctx: &Ctx) -> CallResult {
    let id = handle.e;
    doc.kind(id)?;
    if let Some(target) = ctx.name.strip_prefix("as") {
        return Ok(cast(handle, target)?);
    }
    if doc.kind(id)? == Kind::InlineImage {
        if let Some(value) = image(doc, id, ctx)? {
            return Ok(value);
        }
    }
    let is_text = handle.v || doc.kind(id)? == Kind::Text;
    if is_text {
        if let Some(value) = text_method(doc, handle, ctx)? {
            return Ok(value);
        }
    }
    if let Some(value) = text_field(doc, handle, ctx)? {
        return Ok(value);
    }
    if let Some(value) = family(doc, handle, ctx)? {
        return Ok(value);
    }
    if let Some(value) = blocks(doc, id, ctx)? {
        return Ok(value);
    }
    if let Some(value) = tables(doc, id, ctx)? {
        return Ok(value);
    }
    if let Some(value) = element_field(doc, id, ctx)? {
        return Ok(value);
    }
    Err(ServiceError::unimplemented(ctx.method).into())
}

/// An InlineImage's own methods: its size, link, alternate texts and bytes (the family
/// and attribute methods are every element's).
fn image(doc: &mut Doc, id: NodeId, ctx: &Ctx) -> Result<Option<Val>, Failure> {
    use gas_platform::documents::AttrValue;
    let node = doc.node_mut(id)?;
    let optional = |text: &Option<String>| text.clone().map_or(Val::Null, Val::String);
    let value = match ctx.name {
        "getWidth" | "getHeight" => {
            let key = if ctx.name == "getWidth" { "WIDTH" } else { "HEIGHT" };
            match node.attrs.get(key) {
                Some(AttrValue::Number(n)) => Val::Number(*n),
                _ => Val::Null,
            }
        }
        "setWidth" | "setHeight" => {
            let key = if ctx.name == "setWidth" { "WIDTH" } else { "HEIGHT" };
            let size = gas_platform::documents::images::check_size(ctx.int(0)?)?;
            node.attrs.insert(key.into(), AttrValue::Number(size as f64));
            Val::Undefined
        }
        "getLinkUrl" => match node.attrs.get("LINK_URL") {
            Some(AttrValue::Text(url)) => Val::String(url.clone()),
            _ => Val::Null,
        },
        "setLinkUrl" => {
            match arg(ctx.args, 0) {
                Val::Null | Val::Undefined => node.attrs.remove("LINK_URL"),
                other => node.attrs.insert("LINK_URL".into(), AttrValue::Text(other.to_js_string())),
            };
            Val::Undefined
        }
        "getAltTitle" => optional(&kept(node.image.as_ref())?.alt_title),
        "getAltDescription" => optional(&kept(node.image.as_ref())?.alt_description),
        "setAltTitle" | "setAltDescription" => {
            let text = Some(ctx.text(0));
            let image = node.image.as_mut().ok_or_else(|| ServiceError::new(texts::NO_SUCH_ELEMENT))?;
            if ctx.name == "setAltTitle" {
                image.alt_title = text
            } else {
                image.alt_description = text
            }
            Val::Undefined
        }
        "getBlob" => image_blob(kept(node.image.as_ref())?, None)?,
        "getAs" => image_blob(kept(node.image.as_ref())?, Some(&ctx.text(0)))?,
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// An image element's image, borrowed where a method reads it (it may be 50 MB); a
/// state file's image element without one is no element.
fn kept(image: Option<&Image>) -> Result<&Image, ServiceError> {
    image.ok_or_else(|| ServiceError::new(texts::NO_SUCH_ELEMENT))
}

/// The image's bytes as a Blob, or `getAs(target)`'s (its own type only: gas-sim
/// converts no image; another type is the named gap `Blob.getAs` gives).
pub(in crate::bindings) fn image_blob(image: &Image, target: Option<&str>) -> CallResult {
    use gas_platform::utilities::{self as util, GetAs};
    let name = (!image.name.is_empty()).then(|| image.name.clone());
    let Some(target) = target else {
        return BlobParts { bytes: image.bytes(), content_type: Some(image.content_type.clone()), name }.into_val();
    };
    match util::get_as(Some(&image.content_type), target, name.as_deref())? {
        GetAs::Copy { content_type, name } => {
            BlobParts { bytes: image.bytes(), content_type: Some(content_type), name }.into_val()
        }
        GetAs::Unimplemented(message) => Err(ServiceError::new(message).into()),
    }
}

/// `asParagraph()` ...: the element itself when it is of that class.
fn cast(handle: &ElementHandle, target: &str) -> ServiceResult<Val> {
    let class = match handle.t.as_str() {
        "BODY_SECTION" => "Body",
        "HEADER_SECTION" => "HeaderSection",
        "FOOTER_SECTION" => "FooterSection",
        "PARAGRAPH" => "Paragraph",
        "LIST_ITEM" => "ListItem",
        "TABLE" => "Table",
        "TABLE_ROW" => "TableRow",
        "TABLE_CELL" => "TableCell",
        "TEXT" => "Text",
        "HORIZONTAL_RULE" => "HorizontalRule",
        "PAGE_BREAK" => "PageBreak",
        "INLINE_IMAGE" => "InlineImage",
        _ => "",
    };
    if class != target {
        return Err(ServiceError::new(texts::INVALID_CAST));
    }
    Ok(to_val(handle))
}

/// An element argument (a script's element object) in this document.
fn element_arg(doc: &Doc, ctx: &Ctx, i: usize) -> ServiceResult<NodeId> {
    let handle: ElementHandle = handle_of(arg(ctx.args, i)).map_err(|_| ctx.signature())?;
    if handle.d != ctx.d {
        return Err(ServiceError::new(texts::NO_SUCH_ELEMENT));
    }
    doc.node(handle.e)?;
    Ok(handle.e)
}

fn is_element(value: &Val) -> bool {
    handle_arg(value).get("e").is_some()
}

fn range(ctx: &Ctx, doc: &Doc, found: Option<Found>) -> ServiceResult<Val> {
    let Some(found) = found else { return Ok(Val::Null) };
    let el: ElementHandle = handle_of(&ctx.el(doc, found.element))?;
    Ok(to_val(&RangeHandle { el, start: found.start as i64, end: found.end_inclusive as i64, partial: true }))
}

/// A previous result given to findText / findElement.
fn from_arg(ctx: &Ctx, i: usize) -> ServiceResult<Option<Found>> {
    match arg(ctx.args, i) {
        Val::Undefined | Val::Null => Ok(None),
        value => {
            let r: RangeHandle = handle_of(value).map_err(|_| ctx.signature())?;
            let (start, end) = (r.start.max(0) as usize, r.end.max(0) as usize);
            Ok(Some(Found { element: r.el.e, start, end_inclusive: end }))
        }
    }
}

/// Parent, children, siblings, copies, removal, text and search: every element's.
fn family(doc: &mut Doc, handle: &ElementHandle, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let id = handle.e;
    let value = match ctx.name {
        "getParent" => ctx.maybe_el(doc, doc.node(id)?.parent),
        "getNextSibling" => ctx.maybe_el(doc, doc.sibling(id, 1)?),
        "getPreviousSibling" => ctx.maybe_el(doc, doc.sibling(id, -1)?),
        "getNumChildren" => Val::Number(doc.node(id)?.children.len() as f64),
        "getChild" => {
            let i = ctx.int(0)?;
            let child = usize::try_from(i).ok().and_then(|i| doc.node(id).ok()?.children.get(i).copied());
            ctx.el(doc, child.ok_or_else(|| ServiceError::new(texts::CHILD_INDEX))?)
        }
        "getChildIndex" => Val::Number(doc.child_index(id, element_arg(doc, ctx, 0)?)? as f64),
        "copy" => {
            let copy = doc.copy_subtree(id)?;
            ctx.el(doc, copy)
        }
        "merge" => {
            let into = doc.merge(id)?;
            ctx.el(doc, into)
        }
        "removeFromParent" => {
            doc.remove(id)?;
            Val::Undefined
        }
        "removeChild" => {
            let child = element_arg(doc, ctx, 0)?;
            if doc.node(child)?.parent != Some(id) {
                return Err(ServiceError::new(texts::NO_SUCH_ELEMENT));
            }
            doc.remove(child)?;
            Val::Undefined
        }
        "isAtDocumentEnd" => Val::Bool(doc.is_at_end(id)),
        _ => return contents(doc, handle, ctx),
    };
    Ok(Some(value))
}

/// Text, search and attributes: every container's (and a Text's search).
fn contents(doc: &mut Doc, handle: &ElementHandle, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let id = handle.e;
    let value = match ctx.name {
        "getText" => Val::String(doc.text_of(id)?),
        "setText" => {
            doc.set_text(id, &ctx.text(0))?;
            Val::Undefined
        }
        "clear" => {
            doc.clear(id)?;
            Val::Undefined
        }
        "editAsText" if handle.v || doc.kind(id)? == Kind::Text => to_val(handle),
        "editAsText" if doc.kind(id)?.holds_text() => {
            let text = doc.merged_text(id)?;
            ctx.el(doc, text)
        }
        "editAsText" => to_val(&ElementHandle { t: "TEXT".into(), v: true, ..handle.clone() }),
        "findText" => {
            let found = doc.find_text(id, &ctx.text(0), from_arg(ctx, 1)?)?;
            range(ctx, doc, found)?
        }
        "findElement" => {
            let found = doc.find_element(id, &ctx.text(0), from_arg(ctx, 1)?.map(|f| f.element));
            match found {
                Some(el) => {
                    let el: ElementHandle = handle_of(&ctx.el(doc, el))?;
                    to_val(&RangeHandle { el, start: -1, end: -1, partial: false })
                }
                None => Val::Null,
            }
        }
        "replaceText" => {
            doc.replace_text(id, &ctx.text(0), &ctx.text(1))?;
            ctx.el(doc, id)
        }
        "getAttributes" if !handle.v && doc.kind(id)? != Kind::Text => {
            attributes(doc, id, &element_spans(doc, handle), None, false)?
        }
        "setAttributes" if !handle.v && doc.kind(id)? != Kind::Text => {
            set_attributes(doc, handle, ctx)?;
            Val::Undefined
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// The kinds `getParagraphs()` ... gather.
fn gather(doc: &Doc, id: NodeId, kinds: &[Kind]) -> Vec<NodeId> {
    let all = doc.descendants(id);
    all.into_iter().skip(1).filter(|n| doc.kind(*n).is_ok_and(|k| kinds.contains(&k))).collect()
}

/// A new block for `append*`/`insert*`: from text (or cells), or the detached element
/// the script passes.
fn new_block(doc: &mut Doc, ctx: &Ctx, kind: Kind, i: usize) -> ServiceResult<NodeId> {
    let value = arg(ctx.args, i);
    if is_element(value) {
        return element_arg(doc, ctx, i);
    }
    match kind {
        Kind::Table => {
            let rows = match value {
                Val::Undefined | Val::Null => Vec::new(),
                Val::Array(rows) => rows
                    .iter()
                    .map(|row| match row {
                        Val::Array(cells) => Ok(cells.iter().map(Val::to_js_string).collect()),
                        _ => Err(ctx.signature()),
                    })
                    .collect::<ServiceResult<Vec<Vec<String>>>>()?,
                _ => return Err(ctx.signature()),
            };
            let cells: String = rows.iter().flatten().map(String::as_str).collect();
            doc.check_room(0, &cells)?;
            doc.new_table(&rows)
        }
        Kind::HorizontalRule | Kind::PageBreak => doc.alloc(gas_platform::documents::Node::new(kind)),
        Kind::InlineImage => {
            let blob = BlobParts::of(handle_arg(value)).ok_or_else(|| ctx.signature())?;
            doc.new_image(&blob.bytes, blob.name.as_deref().unwrap_or_default())
        }
        _ => doc.new_block(kind, &value.to_js_string()),
    }
}

/// Where `insert*(index, ...)` / `append*(...)` puts the new block, and which argument
/// holds its content.
fn place(doc: &Doc, id: NodeId, ctx: &Ctx) -> ServiceResult<(Option<usize>, usize)> {
    if ctx.name.starts_with("insert") {
        return Ok((Some(doc.insert_index(id, ctx.int(0)?)?), 1));
    }
    Ok((None, 0))
}

/// The append/insert family and the gatherers of sections, cells and paragraphs.
fn blocks(doc: &mut Doc, id: NodeId, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let kind = match ctx.name {
        "getParagraphs" => return Ok(Some(ctx.els(doc, gather(doc, id, &[Kind::Paragraph, Kind::ListItem])))),
        "getListItems" => return Ok(Some(ctx.els(doc, gather(doc, id, &[Kind::ListItem])))),
        "getTables" => return Ok(Some(ctx.els(doc, gather(doc, id, &[Kind::Table])))),
        "getImages" => return Ok(Some(ctx.els(doc, gather(doc, id, &[Kind::InlineImage])))),
        "getFootnotes" | "getPositionedImages" => return Ok(Some(Val::Array(Vec::new()))),
        "appendImage" | "insertImage" | "appendInlineImage" | "insertInlineImage" => Kind::InlineImage,
        "appendParagraph" | "insertParagraph" => Kind::Paragraph,
        "appendListItem" | "insertListItem" => Kind::ListItem,
        "appendTable" | "insertTable" => Kind::Table,
        "appendHorizontalRule" | "insertHorizontalRule" => Kind::HorizontalRule,
        "appendPageBreak" | "insertPageBreak" => Kind::PageBreak,
        "appendText" | "insertText" => Kind::Text,
        _ => return Ok(None),
    };
    let (index, content) = place(doc, id, ctx)?;
    let holder = doc.kind(id)?;
    let block = if kind == Kind::Text {
        let value = arg(ctx.args, content);
        if is_element(value) {
            element_arg(doc, ctx, content)?
        } else {
            doc.new_text(&value.to_js_string())?
        }
    } else {
        new_block(doc, ctx, kind, content)?
    };
    // A rule, a break or an image in a section sits in a paragraph of its own (the
    // editor's way; documented for appendImage).
    if holder.holds_blocks() && matches!(kind, Kind::HorizontalRule | Kind::PageBreak | Kind::InlineImage) {
        let paragraph = doc.new_block(Kind::Paragraph, "")?;
        doc.attach(paragraph, None, block)?;
        doc.attach(id, index, paragraph)?;
    } else {
        doc.attach(id, index, block)?;
    }
    Ok(Some(ctx.el(doc, block)))
}

/// A row or cell index argument within `count`.
fn index_in(ctx: &Ctx, i: usize, count: usize) -> ServiceResult<usize> {
    let n = ctx.int(i)?;
    usize::try_from(n).ok().filter(|n| *n < count).ok_or_else(|| ServiceError::new(texts::CHILD_INDEX))
}

fn child_at(doc: &Doc, id: NodeId, ctx: &Ctx, i: usize) -> ServiceResult<NodeId> {
    let children = &doc.node(id)?.children;
    Ok(children[index_in(ctx, i, children.len())?])
}

/// Tables' rows and cells.
fn tables(doc: &mut Doc, id: NodeId, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let kind = doc.kind(id)?;
    let value = match ctx.name {
        "getNumRows" | "getNumCells" => Val::Number(doc.node(id)?.children.len() as f64),
        "getRow" => ctx.el(doc, child_at(doc, id, ctx, 0)?),
        "getCell" if kind == Kind::Table => {
            let row = child_at(doc, id, ctx, 0)?;
            let cells = &doc.node(row)?.children;
            ctx.el(doc, cells[index_in(ctx, 1, cells.len())?])
        }
        "getCell" => ctx.el(doc, child_at(doc, id, ctx, 0)?),
        "removeRow" | "removeCell" => {
            let child = child_at(doc, id, ctx, 0)?;
            doc.remove(child)?;
            ctx.el(doc, child)
        }
        "appendTableRow" | "insertTableRow" | "appendTableCell" | "insertTableCell" => {
            let (index, content) = place(doc, id, ctx)?;
            let value = arg(ctx.args, content);
            let child = if is_element(value) {
                element_arg(doc, ctx, content)?
            } else if ctx.name.ends_with("Row") {
                doc.new_row(&[])?
            } else {
                let text = match value {
                    Val::Undefined | Val::Null => String::new(),
                    other => other.to_js_string(),
                };
                doc.new_cell(&text)?
            };
            doc.attach(id, index, child)?;
            ctx.el(doc, child)
        }
        "getParentTable" => ctx.maybe_el(doc, doc.ancestor(id, Kind::Table)),
        "getParentRow" => ctx.maybe_el(doc, doc.ancestor(id, Kind::TableRow)),
        // Merged cells are not modelled: every cell spans one row and one column.
        "getColSpan" | "getRowSpan" => Val::Number(1.0),
        _ => return widths_and_lists(doc, id, ctx),
    };
    Ok(Some(value))
}

/// A table's column widths and a list item's list.
fn widths_and_lists(doc: &mut Doc, id: NodeId, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let value = match ctx.name {
        "getColumnWidth" => {
            let key = format!("COLUMN_WIDTH_{}", ctx.int(0)?);
            doc.node(id)?.attrs.get(&key).map_or(Val::Null, |v| match v {
                gas_platform::documents::AttrValue::Number(n) => Val::Number(*n),
                _ => Val::Null,
            })
        }
        "setColumnWidth" => {
            let key = format!("COLUMN_WIDTH_{}", ctx.int(0)?);
            let Val::Number(width) = arg(ctx.args, 1) else { return Err(ctx.signature()) };
            doc.node_mut(id)?.attrs.insert(key, gas_platform::documents::AttrValue::Number(*width));
            Val::Undefined
        }
        "setListId" => {
            let other = element_arg(doc, ctx, 0)?;
            let list = doc.list_id(other)?;
            doc.node_mut(id)?.attrs.insert("LIST_ID".into(), gas_platform::documents::AttrValue::Text(list));
            Val::Undefined
        }
        "getListId" => Val::String(doc.list_id(id)?),
        _ => return Ok(None),
    };
    Ok(Some(value))
}
