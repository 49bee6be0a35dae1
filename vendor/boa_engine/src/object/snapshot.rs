//! Realm snapshots (a gas-sim patch): one realm serves many script runs, each of which
//! must start from the realm as it was when the snapshot was taken.
//!
//! A snapshot records the state of every object reachable from the realm (its
//! intrinsics, its global object, the global environment, and whatever their properties,
//! prototypes, proxies, bound functions and closures reach): properties, prototype,
//! extensibility and private elements, plus the bindings of every declarative
//! environment found. Restoring puts back only the objects and environments written
//! since: the snapshot tags each one it covers (`Tag`), and the first mutable borrow of a
//! tagged object or environment's bindings puts it on its thread's dirty list, so a
//! restore costs what the run changed, not what the realm holds. Objects created after
//! the snapshot are untagged (one bit test per mutable borrow) and simply no longer
//! reachable from the realm after it.
//!
//! Only objects whose internal data cannot change are allowed in a snapshot (ordinary
//! objects, arrays, functions, errors, primitive wrappers; proxies, whose target and
//! handler are saved since `Proxy.revocable` can clear them): a `Map`, `Date` or iterator
//! reachable from the realm makes `snapshot_realm` fail, because its state lives outside
//! its properties.
//!
//! Not walked: class field initializers and private methods held by functions, the
//! captures of native closures, and the `this`/`new.target` slots of function
//! environments. A realm whose objects reach other objects only through those would have
//! them unguarded; gas-sim's prelude defines no classes and its natives capture no JS
//! values.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU32, Ordering};

use boa_gc::Gc;
use rustc_hash::FxHashSet;
use thin_vec::ThinVec;

use super::{
    IndexedProperties, JsObject, JsPrototype, LazyGlobal, PrivateElement, PrivateName,
    shape::{
        RootShape, Shape, property_table::PropertyTableInner, shared_shape::TransitionKey,
        unique_shape::UniqueShape,
    },
};
use crate::{
    Context, JsBigInt, JsString, JsSymbol, JsValue,
    builtins::{
        OrdinaryObject,
        array::Array,
        error::Error,
        function::{BoundFunction, OrdinaryFunction},
        proxy::Proxy,
    },
    environments::{DeclarativeEnvironment, Environment},
    native_function::NativeFunctionObject,
    realm::Realm,
};

/// A snapshot tag, kept in every object and every environment's bindings: which snapshot
/// covers it (`ID_*`, 0 for none), its index there, whether it is an environment (`ENV`),
/// and whether it was written since the snapshot or its last restore (`DIRTY`).
/// Untracked values carry `DIRTY` so that a mutable borrow tests one bit.
pub(crate) type Tag = u64;

const DIRTY: Tag = 1 << 63;
const ENV: Tag = 1 << 62;
const ID_SHIFT: u32 = 32;
const ID_MASK: Tag = (1 << 30) - 1;
const INDEX_MASK: Tag = u32::MAX as Tag;

/// The tag of an object or environment that no snapshot covers.
pub(crate) const UNTRACKED: Tag = DIRTY;

thread_local! {
    /// The tags (as they were before the write) of tracked objects and environments
    /// written since their snapshot's last restore, in the order of first write.
    static DIRTY_LIST: RefCell<Vec<Tag>> = const { RefCell::new(Vec::new()) };
}

/// Snapshot ids, never 0.
static NEXT_SNAPSHOT_ID: AtomicU32 = AtomicU32::new(1);

/// Called by every mutable borrow of an object or an environment's bindings.
#[inline]
pub(crate) fn note_write(tag: &Cell<Tag>) {
    let value = tag.get();
    if value & DIRTY == 0 {
        first_write(tag, value);
    }
}

#[cold]
#[inline(never)]
fn first_write(tag: &Cell<Tag>, value: Tag) {
    tag.set(value | DIRTY);
    // Fails only while the thread exits, when no restore can follow.
    let _ = DIRTY_LIST.try_with(|list| list.borrow_mut().push(value));
}

const fn tag_id(tag: Tag) -> u32 {
    ((tag >> ID_SHIFT) & ID_MASK) as u32
}

/// The saved state of a realm; see the module documentation.
pub struct RealmSnapshot {
    /// This snapshot's id in the tags of what it covers.
    id: u32,
    realm: Realm,
    objects: Vec<SavedObject>,
    environments: Vec<SavedEnvironment>,
    /// The shared shapes the last run left on the objects it wrote (chiefly the global
    /// object's, grown by the script's declarations). Shape transitions are cached weakly:
    /// holding these lets the next run, declaring the same globals in the same order, get
    /// the very same shapes, so inline caches keyed by them stay warm.
    kept_shapes: RefCell<Vec<Shape>>,
}

