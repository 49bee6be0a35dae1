//! `gas-sim bench --suite`'s `serve` benchmarks: `gas-sim serve bench/serve_append` with a
//! `--state` file (the default `--sync os`) under 1 or 16 clients, each posting on one
//! kept-alive connection and following the platform's 302: requests per second, and the
//! server's peak memory. The clients are ureq agents (HTTP/1.1, one pooled connection
//! each), which follow the 302 as a browser does.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::bench_results::Measured;

/// Requests (a POST and its redirect) per repetition, shared among the clients.
pub const SERVE_REQUESTS: usize = 2_000;
/// Requests per client before the clock starts: each execution thread compiles the
/// project for its first execution.
const WARMUP_PER_CLIENT: usize = 20;
/// How long `serve` may take to print its first line.
const START_WAIT_MS_MAX: u64 = 60_000;
/// The largest answer a client reads (the benchmark's are a few hundred bytes).
const ANSWER_BYTES_MAX: u64 = 64 * 1024;

/// One repetition: a new `serve` on a new state file, `clients` clients; the value is
/// requests per second.
pub fn measure_serve(binary: &Path, clients: usize) -> Result<Measured, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("a temporary folder: {e}"))?;
    let state = dir.path().join("state.json");
    let args: Vec<String> = ["serve", "bench/serve_append", "--port", "0", "--latency", "0", "--state"]
        .iter()
        .map(|a| a.to_string())
        .chain([state.display().to_string(), "--allow-path".into(), dir.path().display().to_string()])
        .collect();
    let mut running = super::bench_suite::spawn(binary, &args)?;
    let pid = running.child.id();
    let measured = port_of(&mut running).and_then(|port| {
        load(port, clients, WARMUP_PER_CLIENT)?;
        let started = Instant::now();
        load(port, clients, SERVE_REQUESTS / clients)?;
        Ok((SERVE_REQUESTS / clients * clients) as f64 / started.elapsed().as_secs_f64())
    });
    // SAFETY: a signal to our own child, by its pid: `serve` drains and exits 0.
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
    let (code, usage) = super::bench_suite::wait(Some(pid))?.1;
    let rate = measured?;
    super::bench_suite::check_exit(code, &running.label, &mut running.stderr)?;
    Ok(Measured::of_process(rate, &usage))
}

/// The port on `serve`'s first line (JSON), once it is printed.
fn port_of(running: &mut super::bench_suite::Running) -> Result<u16, String> {
    let deadline = Instant::now() + Duration::from_millis(START_WAIT_MS_MAX);
    loop {
        let stdout = super::bench_suite::read_all(&mut running.stdout);
        if let Some(line) = stdout.lines().next().filter(|_| stdout.contains('\n')) {
            let announced: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("serve's first line is not JSON ({e}): {line}"))?;
            let port = announced["port"].as_u64().and_then(|p| u16::try_from(p).ok());
            return port.ok_or_else(|| format!("serve's first line has no port: {line}"));
        }
        if Instant::now() > deadline || running.child.try_wait().map_or(true, |status| status.is_some()) {
            let stderr = super::bench_suite::read_all(&mut running.stderr);
            return Err(format!("`{}` did not start: {}", running.label, stderr.lines().next().unwrap_or("")));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `clients` clients at once, `per_client` requests each.
fn load(port: u16, clients: usize, per_client: usize) -> Result<(), String> {
    std::thread::scope(|scope| {
        let running: Vec<_> =
            (0..clients).map(|client| scope.spawn(move || one_client(port, client, per_client))).collect();
        running.into_iter().try_for_each(|r| r.join().unwrap_or_else(|_| Err("a client panicked".into())))
    })
}

fn one_client(port: u16, client: usize, requests: usize) -> Result<(), String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(1)
        .timeout_global(Some(Duration::from_millis(START_WAIT_MS_MAX)))
        .build()
        .into();
    for n in 0..requests {
        let url = format!("http://127.0.0.1:{port}/exec?id=c{client}-{n}");
        let mut answer = agent.post(&url).send_empty().map_err(|e| format!("posting to serve: {e}"))?;
        // Read to the end, so the connection goes back to the pool.
        answer
            .body_mut()
            .with_config()
            .limit(ANSWER_BYTES_MAX)
            .read_to_vec()
            .map_err(|e| format!("reading serve's answer: {e}"))?;
        let status = answer.status().as_u16();
        if status != 200 {
            return Err(format!("serve answered {status}, not 200"));
        }
    }
    Ok(())
}
