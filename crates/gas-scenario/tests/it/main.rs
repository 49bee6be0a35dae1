//! gas-scenario's integration tests, one binary: each former `tests/<name>.rs` (and the
//! workspace's `tests/scenarios.rs`) is the module `<name>`, so a test runs as
//! `cargo test -p gas-scenario --test it <name>::`. `common` is what they share, including
//! [`common::alone_in_a_process`] for the tests that set process-wide state.
//!
//! `scenarios/snapshot_files.rs` stays a target of its own: cargo-insta looks for pending
//! snapshots only beside a package's manifest and its targets' root files.

mod calendars;
mod common;

mod cell_display;
mod client_windows;
mod clients;
mod container_events;
mod dialogs;
mod documents;
mod expect_kinds;
mod explore;
mod forms;
mod gaps;
mod inbox_validation;
mod interleaving;
mod mail_and_cells;
mod mail_drafts;
mod no_leak;
mod report_text;
mod scenarios;
mod sheet_events;
mod trigger_windows;
mod validation;
mod webapp_requests;
mod worker_panic;
