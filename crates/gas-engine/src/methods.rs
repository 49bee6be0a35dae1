//! The methods gas-sim implements, each declared once: one row in the table of the
//! binding module that answers it (`bindings/<service>.rs`, each part of
//! `bindings/sheets/`), written with [`declare!`]. A row is the method's name as faults
//! and traces spell it (`Class.method`), its modelled latency, the authorisation scope a
//! LIMITED-mode call needs, whether the platform runs it in the script's own process, a
//! parameter-name override where the catalogue's names do not suit fault selectors, and
//! the handler that answers it.
//!
//! This module joins the tables into one registry, sorted once per process (a lookup is
//! a binary search), and everything else reads it: `Host::call` (handler, latency, scope,
//! the call cap), fault selectors' argument names, the scenario's and the state file's
//! method-name checks, the prelude's wrappers for the methods it does not write by hand.
//! The platform's rules about calls stay in gas-platform (`calls`: the call cap, the
//! latency bounds, the unknown-name text; `container`: the scope texts and the refusal).
//! The catalogue (`gas_platform::catalogue`) is what *exists*; this is what gas-sim
//! *implements*.
//!
//! Latencies are modelled, not measured: round figures of the order Apps Script
//! developers see (a sheet read tens of ms, a mail send about a second). A scenario can
//! override any of them, or set `latency = "none"` to freeze the clock within an
//! execution as simple JS fakes do.

use std::sync::OnceLock;

use gas_platform::calls::MethodNames;
use gas_platform::catalogue;

use crate::bindings::{self, Call};
use crate::host::CallResult;

/// What answers a declared method: its binding module's dispatch or a function of its own.
pub(crate) type Handler = fn(&Call) -> CallResult;

/// One declared method (see the module documentation).
#[derive(Clone, Copy)]
pub struct Method {
    /// `Class.method`, as faults, latency overrides and traces name it.
    pub name: &'static str,
    /// The modelled latency (see the module documentation).
    pub latency_ms: i64,
    /// The scope a call needs in LIMITED mode (a simple trigger); `None`: it runs there.
    pub scope: Option<&'static str>,
    /// Run in the script's own process, without a round trip to a Google service
    /// (formatting, digests, blobs, builders): it does not count toward
    /// `gas_platform::calls::SERVICE_CALLS_PER_EXECUTION_MAX`.
    pub in_process: bool,
    /// Fault-selector argument names, only where the catalogue's do not suit (commented
    /// at the row); `None`: the catalogue's.
    pub params_override: Option<&'static [&'static str]>,
    pub(crate) handler: Handler,
}

impl Method {
    /// A table's defaults: answered by `handler`, no scope, a service round trip.
    pub(crate) const fn by(handler: Handler) -> Method {
        Method { name: "", latency_ms: 0, scope: None, in_process: false, params_override: None, handler }
    }

    /// The defaults with `scope`.
    pub(crate) const fn scope(self, scope: &'static str) -> Method {
        Method { scope: Some(scope), ..self }
    }

    /// The defaults, run in the script's process.
    pub(crate) const fn in_process(self) -> Method {
        Method { in_process: true, ..self }
    }

    /// The argument names fault selectors match (`args = { to = "*@x.com" }`): the
    /// override, else the catalogue's longest overload's.
    pub fn params(&self) -> Vec<&'static str> {
        if let Some(names) = self.params_override {
            return names.to_vec();
        }
        let Some((_, method)) = catalogue::catalogue().method_of_call(self.name) else {
            return Vec::new();
        };
        // The first of the longest (`max_by_key` would give the last).
        let longest = method.overloads.iter().rev().max_by_key(|o| o.params.len());
        longest.map(|o| o.params.iter().map(|p| p.name).collect()).unwrap_or_default()
    }
}

/// The rows of one table: `"Class.method" => latency_ms`, with the fields that differ
/// from the table's defaults in braces: `"X.y" => 300 { scope: Some(SCOPE_DRIVE) }`.
macro_rules! declare {
    ($defaults:expr; $($name:literal => $latency_ms:literal $({ $($field:ident: $value:expr),+ $(,)? })?),* $(,)?) => {
        &[$($crate::methods::Method { name: $name, latency_ms: $latency_ms, $($($field: $value,)+)? ..$defaults }),*]
    };
}
pub(crate) use declare;

/// A method the prelude answers by reading the handle Rust gave its object, with no
/// call (on the platform, `Range.getRow` is a getter of an object the script holds: no
/// round trip, no latency). Rust declares where it put the value (`key`, a field of the
/// handle, `sheet.sheet_id` for a nested one), so the prelude names no Rust field: it
/// makes the getter from the catalogue's return type (a value, a `Date` from epoch
/// milliseconds, an object of a class, an array of them), and the few methods that
/// reshape a value read it by method name (`read` in 01_kernel.js). The engine test
/// `every_declared_read_answers_on_a_real_object` calls each one.
#[derive(Clone, Copy)]
pub struct Read {
    /// `Class.method`.
    pub name: &'static str,
    /// The handle's field holding the answer (dots for nested fields), or a sum of
    /// fields and whole numbers, spaced (`row + num_rows - 1`).
    pub key: &'static str,
}

