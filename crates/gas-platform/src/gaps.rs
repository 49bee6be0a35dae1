//! Gaps: calls of methods (or overloads, or options) gas-sim does not implement. Each
//! one is counted at the script's call site, even when the script catches the error,
//! so a run that "succeeded" by catching `gas-sim does not implement X()` says so
//! (issue 11: a project answered success for 27 submissions that wrote 0 rows).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The start of every "not implemented" error's message (`ServiceError::unimplemented`).
pub const UNIMPLEMENTED_PREFIX: &str = "gas-sim does not implement ";

/// Distinct call sites kept per execution and per zone report; calls at further sites
/// are only counted (`GapLog::dropped_calls`), so a script looping over generated code
/// cannot grow a report without bound.
pub const GAP_SITES_MAX: usize = 1_000;

/// One call site of a gap: which method, where the script called it, how many times.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GapSite {
    /// `Range.setBackground`, or `Utilities.computeDigest with DigestAlgorithm.MD2`.
    pub method: String,
    /// The project file of the innermost script frame (None when no script frame was
    /// on the stack, e.g. a call from a builtin's callback with no position).
    pub file: Option<String>,
    pub line: Option<u32>,
    pub calls: u64,
}

/// The gap name in a "not implemented" message: `gas-sim does not implement
/// Range.setBackground()` gives `Range.setBackground`; `... Utilities.computeDigest()
/// with DigestAlgorithm.MD2` gives `Utilities.computeDigest with DigestAlgorithm.MD2`.
pub fn gap_name(message: &str) -> Option<String> {
    let rest = message.strip_prefix(UNIMPLEMENTED_PREFIX)?;
    Some(rest.replacen("()", "", 1))
}

/// Gap sites, merged by (method, file, line), in that order: deterministic output.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GapLog {
    sites: BTreeMap<(String, Option<String>, Option<u32>), u64>,
    /// Calls at sites past [`GAP_SITES_MAX`].
    pub dropped_calls: u64,
}

impl GapLog {
    /// Counts `calls` calls of `method` at `file:line`.
    pub fn record(&mut self, method: &str, file: Option<&str>, line: Option<u32>, calls: u64) {
        let key = (method.to_string(), file.map(str::to_string), line);
        if let Some(count) = self.sites.get_mut(&key) {
            *count = count.saturating_add(calls);
        } else if self.sites.len() < GAP_SITES_MAX {
            self.sites.insert(key, calls);
        } else {
            self.dropped_calls = self.dropped_calls.saturating_add(calls);
        }
    }

    /// Adds another log's sites (an execution's into its zone's).
    pub fn merge(&mut self, sites: &[GapSite]) {
        for site in sites {
            self.record(&site.method, site.file.as_deref(), site.line, site.calls);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.sites.is_empty() && self.dropped_calls == 0
    }

    /// The sites, sorted by method, file, line.
    pub fn sites(&self) -> Vec<GapSite> {
        self.sites
            .iter()
            .map(|((method, file, line), calls)| GapSite {
                method: method.clone(),
                file: file.clone(),
                line: *line,
                calls: *calls,
            })
            .collect()
    }
}

/// One line per method, its sites in order:
/// `Range.setBackground (Code.gs:41, 27 calls; Util.gs:3, 1 call)`.
pub fn describe(sites: &[GapSite]) -> Vec<String> {
    let mut by_method: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for site in sites {
        let place = match (&site.file, site.line) {
            (Some(file), Some(line)) => format!("{file}:{line}"),
            (Some(file), None) => file.clone(),
            _ => "no script position".to_string(),
        };
        let calls = if site.calls == 1 { "1 call".to_string() } else { format!("{} calls", site.calls) };
        by_method.entry(&site.method).or_default().push(format!("{place}, {calls}"));
    }
    by_method.into_iter().map(|(method, places)| format!("{method} ({})", places.join("; "))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_not_implemented_message() {
        assert_eq!(
            gap_name("gas-sim does not implement Range.setBackground()").as_deref(),
            Some("Range.setBackground")
        );
        assert_eq!(
            gap_name("gas-sim does not implement Utilities.computeDigest() with DigestAlgorithm.MD2").as_deref(),
            Some("Utilities.computeDigest with DigestAlgorithm.MD2")
        );
        assert_eq!(gap_name("Invalid argument: x"), None);
        let error = crate::ServiceError::unimplemented("Sheet.getCharts");
        assert_eq!(gap_name(&error.message).as_deref(), Some("Sheet.getCharts"));
    }

    #[test]
    fn sites_merge_sorted_and_are_described_per_method() {
        let mut log = GapLog::default();
        log.record("Range.setBackground", Some("Code.gs"), Some(41), 1);
        log.record("Range.setBackground", Some("Code.gs"), Some(41), 26);
        log.record("Range.setBackground", Some("Util.gs"), Some(3), 1);
        log.record("A.b", None, None, 2);
        let mut zone = GapLog::default();
        zone.merge(&log.sites());
        zone.merge(&log.sites());
        let sites = zone.sites();
        assert_eq!(sites[0].method, "A.b");
        assert_eq!((sites[1].line, sites[1].calls), (Some(41), 54));
        assert_eq!(
            describe(&log.sites()),
            vec!["A.b (no script position, 2 calls)", "Range.setBackground (Code.gs:41, 27 calls; Util.gs:3, 1 call)"]
        );
    }

    #[test]
    fn sites_past_the_cap_are_only_counted() {
        let mut log = GapLog::default();
        for line in 0..GAP_SITES_MAX as u32 + 5 {
            log.record("X.y", Some("Code.gs"), Some(line), 2);
        }
        log.record("X.y", Some("Code.gs"), Some(0), 1);
        assert_eq!(log.sites().len(), GAP_SITES_MAX);
        assert_eq!(log.dropped_calls, 10);
        assert_eq!(log.sites()[0].calls, 3, "a kept site still counts");
        assert!(!log.is_empty() && GapLog::default().is_empty());
    }
}
