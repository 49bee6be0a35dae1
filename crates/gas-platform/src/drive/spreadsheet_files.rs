//! Spreadsheets as Drive files: a spreadsheet is a file of the user's Drive, of type
//! `MimeType.GOOGLE_SHEETS`, with the spreadsheet's id and name (documented:
//! `DriveApp.getFileById(spreadsheet.getId())` is how scripts move, share, copy and trash
//! them).
//!
//! | rule | source |
//! |---|---|
//! | every spreadsheet of the world is a Drive file with its id and name | documented |
//! | a spreadsheet becomes a Drive item when a script first uses Drive after it was made, in the root folder, created and updated at that instant; one whose id or name Drive cannot hold stays out | assumed (gas-sim keeps runs that never use Drive byte-identical: nothing is added to a world until Drive is asked) |
//! | renaming either (`Spreadsheet.rename`, `File.setName`) renames both (the file at the next Drive call) | documented (one file, one name) |
//! | `File.makeCopy` of a spreadsheet is a new spreadsheet with the original's sheets, under the copy's id and name | documented ("Creates a copy of the file") |
//! | `File.getAs`/`getBlob` of a spreadsheet is its PDF export (`Spreadsheet.getAs`) | documented |
//! | trashing the file leaves the spreadsheet readable by id | assumed (a trashed file can be opened by id) |
//! | removing the file for good (`Drive.Files.remove`) removes the spreadsheet | documented (the file is the spreadsheet) |

use super::Created;
use crate::error::ServiceResult;
use crate::sheets::SPREADSHEET_MIME_TYPE;
use crate::world::World;

/// The name a spreadsheet without one has in Drive (as Sheets names a new one).
const UNTITLED: &str = "Untitled spreadsheet";

impl World {
    /// Before any Drive call: every spreadsheet never yet in the Drive becomes a file
    /// there, and a file whose spreadsheet was renamed since takes the new name (Drive
    /// calls leave the two names equal: `spreadsheet_follows_file`). Best effort: a
    /// spreadsheet the Drive cannot hold (its id or name past Drive's bounds, a full
    /// Drive) stays out of it, and the script's Drive call goes on; one removed from the
    /// Drive stays removed.
    pub fn show_spreadsheets_in_drive(&mut self, now_utc_ms: i64) {
        // A spreadsheet whose file is already there (a state file's, a scenario's) is shown.
        let present: Vec<String> = self
            .spreadsheets
            .all()
            .iter()
            .filter(|book| self.drive.item(book.id()).is_some() && !self.drive.spreadsheets_shown.contains(book.id()))
            .map(|book| book.id().to_string())
            .collect();
        self.drive.spreadsheets_shown.extend(present);
        let changed: Vec<(String, String, bool)> = self
            .spreadsheets
            .all()
            .iter()
            .filter_map(|book| {
                let name = if book.name().is_empty() { UNTITLED } else { book.name() };
                match self.drive.item(book.id()) {
                    None if !self.drive.spreadsheets_shown.contains(book.id()) => {
                        Some((book.id().to_string(), name.to_string(), true))
                    }
                    Some(file) if file.mime_type == SPREADSHEET_MIME_TYPE && file.name != name => {
                        Some((book.id().to_string(), name.to_string(), false))
                    }
                    _ => None,
                }
            })
            .collect();
        for (id, name, missing) in changed {
            if missing {
                if id.len() <= super::ID_CHARS_MAX
                    && self.drive.add_google_file(&id, &name, SPREADSHEET_MIME_TYPE, now_utc_ms).is_ok()
                {
                    self.drive.spreadsheets_shown.insert(id);
                }
            } else {
                // A name Drive refuses (past its length) leaves the file's as it was.
                let _ = self.drive.set_name(&id, &name, now_utc_ms);
            }
        }
    }

    /// After a Drive call that removes items for good (`Drive.Files.remove`, of a file or
    /// of a folder with what is in it): a spreadsheet whose file went is gone too, as on
    /// the platform (one file, one document), and `openById` no longer finds it.
    pub fn forget_removed_spreadsheets(&mut self) {
        let gone: Vec<String> =
            self.drive.spreadsheets_shown.iter().filter(|id| self.drive.item(id).is_none()).cloned().collect();
        for id in gone {
            self.spreadsheets.remove(&id);
        }
    }