/// The rows of one table of reads: `"Class.method" => "field"`.
macro_rules! reads {
    ($($name:literal => $key:literal),* $(,)?) => {
        &[$($crate::methods::Read { name: $name, key: $key }),*]
    };
}
pub(crate) use reads;

/// Methods and reads a family of classes shares (the ten embedded chart builders): each
/// row is declared on every class of `classes` that has the method in the catalogue, as
/// `Class.method` (the row's `name` is the method's own). The catalogue decides which
/// builder has `setStacked`; the row says once what it does.
pub struct Family {
    pub classes: &'static [&'static str],
    pub methods: &'static [Method],
    pub reads: &'static [Read],
}

impl Family {
    /// The family's methods, one per class that has the method.
    fn methods(&self) -> impl Iterator<Item = &'static Method> + '_ {
        self.expand(self.methods, |method, name| Method { name, ..*method })
    }

    /// The family's reads, one per class that has the method.
    fn reads(&self) -> impl Iterator<Item = &'static Read> + '_ {
        self.expand(self.reads, |read, name| Read { name, ..*read })
    }

    /// `rows` declared on each class that has them: made once per process (the registry is
    /// built once), so the names and rows are leaked, a few hundred small strings.
    fn expand<'a, T: Copy + HasName + 'static>(
        &'a self,
        rows: &'static [T],
        renamed: fn(&T, &'static str) -> T,
    ) -> impl Iterator<Item = &'static T> + 'a {
        let catalogue = catalogue::catalogue();
        self.classes.iter().flat_map(move |class| {
            rows.iter().filter_map(move |row| {
                let qualified = format!("{class}.{}", row.name());
                catalogue.method_of_call(&qualified)?;
                let name: &'static str = Box::leak(qualified.into_boxed_str());
                Some(&*Box::leak(Box::new(renamed(row, name))))
            })
        })
    }
}

/// A row of a declaration table.
trait HasName {
    fn name(&self) -> &'static str;
}

impl HasName for Method {
    fn name(&self) -> &'static str {
        self.name
    }
}

impl HasName for Read {
    fn name(&self) -> &'static str {
        self.name
    }
}

struct Registry {
    /// Every declared method, sorted by name.
    sorted: Vec<&'static Method>,
    /// Their names, for gas-platform's name checks.
    names: MethodNames,
    /// Every declared read, sorted by name.
    reads: Vec<&'static Read>,
}

/// Built on first use, once per process: the tables joined and sorted (`registry`).
static REGISTRY: OnceLock<Registry> = OnceLock::new();

/// [`REGISTRY`], built the first time it is asked for. Kept for the process, as compiled
/// code is: not counted against the heap budget of the execution that first needs it (a
/// test run alone, or a first execution, would otherwise pay for what every later one
/// shares).
fn registry() -> &'static Registry {
    REGISTRY.get_or_init(|| boa_engine::heap_budget::uncounted(build_registry))
}

fn build_registry() -> Registry {
    let mut sorted: Vec<&'static Method> = bindings::TABLES.iter().flat_map(|table| table.iter()).collect();
    sorted.extend(bindings::FAMILIES.iter().flat_map(|family| family.methods()));
    sorted.sort_by_key(|m| m.name);
    let names = MethodNames::new(sorted.iter().map(|m| m.name).collect());
    let mut reads: Vec<&'static Read> = bindings::READ_TABLES.iter().flat_map(|table| table.iter()).collect();
    reads.extend(bindings::FAMILIES.iter().flat_map(|family| family.reads()));
    reads.sort_by_key(|r| r.name);
    Registry { sorted, names, reads }
}

/// The declared method `name`.
pub fn get(name: &str) -> Option<&'static Method> {
    let sorted = &registry().sorted;
    sorted.binary_search_by(|m| m.name.cmp(name)).ok().map(|i| sorted[i])
}

/// Every declared method, sorted by name (a method declared twice shows twice: the
/// sweep test fails on it).
pub fn all() -> &'static [&'static Method] {
    &registry().sorted
}

/// The methods declared on `class`, sorted: by short name (`Sheet`: `Sheet.getRange`
/// ...), or by qualified name for a class whose short name is another namespace's
/// (`XML_Service.Element`: `XML_Service.Element.getChild`). Names sharing the prefix
/// `class.` are contiguous in the sorted registry; those with a further dot belong to a
/// qualified class of that namespace and are left out.
pub fn of_class(class: &str) -> Vec<&'static Method> {
    let sorted = &registry().sorted;
    let prefix = format!("{class}.");
    let start = sorted.partition_point(|m| m.name < prefix.as_str());
    sorted[start..]
        .iter()
        .take_while(|m| m.name.starts_with(prefix.as_str()))
        .filter(|m| !m.name[prefix.len()..].contains('.'))
        .copied()
        .collect()
}

/// Every declared read, sorted by name.
pub fn all_reads() -> &'static [&'static Read] {
    &registry().reads
}

