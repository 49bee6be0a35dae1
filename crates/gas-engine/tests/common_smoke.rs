use gas_engine::*;
use std::sync::{Arc, Mutex};

#[test]
fn smoke() {
    let project = Project::from_sources(
        "Europe/Istanbul",
        vec![SourceFile {
            name: "Code.gs".into(),
            text: r#"
var counter = 0;
function main() {
  counter++;
  const p = PropertiesService.getScriptProperties();
  p.setProperty('a', 1);
  Logger.log('hello %s', p.getProperty('a'));
  const ss = SpreadsheetApp.create('x');
  const sh = ss.getSheets()[0];
  sh.appendRow([1, 'two', new Date(0), true]);
  MailApp.sendEmail('a@example.com', 'subj', 'body');
  try { CacheService.getScriptCache().put('', 'x'); } catch (e) { console.log('caught', String(e), e.name); }
  try { DriveApp.getFiles(); } catch (e) { console.log(e.message); }
  return { counter, values: sh.getDataRange().getValues(), now: new Date().toString(), rnd: Math.random() };
}
function bad() { null.x; }
"#
            .into(),
        }],
    );
    let world = Arc::new(Mutex::new(gas_platform::World::new()));
    let spec = ExecutionSpec::new(1, "main", 1_750_000_000_000, 7);
    let zone = "Europe/Istanbul".parse().unwrap();
    let report = run_execution(&project, zone, &spec, world.clone(), Arc::new(SoloGate));
    println!("{}", serde_json::to_string_pretty(&report).unwrap());
    let spec = ExecutionSpec::new(2, "bad", 1_750_000_000_000, 7);
    let report = run_execution(&project, zone, &spec, world, Arc::new(SoloGate));
    println!("{}", serde_json::to_string_pretty(&report.outcome).unwrap());
}
