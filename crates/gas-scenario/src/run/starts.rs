//! What a scenario event starts: a run, a request, a trigger firing, or what a user at a
//! spreadsheet does (open, click, edit, form response), as the requests the scheduler
//! turns into executions.

use gas_platform::container::{Invocation, InvocationKind};
use gas_platform::triggers::SpreadsheetEvent;
use gas_platform::World;

/// What to start: a run, a request or a trigger firing.
pub(super) struct StartRequest {
    pub(super) function: String,
    pub(super) event: Option<serde_json::Value>,
    pub(super) at_utc_ms: i64,
    /// `trigger`, `run f`, `POST request`: for the report.
    pub(super) source: String,
    /// A web request whose response never reaches the client.
    pub(super) lost: bool,
    /// What started it: a trigger, a request, a user at the spreadsheet.
    pub(super) invocation: Invocation,
    /// A page's `google.script.run` call: the function's arguments (else the event).
    pub(super) script_run_args: Option<Vec<serde_json::Value>>,
}

impl StartRequest {
    /// An event trigger's execution (an edit's, a form response's, a calendar change's),
    /// started at `at_utc_ms`.
    pub(super) fn of_trigger(start: crate::sheet_events::SheetStart, at_utc_ms: i64) -> StartRequest {
        StartRequest {
            function: start.function,
            event: Some(start.event),
            at_utc_ms,
            source: start.source,
            lost: false,
            invocation: start.invocation,
            script_run_args: None,
        }
    }
}

/// A user at a spreadsheet: opening the bound one starts a new page (and its onOpen and
/// open triggers), a click runs the item's function as the user, an edit or a form
/// response runs their triggers (`crate::sheet_events`). A click on an item the page does
/// not show starts nothing, and the report says so.
pub(super) fn user_event(
    occurrence: &crate::container::UserEvent,
    world: &mut World,
    container_id: &str,
    at_utc_ms: i64,
    zone: chrono_tz::Tz,
    warnings: &mut Vec<String>,
) -> Vec<StartRequest> {
    let sheet_start = |start| StartRequest::of_trigger(start, at_utc_ms);
    match occurrence {
        crate::container::UserEvent::Edit { user, cell, typed, simple } => {
            crate::sheet_events::edit(world, user, cell, typed, simple.as_deref(), at_utc_ms, zone, warnings)
                .into_iter()
                .map(sheet_start)
                .collect()
        }
        crate::container::UserEvent::FormSubmit { spreadsheet_id, sheet, answers } => {
            crate::sheet_events::form_submit(world, spreadsheet_id, sheet, answers, at_utc_ms, zone, warnings)
                .into_iter()
                .map(sheet_start)
                .collect()
        }
        crate::container::UserEvent::FormResponse { form, email, answers } => {
            let Some(form_id) = crate::forms::target_now(world, form, warnings) else {
                return Vec::new();
            };
            crate::forms::submit(world, &form_id, email, answers, at_utc_ms, zone, warnings)
                .into_iter()
                .map(sheet_start)
                .collect()
        }
        crate::container::UserEvent::Open { user, selection, install, function } => {
            open(world, user, selection.as_ref(), *install, function.as_deref(), container_id, at_utc_ms)
        }
        crate::container::UserEvent::OpenItem { user, source, id } => open_item(world, user, *source, id, at_utc_ms),
        crate::container::UserEvent::PageCalls { key, user, title, calls, close } => {
            if !world.ui.page_shown(user, title, at_utc_ms) {
                let shown = world.ui.page_titles(user);
                let shown = if shown.is_empty() { "none".to_string() } else { format!("{shown:?}") };
                warnings.push(format!(
                    "{key}: {user} has no dialog or sidebar {title:?} open, so its calls start nothing (pages shown to {user}: {shown})"
                ));
                return Vec::new();
            }
            // google.script.host.close() once the page has made its calls (they still
            // run): later entries find it closed.
            if *close {
                world.ui.close_page(user, title, at_utc_ms);
            }
            // Each call an execution of its own, as the user at the spreadsheet (a page's
            // calls run as the user who has it open, FULL: as a menu item's).
            calls
                .iter()
                .map(|call| StartRequest {
                    function: call.function.clone(),
                    event: None,
                    at_utc_ms,
                    source: format!("{user} in {title:?}: google.script.run.{}", call.function),
                    lost: false,
                    invocation: Invocation::by_user(InvocationKind::MenuItem, user),
                    script_run_args: Some(call.args.clone()),
                })
                .collect()
        }
        crate::container::UserEvent::Click { key, user, target, selection } => {
            let function = match target {
                crate::container::ClickTarget::Function(function) => function.clone(),
                crate::container::ClickTarget::Item(path) => match world.ui.find_item(user, path) {
                    Ok(function) => function,
                    Err(why) => {
                        warnings.push(format!("{key}: {why}"));
                        return Vec::new();
                    }
                },
            };
            if let Some(selection) = selection {
                world.ui.session_mut(user).selection = Some(selection.clone());
            }
            vec![StartRequest {
                source: format!("{user} clicked {function}"),
                function,
                event: None,
                at_utc_ms,
                lost: false,
                invocation: Invocation::by_user(InvocationKind::MenuItem, user),
                script_run_args: None,
            }]
        }
    }
}

