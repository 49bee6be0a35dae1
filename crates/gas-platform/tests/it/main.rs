//! gas-platform's integration tests, one binary (the workspace's convention): each file is a
//! module, run one as `cargo test -p gas-platform --test it fidelity_texts::`.

mod fidelity_texts;
