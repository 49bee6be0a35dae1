//! The files gas-sim reads and writes, as a hostile scenario or an unlucky user meets
//! them: scenario keys that name host files, FIFOs and devices, read-only and symlinked
//! state files, temp files left by a kill or a signal, output paths checked before the
//! work.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support;
use support::{gas_sim, repo_root, stderr, stdout};

fn write_project(dir: &Path, code: &str) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(dir.join("Code.gs"), code).unwrap();
}

const SECRET: &str = "hunter2";

/// A repository-like layout in a temp folder: `repo/scenarios/s.toml`, `repo/project/`,
/// and `outside/secret.csv` next to `repo`. Returns (temp, repo, scenario path).
fn layout(sheet: &str) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let temp = tempfile::tempdir().unwrap();
    let repo = temp.path().join("repo");
    write_project(&repo.join("project"), "function tick() { return 1; }\n");
    std::fs::create_dir_all(repo.join("scenarios")).unwrap();
    std::fs::create_dir_all(temp.path().join("outside")).unwrap();
    std::fs::write(temp.path().join("outside/secret.csv"), format!("token,{SECRET}\n")).unwrap();
    let body = format!(
        "name = \"s\"\nproject = \"../project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T10:00\"\n\
         [[spreadsheets]]\nid = \"book\"\n[spreadsheets.sheets.Log]\n{sheet}\n\
         [[runs]]\nat = \"2025-06-13T09:30\"\nfunction = \"tick\"\n"
    );
    let scenario = repo.join("scenarios/s.toml");
    std::fs::write(&scenario, body).unwrap();
    (temp, repo, scenario)
}

fn run(scenario: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["run", scenario.to_str().unwrap(), "--format", "json"];
    args.extend_from_slice(extra);
    gas_sim(&args)
}

