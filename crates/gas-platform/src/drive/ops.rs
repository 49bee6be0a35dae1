//! What a script does to the Drive: create, look up, rename, overwrite, trash, move,
//! copy, and list (an iterator is a [`Listing`]: what it lists and how far it got, so
//! its continuation token is the listing itself and items made meanwhile show up).

use serde::{Deserialize, Serialize};

use super::query;
use super::*;
use crate::{ServiceError, ServiceResult};

/// What a FileIterator or FolderIterator walks; `after_seq` is the last item it gave.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Listing {
    pub kind: ListingKind,
    /// Only items in this folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// A `searchFiles` query, checked when the listing was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// The parents of this item (`getParents`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parents_of: Option<String>,
    /// Only trashed items (`getTrashedFiles`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trashed_only: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_seq: Option<u64>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ListingKind {
    #[default]
    Files,
    Folders,
}

/// A continuation token's prefix: its format version, so an old token is refused clearly.
const TOKEN_PREFIX: &str = "gas-sim-drive-1.";
/// A token that is not one a listing of this kind gave (assumed text).
pub const INVALID_TOKEN_MESSAGE: &str = "Invalid argument: continuationToken";
/// Bytes of a continuation token gas-sim reads.
const TOKEN_BYTES_MAX: usize = 64 * 1024;

impl Listing {
    pub fn new(kind: ListingKind) -> Listing {
        Listing { kind, ..Listing::default() }
    }

    /// `getContinuationToken()`: the listing, so `continue*Iterator` resumes it.
    pub fn token(&self) -> String {
        let json = serde_json::to_string(self).expect("a listing always serializes");
        format!("{TOKEN_PREFIX}{}", crate::utilities::base64_encode_web_safe(json.as_bytes()))
    }

    /// `continueFileIterator(token)` / `continueFolderIterator(token)`.
    pub fn from_token(token: &str, kind: ListingKind) -> ServiceResult<Listing> {
        let invalid = || ServiceError::new(INVALID_TOKEN_MESSAGE);
        if token.len() > TOKEN_BYTES_MAX {
            return Err(invalid());
        }
        let body = token.strip_prefix(TOKEN_PREFIX).ok_or_else(invalid)?;
        let bytes = crate::utilities::base64_decode_web_safe(body).map_err(|_| invalid())?;
        let listing: Listing = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
        if listing.kind != kind {
            return Err(invalid());
        }
        if let Some(q) = &listing.query {
            query::parse(q)?;
        }
        Ok(listing)
    }
}

/// A new item's id.
pub type Created = String;

fn check_name(name: &str) -> ServiceResult<()> {
    if name.is_empty() || name.chars().count() > NAME_CHARS_MAX {
        return Err(ServiceError::new(INVALID_NAME_MESSAGE));
    }
    Ok(())
}

fn not_found() -> ServiceError {
    ServiceError::new(NOT_FOUND_MESSAGE)
}

impl Drive {
    /// The root folder's id, made the first time a script needs it.
    pub fn root(&mut self, now_utc_ms: i64) -> String {
        if let Some(id) = &self.root_id {
            return id.clone();
        }
        let id = self.insert_unchecked(ItemKind::Folder, ROOT_NAME, FOLDER_MIME_TYPE, Vec::new(), None, now_utc_ms);
        self.root_id = Some(id.clone());
        id
    }

    fn insert_unchecked(
        &mut self,
        kind: ItemKind,
        name: &str,
        mime_type: &str,
        parents: Vec<String>,
        content: Option<Content>,
        now_utc_ms: i64,
    ) -> String {
        let seq = self.next_seq;
        self.next_seq += 1;
        let id = id_of(seq);
        let item = Item {
            kind,
            name: name.to_string(),
            mime_type: mime_type.to_string(),
            parents,
            trashed: false,
            created_utc_ms: now_utc_ms,
            updated_utc_ms: now_utc_ms,
            description: None,
            seq,
            editable: true,
            content,
            // A copy is not shared either (assumed: Drive copies no permissions).
            sharing: Default::default(),
            shortcut: None,
        };
        self.items.insert(id.clone(), item);
        id
    }

    /// An item by id, of the kind asked for; the platform's not-found text otherwise
    /// (a folder's id given to getFileById is not found either: assumed).
    pub fn get(&self, id: &str, kind: ItemKind) -> ServiceResult<&Item> {
        if id.is_empty() {
            return Err(ServiceError::new(INVALID_ID_MESSAGE));
        }
        self.items.get(id).filter(|item| item.kind == kind).ok_or_else(not_found)
    }

