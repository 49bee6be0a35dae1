//! DriveApp, Folder, File and their iterators: gas-platform's `drive`. A file's or
//! folder's handle is `{ id }` (every getter reads the world, so a change another
//! execution made shows); an iterator's handle is its `drive::Listing`.

use gas_platform::documents;
use gas_platform::drive::sharing::Role;
use gas_platform::drive::{self, Drive, ItemKind, Listing, ListingKind};
use gas_platform::utilities::{self as util, GetAs};
use gas_platform::{ServiceError, ServiceResult};

use super::args::*;
use super::blob::BlobParts;
use super::Call;
use crate::host::{CallResult, Failure};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::container::SCOPE_DRIVE;

/// The getters the prelude answers from a File's or Folder's handle, `{ id }`
/// (`crate::methods::Read`); the others ask the service.
pub(super) const READS: &[Read] = reads![
    "File.getId" => "id",
    "Folder.getId" => "id",
    // A Drive user's handle (`user_val`).
    "Drive.User.getDomain" => "domain",
    "Drive.User.getEmail" => "email",
    "Drive.User.getName" => "name",
    "Drive.User.getPhotoUrl" => "photoUrl",
    "Drive.User.getUserLoginId" => "email",
];

/// The methods answered here, declared once (`crate::methods`).
// Drive (modelled): a metadata read 100-200 ms, a write 300-800 ms; building an
// iterator reads nothing (the read is its first hasNext, as DriveApp pages lazily).
pub(super) const METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_DRIVE);
    "DriveApp.addFile" => 300,
    "DriveApp.addFolder" => 300,
    "DriveApp.continueFileIterator" => 0,
    "DriveApp.continueFolderIterator" => 0,
    "DriveApp.createFile" => 800,
    "DriveApp.createFolder" => 600,
    "DriveApp.createShortcut" => 600,
    "DriveApp.createShortcutForTargetIdAndResourceKey" => 600,
    "DriveApp.getFileById" => 150,
    "DriveApp.getFileByIdAndResourceKey" => 150,
    "DriveApp.getFiles" => 0,
    "DriveApp.getFilesByName" => 0,
    "DriveApp.getFilesByType" => 0,
    "DriveApp.getFolderById" => 150,
    "DriveApp.getFolderByIdAndResourceKey" => 150,
    "DriveApp.getFolders" => 0,
    "DriveApp.getFoldersByName" => 0,
    "DriveApp.getRootFolder" => 100,
    "DriveApp.getStorageLimit" => 100,
    "DriveApp.getStorageUsed" => 100,
    "DriveApp.getTrashedFiles" => 0,
    "DriveApp.getTrashedFolders" => 0,
    "DriveApp.removeFile" => 300,
    "DriveApp.removeFolder" => 300,
    "DriveApp.searchFiles" => 0,
    "DriveApp.searchFolders" => 0,
    "File.getAs" => 400,
    "File.getBlob" => 300,
    "File.getDateCreated" => 30,
    "File.getDescription" => 30,
    "File.getDownloadUrl" => 30,
    "File.getLastUpdated" => 30,
    "File.getMimeType" => 30,
    "File.getName" => 30,
    "File.getParents" => 0,
    "File.getSize" => 30,
    "File.getUrl" => 30,
    "File.isTrashed" => 30,
    "File.makeCopy" => 800,
    "File.moveTo" => 400,
    "File.setContent" => 600,
    "File.setDescription" => 300,
    "File.setName" => 300,
    "File.setTrashed" => 300,
    "FileIterator.getContinuationToken" => 0,
    "FileIterator.hasNext" => 150,
    "FileIterator.next" => 10,
    "Folder.addFile" => 300,
    "Folder.addFolder" => 300,
    "Folder.createFile" => 800,
    "Folder.createFolder" => 600,
    "Folder.createShortcut" => 600,
    "Folder.createShortcutForTargetIdAndResourceKey" => 600,
    "Folder.getDateCreated" => 30,
    "Folder.getDescription" => 30,
    "Folder.getFiles" => 0,
    "Folder.getFilesByName" => 0,
    "Folder.getFilesByType" => 0,
    "Folder.getFolders" => 0,
    "Folder.getFoldersByName" => 0,
    "Folder.getLastUpdated" => 30,
    "Folder.getName" => 30,
    "Folder.getParents" => 0,
    "Folder.getSize" => 30,
    "Folder.getUrl" => 30,
    "Folder.isTrashed" => 30,
    "Folder.moveTo" => 400,
    "Folder.removeFile" => 300,
    "Folder.removeFolder" => 300,
    "Folder.searchFiles" => 0,
    "Folder.searchFolders" => 0,
    "Folder.setDescription" => 300,
    "Folder.setName" => 300,
    "Folder.setTrashed" => 300,
    "FolderIterator.getContinuationToken" => 0,
    "FolderIterator.hasNext" => 150,
    "FolderIterator.next" => 10,
];

