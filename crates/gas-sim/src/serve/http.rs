//! `serve`'s HTTP side (hyper): the routes, the limits, and the platform's answers.
//!
//! - `/exec` and `/dev` (and any path under them, `e.pathInfo`) run `doGet`/`doPost`
//!   with the event object a scenario's request gets (`gas_platform::webapp::event`) and
//!   answer what the platform answers (`gas_scenario::report::web_response`): a
//!   ContentService output through the platform's 302 to a one-time URL
//!   (`/macros/echo?...`, unless `--no-redirect`), HtmlService output as text/html with
//!   the `google.script.run` client in it, the platform's pages otherwise.
//! - `script_run::ENDPOINT` runs a page's `google.script.run` call.
//! - `/usercallback?state=TOKEN` runs a state token's function (`ScriptApp.newStateToken()`,
//!   an OAuth provider's redirect back) with the token's arguments among the query's
//!   parameters, and answers as a web app does.
//! - Anything else is the platform's not-found page (404); a method other than GET or
//!   POST is 405. Bodies over `--max-body` are 413, headers over
//!   [`HEADER_BYTES_MAX`] 431, each with a line saying which limit; hyper itself answers
//!   a malformed request with 400 (and headers past its buffer with a bare 431).

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, ALLOW, CONTENT_LENGTH, CONTENT_TYPE, HOST, LOCATION, USER_AGENT};
use hyper::{Method, Request, Response, StatusCode};

use gas_platform::state_token::StateToken;
use gas_platform::webapp::delivery::{experienced, ExecutionEnd, Outcome};
use gas_platform::webapp::event::{self, Body};
use gas_platform::webapp::response::{self, Page, WebResponse};
use gas_scenario::plan::{declares_function, is_identifier};

use super::delivery::Delivery;
use super::executions::{Executions, Ran};
use super::script_run;

/// Where a state token's callback arrives (documented: a web app's URL with `/exec`
/// replaced by `/usercallback`).
pub const USER_CALLBACK_PATH: &str = "/usercallback";

/// Bytes of request headers (names and values) `serve` reads; more is 431 with a text
/// (assumed: the platform's own limit is not documented).
pub const HEADER_BYTES_MAX: usize = 16 * 1024;
/// hyper's read buffer: headers past it get hyper's bare 431.
pub const HEADER_BUFFER_BYTES_MAX: usize = 64 * 1024;
/// One-time result URLs kept at once, and their bytes; the oldest go first.
const ECHOES_MAX: usize = 1_024;
const ECHO_BYTES_MAX: usize = 64 * 1024 * 1024;
/// How long a one-time result URL answers (assumed: the platform's is short-lived).
const ECHO_TTL_MS: u64 = 60_000;
/// The longest event a replay line shows.
const REPLAY_EVENT_BYTES_MAX: usize = 2_048;
/// Characters of a request's path in its log line.
const LOGGED_PATH_CHARS_MAX: usize = 120;

/// What `serve` was asked for, as the handlers need it.
pub struct Config {
    pub redirect: bool,
    pub latency_ms: u64,
    pub body_bytes_max: usize,
    /// Where the server listens (`127.0.0.1:8080`), for URLs when a request has no Host.
    pub authority: String,
    /// A failed request's replay line around the function and its own flags:
    /// `gas-sim call PROJECT`, then `--tz` and `--state` when given.
    pub replay: (String, String),
    pub seed: u64,
    /// What a form's file input does in a `google.script.run` call (`--form-files`).
    pub form_files: gas_platform::webapp::script_run::FormFiles,
}

pub struct Server {
    pub config: Config,
    pub executions: Executions,
    pub delivery: Delivery,
    pub project: Arc<gas_engine::Project>,
    pub client_script: String,
    echoes: Mutex<Echoes>,
    /// Set when `serve` stops: requests that would start an execution get a 503.
    stopping: std::sync::atomic::AtomicBool,
    /// Requests being answered now (a drain waits for them).
    in_flight: std::sync::atomic::AtomicUsize,
}

type Reply = Response<Full<Bytes>>;

/// A request's line in the log.
struct Line {
    function: String,
    exec_id: Option<u64>,
    outcome: String,
    /// For a doGet/doPost that failed: the `gas-sim call` that runs it again.
    replay: Option<String>,
}

