//! Script time zone and clock for boa.
//!
//! boa asks the host for the UTC offset in effect at a given UTC instant
//! ([`HostHooks::local_timezone_offset_seconds`]); everything else (local time,
//! local -> UTC across DST gaps/overlaps, `toString` offsets, parsing of local
//! date strings) is derived from that by the vendored, patched boa (see
//! `vendor/README.md`).

use std::rc::Rc;

use boa_engine::context::time::JsInstant;
use boa_engine::context::{Clock, ContextBuilder, HostHooks};
use boa_engine::{Context, Source};
use chrono::{Offset, TimeZone};
use chrono_tz::Tz;

/// Host hooks giving boa the offsets of an IANA time zone.
#[derive(Debug, Clone, Copy)]
pub struct ZoneHooks {
    zone: Tz,
}

impl ZoneHooks {
    /// Hooks for `zone`.
    #[must_use]
    pub fn new(zone: Tz) -> Self {
        Self { zone }
    }
}

impl HostHooks for ZoneHooks {
    fn local_timezone_offset_seconds(&self, unix_time_seconds: i64) -> i32 {
        // chrono cannot represent instants beyond about ±262,000 years (JS dates
        // reach ±275,760 years); the zone rules are constant that far out anyway.
        const LIMIT: i64 = 8_000_000_000_000;
        let secs = unix_time_seconds.clamp(-LIMIT, LIMIT);
        chrono::DateTime::from_timestamp(secs, 0).map_or(0, |utc| {
            self.zone
                .offset_from_utc_datetime(&utc.naive_utc())
                .fix()
                .local_minus_utc()
        })
    }
}

/// A clock frozen at a given wall-clock time.
#[derive(Debug, Clone, Copy)]
struct FixedClock {
    now_utc_ms: i64,
}

impl Clock for FixedClock {
    fn now(&self) -> JsInstant {
        // Monotonic time only needs a fixed origin; use the wall clock's (clamped at 0).
        let ms = u64::try_from(self.now_utc_ms).unwrap_or(0);
        JsInstant::new(ms / 1000, (ms % 1000) as u32 * 1_000_000)
    }

    fn system_time_millis(&self) -> i64 {
        self.now_utc_ms
    }
}

/// Evaluates `source` in a fresh context whose local time zone is `zone` (an IANA
/// name such as `"America/Los_Angeles"`) and whose clock is frozen at `now_utc_ms`.
///
/// Returns the completion value converted with `ToString`, or the thrown error's
/// display form.
pub fn eval_in_zone(zone: &str, now_utc_ms: i64, source: &str) -> Result<String, String> {
    let tz: Tz = zone
        .parse()
        .map_err(|e| format!("unknown time zone {zone:?}: {e}"))?;
    let mut context: Context = ContextBuilder::new()
        .host_hooks(Rc::new(ZoneHooks::new(tz)))
        .clock(Rc::new(FixedClock { now_utc_ms }))
        .build()
        .map_err(|e| e.to_string())?;
    let value = context
        .eval(Source::from_bytes(source))
        .map_err(|e| e.to_string())?;
    value
        .to_string(&mut context)
        .map(|s| s.to_std_string_escaped())
        .map_err(|e| e.to_string())
}
