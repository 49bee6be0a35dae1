//! MailApp / GmailApp sending: the recipient quota and its reset, the per-message
//! recipient limit, address checks, and the log of every message sent.
//!
//! The quota counts recipients (to + cc + bcc), not messages (documented). When it
//! resets is not known exactly: the docs say quotas "reset 24 hours after the first
//! request", so `rolling-24h` is the default; the others are settings a scenario can
//! choose (`utc-midnight` is what simple fakes do).

use chrono::{Datelike, NaiveDate, NaiveTime};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::time::{local_to_utc_ms, utc_ms_to_local, MS_PER_DAY};
use crate::{ServiceError, ServiceResult};

pub const RECIPIENTS_PER_DAY_CONSUMER: u32 = 100;
pub const RECIPIENTS_PER_DAY_WORKSPACE: u32 = 1_500;
pub const RECIPIENTS_PER_MESSAGE_MAX: usize = 50;

pub const QUOTA_MESSAGE: &str = "Service invoked too many times for one day: email.";
/// Assumed text for more than 50 recipients in one message.
pub const TOO_MANY_RECIPIENTS_MESSAGE: &str = "Limit Exceeded: Email Recipients Per Message.";
/// Observed text when a message has no recipient at all.
pub const NO_RECIPIENT_MESSAGE: &str = "Failed to send email: no recipient";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AccountType {
    #[default]
    Consumer,
    Workspace,
}

impl AccountType {
    pub fn recipients_per_day(self) -> u32 {
        match self {
            AccountType::Consumer => RECIPIENTS_PER_DAY_CONSUMER,
            AccountType::Workspace => RECIPIENTS_PER_DAY_WORKSPACE,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuotaReset {
    /// The quota day starts at the first send and lasts 24 hours (documented wording).
    /// Spelled as in scenarios; kebab-case alone would give "rolling24h" (accepted too).
    #[default]
    #[serde(rename = "rolling-24h", alias = "rolling24h")]
    Rolling24h,
    UtcMidnight,
    PacificMidnight,
    /// Midnight in the script's time zone.
    LocalMidnight,
}

impl QuotaReset {
    pub fn parse(text: &str) -> Result<QuotaReset, String> {
        match text {
            "rolling-24h" => Ok(QuotaReset::Rolling24h),
            "utc-midnight" => Ok(QuotaReset::UtcMidnight),
            "pacific-midnight" => Ok(QuotaReset::PacificMidnight),
            "local-midnight" => Ok(QuotaReset::LocalMidnight),
            other => Err(format!(
                "unknown mail_quota_reset {other:?}: use rolling-24h, utc-midnight, pacific-midnight or local-midnight"
            )),
        }
    }
}

/// A message as the script asked for it, recipients already split.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OutgoingMail {
    pub to: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cc: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bcc: Vec<String>,
    pub subject: String,
    pub body: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html_body: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    /// `MailApp` or `GmailApp`.
    pub via: String,
    /// The attachments' names, types and sizes (the log keeps no bytes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<SentAttachment>,
}

/// An attachment as the log of sent mail keeps it: what reports and expectations show.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SentAttachment {
    pub name: String,
    pub content_type: String,
    pub size_bytes: usize,
}

impl SentAttachment {
    /// `name (content/type, N bytes)`, as reports list it.
    pub fn line(&self) -> String {
        format!("{} ({}, {} bytes)", self.name, self.content_type, self.size_bytes)
    }
}

impl OutgoingMail {
    pub fn recipient_count(&self) -> usize {
        self.to.len() + self.cc.len() + self.bcc.len()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SentMail {
    pub at_utc_ms: i64,
    #[serde(flatten)]
    pub mail: OutgoingMail,
}

/// The quota window: how many recipients were used since `window_start_utc_ms`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MailQuota {
    pub window_start_utc_ms: Option<i64>,
    pub recipients_used: u32,
}

/// Everything mail: settings, the quota window and the log of sent messages.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Mail {
    pub account: AccountType,
    pub quota_reset: QuotaReset,
    pub quota: MailQuota,
    pub sent: Vec<SentMail>,
}

impl Mail {
    /// What a hand-written state file must hold: times a Date could hold (the quota
    /// window's reset is computed from its start).
    pub fn check_state(&self) -> Result<(), String> {
        if let Some(start) = self.quota.window_start_utc_ms {
            crate::time::check_time_value(start).map_err(|e| format!("mail.quota.window_start_utc_ms: {e}"))?;
        }
        for (i, sent) in self.sent.iter().enumerate() {
            crate::time::check_time_value(sent.at_utc_ms).map_err(|e| format!("mail.sent[{i}].at_utc_ms: {e}"))?;
        }
        Ok(())
    }

