//! The methods of XmlService's objects (nodes, attributes, namespaces), by method name:
//! the store says what kind of item a handle names, and refuses one that has no such
//! method (a Namespace given where an Element was wanted).

use gas_platform::xml::{ContentType, Id, Node, Store, XmlResult, NO_NAMESPACE};
use gas_platform::ServiceError;

use super::{id, id_of, ids, maybe, namespace_arg, optional_text, text};
use crate::bindings::args::arg;
use crate::value::Val;

/// A setter's answer is the object's own handle: some return another class than their
/// own (`Cdata.setText` is declared to give a Text), so the prelude cannot use `this`.
pub(super) fn object(store: &mut Store, method: &str, me: Id, args: &[Val]) -> XmlResult<Val> {
    match answer(store, method, me, args)? {
        Val::Undefined => Ok(id(me)),
        value => Ok(value),
    }
}

fn answer(store: &mut Store, method: &str, me: Id, args: &[Val]) -> XmlResult<Val> {
    if let Some(value) = content(store, method, me, args)? {
        return Ok(value);
    }
    if let Some(value) = parent(store, method, me, args)? {
        return Ok(value);
    }
    if let Some(value) = element(store, method, me, args)? {
        return Ok(value);
    }
    if let Some(value) = named(store, method, me, args)? {
        return Ok(value);
    }
    Err(ServiceError::unimplemented(method))
}

/// The Content methods every node has, and a node's own text.
fn content(store: &mut Store, method: &str, me: Id, args: &[Val]) -> XmlResult<Option<Val>> {
    let cast = |store: &Store, kind: ContentType| -> XmlResult<Val> {
        Ok(if store.content_type(me)? == kind { id(me) } else { Val::Null })
    };
    Ok(Some(match method {
        "asCdata" => cast(store, ContentType::Cdata)?,
        "asComment" => cast(store, ContentType::Comment)?,
        "asDocType" => cast(store, ContentType::DocType)?,
        "asElement" => cast(store, ContentType::Element)?,
        "asEntityRef" => cast(store, ContentType::EntityRef)?,
        "asProcessingInstruction" => cast(store, ContentType::ProcessingInstruction)?,
        "asText" => cast(store, ContentType::Text)?,
        "getType" => Val::String(store.content_type(me)?.name().into()),
        "detach" => id(store.detach(me)?),
        "getParentElement" => maybe(store.parent_element(me)),
        "getValue" => match store.attribute(me) {
            Ok(attribute) => Val::String(attribute.value.clone()),
            Err(_) => Val::String(store.value(me)?),
        },
        "getText" if store.is_element(me) => Val::String(store.element_text(me)?),
        "getText" => Val::String(store.value(me)?),
        "setText" if store.is_element(me) => {
            store.set_element_text(me, &text(args, 0))?;
            Val::Undefined
        }
        "setText" => {
            store.set_node_text(me, &text(args, 0), false)?;
            Val::Undefined
        }
        "append" => {
            store.set_node_text(me, &text(args, 0), true)?;
            Val::Undefined
        }
        _ => return Ok(None),
    }))
}

/// What a Document and an Element share as JDOM `Parent`s.
fn parent(store: &mut Store, method: &str, me: Id, args: &[Val]) -> XmlResult<Option<Val>> {
    Ok(Some(match method {
        "addContent" => {
            match arg(args, 0) {
                Val::Number(index) if args.len() > 1 => {
                    store.add_content(me, Some(*index as i64), id_of(arg(args, 1))?)?
                }
                Val::String(index) if args.len() > 1 => {
                    let index = index.trim().parse::<f64>().unwrap_or(f64::NAN) as i64;
                    store.add_content(me, Some(index), id_of(arg(args, 1))?)?
                }
                other => store.add_content(me, None, id_of(other)?)?,
            }
            Val::Undefined
        }
        "cloneContent" => ids(store.clone_content(me)?),
        "getAllContent" => ids(store.content(me)?.to_vec()),
        "getContent" => maybe(store.content_at(me, index_arg(args))?),
        "getContentSize" => Val::Number(store.content(me)?.len() as f64),
        "getDescendants" => ids(store.descendants(me)?),
        "removeContent" => match arg(args, 0) {
            Val::Undefined => ids(store.remove_all_content(me)?),
            Val::Number(_) | Val::String(_) => maybe(store.remove_content_at(me, index_arg(args))?),
            other => Val::Bool(store.remove_content(me, id_of(other)?)?),
        },
        "getRootElement" => maybe(store.root_element(me)?),
        "hasRootElement" => Val::Bool(store.root_element(me)?.is_some()),
        "setRootElement" => {
            store.set_root_element(me, id_of(arg(args, 0))?)?;
            Val::Undefined
        }
        "detachRootElement" => match store.root_element(me)? {
            Some(root) => id(store.detach(root)?),
            None => Val::Null,
        },
        "getDocType" => maybe(store.doc_type_of(me)?),
        "setDocType" => {
            store.set_doc_type(me, id_of(arg(args, 0))?)?;
            Val::Undefined
        }
        _ => return Ok(None),
    }))
}

fn index_arg(args: &[Val]) -> i64 {
    match arg(args, 0) {
        Val::Number(n) if n.is_finite() => *n as i64,
        Val::String(s) => s.trim().parse::<f64>().map_or(-1, |n| n as i64),
        _ => -1,
    }
}

