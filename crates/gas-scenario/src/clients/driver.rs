//! The clients at run time: which attempt starts when, and what each client concludes.
//!
//! The scheduler asks [`Driver::next_due`] for the earliest thing a client does (start
//! an attempt, or give up waiting at its timeout), lets it [`Driver::step`] at that
//! time, and tells it when an attempt's execution ends ([`Driver::finished`]). What an
//! attempt's outcome means is gas-platform's rule (`webapp::delivery`); this module only
//! keeps the clients' state.

use std::collections::BTreeMap;

use gas_engine::{ExecutionReport, Outcome as ExecOutcome};
use gas_platform::rng::SeededRng;
use gas_platform::webapp::delivery::{
    conclude, experienced, known_at_utc_ms, retry_class, Conclusion, DeliveryFaults, ExecutionEnd, Outcome,
};
use gas_platform::webapp::event::{self, Request};

use super::report::{AttemptReport, SubmissionReport};
use super::{Body, ClientsPlan, KeyPolicy};

/// Body text kept per attempt (the JSON report has it whole up to this; a body past it
/// is cut, and says so).
const BODY_CHARS_MAX: usize = 4_000;

#[derive(Debug, Clone, Copy)]
enum Action {
    /// Start the next attempt of a submission (`resubmit`: the visitor pressed Send again).
    Start { sub: usize, resubmit: bool },
    /// The client's timeout for an attempt.
    Deadline { sub: usize, attempt: usize },
}

#[derive(Debug, Clone)]
struct Attempt {
    at_utc_ms: i64,
    exec_id: u64,
    key: Option<String>,
    planned: Outcome,
    resubmit: bool,
    /// How it ended for the client, once known.
    outcome: Option<Outcome>,
    known_at_utc_ms: Option<i64>,
    /// The queue entry of its deadline, removed when the answer comes first.
    deadline: (i64, u64),
    ended: Option<ExecutionEnd>,
    script_ran: bool,
    status: Option<u16>,
    content_type: Option<String>,
    body: Option<String>,
    rows: u64,
    mails: u64,
}

#[derive(Debug, Clone, Default)]
struct SubState {
    key: Option<String>,
    attempts_in_round: u32,
    resubmitted: bool,
    attempts: Vec<Attempt>,
    concluded: Option<Conclusion>,
}

/// What to start for a client: a doPost execution with this event.
pub struct ClientStart {
    pub function: String,
    pub event: serde_json::Value,
    /// The request's `User-Agent` (the default: a client is a page in a browser).
    pub user_agent: Option<String>,
    pub at_utc_ms: i64,
    pub source: String,
}

pub struct Driver {
    plan: ClientsPlan,
    end_utc_ms: i64,
    subs: Vec<SubState>,
    queue: BTreeMap<(i64, u64), Action>,
    seq: u64,
    by_exec: BTreeMap<u64, (usize, usize)>,
    keys: SeededRng,
    faults: DeliveryFaults,
}

impl Driver {
    pub fn new(plan: &ClientsPlan, seed: u64, end_utc_ms: i64) -> Driver {
        let mut driver = Driver {
            plan: plan.clone(),
            end_utc_ms,
            subs: vec![SubState::default(); plan.submissions.len()],
            queue: BTreeMap::new(),
            seq: 0,
            by_exec: BTreeMap::new(),
            keys: SeededRng::derive(seed, "client-keys"),
            faults: plan.delivery_faults.clone(),
        };
        for (i, s) in plan.submissions.iter().enumerate() {
            driver.push(s.at_utc_ms, Action::Start { sub: i, resubmit: false });
        }
        driver
    }

    fn push(&mut self, at_utc_ms: i64, action: Action) -> (i64, u64) {
        let key = (at_utc_ms, self.seq);
        self.seq += 1;
        self.queue.insert(key, action);
        key
    }

    /// Whether the run has clients: then every finished execution must report before the
    /// scheduler's next choice.
    pub fn is_active(&self) -> bool {
        !self.plan.submissions.is_empty()
    }

    /// The simultaneous-executions limit the run enforces.
    pub fn simultaneous_executions_max(&self) -> usize {
        self.plan.simultaneous_executions_max
    }

    /// The time of the next thing a client does, if before the end of the run.
    pub fn next_due(&self) -> Option<i64> {
        self.queue.keys().next().map(|(at, _)| *at).filter(|at| *at < self.end_utc_ms)
    }

