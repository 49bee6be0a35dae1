//! XmlService and its classes: gas-platform's `xml` (the tree, parse, Format). Every
//! object a script holds is a number, its id in the execution's store (`Host::xml`);
//! a method acts on the kind of item its handle names, so one arm serves every class
//! that has the method (`getValue` of a Text, a Comment, an Element ...).
//!
//! The classes named by another namespace too (`Document`, `Element`, `Text`,
//! `Comment`: DocumentApp's and Sites' short names win) are declared by qualified name
//! (`XML_Service.Element.getChild`). Each Content class declares the Content methods it
//! inherits (`asElement`, `getType` ...) itself, since the prelude builds each class's
//! wrappers from the methods declared on that class.

mod objects;

use gas_platform::xml::{DocType, Format, Id, Store, XmlResult, NOT_AN_XML_OBJECT_TEXT, NO_NAMESPACE, XML_NAMESPACE};
use gas_platform::ServiceError;

use super::args::{arg, handle_arg};
use super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, Method};
use crate::value::Val;
use crate::work;

/// The methods answered here, declared once (`crate::methods`). XmlService runs in the
/// script's own process (no service round trip; its latency is not modelled).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).in_process();
    "Attribute.getName" => 0,
    "Attribute.getNamespace" => 0,
    "Attribute.getValue" => 0,
    "Attribute.setName" => 0,
    "Attribute.setNamespace" => 0,
    "Attribute.setValue" => 0,
    "Cdata.append" => 0,
    "Cdata.asCdata" => 0,
    "Cdata.asComment" => 0,
    "Cdata.asDocType" => 0,
    "Cdata.asElement" => 0,
    "Cdata.asEntityRef" => 0,
    "Cdata.asProcessingInstruction" => 0,
    "Cdata.asText" => 0,
    "Cdata.detach" => 0,
    "Cdata.getParentElement" => 0,
    "Cdata.getText" => 0,
    "Cdata.getType" => 0,
    "Cdata.getValue" => 0,
    "Cdata.setText" => 0,
    "Content.asCdata" => 0,
    "Content.asComment" => 0,
    "Content.asDocType" => 0,
    "Content.asElement" => 0,
    "Content.asEntityRef" => 0,
    "Content.asProcessingInstruction" => 0,
    "Content.asText" => 0,
    "Content.detach" => 0,
    "Content.getParentElement" => 0,
    "Content.getType" => 0,
    "Content.getValue" => 0,
    "DocType.asCdata" => 0,
    "DocType.asComment" => 0,
    "DocType.asDocType" => 0,
    "DocType.asElement" => 0,
    "DocType.asEntityRef" => 0,
    "DocType.asProcessingInstruction" => 0,
    "DocType.asText" => 0,
    "DocType.detach" => 0,
    "DocType.getElementName" => 0,
    "DocType.getInternalSubset" => 0,
    "DocType.getParentElement" => 0,
    "DocType.getPublicId" => 0,
    "DocType.getSystemId" => 0,
    "DocType.getType" => 0,
    "DocType.getValue" => 0,
    "DocType.setElementName" => 0,
    "DocType.setInternalSubset" => 0,
    "DocType.setPublicId" => 0,
    "DocType.setSystemId" => 0,
    "EntityRef.asCdata" => 0,
    "EntityRef.asComment" => 0,
    "EntityRef.asDocType" => 0,
    "EntityRef.asElement" => 0,
    "EntityRef.asEntityRef" => 0,
    "EntityRef.asProcessingInstruction" => 0,
    "EntityRef.asText" => 0,
    "EntityRef.detach" => 0,
    "EntityRef.getName" => 0,
    "EntityRef.getParentElement" => 0,
    "EntityRef.getPublicId" => 0,
    "EntityRef.getSystemId" => 0,
    "EntityRef.getType" => 0,
    "EntityRef.getValue" => 0,
    "EntityRef.setName" => 0,
    "EntityRef.setPublicId" => 0,
    "EntityRef.setSystemId" => 0,
    "Format.format" => 0,
    "Format.setEncoding" => 0,
    "Format.setIndent" => 0,
    "Format.setLineSeparator" => 0,
    "Format.setOmitDeclaration" => 0,
    "Format.setOmitEncoding" => 0,
    "Namespace.getPrefix" => 0,
    "Namespace.getURI" => 0,
    "ProcessingInstruction.asCdata" => 0,
    "ProcessingInstruction.asComment" => 0,
    "ProcessingInstruction.asDocType" => 0,
    "ProcessingInstruction.asElement" => 0,
    "ProcessingInstruction.asEntityRef" => 0,
    "ProcessingInstruction.asProcessingInstruction" => 0,
    "ProcessingInstruction.asText" => 0,
    "ProcessingInstruction.detach" => 0,
    "ProcessingInstruction.getData" => 0,
    "ProcessingInstruction.getParentElement" => 0,
    "ProcessingInstruction.getTarget" => 0,
    "ProcessingInstruction.getType" => 0,
    "ProcessingInstruction.getValue" => 0,
    "XML_Service.Comment.asCdata" => 0,
    "XML_Service.Comment.asComment" => 0,
    "XML_Service.Comment.asDocType" => 0,
    "XML_Service.Comment.asElement" => 0,
    "XML_Service.Comment.asEntityRef" => 0,
    "XML_Service.Comment.asProcessingInstruction" => 0,
    "XML_Service.Comment.asText" => 0,
    "XML_Service.Comment.detach" => 0,
    "XML_Service.Comment.getParentElement" => 0,
    "XML_Service.Comment.getText" => 0,
    "XML_Service.Comment.getType" => 0,
    "XML_Service.Comment.getValue" => 0,
    "XML_Service.Comment.setText" => 0,
    "XML_Service.Document.addContent" => 0,
    "XML_Service.Document.cloneContent" => 0,
    "XML_Service.Document.detachRootElement" => 0,
    "XML_Service.Document.getAllContent" => 0,
    "XML_Service.Document.getContent" => 0,
    "XML_Service.Document.getContentSize" => 0,
    "XML_Service.Document.getDescendants" => 0,
    "XML_Service.Document.getDocType" => 0,
    "XML_Service.Document.getRootElement" => 0,
    "XML_Service.Document.hasRootElement" => 0,
    "XML_Service.Document.removeContent" => 0,
    "XML_Service.Document.setDocType" => 0,
    "XML_Service.Document.setRootElement" => 0,
    "XML_Service.Element.addContent" => 0,
    "XML_Service.Element.asCdata" => 0,
    "XML_Service.Element.asComment" => 0,
    "XML_Service.Element.asDocType" => 0,
    "XML_Service.Element.asElement" => 0,
    "XML_Service.Element.asEntityRef" => 0,
    "XML_Service.Element.asProcessingInstruction" => 0,
    "XML_Service.Element.asText" => 0,
    "XML_Service.Element.cloneContent" => 0,
    "XML_Service.Element.detach" => 0,
    "XML_Service.Element.getAllContent" => 0,
    "XML_Service.Element.getAttribute" => 0,
    "XML_Service.Element.getAttributes" => 0,
    "XML_Service.Element.getChild" => 0,
    "XML_Service.Element.getChildText" => 0,
    "XML_Service.Element.getChildren" => 0,
    "XML_Service.Element.getContent" => 0,
    "XML_Service.Element.getContentSize" => 0,
    "XML_Service.Element.getDescendants" => 0,
    "XML_Service.Element.getDocument" => 0,
    "XML_Service.Element.getName" => 0,
    "XML_Service.Element.getNamespace" => 0,
    "XML_Service.Element.getParentElement" => 0,
    "XML_Service.Element.getQualifiedName" => 0,
    "XML_Service.Element.getText" => 0,
    "XML_Service.Element.getType" => 0,
    "XML_Service.Element.getValue" => 0,
    "XML_Service.Element.isAncestorOf" => 0,
    "XML_Service.Element.isRootElement" => 0,
    "XML_Service.Element.removeAttribute" => 0,
    "XML_Service.Element.removeContent" => 0,
    "XML_Service.Element.setAttribute" => 0,
    "XML_Service.Element.setName" => 0,
    "XML_Service.Element.setNamespace" => 0,
    "XML_Service.Element.setText" => 0,
    "XML_Service.Text.append" => 0,
    "XML_Service.Text.asCdata" => 0,
    "XML_Service.Text.asComment" => 0,
    "XML_Service.Text.asDocType" => 0,
    "XML_Service.Text.asElement" => 0,
    "XML_Service.Text.asEntityRef" => 0,
    "XML_Service.Text.asProcessingInstruction" => 0,
    "XML_Service.Text.asText" => 0,
    "XML_Service.Text.detach" => 0,
    "XML_Service.Text.getParentElement" => 0,
    "XML_Service.Text.getText" => 0,
    "XML_Service.Text.getType" => 0,
    "XML_Service.Text.getValue" => 0,
    "XML_Service.Text.setText" => 0,
    "XmlService.createCdata" => 0,
    "XmlService.createComment" => 0,
    "XmlService.createDocType" => 0,
    "XmlService.createDocument" => 0,
    "XmlService.createElement" => 0,
    "XmlService.createText" => 0,
    "XmlService.getCompactFormat" => 0,
    "XmlService.getNamespace" => 0,
    "XmlService.getNoNamespace" => 0,
    "XmlService.getPrettyFormat" => 0,
    "XmlService.getRawFormat" => 0,
    "XmlService.getXmlNamespace" => 0,
    "XmlService.parse" => 0,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    let (class, method) = split_name(call.method);
    let mut store = call.host.xml.borrow_mut();
    let value = match class {
        "XmlService" => service(&mut store, call.host, method, call.args)?,
        "Format" => format(&mut store, call.host, method, call.handle, call.args)?,
        _ => objects::object(&mut store, method, id_of(call.handle)?, call.args)?,
    };
    Ok(value)
}

