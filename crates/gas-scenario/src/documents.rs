//! `[[documents]]`: Google Docs documents a scenario's world holds before its first
//! event (a mail merge's template), each a Drive file of the document type in My Drive
//! and its paragraphs.
//!
//! ```toml
//! [[documents]]
//! id = "template-invoice"
//! name = "Invoice template"
//! body = ["Dear {{name}},", "You owe {{amount}}."]
//! header = ["ACME Ltd"]
//! ```

use gas_platform::documents::{Doc, DOCUMENT_MIME_TYPE};
use gas_platform::World;
use serde::Deserialize;

use crate::model::{LoadedScenario, ScenarioError};

/// `[[documents]]`: one document.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocumentSection {
    /// Its id (`DocumentApp.openById(id)`, `DriveApp.getFileById(id)`).
    pub id: String,
    /// Default: the id.
    pub name: Option<String>,
    /// The body's paragraphs, in order (none: one empty paragraph, as a new document).
    #[serde(default)]
    pub body: Vec<String>,
    /// The header's paragraphs: the document has a header section when given.
    pub header: Option<Vec<String>>,
    pub footer: Option<Vec<String>>,
}

/// Adds each `[[documents]]` to the world: its Drive file and its content.
pub fn declare_documents(loaded: &LoadedScenario, world: &mut World) -> Result<(), ScenarioError> {
    for (i, section) in loaded.file.documents.iter().enumerate() {
        let key = format!("documents[{i}]");
        let bad_id = section.id.is_empty() || section.id.len() > 200 || section.id.contains(['/', '?', '#']);
        if bad_id || world.drive.item(&section.id).is_some() {
            let message = format!("{:?}: each document has an id of its own (no '/', '?' or '#')", section.id);
            return Err(loaded.error(&format!("{key}.id"), message));
        }
        let name = section.name.clone().unwrap_or_else(|| section.id.clone());
        let doc = Doc::with_paragraphs(&section.body, section.header.as_deref(), section.footer.as_deref())
            .map_err(|e| loaded.error(&format!("{key}.body"), e.message))?;
        // Declared before any run: made at the epoch (its Drive dates say so).
        world
            .drive
            .add_google_file(&section.id, &name, DOCUMENT_MIME_TYPE, 0)
            .map_err(|e| loaded.error(&format!("{key}.name"), e.message))?;
        world.documents.create(&section.id).map_err(|e| loaded.error(&key, e.message))?;
        world.documents.docs.insert(section.id.clone(), doc);
    }
    Ok(())
}
