  // ---- PropertiesService --------------------------------------------------------
  const properties = once(() => {
    const Properties = klass('Properties', {
      getProperty: c('Properties.getProperty'),
      setProperty: chain('Properties.setProperty'),
      deleteProperty: chain('Properties.deleteProperty'),
      getProperties: c('Properties.getProperties'),
      setProperties: chain('Properties.setProperties'),
      getKeys: c('Properties.getKeys'),
      deleteAllProperties: chain('Properties.deleteAllProperties'),
    });
    const PropertiesService = service('PropertiesService', {
      getScriptProperties: wrap(Properties, 'PropertiesService.getScriptProperties'),
      getUserProperties: wrap(Properties, 'PropertiesService.getUserProperties'),
      getDocumentProperties: wrap(Properties, 'PropertiesService.getDocumentProperties'),
    });
    return { Properties, PropertiesService  };
  });

