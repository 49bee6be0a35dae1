//! DriveApp's state: the user's files and folders (names, ids, MIME types, parents,
//! trash, dates, descriptions, contents), their limits and error texts. `ops.rs` holds
//! what a script does to them (create, rename, overwrite, move, copy, trash, list),
//! `query.rs` the search language of `searchFiles` / `searchFolders`.
//!
//! Ids are deterministic: the n-th item the world ever made gets the id `id_of(n)`
//! (33 characters from `[A-Za-z0-9_-]` starting with `1`, the shape of Drive's ids), so
//! a run replays byte for byte and two worlds that made the same items agree.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

pub mod api_v3;
pub mod mime;
mod ops;
pub mod query;
pub mod sharing;
mod spreadsheet_files;
#[cfg(test)]
mod tests;

pub use ops::{Created, Listing, ListingKind};

/// Observed: `next()` past the end of a FileIterator or FolderIterator.
pub const ITERATOR_END_MESSAGE: &str = "Cannot retrieve the next object: iterator has reached the end.";

/// A folder's MIME type (documented: `MimeType.FOLDER`).
pub const FOLDER_MIME_TYPE: &str = "application/vnd.google-apps.folder";
/// A text file's type when none is given (documented: `createFile(name, content)`
/// "creates a text file").
pub const TEXT_MIME_TYPE: &str = "text/plain";
/// A blob without a content type becomes a file of this type (assumed).
pub const BLOB_MIME_TYPE_DEFAULT: &str = "application/octet-stream";
/// A blob without a name becomes a file of this name (assumed).
pub const BLOB_NAME_DEFAULT: &str = "Untitled";
/// `getRootFolder().getName()` (observed: the root is "My Drive").
pub const ROOT_NAME: &str = "My Drive";

/// Documented: `createFile(name, content)` "Throws an exception if content is larger than
/// 50 MB" (applied to every createFile form and to makeCopy).
pub const CREATE_CONTENT_BYTES_MAX: usize = 50 * 1024 * 1024;
/// Documented: `setContent(content)` "Throws an exception if content is larger than 10MB".
pub const SET_CONTENT_BYTES_MAX: usize = 10 * 1024 * 1024;
/// Files and folders one world holds (gas-sim's own limit: every listing scans them all).
pub const ITEMS_MAX: usize = 10_000;
/// Bytes of file content one world's Drive holds, all files together: 512 MiB (gas-sim's
/// own limit, far below the platform's 15 GB storage: the world is held in memory and
/// written to state files). A file that would take it past is refused with
/// [`DRIVE_FULL_MESSAGE`].
pub const CONTENT_BYTES_TOTAL_MAX: usize = 512 * 1024 * 1024;
/// Past [`CONTENT_BYTES_TOTAL_MAX`] (gas-sim's own limit, its own text).
pub const DRIVE_FULL_MESSAGE: &str = "gas-sim: Drive holds at most 536870912 bytes of file content, gas-sim's limit";
/// Characters in a name or description (gas-sim's own limit; Drive's is not published).
pub const NAME_CHARS_MAX: usize = 32_768;
/// Bytes of an item's id (gas-sim's bound, checked on load: Drive's own are 33 or 44).
pub const ID_CHARS_MAX: usize = 200;

/// The text users report for an id that names no item they can see (assumed: quoted on
/// Stack Overflow; the platform's text has changed over the years).
pub const NOT_FOUND_MESSAGE: &str = "No item with the given ID could be found. Possibly because you have not edited this item or you do not have permission to access it.";
/// A change to an item the user may only view (assumed: the text users report when Drive
/// refuses DriveApp).
pub const ACCESS_DENIED_MESSAGE: &str = "Access denied: DriveApp.";
/// Content over a limit above (assumed text, the shape of the platform's other size errors).
pub const CONTENT_TOO_LARGE_MESSAGE: &str = "Argument too large: content";
/// An empty or missing id (assumed text).
pub const INVALID_ID_MESSAGE: &str = "Invalid argument: id";
/// An empty name (assumed text).
pub const INVALID_NAME_MESSAGE: &str = "Invalid argument: name";
/// A folder's or Google type's MIME type given to createFile (assumed text).
pub const INVALID_MIME_TYPE_MESSAGE: &str = "Invalid argument: mimeType";
/// `DriveApp.getStorageLimit()` of a free account: 15 GB (documented: Google accounts
/// come with 15 GB of storage at no charge).
pub const STORAGE_LIMIT_CONSUMER_BYTES: u64 = 15 * 1024 * 1024 * 1024;
/// Of a Workspace account: 30 GB, a Business Starter user's (assumed: it depends on the
/// edition, which a scenario does not say).
pub const STORAGE_LIMIT_WORKSPACE_BYTES: u64 = 30 * 1024 * 1024 * 1024;

