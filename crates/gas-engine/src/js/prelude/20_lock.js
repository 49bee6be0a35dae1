  // ---- LockService --------------------------------------------------------------
  const locks = once(() => {
    const Lock = klass('Lock', {});
    const LockService = service('LockService', {});
    return { Lock, LockService  };
  });

