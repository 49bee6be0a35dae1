//! Images over the grid (`Sheet.insertImage`, `getImages`, `OverGridImage`): a picture
//! anchored to a cell, with a pixel offset from the cell's corner and a size of its own.
//! Images are the spreadsheet's objects (`SpreadsheetObjects::images`) with
//! spreadsheet-wide ids; their anchors move with rows and columns as a chart's do, a
//! deleted sheet's go with it, a copied sheet's are copied. The bytes are kept (a state
//! file holds them as base64); gas-sim draws nothing, so nothing reads them back.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | formats | PNG, JPEG or GIF, told by the bytes | observed (other types are refused) |
//! | size | at most 2 MB, and at most 1,048,576 pixels (1024 x 1024, 4096 x 256) | documented (2 MB) / observed (the area) |
//! | anything else | [`text::BAD_IMAGE`] | observed ("invalid image data") |
//! | a new image's size | its own pixels (`getInherentWidth/Height`), until `setWidth/Height`; `resetSize()` goes back | documented |
//! | the anchor | the cell `insertImage(blob, column, row)` names: a cell of the sheet, else the range texts | documented / assumed (texts) |
//! | `setWidth/Height` below 0, an offset below 0 | [`text::BAD_SIZE`] | assumed (text) |
//! | a removed image | [`text::GONE`] for every method | assumed (text) |
//! | `getUrl()` | `null`: an image inserted from a blob has no address | documented ("may not return a URL for newly inserted images") |
//! | `assignScript(name)` | kept as given; `getScript()` gives it, `""` until then | documented / assumed (no check of the name) |

use base64::Engine as _;
use serde::{Deserialize, Serialize};

use super::anchored::moved_anchor;
use super::model::Spreadsheet;
use super::shift::Shift;
use super::{RangeRef, SheetRef, Spreadsheets};
use crate::error::{ServiceError, ServiceResult};

/// An image's bytes at most (documented for `Sheet.insertImage`: "The maximum supported
/// blob size is 2MB").
pub const IMAGE_BYTES_MAX: usize = 2 * 1024 * 1024;
/// An image's width times height at most (observed: 1024 x 1024 and 4096 x 256 go in,
/// 1025 x 1024 does not).
pub const IMAGE_PIXELS_MAX: u64 = 1_048_576;
/// Images one spreadsheet holds, and their bytes in all (gas-sim's bounds: a state file
/// and every copy of the world carry the bytes).
pub const IMAGES_PER_SPREADSHEET_MAX: usize = 100;
pub const IMAGE_BYTES_PER_SPREADSHEET_MAX: usize = 20 * 1024 * 1024;

pub mod text {
    /// Bytes that are no PNG, JPEG or GIF, or past the limits; a size or an offset
    /// below 0 (the texts Docs gives too).
    pub use crate::pictures::{BAD_IMAGE, BAD_SIZE};
    /// A method of an image that was removed (assumed text).
    pub const GONE: &str = "The image does not exist on this sheet.";
    /// `setAnchorCell` with a cell of another sheet (assumed text).
    pub const OTHER_SHEET: &str = "The anchor cell must be on the image's sheet.";
    /// Past [`super::IMAGES_PER_SPREADSHEET_MAX`] or [`super::IMAGE_BYTES_PER_SPREADSHEET_MAX`].
    pub const TOO_MANY: &str = "gas-sim: a spreadsheet holds at most 100 images of 20 MB in all";
    /// A state file's `image_count` at u32::MAX (ids are never reused).
    pub const IDS_USED_UP: &str = "gas-sim: this spreadsheet has used every image id";
}

/// An image a sheet holds: where it is, how big it is shown, and its bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverGridImage {
    pub id: u32,
    pub sheet_id: u32,
    pub anchor_row: u32,
    pub anchor_column: u32,
    pub offset_x_px: u32,
    pub offset_y_px: u32,
    pub width_px: u32,
    pub height_px: u32,
    pub inherent_width_px: u32,
    pub inherent_height_px: u32,
    pub content_type: String,
    /// The bytes, base64 (standard alphabet).
    pub base64: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub alt_title: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub alt_description: String,
    /// `assignScript`'s function name; `""` when none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub script: String,
}

