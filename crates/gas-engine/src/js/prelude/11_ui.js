
  // ---- SpreadsheetApp.getUi(): custom menus and dialogs ---------------------------
  const ui = (() => {
    const Button = enumOf(['CLOSE', 'OK', 'CANCEL', 'YES', 'NO']);
    const ButtonSet = enumOf(['OK', 'OK_CANCEL', 'YES_NO', 'YES_NO_CANCEL']);
    // Its getters are reads of the handle (bindings/container.rs).
    const PromptResponse = klass('PromptResponse', {});
    // The builder only records, in the shape gas_platform::container::Menu reads;
    // addToUi hands the whole menu to the platform, which keeps it on the user's page.
    const Menu = klass('Menu', {
      addItem(caption, functionName) {
        this._h.entries.push({ item: { caption: String(caption), function: String(functionName) } });
        return this;
      },
      addSeparator() { this._h.entries.push('separator'); return this; },
      addSubMenu(menu) { this._h.entries.push({ sub_menu: menu && menu._h }); return this; },
      addToUi() { call('Menu.addToUi', this._h, []); },
    });
    const Ui = klass('Ui', {
      createMenu(caption) { return new Menu({ caption: String(caption), addon: false, entries: [] }); },
      // Captioned with the script's name by the binding, as the platform names an add-on's.
      createAddonMenu() { return new Menu({ caption: '', addon: true, entries: [] }); },
      alert(...args) { return call('Ui.alert', this._h, args); },
      prompt(...args) { return new PromptResponse(call('Ui.prompt', this._h, args)); },
    }, (prototype) => {
      hidden(prototype, 'Button', Button);
      hidden(prototype, 'ButtonSet', ButtonSet);
    });
    return { Ui, Menu, PromptResponse, Button, ButtonSet };
  })();
