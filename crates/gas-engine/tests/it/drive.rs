//! DriveApp, Folder, File, their iterators and MimeType, seen from a script: every
//! binding once, the errors a script sees, the state a run leaves in the world.

use crate::support;

use gas_platform::drive::{self, ItemKind};
use serde_json::json;
use support::*;

fn eval_world(src: &str) -> (serde_json::Value, SharedWorld) {
    let world = new_world();
    let got = eval_in(&world, src);
    (got, world)
}

#[test]
fn mime_type_has_every_value_of_the_catalogue() {
    let got = eval(
        "function main() {
           return [MimeType.GOOGLE_SHEETS, MimeType.PLAIN_TEXT, MimeType.FOLDER, MimeType.JAVASCRIPT,
                   Object.keys(MimeType).length, String(MimeType), Object.isFrozen(MimeType)];
         }",
    );
    assert_eq!(
        got,
        json!([
            "application/vnd.google-apps.spreadsheet",
            "text/plain",
            "application/vnd.google-apps.folder",
            "application/javascript",
            drive::mime::MIME_TYPES.len(),
            "MimeType",
            true
        ])
    );
}

#[test]
fn folders_and_files_are_made_named_and_found() {
    let (got, world) = eval_world(
        "function main() {
           var root = DriveApp.getRootFolder();
           var dir = DriveApp.createFolder('results');
           var f = dir.createFile('a.txt', 'héllo', MimeType.PLAIN_TEXT);
           var g = DriveApp.createFile('b.json', '{}', MimeType.JSON || 'application/json');
           var h = dir.createFile(Utilities.newBlob('xyz', 'text/csv', 'c.csv'));
           return [root.getName(), dir.getName(), f.getName(), f.getSize(), f.getMimeType(), g.getMimeType(),
                   h.getName(), h.getMimeType(), h.getBlob().getDataAsString(),
                   DriveApp.getFileById(f.getId()).getName(), DriveApp.getFolderById(dir.getId()).getName(),
                   f.getId().length, f.getUrl() === 'https://drive.google.com/file/d/' + f.getId() + '/view?usp=drivesdk',
                   dir.getUrl() === 'https://drive.google.com/drive/folders/' + dir.getId(),
                   f.getDownloadUrl().indexOf('export=download') > 0,
                   f.getParents().next().getId() === dir.getId(), dir.getParents().next().getName(),
                   f.getDateCreated().getTime(), f.getLastUpdated() instanceof Date, f.getDescription()];
         }",
    );
    assert_eq!(
        got,
        json!([
            "My Drive",
            "results",
            "a.txt",
            6,
            "text/plain",
            "application/json",
            "c.csv",
            "text/csv",
            "xyz",
            "a.txt",
            "results",
            33,
            true,
            true,
            true,
            true,
            "My Drive",
            START_UTC_MS + 100 + 600,
            true,
            null
        ])
    );
    let world = state(&world);
    assert_eq!(world.drive.items.len(), 5, "root, folder, three files");
}

#[test]
fn overwrite_by_name_as_the_seed_does() {
    let (got, world) = eval_world(
        "function writeSink(folder, name, text) {
           var it = folder.getFilesByName(name);
           if (it.hasNext()) { var f = it.next(); f.setContent(text); return f.getId(); }
           return folder.createFile(name, text, MimeType.PLAIN_TEXT).getId();
         }
         function main() {
           var dir = DriveApp.createFolder('sink');
           var a = writeSink(dir, 'result_1.txt', 'first');
           var b = writeSink(dir, 'result_1.txt', 'second, longer');
           var f = DriveApp.getFileById(a);
           return [a === b, f.getBlob().getDataAsString(), f.getSize(), f.getLastUpdated() > f.getDateCreated()];
         }",
    );
    assert_eq!(got, json!([true, "second, longer", 14, true]));
    assert_eq!(state(&world).drive.items.values().filter(|i| i.kind == ItemKind::File).count(), 1);
}

