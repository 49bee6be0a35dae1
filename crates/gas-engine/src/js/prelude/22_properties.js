  // ---- PropertiesService --------------------------------------------------------
  const properties = once(() => {
    const Properties = klass('Properties', {});
    const PropertiesService = service('PropertiesService', {});
    return { Properties, PropertiesService  };
  });

