//! Links the `gas-sim` binary as a position-dependent executable on Linux.
//!
//! Why: a position-independent executable is relocated by the dynamic loader at every
//! start, and gas-sim's static tables (the compiled-in catalogue, the declaration
//! tables, boa's and ICU's data) hold about 96,000 pointers: applying them took about a
//! millisecond and dirtied 2 MB of pages before `main`, a tenth of a one-line
//! `gas-sim call` (measured with `perf`, README's Speed section). Linked without PIE the
//! addresses are fixed at link time and nothing is relocated. What is given up is
//! address-space randomisation of the binary itself (libraries, heap and stacks stay
//! randomised); gas-sim runs scripts in its own sandbox, not native code.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