#[test]
fn iterators_walk_in_order_end_with_the_platforms_error_and_continue_from_a_token() {
    let got = eval(
        "function main() {
           var dir = DriveApp.createFolder('d');
           ['x', 'y', 'z'].forEach(function (n) { dir.createFile(n, n); });
           var it = dir.getFiles(), names = [];
           names.push(it.next().getName());
           var token = it.getContinuationToken();
           var rest = DriveApp.continueFileIterator(token);
           while (rest.hasNext()) names.push(rest.next().getName());
           var end; try { rest.next(); } catch (e) { end = e.message; }
           var bad; try { DriveApp.continueFolderIterator(token); } catch (e) { bad = e.message; }
           var folders = []; var fi = DriveApp.getFolders();
           while (fi.hasNext()) folders.push(fi.next().getName());
           return [names, end, bad, folders, DriveApp.getFoldersByName('d').hasNext(),
                   DriveApp.getFilesByName('y').next().getName(), DriveApp.getFilesByType('text/plain').hasNext(),
                   DriveApp.getFilesByType(MimeType.PDF).hasNext()];
         }",
    );
    assert_eq!(
        got,
        json!([
            ["x", "y", "z"],
            "Cannot retrieve the next object: iterator has reached the end.",
            "Invalid argument: continuationToken",
            ["d"],
            true,
            "y",
            true,
            false
        ])
    );
}

