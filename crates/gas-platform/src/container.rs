//! A bound container's user-facing side: who started an execution (a user in the
//! spreadsheet, a trigger, a web app), what is "active" for it, which services a simple
//! trigger may call, the menus a script adds and the dialogs it shows (answered from the
//! scenario's `[[ui]]` answers).
//!
//! Where state lives: an execution with a user in the spreadsheet (onOpen, a menu item,
//! a manual run of a bound script) reads and changes that user's session (its selection
//! and menus persist from one such execution to the next, as the open page keeps them);
//! an execution without one (a time-driven trigger, a web app, a spreadsheet opened by
//! id) has its own selection, which starts at the first sheet's A1 and ends with it.
//!
//! # Fidelity
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | `getUi()` with no user (trigger, web app, standalone script) | throws `Cannot call SpreadsheetApp.getUi() from this context.` | observed (time-driven trigger logs) |
//! | active sheet / range with no user | the first sheet, its A1 | assumed (documented: the active sheet is the one displayed in the UI) |
//! | `setActiveRange(range)` | the range becomes the active range, its top-left cell the current cell | documented |
//! | `setActiveSheet(sheet)` | the sheet becomes active, its selection A1 | assumed (the UI restores the sheet's last selection) |
//! | opening the spreadsheet | a new page: no custom menus until onOpen adds them; the first sheet's A1 unless the scenario says | assumed |
//! | `Menu.addToUi()` twice with one caption | the later menu replaces the earlier | assumed |
//! | simple trigger onOpen | `authMode` LIMITED; at most 30 s, then `Exceeded maximum execution time` | documented (limit) / assumed (text) |
//! | a service that needs authorization in LIMITED mode | `You do not have permission to call X. Required permissions: SCOPE` | observed (format, ScriptApp) / assumed (each scope) |
//! | a dialog with no scripted answer left | the user closes it: `Button.CLOSE`, response text "" | assumed |

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use crate::sheets::{RangeRef, SheetRef, Spreadsheets};
use crate::{ServiceError, ServiceResult};

/// The platform's text for `getUi()` where no user interface exists (observed).
pub const UI_CONTEXT_MESSAGE: &str = "Cannot call SpreadsheetApp.getUi() from this context.";
/// Simple triggers run at most 30 seconds (documented).
pub const SIMPLE_TRIGGER_MS_MAX: i64 = 30_000;
/// Dialogs recorded per run; past it the oldest are dropped (a report stays readable).
pub const DIALOGS_MAX: usize = 10_000;
/// Menus one session holds, and items per menu (a loop adding menus is a bug, not a UI).
pub const MENUS_MAX: usize = 50;
/// An `addMenu` entry that is neither `{name, functionName}` nor `null` (assumed text).
pub const MENU_ENTRY_INVALID: &str = "A menu entry must be {name, functionName} or null.";
pub const MENU_ITEMS_MAX: usize = 200;
/// Submenus nest at most this deep (the UI nests one level; a cycle is impossible here).
pub const SUBMENU_DEPTH_MAX: usize = 4;

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
}

/// Who started an execution, and as whom it runs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invocation {
    pub kind: InvocationKind,
    /// The user at the spreadsheet; `None`: the account's user (a manual run).
    pub user: Option<String>,
}

impl Invocation {
    pub fn of(kind: InvocationKind) -> Invocation {
        Invocation { kind, user: None }
    }

    /// Only time-driven triggers count toward the day's trigger runtime (`quotas`): once
    /// it is used up they fail as they start (manual runs, web apps and simple triggers
    /// are not counted: assumed).
    pub fn counts_toward_trigger_runtime(&self) -> bool {
        matches!(self.kind, InvocationKind::TimeTrigger | InvocationKind::SpreadsheetTrigger)
    }