/// An `OverGridImage`'s handle: its spreadsheet and id (every method reads the image as
/// the spreadsheet holds it now).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImageRef {
    pub spreadsheet_id: String,
    pub image_id: u32,
}

/// Picture bytes as an image takes them: their type and (width, height) in pixels, or
/// [`text::BAD_IMAGE`].
pub fn picture_of(bytes: &[u8]) -> ServiceResult<(&'static str, u32, u32)> {
    let bad = || ServiceError::new(text::BAD_IMAGE);
    if bytes.len() > IMAGE_BYTES_MAX {
        return Err(bad());
    }
    let (content_type, width, height) = crate::pictures::type_and_size(bytes).ok_or_else(bad)?;
    if u64::from(width) * u64::from(height) > IMAGE_PIXELS_MAX {
        return Err(bad());
    }
    Ok((content_type, width, height))
}

/// The bytes an image holds (from its base64's length).
pub fn image_bytes(image: &OverGridImage) -> usize {
    image.base64.len() / 4 * 3
}

/// Whether `adding` images of `adding_bytes` bytes fit beside `images` in one spreadsheet.
pub fn room_for(images: &[OverGridImage], adding: usize, adding_bytes: usize) -> ServiceResult<()> {
    let held: usize = images.iter().map(image_bytes).sum();
    if images.len() + adding > IMAGES_PER_SPREADSHEET_MAX
        || held.saturating_add(adding_bytes) > IMAGE_BYTES_PER_SPREADSHEET_MAX
    {
        return Err(ServiceError::new(text::TOO_MANY));
    }
    Ok(())
}

/// A size or offset in pixels a setter is given: at least 0, at most u32's.
pub fn pixels(value: f64) -> ServiceResult<u32> {
    if !(0.0..=f64::from(u32::MAX)).contains(&value) {
        return Err(ServiceError::new(text::BAD_SIZE));
    }
    Ok(value as u32)
}

impl Spreadsheets {
    /// `Sheet.insertImage(blob, column, row, offsetX, offsetY)`: the picture over the
    /// sheet, anchored to the cell (a cell of the sheet, or the range texts), shown at
    /// its own size.
    pub fn insert_image(
        &mut self,
        sheet: &SheetRef,
        bytes: &[u8],
        (column, row): (i64, i64),
        (offset_x, offset_y): (f64, f64),
    ) -> ServiceResult<ImageRef> {
        self.get_range(sheet, row, column, 1, 1)?;
        let (content_type, width, height) = picture_of(bytes)?;
        let (offset_x_px, offset_y_px) = (pixels(offset_x)?, pixels(offset_y)?);
        let objects = self.book_mut(&sheet.spreadsheet_id)?.objects_mut();
        room_for(&objects.images, 1, bytes.len())?;
        let id = objects.image_count.checked_add(1).ok_or_else(|| ServiceError::new(text::IDS_USED_UP))?;
        objects.image_count = id;
        objects.images.push(OverGridImage {
            id,
            sheet_id: sheet.sheet_id,
            anchor_row: row as u32,
            anchor_column: column as u32,
            offset_x_px,
            offset_y_px,
            width_px: width,
            height_px: height,
            inherent_width_px: width,
            inherent_height_px: height,
            content_type: content_type.to_string(),
            base64: base64::engine::general_purpose::STANDARD.encode(bytes),
            alt_title: String::new(),
            alt_description: String::new(),
            script: String::new(),
        });
        Ok(ImageRef { spreadsheet_id: sheet.spreadsheet_id.clone(), image_id: id })
    }

    /// `getImages()`: the images of `sheet`, in the order they were inserted.
    pub fn images_of(&self, sheet: &SheetRef) -> ServiceResult<Vec<ImageRef>> {
        self.sheet(sheet)?;
        let book = self.open_by_id(&sheet.spreadsheet_id)?;
        let shown = book.objects().images.iter().filter(|image| image.sheet_id == sheet.sheet_id);
        Ok(shown.map(|image| ImageRef { spreadsheet_id: sheet.spreadsheet_id.clone(), image_id: image.id }).collect())
    }