#[test]
fn search_files_and_folders_with_the_common_query_forms() {
    let got = eval(
        "function names(it) { var out = []; while (it.hasNext()) out.push(it.next().getName()); return out; }
         function main() {
           var dir = DriveApp.createFolder('results');
           dir.createFile('result_a.txt', 'a');
           dir.createFile('notes.json', '{}', 'application/json');
           DriveApp.createFile('result_b.txt', 'b').setTrashed(true);
           return [
             names(DriveApp.searchFiles('title contains \"result\" and trashed = false')),
             names(DriveApp.searchFiles(\"'\" + dir.getId() + \"' in parents and mimeType = 'application/json'\")),
             names(dir.searchFiles('name = \"result_a.txt\"')),
             names(DriveApp.searchFiles('modifiedDate > \"2000-01-01\" and not trashed = false')),
             names(DriveApp.searchFolders('title = \"results\"')),
             names(DriveApp.getTrashedFiles())];
         }",
    );
    assert_eq!(
        got,
        json!([["result_a.txt"], ["notes.json"], ["result_a.txt"], ["result_b.txt"], ["results"], ["result_b.txt"]])
    );
}

#[test]
fn a_query_gas_sim_cannot_evaluate_is_a_gap_and_a_bad_one_the_platforms_error() {
    assert_eq!(thrown("DriveApp.searchFiles('title = ')"), "Exception: Invalid argument: q");
    let world = new_world();
    let report = run_in(
        &world,
        "UTC",
        "function main() { try { DriveApp.searchFiles(\"fullText contains 'x'\"); } catch (e) { return e.message; } }",
        "main",
        START_UTC_MS,
    );
    assert_eq!(
        result(&report),
        json!("gas-sim does not implement DriveApp.searchFiles() with the query term fullText")
    );
    assert_eq!(report.gaps.len(), 1, "counted even though caught: {:?}", report.gaps);
    assert_eq!(report.gaps[0].method, "DriveApp.searchFiles with the query term fullText");
}

#[test]
fn lookups_and_changes_give_the_documented_errors() {
    let not_found = format!("Exception: {}", drive::NOT_FOUND_MESSAGE);
    assert_eq!(thrown("DriveApp.getFileById('nope')"), not_found);
    assert_eq!(thrown("DriveApp.getFolderById(DriveApp.createFile('f', 'x').getId())"), not_found);
    assert_eq!(thrown("DriveApp.getFileById('')"), "Exception: Invalid argument: id");
    assert_eq!(thrown("DriveApp.createFolder('')"), "Exception: Invalid argument: name");
    assert_eq!(thrown("DriveApp.createFile('s', '', MimeType.GOOGLE_SHEETS)"), "Exception: Invalid argument: mimeType");
    assert_eq!(
        thrown("DriveApp.createFile('f', 'x').setContent(new Array(10 * 1024 * 1024 + 2).join('x'))"),
        "Exception: Argument too large: content"
    );
    assert_eq!(
        thrown("DriveApp.createFile('f', 'x').setTrashed('yes')"),
        "Exception: The parameters (String) don't match the method signature for DriveApp.File.setTrashed."
    );
    assert_eq!(
        thrown("DriveApp.createFile(5)"),
        "Exception: The parameters (number) don't match the method signature for DriveApp.createFile."
    );
    assert!(thrown("DriveApp.createFile('f', 'x').getThumbnail()")
        .contains("gas-sim does not implement File.getThumbnail()"));

    let world = new_world();
    let id = {
        let mut w = state(&world);
        let id = w.drive.create_file(None, "shared.txt", b"ro".to_vec(), "text/plain", START_UTC_MS).unwrap();
        w.drive.items.get_mut(&id).unwrap().editable = false;
        id
    };
    assert_eq!(
        thrown_in(&world, &format!("DriveApp.getFileById('{id}').setContent('x')")),
        "Exception: Access denied: DriveApp."
    );
    assert_eq!(thrown_in(&world, &format!("DriveApp.getFileById('{id}').makeCopy('mine')")), "no error");
}

#[test]
fn move_copy_add_remove_trash_rename_and_describe() {
    let got = eval(
        "function main() {
           var a = DriveApp.createFolder('a'), b = a.createFolder('b');
           var f = a.createFile('r.txt', 'body');
           f.setName('s.txt').setDescription('d').moveTo(b);
           var copy = f.makeCopy(), named = f.makeCopy('n.txt', a), intoA = f.makeCopy(a);
           b.addFile(named);
           var inB = []; var it = b.getFiles(); while (it.hasNext()) inB.push(it.next().getName());
           b.removeFile(named);
           DriveApp.addFile(f);
           var parents = []; var p = f.getParents(); while (p.hasNext()) parents.push(p.next().getName());
           DriveApp.removeFile(f);
           f.setTrashed(true);
           a.setName('A').setDescription('folder');
           return [inB, parents, copy.getName(), intoA.getName(), copy.getParents().next().getName(),
                   named.getBlob().getDataAsString(), f.isTrashed(), a.getName(), a.getDescription(),
                   f.getDescription(), a.getSize(), f.getAs('text/plain').getName(), a.getFoldersByName('b').hasNext()];
         }",
    );
    assert_eq!(
        got,
        json!([
            ["s.txt", "Copy of s.txt", "n.txt"],
            ["My Drive", "b"],
            "Copy of s.txt",
            "Copy of s.txt",
            "b",
            "body",
            true,
            "A",
            "folder",
            "d",
            0,
            "s.txt",
            true
        ])
    );
}

#[test]
fn a_files_state_is_read_when_asked_so_another_executions_change_shows() {
    let world = new_world();
    let id = eval_in(&world, "function main() { return DriveApp.createFile('j', 'v1').getId(); }");
    let id = id.as_str().unwrap().to_string();
    state(&world).drive.set_content(&id, b"v2, from elsewhere".to_vec(), START_UTC_MS + 5).unwrap();
    let got = eval_in(
        &world,
        &format!("function main() {{ return DriveApp.getFileById('{id}').getBlob().getDataAsString(); }}"),
    );
    assert_eq!(got, json!("v2, from elsewhere"));
}

#[test]
fn drive_calls_take_their_modelled_latency() {
    let got = eval(
        "function main() {
           var t0 = Date.now();
           var dir = DriveApp.createFolder('d');
           var t1 = Date.now();
           dir.createFile('f', 'x');
           var t2 = Date.now();
           dir.getFilesByName('f').hasNext();
           return [t1 - t0, t2 - t1, Date.now() - t2];
         }",
    );
    let create_folder = latency_ms("DriveApp.createFolder");
    assert_eq!(
        got,
        json!([
            create_folder,
            latency_ms("Folder.createFile"),
            latency_ms("Folder.getFilesByName") + latency_ms("FileIterator.hasNext")
        ])
    );
}

