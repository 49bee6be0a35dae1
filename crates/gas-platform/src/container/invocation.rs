//! Who started an execution (a user, a trigger, a web app), its authorization mode, and
//! what a simple trigger (LIMITED mode) may not call.

use serde::{Deserialize, Serialize};

use super::ui::UI_CONTEXT_MESSAGE;
use crate::{ServiceError, ServiceResult};

/// Simple triggers run at most 30 seconds (documented).
pub const SIMPLE_TRIGGER_MS_MAX: i64 = 30_000;

/// What started an execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InvocationKind {
    /// `[[runs]]` / `gas-sim call`: pressing Run in the editor.
    #[default]
    Manual,
    TimeTrigger,
    WebApp,
    /// The simple trigger `onOpen(e)`: a user opened the bound spreadsheet.
    OnOpen,
    /// The simple trigger `onInstall(e)`: a user installed the add-on.
    OnInstall,
    /// A user clicked a custom menu item.
    MenuItem,
    /// The simple trigger `onEdit(e)`: a user changed a cell of the bound spreadsheet.
    OnEdit,
    /// An installable spreadsheet trigger (edit, change, form submit, open) firing for
    /// a user's action; it runs as the account that installed it.
    SpreadsheetTrigger,
    /// An installable calendar trigger (`onEventUpdated`) firing for a change of its
    /// calendar's events; it runs as the account that installed it.
    CalendarTrigger,
}

/// Who started an execution, and as whom it runs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invocation {
    pub kind: InvocationKind,
    /// The user at the spreadsheet; `None`: the account's user (a manual run).
    pub user: Option<String>,
    /// The `User-Agent` of the request a web app's doGet or doPost answers
    /// (`HtmlService.getUserAgent()`); `None` for every other execution, as the
    /// platform's null (documented: "null for most script executions if not used in a
    /// web app's doGet() or doPost() function").
    pub user_agent: Option<String>,
}

impl Invocation {
    pub fn of(kind: InvocationKind) -> Invocation {
        Invocation { kind, user: None, user_agent: None }
    }

    /// A web app's doGet or doPost for a request sent with this `User-Agent` (or none).
    pub fn request(user_agent: Option<String>) -> Invocation {
        Invocation { kind: InvocationKind::WebApp, user: None, user_agent }
    }

    /// Only time-driven triggers count toward the day's trigger runtime (`quotas`): once
    /// it is used up they fail as they start (manual runs, web apps and simple triggers
    /// are not counted: assumed).
    pub fn counts_toward_trigger_runtime(&self) -> bool {
        matches!(
            self.kind,
            InvocationKind::TimeTrigger | InvocationKind::SpreadsheetTrigger | InvocationKind::CalendarTrigger
        )
    }

    pub fn by_user(kind: InvocationKind, user: &str) -> Invocation {
        Invocation { kind, user: Some(user.to_string()), user_agent: None }
    }

    /// Whether a person has the bound spreadsheet open for this execution: its dialogs
    /// reach them, and its selection is theirs. A manual run of a bound script shows its
    /// dialogs in the open spreadsheet (assumed: the editor's Run with the sheet open).
    pub fn has_user_session(&self, bound: bool) -> bool {
        match self.kind {
            InvocationKind::OnOpen | InvocationKind::OnInstall | InvocationKind::MenuItem => bound,
            InvocationKind::OnEdit | InvocationKind::Manual => bound,
            // An installable trigger runs as its owner, away from the editing user's page
            // (assumed: its dialogs reach nobody).
            InvocationKind::TimeTrigger | InvocationKind::WebApp | InvocationKind::SpreadsheetTrigger => false,
            InvocationKind::CalendarTrigger => false,
        }
    }

    /// Whose selection an execution reads and changes on spreadsheet `id`: the user's
    /// session when a user has the bound spreadsheet open and `id` is it (`account` when
    /// the invocation names nobody); `None`: the execution's own selection.
    pub fn session_user(&self, bound_id: Option<&str>, id: &str, account: &str) -> Option<String> {
        let in_session = self.has_user_session(bound_id.is_some()) && bound_id == Some(id);
        in_session.then(|| self.user.clone().unwrap_or_else(|| account.to_string()))
    }

