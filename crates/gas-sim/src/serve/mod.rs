//! `gas-sim serve PROJECT`: the project's web app behind a real socket, on the real
//! clock, so a real client (curl, a server action, a browser) meets the simulated
//! platform: the same event object, responses and delivery outcomes as a scenario's
//! requests, the platform's POST-then-redirect, `google.script.run` for HtmlService
//! pages, and the world kept in the same `--state` file as `gas-sim call`.
//!
//! - `http`: routes, limits and answers (hyper on tokio);
//! - `executions`: admission (30 at once), execution numbers and threads;
//! - `gate`: the real-time clock and `Gate` (the only wall-clock reads outside `bench`);
//! - `state`: the shared world and the state file, written after every execution;
//! - `delivery`: `--lose-response` and `--error-page`;
//! - `script_run` (+ `client.js`): `google.script.run`;
//! - `flags`: percentages, durations and sizes.
//!
//! Stdout's first line is one JSON object (`{"gas_sim_serve":1,"url":...}`) for scripts
//! and tests; then a line per request. Warnings and the stop go to stderr. SIGINT or
//! SIGTERM: stop accepting, let requests in flight finish (at most
//! [`DRAIN_WAIT_MS_MAX`]), write the state, exit 0.

mod delivery;
mod executions;
mod flags;
mod gate;
mod http;
mod script_run;
mod state;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gas_engine::Project;
use gas_platform::time::parse_zone;

use crate::state_file::{ensure_container, load_state, state_outputs};
use crate::BadInput;

/// How long a stop waits for requests in flight before it writes the state and exits.
pub const DRAIN_WAIT_MS_MAX: u64 = 30_000;
/// Connections open at once; the next waits to be accepted.
const CONNECTIONS_MAX: usize = 512;
/// A client has this long to send its request's headers.
const HEADER_READ_TIMEOUT_S: u64 = 30;
/// The version of stdout's first line.
const SERVE_FORMAT_VERSION: u32 = 1;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The project folder (with appsscript.json).
    project: PathBuf,
    /// The port to listen on; 0 picks a free one (printed on stdout's first line).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but loopback exposes the simulator to the
    /// network (a warning says so).
    #[arg(long, default_value = "127.0.0.1")]
    bind: String,
    /// A state file (JSON, as `gas-sim call --state`): loaded at start, written after
    /// every execution (created when missing).
    #[arg(long)]
    state: Option<PathBuf>,
    /// Start from the world a scenario file declares (its account, properties,
    /// spreadsheets and HTTP rules) instead of an empty one; with --state, only while
    /// the state file does not exist yet.
    #[arg(long, value_name = "FILE")]
    scenario: Option<PathBuf>,
    /// How far each write of --state goes before the clients it covers are answered:
    /// `os` (the file is complete and in place in the OS: a kill -9 of gas-sim loses no
    /// answered execution; an OS crash or power loss may) or `disk` (fsync: neither
    /// loses one; each write waits for the disk).
    #[arg(long, value_enum, default_value_t = SyncTo::Os)]
    sync: SyncTo,
    /// The script time zone (default: appsscript.json's timeZone).
    #[arg(long)]
    tz: Option<String>,
    /// Seeds Math.random, Utilities.getUuid and the fault flags' picks.
    #[arg(long, default_value_t = 7, value_parser = |text: &str| crate::call::whole_number_flag(text, 0, u64::MAX))]
    seed: u64,
    /// The share of answers the platform loses (10%): the script runs, the client gets
    /// the platform's 404 page.
    #[arg(long, default_value = "0%", value_parser = flags::percent)]
    lose_response: f64,
    /// The share of answers replaced by the platform's error page (5%): the script runs.
    #[arg(long, default_value = "0%", value_parser = flags::percent)]
    error_page: f64,
    /// Extra time before each answer (250ms, 2s; at most 60s).
    #[arg(long, default_value = "0", value_parser = flags::duration_ms)]
    latency: u64,
    /// The largest request body (10MB, 512KB; at most 50MB); larger is 413.
    #[arg(long, default_value = "10MB", value_parser = |text: &str| flags::size_bytes(text, gas_platform::webapp::event::BODY_BYTES_MAX))]
    max_body: usize,
    /// Answer ContentService output directly, without the platform's 302 to a one-time URL.
    #[arg(long)]
    no_redirect: bool,
    /// A form with a file input passed to google.script.run: `fail` (the call fails in
    /// the page with a TypeError, as users observe on the platform) or `blob` (the
    /// documented behaviour: the input's file reaches the function as a Blob).
    #[arg(long, value_enum, default_value_t = FormFilesFlag::Fail)]
    form_files: FormFilesFlag,
    /// A folder outside the project's folder tree and the current folder that --state
    /// may be in (repeatable).
    #[arg(long = "allow-path", value_name = "DIR")]
    allow_paths: Vec<PathBuf>,
}