/// The seed's size guard measures `Utilities.newBlob(JSON.stringify(index)).getBytes()`:
/// UTF-8 bytes, not characters; a string blob is text/plain.
#[test]
fn new_blob_bytes_count_utf8_and_a_text_blob_is_plain_text() {
    let got = eval(
        "function main() {
           var text = JSON.stringify({ k: 'çé€' });
           var blob = Utilities.newBlob(text);
           return [text.length, blob.getBytes().length, blob.getContentType(), blob.getBytes().slice(6, 8)];
         }",
    );
    assert_eq!(got, json!([11, 15, "text/plain", [-61, -89]]));
}

#[test]
fn the_world_after_a_run_round_trips_through_a_state_file() {
    let (_, world) = eval_world(
        "function main() {
           var dir = DriveApp.createFolder('results');
           dir.createFile('a.txt', 'héllo');
           dir.createFile(Utilities.newBlob([0, -1, 7], 'application/octet-stream', 'b.bin')).setTrashed(true);
         }",
    );
    let world = state(&world).clone();
    let text = world.to_json();
    assert!(
        text.contains("\"drive\"") && text.contains("\"text\": \"héllo\"") && text.contains("\"base64\""),
        "{text}"
    );
    let back = gas_platform::World::from_json(&text, gas_engine::methods::names()).unwrap();
    assert_eq!(back, world);
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let id = world.drive.items.iter().find(|(_, i)| i.name == "a.txt").unwrap().0.clone();
    value["drive"]["items"][&id]["parents"] = json!(["nowhere"]);
    let err = gas_platform::World::from_json(&value.to_string(), gas_engine::methods::names()).unwrap_err();
    assert!(err.starts_with(&format!("drive.items.{id}: parent \"nowhere\"")), "{err}");
    value["drive"]["items"][&id]["kind"] = json!("shortcut");
    let err = gas_platform::World::from_json(&value.to_string(), gas_engine::methods::names()).unwrap_err();
    assert!(err.starts_with(&format!("drive.items.{id}.kind")), "{err}");
}

/// Seed 004's locked store (fixtures/result-store-locked) with a script property store
/// close to 500 KB: its guard refuses the index update with its own error before the
/// platform's quota error could, and changes nothing.
#[test]
fn the_locked_stores_guard_trips_before_the_property_store_quota() {
    let files = [
        ("jobs.gs", include_str!("../../../../fixtures/result-store-locked/jobs.gs")),
        ("store.gs", include_str!("../../../../fixtures/result-store-locked/store.gs")),
        (
            "probe.gs",
            "function main() {
               try { recordResult_('orders-x', { idem: 'k', fileId: 'f', len: 1, at: new Date().toISOString() }); }
               catch (e) { return e.message; }
               return 'saved';
             }",
        ),
    ];
    let project = project_of("UTC", &files);
    let world = new_world();
    {
        let mut w = state(&world);
        // 57 values of 8 KB with their keys: 467,514 bytes, past the guard's 450 KB and
        // under the platform's 500 KB.
        for i in 0..57 {
            w.properties.script.set(&format!("archive_{i:02}"), &"x".repeat(8 * 1024)).unwrap();
        }
    }
    let before = state(&world).properties.clone();
    let spec = gas_engine::ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    let report = run_spec(&world, &project, "UTC", &spec);
    let message = result(&report);
    let message = message.as_str().unwrap();
    assert!(message.starts_with("index_near_limit:store:"), "{message}");
    assert_ne!(message, gas_platform::properties::STORE_QUOTA_MESSAGE);
    assert_eq!(state(&world).properties, before, "nothing written");
    assert_eq!(state(&world).locks.script, None, "the lock released after the guard threw");
}

