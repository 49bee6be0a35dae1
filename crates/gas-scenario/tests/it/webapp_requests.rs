//! `[[requests]]`: what each block becomes (methods, queries, bodies, bursts), the event
//! object doGet/doPost get, what the client is answered, and bad input as clear errors
//! naming file, line and key.

use std::path::{Path, PathBuf};

use gas_platform::webapp::response::Page;
use gas_scenario::plan::Occurrence;
use gas_scenario::{plan, run_scenario, PreparedScenario, RunOptions};
use serde_json::{json, Value};

const HEADER: &str = "name = \"w\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T12:00\"\n";

const CODE: &str = "function doGet(e) {
  if (e.pathInfo === 'boom') throw new TypeError('bad ' + e.parameter.id);
  if (e.pathInfo === 'none') return 42;
  if (e.pathInfo === 'agent') return ContentService.createTextOutput(String(HtmlService.getUserAgent()));
  return ContentService.createTextOutput(JSON.stringify(e)).setMimeType(ContentService.MimeType.JSON);
}
function page() { return HtmlService.createHtmlOutput('<p>x</p>'); }
";

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    let path = dir.join("w.toml");
    std::fs::write(&path, format!("{HEADER}{body}")).unwrap();
    path
}

/// The (method, event) of every request `body` plans, in order.
fn planned(body: &str) -> Result<Vec<(String, Value)>, String> {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(dir.path(), body);
    let prepared = PreparedScenario::load(&path, &RunOptions::default()).map_err(|e| e.0)?;
    let plan = plan::plan(&prepared.loaded, prepared.project.clone(), "UTC", prepared.seed).map_err(|e| e.0)?;
    Ok(plan
        .events
        .iter()
        .filter_map(|e| match &e.occurrence {
            Occurrence::Request { method, event, .. } => Some((method.clone(), event.clone())),
            _ => None,
        })
        .collect())
}

fn one(body: &str) -> (String, Value) {
    let mut all = planned(body).unwrap();
    assert_eq!(all.len(), 1);
    all.remove(0)
}

fn assert_refused(body: &str, expected: &str) {
    let err = planned(body).expect_err(body);
    assert!(err.contains(expected), "expected {expected:?} in {err:?}\nfor:\n{body}");
    assert!(err.contains("w.toml:"), "names the file and line: {err}");
}

#[test]
fn query_tables_are_encoded_and_strings_kept() {
    let (method, event) =
        one("[[requests]]\nat = \"2025-06-13T09:00\"\nquery = { name = \"Ayşe Y\", n = [\"1\", 2] }\n");
    assert_eq!(method, "GET");
    assert_eq!(event["queryString"], "name=Ay%C5%9Fe+Y&n=1&n=2", "in file order");
    assert_eq!(event["parameter"], json!({"n": "1", "name": "Ayşe Y"}));
    assert_eq!(event["parameters"], json!({"n": ["1", "2"], "name": ["Ayşe Y"]}));
    assert_eq!(event["contentLength"], -1);
    let (_, event) = one("[[requests]]\nat = \"2025-06-13T09:00\"\npath = \"/a/b\"\nquery = \"?x=%41%zz&y\"\n");
    assert_eq!(event["queryString"], "x=%41%zz&y");
    assert_eq!(event["parameter"], json!({"x": "A%zz", "y": ""}));
    assert_eq!(event["pathInfo"], "a/b");
    let (_, event) = one("[[requests]]\nat = \"2025-06-13T09:00\"\nparameters = { q = \"a b\" }\n");
    assert_eq!((event["queryString"].clone(), event["parameter"].clone()), (json!("q=a+b"), json!({"q": "a b"})));
}

