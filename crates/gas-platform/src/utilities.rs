//! placeholder (helper writes)