    /// Does the next due thing at `now_utc_ms`; returns the attempt to start, which is to
    /// be execution `exec_id`.
    pub fn step(&mut self, now_utc_ms: i64, exec_id: u64) -> Option<ClientStart> {
        // Only what is due: an attempt that just ended may have settled what was (its
        // deadline), and the next entry is then for later.
        let (&(at_utc_ms, _), _) = self.queue.first_key_value()?;
        if at_utc_ms > now_utc_ms {
            return None;
        }
        let (_, action) = self.queue.pop_first()?;
        match action {
            Action::Deadline { sub, attempt } => {
                if self.subs[sub].attempts[attempt].outcome.is_none() {
                    let at = self.subs[sub].attempts[attempt].deadline.0;
                    self.resolve(sub, attempt, Outcome::Timeout, at, now_utc_ms);
                }
                None
            }
            Action::Start { sub, resubmit } => Some(self.start(sub, resubmit, now_utc_ms, exec_id)),
        }
    }

    fn new_key(&mut self) -> String {
        let (a, b) = (self.keys.next_u64(), self.keys.next_u64());
        // A version-4 UUID's shape, from the seeded stream (the client's crypto.randomUUID).
        format!(
            "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
            a >> 32,
            (a >> 16) & 0xffff,
            a & 0xfff,
            0x8000 | (b >> 48) & 0x3fff,
            b & 0xffff_ffff_ffff
        )
    }

    fn start(&mut self, sub: usize, resubmit: bool, now_utc_ms: i64, exec_id: u64) -> ClientStart {
        let planned_sub = self.plan.submissions[sub].clone();
        let client = self.plan.clients[planned_sub.client].clone();
        if resubmit {
            self.subs[sub].resubmitted = true;
            self.subs[sub].attempts_in_round = 0;
        }
        let key = match client.key {
            KeyPolicy::None => None,
            // Made once where the intent starts, kept across failed attempts and resubmits.
            KeyPolicy::PerMessage => match self.subs[sub].key.clone() {
                Some(key) => Some(key),
                None => {
                    let key = self.new_key();
                    self.subs[sub].key = Some(key.clone());
                    Some(key)
                }
            },
            KeyPolicy::PerAttempt => Some(self.new_key()),
        };
        let index = self.subs[sub].attempts.len();
        let planned = match planned_sub.outcomes.get(index) {
            Some(outcome) => *outcome,
            None => self.faults.pick("doPost", now_utc_ms).unwrap_or(Outcome::Delivered),
        };
        let deadline =
            self.push(now_utc_ms.saturating_add(client.timeout_ms), Action::Deadline { sub, attempt: index });
        let state = &mut self.subs[sub];
        state.attempts_in_round += 1;
        state.attempts.push(Attempt {
            at_utc_ms: now_utc_ms,
            exec_id,
            key: key.clone(),
            planned,
            resubmit,
            outcome: None,
            known_at_utc_ms: None,
            deadline,
            ended: None,
            script_ran: true,
            status: None,
            content_type: None,
            body: None,
            rows: 0,
            mails: 0,
        });
        self.by_exec.insert(exec_id, (sub, index));
        let request =
            attempt_request(&planned_sub.body, key.as_deref().map(|k| (client.key_field.as_str(), k)), &client.path);
        let event = event::build_event(&request);
        ClientStart {
            function: "doPost".into(),
            event,
            user_agent: request.user_agent,
            at_utc_ms: now_utc_ms,
            source: format!("submission {} attempt {}", sub + 1, index + 1),
        }
    }

    /// The delivery outcome the `[[faults]]` rules pick for a plain `[[requests]]`
    /// request to `function` at `at_utc_ms`: the same rules as for the attempts, counted
    /// (`nth`) in the order the requests and attempts start.
    pub fn pick_for_request(&mut self, function: &str, at_utc_ms: i64) -> Option<Outcome> {
        self.faults.pick(function, at_utc_ms)
    }

    /// The platform refused to start the attempt (too many simultaneous executions):
    /// the client gets the error page at once, and the script did not run.
    pub fn refused(&mut self, exec_id: u64, now_utc_ms: i64) {
        let Some(&(sub, attempt)) = self.by_exec.get(&exec_id) else { return };
        let a = &mut self.subs[sub].attempts[attempt];
        a.script_ran = false;
        a.ended = Some(ExecutionEnd { start_utc_ms: now_utc_ms, end_utc_ms: now_utc_ms, failed: true });
        let deadline = a.deadline;
        self.queue.remove(&deadline);
        self.resolve(sub, attempt, Outcome::ErrorPage, now_utc_ms, now_utc_ms);
    }