#[test]
fn bodies_set_post_and_their_content_type() {
    let (method, event) =
        one("[[requests]]\nat = \"2025-06-13T09:00\"\njson = { id = \"a\", n = 1, tags = [\"x\"] }\n");
    assert_eq!(method, "POST");
    assert_eq!(event["postData"]["contents"], "{\"id\":\"a\",\"n\":1,\"tags\":[\"x\"]}");
    assert_eq!(event["postData"]["type"], "application/json");
    assert_eq!(event["parameter"], json!({}));
    let (_, event) =
        one("[[requests]]\nat = \"2025-06-13T09:00\"\nquery = \"a=1\"\nform = { a = \"2\", b = \"x y\" }\n");
    assert_eq!(event["postData"]["contents"], "a=2&b=x+y");
    assert_eq!(event["postData"]["type"], "application/x-www-form-urlencoded");
    assert_eq!(event["parameters"], json!({"a": ["1", "2"], "b": ["x y"]}));
    let (_, event) = one("[[requests]]\nat = \"2025-06-13T09:00\"\nbody = \"hi\"\n");
    assert_eq!((event["postData"]["type"].clone(), event["contentLength"].clone()), (json!("text/plain"), json!(2)));
    let (_, event) = one("[[requests]]\nat = \"2025-06-13T09:00\"\nbody = \"a=1\"\ncontent_type = \"application/x-www-form-urlencoded; charset=UTF-8\"\n");
    assert_eq!(event["parameter"], json!({"a": "1"}), "a raw form body is parsed too");
    let (method, event) = one("[[requests]]\nat = \"2025-06-13T09:00\"\nmethod = \"post\"\n");
    assert_eq!((method.as_str(), event["contentLength"].clone()), ("POST", json!(0)));
}

#[test]
fn repeat_makes_a_numbered_burst() {
    let all = planned(
        "[[requests]]\nat = \"2025-06-13T09:00\"\nrepeat = 3\npath = \"p{n}\"\nform = { id = \"m-{n}\" }\n\
                       [[requests]]\nat = \"2025-06-13T09:00\"\njson = { id = \"after\" }\n",
    )
    .unwrap();
    let ids: Vec<String> = all.iter().map(|(_, e)| e["postData"]["contents"].as_str().unwrap().to_string()).collect();
    assert_eq!(ids, ["id=m-1", "id=m-2", "id=m-3", "{\"id\":\"after\"}"], "in order, before the next block");
    assert_eq!(all[2].1["pathInfo"], "p3");
}

#[test]
fn bad_requests_are_clear_errors() {
    let at = "[[requests]]\nat = \"2025-06-13T09:00\"\n";
    let cases = [
        ("body = \"x\"\njson = { a = 1 }\n", "w.toml:6: requests[0]: a request has one body: body, json or form"),
        ("form = { a = \"1\" }\nbody = \"x\"\n", "requests[0]: a request has one body"),
        (
            "json = { a = 1 }\ncontent_type = \"text/csv\"\n",
            "w.toml:8: requests[0].content_type: content_type goes with a raw body",
        ),
        ("form = \"a=1\"\n", "w.toml:7: requests[0].form: a form is a table of fields"),
        ("form = { a = { b = 1 } }\n", "requests[0].form: a: a field is a string, number or boolean, not table"),
        ("query = 5\n", "w.toml:7: requests[0].query: a query is a string"),
        ("query = \"a=1\"\nparameters = { b = \"2\" }\n", "requests[0]: write the query once"),
        ("repeat = 0\n", "w.toml:7: requests[0].repeat: must be 1 to 1000 requests"),
        ("repeat = 1001\n", "requests[0].repeat: must be 1 to 1000"),
        ("method = \"PUT\"\n", "w.toml:7: requests[0]: \"PUT\": a web app takes GET or POST"),
        ("method = \"GET\"\nbody = \"x\"\n", "w.toml:7: requests[0]: a GET request has no body"),
        ("response = \"dropped\"\n", "requests[0].response: \"dropped\": use \"delivered\" or \"lost\""),
        ("user_agent = \"a\\nb\"\n", "w.toml:7: requests[0].user_agent: a user agent is one line of text"),
    ];
    for (tail, want) in cases {
        assert_refused(&format!("{at}{tail}"), want);
    }
}

