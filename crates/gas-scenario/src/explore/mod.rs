//! Exploring schedules: one scenario zone run under many schedules, to find the rare
//! interleaving of overlapping executions that breaks an expectation.
//!
//! What varies between schedules, each bounded by the scenario: the tie order at one
//! virtual instant (random priorities); PCT's preemption points (d - 1 priority change
//! points among the plain run's contended steps; a preempted call waits for another
//! execution's next call, at most [`choices::PREEMPTION_DELAY_MS_MAX`]); each call's
//! latency within `latency_jitter`; each trigger firing within `firing_jitter`; the
//! fault stream (`probability` faults). Schedule 0 is the plain run, unchanged. The
//! exhaustive mode instead runs every set of at most `explore_preemptions_max`
//! preemptions. A failing schedule is shrunk (`shrink`) and shown as an interleaving
//! (`interleaving`). A mutation campaign explores each mutant's sources (`sources`).

pub mod choices;
pub mod interleaving;
pub mod run;
pub mod schedule_text;
pub mod shrink;
pub mod sources;
pub mod verdict;

pub use choices::{Choices, Decisions};
pub use run::{explore_zone, run_schedule, run_schedule_with, ExploreOptions, Jitter, ZoneExploration};
pub use schedule_text::{parse_arg, ScheduleArg};

use crate::model::{LoadedScenario, ScenarioError};

/// Schedules one exploration may run per zone.
pub const SCHEDULES_MAX: u64 = 1_000_000;
/// PCT's largest depth.
pub const DEPTH_MAX: i64 = 8;
pub const DEPTH_DEFAULT: u32 = 3;
/// The exhaustive mode's largest bound on preemptions (its schedules grow as steps^n).
pub const PREEMPTIONS_MAX_MAX: i64 = 3;
pub const PREEMPTIONS_MAX_DEFAULT: u32 = 2;
/// The largest latency jitter: a call may take 10% to 190% of its modelled time.
pub const LATENCY_JITTER_PCT_MAX: u32 = 90;
/// The largest firing jitter: below the shortest trigger period (1 minute), so that
/// firings of one trigger never swap (assumed: the platform fires a trigger within its
/// minute or hour window, a few seconds to tens of seconds late).
pub const FIRING_JITTER_MS_MAX: i64 = 30_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Pct { depth: u32 },
    Exhaustive { preemptions_max: u32 },
}

impl Mode {
    pub fn describe(&self) -> String {
        match self {
            Mode::Pct { depth } => format!("pct, depth {depth}"),
            Mode::Exhaustive { preemptions_max } => format!("exhaustive, at most {preemptions_max} preemption(s)"),
        }
    }
}

/// How a scenario explores: its `explore*`, `latency_jitter` and `firing_jitter` keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// `explore = N` in the file.
    pub schedules: Option<u64>,
    pub mode: Mode,
    pub latency_jitter_pm: u32,
    pub firing_jitter_ms: i64,
}

