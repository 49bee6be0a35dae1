//! Web apps: what a request to `/exec` gives `doGet`/`doPost` (`event`), the HtmlService
//! templates a handler may answer with (`template`), and what the client gets back
//! (`response`), how a delivery reaches the client (`delivery`), and what a page's
//! `google.script.run` may call and pass (`script_run`).

pub mod delivery;
pub mod event;
pub mod response;
pub mod script_run;
pub mod template;
