//! The summaries of a run's executions, kept in fixed-size chunks until the run ends.
//!
//! A year of two hourly triggers makes 17,520 summaries of a few hundred bytes. In one `Vec`,
//! the last doubling held room for 32,768 of them, and sorting them at the end took a
//! scratch copy as big (driftsort's): with the report's copy of the world, half of the
//! run's peak heap (heaptrack). Chunks waste at most one chunk; the report's `Vec` is allocated
//! once, at its exact size, while the chunks are moved into it, and sorted without scratch:
//! each summary has its own `exec_id`, so the sort key has no ties and an unstable sort
//! gives the stable sort's order.

use crate::report::ExecutionSummary;

/// Summaries per chunk: 1,024 of them are under half a megabyte.
const CHUNK_SUMMARIES: usize = 1024;

#[derive(Default)]
pub(super) struct Summaries {
    chunks: Vec<Vec<ExecutionSummary>>,
    len: usize,
}

impl Summaries {
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn push(&mut self, summary: ExecutionSummary) {
        if self.chunks.last().is_none_or(|chunk| chunk.len() == CHUNK_SUMMARIES) {
            self.chunks.push(Vec::with_capacity(CHUNK_SUMMARIES));
        }
        if let Some(chunk) = self.chunks.last_mut() {
            chunk.push(summary);
        }
        self.len += 1;
    }

    /// Every summary, by start time (then `exec_id`), as the report lists them.
    pub(super) fn into_sorted(self) -> Vec<ExecutionSummary> {
        let mut all = Vec::with_capacity(self.len);
        // Each chunk is freed as soon as it is moved.
        for chunk in self.chunks {
            all.extend(chunk);
        }
        all.sort_unstable_by_key(|s| (s.start_utc_ms, s.exec_id));
        // Equal neighbours after the sort would be a tie the unstable sort could swap.
        debug_assert!(all.windows(2).all(|pair| pair[0].exec_id != pair[1].exec_id), "no tie on the sort key");
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(exec_id: u64, start_utc_ms: i64) -> ExecutionSummary {
        ExecutionSummary::refused(exec_id, "f".into(), "trigger".into(), start_utc_ms, "refused")
    }

    #[test]
    fn sorted_by_start_then_id_across_chunks() {
        let mut summaries = Summaries::default();
        let count = 2 * CHUNK_SUMMARIES + 3;
        // Later ids start earlier (a long execution reports after a short one that began
        // later), and pairs start at the same time.
        for id in 0..count as u64 {
            summaries.push(summary(id, (count as i64 - id as i64) / 2));
        }
        assert_eq!(summaries.len(), count);
        assert_eq!(summaries.chunks.len(), 3, "no chunk grows past its size");
        let sorted = summaries.into_sorted();
        assert_eq!(sorted.len(), count);
        let keys: Vec<(i64, u64)> = sorted.iter().map(|s| (s.start_utc_ms, s.exec_id)).collect();
        let mut expected = keys.clone();
        expected.sort();
        assert_eq!(keys, expected);
        assert_eq!(keys[0], (0, count as u64 - 1));
        assert_eq!(keys[1], (1, count as u64 - 3), "ties at the same start go by id");
    }
}
