const s = 'x'.repeat(1000000); while (true) Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, s);