    pub fn by_user(kind: InvocationKind, user: &str) -> Invocation {
        Invocation { kind, user: Some(user.to_string()) }
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

/// The name the platform's permission error shows for a method: a builder's create
/// stands for ScriptApp.newTrigger, which the platform names.
fn shown_in_refusal(method: &str) -> &str {
    match method {
        "TriggerBuilder.create" | "SpreadsheetTriggerBuilder.create" => "ScriptApp.newTrigger",
        _ => method,
    }
}

/// The range a selection stands for now: the selected range while its sheet exists and
/// it fits the sheet, else the first sheet's A1 (what a page without a selection shows).
pub fn active_range(books: &Spreadsheets, id: &str, selected: Option<&RangeRef>) -> ServiceResult<RangeRef> {
    if let Some(range) = selected.filter(|r| r.sheet.spreadsheet_id == id) {
        if let Ok(fits) = books.get_range(
            &range.sheet,
            i64::from(range.row),
            i64::from(range.column),
            i64::from(range.num_rows),
            i64::from(range.num_columns),
        ) {
            return Ok(fits);
        }
    }
    let first = books.active_sheet(id)?;
    books.get_range(&first, 1, 1, 1, 1)
}

/// `setActiveSheet(sheet)`: the sheet's A1 becomes the selection.
pub fn select_sheet(books: &Spreadsheets, sheet: &SheetRef) -> ServiceResult<RangeRef> {
    books.get_range(sheet, 1, 1, 1, 1)
}

/// `getCurrentCell()` after a script set the selection: the range's top-left cell
/// (documented for `setActiveRange`).
pub fn current_cell(range: &RangeRef) -> RangeRef {
    range.cell(range.row, range.column)
}

/// A selection beyond one range: the selected ranges, the active range last, and the
/// current cell (`setActiveRangeList`, `setCurrentCell`). Kept beside the active range
/// (`UserSession::selection`, the execution's own) and only while its last range is that
/// range, so whoever sets the active range alone (a scenario's `selection`) resets it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SelectionState {
    pub ranges: Vec<RangeRef>,
    pub current: RangeRef,
}

/// The ranges a selection may hold (gas-sim's limit: the UI has no documented one).
pub const SELECTED_RANGES_MAX: usize = 1_000;
pub const CURRENT_CELL_NOT_ONE_CELL: &str = "The current cell must be a single cell.";
pub const RANGE_LIST_EMPTY: &str = "The range list is empty.";
pub const RANGE_LIST_SHEETS: &str = "The ranges of a range list must be on one sheet.";

impl SelectionState {
    /// `setActiveRange(range)`: one range, its top-left cell current (documented).
    pub fn of_range(range: RangeRef) -> SelectionState {
        SelectionState { current: current_cell(&range), ranges: vec![range] }
    }

    /// The active range: the last selected.
    pub fn active(&self) -> &RangeRef {
        self.ranges.last().expect("a selection holds at least one range")
    }

    /// Whether this selection says more than its active range alone.
    pub fn is_plain(&self) -> bool {
        self.ranges.len() == 1 && self.current == current_cell(self.active())
    }