    /// `MailApp.getRemainingDailyQuota()` at `now`.
    pub fn remaining(&mut self, now_utc_ms: i64, script_zone: Tz) -> u32 {
        self.roll_window(now_utc_ms, script_zone);
        self.account.recipients_per_day().saturating_sub(self.quota.recipients_used)
    }

    /// Sends (records) a message, or refuses it with the platform's text. A refused
    /// message uses no quota.
    pub fn send(&mut self, mail: OutgoingMail, now_utc_ms: i64, script_zone: Tz) -> ServiceResult<()> {
        let count = mail.recipient_count();
        if count == 0 {
            return Err(ServiceError::new(NO_RECIPIENT_MESSAGE));
        }
        for address in mail.to.iter().chain(&mail.cc).chain(&mail.bcc) {
            check_address(address)?;
        }
        if count > RECIPIENTS_PER_MESSAGE_MAX {
            return Err(ServiceError::new(TOO_MANY_RECIPIENTS_MESSAGE));
        }
        if (self.remaining(now_utc_ms, script_zone) as usize) < count {
            return Err(ServiceError::new(QUOTA_MESSAGE));
        }
        if self.quota.window_start_utc_ms.is_none() {
            self.quota.window_start_utc_ms = Some(now_utc_ms);
        }
        self.quota.recipients_used += count as u32;
        self.sent.push(SentMail { at_utc_ms: now_utc_ms, mail });
        Ok(())
    }

    /// Ends the quota window if its reset time has passed.
    fn roll_window(&mut self, now_utc_ms: i64, script_zone: Tz) {
        let Some(start) = self.quota.window_start_utc_ms else { return };
        if now_utc_ms >= self.reset_at(start, script_zone) {
            self.quota = MailQuota::default();
        }
    }

