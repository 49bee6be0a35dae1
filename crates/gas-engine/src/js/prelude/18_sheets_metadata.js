  // ---- SpreadsheetApp: developer metadata (see 10_sheets.js for sheetClass) ----------
  // A metadata's handle names it (every method is a declared call that finds it again,
  // bindings/sheets/metadata.rs); a finder's steps change it in place, as the platform's do.
  Object.assign(sheets, {
    DeveloperMetadata: klass('DeveloperMetadata', {}),
    DeveloperMetadataLocation: klass('DeveloperMetadataLocation', {}),
    DeveloperMetadataFinder: lazyClass('DeveloperMetadataFinder', () => inPlace('DeveloperMetadataFinder', [
      'onIntersectingLocations', 'withId', 'withKey', 'withLocationType', 'withValue', 'withVisibility',
    ])),
  });