    /// The state to keep beside `active`: this one while it belongs to that range.
    pub fn belongs_to(&self, active: &RangeRef) -> bool {
        self.ranges.last() == Some(active)
    }
}

/// `setActiveRangeList(rangeList)` / `RangeList.activate()`: every range selected, the
/// last active, its top-left cell current (documented: "Current Cell: D1" after
/// activating `A1:B4, D1:E4`).
pub fn select_list(ranges: Vec<RangeRef>) -> ServiceResult<SelectionState> {
    let Some(last) = ranges.last() else {
        return Err(ServiceError::new(RANGE_LIST_EMPTY));
    };
    if ranges.iter().any(|r| r.sheet != last.sheet) {
        return Err(ServiceError::new(RANGE_LIST_SHEETS));
    }
    if ranges.len() > SELECTED_RANGES_MAX {
        return Err(ServiceError::new(format!("gas-sim: a selection holds at most {SELECTED_RANGES_MAX} ranges")));
    }
    Ok(SelectionState { current: current_cell(last), ranges })
}

/// `setCurrentCell(cell)` / `Range.activateAsCurrentCell()` (documented): inside a
/// selected range, that range becomes active with the cell current; else the cell alone
/// is the selection.
pub fn with_current_cell(state: &SelectionState, cell: RangeRef) -> ServiceResult<SelectionState> {
    if cell.num_rows != 1 || cell.num_columns != 1 {
        return Err(ServiceError::new(CURRENT_CELL_NOT_ONE_CELL));
    }
    let inside = |r: &RangeRef| {
        r.sheet == cell.sheet
            && (r.row..=r.last_row()).contains(&cell.row)
            && (r.column..=r.last_column()).contains(&cell.column)
    };
    match state.ranges.iter().rposition(inside) {
        Some(i) => {
            let mut ranges = state.ranges.clone();
            let chosen = ranges.remove(i);
            ranges.push(chosen);
            Ok(SelectionState { ranges, current: cell })
        }
        None => Ok(SelectionState::of_range(cell)),
    }
}

/// The whole selection of spreadsheet `id`: the kept state while it belongs to the
/// active range and all its ranges still fit, else the active range alone.
pub fn selection_of(
    books: &Spreadsheets,
    id: &str,
    selected: Option<&RangeRef>,
    kept: Option<&SelectionState>,
) -> ServiceResult<SelectionState> {
    let active = active_range(books, id, selected)?;
    if let Some(state) = kept.filter(|s| s.belongs_to(&active)) {
        let fits = |r: &RangeRef| active_range(books, id, Some(r)).is_ok_and(|fit| fit == *r);
        // A state file could hold a current cell outside the active range, which
        // `next_data_range` relies on never happening.
        let (range, cell) = (state.active(), &state.current);
        let inside = cell.row >= range.row
            && cell.last_row() <= range.last_row()
            && cell.column >= range.column
            && cell.last_column() <= range.last_column();
        if state.ranges.iter().all(fits) && fits(&state.current) && inside {
            return Ok(state.clone());
        }
    }
    Ok(SelectionState::of_range(active))
}

/// `Selection.getNextDataRange(direction)`: the active range with one edge moved to the
/// next data cell (`Range.getNextDataCell`), still covering the current cell, as
/// Ctrl+Shift+arrow does: the edge away from the current cell moves (so a range that
/// extends past the current cell in that direction shrinks toward it). A range spanning
/// the whole sheet along that dimension is returned as it is (documented: "unbounded").
pub fn next_data_range(
    books: &Spreadsheets,
    state: &SelectionState,
    direction: crate::sheets::Direction,
) -> ServiceResult<RangeRef> {
    use crate::sheets::Direction;
    let active = state.active().clone();
    let current = &state.current;
    let max_rows = books.max_rows(&active.sheet)?;
    let max_columns = books.max_columns(&active.sheet)?;
    let vertical = matches!(direction, Direction::Up | Direction::Down);
    if (vertical && active.row == 1 && active.last_row() == max_rows)
        || (!vertical && active.column == 1 && active.last_column() == max_columns)
    {
        return Ok(active);
    }
    let (mut top, mut left, mut bottom, mut right) =
        (active.row, active.column, active.last_row(), active.last_column());
    let step = |row: u32, column: u32| books.next_data_cell(&active.cell(row, column), direction);
    match direction {
        Direction::Up if bottom > current.row => bottom = step(bottom, current.column)?.row.max(current.row),
        Direction::Up => top = step(top, current.column)?.row,
        Direction::Down if top < current.row => top = step(top, current.column)?.row.min(current.row),
        Direction::Down => bottom = step(bottom, current.column)?.row,
        Direction::Previous if right > current.column => right = step(current.row, right)?.column.max(current.column),
        Direction::Previous => left = step(current.row, left)?.column,
        Direction::Next if left < current.column => left = step(current.row, left)?.column.min(current.column),
        Direction::Next => right = step(current.row, right)?.column,
    }
    Ok(RangeRef {
        sheet: active.sheet,
        row: top,
        column: left,
        num_rows: bottom - top + 1,
        num_columns: right - left + 1,
    })
}

/// The buttons of `Ui.alert`/`Ui.prompt` (`Ui.Button`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Button {
    Close,
    Ok,
    Cancel,
    Yes,
    No,
}

impl Button {
    pub const ALL: [Button; 5] = [Button::Close, Button::Ok, Button::Cancel, Button::Yes, Button::No];

    pub fn name(self) -> &'static str {
        match self {
            Button::Close => "CLOSE",
            Button::Ok => "OK",
            Button::Cancel => "CANCEL",
            Button::Yes => "YES",
            Button::No => "NO",
        }
    }

    pub fn parse(name: &str) -> Result<Button, String> {
        Button::ALL
            .into_iter()
            .find(|b| b.name() == name)
            .ok_or_else(|| format!("{name:?} is not a button: use OK, CANCEL, YES, NO or CLOSE"))
    }
}

/// `Ui.ButtonSet`: which buttons a dialog offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ButtonSet {
    Ok,
    OkCancel,
    YesNo,
    YesNoCancel,
}

impl ButtonSet {
    pub fn name(self) -> &'static str {
        match self {
            ButtonSet::Ok => "OK",
            ButtonSet::OkCancel => "OK_CANCEL",
            ButtonSet::YesNo => "YES_NO",
            ButtonSet::YesNoCancel => "YES_NO_CANCEL",
        }
    }

    pub fn parse(name: &str) -> Option<ButtonSet> {
        [ButtonSet::Ok, ButtonSet::OkCancel, ButtonSet::YesNo, ButtonSet::YesNoCancel]
            .into_iter()
            .find(|s| s.name() == name)
    }

    /// The buttons a user can press; closing the dialog (CLOSE) is always possible.
    pub fn buttons(self) -> &'static [Button] {
        match self {
            ButtonSet::Ok => &[Button::Ok],
            ButtonSet::OkCancel => &[Button::Ok, Button::Cancel],
            ButtonSet::YesNo => &[Button::Yes, Button::No],
            ButtonSet::YesNoCancel => &[Button::Yes, Button::No, Button::Cancel],
        }
    }

    pub fn allows(self, button: Button) -> bool {
        button == Button::Close || self.buttons().contains(&button)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DialogKind {
    Alert,
    Prompt,
}

/// What a script asked the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialogRequest {
    pub kind: DialogKind,
    pub title: Option<String>,
    pub prompt: String,
    pub buttons: ButtonSet,
}

