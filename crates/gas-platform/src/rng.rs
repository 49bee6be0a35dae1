//! The one source of randomness: a seeded SplitMix64. Every random choice gas-sim makes
//! (Math.random, getUuid, trigger minutes, fault probabilities, early cache eviction)
//! draws from a generator seeded from the scenario's seed, so a run is reproducible.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough for simulation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeededRng {
    state: u64,
}

impl SeededRng {
    pub fn new(seed: u64) -> Self {
        SeededRng { state: seed }
    }

    /// A generator for one purpose, independent of the others drawn from the same seed
    /// (`derive(seed, "uuid")` and `derive(seed, "math.random")` do not share a stream).
    pub fn derive(seed: u64, purpose: &str) -> Self {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325; // FNV-1a, stable across runs and builds
        for byte in purpose.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        let mut rng = SeededRng::new(seed ^ hash);
        rng.next_u64();
        rng
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A float in [0, 1) with 53 random bits, as `Math.random` returns.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A whole number in [0, bound). `bound` must be positive.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "SeededRng::below needs a positive bound");
        self.next_u64() % bound
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_purposes_differ() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = SeededRng::derive(7, "x");
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..4)
            .map({
                let mut r = SeededRng::derive(7, "x");
                move |_| r.next_u64()
            })
            .collect();
        let c: Vec<u64> = (0..4)
            .map({
                let mut r = SeededRng::derive(7, "y");
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn floats_are_in_unit_interval() {
        let mut rng = SeededRng::new(1);
        for _ in 0..10_000 {
            let x = rng.next_f64();
            assert!((0.0..1.0).contains(&x));
        }
    }
}
