  // ---- FormApp ------------------------------------------------------------------------
  // Handles are Rust's (bindings/forms): every wrapper is derived from the catalogue's
  // return types, but withItemResponse, which changes the draft the script holds.
  const forms = once(() => {
    for (const name of ['Choice', 'ItemResponse', 'Item', 'CheckboxGridItem', 'CheckboxItem', 'DateItem',
      'DateTimeItem', 'DurationItem', 'Forms.GridItem', 'ImageItem', 'Forms.ListItem', 'MultipleChoiceItem',
      'PageBreakItem', 'ParagraphTextItem', 'ScaleItem', 'SectionHeaderItem', 'TextItem', 'TimeItem', 'VideoItem']) {
      klass(name.indexOf('.') < 0 ? 'Forms.' + name : name, {});
    }
    const FormResponse = klass('Forms.FormResponse', {
      withItemResponse(response) {
        this._h = call('FormResponse.withItemResponse', this._h, [response], true);
        return this;
      },
    });
    const Form = klass('Forms.Form', {});
    const FormApp = service('Forms.FormApp', {});
    return { FormApp, Form, FormResponse };
  });