/// Refused as bad input (exit 2) with `expected` in the one error line, no secret shown.
fn assert_refused(out: &Output, expected: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}\n{}", stdout(out));
    assert!(err.contains(expected), "expected {expected:?} in:\n{err}");
    assert!(!err.contains(SECRET) && !stdout(out).contains(SECRET), "a secret is shown:\n{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_csv_outside_the_scenario_tree_is_refused_unless_allowed() {
    let (temp, _repo, scenario) = layout("csv = \"../../outside/secret.csv\"");
    let out = run(&scenario, &[]);
    assert_refused(&out, "s.toml:8: spreadsheets[0].sheets.Log.csv: ../../outside/secret.csv:");
    assert_refused(&out, "is outside the scenario's folder tree");
    assert_refused(&out, "--allow-path");
    // Allowed explicitly, it is read.
    let outside = temp.path().join("outside");
    let out = run(&scenario, &["--allow-path", outside.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Host files by absolute path, and the process's own environment.
    for host in ["/etc/passwd", "/proc/self/environ", "/dev/zero"] {
        let (_temp, _repo, scenario) = layout(&format!("csv = \"{host}\""));
        assert_refused(&run(&scenario, &[]), "is outside the scenario's folder tree");
    }
}

#[test]
fn a_csv_symlink_is_checked_where_it_points() {
    let (temp, repo, scenario) = layout("csv = \"link.csv\"");
    std::os::unix::fs::symlink(temp.path().join("outside/secret.csv"), repo.join("scenarios/link.csv")).unwrap();
    assert_refused(&run(&scenario, &[]), "outside/secret.csv is outside the scenario's folder tree");
    // A link inside the tree is followed.
    std::fs::write(repo.join("rows.csv"), "a,b\n").unwrap();
    std::fs::remove_file(repo.join("scenarios/link.csv")).unwrap();
    std::os::unix::fs::symlink("../rows.csv", repo.join("scenarios/link.csv")).unwrap();
    let out = run(&scenario, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn hidden_files_fifos_folders_and_huge_csvs_are_refused_with_line_and_key() {
    let (_temp, repo, scenario) = layout("csv = \"../.clasprc.json\"");
    std::fs::write(repo.join(".clasprc.json"), format!("{{\"token\": \"{SECRET}\"}}")).unwrap();
    assert_refused(&run(&scenario, &[]), "s.toml:8: spreadsheets[0].sheets.Log.csv: ../.clasprc.json: ");
    assert_refused(&run(&scenario, &[]), "hidden file or folder (.clasprc.json)");

    let (_temp, repo, scenario) = layout("csv = \"pipe.csv\"");
    let fifo = repo.join("scenarios/pipe.csv");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    // Without the check this blocks for ever, waiting for a writer.
    assert_refused(&run(&scenario, &[]), "s.toml:8: spreadsheets[0].sheets.Log.csv: ");
    assert_refused(&run(&scenario, &[]), "pipe.csv is a FIFO: only regular files are read");

    let (_temp, repo, scenario) = layout("csv = \"data\"");
    std::fs::create_dir(repo.join("scenarios/data")).unwrap();
    assert_refused(&run(&scenario, &[]), "data is a folder: only regular files are read");

    let (_temp, repo, scenario) = layout("csv = \"big.csv\"");
    std::fs::write(repo.join("scenarios/big.csv"), vec![b'a'; 10 * 1024 * 1024 + 1]).unwrap();
    assert_refused(&run(&scenario, &[]), "big.csv is larger than 10485760 bytes");
}

#[test]
fn a_project_outside_the_tree_is_refused_unless_allowed() {
    let (temp, repo, _) = layout("rows = [[1]]");
    let elsewhere = temp.path().join("elsewhere");
    write_project(&elsewhere, "function tick() { return 2; }\n");
    let body = std::fs::read_to_string(repo.join("scenarios/s.toml")).unwrap().replace("../project", "../../elsewhere");
    let scenario = repo.join("scenarios/far.toml");
    std::fs::write(&scenario, body).unwrap();
    assert_refused(&run(&scenario, &[]), "far.toml:2: project: ../../elsewhere: ");
    assert_refused(&run(&scenario, &[]), "is outside the scenario's folder tree");
    let out = run(&scenario, &["--allow-path", elsewhere.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The same flag on `test` and `mutate` (here only its refusal: the rule is one).
    let out = gas_sim(&["test", scenario.to_str().unwrap()]);
    assert_refused(&out, "is outside the scenario's folder tree");
    let out = gas_sim(&["mutate", scenario.to_str().unwrap(), "--operators", "none"]);
    assert_refused(&out, "is outside the scenario's folder tree");
    // A FIFO named as the project is not a folder (it was reported as missing).
    let fifo_body = std::fs::read_to_string(&scenario).unwrap().replace("../../elsewhere", "pipe");
    assert!(Command::new("mkfifo").arg(repo.join("scenarios/pipe")).status().unwrap().success());
    std::fs::write(&scenario, fifo_body).unwrap();
    assert_refused(&run(&scenario, &[]), "far.toml:2: project: ");
    assert_refused(&run(&scenario, &[]), "pipe is not a folder");
}

/// `call PROJECT FUNCTION --state STATE` with the project's first declared function (`f`
/// or the scenario layout's `tick`): only a declared function may be called.
fn call_with_state(project: &Path, state: &Path) -> Output {
    let code = std::fs::read_to_string(project.join("Code.gs")).unwrap_or_default();
    let function = if code.contains("function tick(") { "tick" } else { "f" };
    gas_sim(&["call", project.to_str().unwrap(), function, "--state", state.to_str().unwrap()])
}

const SETS_A_PROPERTY: &str = "function f() { PropertiesService.getScriptProperties().setProperty('n', '1'); }";

#[test]
fn a_read_only_state_file_is_refused_before_the_run() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    write_project(&dir.path().join("p"), SETS_A_PROPERTY);
    let state = dir.path().join("state.json");
    std::fs::write(&state, "{}").unwrap();
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = call_with_state(&dir.path().join("p"), &state);
    assert_refused(&out, "is read-only: gas-sim does not overwrite it");
    assert_eq!(stdout(&out), "", "nothing ran");
    assert_eq!(std::fs::read_to_string(&state).unwrap(), "{}");
}

#[test]
fn a_symlinked_state_file_is_written_through_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    write_project(&dir.path().join("p"), SETS_A_PROPERTY);
    std::fs::create_dir(dir.path().join("shared")).unwrap();
    let state = dir.path().join("state.json");
    std::os::unix::fs::symlink("shared/world.json", &state).unwrap();
    for _ in 0..2 {
        let out = call_with_state(&dir.path().join("p"), &state);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert!(std::fs::symlink_metadata(&state).unwrap().file_type().is_symlink(), "the link was replaced");
    let world = std::fs::read_to_string(dir.path().join("shared/world.json")).unwrap();
    assert!(world.contains("\"last_exec_id\": 2"), "{world}");
}

#[test]
fn a_state_file_that_is_a_project_file_fifo_or_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("p");
    write_project(&project, SETS_A_PROPERTY);
    let out = call_with_state(&project, &project.join("Code.gs"));
    assert_refused(&out, "that is a file of the project");
    assert_eq!(std::fs::read_to_string(project.join("Code.gs")).unwrap(), SETS_A_PROPERTY);

    let fifo = dir.path().join("fifo.json");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    assert_refused(&call_with_state(&project, &fifo), "is not a regular file");
    assert_refused(&call_with_state(&project, dir.path()), "is not a regular file");
}

#[test]
fn stale_temp_files_of_a_killed_write_are_swept() {
    let dir = tempfile::tempdir().unwrap();
    write_project(&dir.path().join("p"), SETS_A_PROPERTY);
    let state = dir.path().join("state.json");
    // What `kill -9` in the middle of a write leaves (no process has this pid).
    let stale = dir.path().join(".state.json.gas-sim-4194305-Xy12ab.tmp");
    std::fs::write(&stale, "half a world").unwrap();
    let out = call_with_state(&dir.path().join("p"), &state);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stale.exists(), "the stale temp file is still there");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 3, "only the project, the state and its lock file: {left:?}");
}

/// The child's exit status; a child still alive after a generous bound is killed (a
/// safety net so that a broken handler fails the test instead of hanging it).
fn wait_bounded(child: &mut std::process::Child) -> std::process::ExitStatus {
    for _ in 0..3000 {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    panic!("gas-sim did not end on SIGTERM");
}

#[test]
fn a_signal_during_a_write_removes_the_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    write_project(&dir.path().join("p"), SETS_A_PROPERTY);
    let state = dir.path().join("state.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(["call", dir.path().join("p").to_str().unwrap(), "f", "--state", state.to_str().unwrap()])
        .env("GAS_SIM_TEST_HOLD_WRITES", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
    let temp = PathBuf::from(line.trim().strip_prefix("holding ").unwrap_or_else(|| panic!("{line}")));
    assert!(temp.exists(), "the write holds its temp file");
    // stdin stays open: the write can only end by the signal (`wait` would close it).
    let stdin = child.stdin.take();
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    let status = wait_bounded(&mut child);
    drop(stdin);
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(15), "{status:?}");
    assert!(!temp.exists(), "the temp file survived SIGTERM");
    assert!(!state.exists(), "the state was written");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "only the project and the state's lock file are left: {left:?}");
}

#[test]
fn a_report_that_cannot_be_written_is_refused_before_the_campaign() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("no-such-folder/report.json");
    let out = gas_sim(&["mutate", "scenarios/invoice_batch.toml", "--report", report.to_str().unwrap()]);
    assert_refused(&out, "--report");
    assert_refused(&out, "does not exist");
    assert!(!stderr(&out).contains("mutant(s) made"), "the campaign started:\n{}", stderr(&out));
}

#[test]
fn snapshots_that_cannot_be_written_are_refused_before_the_run() {
    let (_temp, repo, scenario) = layout("rows = [[1]]");
    // `snapshots` is a file where the folder should be.
    std::fs::write(repo.join("scenarios/snapshots"), "").unwrap();
    let out = gas_sim(&["test", scenario.to_str().unwrap(), "--update"]);
    assert_refused(&out, "snapshots is not a folder");
    assert!(!stdout(&out).contains("snapshot"), "the run happened:\n{}", stdout(&out));
}

#[test]
fn a_scenario_or_breakages_file_that_is_a_fifo_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("s.toml");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    // Without the check `run` blocks for ever, waiting for a writer.
    assert_refused(&gas_sim(&["run", fifo.to_str().unwrap()]), "s.toml is a FIFO: only regular files are read");
    let out = gas_sim(&["mutate", "scenarios/invoice_batch.toml", "--mutations", fifo.to_str().unwrap()]);
    assert_refused(&out, "s.toml is a FIFO");
}

