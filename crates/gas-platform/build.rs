//! Compiles the catalogue in: `catalogue/apps-script.txt` becomes static tables
//! (`$OUT_DIR/catalogue_data.rs`, included by src/catalogue.rs), so no process parses
//! the 380 KB text when it starts. The text stays the one checked-in source
//! (tools/catalogue/generate.js --check keeps it true); a line the parser rejects fails
//! the build naming the line.

#[path = "src/catalogue_format.rs"]
mod catalogue_format;

fn main() {
    const TEXT: &str = "catalogue/apps-script.txt";
    println!("cargo:rerun-if-changed={TEXT}");
    println!("cargo:rerun-if-changed=src/catalogue_format.rs");
    let text = std::fs::read_to_string(TEXT).unwrap_or_else(|e| panic!("{TEXT}: {e}"));
    let parsed = catalogue_format::parse(&text).unwrap_or_else(|e| panic!("{TEXT}: {e}"));
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("catalogue_data.rs");
    std::fs::write(&out, catalogue_format::generate(&parsed)).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
}
