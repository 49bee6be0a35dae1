//! The menus a script adds, the dialogs it shows (answered from the scenario's `[[ui]]`
//! answers) and each user's page (its menus and selection).

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use super::selection::SelectionState;
use crate::sheets::RangeRef;
use crate::{ServiceError, ServiceResult};

/// The platform's text for `getUi()` where no user interface exists (observed).
pub const UI_CONTEXT_MESSAGE: &str = "Cannot call SpreadsheetApp.getUi() from this context.";
/// `FormApp.getUi()` outside a form a user has open: the same sentence with FormApp's
/// name (assumed, as DocumentApp's in `documents::text::UI_CONTEXT`).
pub const FORM_UI_CONTEXT_MESSAGE: &str = "Cannot call FormApp.getUi() from this context.";
/// Dialogs recorded per run; past it the oldest are dropped (a report stays readable).
pub const DIALOGS_MAX: usize = 10_000;
/// Menus one session holds, and items per menu (a loop adding menus is a bug, not a UI).
pub const MENUS_MAX: usize = 50;
/// An `addMenu` entry that is neither `{name, functionName}` nor `null` (assumed text).
pub const MENU_ENTRY_INVALID: &str = "A menu entry must be {name, functionName} or null.";
pub const MENU_ITEMS_MAX: usize = 200;
/// Submenus nest at most this deep (the UI nests one level; a cycle is impossible here).
pub const SUBMENU_DEPTH_MAX: usize = 4;

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

/// What a script showed a user: a dialog a `[[ui]]` answer answers (Ui's alert and
/// prompt, Browser's msgBox and inputBox), or an HTML page (a modal or modeless dialog,
/// a sidebar) the script does not wait for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DialogKind {
    Alert,
    Prompt,
    MsgBox,
    InputBox,
    ModalDialog,
    ModelessDialog,
    Sidebar,
}

impl DialogKind {
    /// As reports name it (`alert`, `msg_box`, `modal_dialog`).
    pub fn name(self) -> &'static str {
        match self {
            DialogKind::Alert => "alert",
            DialogKind::Prompt => "prompt",
            DialogKind::MsgBox => "msg_box",
            DialogKind::InputBox => "input_box",
            DialogKind::ModalDialog => "modal_dialog",
            DialogKind::ModelessDialog => "modeless_dialog",
            DialogKind::Sidebar => "sidebar",
        }
    }

    /// Whether the user types into it (its answer's text counts).
    pub fn takes_text(self) -> bool {
        matches!(self, DialogKind::Prompt | DialogKind::InputBox)
    }
}

/// What `Browser.inputBox` and `Browser.msgBox` return for a cancelled or closed dialog
/// (documented for inputBox: "the text entered by the user (or 'cancel' for a canceled or
/// closed dialog)"; for msgBox's close button observed in users' tables).
pub const BROWSER_CANCEL: &str = "cancel";

/// `Browser.msgBox`'s result: the pressed button's name in lower case (`"ok"`, `"yes"`),
/// `"cancel"` for a closed dialog (documented: the return is a String; lower-case names
/// observed in users' tables of its results).
pub fn msg_box_result(answer: &Answer) -> String {
    match answer.button {
        Button::Close => BROWSER_CANCEL.to_string(),
        button => button.name().to_lowercase(),
    }
}

/// `Browser.inputBox`'s result: what the user typed for OK or YES, `"cancel"` for CANCEL
/// or a closed dialog (documented), `"no"` for NO (assumed: the lower-case button name,
/// as msgBox returns).
pub fn input_box_result(answer: &Answer) -> String {
    match answer.button {
        Button::Ok | Button::Yes => answer.text.clone(),
        Button::No => "no".to_string(),
        Button::Cancel | Button::Close => BROWSER_CANCEL.to_string(),
    }
}

/// The refusal of `Browser.msgBox`/`inputBox` where no user has the spreadsheet open (a
/// trigger, a web app, a standalone script). Assumed text: the form users quote for
/// Browser's dialogs in time-driven runs; not in the stored reference.
pub fn browser_context_message(method: &str) -> String {
    format!("Cannot call {method}() from this context; have you tried Logger.log() instead?")
}

