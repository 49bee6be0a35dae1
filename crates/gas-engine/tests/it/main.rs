//! gas-engine's integration tests, one binary (linking boa once instead of once per file):
//! each former `tests/<name>.rs` is the module `<name>`, so a test runs as
//! `cargo test -p gas-engine --test it <name>::`. `support` is what they share.
//!
//! `limits` runs each case that could abort in a child process of this binary.

/// As in gas-sim's binary: the heap budget (`limits`) counts only through this allocator.
/// It counts per thread from each execution's start, so the other tests see the same
/// default budget (1 GiB) they meet in gas-sim.
#[global_allocator]
static ALLOCATOR: gas_engine::CountingAllocator<std::alloc::System> = gas_engine::CountingAllocator(std::alloc::System);

mod advanced_services;
mod support;

mod bindings_services;
mod bindings_sheet_formats;
mod bindings_sheets;
mod bindings_utilities;
mod calendar;
mod catalogue;
mod container;
mod date_zones;
mod documents;
mod drive;
mod engine_fast_paths;
mod engine_semantics;
mod forms;
mod fresh_globals;
mod gaps;
mod gmail;
mod limits;
mod realm_restore;
mod rules_defects;
mod sandbox;
mod sheet_triggers;
mod sheets_bandings;
mod sheets_charts;
mod sheets_formulas;
mod sheets_groups;
mod sheets_images;
mod sheets_locale;
mod sheets_metadata;
mod sheets_objects;
mod sheets_refs;
mod sheets_structure;
mod sheets_surface;
mod step_budget;
mod utilities_blobs;
mod v8_texts;
mod versions;
mod webapp_responses;
mod xml_service;
