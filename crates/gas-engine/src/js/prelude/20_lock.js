  // ---- LockService --------------------------------------------------------------
  const locks = once(() => {
    const Lock = klass('Lock', {
      waitLock: c('Lock.waitLock'),
      tryLock: c('Lock.tryLock'),
      hasLock: c('Lock.hasLock'),
      releaseLock: c('Lock.releaseLock'),
    });
    const LockService = service('LockService', {
      getScriptLock: wrap(Lock, 'LockService.getScriptLock'),
      getUserLock: wrap(Lock, 'LockService.getUserLock'),
      getDocumentLock: wrap(Lock, 'LockService.getDocumentLock'),
    });
    return { Lock, LockService  };
  });