/// Sharing (gas-platform's `drive::sharing`): a change is a permission write, a getter a
/// metadata read (modelled as the other writes and reads above).
pub(super) const SHARING_METHODS: &[Method] = declare![Method::by(dispatch).scope(SCOPE_DRIVE);
    "File.addCommenter" => 400,
    "File.addCommenters" => 400,
    "File.addEditor" => 400,
    "File.addEditors" => 400,
    "File.addViewer" => 400,
    "File.addViewers" => 400,
    "File.getAccess" => 30,
    "File.getEditors" => 30,
    "File.getOwner" => 30,
    "File.getResourceKey" => 30,
    "File.getSecurityUpdateEligible" => 30,
    "File.getSecurityUpdateEnabled" => 30,
    "File.getSharingAccess" => 30,
    "File.getSharingPermission" => 30,
    "File.getTargetId" => 30,
    "File.getTargetMimeType" => 30,
    "File.getTargetResourceKey" => 30,
    "File.getViewers" => 30,
    "File.isShareableByEditors" => 30,
    "File.isStarred" => 30,
    "File.removeCommenter" => 400,
    "File.removeEditor" => 400,
    "File.removeViewer" => 400,
    "File.revokePermissions" => 400,
    "File.setOwner" => 400,
    "File.setShareableByEditors" => 400,
    "File.setSharing" => 400,
    "File.setSecurityUpdateEnabled" => 400,
    "File.setStarred" => 400,
    "Folder.addEditor" => 400,
    "Folder.addEditors" => 400,
    "Folder.addViewer" => 400,
    "Folder.addViewers" => 400,
    "Folder.getAccess" => 30,
    "Folder.getEditors" => 30,
    "Folder.getOwner" => 30,
    "Folder.getResourceKey" => 30,
    "Folder.getSecurityUpdateEligible" => 30,
    "Folder.getSecurityUpdateEnabled" => 30,
    "Folder.getSharingAccess" => 30,
    "Folder.getSharingPermission" => 30,
    "Folder.getViewers" => 30,
    "Folder.isShareableByEditors" => 30,
    "Folder.isStarred" => 30,
    "Folder.removeEditor" => 400,
    "Folder.removeViewer" => 400,
    "Folder.revokePermissions" => 400,
    "Folder.setOwner" => 400,
    "Folder.setShareableByEditors" => 400,
    "Folder.setSharing" => 400,
    "Folder.setSecurityUpdateEnabled" => 400,
    "Folder.setStarred" => 400,
];

