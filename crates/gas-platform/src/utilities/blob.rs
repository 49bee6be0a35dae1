//! `Blob`'s rules: the content type a new blob gets, the extension-to-MIME table of
//! `setContentTypeFromExtension` (also used by `Utilities.unzip`), `isGoogleType`, and
//! what `getAs(contentType)` converts, refuses, and names.

use crate::error::{ServiceError, ServiceResult};

/// `Utilities.newBlob(string)` without a content type: `text/plain`. Observed: gas-fakes'
/// test suite, which runs on live Apps Script, checks `newBlob('foo').getContentType()`.
/// A blob made from bytes has none (`null`).
pub const STRING_BLOB_CONTENT_TYPE: &str = "text/plain";

/// The most bytes one blob holds: 50 MB (52,428,800 bytes). Documented as the size of
/// a UrlFetchApp response and POST ("50 MB / call"); observed for blobs in general:
/// `DriveApp.createFile(blob)` and `Utilities.zip` refuse larger ones (tanaikech's
/// DownloadLargeFilesByUrl notes; issues of tanaikech/ZipFolder and UnzipGs).
pub const BLOB_BYTES_MAX: usize = 50 * 1024 * 1024;

/// The error of a blob past [`BLOB_BYTES_MAX`]: `File NAME exceeds the maximum file
/// size.` Observed for named blobs (the issues above); an unnamed one says `null`, as
/// Java's string concatenation does (assumed).
pub fn blob_too_large(name: Option<&str>) -> ServiceError {
    ServiceError::new(format!("File {} exceeds the maximum file size.", name.unwrap_or("null")))
}

/// Refuses a blob of `len` bytes past [`BLOB_BYTES_MAX`], before its bytes are built.
pub fn check_blob_size(len: usize, name: Option<&str>) -> ServiceResult<()> {
    if len > BLOB_BYTES_MAX {
        return Err(blob_too_large(name));
    }
    Ok(())
}

/// The prefix of Google's own file types (`application/vnd.google-apps.document` ...).
const GOOGLE_TYPE_PREFIX: &str = "application/vnd.google-apps.";

/// `Blob.isGoogleType()`: whether the content type is one of Google's own file types.
pub fn is_google_type(content_type: Option<&str>) -> bool {
    content_type.is_some_and(|t| t.starts_with(GOOGLE_TYPE_PREFIX))
}

/// Extensions and their MIME types, sorted by extension (a test checks). The common
/// registrations (IANA, and what Drive reports for Office files); the platform's own
/// table is not published, so entries beyond the documented examples are assumed.
const MIME_BY_EXTENSION: &[(&str, &str)] = &[
    ("bmp", "image/bmp"),
    ("css", "text/css"),
    ("csv", "text/csv"),
    ("doc", "application/msword"),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("eml", "message/rfc822"),
    ("epub", "application/epub+zip"),
    ("gif", "image/gif"),
    ("gz", "application/x-gzip"),
    ("htm", "text/html"),
    ("html", "text/html"),
    ("ico", "image/x-icon"),
    ("ics", "text/calendar"),
    ("jpeg", "image/jpeg"),
    ("jpg", "image/jpeg"),
    ("js", "text/javascript"),
    ("json", "application/json"),
    ("md", "text/markdown"),
    ("mp3", "audio/mpeg"),
    ("mp4", "video/mp4"),
    ("odp", "application/vnd.oasis.opendocument.presentation"),
    ("ods", "application/vnd.oasis.opendocument.spreadsheet"),
    ("odt", "application/vnd.oasis.opendocument.text"),
    ("pdf", "application/pdf"),
    ("png", "image/png"),
    ("ppt", "application/vnd.ms-powerpoint"),
    ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
    ("rtf", "application/rtf"),
    ("svg", "image/svg+xml"),
    ("tif", "image/tiff"),
    ("tiff", "image/tiff"),
    ("tsv", "text/tab-separated-values"),
    ("txt", "text/plain"),
    ("wav", "audio/x-wav"),
    ("webp", "image/webp"),
    ("xls", "application/vnd.ms-excel"),
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("xml", "text/xml"),
    ("zip", "application/zip"),
];

