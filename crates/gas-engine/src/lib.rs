//! The JavaScript side of gas-sim: runs one Apps Script execution on boa.
//!
//! Each execution starts from fresh globals in a boa context whose clock is the virtual
//! clock and whose local time zone is the script's, with the prelude's service objects,
//! evaluates every project file in the platform's order, then calls the entry function.
//! (A worker thread keeps one context per project and restores its realm from a snapshot
//! after every execution: see `prepared.rs`.)
//! Every service call goes through one gate (`host::Host::call`): the kill check, the
//! scheduler's turn, fault rules, the service in gas-platform, modelled latency, the
//! trace. This crate converts values and maps errors; it never decides a platform rule
//! (a test checks that no binding or prelude fragment writes a platform error text).
//! It does not schedule executions either: that is gas-scenario's, through [`gate::Gate`].
//!
//! ```no_run
//! use std::sync::{Arc, Mutex};
//! use gas_engine::{run_execution, ExecutionSpec, Project, SoloGate};
//! let project = Project::load("fixtures/ledger-fixed".as_ref()).unwrap();
//! let world = Arc::new(Mutex::new(gas_platform::World::new()));
//! let spec = ExecutionSpec::new(1, "syncOrders", 1_750_000_000_000, 7);
//! let zone = "UTC".parse().unwrap();
//! let report = run_execution(&project, zone, &spec, world, Arc::new(SoloGate));
//! println!("{}", report.outcome.name());
//! ```
//!
//! # Map
//!
//! The boa embedding. `execution.rs` runs one execution: the project files evaluated in the
//! thread's context for the project (virtual clock, script zone), the entry function, the
//! outcome with file:line. `compiled.rs` compiles a project once per thread (a template;
//! every file of its first version is parsed before any is compiled, so all files share
//! one global scope, as in V8); versions of a project whose files declare the same
//! top-level names (`declarations.rs`: a mutation campaign's mutants) share a template and
//! its live context, each with its own compiled files. `prepared.rs` keeps one *live
//! context* per template: the prelude run and the project's files bound, then a snapshot
//! of the realm (vendored boa, patch 0009) that is restored after every execution (only
//! what the execution wrote: patch 0021's dirty list), so each starts from fresh globals
//! without building a realm. A service global is built the first time a script touches
//! it (`99_globals.js`; the global object is vendored boa's `LazyGlobal`, patch 0022, so
//! no script can tell); after such an execution
//! `give_back` builds it again in the restored realm and takes the snapshot again
//! (`keep_built_globals`), so it is built once per live context (the natives read the
//! execution's host, zone, clock and random stream from slots filled when it starts; a
//! killed execution's context is dropped). Between a worker's executions `prepare_next`
//! collects garbage once it outweighs the live heap. `methods.rs` is the registry of the
//! methods gas-sim implements: each declared once, in its binding module's table
//! (`declare!`: name, modelled latency, LIMITED-mode scope, in-process or not, a
//! fault-selector params override, handler), joined and sorted once per process;
//! `Host::call`, `bindings::dispatch`, fault selectors, the scenario's name checks and the
//! prelude read it. `js/prelude/` defines the service objects a script sees (one file per
//! service). `prelude.rs` joins them into a *core* (shared helpers, the small services, the
//! globals; compiled with the project) and *chunks* (Sheets, Gmail, Drive, HtmlService ...:
//! each compiled the first time an execution touches one of its globals, by
//! `Template::chunk`, then evaluated to a function of the core's names, `CORE_NAMES`), so a
//! project parses only the services it names. Each method is one call of the native
//! `__gas_call`. `klass(name, methods)` / `service(name, methods)` look the class up in the
//! catalogue (`catalogue.rs` hands the prelude lookups in the compiled-in tables,
//! `__gas_catalogue`), make the wrapper of every declared method the object leaves out from
//! the catalogue's return type (`derived`: a value, the object itself, another class's
//! object, an array of them; `declared_on` says which), add every other method of it as
//! `notImplemented('Class.method')` and throw while the prelude runs if a method is not in
//! the catalogue; members the platform lacks stay `undefined`. The service files write only
//! what needs JS. `catalogue.rs` is also the one place a script's arguments are checked and
//! converted (`script_args`, for calls the makers `c`, `chain`, `wrap`, `wrapAll` make);
//! `Host::call` turns a void method's `undefined` into `null`. `gaps.rs` counts every call
//! of what gas-sim lacks at the script's innermost project frame (`Host::record_gap`, from
//! `notImplemented`'s native `__gas_gap` and from a binding's
//! `ServiceError::unimplemented`). `project.rs` also keeps a project's `.html` files (read
//! through the host at run time); `outline.rs` reads a project's code without running it
//! (boa's AST: the triggers it creates, its entry points, the hosts and sheets it names)
//! for `gas-sim init`, and decides no platform rule; `bindings/html.rs` and `61_html.js`
//! are HtmlService (a template's code, compiled by gas-platform, runs in the script's
//! realm); `39_blob.js` is the one `Blob` every service uses (`blobOf`, `handleOf`);
//! `bindings/documents/` and `46_documents.js` are DocumentApp (a Document's handle is its
//! id and the session `saveAndClose` closes, `Host::documents`; an element's its id and
//! type, from which the prelude picks its class; `declared.rs` is every element class's
//! row); `bindings/xml/` and `47_xml.js` are XmlService (the execution's XML store is
//! `Host::xml`; classes whose short name another namespace has, `Element`, `Document`,
//! `Text`, `Comment`, are declared by qualified name, `XML_Service.Element.getChild`, and
//! `methods::of_class` and `catalogue::declared_on` find them so); `bindings/forms/` and
//! `48_forms.js` are FormApp (a form's handle is its id, an item's its form, id and type,
//! so getters read the world; Forms' `ListItem` and `GridItem` are declared by qualified
//! name; a draft response lives in its handle until `submit`); `11_ui.js` the Ui and
//! menus; `31_gmail.js` the Gmail classes; `45_drive.js` DriveApp,
//! File, Folder and their iterators (a File or Folder handle is its id, so getters read the
//! world; `MimeType` comes from the catalogue tables' `mimeTypes`); `bindings/calendar/`
//! and `48_calendar.js` CalendarApp (a Calendar's or event's handle is its id, an
//! instance of a series adds its times; the recurrence builders record rules in their
//! handle; `EventColor` and `Color` come from the tables' `eventColors`,
//! `calendarColors`). Spreadsheets:
//! `bindings/sheets/mod.rs` calls `recalculate_stale` around every SpreadsheetApp call, and
//! a call that succeeds can still carry gaps (`Host::formula_gaps`, counted at the script's
//! position); `bindings/sheets/formulas.rs` and `12_sheets_formulas.js` the formula
//! methods; `bindings/sheets/formats.rs` maps every format property's four Range methods to
//! one `Field` through a table, and `13_sheets_formats.js` holds Color, TextStyle,
//! TextRotation and RichTextValue (plain-data handles, checked by the platform when built
//! or applied); `bindings/sheets/structure.rs` and `14_sheets_structure.js` the structure
//! methods (`Host::sheets_rng` is `randomize`'s seeded stream);
//! `bindings/sheets/objects.rs` takes the whole world (it needs the account and the active
//! sheet), and builders and the finder are plain-data handles the script holds, each call
//! returning the next state (`objects/builders.rs`, `15_sheets_objects.js`);
//! `bindings/sheets/groups.rs` and `17_sheets_groups.js` the `Group` class (a Group's
//! handle names its sheet, dimension, rows and depth and is found again on every call);
//! `bindings/sheets/surface.rs` and `16_sheets_surface.js` the spreadsheet's own methods
//! (it needs the world; a range made by `getRange(a1)` from an open notation carries
//! `bounds` in its handle), while `bindings/container.rs` binds every selection method,
//! `addMenu`/ `updateMenu`/`removeMenu` and `setActiveSpreadsheet` (`Host::selections`
//! holds the `SelectionState`s, `Host::active_spreadsheet` the spreadsheet it chose).
//! `ExecutionSpec::invocation` says who started an execution (a trigger, a user at the
//! spreadsheet, a web request); its time limit is `Host::execution_ms_max` (6 min, 30 s for
//! simple triggers), and `Invocation::counts_toward_trigger_runtime` says whether the day's
//! trigger-runtime quota applies. `host.rs` is the gate every call goes through: kill
//! check, the scheduler's turn (`gate.rs`), fault rules (the call's trace record names the
//! faults that fired, `FaultNote`), the service (`bindings/`), latency, trace. The gate
//! also returns the time a call proceeds at (`Gate::turn_at`: later when an explored
//! schedule preempts it), gives each call's latency (`Gate::latency_ms`: jittered under
//! exploration) and says whether call records name the script function making each call
//! (`Gate::wants_call_sites`, `CallRecord::function`; a backtrace per call, only under
//! exploration). `zone.rs` supplies the script zone to boa. `sandbox.rs` is what a script
//! reaches outside its realm: nothing (the module loader of every context refuses every
//! `import()`; builtins that would outlive an execution are removed). `files.rs` reads a
//! file a user named like a careful tool (regular files only, non-blocking open, a cap);
//! `project.rs` keeps symlinks inside the project. Each execution runs on a step budget
//! (`Limits::steps_max`, vendored boa patch 0013: instructions, property operations, calls,
//! promise jobs and regex matcher steps, counted deterministically; running out is reported
//! as the platform's 6-minute kill; a service call's Rust side pays too, `work.rs`: the
//! values crossing `__gas_call`, and what a binding charges before working, digests,
//! formatString widths, formula recalculations, through `Host::charge_steps` and boa patch
//! 0025), a heap budget (`heap.rs`, the counting global allocator gas-sim's binary
//! installs, behind `Limits::heap_bytes_max`; a big Rust-side buffer, an array or string
//! converted in `value.rs`, a blob's bytes, is checked against it with `heap::reserve`
//! before it is allocated, boa patch 0019) and a native stack limit (`stack.rs`: the
//! address the vendored boa and boa_parser check before they recurse; `call` and `bench`
//! run on a 64 MiB thread like scenario workers, small enough for 30 of them under an 8 GB
//! address-space limit). A context whose VM is not back at the depths it rests at after an
//! execution is dropped, not reused (`contexts_dropped_off_rest` counts it; boa patch 0016
//! fixed the throw that left values there). `bindings/` is one module per service
//! (SpreadsheetApp in parts): each declares its methods in one table, and a call goes
//! straight to its declared handler.

