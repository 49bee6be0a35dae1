//! Injected faults: rules that pick service calls (by method, time window, entry
//! function, argument globs, the nth matching call, a seeded probability) and say what
//! happens to them (throw before or after the effect, kill the execution, delay, or
//! answer an HTTP request with a given response).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::glob::glob_matches;
use crate::rng::SeededRng;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KillPoint {
    /// The execution dies before the call has any effect.
    Before,
    /// The call takes effect, then the execution dies (a kill mid-send: the mail went).
    After,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultEffect {
    /// The call throws this message and has no effect.
    Throw(String),
    /// The call takes effect, then throws this message (a timeout after the provider
    /// accepted the request).
    ThrowAfter(String),
    Kill(KillPoint),
    /// The call takes this much longer.
    DelayMs(i64),
    /// `UrlFetchApp.fetch` gets this response instead of the rules'.
    Respond {
        status: u16,
        body: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaultRule {
    /// `Service.method`, a declared method (gas-engine's `methods`).
    pub call: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_utc_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_utc_ms: Option<i64>,
    /// 1-based positions among the calls the other selectors match; empty: all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nth: Vec<u32>,
    /// Only in executions of this entry function.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
    /// Globs on named arguments (`to`, `subject`, `url`, ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, String>,
    pub effects: Vec<FaultEffect>,
    /// How many calls have matched the selectors so far (for `nth`).
    #[serde(default)]
    pub matched_count: u32,
}

/// The longest `delay` a fault may add to a call: a day. A delay past the 6-minute kill
/// is legal (the execution is killed mid-call); the bound keeps the clock far from i64.
pub const DELAY_MS_MAX: i64 = crate::time::MS_PER_DAY;

/// A fault delay, checked: 1 ms to [`DELAY_MS_MAX`].
pub fn check_delay_ms(ms: i64) -> Result<i64, String> {
    if (1..=DELAY_MS_MAX).contains(&ms) {
        Ok(ms)
    } else {
        Err(format!("{ms} ms: a delay is 1 to {DELAY_MS_MAX} ms (a day; past 6 minutes the execution is killed)"))
    }
}

/// `nth` counts matching calls from 1: a 0 would never match (the scenario and a state
/// file share this rule).
pub fn check_nth(nth: &[u32]) -> Result<(), String> {
    if nth.contains(&0) {
        return Err("counts matching calls from 1".into());
    }
    Ok(())
}

impl FaultRule {
    /// What a hand-written state file must hold for a rule (a scenario's rules are built
    /// checked): a method of `known`, bounded delays, a probability, HTTP statuses.
    pub fn check(&self, known: &crate::calls::MethodNames) -> Result<(), String> {
        known.check(&self.call).map_err(|e| format!("call: {e}"))?;
        if self.effects.is_empty() {
            return Err("effects: a fault needs an effect".into());
        }
        for effect in &self.effects {
            match effect {
                FaultEffect::DelayMs(ms) => {
                    check_delay_ms(*ms).map_err(|e| format!("effects: delay_ms {e}"))?;
                }
                FaultEffect::Respond { status, .. } => {
                    crate::urlfetch::check_status(*status).map_err(|e| format!("effects: respond {e}"))?;
                }
                _ => {}
            }
        }
        check_nth(&self.nth).map_err(|e| format!("nth: {e}"))?;
        if let Some(p) = self.probability {
            if !(0.0..=1.0).contains(&p) {
                return Err(format!("probability {p} must be between 0 and 1"));
            }
        }
        Ok(())
    }
}

/// One line naming the effects that picked a call (`throw "x"; delay 20000 ms`), for
/// its trace record; `None` when no fault did.
pub fn describe(effects: &[FaultEffect]) -> Option<String> {
    const MESSAGE_CHARS_MAX: usize = 120;
    let text = |message: &str| format!("{:?}", crate::trace::shorten(message, MESSAGE_CHARS_MAX));
    let parts: Vec<String> = effects
        .iter()
        .map(|effect| match effect {
            FaultEffect::Throw(message) => format!("throw {}", text(message)),
            FaultEffect::ThrowAfter(message) => format!("throw_after {}", text(message)),
            FaultEffect::Kill(KillPoint::Before) => "kill before".to_string(),
            FaultEffect::Kill(KillPoint::After) => "kill after".to_string(),
            FaultEffect::DelayMs(ms) => format!("delay {ms} ms"),
            FaultEffect::Respond { status, .. } => format!("respond {status}"),
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// What a fault rule sees of a call.
pub struct CallView<'a> {
    pub method: &'a str,
    pub at_utc_ms: i64,
    pub function: &'a str,
    /// Named arguments as text.
    pub args: &'a [(&'a str, String)],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)] // a hand-written state file may give rules only
pub struct Faults {
    pub rules: Vec<FaultRule>,
    pub rng: SeededRng,
}

impl Default for Faults {
    fn default() -> Self {
        Faults { rules: Vec::new(), rng: SeededRng::derive(0, "faults") }
    }
}

/// A rule whose selectors matched: it counts the match, then fires if `nth` (counted
/// from one) names this match, or is empty, and the seeded draw falls under
/// `probability`. The one rule for service-call faults and delivery faults
/// (`webapp::delivery`), so `nth` and `probability` mean the same for both.
pub fn fires(matched_count: &mut u32, nth: &[u32], probability: Option<f64>, rng: &mut SeededRng) -> bool {
    *matched_count = matched_count.saturating_add(1);
    if !nth.is_empty() && !nth.contains(matched_count) {
        return false;
    }
    probability.is_none_or(|p| rng.next_f64() < p)
}

impl Faults {
    /// The effects of every rule that picks this call, in rule order. Counts the call for
    /// each rule whose selectors (other than nth and probability) match.
    pub fn effects_for(&mut self, call: &CallView<'_>) -> Vec<FaultEffect> {
        let mut effects = Vec::new();
        for rule in &mut self.rules {
            if !rule.selects(call) {
                continue;
            }
            if !fires(&mut rule.matched_count, &rule.nth, rule.probability, &mut self.rng) {
                continue;
            }
            effects.extend(rule.effects.iter().cloned());
        }
        effects
    }

    /// Whether a rule selects calls of `method` by their arguments: only then does a call
    /// need its arguments named for [`Faults::effects_for`] (naming them is most of a call's
    /// cost in a run whose rules select other methods).
    pub fn selects_by_args(&self, method: &str) -> bool {
        self.rules.iter().any(|rule| rule.call == method && !rule.args.is_empty())
    }

    /// The rules (0-based, in order) whose selectors matched no call since `before` (the
    /// same rules at the start of a run): a mistyped method, glob or window fails
    /// silently otherwise, so the report warns about them.
    pub fn unmatched_since(&self, before: &Faults) -> Vec<usize> {
        let count_before = |i: usize| before.rules.get(i).map_or(0, |r| r.matched_count);
        (0..self.rules.len()).filter(|&i| self.rules[i].matched_count == count_before(i)).collect()
    }
}

impl FaultRule {
    fn selects(&self, call: &CallView<'_>) -> bool {
        self.call == call.method
            && self.from_utc_ms.is_none_or(|from| call.at_utc_ms >= from)
            && self.until_utc_ms.is_none_or(|until| call.at_utc_ms < until)
            && self.function.as_deref().is_none_or(|f| f == call.function)
            && self
                .args
                .iter()
                .all(|(name, pattern)| call.args.iter().any(|(arg, value)| arg == name && glob_matches(pattern, value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_are_described_in_one_line() {
        assert_eq!(describe(&[]), None);
        let effects = [
            FaultEffect::Throw("Service \"x\" down".into()),
            FaultEffect::DelayMs(20_000),
            FaultEffect::Kill(KillPoint::After),
            FaultEffect::Respond { status: 503, body: "busy".into() },
        ];
        assert_eq!(
            describe(&effects).as_deref(),
            Some(r#"throw "Service \"x\" down"; delay 20000 ms; kill after; respond 503"#)
        );
        let long = describe(&[FaultEffect::ThrowAfter("y".repeat(500))]).unwrap();
        assert!(long.starts_with("throw_after \"yyy") && long.chars().count() < 140, "{long}");
    }

    #[test]
    fn a_rule_counts_every_match_and_fires_on_its_nth_and_under_its_probability() {
        let mut rng = SeededRng::derive(1, "test");
        let mut count = 0;
        let fired: Vec<bool> = (0..4).map(|_| fires(&mut count, &[2, 4], None, &mut rng)).collect();
        assert_eq!((fired, count), (vec![false, true, false, true], 4));
        let mut count = 0;
        assert!((0..20).all(|_| fires(&mut count, &[], Some(1.0), &mut rng)));
        assert!((0..20).all(|_| !fires(&mut count, &[], Some(0.0), &mut rng)));
        assert_eq!(count, 40);
        let mut count = u32::MAX;
        assert!(fires(&mut count, &[], None, &mut rng));
        assert_eq!(count, u32::MAX);
    }

    /// The methods a rule may name here (gas-engine gives the registry's).
    fn known() -> crate::calls::MethodNames {
        crate::calls::MethodNames::new(vec!["MailApp.sendEmail"])
    }

    fn rule(effect: FaultEffect) -> FaultRule {
        FaultRule {
            call: "MailApp.sendEmail".into(),
            from_utc_ms: None,
            until_utc_ms: None,
            nth: vec![],
            function: None,
            probability: None,
            args: BTreeMap::new(),
            effects: vec![effect],
            matched_count: 0,
        }
    }

    fn send(to: &str) -> Vec<(&'static str, String)> {
        vec![("recipient", to.to_string()), ("subject", "Invoice 1001".to_string())]
    }

    fn view<'a>(at: i64, function: &'a str, args: &'a [(&'a str, String)]) -> CallView<'a> {
        CallView { method: "MailApp.sendEmail", at_utc_ms: at, function, args }
    }

    #[test]
    fn nth_counts_from_1_in_a_state_file_too() {
        assert!(check_nth(&[1, 3]).is_ok());
        let mut rule = rule(FaultEffect::DelayMs(5));
        assert!(rule.check(&known()).is_ok());
        rule.nth = vec![0];
        assert_eq!(rule.check(&known()).unwrap_err(), "nth: counts matching calls from 1");
    }

    #[test]
    fn only_a_rule_with_argument_selectors_asks_for_a_methods_arguments() {
        let mut faults = Faults { rules: vec![rule(FaultEffect::DelayMs(5))], ..Default::default() };
        assert!(!faults.selects_by_args("MailApp.sendEmail"), "a rule without `args` selects every call");
        // Without its arguments, the call is selected exactly as with them.
        assert_eq!(faults.effects_for(&view(0, "f", &[])), vec![FaultEffect::DelayMs(5)]);
        faults.rules[0].args.insert("recipient".into(), "*@example.com".into());
        assert!(faults.selects_by_args("MailApp.sendEmail"));
        assert!(!faults.selects_by_args("GmailApp.sendEmail"), "another method's rule reads no arguments");
    }

    #[test]
    fn rules_that_matched_nothing_since_the_start_are_listed() {
        let mut wrong = rule(FaultEffect::Throw("boom".into()));
        wrong.args.insert("recipient".into(), "*@exmaple.com".into());
        let mut faults = Faults { rules: vec![rule(FaultEffect::DelayMs(5)), wrong], ..Default::default() };
        let before = faults.clone();
        assert_eq!(faults.unmatched_since(&before), vec![0, 1]);
        faults.effects_for(&view(0, "f", &send("a@example.com")));
        assert_eq!(faults.unmatched_since(&before), vec![1]);
        // A rule that matched in an earlier run (a state file's count) but not in this one.
        let later = faults.clone();
        assert_eq!(faults.unmatched_since(&later), vec![0, 1]);
    }

    #[test]
    fn nth_picks_only_that_matching_call() {
        let mut faults = Faults { rules: vec![rule(FaultEffect::Throw("boom".into()))], ..Default::default() };
        faults.rules[0].nth = vec![1];
        let args = send("a@example.com");
        assert_eq!(faults.effects_for(&view(0, "f", &args)).len(), 1);
        assert!(faults.effects_for(&view(0, "f", &args)).is_empty());
    }

    #[test]
    fn window_is_half_open_and_function_and_args_select() {
        let mut r = rule(FaultEffect::Kill(KillPoint::After));
        r.from_utc_ms = Some(100);
        r.until_utc_ms = Some(200);
        r.function = Some("sendInvoices".into());
        r.args.insert("recipient".into(), "*@example.com".into());
        let mut faults = Faults { rules: vec![r], ..Default::default() };
        let ok = send("bill@example.com");
        let other = send("bill@other.org");
        assert!(faults.effects_for(&view(99, "sendInvoices", &ok)).is_empty());
        assert_eq!(faults.effects_for(&view(100, "sendInvoices", &ok)).len(), 1);
        assert!(faults.effects_for(&view(200, "sendInvoices", &ok)).is_empty());
        assert!(faults.effects_for(&view(150, "watchdog", &ok)).is_empty());
        assert!(faults.effects_for(&view(150, "sendInvoices", &other)).is_empty());
    }

    #[test]
    fn delays_are_bounded_and_rules_checked() {
        assert_eq!(check_delay_ms(DELAY_MS_MAX), Ok(DELAY_MS_MAX));
        assert!(check_delay_ms(0).is_err() && check_delay_ms(i64::MAX).is_err());
        assert!(rule(FaultEffect::DelayMs(5)).check(&known()).is_ok());
        let huge = rule(FaultEffect::DelayMs(i64::MAX)).check(&known()).unwrap_err();
        assert!(huge.starts_with("effects: delay_ms 9223372036854775807 ms: a delay is 1 to"), "{huge}");
        let status = rule(FaultEffect::Respond { status: 0, body: String::new() }).check(&known()).unwrap_err();
        assert!(status.contains("status 0"), "{status}");
        let mut odd = rule(FaultEffect::Throw("x".into()));
        odd.probability = Some(2.0);
        assert!(odd.check(&known()).unwrap_err().contains("between 0 and 1"));
        odd.call = "Nope.x".into();
        assert!(odd.check(&known()).unwrap_err().starts_with("call: unknown service method"));
    }

    #[test]
    fn probability_is_seeded() {
        let run = || {
            let mut r = rule(FaultEffect::DelayMs(5));
            r.probability = Some(0.3);
            let mut faults = Faults { rules: vec![r], rng: SeededRng::derive(7, "faults") };
            let args = send("a@example.com");
            (0..200).map(|_| faults.effects_for(&view(0, "f", &args)).len()).collect::<Vec<_>>()
        };
        let first = run();
        assert_eq!(first, run());
        let hits: usize = first.iter().sum();
        assert!((40..80).contains(&hits), "about 30% of 200, got {hits}");
    }
}
