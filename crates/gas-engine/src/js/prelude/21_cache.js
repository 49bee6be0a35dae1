  // ---- CacheService -------------------------------------------------------------
  const caches = once(() => {
    const Cache = klass('Cache', {});
    const CacheService = service('CacheService', {
      getDocumentCache: wrap(Cache, 'CacheService.getDocumentCache'),
    });
    return { Cache, CacheService  };
  });

