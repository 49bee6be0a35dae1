//! PropertiesService: three string stores (script, user, document) with the platform's
//! size limits. Values are always strings: the binding converts with `String(value)`
//! before it calls here, as the platform does.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{ServiceError, ServiceResult};

/// 9 KB per value (documented: "Properties value size 9kB / val").
pub const VALUE_BYTES_MAX: usize = 9 * 1024;
/// 500 KB per store (documented: "Properties total storage 500kB / property store").
pub const STORE_BYTES_MAX: usize = 500 * 1024;

/// Observed text when a store would pass 500 KB.
pub const STORE_QUOTA_MESSAGE: &str =
    "You have exceeded the property storage quota. Please remove some properties and try again.";
/// Assumed text for one value over 9 KB (the platform's text was not captured; it is the
/// shape of the platform's other size errors).
pub const VALUE_TOO_LARGE_MESSAGE: &str = "Argument too large: value";
/// Observed text for a null or empty key.
pub const INVALID_KEY_MESSAGE: &str = "Invalid argument: key";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PropertyScope {
    Script,
    User,
    Document,
}

/// One property store. BTreeMap keeps `getKeys()` and every report in a stable order.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PropertyStore {
    entries: BTreeMap<String, String>,
}

impl PropertyStore {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries.get(key).map(String::as_str)
    }

    /// `getProperty(key)`: the value, `None` when unset; an empty key is an error.
    pub fn lookup(&self, key: &str) -> ServiceResult<Option<&str>> {
        if key.is_empty() {
            return Err(ServiceError::new(INVALID_KEY_MESSAGE));
        }
        Ok(self.get(key))
    }

    pub fn entries(&self) -> &BTreeMap<String, String> {
        &self.entries
    }

    pub fn keys(&self) -> Vec<String> {
        self.entries.keys().cloned().collect()
    }

    /// Sets one property; on any error nothing changes.
    pub fn set(&mut self, key: &str, value: &str) -> ServiceResult<()> {
        self.set_all(&[(key.to_string(), value.to_string())], false)
    }

    /// `setProperties(props, deleteAllOthers)`: all or nothing, checked against the limits
    /// as the store would be afterwards.
    pub fn set_all(&mut self, pairs: &[(String, String)], delete_all_others: bool) -> ServiceResult<()> {
        for (key, value) in pairs {
            if key.is_empty() {
                return Err(ServiceError::new(INVALID_KEY_MESSAGE));
            }
            if key.len() + value.len() > VALUE_BYTES_MAX {
                return Err(ServiceError::new(VALUE_TOO_LARGE_MESSAGE));
            }
        }
        let mut next = if delete_all_others { BTreeMap::new() } else { self.entries.clone() };
        for (key, value) in pairs {
            next.insert(key.clone(), value.clone());
        }
        if store_bytes(&next) > STORE_BYTES_MAX {
            return Err(ServiceError::new(STORE_QUOTA_MESSAGE));
        }
        self.entries = next;
        Ok(())
    }

    pub fn delete(&mut self, key: &str) -> ServiceResult<()> {
        if key.is_empty() {
            return Err(ServiceError::new(INVALID_KEY_MESSAGE));
        }
        self.entries.remove(key);
        Ok(())
    }

    pub fn delete_all(&mut self) {
        self.entries.clear();
    }

    /// What a hand-written state file must hold: keys, values and the store within the
    /// limits a script's `setProperty` is held to.
    pub fn check_state(&self) -> Result<(), String> {
        for (key, value) in &self.entries {
            if key.is_empty() {
                return Err(format!("an empty key: {INVALID_KEY_MESSAGE}"));
            }
            if key.len() + value.len() > VALUE_BYTES_MAX {
                return Err(format!("{key:?}: {VALUE_TOO_LARGE_MESSAGE} (over {VALUE_BYTES_MAX} bytes)"));
            }
        }
        if self.bytes_used() > STORE_BYTES_MAX {
            return Err(format!("{} bytes: {STORE_QUOTA_MESSAGE}", self.bytes_used()));
        }
        Ok(())
    }

    pub fn bytes_used(&self) -> usize {
        store_bytes(&self.entries)
    }
}

/// Keys count towards the quota with their values (assumed; the platform does not say).
fn store_bytes(entries: &BTreeMap<String, String>) -> usize {
    entries.iter().map(|(k, v)| k.len() + v.len()).sum()
}