/// An Element's own methods.
fn element(store: &mut Store, method: &str, me: Id, args: &[Val]) -> XmlResult<Option<Val>> {
    let name = || text(args, 0);
    Ok(Some(match method {
        "getChild" => maybe(store.children(me, Some(&name()), namespace_arg(args, 1)?)?.first().copied()),
        "getChildren" if args.is_empty() => ids(store.children(me, None, NO_NAMESPACE)?),
        "getChildren" => ids(store.children(me, Some(&name()), namespace_arg(args, 1)?)?),
        "getChildText" => match store.children(me, Some(&name()), namespace_arg(args, 1)?)?.first() {
            Some(child) => Val::String(store.element_text(*child)?),
            None => Val::Null,
        },
        "getAttribute" => maybe(store.attribute_named(me, &name(), namespace_arg(args, 1)?)?),
        "getAttributes" => ids(store.element(me)?.attributes.clone()),
        "setAttribute" => match arg(args, 0) {
            Val::Object(_) | Val::Number(_) if args.len() == 1 => {
                store.set_attribute(me, id_of(arg(args, 0))?)?;
                Val::Undefined
            }
            _ => {
                store.set_attribute_value(me, &name(), &text(args, 1), namespace_arg(args, 2)?)?;
                Val::Undefined
            }
        },
        "removeAttribute" => {
            let attribute = match arg(args, 0) {
                Val::Object(_) => Some(id_of(arg(args, 0))?),
                _ => store.attribute_named(me, &name(), namespace_arg(args, 1)?)?,
            };
            Val::Bool(store.remove_attribute(me, attribute)?)
        }
        "getQualifiedName" => Val::String(store.qualified_name(me)?),
        "getDocument" => maybe(store.document_of(me).filter(|_| store.is_element(me))),
        "isRootElement" => Val::Bool(store.parent(me).is_some_and(|p| store.is_document(p))),
        "isAncestorOf" => Val::Bool(store.is_ancestor_of(me, id_of(arg(args, 0))?)),
        _ => return Ok(None),
    }))
}

/// Names, namespaces and ids: Element, Attribute, Namespace, DocType, EntityRef,
/// ProcessingInstruction.
fn named(store: &mut Store, method: &str, me: Id, args: &[Val]) -> XmlResult<Option<Val>> {
    Ok(Some(match method {
        "getName" => Val::String(match store.node(me) {
            Ok(Node::Element(element)) => element.name.clone(),
            Ok(Node::EntityRef { name, .. }) => name.clone(),
            _ => store.attribute(me)?.name.clone(),
        }),
        "setName" => {
            match store.node(me) {
                Ok(Node::Element(_)) => store.set_element_name(me, &text(args, 0))?,
                Ok(Node::EntityRef { .. }) => *store.entity_ref_mut(me)?.0 = text(args, 0),
                _ => store.set_attribute_name(me, &text(args, 0))?,
            }
            Val::Undefined
        }
        "getNamespace" if store.is_element(me) && !args.is_empty() => {
            maybe(store.namespace_in_scope(me, &text(args, 0))?)
        }
        "getNamespace" if store.is_element(me) => id(store.element(me)?.namespace),
        "getNamespace" => id(store.attribute(me)?.namespace),
        "setNamespace" if store.is_element(me) => {
            store.set_element_namespace(me, namespace_arg(args, 0)?)?;
            Val::Undefined
        }
        "setNamespace" => {
            store.set_attribute_namespace(me, namespace_arg(args, 0)?)?;
            Val::Undefined
        }
        "setValue" => {
            store.set_attribute_text(me, &text(args, 0))?;
            Val::Undefined
        }
        "getPrefix" => Val::String(store.namespace(me)?.prefix.clone()),
        "getURI" => Val::String(store.namespace(me)?.uri.clone()),
        "getTarget" => Val::String(store.processing_instruction(me)?.0.into()),
        "getData" => Val::String(store.processing_instruction(me)?.1.into()),
        _ => return doc_type(store, method, me, args),
    }))
}

/// A DocType's and an EntityRef's ids.
fn doc_type(store: &mut Store, method: &str, me: Id, args: &[Val]) -> XmlResult<Option<Val>> {
    let text_or_null = |value: Option<&String>| value.map_or(Val::Null, |v| Val::String(v.clone()));
    if let Ok(Node::EntityRef { public_id, system_id, .. }) = store.node(me) {
        return Ok(Some(match method {
            "getPublicId" => text_or_null(public_id.as_ref()),
            "getSystemId" => text_or_null(system_id.as_ref()),
            "setPublicId" => {
                *store.entity_ref_mut(me)?.1 = optional_text(args, 0);
                Val::Undefined
            }
            "setSystemId" => {
                *store.entity_ref_mut(me)?.2 = optional_text(args, 0);
                Val::Undefined
            }
            _ => return Ok(None),
        }));
    }
    let Ok(Node::DocType(current)) = store.node(me) else { return Ok(None) };
    Ok(Some(match method {
        "getElementName" => Val::String(current.element_name.clone()),
        "getPublicId" => text_or_null(current.public_id.as_ref()),
        "getSystemId" => text_or_null(current.system_id.as_ref()),
        "getInternalSubset" => text_or_null(current.internal_subset.as_ref()),
        "setElementName" => {
            store.set_doc_type_name(me, &text(args, 0))?;
            Val::Undefined
        }
        "setPublicId" => {
            store.doc_type_mut(me)?.public_id = optional_text(args, 0);
            Val::Undefined
        }
        "setSystemId" => {
            store.doc_type_mut(me)?.system_id = optional_text(args, 0);
            Val::Undefined
        }
        "setInternalSubset" => {
            store.doc_type_mut(me)?.internal_subset = optional_text(args, 0);
            Val::Undefined
        }
        _ => return Ok(None),
    }))
}
