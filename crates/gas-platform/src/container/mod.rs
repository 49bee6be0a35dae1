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
//! | a dialog with no scripted answer left | the user closes it: `Button.CLOSE`, response text "" | assumed |//!
//! The parts: `invocation` (who started an execution, its authorization mode and the
//! scopes a simple trigger may not use), `selection` (the active sheet, range, range list
//! and current cell), `ui` (menus, dialogs and the users' sessions).

mod invocation;
mod selection;
mod ui;

pub use invocation::*;
pub use selection::*;
pub use ui::*;

#[cfg(test)]
mod tests;
