//! The `MimeType` global's values: one per field of the catalogue's `Base.MimeType`
//! (a test checks that none is missing). Documented on the MimeType enum's reference page.

/// Field name and MIME type, sorted by field name (a test checks).
pub const MIME_TYPES: &[(&str, &str)] = &[
    ("BMP", "image/bmp"),
    ("CSS", "text/css"),
    ("CSV", "text/csv"),
    ("FOLDER", super::FOLDER_MIME_TYPE),
    ("GIF", "image/gif"),
    ("GOOGLE_APPS_SCRIPT", "application/vnd.google-apps.script"),
    ("GOOGLE_DOCS", "application/vnd.google-apps.document"),
    ("GOOGLE_DRAWINGS", "application/vnd.google-apps.drawing"),
    ("GOOGLE_FORMS", "application/vnd.google-apps.form"),
    ("GOOGLE_SHEETS", "application/vnd.google-apps.spreadsheet"),
    ("GOOGLE_SITES", "application/vnd.google-apps.site"),
    ("GOOGLE_SLIDES", "application/vnd.google-apps.presentation"),
    ("HTML", "text/html"),
    ("JAVASCRIPT", "application/javascript"),
    ("JPEG", "image/jpeg"),
    ("MICROSOFT_EXCEL", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ("MICROSOFT_EXCEL_LEGACY", "application/vnd.ms-excel"),
    ("MICROSOFT_POWERPOINT", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
    ("MICROSOFT_POWERPOINT_LEGACY", "application/vnd.ms-powerpoint"),
    ("MICROSOFT_WORD", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ("MICROSOFT_WORD_LEGACY", "application/msword"),
    ("OPENDOCUMENT_GRAPHICS", "application/vnd.oasis.opendocument.graphics"),
    ("OPENDOCUMENT_PRESENTATION", "application/vnd.oasis.opendocument.presentation"),
    ("OPENDOCUMENT_SPREADSHEET", "application/vnd.oasis.opendocument.spreadsheet"),
    ("OPENDOCUMENT_TEXT", "application/vnd.oasis.opendocument.text"),
    ("PDF", "application/pdf"),
    ("PLAIN_TEXT", "text/plain"),
    ("PNG", "image/png"),
    ("RTF", "application/rtf"),
    ("SHORTCUT", super::SHORTCUT_MIME_TYPE),
    ("SVG", "image/svg+xml"),
    ("ZIP", "application/zip"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_of_the_catalogues_mime_type_has_its_value() {
        assert!(MIME_TYPES.windows(2).all(|w| w[0].0 < w[1].0), "sorted");
        let catalogue = crate::catalogue::catalogue();
        let class = catalogue.class("Base.MimeType").expect("the catalogue has MimeType");
        let fields: Vec<&str> = class.fields.iter().map(|(name, _)| *name).collect();
        let ours: Vec<&str> = MIME_TYPES.iter().map(|(name, _)| *name).collect();
        assert_eq!(ours, fields);
        // The Google types are what Blob.isGoogleType recognises.
        for (name, value) in MIME_TYPES {
            assert_eq!(
                name.starts_with("GOOGLE_") || *name == "FOLDER" || *name == "SHORTCUT",
                crate::utilities::is_google_type(Some(value)),
                "{name}"
            );
        }
    }
}
