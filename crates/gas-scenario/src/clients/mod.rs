//! Web-app clients with retry policies, and the messages they send.
//!
//! `[[clients]]` says how a client delivers (timeout, attempts, backoff, what it retries
//! on, how it keys a message); `[[submissions]]` says what it sends and when, and how
//! its attempts end (`outcomes`). The scheduler asks the [`driver::Driver`] for the
//! attempts: each is a doPost execution that runs for real (an attempt that arrives
//! while the previous one still runs overlaps it), and what the client does next depends
//! on how the previous one ended. The platform's rules for an attempt's outcome are in
//! `gas_platform::webapp::delivery`.

pub mod driver;
pub mod report;

use std::collections::BTreeMap;

use gas_platform::webapp::delivery::{Conclusion, DeliveryFaults, DeliveryRule, Outcome, RETRY_CLASSES};
use serde::Deserialize;
use toml::Spanned;

use crate::model::{LoadedScenario, ScenarioError};
use crate::schedule::parse_duration_ms;

/// Submissions one `[[submissions]]` entry may expand to (`repeat`).
pub const REPEAT_MAX: i64 = 20_000;
/// Attempts a client may make for one press of Send.
pub const ATTEMPTS_MAX: i64 = 10;
/// Submissions a scenario may make in all (a week of one a minute fits).
pub const SUBMISSIONS_MAX: usize = 20_000;
/// Bytes of body all of a scenario's submissions send together (gas-sim's limit: each is
/// held in memory from the plan on): 256 MiB, so 20,000 submissions of 13 KB, or 100 of
/// 2.5 MB. Past it the plan is refused, naming the submission.
pub const SUBMISSION_BODY_BYTES_TOTAL_MAX: usize = 256 * 1024 * 1024;

