//! The declared method a `__gas_call` names, remembered per thread.
//!
//! Every service call used to turn the prelude's method-name string into a Rust string,
//! binary-search the method registry for it (`methods::get`) and ask the catalogue
//! whether the method returns nothing (`catalogue::returns_void`, two more lookups): about
//! 5% of a light execution and of a simulated year. The prelude passes the same name
//! strings again and again (literals and names captured when a class is built), so a
//! thread keeps the answer for each string it has seen, in a small table indexed by where
//! the string's characters are.
//!
//! A hit is checked against the name itself, so a string freed and another made at the
//! same address can never be mistaken for it, and the table holds no string alive: what
//! it keeps changes no execution's heap. A name the registry lacks is not kept (that call
//! fails anyway). This is a memo of two pure lookups, not a second registry: the
//! registry (methods.rs) and the catalogue stay the only places that know the methods.

use std::cell::Cell;

use boa_engine::string::JsStrVariant;
use boa_engine::JsString;
use gas_platform::catalogue;

use crate::methods::{self, Method};

/// A declared method a call named, with the catalogue's answer about its result.
#[derive(Clone, Copy)]
pub(crate) struct Named {
    pub method: &'static Method,
    /// Every overload returns nothing: the platform gives `null` (`catalogue::returns_void`).
    pub returns_void: bool,
}

/// Entries per thread. A project's calls name a few dozen methods; a collision only costs
/// the lookup the memo saves.
const SLOTS: usize = 256;

/// One entry: the address of the name's characters (0: empty), and what it named.
type Slot = Cell<(usize, Option<Named>)>;

thread_local! {
    static MEMO: [Slot; SLOTS] = const { [const { Cell::new((0, None)) }; SLOTS] };
}

/// The declared method `name` names, or `None` when the registry has no such method.
pub(crate) fn named(name: &JsString) -> Option<Named> {
    // Method names are ASCII, which boa keeps as Latin-1; any other string is looked up
    // the long way.
    let JsStrVariant::Latin1(bytes) = name.variant() else {
        return lookup(&name.to_std_string_escaped());
    };
    let address = bytes.as_ptr() as usize;
    let index = slot_of(address);
    let cached = MEMO.with(|memo| memo[index].get());
    if let (at, Some(named)) = cached {
        if at == address && named.method.name.as_bytes() == bytes {
            return Some(named);
        }
    }
    // Every method name is ASCII: a string with another character names none.
    if !bytes.is_ascii() {
        return None;
    }
    let found = lookup(std::str::from_utf8(bytes).ok()?)?;
    MEMO.with(|memo| memo[index].set((address, Some(found))));
    Some(found)
}

/// The registry's and the catalogue's answers for `name`, uncached.
fn lookup(name: &str) -> Option<Named> {
    let method = methods::get(name)?;
    Some(Named { method, returns_void: catalogue::returns_void(name) })
}

/// The slot of a string whose characters are at `address`: allocations are 8-byte
/// aligned at least, so the low bits say nothing; two ranges of bits are folded together.
fn slot_of(address: usize) -> usize {
    ((address >> 3) ^ (address >> 11)) % SLOTS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_gives_the_registry_method_and_the_catalogue_answer() {
        let put = JsString::from("Cache.put");
        let put_named = named(&put).expect("Cache.put is declared");
        assert_eq!(put_named.method.name, "Cache.put");
        assert!(put_named.returns_void, "Cache.put returns void");
        // Asked again, from the memo.
        assert_eq!(named_name(&put), Some("Cache.put"));
        let get = JsString::from("Cache.get");
        assert!(!named(&get).expect("declared").returns_void);
    }

    #[test]
    fn an_unknown_name_is_none_and_not_kept() {
        let missing = JsString::from("Nope.method");
        assert!(named(&missing).is_none());
        let JsStrVariant::Latin1(bytes) = missing.variant() else { panic!("ASCII is Latin-1") };
        let index = slot_of(bytes.as_ptr() as usize);
        let kept = MEMO.with(|memo| memo[index].get().0 == bytes.as_ptr() as usize);
        assert!(!kept, "an unknown name takes no slot");
        let wide = JsString::from("Cache.put\u{2603}");
        assert!(named(&wide).is_none(), "a UTF-16 string is looked up the long way");
    }

    #[test]
    fn a_slot_taken_by_another_string_is_checked_against_the_name() {
        // Two different names forced into one slot: each answer is still its own.
        let put = JsString::from("Cache.put");
        let JsStrVariant::Latin1(bytes) = put.variant() else { panic!("ASCII is Latin-1") };
        let index = slot_of(bytes.as_ptr() as usize);
        let get = named(&JsString::from("Cache.get")).expect("declared");
        // The slot claims `put`'s address but holds `Cache.get`: a stale entry.
        MEMO.with(|memo| memo[index].set((bytes.as_ptr() as usize, Some(get))));
        assert_eq!(named_name(&put), Some("Cache.put"), "a stale slot is never trusted");
    }

    fn named_name(name: &JsString) -> Option<&'static str> {
        named(name).map(|n| n.method.name)
    }
}