/// What the user answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub button: Button,
    /// What the user typed (a prompt's response text).
    #[serde(default)]
    pub text: String,
}

/// A `[[ui]]` entry: answers, in order, for the dialogs of one function's executions (or
/// any) by one user (or any).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerQueue {
    /// The scenario key (`ui[0]`), named when an answer does not fit its dialog.
    pub key: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
    pub answers: VecDeque<Answer>,
    /// Answers already given (for the key of the next one).
    #[serde(default)]
    pub used: usize,
}

/// One dialog a user saw, for the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dialog {
    pub at_utc_ms: i64,
    pub user: String,
    pub function: String,
    pub kind: DialogKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub prompt: String,
    pub buttons: ButtonSet,
    pub answer: Answer,
    /// Whether a `[[ui]]` answer gave it (else the user closed the dialog).
    pub scripted: bool,
}

/// A custom menu (`Ui.createMenu(caption)` ... `addToUi()`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    pub caption: String,
    /// `createAddonMenu()`: shown under Extensions, captioned with the script's name.
    #[serde(default)]
    pub addon: bool,
    pub entries: Vec<MenuEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MenuEntry {
    Item { caption: String, function: String },
    Separator,
    SubMenu(Menu),
}

impl Menu {
    /// The platform refuses nothing here that gas-sim knows of; the limits are gas-sim's.
    pub fn check(&self, depth: usize) -> ServiceResult<()> {
        if depth > SUBMENU_DEPTH_MAX {
            return Err(ServiceError::new(format!("gas-sim: submenus nest at most {SUBMENU_DEPTH_MAX} deep")));
        }
        if self.entries.len() > MENU_ITEMS_MAX {
            return Err(ServiceError::new(format!("gas-sim: a menu holds at most {MENU_ITEMS_MAX} items")));
        }
        for entry in &self.entries {
            if let MenuEntry::SubMenu(sub) = entry {
                sub.check(depth + 1)?;
            }
        }
        Ok(())
    }

    /// The function behind `path` (`["Send"]`, `["More", "Send"]`) in this menu.
    fn find(&self, path: &[&str]) -> Option<&str> {
        let (first, rest) = path.split_first()?;
        self.entries.iter().find_map(|entry| match entry {
            MenuEntry::Item { caption, function } if caption == first && rest.is_empty() => Some(function.as_str()),
            MenuEntry::SubMenu(sub) if sub.caption == *first => sub.find(rest),
            _ => None,
        })
    }

    /// The menu as a user sees it, one line per entry (`Reports > Send  -> sendReport`).
    pub fn lines(&self, prefix: &str, out: &mut Vec<String>) {
        let here = if prefix.is_empty() { self.caption.clone() } else { format!("{prefix} > {}", self.caption) };
        for entry in &self.entries {
            match entry {
                MenuEntry::Item { caption, function } => out.push(format!("{here} > {caption}  -> {function}")),
                MenuEntry::Separator => out.push(format!("{here} > ---")),
                MenuEntry::SubMenu(sub) => sub.lines(&here, out),
            }
        }
    }

    /// Where the menu shows: its caption, or Extensions > caption for an add-on's.
    pub fn shown_caption(&self) -> String {
        if self.addon {
            format!("Extensions > {}", self.caption)
        } else {
            self.caption.clone()
        }
    }
}

/// One user's page of the bound spreadsheet.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserSession {
    pub opened_at_utc_ms: Option<i64>,
    /// The selected range (its sheet is the active sheet); `None`: the first sheet's A1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selection: Option<RangeRef>,
    /// More than the active range (`SelectionState`), while it belongs to `selection`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selection_list: Option<SelectionState>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub menus: Vec<Menu>,
}

/// The bound spreadsheet's users, the scripted answers and the dialogs shown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ContainerUi {
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub sessions: BTreeMap<String, UserSession>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<AnswerQueue>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dialogs: Vec<Dialog>,
}

