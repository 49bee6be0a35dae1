//! The advanced Drive service (`Drive.Files.*`, Drive API v3) on the same files and
//! folders DriveApp sees. Requests and answers are the REST API's JSON (documented:
//! developers.google.com/drive/api/reference/rest/v3/files); what a request asks that
//! gas-sim does not model is a gap naming itself.
//!
//! Rules, with their sources:
//! - A file resource has `kind`, `id`, `name` and `mimeType` unless `fields` asks for
//!   more (documented: "By default, only a small set of fields is returned"); `fields`
//!   is a list of names, `files(id,name)` in a list, or `*` (documented syntax).
//! - `list` returns trashed files too unless `q` says `trashed = false` (documented), in
//!   pages of `pageSize` (default 100, at most 1,000: documented) with a `nextPageToken`;
//!   `q` is DriveApp's search language (query.rs); `orderBy` name, createdTime or
//!   modifiedTime, each optionally `desc`; without it, creation order (assumed).
//! - `remove` deletes for good, a folder with what is in it (documented: "If the target
//!   is a folder, all descendants owned by the user are also deleted").
//! - Errors are `API call to drive.files.get failed with error: File not found: <id>.`
//!   (observed form).

use serde_json::{json, Map, Value as Json};

use super::{query, Drive, ItemKind, FOLDER_MIME_TYPE};
use crate::error::{ServiceError, ServiceResult};
use crate::time::iso_utc;

/// Files in one page of `list`: the default and the most (documented).
pub const PAGE_SIZE_DEFAULT: usize = 100;
pub const PAGE_SIZE_MAX: usize = 1_000;

/// The error of call `call` (`drive.files.get`), in the advanced services' form (observed).
pub fn api_error(call: &str, message: &str) -> ServiceError {
    ServiceError::new(format!("API call to {call} failed with error: {message}"))
}

/// A gap: `what` names the method with its parentheses and what it lacks.
fn gap(what: &str) -> ServiceError {
    ServiceError::new(format!("{}{what}", crate::gaps::UNIMPLEMENTED_PREFIX))
}

/// Observed: the Drive API's text for an id that names no file the user can see.
pub fn file_not_found(id: &str) -> String {
    format!("File not found: {id}.")
}

/// A blob given as `mediaData`: bytes, content type and name.
pub struct Media {
    pub bytes: Vec<u8>,
    pub content_type: Option<String>,
    pub name: Option<String>,
}

/// Which fields of a file resource an answer holds.
#[derive(Debug, Clone, PartialEq)]
enum Fields {
    All,
    Some(Vec<String>),
}

const DEFAULT_FIELDS: &[&str] = &["kind", "id", "name", "mimeType"];

impl Fields {
    fn default_file() -> Fields {
        Fields::Some(DEFAULT_FIELDS.iter().map(|f| f.to_string()).collect())
    }

    /// `a,b,files(c,d)`: the top-level names, each with what its parentheses hold.
    fn parse(text: &str) -> Vec<(String, Option<String>)> {
        let mut out = Vec::new();
        let (mut depth, mut start) = (0usize, 0usize);
        let bytes: Vec<char> = text.chars().collect();
        let mut push = |part: String| {
            let part = part.trim().to_string();
            if part.is_empty() {
                return;
            }
            match part.split_once('(') {
                Some((name, rest)) => out.push((name.trim().to_string(), Some(rest.trim_end_matches(')').to_string()))),
                None => match part.split_once('/') {
                    Some((name, rest)) => out.push((name.trim().to_string(), Some(rest.to_string()))),
                    None => out.push((part, None)),
                },
            }
        };
        for (i, c) in bytes.iter().enumerate() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    push(bytes[start..i].iter().collect());
                    start = i + 1;
                }
                _ => {}
            }
        }
        push(bytes[start..].iter().collect());
        out
    }

    fn of_file(text: Option<&str>) -> Fields {
        match text {
            None => Fields::default_file(),
            Some(text) if text.trim() == "*" => Fields::All,
            Some(text) => Fields::Some(Fields::parse(text).into_iter().map(|(name, _)| name).collect()),
        }
    }

    /// For a list: whether the list's own keys are all wanted, and the files' fields.
    fn of_list(text: Option<&str>) -> (Option<Vec<String>>, Fields) {
        let Some(text) = text else { return (None, Fields::default_file()) };
        if text.trim() == "*" {
            return (None, Fields::All);
        }
        let mut own = Vec::new();
        let mut files = Fields::default_file();
        for (name, inner) in Fields::parse(text) {
            if name == "files" {
                files = match inner.as_deref() {
                    None | Some("*") => Fields::All,
                    Some(inner) => Fields::of_file(Some(inner)),
                };
            }
            own.push(name);
        }
        (Some(own), files)
    }

    fn select(&self, full: Map<String, Json>) -> Json {
        match self {
            Fields::All => Json::Object(full),
            Fields::Some(names) => Json::Object(full.into_iter().filter(|(k, _)| names.contains(k)).collect()),
        }
    }
}

