//! The scenario file, as written (TOML). Every field a user can get wrong keeps its
//! place in the file (`Spanned`), so an error names file, line and key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

/// A scenario file larger than this is refused (a guard against feeding it a log file).
const SCENARIO_BYTES_MAX: u64 = 4 * 1024 * 1024;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub project: Spanned<String>,
    pub time_zones: Option<Vec<Spanned<String>>>,
    pub start: Spanned<String>,
    pub end: Spanned<String>,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub latency: Option<Spanned<LatencySetting>>,
    /// Loop iterations one function call may run (all its loops together) before the
    /// execution counts as a runaway and is killed. Default: `Limits::default()`.
    #[serde(default)]
    pub loop_iterations_max: Option<Spanned<i64>>,
    /// A scenario longer than this many days gets a warning (a typo in a year makes a
    /// run of centuries); raise it for a long scenario on purpose. Default 400.
    #[serde(default)]
    pub length_days_warning: Option<Spanned<i64>>,
    /// Steps of engine work one execution may do (instructions, property accesses,
    /// regex steps, promise jobs) before it is killed as the platform kills at 6
    /// minutes. Default: `Limits::default()` (`gas_engine::STEPS_MAX_DEFAULT`).
    #[serde(default)]
    pub steps_max: Option<Spanned<i64>>,
    /// Heap one execution may hold before it is killed, in bytes. Default:
    /// `gas_engine::HEAP_BYTES_MAX_DEFAULT` (1 GiB).
    #[serde(default)]
    pub heap_bytes_max: Option<Spanned<i64>>,
    /// Fail the run (exit 1) when any execution called something gas-sim does not
    /// implement, even if the script caught the error (`--strict` does the same).
    #[serde(default)]
    pub strict: Option<Spanned<bool>>,
    #[serde(default)]
    pub account: AccountSection,
    #[serde(default)]
    pub script_properties: BTreeMap<String, String>,
    #[serde(default)]
    pub user_properties: BTreeMap<String, String>,
    #[serde(default)]
    pub spreadsheets: Vec<SpreadsheetSection>,
    #[serde(default)]
    pub triggers: Vec<TriggerSection>,
    #[serde(default)]
    pub http: Vec<HttpSection>,
    #[serde(default)]
    pub runs: Vec<RunSection>,
    #[serde(default)]
    pub requests: Vec<RequestSection>,
    #[serde(default)]
    pub faults: Vec<FaultSection>,
    #[serde(default)]
    pub evictions: Vec<EvictionSection>,
    #[serde(default)]
    pub cache: CacheSection,
    #[serde(default)]
    pub expect: Vec<ExpectSection>,
    /// A user opens the bound spreadsheet (the simple trigger onOpen runs), or a
    /// document or form (their open triggers run).
    #[serde(default)]
    pub opens: Vec<OpenSection>,
    /// A user installs the add-on: the simple trigger onInstall runs.
    #[serde(default)]
    pub installs: Vec<OpenSection>,
    /// A user clicks a custom menu item (or runs a bound function from one).
    #[serde(default)]
    pub clicks: Vec<ClickSection>,
    /// Answers to `Ui.alert` / `Ui.prompt` dialogs, in order.
    #[serde(default)]
    pub ui: Vec<UiSection>,
    /// A user types into a cell: onEdit and the edit/change triggers run.
    #[serde(default)]
    pub edits: Vec<EditSection>,
    /// A Google Form's response lands in its sheet: the form-submit triggers run.
    #[serde(default)]
    pub form_submissions: Vec<FormSubmissionSection>,
    /// Google Forms as their owner built them (`crate::forms`).
    #[serde(default)]
    pub forms: Vec<crate::forms::FormSection>,
    /// Mail arriving in GmailApp's mailbox (`crate::inbox`).
    #[serde(default)]
    pub inbox: Vec<InboxSection>,
    /// Google Docs documents before the first execution (`crate::documents`).
    #[serde(default)]
    pub documents: Vec<crate::documents::DocumentSection>,
    /// Calendars and their events before the first execution (`crate::calendars`).
    #[serde(default)]
    pub calendars: Vec<crate::calendars::CalendarSection>,
    /// Someone else changes a calendar's events: its onEventUpdated triggers run
    /// (`crate::calendar_changes`).
    #[serde(default)]
    pub calendar_changes: Vec<crate::calendar_changes::CalendarChangeSection>,
    /// Web-app clients with retry policies (`crate::clients`).
    #[serde(default)]
    pub clients: Vec<crate::clients::ClientSection>,
    /// Messages those clients send (`crate::clients`).
    #[serde(default)]
    pub submissions: Vec<crate::clients::SubmissionSection>,
    /// The platform's limit on simultaneous executions per user. Default 30 (documented).
    #[serde(default)]
    pub simultaneous_executions_max: Option<Spanned<i64>>,
    /// Schedules to explore per zone in `run`, `test` and `mutate` (`crate::explore`).
    #[serde(default)]
    pub explore: Option<Spanned<i64>>,
    /// `"pct"` (default) or `"exhaustive"` (every set of at most
    /// `explore_preemptions_max` preemptions, for small scenarios).
    #[serde(default)]
    pub explore_mode: Option<Spanned<String>>,
    /// PCT's depth d: d - 1 priority change points per schedule. Default 3.
    #[serde(default)]
    pub explore_depth: Option<Spanned<i64>>,
    /// The exhaustive mode's bound on preemptions per schedule. Default 2.
    #[serde(default)]
    pub explore_preemptions_max: Option<Spanned<i64>>,
    /// How much an explored schedule may stretch or shorten each call's latency: `"±30%"`.
    #[serde(default)]
    pub latency_jitter: Option<Spanned<String>>,
    /// How late in its window an explored schedule may fire a trigger: `"20s"`.
    #[serde(default)]
    pub firing_jitter: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenSection {
    pub at: Spanned<String>,
    /// Default: the account's email.
    pub user: Option<String>,
    /// What the user has selected (`Orders!B2:C4`); default: the first sheet's A1.
    pub selection: Option<Spanned<String>>,
    /// A document of `[[documents]]` (its id) the user opens instead of the bound
    /// spreadsheet: its installable open triggers run (`[[opens]]` only).
    pub document: Option<Spanned<String>>,
    /// Or a form of `[[forms]]` (id or title) the user opens in the editor.
    pub form: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClickSection {
    pub at: Spanned<String>,
    pub user: Option<String>,
    /// The menu path as the user sees it: `Reports > Send`.
    pub item: Option<Spanned<String>>,
    /// Or the function a menu item runs, without checking a menu has it.
    pub function: Option<Spanned<String>>,
    pub selection: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditSection {
    pub at: Spanned<String>,
    /// One cell with its sheet: `Orders!C5`.
    pub range: Spanned<String>,
    /// What the user types (a number or boolean is typed as its text).
    pub value: Spanned<toml::Value>,
    /// Default: the account's email.
    pub user: Option<String>,
    /// Default: the bound spreadsheet.
    pub spreadsheet: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormSubmissionSection {
    pub at: Spanned<String>,
    /// Question title = answer, in the form's order (the header row's).
    pub values: Option<Spanned<toml::value::Table>>,
    /// A form of `[[forms]]` (its id or title): the response goes through the form
    /// (`crate::forms`) instead of straight into a sheet.
    pub form: Option<Spanned<String>>,
    /// Question title = answer (a list for checkboxes and grids), for a `form`.
    pub answers: Option<Spanned<toml::value::Table>>,
    /// The respondent's address, for a `form` (default: none).
    pub email: Option<String>,
    /// `form` is one the script creates (`FormApp.create`), not one of `[[forms]]`: found
    /// by its id or title when the response comes, and the answers checked then.
    #[serde(default)]
    pub made_by_script: bool,
    /// This many responses to a `form`, `every` apart, `{n}` in `email` and the answers
    /// numbering them from 1.
    pub repeat: Option<Spanned<i64>>,
    pub every: Option<Spanned<String>>,
    /// Default: the bound spreadsheet.
    pub spreadsheet: Option<Spanned<String>>,
    /// Default: "Form Responses 1".
    pub sheet: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UiSection {
    /// Only dialogs shown by executions of this function (default: any).
    pub function: Option<Spanned<String>>,
    /// Only dialogs shown to this user (default: any); with `dialog`, the user at the
    /// page (default: the account's).
    pub user: Option<String>,
    #[serde(default)]
    pub answers: Vec<AnswerSection>,
    /// The title of an HTML dialog or sidebar the script showed: at `at` the user's page
    /// makes `calls` through `google.script.run` (instead of `answers`).
    pub dialog: Option<Spanned<String>>,
    pub at: Option<Spanned<String>>,
    #[serde(default)]
    pub calls: Vec<PageCallSection>,
    /// The page's script closes it at `at`, once it has made `calls`
    /// (`google.script.host.close()`): the calls still run; a later entry finds it closed.
    #[serde(default)]
    pub close: bool,
}

/// One `google.script.run` call a page makes: the server function and its arguments.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageCallSection {
    pub function: Spanned<String>,
    #[serde(default)]
    pub args: Vec<Spanned<toml::Value>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerSection {
    /// OK, CANCEL, YES, NO or CLOSE.
    pub button: Spanned<String>,
    /// What the user types into a prompt.
    #[serde(default)]
    pub text: String,
}

/// `latency = "default"`, `"none"`, or a table of per-method overrides in ms.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged, expecting = "expected \"default\", \"none\" or a table of Service.method = ms")]
pub enum LatencySetting {
    Mode(String),
    Overrides(BTreeMap<String, i64>),
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccountSection {
    #[serde(rename = "type")]
    pub account_type: Option<Spanned<String>>,
    pub mail_quota_reset: Option<Spanned<String>>,
    pub email: Option<String>,
    /// `GmailApp.getAliases()`: addresses the account may send as (the `from` option).
    pub aliases: Option<Spanned<Vec<String>>>,
    /// `Session.getActiveUserLocale()` (`en` when unset).
    pub locale: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpreadsheetSection {
    pub id: String,
    pub name: Option<String>,
    pub time_zone: Option<Spanned<String>>,
    /// Sheet name -> contents, in file order.
    #[serde(default)]
    pub sheets: toml::Table,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetSection {
    #[serde(default)]
    pub rows: Vec<Vec<toml::Value>>,
    pub csv: Option<String>,
}

/// A trigger's `hour` (0-23) and `minute` (0-59): a wrong value's error names that range
/// (`hour = "8am"`: "expected an hour from 0 to 23"), not the range of a Rust `u32`.
fn hour_of_day<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    d.deserialize_any(UpTo { min: 0, max: 23, what: "an hour" }).map(Some)
}

fn day_of_month<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    use gas_platform::triggers::{MONTH_DAY_MAX, MONTH_DAY_MIN};
    d.deserialize_any(UpTo { min: MONTH_DAY_MIN, max: MONTH_DAY_MAX, what: "a day of the month" }).map(Some)
}

fn minute_of_hour<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    d.deserialize_any(UpTo { min: 0, max: 59, what: "a minute" }).map(Some)
}

struct UpTo {
    min: u32,
    max: u32,
    what: &'static str,
}

impl serde::de::Visitor<'_> for UpTo {
    type Value = u32;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} from {} to {} (a whole number)", self.what, self.min, self.max)
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u32, E> {
        match u32::try_from(v) {
            Ok(n) if (self.min..=self.max).contains(&n) => Ok(n),
            _ => Err(E::invalid_value(serde::de::Unexpected::Signed(v), &self)),
        }
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u32, E> {
        match u32::try_from(v) {
            Ok(n) if (self.min..=self.max).contains(&n) => Ok(n),
            _ => Err(E::invalid_value(serde::de::Unexpected::Unsigned(v), &self)),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerSection {
    pub function: Spanned<String>,
    /// `1m 5m 10m 15m 30m`, `Nh`, `Nd`, `Nw`, or `month` (with `day`).
    pub every: Option<Spanned<String>>,
    /// Once, at this time.
    pub at: Option<Spanned<String>>,
    #[serde(default, deserialize_with = "minute_of_hour")]
    pub minute: Option<u32>,
    #[serde(default, deserialize_with = "hour_of_day")]
    pub hour: Option<u32>,
    /// For weekly triggers: `monday` .. `sunday`.
    pub weekday: Option<Spanned<String>>,
    /// For monthly triggers: the day of the month, 1 to 31 (a month without it is skipped).
    #[serde(default, deserialize_with = "day_of_month")]
    pub day: Option<u32>,
    pub from: Option<Spanned<String>>,
    pub until: Option<Spanned<String>>,
    /// A spreadsheet trigger instead of a clock: `open`, `edit`, `change`, `form_submit`.
    pub on: Option<Spanned<String>>,
    /// The spreadsheet an `on` trigger watches (default: the bound one).
    pub spreadsheet: Option<Spanned<String>>,
    /// Or the form of `[[forms]]` (id or title) an `on = "form_submit"` or `"open"` trigger
    /// watches.
    pub form: Option<Spanned<String>>,
    /// Or the document of `[[documents]]` (its id) an `on = "open"` trigger watches.
    pub document: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpSection {
    pub url: String,
    pub method: Option<String>,
    #[serde(default = "status_ok")]
    pub status: Spanned<u16>,
    #[serde(default)]
    pub body: String,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
}

fn status_ok() -> Spanned<u16> {
    Spanned::new(0..0, 200)
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSection {
    pub at: Spanned<String>,
    pub function: Spanned<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestSection {
    pub at: Spanned<String>,
    /// GET, or POST when a body is given (`body`, `json` or `form`).
    #[serde(default = "method_unwritten")]
    pub method: Spanned<String>,
    /// A raw body, sent with `content_type` (default `text/plain`, as `fetch()` sends a string).
    #[serde(default)]
    pub body: Option<Spanned<String>>,
    #[serde(default)]
    pub content_type: Option<Spanned<String>>,
    /// A JSON body (`application/json`): any TOML value.
    #[serde(default)]
    pub json: Option<Spanned<toml::Value>>,
    /// A form body (`application/x-www-form-urlencoded`): a table of strings (or lists of
    /// them, for a name given several times).
    #[serde(default)]
    pub form: Option<Spanned<toml::Value>>,
    /// The query string: as written (`"a=1&b=x%20y"`) or a table to encode.
    #[serde(default)]
    pub query: Option<Spanned<toml::Value>>,
    /// The older spelling of a query table (one value per name).
    #[serde(default)]
    pub parameters: BTreeMap<String, String>,
    /// The path after `/exec/` (`e.pathInfo`).
    #[serde(default)]
    pub path: String,
    /// `delivered` (default) or `lost`: the script ran, the client got no answer.
    pub response: Option<Spanned<String>>,
    /// This many requests at `at` (a burst), `{n}` in strings numbering them from 1.
    pub repeat: Option<Spanned<i64>>,
    /// The `User-Agent` header (`HtmlService.getUserAgent()` in doGet and doPost); default
    /// `gas_platform::webapp::event::DEFAULT_USER_AGENT`, `""` for a request without one.
    pub user_agent: Option<Spanned<String>>,
}

fn method_unwritten() -> Spanned<String> {
    Spanned::new(0..0, String::new())
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaultSection {
    pub call: Spanned<String>,
    pub from: Option<Spanned<String>>,
    pub until: Option<Spanned<String>>,
    #[serde(default)]
    pub nth: Vec<u32>,
    pub function: Option<Spanned<String>>,
    pub probability: Option<f64>,
    #[serde(default)]
    pub args: BTreeMap<String, String>,
    pub throw: Option<String>,
    pub throw_after: Option<String>,
    pub kill: Option<Spanned<String>>,
    pub delay: Option<Spanned<String>>,
    pub respond: Option<RespondSection>,
    /// With `call = "doPost"` or `"doGet"`: the delivery outcome picked attempts get
    /// (`crate::clients`).
    pub outcome: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RespondSection {
    pub status: Spanned<u16>,
    #[serde(default)]
    pub body: String,
}

/// A cache eviction at a given time (`keys` is a glob).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvictionSection {
    pub at: Spanned<String>,
    #[serde(default = "all_keys")]
    pub keys: String,
    #[serde(default = "script_cache")]
    pub cache: Spanned<String>,
}

fn all_keys() -> String {
    "*".into()
}

fn script_cache() -> Spanned<String> {
    Spanned::new(0..0, "script".to_string())
}

/// Seeded early eviction: before each execution, each live entry is dropped with this
/// probability ("may be removed before this time", documented).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CacheSection {
    pub early_eviction_probability: Option<f64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectSection {
    pub mail: Option<MailFilter>,
    /// A local day (`2025-06-14`): mail sent, executions started, ... on that day.
    pub on: Option<Spanned<String>>,
    pub count: Option<u64>,
    pub at_least: Option<u64>,
    pub at_most: Option<u64>,
    pub sheet: Option<Spanned<String>>,
    pub rows: Option<u64>,
    pub cell: Option<Spanned<String>>,
    pub equals: Option<toml::Value>,
    pub property: Option<String>,
    pub executions: Option<ExecutionFilter>,
    /// Submissions by client and conclusion (`crate::clients`).
    pub submission: Option<crate::clients::SubmissionFilter>,
    /// Responses the clients got, by status and body (`crate::clients`).
    pub response: Option<crate::clients::ResponseFilter>,
    /// Only in these zones (default: all).
    pub zones: Option<Vec<Spanned<String>>>,
    /// `"every"` (default): holds in every explored schedule; `"some"`: in at least one.
    #[serde(rename = "in")]
    pub in_schedules: Option<Spanned<String>>,
    /// Only what happened at or after this time (local, as `start`): mail sent,
    /// executions started, lines logged, requests made, submissions made (their first
    /// attempt), responses (when their request was sent).
    pub from: Option<Spanned<String>>,
    /// Only what happened before this time (local, as `end`).
    pub until: Option<Spanned<String>>,
    /// `never = true`: shorthand for `count = 0`.
    pub never: Option<Spanned<bool>>,
    /// With `sheet`: the number of distinct values in this column (`"B"`), blanks excluded.
    pub distinct: Option<Spanned<String>>,
    /// With `sheet`: how many values occur more than once in this column, blanks excluded.
    pub duplicates: Option<Spanned<String>>,
    /// Lines the script logged, by level, text and function (`crate::expect_kinds`).
    pub logs: Option<LogFilter>,
    /// Calendar events at the end, by calendar and title (`crate::expect_kinds`).
    pub events: Option<EventFilter>,
    /// Drive files and folders at the end, by name, path, type and trash
    /// (`crate::expect_kinds`).
    pub drive: Option<DriveFilter>,
    /// Plain `[[requests]]` by method, function and what the platform answered.
    pub requests: Option<RequestFilter>,
    /// With `cell`: the text Sheets shows (its number format applied: `"$1,234.50"`),
    /// where `equals` compares the unformatted value's text.
    pub display: Option<toml::Value>,
    /// With `cell`: the cell's note (`getNote()`, "" when it has none).
    pub note: Option<String>,
    /// With `cell`: format properties and their getters' values (`{ bold = true,
    /// font_color = "#ff0000", background = "#ffff00" }`, `crate::expect_cell`).
    pub format: Option<toml::Table>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogFilter {
    /// `debug`, `info`, `warning` or `error`: lines of exactly this level.
    pub level: Option<Spanned<String>>,
    /// A substring, or `/a regex/`.
    pub text: Option<String>,
    pub function: Option<Spanned<String>>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventFilter {
    /// The calendar's id or name: a substring, or `/a regex/`.
    pub calendar: Option<String>,
    /// The event's title: a substring, or `/a regex/`.
    pub title: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DriveFilter {
    /// The item's name: a substring, or `/a regex/`.
    pub name: Option<String>,
    /// Its folder path from the root (`My Drive/invoices/a.pdf`): a substring, or `/a regex/`.
    pub path: Option<String>,
    /// Its MIME type (`application/pdf`): a substring, or `/a regex/`.
    #[serde(rename = "type")]
    pub mime_type: Option<String>,
    /// `true`: only items in the trash; `false` (the default): only items outside it.
    pub trashed: Option<bool>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequestFilter {
    /// `GET` or `POST`.
    pub method: Option<Spanned<String>>,
    /// `doGet` or `doPost` (or what `[[requests]]` named).
    pub function: Option<Spanned<String>>,
    /// The HTTP status the client got.
    pub status: Option<u16>,
    /// The response body: a substring, or `/a regex/`.
    pub body: Option<String>,
    /// The response's content type: a substring, or `/a regex/`.
    pub content_type: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailFilter {
    pub to: Option<String>,
    pub subject: Option<String>,
    pub body: Option<String>,
    /// The HTML body (`htmlBody`): a substring or `/a regex/`.
    pub html: Option<String>,
    /// An attachment's file name: a substring or `/a regex/`.
    pub attachment: Option<String>,
    /// An attachment's content type (`application/pdf`): a substring or `/a regex/`.
    pub attachment_type: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExecutionFilter {
    pub function: Option<Spanned<String>>,
    pub outcome: Option<String>,
    /// The error of a failed or killed execution: a substring, or `/a regex/`.
    pub error: Option<String>,
    /// Started in this local hour (0-23), in the zone of the run.
    pub local_hour: Option<Spanned<i64>>,
    /// Started on this local weekday (`monday` .. `sunday`).
    pub weekday: Option<Spanned<String>>,
}

/// One `[[inbox]]` entry: an incoming message (`at`, `from`, `subject`, `body` or
/// `html`, optional `to` (default: the account), `cc`, `labels`, `unread` (default
/// true), `spam`, `important`, `thread` (a name that puts follow-ups into one thread),
/// `attachments` and `headers`); a
/// draft (`draft = true`: `to`, `cc`, `subject`, `body` or `html`, `attachments`, in the
/// mailbox from the start); or, with only `labels`, user labels that no message carries
/// yet (`crate::inbox`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InboxSection {
    pub at: Option<Spanned<String>>,
    pub from: Option<Spanned<String>>,
    pub to: Option<String>,
    pub cc: Option<String>,
    pub subject: Option<String>,
    pub body: Option<String>,
    pub html: Option<String>,
    #[serde(default)]
    pub labels: Vec<Spanned<String>>,
    pub unread: Option<Spanned<bool>>,
    /// Arrives in Spam rather than the inbox.
    pub spam: Option<Spanned<bool>>,
    /// Marked important (`is:important`).
    pub important: Option<Spanned<bool>>,
    pub thread: Option<Spanned<String>>,
    pub draft: Option<Spanned<bool>>,
    #[serde(default)]
    pub attachments: Vec<Spanned<InboxAttachment>>,
    /// Headers besides those of the other keys (`GmailMessage.getHeader`).
    pub headers: Option<Spanned<BTreeMap<String, String>>>,
}

/// An attachment of an `[[inbox]]` message or draft: its file name, its type (default
/// `text/plain`) and its content as text.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InboxAttachment {
    pub name: String,
    pub content_type: Option<String>,
    #[serde(default)]
    pub text: String,
}

/// An error in a scenario: always names the file, and the line and key when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError(pub String);

impl std::fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScenarioError {}

/// A loaded scenario file with what is needed to point at its lines.
#[derive(Debug, Clone)]
pub struct LoadedScenario {
    pub path: PathBuf,
    pub text: String,
    pub file: ScenarioFile,
    /// Which files the scenario may name (`crate::paths`).
    pub paths: crate::paths::PathPolicy,
    /// The line of each `[[name]]` header, by name, in file order: every expectation,
    /// fault and request is placed by one (`place`), and scanning the text for each was
    /// a third of a small scenario's load.
    array_table_lines: std::collections::BTreeMap<String, Vec<usize>>,
}

impl LoadedScenario {
    pub fn load(path: &Path) -> Result<LoadedScenario, ScenarioError> {
        // Regular files only, through a cap (a FIFO named as a scenario blocked for ever).
        let text = gas_engine::files::read_text(path, SCENARIO_BYTES_MAX).map_err(ScenarioError)?;
        LoadedScenario::parse(path, text)
    }

    pub fn parse(path: &Path, text: String) -> Result<LoadedScenario, ScenarioError> {
        let file: ScenarioFile = toml::from_str(&text).map_err(|e| {
            let line = e.span().map(|span| line_of(&text, span.start));
            let mut message = gas_platform::error::plain_serde_message(e.message(), "a table");
            // An unquoted time is a TOML datetime, which serde sees as a map.
            let value = e.span().map(|span| text.get(span).unwrap_or_default().trim()).unwrap_or_default();
            let date_like =
                value.len() >= 10 && value.as_bytes()[4] == b'-' && value[..4].bytes().all(|b| b.is_ascii_digit());
            if date_like && message.contains("expected a string") {
                message.push_str(" (write times in quotes: \"2025-06-13T09:00\")");
            }
            let key = e.span().and_then(|span| key_at(&text, span.start)).map(|k| format!("{k}: ")).unwrap_or_default();
            match line {
                Some(line) => ScenarioError(format!("{}:{line}: {key}{message}", path.display())),
                None => ScenarioError(format!("{}: {key}{message}", path.display())),
            }
        })?;
        let paths = crate::paths::PathPolicy::new(path, Vec::new());
        let array_table_lines = array_table_lines(&text);
        Ok(LoadedScenario { path: path.to_path_buf(), text, file, paths, array_table_lines })
    }

    /// `file:line: key: message` for a value at `span`.
    pub fn error_at<T>(&self, value: &Spanned<T>, key: &str, message: impl std::fmt::Display) -> ScenarioError {
        let span = value.span();
        if span.start == 0 && span.end == 0 {
            return ScenarioError(format!("{}: {key}: {message}", self.path.display()));
        }
        ScenarioError(format!("{}:{}: {key}: {message}", self.path.display(), line_of(&self.text, span.start)))
    }

    /// `file:line: key: message`, the line found from the key path (`expect[2].cell`,
    /// `cache.early_eviction_probability`); without the line when the scan cannot tell.
    pub fn error(&self, key: &str, message: impl std::fmt::Display) -> ScenarioError {
        match line_of_key(&self.text, key) {
            Some(line) => ScenarioError(format!("{}:{line}: {key}: {message}", self.path.display())),
            None => ScenarioError(format!("{}: {key}: {message}", self.path.display())),
        }
    }

    /// `file:line` of a key path (`faults[1]`), or the file alone when the scan cannot
    /// tell the line.
    pub fn place(&self, key: &str) -> String {
        match self.line_of_key(key) {
            Some(line) => format!("{}:{line}", self.path.display()),
            None => self.path.display().to_string(),
        }
    }

    /// The 1-based line of a key path (`expect[2]`), when the scan can tell.
    pub fn line_of_key(&self, key: &str) -> Option<usize> {
        // `expect[2]` alone is the third `[[expect]]` header, as `line_of_key` finds it.
        let array_table = key.strip_suffix(']').and_then(|k| k.split_once('['));
        if let Some((name, index)) = array_table.filter(|(name, _)| !name.contains(['.', '['])) {
            if let Ok(index) = index.parse::<usize>() {
                return self.array_table_lines.get(name).and_then(|lines| lines.get(index)).copied();
            }
        }
        line_of_key(&self.text, key)
    }

    /// The project folder, relative to the scenario file.
    pub fn project_dir(&self) -> PathBuf {
        let base = self.path.parent().unwrap_or(Path::new("."));
        base.join(self.file.project.get_ref())
    }
}

/// The key a value at `offset` belongs to, as errors name keys (`faults[1].call`,
/// `cache.early_eviction_probability`, `seed`): the `key =` before it on its line, under
/// the last table header above (an array table counted to its index). A scan, not a
/// parse: `None` when the line has no `key =` before the value.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let key = before.split_once('=')?.0.trim().trim_matches('"');
    if key.is_empty() || before.trim_start().starts_with('#') {
        return None;
    }
    let mut header: Option<String> = None;
    let mut counts: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for line in text[..line_start].lines().map(str::trim) {
        if let Some(name) = line.strip_prefix("[[").and_then(|l| l.split_once("]]")).map(|(n, _)| n.trim()) {
            let index = counts.entry(name).or_insert(0);
            header = Some(format!("{name}[{index}]"));
            *index += 1;
        } else if let Some(name) = line.strip_prefix('[').and_then(|l| l.split_once(']')).map(|(n, _)| n.trim()) {
            header = Some(name.to_string());
        }
    }
    Some(match header {
        Some(header) => format!("{header}.{key}"),
        None => key.to_string(),
    })
}

/// The 1-based line a key path is written on: `expect[2]` is the third `[[expect]]`
/// header, `expect[2].mail.to` the line in that section whose key starts with `mail`
/// (else the header), `seed` a top-level `seed =`. A scan, not a parse, like `key_at`:
/// `None` when no line matches (a table written inline elsewhere).
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    // Split `expect[2].mail.to` into the table (`expect`, 2) and the first field (`mail`).
    let mut parts = key.splitn(2, '.');
    let first = parts.next()?;
    let rest = parts.next();
    let (table, index, field) = match first.split_once('[') {
        Some((name, index)) => (Some(name), index.trim_end_matches(']').parse::<usize>().ok(), rest),
        None => match rest {
            // `cache.early_eviction_probability`: a `[cache]` table when there is one.
            Some(field) if text.lines().any(|l| l.trim().trim_start_matches('[').trim_end_matches(']') == first) => {
                (Some(first), None, Some(field))
            }
            _ => (None, None, Some(key)),
        },
    };
    let field = field.map(|f| f.split(['.', '[']).next().unwrap_or(f));
    let mut current: Option<(String, Option<usize>)> = None;
    let mut counts: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let mut header_line = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(name) = line.strip_prefix("[[").and_then(|l| l.split_once("]]")).map(|(n, _)| n.trim()) {
            let count = counts.entry(name.to_string()).or_insert(0);
            current = Some((name.to_string(), Some(*count)));
            *count += 1;
        } else if let Some(name) = line.strip_prefix('[').and_then(|l| l.split_once(']')).map(|(n, _)| n.trim()) {
            current = Some((name.to_string(), None));
        } else {
            let in_section = match (&current, table) {
                (None, None) => true,
                (Some((name, at)), Some(table)) => name == table && *at == index,
                _ => false,
            };
            let written = line.split_once('=').map(|(k, _)| k.trim().trim_matches('"'));
            let written_first = written.map(|k| k.split('.').next().unwrap_or(k).trim().trim_matches('"'));
            if in_section && field.is_some() && written_first == field && !line.starts_with('#') {
                return Some(i + 1);
            }
            continue;
        }
        if let (Some((name, at)), Some(table)) = (&current, table) {
            if name == table && *at == index && header_line.is_none() {
                header_line = Some(i + 1);
            }
        }
    }
    header_line
}

/// The 1-based line of each `[[name]]` header, by name, read as `line_of_key` reads them.
fn array_table_lines(text: &str) -> std::collections::BTreeMap<String, Vec<usize>> {
    let mut lines: std::collections::BTreeMap<String, Vec<usize>> = std::collections::BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = line.trim().strip_prefix("[[").and_then(|l| l.split_once("]]")).map(|(n, _)| n.trim()) {
            lines.entry(name.to_string()).or_default().push(i + 1);
        }
    }
    lines
}

/// 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].bytes().filter(|b| *b == b'\n').count() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_errors_name_file_line_and_key() {
        let text = "name = \"x\"\nproject = \"p\"\nstart = \"2025-06-12T12:00\"\nend = \"2025-06-13T12:00\"\n[[tirggers]]\nfunction = \"f\"\n";
        let err = LoadedScenario::parse(Path::new("s.toml"), text.into()).unwrap_err();
        assert!(err.0.starts_with("s.toml:5: unknown field `tirggers`"), "{err}");
        let err = LoadedScenario::parse(Path::new("s.toml"), "name = \nx".into()).unwrap_err();
        assert!(err.0.starts_with("s.toml:1:"), "{err}");
    }

    /// Serde's messages name Rust types (`untagged enum LatencySetting`, `u32`); the
    /// scenario's reader sees what to write instead.
    #[test]
    fn type_errors_speak_scenario_not_rust() {
        let head = "name = \"x\"\nproject = \"p\"\nstart = \"2025-06-12T12:00\"\nend = \"2025-06-13T12:00\"\n";
        let cases = [
            ("latency = 5\n", "s.toml:5: latency: expected \"default\", \"none\" or a table of Service.method = ms"),
            ("[[triggers]]\nfunction = \"f\"\nevery = \"1h\"\nminute = -1\n", "a minute from 0 to 59"),
            ("[[triggers]]\nfunction = \"f\"\nevery = \"1d\"\nhour = \"8am\"\n", "expected an hour from 0 to 23"),
            ("[[triggers]]\nfunction = \"f\"\nevery = \"1d\"\nhour = 24\n", "expected an hour from 0 to 23"),
            ("[[http]]\nurl = \"*\"\nstatus = 70000\n", "a whole number from 0 to 65535"),
            ("time_zones = \"UTC\"\n", "expected a list"),
            ("account = 3\n", "expected a table"),
            ("seed = -1\n", "a whole number from 0 to 18446744073709551615"),
        ];
        for (tail, want) in cases {
            let err = LoadedScenario::parse(Path::new("s.toml"), format!("{head}{tail}")).unwrap_err();
            assert!(err.0.contains(want), "{tail}: {err}");
            for rust in ["u16", "u32", "u64", "struct", "enum", "sequence", "LatencySetting", "Section"] {
                assert!(!err.0.contains(rust), "{tail}: {err}");
            }
        }
        for unquoted in ["2025-06-12T12:00", "2025-06-12T12:00:00"] {
            let err =
                LoadedScenario::parse(Path::new("s.toml"), head.replace("\"2025-06-12T12:00\"", unquoted)).unwrap_err();
            assert!(err.0.starts_with("s.toml:3:") && err.0.contains("write times in quotes"), "{err}");
        }
    }

    #[test]
    fn type_errors_name_the_key() {
        let head = "name = \"x\"\nproject = \"p\"\nstart = \"2025-06-12T12:00\"\nend = \"2025-06-13T12:00\"\n";
        let cases = [
            ("seed = \"seven\"\n", "s.toml:5: seed: invalid type"),
            (
                "[[faults]]\ncall = \"Cache.get\"\nthrow = \"x\"\n[[faults]]\ncall = 5\n",
                "s.toml:9: faults[1].call: invalid type: integer `5`",
            ),
            (
                "[cache]\nearly_eviction_probability = \"x\"\n",
                "s.toml:6: cache.early_eviction_probability: invalid type",
            ),
            (
                "[[triggers]]\nfunction = \"f\"\nevery = \"1h\"\nminute = -1\n",
                "s.toml:8: triggers[0].minute: invalid value",
            ),
        ];
        for (tail, want) in cases {
            let err = LoadedScenario::parse(Path::new("s.toml"), format!("{head}{tail}")).unwrap_err();
            assert!(err.0.starts_with(want), "{tail}: {err}");
        }
    }

    #[test]
    fn errors_by_key_find_their_line() {
        let text = "name = \"x\"\nseed = 3\n[cache]\nearly_eviction_probability = 2\n[[expect]]\nproperty = \"a\"\n\
                    [[expect]]\nzones = [\"UTC\"]\nmail = { to = \"a\" }\nat_least = 1\n";
        assert_eq!(line_of_key(text, "seed"), Some(2));
        assert_eq!(line_of_key(text, "cache.early_eviction_probability"), Some(4));
        assert_eq!(line_of_key(text, "expect[0]"), Some(5));
        assert_eq!(line_of_key(text, "expect[1]"), Some(7));
        assert_eq!(line_of_key(text, "expect[1].mail.to"), Some(9));
        assert_eq!(line_of_key(text, "expect[1].count"), Some(7), "not written: the section's header");
        assert_eq!(line_of_key(text, "expect[2]"), None);
        assert_eq!(line_of_key(text, "time_zones"), None);
    }

    #[test]
    fn an_array_table_is_placed_from_the_index_as_the_scan_places_it() {
        let head = "name = \"x\"\nproject = \"p\"\nstart = \"2025-06-12T12:00\"\nend = \"2025-06-13T12:00\"\n";
        let tail =
            "[[faults]]\ncall = \"Cache.get\"\n[[ expect ]]\nproperty = \"a\"\n[[faults]]\ncall = \"Lock.tryLock\"\n\
                    [[expect]]\nproperty = \"b\"\nat_least = 1\n";
        let mut texts = vec![format!("{head}{tail}")];
        let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
        for entry in std::fs::read_dir(scenarios).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                texts.push(std::fs::read_to_string(path).unwrap());
            }
        }
        let mut compared = 0;
        for text in texts {
            let loaded = LoadedScenario::parse(Path::new("s.toml"), text.clone()).unwrap();
            for table in ["expect", "faults", "http", "triggers", "spreadsheets", "expect.mail"] {
                for index in 0..6 {
                    let key = format!("{table}[{index}]");
                    assert_eq!(loaded.line_of_key(&key), line_of_key(&text, &key), "{key} in {text}");
                    compared += usize::from(loaded.line_of_key(&key).is_some());
                }
            }
        }
        assert!(compared > 20, "only {compared} keys found");
    }

    #[test]
    fn strict_is_a_boolean_and_a_wrong_value_names_its_line() {
        let head = "name = \"x\"\nproject = \"p\"\nstart = \"2025-06-12T12:00\"\nend = \"2025-06-13T12:00\"\n";
        let loaded = LoadedScenario::parse(Path::new("s.toml"), format!("{head}strict = true\n")).unwrap();
        assert!(loaded.file.strict.as_ref().is_some_and(|s| *s.get_ref()));
        let err = LoadedScenario::parse(Path::new("s.toml"), format!("{head}strict = \"yes\"\n")).unwrap_err();
        assert!(err.0.starts_with("s.toml:5: strict: invalid type: string \"yes\", expected a boolean"), "{err}");
        let loaded =
            LoadedScenario::parse(Path::new("s.toml"), format!("{head}[[faults]]\ncall = \"Cache.get\"\n")).unwrap();
        assert_eq!((loaded.place("faults[0]"), loaded.place("faults[1]")), ("s.toml:5".into(), "s.toml".into()));
    }

    #[test]
    fn semantic_errors_point_at_the_value() {
        let text = "name = \"x\"\nproject = \"p\"\nstart = \"2025-06-12T12:00\"\nend = \"soon\"\n";
        let loaded = LoadedScenario::parse(Path::new("s.toml"), text.into()).unwrap();
        let err = loaded.error_at(&loaded.file.end, "end", "bad time");
        assert_eq!(err.0, "s.toml:4: end: bad time");
    }
}