/// `XML_Service.Element.getChild` and `Attribute.getName` as (class, method).
fn split_name(name: &str) -> (&str, &str) {
    let (class, method) = name.rsplit_once('.').unwrap_or(("", name));
    (class.rsplit('.').next().unwrap_or(class), method)
}

/// The id an XmlService object's handle (or the object itself, as an argument) names.
pub(crate) fn id_of(value: &Val) -> XmlResult<Id> {
    match handle_arg(value) {
        Val::Number(n) if n.fract() == 0.0 && *n >= 0.0 && *n <= f64::from(u32::MAX) => Ok(*n as Id),
        _ => Err(ServiceError::new(NOT_AN_XML_OBJECT_TEXT)),
    }
}

/// A namespace argument: absent or null is no namespace (JDOM treats null so).
fn namespace_arg(args: &[Val], i: usize) -> XmlResult<Id> {
    match arg(args, i) {
        Val::Undefined | Val::Null => Ok(NO_NAMESPACE),
        other => id_of(other),
    }
}

fn id(id: Id) -> Val {
    Val::Number(f64::from(id))
}

fn maybe(found: Option<Id>) -> Val {
    found.map_or(Val::Null, id)
}

fn ids(found: Vec<Id>) -> Val {
    Val::Array(found.into_iter().map(id).collect())
}