impl Server {
    pub fn new(
        config: Config,
        executions: Executions,
        delivery: Delivery,
        project: Arc<gas_engine::Project>,
    ) -> Server {
        let client_script = script_run::client_script(config.form_files);
        let echoes = Mutex::new(Echoes::default());
        let stopping = std::sync::atomic::AtomicBool::new(false);
        let in_flight = std::sync::atomic::AtomicUsize::new(0);
        Server { config, executions, delivery, project, client_script, echoes, stopping, in_flight }
    }

    /// From now on no request starts an execution (a drain).
    pub fn stop_starting_executions(&self) {
        self.stopping.store(true, std::sync::atomic::Ordering::Release);
    }

    /// Whether a request is being answered or an execution runs.
    pub fn busy(&self) -> bool {
        self.in_flight.load(std::sync::atomic::Ordering::Acquire) > 0 || self.executions.running() > 0
    }

    /// Whether results wait at their one-time URL.
    pub fn results_waiting(&self) -> bool {
        !self.echoes.lock().unwrap_or_else(|p| p.into_inner()).by_key.is_empty()
    }

    /// Answers one request and prints its line.
    pub async fn handle(self: Arc<Self>, request: Request<Incoming>) -> Reply {
        let started = Instant::now();
        let _counted = InFlight::enter(&self.in_flight);
        let method = request.method().clone();
        let path = request.uri().path().to_string();
        let (reply, line) = self.route(request).await;
        log_line(&method, &path, &line, reply.status(), started.elapsed());
        reply
    }

    async fn route(&self, request: Request<Incoming>) -> (Reply, Line) {
        let path = request.uri().path().to_string();
        let plain = |function: &str, outcome: &str| Line {
            function: function.into(),
            exec_id: None,
            outcome: outcome.into(),
            replay: None,
        };
        if let Some(refusal) = header_refusal(&request) {
            return (refusal, plain("-", "refused: headers too large"));
        }
        let web_app_path = web_app_path(&path);
        let known = web_app_path.is_some()
            || path == "/macros/echo"
            || path == script_run::ENDPOINT
            || path == USER_CALLBACK_PATH;
        if !known {
            return (page_reply(&response::lost_response()), plain("-", "not found"));
        }
        if request.method() != Method::GET && request.method() != Method::POST {
            return (method_not_allowed(), plain("-", "method not allowed"));
        }
        if path == "/macros/echo" {
            let query = request.uri().query().unwrap_or_default().to_string();
            return self.echo(&query);
        }
        if self.stopping.load(std::sync::atomic::Ordering::Acquire) {
            let text = "gas-sim serve is stopping: it starts no new execution\n";
            return (text_reply(StatusCode::SERVICE_UNAVAILABLE, text), plain("-", "refused: stopping"));
        }
        if path == script_run::ENDPOINT {
            return self.script_run(request).await;
        }
        if path == USER_CALLBACK_PATH {
            return self.user_callback(request).await;
        }
        let path_info = web_app_path.unwrap_or_default();
        self.web_app(request, path_info).await
    }

    async fn web_app(&self, request: Request<Incoming>, path_info: String) -> (Reply, Line) {
        let post = request.method() == Method::POST;
        let function = if post { "doPost" } else { "doGet" };
        let query = request.uri().query().unwrap_or_default().to_string();
        let authority = self.authority_of(&request);
        let content_type = header_text(&request, CONTENT_TYPE.as_str());
        let user_agent = user_agent_of(&request);
        let body = if post {
            match self.read_body(request).await {
                Ok(bytes) => Some(bytes),
                Err(reply) => {
                    return (
                        reply,
                        Line {
                            function: function.into(),
                            exec_id: None,
                            outcome: "refused: body".into(),
                            replay: None,
                        },
                    )
                }
            }
        } else {
            None
        };
        let body = body.filter(|b| !b.is_empty()).map(|bytes| Body {
            // The platform gives the body as a string; bytes that are not UTF-8 become
            // U+FFFD (assumed).
            contents: String::from_utf8_lossy(&bytes).into_owned(),
            content_type: content_type.unwrap_or_else(|| event::DEFAULT_BODY_TYPE.into()),
        });
        let method = if post { "POST" } else { "GET" }.into();
        let request = event::Request { method, path: path_info, query, body, user_agent: user_agent.clone() };
        let planned = self.delivery.pick();
        let event = event::build_event(&request);
        let ran = self.executions.run(function, Some(event.clone()), None, user_agent.clone()).await;
        let (answer, mut line) = self.web_answer(function, ran, planned);
        line.replay =
            line.replay.take().map(|at_and_id| self.replay(function, &at_and_id, &event, user_agent.as_deref()));
        self.wait_latency().await;
        (self.reply_web(answer, &authority), line)
    }

