//! The world one or more executions act on: every service's state in one value, and its
//! JSON form (the `--state` file). Executions share the world; JS state never is.

use serde::{Deserialize, Serialize};

use crate::cache::Caches;
use crate::calendar::Calendars;
use crate::calls::MethodNames;
use crate::container::ContainerUi;
use crate::documents::Documents;
use crate::drive::Drive;
use crate::faults::Faults;
use crate::forms::Forms;
use crate::gmail::Mailbox;
use crate::lock::Locks;
use crate::mail::Mail;
use crate::properties::Properties;
use crate::quotas::{QuotaDay, Quotas};
use crate::sheets::Spreadsheets;
use crate::triggers::Triggers;
use crate::urlfetch::UrlFetch;
use crate::ServiceResult;

/// The version of the state file format; bump it when a field changes meaning.
pub const STATE_FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct World {
    pub gas_sim_state: u32,
    /// The virtual time the world last saw (the end of the last execution). A later
    /// execution may not start before it: virtual time never goes backwards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_utc_ms: Option<i64>,
    /// The number of the last execution `gas-sim call` ran on this state; the next call
    /// takes the one after, so its Math.random and getUuid values differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_exec_id: Option<u64>,
    /// The account the script runs as (Session.getActiveUser / getEffectiveUser).
    pub user_email: String,
    /// `Session.getActiveUserLocale()`; `None` is `script_app::DEFAULT_LOCALE`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_locale: Option<String>,
    pub spreadsheets: Spreadsheets,
    pub properties: Properties,
    pub caches: Caches,
    pub mail: Mail,
    /// GmailApp's mailbox (incoming mail with its arrival instants, sent copies, labels,
    /// drafts).
    #[serde(skip_serializing_if = "crate::world::mailbox_is_empty")]
    pub gmail: Mailbox,
    pub locks: Locks,
    pub triggers: Triggers,
    pub http: UrlFetch,
    pub faults: Faults,
    /// The bound spreadsheet's users (selection, menus), scripted dialog answers and the
    /// dialogs shown; absent from a state file until something uses it.
    #[serde(skip_serializing_if = "ContainerUi::is_empty")]
    pub ui: ContainerUi,
    /// DriveApp's files and folders; absent from a state file until a script uses Drive.
    #[serde(skip_serializing_if = "Drive::is_empty")]
    pub drive: Drive,
    /// CalendarApp's calendars and events; absent from a state file until a script uses
    /// Calendar.
    #[serde(skip_serializing_if = "Calendars::is_empty")]
    pub calendar: Calendars,
    /// FormApp's forms; absent from a state file until a script or scenario makes one.
    #[serde(skip_serializing_if = "Forms::is_empty")]
    pub forms: Forms,
    /// DocumentApp's documents' content (each also a Drive file); absent from a state
    /// file until a script or scenario makes one.
    #[serde(skip_serializing_if = "Documents::is_empty")]
    pub documents: Documents,
    /// The daily quotas besides mail's (`quotas`).
    #[serde(skip_serializing_if = "crate::world::quotas_unused")]
    pub quotas: Quotas,
}

fn quotas_unused(quotas: &Quotas) -> bool {
    *quotas == Quotas::default()
}

/// 9999-12-31T23:59:59.999Z: later (or negative) clocks in a state file are typos, and
/// `gas-sim call --at` refuses them too.
pub const LAST_UTC_MS_MAX: i64 = crate::time::INSTANT_UTC_MS_MAX;

/// An empty mailbox is left out of a state file, so files without Gmail keep their bytes.
fn mailbox_is_empty(mailbox: &Mailbox) -> bool {
    *mailbox == Mailbox::default()
}

impl World {
    pub fn new() -> World {
        World { gas_sim_state: STATE_FORMAT_VERSION, user_email: "user@example.com".into(), ..Default::default() }
    }

