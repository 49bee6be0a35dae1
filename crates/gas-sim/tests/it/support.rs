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

/// Copies the folder `from` to `to`, subfolders included (a fixture into a temp folder).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// Jenkins' JUnit schema, vendored: what a `--junit` file must satisfy.
pub const JUNIT_XSD: &str = "tests/fixtures/junit/junit-10.xsd";

/// `xmllint --schema` on `xml` against the JUnit XSD: the schema's verdict.
pub fn validate_junit(xml: &Path) {
    let out = Command::new("xmllint")
        .args(["--noout", "--schema", JUNIT_XSD])
        .arg(xml)
        .current_dir(repo_root())
        .output()
        .expect("xmllint runs (apt-get install libxml2-utils; .ci/run installs it)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
