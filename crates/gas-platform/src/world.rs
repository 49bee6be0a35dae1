//! The world one or more executions act on: every service's state in one value, and its
//! JSON form (the `--state` file). Executions share the world; JS state never is.

use serde::{Deserialize, Serialize};

use crate::cache::Caches;
use crate::faults::Faults;
use crate::lock::Locks;
use crate::mail::Mail;
use crate::properties::Properties;
use crate::sheets::Spreadsheets;
use crate::triggers::Triggers;
use crate::urlfetch::UrlFetch;

/// The version of the state file format; bump it when a field changes meaning.
pub const STATE_FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct World {
    pub gas_sim_state: u32,
    /// The virtual time the world last saw (the end of the last execution). A later
    /// execution may not start before it: virtual time never goes backwards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_utc_ms: Option<i64>,
    /// The number of the last execution `gas-sim call` ran on this state; the next call
    /// takes the one after, so its Math.random and getUuid values differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_exec_id: Option<u64>,
    /// The account the script runs as (Session.getActiveUser / getEffectiveUser).
    pub user_email: String,
    pub spreadsheets: Spreadsheets,
    pub properties: Properties,
    pub caches: Caches,
    pub mail: Mail,
    pub locks: Locks,
    pub triggers: Triggers,
    pub http: UrlFetch,
    pub faults: Faults,
}

/// 9999-12-31T23:59:59.999Z: later (or negative) clocks in a state file are typos, and
/// `gas-sim call --at` refuses them too.
pub const LAST_UTC_MS_MAX: i64 = 253_402_300_799_999;

impl World {
    pub fn new() -> World {
        World { gas_sim_state: STATE_FORMAT_VERSION, user_email: "user@example.com".into(), ..Default::default() }
    }

    /// Reads a state file's text; the error names the line and column.
    pub fn from_json(text: &str) -> Result<World, String> {
        let world: World = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if world.gas_sim_state != STATE_FORMAT_VERSION {
            return Err(format!(
                "state format {} is not the {STATE_FORMAT_VERSION} this gas-sim reads",
                world.gas_sim_state
            ));
        }
        if let Some(last) = world.last_utc_ms {
            if !(0..=LAST_UTC_MS_MAX).contains(&last) {
                return Err(format!("last_utc_ms {last} is not a time between 1970 and 9999"));
            }
        }
        for (i, rule) in world.faults.rules.iter().enumerate() {
            if crate::calls::method(&rule.call).is_none() {
                return Err(format!("faults.rules[{i}].call: {}", crate::calls::unknown_method_message(&rule.call)));
            }
        }
        Ok(world)
    }

    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("the world always serializes");
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_json() {
        let mut world = World::new();
        world.properties.script.set("k", "v").unwrap();
        world.caches.script.put("c", "1", Some(60), 1000).unwrap();
        let back = World::from_json(&world.to_json()).unwrap();
        assert_eq!(back, world);
    }

    #[test]
    fn bad_state_files_are_clear_errors() {
        let err = World::from_json("{\"gas_sim_state\": 1,\n \"propertys\": {}}").unwrap_err();
        assert!(err.contains("propertys") && err.contains("line 2"), "{err}");
        assert!(World::from_json("{\"gas_sim_state\": 9}").unwrap_err().contains("state format 9"));
        let version = STATE_FORMAT_VERSION;
        let early = format!("{{\"gas_sim_state\": {version}, \"last_utc_ms\": -99999999999999999}}");
        assert!(World::from_json(&early).unwrap_err().contains("between 1970 and 9999"));
        let fault = format!(
            "{{\"gas_sim_state\": {version}, \"faults\": {{\"rules\": [{{\"call\": \"Nope.x\", \"effects\": []}}]}}}}"
        );
        let err = World::from_json(&fault).unwrap_err();
        assert!(err.starts_with("faults.rules[0].call: unknown service method \"Nope.x\""), "{err}");
    }
}
