//! gas-sim's integration tests, one binary: each former `tests/<name>.rs` (and the
//! workspace's `tests/{cli,files,mutate_pr,ci_output}.rs`) is the module `<name>`, so a
//! test runs as `cargo test -p gas-sim --test it <name>::`. `support` runs the built
//! binary (`CARGO_BIN_EXE_gas-sim`) from the repository's root.

mod support;

mod api;
mod bugs_and_determinism;
mod cdp;
mod ci_explored;
mod ci_output;
mod cli;
mod drive_state;
mod explore_cli;
mod files;
mod fuzz;
mod help_synopsis;
mod html_timeline;
mod init;
mod mutate_pr;
mod readme;
mod review;
mod serve;
mod serve_browser;
mod trace_file;