/// The reads declared on `class`, as [`of_class`] picks methods.
pub fn reads_of_class(class: &str) -> Vec<&'static Read> {
    let prefix = format!("{class}.");
    registry()
        .reads
        .iter()
        .filter(|r| r.name.strip_prefix(prefix.as_str()).is_some_and(|method| !method.contains('.')))
        .copied()
        .collect()
}

/// The declared names, for gas-platform's checks of a fault rule or a latency override.
pub fn names() -> &'static MethodNames {
    &registry().names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_method_is_in_the_catalogue() {
        let catalogue = catalogue::catalogue();
        let missing: Vec<&str> =
            all().iter().map(|m| m.name).filter(|name| catalogue.method_of_call(name).is_none()).collect();
        assert!(missing.is_empty(), "not in the catalogue: {missing:?}");
    }

    #[test]
    fn every_family_row_is_declared_on_some_class_of_it() {
        for family in bindings::FAMILIES {
            let rows = family.methods.iter().map(|m| m.name).chain(family.reads.iter().map(|r| r.name));
            for row in rows {
                let on = family.classes.iter().filter(|class| get(&format!("{class}.{row}")).is_some()).count();
                let read =
                    family.classes.iter().any(|class| all_reads().iter().any(|r| r.name == format!("{class}.{row}")));
                assert!(on > 0 || read, "{row} is on no class of its family {:?}", family.classes);
            }
        }
        assert!(get("EmbeddedPieChartBuilder.set3D").is_some() && get("EmbeddedLineChartBuilder.set3D").is_none());
    }

    #[test]
    fn lookup_and_params() {
        assert_eq!(get("MailApp.sendEmail").unwrap().params()[0], "recipient");
        assert_eq!(get("UrlFetchApp.fetch").unwrap().params(), ["url", "method"]);
        assert!(get("MailApp.sendMail").is_none());
        assert!(names().unknown_message("MailApp.sendMail").contains("MailApp.sendEmail"));
    }

    #[test]
    fn limited_mode_refuses_what_needs_a_scope() {
        use gas_platform::container::{Invocation, InvocationKind};
        let open = Invocation::by_user(InvocationKind::OnOpen, "a@x.com");
        let refusal = |name: &str| open.check_authorized(name, get(name).unwrap().scope).err().map(|e| e.message);
        assert_eq!(
            refusal("DriveApp.createFile").unwrap(),
            "You do not have permission to call DriveApp.createFile. Required permissions: https://www.googleapis.com/auth/drive"
        );
        assert_eq!(
            refusal("SpreadsheetApp.openByUrl").unwrap(),
            "You do not have permission to call SpreadsheetApp.openByUrl. Required permissions: https://www.googleapis.com/auth/spreadsheets"
        );
        assert!(refusal("UrlFetchApp.fetch").unwrap().contains("script.external_request"));
        assert!(refusal("GmailApp.sendEmail").unwrap().contains("https://mail.google.com/"));
        assert!(refusal("MailApp.sendEmail").unwrap().contains("script.send_mail"));
        assert!(refusal("CalendarApp.getDefaultCalendar")
            .unwrap()
            .ends_with("https://www.googleapis.com/auth/calendar"));
        assert!(refusal("CalendarEvent.getTitle").unwrap().contains("auth/calendar"));
        let trigger = refusal("SpreadsheetTriggerBuilder.create").unwrap();
        assert!(trigger.starts_with("You do not have permission to call ScriptApp.newTrigger."), "{trigger}");
        for allowed in [
            "Sheet.appendRow",
            "SpreadsheetApp.getActiveSpreadsheet",
            "Properties.getProperty",
            "Ui.alert",
            "Spreadsheet.getName",
            "ScriptApp.getScriptId",
            "Session.getActiveUser",
            "Blob.getAs",
        ] {
            assert_eq!(refusal(allowed), None, "{allowed}");
        }
    }

    #[test]
    fn a_method_is_a_read_or_a_call_never_both() {
        let catalogue = catalogue::catalogue();
        let wrong: Vec<&str> = all_reads()
            .iter()
            .map(|r| r.name)
            .filter(|name| get(name).is_some() || catalogue.method_of_call(name).is_none())
            .collect();
        assert!(wrong.is_empty(), "declared as a call too, or not in the catalogue: {wrong:?}");
        let twice: Vec<&str> = all_reads().windows(2).filter(|w| w[0].name == w[1].name).map(|w| w[0].name).collect();
        assert!(twice.is_empty(), "read declared twice: {twice:?}");
        assert_eq!(reads_of_class("Range").iter().find(|r| r.name == "Range.getGridId").unwrap().key, "sheet.sheet_id");
    }

    #[test]
    fn in_process_methods_do_not_count_toward_the_call_cap() {
        let in_process = |name: &str| get(name).unwrap().in_process;
        assert!(in_process("Utilities.formatDate") && in_process("Session.getScriptTimeZone"));
        assert!(!in_process("Cache.get") && !in_process("Sheet.getName"));
    }
}