impl std::fmt::Debug for RealmSnapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RealmSnapshot")
            .field("objects", &self.objects.len())
            .field("environments", &self.environments.len())
            .finish_non_exhaustive()
    }
}

impl Drop for RealmSnapshot {
    /// Untags what the snapshot covers, so its writes are no longer listed.
    fn drop(&mut self) {
        let untag = |tag: &Cell<Tag>| {
            if tag_id(tag.get()) == self.id {
                tag.set(UNTRACKED);
            }
        };
        for saved in &self.objects {
            untag(saved.object.snapshot_tag());
        }
        for saved in &self.environments {
            if let Some(slots) = saved.environment.binding_slots() {
                untag(slots.snapshot_tag());
            }
        }
        let _ = DIRTY_LIST.try_with(|list| list.borrow_mut().retain(|tag| tag_id(*tag) != self.id));
    }
}

struct SavedObject {
    object: JsObject,
    indexed: IndexedProperties,
    shape: SavedShape,
    storage: Vec<JsValue>,
    extensible: bool,
    private_elements: ThinVec<(PrivateName, PrivateElement)>,
    /// A proxy's target and handler (`Proxy.revocable`'s revoke clears them).
    proxy: Option<(JsObject, JsObject)>,
}

enum SavedShape {
    /// Shared shapes never change: the same shape is put back.
    Shared(Shape),
    /// A unique shape's table changes in place, so a copy is kept and a new unique shape
    /// is made from it on restore.
    Unique {
        table: PropertyTableInner,
        prototype: JsPrototype,
    },
}

struct SavedEnvironment {
    environment: Gc<DeclarativeEnvironment>,
    bindings: Vec<Option<JsValue>>,
    poisoned: bool,
}

impl RealmSnapshot {
    /// The number of objects the snapshot covers.
    #[must_use]
    pub fn object_count(&self) -> usize {
        self.objects.len()
    }

    /// The number of declarative environments the snapshot covers.
    #[must_use]
    pub fn environment_count(&self) -> usize {
        self.environments.len()
    }
}

fn copy_indexed(indexed: &IndexedProperties) -> IndexedProperties {
    match indexed {
        IndexedProperties::DenseI32(v) => IndexedProperties::DenseI32(v.clone()),
        IndexedProperties::DenseF64(v) => IndexedProperties::DenseF64(v.clone()),
        IndexedProperties::DenseElement(v) => IndexedProperties::DenseElement(v.clone()),
        IndexedProperties::SparseElement(m) => IndexedProperties::SparseElement(m.clone()),
        IndexedProperties::SparseProperty(m) => IndexedProperties::SparseProperty(m.clone()),
    }
}

/// Whether an object's internal data is immutable, so that its properties are all its state.
fn data_is_immutable(object: &JsObject) -> bool {
    object.is::<OrdinaryObject>()
        || object.is::<Array>()
        || object.is::<OrdinaryFunction>()
        || object.is::<NativeFunctionObject>()
        || object.is::<BoundFunction>()
        || object.is::<Proxy>()
        || object.is::<Error>()
        || object.is::<f64>()
        || object.is::<bool>()
        || object.is::<JsString>()
        || object.is::<JsSymbol>()
        || object.is::<JsBigInt>()
        // Its builder is set once, before a snapshot is taken.
        || object.is::<LazyGlobal>()
}

#[derive(Default)]
struct Walker {
    seen_objects: FxHashSet<JsObject>,
    seen_environments: FxHashSet<usize>,
    queue: Vec<JsObject>,
    objects: Vec<SavedObject>,
    environments: Vec<SavedEnvironment>,
    /// Objects with mutable internal data, described by their own property keys.
    refused: Vec<String>,
}

impl Walker {
    fn value(&mut self, value: &JsValue) {
        if let Some(object) = value.as_object() {
            self.object(object);
        }
    }

    fn object(&mut self, object: JsObject) {
        if self.seen_objects.insert(object.clone()) {
            self.queue.push(object);
        }
    }

    fn environment(&mut self, environment: &Gc<DeclarativeEnvironment>) {
        let address = std::ptr::from_ref::<DeclarativeEnvironment>(environment) as usize;
        if !self.seen_environments.insert(address) {
            return;
        }
        let Some(slots) = environment.binding_slots() else {
            return;
        };
        let bindings = slots.borrow().clone();
        for value in bindings.iter().flatten() {
            self.value(value);
        }
        self.environments.push(SavedEnvironment {
            environment: environment.clone(),
            bindings,
            poisoned: environment.poisoned(),
        });
    }

