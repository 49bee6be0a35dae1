//! The README's tutorial runs as printed: every `$ command` of its console blocks runs
//! (in a temp folder holding a copy of the fixture it uses, with the built gas-sim on
//! PATH), exits as its `# exits N` comment says (0 without one), and prints each line the
//! README shows under it, in that order (`...` stands for lines left out).

use std::path::Path;
use std::process::Command;

use crate::support::{copy_dir, repo_root};

/// The README section whose console blocks are checked.
const TUTORIAL_HEADING: &str = "## Five minutes with your own project";

struct Step {
    command: String,
    exit_code: i32,
    expected_lines: Vec<String>,
}

/// The `$` commands of the section's ```console blocks, with the lines shown under each.
fn tutorial_steps(readme: &str) -> Vec<Step> {
    let start = readme.find(TUTORIAL_HEADING).expect("the README has the tutorial section");
    let section = &readme[start + TUTORIAL_HEADING.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let mut steps: Vec<Step> = Vec::new();
    let mut in_console = false;
    for line in section.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            let (command, exit_code) = match command.split_once("# exits ") {
                Some((command, code)) => (command.trim_end(), code.trim().parse().expect("# exits N")),
                None => (command, 0),
            };
            steps.push(Step { command: command.to_string(), exit_code, expected_lines: Vec::new() });
        } else if line != "..." {
            steps.last_mut().expect("output follows a command").expected_lines.push(line.to_string());
        }
    }
    steps
}

#[test]
fn the_tutorial_runs_and_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let steps = tutorial_steps(&readme);
    assert!(steps.len() >= 5, "the tutorial's commands: {}", steps.len());
    let temp = tempfile::tempdir().unwrap();
    copy_dir(&repo_root().join("fixtures/signup-digest"), &temp.path().join("fixtures/signup-digest"));
    let binary_dir = Path::new(env!("CARGO_BIN_EXE_gas-sim")).parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(binary_dir).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    for step in &steps {
        // As on the reader's machine: not in CI (where `test` writes no snapshot).
        let output = Command::new("sh")
            .args(["-c", &step.command])
            .current_dir(temp.path())
            .env("PATH", &path)
            .env_remove("CI")
            .env_remove("GITHUB_ACTIONS")
            .output()
            .unwrap();
        let printed = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert_eq!(output.status.code(), Some(step.exit_code), "`{}` printed:\n{printed}", step.command);
        let mut lines = printed.lines().map(str::trim_end);
        for expected in &step.expected_lines {
            assert!(
                lines.any(|line| line == expected.trim_end()),
                "`{}`: the README shows the line\n{expected}\nwhich is not in (or not in this order in) what it printed:\n{printed}",
                step.command
            );
        }
    }
}