/// The folder side of every shared binding, and the folder iterator's token.
#[test]
fn folder_bindings_trash_move_nest_and_continue() {
    let got = eval(
        "function names(it) { var out = []; while (it.hasNext()) out.push(it.next().getName()); return out; }
         function main() {
           var a = DriveApp.createFolder('a'), b = DriveApp.createFolder('b'), c = a.createFolder('c');
           a.createFile('p.pdf', '%PDF', MimeType.PDF);
           c.moveTo(b);
           a.addFolder(c);
           var both = names(c.getParents());
           a.removeFolder(c);
           DriveApp.addFolder(c);
           var withRoot = names(c.getParents());
           DriveApp.removeFolder(c);
           b.setTrashed(true);
           var it = DriveApp.getFolders();
           it.next();
           var rest = names(DriveApp.continueFolderIterator(it.getContinuationToken()));
           return [both, withRoot, b.isTrashed(), names(DriveApp.getTrashedFolders()), rest,
                   names(a.getFilesByType(MimeType.PDF)), names(DriveApp.searchFolders(\"title contains 'c'\")),
                   names(b.searchFolders('trashed = false')), names(b.getFolders()),
                   a.getDateCreated().getTime() === a.getLastUpdated().getTime(),
                   a.getFilesByType(MimeType.PDF).next().getAs(MimeType.PDF).getContentType()];
         }",
    );
    assert_eq!(
        got,
        json!([
            ["a", "b"],
            ["My Drive", "b"],
            true,
            ["b"],
            ["b", "c"],
            ["p.pdf"],
            ["c"],
            ["c"],
            ["c"],
            true,
            "application/pdf"
        ])
    );
}

#[test]
fn sharing_is_recorded_read_back_and_summarised() {
    let (got, world) = eval_world(
        "function main() {
           var f = DriveApp.createFile('report.csv', 'a,b');
           f.addEditor('ann@example.com').addViewers(['bob@example.com', 'cy@example.com']).addCommenter('dee@example.com');
           f.setSharing(DriveApp.Access.ANYONE_WITH_LINK, DriveApp.Permission.VIEW);
           var before = [f.getEditors().map(function (u) { return u.getEmail(); }),
                         f.getViewers().map(function (u) { return u.getName(); }),
                         f.getOwner().getEmail(), f.getOwner().getDomain(), f.getAccess('bob@example.com'),
                         f.getAccess(f.getEditors()[0]), f.getSharingAccess() === DriveApp.Access.ANYONE_WITH_LINK,
                         f.getSharingPermission(), f.isShareableByEditors(), f.setStarred(true).isStarred(),
                         f.getResourceKey(), f.getTargetId(), DriveApp.getRootFolder().getSharingAccess()];
           f.removeViewer('bob@example.com').revokePermissions('ann@example.com').setOwner('boss@example.com');
           return [before, f.getEditors().map(function (u) { return u.getEmail(); }), f.getOwner().getEmail(),
                   f.getAccess('user@example.com'), f.getId()];
         }",
    );
    assert_eq!(
        got[0],
        json!([
            ["ann@example.com"],
            ["bob", "cy", "dee"],
            "user@example.com",
            "example.com",
            "VIEW",
            "EDIT",
            true,
            "VIEW",
            true,
            true,
            null,
            null,
            "PRIVATE"
        ])
    );
    // The previous owner is an editor now.
    assert_eq!([&got[1], &got[2], &got[3]], [&json!(["user@example.com"]), &json!("boss@example.com"), &json!("EDIT")]);
    let id = got[4].as_str().unwrap().to_string();
    let state = state(&world);
    let summary = state.drive.summary().into_iter().find(|item| item.id == id).unwrap();
    let sharing = summary.sharing.expect("a shared file shows its sharing");
    assert_eq!((sharing.access.as_str(), sharing.owner.as_deref()), ("ANYONE_WITH_LINK", Some("boss@example.com")));
    assert_eq!(
        (sharing.viewers, sharing.commenters),
        (vec!["cy@example.com".to_string()], vec!["dee@example.com".to_string()])
    );
    assert!(state.drive.summary().iter().filter(|item| item.id != id).all(|item| item.sharing.is_none()));
}

#[test]
fn who_else_has_access_is_hidden_from_a_user_without_edit_access() {
    let world = new_world();
    let id = {
        let mut w = state(&world);
        let id = w.drive.create_file(None, "theirs.txt", b"x".to_vec(), "text/plain", 0).unwrap();
        w.drive
            .add_users(&id, ItemKind::File, "user@example.com", &["ann@example.com".into()], drive::sharing::Role::Edit)
            .unwrap();
        w.drive.items.get_mut(&id).unwrap().editable = false;
        id
    };
    let got = eval_in(
        &world,
        &format!(
            "function main() {{
               var f = DriveApp.getFileById('{id}');
               var mine = DriveApp.createFile('mine.txt', 'y').setSharing(DriveApp.Access.PRIVATE, DriveApp.Permission.EDIT);
               return [f.getEditors().length, f.getViewers().length, f.getAccess('user@example.com'), f.getOwner(),
                       f.getAccess('ann@example.com'), mine.getSharingAccess(), mine.getSharingPermission()];
             }}"
        ),
    );
    assert_eq!(got, json!([0, 0, "VIEW", null, "EDIT", "PRIVATE", "NONE"]));
}