/// `--form-files`: see `gas_platform::webapp::script_run::FormFiles`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormFilesFlag {
    Fail,
    Blob,
}

/// `--sync`: see `output::Durability`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SyncTo {
    Os,
    Disk,
}

impl SyncTo {
    fn durability(self) -> crate::output::Durability {
        match self {
            SyncTo::Os => crate::output::Durability::Os,
            SyncTo::Disk => crate::output::Durability::Disk,
        }
    }
}

pub fn run(args: &ServeArgs) -> Result<u8, BadInput> {
    // A signal stops `serve` gracefully; output.rs must not die of it mid-drain (before
    // the first write, which would install its handler).
    crate::output::signals_handled_by_caller();
    let bind: IpAddr = args
        .bind
        .parse()
        .map_err(|_| BadInput(format!("--bind {:?}: expected an IP address (127.0.0.1)", args.bind)))?;
    let project = Arc::new(Project::load(&args.project).map_err(|e| BadInput(e.0))?);
    let zone_name = args.tz.clone().unwrap_or_else(|| project.time_zone.clone());
    let zone = parse_zone(&zone_name).map_err(BadInput)?;
    let state_file = match &args.state {
        Some(path) => Some(open_state(&project, path, &args.allow_paths, args.sync.durability())?),
        None => None,
    };
    let mut world = match &args.scenario {
        Some(scenario) => scenario_world(scenario, args.state.as_deref(), &args.allow_paths, zone)?,
        None => load_state(args.state.as_deref())?,
    };
    if let Some(container) = &project.container_id {
        ensure_container(&mut world, container);
    }
    world.faults.rng = gas_platform::rng::SeededRng::derive(args.seed, "faults");
    let clock = gate::ServeClock::start(world.last_utc_ms);
    let gate = Arc::new(gate::RealTimeGate::new(clock));
    let world = Arc::new(Mutex::new(world));
    let writer = state::StateWriter::new(world.clone(), state_file);
    // The state file exists (and is known to be writable) before the first request.
    writer.write_now().map_err(BadInput)?;
    let executions = executions::Executions::new(project.clone(), zone, world, gate, writer.clone(), args.seed);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| BadInput(format!("cannot start the HTTP runtime: {e}")))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(SocketAddr::new(bind, args.port)))
        .map_err(|e| BadInput(format!("--port {}: cannot listen on {bind}:{}: {e}", args.port, args.port)))?;
    let address = listener.local_addr().map_err(|e| BadInput(format!("--port {}: {e}", args.port)))?;
    let config = http::Config {
        redirect: !args.no_redirect,
        latency_ms: args.latency,
        body_bytes_max: args.max_body,
        authority: address.to_string(),
        replay: replay_prefix(args),
        seed: args.seed,
        form_files: match args.form_files {
            FormFilesFlag::Fail => gas_platform::webapp::script_run::FormFiles::Fail,
            FormFilesFlag::Blob => gas_platform::webapp::script_run::FormFiles::Blob,
        },
    };
    let delivery = delivery::Delivery::new(args.seed, args.lose_response, args.error_page);
    let server = Arc::new(http::Server::new(config, executions, delivery, project));
    announce(args, address, writer.path());
    let writing = {
        let writer = writer.clone();
        std::thread::Builder::new()
            .name("gas-sim-state".into())
            .spawn(move || writer.run())
            .map_err(|e| BadInput(format!("cannot start the state writer: {e}")))?
    };
    let drained = runtime.block_on(serve_until_signal(listener, server.clone()));
    writer.stop();
    let _ = writing.join();
    // Whatever the drain left running is cut here, as a kill would; its locks are not kept.
    writer.write_final().map_err(BadInput)?;
    let running = server.executions.running();
    if let (Some(path), (ended, writes)) = (writer.path(), writer.counts()) {
        errln!("gas-sim serve: {ended} execution(s) ended, written to {} in {writes} write(s)", path.display());
    }
    match drained {
        true => errln!("gas-sim serve: stopped; state written"),
        false => errln!(
            "gas-sim serve: stopped after waiting {} s for {running} execution(s) in flight; state written without them",
            DRAIN_WAIT_MS_MAX / 1000
        ),
    }
    // The runtime's tasks and execution threads still in flight end with the process.
    std::process::exit(0);
}

