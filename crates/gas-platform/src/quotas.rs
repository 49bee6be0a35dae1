//! The daily quotas besides mail's recipients (`mail`): UrlFetchApp calls, property reads
//! and writes, and the total runtime of trigger executions, each with its documented
//! figure per account type, failing with the platform's text once used up.
//!
//! Figures (documented, developers.google.com/apps-script/guides/services/quotas):
//! Calendar events created 5,000 / 10,000 a day, Docs created 250 / 1,500 a day, URL Fetch calls 20,000 / 100,000 a day, Properties read/write 50,000 / 500,000 a day,
//! Triggers total runtime 90 min / 6 h a day (consumer / Workspace). Triggers per user
//! per script (20) is `triggers::TRIGGERS_PER_SCRIPT_MAX`.
//!
//! The quota day is the mail quota's (`mail::QuotaReset`, one setting for all quotas:
//! by default "reset 24 hours after the first request", documented), and each quota has
//! its own window, from its own first use.

use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::mail::{AccountType, QuotaReset};
use crate::{ServiceError, ServiceResult};

pub const URLFETCH_CALLS_PER_DAY_CONSUMER: u64 = 20_000;
pub const URLFETCH_CALLS_PER_DAY_WORKSPACE: u64 = 100_000;
pub const PROPERTY_READS_WRITES_PER_DAY_CONSUMER: u64 = 50_000;
pub const PROPERTY_READS_WRITES_PER_DAY_WORKSPACE: u64 = 500_000;
pub const CALENDAR_EVENTS_CREATED_PER_DAY_CONSUMER: u64 = 5_000;
pub const CALENDAR_EVENTS_CREATED_PER_DAY_WORKSPACE: u64 = 10_000;
pub const DOCUMENTS_CREATED_PER_DAY_CONSUMER: u64 = 250;
pub const DOCUMENTS_CREATED_PER_DAY_WORKSPACE: u64 = 1_500;
pub const TRIGGER_RUNTIME_MS_PER_DAY_CONSUMER: u64 = 90 * 60 * 1000;
pub const TRIGGER_RUNTIME_MS_PER_DAY_WORKSPACE: u64 = 6 * 60 * 60 * 1000;

/// Observed (the text scripts log once the day's fetches are used up).
pub const URLFETCH_QUOTA_MESSAGE: &str = "Service invoked too many times for one day: urlfetch.";
/// Observed (googleworkspace/apps-script-oauth2 issue 217: a property write over the quota).
pub const PROPERTY_WRITES_QUOTA_MESSAGE: &str = "Service invoked too many times for one day: graphite property writes.";
/// Assumed, by analogy with the writes' text (a read over the quota was not captured).
pub const PROPERTY_READS_QUOTA_MESSAGE: &str = "Service invoked too many times for one day: graphite property reads.";
/// Observed (the failure e-mails of trigger executions once the day's runtime is used up;
/// the execution fails as it starts).
pub const TRIGGER_RUNTIME_QUOTA_MESSAGE: &str = "Service using too much computer time for one day";

/// Observed (the text scripts report once Calendar refuses more events: gcalendarsync
/// and GAS-ICS-Sync issues); that it comes at the documented daily figure is assumed.
pub const CALENDAR_EVENTS_QUOTA_MESSAGE: &str =
    "You have been creating or deleting too many calendars or calendar events in a short time. Please try again later.";

/// Assumed, by analogy with URL Fetch's observed text (a refused `DocumentApp.create`
/// was not captured).
pub const DOCUMENTS_QUOTA_MESSAGE: &str = "Service invoked too many times for one day: docs create.";

/// Which daily quota a call uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quota {
    UrlFetchCalls,
    PropertyReads,
    PropertyWrites,
    /// Milliseconds of executions a trigger started.
    TriggerRuntime,
    /// Calendar events (and series) created.
    CalendarEventsCreated,
    /// Documents made with `DocumentApp.create`.
    DocumentsCreated,
}

impl Quota {
    /// A `Properties` call is one read or one write (assumed: per call, whatever it
    /// reads or writes; `setProperties` of ten keys is one write).
    pub fn of_properties_method(method: &str) -> Quota {
        match method {
            "Properties.getProperty" | "Properties.getProperties" | "Properties.getKeys" => Quota::PropertyReads,
            _ => Quota::PropertyWrites,
        }
    }

