//! ImageItem's image and VideoItem's video: what a script may set, and what it reads
//! back.
//!
//! | rule | gas-sim | source |
//! |---|---|---|
//! | `ImageItem.setImage(blob)` | PNG, JPEG or GIF bytes, as a document's inline image takes; else `Invalid image data.` | assumed (Docs' rule and text) |
//! | `getImage()` | the bytes set, typed by their format; `null` before any | documented / assumed (null) |
//! | `getWidth()` | the width set, else the image's pixel width (0 without one; a video's 320) | assumed |
//! | `getAlignment()` | the alignment set, else `LEFT` | assumed |
//! | a form's images past 200 MB in all (`setImage`, `duplicate`) | [`TOO_MANY_IMAGE_BYTES`] | gas-sim's bound (as a document's) |
//! | `VideoItem.setVideoUrl(url)` | a YouTube watch, short or embed URL, or an 11-character video id; else [`BAD_VIDEO_URL`] | documented (throws) / assumed (text) |

use super::Item;
use crate::{ServiceError, ServiceResult};

/// `Forms.Alignment`'s values (documented).
pub const ALIGNMENTS: [&str; 3] = ["LEFT", "CENTER", "RIGHT"];
/// A video's width when none is set (assumed: YouTube's smallest embed).
pub const VIDEO_WIDTH_DEFAULT: i64 = 320;
/// `setVideoUrl` of something that names no YouTube video (assumed text).
pub const BAD_VIDEO_URL: &str = "Invalid argument: youtubeUrl";
/// `setWidth` below 0 (assumed text).
pub const BAD_WIDTH: &str = "Invalid argument: width";
/// Bytes of images one form holds (gas-sim's bound, as a document's: a script adding
/// 50 MB images to a thousand items must not take the host's memory).
pub const IMAGE_BYTES_PER_FORM_MAX: usize = 200 * 1024 * 1024;
/// Past [`IMAGE_BYTES_PER_FORM_MAX`].
pub const TOO_MANY_IMAGE_BYTES: &str = "gas-sim: a form holds at most 200 MB of images, gas-sim's limit";

impl super::Form {
    /// Whether `adding` more bytes of images fit in the form's bound, `replacing` the
    /// image of that item (its own does not count twice).
    pub fn check_image_room(&self, adding: usize, replacing: Option<i64>) -> ServiceResult<()> {
        self.check_image_room_within(adding, replacing, IMAGE_BYTES_PER_FORM_MAX)
    }

    fn check_image_room_within(&self, adding: usize, replacing: Option<i64>, max: usize) -> ServiceResult<()> {
        let held: usize = self
            .items
            .iter()
            .filter(|item| Some(item.id) != replacing)
            .filter_map(|item| item.image.as_ref())
            .map(crate::documents::images::Image::byte_len)
            .sum();
        if held.saturating_add(adding) > max {
            return Err(ServiceError::new(TOO_MANY_IMAGE_BYTES));
        }
        Ok(())
    }
}

impl Item {
    /// `ImageItem.setImage(blob)`.
    pub fn set_image(&mut self, bytes: &[u8], name: &str) -> ServiceResult<()> {
        let (image, _, _) = crate::documents::images::image_of(bytes, name)?;
        self.image = Some(image);
        Ok(())
    }

    /// `getWidth()` (see the module table).
    pub fn media_width(&self) -> i64 {
        if let Some(width) = self.width {
            return width;
        }
        match &self.image {
            Some(image) => imagesize::blob_size(&image.bytes()).map_or(0, |size| size.width as i64),
            None if self.kind == super::ItemKind::Video => VIDEO_WIDTH_DEFAULT,
            None => 0,
        }
    }

    /// `getAlignment()`: the alignment set, else `LEFT` (see the module table).
    pub fn media_alignment(&self) -> &str {
        self.alignment.as_deref().unwrap_or(ALIGNMENTS[0])
    }

