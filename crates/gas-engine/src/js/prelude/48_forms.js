  // ---- FormApp ------------------------------------------------------------------------
  // Handles are Rust's (bindings/forms): every wrapper is derived from the catalogue's
  // return types, but the methods that change what the script holds in place
  // (withItemResponse, withItemGrade, an ItemResponse's grade, the feedback builder).
  const forms = once(() => {
    for (const name of ['Choice', 'QuizFeedback', 'Item', 'CheckboxGridItem', 'CheckboxItem', 'DateItem',
      'DateTimeItem', 'DurationItem', 'Forms.GridItem', 'ImageItem', 'Forms.ListItem', 'MultipleChoiceItem',
      'PageBreakItem', 'ParagraphTextItem', 'ScaleItem', 'SectionHeaderItem', 'TextItem', 'TimeItem', 'VideoItem']) {
      klass(name.indexOf('.') < 0 ? 'Forms.' + name : name, {});
    }
    const FormResponse = klass('Forms.FormResponse', {
      withItemResponse(response) {
        this._h = call('FormResponse.withItemResponse', this._h, [response], true);
        return this;
      },
      withItemGrade(gradedResponse) {
        this._h = call('FormResponse.withItemGrade', this._h, [gradedResponse], true);
        return this;
      },
    });
    // A grade and a feedback builder change in place, as the platform's do.
    klass('Forms.ItemResponse', {
      setScore(score) { this._h = call('ItemResponse.setScore', this._h, [score], true); return this; },
      setFeedback(feedback) { this._h = call('ItemResponse.setFeedback', this._h, [feedback], true); return this; },
    });
    const feedbackSteps = {};
    for (const method of ['addLink', 'setText']) {
      feedbackSteps[method] = function (...args) {
        this._h = call('QuizFeedbackBuilder.' + method, this._h, args, true);
        return this;
      };
    }
    klass('Forms.QuizFeedbackBuilder', feedbackSteps);
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
