//! How one attempt to reach a web app ends for the client, and what that tells it.
//!
//! The platform runs doPost first and answers afterwards: a lost answer, an error page
//! or a client that stopped waiting does not mean the script did nothing. Each outcome
//! here says what the client saw, whether the script ran, and when the client knew.

use serde::{Deserialize, Serialize};

use crate::rng::SeededRng;

/// How one delivery attempt ended, as the client experienced it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The client got the script's response.
    Delivered,
    /// The script ran; the client saw a 404 page or a reset connection instead of its
    /// answer (seed 003's measured case).
    Lost,
    /// The client got the platform's error page: the script threw, or the platform
    /// failed around it.
    ErrorPage,
    /// The client stopped waiting at its timeout; the execution went on to completion.
    Timeout,
}

/// The names a scenario writes, in the order the report explains them.
pub const OUTCOME_NAMES: [&str; 4] = ["delivered", "lost", "error-page", "timeout"];

/// The classes a client may retry on (`retry_on`): the three outcomes that carry no
/// usable answer, and a delivered response with a 5xx status.
pub const RETRY_CLASSES: [&str; 4] = ["lost", "timeout", "error-page", "5xx"];

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Delivered => "delivered",
            Outcome::Lost => "lost",
            Outcome::ErrorPage => "error-page",
            Outcome::Timeout => "timeout",
        }
    }

    pub fn parse(name: &str) -> Result<Outcome, String> {
        match name {
            "delivered" => Ok(Outcome::Delivered),
            "lost" => Ok(Outcome::Lost),
            "error-page" => Ok(Outcome::ErrorPage),
            "timeout" => Ok(Outcome::Timeout),
            other => Err(format!("{other:?} is not a delivery outcome: use {}", OUTCOME_NAMES.join(", "))),
        }
    }

    /// What this outcome means for the client.
    pub fn rule(self) -> Rule {
        match self {
            Outcome::Delivered => Rule { seen: Seen::Response, script_runs: true, known_at: KnownAt::ExecutionEnd },
            Outcome::Lost => Rule { seen: Seen::NotFound, script_runs: true, known_at: KnownAt::ExecutionEnd },
            Outcome::ErrorPage => Rule { seen: Seen::ErrorPage, script_runs: true, known_at: KnownAt::ExecutionEnd },
            Outcome::Timeout => Rule { seen: Seen::NoAnswer, script_runs: true, known_at: KnownAt::ClientTimeout },
        }
    }
}

/// What the client saw of an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// The script's response: its status and body.
    Response,
    /// The platform's 404 page, or a connection reset: no answer from the script.
    NotFound,
    /// The platform's HTML error page.
    ErrorPage,
    /// Nothing: the client gave up.
    NoAnswer,
}

/// When the client learns how an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownAt {
    /// When the execution ends: the platform answers after doPost returns.
    ExecutionEnd,
    /// At the attempt's start plus the client's timeout, whatever the execution does.
    ClientTimeout,
}

/// One outcome's meaning: what the client saw, whether the script ran, when it knew.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub seen: Seen,
    /// Every outcome runs the script: only a refused start (the concurrency limit) does
    /// not, and that is recorded apart (`Attempt::script_ran`).
    pub script_runs: bool,
    pub known_at: KnownAt,
}

/// How the execution behind an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExecutionEnd {
    pub start_utc_ms: i64,
    pub end_utc_ms: i64,
    /// The script threw or was killed: the platform answers with its error page.
    pub failed: bool,
}

/// The outcome the client experiences, from the planned one (scripted, or picked by a
/// fault rule; `Delivered` otherwise) and what the execution did. The client's timeout
/// comes first: an execution that outlasts it is a timeout, whatever it would have
/// answered. A failed execution answers with the error page unless the answer was lost
/// anyway.
pub fn experienced(planned: Outcome, execution: ExecutionEnd, timeout_ms: i64) -> Outcome {
    if planned == Outcome::Timeout || execution.end_utc_ms.saturating_sub(execution.start_utc_ms) > timeout_ms {
        return Outcome::Timeout;
    }
    match planned {
        Outcome::Lost => Outcome::Lost,
        _ if execution.failed => Outcome::ErrorPage,
        other => other,
    }
}

/// When the client knows how the attempt ended.
pub fn known_at_utc_ms(outcome: Outcome, execution: ExecutionEnd, timeout_ms: i64) -> i64 {
    match outcome.rule().known_at {
        KnownAt::ExecutionEnd => execution.end_utc_ms,
        KnownAt::ClientTimeout => execution.start_utc_ms.saturating_add(timeout_ms),
    }
}