    /// A state token's callback: its function runs as a `doGet` would, its event's
    /// parameters the token's arguments and then the query's (the OAuth2 library reads
    /// its `serviceName` argument from `request.parameter`; the token's value wins over a
    /// redirect's of the same name: assumed). gas-sim's tokens can be forged, so only a
    /// function the project declares runs (the platform's are encrypted). A token gas-sim
    /// cannot read, one past its timeout, or a method other than GET is refused (assumed).
    async fn user_callback(&self, request: Request<Incoming>) -> (Reply, Line) {
        let refused = |outcome: String| Line { function: "-".into(), exec_id: None, outcome, replay: None };
        if request.method() != Method::GET {
            return (method_not_allowed(), refused("method not allowed".into()));
        }
        let query = request.uri().query().unwrap_or_default().to_string();
        let authority = self.authority_of(&request);
        let state = event::parse_form(&query).into_iter().find(|(name, _)| name == "state").map(|(_, v)| v);
        let token = StateToken::decode(&state.unwrap_or_default(), self.executions.now_utc_ms())
            .map_err(str::to_string)
            .and_then(|token| {
                let declared = is_identifier(&token.method)
                    && self.project.files().iter().any(|f| declares_function(&f.text, &token.method));
                if declared {
                    Ok(token)
                } else {
                    Err(response::function_not_found_message(&token.method))
                }
            });
        let token = match token {
            Ok(token) => token,
            Err(message) => {
                let answer = WebResponse { body: response::error_page(&message), ..response::server_error_response() };
                return (page_reply(&answer), refused(format!("refused: {}", message.escape_debug())));
            }
        };
        let arguments: Vec<(String, String)> = token.arguments.into_iter().collect();
        let query = [event::encode_pairs(&arguments), query].into_iter().filter(|q| !q.is_empty()).collect::<Vec<_>>();
        let user_agent = user_agent_of(&request);
        let query = query.join("&");
        let request = event::Request {
            method: "GET".into(),
            path: String::new(),
            query,
            body: None,
            user_agent: user_agent.clone(),
        };
        let planned = self.delivery.pick();
        let event = event::build_event(&request);
        let ran = self.executions.run(&token.method, Some(event.clone()), None, user_agent.clone()).await;
        let (answer, mut line) = self.web_answer(&token.method, ran, planned);
        let agent = user_agent.as_deref();
        line.replay = line.replay.take().map(|at_and_id| self.replay(&token.method, &at_and_id, &event, agent));
        self.wait_latency().await;
        (self.reply_web(answer, &authority), line)
    }

    /// What the client gets for an execution, and its log line.
    fn web_answer(&self, function: &str, ran: Ran, planned: Outcome) -> (Result<WebResponse, Reply>, Line) {
        let (settled, line) = settle(function, ran, planned);
        let answer = match settled {
            Settled::Ran { report, outcome: Outcome::Delivered } => Ok(gas_scenario::report::web_response(&report)),
            Settled::Ran { report, outcome: Outcome::ErrorPage } if report.outcome.name() != "completed" => {
                Ok(gas_scenario::report::web_response(&report))
            }
            Settled::Ran { outcome: Outcome::ErrorPage, .. } => Ok(response::server_error_response()),
            Settled::Ran { .. } => Ok(response::lost_response()),
            Settled::Refused(message) => {
                Ok(WebResponse { body: response::error_page(message), ..response::server_error_response() })
            }
            Settled::Reply(reply) => Err(reply),
        };
        (answer, line)
    }

    /// The HTTP answer: the 302 to a one-time URL for a ContentService output (unless
    /// `--no-redirect`), else the page itself (an HtmlService output with the client
    /// script).
    fn reply_web(&self, answer: Result<WebResponse, Reply>, authority: &str) -> Reply {
        let mut answer = match answer {
            Ok(answer) => answer,
            Err(reply) => return reply,
        };
        if let (Some(platform_url), true) = (answer.redirect.take(), self.config.redirect) {
            let (key, lib) = echo_key(&platform_url);
            let location = format!("http://{authority}/macros/echo?user_content_key={key}&lib={lib}");
            self.echoes.lock().unwrap_or_else(|p| p.into_inner()).put(key, answer);
            let mut reply = text_reply(StatusCode::FOUND, "");
            if let Ok(value) = HeaderValue::from_str(&location) {
                reply.headers_mut().insert(LOCATION, value);
            }
            return reply;
        }
        if answer.page == Page::Output && answer.content_type.starts_with("text/html") {
            answer.body = script_run::inject(&answer.body, &self.client_script);
        }
        page_reply(&answer)
    }