/// `test` in `repo` (the scenario `s`, zone UTC), with the environment of a developer's
/// machine (no `CI`).
fn test_cmd(scenario: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["test", scenario.to_str().unwrap()];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(&args)
        .env_remove("CI")
        .env_remove("INSTA_UPDATE")
        .current_dir(repo_root())
        .output()
        .expect("gas-sim runs")
}

#[test]
fn a_snapshot_symlink_out_of_the_tree_is_neither_written_nor_read() {
    let (temp, repo, scenario) = layout("rows = [[1]]");
    let snapshots = repo.join("scenarios/snapshots");
    std::fs::create_dir_all(&snapshots).unwrap();
    let victim = temp.path().join("outside/victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    // A review file that leads out: written without --update before the fix.
    std::os::unix::fs::symlink(&victim, snapshots.join("s@UTC.snap.new")).unwrap();
    let out = test_cmd(&scenario, &[]);
    assert_refused(&out, "s@UTC.snap.new: ");
    assert_refused(&out, "is outside the scenario's folder tree");
    assert!(!stdout(&out).contains("snapshot"), "the run happened:\n{}", stdout(&out));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    std::fs::remove_file(snapshots.join("s@UTC.snap.new")).unwrap();
    // A stored snapshot that leads out: its target overwritten by --update, and its
    // content printed in a diff, before the fix.
    std::fs::write(&victim, format!("---\nsource: x\n---\n{SECRET}\n")).unwrap();
    std::os::unix::fs::symlink(&victim, snapshots.join("s@UTC.snap")).unwrap();
    for extra in [&[][..], &["--update"][..]] {
        let out = test_cmd(&scenario, extra);
        assert_refused(&out, "snapshot ");
        assert_refused(&out, "s@UTC.snap: ");
        assert_refused(&out, "is outside the scenario's folder tree");
        assert!(std::fs::read_to_string(&victim).unwrap().contains(SECRET), "the victim was overwritten");
    }
    // Host files and hidden files in the tree are not read either.
    for target in [Path::new("/etc/passwd").to_path_buf(), repo.join(".env")] {
        std::fs::write(repo.join(".env"), SECRET).unwrap();
        std::fs::remove_file(snapshots.join("s@UTC.snap")).unwrap();
        std::os::unix::fs::symlink(&target, snapshots.join("s@UTC.snap")).unwrap();
        let out = test_cmd(&scenario, &[]);
        assert_refused(&out, "s@UTC.snap: ");
        assert!(!stdout(&out).contains("root:"), "/etc/passwd shown:\n{}", stdout(&out));
    }
    // A link inside the tree is fine (written through).
    std::fs::remove_file(snapshots.join("s@UTC.snap")).unwrap();
    std::os::unix::fs::symlink("../../kept.snap", snapshots.join("s@UTC.snap")).unwrap();
    let out = test_cmd(&scenario, &["--update"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(repo.join("kept.snap")).unwrap().contains("expression: snapshot"));
}

#[test]
fn test_update_writes_no_snapshot_unless_every_one_can_be_written() {
    use std::os::unix::fs::PermissionsExt;
    let (_temp, repo, scenario) = layout("rows = [[1]]");
    // A second zone: two snapshots.
    let text = std::fs::read_to_string(&scenario).unwrap();
    std::fs::write(&scenario, text.replacen("end = ", "time_zones = [\"UTC\", \"Asia/Tokyo\"]\nend = ", 1)).unwrap();
    let snapshots = repo.join("scenarios/snapshots");
    std::fs::create_dir_all(&snapshots).unwrap();
    let stale = "---\nsource: x\n---\nold\n";
    std::fs::write(snapshots.join("s@Asia_Tokyo.snap"), stale).unwrap();
    std::fs::write(snapshots.join("s@UTC.snap"), stale).unwrap();
    std::fs::set_permissions(snapshots.join("s@UTC.snap"), std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::write(snapshots.join("s@Asia_Tokyo.snap.new"), "pending").unwrap();
    let out = test_cmd(&scenario, &["--update"]);
    assert_refused(&out, "is read-only");
    assert_refused(&out, "no snapshot was written");
    assert_eq!(std::fs::read_to_string(snapshots.join("s@Asia_Tokyo.snap")).unwrap(), stale, "written first");
    assert!(snapshots.join("s@Asia_Tokyo.snap.new").exists(), "the pending file was removed");
}

#[test]
fn no_output_lands_on_a_project_file_a_manifest_or_a_scenario() {
    let (_temp, repo, scenario) = layout("rows = [[1]]");
    let project = repo.join("project");
    let code = std::fs::read_to_string(project.join("Code.gs")).unwrap();
    std::fs::write(project.join(".clasp.json"), "{}").unwrap();
    let scenario_text = std::fs::read_to_string(&scenario).unwrap();
    let reports = [
        (project.join("Code.gs"), "that is a file of the project"),
        (project.join("appsscript.json"), "that is a file of the project"),
        (project.join(".clasp.json"), "that is a file of the project"),
        (scenario.clone(), "that is an input of this command"),
        (project.join("Report.html"), "named like a source or a manifest"),
        (project.join("lib/New.js"), "named like a source or a manifest"),
    ];
    std::fs::create_dir(project.join("lib")).unwrap();
    for (report, expected) in &reports {
        let out = gas_sim(&["mutate", scenario.to_str().unwrap(), "--report", report.to_str().unwrap()]);
        assert_refused(&out, "--report ");
        assert_refused(&out, expected);
        assert!(!stderr(&out).contains("baseline"), "the campaign ran:\n{}", stderr(&out));
    }
    assert_eq!(std::fs::read_to_string(project.join("Code.gs")).unwrap(), code);
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), scenario_text);
    assert!(!project.join("Report.html").exists() && !project.join("lib/New.js").exists());
    // A new source file made by --state broke every later call.
    let out = call_with_state(&project, &project.join("State.gs"));
    assert_refused(&out, "--state ");
    assert_refused(&out, "named like a source or a manifest");
    assert!(!project.join("State.gs").exists());
    // Through a symlink too; a plain state file in the project folder is fine.
    std::os::unix::fs::symlink("Code.gs", project.join("state.json")).unwrap();
    assert_refused(&call_with_state(&project, &project.join("state.json")), "that is a file of the project");
    std::fs::remove_file(project.join("state.json")).unwrap();
    let state = project.join("state.json");
    let out = gas_sim(&["call", project.to_str().unwrap(), "tick", "--state", state.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(state.is_file());
}

#[test]
fn os_errors_are_shown_in_words() {
    let (_temp, repo, scenario) = layout("rows = [[1]]");
    std::os::unix::fs::symlink("loop", repo.join("loop")).unwrap();
    let text = std::fs::read_to_string(&scenario).unwrap().replace("../project", "../loop");
    std::fs::write(&scenario, text).unwrap();
    let out = run(&scenario, &[]);
    assert_refused(&out, "too many levels of symbolic links");
    assert!(!stderr(&out).contains("os error"), "{}", stderr(&out));
}

#[test]
fn a_bad_allow_path_is_reported_as_the_flag() {
    let (temp, _repo, scenario) = layout("rows = [[1]]");
    let missing = temp.path().join("missing");
    for command in ["run", "test", "mutate"] {
        let out = gas_sim(&[command, scenario.to_str().unwrap(), "--allow-path", missing.to_str().unwrap()]);
        assert_refused(&out, &format!("error: --allow-path {}: ", missing.display()));
        assert!(!stderr(&out).contains("project:"), "{}", stderr(&out));
    }
}

#[test]
fn test_update_makes_the_snapshots_folder() {
    let (_temp, repo, scenario) = layout("rows = [[1]]");
    let out = test_cmd(&scenario, &["--update"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(repo.join("scenarios/snapshots/s@UTC.snap").is_file());
    let out = test_cmd(&scenario, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn concurrent_calls_on_one_state_file_lose_no_execution() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path().join("p");
    let counts = "function f() { var p = PropertiesService.getScriptProperties(); \
                  p.setProperty('n', String(Number(p.getProperty('n') || 0) + 1)); return Utilities.getUuid(); }";
    write_project(&project, counts);
    let state = dir.path().join("state.json");
    let calls_n = 20;
    let children: Vec<_> = (0..calls_n)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_gas-sim"))
                .args(["call", project.to_str().unwrap(), "f", "--state", state.to_str().unwrap()])
                .args(["--format", "json"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut uuids = std::collections::BTreeSet::new();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        uuids.insert(report["result"].as_str().unwrap().to_string());
    }
    assert_eq!(uuids.len(), calls_n, "every execution got its own number, so its own UUID: {uuids:?}");
    let world: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(world["last_exec_id"], calls_n, "an execution was lost");
    assert!(std::fs::read_to_string(&state).unwrap().contains(&format!("\"{calls_n}\"")), "the count is {calls_n}");
}

/// `report.xml -> outside/passwd`, planted in the repository (a pull request's files).
fn plant_link_out(temp: &Path, repo: &Path) -> (PathBuf, PathBuf) {
    let passwd = temp.join("outside/passwd");
    std::fs::write(&passwd, "root:x:0:0\n").unwrap();
    let link = repo.join("report.xml");
    std::os::unix::fs::symlink(&passwd, &link).unwrap();
    (link, passwd)
}

#[test]
fn an_output_symlink_out_of_the_tree_is_refused_for_every_flag() {
    let (temp, repo, scenario) = layout("rows = [[1]]");
    let (link, passwd) = plant_link_out(temp.path(), &repo);
    let cases = [
        ("run", "--html"),
        ("run", "--junit"),
        ("test", "--html"),
        ("test", "--junit"),
        ("mutate", "--report"),
        ("mutate", "--html"),
        ("mutate", "--junit"),
        ("mutate", "--incremental"),
    ];
    for (command, flag) in cases {
        let out =
            gas_sim(&[command, scenario.to_str().unwrap(), flag, link.to_str().unwrap(), "--annotations", "none"]);
        assert_refused(&out, &format!("error: {flag} {}: ", link.display()));
        assert_refused(&out, "is outside the folders gas-sim writes in");
        assert!(!stderr(&out).contains("baseline"), "{command} {flag}: the work started:\n{}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&passwd).unwrap(), "root:x:0:0\n", "{command} {flag}");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    }
    // A hidden file in the tree is refused too (`.git/hooks/...`, `.github/workflows/...`).
    std::fs::remove_file(&link).unwrap();
    std::fs::create_dir(repo.join(".github")).unwrap();
    std::os::unix::fs::symlink(".github/ci.yml", &link).unwrap();
    assert_refused(&run(&scenario, &["--junit", link.to_str().unwrap()]), "hidden file or folder (.github)");
    // `--merge -o` and `call --state` too.
    std::fs::remove_file(&link).unwrap();
    std::os::unix::fs::symlink(&passwd, &link).unwrap();
    let out = gas_sim(&["mutate", "--merge", scenario.to_str().unwrap(), "-o", link.to_str().unwrap()]);
    assert_refused(&out, "is outside the folders gas-sim writes in");
    let out = call_with_state(&repo.join("project"), &link);
    assert_refused(&out, &format!("--state {}: ", link.display()));
    assert_refused(&out, "is outside the folders gas-sim writes in");
    assert_eq!(std::fs::read_to_string(&passwd).unwrap(), "root:x:0:0\n");
}

#[test]
fn an_output_symlink_inside_the_tree_works_and_outside_needs_allow_path() {
    let (temp, repo, scenario) = layout("rows = [[1]]");
    std::fs::create_dir(repo.join("out")).unwrap();
    let link = repo.join("report.xml");
    std::os::unix::fs::symlink("out/junit.xml", &link).unwrap();
    let out = run(&scenario, &["--junit", link.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(repo.join("out/junit.xml")).unwrap().contains("<testsuites"));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    // A plain path outside the tree, the current folder and --allow-path is refused...
    let outside = temp.path().join("outside");
    let junit = outside.join("junit.xml");
    assert_refused(&run(&scenario, &["--junit", junit.to_str().unwrap()]), "--allow-path");
    assert!(!junit.exists());
    // ... and written once --allow-path names its folder.
    let out = run(&scenario, &["--junit", junit.to_str().unwrap(), "--allow-path", outside.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(junit.is_file());
    let state = outside.join("state.json");
    assert_refused(&call_with_state(&repo.join("project"), &state), "is outside the folders gas-sim writes in");
    let out = gas_sim(&[
        "call",
        repo.join("project").to_str().unwrap(),
        "tick",
        "--state",
        state.to_str().unwrap(),
        "--allow-path",
        outside.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(state.is_file());
}

/// `run` as on GitHub Actions, with the step summary at `summary`.
fn run_on_github(scenario: &Path, summary: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gas-sim"))
        .args(["run", scenario.to_str().unwrap()])
        .current_dir(repo_root())
        .env("GITHUB_ACTIONS", "true")
        .env("GITHUB_STEP_SUMMARY", summary)
        .output()
        .unwrap()
}

#[test]
fn the_step_summary_is_never_a_source_an_input_a_link_or_a_fifo() {
    let (temp, repo, scenario) = layout("rows = [[1]]");
    let code = repo.join("project/Code.gs");
    let source = std::fs::read_to_string(&code).unwrap();
    let scenario_text = std::fs::read_to_string(&scenario).unwrap();
    let out = run_on_github(&scenario, &code);
    assert_refused(&out, &format!("GITHUB_STEP_SUMMARY {}: that is a file of the project", code.display()));
    assert!(!stdout(&out).contains("run(s):"), "the runs went ahead:\n{}", stdout(&out));
    assert_refused(&run_on_github(&scenario, &scenario), "that is an input of this command");
    assert_refused(&run_on_github(&scenario, &repo.join("project/New.gs")), "named like a source or a manifest");
    let link = temp.path().join("summary.md");
    std::os::unix::fs::symlink(&code, &link).unwrap();
    assert_refused(&run_on_github(&scenario, &link), "is a symlink");
    let fifo = temp.path().join("fifo.md");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    assert_refused(&run_on_github(&scenario, &fifo), "is not a regular file");
    assert_eq!(std::fs::read_to_string(&code).unwrap(), source);
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), scenario_text);
    assert!(!repo.join("project/New.gs").exists());
    // The runner's own file, outside the tree, is appended to.
    let summary = temp.path().join("outside/step_summary_1");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let out = run_on_github(&scenario, &summary);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.starts_with("earlier step\n") && text.len() > "earlier step\n".len(), "{text}");
}

#[test]
fn a_schedule_file_that_is_not_a_schedule_is_not_shown() {
    let (temp, _repo, scenario) = layout("rows = [[1]]");
    let secret = temp.path().join("outside/secret.csv");
    let arg = format!("@{}", secret.display());
    let out = gas_sim(&["run", scenario.to_str().unwrap(), "--schedule", &arg]);
    assert_refused(&out, &format!("--schedule {arg}: not a schedule text (one starts with gs1;)"));
}
