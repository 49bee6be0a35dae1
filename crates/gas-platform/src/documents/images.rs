//! Inline images: what an image inserted into a document must be, and what it keeps.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | formats | PNG, JPEG or GIF, told by the bytes (not the blob's content type) | documented (Docs API: "must be in either PNG, JPEG, or GIF format") |
//! | size | below 50 MB and at most 25 megapixels | documented (Docs API) |
//! | anything else | [`BAD_IMAGE`] | assumed (text) |
//! | `setWidth`/`setHeight` below 0 | [`BAD_SIZE`] | assumed (text) |
//! | a new image's size | its pixel width and height (`getWidth`, `getHeight`, the `WIDTH`/`HEIGHT` attributes) | documented (points in the editor; pixels assumed) |
//! | `getBlob()` | the bytes inserted, typed by their format, named as the inserted blob was | documented / assumed (name) |
//! | its text | none: a paragraph's `getText()` leaves it out | observed |

use base64::Engine as _;
use serde::{Deserialize, Serialize};

use crate::{ServiceError, ServiceResult};

/// An inserted image's bytes at most (documented: "smaller than 50MB").
pub const IMAGE_BYTES_MAX: usize = 50 * 1024 * 1024;
/// An inserted image's pixels at most (documented: "cannot exceed 25 megapixels").
pub const IMAGE_PIXELS_MAX: u64 = 25_000_000;
/// Bytes that are no PNG, JPEG or GIF, or one past the limits; `setWidth`/`setHeight`
/// below 0 (the texts Sheets' images give too).
pub use crate::pictures::{BAD_IMAGE, BAD_SIZE};
/// Image bytes one document holds at most (gas-sim's bound: state files and memory).
pub const IMAGE_BYTES_PER_DOCUMENT_MAX: usize = 200 * 1024 * 1024;
/// Past [`IMAGE_BYTES_PER_DOCUMENT_MAX`].
pub const TOO_MANY_IMAGE_BYTES: &str = "gas-sim: a document holds at most 200 MB of images, gas-sim's limit";

/// The image an InlineImage shows (its size is the element's `WIDTH`/`HEIGHT`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Image {
    pub content_type: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The bytes, base64 (standard alphabet) as a state file keeps them.
    pub base64: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt_description: Option<String>,
}

/// `setWidth` / `setHeight` of an image: a size below 0 is refused.
pub fn check_size(size: i64) -> ServiceResult<i64> {
    if size < 0 {
        return Err(ServiceError::new(BAD_SIZE));
    }
    Ok(size)
}

impl Image {
    /// The bytes it holds (from its base64's length, without decoding it).
    pub fn byte_len(&self) -> usize {
        self.base64.len() / 4 * 3
    }

    pub fn bytes(&self) -> Vec<u8> {
        base64::engine::general_purpose::STANDARD.decode(&self.base64).unwrap_or_default()
    }
}

/// An image of `bytes` (a blob named `name`) and its width and height in pixels, or
/// [`BAD_IMAGE`].
pub fn image_of(bytes: &[u8], name: &str) -> ServiceResult<(Image, u32, u32)> {
    let bad = || ServiceError::new(BAD_IMAGE);
    if bytes.len() >= IMAGE_BYTES_MAX {
        return Err(bad());
    }
    let (content_type, width, height) = crate::pictures::type_and_size(bytes).ok_or_else(bad)?;
    if u64::from(width) * u64::from(height) > IMAGE_PIXELS_MAX {
        return Err(bad());
    }
    let image = Image {
        content_type: content_type.to_string(),
        name: name.to_string(),
        base64: base64::engine::general_purpose::STANDARD.encode(bytes),
        alt_title: None,
        alt_description: None,
    };
    Ok((image, width, height))
}

impl super::Doc {
    /// A new InlineImage of `bytes` (a blob named `name`), detached, sized in pixels.
    /// Whether `adding` more bytes of images fit in the document's bound, for a new image
    /// and for a copy of elements holding images (`copy()` then `append...`).
    pub fn check_image_room(&self, adding: usize) -> ServiceResult<()> {
        let held: usize = self.nodes.values().filter_map(|n| n.image.as_ref()).map(Image::byte_len).sum();
        if held.saturating_add(adding) > IMAGE_BYTES_PER_DOCUMENT_MAX {
            return Err(ServiceError::new(TOO_MANY_IMAGE_BYTES));
        }
        Ok(())
    }

    pub fn new_image(&mut self, bytes: &[u8], name: &str) -> ServiceResult<super::NodeId> {
        let (image, width, height) = image_of(bytes, name)?;
        self.check_image_room(bytes.len())?;
        let mut node = super::Node::new(super::Kind::InlineImage);
        node.attrs.insert("WIDTH".into(), super::AttrValue::Number(f64::from(width)));
        node.attrs.insert("HEIGHT".into(), super::AttrValue::Number(f64::from(height)));
        node.image = Some(image);
        self.alloc(node)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A 3 x 2 red PNG (made with zlib, CRCs and all).
    pub(crate) const PNG_3X2: &[u8] = &[
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x03, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0x12, 0x16, 0xF1, 0x4D, 0x00, 0x00, 0x00,
        0x10, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x41, 0x0C, 0x70, 0x16, 0x00, 0x41,
        0xD2, 0x05, 0xFB, 0x87, 0xF0, 0xB9, 0x48, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60,
        0x82,
    ];

    #[test]
    fn an_image_is_told_by_its_bytes_and_sized_in_pixels() {
        let (image, width, height) = image_of(PNG_3X2, "logo.png").unwrap();
        assert_eq!((image.content_type.as_str(), width, height), ("image/png", 3, 2));
        assert_eq!(image.bytes(), PNG_3X2);
        assert_eq!(image_of(b"hello", "x.png").unwrap_err().message, BAD_IMAGE);
        // A header claiming more than 25 megapixels is refused without decoding.
        let mut huge = PNG_3X2.to_vec();
        huge[16..24].copy_from_slice(&[0, 0, 0x13, 0x88, 0, 0, 0x13, 0x89]); // 5000 x 5001
        assert_eq!(image_of(&huge, "big.png").unwrap_err().message, BAD_IMAGE);
    }
}
