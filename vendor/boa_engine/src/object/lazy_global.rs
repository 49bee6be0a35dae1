//! Lazy global properties (a gas-sim patch): a global object whose data properties can
//! be built the first time anything reads or changes them.
//!
//! A host that defines hundreds of objects on the global object (gas-sim's Apps Script
//! services) but whose scripts use a few of them makes the global object a
//! [`LazyGlobal`] (from `HostHooks::create_global_object`), registers a *builder*
//! function with [`LazyGlobal::set_builder`], and defines each lazy property as an
//! ordinary data property whose value is the builder itself (the placeholder). Every
//! internal method that reads or changes an own property (`[[GetOwnProperty]]`,
//! `[[DefineOwnProperty]]`, `[[Get]]`, `[[Set]]`, `[[Delete]]`) first replaces a
//! placeholder value by `builder(key)`, keeping the property's attributes and place. So
//! no script can see a placeholder or tell a lazy property from an eager one: the keys,
//! their order, attributes and values are the same. `[[HasProperty]]` and
//! `[[OwnPropertyKeys]]` need no value and build nothing.
//!
//! Inline caches are safe: a cache entry is only made by a lookup that went through the
//! internal methods, so after the property was built. A realm restore (`RealmSnapshot`)
//! puts placeholders back for properties built after the snapshot; a host that keeps
//! compiled code (and so its caches) across restores must rebuild them before the next
//! script runs, which [`LazyGlobal::take_built`] makes possible: it lists the keys built
//! since it was last called.

use std::cell::RefCell;
use std::ptr::fn_addr_eq;

use boa_gc::{Finalize, GcRefCell, Trace};

use crate::{
    JsResult, JsString, JsValue,
    object::{
        JsData, JsObject,
        internal_methods::{
            InternalMethodPropertyContext, InternalObjectMethods, ORDINARY_INTERNAL_METHODS,
            ordinary_define_own_property, ordinary_delete, ordinary_get, ordinary_get_own_property,
            ordinary_set, ordinary_try_get,
        },
    },
    property::{PropertyDescriptor, PropertyKey},
};

/// The internal data of a global object with lazy properties; see the module
/// documentation.
#[derive(Debug, Default, Trace, Finalize)]
pub struct LazyGlobal {
    builder: GcRefCell<Option<JsObject>>,
    /// Keys built since the last `take_built` (strings only: no GC values).
    #[unsafe_ignore_trace]
    built: RefCell<Vec<JsString>>,
}

static LAZY_GLOBAL_INTERNAL_METHODS: InternalObjectMethods = InternalObjectMethods {
    __get_own_property__: lazy_get_own_property,
    __define_own_property__: lazy_define_own_property,
    __get__: lazy_get,
    __try_get__: lazy_try_get,
    __set__: lazy_set,
    __delete__: lazy_delete,
    ..ORDINARY_INTERNAL_METHODS
};

impl JsData for LazyGlobal {
    fn internal_methods(&self) -> &'static InternalObjectMethods {
        &LAZY_GLOBAL_INTERNAL_METHODS
    }
}

impl LazyGlobal {
    /// Makes `builder` the function that builds `global`'s lazy properties (and the
    /// placeholder value that marks them). Returns false if `global` is not a
    /// `LazyGlobal`.
    pub fn set_builder(global: &JsObject, builder: JsObject) -> bool {
        let Some(data) = global.downcast_ref::<Self>() else {
            return false;
        };
        *data.builder.borrow_mut() = Some(builder);
        true
    }

    /// The builder, if `object` is a `LazyGlobal` with one (the realm snapshot walks it).
    pub(crate) fn builder_of(object: &JsObject) -> Option<JsObject> {
        object.downcast_ref::<Self>().and_then(|data| data.builder.borrow().clone())
    }

    /// The keys built since the last call (none if `global` is not a `LazyGlobal`), in
    /// the order they were built.
    pub fn take_built(global: &JsObject) -> Vec<JsString> {
        global.downcast_ref::<Self>().map(|data| data.built.take()).unwrap_or_default()
    }
}

/// Whether `object`'s `[[Set]]` and the internal methods OrdinarySet calls
/// (`[[GetOwnProperty]]`, `[[DefineOwnProperty]]`) are the ordinary ones, or a
/// `LazyGlobal`'s (ordinary once a placeholder is built): setting an own writable data
/// property to the value it holds then changes nothing (gas-sim patch 0037).
pub(crate) fn sets_as_ordinary(object: &JsObject) -> bool {
    let methods = object.vtable();
    [&ORDINARY_INTERNAL_METHODS, &LAZY_GLOBAL_INTERNAL_METHODS].iter().any(|known| {
        fn_addr_eq(methods.__set__, known.__set__)
            && fn_addr_eq(methods.__get_own_property__, known.__get_own_property__)
            && fn_addr_eq(methods.__define_own_property__, known.__define_own_property__)
    })
}

/// Builds `key` if it is a placeholder. The builder runs as a getter would: it may run
/// any script, and its error is the access's error.
fn build_if_placeholder(
    obj: &JsObject,
    key: &PropertyKey,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<()> {
    let PropertyKey::String(name) = key else {
        return Ok(());
    };
    let Some(builder) = LazyGlobal::builder_of(obj) else {
        return Ok(());
    };
    let Some(current) = obj.borrow().properties().get(key) else {
        return Ok(());
    };
    if current.value().and_then(JsValue::as_object).as_ref() != Some(&builder) {
        return Ok(());
    }
    let value = builder.call(&JsValue::undefined(), &[name.clone().into()], context)?;
    if let Some(data) = obj.downcast_ref::<LazyGlobal>() {
        data.built.borrow_mut().push(name.clone());
    }
    // Straight into the property, not through [[DefineOwnProperty]] (which would ask
    // [[GetOwnProperty]], find the placeholder and build again): same attributes, same
    // slot, so the shape and inline caches keyed by it stay.
    let desc = PropertyDescriptor::builder()
        .value(value)
        .writable(current.expect_writable())
        .enumerable(current.expect_enumerable())
        .configurable(current.expect_configurable())
        .build();
    obj.insert(key.clone(), desc);
    Ok(())
}

fn lazy_get_own_property(
    obj: &JsObject,
    key: &PropertyKey,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<Option<PropertyDescriptor>> {
    build_if_placeholder(obj, key, context)?;
    ordinary_get_own_property(obj, key, context)
}

fn lazy_define_own_property(
    obj: &JsObject,
    key: &PropertyKey,
    desc: PropertyDescriptor,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<bool> {
    build_if_placeholder(obj, key, context)?;
    ordinary_define_own_property(obj, key, desc, context)
}

fn lazy_get(
    obj: &JsObject,
    key: &PropertyKey,
    receiver: JsValue,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<JsValue> {
    build_if_placeholder(obj, key, context)?;
    ordinary_get(obj, key, receiver, context)
}

fn lazy_try_get(
    obj: &JsObject,
    key: &PropertyKey,
    receiver: JsValue,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<Option<JsValue>> {
    build_if_placeholder(obj, key, context)?;
    ordinary_try_get(obj, key, receiver, context)
}

fn lazy_set(
    obj: &JsObject,
    key: PropertyKey,
    value: JsValue,
    receiver: JsValue,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<bool> {
    build_if_placeholder(obj, &key, context)?;
    ordinary_set(obj, key, value, receiver, context)
}

fn lazy_delete(
    obj: &JsObject,
    key: &PropertyKey,
    context: &mut InternalMethodPropertyContext<'_>,
) -> JsResult<bool> {
    build_if_placeholder(obj, key, context)?;
    ordinary_delete(obj, key, context)
}
