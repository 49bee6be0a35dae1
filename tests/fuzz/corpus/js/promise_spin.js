Promise.resolve().then(function spin() { return Promise.resolve().then(spin); });