#[test]
fn sharing_mistakes_have_their_texts() {
    let world = new_world();
    let id = state(&world).drive.create_file(None, "a.txt", b"x".to_vec(), "text/plain", 0).unwrap();
    let open = format!("var f = DriveApp.getFileById('{id}')");
    assert_eq!(thrown_in(&world, &format!("{open}; f.addEditor('nope')")), "Exception: Invalid argument: email");
    assert_eq!(
        thrown_in(&world, &format!("{open}; f.setSharing(DriveApp.Access.ANYONE, DriveApp.Permission.OWNER)")),
        "Exception: Invalid argument: permissionType"
    );
    assert_eq!(
        thrown_in(&world, &format!("{open}; f.removeEditor('user@example.com')")),
        "Exception: Invalid argument: the owner's access cannot be removed"
    );
    assert_eq!(
        thrown_in(&world, &format!("{open}; f.setOwner('boss@example.com'); f.setShareableByEditors(false)")),
        "Exception: Access denied: DriveApp."
    );
    assert_eq!(
        thrown_in(&world, &format!("{open}; f.addEditors('ann@example.com')")),
        "Exception: The parameters (String) don't match the method signature for DriveApp.File.addEditors."
    );
    assert_eq!(state(&world).drive.item(&id).map(|item| item.kind), Some(ItemKind::File));
}

#[test]
fn storage_used_and_limit_are_the_accounts() {
    let got = eval(
        "function main() {
           var before = DriveApp.getStorageUsed();
           DriveApp.createFile('a.txt', 'abcdef');
           return [before, DriveApp.getStorageUsed(), DriveApp.getStorageLimit()];
         }",
    );
    assert_eq!(got, json!([0, 6, 16_106_127_360u64]));
}

#[test]
fn a_shortcut_points_to_its_target_and_keeps_what_it_was_made_with() {
    let (got, world) = eval_world(
        "function main() {
           var folder = DriveApp.createFolder('archive');
           var report = DriveApp.createFile('report.csv', 'a,b', MimeType.CSV);
           var toFile = folder.createShortcut(report.getId());
           var toFolder = DriveApp.createShortcutForTargetIdAndResourceKey(folder.getId(), 'key-not-needed');
           report.setName('renamed.csv');
           report.setTrashed(true);
           var copy = toFile.makeCopy('second');
           var missing;
           try { DriveApp.createShortcut('no-such-id'); } catch (e) { missing = e.message; }
           return [toFile.getName(), toFile.getMimeType() === MimeType.SHORTCUT, toFile.getTargetId() === report.getId(),
                   toFile.getTargetMimeType(), toFile.getTargetResourceKey(), toFile.getSize(),
                   toFile.getParents().next().getName(),
                   toFolder.getName(), toFolder.getTargetMimeType(), toFolder.getParents().next().getName(),
                   copy.getTargetId() === report.getId(), report.getTargetId(), missing,
                   DriveApp.getFileByIdAndResourceKey(toFile.getId(), 'any').getName(),
                   DriveApp.getFolderByIdAndResourceKey(folder.getId(), 'any').getName()];
         }",
    );
    assert_eq!(
        got,
        json!([
            "report.csv",
            true,
            true,
            "text/csv",
            null,
            0,
            "archive",
            "archive",
            "application/vnd.google-apps.folder",
            "My Drive",
            true,
            null,
            drive::NOT_FOUND_MESSAGE,
            "report.csv",
            "archive"
        ])
    );
    let world = world.lock().unwrap();
    let shortcuts: Vec<_> = world.drive.items.values().filter(|item| item.shortcut.is_some()).collect();
    assert_eq!(shortcuts.len(), 3, "two made, one copied");
    assert!(shortcuts.iter().all(|item| item.mime_type == drive::SHORTCUT_MIME_TYPE && item.kind == ItemKind::File));
    world.drive.check_state().expect("a world with shortcuts, one of them broken, is a valid state");
}

