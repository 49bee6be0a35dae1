//! CacheService: three caches (script, user, document) on the virtual clock, with the
//! platform's key, value and item limits and its eviction.
//!
//! An entry lives while `now < put_at + ttl`: it is gone at exactly `put + ttl`.
//! Past 1,000 items the oldest entries go in a batch of about 10% (observed: FIFO by
//! insertion, in batches). Early eviction ("may be removed before this time",
//! documented) is driven from outside, by the scenario's seeded rules, through
//! `evict_matching`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{ServiceError, ServiceResult};

pub const KEY_CHARS_MAX: usize = 250;
/// 100 KB per value; one byte more is refused (observed).
pub const VALUE_BYTES_MAX: usize = 102_400;
pub const TTL_S_DEFAULT: i64 = 600;
pub const TTL_S_MAX: i64 = 21_600;
pub const ITEMS_MAX: usize = 1_000;
/// How many of the oldest items go when the cap is passed (about 10%, observed).
pub const EVICTION_BATCH: usize = 100;

pub const INVALID_KEY_MESSAGE: &str = "Invalid argument: key";
pub const VALUE_TOO_LARGE_MESSAGE: &str = "Argument too large: value";
/// Assumed: the key limit's text was not captured; it mirrors the value's.
pub const KEY_TOO_LARGE_MESSAGE: &str = "Argument too large: key";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CacheScope {
    Script,
    User,
    Document,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CacheEntry {
    pub value: String,
    pub expires_at_utc_ms: i64,
    /// Insertion order; a put of an existing key counts as a new insertion.
    pub inserted_seq: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Cache {
    entries: BTreeMap<String, CacheEntry>,
    next_seq: u64,
    /// Keys evicted so far, for the report (capacity and early evictions, not expiry).
    pub evicted_count: u64,
}

impl Cache {
    pub fn get(&mut self, key: &str, now_utc_ms: i64) -> ServiceResult<Option<String>> {
        check_key(key)?;
        self.drop_expired(now_utc_ms);
        Ok(self.entries.get(key).map(|e| e.value.clone()))
    }

    /// `put(key, value, ttl_s)`. A TTL above 6 hours is cut to 6 hours (assumed: the
    /// documented maximum, applied silently) and below 1 second raised to 1.
    pub fn put(&mut self, key: &str, value: &str, ttl_s: Option<i64>, now_utc_ms: i64) -> ServiceResult<()> {
        check_key(key)?;
        check_value(value)?;
        self.insert(key, value, ttl_s, now_utc_ms);
        Ok(())
    }

    /// `putAll(values, ttl_s)`: every pair is checked before any is stored.
    pub fn put_all(&mut self, pairs: &[(String, String)], ttl_s: Option<i64>, now_utc_ms: i64) -> ServiceResult<()> {
        for (key, value) in pairs {
            check_key(key)?;
            check_value(value)?;
        }
        for (key, value) in pairs {
            self.insert(key, value, ttl_s, now_utc_ms);
        }
        Ok(())
    }

    /// `getAll(keys)`: only the keys found, in key order.
    pub fn get_all(&mut self, keys: &[String], now_utc_ms: i64) -> ServiceResult<BTreeMap<String, String>> {
        keys.iter().try_for_each(|k| check_key(k))?;
        self.drop_expired(now_utc_ms);
        Ok(keys.iter().filter_map(|k| self.entries.get(k).map(|e| (k.clone(), e.value.clone()))).collect())
    }

    pub fn remove(&mut self, key: &str) -> ServiceResult<()> {
        check_key(key)?;
        self.entries.remove(key);
        Ok(())
    }

    pub fn remove_all(&mut self, keys: &[String]) -> ServiceResult<()> {
        keys.iter().try_for_each(|k| check_key(k))?;
        for key in keys {
            self.entries.remove(key);
        }
        Ok(())
    }

    /// Removes the live entries whose key `matches`, as an early eviction; returns how many.
    pub fn evict_matching(&mut self, mut matches: impl FnMut(&str) -> bool) -> usize {
        let doomed: Vec<String> = self.entries.keys().filter(|k| matches(k)).cloned().collect();
        for key in &doomed {
            self.entries.remove(key);
        }
        self.evicted_count += doomed.len() as u64;
        doomed.len()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The live entries at `now`, for reports and state files.
    pub fn live_entries(&self, now_utc_ms: i64) -> impl Iterator<Item = (&String, &CacheEntry)> {
        self.entries.iter().filter(move |(_, e)| now_utc_ms < e.expires_at_utc_ms)
    }

    fn insert(&mut self, key: &str, value: &str, ttl_s: Option<i64>, now_utc_ms: i64) {
        self.drop_expired(now_utc_ms);
        let ttl_s = ttl_s.unwrap_or(TTL_S_DEFAULT).clamp(1, TTL_S_MAX);
        let entry = CacheEntry {
            value: value.to_string(),
            expires_at_utc_ms: now_utc_ms.saturating_add(ttl_s * 1000),
            inserted_seq: self.next_seq,
        };
        self.next_seq += 1;
        self.entries.insert(key.to_string(), entry);
        if self.entries.len() > ITEMS_MAX {
            self.evict_oldest(EVICTION_BATCH);
        }
        assert!(self.entries.len() <= ITEMS_MAX, "cache holds more than its cap");
    }

    fn evict_oldest(&mut self, count: usize) {
        let mut by_age: Vec<(u64, String)> = self.entries.iter().map(|(k, e)| (e.inserted_seq, k.clone())).collect();
        by_age.sort_unstable();
        for (_, key) in by_age.into_iter().take(count) {
            self.entries.remove(&key);
        }
        self.evicted_count += count as u64;
    }

    fn drop_expired(&mut self, now_utc_ms: i64) {
        self.entries.retain(|_, e| now_utc_ms < e.expires_at_utc_ms);
    }
}

fn check_key(key: &str) -> ServiceResult<()> {
    if key.is_empty() {
        return Err(ServiceError::new(INVALID_KEY_MESSAGE));
    }
    if key.chars().count() > KEY_CHARS_MAX {
        return Err(ServiceError::new(KEY_TOO_LARGE_MESSAGE));
    }
    Ok(())
}

fn check_value(value: &str) -> ServiceResult<()> {
    if value.len() > VALUE_BYTES_MAX {
        return Err(ServiceError::new(VALUE_TOO_LARGE_MESSAGE));
    }
    Ok(())
}

/// Counters in a state file stay below 2^53 (exact in JSON readers); far above anything
/// a run reaches, and far from overflowing when incremented.
pub const STATE_COUNTER_MAX: u64 = (1 << 53) - 1;

impl Cache {
    /// What a hand-written state file must hold for a cache: at most its cap, keys and
    /// values within the limits, expiry times a Date could hold, insertion numbers
    /// below the next one (the code asserts the cap and relies on the rest).
    pub fn check_state(&self) -> Result<(), String> {
        if self.entries.len() > ITEMS_MAX {
            return Err(format!("holds {} entries; a cache holds at most {ITEMS_MAX}", self.entries.len()));
        }
        if self.next_seq > STATE_COUNTER_MAX || self.evicted_count > STATE_COUNTER_MAX {
            return Err(format!("next_seq and evicted_count must be at most {STATE_COUNTER_MAX}"));
        }
        for (key, entry) in &self.entries {
            check_key(key).map_err(|e| format!("entries {key:?}: {e}"))?;
            check_value(&entry.value).map_err(|e| format!("entries {key:?}: {e}"))?;
            crate::time::check_time_value(entry.expires_at_utc_ms)
                .map_err(|e| format!("entries {key:?}: expires_at_utc_ms {e}"))?;
            if entry.inserted_seq >= self.next_seq {
                return Err(format!(
                    "entries {key:?}: inserted_seq {} must be below next_seq {}",
                    entry.inserted_seq, self.next_seq
                ));
            }
        }
        Ok(())
    }
}

/// The three caches of one project.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Caches {
    pub script: Cache,
    pub user: Cache,
    pub document: Cache,
}

impl Caches {
    /// [`Cache::check_state`] for each, naming the one that fails.
    pub fn check_state(&self) -> Result<(), String> {
        for (name, cache) in [("script", &self.script), ("user", &self.user), ("document", &self.document)] {
            cache.check_state().map_err(|e| format!("caches.{name}: {e}"))?;
        }
        Ok(())
    }

    pub fn cache_mut(&mut self, scope: CacheScope) -> &mut Cache {
        match scope {
            CacheScope::Script => &mut self.script,
            CacheScope::User => &mut self.user,
            CacheScope::Document => &mut self.document,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: i64 = 1_700_000_000_000;

    #[test]
    fn entry_is_gone_at_exactly_put_plus_ttl() {
        let mut cache = Cache::default();
        cache.put("k", "v", Some(3600), T0).unwrap();
        assert_eq!(cache.get("k", T0 + 3_599_999).unwrap().as_deref(), Some("v"));
        assert_eq!(cache.get("k", T0 + 3_600_000).unwrap(), None);
    }

    #[test]
    fn default_ttl_is_600_s_and_max_is_6_hours() {
        let mut cache = Cache::default();
        cache.put("d", "v", None, T0).unwrap();
        cache.put("m", "v", Some(99_999), T0).unwrap();
        assert!(cache.get("d", T0 + 599_999).unwrap().is_some());
        assert!(cache.get("d", T0 + 600_000).unwrap().is_none());
        assert!(cache.get("m", T0 + 21_599_999).unwrap().is_some());
        assert!(cache.get("m", T0 + 21_600_000).unwrap().is_none());
    }

    #[test]
    fn key_and_value_limits() {
        let mut cache = Cache::default();
        assert_eq!(cache.put("", "v", None, T0).unwrap_err().message, "Invalid argument: key");
        assert!(cache.put(&"k".repeat(250), "v", None, T0).is_ok());
        assert_eq!(cache.put(&"k".repeat(251), "v", None, T0).unwrap_err().message, KEY_TOO_LARGE_MESSAGE);
        assert!(cache.put("k", &"v".repeat(102_400), None, T0).is_ok());
        assert_eq!(cache.put("k", &"v".repeat(102_401), None, T0).unwrap_err().message, "Argument too large: value");
    }

    #[test]
    fn past_1000_items_the_oldest_tenth_goes() {
        let mut cache = Cache::default();
        for i in 0..1000 {
            cache.put(&format!("k{i:04}"), "v", Some(21_600), T0 + i).unwrap();
        }
        assert_eq!(cache.len(), 1000);
        cache.put("k1000", "v", Some(21_600), T0 + 1000).unwrap();
        assert_eq!(cache.len(), 901);
        assert!(cache.get("k0000", T0 + 2000).unwrap().is_none());
        assert!(cache.get("k0099", T0 + 2000).unwrap().is_none());
        assert!(cache.get("k0100", T0 + 2000).unwrap().is_some());
        assert_eq!(cache.evicted_count, 100);
    }

    #[test]
    fn re_put_refreshes_age_for_eviction() {
        let mut cache = Cache::default();
        for i in 0..1000 {
            cache.put(&format!("k{i:04}"), "v", Some(21_600), T0).unwrap();
        }
        cache.put("k0000", "again", Some(21_600), T0).unwrap();
        cache.put("new", "v", Some(21_600), T0).unwrap();
        assert_eq!(cache.get("k0000", T0).unwrap().as_deref(), Some("again"));
        assert!(cache.get("k0001", T0).unwrap().is_none());
    }

    #[test]
    fn put_all_checks_everything_first_and_get_all_returns_found_only() {
        let mut cache = Cache::default();
        let bad = vec![("a".to_string(), "1".to_string()), (String::new(), "2".to_string())];
        assert!(cache.put_all(&bad, None, T0).is_err());
        assert!(cache.is_empty());
        let good = vec![("a".to_string(), "1".to_string()), ("b".to_string(), "2".to_string())];
        cache.put_all(&good, None, T0).unwrap();
        let got = cache.get_all(&["b".into(), "zz".into(), "a".into()], T0).unwrap();
        assert_eq!(got.into_iter().collect::<Vec<_>>(), vec![("a".into(), "1".into()), ("b".into(), "2".into())]);
    }

    #[test]
    fn state_files_are_checked_against_the_invariants() {
        let mut cache = Cache::default();
        cache.put("k", "v", None, T0).unwrap();
        assert!(cache.check_state().is_ok());
        let mut over = cache.clone();
        for i in 0..=ITEMS_MAX {
            over.entries
                .insert(format!("x{i}"), CacheEntry { value: "v".into(), expires_at_utc_ms: T0, inserted_seq: 0 });
        }
        assert!(over.check_state().unwrap_err().contains("at most 1000"));
        let mut seq = cache.clone();
        seq.next_seq = 0;
        assert!(seq.check_state().unwrap_err().contains("below next_seq"));
        seq.next_seq = u64::MAX;
        assert!(seq.check_state().unwrap_err().contains("at most"));
        let mut big = cache.clone();
        big.entries.get_mut("k").unwrap().value = "v".repeat(VALUE_BYTES_MAX + 1);
        assert_eq!(big.check_state().unwrap_err(), "entries \"k\": Argument too large: value");
        let mut late = cache;
        late.entries.get_mut("k").unwrap().expires_at_utc_ms = i64::MAX;
        assert!(late.check_state().unwrap_err().contains("range of a Date"));
    }

    #[test]
    fn evict_matching_counts() {
        let mut cache = Cache::default();
        cache.put("alert:a", "1", None, T0).unwrap();
        cache.put("alert:b", "1", None, T0).unwrap();
        cache.put("other", "1", None, T0).unwrap();
        assert_eq!(cache.evict_matching(|k| k.starts_with("alert:")), 2);
        assert_eq!(cache.len(), 1);
    }
}