    fn echo(&self, query: &str) -> (Reply, Line) {
        let key = event::parse_form(query).into_iter().find(|(k, _)| k == "user_content_key").map(|(_, v)| v);
        let stored = key.and_then(|key| self.echoes.lock().unwrap_or_else(|p| p.into_inner()).take(&key));
        let line = |outcome: &str| Line { function: "-".into(), exec_id: None, outcome: outcome.into(), replay: None };
        match stored {
            Some(answer) => (page_reply(&answer), line("result served")),
            None => (page_reply(&response::lost_response()), line("result not found (served once, or expired)")),
        }
    }

    async fn script_run(&self, request: Request<Incoming>) -> (Reply, Line) {
        let mut line =
            Line { function: "google.script.run".into(), exec_id: None, outcome: String::new(), replay: None };
        if request.method() != Method::POST {
            line.outcome = "method not allowed".into();
            return (method_not_allowed(), line);
        }
        let bytes = match self.read_body(request).await {
            Ok(bytes) => bytes,
            Err(reply) => {
                line.outcome = "refused: body".into();
                return (reply, line);
            }
        };
        let call = match script_run::parse_call(&bytes, &self.project, self.config.form_files) {
            Ok(call) => call,
            Err(error) => {
                line.outcome = "refused".into();
                return (json_reply(&script_run::refusal(error)), line);
            }
        };
        let planned = self.delivery.pick();
        let ran = self.executions.run(&call.function, None, Some(call.args), None).await;
        let (settled, mut line) = settle(&call.function, ran, planned);
        // A call's arguments are not an event: `gas-sim call` cannot replay it.
        line.replay = None;
        self.wait_latency().await;
        let reply = match settled {
            // The script's own answer, or its error for the failure handler.
            Settled::Ran { report, outcome: Outcome::Delivered } => json_reply(&script_run::answer(&report)),
            Settled::Ran { report, outcome: Outcome::ErrorPage } if report.outcome.name() != "completed" => {
                json_reply(&script_run::answer(&report))
            }
            // The platform's pages: the page's call gets no answer it can read.
            Settled::Ran { outcome: Outcome::ErrorPage, .. } => page_reply(&response::server_error_response()),
            Settled::Ran { .. } => page_reply(&response::lost_response()),
            Settled::Refused(message) => {
                json_reply(&script_run::refusal(gas_platform::webapp::script_run::failure_of("Exception", message)))
            }
            Settled::Reply(reply) => reply,
        };
        (reply, line)
    }

    async fn read_body(&self, request: Request<Incoming>) -> Result<Bytes, Reply> {
        let max = self.config.body_bytes_max;
        let too_large = || {
            text_reply(
                StatusCode::PAYLOAD_TOO_LARGE,
                &format!("gas-sim serve: the body is larger than --max-body ({max} bytes)\n"),
            )
        };
        let declared = header_text(&request, CONTENT_LENGTH.as_str()).and_then(|v| v.trim().parse::<u64>().ok());
        if declared.is_some_and(|n| n > max as u64) {
            return Err(too_large());
        }
        match Limited::new(request.into_body(), max).collect().await {
            Ok(collected) => Ok(collected.to_bytes()),
            Err(e) if e.downcast_ref::<http_body_util::LengthLimitError>().is_some() => Err(too_large()),
            Err(e) => Err(text_reply(StatusCode::BAD_REQUEST, &format!("gas-sim serve: malformed body: {e}\n"))),
        }
    }

    fn authority_of<T>(&self, request: &Request<T>) -> String {
        let host =
            header_text(request, HOST.as_str()).filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_graphic()));
        host.unwrap_or_else(|| self.config.authority.clone())
    }

    /// The `gas-sim call` that runs a failed request's execution again (on a copy of
    /// the state as it was before it; the event is left out when it is too long).
    fn replay(&self, function: &str, at_and_id: &str, event: &Value, user_agent: Option<&str>) -> String {
        let event = event.to_string();
        let event = if event.len() <= REPLAY_EVENT_BYTES_MAX {
            format!(" --event '{}'", event.replace('\'', "'\\''"))
        } else {
            format!(" (the event, {} bytes, is not shown)", event.len())
        };
        // `=` joined: a header starting with `-` stays the flag's value. A request without
        // one replays as a request without one (`''`).
        let agent = format!(" --user-agent='{}'", user_agent.unwrap_or_default().replace('\'', "'\\''"));
        let seed = self.config.seed;
        let (command, flags) = &self.config.replay;
        format!("{command} {function} {at_and_id} --seed {seed} --latency none{flags}{agent}{event}")
    }

    async fn wait_latency(&self) {
        if self.config.latency_ms > 0 {
            tokio::time::sleep(Duration::from_millis(self.config.latency_ms)).await;
        }
    }
}

