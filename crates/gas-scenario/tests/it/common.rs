//! What the tests share: a scenario and a one-file project written to a temporary folder,
//! for the tests that check expectations and their failure texts against a small script;
//! and [`alone_in_a_process`], for the tests that set or read process-wide state.

use std::path::{Path, PathBuf};
use std::process::Command;

use gas_scenario::{run_scenario, RunOptions, ZoneReport};

/// The project (`project/Code.gs` in `zone`) and the scenario file beside it.
pub struct Fixture {
    /// The script's zone, written to `appsscript.json`.
    pub zone: &'static str,
    pub code: &'static str,
    /// The scenario file's name, as failure texts show it (`DIR/<name>`).
    pub file_name: &'static str,
}

impl Fixture {
    fn write(&self, dir: &Path, scenario: &str) -> PathBuf {
        let project = dir.join("project");
        std::fs::create_dir_all(&project).unwrap();
        std::fs::write(project.join("appsscript.json"), format!(r#"{{"timeZone": "{}"}}"#, self.zone)).unwrap();
        std::fs::write(project.join("Code.gs"), self.code).unwrap();
        let path = dir.join(self.file_name);
        std::fs::write(&path, scenario).unwrap();
        path
    }

    /// The first zone's report of `scenario`, which must load.
    pub fn run(&self, scenario: &str) -> ZoneReport {
        let dir = tempfile::tempdir().unwrap();
        run_scenario(&self.write(dir.path(), scenario), &RunOptions::default())
            .unwrap_or_else(|e| panic!("{e}"))
            .remove(0)
    }

    /// The first zone's report of `scenario` with one `[[expect]]` table, `expect`.
    pub fn run_expecting(&self, scenario: &str, expect: &str) -> ZoneReport {
        self.run(&format!("{scenario}[[expect]]\n{expect}\n"))
    }

    /// `(passed, "label: expected E, got A")` of that one expectation.
    pub fn verdict(&self, scenario: &str, expect: &str) -> (bool, String) {
        let report = self.run_expecting(scenario, expect);
        let e = &report.expectations[0];
        (e.passed, e.mismatch())
    }

    /// The error `scenario` is refused with, the temporary folder shown as `DIR`.
    pub fn error(&self, scenario: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        match run_scenario(&self.write(dir.path(), scenario), &RunOptions::default()) {
            Ok(_) => panic!("accepted: {scenario}"),
            Err(e) => e.0.replace(&dir.path().display().to_string(), "DIR"),
        }
    }
}

/// Set in the child process that runs one test's body alone.
const CHILD_ENV: &str = "GAS_SIM_TEST_ALONE";

/// Runs `body` in a child process of this test binary that runs only the test `name` of
/// `module` (its `module_path!()`), and fails if the child fails; in the child, runs
/// `body`. For a test that sets process-wide state (a panic hook of the worker pool) or
/// reads a process-wide count: libtest runs the binary's other tests on parallel threads
/// of the same process, and they would see the state or move the count.
pub fn alone_in_a_process(module: &str, name: &str, body: impl FnOnce()) {
    if std::env::var_os(CHILD_ENV).is_some() {
        body();
        return;
    }
    // libtest names a test by its module path below the crate: `no_leak::<name>`.
    let test = format!("{}::{name}", module.split_once("::").map_or("", |(_, module)| module));
    let exe = std::env::current_exe().expect("the test binary's path");
    let output = Command::new(exe)
        .args([test.as_str(), "--exact", "--test-threads=1", "--nocapture"])
        .env(CHILD_ENV, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{test} failed in its child process ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    // A name that matches no test would pass without running anything.
    assert!(stdout.contains("test result: ok. 1 passed"), "{test} did not run in its child process:\n{stdout}");
}
