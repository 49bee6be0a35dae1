//! Spreadsheet triggers seen from a script: `ScriptApp.newTrigger(f).forSpreadsheet(ss)`
//! with onOpen/onEdit/onChange/onFormSubmit, their getters and refusals, and the edit
//! event object as onEdit and an installable trigger get it.

use crate::support;

use gas_engine::ExecutionSpec;
use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::sheets::{Sheet, Spreadsheet};
use gas_platform::triggers::SpreadsheetEvent;
use serde_json::json;
use support::*;

const BOUND: &str = "bound-1";
const ANA: &str = "ana@example.com";

fn run_manual(world: &SharedWorld, project: &gas_engine::Project, function: &str) -> gas_engine::ExecutionReport {
    run_spec(world, project, "UTC", &ExecutionSpec::new(1, function, START_UTC_MS, SEED))
}

fn bound(src: &str) -> (SharedWorld, gas_engine::Project) {
    let world = new_world();
    let sheets = vec![Sheet::new(0, "Orders")];
    state(&world).spreadsheets.add(Spreadsheet::with_sheets(BOUND, "Bound", None, sheets).unwrap()).unwrap();
    let mut project = project("UTC", src);
    project.container_id = Some(BOUND.into());
    (world, project)
}

#[test]
fn spreadsheet_triggers_are_installed_listed_in_order_and_deleted() {
    let src = "function main() {
      var ss = SpreadsheetApp.getActive();
      var a = ScriptApp.newTrigger('tick').timeBased().everyHours(1).create();
      var b = ScriptApp.newTrigger('edited').forSpreadsheet(ss).onEdit().create();
      var c = ScriptApp.newTrigger('submitted').forSpreadsheet(ss.getId()).onFormSubmit().create();
      var all = ScriptApp.getProjectTriggers().map(function (t) {
        return [t.getHandlerFunction(), String(t.getEventType()), String(t.getTriggerSource()), t.getTriggerSourceId()];
      });
      ScriptApp.deleteTrigger(b);
      return [all, ScriptApp.getProjectTriggers().length, b.getEventType() == ScriptApp.EventType.ON_EDIT];
    }";
    let (world, project) = bound(src);
    let report = run_manual(&world, &project, "main");
    assert_eq!(
        result(&report),
        json!([
            [
                ["tick", "CLOCK", "CLOCK", null],
                ["edited", "ON_EDIT", "SPREADSHEETS", BOUND],
                ["submitted", "ON_FORM_SUBMIT", "SPREADSHEETS", BOUND]
            ],
            2,
            true
        ])
    );
    let triggers = state(&world).triggers.clone();
    assert_eq!(triggers.for_event(BOUND, SpreadsheetEvent::FormSubmit).count(), 1);
    assert_eq!(triggers.for_event(BOUND, SpreadsheetEvent::Edit).count(), 0);
}

#[test]
fn user_triggers_are_those_on_the_container_and_script_triggers_are_all() {
    let src = "function main() {
      var ss = SpreadsheetApp.getActive();
      var other = SpreadsheetApp.create('Other');
      ScriptApp.newTrigger('tick').timeBased().everyHours(1).create();
      ScriptApp.newTrigger('edited').forSpreadsheet(ss).onEdit().create();
      ScriptApp.newTrigger('changed').forSpreadsheet(other).onChange().create();
      ScriptApp.newTrigger('opened').forSpreadsheet(ss).onOpen().create();
      var form = FormApp.create('Signup');
      ScriptApp.newTrigger('submitted').forForm(form).onFormSubmit().create();
      var handlers = function (list) { return list.map(function (t) { return t.getHandlerFunction(); }); };
      return [handlers(ScriptApp.getUserTriggers(ss)), handlers(ScriptApp.getUserTriggers(other)),
              handlers(ScriptApp.getScriptTriggers()), ScriptApp.getUserTriggers(DocumentApp.create('d')).length,
              handlers(ScriptApp.getUserTriggers(form))];
    }";
    let (world, project) = bound(src);
    let report = run_manual(&world, &project, "main");
    assert_eq!(
        result(&report),
        json!([
            ["edited", "opened"],
            ["changed"],
            ["tick", "edited", "changed", "opened", "submitted"],
            0,
            ["submitted"]
        ])
    );
}

#[test]
fn a_builder_without_an_event_or_with_an_unknown_spreadsheet_is_refused() {
    let src = "function main() {
      var out = [];
      try { ScriptApp.newTrigger('x').forSpreadsheet(SpreadsheetApp.getActive()).create(); } catch (e) { out.push(e.message); }
      try { ScriptApp.newTrigger('x').forSpreadsheet('nope').onEdit().create(); } catch (e) { out.push(e.message); }
      return out;
    }";
    let (world, project) = bound(src);
    let report = run_manual(&world, &project, "main");
    assert_eq!(
        result(&report),
        json!([
            gas_platform::script_app::SPREADSHEET_TRIGGER_WITHOUT_EVENT,
            "Unexpected error while getting the method or property openById on object SpreadsheetApp."
        ])
    );
    assert!(state(&world).triggers.on_events.is_empty());
}

const EDIT_HANDLER: &str = "function onEdit(e) {
  return [e.authMode, e.range.getA1Notation(), e.range.getSheet().getName(), e.source.getId(),
          e.user.getEmail(), e.value, 'oldValue' in e ? e.oldValue : null, 'triggerUid' in e];
}
function installed(e) { return [e.authMode, e.triggerUid, e.range.getValue()]; }";

fn edit_event(extra: serde_json::Value) -> serde_json::Value {
    let mut event = json!({
        "authMode": "LIMITED",
        "range": { "sheet": { "spreadsheet_id": BOUND, "sheet_id": 0 }, "row": 5, "column": 3, "num_rows": 1, "num_columns": 1 },
        "source": BOUND,
        "user": ANA,
        "value": "shipped",
    });
    for (key, value) in extra.as_object().unwrap() {
        event[key] = value.clone();
    }
    event
}

#[test]
fn the_edit_event_has_a_range_a_source_and_a_user_as_objects() {
    let (world, project) = bound(EDIT_HANDLER);
    let mut spec = ExecutionSpec::new(1, "onEdit", START_UTC_MS, SEED);
    spec.invocation = Invocation::by_user(InvocationKind::OnEdit, ANA);
    spec.event = Some(edit_event(json!({})));
    let report = run_spec(&world, &project, "UTC", &spec);
    assert_eq!(result(&report), json!(["LIMITED", "C5", "Orders", BOUND, ANA, "shipped", null, false]));

    spec.event = Some(edit_event(json!({ "oldValue": "packed" })));
    let report = run_spec(&world, &project, "UTC", &spec);
    assert_eq!(result(&report)[6], json!("packed"));
}

#[test]
fn an_installable_edit_trigger_gets_its_uid_and_runs_with_full_authorization() {
    let (world, project) = bound(EDIT_HANDLER);
    {
        let mut world = state(&world);
        let cell = world.spreadsheets.get_range_in_spreadsheet(BOUND, "Orders!C5").unwrap();
        world.spreadsheets.user_edit(&cell, "7", chrono_tz::UTC).unwrap();
    }
    let mut spec = ExecutionSpec::new(1, "installed", START_UTC_MS, SEED);
    spec.invocation = Invocation::of(InvocationKind::SpreadsheetTrigger);
    spec.event = Some(edit_event(json!({ "authMode": "FULL", "triggerUid": "1000001" })));
    let report = run_spec(&world, &project, "UTC", &spec);
    assert_eq!(result(&report), json!(["FULL", "1000001", 7]));
}