/// `DriveApp.getStorageLimit()` for the account's kind.
pub fn storage_limit_bytes(account: crate::mail::AccountType) -> u64 {
    match account {
        crate::mail::AccountType::Consumer => STORAGE_LIMIT_CONSUMER_BYTES,
        crate::mail::AccountType::Workspace => STORAGE_LIMIT_WORKSPACE_BYTES,
    }
}

/// Past [`ITEMS_MAX`] (gas-sim's own limit, its own text).
pub const TOO_MANY_ITEMS_MESSAGE: &str = "gas-sim: Drive holds 10000 items, gas-sim's limit";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    File,
    Folder,
}

/// One file or folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    pub kind: ItemKind,
    pub name: String,
    pub mime_type: String,
    /// Folder ids; empty for the root (and for a file removed from every folder).
    #[serde(default)]
    pub parents: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trashed: bool,
    pub created_utc_ms: i64,
    pub updated_utc_ms: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Creation order: listings follow it (assumed: Drive's own order is unspecified).
    pub seq: u64,
    /// The user may only view it (a file shared with them): changes are refused.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub editable: bool,
    /// A file's bytes; folders have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Content>,
    /// Owner, users given access, link sharing (`sharing.rs`).
    #[serde(default, skip_serializing_if = "sharing::Sharing::is_default")]
    pub sharing: sharing::Sharing,
    /// What a shortcut points to (`createShortcut`); `None` for every other item.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortcut: Option<ShortcutTarget>,
}

/// A shortcut's target, as Drive keeps it (documented, Drive's guide to shortcuts): the
/// target's id and its MIME type *when the shortcut was made*, which later changes to the
/// target do not update; a shortcut whose target is trashed or deleted keeps both (it is
/// "broken").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShortcutTarget {
    pub id: String,
    pub mime_type: String,
}

/// A shortcut's MIME type (documented: `MimeType.SHORTCUT`).
pub const SHORTCUT_MIME_TYPE: &str = "application/vnd.google-apps.shortcut";
/// `setContent` on a shortcut, or content sent to one through the Drive API (assumed text,
/// the shape of the other argument errors: a shortcut has no content of its own).
pub const SHORTCUT_CONTENT_MESSAGE: &str = "Invalid argument: a shortcut has no content";

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

impl Item {
    pub fn size_bytes(&self) -> usize {
        // Google's own types take no quota and report 0 (documented for getSize).
        if crate::utilities::is_google_type(Some(&self.mime_type)) {
            return 0;
        }
        self.content.as_ref().map_or(0, |c| c.0.len())
    }

    pub fn bytes(&self) -> &[u8] {
        self.content.as_ref().map_or(&[], |c| c.0.as_slice())
    }
}

/// A file's bytes. In a state file: `{"text": "..."}` when they are UTF-8, else
/// `{"base64": "..."}`, so a text file stays readable.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Content(pub Vec<u8>);

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
enum ContentForm {
    Text(String),
    Base64(String),
}

impl Serialize for Content {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(&self.0) {
            Ok(text) => ContentForm::Text(text.to_string()),
            Err(_) => ContentForm::Base64(crate::utilities::base64_encode(&self.0)),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Content, D::Error> {
        match ContentForm::deserialize(deserializer)? {
            ContentForm::Text(text) => Ok(Content(text.into_bytes())),
            ContentForm::Base64(text) => crate::utilities::base64_decode(&text)
                .map(Content)
                .map_err(|e| serde::de::Error::custom(format!("base64: {}", e.message))),
        }
    }
}

/// The user's Drive. Empty (and absent from a state file) until a script touches it;
/// the root folder is made then.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Drive {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root_id: Option<String>,
    /// The seq the next item takes (and the source of its id).
    pub next_seq: u64,
    /// By id.
    pub items: BTreeMap<String, Item>,
    /// The spreadsheets that became Drive files (`spreadsheet_files.rs`): one removed
    /// from the Drive since does not come back.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub spreadsheets_shown: BTreeSet<String>,
}