    /// `e.authMode`: a bound script's onOpen and onEdit run LIMITED; onInstall and
    /// installable triggers run FULL (documented).
    pub fn auth_mode(&self) -> &'static str {
        match self.kind {
            InvocationKind::OnOpen | InvocationKind::OnEdit => "LIMITED",
            _ => "FULL",
        }
    }

    /// The longest this execution may run, when shorter than the platform's 6 minutes:
    /// simple triggers get 30 s (documented).
    pub fn time_limit_ms(&self) -> Option<i64> {
        self.is_simple_trigger().then_some(SIMPLE_TRIGGER_MS_MAX)
    }

    /// onOpen, onInstall, onEdit: the simple triggers, whose event object the prelude
    /// completes with objects (`source`, `user`, `range`).
    pub fn is_simple_trigger(&self) -> bool {
        matches!(self.kind, InvocationKind::OnOpen | InvocationKind::OnInstall | InvocationKind::OnEdit)
    }

    /// `SpreadsheetApp.getUi()`: only where a user has the spreadsheet open.
    pub fn check_ui(&self, bound: bool) -> ServiceResult<()> {
        if self.has_user_session(bound) {
            Ok(())
        } else {
            Err(ServiceError::new(UI_CONTEXT_MESSAGE))
        }
    }

    /// `FormApp.getUi()`: the form editor's, only where a user has the form the project is
    /// bound to open (`bound_to_form`), as `getUi()` for a spreadsheet.
    pub fn check_form_ui(&self, bound_to_form: bool) -> ServiceResult<()> {
        if self.has_user_session(bound_to_form) {
            Ok(())
        } else {
            Err(ServiceError::new(super::ui::FORM_UI_CONTEXT_MESSAGE))
        }
    }

    /// `Browser.msgBox`/`inputBox`: only where a user has the spreadsheet open, as
    /// `getUi()`, with Browser's own text (`browser_context_message`).
    pub fn check_browser(&self, bound: bool, method: &str) -> ServiceResult<()> {
        if self.has_user_session(bound) {
            Ok(())
        } else {
            Err(ServiceError::new(super::ui::browser_context_message(method)))
        }
    }

    /// Simple triggers "cannot access services that require authorization" (documented):
    /// in LIMITED mode a method that needs `scope` (its declaration's, gas-engine's
    /// `methods`) is refused with the platform's permission error; `None` runs.
    pub fn check_authorized(&self, method: &str, scope: Option<&str>) -> ServiceResult<()> {
        match scope {
            Some(scope) if self.auth_mode() == "LIMITED" => Err(ServiceError::new(format!(
                "You do not have permission to call {}. Required permissions: {scope}",
                shown_in_refusal(method)
            ))),
            _ => Ok(()),
        }
    }
}

// The scopes a method may need, as the platform's permission error names them. Which
// method needs which is its declaration's (gas-engine's `methods`): the reference's per
// method (documented); the bound spreadsheet's methods, with `spreadsheets.currentonly`,
// run in simple triggers (documented); a method reached only through an authorised
// service carries that service's scope; Session's users run, their email blank there
// (documented).
pub const SCOPE_DRIVE: &str = "https://www.googleapis.com/auth/drive";
pub const SCOPE_GMAIL: &str = "https://mail.google.com/";
pub const SCOPE_SEND_MAIL: &str = "https://www.googleapis.com/auth/script.send_mail";
pub const SCOPE_EXTERNAL_REQUEST: &str = "https://www.googleapis.com/auth/script.external_request";
pub const SCOPE_SCRIPT_APP: &str = "https://www.googleapis.com/auth/script.scriptapp";
pub const SCOPE_SPREADSHEETS: &str = "https://www.googleapis.com/auth/spreadsheets";
/// CalendarApp (documented: its methods need `https://www.googleapis.com/auth/calendar`).
pub const SCOPE_CALENDAR: &str = "https://www.googleapis.com/auth/calendar";
/// Showing an HTML dialog or sidebar (`Ui.showModalDialog`, `showModelessDialog`,
/// `showSidebar`): refused in onOpen and onEdit with `You do not have permission to call
/// Ui.showModalDialog. Required permissions: https://www.googleapis.com/auth/script.container.ui`
/// (observed, in an onEdit's execution log quoted in a users' Q&A).
pub const SCOPE_CONTAINER_UI: &str = "https://www.googleapis.com/auth/script.container.ui";

/// The name the platform's permission error shows for a method: a builder's create
/// stands for ScriptApp.newTrigger, which the platform names.
fn shown_in_refusal(method: &str) -> &str {
    match method {
        "TriggerBuilder.create" | "SpreadsheetTriggerBuilder.create" => "ScriptApp.newTrigger",
        "FormTriggerBuilder.create" => "ScriptApp.newTrigger",
        _ => method,
    }
}
