//! Images over the grid: `Sheet.insertImage/getImages`, `Spreadsheet.insertImage/getImages`
//! (on the active sheet), and `OverGridImage`. An image's handle is gas-platform's
//! `ImageRef` (its spreadsheet and id); every getter reads the image as the spreadsheet
//! holds it now, and gas-platform decides every rule (`sheets/images.rs`). An image from
//! a URL is a gap: gas-sim's HTTP rules answer text, not pictures.

use super::super::args::*;
use super::super::blob::BlobParts;
use super::super::Call;
use crate::host::CallResult;
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::sheets::images::{pixels, ImageChange, ImageRef};
use gas_platform::sheets::{RangeRef, SheetRef, Spreadsheets};
use gas_platform::{ServiceError, ServiceResult};

/// The methods answered here, declared once (`crate::methods`); costs as a chart's.
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(answer);
    "OverGridImage.assignScript" => 150,
    "OverGridImage.getAltTextDescription" => 20,
    "OverGridImage.getAltTextTitle" => 20,
    "OverGridImage.getAnchorCell" => 20,
    "OverGridImage.getAnchorCellXOffset" => 20,
    "OverGridImage.getAnchorCellYOffset" => 20,
    "OverGridImage.getHeight" => 20,
    "OverGridImage.getInherentHeight" => 20,
    "OverGridImage.getInherentWidth" => 20,
    "OverGridImage.getScript" => 20,
    "OverGridImage.getSheet" => 20,
    "OverGridImage.getUrl" => 20,
    "OverGridImage.getWidth" => 20,
    "OverGridImage.remove" => 150,
    "OverGridImage.replace" => 300,
    "OverGridImage.resetSize" => 150,
    "OverGridImage.setAltTextDescription" => 150,
    "OverGridImage.setAltTextTitle" => 150,
    "OverGridImage.setAnchorCell" => 150,
    "OverGridImage.setAnchorCellXOffset" => 150,
    "OverGridImage.setAnchorCellYOffset" => 150,
    "OverGridImage.setHeight" => 150,
    "OverGridImage.setWidth" => 150,
    "Sheet.getImages" => 50,
    "Sheet.insertImage" => 300,
    "Spreadsheet.getImages" => 50,
    "Spreadsheet.insertImage" => 300,
];

fn answer(call: &Call) -> CallResult {
    let (method, handle, args) = (call.method, call.handle, call.args);
    let mut guard = call.host.world();
    let world = &mut *guard;
    let spreadsheet_id = || handle.as_str().unwrap_or_default().to_string();
    let value = match method {
        "Sheet.insertImage" => insert(&mut world.spreadsheets, method, &handle_of(handle)?, args)?,
        "Spreadsheet.insertImage" => {
            let active = super::super::container::active_sheet(call.host, world, &spreadsheet_id())?;
            insert(&mut world.spreadsheets, method, &active, args)?
        }
        "Sheet.getImages" => {
            let sheet: SheetRef = handle_of(handle)?;
            list(world.spreadsheets.images_of(&sheet)?)
        }
        // As the Sheet methods Spreadsheet mirrors: the active sheet's (assumed; the
        // reference says "the images on the sheet").
        "Spreadsheet.getImages" => {
            let active = super::super::container::active_sheet(call.host, world, &spreadsheet_id())?;
            list(world.spreadsheets.images_of(&active)?)
        }
        _ => match method.strip_prefix("OverGridImage.") {
            Some(name) => image_call(&mut world.spreadsheets, method, name, &handle_of(handle)?, args)?,
            None => return Err(ServiceError::unimplemented(method).into()),
        },
    };
    Ok(value)
}

fn list(images: Vec<ImageRef>) -> Val {
    Val::Array(images.iter().map(to_val).collect())
}