    /// Reads a state file's text; the error names the line and column. `known` are the
    /// methods a fault rule may name (gas-engine's `methods::names()`).
    pub fn from_json(text: &str, known: &MethodNames) -> Result<World, String> {
        // serde would also read a struct from a list (`[1]`): a state file is an object.
        if !text.trim_start().starts_with('{') {
            return Err("a state file is a JSON object: {\"gas_sim_state\": 1, ...}".into());
        }
        // The key path (`faults.rules[0].effects[0]`) goes before serde's message, which
        // alone names only a line and column of a one-line file.
        let mut reader = serde_json::Deserializer::from_str(text);
        let world: World = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
            let message = crate::error::plain_serde_message(&e.inner().to_string(), "an object");
            match e.path().to_string().as_str() {
                "." | "" => message,
                path => format!("{path}: {message}"),
            }
        })?;
        reader.end().map_err(|e| crate::error::plain_serde_message(&e.to_string(), "an object"))?;
        if world.gas_sim_state != STATE_FORMAT_VERSION {
            return Err(format!(
                "state format {} is not the {STATE_FORMAT_VERSION} this gas-sim reads",
                world.gas_sim_state
            ));
        }
        if let Some(last) = world.last_utc_ms {
            if !(0..=LAST_UTC_MS_MAX).contains(&last) {
                return Err(format!("last_utc_ms {last} is not a time between 1970 and 9999"));
            }
        }
        world.check_state(known)?;
        Ok(world)
    }

    /// Every invariant the services assert or rely on, checked on a state file before
    /// any execution sees it: a bad file is a message naming the key, never a panic.
    pub fn check_state(&self, known: &MethodNames) -> Result<(), String> {
        if self.last_exec_id.is_some_and(|id| id > crate::cache::STATE_COUNTER_MAX) {
            return Err(format!("last_exec_id must be at most {}", crate::cache::STATE_COUNTER_MAX));
        }
        self.caches.check_state()?;
        self.properties.check_state()?;
        self.triggers.check_state().map_err(|e| format!("triggers.{e}"))?;
        self.locks.check_state()?;
        self.mail.check_state()?;
        self.quotas.check_state()?;
        self.gmail.check_state()?;
        self.drive.check_state().map_err(|e| format!("drive.{e}"))?;
        self.calendar.check_state().map_err(|e| format!("calendar.{e}"))?;
        self.forms.check_state().map_err(|e| format!("forms.{e}"))?;
        self.documents.check_state().map_err(|e| format!("documents.{e}"))?;
        for (i, rule) in self.http.rules.iter().enumerate() {
            crate::urlfetch::check_status(rule.status).map_err(|e| format!("http.rules[{i}]: {e}"))?;
        }
        for (i, rule) in self.faults.rules.iter().enumerate() {
            rule.check(known).map_err(|e| format!("faults.rules[{i}].{e}"))?;
        }
        Ok(())
    }

    /// The account's quota day: its type and reset rule (the mail settings), in `zone`.
    pub fn quota_day(&self, script_zone: chrono_tz::Tz) -> QuotaDay {
        QuotaDay { account: self.mail.account, reset: self.mail.quota_reset, script_zone }
    }

    /// A PropertiesService call against the day's quota its kind counts toward (reads or
    /// writes: `Quota::of_properties_method`), before it runs.
    pub fn charge_properties_call(
        &mut self,
        method: &str,
        script_zone: chrono_tz::Tz,
        now_utc_ms: i64,
    ) -> ServiceResult<()> {
        let day = self.quota_day(script_zone);
        self.quotas.take(crate::quotas::Quota::of_properties_method(method), 1, now_utc_ms, day)
    }

    /// `requests` UrlFetchApp requests (one for `fetch`, each of `fetchAll`'s) against the
    /// day's quota, all or none (assumed for fetchAll), before any is sent.
    pub fn charge_url_fetches(
        &mut self,
        requests: u64,
        script_zone: chrono_tz::Tz,
        now_utc_ms: i64,
    ) -> ServiceResult<()> {
        let day = self.quota_day(script_zone);
        self.quotas.take(crate::quotas::Quota::UrlFetchCalls, requests, now_utc_ms, day)
    }

    /// A calendar event (or series) created, against the day's quota, before it is made.
    pub fn charge_calendar_event(&mut self, script_zone: chrono_tz::Tz, now_utc_ms: i64) -> ServiceResult<()> {
        let day = self.quota_day(script_zone);
        self.quotas.take(crate::quotas::Quota::CalendarEventsCreated, 1, now_utc_ms, day)
    }

    /// A document made with `DocumentApp.create`, against the day's quota, before it is made.
    pub fn charge_document_created(&mut self, script_zone: chrono_tz::Tz, now_utc_ms: i64) -> ServiceResult<()> {
        let day = self.quota_day(script_zone);
        self.quotas.take(crate::quotas::Quota::DocumentsCreated, 1, now_utc_ms, day)
    }

    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("the world always serializes");
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_fetches_are_charged_all_or_none_and_properties_by_kind() {
        let mut world = World::new();
        let per_day = crate::quotas::URLFETCH_CALLS_PER_DAY_CONSUMER;
        assert!(world.charge_url_fetches(per_day + 1, chrono_tz::UTC, 1_000).is_err(), "past the day's quota");
        assert!(world.charge_url_fetches(per_day, chrono_tz::UTC, 1_000).is_ok(), "the refused batch took none");
        assert!(world.charge_url_fetches(1, chrono_tz::UTC, 1_000).is_err());
        assert!(world.charge_properties_call("Properties.getProperty", chrono_tz::UTC, 1_000).is_ok());
    }

    #[test]
    fn round_trips_through_json() {
        let mut world = World::new();
        world.properties.script.set("k", "v").unwrap();
        world.caches.script.put("c", "1", Some(60), 1000).unwrap();
        let back = World::from_json(&world.to_json(), &MethodNames::default()).unwrap();
        assert_eq!(back, world);
    }

    #[test]
    fn bad_state_files_are_clear_errors() {
        let err = World::from_json("{\"gas_sim_state\": 1,\n \"propertys\": {}}", &MethodNames::default()).unwrap_err();
        assert!(err.contains("propertys") && err.contains("line 2"), "{err}");
        assert!(World::from_json("{\"gas_sim_state\": 9}", &MethodNames::default())
            .unwrap_err()
            .contains("state format 9"));
        assert!(World::from_json("[1]", &MethodNames::default())
            .unwrap_err()
            .starts_with("a state file is a JSON object"));
        let version = STATE_FORMAT_VERSION;
        let early = format!("{{\"gas_sim_state\": {version}, \"last_utc_ms\": -99999999999999999}}");
        assert!(World::from_json(&early, &MethodNames::default()).unwrap_err().contains("between 1970 and 9999"));
        let fault = format!(
            "{{\"gas_sim_state\": {version}, \"faults\": {{\"rules\": [{{\"call\": \"Nope.x\", \"effects\": []}}]}}}}"
        );
        let err = World::from_json(&fault, &MethodNames::default()).unwrap_err();
        assert!(err.starts_with("faults.rules[0].call: unknown service method \"Nope.x\""), "{err}");
    }

    /// Serde's own errors (a bad variant, a missing field, a wrong type) name the key path.
    #[test]
    fn serde_errors_name_the_key_path() {
        let version = STATE_FORMAT_VERSION;
        let cases = [
            (format!(r#"{{"gas_sim_state": {version}, "mail": {{"sent": [{{"at_utc_ms": 1}}]}}}}"#), "mail.sent[0]"),
            (format!(r#"{{"gas_sim_state": {version}, "triggers": {{"installed": 5}}}}"#), "triggers.installed: "),
            (
                format!(
                    r#"{{"gas_sim_state": {version}, "triggers": {{"installed": [{{"id": "1", "handler": "f", "spec": {{"kind": "delay"}}}}]}}}}"#
                ),
                "triggers.installed[0].spec",
            ),
        ];
        for (text, path) in cases {
            let err = World::from_json(&text, &MethodNames::default()).unwrap_err();
            assert!(err.starts_with(path), "{path}: {err}");
        }
        assert!(
            World::from_json(&format!(r#"{{"gas_sim_state": {version}}} x"#), &MethodNames::default()).is_err(),
            "trailing text"
        );
    }

    /// The fuzz campaign's state files that panicked a worker; each is now a message.
    #[test]
    fn state_files_that_broke_invariants_are_refused_with_the_key() {
        let v = STATE_FORMAT_VERSION;
        let cases = [
            (
                format!(
                    r#"{{"gas_sim_state": {v}, "faults": {{"rules": [{{"call": "Cache.get", "effects": [{{"delay_ms": 9223372036854775807}}]}}]}}}}"#
                ),
                "faults.rules[0].effects: delay_ms 9223372036854775807 ms",
            ),
            (
                format!(r#"{{"gas_sim_state": {v}, "http": {{"rules": [{{"url": "*", "status": 0}}]}}}}"#),
                "http.rules[0]: status 0",
            ),
            (
                format!(r#"{{"gas_sim_state": {v}, "locks": {{"script": {{"execution": 4}}}}}}"#),
                "locks.script: held by execution 4",
            ),
            (format!(r#"{{"gas_sim_state": {v}, "last_exec_id": 18446744073709551615}}"#), "last_exec_id must be"),
            (
                format!(r#"{{"gas_sim_state": {v}, "caches": {{"user": {{"next_seq": 18446744073709551615}}}}}}"#),
                "caches.user: next_seq",
            ),
            (
                format!(r#"{{"gas_sim_state": {v}, "properties": {{"script": {{"": "x"}}}}}}"#),
                "properties.script: an empty key",
            ),
            (
                format!(
                    r#"{{"gas_sim_state": {v}, "triggers": {{"installed": [{{"id": "1", "handler": "f", "spec": {{"kind": "every_hours", "hours": 3}}, "created_at_utc_ms": 0}}]}}}}"#
                ),
                "triggers.installed[0].spec: The value passed to everyHours()",
            ),
            (
                format!(
                    r#"{{"gas_sim_state": {v}, "mail": {{"quota": {{"window_start_utc_ms": 9223372036854775807}}}}}}"#
                ),
                "mail.quota.window_start_utc_ms:",
            ),
        ];
        let known = MethodNames::new(vec!["Cache.get"]);
        for (text, want) in cases {
            let err = World::from_json(&text, &known).unwrap_err();
            assert!(err.starts_with(want), "{text}\n  gave {err}\n  want {want}");
        }
    }

    /// What gas-sim itself writes must load again: times a script or the clock made may
    /// pass 9999 (a 6-hour entry put late on 9999-12-31, `after(1e15)`).
    #[test]
    fn times_a_script_made_past_9999_still_load() {
        use crate::triggers::{TimeSpec, TriggerOrigin};
        let mut world = World::new();
        world.caches.script.put("k", "v", Some(21_600), LAST_UTC_MS_MAX).unwrap();
        let far = 1_000_000_000_000_000;
        world
            .triggers
            .install("f", TimeSpec::At { at_utc_ms: far }, None, LAST_UTC_MS_MAX, TriggerOrigin::Script)
            .unwrap();
        assert_eq!(World::from_json(&world.to_json(), &MethodNames::default()).unwrap(), world);
    }

    #[test]
    fn a_cache_over_its_cap_is_refused() {
        let mut world = World::new();
        for i in 0..crate::cache::ITEMS_MAX {
            world.caches.script.put(&format!("k{i}"), "v", None, 1000).unwrap();
        }
        let text = world.to_json();
        assert!(World::from_json(&text, &MethodNames::default()).is_ok());
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        value["caches"]["script"]["entries"]["zz"] =
            serde_json::json!({"value": "v", "expires_at_utc_ms": 1, "inserted_seq": 0});
        let err = World::from_json(&value.to_string(), &MethodNames::default()).unwrap_err();
        assert!(err.starts_with("caches.script: holds 1001 entries"), "{err}");
    }
}