    fn editable(&mut self, id: &str) -> ServiceResult<&mut Item> {
        let item = self.items.get_mut(id).ok_or_else(not_found)?;
        if !item.editable {
            return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
        }
        Ok(item)
    }

    /// The folder a new item goes into: `parent`, or the root.
    fn parent_for_new(&mut self, parent: Option<&str>, now_utc_ms: i64) -> ServiceResult<String> {
        match parent {
            None => Ok(self.root(now_utc_ms)),
            Some(id) => {
                let folder = self.get(id, ItemKind::Folder)?;
                if !folder.editable {
                    return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
                }
                Ok(id.to_string())
            }
        }
    }

    /// Refuses content that would take the Drive past [`CONTENT_BYTES_TOTAL_MAX`]:
    /// `adding` bytes arrive, `replacing` bytes of an existing file go.
    fn check_content_room(&self, adding: usize, replacing: usize) -> ServiceResult<()> {
        let held: usize = self.items.values().map(|item| item.bytes().len()).sum();
        if held.saturating_sub(replacing).saturating_add(adding) > CONTENT_BYTES_TOTAL_MAX {
            return Err(ServiceError::new(DRIVE_FULL_MESSAGE));
        }
        Ok(())
    }

    fn check_room(&self) -> ServiceResult<()> {
        // The root may still have to be made: keep one place for it.
        if self.items.len() + 1 >= ITEMS_MAX {
            return Err(ServiceError::new(TOO_MANY_ITEMS_MESSAGE));
        }
        Ok(())
    }

    /// `createFolder(name)` in `parent` (the root when `None`).
    pub fn create_folder(&mut self, parent: Option<&str>, name: &str, now_utc_ms: i64) -> ServiceResult<Created> {
        check_name(name)?;
        self.check_room()?;
        let parent = self.parent_for_new(parent, now_utc_ms)?;
        Ok(self.insert_unchecked(ItemKind::Folder, name, FOLDER_MIME_TYPE, vec![parent], None, now_utc_ms))
    }

    /// A Google file made by its own service (`DocumentApp.create`), in the root: its
    /// content lives with that service, not here.
    pub fn create_google_file(&mut self, name: &str, mime_type: &str, now_utc_ms: i64) -> ServiceResult<Created> {
        check_name(name)?;
        self.check_room()?;
        let parent = self.parent_for_new(None, now_utc_ms)?;
        Ok(self.insert_unchecked(ItemKind::File, name, mime_type, vec![parent], None, now_utc_ms))
    }

    /// A Google file under an id of the caller's (a scenario's `[[documents]]`), in the
    /// root.
    pub fn add_google_file(&mut self, id: &str, name: &str, mime_type: &str, now_utc_ms: i64) -> ServiceResult<()> {
        check_name(name)?;
        self.check_room()?;
        if id.is_empty() || self.items.contains_key(id) {
            return Err(ServiceError::new(INVALID_ID_MESSAGE));
        }
        let parent = self.parent_for_new(None, now_utc_ms)?;
        let made = self.insert_unchecked(ItemKind::File, name, mime_type, vec![parent], None, now_utc_ms);
        if let Some(item) = self.items.remove(&made) {
            self.items.insert(id.to_string(), item);
        }
        Ok(())
    }

    /// `createFile(name, content[, mimeType])` or `createFile(blob)` in `parent`.
    pub fn create_file(
        &mut self,
        parent: Option<&str>,
        name: &str,
        bytes: Vec<u8>,
        mime_type: &str,
        now_utc_ms: i64,
    ) -> ServiceResult<Created> {
        check_name(name)?;
        // DriveApp cannot make a folder or a Google file from content (assumed text).
        if mime_type == FOLDER_MIME_TYPE || crate::utilities::is_google_type(Some(mime_type)) {
            return Err(ServiceError::new(INVALID_MIME_TYPE_MESSAGE));
        }
        if bytes.len() > CREATE_CONTENT_BYTES_MAX {
            return Err(ServiceError::new(CONTENT_TOO_LARGE_MESSAGE));
        }
        self.check_room()?;
        self.check_content_room(bytes.len(), 0)?;
        let parent = self.parent_for_new(parent, now_utc_ms)?;
        let content = Some(Content(bytes));
        Ok(self.insert_unchecked(ItemKind::File, name, mime_type, vec![parent], content, now_utc_ms))
    }