/// `gas-sim call PROJECT` and, after the function, the flags a replay of one of this
/// server's executions needs besides its own (`--tz`, `--state`: a copy of the state
/// from before it).
fn replay_prefix(args: &ServeArgs) -> (String, String) {
    let mut flags = String::new();
    if let Some(tz) = &args.tz {
        flags.push_str(&format!(" --tz {tz}"));
    }
    if let Some(state) = &args.state {
        flags.push_str(&format!(" --state COPY-OF-{}-FROM-BEFORE", state.display()));
    }
    (format!("gas-sim call {}", args.project.display()), flags)
}

/// Checks `--state` and locks it for as long as `serve` runs.
/// `--scenario`: the world `scenario` declares, in `zone` (its dates and times).
fn scenario_world(
    scenario: &std::path::Path,
    state: Option<&std::path::Path>,
    allowed: &[PathBuf],
    zone: chrono_tz::Tz,
) -> Result<gas_platform::World, BadInput> {
    if let Some(state) = state.filter(|s| s.exists()) {
        return Err(BadInput(format!(
            "--scenario starts a new world, and {} already holds one: remove the file or leave out --scenario",
            state.display()
        )));
    }
    let mut loaded = gas_scenario::LoadedScenario::load(scenario).map_err(|e| BadInput(e.0))?;
    loaded.paths = gas_scenario::paths::PathPolicy::new(scenario, allowed.to_vec());
    gas_scenario::plan::initial_world(&loaded, zone).map_err(|e| BadInput(e.0))
}

fn open_state(
    project: &Arc<Project>,
    path: &std::path::Path,
    allowed: &[PathBuf],
    durability: crate::output::Durability,
) -> Result<state::StateFile, BadInput> {
    let outputs = state_outputs(project, allowed)?;
    outputs.check(path, "--state").map_err(BadInput)?;
    let lock =
        crate::state_lock::lock_state(path, "--state", crate::state_lock::STATE_LOCK_WAIT_MS_MAX).map_err(BadInput)?;
    Ok(state::StateFile { path: path.to_path_buf(), outputs, durability, _lock: lock })
}

/// Stdout's first line (JSON), then the human line and any warning on stderr.
fn announce(args: &ServeArgs, address: SocketAddr, state: Option<&std::path::Path>) {
    let url = format!("http://{address}/exec");
    let line = serde_json::json!({
        "gas_sim_serve": SERVE_FORMAT_VERSION,
        "url": url,
        "dev_url": format!("http://{address}/dev"),
        "port": address.port(),
        "bind": address.ip().to_string(),
        "pid": std::process::id(),
        "state": state.map(|p| p.display().to_string()),
    });
    println!("{}", gas_scenario::terminal::guard_json(&line.to_string()));
    errln!("gas-sim serve: {} at {url} (Ctrl-C stops, after the requests in flight)", args.project.display());
    if !address.ip().is_loopback() {
        errln!(
            "warning: --bind {}: the simulator is reachable from the network; it has no authentication, and anyone who reaches it can run the project's functions",
            address.ip()
        );
    }
}