    /// The day's figure for an account type.
    pub fn per_day(self, account: AccountType) -> u64 {
        let workspace = account == AccountType::Workspace;
        match (self, workspace) {
            (Quota::UrlFetchCalls, false) => URLFETCH_CALLS_PER_DAY_CONSUMER,
            (Quota::UrlFetchCalls, true) => URLFETCH_CALLS_PER_DAY_WORKSPACE,
            (Quota::PropertyReads | Quota::PropertyWrites, false) => PROPERTY_READS_WRITES_PER_DAY_CONSUMER,
            (Quota::PropertyReads | Quota::PropertyWrites, true) => PROPERTY_READS_WRITES_PER_DAY_WORKSPACE,
            (Quota::TriggerRuntime, false) => TRIGGER_RUNTIME_MS_PER_DAY_CONSUMER,
            (Quota::TriggerRuntime, true) => TRIGGER_RUNTIME_MS_PER_DAY_WORKSPACE,
            (Quota::CalendarEventsCreated, false) => CALENDAR_EVENTS_CREATED_PER_DAY_CONSUMER,
            (Quota::CalendarEventsCreated, true) => CALENDAR_EVENTS_CREATED_PER_DAY_WORKSPACE,
            (Quota::DocumentsCreated, false) => DOCUMENTS_CREATED_PER_DAY_CONSUMER,
            (Quota::DocumentsCreated, true) => DOCUMENTS_CREATED_PER_DAY_WORKSPACE,
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Quota::UrlFetchCalls => URLFETCH_QUOTA_MESSAGE,
            Quota::PropertyReads => PROPERTY_READS_QUOTA_MESSAGE,
            Quota::PropertyWrites => PROPERTY_WRITES_QUOTA_MESSAGE,
            Quota::TriggerRuntime => TRIGGER_RUNTIME_QUOTA_MESSAGE,
            Quota::CalendarEventsCreated => CALENDAR_EVENTS_QUOTA_MESSAGE,
            Quota::DocumentsCreated => DOCUMENTS_QUOTA_MESSAGE,
        }
    }
}

/// One quota's window: how much was used since `window_start_utc_ms`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DailyCount {
    pub window_start_utc_ms: Option<i64>,
    pub used: u64,
}

impl DailyCount {
    pub fn is_unused(&self) -> bool {
        *self == DailyCount::default()
    }

    /// Ends the window if its reset time has passed.
    fn roll(&mut self, now_utc_ms: i64, reset: QuotaReset, zone: Tz) {
        if let Some(start) = self.window_start_utc_ms {
            if now_utc_ms >= reset.reset_at(start, zone) {
                *self = DailyCount::default();
            }
        }
    }

    fn add(&mut self, amount: u64, now_utc_ms: i64) {
        self.window_start_utc_ms.get_or_insert(now_utc_ms);
        self.used = self.used.saturating_add(amount);
    }
}

/// The account's quota counters; the World holds them (the `quotas` key of a state file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Quotas {
    #[serde(skip_serializing_if = "DailyCount::is_unused")]
    pub urlfetch_calls: DailyCount,
    /// Reads and writes share one quota (documented: "Properties read/write").
    #[serde(skip_serializing_if = "DailyCount::is_unused")]
    pub property_reads_writes: DailyCount,
    #[serde(skip_serializing_if = "DailyCount::is_unused")]
    pub trigger_runtime_ms: DailyCount,
    #[serde(skip_serializing_if = "DailyCount::is_unused")]
    pub calendar_events_created: DailyCount,
    #[serde(skip_serializing_if = "DailyCount::is_unused")]
    pub documents_created: DailyCount,
}

/// What a quota rule needs to know about the account and the script.
#[derive(Debug, Clone, Copy)]
pub struct QuotaDay {
    pub account: AccountType,
    pub reset: QuotaReset,
    pub script_zone: Tz,
}

impl Quotas {
    fn count_mut(&mut self, quota: Quota) -> &mut DailyCount {
        match quota {
            Quota::UrlFetchCalls => &mut self.urlfetch_calls,
            Quota::PropertyReads | Quota::PropertyWrites => &mut self.property_reads_writes,
            Quota::TriggerRuntime => &mut self.trigger_runtime_ms,
            Quota::CalendarEventsCreated => &mut self.calendar_events_created,
            Quota::DocumentsCreated => &mut self.documents_created,
        }
    }

