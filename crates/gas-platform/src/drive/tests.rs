use super::query::{parse, INVALID_QUERY_MESSAGE};
use super::*;

const T0: i64 = 1_750_000_000_000;

fn all(drive: &Drive, mut listing: Listing) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(id) = drive.next(&mut listing).unwrap() {
        out.push(drive.item(&id).unwrap().name.clone());
        assert!(out.len() < 1000);
    }
    out
}

fn search(drive: &Drive, query: &str) -> Vec<String> {
    all(drive, Listing { query: Some(query.into()), ..Listing::new(ListingKind::Files) })
}

#[test]
fn ids_are_deterministic_and_shaped_like_drive_ids() {
    assert_eq!(id_of(7), id_of(7));
    assert_ne!(id_of(7), id_of(8));
    let id = id_of(0);
    assert_eq!(id.len(), 33);
    assert!(id.starts_with('1') && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{id}");
    let mut a = Drive::default();
    let mut b = Drive::default();
    assert_eq!(a.create_folder(None, "x", T0).unwrap(), b.create_folder(None, "x", T0 + 5).unwrap());
}

#[test]
fn the_root_is_made_once_and_items_go_there_by_default() {
    let mut drive = Drive::default();
    assert!(drive.is_empty());
    let root = drive.root(T0);
    assert_eq!(drive.root(T0 + 1), root);
    assert_eq!(drive.item(&root).unwrap().name, ROOT_NAME);
    let file = drive.create_file(None, "a.txt", b"hi".to_vec(), TEXT_MIME_TYPE, T0).unwrap();
    assert_eq!(drive.item(&file).unwrap().parents, vec![root.clone()]);
    // The root is in no listing, but it is a file's parent.
    assert!(all(&drive, Listing::new(ListingKind::Folders)).is_empty());
    let parents = Listing { parents_of: Some(file), ..Listing::new(ListingKind::Folders) };
    assert_eq!(all(&drive, parents), vec![ROOT_NAME]);
}

#[test]
fn lookups_by_id_give_the_platforms_texts() {
    let mut drive = Drive::default();
    let folder = drive.create_folder(None, "f", T0).unwrap();
    assert_eq!(drive.get("nope", ItemKind::File).unwrap_err().message, NOT_FOUND_MESSAGE);
    assert_eq!(drive.get("", ItemKind::File).unwrap_err().message, INVALID_ID_MESSAGE);
    assert_eq!(drive.get(&folder, ItemKind::File).unwrap_err().message, NOT_FOUND_MESSAGE, "a folder is no file");
    assert!(drive.get(&folder, ItemKind::Folder).is_ok());
}

#[test]
fn content_limits_differ_for_create_and_set_content() {
    let mut drive = Drive::default();
    let big = vec![b'x'; SET_CONTENT_BYTES_MAX + 1];
    let id = drive.create_file(None, "big", big.clone(), TEXT_MIME_TYPE, T0).unwrap();
    assert_eq!(drive.set_content(&id, big, T0).unwrap_err().message, CONTENT_TOO_LARGE_MESSAGE);
    drive.set_content(&id, vec![b'y'; SET_CONTENT_BYTES_MAX], T0 + 9).unwrap();
    assert_eq!(drive.item(&id).unwrap().updated_utc_ms, T0 + 9);
    let too_big = vec![0; CREATE_CONTENT_BYTES_MAX + 1];
    let err = drive.create_file(None, "huge", too_big, TEXT_MIME_TYPE, T0).unwrap_err();
    assert_eq!(err.message, CONTENT_TOO_LARGE_MESSAGE);
}

#[test]
fn the_drive_holds_at_most_512_mib_of_content() {
    assert_eq!(
        DRIVE_FULL_MESSAGE,
        format!("gas-sim: Drive holds at most {CONTENT_BYTES_TOTAL_MAX} bytes of file content, gas-sim's limit")
    );
    let mut drive = Drive::default();
    let file = vec![0; CREATE_CONTENT_BYTES_MAX];
    let files = CONTENT_BYTES_TOTAL_MAX / CREATE_CONTENT_BYTES_MAX;
    let ids: Vec<String> = (0..files)
        .map(|i| drive.create_file(None, &format!("f{i}"), file.clone(), TEXT_MIME_TYPE, T0).unwrap())
        .collect();
    let room = CONTENT_BYTES_TOTAL_MAX - files * CREATE_CONTENT_BYTES_MAX;
    let err = drive.create_file(None, "one more", vec![0; room + 1], TEXT_MIME_TYPE, T0).unwrap_err();
    assert_eq!(err.message, DRIVE_FULL_MESSAGE);
    assert_eq!(drive.make_copy(&ids[0], None, None, T0).unwrap_err().message, DRIVE_FULL_MESSAGE);
    // Replacing content frees the old bytes first.
    drive.set_content(&ids[0], vec![1; SET_CONTENT_BYTES_MAX], T0).unwrap();
    assert!(drive.check_state().is_ok());
}

#[test]
fn bad_names_and_types_are_refused() {
    let mut drive = Drive::default();
    assert_eq!(drive.create_folder(None, "", T0).unwrap_err().message, INVALID_NAME_MESSAGE);
    let google = drive.create_file(None, "s", vec![], "application/vnd.google-apps.spreadsheet", T0);
    assert_eq!(google.unwrap_err().message, INVALID_MIME_TYPE_MESSAGE);
    assert_eq!(
        drive.create_file(None, "f", vec![], FOLDER_MIME_TYPE, T0).unwrap_err().message,
        INVALID_MIME_TYPE_MESSAGE
    );
}

#[test]
fn a_view_only_item_refuses_changes() {
    let mut drive = Drive::default();
    let id = drive.create_file(None, "shared", b"x".to_vec(), TEXT_MIME_TYPE, T0).unwrap();
    drive.items.get_mut(&id).unwrap().editable = false;
    assert_eq!(drive.set_content(&id, vec![], T0).unwrap_err().message, ACCESS_DENIED_MESSAGE);
    assert_eq!(drive.set_name(&id, "n", T0).unwrap_err().message, ACCESS_DENIED_MESSAGE);
    assert_eq!(drive.set_trashed(&id, true).unwrap_err().message, ACCESS_DENIED_MESSAGE);
    assert!(drive.make_copy(&id, None, None, T0).is_ok(), "a viewer may copy");
}

#[test]
fn rename_trash_move_copy_and_parents() {
    let mut drive = Drive::default();
    let a = drive.create_folder(None, "a", T0).unwrap();
    let b = drive.create_folder(Some(&a), "b", T0).unwrap();
    let f = drive.create_file(Some(&a), "r.txt", b"body".to_vec(), TEXT_MIME_TYPE, T0).unwrap();
    drive.set_name(&f, "s.txt", T0 + 1).unwrap();
    drive.set_description(&f, "d", T0 + 2).unwrap();
    drive.set_trashed(&f, true).unwrap();
    assert!(drive.item(&f).unwrap().trashed);
    assert_eq!(drive.item(&f).unwrap().updated_utc_ms, T0 + 2, "trashing keeps the date");
    drive.move_to(&f, &b).unwrap();
    assert_eq!(drive.item(&f).unwrap().parents, vec![b.clone()]);
    assert_eq!(drive.move_to(&a, &b).unwrap_err().message, ACCESS_DENIED_MESSAGE, "no cycles");
    let copy = drive.make_copy(&f, None, None, T0 + 3).unwrap();
    let item = drive.item(&copy).unwrap();
    assert_eq!(
        (item.name.as_str(), item.parents.clone(), item.bytes()),
        ("Copy of s.txt", vec![b.clone()], &b"body"[..])
    );
    assert!(!item.trashed && item.created_utc_ms == T0 + 3 && item.description.as_deref() == Some("d"));
    drive.add_to(&a, &f, ItemKind::File).unwrap();
    drive.add_to(&a, &f, ItemKind::File).unwrap();
    assert_eq!(drive.item(&f).unwrap().parents, vec![b.clone(), a.clone()], "added once");
    drive.remove_from(&b, &f, ItemKind::File).unwrap();
    assert_eq!(drive.item(&f).unwrap().parents, vec![a.clone()]);
    assert_eq!(drive.add_to(&b, &a, ItemKind::Folder).unwrap_err().message, ACCESS_DENIED_MESSAGE);
    let root = drive.root(T0);
    assert_eq!(drive.set_trashed(&root, true).unwrap_err().message, ACCESS_DENIED_MESSAGE);
}

#[test]
fn listings_follow_creation_order_include_trash_and_see_new_items() {
    let mut drive = Drive::default();
    let dir = drive.create_folder(None, "dir", T0).unwrap();
    for name in ["b", "a", "b"] {
        drive.create_file(Some(&dir), name, vec![], TEXT_MIME_TYPE, T0).unwrap();
    }
    let trashed = drive.create_file(None, "b", vec![], TEXT_MIME_TYPE, T0).unwrap();
    drive.set_trashed(&trashed, true).unwrap();
    assert_eq!(all(&drive, Listing::new(ListingKind::Files)), vec!["b", "a", "b", "b"]);
    let by_name = Listing { name: Some("b".into()), within: Some(dir.clone()), ..Listing::new(ListingKind::Files) };
    assert_eq!(all(&drive, by_name.clone()).len(), 2);
    let trash = Listing { trashed_only: true, ..Listing::new(ListingKind::Files) };
    assert_eq!(all(&drive, trash).len(), 1);
    // A listing is lazy: an item made after it started, later in order, shows up.
    let mut listing = by_name;
    drive.next(&mut listing).unwrap().unwrap();
    drive.create_file(Some(&dir), "b", vec![], TEXT_MIME_TYPE, T0).unwrap();
    assert_eq!(all(&drive, listing).len(), 2);
}

#[test]
fn continuation_tokens_resume_and_bad_ones_are_refused() {
    let mut drive = Drive::default();
    for name in ["x", "y", "z"] {
        drive.create_file(None, name, vec![], TEXT_MIME_TYPE, T0).unwrap();
    }
    let mut listing = Listing::new(ListingKind::Files);
    drive.next(&mut listing).unwrap();
    let resumed = Listing::from_token(&listing.token(), ListingKind::Files).unwrap();
    assert_eq!(all(&drive, resumed), vec!["y", "z"]);
    let wrong_kind = Listing::from_token(&listing.token(), ListingKind::Folders).unwrap_err();
    assert_eq!(wrong_kind.message, ops::INVALID_TOKEN_MESSAGE);
    assert!(Listing::from_token("abc", ListingKind::Files).is_err());
    assert!(Listing::from_token("gas-sim-drive-1.!!", ListingKind::Files).is_err());
}

#[test]
fn the_query_language_common_forms() {
    let mut drive = Drive::default();
    let dir = drive.create_folder(None, "results", T0).unwrap();
    drive.create_file(Some(&dir), "result_job1.txt", vec![], TEXT_MIME_TYPE, T0).unwrap();
    drive.create_file(Some(&dir), "HelloWorld", vec![], "application/json", T0 + 10_000).unwrap();
    let old = drive.create_file(None, "result_old.txt", vec![], TEXT_MIME_TYPE, T0 - 86_400_000).unwrap();
    drive.set_trashed(&old, true).unwrap();
    assert_eq!(search(&drive, "title = 'HelloWorld'"), vec!["HelloWorld"]);
    assert_eq!(search(&drive, "name = \"HelloWorld\""), vec!["HelloWorld"]);
    assert_eq!(search(&drive, "title contains 'hello'"), vec!["HelloWorld"]);
    assert!(search(&drive, "title contains 'World'").is_empty(), "prefix matching (documented)");
    assert_eq!(search(&drive, "title contains 'job1'"), vec!["result_job1.txt"]);
    assert_eq!(search(&drive, "mimeType = 'text/plain' and trashed = false"), vec!["result_job1.txt"]);
    assert_eq!(search(&drive, &format!("'{dir}' in parents")).len(), 2);
    assert_eq!(search(&drive, "trashed = true"), vec!["result_old.txt"]);
    assert_eq!(search(&drive, "mimeType != 'text/plain'"), vec!["HelloWorld"]);
    assert_eq!(search(&drive, "mimeType contains 'json' or title = 'result_old.txt'").len(), 2);
    assert_eq!(search(&drive, "not (trashed = true or mimeType = 'application/json')"), vec!["result_job1.txt"]);
    let after = chrono::DateTime::from_timestamp_millis(T0 + 1).unwrap().to_rfc3339();
    assert_eq!(search(&drive, &format!("modifiedDate > '{after}'")), vec!["HelloWorld"]);
    assert_eq!(search(&drive, "modifiedTime > '2000-01-01' and createdDate < '9999-01-01T00:00:00'").len(), 3);
    assert_eq!(search(&drive, "title = 'it\\'s'"), Vec::<String>::new());
}

#[test]
fn bad_queries_are_the_platforms_error_and_unsupported_terms_name_themselves() {
    for bad in [
        "",
        "title =",
        "title = 'x' and",
        "title ~ 'x'",
        "nonsense = 'x'",
        "(title = 'x'",
        "'x' in",
        "trashed = maybe",
        "title > 'x'",
        "modifiedDate > 'yesterday'",
        "title = 'open",
    ] {
        assert_eq!(parse(bad).unwrap_err().message, INVALID_QUERY_MESSAGE, "{bad}");
    }
    for (query, term) in [
        ("fullText contains 'invoice'", "fullText"),
        ("starred = true", "starred"),
        ("'a@b.c' in owners", "'...' in owners"),
        ("title = 'x' and sharedWithMe", "sharedWithMe"),
    ] {
        let err = parse(query).unwrap_err().message;
        assert_eq!(
            err,
            format!("gas-sim does not implement DriveApp.searchFiles() with the query term {term}"),
            "{query}"
        );
        assert!(crate::gaps::gap_name(&err).is_some());
    }
    let deep = format!("{}title = 'x'{}", "(".repeat(100), ")".repeat(100));
    assert_eq!(parse(&deep).unwrap_err().message, INVALID_QUERY_MESSAGE);
}

#[test]
fn state_round_trips_with_text_and_binary_content() {
    let mut drive = Drive::default();
    let dir = drive.create_folder(None, "d", T0).unwrap();
    drive.create_file(Some(&dir), "t.txt", "héllo".as_bytes().to_vec(), TEXT_MIME_TYPE, T0).unwrap();
    drive.create_file(Some(&dir), "b.bin", vec![0xff, 0, 1], BLOB_MIME_TYPE_DEFAULT, T0).unwrap();
    let json = serde_json::to_string(&drive).unwrap();
    assert!(json.contains("\"text\":\"héllo\"") && json.contains("\"base64\":\"/wAB\""), "{json}");
    let back: Drive = serde_json::from_str(&json).unwrap();
    assert_eq!(back, drive);
    assert!(back.check_state().is_ok());
    let summary = back.summary();
    assert_eq!(summary.len(), 3);
    assert_eq!(summary[1].path, "My Drive/d/t.txt");
    assert_eq!(summary[1].size_bytes, 6);
    assert_eq!(summary[2].content, None, "binary content is not shown");
}

#[test]
fn state_files_that_break_invariants_are_refused() {
    let mut drive = Drive::default();
    let dir = drive.create_folder(None, "d", T0).unwrap();
    let file = drive.create_file(Some(&dir), "f", vec![], TEXT_MIME_TYPE, T0).unwrap();
    let mut orphan = drive.clone();
    orphan.items.get_mut(&file).unwrap().parents = vec!["missing".into()];
    assert!(orphan.check_state().unwrap_err().contains("parent \"missing\" is no folder"));
    let mut file_parent = drive.clone();
    file_parent.items.get_mut(&dir).unwrap().parents = vec![file.clone()];
    assert!(file_parent.check_state().is_err());
    let mut seq = drive.clone();
    seq.next_seq = 1;
    assert!(seq.check_state().unwrap_err().contains("seq"));
    let mut folder = drive.clone();
    folder.items.get_mut(&dir).unwrap().content = Some(Content(vec![1]));
    assert!(folder.check_state().unwrap_err().contains("a folder has the type"));
    let mut root = drive.clone();
    root.root_id = Some(file.clone());
    assert!(root.check_state().unwrap_err().starts_with("root_id"));
    let mut name = drive;
    name.items.get_mut(&file).unwrap().name.clear();
    assert!(name.check_state().unwrap_err().contains(INVALID_NAME_MESSAGE));
}

#[test]
fn storage_used_counts_the_users_own_files_trashed_too_against_the_accounts_limit() {
    let mut drive = Drive::default();
    let kept = drive.create_file(None, "a", vec![1; 10], TEXT_MIME_TYPE, T0).unwrap();
    let trashed = drive.create_file(None, "b", vec![2; 5], TEXT_MIME_TYPE, T0).unwrap();
    drive.set_trashed(&trashed, true).unwrap();
    let theirs = drive.create_file(None, "c", vec![3; 7], TEXT_MIME_TYPE, T0).unwrap();
    drive.items.get_mut(&theirs).unwrap().editable = false;
    assert_eq!(drive.storage_used_bytes(), 15);
    drive.set_owner(&kept, ItemKind::File, "me@example.com", "boss@example.com").unwrap();
    assert_eq!(drive.storage_used_bytes(), 5);
    assert_eq!(storage_limit_bytes(crate::mail::AccountType::Consumer), 16_106_127_360);
    assert!(storage_limit_bytes(crate::mail::AccountType::Workspace) > STORAGE_LIMIT_CONSUMER_BYTES);
}

#[test]
fn a_shortcut_takes_its_targets_name_and_type_once_and_keeps_them() {
    let mut drive = Drive::default();
    let folder = drive.create_folder(None, "archive", T0).unwrap();
    let file = drive.create_file(None, "report.csv", b"a,b".to_vec(), "text/csv", T0).unwrap();
    let shortcut = drive.create_shortcut(Some(&folder), &file, T0 + 1).unwrap();
    let made = drive.item(&shortcut).unwrap().clone();
    assert_eq!(
        (made.kind, made.name.as_str(), made.mime_type.as_str()),
        (ItemKind::File, "report.csv", SHORTCUT_MIME_TYPE)
    );
    assert_eq!((made.parents.clone(), made.size_bytes()), (vec![folder.clone()], 0));
    assert_eq!(made.shortcut, Some(ShortcutTarget { id: file.clone(), mime_type: "text/csv".into() }));
    // Documented: later changes to the target reach neither the title nor the type.
    drive.set_name(&file, "renamed.csv", T0 + 2).unwrap();
    drive.set_trashed(&file, true).unwrap();
    assert_eq!(drive.item(&shortcut).unwrap().name, "report.csv");
    // A copy points to the same target; a folder can be a target; the root by default.
    let copy = drive.make_copy(&shortcut, None, None, T0 + 3).unwrap();
    assert_eq!(drive.item(&copy).unwrap().shortcut.as_ref().map(|t| t.id.clone()), Some(file.clone()));
    let to_folder = drive.create_shortcut(None, &folder, T0 + 4).unwrap();
    let root = drive.root(T0);
    let target = drive.item(&to_folder).unwrap();
    assert_eq!(
        (target.parents.clone(), target.shortcut.as_ref().unwrap().mime_type.as_str()),
        (vec![root], FOLDER_MIME_TYPE)
    );
    assert_eq!(drive.create_shortcut(None, "nope", T0).unwrap_err().message, NOT_FOUND_MESSAGE);
    assert_eq!(drive.create_shortcut(None, "", T0).unwrap_err().message, INVALID_ID_MESSAGE);
    // It has no content to replace, so a run never leaves a state that would not load.
    assert_eq!(drive.set_content(&shortcut, b"x".to_vec(), T0).unwrap_err().message, SHORTCUT_CONTENT_MESSAGE);
    assert_eq!(drive.item(&shortcut).unwrap().content, None);
    drive.check_state().unwrap();
}

#[test]
fn state_files_keep_shortcuts_well_formed() {
    let mut drive = Drive::default();
    let file = drive.create_file(None, "a.txt", b"hi".to_vec(), TEXT_MIME_TYPE, T0).unwrap();
    let shortcut = drive.create_shortcut(None, &file, T0).unwrap();
    let mut lost_target = drive.clone();
    lost_target.items.get_mut(&shortcut).unwrap().shortcut = None;
    assert!(lost_target.check_state().unwrap_err().contains("needs its shortcut"));
    let mut not_a_shortcut = drive.clone();
    not_a_shortcut.items.get_mut(&file).unwrap().shortcut =
        Some(ShortcutTarget { id: shortcut.clone(), mime_type: SHORTCUT_MIME_TYPE.into() });
    assert!(not_a_shortcut.check_state().unwrap_err().contains("only a file of the type"));
    // A broken shortcut (its target deleted for good) is a valid state.
    drive.items.remove(&file);
    drive.check_state().unwrap();
}
