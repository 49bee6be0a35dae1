//! Web apps: what a request is, what a response is, and how a delivery reaches the client.

pub mod delivery;