#[test]
fn request_bodies_past_256_mib_are_refused_at_load() {
    // 1,000 bodies of 300 KB: refused before any is built (gas-sim's bound).
    let block = format!("[[requests]]\nat = \"2025-06-13T09:00\"\nrepeat = 1000\nbody = \"{}\"\n", "y".repeat(300_000));
    assert_refused(&block, "w.toml:6: requests[0]: the requests' bodies come to 300000000 bytes, more than 268435456");
}

#[test]
fn the_client_gets_outputs_pages_and_redirects() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(
        dir.path(),
        "[[requests]]\nat = \"2025-06-13T09:00\"\nquery = \"a=1\"\n\
         [[requests]]\nat = \"2025-06-13T09:01\"\npath = \"boom\"\nquery = \"id=7\"\n\
         [[requests]]\nat = \"2025-06-13T09:02\"\npath = \"none\"\n\
         [[requests]]\nat = \"2025-06-13T09:03\"\njson = { id = 1 }\n\
         [[runs]]\nat = \"2025-06-13T09:04\"\nfunction = \"page\"\n",
    );
    let report = run_scenario(&path, &RunOptions::default()).unwrap().remove(0);
    let responses: Vec<_> = report.executions.iter().map(|e| e.response.clone()).collect();
    let ok = responses[0].as_ref().unwrap();
    assert_eq!((ok.status, ok.page, ok.content_type.as_str()), (200, Page::Output, "application/json; charset=utf-8"));
    assert!(ok.redirect.as_ref().unwrap().starts_with("https://script.googleusercontent.com/macros/echo?"));
    assert_eq!(serde_json::from_str::<Value>(&ok.body).unwrap()["parameter"], json!({"a": "1"}));
    let error = responses[1].as_ref().unwrap();
    assert_eq!((error.status, error.page, error.redirect.clone()), (200, Page::Error, None));
    assert!(error.body.contains("TypeError: bad 7 (line 2, file &quot;Code&quot;)"), "{}", error.body);
    assert_eq!(responses[2].as_ref().unwrap().page, Page::NoOutput, "a number is not an output");
    let missing = responses[3].as_ref().unwrap();
    assert_eq!(missing.page, Page::NotFound);
    assert!(missing.body.contains("Script function not found: doPost"));
    assert_eq!(report.executions[3].error.as_deref(), Some("Exception: Script function not found: doPost"));
    assert_eq!(responses[4], None, "a run is not a request");
    let text = report.text();
    assert!(text.contains("requests: 4"), "{text}");
    assert!(text.contains("GET request  => 200 application/json; charset=utf-8 (after a 302): {"), "{text}");
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["executions"][0]["response"]["body"], Value::String(ok.body.clone()), "whole in JSON");
}

#[test]
fn get_user_agent_answers_the_requests_user_agent_default_or_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_scenario(
        dir.path(),
        "[[requests]]\nat = \"2025-06-13T09:00\"\npath = \"agent\"\n\
         [[requests]]\nat = \"2025-06-13T09:01\"\npath = \"agent\"\nuser_agent = \"Mozilla/5.0 (iPhone) Mobile\"\n\
         [[requests]]\nat = \"2025-06-13T09:02\"\npath = \"agent\"\nuser_agent = \"\"\n\
         [[runs]]\nat = \"2025-06-13T09:03\"\nfunction = \"agentOfRun\"\n",
    );
    let code = path.parent().unwrap().join("project/Code.gs");
    let mut text = std::fs::read_to_string(&code).unwrap();
    text.push_str("function agentOfRun() { return HtmlService.getUserAgent(); }\n");
    std::fs::write(&code, text).unwrap();
    let report = run_scenario(&path, &RunOptions::default()).unwrap().remove(0);
    let bodies: Vec<_> = report.executions.iter().take(3).map(|e| e.response.as_ref().unwrap().body.clone()).collect();
    let default = gas_platform::webapp::event::DEFAULT_USER_AGENT;
    assert_eq!(bodies, [default, "Mozilla/5.0 (iPhone) Mobile", "null"]);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["executions"][3]["result"], Value::Null, "a run has no user agent");
    assert_eq!(report.executions[3].outcome, "completed");
}