impl Settings {
    pub fn of(loaded: &LoadedScenario) -> Result<Settings, ScenarioError> {
        let file = &loaded.file;
        let schedules = match &file.explore {
            None => None,
            Some(n) => Some(check_schedules(*n.get_ref()).map_err(|e| loaded.error_at(n, "explore", e))?),
        };
        let bounded = |value: &Option<toml::Spanned<i64>>, key: &str, max: i64, default: u32| match value {
            None => Ok(default),
            Some(v) if (1..=max).contains(v.get_ref()) => Ok(*v.get_ref() as u32),
            Some(v) => Err(loaded.error_at(v, key, format!("must be 1 to {max}"))),
        };
        let mode = match file.explore_mode.as_ref().map(|m| (m, m.get_ref().as_str())) {
            None | Some((_, "pct")) => {
                if let Some(p) = &file.explore_preemptions_max {
                    return Err(loaded.error_at(p, "explore_preemptions_max", "is for explore_mode = \"exhaustive\""));
                }
                Mode::Pct { depth: bounded(&file.explore_depth, "explore_depth", DEPTH_MAX, DEPTH_DEFAULT)? }
            }
            Some((_, "exhaustive")) => {
                if let Some(d) = &file.explore_depth {
                    return Err(loaded.error_at(d, "explore_depth", "is for explore_mode = \"pct\""));
                }
                let preemptions_max = bounded(
                    &file.explore_preemptions_max,
                    "explore_preemptions_max",
                    PREEMPTIONS_MAX_MAX,
                    PREEMPTIONS_MAX_DEFAULT,
                )?;
                Mode::Exhaustive { preemptions_max }
            }
            Some((m, other)) => {
                return Err(loaded.error_at(m, "explore_mode", format!("{other:?}: use \"pct\" or \"exhaustive\"")))
            }
        };
        let latency_jitter_pm = match &file.latency_jitter {
            None => 0,
            Some(text) => {
                parse_jitter_pct(text.get_ref()).map_err(|e| loaded.error_at(text, "latency_jitter", e))? * 10
            }
        };
        let firing_jitter_ms = match &file.firing_jitter {
            None => 0,
            Some(text) => crate::schedule::parse_duration_ms(text.get_ref())
                .and_then(|ms| {
                    if ms > FIRING_JITTER_MS_MAX || ms % 1000 != 0 {
                        Err(format!(
                            "{:?}: whole seconds, at most 30s (a trigger fires within its window)",
                            text.get_ref()
                        ))
                    } else {
                        Ok(ms)
                    }
                })
                .map_err(|e| loaded.error_at(text, "firing_jitter", e))?,
        };
        Ok(Settings { schedules, mode, latency_jitter_pm, firing_jitter_ms })
    }

    /// `latency ±30%, firing +20s` (what varies besides ties and preemptions).
    pub fn describe_jitter(&self) -> String {
        let mut parts = Vec::new();
        if self.latency_jitter_pm > 0 {
            parts.push(format!("latency ±{}%", self.latency_jitter_pm / 10));
        }
        if self.firing_jitter_ms > 0 {
            parts.push(format!("firing +{}s", self.firing_jitter_ms / 1000));
        }
        if parts.is_empty() {
            "no jitter".into()
        } else {
            parts.join(", ")
        }
    }
}

/// `explore = N` or `--explore N`: at least 1, at most [`SCHEDULES_MAX`].
pub fn check_schedules(n: i64) -> Result<u64, String> {
    if n < 1 {
        return Err(format!("{n}: explore at least 1 schedule (leave it out for the plain run)"));
    }
    if n as u64 > SCHEDULES_MAX {
        return Err(format!("{n}: at most {SCHEDULES_MAX} schedules per zone"));
    }
    Ok(n as u64)
}

/// `±30%`, `+-30%` or `30%`: the percentage, at most [`LATENCY_JITTER_PCT_MAX`].
pub fn parse_jitter_pct(text: &str) -> Result<u32, String> {
    let bare = text.trim().trim_start_matches('±').trim_start_matches("+-").trim_start_matches("+/-");
    let number = bare.strip_suffix('%').ok_or_else(|| format!("{text:?}: want a percentage like \"±30%\""))?;
    let pct: u32 = number.trim().parse().map_err(|_| format!("{text:?}: want a whole percentage like \"±30%\""))?;
    if pct > LATENCY_JITTER_PCT_MAX {
        return Err(format!("{text:?}: at most ±{LATENCY_JITTER_PCT_MAX}% (a call never takes no time)"));
    }
    Ok(pct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jitter_texts() {
        assert_eq!(parse_jitter_pct("±30%"), Ok(30));
        assert_eq!(parse_jitter_pct("+-5%"), Ok(5));
        assert_eq!(parse_jitter_pct("0%"), Ok(0));
        assert!(parse_jitter_pct("30").unwrap_err().contains("percentage"));
        assert!(parse_jitter_pct("±95%").unwrap_err().contains("at most ±90%"));
    }

    #[test]
    fn schedule_counts() {
        assert!(check_schedules(0).unwrap_err().contains("at least 1"));
        assert!(check_schedules(-3).is_err());
        assert_eq!(check_schedules(500), Ok(500));
        assert!(check_schedules(SCHEDULES_MAX as i64 + 1).is_err());
    }
}