impl Drive {
    /// Every field gas-sim knows of a file resource.
    fn resource(&self, id: &str) -> Map<String, Json> {
        let Some(item) = self.items.get(id) else { return Map::new() };
        let mut out = Map::new();
        out.insert("kind".into(), json!("drive#file"));
        out.insert("id".into(), json!(id));
        out.insert("name".into(), json!(item.name));
        out.insert("mimeType".into(), json!(item.mime_type));
        out.insert("parents".into(), json!(item.parents));
        out.insert("trashed".into(), json!(item.trashed));
        out.insert("createdTime".into(), json!(iso_utc(item.created_utc_ms)));
        out.insert("modifiedTime".into(), json!(iso_utc(item.updated_utc_ms)));
        if let Some(description) = &item.description {
            out.insert("description".into(), json!(description));
        }
        if let Some(target) = &item.shortcut {
            // Documented (Drive's guide to shortcuts): `shortcutDetails` holds the target.
            out.insert("shortcutDetails".into(), json!({ "targetId": target.id, "targetMimeType": target.mime_type }));
        }
        if item.kind == ItemKind::File {
            // Documented: `size` is a string of bytes, for files with content.
            out.insert("size".into(), json!(item.size_bytes().to_string()));
            out.insert("webViewLink".into(), json!(super::file_url(id, &item.mime_type)));
        } else {
            out.insert("webViewLink".into(), json!(super::folder_url(id)));
        }
        out
    }

    fn existing(&self, call: &str, id: &str) -> ServiceResult<()> {
        if self.items.contains_key(id) && self.root_id.as_deref() != Some(id) {
            Ok(())
        } else {
            Err(api_error(call, &file_not_found(id)))
        }
    }

    /// `Files.list([options])`.
    pub fn api_files_list(&self, options: &Json) -> ServiceResult<Json> {
        let call = "drive.files.list";
        let page_size = options.get("pageSize").and_then(Json::as_u64).map_or(PAGE_SIZE_DEFAULT, |n| n as usize);
        if page_size == 0 || page_size > PAGE_SIZE_MAX {
            let message = format!("Invalid value '{page_size}'. Values must be within the range: [1, {PAGE_SIZE_MAX}]");
            return Err(api_error(call, &message));
        }
        let filter = match options.get("q").and_then(Json::as_str) {
            Some(q) if !q.trim().is_empty() => Some(query::parse(q).map_err(|e| match e.message.as_str() {
                query::INVALID_QUERY_MESSAGE => api_error(call, "Invalid Value"),
                _ => e,
            })?),
            _ => None,
        };
        let mut ids: Vec<&String> = self
            .items
            .iter()
            .filter(|(id, _)| self.root_id.as_deref() != Some(id.as_str()))
            .filter(|(_, item)| filter.as_ref().is_none_or(|f| f.matches(item)))
            .map(|(id, _)| id)
            .collect();
        ids.sort_by_key(|id| self.items[*id].seq);
        if let Some(order) = options.get("orderBy").and_then(Json::as_str) {
            self.order(call, order, &mut ids)?;
        }
        let start = match options.get("pageToken").and_then(Json::as_str) {
            None | Some("") => 0,
            Some(token) => token.parse::<usize>().map_err(|_| api_error(call, "Invalid Value"))?,
        };
        let (list_fields, file_fields) = Fields::of_list(options.get("fields").and_then(Json::as_str));
        let page: Vec<Json> =
            ids.iter().skip(start).take(page_size).map(|id| file_fields.select(self.resource(id))).collect();
        let mut out = Map::new();
        out.insert("kind".into(), json!("drive#fileList"));
        out.insert("incompleteSearch".into(), json!(false));
        if start + page_size < ids.len() {
            out.insert("nextPageToken".into(), json!((start + page_size).to_string()));
        }
        out.insert("files".into(), Json::Array(page));
        Ok(match list_fields {
            None => Json::Object(out),
            Some(names) => Json::Object(out.into_iter().filter(|(k, _)| names.contains(k)).collect()),
        })
    }