    /// Uses `amount` of a call-counted quota, or refuses the call with the platform's
    /// text when that would pass the day's figure (a refused call uses nothing).
    pub fn take(&mut self, quota: Quota, amount: u64, now_utc_ms: i64, day: QuotaDay) -> ServiceResult<()> {
        let limit = quota.per_day(day.account);
        let count = self.count_mut(quota);
        count.roll(now_utc_ms, day.reset, day.script_zone);
        if count.used.saturating_add(amount) > limit {
            return Err(ServiceError::new(quota.message()));
        }
        count.add(amount, now_utc_ms);
        Ok(())
    }

    /// Whether a trigger may start an execution now: not once the day's trigger runtime
    /// is used up (the execution then fails as it starts, with the platform's text).
    pub fn check_trigger_start(&mut self, now_utc_ms: i64, day: QuotaDay) -> ServiceResult<()> {
        let limit = Quota::TriggerRuntime.per_day(day.account);
        let count = self.count_mut(Quota::TriggerRuntime);
        count.roll(now_utc_ms, day.reset, day.script_zone);
        if count.used >= limit {
            return Err(ServiceError::new(TRIGGER_RUNTIME_QUOTA_MESSAGE));
        }
        Ok(())
    }

    /// A trigger's execution ran from `start` to `end`: its runtime counts, in the window
    /// it started in (an execution that started under the figure runs to its end).
    pub fn add_trigger_runtime(&mut self, start_utc_ms: i64, end_utc_ms: i64, day: QuotaDay) {
        let count = self.count_mut(Quota::TriggerRuntime);
        count.roll(start_utc_ms, day.reset, day.script_zone);
        count.add(end_utc_ms.saturating_sub(start_utc_ms).max(0) as u64, start_utc_ms);
    }

    /// What a hand-written state file must hold: window starts a Date could hold.
    pub fn check_state(&self) -> Result<(), String> {
        let counts = [
            ("urlfetch_calls", &self.urlfetch_calls),
            ("property_reads_writes", &self.property_reads_writes),
            ("trigger_runtime_ms", &self.trigger_runtime_ms),
            ("calendar_events_created", &self.calendar_events_created),
            ("documents_created", &self.documents_created),
        ];
        for (name, count) in counts {
            if let Some(start) = count.window_start_utc_ms {
                crate::time::check_time_value(start).map_err(|e| format!("quotas.{name}.window_start_utc_ms: {e}"))?;
            }
        }
        Ok(())
    }