    /// `setAlignment(alignment)`: false for a name that is no `Forms.Alignment` (the
    /// binding gives the signature error).
    pub fn set_alignment(&mut self, alignment: &str) -> bool {
        if !ALIGNMENTS.contains(&alignment) {
            return false;
        }
        self.alignment = Some(alignment.to_string());
        true
    }

    pub fn set_width(&mut self, width: i64) -> ServiceResult<()> {
        if width < 0 {
            return Err(ServiceError::new(BAD_WIDTH));
        }
        self.width = Some(width);
        Ok(())
    }

    /// `setVideoUrl(url)`: kept as given when it names a YouTube video.
    pub fn set_video_url(&mut self, url: &str) -> ServiceResult<()> {
        if video_id(url).is_none() {
            return Err(ServiceError::new(BAD_VIDEO_URL));
        }
        self.video_url = Some(url.to_string());
        Ok(())
    }
}

/// The YouTube video id `url` names: `https://www.youtube.com/watch?v=ID`,
/// `https://youtu.be/ID`, `https://www.youtube.com/embed/ID`, or the id itself.
pub fn video_id(url: &str) -> Option<&str> {
    let is_id = |id: &str| id.len() == 11 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let rest = url.trim().trim_start_matches("https://").trim_start_matches("http://");
    let rest = rest.trim_start_matches("www.").trim_start_matches("m.");
    let id = if let Some(query) = rest.strip_prefix("youtube.com/watch?") {
        query.split('&').find_map(|pair| pair.strip_prefix("v="))?
    } else if let Some(path) = rest.strip_prefix("youtu.be/").or_else(|| rest.strip_prefix("youtube.com/embed/")) {
        path.split(['?', '&', '/']).next()?
    } else {
        rest
    };
    is_id(id).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn youtube_urls_and_ids_name_a_video_and_nothing_else_does() {
        for url in [
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com/watch?feature=x&v=dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ?t=3",
            "https://www.youtube.com/embed/dQw4w9WgXcQ",
            "dQw4w9WgXcQ",
        ] {
            assert_eq!(video_id(url), Some("dQw4w9WgXcQ"), "{url}");
        }
        for url in ["https://vimeo.com/123", "https://www.youtube.com/watch?v=short", "", "hello world"] {
            assert_eq!(video_id(url), None, "{url}");
        }
    }

    #[test]
    fn widths_and_alignments_default_and_refuse_what_the_platform_refuses() {
        let mut video = Item::new(1, super::super::ItemKind::Video);
        assert_eq!(video.media_width(), VIDEO_WIDTH_DEFAULT);
        assert_eq!(video.set_width(-1).unwrap_err().message, BAD_WIDTH);
        video.set_width(200).unwrap();
        assert_eq!(video.media_width(), 200);
        let mut image = Item::new(2, super::super::ItemKind::Image);
        assert_eq!(image.media_width(), 0);
        assert_eq!(image.media_alignment(), "LEFT");
        assert!(!image.set_alignment("MIDDLE"));
        assert!(image.set_alignment("CENTER"));
        assert_eq!(image.media_alignment(), "CENTER");
    }

    #[test]
    fn a_forms_images_stay_within_its_bound_counting_a_replaced_image_once() {
        let png = crate::documents::images::tests::PNG_3X2;
        let mut form = super::super::Form::default();
        for id in [1, 2] {
            let mut item = Item::new(id, super::super::ItemKind::Image);
            item.set_image(png, "").unwrap();
            form.items.push(item);
        }
        let one = form.items[0].image.as_ref().unwrap().byte_len();
        assert!(one >= png.len() && one < png.len() + 3, "base64's length gives the bytes");
        assert!(form.check_image_room_within(one, None, 3 * one).is_ok());
        let over = form.check_image_room_within(one + 1, None, 3 * one);
        assert_eq!(over.unwrap_err().message, TOO_MANY_IMAGE_BYTES);
        // Replacing item 1's image: only item 2's counts.
        assert!(form.check_image_room_within(2 * one, Some(1), 3 * one).is_ok());
        assert!(form.check_image_room(one, None).is_ok());
    }
}
