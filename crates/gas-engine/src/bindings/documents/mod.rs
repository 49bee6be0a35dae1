//! DocumentApp, Document and the element classes: gas-platform's `documents`. A
//! Document's handle is `{ d, s }` (its Drive file id and the session this execution
//! opened it in: `saveAndClose()` closes the session, `Host::documents`); an element's
//! `{ d, s, e, t }` (its id in the document and its `ElementType`, from which the prelude
//! picks its class), with `v` for the Text a section's or table's `editAsText()` gives (a
//! view over every Text under it); a RangeElement's `{ el, start, end, partial }`.
//!
//! One handler answers every class (`dispatch`): element methods act by name on the
//! element the handle names, so one arm serves every class that has the method
//! (`getText` of a Paragraph, a Body, a TableCell ...). `elements.rs` holds the tree's
//! methods, `text.rs` the Text methods and the attribute tables.

mod declared;
pub(in crate::bindings) mod elements;
mod text;

use gas_platform::documents::{self, text as texts, Doc, NodeId, Sessions, DOCUMENT_MIME_TYPE, SCOPE_DOCUMENTS};
use gas_platform::drive::ItemKind;
use gas_platform::utilities as util;
use gas_platform::{ServiceError, ServiceResult, World};
use serde::{Deserialize, Serialize};

use super::args::*;
use super::blob::BlobParts;
use super::Call;
use crate::host::CallResult;
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;

pub(super) use declared::ELEMENT_METHODS;

/// The getters the prelude answers from the handles made here (`crate::methods::Read`).
pub(super) const READS: &[Read] = reads![
    "Body.getType" => "t",
    "ContainerElement.getType" => "t",
    "Document.getId" => "d",
    "Element.getType" => "t",
    "FooterSection.getType" => "t",
    "HeaderSection.getType" => "t",
    "HorizontalRule.getType" => "t",
    "InlineImage.getType" => "t",
    "ListItem.getType" => "t",
    "Document.NamedRange.getId" => "id",
    "Document.NamedRange.getName" => "name",
    "PageBreak.getType" => "t",
    "Paragraph.getType" => "t",
    "RangeElement.getElement" => "el",
    "RangeElement.getEndOffsetInclusive" => "end",
    "RangeElement.getStartOffset" => "start",
    "RangeElement.isPartial" => "partial",
    "Table.getType" => "t",
    "TableCell.getType" => "t",
    "TableRow.getType" => "t",
    "Text.getType" => "t",
];

/// DocumentApp's and Document's methods, declared once (`crate::methods`).
// Docs (modelled): opening a document 300 ms, making one 800 ms, a PDF export 1.5 s.
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_DOCUMENTS);
    "Document.addEditor" => 300,
    "Document.addEditors" => 300,
    "Document.addFooter" => 100,
    "Document.addHeader" => 100,
    "Document.addNamedRange" => 20,
    "Document.addViewer" => 300,
    "Document.addViewers" => 300,
    "Document.getAs" => 1500,
    "Document.getBlob" => 1500,
    "Document.getBody" => 20,
    "Document.getBookmarks" => 20,
    "Document.getCursor" => 20,
    "Document.getEditors" => 100,
    "Document.getFooter" => 20,
    "Document.getFootnotes" => 20,
    "Document.getHeader" => 20,
    "Document.getLanguage" => 20,
    "Document.getName" => 50,
    "Document.getNamedRangeById" => 20,
    "Document.getNamedRanges" => 20,
    "Document.getSelection" => 20,
    "Document.getTab" => 20,
    "Document.getTabs" => 20,
    "Document.getUrl" => 20,
    "Document.getViewers" => 100,
    "Document.newRange" => 0 { in_process: true },
    "Document.removeEditor" => 300,
    "Document.removeViewer" => 300,
    "Document.saveAndClose" => 400,
    "Document.setLanguage" => 50,
    "Document.setName" => 200,
    "DocumentApp.create" => 800,
    "DocumentApp.getActiveDocument" => 50,
    "DocumentApp.getUi" => 0,
    "DocumentApp.openById" => 300,
    "DocumentApp.openByUrl" => 300,
    "DocumentTab.addFooter" => 100,
    "DocumentTab.addHeader" => 100,
    "DocumentTab.addNamedRange" => 20,
    "DocumentTab.getBody" => 20,
    "DocumentTab.getBookmarks" => 20,
    "DocumentTab.getFooter" => 20,
    "DocumentTab.getFootnotes" => 20,
    "DocumentTab.getHeader" => 20,
    "DocumentTab.getNamedRangeById" => 20,
    "DocumentTab.getNamedRanges" => 20,
    "DocumentTab.newRange" => 0 { in_process: true },
    "Document.NamedRange.getRange" => 20,
    "Document.NamedRange.remove" => 20,
    "Document.Range.getRangeElements" => 0 { in_process: true },
    "Document.Range.getSelectedElements" => 0 { in_process: true },
    "RangeBuilder.addElement" => 0 { in_process: true },
    "RangeBuilder.addRange" => 0 { in_process: true },
    "RangeBuilder.build" => 0 { in_process: true },
    "RangeBuilder.getRangeElements" => 0 { in_process: true },
    "RangeBuilder.getSelectedElements" => 0 { in_process: true },
    "Tab.asDocumentTab" => 0,
    "Tab.getChildTabs" => 5,
    "Tab.getId" => 5,
    "Tab.getIndex" => 5,
    "Tab.getTitle" => 5,
    "Tab.getType" => 5,
];