/// `https://drive.google.com/...` forms (observed: what getUrl and getDownloadUrl give);
/// a Google file's `getUrl` is its editor's address (`https://docs.google.com/spreadsheets/
/// d/<id>/edit?usp=drivesdk`, observed), so `SpreadsheetApp.openByUrl(file.getUrl())` and
/// `DocumentApp.openByUrl` open it.
pub fn file_url(id: &str, mime_type: &str) -> String {
    const EDITORS: [(&str, &str); 4] = [
        ("application/vnd.google-apps.spreadsheet", "spreadsheets"),
        ("application/vnd.google-apps.document", "document"),
        ("application/vnd.google-apps.presentation", "presentation"),
        ("application/vnd.google-apps.form", "forms"),
    ];
    match EDITORS.iter().find(|(mime, _)| *mime == mime_type) {
        Some((_, editor)) => format!("https://docs.google.com/{editor}/d/{id}/edit?usp=drivesdk"),
        None => format!("https://drive.google.com/file/d/{id}/view?usp=drivesdk"),
    }
}

pub fn folder_url(id: &str) -> String {
    format!("https://drive.google.com/drive/folders/{id}")
}

pub fn download_url(id: &str) -> String {
    format!("https://drive.google.com/uc?id={id}&export=download")
}

/// The id of the `seq`-th item: `1` and 32 characters of a SHA-256 of the seq, in the
/// URL-safe base64 alphabet Drive's ids use.
pub fn id_of(seq: u64) -> String {
    let digest = Sha256::digest(format!("gas-sim drive item {seq}").as_bytes());
    let text = crate::utilities::base64_encode_web_safe(&digest);
    format!("1{}", &text[..32])
}

/// One line of a report per item: what a snapshot shows of the Drive.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemSummary {
    pub id: String,
    /// The folder path from the root (`My Drive/results/a.txt`); the first parent's.
    pub path: String,
    pub kind: ItemKind,
    pub mime_type: String,
    pub size_bytes: usize,
    pub trashed: bool,
    pub created_utc_ms: i64,
    pub updated_utc_ms: i64,
    /// Every parent's id (a file may sit in several folders).
    pub parents: Vec<String>,
    /// A text file's content (JSON report only), cut at `SUMMARY_CONTENT_CHARS_MAX`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// Who it is shared with and how, when it is (`sharing.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sharing: Option<sharing::Sharing>,
    /// What a shortcut points to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortcut: Option<ShortcutTarget>,
}

/// Characters of a file's content a report shows.
pub const SUMMARY_CONTENT_CHARS_MAX: usize = 2_000;
/// Folder levels a path shows (a state file may hold a cycle: the path stops).
const PATH_DEPTH_MAX: usize = 32;

impl Drive {
    pub fn is_empty(&self) -> bool {
        *self == Drive::default()
    }

    pub fn item(&self, id: &str) -> Option<&Item> {
        self.items.get(id)
    }

    /// `DriveApp.getStorageUsed()`: the bytes of the files the user owns, trashed ones
    /// included (documented: files in the trash use storage until it is emptied); an item
    /// shared with the user, or given to another owner, is not theirs.
    pub fn storage_used_bytes(&self) -> u64 {
        let mine = |item: &&Item| item.editable && item.sharing.owner.is_none();
        self.items.values().filter(mine).map(|item| item.bytes().len() as u64).sum()
    }

    /// Every item but the root, in creation order.
    pub fn summary(&self) -> Vec<ItemSummary> {
        let mut items: Vec<(&String, &Item)> =
            self.items.iter().filter(|(id, _)| Some(id.as_str()) != self.root_id.as_deref()).collect();
        items.sort_by_key(|(_, item)| item.seq);
        items
            .into_iter()
            .map(|(id, item)| ItemSummary {
                id: id.clone(),
                path: self.path_of(id),
                kind: item.kind,
                mime_type: item.mime_type.clone(),
                size_bytes: item.size_bytes(),
                trashed: item.trashed,
                created_utc_ms: item.created_utc_ms,
                updated_utc_ms: item.updated_utc_ms,
                parents: item.parents.clone(),
                content: item
                    .content
                    .as_ref()
                    .and_then(|c| std::str::from_utf8(&c.0).ok())
                    .map(|t| t.chars().take(SUMMARY_CONTENT_CHARS_MAX).collect()),
                sharing: (!item.sharing.is_default()).then(|| item.sharing.clone()),
                shortcut: item.shortcut.clone(),
            })
            .collect()
    }

