//! The text `JSON.stringify` builds, in one buffer (gas-sim patch 0031).
//!
//! Upstream built a string for every value and copied it into its parent's, so every
//! byte of the result was copied once per level of nesting, with an allocation per
//! member. The buffer holds Latin-1 bytes until a wider code unit is written, then
//! UTF-16, so a Latin-1 result takes one byte a code unit, as the strings did. It grows
//! by doubling, but never past V8's longest string nor into the heap budget: a text
//! that would be longer than a string may be is V8's RangeError before it is copied.

use crate::builtins::string::String as StringBuiltin;
use crate::{JsResult, JsString};
use boa_string::{JsStr, JsStrVariant};

#[derive(Debug)]
pub(super) enum JsonText {
    Latin1(Vec<u8>),
    Utf16(Vec<u16>),
}

impl JsonText {
    pub(super) fn new() -> Self {
        Self::Latin1(Vec::new())
    }

    /// Code units written so far.
    pub(super) fn len(&self) -> usize {
        match self {
            Self::Latin1(bytes) => bytes.len(),
            Self::Utf16(units) => units.len(),
        }
    }

    /// Drops what was written past `len` (a member whose value serialized to nothing).
    pub(super) fn truncate(&mut self, len: usize) {
        match self {
            Self::Latin1(bytes) => bytes.truncate(len),
            Self::Utf16(units) => units.truncate(len),
        }
    }

    fn capacity(&self) -> usize {
        match self {
            Self::Latin1(bytes) => bytes.capacity(),
            Self::Utf16(units) => units.capacity(),
        }
    }

    fn unit_bytes(&self) -> usize {
        match self {
            Self::Latin1(_) => 1,
            Self::Utf16(_) => 2,
        }
    }

    /// Room for `additional` more code units: V8's RangeError past its longest string,
    /// the heap budget's error past the budget, and growth by doubling only where the
    /// budget has room for the doubled buffer (else just what is asked).
    pub(super) fn reserve(&mut self, additional: usize) -> JsResult<()> {
        let len = self.len();
        let needed = len.saturating_add(additional);
        if needed <= self.capacity() && needed <= StringBuiltin::MAX_STRING_LENGTH {
            return Ok(());
        }
        StringBuiltin::check_length(needed)?;
        let doubled = self
            .capacity()
            .saturating_mul(2)
            .clamp(needed, StringBuiltin::MAX_STRING_LENGTH.max(needed));
        let target = if crate::heap_budget::has_room(doubled.saturating_mul(self.unit_bytes())) {
            doubled
        } else {
            crate::heap_budget::check_reserve(needed.saturating_mul(self.unit_bytes()))?;
            needed
        };
        match self {
            Self::Latin1(bytes) => bytes.reserve_exact(target - len),
            Self::Utf16(units) => units.reserve_exact(target - len),
        }
        Ok(())
    }

    pub(super) fn push_ascii(&mut self, text: &[u8]) -> JsResult<()> {
        debug_assert!(text.is_ascii());
        self.reserve(text.len())?;
        match self {
            Self::Latin1(bytes) => bytes.extend_from_slice(text),
            Self::Utf16(units) => units.extend(text.iter().map(|&byte| u16::from(byte))),
        }
        Ok(())
    }

    pub(super) fn push_unit(&mut self, unit: u16) -> JsResult<()> {
        self.reserve(1)?;
        if let Self::Latin1(bytes) = self {
            if let Ok(byte) = u8::try_from(unit) {
                bytes.push(byte);
                return Ok(());
            }
            self.widen()?;
        }
        if let Self::Utf16(units) = self {
            units.push(unit);
        }
        Ok(())
    }

    pub(super) fn push_str(&mut self, text: JsStr<'_>) -> JsResult<()> {
        self.reserve(text.len())?;
        match (&mut *self, text.variant()) {
            (Self::Latin1(bytes), JsStrVariant::Latin1(text)) => bytes.extend_from_slice(text),
            (Self::Utf16(units), JsStrVariant::Latin1(text)) => {
                units.extend(text.iter().map(|&byte| u16::from(byte)));
            }
            (Self::Utf16(units), JsStrVariant::Utf16(text)) => units.extend_from_slice(text),
            (Self::Latin1(_), JsStrVariant::Utf16(text)) => {
                for &unit in text {
                    self.push_unit(unit)?;
                }
            }
        }
        Ok(())
    }

    /// From Latin-1 bytes to UTF-16 units: twice the memory, checked against the budget.
    fn widen(&mut self) -> JsResult<()> {
        if let Self::Latin1(bytes) = self {
            crate::heap_budget::check_reserve(bytes.capacity().saturating_mul(2))?;
            let mut units = Vec::with_capacity(bytes.capacity());
            units.extend(bytes.iter().map(|&byte| u16::from(byte)));
            *self = Self::Utf16(units);
        }
        Ok(())
    }

    pub(super) fn into_js_string(self) -> JsString {
        match self {
            Self::Latin1(bytes) => JsString::from(JsStr::latin1(&bytes)),
            Self::Utf16(units) => JsString::from(&units[..]),
        }
    }
}

