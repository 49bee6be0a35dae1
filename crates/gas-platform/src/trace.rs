//! What an execution leaves behind besides state: the service calls it made and the
//! lines it logged, each stamped with virtual time.

use serde::{Deserialize, Serialize};

/// At most this many call records and log lines are kept per execution; past it only a
/// count is kept, so a runaway loop cannot fill memory.
pub const RECORDS_PER_EXECUTION_MAX: usize = 10_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallRecord {
    pub at_utc_ms: i64,
    /// `Class.method`.
    pub method: String,
    /// The arguments, shortened, for reading (`"ops@example.com", "Watchdog: 2 problems"`).
    pub args: String,
    /// `ok`, `threw: <message>`, `killed`, or a fault's note.
    pub outcome: String,
    pub latency_ms: i64,
    /// The injected faults that picked this call (`faults::describe`), for the HTML
    /// timeline's marks; absent for a call no fault touched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<String>,
    /// The script function that made the call; only when an explored schedule asks
    /// for it (its interleaving names it), else empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub function: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    Debug,
    Info,
    Warning,
    Error,
}

impl LogLevel {
    pub fn parse(text: &str) -> LogLevel {
        match text {
            "debug" => LogLevel::Debug,
            "warning" => LogLevel::Warning,
            "error" => LogLevel::Error,
            _ => LogLevel::Info,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Warning => "warning",
            LogLevel::Error => "error",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    pub at_utc_ms: i64,
    pub level: LogLevel,
    pub text: String,
}

/// A bounded list: keeps the first `RECORDS_PER_EXECUTION_MAX` items and counts the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bounded<T> {
    pub items: Vec<T>,
    pub dropped: u64,
}

impl<T> Default for Bounded<T> {
    fn default() -> Self {
        Bounded { items: Vec::new(), dropped: 0 }
    }
}

impl<T> Bounded<T> {
    pub fn push(&mut self, item: T) {
        if self.items.len() < RECORDS_PER_EXECUTION_MAX {
            self.items.push(item);
        } else {
            self.dropped += 1;
        }
    }
}

/// Shortens text for a trace line: at most `chars_max` characters, with `…` when cut.
pub fn shorten(text: &str, chars_max: usize) -> String {
    if text.chars().count() <= chars_max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(chars_max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_keeps_the_first_and_counts_the_rest() {
        let mut list = Bounded::default();
        for i in 0..RECORDS_PER_EXECUTION_MAX + 5 {
            list.push(i);
        }
        assert_eq!(list.items.len(), RECORDS_PER_EXECUTION_MAX);
        assert_eq!(list.dropped, 5);
    }

    #[test]
    fn shorten_marks_the_cut() {
        assert_eq!(shorten("abc", 5), "abc");
        assert_eq!(shorten("abcdef", 4), "abc…");
    }
}