#[test]
fn a_spreadsheet_is_a_drive_file_copied_renamed_and_exported_through_drive() {
    let (got, world) = eval_world(
        "function main() {
           var template = SpreadsheetApp.create('Invoice template');
           template.getSheets()[0].getRange('A1:B1').setValues([['Total', 42]]);
           var file = DriveApp.getFileById(template.getId());
           var folder = DriveApp.createFolder('Invoices');
           var copy = file.makeCopy('Invoice 7', folder);
           var opened = SpreadsheetApp.openById(copy.getId());
           opened.getSheets()[0].getRange('B1').setValue(43);
           copy.setName('Invoice 7 (sent)');
           template.rename('Template');
           var sheets = DriveApp.getFilesByType(MimeType.GOOGLE_SHEETS);
           var names = [];
           while (sheets.hasNext()) names.push(sheets.next().getName());
           var blob = copy.getBlob();
           return [file.getMimeType(), opened.getSheets()[0].getRange('A1:B1').getValues()[0],
                   template.getSheets()[0].getRange('B1').getValue(), opened.getName(), names,
                   blob.getContentType(), blob.getName(), copy.getParents().next().getName(),
                   SpreadsheetApp.openByUrl(copy.getUrl()).getId() === copy.getId(),
                   copy.getUrl() === 'https://docs.google.com/spreadsheets/d/' + copy.getId() + '/edit?usp=drivesdk'];
         }",
    );
    assert_eq!(
        got,
        json!([
            "application/vnd.google-apps.spreadsheet",
            ["Total", 43],
            42,
            "Invoice 7 (sent)",
            ["Template", "Invoice 7 (sent)"],
            "application/pdf",
            "Invoice 7 (sent).pdf",
            "Invoices",
            true,
            true
        ])
    );
    let world = world.lock().unwrap();
    let ids: Vec<String> = world.spreadsheets.all().iter().map(|book| book.id().to_string()).collect();
    assert_eq!(ids.len(), 2);
    for id in &ids {
        assert!(world.drive.get(id, ItemKind::File).is_ok(), "{id} is a Drive file");
    }
}

#[test]
fn a_run_that_never_uses_drive_adds_no_spreadsheet_to_it() {
    let (_, world) = eval_world("function main() { SpreadsheetApp.create('Alone'); }");
    assert!(world.lock().unwrap().drive.summary().is_empty());
}

#[test]
fn no_item_has_a_resource_key_so_none_takes_the_link_security_update() {
    let (got, _) = eval_world(
        "function main() {
           var f = DriveApp.createFile('a.txt', 'a'), d = DriveApp.createFolder('d');
           var on = '';
           try { f.setSecurityUpdateEnabled(true); } catch (e) { on = e.message; }
           return [f.getSecurityUpdateEligible(), f.getSecurityUpdateEnabled(), d.getSecurityUpdateEligible(),
                   d.setSecurityUpdateEnabled(false).getSecurityUpdateEnabled(), f.setSecurityUpdateEnabled(false) === f, on];
         }",
    );
    assert_eq!(
        got,
        json!([
            false,
            false,
            false,
            false,
            true,
            "Invalid argument: the item is not eligible for the security update (it has no resource key)"
        ])
    );
}
