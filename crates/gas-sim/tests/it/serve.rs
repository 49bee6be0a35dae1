//! `gas-sim serve` end to end: the built binary on `--port 0`, real HTTP from ureq (and
//! raw sockets for what no client library sends), the state file, and signals.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::{gas_sim, repo_root, stderr, stdout};

const START_WAIT: Duration = Duration::from_secs(60);

/// A running `gas-sim serve`; killed when dropped.
pub(crate) struct Served {
    child: Child,
    /// `http://127.0.0.1:PORT`
    base: String,
    pub(crate) lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
}

impl Served {
    pub(crate) fn start(project: &Path, args: &[&str]) -> Served {
        Served::start_binary(Path::new(env!("CARGO_BIN_EXE_gas-sim")), project, args)
    }

    /// `start` with another build of gas-sim (the load measurement's release binary).
    fn start_binary(binary: &Path, project: &Path, args: &[&str]) -> Served {
        let mut child = Command::new(binary)
            .arg("serve")
            .arg(project)
            .args(["--port", "0"])
            .args(args)
            .current_dir(repo_root())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("gas-sim starts");
        let (send, lines) = channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = send.send(line);
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let (mut pipe, sink) = (child.stderr.take().unwrap(), stderr.clone());
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        let first = lines
            .recv_timeout(START_WAIT)
            .unwrap_or_else(|_| panic!("serve printed no first line; stderr: {}", stderr.lock().unwrap()));
        let announced: serde_json::Value = serde_json::from_str(&first).expect("the first line is JSON");
        assert_eq!(announced["gas_sim_serve"], 1);
        let url = announced["url"].as_str().unwrap();
        let base = url.strip_suffix("/exec").unwrap().to_string();
        Served { child, base, lines, stderr }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    fn signal(&self, signal: i32) {
        // SAFETY: a signal to our own child, by its pid.
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, signal) }, 0);
    }

    /// SIGTERM, then exit 0: the state file is whole (its journal folded in and gone),
    /// ready to read.
    pub(crate) fn stop(&mut self) {
        self.signal(libc::SIGTERM);
        assert_eq!(self.wait_exit(Duration::from_secs(30)), Some(0), "{}", self.stderr());
    }

    fn wait_exit(&mut self, within: Duration) -> Option<i32> {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("serve did not exit within {within:?}; stderr: {}", self.stderr());
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn agent(follow_redirects: bool) -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(if follow_redirects { 5 } else { 0 })
        .max_redirects_will_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// Status, content type and body.
fn read(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> (u16, String, String) {
    let mut response = response.expect("an HTTP answer");
    let status = response.status().as_u16();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let body = response.body_mut().read_to_string().unwrap_or_default();
    (status, content_type, body)
}

fn post_json(agent: &ureq::Agent, url: &str, body: &str) -> (u16, String, String) {
    read(agent.post(url).header("Content-Type", "application/json").send(body))
}

pub(crate) fn fixture(name: &str) -> PathBuf {
    repo_root().join("fixtures").join(name)
}

/// A project in a temp folder: `Code.gs` and `appsscript.json`.
pub(crate) fn project(dir: &Path, code: &str) -> PathBuf {
    let root = dir.join("project");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("appsscript.json"), r#"{"timeZone": "UTC", "runtimeVersion": "V8"}"#).unwrap();
    std::fs::write(root.join("Code.gs"), code).unwrap();
    root
}

pub(crate) fn allow(dir: &Path) -> String {
    dir.display().to_string()
}

#[test]
fn serve_answers_get_and_post_as_the_platform_does() {
    let served = Served::start(&fixture("webapp-echo"), &[]);
    let follow = agent(true);
    let (status, content_type, body) = read(follow.get(&served.url("/exec?name=ann&n=1&n=2")).call());
    assert_eq!((status, content_type.as_str()), (200, "application/json; charset=utf-8"), "{body}");
    let seen: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(seen["parameters"]["n"], serde_json::json!(["1", "2"]));
    assert_eq!(seen["query"], "name=ann&n=1&n=2");
    let (_, _, body) = read(follow.get(&served.url("/dev/some/path")).call());
    assert!(body.contains("\"path\":\"some/path\""), "{body}");

    // The platform's POST-then-redirect: a 302 to a one-time URL that serves the result.
    let manual = agent(false);
    let mut response =
        manual.post(&served.url("/exec")).header("Content-Type", "application/json").send(r#"{"id":"a"}"#).unwrap();
    assert_eq!(response.status().as_u16(), 302);
    let location = response.headers().get("location").unwrap().to_str().unwrap().to_string();
    let _ = response.body_mut().read_to_string();
    assert!(location.contains("/macros/echo?user_content_key="), "{location}");
    let (status, _, body) = read(manual.get(&location).call());
    assert_eq!(status, 200);
    assert!(body.contains("\"ok\":true") && body.contains("\"id\":\"a\""), "{body}");
    let (status, _, body) = read(manual.get(&location).call());
    assert_eq!(status, 404, "served once: {body}");

    // An HtmlService page gets the google.script.run client; a throw is the error page.
    let (status, content_type, page) = read(follow.get(&served.url("/exec/page?name=Zoe")).call());
    assert_eq!((status, content_type.as_str()), (200, "text/html; charset=utf-8"));
    assert!(page.contains("Zoe") && page.contains("window.google.script"), "{page}");
    let (status, _, error) = read(follow.get(&served.url("/exec/boom?x=1")).call());
    assert_eq!(status, 200, "the platform's error page is a 200");
    assert!(error.contains("Error: boom for x=1"), "{error}");
    let log = served.lines.recv_timeout(START_WAIT).unwrap();
    assert!(log.contains("GET /exec  doGet  exec 1  completed delivered  302"), "{log}");
    let replay = (0..30).filter_map(|_| served.lines.recv_timeout(START_WAIT).ok()).find(|l| l.contains("replay:"));
    let replay = replay.expect("a failed request prints its replay line");
    assert!(
        replay.contains("gas-sim call") && replay.contains(" doGet --at ") && replay.contains("--event '{"),
        "{replay}"
    );
    assert!(replay.contains(" --user-agent='ureq/"), "the request's user agent: {replay}");
}

/// A web app whose doGet answers `HtmlService.getUserAgent()`, in a temporary folder.
pub(crate) fn user_agent_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("appsscript.json"),
        r#"{"timeZone": "UTC", "webapp": {"access": "ANYONE_ANONYMOUS"}}"#,
    )
    .unwrap();
    let code = "function doGet(e) {\n  if (e.parameter.fail) throw new Error('failed on purpose');\n  \
                return ContentService.createTextOutput('agent: ' + HtmlService.getUserAgent());\n}\n";
    std::fs::write(dir.path().join("Code.gs"), code).unwrap();
    dir
}

#[test]
fn serve_passes_the_requests_user_agent_to_get_user_agent() {
    let project = user_agent_project();
    let served = Served::start(project.path(), &[]);
    let follow = agent(true);
    let url = served.url("/exec");
    let (_, _, body) = read(follow.get(&url).header("User-Agent", "Mozilla/5.0 (Android 14) it's me").call());
    assert_eq!(body, "agent: Mozilla/5.0 (Android 14) it's me");
}

#[test]
fn serve_without_redirect_answers_directly() {
    let served = Served::start(&fixture("webapp-echo"), &["--no-redirect"]);
    let (status, _, body) = post_json(&agent(false), &served.url("/exec"), r#"{"id":"b"}"#);
    assert_eq!(status, 200);
    assert!(body.contains("\"id\":\"b\""), "{body}");
}

#[test]
fn serve_refuses_what_the_platform_refuses_with_clear_answers() {
    let served = Served::start(&fixture("webapp-echo"), &["--max-body", "1KB"]);
    let client = agent(false);
    let (status, _, body) = read(client.get(&served.url("/nowhere")).call());
    assert_eq!(status, 404);
    assert!(body.contains("Sorry, unable to open the file at this time."), "{body}");
    let mut put = client.put(&served.url("/exec")).send("x").unwrap();
    assert_eq!(put.status().as_u16(), 405);
    assert_eq!(put.headers().get("allow").unwrap(), "GET, POST");
    let _ = put.body_mut().read_to_string();
    let (status, _, body) = post_json(&client, &served.url("/exec"), &"x".repeat(2048));
    assert_eq!(status, 413);
    assert!(body.contains("--max-body (1024 bytes)"), "{body}");
    let (status, _, body) = read(client.get(&served.url("/exec")).header("X-Big", "y".repeat(20_000)).call());
    assert_eq!(status, 431);
    assert!(body.contains("headers"), "{body}");
    let address = served.base.strip_prefix("http://").unwrap();
    let mut raw = TcpStream::connect(address).unwrap();
    raw.write_all(b"THIS IS NOT HTTP\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = raw.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
}

#[test]
fn serve_on_another_address_warns() {
    let served = Served::start(&fixture("webapp-echo"), &["--bind", "0.0.0.0"]);
    let deadline = Instant::now() + START_WAIT;
    while !served.stderr().contains("warning: --bind 0.0.0.0") && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(served.stderr().contains("reachable from the network"), "{}", served.stderr());
}

#[test]
fn serve_flags_are_checked() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gas-sim"))
            .arg("serve")
            .arg(fixture("webapp-echo"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["--lose-response", "150%"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--lose-response"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["--bind", "localhost:80"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bind \"localhost:80\""));
    let out = run(&["--sync", "sometimes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--sync"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run(&["--latency", "2"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unit"));
}

/// Seed 003's webhook fixture served as it is, from the world its scenario declares (the
/// secret, the inbox sheet): a retry with the same id writes no second row, a wrong
/// secret is refused; and `--scenario` will not replace a world a state file holds.
#[test]
fn serve_starts_the_webhook_fixture_from_its_scenarios_world() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let scenario = repo_root().join("scenarios/webhook_retries.toml");
    let args = ["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path())];
    let mut served = Served::start(
        &fixture("contact-webhook-idempotent"),
        &[&args[..], &["--scenario", scenario.to_str().unwrap()]].concat(),
    );
    let url = served.url("/exec");
    let message = r#"{"secret":"s3cret","id":"m-1","name":"Ann","email":"ann@example.com","message":"hi"}"#;
    let (status, _, first) = post_json(&agent(true), &url, message);
    assert_eq!(status, 200, "{first}");
    assert_eq!(first, r#"{"ok":true}"#);
    let (_, _, retry) = post_json(&agent(true), &url, message);
    assert_eq!(retry, r#"{"ok":true,"duplicate":true}"#);
    let (_, _, forbidden) = post_json(&agent(true), &url, r#"{"secret":"guess","id":"m-2"}"#);
    assert_eq!(forbidden, r#"{"ok":false,"error":"forbidden"}"#);
    served.stop();
    let text = std::fs::read_to_string(&state).unwrap();
    assert_eq!(count(&text, "\"m-1\""), 1, "one row holds the id: {text}");

    let again = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .arg("serve")
        .arg(fixture("contact-webhook-idempotent"))
        .args(args)
        .args(["--port", "0", "--scenario", scenario.to_str().unwrap()])
        .current_dir(repo_root())
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(stderr.contains("--scenario starts a new world, and") && stderr.contains("already holds one"), "{stderr}");
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn serve_fifty_concurrent_posts_with_one_id_save_one_row() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let mut served = Served::start(
        &fixture("contact-form-page"),
        &["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path())],
    );
    let url = served.url("/exec");
    let answers: Vec<(u16, String)> = std::thread::scope(|scope| {
        let posts: Vec<_> = (0..50)
            .map(|_| {
                let url = url.clone();
                scope.spawn(move || {
                    let (status, _, body) =
                        post_json(&agent(true), &url, r#"{"id":"same-id-1","name":"Ann","message":"hello"}"#);
                    (status, body)
                })
            })
            .collect();
        posts.into_iter().map(|p| p.join().unwrap()).collect()
    });
    assert!(answers.iter().all(|(status, _)| *status == 200), "{answers:?}");
    let saved = answers.iter().filter(|(_, body)| body.contains("\"duplicate\":false")).count();
    let duplicates = answers.iter().filter(|(_, body)| body.contains("\"duplicate\":true")).count();
    // Past 30 at once the platform refuses to start one: its error page, nothing ran.
    let refused = answers.iter().filter(|(_, body)| body.contains("exec maxSimultaneous")).count();
    assert_eq!((saved, saved + duplicates + refused), (1, 50), "{answers:?}");
    served.stop();
    let text = std::fs::read_to_string(&state).unwrap();
    assert_eq!(count(&text, "same-id-1"), 1, "one row holds the id: {text}");
    let world: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(world["last_exec_id"], serde_json::json!(saved + duplicates), "every execution that ran is counted");
}

#[test]
fn serve_lost_answers_still_save_the_row() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let mut served = Served::start(
        &fixture("contact-form-page"),
        &["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path()), "--lose-response", "100%"],
    );
    let (status, _, body) = post_json(&agent(true), &served.url("/exec"), r#"{"id":"lost-1","name":"Bo"}"#);
    assert_eq!(status, 404, "the client saw the platform's 404 page");
    assert!(body.contains("Sorry, unable to open the file"), "{body}");
    served.stop();
    assert_eq!(count(&std::fs::read_to_string(&state).unwrap(), "lost-1"), 1, "the script ran");
}

#[test]
fn serve_after_kill_9_restarts_on_the_state_with_every_acknowledged_row() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let args = ["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path())];
    let mut served = Served::start(&fixture("contact-form-page"), &args);
    let url = served.url("/exec");
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let sender = {
        let acknowledged = acknowledged.clone();
        std::thread::spawn(move || {
            let client = agent(true);
            for n in 0..10_000 {
                let id = format!("k9-{n}");
                let body = format!(r#"{{"id":"{id}","name":"N"}}"#);
                match client.post(&url).header("Content-Type", "application/json").send(&body) {
                    Ok(response) if response.status().as_u16() == 200 => acknowledged.lock().unwrap().push(id),
                    _ => return,
                }
            }
        })
    };
    let deadline = Instant::now() + START_WAIT;
    while acknowledged.lock().unwrap().len() < 20 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    served.child.kill().unwrap(); // SIGKILL, in the middle of the posts
    let _ = served.child.wait();
    sender.join().unwrap();
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() >= 20);
    let restarted = Served::start(&fixture("contact-form-page"), &args);
    let text = std::fs::read_to_string(&state).unwrap();
    for id in &acknowledged {
        assert!(text.contains(&format!("\"{id}\"")), "{id} was acknowledged, so it is in the state");
    }
    let (status, _, body) = post_json(&agent(true), &restarted.url("/exec"), r#"{"id":"after","name":"A"}"#);
    assert_eq!(status, 200, "{body}");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "no temp file left after the restart's first write: {leftovers:?}");
}

const ROWS_AND_COUNT: &str = r#"
function book() {
  try { return SpreadsheetApp.openById('ss-0001'); } catch (e) { return SpreadsheetApp.create('log'); }
}
function doPost(e) {
  book().getSheets()[0].appendRow([e.parameter.id]);
  return ContentService.createTextOutput('saved ' + e.parameter.id);
}
function count() { return SpreadsheetApp.openById('ss-0001').getSheets()[0].getLastRow(); }
"#;

#[test]
fn serve_appends_a_journal_between_whole_states_and_call_continues_it() {
    let dir = tempfile::tempdir().unwrap();
    let project = project(dir.path(), ROWS_AND_COUNT);
    let state = dir.path().join("state.json");
    let journal = dir.path().join("state.json.journal");
    let args = ["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path())];
    let mut served = Served::start(&project, &args);
    for n in 0..5 {
        let (status, _, body) = read(agent(true).post(&served.url(&format!("/exec?id=j{n}"))).send(""));
        assert_eq!((status, body), (200, format!("saved j{n}")));
    }
    // Each write after the first is a line of the journal; the state is as at the start.
    let lines = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(lines.lines().count(), 6, "a header and a line per request (one client): {lines}");
    assert!(lines.lines().nth(5).unwrap().contains(r#"["j4"]"#), "{lines}");
    assert!(!std::fs::read_to_string(&state).unwrap().contains("j0"));
    served.child.kill().unwrap(); // SIGKILL: the journal stays
    let _ = served.child.wait();
    let state_arg = state.to_str().unwrap();
    let called = gas_sim(&["call", project.to_str().unwrap(), "count", "--state", state_arg, "--format", "json"]);
    assert!(called.status.success(), "{}", stderr(&called));
    let report: serde_json::Value = serde_json::from_str(&stdout(&called)).unwrap();
    assert_eq!(report["result"], 5, "call replays the journal: {report}");
    assert!(!journal.exists(), "call wrote the state whole and removed the journal");
    assert!(std::fs::read_to_string(&state).unwrap().contains("\"j4\""));
    // A clean stop writes the state whole and leaves no journal.
    let mut served = Served::start(&project, &args);
    let (status, _, _) = read(agent(true).post(&served.url("/exec?id=j5")).send(""));
    assert_eq!(status, 200);
    assert!(journal.exists());
    served.signal(libc::SIGTERM);
    assert_eq!(served.wait_exit(Duration::from_secs(30)), Some(0));
    assert!(!journal.exists(), "{}", served.stderr());
    let called = gas_sim(&["call", project.to_str().unwrap(), "count", "--state", state_arg, "--format", "json"]);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&stdout(&called)).unwrap()["result"], 6);
}

const SLOW_AND_LOCKED: &str = r#"
function doPost(e) {
  var mode = e.parameter.mode;
  var lock = LockService.getScriptLock();
  if (mode === 'try') return ContentService.createTextOutput(lock.tryLock(100) ? 'got' : 'busy');
  lock.waitLock(5000);
  if (mode === 'hold') Utilities.sleep(1500);
  var props = PropertiesService.getScriptProperties();
  props.setProperty(mode, String(new Date().getTime()));
  lock.releaseLock();
  return ContentService.createTextOutput(mode + ' done');
}
"#;

#[test]
fn serve_overlapping_requests_wait_for_each_others_lock_in_real_time() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), SLOW_AND_LOCKED);
    let served = Served::start(&root, &[]);
    let url = served.url("/exec");
    let form = |mode: &str| format!("mode={mode}");
    let started = Instant::now();
    std::thread::scope(|scope| {
        let hold = scope.spawn(|| read(agent(true).post(&format!("{url}?{}", form("hold"))).send("")));
        std::thread::sleep(Duration::from_millis(400));
        let (_, _, tried) = read(agent(true).post(&format!("{url}?{}", form("try"))).send(""));
        assert_eq!(tried, "busy", "tryLock(100) while the other holds the lock");
        let (_, _, waited) = read(agent(true).post(&format!("{url}?{}", form("wait"))).send(""));
        assert_eq!(waited, "wait done");
        assert!(started.elapsed() >= Duration::from_millis(1400), "waitLock waited for the release");
        assert_eq!(hold.join().unwrap().2, "hold done");
    });
}

#[test]
fn serve_sigterm_lets_the_request_in_flight_finish_then_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), SLOW_AND_LOCKED);
    let state = dir.path().join("state.json");
    let mut served = Served::start(&root, &["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path())]);
    let url = served.url("/exec?mode=hold");
    let in_flight = std::thread::spawn(move || read(agent(true).post(&url).send("")));
    std::thread::sleep(Duration::from_millis(500));
    served.signal(libc::SIGTERM);
    let (status, _, body) = in_flight.join().unwrap();
    assert_eq!((status, body.as_str()), (200, "hold done"));
    assert_eq!(served.wait_exit(Duration::from_secs(30)), Some(0), "{}", served.stderr());
    assert!(served.stderr().contains("stopped; state written"), "{}", served.stderr());
    let text = std::fs::read_to_string(&state).unwrap();
    assert!(text.contains("\"hold\""), "the drained execution is in the state: {text}");
}

const SERVER_FUNCTIONS: &str = r#"
function doGet() { return HtmlService.createHtmlOutput('<p>hi</p>'); }
function echo(a, b) { return { a: a, b: b, list: [1, null, 'x'] }; }
function withDate() { return { at: new Date(0) }; }
function fails() { throw new TypeError('bad thing'); }
function hidden_() { return 'secret'; }
"#;

#[test]
fn serve_runs_google_script_run_calls_with_the_platforms_rules() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), SERVER_FUNCTIONS);
    let served = Served::start(&root, &[]);
    let endpoint = served.url("/__gas_sim/script-run");
    let call = |body: &str| {
        let (status, _, answer) = post_json(&agent(false), &endpoint, body);
        assert_eq!(status, 200, "{answer}");
        serde_json::from_str::<serde_json::Value>(&answer).unwrap()
    };
    let answer = call(r#"{"function":"echo","args":[{"n":1},"two"]}"#);
    assert_eq!(answer, serde_json::json!({"ok": true, "value": {"a": {"n": 1}, "b": "two", "list": [1, null, "x"]}}));
    assert_eq!(call(r#"{"function":"withDate","args":[]}"#), serde_json::json!({"ok": true, "value": null}));
    let failed = call(r#"{"function":"fails","args":[]}"#);
    assert_eq!(failed["error"], serde_json::json!({"name": "TypeError", "message": "bad thing"}));
    assert!(call(r#"{"function":"hidden_"}"#)["error"]["message"].as_str().unwrap().contains("is private"));
    assert_eq!(call(r#"{"function":"nothing"}"#)["error"]["message"], "Script function not found: nothing");
}

/// A form page with a file input, and the function it sends the form to (the browser
/// test drives the page; the endpoint test posts what the page sends).
pub(crate) const UPLOAD_PAGE: &str = r#"
function doGet() { return HtmlService.createHtmlOutputFromFile('Page'); }
function upload(form) {
  var cv = form.cv;
  return [form.who, cv.getName(), cv.getContentType(), cv.getDataAsString(), form.none.getBytes().length,
          form.none.getName()].join('|');
}
"#;

#[test]
fn serve_form_files_become_blobs_only_with_form_files_blob() {
    let dir = tempfile::tempdir().unwrap();
    let root = project(dir.path(), UPLOAD_PAGE);
    let body = r#"{"function":"upload","args":[{"who":"Ann"}],"form_files":{
        "cv":{"name":"cv.txt","type":"text/plain","base64":"aGVsbG8gd29ybGQ="},
        "none":{"name":"","type":"","base64":""}}}"#;
    let served = Served::start(&root, &["--form-files", "blob"]);
    let (status, _, answer) = post_json(&agent(false), &served.url("/__gas_sim/script-run"), body);
    assert_eq!((status, answer.as_str()), (200, r#"{"ok":true,"value":"Ann|cv.txt|text/plain|hello world|0|"}"#));
    // A page's own value may not pose as a file.
    let posing = r#"{"function":"upload","args":[{"cv":{"__gas_sim_form_file":{"name":"x","type":"","base64":""}}}]}"#;
    let (_, _, answer) = post_json(&agent(false), &served.url("/__gas_sim/script-run"), posing);
    assert!(answer.contains("malformed call: __gas_sim_form_file is gas-sim's own key"), "{answer}");
    // By default the page fails before sending (the browser test); a raw post is refused.
    let served = Served::start(&root, &[]);
    let (_, _, answer) = post_json(&agent(false), &served.url("/__gas_sim/script-run"), body);
    assert!(answer.contains("form files cross only with --form-files blob"), "{answer}");
}

#[test]
fn serve_contact_form_page_retries_with_one_id_and_saves_once() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let mut served = Served::start(
        &fixture("contact-form-page"),
        &["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path()), "--lose-response", "50%"],
    );
    // The page itself may be lost too (a visitor reloads).
    let (status, content_type, page) = (0..20)
        .map(|_| read(agent(true).get(&served.url("/exec")).call()))
        .find(|(status, _, _)| *status == 200)
        .expect("the page within 20 loads");
    assert_eq!((status, content_type.as_str()), (200, "text/html; charset=utf-8"), "{page}");
    assert!(page.contains("<form id=\"contact\">") && page.contains("window.google.script"), "{page}");
    assert!(page.find("window.google.script") < page.find("google.script.run\n"), "the client comes first");
    // What the page does: the same id on every attempt until an answer arrives.
    let endpoint = served.url("/__gas_sim/script-run");
    let call =
        r#"{"function":"saveMessage","args":[{"id":"page-1","name":"Cy","email":"c@example.com","message":"hi"}]}"#;
    let mut attempts = Vec::new();
    for _ in 0..20 {
        let (status, _, body) = post_json(&agent(false), &endpoint, call);
        attempts.push(status);
        if status == 200 {
            assert!(body.contains("\"ok\":true"), "{body}");
            break;
        }
        assert!(body.contains("Sorry, unable to open the file"), "a lost answer: {body}");
    }
    assert_eq!(attempts.last(), Some(&200), "{attempts:?}");
    served.stop();
    let text = std::fs::read_to_string(&state).unwrap();
    assert_eq!(count(&text, "\"page-1\""), 1, "one row after {} attempts", attempts.len());
    assert_eq!(count(&text, "New message from Cy"), 1, "one mail");
}

#[test]
fn serve_error_page_flag_answers_with_the_platforms_error_page() {
    let served = Served::start(&fixture("webapp-echo"), &["--error-page", "100%", "--no-redirect"]);
    let (status, _, body) = post_json(&agent(false), &served.url("/exec"), r#"{"id":"e"}"#);
    assert_eq!(status, 200);
    assert!(body.contains("We&#39;re sorry, a server error occurred."), "{body}");
}

/// The throughput benchmark's project: each POST appends a row under the script lock.
fn serve_append() -> PathBuf {
    repo_root().join("bench").join("serve_append")
}

/// One client of a load on `serve_append`: posts `?id={prefix}-{n}` for n in 0..count,
/// following the 302, until an answer is not the row's 200 (a killed server). Pushes each
/// id answered 200 to `acknowledged`; returns when each such answer came, and its latency.
fn load_client(url: &str, prefix: &str, count: usize, acknowledged: &Mutex<Vec<String>>) -> Vec<(Instant, Duration)> {
    let client = agent(true);
    let mut latencies = Vec::with_capacity(count);
    for n in 0..count {
        let id = format!("{prefix}-{n}");
        let started = Instant::now();
        let separator = if url.contains('?') { '&' } else { '?' };
        let Ok(mut response) = client.post(&format!("{url}{separator}id={id}")).send("") else { break };
        let body = response.body_mut().read_to_string().unwrap_or_default();
        if response.status().as_u16() != 200 || body != format!("saved {id}") {
            break;
        }
        latencies.push((Instant::now(), started.elapsed()));
        acknowledged.lock().unwrap().push(id);
    }
    latencies
}

/// The ids of `serve_append`'s rows in a state file (its second column).
fn saved_ids(state: &Path) -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(state).unwrap();
    let mut ids = BTreeMap::new();
    for quoted in text.split('"').filter(|piece| piece.starts_with("load-")) {
        *ids.entry(quoted.to_string()).or_insert(0) += 1;
    }
    ids
}

#[test]
fn serve_after_kill_9_under_load_keeps_every_acknowledged_row_of_every_client() {
    const CLIENTS: usize = 8;
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let args = ["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path())];
    let mut served = Served::start(&serve_append(), &args);
    let url = served.url("/exec");
    let acknowledged = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for client in 0..CLIENTS {
            let (url, acknowledged) = (&url, &acknowledged);
            scope.spawn(move || load_client(url, &format!("load-{client}"), 100_000, acknowledged));
        }
        let deadline = Instant::now() + START_WAIT;
        while acknowledged.lock().unwrap().len() < 200 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        served.child.kill().unwrap(); // SIGKILL, with every client in the middle of its posts
        let _ = served.child.wait();
    });
    let acknowledged = acknowledged.into_inner().unwrap();
    assert!(acknowledged.len() >= 200, "{} acknowledged before the kill", acknowledged.len());
    let restarted = Served::start(&serve_append(), &args);
    let saved = saved_ids(&state);
    let missing: Vec<_> = acknowledged.iter().filter(|id| !saved.contains_key(*id)).collect();
    assert!(missing.is_empty(), "answered 200 but not in the state after the restart: {missing:?}");
    let twice: Vec<_> = saved.iter().filter(|(_, rows)| **rows > 1).collect();
    assert!(twice.is_empty(), "each id was posted once: {twice:?}");
    let (status, _, body) = read(agent(true).post(&restarted.url("/exec?id=after")).send(""));
    assert_eq!((status, body.as_str()), (200, "saved after"), "the restarted serve goes on from the state");
}

/// Not a check: `serve`'s throughput on `bench/serve_append` (docs/serve.md), printed.
/// `cargo test -p gas-sim --test it serve_load -- --ignored --nocapture`, with
/// `GAS_SIM_SERVE_LOAD_BINARY` (default: this build; measure target/release/gas-sim),
/// `GAS_SIM_SERVE_LOAD_REQUESTS` (per run, default 2000), `GAS_SIM_SERVE_LOAD_CLIENTS`
/// (default `1,16`), `GAS_SIM_SERVE_LOAD_QUERY` (added to each POST's query:
/// `overwrite=1` writes over one row instead of appending, so the world keeps its size)
/// and `GAS_SIM_SERVE_LOAD_STATE` (`os`, the default, `disk` for
/// `--sync disk`, `default` for no `--sync` (an older build), `none` for no `--state`).
#[test]
#[ignore = "a measurement; run it by hand"]
fn serve_load_throughput() {
    let variable = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
    let binary = PathBuf::from(variable("GAS_SIM_SERVE_LOAD_BINARY", env!("CARGO_BIN_EXE_gas-sim")));
    let requests: usize = variable("GAS_SIM_SERVE_LOAD_REQUESTS", "2000").parse().unwrap();
    let sync = variable("GAS_SIM_SERVE_LOAD_STATE", "os");
    let query = variable("GAS_SIM_SERVE_LOAD_QUERY", "");
    for clients in variable("GAS_SIM_SERVE_LOAD_CLIENTS", "1,16").split(',').map(|c| c.parse::<usize>().unwrap()) {
        let dir = tempfile::tempdir().unwrap();
        let state = dir.path().join("state.json");
        let mut args = vec!["--latency", "0"];
        if sync != "none" {
            args.extend(["--state", state.to_str().unwrap(), "--allow-path", dir.path().to_str().unwrap()]);
            if sync != "default" {
                args.extend(["--sync", &sync]);
            }
        }
        let served = Served::start_binary(&binary, &serve_append(), &args);
        let pid = served.child.id();
        let url = served.url(&if query.is_empty() { "/exec".to_string() } else { format!("/exec?{query}") });
        // Each execution thread compiles the project for its first execution: not measured.
        std::thread::scope(|scope| {
            for client in 0..clients {
                let url = &url;
                scope.spawn(move || load_client(url, &format!("load-warmup-{client}"), 20, &Mutex::new(Vec::new())));
            }
        });
        let acknowledged = Mutex::new(Vec::new());
        let rss_kb = Mutex::new(Vec::new());
        let done = std::sync::atomic::AtomicBool::new(false);
        let started = Instant::now();
        let mut answers: Vec<(Instant, Duration)> = std::thread::scope(|scope| {
            let running: Vec<_> = (0..clients)
                .map(|client| {
                    let (url, acknowledged) = (&url, &acknowledged);
                    scope.spawn(move || load_client(url, &format!("load-{client}"), requests / clients, acknowledged))
                })
                .collect();
            let sampler = scope.spawn(|| {
                while !done.load(std::sync::atomic::Ordering::Acquire) {
                    rss_kb.lock().unwrap().push((Instant::now(), proc_status_kb(pid, "VmRSS:")));
                    std::thread::sleep(Duration::from_millis(250));
                }
            });
            let all = running.into_iter().flat_map(|r| r.join().unwrap()).collect();
            done.store(true, std::sync::atomic::Ordering::Release);
            sampler.join().unwrap();
            all
        });
        answers.sort();
        let state_kb = std::fs::metadata(&state).map_or(0, |m| m.len() / 1024);
        println!(
            "serve_load clients={clients} state={sync}: {} requests; peak RSS {} MB; state file {state_kb} KB",
            answers.len(),
            proc_status_kb(pid, "VmHWM:") / 1024
        );
        let rss = rss_kb.into_inner().unwrap();
        print_load_windows(&answers, started, &rss, "  all", answers.len());
        print_load_windows(&answers, started, &rss, "  fifth", answers.len().div_ceil(5));
        assert_eq!(answers.len(), requests / clients * clients, "every request answered 200");
    }
}

/// Requests per second, p50, p99 and max latency, and RSS at the end of each window of
/// `size` answers (sorted by when they came).
fn print_load_windows(
    answers: &[(Instant, Duration)],
    started: Instant,
    rss_kb: &[(Instant, u64)],
    label: &str,
    size: usize,
) {
    let mut window_start = started;
    for (n, window) in answers.chunks(size.max(1)).enumerate() {
        let window_end = window.last().unwrap().0;
        let mut latencies: Vec<Duration> = window.iter().map(|(_, latency)| *latency).collect();
        latencies.sort();
        let ms =
            |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)].as_secs_f64() * 1e3;
        let rss = rss_kb.iter().take_while(|(at, _)| *at <= window_end).last().map_or(0, |(_, kb)| kb / 1024);
        println!(
            "{label} {n}: {} requests in {:.1} s: {:.0} req/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; RSS {rss} MB",
            window.len(),
            (window_end - window_start).as_secs_f64(),
            window.len() as f64 / (window_end - window_start).as_secs_f64(),
            ms(0.5),
            ms(0.99),
            ms(1.0),
        );
        window_start = window_end;
    }
}

/// A line of /proc/PID/status in KB (`VmRSS:`, `VmHWM:`).
fn proc_status_kb(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with(key)).unwrap_or_default();
    line.split_whitespace().nth(1).and_then(|kb| kb.parse().ok()).unwrap_or(0)
}

/// An OAuth-style round trip: the page's link carries a state token
/// (`ScriptApp.newStateToken()`); the provider's redirect back to `/usercallback` runs the
/// token's function with the provider's parameters and the token's arguments. A token
/// gas-sim cannot read is the platform's error page and runs nothing.
#[test]
fn serve_runs_a_state_tokens_function_at_usercallback() {
    const CODE: &str = "
function doGet() {
  var token = ScriptApp.newStateToken().withMethod('authCallback').withArgument('serviceName', 'github')
    .withTimeout(3600).createToken();
  return ContentService.createTextOutput(token);
}
function authCallback(request) {
  var p = request.parameter;
  return HtmlService.createHtmlOutput('authorized ' + p.serviceName + ' with ' + p.code);
}
";
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start(&project(dir.path(), CODE), &[]);
    let follow = agent(true);
    let (status, _, token) = read(follow.get(&served.url("/exec")).call());
    assert_eq!(status, 200, "{token}");
    assert!(token.starts_with(gas_platform::state_token::TOKEN_PREFIX), "{token}");
    let callback = served.url(&format!("/usercallback?code=abc123&state={token}"));
    let (status, content_type, body) = read(follow.get(&callback).call());
    assert_eq!((status, content_type.starts_with("text/html")), (200, true), "{body}");
    assert!(body.contains("authorized github with abc123"), "{body}");
    // The platform's error pages are status 200.
    let (status, _, body) = read(follow.get(&served.url("/usercallback?state=forged")).call());
    assert!(status == 200 && body.contains(gas_platform::state_token::UNREADABLE_MESSAGE), "{status} {body}");
    // gas-sim's tokens can be forged: one naming a function the project lacks runs nothing.
    let forged = gas_platform::state_token::StateToken {
        method: "eval".into(),
        arguments: Default::default(),
        expires_at_utc_ms: i64::MAX,
    };
    let (_, _, body) = read(follow.get(&served.url(&format!("/usercallback?state={}", forged.encode()))).call());
    assert!(body.contains("Script function not found: eval"), "{body}");
    let (status, _, _) = read(follow.post(&served.url("/usercallback")).send(""));
    assert_eq!(status, 405);
    let log: Vec<String> = std::iter::from_fn(|| served.lines.recv_timeout(Duration::from_secs(1)).ok()).collect();
    let refused = log.iter().filter(|l| l.contains("/usercallback") && l.contains("refused: ")).count();
    let ran = log.iter().filter(|l| l.contains("authCallback") && l.contains("completed")).count();
    assert_eq!((refused, ran), (2, 1), "{log:#?}");
}