fn text(args: &[Val], i: usize) -> String {
    arg(args, i).to_js_string()
}

/// `null` or a string (a DocType's or EntityRef's optional ids).
fn optional_text(args: &[Val], i: usize) -> Option<String> {
    match arg(args, i) {
        Val::Undefined | Val::Null => None,
        other => Some(other.to_js_string()),
    }
}

fn service(store: &mut Store, host: &Host, method: &str, args: &[Val]) -> CallResult {
    let value = match method {
        "parse" => {
            let xml = text(args, 0);
            host.charge_steps(work::chars_steps(xml.len()))?;
            id(store.parse(&xml)?)
        }
        "createDocument" => {
            let document = store.create_document()?;
            if !matches!(arg(args, 0), Val::Undefined) {
                store.add_content(document, None, id_of(arg(args, 0))?)?;
            }
            id(document)
        }
        "createElement" => id(store.create_element(&text(args, 0), namespace_arg(args, 1)?)?),
        "createText" => id(store.create_text(&text(args, 0))?),
        "createCdata" => id(store.create_cdata(&text(args, 0))?),
        "createComment" => id(store.create_comment(&text(args, 0))?),
        "createDocType" => {
            let (public_id, system_id) = match args.len() {
                0 | 1 => (None, None),
                2 => (None, optional_text(args, 1)),
                _ => (optional_text(args, 1), optional_text(args, 2)),
            };
            let doc_type = DocType { element_name: text(args, 0), public_id, system_id, internal_subset: None };
            id(store.create_doc_type(doc_type)?)
        }
        // getNamespace(uri) is a default namespace (JDOM `Namespace.getNamespace(uri)`).
        "getNamespace" if args.len() < 2 => id(store.get_namespace("", &text(args, 0))?),
        "getNamespace" => id(store.get_namespace(&text(args, 0), &text(args, 1))?),
        "getNoNamespace" => id(NO_NAMESPACE),
        "getXmlNamespace" => id(XML_NAMESPACE),
        "getCompactFormat" => id(store.new_format(Format::compact())?),
        "getPrettyFormat" => id(store.new_format(Format::pretty())?),
        "getRawFormat" => id(store.new_format(Format::raw())?),
        _ => return Err(ServiceError::unimplemented(&format!("XmlService.{method}")).into()),
    };
    Ok(value)
}

fn format(store: &mut Store, host: &Host, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let me = id_of(handle)?;
    let flag = |i: usize| matches!(arg(args, i), Val::Bool(true));
    match method {
        "format" => {
            let target = id_of(arg(args, 0))?;
            let format = store.format(me)?.clone();
            let out = if store.is_document(target) {
                store.format_document(&format, target)?
            } else {
                store.format_element(&format, target)?
            };
            host.charge_steps(work::chars_steps(out.len()))?;
            return Ok(Val::String(out));
        }
        "setEncoding" => store.format_mut(me)?.encoding = text(args, 0),
        "setIndent" => store.format_mut(me)?.indent = optional_text(args, 0),
        "setLineSeparator" => store.format_mut(me)?.line_separator = text(args, 0),
        "setOmitDeclaration" => store.format_mut(me)?.omit_declaration = flag(0),
        "setOmitEncoding" => store.format_mut(me)?.omit_encoding = flag(0),
        _ => return Err(ServiceError::unimplemented(&format!("Format.{method}")).into()),
    }
    // A setter: the prelude gives the script the Format itself.
    Ok(Val::Undefined)
}
