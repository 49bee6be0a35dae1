//! The simulated Apps Script platform, in plain Rust.
//!
//! This crate owns every rule of the platform gas-sim imitates: the virtual clock and
//! time zones, each service's state (spreadsheets, properties, cache, mail, locks,
//! triggers, HTTP responses), their quotas, limits and exact error texts, the fault
//! rules a scenario injects, the catalogue of the platform's classes and methods, and
//! the rules about calls (the call cap, latency bounds, the LIMITED-mode refusal; which
//! methods gas-sim implements is gas-engine's `methods`). It knows nothing about JavaScript: `gas-engine` converts JS values to the
//! types here and back, and never decides a platform rule itself. Every rule is
//! unit-tested here, without a JS engine.
//!
//! ```
//! use gas_platform::properties::PropertyStore;
//! let mut store = PropertyStore::default();
//! store.set("ALERT_TO", "ops@example.com").unwrap();
//! assert_eq!(store.get("ALERT_TO"), Some("ops@example.com"));
//! ```

pub mod cache;
pub mod calls;
pub mod catalogue;
pub mod concurrency;
pub mod container;
pub mod drive;
pub mod error;
pub mod faults;
pub mod gaps;
pub mod glob;
pub mod gmail;
pub mod lock;
pub mod mail;
pub mod properties;
pub mod quotas;
pub mod rng;
pub mod script_app;
pub mod sheets;
pub mod time;
pub mod trace;
pub mod trigger_events;
pub mod triggers;
pub mod urlfetch;
pub mod utilities;
pub mod value;
pub mod webapp;
pub mod world;
pub mod xml;
pub mod zone_names;
mod zone_names_table;

pub use error::{ErrorKind, ServiceError, ServiceResult};
pub use value::CellValue;
pub use world::World;