    /// The image of a handle, as the spreadsheet holds it now.
    pub fn image(&self, image: &ImageRef) -> ServiceResult<&OverGridImage> {
        let book = self.open_by_id(&image.spreadsheet_id)?;
        book.objects().images.iter().find(|kept| kept.id == image.image_id).ok_or_else(|| ServiceError::new(text::GONE))
    }

    /// The sheet an image is on.
    pub fn image_sheet(&self, image: &ImageRef) -> ServiceResult<SheetRef> {
        let sheet_id = self.image(image)?.sheet_id;
        Ok(SheetRef { spreadsheet_id: image.spreadsheet_id.clone(), sheet_id })
    }

    /// `getAnchorCell()`: the one-cell range the image is anchored to.
    pub fn image_anchor(&self, image: &ImageRef) -> ServiceResult<RangeRef> {
        let kept = self.image(image)?;
        let sheet = SheetRef { spreadsheet_id: image.spreadsheet_id.clone(), sheet_id: kept.sheet_id };
        self.get_range(&sheet, i64::from(kept.anchor_row), i64::from(kept.anchor_column), 1, 1)
    }

    /// One of `OverGridImage`'s setters, or `remove` (`change` answers with the image
    /// gone or changed).
    pub fn change_image(&mut self, image: &ImageRef, change: ImageChange) -> ServiceResult<()> {
        self.image(image)?;
        if let ImageChange::Anchor(cell) = &change {
            if cell.sheet.spreadsheet_id != image.spreadsheet_id || cell.sheet.sheet_id != self.image(image)?.sheet_id {
                return Err(ServiceError::new(text::OTHER_SHEET));
            }
            self.range_sheet(cell)?;
        }
        let picture = match &change {
            ImageChange::Replace(bytes) => {
                let picture = picture_of(bytes)?;
                let images = &self.open_by_id(&image.spreadsheet_id)?.objects().images;
                let replaced = images.iter().find(|kept| kept.id == image.image_id).map_or(0, image_bytes);
                room_for(images, 0, bytes.len().saturating_sub(replaced))?;
                Some(picture)
            }
            _ => None,
        };
        let images = &mut self.book_mut(&image.spreadsheet_id)?.objects_mut().images;
        let Some(index) = images.iter().position(|kept| kept.id == image.image_id) else {
            return Err(ServiceError::new(text::GONE));
        };
        if change == ImageChange::Remove {
            images.remove(index);
            return Ok(());
        }
        let kept = &mut images[index];
        match change {
            ImageChange::Remove => {}
            ImageChange::Anchor(cell) => (kept.anchor_row, kept.anchor_column) = (cell.row, cell.column),
            ImageChange::OffsetX(px) => kept.offset_x_px = px,
            ImageChange::OffsetY(px) => kept.offset_y_px = px,
            ImageChange::Width(px) => kept.width_px = px,
            ImageChange::Height(px) => kept.height_px = px,
            ImageChange::ResetSize => {
                (kept.width_px, kept.height_px) = (kept.inherent_width_px, kept.inherent_height_px)
            }
            ImageChange::AltTitle(title) => kept.alt_title = title,
            ImageChange::AltDescription(description) => kept.alt_description = description,
            ImageChange::Script(name) => kept.script = name,
            // A new picture keeps the place and the size shown (assumed); its own size is the new one's.
            ImageChange::Replace(bytes) => {
                let (content_type, width, height) = picture.unwrap_or(("", 0, 0));
                kept.content_type = content_type.to_string();
                (kept.inherent_width_px, kept.inherent_height_px) = (width, height);
                kept.base64 = base64::engine::general_purpose::STANDARD.encode(bytes);
            }
        }
        Ok(())
    }
}

/// What `OverGridImage`'s setters and `remove` do.
#[derive(Debug, Clone, PartialEq)]
pub enum ImageChange {
    Remove,
    Anchor(RangeRef),
    OffsetX(u32),
    OffsetY(u32),
    Width(u32),
    Height(u32),
    ResetSize,
    AltTitle(String),
    AltDescription(String),
    Script(String),
    Replace(Vec<u8>),
}

