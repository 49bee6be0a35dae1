  // ---- CacheService -------------------------------------------------------------
  const caches = once(() => {
    const Cache = klass('Cache', {
      get: c('Cache.get'),
      getAll: c('Cache.getAll'),
      put: c('Cache.put'),
      putAll: c('Cache.putAll'),
      remove: c('Cache.remove'),
      removeAll: c('Cache.removeAll'),
    });
    const CacheService = service('CacheService', {
      getScriptCache: wrap(Cache, 'CacheService.getScriptCache'),
      getUserCache: wrap(Cache, 'CacheService.getUserCache'),
      getDocumentCache: wrap(Cache, 'CacheService.getDocumentCache'),
    });
    return { Cache, CacheService  };
  });