/// A Document's handle.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct DocHandle {
    pub d: String,
    pub s: u64,
}

/// An element's handle.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct ElementHandle {
    pub d: String,
    pub s: u64,
    pub e: NodeId,
    pub t: String,
    /// A section's, cell's or table's `editAsText()`: a Text over every Text under it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub v: bool,
}

/// A RangeElement's handle (findText's result).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct RangeHandle {
    pub el: ElementHandle,
    pub start: i64,
    pub end: i64,
    pub partial: bool,
}

/// A NamedRange's handle.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct NamedHandle {
    pub d: String,
    pub s: u64,
    pub id: String,
    pub name: String,
}

/// A Range's or a RangeBuilder's handle: its elements, each whole or a Text's
/// characters `start..=end`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(super) struct RangeSet {
    pub d: String,
    pub s: u64,
    pub parts: Vec<RangeSetPart>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct RangeSetPart {
    pub el: ElementHandle,
    pub start: Option<i64>,
    pub end: Option<i64>,
}

/// The document a call acts on and what the arms need about the call.
pub(super) struct Ctx<'a> {
    pub method: &'static str,
    pub name: &'a str,
    pub args: &'a [Val],
    pub d: String,
    pub s: u64,
}

impl Ctx<'_> {
    /// An element's handle in this call's document.
    pub fn el(&self, doc: &Doc, id: NodeId) -> Val {
        let t = doc.kind(id).map_or("UNSUPPORTED", |k| k.name()).to_string();
        to_val(&ElementHandle { d: self.d.clone(), s: self.s, e: id, t, v: false })
    }

    pub fn maybe_el(&self, doc: &Doc, id: Option<NodeId>) -> Val {
        id.map_or(Val::Null, |id| self.el(doc, id))
    }

    pub fn els(&self, doc: &Doc, ids: impl IntoIterator<Item = NodeId>) -> Val {
        Val::Array(ids.into_iter().map(|id| self.el(doc, id)).collect())
    }

    pub fn int(&self, i: usize) -> ServiceResult<i64> {
        int_arg(self.args, i, self.method)
    }

    pub fn text(&self, i: usize) -> String {
        string_arg(self.args, i)
    }

    pub fn signature(&self) -> ServiceError {
        signature_error(self.method, self.args)
    }
}