pub(super) fn dispatch(call: &Call) -> CallResult {
    let now = call.host.now();
    let mut world = call.host.world();
    world.show_spreadsheets_in_drive(now);
    let spreadsheet_file = world.is_spreadsheet_file(&handle_id(call.handle));
    let me = world.user_email.clone();
    let account = world.mail.account;
    let drive = &mut world.drive;
    let (method, args) = (call.method, call.args);
    let (class, name) = method.split_once('.').unwrap_or((method, ""));
    let value = match class {
        "FileIterator" | "FolderIterator" => {
            let kind = if class == "FileIterator" { ListingKind::Files } else { ListingKind::Folders };
            iterator(drive, name, call.handle, kind)?
        }
        "DriveApp" => {
            let root = drive.root(now);
            match name {
                "getStorageLimit" => return Ok(Val::Number(drive::storage_limit_bytes(account) as f64)),
                "getStorageUsed" => return Ok(Val::Number(drive.storage_used_bytes() as f64)),
                _ => {}
            }
            match container(drive, &root, method, name, args, now)? {
                Some(value) => value,
                None => drive_app(drive, &root, method, name, args)?,
            }
        }
        "Folder" => {
            let id = handle_id(call.handle);
            drive.get(&id, ItemKind::Folder)?;
            if let Some(value) = sharing(drive, &me, &id, ItemKind::Folder, method, name, args)? {
                return Ok(value);
            }
            match container(drive, &id, method, name, args, now)? {
                Some(value) => value,
                None => item(drive, &id, ItemKind::Folder, method, name, args, now)?,
            }
        }
        "File" => {
            let id = handle_id(call.handle);
            let is_document = drive.get(&id, ItemKind::File)?.mime_type == documents::DOCUMENT_MIME_TYPE;
            if let Some(value) = sharing(drive, &me, &id, ItemKind::File, method, name, args)? {
                return Ok(value);
            }
            if is_document && matches!(name, "getAs" | "getBlob") {
                // A document's blob is its export (a PDF unless asked otherwise).
                drop(world);
                return super::documents::file_export(call, &id);
            }
            if spreadsheet_file && matches!(name, "getAs" | "getBlob") {
                // A spreadsheet's too (`Spreadsheet.getAs`).
                drop(world);
                return super::sheets::export::file_export(call, &id);
            }
            let value = match file(drive, &id, method, name, args, now)? {
                Some(value) => value,
                None => item(drive, &id, ItemKind::File, method, name, args, now)?,
            };
            if is_document && name == "makeCopy" {
                // A copy of a document copies its content (the template's paragraphs).
                world.documents.copy_content(&id, &handle_id(&value))?;
            }
            if name == "makeCopy" {
                world.copy_spreadsheet_file(&id, &handle_id(&value))?;
            }
            world.spreadsheet_follows_file(&id)?;
            value
        }
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// The id in a File's or Folder's handle, or in the object the script passed.
fn handle_id(value: &Val) -> String {
    handle_arg(value).get("id").and_then(Val::as_str).unwrap_or_default().to_string()
}

fn item_handle(id: String) -> Val {
    Val::Object(vec![("id".into(), Val::String(id))])
}

fn listing_val(listing: &Listing) -> Val {
    to_val(listing)
}

/// A File or Folder argument's id; the platform's signature error for anything else.
fn object_arg(method: &str, args: &[Val], i: usize) -> ServiceResult<String> {
    let id = handle_id(arg(args, i));
    if id.is_empty() {
        return Err(signature_error(method, args));
    }
    Ok(id)
}

/// What DriveApp and a Folder share: making and listing what is in the folder (the
/// root, for DriveApp, only where DriveApp's methods put things there).
fn container(
    drive: &mut Drive,
    folder: &str,
    method: &str,
    name: &str,
    args: &[Val],
    now: i64,
) -> ServiceResult<Option<Val>> {
    let is_app = method.starts_with("DriveApp.");
    // DriveApp's listings cover the whole Drive; a folder's its children.
    let within = (!is_app).then(|| folder.to_string());
    let listing = |kind: ListingKind| Listing { within: within.clone(), ..Listing::new(kind) };
    let value = match name {
        "createFolder" => item_handle(drive.create_folder(Some(folder), &string_arg(args, 0), now)?),
        // No item has a resource key (`getResourceKey` is null), so the key given is not
        // needed to reach the target and is not kept (assumed: Drive ignores a key an
        // item does not need).
        "createShortcut" | "createShortcutForTargetIdAndResourceKey" => {
            item_handle(drive.create_shortcut(Some(folder), &string_arg(args, 0), now)?)
        }
        "createFile" => {
            let (file_name, bytes, mime_type) = new_file(method, args)?;
            item_handle(drive.create_file(Some(folder), &file_name, bytes, &mime_type, now)?)
        }
        "getFiles" => listing_val(&listing(ListingKind::Files)),
        "getFolders" => listing_val(&listing(ListingKind::Folders)),
        "getFilesByName" => listing_val(&Listing { name: Some(string_arg(args, 0)), ..listing(ListingKind::Files) }),
        "getFoldersByName" => {
            listing_val(&Listing { name: Some(string_arg(args, 0)), ..listing(ListingKind::Folders) })
        }
        "getFilesByType" => {
            listing_val(&Listing { mime_type: Some(string_arg(args, 0)), ..listing(ListingKind::Files) })
        }
        "searchFiles" | "searchFolders" => {
            let query = string_arg(args, 0);
            drive::query::parse(&query)?;
            let kind = if name == "searchFiles" { ListingKind::Files } else { ListingKind::Folders };
            listing_val(&Listing { query: Some(query), ..listing(kind) })
        }
        "addFile" | "addFolder" | "removeFile" | "removeFolder" => {
            let child = object_arg(method, args, 0)?;
            let kind = if name.ends_with("File") { ItemKind::File } else { ItemKind::Folder };
            if name.starts_with("add") {
                drive.add_to(folder, &child, kind)?;
            } else {
                drive.remove_from(folder, &child, kind)?;
            }
            item_handle(folder.to_string())
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// createFile's three forms: `(blob)`, `(name, content)`, `(name, content, mimeType)`.
fn new_file(method: &str, args: &[Val]) -> ServiceResult<(String, Vec<u8>, String)> {
    if args.len() == 1 {
        let blob = BlobParts::of(arg(args, 0)).ok_or_else(|| signature_error(method, args))?;
        let name = blob.name.unwrap_or_else(|| drive::BLOB_NAME_DEFAULT.into());
        let mime_type = blob.content_type.unwrap_or_else(|| drive::BLOB_MIME_TYPE_DEFAULT.into());
        return Ok((name, blob.bytes, mime_type));
    }
    let mime_type = match arg(args, 2) {
        Val::Undefined => drive::TEXT_MIME_TYPE.to_string(),
        other => other.to_js_string(),
    };
    Ok((string_arg(args, 0), string_arg(args, 1).into_bytes(), mime_type))
}

fn drive_app(drive: &mut Drive, root: &str, method: &str, name: &str, args: &[Val]) -> ServiceResult<Val> {
    let value = match name {
        "getRootFolder" => item_handle(root.to_string()),
        // The resource key is not needed (see `createShortcutForTargetIdAndResourceKey`).
        "getFileById" | "getFolderById" | "getFileByIdAndResourceKey" | "getFolderByIdAndResourceKey" => {
            let kind = if name.starts_with("getFile") { ItemKind::File } else { ItemKind::Folder };
            let id = string_arg(args, 0);
            drive.get(&id, kind)?;
            item_handle(id)
        }
        "getTrashedFiles" => listing_val(&Listing { trashed_only: true, ..Listing::new(ListingKind::Files) }),
        "getTrashedFolders" => listing_val(&Listing { trashed_only: true, ..Listing::new(ListingKind::Folders) }),
        "continueFileIterator" => listing_val(&Listing::from_token(&string_arg(args, 0), ListingKind::Files)?),
        "continueFolderIterator" => listing_val(&Listing::from_token(&string_arg(args, 0), ListingKind::Folders)?),
        _ => return Err(ServiceError::unimplemented(method)),
    };
    Ok(value)
}

/// What only a File has: its content, type, copies and URLs.
fn file(drive: &mut Drive, id: &str, method: &str, name: &str, args: &[Val], now: i64) -> Result<Option<Val>, Failure> {
    let it = drive.get(id, ItemKind::File)?.clone();
    let value = match name {
        "setContent" => {
            drive.set_content(id, string_arg(args, 0).into_bytes(), now)?;
            Val::Undefined
        }
        "getMimeType" => Val::String(it.mime_type),
        "getDownloadUrl" => Val::String(drive::download_url(id)),
        "getBlob" | "getAs" => {
            if util::is_google_type(Some(&it.mime_type)) {
                // A Google file's blob is an export (a PDF ...): not modelled.
                return Err(ServiceError::unimplemented(&format!("{method} of a Google file")).into());
            }
            let bytes = it.bytes().to_vec();
            if name == "getBlob" {
                BlobParts { bytes, content_type: Some(it.mime_type), name: Some(it.name) }.into_val()?
            } else {
                let Val::String(target) = arg(args, 0) else { return Err(signature_error(method, args).into()) };
                match util::get_as(Some(&it.mime_type), target, Some(&it.name))? {
                    GetAs::Copy { content_type, name } => {
                        BlobParts { bytes, content_type: Some(content_type), name }.into_val()?
                    }
                    GetAs::Unimplemented(text) => return Err(ServiceError::new(text).into()),
                }
            }
        }
        "makeCopy" => {
            let (copy_name, destination) = match (arg(args, 0), arg(args, 1)) {
                (Val::Undefined, _) => (None, None),
                (Val::String(n), Val::Undefined) => (Some(n.clone()), None),
                (Val::String(n), _) => (Some(n.clone()), Some(object_arg(method, args, 1)?)),
                (_, Val::Undefined) => (None, Some(object_arg(method, args, 0)?)),
                _ => return Err(signature_error(method, args).into()),
            };
            item_handle(drive.make_copy(id, copy_name.as_deref(), destination.as_deref(), now)?)
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// What a File and a Folder share: names, dates, trash, moves, parents.
fn item(
    drive: &mut Drive,
    id: &str,
    kind: ItemKind,
    method: &str,
    name: &str,
    args: &[Val],
    now: i64,
) -> ServiceResult<Val> {
    let it = drive.get(id, kind)?.clone();
    let value = match name {
        "getName" => Val::String(it.name),
        "getDescription" => it.description.map_or(Val::Null, Val::String),
        "getSize" => Val::Number(it.size_bytes() as f64),
        "getDateCreated" => Val::Date(it.created_utc_ms as f64),
        "getLastUpdated" => Val::Date(it.updated_utc_ms as f64),
        "isTrashed" => Val::Bool(it.trashed),
        "getUrl" if kind == ItemKind::File => Val::String(drive::file_url(id, &it.mime_type)),
        "getUrl" => Val::String(drive::folder_url(id)),
        "getParents" => {
            listing_val(&Listing { parents_of: Some(id.to_string()), ..Listing::new(ListingKind::Folders) })
        }
        "setName" => unit(drive.set_name(id, &string_arg(args, 0), now))?,
        "setDescription" => unit(drive.set_description(id, &string_arg(args, 0), now))?,
        "setTrashed" => match arg(args, 0) {
            Val::Bool(flag) => unit(drive.set_trashed(id, *flag))?,
            _ => return Err(signature_error(method, args)),
        },
        "moveTo" => unit(drive.move_to(id, &object_arg(method, args, 0)?))?,
        _ => return Err(ServiceError::unimplemented(method)),
    };
    Ok(value)
}

/// Who may see and change a file or folder (gas-platform's `drive::sharing`); `None`
/// for another method.
fn sharing(
    drive: &mut Drive,
    me: &str,
    id: &str,
    kind: ItemKind,
    method: &str,
    name: &str,
    args: &[Val],
) -> ServiceResult<Option<Val>> {
    // An address, or a User's handle (the prelude passes the object; `handle_arg` unwraps it).
    let user = |i: usize| -> ServiceResult<String> {
        match handle_arg(arg(args, i)) {
            Val::String(text) => Ok(text.clone()),
            other => other
                .get("email")
                .and_then(Val::as_str)
                .map(str::to_string)
                .ok_or_else(|| signature_error(method, args)),
        }
    };
    let users = || -> ServiceResult<Vec<String>> {
        match arg(args, 0) {
            Val::Array(items) => Ok(items.iter().map(Val::to_js_string).collect()),
            _ => Err(signature_error(method, args)),
        }
    };
    let flag = || match arg(args, 0) {
        Val::Bool(flag) => Ok(*flag),
        _ => Err(signature_error(method, args)),
    };
    let done = |result: ServiceResult<()>| result.map(|()| Val::Undefined);
    let value = match name {
        "addEditor" => done(drive.add_users(id, kind, me, &[user(0)?], Role::Edit))?,
        "addCommenter" => done(drive.add_users(id, kind, me, &[user(0)?], Role::Comment))?,
        "addViewer" => done(drive.add_users(id, kind, me, &[user(0)?], Role::View))?,
        "addEditors" => done(drive.add_users(id, kind, me, &users()?, Role::Edit))?,
        "addCommenters" => done(drive.add_users(id, kind, me, &users()?, Role::Comment))?,
        "addViewers" => done(drive.add_users(id, kind, me, &users()?, Role::View))?,
        "removeEditor" => done(drive.remove_user(id, kind, me, &user(0)?, &[Role::Edit]))?,
        "removeCommenter" => done(drive.remove_user(id, kind, me, &user(0)?, &[Role::Comment]))?,
        // Documented: "Removes the given user from the list of viewers and commenters".
        "removeViewer" => done(drive.remove_user(id, kind, me, &user(0)?, &[Role::View, Role::Comment]))?,
        "revokePermissions" => {
            done(drive.remove_user(id, kind, me, &user(0)?, &[Role::Edit, Role::Comment, Role::View]))?
        }
        "setOwner" => done(drive.set_owner(id, kind, me, &user(0)?))?,
        "setSharing" => done(drive.set_sharing(id, kind, me, &string_arg(args, 0), &string_arg(args, 1)))?,
        "setShareableByEditors" => done(drive.set_shareable_by_editors(id, kind, me, flag()?))?,
        "setStarred" => done(drive.set_starred(id, kind, flag()?))?,
        "getAccess" => Val::String(drive::sharing::role_of(drive.get(id, kind)?, &user(0)?, me).into()),
        // Documented: "the list of viewers and commenters"; both lists are empty to a user
        // without edit access (`may_list_users`).
        "getEditors" | "getViewers" => {
            let item = drive.get(id, kind)?;
            let sharing = &item.sharing;
            let listed: Vec<&String> = match name {
                _ if !drive::sharing::may_list_users(item, me) => Vec::new(),
                "getEditors" => sharing.editors.iter().collect(),
                _ => sharing.viewers.iter().chain(&sharing.commenters).collect(),
            };
            Val::Array(listed.into_iter().map(|u| user_val(u)).collect())
        }
        "getOwner" => drive::sharing::owner_of(drive.get(id, kind)?, me).map_or(Val::Null, |u| user_val(&u)),
        "getSharingAccess" => Val::String(drive.sharing(id, kind)?.access.clone()),
        "getSharingPermission" => Val::String(drive.sharing(id, kind)?.permission.clone()),
        "isShareableByEditors" => Val::Bool(drive.sharing(id, kind)?.shareable_by_editors),
        "isStarred" => Val::Bool(drive.sharing(id, kind)?.starred),
        // No item gas-sim makes has a resource key (documented: null then); an item that is
        // no shortcut has no target (documented: null).
        "getResourceKey" | "getTargetResourceKey" => Val::Null,
        // No resource key, so not eligible for the link-sharing security update, and off.
        "getSecurityUpdateEligible" | "getSecurityUpdateEnabled" => drive.get(id, kind).map(|_| Val::Bool(false))?,
        "setSecurityUpdateEnabled" => done(drive.set_security_update(id, kind, me, flag()?))?,
        "getTargetId" | "getTargetMimeType" => match &drive.get(id, kind)?.shortcut {
            Some(target) if name == "getTargetId" => Val::String(target.id.clone()),
            Some(target) => Val::String(target.mime_type.clone()),
            None => Val::Null,
        },
        _ => return Ok(None),
    };
    Ok(Some(value))
}

/// A Drive `User`'s handle; gas-sim knows no photo (null, assumed).
fn user_val(email: &str) -> Val {
    let user = drive::sharing::DriveUser::of(email);
    Val::Object(vec![
        ("email".into(), Val::String(user.email)),
        ("name".into(), Val::String(user.name)),
        ("domain".into(), Val::String(user.domain)),
        ("photoUrl".into(), Val::Null),
    ])
}

fn iterator(drive: &mut Drive, name: &str, handle: &Val, kind: ListingKind) -> ServiceResult<Val> {
    let mut listing: Listing = handle_of(handle)?;
    if listing.kind != kind {
        return Err(ServiceError::new("gas-sim: an iterator handle of the other kind"));
    }
    let value = match name {
        "hasNext" => Val::Bool(drive.peek(&listing)?.is_some()),
        "getContinuationToken" => Val::String(listing.token()),
        "next" => {
            let id = drive.next(&mut listing)?.ok_or_else(|| ServiceError::new(drive::ITERATOR_END_MESSAGE))?;
            Val::Object(vec![("listing".into(), listing_val(&listing)), ("id".into(), Val::String(id))])
        }
        _ => return Err(ServiceError::unimplemented(name)),
    };
    Ok(value)
}
