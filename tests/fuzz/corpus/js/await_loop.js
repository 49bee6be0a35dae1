(async () => { while (true) await null; })();