    /// `setName(name)` on a file or folder.
    pub fn set_name(&mut self, id: &str, name: &str, now_utc_ms: i64) -> ServiceResult<()> {
        check_name(name)?;
        let item = self.editable(id)?;
        item.name = name.to_string();
        item.updated_utc_ms = now_utc_ms;
        Ok(())
    }

    pub fn set_description(&mut self, id: &str, description: &str, now_utc_ms: i64) -> ServiceResult<()> {
        if description.chars().count() > NAME_CHARS_MAX {
            return Err(ServiceError::new("Argument too large: description"));
        }
        let item = self.editable(id)?;
        item.description = Some(description.to_string());
        item.updated_utc_ms = now_utc_ms;
        Ok(())
    }

    /// `setContent(content)`: the bytes replace the file's, its type stays. A shortcut has
    /// no content to replace.
    pub fn set_content(&mut self, id: &str, bytes: Vec<u8>, now_utc_ms: i64) -> ServiceResult<()> {
        if bytes.len() > SET_CONTENT_BYTES_MAX {
            return Err(ServiceError::new(CONTENT_TOO_LARGE_MESSAGE));
        }
        let file = self.get(id, ItemKind::File)?;
        if file.shortcut.is_some() {
            return Err(ServiceError::new(SHORTCUT_CONTENT_MESSAGE));
        }
        let replacing = file.bytes().len();
        self.check_content_room(bytes.len(), replacing)?;
        let item = self.editable(id)?;
        item.content = Some(Content(bytes));
        item.updated_utc_ms = now_utc_ms;
        Ok(())
    }

    /// `setTrashed(flag)`: the item keeps its parents and its last-updated date (assumed).
    pub fn set_trashed(&mut self, id: &str, trashed: bool) -> ServiceResult<()> {
        if Some(id) == self.root_id.as_deref() {
            return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
        }
        self.editable(id)?.trashed = trashed;
        Ok(())
    }

    /// `moveTo(destination)`: the item's only parent becomes `destination`. A folder
    /// cannot move into itself or below itself (assumed: Drive refuses a cycle).
    pub fn move_to(&mut self, id: &str, destination: &str) -> ServiceResult<()> {
        self.get(destination, ItemKind::Folder)?;
        if self.is_within(destination, id) || Some(id) == self.root_id.as_deref() {
            return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
        }
        self.editable(id)?.parents = vec![destination.to_string()];
        Ok(())
    }

    /// Whether `id` is `ancestor` or below it (bounded: a state file may hold a cycle).
    fn is_within(&self, id: &str, ancestor: &str) -> bool {
        let mut frontier = vec![id.to_string()];
        let mut steps = 0;
        while let Some(current) = frontier.pop() {
            if current == ancestor {
                return true;
            }
            steps += 1;
            if steps > ITEMS_MAX {
                return true;
            }
            if let Some(item) = self.items.get(&current) {
                frontier.extend(item.parents.iter().cloned());
            }
        }
        false
    }

    /// `folder.addFile(child)` / `addFolder`: one more parent (a file may sit in several
    /// folders, as DriveApp's API allows).
    pub fn add_to(&mut self, folder: &str, child: &str, kind: ItemKind) -> ServiceResult<()> {
        self.get(folder, ItemKind::Folder)?;
        self.get(child, kind)?;
        if kind == ItemKind::Folder && self.is_within(folder, child) {
            return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
        }
        let item = self.editable(child)?;
        if !item.parents.iter().any(|p| p == folder) {
            item.parents.push(folder.to_string());
        }
        Ok(())
    }

    /// `folder.removeFile(child)` / `removeFolder`: the item leaves that folder (with
    /// none left it is found only by id and search, as on Drive).
    pub fn remove_from(&mut self, folder: &str, child: &str, kind: ItemKind) -> ServiceResult<()> {
        self.get(folder, ItemKind::Folder)?;
        self.get(child, kind)?;
        self.editable(child)?.parents.retain(|p| p != folder);
        Ok(())
    }

