//! The documentation's synopsis of each subcommand (README.md and docs/*.md) names exactly
//! the flags its `--help` lists (issue 22): a flag added to clap and not to the docs, or
//! one the docs keep after it went, fails here. `test --help` also states the exit codes
//! the docs give.

use std::collections::BTreeSet;

use crate::support::{gas_sim, repo_root, stdout};

const SUBCOMMANDS: [&str; 8] = ["call", "run", "test", "bench", "mutate", "api", "init", "serve"];

/// README.md, then every docs/*.md in name order: where the synopses and schemas are.
fn documentation() -> String {
    let mut paths: Vec<_> = std::fs::read_dir(repo_root().join("docs")).unwrap().map(|e| e.unwrap().path()).collect();
    paths.retain(|p| p.extension().is_some_and(|x| x == "md"));
    paths.sort();
    let mut text = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    for path in paths {
        text.push_str(&std::fs::read_to_string(path).unwrap());
    }
    text
}

/// The first fenced block of the README whose first line is `gas-sim CMD ...`: the synopsis.
fn synopsis<'a>(readme: &'a str, command: &str) -> &'a str {
    let prefix = format!("```\ngas-sim {command} ");
    let start =
        readme.find(&prefix).unwrap_or_else(|| panic!("the docs have no synopsis block for `gas-sim {command}`"));
    let body = &readme[start + 4..];
    &body[..body.find("```").expect("the block ends")]
}

/// Long flags of a text (`--allow-path`), with short ones (`-o`) mapped through `shorts`.
fn flags_in(text: &str, shorts: &[(String, String)]) -> BTreeSet<String> {
    let mut flags = BTreeSet::new();
    for word in text.split(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '|' | '.' | ',')) {
        if let Some(name) = word.strip_prefix("--") {
            let name: String = name.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
            if !name.is_empty() {
                flags.insert(format!("--{name}"));
            }
        } else if let Some((_, long)) = shorts.iter().find(|(short, _)| short == word) {
            flags.insert(long.clone());
        }
    }
    flags
}

/// The options `--help` lists (`-o, --output <PATH>`, `      --strict`), without
/// clap's own `--help`; and its short forms.
fn help_flags(command: &str) -> (BTreeSet<String>, Vec<(String, String)>) {
    let out = gas_sim(&[command, "--help"]);
    assert_eq!(out.status.code(), Some(0), "{command} --help");
    let mut flags = BTreeSet::new();
    let mut shorts = Vec::new();
    for line in stdout(&out).lines() {
        // An option's own line: `  -o, --output <PATH>` or `      --strict`; its
        // description's lines are indented further.
        let (short, rest) = if let Some(rest) = line.strip_prefix("      --") {
            (None, rest)
        } else if line.starts_with("  -") && line.get(4..8) == Some(", --") {
            (Some(&line[2..4]), &line[8..])
        } else {
            continue;
        };
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        if name.is_empty() || name == "help" {
            continue;
        }
        if let Some(short) = short {
            shorts.push((short.to_string(), format!("--{name}")));
        }
        flags.insert(format!("--{name}"));
    }
    (flags, shorts)
}

#[test]
fn readme_synopses_name_the_flags_help_lists() {
    let readme = documentation();
    for command in SUBCOMMANDS {
        let (help, shorts) = help_flags(command);
        let written = flags_in(synopsis(&readme, command), &shorts);
        let missing: Vec<_> = help.difference(&written).collect();
        let stale: Vec<_> = written.difference(&help).collect();
        assert!(
            missing.is_empty() && stale.is_empty(),
            "gas-sim {command}: the docs' synopsis lacks {missing:?} and names {stale:?}, which --help does not list"
        );
    }
}

#[test]
fn mutate_help_describes_its_own_junit() {
    let help = stdout(&gas_sim(&["mutate", "--help"]));
    let junit = &help[help.find("\n      --junit <PATH>").expect("mutate has --junit") + 1..];
    let junit = &junit[..junit.find("\n      --").unwrap_or(junit.len())];
    assert!(junit.contains("per mutant") && !junit.contains("per zone"), "{junit}");
    assert!(stdout(&gas_sim(&["run", "--help"])).contains("a testcase per zone, expectation and explored zone"));
}

#[test]
fn test_help_states_the_exit_codes() {
    let help = stdout(&gas_sim(&["test", "--help"]));
    assert!(help.contains("Exit codes:"), "{help}");
    assert!(help.contains("a snapshot is new or changed\n     and not accepted"), "{help}");
    let readme = documentation();
    assert!(readme.contains("Exit codes (also in `gas-sim test --help`)"));
}

/// The top-level keys of the README's `call --format json` block (comments and nested
/// objects left out).
fn documented_call_keys(readme: &str) -> BTreeSet<String> {
    let start = readme.find("### `--format json` (version 2)").expect("the section");
    let block = &readme[start..];
    let block = &block[block.find("```json\n").expect("its block") + 8..];
    let block = &block[..block.find("```").expect("the block ends")];
    let mut keys = BTreeSet::new();
    for line in block.lines() {
        let code = line.split("//").next().unwrap_or("");
        // Drop nested objects: only the keys at the top level count.
        let mut depth = 0;
        let top: String = code
            .chars()
            .filter(|c| {
                match c {
                    '{' | '[' => depth += 1,
                    '}' | ']' => depth -= 1,
                    _ => {}
                }
                depth <= 0 && !matches!(c, '}' | ']')
            })
            .collect();
        for part in top.split('"').collect::<Vec<_>>().chunks(2) {
            if let [_, key] = part {
                if top.contains(&format!("\"{key}\":")) {
                    keys.insert(key.to_string());
                }
            }
        }
    }
    keys
}

#[test]
fn call_json_fields_are_the_documented_ones() {
    let readme = documentation();
    let documented = documented_call_keys(&readme);
    assert!(documented.contains("gaps") && documented.contains("exec_id"), "{documented:?}");
    let out = gas_sim(&["call", "fixtures/quickstart", "recordVisit", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let actual: BTreeSet<String> = json.as_object().unwrap().keys().cloned().collect();
    let undocumented: Vec<_> = actual.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "call --format json has {undocumented:?}, which the documented schema (docs/call.md) lacks"
    );
    // `reason` is a killed execution's only.
    let absent: Vec<_> = documented.iter().filter(|k| !actual.contains(*k) && *k != "reason").collect();
    assert!(absent.is_empty(), "docs/call.md documents {absent:?}, which call --format json lacks");
}