impl Body {
    /// About the bytes the body sends (a form's names and values, JSON as written).
    pub fn len_bytes(&self) -> usize {
        match self {
            Body::Json(map) => serde_json::to_string(map).map_or(0, |text| text.len()),
            Body::Form(fields) => fields.iter().map(|(k, v)| k.len() + v.len() + 2).sum(),
            Body::Raw { text, .. } => text.len(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientSection {
    pub name: Spanned<String>,
    /// How long the client waits for an answer (default 20s, the seed's).
    pub timeout: Option<Spanned<String>>,
    /// Attempts per press of Send (default 1).
    pub attempts: Option<Spanned<i64>>,
    /// Wait after a failed attempt before the next (default 2s).
    pub backoff: Option<Spanned<String>>,
    /// Which failed attempts are retried (default: lost, timeout, error-page, 5xx).
    pub retry_on: Option<Vec<Spanned<String>>>,
    /// `per-message` (made once, kept across attempts and resubmits), `per-attempt`
    /// or `none` (default).
    pub key: Option<Spanned<String>>,
    /// The body field the key goes in (default `id`).
    pub key_field: Option<String>,
    /// `e.pathInfo` of every attempt.
    #[serde(default)]
    pub path: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubmissionSection {
    pub at: Spanned<String>,
    /// A name for the report and for `submission = { label = ... }` expectations.
    pub label: Option<String>,
    pub client: Spanned<String>,
    /// A JSON body (`application/json`).
    pub json: Option<Spanned<toml::Table>>,
    /// A form body (`application/x-www-form-urlencoded`; fills `e.parameter` too).
    pub form: Option<Spanned<BTreeMap<String, String>>>,
    /// A raw body, with `content_type`.
    pub body: Option<Spanned<String>>,
    pub content_type: Option<String>,
    /// How the attempts end, in order (the rest delivered, unless a fault picks them).
    #[serde(default)]
    pub outcomes: Vec<Spanned<String>>,
    /// When the client gives up without a saved answer, the visitor presses Send again
    /// this long after.
    pub resubmit_after: Option<Spanned<String>>,
    /// This many submissions (a burst); `{n}` in strings is 1, 2, ...
    pub repeat: Option<Spanned<i64>>,
    /// Time between the repeated submissions (default: all at `at`).
    pub every: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubmissionFilter {
    pub client: Option<Spanned<String>>,
    pub label: Option<String>,
    /// Only submissions whose executions appended this many rows / sent this many mails.
    pub rows: Option<u64>,
    pub mails: Option<u64>,
    pub concluded: Option<Spanned<String>>,
    /// Only submissions that made this many attempts.
    pub attempts: Option<u64>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResponseFilter {
    /// Only the attempts of submissions with this label (plain requests have none).
    pub label: Option<String>,
    pub status: Option<u16>,
    pub body: Option<String>,
    /// A delivery outcome (`delivered`, `lost`, ...).
    pub outcome: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyPolicy {
    PerMessage,
    PerAttempt,
    None,
}

impl KeyPolicy {
    pub fn name(self) -> &'static str {
        match self {
            KeyPolicy::PerMessage => "per-message",
            KeyPolicy::PerAttempt => "per-attempt",
            KeyPolicy::None => "none",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Client {
    pub name: String,
    pub timeout_ms: i64,
    pub attempts: u32,
    pub backoff_ms: i64,
    pub retry_on: Vec<&'static str>,
    pub key: KeyPolicy,
    pub key_field: String,
    pub path: String,
}

/// A body as the client sends it.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Json(serde_json::Map<String, serde_json::Value>),
    Form(BTreeMap<String, String>),
    Raw { text: String, content_type: String },
}

#[derive(Debug, Clone)]
pub struct PlannedSubmission {
    pub index: usize,
    pub label: Option<String>,
    pub at_utc_ms: i64,
    pub client: usize,
    pub body: Body,
    pub outcomes: Vec<Outcome>,
    pub resubmit_after_ms: Option<i64>,
}

/// Everything about clients a run needs.
#[derive(Debug, Clone)]
pub struct ClientsPlan {
    pub clients: Vec<Client>,
    pub submissions: Vec<PlannedSubmission>,
    pub delivery_faults: DeliveryFaults,
    pub simultaneous_executions_max: usize,
}

impl ClientsPlan {
    pub fn is_empty(&self) -> bool {
        self.submissions.is_empty()
    }
}

fn duration(loaded: &LoadedScenario, value: &Spanned<String>, key: &str) -> Result<i64, ScenarioError> {
    parse_duration_ms(value.get_ref()).map_err(|e| loaded.error_at(value, key, e))
}

/// The plan's reading of a time value under a key, as an instant.
use crate::plan::TimeCheck;

/// Resolves `[[clients]]`, `[[submissions]]`, the delivery fault rules and the
/// concurrency limit. `start_time` is the plan's check of a start instant (inside the
/// run's window).
pub fn plan(
    loaded: &LoadedScenario,
    seed: u64,
    has_do_post: bool,
    start_time: &TimeCheck<'_>,
    time: &TimeCheck<'_>,
) -> Result<ClientsPlan, ScenarioError> {
    let file = &loaded.file;
    let mut clients: Vec<Client> = Vec::new();
    for (i, section) in file.clients.iter().enumerate() {
        let key = format!("clients[{i}]");
        let name = section.name.get_ref().clone();
        if name.is_empty() {
            return Err(loaded.error_at(&section.name, &format!("{key}.name"), "a client needs a name"));
        }
        if clients.iter().any(|c| c.name == name) {
            return Err(loaded.error_at(&section.name, &format!("{key}.name"), format!("{name:?} is named twice")));
        }
        let timeout_ms = match &section.timeout {
            Some(t) => duration(loaded, t, &format!("{key}.timeout"))?,
            None => 20_000,
        };
        let backoff_ms = match &section.backoff {
            Some(t) => duration(loaded, t, &format!("{key}.backoff"))?,
            None => 2_000,
        };
        let attempts = match &section.attempts {
            Some(n) if (1..=ATTEMPTS_MAX).contains(n.get_ref()) => *n.get_ref() as u32,
            Some(n) => {
                return Err(loaded.error_at(
                    n,
                    &format!("{key}.attempts"),
                    format!("{}: a client makes 1 to {ATTEMPTS_MAX} attempts per press of Send", n.get_ref()),
                ))
            }
            None => 1,
        };
        let retry_on = match &section.retry_on {
            Some(list) => list
                .iter()
                .map(|class| {
                    RETRY_CLASSES.iter().copied().find(|c| c == class.get_ref()).ok_or_else(|| {
                        loaded.error_at(
                            class,
                            &format!("{key}.retry_on"),
                            format!("{:?}: retry on {}", class.get_ref(), RETRY_CLASSES.join(", ")),
                        )
                    })
                })
                .collect::<Result<Vec<_>, _>>()?,
            None => RETRY_CLASSES.to_vec(),
        };
        let key_policy = match section.key.as_ref().map(|k| (k, k.get_ref().as_str())) {
            None | Some((_, "none")) => KeyPolicy::None,
            Some((_, "per-message")) => KeyPolicy::PerMessage,
            Some((_, "per-attempt")) => KeyPolicy::PerAttempt,
            Some((k, other)) => {
                return Err(loaded.error_at(
                    k,
                    &format!("{key}.key"),
                    format!("{other:?}: use \"per-message\", \"per-attempt\" or \"none\""),
                ))
            }
        };
        let key_field = section.key_field.clone().unwrap_or_else(|| "id".into());
        if key_field.is_empty() {
            return Err(loaded.error(&format!("{key}.key_field"), "the key's field needs a name"));
        }
        clients.push(Client {
            name,
            timeout_ms,
            attempts,
            backoff_ms,
            retry_on,
            key: key_policy,
            key_field,
            path: section.path.clone(),
        });
    }
    let mut submissions = Vec::new();
    let mut body_bytes_total = 0usize;
    for (i, section) in file.submissions.iter().enumerate() {
        let key = format!("submissions[{i}]");
        if !has_do_post {
            return Err(loaded.error_at(&section.at, &key, "the project has no doPost for a submission"));
        }
        let client = clients.iter().position(|c| c.name == *section.client.get_ref()).ok_or_else(|| {
            let known: Vec<&str> = clients.iter().map(|c| c.name.as_str()).collect();
            let known = if known.is_empty() { "none declared".to_string() } else { known.join(", ") };
            loaded.error_at(
                &section.client,
                &format!("{key}.client"),
                format!("no [[clients]] named {:?} (clients: {known})", section.client.get_ref()),
            )
        })?;
        let given: Vec<&str> =
            [("json", section.json.is_some()), ("form", section.form.is_some()), ("body", section.body.is_some())]
                .into_iter()
                .filter_map(|(n, g)| g.then_some(n))
                .collect();
        if given.len() > 1 {
            return Err(loaded.error(
                &format!("{key}.{}", given[1]),
                format!("a submission has one body, but this one has {}", given.join(" and ")),
            ));
        }
        if section.content_type.is_some() && section.body.is_none() {
            return Err(loaded.error(
                &format!("{key}.content_type"),
                "content_type goes with a raw body (json and form set their own)",
            ));
        }
        let outcomes = section
            .outcomes
            .iter()
            .map(|o| Outcome::parse(o.get_ref()).map_err(|e| loaded.error_at(o, &format!("{key}.outcomes"), e)))
            .collect::<Result<Vec<_>, _>>()?;
        let resubmit_after_ms = section
            .resubmit_after
            .as_ref()
            .map(|t| duration(loaded, t, &format!("{key}.resubmit_after")))
            .transpose()?;
        let attempts_max = clients[client].attempts as usize * if resubmit_after_ms.is_some() { 2 } else { 1 };
        if outcomes.len() > attempts_max {
            return Err(loaded.error(
                &format!("{key}.outcomes"),
                format!(
                    "{} outcomes, but client {:?} makes at most {attempts_max} attempts for this submission",
                    outcomes.len(),
                    clients[client].name
                ),
            ));
        }
        let repeat = match &section.repeat {
            Some(n) if (1..=REPEAT_MAX).contains(n.get_ref()) => *n.get_ref(),
            Some(n) => {
                return Err(loaded.error_at(n, &format!("{key}.repeat"), format!("must be 1 to {REPEAT_MAX}")));
            }
            None => 1,
        };
        let every_ms = section.every.as_ref().map(|t| duration(loaded, t, &format!("{key}.every"))).transpose()?;
        if every_ms.is_some() && section.repeat.is_none() {
            return Err(loaded.error(&format!("{key}.every"), "every spaces a repeat: give repeat = N too"));
        }
        let first_utc_ms = start_time(&section.at, &format!("{key}.at"))?;
        let has_key = clients[client].key != KeyPolicy::None;
        // Checked once for the whole repeat, before its bodies are built.
        let body_bytes = body_of(loaded, section, &key, 1, has_key)?.len_bytes();
        body_bytes_total = body_bytes_total.saturating_add(body_bytes.saturating_mul(repeat as usize));
        if body_bytes_total > SUBMISSION_BODY_BYTES_TOTAL_MAX {
            let message = format!(
                "the submissions' bodies come to more than {SUBMISSION_BODY_BYTES_TOTAL_MAX} bytes \
                 (gas-sim's limit): fewer repeats or smaller bodies"
            );
            return Err(loaded.error(&key, message));
        }
        for n in 1..=repeat {
            let at_utc_ms = first_utc_ms.saturating_add((n - 1).saturating_mul(every_ms.unwrap_or(0)));
            if n > 1 {
                // The last of a burst must start inside the run too.
                let text = Spanned::new(section.at.span(), gas_platform::time::iso_utc(at_utc_ms));
                time(&text, &format!("{key}.at"))?;
                if at_utc_ms >= time(&loaded.file.end, "end")? {
                    return Err(loaded.error(
                        &format!("{key}.every"),
                        format!("submission {n} of {repeat} would start at or after end"),
                    ));
                }
            }
            let body = body_of(loaded, section, &key, n, has_key)?;
            submissions.push(PlannedSubmission {
                index: submissions.len(),
                label: section.label.clone(),
                at_utc_ms,
                client,
                body,
                outcomes: outcomes.clone(),
                resubmit_after_ms,
            });
            if submissions.len() > SUBMISSIONS_MAX {
                return Err(loaded.error(&key, format!("more than {SUBMISSIONS_MAX} submissions in one scenario")));
            }
        }
    }
    let mut delivery_faults = DeliveryFaults::new(seed);
    for (i, fault) in file.faults.iter().enumerate() {
        let key = format!("faults[{i}]");
        let Some(outcome) = &fault.outcome else { continue };
        let function = fault.call.get_ref();
        if function != "doPost" && function != "doGet" {
            return Err(loaded.error_at(
                &fault.call,
                &format!("{key}.call"),
                format!("{function:?}: an outcome picks web-app deliveries: call = \"doPost\" or \"doGet\""),
            ));
        }
        let others = [
            ("throw", fault.throw.is_some()),
            ("throw_after", fault.throw_after.is_some()),
            ("kill", fault.kill.is_some()),
            ("delay", fault.delay.is_some()),
            ("respond", fault.respond.is_some()),
            ("function", fault.function.is_some()),
            ("args", !fault.args.is_empty()),
        ];
        if let Some((name, _)) = others.iter().find(|(_, given)| *given) {
            return Err(loaded.error(
                &format!("{key}.{name}"),
                "a delivery fault picks an outcome only (from, until, nth, probability select)",
            ));
        }
        let outcome =
            Outcome::parse(outcome.get_ref()).map_err(|e| loaded.error_at(outcome, &format!("{key}.outcome"), e))?;
        gas_platform::faults::check_nth(&fault.nth).map_err(|e| loaded.error(&format!("{key}.nth"), e))?;
        if let Some(p) = fault.probability {
            if !(0.0..=1.0).contains(&p) {
                return Err(loaded.error(&format!("{key}.probability"), "must be between 0 and 1"));
            }
        }
        let from_utc_ms = fault.from.as_ref().map(|t| time(t, &format!("{key}.from"))).transpose()?;
        let until_utc_ms = fault.until.as_ref().map(|t| time(t, &format!("{key}.until"))).transpose()?;
        delivery_faults.rules.push(DeliveryRule {
            function: function.clone(),
            from_utc_ms,
            until_utc_ms,
            nth: fault.nth.clone(),
            probability: fault.probability,
            outcome,
            matched_count: 0,
        });
    }
    let simultaneous_executions_max = match &file.simultaneous_executions_max {
        Some(max) => gas_platform::concurrency::check_limit(*max.get_ref(), crate::run::OVERLAPPING_EXECUTIONS_MAX)
            .map_err(|e| loaded.error_at(max, "simultaneous_executions_max", e))?,
        None => gas_platform::concurrency::SIMULTANEOUS_EXECUTIONS_PER_USER_MAX,
    };
    Ok(ClientsPlan { clients, submissions, delivery_faults, simultaneous_executions_max })
}

/// The body of submission `n` of a burst, `{n}` filled in.
fn body_of(
    loaded: &LoadedScenario,
    section: &SubmissionSection,
    key: &str,
    n: i64,
    has_key: bool,
) -> Result<Body, ScenarioError> {
    let fill = |text: &str| text.replace("{n}", &n.to_string());
    if let Some(json) = &section.json {
        let value = serde_json::to_value(json.get_ref())
            .map_err(|e| loaded.error_at(json, &format!("{key}.json"), format!("not JSON: {e}")))?;
        let filled = fill_json(value, &fill);
        let serde_json::Value::Object(map) = filled else { unreachable!("a TOML table is a JSON object") };
        return Ok(Body::Json(map));
    }
    if let Some(form) = &section.form {
        return Ok(Body::Form(form.get_ref().iter().map(|(k, v)| (k.clone(), fill(v))).collect()));
    }
    if has_key {
        return Err(loaded.error(
            &format!("{key}.client"),
            "this client adds a key to the body: give the submission json = {...} or form = {...}",
        ));
    }
    let text = section.body.as_ref().map(|b| fill(b.get_ref())).unwrap_or_default();
    let content_type =
        section.content_type.clone().unwrap_or_else(|| gas_platform::webapp::event::DEFAULT_BODY_TYPE.into());
    Ok(Body::Raw { text, content_type })
}

fn fill_json(value: serde_json::Value, fill: &dyn Fn(&str) -> String) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(s) => Value::String(fill(&s)),
        Value::Array(items) => Value::Array(items.into_iter().map(|v| fill_json(v, fill)).collect()),
        Value::Object(map) => Value::Object(map.into_iter().map(|(k, v)| (k, fill_json(v, fill))).collect()),
        other => other,
    }
}

/// A submission filter, checked.
#[derive(Debug, Clone)]
pub struct SubmissionCheck {
    pub client: Option<String>,
    pub label: Option<String>,
    pub rows: Option<u64>,
    pub mails: Option<u64>,
    pub concluded: Option<Conclusion>,
    pub attempts: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct ResponseCheck {
    pub label: Option<String>,
    pub status: Option<u16>,
    pub body: Option<crate::expect::TextMatch>,
    pub outcome: Option<Outcome>,
}

pub fn submission_check(
    loaded: &LoadedScenario,
    filter: &SubmissionFilter,
    key: &str,
) -> Result<(SubmissionCheck, String), ScenarioError> {
    if let Some(client) = &filter.client {
        if !loaded.file.clients.iter().any(|c| c.name.get_ref() == client.get_ref()) {
            return Err(loaded.error_at(
                client,
                &format!("{key}.submission.client"),
                format!("no [[clients]] named {:?}", client.get_ref()),
            ));
        }
    }
    let concluded = filter
        .concluded
        .as_ref()
        .map(|c| {
            Conclusion::parse(c.get_ref()).map_err(|e| loaded.error_at(c, &format!("{key}.submission.concluded"), e))
        })
        .transpose()?;
    if let Some(label) = &filter.label {
        if !loaded.file.submissions.iter().any(|s| s.label.as_ref() == Some(label)) {
            return Err(
                loaded.error(&format!("{key}.submission.label"), format!("no [[submissions]] labelled {label:?}"))
            );
        }
    }
    let mut label = "submissions".to_string();
    if let Some(l) = &filter.label {
        label.push_str(&format!(" {l:?}"));
    }
    if let Some(client) = &filter.client {
        label.push_str(&format!(" of {}", client.get_ref()));
    }
    if let Some(c) = concluded {
        label.push_str(&format!(" concluded {}", c.name()));
    }
    for (name, value) in [("attempts", filter.attempts), ("rows", filter.rows), ("mails", filter.mails)] {
        if let Some(n) = value {
            label.push_str(&format!(" with {n} {name}"));
        }
    }
    let check = SubmissionCheck {
        client: filter.client.as_ref().map(|c| c.get_ref().clone()),
        label: filter.label.clone(),
        rows: filter.rows,
        mails: filter.mails,
        concluded,
        attempts: filter.attempts,
    };
    Ok((check, label))
}

pub fn response_check(
    loaded: &LoadedScenario,
    filter: &ResponseFilter,
    key: &str,
) -> Result<(ResponseCheck, String), ScenarioError> {
    let body = filter
        .body
        .as_deref()
        .map(crate::expect::TextMatch::parse)
        .transpose()
        .map_err(|e| loaded.error(&format!("{key}.response.body"), e))?;
    let outcome = filter
        .outcome
        .as_ref()
        .map(|o| Outcome::parse(o.get_ref()).map_err(|e| loaded.error_at(o, &format!("{key}.response.outcome"), e)))
        .transpose()?;
    if let Some(label) = &filter.label {
        if !loaded.file.submissions.iter().any(|s| s.label.as_ref() == Some(label)) {
            return Err(
                loaded.error(&format!("{key}.response.label"), format!("no [[submissions]] labelled {label:?}"))
            );
        }
    }
    let mut label = "responses".to_string();
    if let Some(l) = &filter.label {
        label.push_str(&format!(" to {l:?}"));
    }
    if let Some(o) = outcome {
        label.push_str(&format!(" {}", o.name()));
    }
    if let Some(s) = filter.status {
        label.push_str(&format!(" status {s}"));
    }
    if let Some(b) = &filter.body {
        label.push_str(&format!(" body {b}"));
    }
    Ok((ResponseCheck { label: filter.label.clone(), status: filter.status, body, outcome }, label))
}