mod bindings;
mod call_names;
mod catalogue;
mod compiled;
mod declarations;
mod error_stacks;
pub mod execution;
pub mod files;
mod gaps;
pub mod gate;
pub mod heap;
pub mod host;
mod locale_stubs;
pub mod methods;
pub mod outline;
mod prelude;
mod prepared;
pub mod project;
pub mod sandbox;
pub mod stack;
pub mod syntax;
pub mod value;
pub mod work;
pub mod zone;

pub use catalogue::{implemented_methods, implemented_methods_of};
pub use compiled::{compile_counts, prime_compiler, CompileCounts};
pub use execution::{
    run_execution, ExecutionReport, ExecutionSpec, FailureKind, Limits, Outcome, ScriptError, HEAP_BUDGET_MESSAGE,
    HEAP_BYTES_MAX_DEFAULT, RUNAWAY_LOOP_MESSAGE, STEPS_MAX_DEFAULT,
};
pub use gate::{Gate, SoloGate};
pub use heap::CountingAllocator;
pub use host::Latency;
pub use prepared::{
    contexts_dropped_off_rest, prepare_next, set_fresh_context_per_execution, single_execution_process,
};
pub use project::{AdvancedService, Project, ProjectError, SourceFile};
pub use stack::{on_execution_stack, on_execution_stack_until_exit, start_execution_thread, EXECUTION_STACK_BYTES};
pub use syntax::check_syntax;

impl ExecutionSpec {
    pub fn new(exec_id: u64, function: &str, start_utc_ms: i64, seed: u64) -> ExecutionSpec {
        ExecutionSpec {
            exec_id,
            function: function.to_string(),
            event: None,
            script_run_args: None,
            start_utc_ms,
            seed,
            latency: Latency::default(),
            limits: Limits::default(),
            invocation: gas_platform::container::Invocation::default(),
            call_args: true,
        }
    }
}