    fn path_of(&self, id: &str) -> String {
        let mut names = Vec::new();
        let mut at = Some(id.to_string());
        while let Some(current) = at.take() {
            let Some(item) = self.items.get(&current) else { break };
            names.push(item.name.clone());
            if names.len() >= PATH_DEPTH_MAX {
                break;
            }
            at = item.parents.first().cloned();
        }
        names.reverse();
        names.join("/")
    }

    /// What a state file must hold: ids of the shape `id_of` makes are not required, but
    /// every parent exists and is a folder, folders have no content and the folder type,
    /// seqs are unique and below `next_seq`, limits hold.
    pub fn check_state(&self) -> Result<(), String> {
        if self.items.len() > ITEMS_MAX {
            return Err(format!("holds {} items, more than gas-sim's {ITEMS_MAX}", self.items.len()));
        }
        if let Some(root) = &self.root_id {
            match self.items.get(root) {
                Some(item) if item.kind == ItemKind::Folder && item.parents.is_empty() => {}
                _ => return Err(format!("root_id {root:?} is no folder without parents in items")),
            }
        }
        let mut seqs = std::collections::BTreeSet::new();
        for (id, item) in &self.items {
            let at = |e: String| format!("items.{id}: {e}");
            if id.is_empty() || id.len() > ID_CHARS_MAX {
                return Err(format!("items: an id of {} characters", id.len()));
            }
            if item.seq >= self.next_seq || !seqs.insert(item.seq) {
                return Err(at(format!("seq {} is taken or not below next_seq {}", item.seq, self.next_seq)));
            }
            if item.name.is_empty() || item.name.chars().count() > NAME_CHARS_MAX {
                return Err(at(format!("name: {INVALID_NAME_MESSAGE}")));
            }
            for time in [item.created_utc_ms, item.updated_utc_ms] {
                crate::time::check_time_value(time).map_err(at)?;
            }
            match item.kind {
                ItemKind::Folder if item.mime_type != FOLDER_MIME_TYPE || item.content.is_some() => {
                    return Err(at(format!("a folder has the type {FOLDER_MIME_TYPE} and no content")));
                }
                ItemKind::File if item.mime_type == FOLDER_MIME_TYPE => {
                    return Err(at("a file cannot have the folder type".into()));
                }
                _ => {}
            }
            if item.bytes().len() > CREATE_CONTENT_BYTES_MAX {
                return Err(at(format!(
                    "content: {CONTENT_TOO_LARGE_MESSAGE} (over {CREATE_CONTENT_BYTES_MAX} bytes)"
                )));
            }
            sharing::check_sharing(&item.sharing).map_err(at)?;
            // A shortcut is a file of the shortcut type with no content; its target may be
            // gone (a broken shortcut), so it is not looked up.
            let is_shortcut_type = item.mime_type == SHORTCUT_MIME_TYPE;
            match &item.shortcut {
                Some(target) if !is_shortcut_type || item.kind != ItemKind::File || item.content.is_some() => {
                    return Err(at(format!(
                        "shortcut: only a file of the type {SHORTCUT_MIME_TYPE} without content points to {:?}",
                        target.id
                    )));
                }
                Some(target) if target.id.is_empty() || target.mime_type.is_empty() => {
                    return Err(at("shortcut: the target's id and mime_type cannot be empty".into()));
                }
                None if is_shortcut_type => {
                    return Err(at(format!(
                        "a file of the type {SHORTCUT_MIME_TYPE} needs its shortcut (id, mime_type)"
                    )));
                }
                _ => {}
            }
            for parent in &item.parents {
                match self.items.get(parent) {
                    Some(p) if p.kind == ItemKind::Folder => {}
                    _ => return Err(at(format!("parent {parent:?} is no folder in items"))),
                }
            }
        }
        let held: usize = self.items.values().map(|item| item.bytes().len()).sum();
        if held > CONTENT_BYTES_TOTAL_MAX {
            return Err(format!("items: {DRIVE_FULL_MESSAGE} ({held} bytes)"));
        }
        Ok(())
    }
}
