  // ---- GmailApp -----------------------------------------------------------------
  // Threads and messages keep the state they had when fetched, as on the platform
  // (refresh() reloads it); their getters read the handle, their changes call the
  // service and take the state it answers.
  const gmail = once(() => {
    // The blob handle of any BlobSource the platform takes as an attachment.
    const blobHandle = (source) => {
      if (source && source._h && Array.isArray(source._h.bytes)) return source._h;
      if (source && typeof source.getBlob === 'function') return source.getBlob()._h;
      return source;
    };
    const withBlobs = (options) => {
      if (!options || typeof options !== 'object' || !Array.isArray(options.attachments)) return options;
      return Object.assign({}, options, { attachments: options.attachments.map(blobHandle) });
    };
    // sendEmail / createDraft / update: (recipient, subject, body, options) or (message).
    const sendArgs = (args) => {
      const out = args.slice();
      const at = out.length === 1 ? 0 : 3;
      if (out.length > at) out[at] = withBlobs(out[at]);
      return out;
    };
    const refreshed = (method) => function () { this._h = call(method, this._h, []); return this; };
    // An attachment's handle is a blob's (39_blob.js), which scripts change.
    const GmailAttachment = klass('GmailAttachment', {
      getBytes() { return this._h.bytes.slice(); },
      // An attachment is a blob: the same rules as Blob's (39_blob.js).
      getDataAsString(...args) { return call('Blob.getDataAsString', this._h, args, true); },
      getContentType() { return this._h.contentType; },
      getName() { return this._h.name; },
      getSize() { return this._h.bytes.length; },
      setName(name) { this._h.name = name; return this; },
      setContentType(type) { this._h.contentType = type; return this; },
      copyBlob() {
        return new Blob({ bytes: this._h.bytes.slice(), contentType: this._h.contentType, name: this._h.name });
      },
      isGoogleType() { return false; },
      // An attachment is one blob, not a composite one (as Blob's getAllBlobs).
      getAllBlobs() { return [this]; },
      // A blob's changes and conversions, as Blob's (39_blob.js).
      setBytes: builtPrototype(Blob).setBytes,
      setDataFromString: builtPrototype(Blob).setDataFromString,
      setContentTypeFromExtension: builtPrototype(Blob).setContentTypeFromExtension,
      getAs: builtPrototype(Blob).getAs,
    });
    // The getters of a message, thread, label and draft are reads of the handle
    // (bindings/gmail.rs): a view of the mailbox when it was made; `refresh` reads again.
    // `reply` and `createDraftReply` of a message or thread: the options' blobs as handles.
    // The script's own arguments (`reply()` alone fails the signature check, as there).
    const replyWith = (method, wrap) => function (...args) {
      if (args.length > 1) args[1] = withBlobs(args[1]);
      const answer = call(method, this._h, args, true);
      return wrap === undefined ? this : wrap(answer);
    };
    const draftOf = (h) => new GmailDraft(h);
    const GmailMessage = klass('GmailMessage', {
      markRead: refreshed('GmailMessage.markRead'),
      markUnread: refreshed('GmailMessage.markUnread'),
      star: refreshed('GmailMessage.star'),
      unstar: refreshed('GmailMessage.unstar'),
      moveToTrash: refreshed('GmailMessage.moveToTrash'),
      refresh: refreshed('GmailMessage.refresh'),
      isInChats() { return false; },
      reply: replyWith('GmailMessage.reply'),
      replyAll: replyWith('GmailMessage.replyAll'),
      createDraftReply: replyWith('GmailMessage.createDraftReply', draftOf),
      createDraftReplyAll: replyWith('GmailMessage.createDraftReplyAll', draftOf),
      forward(recipient, options, ...more) { call('GmailMessage.forward', this._h, [recipient, withBlobs(options), ...more], true); return this; },
    });
    const labelCall = (method) => function (label) {
      this._h = call(method, this._h, [label]);
      return this;
    };
    const GmailThread = klass('GmailThread', {
      markRead: refreshed('GmailThread.markRead'),
      markUnread: refreshed('GmailThread.markUnread'),
      moveToArchive: refreshed('GmailThread.moveToArchive'),
      moveToInbox: refreshed('GmailThread.moveToInbox'),
      moveToTrash: refreshed('GmailThread.moveToTrash'),
      moveToSpam: refreshed('GmailThread.moveToSpam'),
      markImportant: refreshed('GmailThread.markImportant'),
      markUnimportant: refreshed('GmailThread.markUnimportant'),
      // The simulated mailbox holds mail, no chats (docs/fidelity.md).
      isInChats() { return false; },
      refresh: refreshed('GmailThread.refresh'),
      addLabel: labelCall('GmailThread.addLabel'),
      removeLabel: labelCall('GmailThread.removeLabel'),
      reply: replyWith('GmailThread.reply'),
      replyAll: replyWith('GmailThread.replyAll'),
      createDraftReply: replyWith('GmailThread.createDraftReply', draftOf),
      createDraftReplyAll: replyWith('GmailThread.createDraftReplyAll', draftOf),
    });
    const threadsCall = (method) => function (threads) {
      call(method, this._h, [threads]);
      return this;
    };
    const GmailLabel = klass('GmailLabel', {
      addToThreads: threadsCall('GmailLabel.addToThreads'),
      removeFromThreads: threadsCall('GmailLabel.removeFromThreads'),
    });
    const GmailDraft = klass('GmailDraft', {
      update(...args) { this._h = call('GmailDraft.update', this._h, sendArgs(args)); return this; },
    });
    // GmailApp's changes and refreshes of a thread or message or of a list of them: one
    // call, and each object takes the state the service answers (documented: they "force
    // the threads to refresh"); each returns GmailApp.
    const batch = (method) => function (items) {
      const states = call(method, null, [items], true);
      (Array.isArray(items) ? items : [items]).forEach((item, i) => { item._h = states[i]; });
      return GmailApp;
    };
    const changes = {};
    for (const name of ['markMessageRead', 'markMessagesRead', 'markMessageUnread', 'markMessagesUnread',
      'starMessage', 'starMessages', 'unstarMessage', 'unstarMessages', 'moveMessageToTrash',
      'moveMessagesToTrash', 'markThreadRead', 'markThreadsRead', 'markThreadUnread', 'markThreadsUnread',
      'moveThreadToArchive', 'moveThreadsToArchive', 'moveThreadToInbox', 'moveThreadsToInbox',
      'moveThreadToTrash', 'moveThreadsToTrash', 'moveThreadToSpam', 'moveThreadsToSpam',
      'markThreadImportant', 'markThreadsImportant', 'markThreadUnimportant', 'markThreadsUnimportant',
      'refreshMessage', 'refreshMessages', 'refreshThread', 'refreshThreads']) {
      changes[name] = batch('GmailApp.' + name);
    }
    const GmailApp = service('GmailApp', Object.assign(changes, {
      sendEmail(...args) { call('GmailApp.sendEmail', null, sendArgs(args)); return GmailApp; },
      createDraft(...args) { return new GmailDraft(call('GmailApp.createDraft', null, sendArgs(args))); },
      getMessagesForThreads(threads) {
        return call('GmailApp.getMessagesForThreads', null, [threads], true).map((row) => row.map((h) => new GmailMessage(h)));
      },
    }));
    return { GmailApp, GmailThread, GmailMessage, GmailLabel, GmailDraft, GmailAttachment };
  });

