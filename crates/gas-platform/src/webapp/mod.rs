//! Web apps: what a request to `/exec` gives `doGet`/`doPost` (`event`), the HtmlService
//! templates a handler may answer with (`template`), and what the client gets back
//! (`response`), and how a delivery reaches the client (`delivery`).

pub mod delivery;
pub mod event;
pub mod response;
pub mod template;
