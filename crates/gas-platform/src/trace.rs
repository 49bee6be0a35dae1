//! What an execution leaves behind besides state: the service calls it made and the
//! lines it logged, each stamped with virtual time.

use serde::{Deserialize, Serialize};

/// At most this many call records and log lines are kept per execution; past it only a
/// count is kept, so a runaway loop cannot fill memory.
pub const RECORDS_PER_EXECUTION_MAX: usize = 10_000;

/// Bytes of one log line kept: 256 KiB, Cloud Logging's documented size of a log entry
/// (Apps Script's `console` and `Logger` lines are Cloud Logging entries). A longer line
/// is cut there and ends with [`LOG_LINE_CUT_MARK`] (the cut's form is assumed).
pub const LOG_LINE_BYTES_MAX: usize = 256 * 1024;
/// What ends a line cut at [`LOG_LINE_BYTES_MAX`].
pub const LOG_LINE_CUT_MARK: &str = " … [gas-sim: line cut at 262144 bytes]";
/// Bytes of log text one execution keeps: 8 MiB. Assumed (gas-sim's bound: the platform
/// documents no cap per execution, and its log viewer shows only the start of a long
/// log); lines past it are counted as dropped and the report says how many.
pub const LOG_BYTES_PER_EXECUTION_MAX: usize = 8 * 1024 * 1024;

/// `text` cut to at most [`LOG_LINE_BYTES_MAX`] bytes (at a character boundary) plus
/// the mark, or unchanged.
pub fn cut_log_line(mut text: String) -> String {
    if text.len() <= LOG_LINE_BYTES_MAX {
        return text;
    }
    let mut end = LOG_LINE_BYTES_MAX - LOG_LINE_CUT_MARK.len();
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text.push_str(LOG_LINE_CUT_MARK);
    text
}

/// The time stamp of a `Logger.getLog()` line, as Java's `SimpleDateFormat` writes it.
pub const LOGGER_TIME_PATTERN: &str = "yy-MM-dd HH:mm:ss:SSS z";

/// `Logger.getLog()`: the lines `Logger.log` wrote in this execution since its last
/// `Logger.clear()` (not `console`'s: those are Cloud Logging entries), each as `[25-06-13
/// 09:00:00:000 UTC] text` in the script's zone and ended by a newline. The documentation
/// says only "a complete list of messages in the current log"; the form is the one users
/// quote (the Rhino-era log viewer's), with Java's short zone names as `formatDate`'s
/// `z`: assumed.
pub fn logger_log_text(lines: &[(i64, String)], zone: &str) -> crate::ServiceResult<String> {
    let mut text = String::new();
    for (at_utc_ms, line) in lines {
        text.push('[');
        text.push_str(&crate::utilities::format_date(*at_utc_ms, zone, LOGGER_TIME_PATTERN)?);
        text.push_str("] ");
        text.push_str(line);
        text.push('\n');
    }
    Ok(text)
}

/// The lines one execution logged, bounded by count ([`RECORDS_PER_EXECUTION_MAX`]) and
/// by bytes ([`LOG_BYTES_PER_EXECUTION_MAX`]); a line past either is counted in
/// `lines.dropped`.
#[derive(Debug, Default)]
pub struct ExecutionLog {
    pub lines: Bounded<LogLine>,
    bytes: usize,
}

impl ExecutionLog {
    pub fn push(&mut self, at_utc_ms: i64, level: LogLevel, text: String) {
        let text = cut_log_line(text);
        if self.bytes.saturating_add(text.len()) > LOG_BYTES_PER_EXECUTION_MAX {
            self.lines.dropped += 1;
            return;
        }
        self.bytes += text.len();
        self.lines.push(LogLine { at_utc_ms, level, text });
    }
}

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
    #[test]
    fn logger_get_log_stamps_each_line_in_the_script_zone() {
        // 2025-06-13 07:00:00.042 UTC: 00:00 in Los Angeles (PDT), 16:00 in Tokyo.
        let lines = [(1_749_798_000_042, "first".to_string()), (1_749_798_061_000, "second".to_string())];
        assert_eq!(
            logger_log_text(&lines, "America/Los_Angeles").unwrap(),
            "[25-06-13 00:00:00:042 PDT] first\n[25-06-13 00:01:01:000 PDT] second\n"
        );
        assert_eq!(logger_log_text(&lines[..1], "Asia/Tokyo").unwrap(), "[25-06-13 16:00:00:042 JST] first\n");
        assert_eq!(logger_log_text(&[], "UTC").unwrap(), "");
    }

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
    fn a_long_log_line_is_cut_at_256_kib_with_a_mark() {
        assert_eq!(LOG_LINE_CUT_MARK, format!(" … [gas-sim: line cut at {LOG_LINE_BYTES_MAX} bytes]"));
        assert_eq!(cut_log_line("short".into()), "short");
        let cut = cut_log_line("é".repeat(LOG_LINE_BYTES_MAX));
        assert!(cut.len() <= LOG_LINE_BYTES_MAX, "{}", cut.len());
        assert!(cut.ends_with(LOG_LINE_CUT_MARK));
    }

    #[test]
    fn an_execution_keeps_at_most_8_mib_of_log_text() {
        let mut log = ExecutionLog::default();
        let line = "x".repeat(1 << 20);
        for _ in 0..10 {
            log.push(0, LogLevel::Info, line.clone());
        }
        // 1 MiB lines are cut to 256 KiB: 32 fit in 8 MiB, so all 10 are kept.
        assert_eq!((log.lines.items.len(), log.lines.dropped), (10, 0));
        let mut log = ExecutionLog::default();
        let line = "x".repeat(200 * 1024);
        for _ in 0..50 {
            log.push(0, LogLevel::Info, line.clone());
        }
        assert_eq!(log.lines.items.len(), LOG_BYTES_PER_EXECUTION_MAX / (200 * 1024));
        assert_eq!(log.lines.dropped, 50 - log.lines.items.len() as u64);
    }

    #[test]
    fn shorten_marks_the_cut() {
        assert_eq!(shorten("abc", 5), "abc");
        assert_eq!(shorten("abcdef", 4), "abc…");
    }
}