impl ContainerUi {
    pub fn is_empty(&self) -> bool {
        self.sessions.is_empty() && self.answers.is_empty() && self.dialogs.is_empty()
    }

    /// A user opens the spreadsheet: a new page, no custom menus yet.
    pub fn open(&mut self, user: &str, at_utc_ms: i64, selection: Option<RangeRef>) {
        self.sessions.insert(
            user.to_string(),
            UserSession { opened_at_utc_ms: Some(at_utc_ms), selection, selection_list: None, menus: Vec::new() },
        );
    }

    pub fn session_mut(&mut self, user: &str) -> &mut UserSession {
        self.sessions.entry(user.to_string()).or_default()
    }

    /// `Menu.addToUi()`.
    pub fn add_menu(&mut self, user: &str, menu: Menu) -> ServiceResult<()> {
        menu.check(0)?;
        let menus = &mut self.session_mut(user).menus;
        let count = menus.len();
        match menus.iter_mut().find(|m| m.caption == menu.caption && m.addon == menu.addon) {
            Some(same) => *same = menu,
            None if count >= MENUS_MAX => {
                return Err(ServiceError::new(format!("gas-sim: a page holds at most {MENUS_MAX} custom menus")))
            }
            None => menus.push(menu),
        }
        Ok(())
    }

    /// `Spreadsheet.removeMenu(name)`: the page's custom menu of that caption (not an
    /// add-on's); none is no error.
    pub fn remove_menu(&mut self, user: &str, caption: &str) {
        self.session_mut(user).menus.retain(|m| m.addon || m.caption != caption);
    }

    /// The function a click on `path` (`Reports > Send`) runs, or why nothing runs.
    pub fn find_item(&self, user: &str, path: &str) -> Result<String, String> {
        let parts: Vec<&str> = path.split('>').map(str::trim).collect();
        let menus = self.sessions.get(user).map(|s| s.menus.as_slice()).unwrap_or_default();
        let found = menus.iter().find_map(|menu| match (menu.addon, parts.as_slice()) {
            (true, ["Extensions", caption, rest @ ..]) if *caption == menu.caption => menu.find(rest),
            (false, [caption, rest @ ..]) if *caption == menu.caption => menu.find(rest),
            _ => None,
        });
        match found {
            Some(function) => Ok(function.to_string()),
            None => {
                let mut lines = Vec::new();
                for menu in menus {
                    menu.lines(if menu.addon { "Extensions" } else { "" }, &mut lines);
                }
                let shown = if lines.is_empty() { "no custom menus".to_string() } else { lines.join("; ") };
                Err(format!("{user} has no menu item {path:?} to click (the page shows {shown})"))
            }
        }
    }

