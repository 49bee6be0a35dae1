//! When triggers fire: an `inTimezone` trigger follows its own zone on every firing
//! (across that zone's DST change), a monthly one fires in the months that have its
//! day, and a scenario trigger's `until` is exclusive.

use std::path::{Path, PathBuf};

use gas_scenario::{run_scenario, RunOptions, ZoneReport};

const CODE: &str = r#"
function install() {
  ScriptApp.newTrigger('tick').timeBased().everyDays(1).atHour(9).nearMinute(0)
    .inTimezone('America/New_York').create();
}
function installMonthly() {
  ScriptApp.newTrigger('tick').timeBased().onMonthDay(31).atHour(9).nearMinute(0).create();
}
function tick() {
  const props = PropertiesService.getScriptProperties();
  const seen = JSON.parse(props.getProperty('ticks') || '[]');
  seen.push(new Date().toISOString().slice(0, 16));
  props.setProperty('ticks', JSON.stringify(seen));
}
"#;

fn scenario(dir: &Path, zone: &str, header: &str, body: &str) -> PathBuf {
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::write(project.join("appsscript.json"), format!(r#"{{"timeZone": "{zone}"}}"#)).unwrap();
    std::fs::write(project.join("Code.gs"), CODE).unwrap();
    let path = dir.join("s.toml");
    std::fs::write(&path, format!("name = \"windows\"\nproject = \"project\"\nseed = 1\n{header}{body}")).unwrap();
    path
}

fn run(path: &Path) -> ZoneReport {
    run_scenario(path, &RunOptions::default()).unwrap().remove(0)
}

#[test]
fn an_in_timezone_trigger_follows_its_zone_on_every_firing_across_its_dst_change() {
    let dir = tempfile::tempdir().unwrap();
    // A Tokyo script; the trigger runs near 09:00 New York (seed 1 places nearMinute(0)
    // at 08:52, within the platform's 15 minutes), whose DST ends on 2025-11-02.
    let path = scenario(
        dir.path(),
        "Asia/Tokyo",
        "start = \"2025-10-31T00:00\"\nend = \"2025-11-05T00:00\"\n",
        "[[runs]]\nat = \"2025-10-31T00:00\"\nfunction = \"install\"\n",
    );
    let report = run(&path);
    assert_eq!(
        report.properties["ticks"],
        r#"["2025-10-31T12:52","2025-11-01T12:52","2025-11-02T13:52","2025-11-03T13:52","2025-11-04T13:52"]"#
    );
}

#[test]
fn a_scenario_trigger_does_not_fire_at_its_until() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(
        dir.path(),
        "UTC",
        "start = \"2025-06-13T08:00\"\nend = \"2025-06-13T14:00\"\n",
        "[[triggers]]\nfunction = \"tick\"\nevery = \"1h\"\nminute = 0\nfrom = \"2025-06-13T09:00\"\nuntil = \"2025-06-13T12:00\"\n",
    );
    let report = run(&path);
    assert_eq!(report.properties["ticks"], r#"["2025-06-13T09:00","2025-06-13T10:00","2025-06-13T11:00"]"#);
}

#[test]
fn a_monthly_trigger_fires_on_its_day_in_the_months_that_have_it_across_dst() {
    let dir = tempfile::tempdir().unwrap();
    // Los Angeles: PST in January, PDT from 2025-03-09; no 31st in February or April.
    let path = scenario(
        dir.path(),
        "America/Los_Angeles",
        "start = \"2025-01-01T00:00\"\nend = \"2025-06-01T00:00\"\n",
        "[[runs]]\nat = \"2025-01-01T00:00\"\nfunction = \"installMonthly\"\n",
    );
    let report = run(&path);
    // nearMinute(0) placed at 08:52 by seed 1, as above: 16:52Z in PST, 15:52Z in PDT.
    assert_eq!(report.properties["ticks"], r#"["2025-01-31T16:52","2025-03-31T15:52","2025-05-31T15:52"]"#);
}

#[test]
fn a_scenario_monthly_trigger_is_the_editors_month_timer() {
    let dir = tempfile::tempdir().unwrap();
    let path = scenario(
        dir.path(),
        "America/Los_Angeles",
        "start = \"2025-01-01T00:00\"\nend = \"2025-06-01T00:00\"\n",
        "[[triggers]]\nfunction = \"tick\"\nevery = \"month\"\nday = 31\nhour = 9\nminute = 0\n",
    );
    let report = run(&path);
    assert_eq!(report.properties["ticks"], r#"["2025-01-31T17:00","2025-03-31T16:00","2025-05-31T16:00"]"#);
}
