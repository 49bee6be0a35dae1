use super::html::{escape, json_for_script};
use super::*;

fn summary(exec_id: u64, start: i64, end: i64) -> ExecutionSummary {
    let mut e = ExecutionSummary::refused(exec_id, "f".into(), "trigger".into(), start, "x");
    e.end_utc_ms = end;
    e
}

#[test]
fn markup_is_escaped_in_text_and_in_the_embedded_json() {
    assert_eq!(
        escape(r#"<img src=x onerror="a()"> & 'b'"#),
        "&lt;img src=x onerror=&quot;a()&quot;&gt; &amp; &#39;b&#39;"
    );
    let hostile = json!({ "subject": "</script><script>alert(1)</script><!-- \u{2028}" });
    let text = json_for_script(&hostile);
    assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'), "{text}");
    assert!(!text.contains('\u{2028}'));
    // The same value when the page parses it.
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), hostile);
}

#[test]
fn overlapping_executions_stack_in_lanes_of_their_functions_track() {
    let runs = [summary(1, 0, 100), summary(2, 50, 60), summary(3, 60, 70), summary(4, 100, 200), summary(5, 100, 100)];
    // 5 has no length: it still takes its place (a refused start), after 4's.
    assert_eq!(Tracks::of(&runs).page_lanes(), vec![0, 1, 1, 0, 1]);
    let mut other = summary(6, 0, 10);
    other.function = "watchdog".into();
    let tracks = Tracks::of(&[runs[0].clone(), other, runs[1].clone()]);
    assert_eq!(tracks.functions, [("f".to_string(), 2), ("watchdog".to_string(), 1)]);
    // The watchdog's track starts below f's two lanes.
    assert_eq!(tracks.page_lanes(), vec![0, 2, 1]);
    let many: Vec<ExecutionSummary> = (0..100).map(|i| summary(i, 0, 10)).collect();
    assert_eq!(*Tracks::of(&many).page_lanes().iter().max().unwrap(), LANES_PER_TRACK_MAX - 1, "lanes are capped");
}

#[test]
fn the_mail_quota_line_steps_down_at_sends_and_up_at_the_reset() {
    use gas_platform::mail::{OutgoingMail, QuotaReset};
    let zone = chrono_tz::UTC;
    let day = gas_platform::time::MS_PER_DAY;
    let initial = Mail { quota_reset: QuotaReset::Rolling24h, ..Default::default() };
    let mut after = initial.clone();
    let mail = |to: &[&str]| OutgoingMail {
        to: to.iter().map(|s| s.to_string()).collect(),
        cc: vec![],
        bcc: vec![],
        subject: "s".into(),
        body: "b".into(),
        html_body: None,
        name: None,
        reply_to: None,
        via: "MailApp".into(),
        attachments: vec![],
    };
    after.send(mail(&["a@x.com", "b@x.com"]), 1_000, zone).unwrap();
    after.send(mail(&["a@x.com"]), 2_000, zone).unwrap();
    after.send(mail(&["a@x.com"]), 1_000 + day + 5, zone).unwrap();
    let line = mail_quota_line(&initial, &after, zone, 0, 3 * day);
    assert_eq!(
        line,
        vec![
            (0, 100),
            (1_000, 98),
            (2_000, 97),
            (1_000 + day, 100),
            (1_000 + day + 5, 99),
            (1_000 + 2 * day + 5, 100),
            (3 * day, 100)
        ]
    );
}

#[test]
fn lock_waits_are_what_a_lock_call_took_beyond_its_modelled_latency() {
    use gas_platform::trace::CallRecord;
    let call = |method: &str, at: i64, latency_ms: i64| CallRecord {
        at_utc_ms: at,
        method: method.into(),
        args: String::new(),
        outcome: "ok".into(),
        latency_ms,
        fault: None,
        function: String::new(),
    };
    let mut report = gas_engine::ExecutionReport {
        exec_id: 1,
        function: "f".into(),
        start_utc_ms: 0,
        end_utc_ms: 10_000,
        outcome: gas_engine::Outcome::Completed { result: Value::Null },
        logs: Default::default(),
        calls: Default::default(),
        mail: vec![],
        probes: vec![],
        gaps: vec![],
    };
    for c in [call("Lock.waitLock", 100, 5_020), call("Lock.tryLock", 6_000, 20), call("Cache.get", 7_000, 900)] {
        report.calls.push(c);
    }
    let trace = ExecutionTrace::of(&report, |_| 20);
    assert_eq!(trace.lock_waits.len(), 1);
    assert_eq!((trace.lock_waits[0].from_utc_ms, trace.lock_waits[0].until_utc_ms), (100, 5_100));
    let mut budget = TraceBudget::default();
    assert!(budget.keep(trace.clone()).is_some());
    let big = ExecutionTrace { calls: vec![call("Cache.get", 0, 0); TRACE_RECORDS_PER_RUN_MAX], ..Default::default() };
    assert!(budget.keep(big).is_none(), "past the run's budget a trace is not kept");
    assert_eq!(budget.dropped_executions, 1);
    // Log text counts too: a few lines of 256 KiB each can be more than the records' worth.
    let line = gas_platform::trace::LogLine {
        at_utc_ms: 0,
        level: gas_platform::trace::LogLevel::Info,
        text: "x".repeat(gas_platform::trace::LOG_LINE_BYTES_MAX),
    };
    let heavy =
        ExecutionTrace { logs: vec![line; TRACE_LOG_BYTES_PER_RUN_MAX / (256 * 1024) + 1], ..Default::default() };
    assert!(budget.keep(heavy).is_none(), "past the run's log bytes a trace is not kept");
    assert_eq!(budget.dropped_executions, 2);
}

#[test]
fn axis_ticks_fall_on_local_hours_and_midnights() {
    let zone: chrono_tz::Tz = "Asia/Kolkata".parse().unwrap(); // +05:30
    let start = gas_platform::time::parse_time_in_zone("2025-06-12T08:10", zone).unwrap();
    let end = start + 3 * gas_platform::time::MS_PER_DAY;
    let levels = axis(zone, start, end);
    let hourly = levels.iter().find(|l| l["step_ms"] == 3_600_000).unwrap();
    assert_eq!(hourly["ticks"][0][1], "09:00");
    let daily = levels.iter().find(|l| l["step_ms"] == 86_400_000).unwrap();
    assert_eq!(daily["ticks"][0][1], "Fri 13 Jun");
    assert_eq!(daily["ticks"].as_array().unwrap().len(), 3);
    assert!(levels.iter().all(|l| l["ticks"].as_array().unwrap().len() <= AXIS_TICKS_MAX));
}

#[test]
fn offset_changes_are_found_to_the_minute() {
    // Los Angeles springs forward on 2025-03-09 at 02:00 local (10:00 UTC).
    let start = 1_741_392_000_000; // 2025-03-08 00:00 UTC
    let changes = offset_changes(chrono_tz::America::Los_Angeles, start, start + 3 * 86_400_000);
    assert_eq!(changes, [(1_741_514_400_000, "-08:00 \u{2192} -07:00".to_string())]);
    assert!(offset_changes(chrono_tz::Asia::Tokyo, start, start + 365 * 86_400_000).is_empty());
    // Lord Howe moves by 30 minutes; a year has two changes.
    assert_eq!(offset_changes(chrono_tz::Australia::Lord_Howe, start, start + 365 * 86_400_000).len(), 2);
}
