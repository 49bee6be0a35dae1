  // ---- PropertiesService --------------------------------------------------------
  const properties = once(() => {
    const Properties = klass('Properties', {});
    const PropertiesService = service('PropertiesService', {});
    // The deprecated globals from before PropertiesService: the script's and the
    // user's store, each a class of its own.
    const ScriptProperties = service('Properties.ScriptProperties', {});
    const UserProperties = service('Properties.UserProperties', {});
    return { Properties, PropertiesService, ScriptProperties, UserProperties };
  });

