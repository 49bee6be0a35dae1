//! `gas-sim api [SERVICE]`: how much of the platform gas-sim implements, from the
//! catalogue (`gas_platform::catalogue`) and the prelude's own methods
//! (`gas_engine::implemented_methods`). Without SERVICE: one line per service; with it
//! (a namespace such as `Spreadsheet`, or its global, `SpreadsheetApp`): one line per
//! class and the methods it lacks. Sorted by name, so the output is deterministic.

use std::collections::BTreeMap;

use gas_platform::catalogue::{catalogue, Catalogue};
use serde_json::json;

use crate::BadInput;

#[derive(clap::Args)]
pub struct ApiArgs {
    /// A service: its namespace (Spreadsheet, URL_Fetch, Base ...) or its global
    /// (SpreadsheetApp, UrlFetchApp ...).
    service: Option<String>,
    /// Print JSON (every class with its implemented and missing methods).
    #[arg(long)]
    json: bool,
}

/// One class's coverage.
struct ClassCoverage {
    name: &'static str,
    implemented: Vec<&'static str>,
    missing: Vec<&'static str>,
}

pub fn run(args: &ApiArgs) -> Result<u8, BadInput> {
    let c = catalogue();
    // One service's classes need only that service built (a fifth of the time).
    let namespace = match &args.service {
        Some(wanted) => Some(namespace_named(c, wanted)?),
        None => None,
    };
    let implemented = match namespace {
        Some(namespace) => gas_engine::implemented_methods_of(namespace),
        None => gas_engine::implemented_methods(),
    }
    .map_err(|e| BadInput(format!("gas-sim's prelude: {e}")))?;
    let mut services: BTreeMap<&'static str, Vec<ClassCoverage>> = BTreeMap::new();
    for class in c.classes {
        let own = implemented.get(class.name);
        let (done, missing): (Vec<&'static str>, Vec<&'static str>) =
            c.method_names(class).into_iter().partition(|m| own.is_some_and(|set| set.contains(*m)));
        let namespace = class.name.split('.').next().unwrap_or(class.name);
        services.entry(namespace).or_default().push(ClassCoverage { name: class.name, implemented: done, missing });
    }
    if let Some(namespace) = namespace {
        services.retain(|name, _| *name == namespace);
    }
    let text = if args.json {
        serde_json::to_string_pretty(&as_json(c, &services)).unwrap_or_default() + "\n"
    } else if args.service.is_some() {
        class_lines(&services)
    } else {
        service_table(c, &services)
    };
    // A closed pipe (`gas-sim api | head`) ends the process by SIGPIPE, as for every
    // command (main.rs); any other failure to write leaves nothing to report to.
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes());
    Ok(0)
}

fn namespace_named(c: &Catalogue, wanted: &str) -> Result<&'static str, BadInput> {
    let namespaces: std::collections::BTreeSet<&'static str> =
        c.classes.iter().map(|class| class.name.split('.').next().unwrap_or(class.name)).collect();
    if let Some(name) = namespaces.get(wanted) {
        return Ok(name);
    }
    if let Some(global) = c.global(wanted) {
        return Ok(global.class.split('.').next().unwrap_or(global.class));
    }
    let known: Vec<&str> = namespaces.into_iter().collect();
    Err(BadInput(format!(
        "unknown service {wanted:?}: one of {} (or a global such as SpreadsheetApp)",
        known.join(", ")
    )))
}

fn counts(classes: &[ClassCoverage]) -> (usize, usize) {
    let implemented = classes.iter().map(|k| k.implemented.len()).sum();
    (implemented, implemented + classes.iter().map(|k| k.missing.len()).sum::<usize>())
}

fn service_table(c: &Catalogue, services: &BTreeMap<&'static str, Vec<ClassCoverage>>) -> String {
    let mut out = format!(
        "gas-sim api: methods gas-sim implements, of the platform's ({} {}; inherited methods counted per class)\n",
        c.source_package, c.source_version
    );
    out.push_str(&format!(
        "{:<18} {:<26} {:>7} {:>11} {:>7}\n",
        "service", "global", "classes", "implemented", "total"
    ));
    let (mut all_done, mut all_total) = (0, 0);
    for (namespace, classes) in services {
        let (done, total) = counts(classes);
        (all_done, all_total) = (all_done + done, all_total + total);
        let global = c.service_global(namespace).unwrap_or("-");
        // An advanced service is a global only where the manifest enables it.
        let advanced = c.advanced.iter().any(|a| a.class.split('.').next() == Some(*namespace));
        let global = if advanced { format!("{global} (advanced)") } else { global.to_string() };
        out.push_str(&format!("{namespace:<18} {global:<26} {:>7} {done:>11} {total:>7}\n", classes.len()));
    }
    out.push_str(&format!("{:<18} {:<26} {:>7} {all_done:>11} {all_total:>7}\n", "all", "", c.classes.len()));
    out.push_str("The classes of one service and the methods they lack: gas-sim api SERVICE\n");
    out
}

fn class_lines(services: &BTreeMap<&'static str, Vec<ClassCoverage>>) -> String {
    let mut out = String::new();
    for classes in services.values() {
        for class in classes {
            let total = class.implemented.len() + class.missing.len();
            out.push_str(&format!("{} {}/{}\n", class.name, class.implemented.len(), total));
            if !class.missing.is_empty() {
                out.push_str(&format!("  missing: {}\n", class.missing.join(", ")));
            }
        }
    }
    out
}

fn as_json(c: &Catalogue, services: &BTreeMap<&'static str, Vec<ClassCoverage>>) -> serde_json::Value {
    let services: Vec<serde_json::Value> = services
        .iter()
        .map(|(namespace, classes)| {
            let (done, total) = counts(classes);
            json!({
                "service": namespace,
                "global": c.service_global(namespace),
                "implemented": done,
                "total": total,
                "classes": classes.iter().map(|k| json!({
                    "class": k.name,
                    "implemented": k.implemented,
                    "missing": k.missing,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "gas_sim_api": 1, "source": { "package": c.source_package, "version": c.source_version }, "services": services })
}