use serde_json::Value;

/// How a request's execution ended for its client.
enum Settled {
    /// It ran; the client experiences `outcome`.
    Ran { report: Box<gas_engine::ExecutionReport>, outcome: Outcome },
    /// The platform refused to start it.
    Refused(&'static str),
    /// gas-sim's own answer (it could not run it, or could not write the state).
    Reply(Reply),
}

/// The outcome a client experiences (the planned delivery, then what the script did),
/// and the request's log line.
fn settle(function: &str, ran: Ran, planned: Outcome) -> (Settled, Line) {
    let mut line = Line { function: function.into(), exec_id: None, outcome: String::new(), replay: None };
    let (report, saved) = match ran {
        Ran::Report { report, saved } => (report, saved),
        Ran::Refused(message) => {
            line.outcome = "refused: too many simultaneous executions".into();
            return (Settled::Refused(message), line);
        }
        Ran::Failed(message) => {
            line.outcome = format!("gas-sim failed: {message}");
            let text = format!("gas-sim serve: {message}\n");
            return (Settled::Reply(text_reply(StatusCode::INTERNAL_SERVER_ERROR, &text)), line);
        }
    };
    line.exec_id = Some(report.exec_id);
    if let Err(error) = saved {
        line.outcome = format!("ran, state not written: {error}");
        let text = format!("gas-sim serve: the execution ran but --state could not be written: {error}\n");
        return (Settled::Reply(text_reply(StatusCode::SERVICE_UNAVAILABLE, &text)), line);
    }
    let failed = !matches!(report.outcome, gas_engine::Outcome::Completed { .. });
    let end = ExecutionEnd { start_utc_ms: report.start_utc_ms, end_utc_ms: report.end_utc_ms, failed };
    // No client timeout is known here: a client that gives up simply closes.
    let outcome = experienced(planned, end, i64::MAX);
    line.outcome = format!("{} {}", report.outcome.name(), outcome.name());
    if failed {
        // Filled in by the caller that knows the event: the start and the execution.
        line.replay =
            Some(format!("--at {} --exec-id {}", gas_platform::time::iso_utc(report.start_utc_ms), report.exec_id));
    }
    (Settled::Ran { report, outcome }, line)
}

/// The path after `/exec` or `/dev` (`""` for the URL itself), or `None` for another path.
fn web_app_path(path: &str) -> Option<String> {
    ["/exec", "/dev"].iter().find_map(|root| {
        let rest = path.strip_prefix(root)?;
        match rest {
            "" | "/" => Some(String::new()),
            _ => rest.strip_prefix('/').map(|p| event::percent_decode(p, false)),
        }
    })
}

/// The request's `User-Agent` (`HtmlService.getUserAgent()`), if it sent one a header can
/// hold (`event::check_user_agent`).
fn user_agent_of<T>(request: &Request<T>) -> Option<String> {
    header_text(request, USER_AGENT.as_str()).filter(|agent| event::check_user_agent(agent).is_ok())
}

fn header_text<T>(request: &Request<T>, name: &str) -> Option<String> {
    request.headers().get(name).and_then(|v| v.to_str().ok()).map(String::from)
}

/// 431 when the headers come to more than [`HEADER_BYTES_MAX`].
fn header_refusal<T>(request: &Request<T>) -> Option<Reply> {
    let bytes: usize = request.headers().iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum();
    (bytes > HEADER_BYTES_MAX).then(|| {
        text_reply(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            &format!("gas-sim serve: the request's headers are {bytes} bytes, more than {HEADER_BYTES_MAX}\n"),
        )
    })
}

fn method_not_allowed() -> Reply {
    let mut reply = text_reply(StatusCode::METHOD_NOT_ALLOWED, "gas-sim serve: a web app takes GET or POST\n");
    reply.headers_mut().insert(ALLOW, HeaderValue::from_static("GET, POST"));
    reply
}

fn text_reply(status: StatusCode, text: &str) -> Reply {
    let mut reply = Response::new(Full::new(Bytes::from(text.to_string())));
    *reply.status_mut() = status;
    reply.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    reply
}

fn json_reply(value: &Value) -> Reply {
    let mut reply = Response::new(Full::new(Bytes::from(value.to_string())));
    reply.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    reply
}

/// A platform answer (an output or one of its pages) as HTTP.
fn page_reply(answer: &WebResponse) -> Reply {
    let mut reply = Response::new(Full::new(Bytes::from(answer.body.clone())));
    *reply.status_mut() = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let headers = reply.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&answer.content_type) {
        headers.insert(CONTENT_TYPE, value);
    }
    for (name, value) in &answer.headers {
        if let (Ok(name), Ok(value)) =
            (hyper::header::HeaderName::from_bytes(name.as_bytes()), HeaderValue::from_str(value))
        {
            headers.insert(name, value);
        }
    }
    reply
}