    /// An execution ended; if it was an attempt, the client may now know how.
    pub fn finished(&mut self, report: &ExecutionReport, now_utc_ms: i64) {
        let Some(&(sub, attempt)) = self.by_exec.get(&report.exec_id) else { return };
        let timeout_ms = self.plan.clients[self.plan.submissions[sub].client].timeout_ms;
        let end = ExecutionEnd {
            start_utc_ms: report.start_utc_ms,
            end_utc_ms: report.end_utc_ms,
            failed: !matches!(report.outcome, ExecOutcome::Completed { .. }),
        };
        // What the `[[requests]]` report would show for this execution.
        let response = crate::report::web_response(report);
        let a = &mut self.subs[sub].attempts[attempt];
        a.ended = Some(end);
        // From the execution's own calls: `report.mail` is every mail sent while it ran,
        // other executions' too when they overlap.
        let made = |methods: &[&str]| {
            report.calls.items.iter().filter(|c| methods.contains(&c.method.as_str()) && c.outcome == "ok").count()
                as u64
        };
        a.rows = made(&["Sheet.appendRow"]);
        a.mails = made(&["MailApp.sendEmail", "GmailApp.sendEmail"]);
        if a.outcome.is_some() {
            return; // the client had stopped waiting
        }
        let outcome = experienced(a.planned, end, timeout_ms);
        if outcome == Outcome::Delivered {
            a.status = Some(response.status);
            a.content_type = Some(response.content_type);
            a.body = Some(cut(&response.body));
        }
        let known = known_at_utc_ms(outcome, end, timeout_ms);
        if outcome != Outcome::Timeout {
            let deadline = a.deadline;
            self.queue.remove(&deadline);
            self.resolve(sub, attempt, outcome, known, now_utc_ms);
        }
        // A timeout is the deadline's to resolve (still queued, at `known`).
    }

    /// The client knows how attempt `attempt` ended at `known_utc_ms`: conclude, retry
    /// or hand it to the visitor.
    fn resolve(&mut self, sub: usize, attempt: usize, outcome: Outcome, known_utc_ms: i64, now_utc_ms: i64) {
        let client = &self.plan.clients[self.plan.submissions[sub].client];
        let (attempts_max, backoff_ms, retry_on) = (client.attempts, client.backoff_ms, client.retry_on.clone());
        let resubmit_after_ms = self.plan.submissions[sub].resubmit_after_ms;
        let state = &mut self.subs[sub];
        let a = &mut state.attempts[attempt];
        a.outcome = Some(outcome);
        a.known_at_utc_ms = Some(known_utc_ms);
        let conclusion = conclude(outcome, a.status.unwrap_or(0), a.body.as_deref().unwrap_or(""));
        if conclusion != Conclusion::Unknown {
            state.concluded = Some(conclusion);
            return;
        }
        let retryable = retry_class(outcome, a.status.unwrap_or(0)).is_some_and(|class| retry_on.contains(&class));
        let resubmitted = state.resubmitted;
        let in_round = state.attempts_in_round;
        // Never before now: the scheduler's time only moves forward.
        let at = |delay_ms: i64| known_utc_ms.saturating_add(delay_ms).max(now_utc_ms);
        if retryable && in_round < attempts_max {
            self.push(at(backoff_ms), Action::Start { sub, resubmit: false });
        } else if let (false, Some(after_ms)) = (resubmitted, resubmit_after_ms) {
            self.subs[sub].concluded = Some(Conclusion::Unknown);
            self.push(at(after_ms), Action::Start { sub, resubmit: true });
        } else {
            self.subs[sub].concluded = Some(Conclusion::Unknown);
        }
    }

