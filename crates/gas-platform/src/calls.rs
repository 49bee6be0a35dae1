//! The platform's rules about service calls: how many one execution may make, the
//! bounds of a modelled latency, and the message for a name gas-sim does not implement.
//!
//! Which methods gas-sim implements, with their modelled latencies and scopes, is
//! gas-engine's registry (`gas_engine::methods`: one declaration per method, beside the
//! binding that answers it); its names reach the checks here as a [`MethodNames`].

/// The platform's limit on one execution (documented: 6 minutes).
pub const EXECUTION_MS_MAX: i64 = 6 * 60 * 1000;

/// Why an execution was killed at its limit (documented / observed text); also a call past
/// [`SERVICE_CALLS_PER_EXECUTION_MAX`] and a step budget spent.
pub const EXCEEDED_TIME_MESSAGE: &str = "Exceeded maximum execution time";

/// Every call to a Google service takes at least a millisecond of the platform's real
/// time, so no execution makes more than this many within its 6 minutes. It is what
/// stops a loop on calls that take no virtual time (`latency = "none"`, or a 0 ms method
/// such as `Sheet.getName`), which the 6-minute kill never reaches. Assumed.
pub const SERVICE_CALLS_PER_EXECUTION_MAX: u64 = 6 * 60 * 1000;

/// The longest latency a scenario may give a method: a day. Past the 6-minute kill any
/// latency ends the execution the same way; the bound keeps the clock far from i64.
pub const LATENCY_MS_MAX: i64 = crate::time::MS_PER_DAY;

/// A latency override, checked: 0 ms to [`LATENCY_MS_MAX`].
pub fn check_latency_ms(ms: i64) -> Result<i64, String> {
    if (0..=LATENCY_MS_MAX).contains(&ms) {
        Ok(ms)
    } else {
        Err(format!("{ms} ms: a latency is 0 to {LATENCY_MS_MAX} ms (a day; past 6 minutes the execution is killed)"))
    }
}

/// The names of the methods gas-sim implements (`Class.method`), sorted: what a fault
/// rule or a latency override may name.
#[derive(Debug, Clone, Default)]
pub struct MethodNames {
    sorted: Vec<&'static str>,
}

impl MethodNames {
    pub fn new(mut names: Vec<&'static str>) -> MethodNames {
        names.sort_unstable();
        MethodNames { sorted: names }
    }

    pub fn contains(&self, name: &str) -> bool {
        self.sorted.binary_search(&name).is_ok()
    }

    /// A name checked: `Ok` when implemented, else [`MethodNames::unknown_message`].
    pub fn check(&self, name: &str) -> Result<(), String> {
        if self.contains(name) {
            Ok(())
        } else {
            Err(self.unknown_message(name))
        }
    }

    /// A clear error for a fault or latency override that names a method gas-sim does
    /// not know, with the closest known names.
    pub fn unknown_message(&self, name: &str) -> String {
        let service = name.split('.').next().unwrap_or(name);
        let prefix = format!("{service}.");
        let same_service: Vec<&str> = self.sorted.iter().copied().filter(|m| m.starts_with(&prefix)).collect();
        if same_service.is_empty() {
            format!("unknown service method {name:?}: write Service.method, e.g. \"UrlFetchApp.fetch\" or \"MailApp.sendEmail\"")
        } else {
            format!("unknown service method {name:?}: {service} has {}", same_service.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latencies_are_bounded() {
        assert_eq!(check_latency_ms(0), Ok(0));
        assert_eq!(check_latency_ms(LATENCY_MS_MAX), Ok(LATENCY_MS_MAX));
        assert!(check_latency_ms(-1).unwrap_err().contains("0 to 86400000 ms"));
        assert!(check_latency_ms(i64::MAX).is_err());
    }

    #[test]
    fn unknown_names_list_their_service() {
        let names = MethodNames::new(vec!["MailApp.sendEmail", "Cache.get"]);
        assert!(names.contains("MailApp.sendEmail") && !names.contains("MailApp.sendMail"));
        assert_eq!(
            names.check("MailApp.sendMail").unwrap_err(),
            "unknown service method \"MailApp.sendMail\": MailApp has MailApp.sendEmail"
        );
        assert!(names.unknown_message("Foo.bar").contains("Service.method"));
    }
}