    /// Used / figure per quota that was used, for reports: (name, used, per day).
    pub fn usage(&self, account: AccountType) -> Vec<(&'static str, u64, u64)> {
        [
            ("urlfetch_calls", &self.urlfetch_calls, Quota::UrlFetchCalls),
            ("property_reads_writes", &self.property_reads_writes, Quota::PropertyReads),
            ("trigger_runtime_ms", &self.trigger_runtime_ms, Quota::TriggerRuntime),
            ("calendar_events_created", &self.calendar_events_created, Quota::CalendarEventsCreated),
            ("documents_created", &self.documents_created, Quota::DocumentsCreated),
        ]
        .into_iter()
        .filter(|(_, count, _)| !count.is_unused())
        .map(|(name, count, quota)| (name, count.used, quota.per_day(account)))
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::MS_PER_DAY;

    fn consumer() -> QuotaDay {
        QuotaDay { account: AccountType::Consumer, reset: QuotaReset::Rolling24h, script_zone: chrono_tz::UTC }
    }

    #[test]
    fn figures_per_account_type() {
        let w = AccountType::Workspace;
        let c = AccountType::Consumer;
        assert_eq!((Quota::UrlFetchCalls.per_day(c), Quota::UrlFetchCalls.per_day(w)), (20_000, 100_000));
        assert_eq!((Quota::PropertyWrites.per_day(c), Quota::PropertyReads.per_day(w)), (50_000, 500_000));
        assert_eq!((Quota::TriggerRuntime.per_day(c), Quota::TriggerRuntime.per_day(w)), (5_400_000, 21_600_000));
    }

    #[test]
    fn the_20001st_fetch_of_the_day_fails_and_the_quota_resets_24h_after_the_first() {
        let mut quotas = Quotas::default();
        for i in 0..20_000 {
            quotas.take(Quota::UrlFetchCalls, 1, 1_000 + i, consumer()).unwrap();
        }
        let err = quotas.take(Quota::UrlFetchCalls, 1, 50_000, consumer()).unwrap_err();
        assert_eq!(err.message, "Service invoked too many times for one day: urlfetch.");
        assert_eq!(quotas.urlfetch_calls.used, 20_000, "a refused call uses nothing");
        assert!(quotas.take(Quota::UrlFetchCalls, 1, 1_000 + MS_PER_DAY - 1, consumer()).is_err());
        quotas.take(Quota::UrlFetchCalls, 1, 1_000 + MS_PER_DAY, consumer()).unwrap();
        assert_eq!(quotas.urlfetch_calls, DailyCount { window_start_utc_ms: Some(1_000 + MS_PER_DAY), used: 1 });
    }

    #[test]
    fn a_workspace_account_has_the_larger_figure() {
        let workspace = QuotaDay { account: AccountType::Workspace, ..consumer() };
        let mut quotas = Quotas::default();
        quotas.take(Quota::UrlFetchCalls, 99_999, 0, workspace).unwrap();
        quotas.take(Quota::UrlFetchCalls, 1, 0, workspace).unwrap();
        assert!(quotas.take(Quota::UrlFetchCalls, 1, 0, workspace).is_err());
    }

    #[test]
    fn reads_and_writes_share_one_quota_with_their_own_texts() {
        let mut quotas = Quotas::default();
        quotas.take(Quota::PropertyReads, 30_000, 0, consumer()).unwrap();
        quotas.take(Quota::PropertyWrites, 20_000, 0, consumer()).unwrap();
        assert_eq!(
            quotas.take(Quota::PropertyWrites, 1, 0, consumer()).unwrap_err().message,
            PROPERTY_WRITES_QUOTA_MESSAGE
        );
        assert_eq!(
            quotas.take(Quota::PropertyReads, 1, 0, consumer()).unwrap_err().message,
            PROPERTY_READS_QUOTA_MESSAGE
        );
    }

    #[test]
    fn a_properties_call_is_a_read_or_a_write() {
        assert_eq!(Quota::of_properties_method("Properties.getKeys"), Quota::PropertyReads);
        assert_eq!(Quota::of_properties_method("Properties.deleteAllProperties"), Quota::PropertyWrites);
    }

    #[test]
    fn trigger_runtime_stops_new_trigger_executions_once_used_up() {
        let mut quotas = Quotas::default();
        let day = consumer();
        // 89 minutes used: a trigger may still start, and its run counts in full.
        quotas.add_trigger_runtime(0, 89 * 60_000, day);
        quotas.check_trigger_start(90 * 60_000, day).unwrap();
        quotas.add_trigger_runtime(90 * 60_000, 96 * 60_000, day);
        assert_eq!(quotas.trigger_runtime_ms.used, 95 * 60_000);
        let err = quotas.check_trigger_start(100 * 60_000, day).unwrap_err();
        assert_eq!(err.message, "Service using too much computer time for one day");
        // 24 hours after the first trigger execution the day is over.
        quotas.check_trigger_start(MS_PER_DAY, day).unwrap();
        assert!(quotas.trigger_runtime_ms.is_unused());
    }

    #[test]
    fn the_midnight_resets_apply_too() {
        let day = QuotaDay { reset: QuotaReset::UtcMidnight, ..consumer() };
        let mut quotas = Quotas::default();
        quotas.take(Quota::UrlFetchCalls, 20_000, 23 * 3_600_000, day).unwrap();
        assert!(quotas.take(Quota::UrlFetchCalls, 1, MS_PER_DAY - 1, day).is_err());
        quotas.take(Quota::UrlFetchCalls, 1, MS_PER_DAY, day).unwrap();
    }

    #[test]
    fn state_files_and_reports() {
        let mut quotas = Quotas::default();
        assert!(quotas.check_state().is_ok() && quotas.usage(AccountType::Consumer).is_empty());
        assert_eq!(serde_json::to_string(&quotas).unwrap(), "{}", "unused quotas add nothing to a state file");
        quotas.take(Quota::UrlFetchCalls, 3, 0, consumer()).unwrap();
        assert_eq!(quotas.usage(AccountType::Consumer), vec![("urlfetch_calls", 3, 20_000)]);
        quotas.trigger_runtime_ms.window_start_utc_ms = Some(i64::MAX);
        assert!(quotas.check_state().unwrap_err().starts_with("quotas.trigger_runtime_ms.window_start_utc_ms:"));
    }
}
