//! A scenario and a one-file project written to a temporary folder, for the tests that
//! check expectations and their failure texts against a small script.

use std::path::{Path, PathBuf};

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

    /// The error `scenario` is refused with, the temporary folder shown as `DIR`.
    pub fn error(&self, scenario: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        match run_scenario(&self.write(dir.path(), scenario), &RunOptions::default()) {
            Ok(_) => panic!("accepted: {scenario}"),
            Err(e) => e.0.replace(&dir.path().display().to_string(), "DIR"),
        }
    }
}
