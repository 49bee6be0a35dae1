//! `gas-sim serve` in a real browser: headless Chromium (Debian's `chromium`), driven
//! over the DevTools protocol (`cdp.rs`), loads `fixtures/contact-form-page`,
//! fills and submits the form; the page saves through `google.script.run`. Checked: the
//! page's success text, the row and the mail in the state file; with lost answers, the
//! page's retries (one id per message) keep one row. A screenshot of each page is kept
//! in `target/tmp/serve_browser/`.
//!
//! Without Chromium the tests say so and pass, except in CI (`CI` set), where `.ci/run`
//! installs it and its absence fails (as `html_timeline`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::cdp::{Browser, Tab};
use crate::serve::{allow, fixture, Served};

/// Page loads a test tries when the page itself may be lost (`--lose-response`).
const LOADS_MAX: usize = 20;

fn chromium_or_skip() -> Option<PathBuf> {
    let found = crate::html_timeline::chromium();
    if found.is_none() {
        let in_ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0");
        assert!(!in_ci, "CI needs chromium for this test (.ci/run installs it: apt-get install chromium)");
        eprintln!("skipped: no chromium on PATH (apt-get install chromium, or set GAS_SIM_CHROMIUM)");
    }
    found
}

fn browser(chromium: &Path) -> Browser {
    Browser::launch(chromium, 900, 700)
}

fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve_browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Loads the form page (again, while its answer is lost), fills the form and sends it;
/// returns once the page says how it went.
fn submit(tab: &mut Tab, url: &str, name: &str, message: &str) -> String {
    let loaded = (0..LOADS_MAX).any(|_| tab.navigate(url).is_ok() && tab.has_element("#contact"));
    assert!(loaded, "the form page did not load in {LOADS_MAX} tries");
    // Each field's text goes in as one insertion (`Input.insertText`, as a paste or an
    // input method gives it; the page sees its `input` event): typed key by key, each
    // key a DevTools round trip, the three fields took 12 of a test's 17 seconds.
    for (field, text) in [("#name", name), ("#email", "visitor@example.com"), ("#message", message)] {
        tab.click(field);
        tab.insert_text(text);
    }
    tab.click("#send");
    let done = "//p[@id='status'][contains(., 'Thank you') or contains(., 'Not sent')]";
    tab.text_of(done).expect("the page says how it went")
}

fn screenshot(tab: &mut Tab, name: &str) {
    std::fs::write(artifacts().join(name), tab.screenshot_png()).unwrap();
}

#[test]
fn serve_browser_submits_the_contact_form_through_google_script_run() {
    let Some(chromium) = chromium_or_skip() else { return };
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let mut served = Served::start(
        &fixture("contact-form-page"),
        &["--state", state.to_str().unwrap(), "--allow-path", &allow(dir.path())],
    );
    let browser = browser(&chromium);
    let mut tab = browser.first_tab();
    let said = submit(&mut tab, &served.url("/exec"), "Ann Browser", "Hello from Chromium");
    screenshot(&mut tab, "contact-form.png");
    assert_eq!(said, "Thank you! Your message was saved.");
    served.stop();
    let text = std::fs::read_to_string(&state).unwrap();
    assert_eq!(text.matches("\"Ann Browser\"").count(), 1, "one row: {text}");
    assert_eq!(text.matches("New message from Ann Browser").count(), 1, "one mail");
}

#[test]
fn serve_browser_retries_a_lost_answer_with_the_same_id_and_keeps_one_row() {
    let Some(chromium) = chromium_or_skip() else { return };
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json");
    let mut served = Served::start(
        &fixture("contact-form-page"),
        &[
            "--state",
            state.to_str().unwrap(),
            "--allow-path",
            &allow(dir.path()),
            "--lose-response",
            "50%",
            "--seed",
            "6",
        ],
    );
    let browser = browser(&chromium);
    let mut tab = browser.first_tab();
    let said = submit(&mut tab, &served.url("/exec"), "Bo Retry", "Are you there?");
    screenshot(&mut tab, "contact-form-retried.png");
    assert_eq!(said, "Thank you! Your message was saved.");
    // With seed 6 the page loads, the first save's answer is lost, the retry's arrives.
    let log: Vec<String> = std::iter::from_fn(|| served.lines.recv_timeout(Duration::from_secs(1)).ok()).collect();
    let saves: Vec<&String> = log.iter().filter(|l| l.contains("  saveMessage  ")).collect();
    assert!(saves.iter().any(|l| l.contains("completed lost")), "an answer was lost: {log:#?}");
    assert!(saves.len() >= 2, "the page retried: {log:#?}");
    served.stop();
    let text = std::fs::read_to_string(&state).unwrap();
    assert_eq!(text.matches("\"Bo Retry\"").count(), 1, "{} attempts, one row", saves.len());
    assert_eq!(text.matches("New message from Bo Retry").count(), 1, "one mail");
}

const UPLOAD_HTML: &str = r#"<!DOCTYPE html>
<html><head></head><body>
<form id="f"><input name="who" value="Ann"><input type="file" name="cv" id="cv"><input type="file" name="none"></form>
<button id="send" onclick="send()">Send</button>
<p id="out"></p>
<script>
function send() {
  var out = document.getElementById('out');
  try {
    google.script.run
      .withSuccessHandler(function (v) { out.textContent = 'ok ' + v; })
      .withFailureHandler(function (e) { out.textContent = 'failed ' + e.message; })
      .upload(document.getElementById('f'));
  } catch (e) {
    out.textContent = 'threw ' + e.name + ': ' + e.message;
  }
}
</script>
</body></html>
"#;

/// Chooses `cv.txt` in the upload page's file input, sends the form, returns what the
/// page says.
fn upload(chromium: &Path, flags: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let root = crate::serve::project(dir.path(), crate::serve::UPLOAD_PAGE);
    std::fs::write(root.join("Page.html"), UPLOAD_HTML).unwrap();
    let file = dir.path().join("cv.txt");
    std::fs::write(&file, "hello world").unwrap();
    let served = Served::start(&root, flags);
    let browser = browser(chromium);
    let mut tab = browser.first_tab();
    tab.navigate(&served.url("/exec")).unwrap();
    tab.set_input_files("#cv", &[file]);
    tab.click("#send");
    tab.text_of("//p[@id='out'][string-length(.) > 0]").expect("the page says how it went")
}

#[test]
fn serve_browser_form_file_inputs_fail_as_observed_or_cross_as_blobs() {
    let Some(chromium) = chromium_or_skip() else { return };
    let said = upload(&chromium, &[]);
    let failure = gas_platform::webapp::script_run::FILE_INPUT_FAILURE_PREFIX;
    assert!(said.starts_with(&format!("threw TypeError: {failure}")) && said.ends_with("')"), "{said}");
    let said = upload(&chromium, &["--form-files", "blob"]);
    assert_eq!(said, "ok Ann|cv.txt|text/plain|hello world|0|");
}