impl Spreadsheet {
    /// Moves the images' anchors after `shift` on sheet `sheet_id`, as a chart's
    /// (`anchored::moved_anchor`).
    pub(super) fn shift_images(&mut self, sheet_id: u32, shift: Shift) {
        for image in self.objects_mut().images.iter_mut().filter(|image| image.sheet_id == sheet_id) {
            (image.anchor_row, image.anchor_column) =
                moved_anchor(sheet_id, (image.anchor_row, image.anchor_column), shift);
        }
    }

    /// The images of sheet `source_id` of `images` copied onto sheet `copy_id` of this
    /// spreadsheet with new ids (`Sheet.copyTo`, `duplicateActiveSheet`; assumed, as
    /// Sheets' "Duplicate"). Refused whole past [`IMAGES_PER_SPREADSHEET_MAX`].
    pub(super) fn copy_images(&mut self, images: &[OverGridImage], source_id: u32, copy_id: u32) -> ServiceResult<()> {
        let copies: Vec<&OverGridImage> = images.iter().filter(|image| image.sheet_id == source_id).collect();
        let objects = self.objects_mut();
        let copied_bytes = copies.iter().copied().map(image_bytes).sum();
        room_for(&objects.images, copies.len(), copied_bytes)?;
        for image in copies {
            let id = objects.image_count.checked_add(1).ok_or_else(|| ServiceError::new(text::IDS_USED_UP))?;
            objects.image_count = id;
            objects.images.push(OverGridImage { id, sheet_id: copy_id, ..image.clone() });
        }
        Ok(())
    }
}