    /// When a window that started at `start_utc_ms` resets.
    fn reset_at(&self, start_utc_ms: i64, script_zone: Tz) -> i64 {
        self.quota_reset.reset_at(start_utc_ms, script_zone)
    }
}

impl QuotaReset {
    /// When a quota window that started at `start_utc_ms` resets (every daily quota's
    /// rule: the mail quota's and `quotas`').
    pub fn reset_at(self, start_utc_ms: i64, script_zone: Tz) -> i64 {
        match self {
            QuotaReset::Rolling24h => start_utc_ms.saturating_add(MS_PER_DAY),
            QuotaReset::UtcMidnight => next_midnight(chrono_tz::UTC, start_utc_ms),
            QuotaReset::PacificMidnight => next_midnight(chrono_tz::America::Los_Angeles, start_utc_ms),
            QuotaReset::LocalMidnight => next_midnight(script_zone, start_utc_ms),
        }
    }
}

/// The first local midnight in `zone` after `at_utc_ms`.
fn next_midnight(zone: Tz, at_utc_ms: i64) -> i64 {
    let local = utc_ms_to_local(zone, at_utc_ms);
    let next_day: NaiveDate = local.date().succ_opt().unwrap_or(local.date());
    debug_assert!(next_day.year() > 0);
    local_to_utc_ms(zone, next_day.and_time(NaiveTime::MIN))
}

/// Splits a comma-separated recipient list as MailApp does (`"a@x.com, b@y.com"`).
pub fn split_recipients(list: &str) -> Vec<String> {
    list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()
}

/// A loose address check: the platform refuses text without a local part and a domain
/// with `Invalid email: <address>` (observed).
fn check_address(address: &str) -> ServiceResult<()> {
    let bare = match (address.find('<'), address.rfind('>')) {
        (Some(open), Some(close)) if open < close => &address[open + 1..close],
        _ => address,
    };
    let valid = match bare.split_once('@') {
        Some((local, domain)) => !local.is_empty() && domain.contains('.') && !bare.contains(char::is_whitespace),
        None => false,
    };
    if valid {
        Ok(())
    } else {
        Err(ServiceError::new(format!("Invalid email: {address}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{parse_iso_utc, parse_zone};

    fn at(text: &str) -> i64 {
        parse_iso_utc(text).unwrap()
    }

    fn one_to(addr: &str) -> OutgoingMail {
        OutgoingMail { to: vec![addr.into()], subject: "s".into(), via: "MailApp".into(), ..Default::default() }
    }

    fn utc() -> Tz {
        chrono_tz::UTC
    }

    #[test]
    fn consumer_quota_is_100_recipients_and_the_101st_throws() {
        let mut mail = Mail::default();
        let t = at("2025-06-14T10:00:00Z");
        for _ in 0..100 {
            mail.send(one_to("a@example.com"), t, utc()).unwrap();
        }
        assert_eq!(mail.remaining(t, utc()), 0);
        let err = mail.send(one_to("a@example.com"), t, utc()).unwrap_err();
        assert_eq!(err.message, "Service invoked too many times for one day: email.");
        assert_eq!(mail.sent.len(), 100);
    }

    #[test]
    fn workspace_quota_is_1500() {
        let mut mail = Mail { account: AccountType::Workspace, ..Default::default() };
        assert_eq!(mail.remaining(0, utc()), 1500);
    }

    #[test]
    fn cc_and_bcc_count_and_50_per_message() {
        let mut mail = Mail::default();
        let mut m = one_to("a@example.com");
        m.cc = vec!["b@example.com".into()];
        m.bcc = vec!["c@example.com".into()];
        mail.send(m, 0, utc()).unwrap();
        assert_eq!(mail.remaining(0, utc()), 97);
        let mut big = one_to("a@example.com");
        big.to = (0..51).map(|i| format!("u{i}@example.com")).collect();
        assert_eq!(mail.send(big, 0, utc()).unwrap_err().message, TOO_MANY_RECIPIENTS_MESSAGE);
    }

    #[test]
    fn rolling_window_resets_24h_after_the_first_send() {
        let mut mail = Mail::default();
        let first = at("2025-06-14T10:00:00Z");
        mail.send(one_to("a@example.com"), first, utc()).unwrap();
        mail.send(one_to("a@example.com"), first + 5 * 3_600_000, utc()).unwrap();
        assert_eq!(mail.remaining(first + MS_PER_DAY - 1, utc()), 98);
        assert_eq!(mail.remaining(first + MS_PER_DAY, utc()), 100);
    }

    #[test]
    fn utc_pacific_and_local_midnight_resets() {
        let send_at = at("2025-06-14T10:00:00Z");
        let check = |reset, zone: Tz, before: &str, after: &str| {
            let mut mail = Mail { quota_reset: reset, ..Default::default() };
            mail.send(one_to("a@example.com"), send_at, zone).unwrap();
            assert_eq!(mail.remaining(at(before), zone), 99, "{reset:?} before");
            assert_eq!(mail.remaining(at(after), zone), 100, "{reset:?} after");
        };
        check(QuotaReset::UtcMidnight, utc(), "2025-06-14T23:59:59Z", "2025-06-15T00:00:00Z");
        // Pacific midnight in June is 07:00Z.
        check(QuotaReset::PacificMidnight, utc(), "2025-06-15T06:59:59Z", "2025-06-15T07:00:00Z");
        // Tokyo midnight is 15:00Z the same day.
        check(
            QuotaReset::LocalMidnight,
            parse_zone("Asia/Tokyo").unwrap(),
            "2025-06-14T14:59:59Z",
            "2025-06-14T15:00:00Z",
        );
    }

    #[test]
    fn address_checks() {
        let mut mail = Mail::default();
        assert_eq!(mail.send(one_to("nobody"), 0, utc()).unwrap_err().message, "Invalid email: nobody");
        mail.send(one_to("Ops <ops@example.com>"), 0, utc()).unwrap();
        let none = OutgoingMail { via: "MailApp".into(), ..Default::default() };
        assert_eq!(mail.send(none, 0, utc()).unwrap_err().message, NO_RECIPIENT_MESSAGE);
        assert_eq!(split_recipients("a@x.com, b@y.com,"), vec!["a@x.com", "b@y.com"]);
    }

    #[test]
    fn unknown_reset_mode_names_the_choices() {
        assert!(QuotaReset::parse("weekly").unwrap_err().contains("rolling-24h"));
        // State files spell the modes as scenarios do.
        for name in ["rolling-24h", "utc-midnight", "pacific-midnight", "local-midnight"] {
            let mode = QuotaReset::parse(name).unwrap();
            assert_eq!(serde_json::to_value(mode).unwrap(), serde_json::json!(name));
            assert_eq!(serde_json::from_value::<QuotaReset>(serde_json::json!(name)).unwrap(), mode);
        }
        assert_eq!(serde_json::from_str::<QuotaReset>("\"rolling24h\"").unwrap(), QuotaReset::Rolling24h);
    }
}
