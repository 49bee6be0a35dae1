//! `--html`: the page of `tests/timeline/timeline.toml` (a lock wait, a 6-minute kill,
//! faults, an eviction, mail, a passing and a failing expectation, and script text that
//! tries to inject markup). Written by the binary, the same bytes every time and the same
//! as the library's page, with nothing from the script left as markup; then drawn in a
//! real headless Chromium (Debian's `chromium`): the bars, marks, ticks and expectation
//! rows in its DOM match the reports, a click on a bar shows that execution's calls and
//! logs, and a screenshot is kept at `target/tmp/html_timeline/timeline.png`.
//!
//! Only this test needs Chromium: without one it says so and passes, except in CI (`CI`
//! set), where `.ci/run` installs it and its absence fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gas_scenario::{PreparedScenario, RunControl, RunOptions, ZoneReport};

const BROWSER_WAIT_MAX: Duration = Duration::from_secs(120);

fn scenario() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/timeline/timeline.toml")
}

fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html_timeline");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn reports() -> Vec<ZoneReport> {
    let prepared = PreparedScenario::load(&scenario(), &RunOptions::default()).unwrap();
    prepared.run_all_with(&RunControl { keep_traces: true, ..RunControl::default() }).unwrap()
}

fn write_with_binary(html: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(["run".as_ref(), scenario().as_os_str(), "--html".as_ref(), html.as_os_str()])
        // The page goes to a temp folder, outside the scenario's tree and the current folder.
        .args(["--allow-path".as_ref(), html.parent().unwrap().as_os_str()])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "one expectation fails on purpose: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The page's DOM without the text of its `<script>` and `<style>` elements (the script's
/// source names every class it draws).
fn elements_only(dom: &str) -> String {
    let mut out = String::new();
    let mut rest = dom;
    loop {
        let next = ["<script", "<style"].iter().filter_map(|tag| rest.find(tag).map(|at| (at, *tag))).min();
        let Some((at, tag)) = next else { break };
        out.push_str(&rest[..at]);
        let close = if tag == "<script" { "</script>" } else { "</style>" };
        let end = rest[at..].find(close).map(|e| at + e + close.len()).expect("closed element");
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

struct Expected {
    bars: usize,
    lock_waits: usize,
    kills: usize,
    faults: usize,
    evictions: usize,
    mails: usize,
    passes: usize,
    fails: usize,
}

fn expected(reports: &[ZoneReport]) -> Expected {
    let executions = || reports.iter().flat_map(|r| &r.executions);
    let traces = || executions().filter_map(|e| e.trace.as_deref());
    let expectations = || reports.iter().flat_map(|r| &r.expectations);
    Expected {
        bars: executions().count(),
        lock_waits: traces().map(|t| t.lock_waits.len()).sum(),
        kills: executions().filter(|e| e.ran_too_long()).count(),
        faults: traces().flat_map(|t| &t.calls).filter(|c| c.fault.is_some()).count()
            + executions().filter(|e| e.response_lost).count(),
        evictions: reports.iter().map(|r| r.timeline.evictions.len()).sum(),
        mails: reports.iter().map(|r| r.mail.len()).sum(),
        passes: expectations().filter(|e| e.passed).count(),
        fails: expectations().filter(|e| !e.passed).count(),
    }
}

#[test]
fn the_page_is_deterministic_escaped_and_what_the_library_draws() {
    let reports = reports();
    let e = expected(&reports);
    // The scenario has every kind of thing the page draws, so a count of zero cannot pass.
    assert!(e.lock_waits > 0 && e.kills > 0 && e.faults > 0 && e.evictions > 0 && e.mails > 0 && e.fails > 0);
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (dir.path().join("a.html"), dir.path().join("b.html"));
    write_with_binary(&first);
    write_with_binary(&second);
    let page = std::fs::read_to_string(&first).unwrap();
    assert_eq!(page, std::fs::read_to_string(&second).unwrap(), "the same run gives the same bytes");
    assert_eq!(page, gas_scenario::timeline::html::page(&reports), "the binary writes the library's page");
    // The script's texts are there, but never as markup.
    assert!(page.contains("timeline &lt;b&gt;picture&lt;/b&gt;"));
    assert!(page.contains(r#"\u003cimg src=x onerror="#), "the hostile subject is in the data, escaped");
    for markup in ["<img", "<b>", "<i>", "document.title=\"pwned\"</script>"] {
        assert!(!page.contains(markup), "{markup:?} reached the page as markup");
    }
    assert_eq!((count(&page, "<script"), count(&page, "</script>")), (2, 2), "only the page's own two scripts");
    assert!(page.contains("default-src 'none'"), "the page may load nothing");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2, "no temp file left");
}

#[test]
fn an_html_path_that_cannot_be_written_fails_before_the_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args([
            "run".as_ref(),
            scenario().as_os_str(),
            "--html".as_ref(),
            dir.path().join("no/such/t.html").as_os_str(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--html") && stderr.contains("does not exist"), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing ran");
    let out = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(["run".as_ref(), scenario().as_os_str(), "--html".as_ref(), scenario().as_os_str()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "the scenario itself is an input");
}

/// `test --html` keeps calls and logs for failed runs only: the page of a passing run
/// has its bars but no call records, and says where to get them.
#[test]
fn a_test_page_keeps_the_details_of_failed_runs_only() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("t.html");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let run = |command: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
            .args([command, "scenarios/quickstart_visits.toml", "--html"])
            .arg(&page)
            .args(["--allow-path".as_ref(), dir.path().as_os_str()])
            .current_dir(&root)
            .output()
            .unwrap();
        assert!(out.status.code().is_some_and(|c| c <= 1), "{}", String::from_utf8_lossy(&out.stderr));
        std::fs::read_to_string(&page).unwrap()
    };
    let tested = run("test");
    assert!(!tested.contains("\"calls\":"), "a passed run's calls are left out");
    assert!(tested.contains("\"executions\":[{"), "its bars stay");
    let ran = run("run");
    assert!(ran.contains("\"calls\":"), "run --html keeps every run's calls");
}

pub(crate) fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("GAS_SIM_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("chromium")).find(|p| p.is_file())
}

/// Runs Chromium headless on `url` with `args`, at most `BROWSER_WAIT_MAX`; its stdout.
fn browse(chromium: &Path, args: &[&str], url: &str) -> String {
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).map(|_| text)
    });
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium {args:?} {url}: {status}");
            break;
        }
        if started.elapsed() > BROWSER_WAIT_MAX {
            let _ = child.kill();
            panic!("chromium did not finish within {BROWSER_WAIT_MAX:?}: {args:?} {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().unwrap().unwrap()
}

#[test]
fn chromium_draws_every_bar_and_mark_and_a_click_shows_the_calls() {
    let Some(chromium) = chromium() else {
        let in_ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
        assert!(!in_ci, "CI needs chromium for this test (.ci/run installs it: apt-get install chromium)");
        eprintln!("skipped: no chromium on PATH (apt-get install chromium, or set GAS_SIM_CHROMIUM)");
        return;
    };
    let reports = reports();
    let e = expected(&reports);
    let html = artifacts().join("timeline.html");
    write_with_binary(&html);
    // The execution that waited for the lock: its bar is the one clicked.
    let (zone_index, waiter) = reports
        .iter()
        .enumerate()
        .find_map(|(i, r)| {
            r.executions.iter().find(|x| x.trace.as_ref().is_some_and(|t| !t.lock_waits.is_empty())).map(|x| (i, x))
        })
        .unwrap();
    let trace = waiter.trace.as_deref().unwrap();
    let url = format!("file://{}#click={zone_index}:{}", html.canonicalize().unwrap().display(), waiter.exec_id);
    let dom = elements_only(&browse(&chromium, &["--dump-dom"], &url));
    assert!(dom.contains(&format!("data-rendered=\"{}\"", reports.len())), "the script ran to its end");
    let drawn = [
        ("<rect class=\"bar ", e.bars),
        ("<rect class=\"lock-wait\"", e.lock_waits),
        ("<line class=\"kill-line\"", e.kills),
        ("class=\"mark mark-fault\"", e.faults),
        ("class=\"mark mark-eviction\"", e.evictions),
        ("<line class=\"tick-mail\"", e.mails),
        ("<tr class=\"expect-row pass\"", e.passes),
        ("<tr class=\"expect-row fail\"", e.fails),
        ("<path class=\"quota-line\"", reports.len()),
        ("<svg class=\"timeline\"", reports.len()),
    ];
    for (needle, expected) in drawn {
        assert_eq!(count(&dom, needle), expected, "{needle}");
    }
    // Under each FAIL, its evidence lines, as the text report prints them.
    let evidence: usize = reports.iter().flat_map(|r| &r.expectations).map(|x| x.evidence.len()).sum();
    assert!(evidence > 0, "the fixture's failing expectation has evidence");
    assert_eq!(count(&dom, "<tr class=\"evidence-row\""), evidence);
    // An index of the runs, the failed ones first.
    let links: Vec<&str> = dom.match_indices("class=\"index-link ").map(|(at, _)| &dom[at + 18..at + 24]).collect();
    assert_eq!(links.len(), reports.len());
    let failed = reports.iter().filter(|r| !r.passed).count();
    assert!(links[..failed].iter().all(|l| l.starts_with("failed")), "{links:?}");
    // The failed and killed executions grouped as in the text report, one line per group.
    let groups: usize = reports.iter().map(|r| gas_scenario::why::error_groups(&r.executions).len()).sum();
    assert!(groups > 0, "the fixture has a failed or killed execution");
    assert_eq!(count(&dom, "class=\"error-group\""), groups);
    // Navigation to the next failure, lock wait and kill, where a zone has them.
    let zones_with = |test: &dyn Fn(&gas_scenario::report::ExecutionSummary) -> bool| {
        reports.iter().filter(|r| r.executions.iter().any(test)).count()
    };
    assert_eq!(count(&dom, "class=\"next-kill\""), zones_with(&|x| x.outcome == "killed"));
    assert_eq!(count(&dom, "class=\"next-failure\""), zones_with(&|x| x.outcome == "failed"));
    let waits = zones_with(&|x| x.trace.as_ref().is_some_and(|t| !t.lock_waits.is_empty()));
    assert!(waits > 0);
    assert_eq!(count(&dom, "class=\"next-lock-wait\""), waits);
    // The web app's row: one line per submission, a dot per attempt.
    let submissions: usize = reports.iter().map(|r| r.submissions.len()).sum();
    let attempts: usize = reports.iter().flat_map(|r| &r.submissions).map(|s| s.attempts.len()).sum();
    assert!(submissions > 0 && attempts > submissions, "a retried submission");
    assert_eq!(count(&dom, "<line class=\"submission "), submissions);
    assert_eq!(count(&dom, "<circle class=\"attempt "), attempts);
    assert_eq!(
        count(&dom, "<circle class=\"attempt attempt-lost\""),
        reports.len(),
        "the lost first answer, in each zone"
    );
    // One labelled track per function in each zone.
    let tracks: usize = reports
        .iter()
        .map(|r| r.executions.iter().map(|x| x.function.as_str()).collect::<std::collections::BTreeSet<_>>().len())
        .sum();
    assert_eq!(count(&dom, "<text class=\"track-label\""), tracks);
    for function in reports.iter().flat_map(|r| r.executions.iter().map(|x| x.function.as_str())) {
        assert!(
            dom.contains(&format!("data-track=\"{function}\">{function}</text>")),
            "{function}'s track is labelled"
        );
    }
    // The click: that execution's calls and logs, nowhere else.
    assert_eq!(count(&dom, "data-shown="), 1);
    assert!(dom.contains(&format!("data-shown=\"{}\"", waiter.exec_id)));
    assert_eq!(count(&dom, "<tr class=\"call-row\""), trace.calls.len());
    assert_eq!(count(&dom, "<tr class=\"log-row\""), trace.logs.len());
    assert!(dom.contains("Lock.waitLock"));
    // Hostile text stayed text: the title is the page's, no element came from a subject
    // or a log line.
    assert!(dom.contains("<title>gas-sim timeline: timeline &lt;b&gt;picture&lt;/b&gt;</title>"), "title changed");
    for markup in ["<img", "<b>", "<i>"] {
        assert!(!dom.contains(markup), "{markup:?} became an element");
    }
    assert!(dom.contains("&lt;img src=x onerror="), "the subject is shown as text");
    let png = artifacts().join("timeline.png");
    let _ = std::fs::remove_file(&png);
    browse(&chromium, &["--window-size=1400,1100", &format!("--screenshot={}", png.display())], &url);
    let bytes = std::fs::read(&png).expect("chromium wrote the screenshot");
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000, "a real picture");
    eprintln!("screenshot: {}", png.display());
}