/// The retry class of an attempt (`RETRY_CLASSES`), or `None` for a usable answer.
pub fn retry_class(outcome: Outcome, status: u16) -> Option<&'static str> {
    match outcome {
        Outcome::Lost => Some("lost"),
        Outcome::Timeout => Some("timeout"),
        Outcome::ErrorPage => Some("error-page"),
        Outcome::Delivered if status >= 500 => Some("5xx"),
        Outcome::Delivered => None,
    }
}

/// What a client concludes from an attempt (seed 003's three-way answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Conclusion {
    /// A 2xx JSON answer with `"ok": true`.
    Saved,
    /// A 2xx JSON answer with `"ok": false`: a real answer, retrying will not change it.
    Rejected,
    /// No usable answer: worth retrying with the same id.
    Unknown,
}

pub const CONCLUSION_NAMES: [&str; 3] = ["saved", "rejected", "unknown"];

impl Conclusion {
    pub fn name(self) -> &'static str {
        match self {
            Conclusion::Saved => "saved",
            Conclusion::Rejected => "rejected",
            Conclusion::Unknown => "unknown",
        }
    }

    pub fn parse(name: &str) -> Result<Conclusion, String> {
        match name {
            "saved" => Ok(Conclusion::Saved),
            "rejected" => Ok(Conclusion::Rejected),
            "unknown" => Ok(Conclusion::Unknown),
            other => Err(format!("{other:?}: use {}", CONCLUSION_NAMES.join(", "))),
        }
    }
}

/// The client's reading of one attempt: only a delivered 2xx JSON object with a boolean
/// `ok` is an answer (a body that is not JSON reads as "unknown", as `response.json()`
/// failing does in the seed's client).
pub fn conclude(outcome: Outcome, status: u16, body: &str) -> Conclusion {
    if outcome != Outcome::Delivered || !(200..300).contains(&status) {
        return Conclusion::Unknown;
    }
    match serde_json::from_str::<serde_json::Value>(body).ok().and_then(|v| v.get("ok").and_then(|ok| ok.as_bool())) {
        Some(true) => Conclusion::Saved,
        Some(false) => Conclusion::Rejected,
        None => Conclusion::Unknown,
    }
}

/// A `[[faults]]` rule that picks delivery outcomes: for which entry point, in which
/// window, the nth matching attempts, with a seeded probability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeliveryRule {
    /// `doGet` or `doPost`.
    pub function: String,
    pub from_utc_ms: Option<i64>,
    pub until_utc_ms: Option<i64>,
    /// 1-based positions among the attempts the other selectors match; empty: all.
    pub nth: Vec<u32>,
    pub probability: Option<f64>,
    pub outcome: Outcome,
    pub matched_count: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeliveryFaults {
    pub rules: Vec<DeliveryRule>,
    pub rng: SeededRng,
}

impl DeliveryFaults {
    pub fn new(seed: u64) -> DeliveryFaults {
        DeliveryFaults { rules: Vec::new(), rng: SeededRng::derive(seed, "delivery-faults") }
    }

