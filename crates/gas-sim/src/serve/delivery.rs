//! `--lose-response` and `--error-page`: which requests' answers the platform loses or
//! replaces with its error page, picked by the platform's delivery rules
//! (`gas_platform::webapp::delivery`) with a stream seeded by `--seed`. The nth request
//! `serve` receives (in the order they arrive) gets the same pick for the same seed.

use std::sync::Mutex;

use gas_platform::webapp::delivery::{DeliveryFaults, DeliveryRule, Outcome};

/// The rules' entry point: `serve`'s rules apply to every request, `doGet`, `doPost`
/// and `google.script.run` alike.
const ANY_REQUEST: &str = "request";

pub struct Delivery {
    faults: Mutex<DeliveryFaults>,
}

impl Delivery {
    /// Loses an answer with probability `lose`, else replaces it with the error page with
    /// probability `error_page` (0 to 1 each).
    pub fn new(seed: u64, lose: f64, error_page: f64) -> Delivery {
        let mut faults = DeliveryFaults::new(seed);
        for (probability, outcome) in [(lose, Outcome::Lost), (error_page, Outcome::ErrorPage)] {
            if probability > 0.0 {
                faults.rules.push(DeliveryRule {
                    function: ANY_REQUEST.into(),
                    from_utc_ms: None,
                    until_utc_ms: None,
                    nth: Vec::new(),
                    probability: (probability < 1.0).then_some(probability),
                    outcome,
                    matched_count: 0,
                });
            }
        }
        Delivery { faults: Mutex::new(faults) }
    }

    /// The planned outcome of the next request.
    pub fn pick(&self) -> Outcome {
        let mut faults = self.faults.lock().unwrap_or_else(|p| p.into_inner());
        faults.pick(ANY_REQUEST, 0).unwrap_or(Outcome::Delivered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_are_seeded_and_follow_the_percentages() {
        let always = Delivery::new(7, 1.0, 0.0);
        assert!((0..20).all(|_| always.pick() == Outcome::Lost));
        let never = Delivery::new(7, 0.0, 0.0);
        assert!((0..20).all(|_| never.pick() == Outcome::Delivered));
        let sequence = |seed| {
            let d = Delivery::new(seed, 0.2, 0.3);
            (0..200).map(|_| d.pick()).collect::<Vec<_>>()
        };
        assert_eq!(sequence(3), sequence(3), "the same seed, the same sequence");
        assert_ne!(sequence(3), sequence(4));
        let picks = sequence(3);
        let lost = picks.iter().filter(|o| **o == Outcome::Lost).count();
        let error = picks.iter().filter(|o| **o == Outcome::ErrorPage).count();
        assert!((20..=60).contains(&lost) && (30..=90).contains(&error), "{lost} lost, {error} error pages");
    }
}
