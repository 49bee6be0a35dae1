//! Overlapping executions really interleave in virtual time: locks wait and time out,
//! unguarded read-modify-write loses an update, and the same seed gives the same report.

use std::path::Path;

use gas_scenario::{run_scenario, RunOptions, ZoneReport};

const CODE: &str = r#"
function holdLock() {
  const lock = LockService.getScriptLock();
  lock.waitLock(30000);
  try {
    Utilities.sleep(20000);
    PropertiesService.getScriptProperties().setProperty('holder_done', new Date().toISOString());
  } finally {
    lock.releaseLock();
  }
}
function impatient() {
  const lock = LockService.getScriptLock();
  const got = lock.tryLock(10000);
  PropertiesService.getScriptProperties().setProperty('impatient', (got ? 'got ' : 'gave up ') + new Date().toISOString());
  if (got) lock.releaseLock();
}
function patient() {
  const lock = LockService.getScriptLock();
  lock.waitLock(30000);
  PropertiesService.getScriptProperties().setProperty('patient', 'got ' + new Date().toISOString());
  lock.releaseLock();
}
function doPost(e) {
  const body = JSON.parse(e.postData.contents);
  const props = PropertiesService.getScriptProperties();
  const seen = props.getProperty('seen:' + body.id);
  if (!seen) {
    props.setProperty('seen:' + body.id, '1');
    props.setProperty('rows', String(Number(props.getProperty('rows') || 0) + 1));
  }
  return ContentService.createTextOutput(JSON.stringify({ ok: true, duplicate: !!seen }))
    .setMimeType(ContentService.MimeType.JSON);
}
function doGet(e) {
  return ContentService.createTextOutput('hello ' + e.parameter.name);
}
function holdThroughSleep() {
  LockService.getScriptLock().waitLock(1000);
  Utilities.sleep(200000); // ends holding the lock: it goes when the execution ends
}
function waitForIt() {
  const lock = LockService.getScriptLock();
  lock.waitLock(290000);
  PropertiesService.getScriptProperties().setProperty('waited', 'got ' + new Date().toISOString());
  lock.releaseLock();
}
function appendResult(event) {
  const props = PropertiesService.getScriptProperties();
  const list = JSON.parse(props.getProperty('results') || '[]');
  Utilities.sleep(5000);
  list.push(event && event.minute !== undefined ? 'trigger' : 'run');
  props.setProperty('results', JSON.stringify(list));
}
"#;

fn scenario(dir: &Path, body: &str) -> std::path::PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), r#"{"timeZone": "UTC"}"#).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    let path = dir.join("s.toml");
    let header = "name = \"interleaving\"\nproject = \"project\"\nstart = \"2025-06-13T09:00\"\nend = \"2025-06-13T10:00\"\nseed = 3\n";
    std::fs::write(&path, format!("{header}{body}")).unwrap();
    path
}

fn run(path: &Path) -> ZoneReport {
    let mut reports = run_scenario(path, &RunOptions::default()).unwrap();
    assert_eq!(reports.len(), 1);
    reports.remove(0)
}

#[test]
fn try_lock_gives_up_after_its_timeout_and_wait_lock_gets_the_lock_when_released() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(
        dir.path(),
        "[[runs]]\nat = \"2025-06-13T09:00:00\"\nfunction = \"holdLock\"\n\
         [[runs]]\nat = \"2025-06-13T09:00:05\"\nfunction = \"impatient\"\n\
         [[runs]]\nat = \"2025-06-13T09:00:06\"\nfunction = \"patient\"\n",
    );
    let report = run(&path);
    let props = &report.properties;
    // The holder takes the lock at 09:00:00.020 (waitLock's latency) and holds it 20 s.
    assert_eq!(props["impatient"], "gave up 2025-06-13T09:00:15.020Z", "tryLock(10000) waits 10 s of virtual time");
    assert!(props["patient"].starts_with("got 2025-06-13T09:00:2"), "{}", props["patient"]);
    assert!(
        props["patient"].as_str() > props["holder_done"].as_str(),
        "the waiter gets the lock after the holder is done"
    );
    assert!(report.executions.iter().all(|e| e.outcome == "completed"), "{:?}", report.executions);
}

#[test]
fn unguarded_read_modify_write_loses_an_update() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(
        dir.path(),
        "[[runs]]\nat = \"2025-06-13T09:00:00\"\nfunction = \"appendResult\"\n\
         [[runs]]\nat = \"2025-06-13T09:00:01\"\nfunction = \"appendResult\"\n\
         [[runs]]\nat = \"2025-06-13T09:30:00\"\nfunction = \"appendResult\"\n",
    );
    let report = run(&path);
    // The first two overlap (each sleeps 5 s between read and write): one result is lost.
    assert_eq!(report.properties["results"], "[\"run\",\"run\"]");
    assert_eq!(report.executions.len(), 3);
}

