//! Rust-side work charged to the execution's step budget (`Limits::steps_max`, the
//! vendored boa's budget, patch 0013).
//!
//! boa charges what it runs; a service call's Rust side (a digest, a formatted string, a
//! template, a formula recalculation) runs outside it, so a loop of such calls spun for
//! ever without spending a step. Every call now pays in proportion to its size: the values
//! crossing between JS and Rust (`val_steps`, in `__gas_call`), and, where the work is
//! not proportional to them, what a binding charges before it does the work
//! (`Host::charge_steps`). The meter is given the context's budget before each call and
//! pays it back after (`Context::charge_steps`, patch 0025): past the budget the execution
//! ends as the step budget ends it, the platform's 6-minute kill.
//!
//! The rates are gas-sim's (the platform measures time, not steps): like `Vm::STEPS_PER_*`
//! they come from release timings, a step standing for a few ns of work.

use std::cell::Cell;

use crate::value::Val;

/// Characters of a string converted between JS and Rust per step (a copy and a UTF-16 to
/// UTF-8 conversion: about 1 ns a character; boa charges 8 code units of a string searched
/// per step).
pub const CHARS_PER_STEP: u64 = 8;

/// Steps a converted value costs besides its characters (an array element, an object's
/// property: allocated and converted one by one).
pub const STEPS_PER_VALUE: u64 = 1;

/// Bytes a digest or an HMAC reads per step (SHA-256 and SHA-512 run at about
/// 2 ns a byte without hardware support).
pub const DIGEST_BYTES_PER_STEP: u64 = 2;

/// Steps per cell a formula recalculation loads into the engine model (a model update,
/// about 0.1 µs for a value).
pub const STEPS_PER_RECALCULATED_CELL: u64 = 1;

/// Steps per formula a recalculation parses and evaluates (about 1 µs each for simple
/// formulas). Charged at a tenth of its time, so that the step budget ends a quadratic
/// pattern (a recalculation after each of 100,000 edits: about 3,000 of them) within
/// seconds while a script's legitimate formula writes (hundreds of edits of a sheet of
/// thousands of formulas) stay inside it.
pub const STEPS_PER_RECALCULATED_FORMULA: u64 = 20;

/// The steps `chars` characters cost.
pub fn chars_steps(chars: usize) -> u64 {
    (chars as u64).div_ceil(CHARS_PER_STEP)
}

/// The steps a digest or an HMAC of `bytes` bytes costs.
pub fn digest_steps(bytes: usize) -> u64 {
    (bytes as u64).div_ceil(DIGEST_BYTES_PER_STEP)
}

/// The steps converting `value` costs (its characters and values, nested ones included).
pub fn val_steps(value: &Val) -> u64 {
    match value {
        Val::String(text) => STEPS_PER_VALUE + chars_steps(text.len()),
        Val::Array(items) => items.iter().fold(STEPS_PER_VALUE, |sum, item| sum.saturating_add(val_steps(item))),
        Val::Object(pairs) => pairs.iter().fold(STEPS_PER_VALUE, |sum, (key, item)| {
            sum.saturating_add(chars_steps(key.len())).saturating_add(val_steps(item))
        }),
        _ => STEPS_PER_VALUE,
    }
}

/// The steps of the execution's budget one service call may spend on its Rust side.
#[derive(Debug)]
pub struct StepMeter {
    /// The context's budget when the call started (no bound outside a call).
    left: Cell<u64>,
    /// What the call has charged so far.
    spent: Cell<u64>,
}

impl Default for StepMeter {
    fn default() -> StepMeter {
        StepMeter { left: Cell::new(u64::MAX), spent: Cell::new(0) }
    }
}

impl StepMeter {
    /// A call starts with `left` steps of the context's budget.
    pub fn start(&self, left: u64) {
        self.left.set(left);
        self.spent.set(0);
    }

    /// Charges `steps`; false once the call has spent more than it had (the work must
    /// then not be done: the execution is over).
    pub fn charge(&self, steps: u64) -> bool {
        let spent = self.spent.get().saturating_add(steps);
        self.spent.set(spent);
        spent <= self.left.get()
    }

    /// What the call spent, for the context to pay; the meter starts again from nothing.
    pub fn take(&self) -> u64 {
        self.left.set(u64::MAX);
        self.spent.replace(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_costs_its_characters_and_elements() {
        assert_eq!(val_steps(&Val::Number(1.0)), 1);
        assert_eq!(val_steps(&Val::String("x".repeat(80))), 11);
        let array = Val::Array(vec![Val::Number(1.0); 10]);
        assert_eq!(val_steps(&array), 11);
        let object = Val::Object(vec![("abcdefgh".into(), Val::String(String::new()))]);
        assert_eq!(val_steps(&object), 1 + 1 + 1);
    }

    #[test]
    fn the_meter_refuses_past_what_the_call_had() {
        let meter = StepMeter::default();
        meter.start(10);
        assert!(meter.charge(4));
        assert!(meter.charge(6));
        assert!(!meter.charge(1));
        assert_eq!(meter.take(), 11);
        assert_eq!(meter.take(), 0);
        assert!(meter.charge(1_000), "outside a call nothing bounds the meter");
    }
}
