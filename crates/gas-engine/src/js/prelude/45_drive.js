  // ---- DriveApp -------------------------------------------------------------------
  // A File's or Folder's handle is { id }: its getters ask the service, so they see what
  // another execution changed. An iterator's handle is the listing it walks (gas-platform
  // `drive::Listing`); next() gives the item and the listing moved past it.
  const drive = once(() => {
    // The classes refer to each other (a File's parents are Folders, a Folder lists
    // Files): a maker that names its class by a function, read at call time.
    const make = (ctorOf, method) => function (...args) {
      const h = call(method, this._h, args, true);
      return h === null ? null : new (ctorOf())(h);
    };
    let File, Folder, FileIterator, FolderIterator;
    const iterator = (className, itemOf) => klass(className, {
      hasNext: c(className + '.hasNext'),
      next() {
        const r = call(className + '.next', this._h, [], true);
        this._h = r.listing;
        return new (itemOf())({ id: r.id });
      },
      getContinuationToken: c(className + '.getContinuationToken'),
    });
    // createFile(blob) takes any BlobSource: its Blob's handle goes to the service.
    const fileArgs = (args) => (args.length === 1 ? [handleOf(args[0])] : args);
    // What a Folder and DriveApp share (DriveApp acts on the root or the whole Drive).
    const containerMethods = (cls) => ({
      createFile(...args) { return new File(call(cls + '.createFile', this._h, fileArgs(args), true)); },
      createFolder: make(() => Folder, cls + '.createFolder'),
      getFiles: make(() => FileIterator, cls + '.getFiles'),
      getFilesByName: make(() => FileIterator, cls + '.getFilesByName'),
      getFilesByType: make(() => FileIterator, cls + '.getFilesByType'),
      getFolders: make(() => FolderIterator, cls + '.getFolders'),
      getFoldersByName: make(() => FolderIterator, cls + '.getFoldersByName'),
      searchFiles: make(() => FileIterator, cls + '.searchFiles'),
      searchFolders: make(() => FolderIterator, cls + '.searchFolders'),
      addFile: make(() => Folder, cls + '.addFile'),
      addFolder: make(() => Folder, cls + '.addFolder'),
      removeFile: make(() => Folder, cls + '.removeFile'),
      removeFolder: make(() => Folder, cls + '.removeFolder'),
    });
    // getId: a read of the handle (bindings/drive.rs).
    const itemMethods = (cls) => ({
      getName: c(cls + '.getName'),
      setName: chain(cls + '.setName'),
      getDescription: c(cls + '.getDescription'),
      setDescription: chain(cls + '.setDescription'),
      getDateCreated: c(cls + '.getDateCreated'),
      getLastUpdated: c(cls + '.getLastUpdated'),
      getSize: c(cls + '.getSize'),
      getUrl: c(cls + '.getUrl'),
      isTrashed: c(cls + '.isTrashed'),
      setTrashed: chain(cls + '.setTrashed'),
      moveTo: chain(cls + '.moveTo'),
      getParents: make(() => FolderIterator, cls + '.getParents'),
    });
    File = klass('Drive.File', Object.assign(itemMethods('File'), {
      getBlob() { return new Blob(call('File.getBlob', this._h, [], true)); },
      getAs(...args) { return new Blob(call('File.getAs', this._h, args, true)); },
      makeCopy: make(() => File, 'File.makeCopy'),
    }));
    Folder = klass('Drive.Folder', Object.assign(itemMethods('Folder'), containerMethods('Folder')));
    // Sharing's methods are declared (bindings/drive.rs): the catalogue's return types
    // make them; a User's getters are reads of its handle.
    klass('Drive.User', {});
    FileIterator = iterator('FileIterator', () => File);
    FolderIterator = iterator('FolderIterator', () => Folder);
    const DriveApp = service('DriveApp', Object.assign(containerMethods('DriveApp'), {
      getRootFolder: wrap(Folder, 'DriveApp.getRootFolder'),
      getFileById: wrap(File, 'DriveApp.getFileById'),
      getFolderById: wrap(Folder, 'DriveApp.getFolderById'),
      getTrashedFiles: wrap(FileIterator, 'DriveApp.getTrashedFiles'),
      getTrashedFolders: wrap(FolderIterator, 'DriveApp.getTrashedFolders'),
      continueFileIterator: wrap(FileIterator, 'DriveApp.continueFileIterator'),
      continueFolderIterator: wrap(FolderIterator, 'DriveApp.continueFolderIterator'),
    }));
    // MimeType: the platform's values for the catalogue's field names (gas_platform::drive::mime).
    const MimeType = Object.freeze(Object.assign(Object.create({ toString() { return 'MimeType'; } }), catalogue.table('mimeTypes')));
    return { DriveApp, File, Folder, MimeType };
  });