#[test]
fn same_seed_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(
        dir.path(),
        "[[triggers]]\nfunction = \"appendResult\"\nevery = \"5m\"\n\
         [[triggers]]\nfunction = \"impatient\"\nevery = \"10m\"\n",
    );
    let first = run(&path).snapshot();
    let second = run(&path).snapshot();
    assert_eq!(first, second);
    let other_seed =
        run_scenario(&path, &RunOptions { seed: Some(4), ..Default::default() }).unwrap().remove(0).snapshot();
    assert_ne!(first, other_seed, "the seed picks the triggers' minutes");
}

#[test]
fn web_requests_run_do_post_and_a_lost_response_is_retried_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(
        dir.path(),
        "[[requests]]\nat = \"2025-06-13T09:00\"\nmethod = \"POST\"\nbody = '{\"id\":\"a1\"}'\nresponse = \"lost\"\n\
         [[requests]]\nat = \"2025-06-13T09:01\"\nmethod = \"POST\"\nbody = '{\"id\":\"a1\"}'\n\
         [[requests]]\nat = \"2025-06-13T09:02\"\nparameters = { name = \"ayse\" }\n",
    );
    let report = run(&path);
    let lost: Vec<bool> = report.executions.iter().map(|e| e.response_lost).collect();
    assert_eq!(lost, vec![true, false, false]);
    let functions: Vec<&str> = report.executions.iter().map(|e| e.function.as_str()).collect();
    assert_eq!(functions, vec!["doPost", "doPost", "doGet"]);
    // The retry after a lost response is recognised: one row, not two.
    assert_eq!(report.properties["rows"], "1");
    let snapshot = report.snapshot();
    assert!(
        snapshot.contains(
            "doPost  completed  => 200 application/json; charset=utf-8 (after a 302): {\"ok\":true,\"duplicate\":false}  (response lost)"
        ),
        "{snapshot}"
    );
}

#[test]
fn a_scenario_sets_its_loop_limit_and_a_campaign_keeps_it() {
    use gas_scenario::{PreparedScenario, RunControl};
    let dir = tempfile::tempdir().unwrap();
    // `busy` (added below) loops 20,000 times.
    let body = "loop_iterations_max = 10000\n[[runs]]\nat = \"2025-06-13T09:00:00\"\nfunction = \"busy\"\n";
    let path = scenario(dir.path(), body);
    let code = std::fs::read_to_string(dir.path().join("project/Code.gs")).unwrap();
    std::fs::write(
        dir.path().join("project/Code.gs"),
        format!("{code}\nfunction busy() {{ var n = 0; for (var i = 0; i < 20000; i++) n++; return n; }}\n"),
    )
    .unwrap();
    let outcome = |report: &ZoneReport| report.executions[0].outcome.clone();
    assert_eq!(outcome(&run(&path)), "killed", "the scenario's limit of 10,000 stops 20,000 iterations");

    // A campaign's control limits apply only where the scenario set none.
    let prepared = PreparedScenario::load(&path, &RunOptions::default()).unwrap();
    let generous = RunControl {
        limits: Some(gas_engine::Limits { loop_iterations_max: 1_000_000, ..gas_engine::Limits::default() }),
        stop_after_timeouts: None,
        ..RunControl::default()
    };
    let report = prepared.run_zone_with("UTC", prepared.project.clone(), &generous).unwrap();
    assert_eq!(outcome(&report), "killed");

    std::fs::write(&path, std::fs::read_to_string(&path).unwrap().replace("loop_iterations_max = 10000\n", ""))
        .unwrap();
    assert_eq!(outcome(&run(&path)), "completed", "the default limit is far above 20,000");
}

#[test]
fn a_lock_held_through_a_long_last_call_is_released_when_the_execution_ends() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(
        dir.path(),
        "[[runs]]\nat = \"2025-06-13T09:00:00\"\nfunction = \"holdThroughSleep\"\n\
         [[runs]]\nat = \"2025-06-13T09:00:10\"\nfunction = \"waitForIt\"\n",
    );
    let report = run(&path);
    // The holder takes the lock at 09:00:00.020 and sleeps 200 s: it ends at 09:03:20.020,
    // and the waiter gets the lock then, not at 09:00:10.
    let waited = report.properties["waited"].as_str();
    assert!(waited.starts_with("got 2025-06-13T09:03:20."), "{waited}");
    assert_eq!(report.executions[0].end_utc_ms, report.start_utc_ms + 200_020);
}