/// Someone opens (or installs into) the bound spreadsheet: the simple trigger, then the
/// installable open triggers.
fn open(
    world: &mut World,
    user: &str,
    selection: Option<&gas_platform::sheets::RangeRef>,
    install: bool,
    function: Option<&str>,
    container_id: &str,
    at_utc_ms: i64,
) -> Vec<StartRequest> {
    if !install {
        world.ui.open(user, at_utc_ms, selection.cloned());
    } else if let Some(selection) = selection {
        world.ui.session_mut(user).selection = Some(selection.clone());
    }
    let kind = if install { InvocationKind::OnInstall } else { InvocationKind::OnOpen };
    let invocation = Invocation::by_user(kind, user);
    let verb = if install { "installed" } else { "opened" };
    let source = format!("{user} {verb} the spreadsheet");
    let mut starts = Vec::new();
    if let Some(function) = function {
        starts.push(StartRequest {
            function: function.to_string(),
            event: Some(gas_platform::trigger_events::open(invocation.auth_mode(), container_id, user, None)),
            at_utc_ms,
            source: source.clone(),
            lost: false,
            invocation,
            script_run_args: None,
        });
    }
    if !install {
        // Installable open triggers run too, after the simple one (assumed order).
        let installed = world.triggers.for_event(container_id, SpreadsheetEvent::Open);
        starts.extend(installed.map(|trigger| StartRequest {
            function: trigger.handler.clone(),
            event: Some(gas_platform::trigger_events::open("FULL", container_id, user, Some(&trigger.id))),
            at_utc_ms,
            source: format!("{source} (open trigger)"),
            lost: false,
            invocation: Invocation::of(InvocationKind::SpreadsheetTrigger),
            script_run_args: None,
        }));
    }
    starts
}

/// Someone opens a document, or a form in its editor: the installable open triggers of
/// it, in install order, each as the account that installed it (gas-sim's projects are
/// bound to a spreadsheet at most, so no simple trigger runs).
fn open_item(
    world: &World,
    user: &str,
    source: gas_platform::triggers::EventSource,
    id: &str,
    at_utc_ms: i64,
) -> Vec<StartRequest> {
    let what = if source == gas_platform::triggers::EventSource::Form { "form" } else { "document" };
    let installed = world.triggers.for_source_event(source, id, SpreadsheetEvent::Open);
    installed
        .map(|trigger| StartRequest {
            function: trigger.handler.clone(),
            event: Some(gas_platform::trigger_events::opened(source, id, user, &trigger.id)),
            at_utc_ms,
            source: format!("{user} opened the {what} {id} (open trigger)"),
            lost: false,
            invocation: Invocation::of(InvocationKind::SpreadsheetTrigger),
            script_run_args: None,
        })
        .collect()
}