    /// Whether Drive file `id` is a spreadsheet of this world.
    pub fn is_spreadsheet_file(&self, id: &str) -> bool {
        self.drive.item(id).is_some_and(|item| item.mime_type == SPREADSHEET_MIME_TYPE)
            && self.spreadsheets.get(id).is_some()
    }

    /// After a Drive call on file `id`: a spreadsheet takes its file's name.
    pub fn spreadsheet_follows_file(&mut self, id: &str) -> ServiceResult<()> {
        if !self.is_spreadsheet_file(id) {
            return Ok(());
        }
        let name = self.drive.item(id).map(|item| item.name.clone()).unwrap_or_default();
        // A name Drive could not take (past its length) stays the spreadsheet's own.
        let drive_holds = |book: &crate::sheets::Spreadsheet| book.name().chars().count() <= super::NAME_CHARS_MAX;
        if self.spreadsheets.get(id).is_some_and(|book| book.name() != name && drive_holds(book)) {
            self.spreadsheets.rename_spreadsheet(id, &name)?;
        }
        Ok(())
    }

    /// After `File.makeCopy` of file `original` made `copy`: a spreadsheet's copy is a
    /// spreadsheet too.
    pub fn copy_spreadsheet_file(&mut self, original: &str, copy: &Created) -> ServiceResult<()> {
        if !self.is_spreadsheet_file(original) {
            return Ok(());
        }
        let name = self.drive.item(copy).map(|item| item.name.clone()).unwrap_or_default();
        self.spreadsheets.copy_spreadsheet_as(original, copy, &name)?;
        // Shown from the start: removed later, it stays removed (and its sheets go).
        self.drive.spreadsheets_shown.insert(copy.clone());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drive::ItemKind;

    #[test]
    fn spreadsheets_show_in_drive_on_first_use_and_keep_one_name_and_copy_whole() {
        let mut world = World::default();
        let id = world.spreadsheets.create("Budget").unwrap();
        assert!(world.drive.item(&id).is_none(), "nothing until Drive is used");
        world.show_spreadsheets_in_drive(1_000);
        let file = world.drive.get(&id, ItemKind::File).unwrap();
        assert_eq!((file.name.as_str(), file.mime_type.as_str()), ("Budget", SPREADSHEET_MIME_TYPE));
        world.show_spreadsheets_in_drive(2_000);
        assert_eq!(world.drive.summary().len(), 1, "once");

        world.drive.set_name(&id, "Budget 2026", 3_000).unwrap();
        world.spreadsheet_follows_file(&id).unwrap();
        assert_eq!(world.spreadsheets.spreadsheet_name(&id).unwrap(), "Budget 2026");
        world.spreadsheets.rename_spreadsheet(&id, "Plan").unwrap();
        world.show_spreadsheets_in_drive(4_000);
        assert_eq!(world.drive.item(&id).unwrap().name, "Plan");

        let copy = world.drive.make_copy(&id, Some("Plan copy"), None, 5_000).unwrap();
        world.copy_spreadsheet_file(&id, &copy).unwrap();
        assert!(world.drive.spreadsheets_shown.contains(&copy), "a copy is shown from the start");
        assert_eq!(world.spreadsheets.spreadsheet_name(&copy).unwrap(), "Plan copy");
        assert_eq!(world.spreadsheets.get_sheets(&copy).unwrap().len(), 1);

        world.drive.api_files_remove(&id).unwrap();
        world.forget_removed_spreadsheets();
        world.show_spreadsheets_in_drive(6_000);
        assert!(world.drive.item(&id).is_none(), "a removed file stays removed");
        assert!(world.spreadsheets.get(&id).is_none(), "and its spreadsheet is gone");
        let long = world.spreadsheets.create(&"x".repeat(40_000)).unwrap();
        world.show_spreadsheets_in_drive(7_000);
        assert!(world.drive.item(&long).is_none(), "a name Drive refuses keeps the spreadsheet out, quietly");
        world.spreadsheets.rename_spreadsheet(&copy, &"y".repeat(40_000)).unwrap();
        world.show_spreadsheets_in_drive(8_000);
        world.spreadsheet_follows_file(&copy).unwrap();
        assert_eq!(world.spreadsheets.spreadsheet_name(&copy).unwrap().len(), 40_000, "not renamed back");
    }
}