    /// Each submission as the report shows it.
    pub fn into_reports(self) -> Vec<SubmissionReport> {
        self.plan
            .submissions
            .iter()
            .zip(self.subs)
            .map(|(planned, state)| {
                let client = &self.plan.clients[planned.client];
                let attempts: Vec<AttemptReport> = state
                    .attempts
                    .into_iter()
                    .map(|a| AttemptReport {
                        at_utc_ms: a.at_utc_ms,
                        exec_id: a.exec_id,
                        key: a.key,
                        resubmit: a.resubmit,
                        outcome: a.outcome.map_or("unanswered", Outcome::name).to_string(),
                        known_at_utc_ms: a.known_at_utc_ms,
                        script_ran: a.script_ran,
                        status: a.status,
                        content_type: a.content_type,
                        body: a.body,
                        rows: a.rows,
                        mails: a.mails,
                    })
                    .collect();
                SubmissionReport {
                    index: planned.index + 1,
                    label: planned.label.clone(),
                    client: client.name.clone(),
                    key_policy: client.key.name().to_string(),
                    at_utc_ms: planned.at_utc_ms,
                    concluded: state.concluded.unwrap_or(Conclusion::Unknown).name().to_string(),
                    rows: attempts.iter().map(|a| a.rows).sum(),
                    mails: attempts.iter().map(|a| a.mails).sum(),
                    attempts,
                }
            })
            .collect()
    }
}

/// Body characters an attempt keeps, the rest cut (saying how much).
fn cut(text: &str) -> String {
    match text.char_indices().nth(BODY_CHARS_MAX) {
        Some((i, _)) => format!("{}… ({} more bytes)", &text[..i], text.len() - i),
        None => text.to_string(),
    }
}

/// The request one attempt sends: a POST to the client's path with the body, the key
/// added to it. The event object is then gas-platform's, as for `[[requests]]`.
fn attempt_request(body: &Body, key: Option<(&str, &str)>, path: &str) -> Request {
    let (contents, content_type) = match body {
        Body::Json(map) => {
            let mut map = map.clone();
            if let Some((field, key)) = key {
                map.insert(field.to_string(), serde_json::json!(key));
            }
            (serde_json::Value::Object(map).to_string(), event::JSON_TYPE.to_string())
        }
        Body::Form(fields) => {
            let mut fields = fields.clone();
            if let Some((field, key)) = key {
                fields.insert(field.to_string(), key.to_string());
            }
            let pairs: Vec<(String, String)> = fields.into_iter().collect();
            (event::encode_pairs(&pairs), event::FORM_TYPE.to_string())
        }
        Body::Raw { text, content_type } => (text.clone(), content_type.clone()),
    };
    Request {
        method: "POST".into(),
        path: path.trim_start_matches('/').to_string(),
        query: String::new(),
        body: Some(event::Body { contents, content_type }),
        user_agent: Some(event::DEFAULT_USER_AGENT.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_goes_into_the_body_and_the_event_is_the_platforms() {
        let mut map = serde_json::Map::new();
        map.insert("name".into(), serde_json::json!("Ann"));
        let event = event::build_event(&attempt_request(&Body::Json(map), Some(("id", "k-1")), ""));
        assert_eq!(event["postData"]["contents"], r#"{"name":"Ann","id":"k-1"}"#, "the key after the fields");
        assert_eq!(event["postData"]["type"], "application/json");
        assert_eq!(event["queryString"], serde_json::Value::Null, "no query: null, as for [[requests]]");
        assert!(event.get("pathInfo").is_none(), "no path: no pathInfo");
        let form = Body::Form([("msg".to_string(), "hi there é".to_string())].into());
        let event = event::build_event(&attempt_request(&form, Some(("id", "k-2")), "/contact"));
        assert_eq!(event["postData"]["contents"], "id=k-2&msg=hi+there+%C3%A9");
        assert_eq!(event["contentLength"], 26);
        assert_eq!(event["postData"]["length"], 26);
        assert_eq!(event["parameter"]["msg"], "hi there é");
        assert_eq!(event["parameters"]["id"][0], "k-2");
        assert_eq!(event["pathInfo"], "contact");
        let raw = Body::Raw { text: "a,b".into(), content_type: "text/csv;charset=UTF-8".into() };
        let event = event::build_event(&attempt_request(&raw, None, ""));
        assert_eq!(event["postData"]["type"], "text/csv", "the MIME type without parameters");
        assert_eq!(event["parameter"], serde_json::json!({}));
    }

    #[test]
    fn long_bodies_are_cut() {
        let body = "x".repeat(BODY_CHARS_MAX + 3);
        assert!(cut(&body).ends_with("… (3 more bytes)"));
        assert_eq!(cut("short"), "short");
    }
}