/// `Blob.setContentTypeFromExtension()`: the type the name's extension implies, matched
/// without case; `None` (the blob's type becomes `null`) when there is no name, no
/// extension or an unknown one, as documented ("The contentType is null if it cannot
/// be guessed from its extension").
pub fn content_type_from_extension(name: Option<&str>) -> Option<&'static str> {
    let (_, extension) = name?.rsplit_once('.')?;
    let extension = extension.to_ascii_lowercase();
    MIME_BY_EXTENSION.binary_search_by(|(e, _)| e.cmp(&extension.as_str())).ok().map(|i| MIME_BY_EXTENSION[i].1)
}

/// The image types `getAs` converts between (documented: "For images in BMP, GIF, JPEG,
/// or PNG format, any of 'image/bmp', 'image/gif', 'image/jpeg', or 'image/png' are also
/// valid").
const CONVERTIBLE_IMAGE_TYPES: [(&str, &str); 4] =
    [("image/bmp", "bmp"), ("image/gif", "gif"), ("image/jpeg", "jpg"), ("image/png", "png")];

/// What `Blob.getAs(target)` does with a blob of `source` type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GetAs {
    /// The bytes already are of that type: a copy with the target type and the name's
    /// extension replaced (no conversion needed; assumed).
    Copy { content_type: String, name: Option<String> },
    /// A conversion the platform documents (to PDF; between image types; a Google Doc
    /// to Markdown) that gas-sim cannot perform: the error text that says so, naming
    /// both types (`gas-sim does not implement Blob.getAs() from text/plain to ...`).
    Unimplemented(String),
}

/// The `getAs` rule: the target must be a conversion the reference documents ("For most
/// blobs, 'application/pdf' is the only valid option", the image types above, and
/// `text/markdown` for a Google Docs document); any other is refused with the text
/// users report from the platform, `Converting from X to Y is not supported.` (assumed).
pub fn get_as(source: Option<&str>, target: &str, name: Option<&str>) -> ServiceResult<GetAs> {
    let source_text = source.unwrap_or("null");
    let image_extension = |t: &str| CONVERTIBLE_IMAGE_TYPES.iter().find(|(mime, _)| *mime == t).map(|(_, e)| *e);
    let extension = match target {
        "application/pdf" => Some("pdf"),
        "text/markdown" if source == Some("application/vnd.google-apps.document") => Some("md"),
        t if image_extension(t).is_some() && source.and_then(image_extension).is_some() => image_extension(t),
        // A blob asked for its own type needs no conversion (assumed).
        t if source == Some(t) => None,
        _ => {
            return Err(ServiceError::new(format!("Converting from {source_text} to {target} is not supported.")));
        }
    };
    if source == Some(target) {
        let name = name.map(|n| extension.map_or_else(|| n.to_string(), |e| renamed(n, e)));
        return Ok(GetAs::Copy { content_type: target.to_string(), name });
    }
    let unimplemented = ServiceError::unimplemented("Blob.getAs").message;
    Ok(GetAs::Unimplemented(format!("{unimplemented} from {source_text} to {target}")))
}

