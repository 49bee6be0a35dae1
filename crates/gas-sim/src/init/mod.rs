//! `gas-sim init PROJECT`: reads a clasp project and writes a starter scenario beside
//! its code, from what the code itself sets up (`gas_engine::outline`): its time-driven
//! triggers, web-app entry points, simple triggers, fetched hosts and sheets. The file
//! runs as written; what only the user knows (the mail and rows to expect, what a
//! service answers) is marked TODO.
//!
//! It never overwrites a file and never touches the project's own files.

mod starter;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use gas_engine::outline::outline;
use gas_engine::Project;

use crate::BadInput;

/// The starter's file name in the project folder when `--out` is not given. Not a name
/// the project loader or clasp reads (`.toml` is neither a source nor a manifest).
const DEFAULT_FILE_NAME: &str = "scenario.toml";

#[derive(clap::Args)]
pub struct InitArgs {
    /// The project folder (with appsscript.json; .clasp.json's rootDir and parentId are read).
    project: PathBuf,
    /// Where to write the scenario (default: PROJECT/scenario.toml). Never overwritten.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// A folder outside the project's folder tree and the current folder that --out may
    /// be in (repeatable).
    #[arg(long = "allow-path", value_name = "DIR")]
    allow_paths: Vec<PathBuf>,
}

pub fn run(args: &InitArgs) -> Result<u8, BadInput> {
    let project =
        Arc::new(Project::load(&args.project).map_err(|e| BadInput(format!("{}: {e}", args.project.display())))?);
    let out = args.out.clone().unwrap_or_else(|| args.project.join(DEFAULT_FILE_NAME));
    if out.symlink_metadata().is_ok() {
        return Err(BadInput(format!(
            "{} exists: gas-sim init never overwrites a file; remove it, or give --out another path",
            out.display()
        )));
    }
    let outputs = crate::state_file::state_outputs(&project, &args.allow_paths)?;
    outputs.check(&out, "--out").map_err(BadInput)?;
    let found = outline(&project);
    let project_key = project_key_for(&out, &project.root)?;
    let text = starter::scenario_text(&project, &found, &project_key);
    crate::output::write_new_atomically(&out, &text).map_err(BadInput)?;
    outln!("wrote {}: {}", out.display(), starter::summary(&project, &found));
    outln!("  run it:      gas-sim run {}", crate::call::shell_word(&out.display().to_string()));
    outln!("  then fill in the TODOs: the mail, rows and answers your code should produce");
    Ok(0)
}

/// The scenario's `project` key: the project folder relative to the scenario's folder
/// (`.` when the scenario is inside it), as the scenario loader resolves it.
fn project_key_for(out: &Path, project_root: &Path) -> Result<String, BadInput> {
    let canonical =
        |path: &Path, what: &str| path.canonicalize().map_err(|e| BadInput(format!("{what} {}: {e}", path.display())));
    let out_folder = match out.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(folder) => canonical(folder, "--out's folder")?,
        None => canonical(Path::new("."), "the current folder")?,
    };
    let project = canonical(project_root, "the project")?;
    let relative = relative_path(&out_folder, &project);
    let text = relative.to_string_lossy().into_owned();
    Ok(if text.is_empty() { ".".to_string() } else { text })
}

/// `to` as a path from the folder `from` (both absolute and resolved).
fn relative_path(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<_> = from.components().collect();
    let to: Vec<_> = to.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut path = PathBuf::new();
    for _ in common..from.len() {
        path.push("..");
    }
    for part in &to[common..] {
        path.push(part.as_os_str());
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relative_path_climbs_to_the_common_folder() {
        assert_eq!(relative_path(Path::new("/a/b"), Path::new("/a/b")), PathBuf::new());
        assert_eq!(relative_path(Path::new("/a/b/scenarios"), Path::new("/a/b")), PathBuf::from(".."));
        assert_eq!(relative_path(Path::new("/a/s"), Path::new("/a/b/p")), PathBuf::from("../b/p"));
    }
}