pub(super) fn dispatch(call: &Call) -> CallResult {
    // `Document.NamedRange.remove` (a class another service also has is declared by its
    // qualified name): the class is what comes before the method's name.
    let (class, name) = call.method.rsplit_once('.').unwrap_or((call.method, ""));
    let class = class.strip_prefix("Document.").unwrap_or(class);
    let mut world = call.host.world();
    let now = call.host.now();
    let mut sessions = call.host.documents.borrow_mut();
    let value = match class {
        "DocumentApp" => app(&mut world, &mut sessions, call, name, now)?,
        "NamedRange" => {
            let handle: NamedHandle = handle_of(call.handle)?;
            sessions.check(handle.s)?;
            let ctx = Ctx { method: call.method, name, args: call.args, d: handle.d.clone(), s: handle.s };
            let doc = world.documents.get_mut(&handle.d)?;
            named_range(doc, &handle, &ctx)?
        }
        "Range" | "RangeBuilder" => {
            let handle: RangeSet = handle_of(call.handle)?;
            sessions.check(handle.s)?;
            range_set(handle, call, name)?
        }
        // A document's one tab (`FIRST_TAB_ID`) has the document's handle.
        "Document" | "DocumentTab" | "Tab" => {
            let handle: DocHandle = handle_of(call.handle)?;
            sessions.check(handle.s)?;
            let ctx = Ctx { method: call.method, name, args: call.args, d: handle.d, s: handle.s };
            match class {
                "Tab" => tab(&ctx)?,
                // The tab's body, header and footer are the document's (the arms are one).
                _ => document(&mut world, &mut sessions, &ctx, now)?,
            }
        }
        _ => {
            let handle: ElementHandle = handle_of(call.handle)?;
            sessions.check(handle.s)?;
            let args = imported(&mut world, &handle, call.args)?;
            let ctx = Ctx { method: call.method, name, args: &args, d: handle.d.clone(), s: handle.s };
            let doc = world.documents.get_mut(&handle.d)?;
            elements::element(doc, &handle, &ctx)?
        }
    };
    Ok(value)
}

/// The call's arguments with each element of another document (`body.appendParagraph(
/// otherDocsParagraph.copy())`) copied into this one, detached, and named by its copy.
fn imported(world: &mut World, handle: &ElementHandle, args: &[Val]) -> ServiceResult<Vec<Val>> {
    let mut out = Vec::with_capacity(args.len());
    for value in args {
        let other = handle_arg(value).get("e").and_then(|_| handle_of::<ElementHandle>(value).ok());
        match other {
            Some(other) if other.d != handle.d => {
                let source = world.documents.get(&other.d)?.clone();
                let doc = world.documents.get_mut(&handle.d)?;
                let copy = doc.transplant(&source, other.e)?;
                let t = doc.kind(copy)?.name().to_string();
                out.push(to_val(&ElementHandle { d: handle.d.clone(), s: handle.s, e: copy, t, v: false }));
            }
            _ => out.push(value.clone()),
        }
    }
    Ok(out)
}

fn doc_handle(id: &str, sessions: &mut Sessions) -> Val {
    to_val(&DocHandle { d: id.to_string(), s: sessions.open() })
}

/// A document's id when the Drive holds it as a document (trashed or not).
fn open(world: &mut World, id: &str) -> ServiceResult<()> {
    let is_document = world.drive.item(id).is_some_and(|item| item.mime_type == DOCUMENT_MIME_TYPE);
    if !is_document {
        return Err(ServiceError::new(texts::MISSING));
    }
    world.documents.open(id, true).map(|_| ())
}

fn app(world: &mut World, sessions: &mut Sessions, call: &Call, name: &str, now: i64) -> ServiceResult<Val> {
    let zone = call.host.zone;
    let args = call.args;
    let value = match name {
        "create" => {
            let title = string_arg(args, 0);
            // Checked first, so a refused name uses no quota; then charged, then made.
            if title.is_empty() {
                return Err(ServiceError::new(gas_platform::drive::INVALID_NAME_MESSAGE));
            }
            world.charge_document_created(zone, now)?;
            let id = world.drive.create_google_file(&title, DOCUMENT_MIME_TYPE, now)?;
            world.documents.create(&id)?;
            doc_handle(&id, sessions)
        }
        "openById" => {
            let id = string_arg(args, 0);
            open(world, &id)?;
            doc_handle(&id, sessions)
        }
        "openByUrl" => {
            let url = string_arg(args, 0);
            let id = documents::id_of_url(&url).ok_or_else(|| ServiceError::new(texts::MISSING))?.to_string();
            open(world, &id)?;
            doc_handle(&id, sessions)
        }
        // A standalone project (or one bound to a spreadsheet) has no active document.
        "getActiveDocument" => Val::Null,
        "getUi" => return Err(ServiceError::new(texts::UI_CONTEXT)),
        _ => return Err(ServiceError::unimplemented(call.method)),
    };
    Ok(value)
}