    /// `makeCopy([name][, destination])`: "Copy of <name>" when no name is given
    /// (observed), in the original's first folder when no destination is (assumed).
    pub fn make_copy(
        &mut self,
        id: &str,
        name: Option<&str>,
        destination: Option<&str>,
        now_utc_ms: i64,
    ) -> ServiceResult<Created> {
        let original = self.get(id, ItemKind::File)?.clone();
        let name = name.map_or_else(|| format!("Copy of {}", original.name), str::to_string);
        check_name(&name)?;
        self.check_room()?;
        self.check_content_room(original.bytes().len(), 0)?;
        let parent = match destination {
            Some(folder) => self.parent_for_new(Some(folder), now_utc_ms)?,
            None => match original.parents.first() {
                Some(first) => first.clone(),
                None => self.root(now_utc_ms),
            },
        };
        let copy = self.insert_unchecked(
            ItemKind::File,
            &name,
            &original.mime_type,
            vec![parent],
            original.content.clone(),
            now_utc_ms,
        );
        if let Some(item) = self.items.get_mut(&copy) {
            item.description = original.description;
            // A copy of a shortcut points where it does (documented: a shortcut needed
            // in another place "can be copied").
            item.shortcut = original.shortcut;
        }
        Ok(copy)
    }

    /// `createShortcut(targetId)` in `parent` (the root when `None`): a file of type
    /// [`SHORTCUT_MIME_TYPE`] named as its target is now, pointing to it (a file or a
    /// folder). Documented (Drive's guide to shortcuts): "When a shortcut is created, the
    /// title of the target is used as the title of the shortcut"; the target's type is
    /// copied. A trashed target can be pointed to as well (assumed: it can be restored).
    pub fn create_shortcut(
        &mut self,
        parent: Option<&str>,
        target_id: &str,
        now_utc_ms: i64,
    ) -> ServiceResult<Created> {
        if target_id.is_empty() {
            return Err(ServiceError::new(INVALID_ID_MESSAGE));
        }
        let target = self.items.get(target_id).ok_or_else(not_found)?;
        let (name, shortcut) =
            (target.name.clone(), ShortcutTarget { id: target_id.to_string(), mime_type: target.mime_type.clone() });
        self.check_room()?;
        let parent = self.parent_for_new(parent, now_utc_ms)?;
        let id = self.insert_unchecked(ItemKind::File, &name, SHORTCUT_MIME_TYPE, vec![parent], None, now_utc_ms);
        if let Some(item) = self.items.get_mut(&id) {
            item.shortcut = Some(shortcut);
        }
        Ok(id)
    }

    /// The next item `listing` gives, advancing it; `None` at the end.
    pub fn next(&self, listing: &mut Listing) -> ServiceResult<Option<String>> {
        let found = self.peek(listing)?;
        if let Some(id) = &found {
            listing.after_seq = self.items.get(id).map(|item| item.seq);
        }
        Ok(found)
    }

    /// The item `next` would give, without advancing.
    pub fn peek(&self, listing: &Listing) -> ServiceResult<Option<String>> {
        let expr = listing.query.as_deref().map(query::parse).transpose()?;
        let kind = match listing.kind {
            ListingKind::Files => ItemKind::File,
            ListingKind::Folders => ItemKind::Folder,
        };
        let parents_of = match &listing.parents_of {
            Some(id) => Some(self.items.get(id).ok_or_else(not_found)?),
            None => None,
        };
        let mut best: Option<(&String, &Item)> = None;
        for (id, item) in &self.items {
            let later = listing.after_seq.is_none_or(|after| item.seq > after);
            if item.kind != kind || !later || best.is_some_and(|(_, b)| b.seq < item.seq) {
                continue;
            }
            // The root is in no listing but a child's getParents (assumed).
            let is_root = Some(id.as_str()) == self.root_id.as_deref();
            let selected = match parents_of {
                Some(child) => child.parents.contains(id),
                None => !is_root,
            };
            let within = listing.within.as_ref().is_none_or(|folder| item.parents.contains(folder));
            let named = listing.name.as_ref().is_none_or(|name| &item.name == name);
            let typed = listing.mime_type.as_ref().is_none_or(|t| &item.mime_type == t);
            let trash = !listing.trashed_only || item.trashed;
            if selected && within && named && typed && trash && expr.as_ref().is_none_or(|e| e.matches(item)) {
                best = Some((id, item));
            }
        }
        Ok(best.map(|(id, _)| id.clone()))
    }
}