    fn save(&mut self, object: &JsObject) {
        if !data_is_immutable(object) {
            let keys = object.borrow().properties.shape.keys();
            let names: Vec<String> =
                keys.iter().take(6).map(ToString::to_string).collect();
            self.refused.push(format!("{{{}}}", names.join(", ")));
        }
        let saved = {
            let borrowed = object.borrow();
            let properties = &borrowed.properties;
            let shape = match properties.shape.as_unique() {
                Some(unique) => SavedShape::Unique {
                    table: unique.table_copy(),
                    prototype: unique.prototype(),
                },
                None => SavedShape::Shared(properties.shape.clone()),
            };
            SavedObject {
                object: object.clone(),
                indexed: copy_indexed(&properties.indexed_properties),
                shape,
                storage: properties.storage.clone(),
                extensible: borrowed.extensible,
                private_elements: borrowed.private_elements.clone(),
                proxy: object.downcast_ref::<Proxy>().and_then(|proxy| proxy.try_data().ok()),
            }
        };
        if let Some(prototype) = object.prototype() {
            self.object(prototype);
        }
        for value in &saved.storage {
            self.value(value);
        }
        match &saved.indexed {
            IndexedProperties::DenseI32(_) | IndexedProperties::DenseF64(_) => {}
            IndexedProperties::DenseElement(values) => {
                for value in values {
                    self.value(value);
                }
            }
            IndexedProperties::SparseElement(map) => {
                for value in map.values() {
                    self.value(value);
                }
            }
            IndexedProperties::SparseProperty(map) => {
                for descriptor in map.values() {
                    for value in [descriptor.value(), descriptor.get(), descriptor.set()]
                        .into_iter()
                        .flatten()
                    {
                        self.value(value);
                    }
                }
            }
        }
        for (_, element) in &saved.private_elements {
            match element {
                PrivateElement::Field(value) => self.value(value),
                PrivateElement::Method(method) => self.object(method.clone()),
                PrivateElement::Accessor { getter, setter } => {
                    for function in [getter, setter].into_iter().flatten() {
                        self.object(function.clone());
                    }
                }
            }
        }
        self.data(object);
        self.objects.push(saved);
    }

    /// What an object's internal data reaches.
    fn data(&mut self, object: &JsObject) {
        if let Some(builder) = LazyGlobal::builder_of(object) {
            self.object(builder);
        } else if let Some(proxy) = object.downcast_ref::<Proxy>() {
            if let Ok((target, handler)) = proxy.try_data() {
                self.object(target);
                self.object(handler);
            }
        } else if let Some(bound) = object.downcast_ref::<BoundFunction>() {
            let (target, this, args) =
                (bound.target_function().clone(), bound.this().clone(), bound.args().to_vec());
            self.object(target);
            self.value(&this);
            for arg in &args {
                self.value(arg);
            }
        } else if let Some(function) = object.downcast_ref::<OrdinaryFunction>() {
            let home = function.home_object.clone();
            let environments = function.environments.clone();
            let realm_environment = function.realm.environment().clone();
            drop(function);
            if let Some(home) = home {
                self.object(home);
            }
            self.environment(&realm_environment);
            for index in 0..environments.len() {
                match environments.get(index) {
                    Some(Environment::Declarative(env)) => self.environment(env),
                    Some(Environment::Object(object)) => self.object(object.clone()),
                    None => {}
                }
            }
        }
    }
}

/// Gives `object` a shared shape with the same properties and slots as its unique one,
/// so that the same additions in every run lead to the same shapes (see `kept_shapes`); a
/// unique shape is replaced by a new one on every restore. Leaves the object alone if the
/// shared shape would not match exactly.
fn share_shape(object: &JsObject, root: &RootShape) {
    let mut borrowed = object.borrow_mut();
    let Some(unique) = borrowed.properties.shape.as_unique() else {
        return;
    };
    let table = unique.table_copy();
    let mut shape =
        Shape::from(root.shape().clone()).change_prototype_transition(unique.prototype());
    for (key, slot) in &table.keys {
        shape = shape.insert_property_transition(TransitionKey {
            property_key: key.clone(),
            attributes: slot.attributes,
        });
    }
    let same_slots = table.keys.iter().all(|(key, slot)| {
        shape
            .lookup(key)
            .is_some_and(|found| found.index == slot.index && found.attributes == slot.attributes)
    });
    if !shape.is_unique() && same_slots && shape.keys().len() == table.keys.len() {
        borrowed.properties.shape = shape;
    }
}