/// The three stores of one script project.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Properties {
    pub script: PropertyStore,
    pub user: PropertyStore,
    pub document: PropertyStore,
}

impl Properties {
    pub fn store(&self, scope: PropertyScope) -> &PropertyStore {
        match scope {
            PropertyScope::Script => &self.script,
            PropertyScope::User => &self.user,
            PropertyScope::Document => &self.document,
        }
    }

    /// [`PropertyStore::check_state`] for each, naming the one that fails.
    pub fn check_state(&self) -> Result<(), String> {
        for (name, store) in [("script", &self.script), ("user", &self.user), ("document", &self.document)] {
            store.check_state().map_err(|e| format!("properties.{name}: {e}"))?;
        }
        Ok(())
    }

    pub fn store_mut(&mut self, scope: PropertyScope) -> &mut PropertyStore {
        match scope {
            PropertyScope::Script => &mut self.script,
            PropertyScope::User => &mut self.user,
            PropertyScope::Document => &mut self.document,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_delete_and_sorted_keys() {
        let mut store = PropertyStore::default();
        store.set("b", "2").unwrap();
        store.set("a", "1").unwrap();
        assert_eq!(store.get("a"), Some("1"));
        assert_eq!(store.keys(), vec!["a", "b"]);
        store.delete("a").unwrap();
        assert_eq!(store.get("a"), None);
    }

    #[test]
    fn state_files_are_held_to_the_same_limits() {
        let mut props = Properties::default();
        props.script.set("k", "v").unwrap();
        assert!(props.check_state().is_ok());
        props.user.entries.insert("big".into(), "x".repeat(VALUE_BYTES_MAX));
        assert!(props.check_state().unwrap_err().starts_with("properties.user: \"big\": Argument too large"));
        props.user.entries.clear();
        props.document.entries.insert(String::new(), "v".into());
        assert!(props.check_state().unwrap_err().contains(INVALID_KEY_MESSAGE));
        props.document.entries.clear();
        for i in 0..60 {
            props.script.entries.insert(format!("k{i}"), "v".repeat(9000));
        }
        assert!(props.check_state().unwrap_err().contains(STORE_QUOTA_MESSAGE));
    }

    #[test]
    fn empty_key_is_invalid_argument() {
        let mut store = PropertyStore::default();
        assert_eq!(store.set("", "x").unwrap_err().message, "Invalid argument: key");
        assert_eq!(store.delete("").unwrap_err().message, "Invalid argument: key");
        assert_eq!(store.lookup("").unwrap_err().message, "Invalid argument: key");
        assert_eq!(store.lookup("missing"), Ok(None));
    }

    #[test]
    fn value_over_9kb_is_refused_and_exactly_9kb_fits() {
        let mut store = PropertyStore::default();
        let fits = "x".repeat(VALUE_BYTES_MAX - 1);
        store.set("k", &fits).unwrap();
        let too_big = "x".repeat(VALUE_BYTES_MAX);
        assert_eq!(store.set("k", &too_big).unwrap_err().message, VALUE_TOO_LARGE_MESSAGE);
        assert_eq!(store.get("k"), Some(fits.as_str()));
    }

    #[test]
    fn store_over_500kb_is_the_quota_error_and_changes_nothing() {
        let mut store = PropertyStore::default();
        let value = "v".repeat(8 * 1024);
        let mut stored = 0;
        let err = loop {
            match store.set(&format!("key{stored:03}"), &value) {
                Ok(()) => stored += 1,
                Err(e) => break e,
            }
            assert!(stored < 100, "the quota never triggered");
        };
        assert_eq!(err.message, STORE_QUOTA_MESSAGE);
        assert_eq!(store.keys().len(), stored);
        assert!(store.bytes_used() <= STORE_BYTES_MAX);
        assert_eq!(stored, 62, "62 values of 8 KB fit in 500 KB, the 63rd does not");
    }

    #[test]
    fn set_all_with_delete_all_others_replaces_the_store() {
        let mut store = PropertyStore::default();
        store.set("old", "1").unwrap();
        store.set_all(&[("new".into(), "2".into())], true).unwrap();
        assert_eq!(store.keys(), vec!["new"]);
    }
}
