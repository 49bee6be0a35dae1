//! `google.script.run` for the pages `serve` serves: the client script injected into
//! every HtmlService output (`client.js`), and the endpoint its calls reach. Each call
//! runs its function as an execution of its own (fresh globals, as on the platform) with
//! the call's arguments; the answer carries the return value (null when the platform's
//! rules say it does not cross) or the script's error as the failure handler gets it.
//! The rules are `gas_platform::webapp::script_run`'s.

use gas_engine::{ExecutionReport, FailureKind, Outcome, Project};
use gas_platform::webapp::script_run::{self, FormFiles, FORM_FILE_KEY};
use serde_json::{json, Value};

/// Where the page's calls go: outside `/exec` and `/dev`, so no web app path reaches it.
pub const ENDPOINT: &str = "/__gas_sim/script-run";

/// Arguments one call may pass (a guard; the JSON body's size is limited too).
const ARGS_MAX: usize = 64;

/// The client script, with the platform's values filled in.
pub fn client_script(form_files: FormFiles) -> String {
    include_str!("client.js")
        .replace("__ENDPOINT__", ENDPOINT)
        .replace("__CALLS_MAX__", &script_run::CONCURRENT_CALLS_MAX.to_string())
        .replace("__ILLEGAL__", script_run::ILLEGAL_VALUE_MESSAGE_PREFIX)
        .replace("__NETWORK__", script_run::NETWORK_FAILURE_MESSAGE_PREFIX)
        .replace("__FORM_FILES__", if form_files == FormFiles::Blob { "blob" } else { "fail" })
        .replace("__FILE_FAILURE__", &script_run::FILE_INPUT_FAILURE_PREFIX.replace('\'', "\\'"))
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
/// A form's files (`form_files`, sent only under `--form-files blob`) go into the form's
/// fields, marked with [`FORM_FILE_KEY`] for the execution to make Blobs of.
pub fn parse_call(body: &[u8], project: &Project, form_files: FormFiles) -> Result<Call, Value> {
    let refused = |message: String| script_run::failure_of("Error", &message);
    let value: Value = serde_json::from_slice(body).map_err(|e| refused(format!("malformed call: {e}")))?;
    let function = value.get("function").and_then(Value::as_str).unwrap_or_default().to_string();
    let mut args = match value.get("args") {
        None => Vec::new(),
        Some(Value::Array(args)) if args.len() <= ARGS_MAX => args.clone(),
        Some(_) => return Err(refused(format!("malformed call: args is an array of at most {ARGS_MAX}"))),
    };
    if args.iter().any(uses_form_file_key) {
        return Err(refused(format!("malformed call: {FORM_FILE_KEY} is gas-sim's own key")));
    }
    if let Some(files) = value.get("form_files") {
        add_form_files(&mut args, files, form_files).map_err(|e| refused(format!("malformed call: {e}")))?;
    }
    script_run::callable(&function).map_err(refused)?;
    // Only a function the project's files declare: not a builtin of the global (eval).
    if !project.files().iter().any(|f| gas_scenario::plan::declares_function(&f.text, &function)) {
        return Err(refused(gas_platform::webapp::response::function_not_found_message(&function)));
    }
    Ok(Call { function, args })
}

fn uses_form_file_key(value: &Value) -> bool {
    match value {
        Value::Object(fields) => fields.iter().any(|(key, value)| key == FORM_FILE_KEY || uses_form_file_key(value)),
        Value::Array(items) => items.iter().any(uses_form_file_key),
        _ => false,
    }
}

/// Puts each file of `files` (`{"field": {"name", "type", "base64"}}`) into the form's
/// field of that name.
fn add_form_files(args: &mut [Value], files: &Value, mode: FormFiles) -> Result<(), String> {
    if mode != FormFiles::Blob {
        return Err("form files cross only with --form-files blob".into());
    }
    let only = args.len() == 1;
    let (Some(Value::Object(form)), Value::Object(files), true) = (args.first_mut(), files, only) else {
        return Err("form_files go with a form, the call's only argument".into());
    };
    for (field, file) in files {
        let text =
            |key: &str| file.get(key).and_then(Value::as_str).ok_or(format!("form_files.{field}.{key} is not text"));
        let (name, content_type, base64) = (text("name")?, text("type")?, text("base64")?);
        use base64::Engine as _;
        base64::engine::general_purpose::STANDARD
            .decode(base64)
            .map_err(|e| format!("form_files.{field}.base64: {e}"))?;
        let content_type = if content_type.is_empty() && !name.is_empty() {
            script_run::FILE_INPUT_DEFAULT_CONTENT_TYPE
        } else {
            content_type
        };
        let marked = json!({ "name": name, "type": content_type, "base64": base64 });
        form.insert(field.clone(), json!({ FORM_FILE_KEY: marked }));
    }
    Ok(())
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
        let script = client_script(FormFiles::Fail);
        assert!(script.contains(ENDPOINT) && script.contains("Failed due to illegal value in property: "));
        for placeholder in
            ["__ENDPOINT__", "__CALLS_MAX__", "__ILLEGAL__", "__NETWORK__", "__FORM_FILES__", "__FILE_FAILURE__"]
        {
            assert!(!script.contains(placeholder), "{placeholder} filled");
        }
    }

    #[test]
    fn calls_are_checked_before_they_run() {
        let p = project();
        assert_eq!(
            parse_call(br#"{"function":"save","args":[{"a":1}]}"#, &p, FormFiles::Fail),
            Ok(Call { function: "save".into(), args: vec![json!({"a": 1})] })
        );
        let message =
            |body: &[u8]| parse_call(body, &p, FormFiles::Blob).unwrap_err()["message"].as_str().unwrap().to_string();
        assert!(message(br#"{"function":"save_"}"#).contains("is private"));
        assert_eq!(message(br#"{"function":"eval"}"#), "Script function not found: eval");
        assert!(message(b"{").starts_with("malformed call"));
        assert!(message(br#"{"function":"save","args":3}"#).contains("args is an array"));
        assert!(message(br#"{"function":"save","args":[{"k":{"__gas_sim_form_file":{}}}]}"#).contains("own key"));
        assert!(message(br#"{"function":"save","args":[1,2],"form_files":{}}"#).contains("only argument"));
        let bad = br#"{"function":"save","args":[{}],"form_files":{"f":{"name":"a","type":"","base64":"%%"}}}"#;
        assert!(message(bad).starts_with("malformed call: form_files.f.base64: "), "{}", message(bad));
    }

    #[test]
    fn form_files_go_into_the_form_marked_and_only_under_blob() {
        let p = project();
        let body = br#"{"function":"save","args":[{"who":"Ann"}],"form_files":{"cv":{"name":"cv.txt","type":"","base64":"aGk="},"none":{"name":"","type":"","base64":""}}}"#;
        let call = parse_call(body, &p, FormFiles::Blob).unwrap();
        assert_eq!(
            call.args,
            vec![json!({
                "who": "Ann",
                "cv": { FORM_FILE_KEY: {"name": "cv.txt", "type": "application/octet-stream", "base64": "aGk="} },
                "none": { FORM_FILE_KEY: {"name": "", "type": "", "base64": ""} },
            })]
        );
        let refused = parse_call(body, &p, FormFiles::Fail).unwrap_err();
        assert!(refused["message"].as_str().unwrap().contains("only with --form-files blob"), "{refused}");
    }
}