fn document(world: &mut World, sessions: &mut Sessions, ctx: &Ctx, now: i64) -> CallResult {
    let file = world.drive.get(&ctx.d, ItemKind::File).map_err(|_| ServiceError::new(texts::MISSING))?.clone();
    let owner = world.user_email.clone();
    let doc = world.documents.get_mut(&ctx.d)?;
    let value = match ctx.name {
        "getName" => Val::String(file.name.clone()),
        "setName" => {
            world.drive.set_name(&ctx.d, &ctx.text(0), now)?;
            Val::Undefined
        }
        "getUrl" => Val::String(documents::document_url(&ctx.d)),
        "getBody" => ctx.el(doc, doc.body),
        "getHeader" => ctx.maybe_el(doc, doc.header),
        "getFooter" => ctx.maybe_el(doc, doc.footer),
        "addHeader" => {
            let id = doc.add_section(documents::Kind::HeaderSection)?;
            ctx.el(doc, id)
        }
        "addFooter" => {
            let id = doc.add_section(documents::Kind::FooterSection)?;
            ctx.el(doc, id)
        }
        "getLanguage" => Val::String(doc.language.clone().unwrap_or_else(|| "en".into())),
        "setLanguage" => {
            doc.language = Some(ctx.text(0));
            Val::Undefined
        }
        // No user at a document: no cursor, no selection (documented: null then).
        "getCursor" | "getSelection" => Val::Null,
        "getBookmarks" | "getFootnotes" => Val::Array(Vec::new()),
        "getNamedRanges" => {
            let name = match arg(ctx.args, 0) {
                Val::Undefined | Val::Null => None,
                _ => Some(ctx.text(0)),
            };
            let ids = doc.named_range_ids(name.as_deref());
            Val::Array(ids.iter().filter_map(|id| doc.named_range(id)).map(|r| named_handle(ctx, &r)).collect())
        }
        "getNamedRangeById" => doc.named_range(&ctx.text(0)).map_or(Val::Null, |r| named_handle(ctx, &r)),
        "newRange" => to_val(&RangeSet { d: ctx.d.clone(), s: ctx.s, parts: Vec::new() }),
        "addNamedRange" => {
            let set: RangeSet = handle_of(arg(ctx.args, 1)).map_err(|_| ctx.signature())?;
            if set.d != ctx.d {
                return Err(ServiceError::new(texts::NO_SUCH_ELEMENT).into());
            }
            let parts = set.parts.iter().map(|p| documents::named::RangePart {
                element: p.el.e,
                start: p.start.and_then(|n| usize::try_from(n).ok()),
                end_inclusive: p.end.and_then(|n| usize::try_from(n).ok()),
            });
            let id = doc.add_named_range(&ctx.text(0), parts.collect())?;
            named_handle(ctx, &doc.named_range(&id).expect("just added"))
        }
        "getEditors" => people(&doc.editors, Some(&owner)),
        "getViewers" => people(&doc.viewers, None),
        "addEditor" | "addEditors" | "addViewer" | "addViewers" | "removeEditor" | "removeViewer" => {
            let list = if ctx.name.contains("Editor") { &mut doc.editors } else { &mut doc.viewers };
            share(list, &owner, ctx.name, ctx.method, ctx.args)?;
            Val::Undefined
        }
        "saveAndClose" => {
            sessions.close(ctx.s);
            Val::Undefined
        }
        "getTabs" => Val::Array(vec![tab_handle(ctx)]),
        // Assumed: an id the document has no tab for gives null, as getBookmark does.
        "getTab" if ctx.text(0) == documents::FIRST_TAB_ID => tab_handle(ctx),
        "getTab" => Val::Null,
        "getBlob" => export(doc, &file.name, "application/pdf")?,
        "getAs" => export(doc, &file.name, &ctx.text(0))?,
        _ => return Err(ServiceError::unimplemented(ctx.method).into()),
    };
    Ok(value)
}

fn named_handle(ctx: &Ctx, range: &documents::named::NamedRange) -> Val {
    to_val(&NamedHandle { d: ctx.d.clone(), s: ctx.s, id: range.id.clone(), name: range.name.clone() })
}