impl Context {
    /// Records the current realm's state so that [`Context::restore_realm`] can put it
    /// back. Fails, naming the objects, if an object with mutable internal data (a `Map`,
    /// a `Date` ...) is reachable from the realm.
    ///
    /// # Errors
    /// The objects that cannot be snapshot, described by their first property keys.
    pub fn snapshot_realm(&mut self) -> Result<RealmSnapshot, String> {
        let realm = self.realm().clone();
        share_shape(realm.global_object(), self.root_shape());
        let mut walker = Walker::default();
        for object in realm.intrinsics().all_objects() {
            walker.object(object);
        }
        walker.object(realm.global_object().clone());
        walker.object(realm.global_this().clone());
        walker.environment(realm.environment());
        while let Some(object) = walker.queue.pop() {
            walker.save(&object);
        }
        if !walker.refused.is_empty() {
            return Err(format!(
                "{} object(s) with mutable internal data are reachable from the realm: {}",
                walker.refused.len(),
                walker.refused.join("; ")
            ));
        }
        let id = NEXT_SNAPSHOT_ID.fetch_add(1, Ordering::Relaxed) & ID_MASK as u32;
        let id = if id == 0 {
            NEXT_SNAPSHOT_ID.fetch_add(1, Ordering::Relaxed) & ID_MASK as u32
        } else {
            id
        };
        let clean = |index: usize, kind: Tag| -> Result<Tag, String> {
            let index = u32::try_from(index).map_err(|_| "too many objects for a snapshot")?;
            Ok(kind | (Tag::from(id) << ID_SHIFT) | Tag::from(index))
        };
        for (index, saved) in walker.objects.iter().enumerate() {
            saved.object.snapshot_tag().set(clean(index, 0)?);
        }
        for (index, saved) in walker.environments.iter().enumerate() {
            if let Some(slots) = saved.environment.binding_slots() {
                slots.snapshot_tag().set(clean(index, ENV)?);
            }
        }
        Ok(RealmSnapshot {
            id,
            realm,
            objects: walker.objects,
            environments: walker.environments,
            kept_shapes: RefCell::default(),
        })
    }

    /// Puts the snapshot's realm back as it was when the snapshot was taken: every object
    /// and environment written since (its thread's dirty list names them), and no cached
    /// template objects. Returns the number of objects restored. Run no script while it
    /// runs (none can: it takes `&mut self`).
    pub fn restore_realm(&mut self, snapshot: &RealmSnapshot) -> usize {
        let mut dirty = DIRTY_LIST.with(|list| std::mem::take(&mut *list.borrow_mut()));
        let mut restored = 0;
        let mut kept_shapes = Vec::new();
        for &tag in &dirty {
            if tag_id(tag) != snapshot.id {
                continue;
            }
            let index = (tag & INDEX_MASK) as usize;
            if tag & ENV == 0 {
                let saved = &snapshot.objects[index];
                restore_object(saved, &mut kept_shapes);
                saved.object.snapshot_tag().set(tag);
                restored += 1;
            } else {
                let saved = &snapshot.environments[index];
                if let Some(slots) = saved.environment.binding_slots() {
                    slots.borrow_mut().clone_from(&saved.bindings);
                    slots.snapshot_tag().set(tag);
                }
                saved.environment.set_poisoned(saved.poisoned);
            }
        }
        // Other snapshots' writes (another realm on this thread) stay listed; the list
        // keeps its allocation.
        dirty.retain(|tag| tag_id(*tag) != snapshot.id);
        DIRTY_LIST.with(|list| {
            let mut list = list.borrow_mut();
            dirty.append(&mut list);
            *list = dirty;
        });
        *snapshot.kept_shapes.borrow_mut() = kept_shapes;
        snapshot.realm.clear_templates();
        restored
    }
}

/// Puts one written object back as saved; its tag stays dirty until the caller resets it.
fn restore_object(saved: &SavedObject, kept_shapes: &mut Vec<Shape>) {
    {
        let mut object = saved.object.borrow_mut();
        if !object.properties.shape.is_unique() {
            kept_shapes.push(object.properties.shape.clone());
        }
        object.properties.indexed_properties = copy_indexed(&saved.indexed);
        object.properties.shape = match &saved.shape {
            SavedShape::Shared(shape) => shape.clone(),
            SavedShape::Unique { table, prototype } => {
                UniqueShape::new(prototype.clone(), table.clone()).into()
            }
        };
        object.properties.storage.clone_from(&saved.storage);
        object.extensible = saved.extensible;
        object.private_elements.clone_from(&saved.private_elements);
    }
    if let Some(mut proxy) = saved.object.downcast_mut::<Proxy>() {
        proxy.set_data(saved.proxy.clone());
    }
}
