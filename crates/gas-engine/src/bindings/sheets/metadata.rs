//! Developer metadata: `addDeveloperMetadata`, `getDeveloperMetadata` and
//! `createDeveloperMetadataFinder` on a spreadsheet, a sheet and a range;
//! `DeveloperMetadata`, `DeveloperMetadataLocation`, `DeveloperMetadataFinder`. A
//! metadata's handle is gas-platform's `MetadataRef` (every method finds it again), a
//! finder's its `Finder`; gas-platform holds the rules (`sheets/metadata.rs`).

use super::super::args::*;
use super::super::Call;
use crate::host::{CallResult, Host};
use crate::methods::{declare, reads, Method, Read};
use crate::value::Val;
use gas_platform::sheets::metadata::{Finder, MetadataRef, Target, LOCATION_TYPES, VISIBILITIES};
use gas_platform::sheets::{RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The methods answered here, declared once (`crate::methods`); costs as a named range's.
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "DeveloperMetadata.getKey" => 20,
    "DeveloperMetadata.getLocation" => 20,
    "DeveloperMetadata.getValue" => 20,
    "DeveloperMetadata.getVisibility" => 20,
    "DeveloperMetadata.moveToColumn" => 100,
    "DeveloperMetadata.moveToRow" => 100,
    "DeveloperMetadata.moveToSheet" => 100,
    "DeveloperMetadata.moveToSpreadsheet" => 100,
    "DeveloperMetadata.remove" => 100,
    "DeveloperMetadata.setKey" => 100,
    "DeveloperMetadata.setValue" => 100,
    "DeveloperMetadata.setVisibility" => 100,
    "DeveloperMetadataFinder.find" => 50,
    "Range.addDeveloperMetadata" => 100,
    "Range.getDeveloperMetadata" => 50,
    "Sheet.addDeveloperMetadata" => 100,
    "Sheet.getDeveloperMetadata" => 50,
    "Spreadsheet.addDeveloperMetadata" => 100,
    "Spreadsheet.getDeveloperMetadata" => 50,
];

/// A finder is the script's own object until `find()`: its steps in the script's process.
pub(in crate::bindings) const FINDER_METHODS: &[Method] = declare![Method::by(answer_finder).in_process();
    "DeveloperMetadataFinder.onIntersectingLocations" => 0,
    "DeveloperMetadataFinder.withId" => 0,
    "DeveloperMetadataFinder.withKey" => 0,
    "DeveloperMetadataFinder.withLocationType" => 0,
    "DeveloperMetadataFinder.withValue" => 0,
    "DeveloperMetadataFinder.withVisibility" => 0,
    "Range.createDeveloperMetadataFinder" => 0,
    "Sheet.createDeveloperMetadataFinder" => 0,
    "Spreadsheet.createDeveloperMetadataFinder" => 0,
];

/// The getters the prelude answers from a metadata's and a location's handle.
pub(in crate::bindings) const READS: &[Read] = reads![
    "DeveloperMetadata.getId" => "id",
    "DeveloperMetadataLocation.getColumn" => "column",
    "DeveloperMetadataLocation.getLocationType" => "location_type",
    "DeveloperMetadataLocation.getRow" => "row",
    "DeveloperMetadataLocation.getSheet" => "sheet",
    "DeveloperMetadataLocation.getSpreadsheet" => "spreadsheet",
];

/// The visibility unless one is given (documented).
const DEFAULT_VISIBILITY: &str = "DOCUMENT";

fn answer(call: &Call) -> CallResult {
    super::in_books(call, |_host: &Host, books, method, handle, args| Some(dispatch(books, method, handle, args)))
}

fn dispatch(books: &mut Spreadsheets, method: &str, handle: &Val, args: &[Val]) -> CallResult {
    let (class, name) = method.split_once('.').unwrap_or((method, ""));
    if class == "DeveloperMetadata" {
        return metadata_call(books, name, &handle_of(handle)?, args).map_err(Into::into);
    }
    if class == "DeveloperMetadataFinder" && name == "find" {
        return Ok(list(books.find_metadata(&handle_of(handle)?)?));
    }
    let (sheet, range): (Option<SheetRef>, Option<RangeRef>) = match class {
        "Sheet" => (Some(handle_of(handle)?), None),
        "Range" => (None, Some(handle_of(handle)?)),
        _ => (None, None),
    };
    let id = handle.as_str().unwrap_or_default().to_string();
    let target = match (&sheet, &range) {
        (Some(sheet), _) => Target::Sheet(sheet),
        (_, Some(range)) => Target::Range(range),
        _ => Target::Spreadsheet(&id),
    };
    let value = match name {
        "addDeveloperMetadata" => {
            let (value, visibility) = value_and_visibility(args);
            // An enum's value is its name here: any other string is no visibility.
            if !VISIBILITIES.contains(&visibility.as_str()) {
                return Err(signature_error(method, args).into());
            }
            books.add_metadata(&target, &string_arg(args, 0), value.as_deref(), &visibility)?;
            Val::Undefined
        }
        "getDeveloperMetadata" => list(books.metadata_at(&target)?),
        _ => return Err(ServiceError::unimplemented(method).into()),
    };
    Ok(value)
}