/// The name `getAs` gives its result: the part after the last period is taken for an
/// extension and replaced (documented: "ShoppingList.12.25.2014" becomes
/// "ShoppingList.12.25.pdf"); a name without a period gets the extension added.
pub fn renamed(name: &str, extension: &str) -> String {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    format!("{stem}.{extension}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blob_holds_at_most_50_mb() {
        assert_eq!(BLOB_BYTES_MAX, 52_428_800);
        assert!(check_blob_size(BLOB_BYTES_MAX, None).is_ok());
        let err = check_blob_size(BLOB_BYTES_MAX + 1, Some("big.zip")).unwrap_err();
        assert_eq!(err.message, "File big.zip exceeds the maximum file size.");
        assert_eq!(blob_too_large(None).message, "File null exceeds the maximum file size.");
    }

    #[test]
    fn the_mime_table_is_sorted_for_binary_search() {
        for pair in MIME_BY_EXTENSION.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} must sort before {}", pair[0].0, pair[1].0);
        }
    }

    #[test]
    fn content_type_from_the_extension() {
        assert_eq!(content_type_from_extension(Some("foo.txt")), Some("text/plain"));
        assert_eq!(content_type_from_extension(Some("Report.Final.PDF")), Some("application/pdf"));
        assert_eq!(content_type_from_extension(Some("photo.jpeg")), Some("image/jpeg"));
        assert_eq!(content_type_from_extension(Some("a.tar.gz")), Some("application/x-gzip"));
        assert_eq!(content_type_from_extension(Some("data.unknown")), None);
        assert_eq!(content_type_from_extension(Some("README")), None);
        assert_eq!(content_type_from_extension(None), None);
    }

    #[test]
    fn google_types() {
        assert!(is_google_type(Some("application/vnd.google-apps.spreadsheet")));
        assert!(!is_google_type(Some("application/pdf")));
        assert!(!is_google_type(None));
    }

    #[test]
    fn get_as_names_the_result_as_documented() {
        assert_eq!(renamed("ShoppingList.12.25.2014", "pdf"), "ShoppingList.12.25.pdf");
        assert_eq!(renamed("notes", "pdf"), "notes.pdf");
        assert_eq!(
            get_as(Some("application/pdf"), "application/pdf", Some("a.bin")),
            Ok(GetAs::Copy { content_type: "application/pdf".into(), name: Some("a.pdf".into()) })
        );
        assert_eq!(
            get_as(Some("image/png"), "image/png", None),
            Ok(GetAs::Copy { content_type: "image/png".into(), name: None })
        );
        assert_eq!(
            get_as(Some("text/csv"), "text/csv", Some("a.csv")),
            Ok(GetAs::Copy { content_type: "text/csv".into(), name: Some("a.csv".into()) })
        );
    }

    #[test]
    fn a_spreadsheet_converts_to_pdf_only() {
        let sheets = Some("application/vnd.google-apps.spreadsheet");
        assert!(matches!(get_as(sheets, "application/pdf", Some("Q3")), Ok(GetAs::Unimplemented(_))));
        assert_eq!(
            get_as(sheets, "text/csv", None).unwrap_err().message,
            "Converting from application/vnd.google-apps.spreadsheet to text/csv is not supported."
        );
    }

    #[test]
    fn get_as_documented_conversions_are_named_gaps() {
        assert_eq!(
            get_as(Some("text/plain"), "application/pdf", None),
            Ok(GetAs::Unimplemented(
                "gas-sim does not implement Blob.getAs() from text/plain to application/pdf".into()
            ))
        );
        assert_eq!(
            get_as(Some("image/png"), "image/jpeg", None),
            Ok(GetAs::Unimplemented("gas-sim does not implement Blob.getAs() from image/png to image/jpeg".into()))
        );
        assert_eq!(
            get_as(Some("application/vnd.google-apps.document"), "text/markdown", None),
            Ok(GetAs::Unimplemented(
                "gas-sim does not implement Blob.getAs() from application/vnd.google-apps.document to text/markdown"
                    .into()
            ))
        );
    }

    #[test]
    fn get_as_refuses_what_the_platform_does_not_convert() {
        let refused = |source: Option<&str>, target: &str| get_as(source, target, None).unwrap_err().message;
        assert_eq!(refused(Some("text/csv"), "text/plain"), "Converting from text/csv to text/plain is not supported.");
        assert_eq!(
            refused(Some("text/plain"), "image/png"),
            "Converting from text/plain to image/png is not supported."
        );
        assert_eq!(refused(None, "text/markdown"), "Converting from null to text/markdown is not supported.");
    }
}