/// A state file's images: on sheets of the spreadsheet, anchored inside their grids, ids
/// unique and at most the count, pictures gas-sim would take, within the bound.
pub(super) fn check_images(book: &Spreadsheet, images: &[OverGridImage], image_count: u32) -> Result<(), String> {
    room_for(images, 0, 0).map_err(|e| e.message)?;
    let mut ids = std::collections::BTreeSet::new();
    for image in images {
        let Some(sheet) = book.sheets().iter().find(|sheet| sheet.sheet_id() == image.sheet_id) else {
            return Err(format!("image {} is not on a sheet of the spreadsheet", image.id));
        };
        if image.id == 0 || image.id > image_count || !ids.insert(image.id) {
            return Err(format!("image id {} is 0, repeated or above image_count {image_count}", image.id));
        }
        if !(1..=sheet.max_rows()).contains(&image.anchor_row)
            || !(1..=sheet.max_columns()).contains(&image.anchor_column)
        {
            return Err(format!("image {}'s anchor is outside its sheet", image.id));
        }
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(&image.base64)
            .map_err(|_| format!("image {}'s base64 does not decode", image.id))?;
        let (content_type, width, height) = picture_of(&bytes).map_err(|e| format!("image {}: {e}", image.id))?;
        if (content_type, width, height)
            != (image.content_type.as_str(), image.inherent_width_px, image.inherent_height_px)
        {
            return Err(format!("image {}'s type or inherent size is not its picture's", image.id));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `width` x `height` (a header imagesize reads; no pixel data).
    pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, b'I', b'H', b'D', b'R'];
        bytes.extend(width.to_be_bytes());
        bytes.extend(height.to_be_bytes());
        bytes.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
        bytes
    }

    fn book() -> (Spreadsheets, SheetRef) {
        let mut store = Spreadsheets::new();
        let id = store.create("Book").unwrap();
        let sheet = store.get_sheets(&id).unwrap()[0].clone();
        (store, sheet)
    }

    #[test]
    fn pictures_are_png_jpeg_or_gif_within_two_megabytes_and_a_million_pixels() {
        assert_eq!(picture_of(&png(1024, 1024)).unwrap(), ("image/png", 1024, 1024));
        assert_eq!(picture_of(&png(4096, 256)).unwrap(), ("image/png", 4096, 256));
        for bad in [png(1025, 1024), png(0, 5), b"not an image".to_vec()] {
            assert_eq!(picture_of(&bad).unwrap_err().message, text::BAD_IMAGE);
        }
        let mut big = png(10, 10);
        big.resize(IMAGE_BYTES_MAX + 1, 0);
        assert_eq!(picture_of(&big).unwrap_err().message, text::BAD_IMAGE, "past 2 MB");
    }

    #[test]
    fn an_image_is_anchored_to_a_cell_of_its_sheet_and_shown_at_its_own_size() {
        let (mut store, sheet) = book();
        let image = store.insert_image(&sheet, &png(40, 30), (2, 3), (5.0, 6.0)).unwrap();
        let kept = store.image(&image).unwrap();
        assert_eq!((kept.anchor_column, kept.anchor_row, kept.offset_x_px, kept.offset_y_px), (2, 3, 5, 6));
        assert_eq!((kept.width_px, kept.height_px, kept.inherent_width_px), (40, 30, 40));
        let outside = store.insert_image(&sheet, &png(4, 3), (1, 1001), (0.0, 0.0)).unwrap_err();
        assert_eq!(outside.message, super::super::text::RANGE_OUTSIDE_SHEET);
        assert_eq!(store.insert_image(&sheet, &png(4, 3), (1, 1), (-1.0, 0.0)).unwrap_err().message, text::BAD_SIZE);
        assert_eq!(store.images_of(&sheet).unwrap(), vec![image]);
    }

    #[test]
    fn setters_change_the_image_and_a_removed_one_is_gone_for_every_method() {
        let (mut store, sheet) = book();
        let image = store.insert_image(&sheet, &png(40, 30), (1, 1), (0.0, 0.0)).unwrap();
        store.change_image(&image, ImageChange::Width(100)).unwrap();
        store.change_image(&image, ImageChange::Replace(png(8, 6))).unwrap();
        let kept = store.image(&image).unwrap();
        assert_eq!((kept.width_px, kept.height_px, kept.inherent_width_px, kept.inherent_height_px), (100, 30, 8, 6));
        store.change_image(&image, ImageChange::ResetSize).unwrap();
        assert_eq!((store.image(&image).unwrap().width_px, store.image(&image).unwrap().height_px), (8, 6));
        store.change_image(&image, ImageChange::Remove).unwrap();
        assert_eq!(store.image(&image).unwrap_err().message, text::GONE);
        assert_eq!(store.change_image(&image, ImageChange::ResetSize).unwrap_err().message, text::GONE);
        assert!(store.images_of(&sheet).unwrap().is_empty());
    }

    #[test]
    fn a_state_file_keeps_images_and_refuses_ones_gas_sim_would_not_take() {
        let (mut store, sheet) = book();
        let image = store.insert_image(&sheet, &png(40, 30), (2, 3), (0.0, 0.0)).unwrap();
        store.change_image(&image, ImageChange::AltTitle("Logo".into())).unwrap();
        let json = serde_json::to_value(&store).unwrap();
        let back: Spreadsheets = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back.image(&image).unwrap(), store.image(&image).unwrap(), "a JSON round trip keeps it whole");
        let book = store.open_by_id(&sheet.spreadsheet_id).unwrap();
        let images = book.objects().images.clone();
        assert!(check_images(book, &images, 0).unwrap_err().contains("above image_count"));
        let mut astray = images.clone();
        astray[0].sheet_id = 99;
        assert!(check_images(book, &astray, 1).unwrap_err().contains("not on a sheet"));
        let mut far = images.clone();
        far[0].anchor_row = 5_000;
        assert!(check_images(book, &far, 1).unwrap_err().contains("outside its sheet"));
        let mut resized = images.clone();
        resized[0].inherent_width_px = 41;
        assert!(check_images(book, &resized, 1).unwrap_err().contains("not its picture's"));
        let mut retyped = images;
        retyped[0].content_type = "image/gif".into();
        assert!(check_images(book, &retyped, 1).unwrap_err().contains("not its picture's"));
    }

    #[test]
    fn anchors_move_with_rows_and_columns_and_a_deleted_line_moves_them_before_it() {
        let (mut store, sheet) = book();
        let image = store.insert_image(&sheet, &png(4, 3), (3, 5), (0.0, 0.0)).unwrap();
        store.insert_rows_before(&sheet, 2, 2).unwrap();
        assert_eq!(store.image(&image).unwrap().anchor_row, 7);
        store.delete_rows(&sheet, 6, 3).unwrap();
        assert_eq!(store.image(&image).unwrap().anchor_row, 5, "its row went: the row before");
        let book = store.open_by_id(&sheet.spreadsheet_id).unwrap();
        assert!(check_images(book, &book.objects().images, book.objects().image_count).is_ok());
    }
}