/// `(key)`, `(key, visibility)`, `(key, value)`, `(key, value, visibility)`: a second
/// argument that is a visibility's name is the visibility (the enum's values are its
/// names here, so the value `'PROJECT'` reads as the visibility: assumed).
fn value_and_visibility(args: &[Val]) -> (Option<String>, String) {
    let text = |i: usize| match arg(args, i) {
        Val::Null | Val::Undefined => None,
        other => Some(other.to_js_string()),
    };
    match (text(1), text(2)) {
        (Some(second), None) if args.len() == 2 && VISIBILITIES.contains(&second.as_str()) => (None, second),
        (value, visibility) => (value, visibility.unwrap_or_else(|| DEFAULT_VISIBILITY.to_string())),
    }
}

fn list(found: Vec<MetadataRef>) -> Val {
    Val::Array(found.iter().map(to_val).collect())
}

/// A `DeveloperMetadata`'s own methods.
fn metadata_call(books: &mut Spreadsheets, name: &str, handle: &MetadataRef, args: &[Val]) -> ServiceResult<Val> {
    let text = |i: usize| string_arg(args, i);
    let unit = |done: ServiceResult<()>| done.map(|()| Val::Undefined);
    match name {
        "getKey" => Ok(Val::String(books.metadata(handle)?.key.clone())),
        "getValue" => Ok(books.metadata(handle)?.value.clone().map_or(Val::Null, Val::String)),
        "getVisibility" => Ok(Val::String(books.metadata(handle)?.visibility.clone())),
        "getLocation" => Ok(to_val(&books.metadata_location_view(handle)?)),
        "setKey" => unit(books.change_metadata(handle, |m| m.key = text(0))),
        "setValue" => unit(books.change_metadata(handle, |m| m.value = Some(text(0)))),
        "setVisibility" if !VISIBILITIES.contains(&text(0).as_str()) => {
            Err(signature_error("DeveloperMetadata.setVisibility", args))
        }
        "setVisibility" => unit(books.change_metadata(handle, |m| m.visibility = text(0))),
        "remove" => unit(books.remove_metadata(handle)),
        "moveToSpreadsheet" => {
            unit(books.move_metadata(handle, &Target::Spreadsheet(&handle.spreadsheet_id), "SPREADSHEET"))
        }
        "moveToSheet" => {
            unit(books.move_metadata(handle, &Target::Sheet(&handle_of(handle_arg(arg(args, 0)))?), "SHEET"))
        }
        "moveToRow" | "moveToColumn" => {
            let range: RangeRef = handle_of(handle_arg(arg(args, 0)))?;
            let want = if name == "moveToRow" { "ROW" } else { "COLUMN" };
            unit(books.move_metadata(handle, &Target::Range(&range), want))
        }
        _ => Err(ServiceError::unimplemented(&format!("DeveloperMetadata.{name}"))),
    }
}

/// `createDeveloperMetadataFinder()` and the finder's steps: its handle, changed.
fn answer_finder(call: &Call) -> CallResult {
    let (method, handle, args) = (call.method, call.handle, call.args);
    let finder = match method {
        "Spreadsheet.createDeveloperMetadataFinder" => {
            Finder::new(handle.as_str().unwrap_or_default().to_string(), None, None)
        }
        "Sheet.createDeveloperMetadataFinder" => {
            let sheet: SheetRef = handle_of(handle)?;
            Finder::new(sheet.spreadsheet_id.clone(), Some(sheet), None)
        }
        "Range.createDeveloperMetadataFinder" => {
            let range: RangeRef = handle_of(handle)?;
            Finder::new(range.sheet.spreadsheet_id.clone(), None, Some(range))
        }
        _ => {
            const STEPS: [&str; 6] =
                ["onIntersectingLocations", "withId", "withKey", "withValue", "withVisibility", "withLocationType"];
            let step = method.strip_prefix("DeveloperMetadataFinder.").filter(|step| STEPS.contains(step));
            let Some(step) = step else { return Err(ServiceError::unimplemented(method).into()) };
            let mut finder: Finder = handle_of(handle)?;
            let text = || string_arg(args, 0);
            match step {
                "onIntersectingLocations" => finder.intersecting = true,
                "withId" => {
                    finder.id = arg(args, 0)
                        .as_f64()
                        .filter(|n| n.fract() == 0.0 && *n >= 0.0)
                        .map(|n| n.min(f64::from(u32::MAX)) as u32)
                        .or(Some(0))
                }
                "withKey" => finder.key = Some(text()),
                "withValue" => finder.value = Some(text()),
                "withVisibility" | "withLocationType" => {
                    let (names, slot): (&[&str], _) = if step == "withVisibility" {
                        (&VISIBILITIES, &mut finder.visibility)
                    } else {
                        (&LOCATION_TYPES, &mut finder.location_type)
                    };
                    if !names.contains(&text().as_str()) {
                        return Err(signature_error(method, args).into());
                    }
                    *slot = Some(text());
                }
                _ => return Err(ServiceError::unimplemented(method).into()),
            }
            finder
        }
    };
    Ok(to_val(&finder))
}
