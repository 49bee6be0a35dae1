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
    // A validation builder changes in place, as the platform's do: each step keeps the
    // rule Rust gives back (bindings/forms/validation.rs).
    for (const name of ['CheckboxGridValidation', 'CheckboxValidation', 'GridValidation', 'ParagraphTextValidation',
      'TextValidation']) {
      klass('Forms.' + name, {});
      const steps = {};
      for (const method of catalogueClass('Forms.' + name + 'Builder')[1]) {
        if (method === 'build') continue;
        const qualified = name + 'Builder.' + method;
        steps[method] = function (...args) { this._h = call(qualified, this._h, args, true); return this; };
      }
      klass('Forms.' + name + 'Builder', steps);
    }
    const Form = klass('Forms.Form', {});
    const FormApp = service('Forms.FormApp', {});
    return { FormApp, Form, FormResponse };
  });
