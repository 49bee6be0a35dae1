//! gas-mutate's integration tests, one binary: each former `tests/<name>.rs` (and the
//! workspace's `tests/mutation.rs`) is the module `<name>`, so a test runs as
//! `cargo test -p gas-mutate --test it <name>::`.

mod explore_campaign;
mod mutation;
mod stryker_schema;