/// Accepts connections until SIGINT or SIGTERM, then drains (`drain`); false when the
/// drain stopped waiting at `DRAIN_WAIT_MS_MAX`.
async fn serve_until_signal(listener: tokio::net::TcpListener, server: Arc<http::Server>) -> bool {
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let slots = Arc::new(tokio::sync::Semaphore::new(CONNECTIONS_MAX));
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        tokio::select! {
            accepted = accept(&listener, &slots) => serve_connection(accepted, &server, &graceful),
            () = &mut stop => break,
        }
    }
    errln!("gas-sim serve: stopping: no new executions; waiting for the ones in flight");
    server.stop_starting_executions();
    let deadline = tokio::time::Instant::now() + Duration::from_millis(DRAIN_WAIT_MS_MAX);
    // Connections are still accepted while draining: a client of an execution in flight
    // follows the platform's 302 to its result on a new connection.
    let drained = async {
        let mut quiet_since = None;
        loop {
            tokio::time::sleep(Duration::from_millis(DRAIN_POLL_MS)).await;
            if server.busy() {
                quiet_since = None;
                continue;
            }
            let quiet = *quiet_since.get_or_insert_with(tokio::time::Instant::now);
            if !server.results_waiting() || quiet.elapsed() >= Duration::from_millis(REDIRECT_GRACE_MS) {
                return;
            }
        }
    };
    tokio::pin!(drained);
    loop {
        tokio::select! {
            accepted = accept(&listener, &slots) => serve_connection(accepted, &server, &graceful),
            () = &mut drained => break,
            () = tokio::time::sleep_until(deadline) => return false,
        }
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => true,
        () = tokio::time::sleep_until(deadline) => false,
    }
}

/// How often a drain looks at what is still in flight.
const DRAIN_POLL_MS: u64 = 20;
/// How long a drain keeps one-time result URLs for clients still to follow their 302.
const REDIRECT_GRACE_MS: u64 = 2_000;

type Accepted = (tokio::net::TcpStream, tokio::sync::OwnedSemaphorePermit);

/// The next connection, once one of the `CONNECTIONS_MAX` slots is free.
async fn accept(listener: &tokio::net::TcpListener, slots: &Arc<tokio::sync::Semaphore>) -> Option<Accepted> {
    let slot = slots.clone().acquire_owned().await.ok()?;
    match listener.accept().await {
        Ok((stream, _peer)) => Some((stream, slot)),
        Err(_) => {
            // Out of file descriptors, say: wait a little rather than spin.
            tokio::time::sleep(Duration::from_millis(10)).await;
            None
        }
    }
}

fn serve_connection(
    accepted: Option<Accepted>,
    server: &Arc<http::Server>,
    graceful: &hyper_util::server::graceful::GracefulShutdown,
) {
    let Some((stream, slot)) = accepted else { return };
    let server = server.clone();
    let service = hyper::service::service_fn(move |request| {
        let server = server.clone();
        async move { Ok::<_, std::convert::Infallible>(server.handle(request).await) }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .max_buf_size(http::HEADER_BUFFER_BYTES_MAX)
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(Duration::from_secs(HEADER_READ_TIMEOUT_S))
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
    let watched = graceful.watch(connection);
    tokio::spawn(async move {
        let _ = watched.await;
        drop(slot);
    });
}

/// Resolves at the first SIGINT or SIGTERM.
async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut interrupt), Ok(mut terminate)) = (signal(SignalKind::interrupt()), signal(SignalKind::terminate()))
    else {
        // Without signal handlers `serve` stops only when killed; the state is still
        // written after every execution.
        return std::future::pending().await;
    };
    tokio::select! {
        _ = interrupt.recv() => {}
        _ = terminate.recv() => {}
    }
}
