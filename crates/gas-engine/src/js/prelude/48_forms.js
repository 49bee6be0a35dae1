  // ---- FormApp ------------------------------------------------------------------------
  // Handles are Rust's (bindings/forms): every wrapper is derived from the catalogue's
  // return types, but the methods that change what the script holds in place
  // (withItemResponse, withItemGrade, an ItemResponse's grade, the feedback builder).
  const forms = once(() => {
    session(); // Base.User, which getEditors gives
    for (const name of ['Choice', 'QuizFeedback', 'Item', 'CheckboxGridItem', 'CheckboxItem', 'DateItem',
      'DateTimeItem', 'DurationItem', 'Forms.GridItem', 'ImageItem', 'Forms.ListItem', 'MultipleChoiceItem',
      'PageBreakItem', 'ParagraphTextItem', 'ScaleItem', 'SectionHeaderItem', 'TextItem', 'TimeItem', 'VideoItem']) {
      klass(name.indexOf('.') < 0 ? 'Forms.' + name : name, {});
    }
    const FormResponse = klass('Forms.FormResponse', inPlace('FormResponse', ['withItemResponse', 'withItemGrade']));
    klass('Forms.ItemResponse', inPlace('ItemResponse', ['setScore', 'setFeedback']));
    klass('Forms.QuizFeedbackBuilder', inPlace('QuizFeedbackBuilder', ['addLink', 'setText']));
    // A validation builder's steps keep the rule Rust gives back (bindings/forms/validation.rs).
    for (const name of ['CheckboxGridValidation', 'CheckboxValidation', 'GridValidation', 'ParagraphTextValidation',
      'TextValidation']) {
      klass('Forms.' + name, {});
      const steps = catalogueClass('Forms.' + name + 'Builder')[1].filter((method) => method !== 'build');
      klass('Forms.' + name + 'Builder', inPlace(name + 'Builder', steps));
    }
    const Form = klass('Forms.Form', {});
    const FormApp = service('Forms.FormApp', {
      // The form editor's Ui: the class SpreadsheetApp.getUi() gives (11_ui.js).
      getUi() {
        const h = call('FormApp.getUi', null, []);
        sheetsService();
        return new (ctorOf('Base.Ui'))(h);
      },
    });
    return { FormApp, Form, FormResponse };
  });