    /// The outcome the first picking rule gives an attempt of `function` at `at_utc_ms`
    /// (rule order), or `None`. Every rule whose selectors match counts the attempt, as
    /// service-call rules count calls, so `nth` means the same thing for both.
    pub fn pick(&mut self, function: &str, at_utc_ms: i64) -> Option<Outcome> {
        let mut picked = None;
        for rule in &mut self.rules {
            let selects = rule.function == function
                && rule.from_utc_ms.is_none_or(|from| at_utc_ms >= from)
                && rule.until_utc_ms.is_none_or(|until| at_utc_ms < until);
            if !selects {
                continue;
            }
            if !crate::faults::fires(&mut rule.matched_count, &rule.nth, rule.probability, &mut self.rng) {
                continue;
            }
            picked = picked.or(Some(rule.outcome));
        }
        picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(duration_ms: i64, failed: bool) -> ExecutionEnd {
        ExecutionEnd { start_utc_ms: 1_000, end_utc_ms: 1_000 + duration_ms, failed }
    }

    #[test]
    fn names_round_trip_and_unknown_names_list_the_known() {
        for name in OUTCOME_NAMES {
            assert_eq!(Outcome::parse(name).unwrap().name(), name);
        }
        let err = Outcome::parse("dropped").unwrap_err();
        assert!(err.contains("delivered, lost, error-page, timeout"), "{err}");
        for name in CONCLUSION_NAMES {
            assert_eq!(Conclusion::parse(name).unwrap().name(), name);
        }
        assert!(Conclusion::parse("ok").is_err());
    }

    #[test]
    fn every_outcome_runs_the_script_and_only_a_timeout_is_known_before_the_end() {
        for name in OUTCOME_NAMES {
            let rule = Outcome::parse(name).unwrap().rule();
            assert!(rule.script_runs, "{name}: the platform runs doPost first, then answers");
        }
        assert_eq!(Outcome::Lost.rule().seen, Seen::NotFound);
        assert_eq!(Outcome::ErrorPage.rule().seen, Seen::ErrorPage);
        assert_eq!(Outcome::Timeout.rule().seen, Seen::NoAnswer);
        assert_eq!(Outcome::Timeout.rule().known_at, KnownAt::ClientTimeout);
        assert_eq!(known_at_utc_ms(Outcome::Timeout, ended(50_000, false), 20_000), 21_000);
        assert_eq!(known_at_utc_ms(Outcome::Lost, ended(3_000, false), 20_000), 4_000);
    }

    #[test]
    fn the_client_timeout_comes_first_then_a_lost_answer_then_the_error_page() {
        assert_eq!(experienced(Outcome::Delivered, ended(3_000, false), 20_000), Outcome::Delivered);
        assert_eq!(experienced(Outcome::Delivered, ended(25_000, false), 20_000), Outcome::Timeout);
        assert_eq!(experienced(Outcome::Delivered, ended(20_000, false), 20_000), Outcome::Delivered, "at the limit");
        assert_eq!(experienced(Outcome::Delivered, ended(3_000, true), 20_000), Outcome::ErrorPage);
        assert_eq!(experienced(Outcome::Lost, ended(3_000, true), 20_000), Outcome::Lost);
        assert_eq!(experienced(Outcome::Timeout, ended(1, false), 20_000), Outcome::Timeout);
        assert_eq!(experienced(Outcome::ErrorPage, ended(1, false), 20_000), Outcome::ErrorPage);
    }

    #[test]
    fn only_a_usable_answer_is_not_retryable() {
        assert_eq!(retry_class(Outcome::Lost, 0), Some("lost"));
        assert_eq!(retry_class(Outcome::Timeout, 0), Some("timeout"));
        assert_eq!(retry_class(Outcome::ErrorPage, 200), Some("error-page"));
        assert_eq!(retry_class(Outcome::Delivered, 503), Some("5xx"));
        assert_eq!(retry_class(Outcome::Delivered, 200), None);
        assert_eq!(retry_class(Outcome::Delivered, 404), None);
    }

    #[test]
    fn saved_rejected_and_unknown_are_three_answers() {
        assert_eq!(conclude(Outcome::Delivered, 200, r#"{"ok":true}"#), Conclusion::Saved);
        assert_eq!(conclude(Outcome::Delivered, 200, r#"{"ok":false,"error":"secret"}"#), Conclusion::Rejected);
        assert_eq!(conclude(Outcome::Delivered, 200, "<html>"), Conclusion::Unknown);
        assert_eq!(conclude(Outcome::Delivered, 200, r#"{"ok":"yes"}"#), Conclusion::Unknown);
        assert_eq!(conclude(Outcome::Delivered, 500, r#"{"ok":true}"#), Conclusion::Unknown);
        assert_eq!(conclude(Outcome::Lost, 200, r#"{"ok":true}"#), Conclusion::Unknown);
    }

    fn rule(outcome: Outcome) -> DeliveryRule {
        DeliveryRule {
            function: "doPost".into(),
            from_utc_ms: None,
            until_utc_ms: None,
            nth: vec![],
            probability: None,
            outcome,
            matched_count: 0,
        }
    }

    #[test]
    fn rules_pick_by_function_window_nth_and_probability() {
        let mut faults = DeliveryFaults::new(1);
        faults.rules.push(DeliveryRule { nth: vec![2], ..rule(Outcome::Lost) });
        faults.rules.push(DeliveryRule { from_utc_ms: Some(100), until_utc_ms: Some(200), ..rule(Outcome::Timeout) });
        assert_eq!(faults.pick("doGet", 0), None, "another entry point");
        assert_eq!(faults.pick("doPost", 0), None, "first match of the nth rule");
        assert_eq!(faults.pick("doPost", 0), Some(Outcome::Lost));
        assert_eq!(faults.pick("doPost", 150), Some(Outcome::Timeout));
        assert_eq!(faults.pick("doPost", 200), None, "until is exclusive");

        let mut sampled = DeliveryFaults::new(7);
        sampled.rules.push(DeliveryRule { probability: Some(0.1), ..rule(Outcome::Lost) });
        let lost = (0..10_000).filter(|_| sampled.pick("doPost", 0).is_some()).count();
        assert!((800..1200).contains(&lost), "about 10%: {lost}");
        let mut again = DeliveryFaults::new(7);
        again.rules.push(DeliveryRule { probability: Some(0.1), ..rule(Outcome::Lost) });
        let first: Vec<_> = (0..50).map(|_| again.pick("doPost", 0)).collect();
        let mut third = DeliveryFaults::new(7);
        third.rules.push(DeliveryRule { probability: Some(0.1), ..rule(Outcome::Lost) });
        assert_eq!(first, (0..50).map(|_| third.pick("doPost", 0)).collect::<Vec<_>>(), "seeded");
    }
}