/// `insertImage(blob, column, row[, offsetX, offsetY])` on `sheet`.
fn insert(books: &mut Spreadsheets, method: &str, sheet: &SheetRef, args: &[Val]) -> ServiceResult<Val> {
    let bytes = picture_arg(method, args)?;
    let at = (int_arg(args, 1, method)?, int_arg(args, 2, method)?);
    // The offsets may be left out (the three-argument form): 0.
    let offset = |i: usize| match arg(args, i) {
        Val::Undefined => Ok(0.0),
        _ => int_arg(args, i, method).map(|n| n as f64),
    };
    Ok(to_val(&books.insert_image(sheet, &bytes, at, (offset(3)?, offset(4)?))?))
}

/// The picture a method is given: a blob's bytes; a URL is a gap.
fn picture_arg(method: &str, args: &[Val]) -> ServiceResult<Vec<u8>> {
    match arg(args, 0) {
        Val::String(_) => Err(ServiceError::unimplemented(&format!("{method} with a URL"))),
        other => BlobParts::of(handle_arg(other)).map(|blob| blob.bytes).ok_or_else(|| signature_error(method, args)),
    }
}

/// One of `OverGridImage`'s methods (`name`) on `image`.
fn image_call(
    books: &mut Spreadsheets,
    method: &str,
    name: &str,
    image: &ImageRef,
    args: &[Val],
) -> ServiceResult<Val> {
    let number = || int_arg(args, 0, method).map(|n| n as f64);
    let text = || match arg(args, 0) {
        Val::String(text) => Ok(text.clone()),
        value @ (Val::Number(_) | Val::Bool(_)) => Ok(value.to_js_string()),
        _ => Err(signature_error(method, args)),
    };
    let change = match name {
        "getAltTextDescription" => return Ok(Val::String(books.image(image)?.alt_description.clone())),
        "getAltTextTitle" => return Ok(Val::String(books.image(image)?.alt_title.clone())),
        "getAnchorCell" => return Ok(to_val(&books.image_anchor(image)?)),
        "getAnchorCellXOffset" => return Ok(Val::Number(f64::from(books.image(image)?.offset_x_px))),
        "getAnchorCellYOffset" => return Ok(Val::Number(f64::from(books.image(image)?.offset_y_px))),
        "getHeight" => return Ok(Val::Number(f64::from(books.image(image)?.height_px))),
        "getInherentHeight" => return Ok(Val::Number(f64::from(books.image(image)?.inherent_height_px))),
        "getInherentWidth" => return Ok(Val::Number(f64::from(books.image(image)?.inherent_width_px))),
        "getScript" => return Ok(Val::String(books.image(image)?.script.clone())),
        "getSheet" => return Ok(to_val(&books.image_sheet(image)?)),
        "getUrl" => return books.image(image).map(|_| Val::Null),
        "getWidth" => return Ok(Val::Number(f64::from(books.image(image)?.width_px))),
        "remove" => {
            books.change_image(image, ImageChange::Remove)?;
            return Ok(Val::Undefined);
        }
        "assignScript" => ImageChange::Script(text()?),
        "replace" => ImageChange::Replace(picture_arg(method, args)?),
        "resetSize" => ImageChange::ResetSize,
        "setAltTextDescription" => ImageChange::AltDescription(text()?),
        "setAltTextTitle" => ImageChange::AltTitle(text()?),
        "setAnchorCell" => ImageChange::Anchor(
            handle_of::<RangeRef>(handle_arg(arg(args, 0))).map_err(|_| signature_error(method, args))?,
        ),
        "setAnchorCellXOffset" => ImageChange::OffsetX(pixels(number()?)?),
        "setAnchorCellYOffset" => ImageChange::OffsetY(pixels(number()?)?),
        "setHeight" => ImageChange::Height(pixels(number()?)?),
        "setWidth" => ImageChange::Width(pixels(number()?)?),
        _ => return Err(ServiceError::unimplemented(method)),
    };
    books.change_image(image, change)?;
    Ok(to_val(image))
}