/// The key and library of the platform's one-time URL.
fn echo_key(platform_url: &str) -> (String, String) {
    let query = platform_url.split_once('?').map_or("", |(_, q)| q);
    let fields: BTreeMap<String, String> = event::parse_form(query).into_iter().collect();
    (fields.get("user_content_key").cloned().unwrap_or_default(), fields.get("lib").cloned().unwrap_or_default())
}

/// `2026-12-04T18:30:01.123Z  POST /exec  doPost  exec 12  completed delivered  200  4 ms`.
fn log_line(method: &Method, path: &str, line: &Line, status: StatusCode, took: Duration) {
    let at = gas_platform::time::iso_utc(super::gate::ServeClock::start(None).now_utc_ms());
    let path: String = path.chars().take(LOGGED_PATH_CHARS_MAX).collect();
    let exec = line.exec_id.map_or_else(|| "-".to_string(), |id| format!("exec {id}"));
    outln!(
        "{at}  {method} {path}  {}  {exec}  {}  {}  {} ms",
        line.function,
        line.outcome,
        status.as_u16(),
        took.as_millis()
    );
    if let Some(replay) = &line.replay {
        outln!("  replay: {replay}");
    }
}

/// A request being answered; counted out when dropped (answered, or its client gone).
struct InFlight<'a>(&'a std::sync::atomic::AtomicUsize);

impl<'a> InFlight<'a> {
    fn enter(count: &'a std::sync::atomic::AtomicUsize) -> InFlight<'a> {
        count.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        InFlight(count)
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

/// Results waiting at their one-time URL, oldest first.
#[derive(Default)]
struct Echoes {
    by_key: BTreeMap<String, (WebResponse, Instant)>,
    order: VecDeque<String>,
    bytes: usize,
}

impl Echoes {
    fn put(&mut self, key: String, answer: WebResponse) {
        self.bytes += answer.body.len();
        if let Some((old, _)) = self.by_key.insert(key.clone(), (answer, Instant::now())) {
            self.bytes -= old.body.len();
        }
        self.order.push_back(key);
        while self.by_key.len() > ECHOES_MAX || self.bytes > ECHO_BYTES_MAX {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some((gone, _)) = self.by_key.remove(&oldest) {
                self.bytes -= gone.body.len();
            }
        }
    }

    /// The result at `key`, once, while it has not expired.
    fn take(&mut self, key: &str) -> Option<WebResponse> {
        let (answer, at) = self.by_key.remove(key)?;
        self.bytes -= answer.body.len();
        self.order.retain(|k| k != key);
        (at.elapsed() <= Duration::from_millis(ECHO_TTL_MS)).then_some(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_app_paths() {
        assert_eq!(web_app_path("/exec"), Some(String::new()));
        assert_eq!(web_app_path("/exec/"), Some(String::new()));
        assert_eq!(web_app_path("/dev/a/b%20c"), Some("a/b c".into()));
        assert_eq!(web_app_path("/execute"), None);
        assert_eq!(web_app_path("/"), None);
    }

    #[test]
    fn results_are_served_once_and_bounded() {
        let mut echoes = Echoes::default();
        let answer = response::server_error_response();
        echoes.put("k".into(), answer.clone());
        assert!(echoes.take("k").is_some());
        assert!(echoes.take("k").is_none(), "one-time");
        for i in 0..ECHOES_MAX + 5 {
            echoes.put(format!("k{i}"), answer.clone());
        }
        assert_eq!(echoes.by_key.len(), ECHOES_MAX);
        assert!(echoes.take("k0").is_none(), "the oldest went first");
        assert_eq!(echo_key(&response::echo_url("lib1", 3)).1, "lib1");
    }
}
