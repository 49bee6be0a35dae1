//! Script time zone and clock for boa.
//!
//! boa asks the host for the UTC offset in effect at a given UTC instant
//! ([`HostHooks::local_timezone_offset_seconds`]); everything else (local time,
//! local -> UTC across DST gaps/overlaps, `toString` offsets, parsing of local
//! date strings) is derived from that by the vendored, patched boa (see
//! `vendor/README.md`).

use std::cell::Cell;
use std::rc::Rc;

use boa_engine::context::intrinsics::Intrinsics;
use boa_engine::context::time::JsInstant;
use boa_engine::context::{Clock, ContextBuilder, HostHooks};
use boa_engine::object::LazyGlobal;
use boa_engine::{Context, JsObject, Source};
use chrono::{DateTime, Datelike, NaiveDate, Offset, TimeZone};
use chrono_tz::Tz;

/// Host hooks giving boa the offsets of an IANA time zone. The zone can change between
/// executions: a context is reused by executions in any zone (see prepared.rs).
#[derive(Debug, Clone)]
pub struct ZoneHooks {
    zone: Cell<Tz>,
}

impl ZoneHooks {
    /// Hooks for `zone`.
    #[must_use]
    pub fn new(zone: Tz) -> Self {
        Self { zone: Cell::new(zone) }
    }

    /// The zone of the next execution in this context.
    pub fn set_zone(&self, zone: Tz) {
        self.zone.set(zone);
    }
}

impl HostHooks for ZoneHooks {
    fn local_timezone_offset_seconds(&self, unix_time_seconds: i64) -> i32 {
        DateTime::from_timestamp(in_zone_table(unix_time_seconds), 0)
            .map_or(0, |utc| self.zone.get().offset_from_utc_datetime(&utc.naive_utc()).fix().local_minus_utc())
    }

    /// V8's ` (Pacific Standard Time)` after `toString`'s offset (the rule and the names
    /// are gas-platform's `zone_names`; vendored boa patch 0018 asks for it).
    fn local_timezone_name(&self, unix_time_seconds: i64) -> Option<String> {
        let at_utc_ms = in_zone_table(unix_time_seconds).saturating_mul(1000);
        gas_platform::zone_names::long_zone_name(self.zone.get(), at_utc_ms).map(str::to_string)
    }

    /// A global object whose service globals the prelude can make lazy (vendored boa
    /// patch 0021; 99_globals.js): an ordinary object until a builder is set.
    fn create_global_object(&self, intrinsics: &Intrinsics) -> JsObject {
        JsObject::from_proto_and_data(Some(intrinsics.constructors().object().prototype()), LazyGlobal::default())
    }
}

/// Maps an instant to one with the same offset that chrono-tz can look up.
///
/// chrono-tz lists transitions up to 2099 only (then stays on standard time) while
/// V8 (ICU) keeps applying a zone's last rules, and chrono cannot represent all JS
/// dates (±275,760 years). Later instants are moved by 400-year cycles (which repeat
/// the calendar) to 2100..2500, then to the same day and time of a year in 2072..2100
/// that starts on the same weekday and has the same length, so that weekday-based
/// DST rules give the same offset. Far past instants all have the zone's first offset.
fn in_zone_table(secs: i64) -> i64 {
    const TABLE_END: i64 = 4_102_444_800; // 2100-01-01T00:00:00Z
    const CYCLE: i64 = 146_097 * 86_400; // 400 Gregorian years
    const MIN: i64 = -8_000_000_000_000; // about year -251,000
    if secs < TABLE_END {
        return secs.max(MIN);
    }
    let secs = TABLE_END + (secs - TABLE_END).rem_euclid(CYCLE);
    let Some(year) = DateTime::from_timestamp(secs, 0).map(|utc| utc.year()) else {
        return secs;
    };
    let jan1 = |y: i32| NaiveDate::from_ymd_opt(y, 1, 1);
    let shape = |y: i32| jan1(y).map(|d| (d.weekday(), d.leap_year()));
    // Every (weekday, leap) combination occurs in these 28 years.
    (2072..2100)
        .find(|&y| shape(y) == shape(year))
        .and_then(|y| Some(secs + (jan1(y)? - jan1(year)?).num_seconds()))
        .unwrap_or(secs)
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
    let tz: Tz = zone.parse().map_err(|e| format!("unknown time zone {zone:?}: {e}"))?;
    let mut context: Context = ContextBuilder::new()
        .host_hooks(Rc::new(ZoneHooks::new(tz)))
        .clock(Rc::new(FixedClock { now_utc_ms }))
        .build()
        .map_err(|e| e.to_string())?;
    let value = context.eval(Source::from_bytes(source)).map_err(|e| e.to_string())?;
    value.to_string(&mut context).map(|s| s.to_std_string_escaped()).map_err(|e| e.to_string())
}