/// An HTML page a script shows (`showModalDialog`, `showModelessDialog`, `showSidebar`):
/// its title (the argument, or the HtmlOutput's for a sidebar), the size it asked for,
/// and how much HTML it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageShown {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    pub content_chars: usize,
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
    /// The message (an HTML page's is "").
    #[serde(default)]
    pub prompt: String,
    /// The buttons and the answer of a dialog the script waits for; `None` for a page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buttons: Option<ButtonSet>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
    /// Whether a `[[ui]]` answer gave it (else the user closed the dialog).
    #[serde(default)]
    pub scripted: bool,
    /// An HTML page's size and length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<PageShown>,
    /// When the page's script called `google.script.host.close()` (a scenario's
    /// `[[ui]] close = true`); `None` while it is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_at_utc_ms: Option<i64>,
}

impl Dialog {
    /// An HTML page titled `title`, shown to `user` by `now_utc_ms` and not closed then.
    fn is_page_open(&self, user: &str, title: &str, now_utc_ms: i64) -> bool {
        self.page.is_some()
            && self.user == user
            && self.title.as_deref() == Some(title)
            && self.at_utc_ms <= now_utc_ms
            && self.closed_at_utc_ms.is_none_or(|closed| closed > now_utc_ms)
    }
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
        self.record(Dialog {
            at_utc_ms,
            user: user.to_string(),
            function: function.to_string(),
            kind: request.kind,
            title: request.title,
            prompt: request.prompt,
            buttons: Some(request.buttons),
            answer: Some(answer.clone()),
            scripted,
            page: None,
            closed_at_utc_ms: None,
        });
        Ok(answer)
    }

    /// An HTML page shown to `user` (a modal or modeless dialog, a sidebar): recorded for
    /// the report. The script goes on at once (documented: these methods do not suspend
    /// the script); what the page does is the user's.
    pub fn show_page(
        &mut self,
        user: &str,
        function: &str,
        kind: DialogKind,
        title: Option<String>,
        page: PageShown,
        at_utc_ms: i64,
    ) {
        debug_assert!(matches!(kind, DialogKind::ModalDialog | DialogKind::ModelessDialog | DialogKind::Sidebar));
        self.record(Dialog {
            at_utc_ms,
            user: user.to_string(),
            function: function.to_string(),
            kind,
            title,
            prompt: String::new(),
            buttons: None,
            answer: None,
            scripted: false,
            page: Some(page),
            closed_at_utc_ms: None,
        });
    }

    /// Whether `user` has a page (an HTML dialog or sidebar) titled `title` open at
    /// `now_utc_ms`: shown by then and not closed (the scenario's `[[ui]] dialog` acts on
    /// it). A page stays open until its script closes it (`google.script.host.close()`,
    /// a scenario's `close = true`).
    pub fn page_shown(&self, user: &str, title: &str, now_utc_ms: i64) -> bool {
        self.dialogs.iter().any(|d| d.is_page_open(user, title, now_utc_ms))
    }

    /// `google.script.host.close()` on `user`'s page `title` at `at_utc_ms`: the newest
    /// one open then closes. Whether one was open.
    pub fn close_page(&mut self, user: &str, title: &str, at_utc_ms: i64) -> bool {
        let open = self.dialogs.iter_mut().rev().find(|d| d.is_page_open(user, title, at_utc_ms));
        open.map(|d| d.closed_at_utc_ms = Some(at_utc_ms)).is_some()
    }

    /// The titles of the pages shown to `user`, for a message naming what was there.
    pub fn page_titles(&self, user: &str) -> Vec<String> {
        let mut titles: Vec<String> = self
            .dialogs
            .iter()
            .filter(|d| d.page.is_some() && d.user == user)
            .map(|d| d.title.clone().unwrap_or_default())
            .collect();
        titles.dedup();
        titles
    }

    fn record(&mut self, dialog: Dialog) {
        if self.dialogs.len() >= DIALOGS_MAX {
            self.dialogs.remove(0);
        }
        self.dialogs.push(dialog);
        debug_assert!(self.dialogs.len() <= DIALOGS_MAX);
    }
}