    /// `orderBy`: `name`, `createdTime`, `modifiedTime`, each with ` desc`; others a gap.
    fn order(&self, call: &str, order: &str, ids: &mut [&String]) -> ServiceResult<()> {
        let mut keys: Vec<(&str, bool)> = Vec::new();
        for part in order.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, desc) = match part.split_once(' ') {
                Some((key, dir)) if dir.trim() == "desc" => (key, true),
                Some((_, _)) => return Err(api_error(call, "Invalid Value")),
                None => (part, false),
            };
            if !matches!(key, "name" | "createdTime" | "modifiedTime") {
                return Err(gap(&format!("FilesCollection.list() with orderBy {key}")));
            }
            keys.push((key, desc));
        }
        ids.sort_by(|a, b| {
            let (a, b) = (&self.items[*a], &self.items[*b]);
            for (key, desc) in &keys {
                let ordering = match *key {
                    "name" => a.name.cmp(&b.name),
                    "createdTime" => a.created_utc_ms.cmp(&b.created_utc_ms),
                    _ => a.updated_utc_ms.cmp(&b.updated_utc_ms),
                };
                let ordering = if *desc { ordering.reverse() } else { ordering };
                if ordering.is_ne() {
                    return ordering;
                }
            }
            a.seq.cmp(&b.seq)
        });
        Ok(())
    }

    /// `Files.get(fileId[, options])`: the resource, or with `alt: 'media'` the content
    /// as text.
    pub fn api_files_get(&self, id: &str, options: &Json) -> ServiceResult<Json> {
        let call = "drive.files.get";
        self.existing(call, id)?;
        if options.get("alt").and_then(Json::as_str) == Some("media") {
            let item = &self.items[id];
            if item.kind == ItemKind::Folder || crate::utilities::is_google_type(Some(&item.mime_type)) {
                // Observed: Google files are exported, not downloaded.
                let message = "Only files with binary content can be downloaded. Use Export with Docs Editors files.";
                return Err(api_error(call, message));
            }
            return Ok(json!(String::from_utf8_lossy(item.bytes())));
        }
        Ok(Fields::of_file(options.get("fields").and_then(Json::as_str)).select(self.resource(id)))
    }

    /// `Files.create(resource[, mediaData[, options]])`: a folder when the resource's
    /// `mimeType` is a folder's, else a file (in `parents[0]`, else the root).
    pub fn api_files_create(
        &mut self,
        resource: &Json,
        media: Option<Media>,
        options: &Json,
        now_utc_ms: i64,
    ) -> ServiceResult<Json> {
        let call = "drive.files.create";
        let parent = resource.get("parents").and_then(Json::as_array).and_then(|p| p.first()).and_then(Json::as_str);
        if let Some(parent) = parent {
            self.existing(call, parent).or_else(|e| match self.root_id.as_deref() == Some(parent) {
                true => Ok(()),
                false => Err(e),
            })?;
        }
        let text = |key: &str| resource.get(key).and_then(Json::as_str);
        let media_name = media.as_ref().and_then(|m| m.name.clone());
        let name = text("name").map(str::to_string).or(media_name).unwrap_or_else(|| "Untitled".into());
        let media_type = media.as_ref().and_then(|m| m.content_type.clone());
        let mime_type = text("mimeType").map(str::to_string).or(media_type);
        let id = match mime_type.as_deref() {
            Some(FOLDER_MIME_TYPE) => self.create_folder(parent, &name, now_utc_ms)?,
            Some(kind) if crate::utilities::is_google_type(Some(kind)) => {
                return Err(gap(&format!("FilesCollection.create() of a {kind} file")));
            }
            kind => {
                let bytes = media.map(|m| m.bytes).unwrap_or_default();
                let kind = kind.unwrap_or(super::BLOB_MIME_TYPE_DEFAULT);
                self.create_file(parent, &name, bytes, kind, now_utc_ms)?
            }
        };
        if let Some(description) = text("description") {
            self.set_description(&id, description, now_utc_ms)?;
        }
        Ok(Fields::of_file(options.get("fields").and_then(Json::as_str)).select(self.resource(&id)))
    }

    /// `Files.update(resource, fileId[, mediaData[, options]])`: name, description,
    /// trashed from the resource, parents from `addParents` / `removeParents`, content
    /// from the media.
    pub fn api_files_update(
        &mut self,
        resource: &Json,
        id: &str,
        media: Option<Media>,
        options: &Json,
        now_utc_ms: i64,
    ) -> ServiceResult<Json> {
        let call = "drive.files.update";
        self.existing(call, id)?;
        let kind = self.items[id].kind;
        if let Some(name) = resource.get("name").and_then(Json::as_str) {
            self.set_name(id, name, now_utc_ms)?;
        }
        if let Some(description) = resource.get("description").and_then(Json::as_str) {
            self.set_description(id, description, now_utc_ms)?;
        }
        if let Some(trashed) = resource.get("trashed").and_then(Json::as_bool) {
            self.set_trashed(id, trashed)?;
        }
        let ids = |key: &str| -> Vec<String> {
            let text = options.get(key).and_then(Json::as_str).unwrap_or("");
            text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()
        };
        for folder in ids("addParents") {
            self.add_to(&folder, id, kind).map_err(|_| api_error(call, &file_not_found(&folder)))?;
        }
        for folder in ids("removeParents") {
            self.remove_from(&folder, id, kind).map_err(|_| api_error(call, &file_not_found(&folder)))?;
        }
        if let Some(media) = media {
            self.set_content(id, media.bytes, now_utc_ms)?;
        }
        Ok(Fields::of_file(options.get("fields").and_then(Json::as_str)).select(self.resource(id)))
    }

    /// `Files.copy(resource, fileId)`: "Copy of <name>" unless the resource names it.
    pub fn api_files_copy(&mut self, resource: &Json, id: &str, now_utc_ms: i64) -> ServiceResult<Json> {
        let call = "drive.files.copy";
        self.existing(call, id)?;
        let name = resource.get("name").and_then(Json::as_str);
        let parent = resource.get("parents").and_then(Json::as_array).and_then(|p| p.first()).and_then(Json::as_str);
        let copy = self.make_copy(id, name, parent, now_utc_ms)?;
        Ok(Fields::default_file().select(self.resource(&copy)))
    }

    /// `Files.remove(fileId)`: the item and, for a folder, everything below it, gone.
    pub fn api_files_remove(&mut self, id: &str) -> ServiceResult<()> {
        self.existing("drive.files.delete", id)?;
        let mut doomed = vec![id.to_string()];
        let mut i = 0;
        while i < doomed.len() && doomed.len() <= super::ITEMS_MAX {
            let parent = doomed[i].clone();
            let children =
                self.items.iter().filter(|(_, item)| item.parents.contains(&parent)).map(|(id, _)| id.clone());
            let new: Vec<String> = children.filter(|c| !doomed.contains(c)).collect();
            doomed.extend(new);
            i += 1;
        }
        for gone in &doomed {
            self.items.remove(gone);
        }
        for item in self.items.values_mut() {
            item.parents.retain(|p| !doomed.contains(p));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drive::{SHORTCUT_CONTENT_MESSAGE, SHORTCUT_MIME_TYPE};

    const NOW: i64 = 1_750_000_000_000;

    fn media(text: &str) -> Option<Media> {
        Some(Media { bytes: text.as_bytes().to_vec(), content_type: Some("text/csv".into()), name: None })
    }

    #[test]
    fn create_list_get_and_fields() {
        let mut drive = Drive::default();
        let folder = drive
            .api_files_create(&json!({ "name": "reports", "mimeType": FOLDER_MIME_TYPE }), None, &Json::Null, NOW)
            .unwrap();
        let folder_id = folder["id"].as_str().unwrap().to_string();
        let file = drive
            .api_files_create(&json!({ "name": "q1.csv", "parents": [folder_id] }), media("a,b\n"), &Json::Null, NOW)
            .unwrap();
        assert_eq!(file["mimeType"], "text/csv");
        assert_eq!(file.as_object().unwrap().len(), 4, "kind, id, name and mimeType by default");
        let id = file["id"].as_str().unwrap();
        let q =
            json!({ "q": format!("'{folder_id}' in parents and trashed = false"), "fields": "files(id,name,size)" });
        let listed = drive.api_files_list(&q).unwrap();
        assert_eq!(listed, json!({ "files": [{ "id": id, "name": "q1.csv", "size": "4" }] }));
        let content = drive.api_files_get(id, &json!({ "alt": "media" })).unwrap();
        assert_eq!(content, json!("a,b\n"));
        let all = drive.api_files_get(id, &json!({ "fields": "*" })).unwrap();
        assert_eq!(all["parents"], json!([folder_id]));
        assert_eq!(
            drive.api_files_get("nope", &Json::Null).unwrap_err().message,
            "API call to drive.files.get failed with error: File not found: nope."
        );
    }

    #[test]
    fn pages_order_update_copy_and_remove() {
        let mut drive = Drive::default();
        for name in ["c", "a", "b"] {
            drive.api_files_create(&json!({ "name": name }), media("x"), &Json::Null, NOW).unwrap();
        }
        let first = drive.api_files_list(&json!({ "pageSize": 2, "orderBy": "name" })).unwrap();
        let names =
            |page: &Json| page["files"].as_array().unwrap().iter().map(|f| f["name"].clone()).collect::<Vec<_>>();
        assert_eq!(names(&first), [json!("a"), json!("b")]);
        let token = first["nextPageToken"].as_str().unwrap();
        let second = drive.api_files_list(&json!({ "pageSize": 2, "orderBy": "name", "pageToken": token })).unwrap();
        assert_eq!(names(&second), [json!("c")]);
        assert_eq!(second.get("nextPageToken"), None);
        let a = first["files"][0]["id"].as_str().unwrap().to_string();
        let renamed =
            drive.api_files_update(&json!({ "name": "a2", "trashed": true }), &a, None, &Json::Null, NOW).unwrap();
        assert_eq!(renamed["name"], "a2");
        let live = drive.api_files_list(&json!({ "q": "trashed = false" })).unwrap();
        assert_eq!(live["files"].as_array().unwrap().len(), 2);
        let copy = drive.api_files_copy(&json!({}), &a, NOW).unwrap();
        assert_eq!(copy["name"], "Copy of a2");
        drive.api_files_remove(&a).unwrap();
        assert!(drive.api_files_get(&a, &Json::Null).is_err());
        let gap = drive.api_files_list(&json!({ "orderBy": "starred" })).unwrap_err().message;
        assert_eq!(gap, "gas-sim does not implement FilesCollection.list() with orderBy starred");
        let bad = drive.api_files_list(&json!({ "pageSize": 5000 })).unwrap_err().message;
        assert!(bad.ends_with("Values must be within the range: [1, 1000]"), "{bad}");
    }

    #[test]
    fn a_shortcut_shows_its_target_and_takes_no_content() {
        let mut drive = Drive::default();
        let file = drive.create_file(None, "a.csv", b"a".to_vec(), "text/csv", NOW).unwrap();
        let shortcut = drive.create_shortcut(None, &file, NOW).unwrap();
        let got = drive.api_files_get(&shortcut, &json!({ "fields": "shortcutDetails,mimeType" })).unwrap();
        assert_eq!(
            got,
            json!({ "mimeType": SHORTCUT_MIME_TYPE, "shortcutDetails": { "targetId": file, "targetMimeType": "text/csv" } })
        );
        let refused = drive.api_files_update(&json!({}), &shortcut, media("x"), &Json::Null, NOW).unwrap_err();
        assert_eq!(refused.message, SHORTCUT_CONTENT_MESSAGE);
        let plain = drive.api_files_get(&file, &json!({ "fields": "*" })).unwrap();
        assert_eq!(plain.get("shortcutDetails"), None, "only a shortcut has them");
    }
}
