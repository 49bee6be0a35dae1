//! `google.script.run` for the pages `serve` serves: the client script injected into
//! every HtmlService output (`client.js`), and the endpoint its calls reach. Each call
//! runs its function as an execution of its own (fresh globals, as on the platform) with
//! the call's arguments; the answer carries the return value (null when the platform's
//! rules say it does not cross) or the script's error as the failure handler gets it.
//! The rules are `gas_platform::webapp::script_run`'s.

use gas_engine::{ExecutionReport, FailureKind, Outcome, Project};
use gas_platform::webapp::script_run;
use serde_json::{json, Value};

/// Where the page's calls go: outside `/exec` and `/dev`, so no web app path reaches it.
pub const ENDPOINT: &str = "/__gas_sim/script-run";

/// Arguments one call may pass (a guard; the JSON body's size is limited too).
const ARGS_MAX: usize = 64;

/// The client script, with the platform's values filled in.
pub fn client_script() -> String {
    include_str!("client.js")
        .replace("__ENDPOINT__", ENDPOINT)
        .replace("__CALLS_MAX__", &script_run::CONCURRENT_CALLS_MAX.to_string())
        .replace("__ILLEGAL__", script_run::ILLEGAL_VALUE_MESSAGE_PREFIX)
        .replace("__NETWORK__", script_run::NETWORK_FAILURE_MESSAGE_PREFIX)
}

/// `page` with the client script first in its `<head>` (or first of all, without one),
/// so the page's own scripts find `google.script.run`.
pub fn inject(page: &str, script: &str) -> String {
    let tag = format!("<script>{script}</script>");
    let lower = page.to_ascii_lowercase();
    let at = lower.find("<head").and_then(|start| lower[start..].find('>').map(|end| start + end + 1));
    match at {
        Some(at) => format!("{}{tag}{}", &page[..at], &page[at..]),
        None => format!("{tag}{page}"),
    }
}

/// A page's call: the function and its arguments, checked.
#[derive(Debug, PartialEq)]
pub struct Call {
    pub function: String,
    pub args: Vec<Value>,
}

/// The call a request body asks for, or why it cannot run (a failure handler's Error).
pub fn parse_call(body: &[u8], project: &Project) -> Result<Call, Value> {
    let refused = |message: String| script_run::failure_of("Error", &message);
    let value: Value = serde_json::from_slice(body).map_err(|e| refused(format!("malformed call: {e}")))?;
    let function = value.get("function").and_then(Value::as_str).unwrap_or_default().to_string();
    let args = match value.get("args") {
        None => Vec::new(),
        Some(Value::Array(args)) if args.len() <= ARGS_MAX => args.clone(),
        Some(_) => return Err(refused(format!("malformed call: args is an array of at most {ARGS_MAX}"))),
    };
    script_run::callable(&function).map_err(refused)?;
    // Only a function the project's files declare: not a builtin of the global (eval).
    if !project.files().iter().any(|f| gas_scenario::plan::declares_function(&f.text, &function)) {
        return Err(refused(gas_platform::webapp::response::function_not_found_message(&function)));
    }
    Ok(Call { function, args })
}

/// The endpoint's answer for an execution: `{"ok": true, "value": ...}` or
/// `{"ok": false, "error": {"name", "message"}}`.
pub fn answer(report: &ExecutionReport) -> Value {
    match &report.outcome {
        Outcome::Completed { result } => json!({ "ok": true, "value": result }),
        Outcome::Failed { error } if error.kind == FailureKind::FunctionNotFound => {
            refusal(script_run::failure_of("Error", &error.message))
        }
        Outcome::Failed { error } => refusal(script_run::failure_of(&error.name, &error.message)),
        Outcome::Killed { reason } => refusal(script_run::failure_of("Error", reason)),
    }
}

/// The answer for a call that failed before or without running.
pub fn refusal(error: Value) -> Value {
    json!({ "ok": false, "error": error })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> Project {
        let file = gas_engine::project::SourceFile {
            name: "Code.gs".into(),
            text: "function save(m) { return m; }\nfunction save_(m) {}\n".into(),
        };
        Project::from_sources("UTC", vec![file])
    }

    #[test]
    fn the_script_goes_first_in_the_head() {
        let page = "<!DOCTYPE html><HTML><Head lang=\"en\"><title>x</title></head><body></body></HTML>";
        let out = inject(page, "S");
        assert!(out.starts_with("<!DOCTYPE html><HTML><Head lang=\"en\"><script>S</script><title>"), "{out}");
        assert_eq!(inject("<p>hi</p>", "S"), "<script>S</script><p>hi</p>");
        let script = client_script();
        assert!(script.contains(ENDPOINT) && script.contains("Failed due to illegal value in property: "));
        for placeholder in ["__ENDPOINT__", "__CALLS_MAX__", "__ILLEGAL__", "__NETWORK__"] {
            assert!(!script.contains(placeholder), "{placeholder} filled");
        }
    }

    #[test]
    fn calls_are_checked_before_they_run() {
        let p = project();
        assert_eq!(
            parse_call(br#"{"function":"save","args":[{"a":1}]}"#, &p),
            Ok(Call { function: "save".into(), args: vec![json!({"a": 1})] })
        );
        let message = |body: &[u8]| parse_call(body, &p).unwrap_err()["message"].as_str().unwrap().to_string();
        assert!(message(br#"{"function":"save_"}"#).contains("is private"));
        assert_eq!(message(br#"{"function":"eval"}"#), "Script function not found: eval");
        assert!(message(b"{").starts_with("malformed call"));
        assert!(message(br#"{"function":"save","args":3}"#).contains("args is an array"));
    }
}