/// A NamedRange's methods (its id and name are reads).
fn named_range(doc: &mut Doc, handle: &NamedHandle, ctx: &Ctx) -> CallResult {
    let value = match ctx.name {
        "getRange" => {
            let range = doc.named_range(&handle.id).ok_or_else(|| ServiceError::new(texts::NO_SUCH_ELEMENT))?;
            let parts = range.parts.iter().map(|p| {
                let el: ElementHandle = handle_of(&ctx.el(doc, p.element))?;
                let offset = |n: Option<usize>| n.map(|n| n as i64);
                Ok(RangeSetPart { el, start: offset(p.start), end: offset(p.end_inclusive) })
            });
            let parts = parts.collect::<ServiceResult<Vec<_>>>()?;
            to_val(&RangeSet { d: ctx.d.clone(), s: ctx.s, parts })
        }
        "remove" => {
            doc.remove_named_range(&handle.id);
            Val::Undefined
        }
        _ => return Err(ServiceError::unimplemented(ctx.method).into()),
    };
    Ok(value)
}

/// A RangeBuilder's steps (in place, 46_documents.js) and a Range's elements.
fn range_set(mut set: RangeSet, call: &Call, name: &str) -> CallResult {
    let value = match name {
        "addElement" => {
            let el: ElementHandle =
                handle_of(arg(call.args, 0)).map_err(|_| signature_error(call.method, call.args))?;
            if el.d != set.d {
                return Err(ServiceError::new(texts::NO_SUCH_ELEMENT).into());
            }
            let offsets = match (arg(call.args, 1), arg(call.args, 2)) {
                (Val::Undefined, Val::Undefined) => (None, None),
                _ => {
                    let (start, end) = (int_arg(call.args, 1, call.method)?, int_arg(call.args, 2, call.method)?);
                    if el.t != "TEXT" || start < 0 || end < start {
                        return Err(ServiceError::new(texts::OFFSET).into());
                    }
                    (Some(start), Some(end))
                }
            };
            set.parts.push(RangeSetPart { el, start: offsets.0, end: offsets.1 });
            to_val(&set)
        }
        "addRange" => {
            let other: RangeSet = handle_of(arg(call.args, 0)).map_err(|_| signature_error(call.method, call.args))?;
            set.parts.extend(other.parts);
            to_val(&set)
        }
        "build" => to_val(&set),
        "getRangeElements" | "getSelectedElements" => Val::Array(
            set.parts
                .iter()
                .map(|p| {
                    let (start, end) = (p.start.unwrap_or(-1), p.end.unwrap_or(-1));
                    to_val(&RangeHandle { el: p.el.clone(), start, end, partial: p.start.is_some() })
                })
                .collect(),
        ),
        _ => return Err(ServiceError::unimplemented(call.method).into()),
    };
    Ok(value)
}

fn tab_handle(ctx: &Ctx) -> Val {
    to_val(&DocHandle { d: ctx.d.clone(), s: ctx.s })
}

/// A Tab: the document's one tab, which holds no other.
fn tab(ctx: &Ctx) -> CallResult {
    let value = match ctx.name {
        "asDocumentTab" => tab_handle(ctx),
        "getChildTabs" => Val::Array(Vec::new()),
        "getId" => Val::String(documents::FIRST_TAB_ID.into()),
        "getIndex" => Val::Number(0.0),
        "getTitle" => Val::String(documents::FIRST_TAB_TITLE.into()),
        "getType" => Val::String(documents::DOCUMENT_TAB_TYPE.into()),
        _ => return Err(ServiceError::unimplemented(ctx.method).into()),
    };
    Ok(value)
}

/// `getAs(type)` / `getBlob()`: a PDF (or Markdown) of the document, named after it.
fn export(doc: &Doc, name: &str, target: &str) -> CallResult {
    util::get_as(Some(DOCUMENT_MIME_TYPE), target, Some(name))?;
    let (bytes, extension) = match target {
        "application/pdf" => (documents::render_pdf(doc, name), "pdf"),
        "text/markdown" => (documents::render_markdown(doc).into_bytes(), "md"),
        _ => return Err(ServiceError::unimplemented(&format!("Document.getAs to {target}")).into()),
    };
    let blob = BlobParts { bytes, content_type: Some(target.to_string()), name: Some(util::renamed(name, extension)) };
    blob.into_val()
}

/// `DriveApp.getFileById(id).getAs(type)` / `getBlob()` of a document: its export.
pub(super) fn file_export(call: &Call, id: &str) -> CallResult {
    let mut world = call.host.world();
    let name = world.drive.get(id, ItemKind::File)?.name.clone();
    let target = if call.method == "File.getBlob" { "application/pdf".to_string() } else { string_arg(call.args, 0) };
    let doc = world.documents.open(id, true)?;
    export(doc, &name, &target)
}
