//! `[[requests]]` read into requests as a client sends them: the method, the path, the
//! query (written or encoded from a table) and at most one body (`body` with its
//! `content_type`, `json` or `form`), repeated `repeat` times with `{n}` numbering them.
//! The event object itself is built by `gas_platform::webapp::event`.

use gas_platform::webapp::event::{self, Body, Request};
use toml::Spanned;

use crate::model::{LoadedScenario, RequestSection, ScenarioError};

/// The most requests one `[[requests]]` block may make (`repeat`): a burst, not a load
/// test (use several blocks or a trigger for more).
pub const REPEAT_MAX: i64 = 1_000;
/// Bytes of body a scenario's `[[requests]]` send in all, repeats included (gas-sim's
/// limit: each request's event is built and held from the plan on): 256 MiB. Checked for
/// a block before its requests are built, and for the blocks together.
pub const BODY_BYTES_TOTAL_MAX: usize = 256 * 1024 * 1024;

/// The error of requests whose bodies come to more than [`BODY_BYTES_TOTAL_MAX`].
pub fn bodies_too_large(total_bytes: usize) -> String {
    format!("the requests' bodies come to {total_bytes} bytes, more than {BODY_BYTES_TOTAL_MAX} (gas-sim's limit): fewer repeats or smaller bodies")
}

/// The requests one `[[requests]]` block makes, in order.
pub fn expand(loaded: &LoadedScenario, key: &str, section: &RequestSection) -> Result<Vec<Request>, ScenarioError> {
    let count = match &section.repeat {
        None => 1,
        Some(n) if (1..=REPEAT_MAX).contains(n.get_ref()) => *n.get_ref(),
        Some(n) => {
            return Err(loaded.error_at(n, &format!("{key}.repeat"), format!("must be 1 to {REPEAT_MAX} requests")))
        }
    };
    let bodies = [section.body.is_some(), section.json.is_some(), section.form.is_some()];
    if bodies.iter().filter(|b| **b).count() > 1 {
        return Err(loaded.error_at(&section.at, key, "a request has one body: body, json or form, not several"));
    }
    if let Some(content_type) = &section.content_type {
        if section.body.is_none() {
            let message = "content_type goes with a raw body; json and form set their own";
            return Err(loaded.error_at(content_type, &format!("{key}.content_type"), message));
        }
    }
    if section.query.is_some() && !section.parameters.is_empty() {
        return Err(loaded.error_at(&section.at, key, "write the query once: query or parameters, not both"));
    }
    if let Some(first) = body(loaded, key, section, "1")? {
        let total_bytes = first.contents.len().saturating_mul(count as usize);
        if total_bytes > BODY_BYTES_TOTAL_MAX {
            return Err(loaded.error_at(&section.at, key, bodies_too_large(total_bytes)));
        }
    }
    let user_agent = match &section.user_agent {
        None => Some(event::DEFAULT_USER_AGENT.to_string()),
        Some(agent) if agent.get_ref().is_empty() => None,
        Some(agent) => {
            event::check_user_agent(agent.get_ref())
                .map_err(|e| loaded.error_at(agent, &format!("{key}.user_agent"), e))?;
            Some(agent.get_ref().clone())
        }
    };
    let method = match section.method.get_ref().to_uppercase() {
        unwritten if unwritten.is_empty() => if bodies.contains(&true) { "POST" } else { "GET" }.to_string(),
        written => written,
    };
    (1..=count)
        .map(|n| {
            let n = n.to_string();
            let request = Request {
                method: method.clone(),
                path: section.path.replace("{n}", &n).trim_start_matches('/').to_string(),
                query: query(loaded, key, section, &n)?,
                body: body(loaded, key, section, &n)?,
                user_agent: user_agent.as_ref().map(|agent| agent.replace("{n}", &n)),
            };
            event::check_request(&request).map_err(|e| loaded.error_at(&section.method_or_at(), key, e))?;
            Ok(request)
        })
        .collect()
}

impl RequestSection {
    /// Where a request's error points: its `method` when written, else its `at`.
    fn method_or_at(&self) -> Spanned<String> {
        if self.method.span().end > 0 {
            self.method.clone()
        } else {
            self.at.clone()
        }
    }
}

fn query(loaded: &LoadedScenario, key: &str, section: &RequestSection, n: &str) -> Result<String, ScenarioError> {
    let Some(query) = &section.query else {
        let pairs: Vec<(String, String)> =
            section.parameters.iter().map(|(k, v)| (k.replace("{n}", n), v.replace("{n}", n))).collect();
        return Ok(event::encode_pairs(&pairs));
    };
    match query.get_ref() {
        toml::Value::String(text) => Ok(text.trim_start_matches('?').replace("{n}", n)),
        toml::Value::Table(table) => {
            let pairs = fields(table, n).map_err(|e| loaded.error_at(query, &format!("{key}.query"), e))?;
            Ok(event::encode_pairs(&pairs))
        }
        _ => Err(loaded.error_at(query, &format!("{key}.query"), "a query is a string (\"a=1&b=2\") or a table")),
    }
}

fn body(loaded: &LoadedScenario, key: &str, section: &RequestSection, n: &str) -> Result<Option<Body>, ScenarioError> {
    if let Some(raw) = &section.body {
        let content_type =
            section.content_type.as_ref().map_or(event::DEFAULT_BODY_TYPE.to_string(), |t| t.get_ref().clone());
        return Ok(Some(Body { contents: raw.get_ref().replace("{n}", n), content_type }));
    }
    if let Some(json) = &section.json {
        let value = to_json(json.get_ref(), n);
        let contents = serde_json::to_string(&value).unwrap_or_default();
        return Ok(Some(Body { contents, content_type: event::JSON_TYPE.into() }));
    }
    if let Some(form) = &section.form {
        let toml::Value::Table(table) = form.get_ref() else {
            return Err(loaded.error_at(form, &format!("{key}.form"), "a form is a table of fields"));
        };
        let pairs = fields(table, n).map_err(|e| loaded.error_at(form, &format!("{key}.form"), e))?;
        return Ok(Some(Body { contents: event::encode_pairs(&pairs), content_type: event::FORM_TYPE.into() }));
    }
    Ok(None)
}

/// A table's fields as name/value pairs: a list is the name given once per value.
fn fields(table: &toml::Table, n: &str) -> Result<Vec<(String, String)>, String> {
    let mut pairs = Vec::new();
    for (name, value) in table {
        let values = match value {
            toml::Value::Array(items) => items.iter().collect(),
            one => vec![one],
        };
        for value in values {
            let text = match value {
                toml::Value::String(s) => s.replace("{n}", n),
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Float(f) => f.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                other => {
                    return Err(format!("{name}: a field is a string, number or boolean, not {}", other.type_str()))
                }
            };
            pairs.push((name.replace("{n}", n), text));
        }
    }
    Ok(pairs)
}

fn to_json(value: &toml::Value, n: &str) -> serde_json::Value {
    use serde_json::Value as J;
    match value {
        toml::Value::String(s) => J::String(s.replace("{n}", n)),
        toml::Value::Integer(i) => J::from(*i),
        toml::Value::Float(f) => serde_json::Number::from_f64(*f).map_or(J::Null, J::Number),
        toml::Value::Boolean(b) => J::Bool(*b),
        toml::Value::Datetime(d) => J::String(d.to_string()),
        toml::Value::Array(items) => J::Array(items.iter().map(|v| to_json(v, n)).collect()),
        toml::Value::Table(table) => {
            J::Object(table.iter().map(|(k, v)| (k.replace("{n}", n), to_json(v, n))).collect())
        }
    }
}
