//! Protected ranges and sheets (`Range.protect()`, `Sheet.protect()`, `getProtections`,
//! `Protection`): stored per spreadsheet and read back. gas-sim records who may edit; it
//! does not refuse a script's own writes to a protected range (the script runs as an
//! editor of the spreadsheet); a person's edits (`[[edits]]`) are refused where they may
//! not edit (`user_input.rs`, `Spreadsheets::user_input`).
//!
//! Documented: a new protection's editors mirror the spreadsheet's (its owner and
//! editors) until the script changes them; `Sheet.protect()` on a protected sheet returns
//! the existing protection; `Range.protect()` on a protected range adds another, which
//! may overlap. Sheets API (documented): warning-only protections have no editors.

/// A state file's protection count at u32::MAX (gas-sim's bound: ids are never reused).
const IDS_USED_UP: &str = "gas-sim: this spreadsheet has used every protection id";

use serde::{Deserialize, Serialize};

use super::anchored::GridBox;
use super::model::Spreadsheets;
use super::named::{grid_box, range_of};
use super::{RangeRef, SheetRef};
use crate::error::{ServiceError, ServiceResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum ProtectionType {
    Range,
    Sheet,
}

impl ProtectionType {
    /// `SpreadsheetApp.ProtectionType.RANGE` / `.SHEET`.
    pub fn parse(name: &str) -> Option<ProtectionType> {
        match name {
            "RANGE" => Some(ProtectionType::Range),
            "SHEET" => Some(ProtectionType::Sheet),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ProtectionType::Range => "RANGE",
            ProtectionType::Sheet => "SHEET",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Protection {
    pub id: u32,
    pub protection_type: ProtectionType,
    pub sheet_id: u32,
    /// The protected box of a range protection; `None` for a sheet protection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<GridBox>,
    /// The named range it protects (`setRangeName`, `setNamedRange`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_name: Option<String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub warning_only: bool,
    #[serde(default)]
    pub domain_edit: bool,
    /// Email addresses, in the order added.
    #[serde(default)]
    pub editors: Vec<String>,
    /// A sheet protection's unprotected ranges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unprotected: Vec<GridBox>,
}

/// What a script changes on a protection, one setter each.
#[derive(Debug, Clone)]
pub enum ProtectionChange {
    AddEditors(Vec<String>),
    RemoveEditors(Vec<String>),
    Description(String),
    DomainEdit(bool),
    WarningOnly(bool),
    Range(RangeRef),
    RangeName(String),
    UnprotectedRanges(Vec<RangeRef>),
}

pub mod text {
    /// Assumed.
    pub const PROTECTION_REMOVED: &str = "This protection has been removed.";
    /// Sheets API text (documented), used by gas-sim for Apps Script (assumed).
    pub const WARNING_ONLY_EDITORS: &str = "Editors are not supported with warning_only protection.";
    /// Assumed.
    pub const SHEET_PROTECTION_RANGE: &str = "The range of a sheet protection is the whole sheet; it cannot be set.";
    /// Assumed.
    pub const RANGE_PROTECTION_UNPROTECTED: &str = "Unprotected ranges can only be set on a sheet protection.";
    /// Assumed.
    pub const UNPROTECTED_ON_OTHER_SHEET: &str = "The unprotected ranges must be on the protected sheet.";

    /// Assumed (DriveApp's sharing methods say `Invalid email: X`).
    pub fn invalid_email(email: &str) -> String {
        format!("Invalid email: {email}")
    }
}

/// An email address as Drive sharing accepts it: `local@domain.tld` without spaces (assumed).
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.chars().any(|ch| ch.is_whitespace() || ch == ',')
        && !domain.contains('@')
}

pub(super) fn check_emails(emails: &[String]) -> ServiceResult<()> {
    match emails.iter().find(|email| !is_valid_email(email)) {
        Some(bad) => Err(ServiceError::new(text::invalid_email(bad))),
        None => Ok(()),
    }
}

impl Spreadsheets {
    /// The owner and editors of a spreadsheet (`getEditors()`), the owner first;
    /// `account` owns a spreadsheet whose state names no owner.
    pub fn spreadsheet_editors(&self, id: &str, account: &str) -> ServiceResult<Vec<String>> {
        let objects = self.open_by_id(id)?.objects();
        let owner = objects.owner.clone().unwrap_or_else(|| account.to_string());
        let mut editors = vec![owner];
        for editor in &objects.editors {
            if !editors.contains(editor) {
                editors.push(editor.clone());
            }
        }
        Ok(editors)
    }

    /// `Range.protect()`: a new range protection; its id.
    pub fn protect_range(&mut self, range: &RangeRef, account: &str) -> ServiceResult<u32> {
        self.range_sheet(range)?;
        let editors = self.spreadsheet_editors(&range.sheet.spreadsheet_id, account)?;
        let boxed = grid_box(range);
        self.add_protection(&range.sheet, ProtectionType::Range, Some(boxed), editors)
    }

    /// `Sheet.protect()`: the sheet's protection, made if it has none.
    pub fn protect_sheet(&mut self, sheet: &SheetRef, account: &str) -> ServiceResult<u32> {
        self.sheet(sheet)?;
        let book = self.open_by_id(&sheet.spreadsheet_id)?;
        let existing = book
            .objects()
            .protections
            .iter()
            .find(|p| p.sheet_id == sheet.sheet_id && p.protection_type == ProtectionType::Sheet);
        if let Some(existing) = existing {
            return Ok(existing.id);
        }
        let editors = self.spreadsheet_editors(&sheet.spreadsheet_id, account)?;
        self.add_protection(sheet, ProtectionType::Sheet, None, editors)
    }

    fn add_protection(
        &mut self,
        sheet: &SheetRef,
        protection_type: ProtectionType,
        range: Option<GridBox>,
        editors: Vec<String>,
    ) -> ServiceResult<u32> {
        let objects = self.book_mut(&sheet.spreadsheet_id)?.objects_mut();
        // A state file may hold any count: past u32::MAX there is no new id.
        let id = objects.protection_count.checked_add(1).ok_or_else(|| ServiceError::new(IDS_USED_UP))?;
        objects.protection_count = id;
        objects.protections.push(Protection {
            id,
            protection_type,
            sheet_id: sheet.sheet_id,
            range,
            range_name: None,
            description: String::new(),
            warning_only: false,
            domain_edit: true,
            editors,
            unprotected: Vec::new(),
        });
        Ok(id)
    }

    /// `Spreadsheet.getProtections(type)` (every sheet, tab order then creation) and
    /// `Sheet.getProtections(type)` (`sheet`): the ids.
    pub fn protections(
        &self,
        id: &str,
        sheet: Option<&SheetRef>,
        protection_type: ProtectionType,
    ) -> ServiceResult<Vec<u32>> {
        if let Some(sheet) = sheet {
            self.sheet(sheet)?;
        }
        let book = self.open_by_id(id)?;
        let mut found = Vec::new();
        for tab in book.sheets() {
            if sheet.is_some_and(|sheet| sheet.sheet_id != tab.sheet_id()) {
                continue;
            }
            found.extend(
                book.objects()
                    .protections
                    .iter()
                    .filter(|p| p.sheet_id == tab.sheet_id() && p.protection_type == protection_type)
                    .map(|p| p.id),
            );
        }
        Ok(found)
    }

    /// One protection, for its getters.
    pub fn protection(&self, id: &str, protection_id: u32) -> ServiceResult<&Protection> {
        self.open_by_id(id)?
            .objects()
            .protections
            .iter()
            .find(|p| p.id == protection_id)
            .ok_or_else(|| ServiceError::new(text::PROTECTION_REMOVED))
    }

    /// `Protection.getRange()`: the protected range, or the whole sheet.
    pub fn protection_range(&self, id: &str, protection_id: u32) -> ServiceResult<RangeRef> {
        let protection = self.protection(id, protection_id)?;
        match protection.range {
            Some(boxed) => Ok(range_of(id, &boxed)),
            None => self.sheet_range(&SheetRef { spreadsheet_id: id.to_string(), sheet_id: protection.sheet_id }),
        }
    }

    /// `Protection.canEdit()`: whether `user` may edit the protected cells (a warning-only
    /// protection lets everyone; the owner always may).
    pub fn protection_can_edit(&self, id: &str, protection_id: u32, user: &str, account: &str) -> ServiceResult<bool> {
        let protection = self.protection(id, protection_id)?;
        let owner = self.spreadsheet_editors(id, account)?.remove(0);
        Ok(protection.warning_only || user == owner || protection.editors.iter().any(|editor| editor == user))
    }

    /// `Protection.remove()`.
    pub fn remove_protection(&mut self, id: &str, protection_id: u32) -> ServiceResult<()> {
        self.protection(id, protection_id)?;
        self.book_mut(id)?.objects_mut().protections.retain(|p| p.id != protection_id);
        Ok(())
    }

    /// Every `Protection` setter, checked first; a failed change changes nothing.
    pub fn change_protection(
        &mut self,
        id: &str,
        protection_id: u32,
        change: ProtectionChange,
        account: &str,
    ) -> ServiceResult<()> {
        let current = self.protection(id, protection_id)?.clone();
        let mut next = current.clone();
        match change {
            ProtectionChange::AddEditors(emails) | ProtectionChange::RemoveEditors(emails) if current.warning_only => {
                let _ = emails;
                return Err(ServiceError::new(text::WARNING_ONLY_EDITORS));
            }
            ProtectionChange::AddEditors(emails) => {
                check_emails(&emails)?;
                for email in emails {
                    if !next.editors.contains(&email) {
                        next.editors.push(email);
                    }
                }
            }
            ProtectionChange::RemoveEditors(emails) => {
                // The owner stays an editor (documented: "the owner ... can always edit").
                let owner = self.spreadsheet_editors(id, account)?.remove(0);
                next.editors.retain(|editor| *editor == owner || !emails.contains(editor));
            }
            ProtectionChange::Description(description) => next.description = description,
            ProtectionChange::DomainEdit(editable) => next.domain_edit = editable,
            ProtectionChange::WarningOnly(warning_only) => {
                next.warning_only = warning_only;
                next.editors = if warning_only { Vec::new() } else { self.spreadsheet_editors(id, account)? };
            }
            ProtectionChange::Range(range) => {
                if current.protection_type == ProtectionType::Sheet {
                    return Err(ServiceError::new(text::SHEET_PROTECTION_RANGE));
                }
                self.range_sheet(&range)?;
                next.sheet_id = range.sheet.sheet_id;
                next.range = Some(grid_box(&range));
                next.range_name = None;
            }
            ProtectionChange::RangeName(name) => {
                if current.protection_type == ProtectionType::Sheet {
                    return Err(ServiceError::new(text::SHEET_PROTECTION_RANGE));
                }
                let range = self.named_range_range(id, &name)?;
                next.sheet_id = range.sheet.sheet_id;
                next.range = Some(grid_box(&range));
                next.range_name = Some(name);
            }
            ProtectionChange::UnprotectedRanges(ranges) => {
                if current.protection_type == ProtectionType::Range {
                    return Err(ServiceError::new(text::RANGE_PROTECTION_UNPROTECTED));
                }
                for range in &ranges {
                    self.range_sheet(range)?;
                    if range.sheet.sheet_id != current.sheet_id {
                        return Err(ServiceError::new(text::UNPROTECTED_ON_OTHER_SHEET));
                    }
                }
                next.unprotected = ranges.iter().map(grid_box).collect();
            }
        }
        let book = self.book_mut(id)?;
        if let Some(slot) = book.objects_mut().protections.iter_mut().find(|p| p.id == protection_id) {
            *slot = next;
        }
        Ok(())
    }
}
