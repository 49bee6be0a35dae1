//! What the CLI test files share: the built binary run from the repository's root, and its
//! output as text.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn gas_sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim")).args(args).current_dir(repo_root()).output().expect("gas-sim runs")
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
