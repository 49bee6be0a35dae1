//! Spreadsheet-level operations of the "objects" part: sheet copies and moves, the
//! spreadsheet's copy, sharing (owner, editors, viewers: recorded in the state) and locale.
//! Named ranges, protections, validations, conditional formats and the finder have their
//! own modules beside `ops/` (named.rs, protection.rs, validation.rs, conditional.rs,
//! finder.rs).

use super::super::model::{Sheet, Spreadsheet, Spreadsheets};
use super::super::protection::check_emails;
use super::super::{text, SheetRef};
use super::{check_growth, fail, sheet_ref};
use crate::error::{ServiceError, ServiceResult};

/// Characters in a spreadsheet's locale code (`en_US`, `es_419`, `zh_Hant_TW`).
const LOCALE_CHARS_MAX: usize = 16;

pub mod texts {
    /// Assumed.
    pub const INVALID_LOCALE: &str = "Invalid argument: locale";
    /// Assumed (the V8-era text for a sheet position outside the tabs).
    pub const SHEET_POSITION: &str = "The sheet position is out of range.";
}

/// `setSpreadsheetLocale(code)`: a language code, optionally with a region or script
/// (`en`, `en_US`, `pt_BR`, `es_419`), as Sheets' locale list writes them (assumed check).
pub fn is_valid_locale(code: &str) -> bool {
    let mut parts = code.split('_');
    let language_ok =
        parts.next().is_some_and(|lang| (2..=3).contains(&lang.len()) && lang.bytes().all(|b| b.is_ascii_lowercase()));
    language_ok
        && code.len() <= LOCALE_CHARS_MAX
        && parts.all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// `Copy of NAME`, then `Copy of NAME 2`, ... : the first no sheet of `book` has (assumed).
fn copy_name(book: &Spreadsheet, name: &str) -> String {
    let taken = |candidate: &str| book.sheets().iter().any(|sheet| super::same_sheet_name(sheet.name(), candidate));
    let first = format!("Copy of {name}");
    if !taken(&first) {
        return first;
    }
    (2..).map(|n| format!("{first} {n}")).find(|candidate| !taken(candidate)).expect("a free name")
}

fn next_sheet_id(book: &Spreadsheet) -> u32 {
    book.sheets().iter().map(Sheet::sheet_id).max().map_or(0, |gid| gid + 1)
}

impl Spreadsheets {
    /// `Spreadsheet.getNumSheets()`.
    pub fn num_sheets(&self, id: &str) -> ServiceResult<u32> {
        Ok(self.open_by_id(id)?.sheets().len() as u32)
    }

    /// `Spreadsheet.copy(name)`: a new spreadsheet with copies of every sheet, named
    /// ranges and protections; the copy's id.
    pub fn copy_spreadsheet(&mut self, id: &str, name: &str) -> ServiceResult<String> {
        let new_id = self.next_created_id();
        self.copy_spreadsheet_as(id, &new_id, name)?;
        Ok(new_id)
    }

    /// A copy of spreadsheet `id` under `new_id` (a Drive copy's id: `File.makeCopy`).
    pub fn copy_spreadsheet_as(&mut self, id: &str, new_id: &str, name: &str) -> ServiceResult<()> {
        let source = self.open_by_id(id)?.clone();
        if self.get(new_id).is_some() {
            return fail(crate::drive::INVALID_ID_MESSAGE);
        }
        self.push(source.copied(new_id, name));
        Ok(())
    }

    /// `Sheet.copyTo(spreadsheet)` (added last) and `duplicateActiveSheet()` (`after`:
    /// inserted after the source): the copy, named `Copy of NAME`, with the values,
    /// layers, validations, conditional format rules, filter, bandings, charts and images; named
    /// ranges, protections and developer metadata stay with the original (assumed).
    pub fn copy_sheet(
        &mut self,
        sheet: &SheetRef,
        destination_id: &str,
        after_source: bool,
    ) -> ServiceResult<SheetRef> {
        let source = self.sheet(sheet)?.clone();
        let destination = self.open_by_id(destination_id)?;
        check_growth(destination, source.max_rows() as u64 * source.max_columns() as u64)?;
        let sheet_id = next_sheet_id(destination);
        let mut copy = source.copied(sheet_id, &copy_name(destination, source.name()));
        for rule in &mut copy.objects_mut().conditional_formats {
            for boxed in &mut rule.ranges {
                boxed.sheet_id = sheet_id;
            }
        }
        // The copy keeps the filter, on its own cells (assumed, as Sheets' "Duplicate").
        if let Some(filter) = &mut copy.objects_mut().filter {
            filter.range.sheet_id = sheet_id;
        }
        let source_book = self.open_by_id(&sheet.spreadsheet_id)?;
        let bandings = source_book.sheet_bandings(sheet.sheet_id);
        let charts = source_book.objects().charts.clone();
        let images: Vec<_> =
            source_book.objects().images.iter().filter(|image| image.sheet_id == sheet.sheet_id).cloned().collect();
        let book = self.book_mut(destination_id)?;
        book.check_room_for_bandings(bandings.len())?;
        let image_bytes = images.iter().map(super::super::images::image_bytes).sum();
        super::super::images::room_for(&book.objects().images, images.len(), image_bytes)?;
        if u64::from(book.objects().image_count) + images.len() as u64 > u64::from(u32::MAX) {
            return Err(crate::ServiceError::new(super::super::images::text::IDS_USED_UP));
        }
        let copied_charts = charts.iter().filter(|chart| chart.sheet_id == sheet.sheet_id).count();
        if book.objects().charts.len() + copied_charts > super::super::charts::CHARTS_PER_SPREADSHEET_MAX {
            return Err(crate::ServiceError::new(super::super::charts::text::TOO_MANY_CHARTS));
        }
        if u64::from(book.objects().chart_count) + copied_charts as u64 > u64::from(u32::MAX) {
            return Err(crate::ServiceError::new(super::super::charts::text::IDS_USED_UP));
        }
        let at = match book.sheets().iter().position(|tab| tab.sheet_id() == sheet.sheet_id) {
            Some(index) if after_source => index + 1,
            _ => book.sheets().len(),
        };
        book.sheets_mut().insert(at, copy);
        // Its bandings too, with new ids (assumed, as the filter).
        book.copy_bandings(&bandings, sheet_id)?;
        book.copy_charts(&charts, sheet.sheet_id, sheet_id, destination_id == sheet.spreadsheet_id)?;
        book.copy_images(&images, sheet.sheet_id, sheet_id)?;
        Ok(SheetRef { spreadsheet_id: destination_id.to_string(), sheet_id })
    }

    /// `Spreadsheet.moveActiveSheet(pos)`: the sheet moves to 1-based tab position `pos`.
    pub fn move_sheet(&mut self, sheet: &SheetRef, position: i64) -> ServiceResult<()> {
        self.sheet(sheet)?;
        let book = self.book_mut(&sheet.spreadsheet_id)?;
        let count = book.sheets().len() as i64;
        if position < 1 || position > count {
            return fail(texts::SHEET_POSITION);
        }
        let from = book.sheets().iter().position(|tab| tab.sheet_id() == sheet.sheet_id).unwrap_or(0);
        let moved = book.sheets_mut().remove(from);
        book.sheets_mut().insert(position as usize - 1, moved);
        Ok(())
    }

    /// `Spreadsheet.getOwner()`: the stored owner, or the account running the scenario.
    pub fn spreadsheet_owner(&self, id: &str, account: &str) -> ServiceResult<String> {
        Ok(self.open_by_id(id)?.objects().owner.clone().unwrap_or_else(|| account.to_string()))
    }

    /// `Spreadsheet.getViewers()`: viewers and commenters (documented), here the viewers added.
    pub fn spreadsheet_viewers(&self, id: &str) -> ServiceResult<Vec<String>> {
        Ok(self.open_by_id(id)?.objects().viewers.clone())
    }

    /// `addEditor(s)`: the addresses become editors (a viewer who becomes an editor is
    /// no longer listed as a viewer, as in Drive).
    pub fn add_spreadsheet_editors(&mut self, id: &str, emails: Vec<String>) -> ServiceResult<()> {
        check_emails(&emails)?;
        let objects = self.book_mut(id)?.objects_mut();
        for email in emails {
            objects.viewers.retain(|viewer| *viewer != email);
            if !objects.editors.contains(&email) && objects.owner.as_ref() != Some(&email) {
                objects.editors.push(email);
            }
        }
        Ok(())
    }

    /// `addViewer(s)`: an editor stays an editor (Drive keeps the higher role).
    pub fn add_spreadsheet_viewers(&mut self, id: &str, emails: Vec<String>) -> ServiceResult<()> {
        check_emails(&emails)?;
        let objects = self.book_mut(id)?.objects_mut();
        for email in emails {
            if !objects.editors.contains(&email)
                && !objects.viewers.contains(&email)
                && objects.owner.as_ref() != Some(&email)
            {
                objects.viewers.push(email);
            }
        }
        Ok(())
    }

    /// `removeEditor(email)` / `removeViewer(email)`: a user not listed is no error (assumed).
    pub fn remove_spreadsheet_user(&mut self, id: &str, email: &str, editor: bool) -> ServiceResult<()> {
        check_emails(&[email.to_string()])?;
        let objects = self.book_mut(id)?.objects_mut();
        let list = if editor { &mut objects.editors } else { &mut objects.viewers };
        list.retain(|listed| listed != email);
        Ok(())
    }

    /// `setAnonymousAccess(anonymousReadAllowed, anonymousWriteAllowed)`: whether people
    /// who are not signed in may view and edit (deprecated in the reference, still there).
    pub fn set_anonymous_access(&mut self, id: &str, read: bool, write: bool) -> ServiceResult<()> {
        let objects = self.book_mut(id)?.objects_mut();
        objects.anonymous_read = read;
        objects.anonymous_write = write;
        Ok(())
    }

    /// `isAnonymousView()`: also when anonymous users may edit (assumed: in Drive an
    /// editor is a viewer too).
    pub fn is_anonymous_view(&self, id: &str) -> ServiceResult<bool> {
        let objects = self.open_by_id(id)?.objects();
        Ok(objects.anonymous_read || objects.anonymous_write)
    }

    /// `isAnonymousWrite()`.
    pub fn is_anonymous_write(&self, id: &str) -> ServiceResult<bool> {
        Ok(self.open_by_id(id)?.objects().anonymous_write)
    }

    /// `getSpreadsheetLocale()`: `en_US` unless set (assumed default of a new spreadsheet).
    pub fn spreadsheet_locale(&self, id: &str) -> ServiceResult<String> {
        Ok(self.open_by_id(id)?.objects().locale.clone().unwrap_or_else(|| "en_US".to_string()))
    }

    /// `setSpreadsheetLocale(code)`.
    pub fn set_spreadsheet_locale(&mut self, id: &str, code: &str) -> ServiceResult<()> {
        self.open_by_id(id)?;
        if !is_valid_locale(code) {
            return Err(ServiceError::new(texts::INVALID_LOCALE));
        }
        self.book_mut(id)?.objects_mut().locale = Some(code.to_string());
        Ok(())
    }

    /// A sheet handle by tab position (0-based), for the binding.
    pub fn sheet_at(&self, id: &str, index: usize) -> ServiceResult<SheetRef> {
        let book = self.open_by_id(id)?;
        let sheet = book.sheets().get(index).ok_or_else(|| ServiceError::new(text::SHEET_DELETED))?;
        Ok(sheet_ref(book, sheet))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anonymous_access_is_kept_and_editing_implies_viewing() {
        let mut books = Spreadsheets::default();
        let id = books.create("Shared").unwrap();
        let access =
            |books: &Spreadsheets| (books.is_anonymous_view(&id).unwrap(), books.is_anonymous_write(&id).unwrap());
        assert_eq!(access(&books), (false, false));
        books.set_anonymous_access(&id, false, true).unwrap();
        assert_eq!(access(&books), (true, true));
        books.set_anonymous_access(&id, true, false).unwrap();
        assert_eq!(access(&books), (true, false));
        assert!(books.set_anonymous_access("no-such-id", true, true).is_err());
    }

    #[test]
    fn locales_are_language_and_region_codes() {
        for good in ["en", "en_US", "pt_BR", "es_419", "zh_Hant_TW", "fil_PH"] {
            assert!(is_valid_locale(good), "{good}");
        }
        for bad in ["", "EN_us", "english", "en-US", "en_", "e", "en US"] {
            assert!(!is_valid_locale(bad), "{bad}");
        }
    }
}