    /// A dialog shown to `user` by an execution of `function`: the next scripted answer
    /// that fits, else the user closes it. An answer whose button the dialog lacks is the
    /// scenario's error, named by its key.
    pub fn answer(
        &mut self,
        user: &str,
        function: &str,
        request: DialogRequest,
        at_utc_ms: i64,
    ) -> ServiceResult<Answer> {
        let queue = self.answers.iter_mut().find(|q| {
            !q.answers.is_empty()
                && q.function.as_deref().is_none_or(|f| f == function)
                && q.user.as_deref().is_none_or(|u| u == user)
        });
        let (answer, scripted) = match queue {
            Some(queue) => {
                let answer = queue.answers.pop_front().expect("the queue has answers");
                let key = format!("{}.answers[{}]", queue.key, queue.used);
                queue.used += 1;
                if !request.buttons.allows(answer.button) {
                    let offered: Vec<&str> = request.buttons.buttons().iter().map(|b| b.name()).collect();
                    return Err(ServiceError::new(format!(
                        "gas-sim: the scenario's {key} presses {} on a dialog that offers {} (and CLOSE): {:?}",
                        answer.button.name(),
                        offered.join(", "),
                        request.prompt
                    )));
                }
                (answer, true)
            }
            None => (Answer { button: Button::Close, text: String::new() }, false),
        };
        if self.dialogs.len() >= DIALOGS_MAX {
            self.dialogs.remove(0);
        }
        self.dialogs.push(Dialog {
            at_utc_ms,
            user: user.to_string(),
            function: function.to_string(),
            kind: request.kind,
            title: request.title,
            prompt: request.prompt,
            buttons: request.buttons,
            answer: answer.clone(),
            scripted,
        });
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::{Sheet, Spreadsheet};

    fn books() -> Spreadsheets {
        let mut books = Spreadsheets::new();
        let sheets = vec![Sheet::new(0, "Orders"), Sheet::new(7, "Log")];
        books.add(Spreadsheet::with_sheets("bound", "Bound", None, sheets).unwrap()).unwrap();
        books
    }

    #[test]
    fn only_installable_triggers_count_toward_trigger_runtime() {
        use InvocationKind::*;
        for (kind, counts) in [
            (TimeTrigger, true),
            (SpreadsheetTrigger, true),
            (OnEdit, false),
            (Manual, false),
            (WebApp, false),
            (OnOpen, false),
            (OnInstall, false),
            (MenuItem, false),
        ] {
            assert_eq!(Invocation::of(kind).counts_toward_trigger_runtime(), counts, "{kind:?}");
        }
    }

    #[test]
    fn on_edit_is_a_simple_trigger_and_installable_ones_run_full() {
        let edit = Invocation::by_user(InvocationKind::OnEdit, "a@x.com");
        assert_eq!((edit.auth_mode(), edit.time_limit_ms()), ("LIMITED", Some(SIMPLE_TRIGGER_MS_MAX)));
        assert!(edit.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).is_err());
        assert!(edit.check_ui(true).is_ok());
        let installed = Invocation::by_user(InvocationKind::SpreadsheetTrigger, "a@x.com");
        assert_eq!((installed.auth_mode(), installed.time_limit_ms()), ("FULL", None));
        assert!(installed.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).is_ok());
        assert!(installed.check_ui(true).is_err());
    }

    #[test]
    fn ui_exists_only_where_a_user_has_the_spreadsheet_open() {
        for kind in [InvocationKind::TimeTrigger, InvocationKind::WebApp] {
            let err = Invocation::of(kind).check_ui(true).unwrap_err();
            assert_eq!(err.message, "Cannot call SpreadsheetApp.getUi() from this context.");
        }
        assert!(Invocation::of(InvocationKind::Manual).check_ui(false).is_err(), "standalone");
        assert!(Invocation::of(InvocationKind::Manual).check_ui(true).is_ok());
        assert!(Invocation::by_user(InvocationKind::OnOpen, "a@x.com").check_ui(true).is_ok());
        assert!(Invocation::by_user(InvocationKind::MenuItem, "a@x.com").check_ui(true).is_ok());
    }

    #[test]
    fn a_selection_lives_in_the_users_session_only_on_the_bound_spreadsheet() {
        let menu = Invocation::by_user(InvocationKind::MenuItem, "ana@x.com");
        assert_eq!(menu.session_user(Some("bound"), "bound", "me@x.com").as_deref(), Some("ana@x.com"));
        assert_eq!(menu.session_user(Some("bound"), "other", "me@x.com"), None, "opened by id");
        let manual = Invocation::of(InvocationKind::Manual);
        assert_eq!(manual.session_user(Some("bound"), "bound", "me@x.com").as_deref(), Some("me@x.com"));
        assert_eq!(manual.session_user(None, "bound", "me@x.com"), None, "standalone");
        let trigger = Invocation::of(InvocationKind::TimeTrigger);
        assert_eq!(trigger.session_user(Some("bound"), "bound", "me@x.com"), None);
    }

    #[test]
    fn simple_triggers_are_limited_and_short() {
        let open = Invocation::by_user(InvocationKind::OnOpen, "a@x.com");
        assert_eq!((open.auth_mode(), open.time_limit_ms()), ("LIMITED", Some(30_000)));
        let install = Invocation::of(InvocationKind::OnInstall);
        assert_eq!((install.auth_mode(), install.time_limit_ms()), ("FULL", Some(30_000)));
        let menu = Invocation::of(InvocationKind::MenuItem);
        assert_eq!((menu.auth_mode(), menu.time_limit_ms()), ("FULL", None));
        let err = open.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).unwrap_err();
        assert_eq!(
            err.message,
            "You do not have permission to call MailApp.sendEmail. Required permissions: https://www.googleapis.com/auth/script.send_mail"
        );
        let trigger = open.check_authorized("TriggerBuilder.create", Some(SCOPE_SCRIPT_APP)).unwrap_err();
        assert!(trigger.message.starts_with("You do not have permission to call ScriptApp.newTrigger."), "{trigger}");
        let spreadsheet_trigger = open.check_authorized("SpreadsheetTriggerBuilder.create", Some(SCOPE_SCRIPT_APP));
        assert!(spreadsheet_trigger
            .unwrap_err()
            .message
            .starts_with("You do not have permission to call ScriptApp.newTrigger."));
        assert!(open.check_authorized("Sheet.appendRow", None).is_ok());
        assert!(menu.check_authorized("MailApp.sendEmail", Some(SCOPE_SEND_MAIL)).is_ok());
    }

    #[test]
    fn the_active_range_is_the_selection_while_it_fits_else_the_first_sheets_a1() {
        let books = books();
        let first = active_range(&books, "bound", None).unwrap();
        assert_eq!((first.sheet.sheet_id, first.row, first.column, first.num_rows), (0, 1, 1, 1));
        let log = books.get_sheet_by_id("bound", 7).unwrap().unwrap();
        let picked = books.get_range(&log, 2, 3, 2, 2).unwrap();
        assert_eq!(active_range(&books, "bound", Some(&picked)).unwrap(), picked);
        let a1 = select_sheet(&books, &log).unwrap();
        assert_eq!((a1.sheet.sheet_id, a1.row, a1.column), (7, 1, 1));
        assert_eq!(current_cell(&picked), picked.cell(2, 3));
        // A selection on another spreadsheet, or outside its sheet, is not this one's.
        let mut outside = picked.clone();
        outside.row = 5000;
        assert_eq!(active_range(&books, "bound", Some(&outside)).unwrap(), first);
        let mut elsewhere = picked.clone();
        elsewhere.sheet.spreadsheet_id = "other".into();
        assert_eq!(active_range(&books, "bound", Some(&elsewhere)).unwrap(), first);
    }

    #[test]
    fn range_lists_and_the_current_cell() {
        let books = books();
        let log = books.get_sheet_by_id("bound", 7).unwrap().unwrap();
        let ab = books.get_range(&log, 1, 1, 4, 2).unwrap();
        let de = books.get_range(&log, 1, 4, 4, 2).unwrap();
        let list = select_list(vec![ab.clone(), de.clone()]).unwrap();
        assert_eq!((list.active(), &list.current), (&de, &de.cell(1, 4)), "documented: current cell D1");
        assert!(!list.is_plain());
        assert_eq!(select_list(Vec::new()).unwrap_err().message, RANGE_LIST_EMPTY);
        let first = books.active_sheet("bound").unwrap();
        let elsewhere = books.get_range(&first, 1, 1, 1, 1).unwrap();
        assert_eq!(select_list(vec![ab.clone(), elsewhere]).unwrap_err().message, RANGE_LIST_SHEETS);
        // A current cell inside a selected range makes that range active.
        let inside = with_current_cell(&list, ab.cell(3, 2)).unwrap();
        assert_eq!((inside.active(), &inside.current, inside.ranges.len()), (&ab, &ab.cell(3, 2), 2));
        let outside = with_current_cell(&list, ab.cell(9, 9)).unwrap();
        assert_eq!(outside, SelectionState::of_range(ab.cell(9, 9)));
        assert_eq!(with_current_cell(&list, ab.clone()).unwrap_err().message, CURRENT_CELL_NOT_ONE_CELL);
        // Kept only while it belongs to the active range and fits.
        assert_eq!(selection_of(&books, "bound", Some(&de), Some(&list)).unwrap(), list);
        assert_eq!(
            selection_of(&books, "bound", Some(&ab), Some(&list)).unwrap(),
            SelectionState::of_range(ab.clone())
        );
        // A state file's current cell outside the active range is not kept.
        let stray = SelectionState { ranges: vec![de.clone()], current: ab.cell(1, 1) };
        assert_eq!(selection_of(&books, "bound", Some(&de), Some(&stray)).unwrap(), SelectionState::of_range(de));
    }

    #[test]
    fn next_data_range_moves_the_edge_away_from_the_current_cell() {
        use crate::sheets::Direction;
        let mut books = books();
        let log = books.get_sheet_by_id("bound", 7).unwrap().unwrap();
        let utc = crate::time::parse_zone("UTC").unwrap();
        let column = books.get_range(&log, 1, 1, 5, 1).unwrap();
        let rows = vec![vec![crate::CellValue::Number(1.0)]; 5];
        books.set_values(&column, rows, utc).unwrap();
        let state = SelectionState::of_range(log_cell(&books, &log, 1, 1));
        let down = next_data_range(&books, &state, Direction::Down).unwrap();
        assert_eq!((down.row, down.num_rows), (1, 5), "A1 down to the end of the run A1:A5");
        // The current cell at the top of A2:A5: Up shrinks the bottom edge toward it.
        let picked = SelectionState {
            ranges: vec![books.get_range(&log, 2, 1, 4, 1).unwrap()],
            current: log_cell(&books, &log, 2, 1),
        };
        let shrunk = next_data_range(&books, &picked, Direction::Up).unwrap();
        assert_eq!((shrunk.row, shrunk.num_rows), (2, 1));
        let whole = books.get_range(&log, 1, 1, books.max_rows(&log).unwrap().into(), 1).unwrap();
        let unbounded = SelectionState::of_range(whole.clone());
        assert_eq!(next_data_range(&books, &unbounded, Direction::Down).unwrap(), whole);
    }

    fn log_cell(books: &Spreadsheets, sheet: &SheetRef, row: i64, column: i64) -> RangeRef {
        books.get_range(sheet, row, column, 1, 1).unwrap()
    }

    fn menu() -> Menu {
        Menu {
            caption: "Reports".into(),
            addon: false,
            entries: vec![
                MenuEntry::Item { caption: "Send".into(), function: "sendReport".into() },
                MenuEntry::Separator,
                MenuEntry::SubMenu(Menu {
                    caption: "More".into(),
                    addon: false,
                    entries: vec![MenuEntry::Item { caption: "Reset".into(), function: "reset".into() }],
                }),
            ],
        }
    }

    #[test]
    fn menus_are_per_user_page_and_opening_resets_them() {
        let mut ui = ContainerUi::default();
        ui.open("ana@x.com", 0, None);
        ui.add_menu("ana@x.com", menu()).unwrap();
        assert_eq!(ui.find_item("ana@x.com", "Reports > Send").as_deref(), Ok("sendReport"));
        assert_eq!(ui.find_item("ana@x.com", "Reports>More>Reset").as_deref(), Ok("reset"));
        let err = ui.find_item("bob@x.com", "Reports > Send").unwrap_err();
        assert!(err.contains("no custom menus"), "{err}");
        let err = ui.find_item("ana@x.com", "Reports > Nope").unwrap_err();
        assert!(
            err.contains("Reports > Send  -> sendReport; Reports > ---; Reports > More > Reset  -> reset"),
            "{err}"
        );
        ui.add_menu("ana@x.com", menu()).unwrap();
        assert_eq!(ui.sessions["ana@x.com"].menus.len(), 1, "the same caption replaces");
        ui.open("ana@x.com", 10, None);
        assert!(ui.find_item("ana@x.com", "Reports > Send").is_err(), "a new page");
        let addon = Menu { caption: "Tool".into(), addon: true, ..menu() };
        ui.add_menu("ana@x.com", addon).unwrap();
        assert_eq!(ui.find_item("ana@x.com", "Extensions > Tool > Send").as_deref(), Ok("sendReport"));
        let mut deep = menu();
        for _ in 0..SUBMENU_DEPTH_MAX + 1 {
            deep = Menu { caption: "x".into(), addon: false, entries: vec![MenuEntry::SubMenu(deep)] };
        }
        assert!(ui.add_menu("ana@x.com", deep).is_err());
    }

    fn ask(buttons: ButtonSet) -> DialogRequest {
        DialogRequest { kind: DialogKind::Prompt, title: None, prompt: "Name?".into(), buttons }
    }

    #[test]
    fn dialogs_take_the_next_fitting_answer_or_are_closed() {
        let mut ui = ContainerUi::default();
        ui.answers.push(AnswerQueue {
            key: "ui[0]".into(),
            function: Some("askName".into()),
            user: None,
            answers: [
                Answer { button: Button::Ok, text: "Ada".into() },
                Answer { button: Button::Yes, text: String::new() },
            ]
            .into(),
            used: 0,
        });
        let other = ui.answer("a@x.com", "other", ask(ButtonSet::Ok), 1).unwrap();
        assert_eq!((other.button, ui.dialogs[0].scripted), (Button::Close, false), "not for this function");
        let first = ui.answer("a@x.com", "askName", ask(ButtonSet::OkCancel), 2).unwrap();
        assert_eq!(first, Answer { button: Button::Ok, text: "Ada".into() });
        let err = ui.answer("a@x.com", "askName", ask(ButtonSet::OkCancel), 3).unwrap_err();
        assert!(err.message.contains("ui[0].answers[1] presses YES on a dialog that offers OK, CANCEL"), "{err}");
        assert_eq!(ui.answer("a@x.com", "askName", ask(ButtonSet::Ok), 4).unwrap().button, Button::Close, "used up");
        assert_eq!(ui.dialogs.len(), 3);
        assert!(ButtonSet::YesNo.allows(Button::Close) && !ButtonSet::Ok.allows(Button::Cancel));
        assert_eq!(Button::parse("NO"), Ok(Button::No));
        assert!(Button::parse("Ok").unwrap_err().contains("OK, CANCEL, YES, NO or CLOSE"));
        assert_eq!(ButtonSet::parse("YES_NO_CANCEL"), Some(ButtonSet::YesNoCancel));
    }
}
