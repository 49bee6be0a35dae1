//! Picture bytes as Docs and Sheets take them: PNG, JPEG or GIF, told by the bytes (not
//! a blob's content type), and their size in pixels. Each service applies its own limits
//! (documents/images.rs, sheets/images.rs) with the texts here; this is what the bytes
//! are.

/// Picture bytes a service refuses: no PNG, JPEG or GIF, or past its limits (observed:
/// "invalid image data", tanaike's measurements for Docs and Sheets).
pub const BAD_IMAGE: &str = "Invalid image data.";
/// An image's size (or offset) below 0 (assumed text).
pub const BAD_SIZE: &str = "Invalid argument: size";

/// A picture's content type and (width, height) in pixels; `None` for bytes that are no
/// PNG, JPEG or GIF, or whose size is 0 or unreadable.
pub fn type_and_size(bytes: &[u8]) -> Option<(&'static str, u32, u32)> {
    let content_type = match imagesize::image_type(bytes).ok()? {
        imagesize::ImageType::Png => "image/png",
        imagesize::ImageType::Jpeg => "image/jpeg",
        imagesize::ImageType::Gif => "image/gif",
        _ => return None,
    };
    let size = imagesize::blob_size(bytes).ok()?;
    let (width, height) = (u32::try_from(size.width).ok()?, u32::try_from(size.height).ok()?);
    (width > 0 && height > 0).then_some((content_type, width, height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pngs_are_told_by_their_bytes_and_anything_else_is_none() {
        let mut png = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, b'I', b'H', b'D', b'R'];
        png.extend(3u32.to_be_bytes());
        png.extend(2u32.to_be_bytes());
        png.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(type_and_size(&png), Some(("image/png", 3, 2)));
        assert_eq!(type_and_size(b"GIF? no"), None);
    }
}
