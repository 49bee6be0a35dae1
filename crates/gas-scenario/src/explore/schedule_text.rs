//! A schedule written out: what `--schedule` takes. A number names an explored
//! schedule of the scenario (`--schedule 12`, drawn from the seed); a shrunk schedule
//! is written as versioned text that lists only what it changed, e.g.
//! `gs1;base=0;p=2.3;l=1.2:+150;f=1000001@1749729600000:+4000` (base schedule, preempted
//! calls `exec.call`, latency changes in per mille, firing delays in ms), or `@FILE`
//! holding that text. Its size is bounded, so it can always be replayed.

use std::collections::BTreeMap;

use super::choices::Decisions;

/// The version this gas-sim writes and reads.
pub const VERSION_TAG: &str = "gs1";
/// The longest schedule text read or written.
pub const SCHEDULE_TEXT_BYTES_MAX: usize = 64 * 1024;
/// Decisions a schedule text may list.
pub const DECISIONS_MAX: usize = 4_096;

/// What `--schedule` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScheduleArg {
    /// Explored schedule N of the scenario (0: the plain run).
    Index(u64),
    Given(Decisions),
}

/// Reads `--schedule`: a number, schedule text, or `@FILE` with schedule text.
pub fn parse_arg(text: &str) -> Result<ScheduleArg, String> {
    let text = text.trim();
    if let Some(path) = text.strip_prefix('@') {
        let meta = std::fs::metadata(path).map_err(|e| format!("--schedule {text}: {e}"))?;
        if !meta.is_file() || meta.len() > SCHEDULE_TEXT_BYTES_MAX as u64 {
            return Err(format!("--schedule {text}: not a schedule file (at most {SCHEDULE_TEXT_BYTES_MAX} bytes)"));
        }
        let content = std::fs::read(path).map_err(|e| format!("--schedule {text}: {e}"))?;
        return parse_file(&content).map(ScheduleArg::Given).map_err(|e| format!("--schedule {text}: {e}"));
    }
    if text.bytes().all(|b| b.is_ascii_digit()) && !text.is_empty() {
        return text.parse().map(ScheduleArg::Index).map_err(|_| format!("--schedule {text}: too large a number"));
    }
    parse(text).map(ScheduleArg::Given).map_err(|e| format!("--schedule: {e}"))
}

/// The content of an `@FILE`. Nothing of a file that is not a schedule text is shown:
/// `@/etc/shadow` would otherwise print the file in the error (a schedule text starts
/// with `gs1;`; only past that mark do the errors quote it).
fn parse_file(content: &[u8]) -> Result<Decisions, String> {
    let not_a_schedule = || format!("not a schedule text (one starts with {VERSION_TAG};); nothing of it is shown");
    let text = std::str::from_utf8(content).map_err(|_| not_a_schedule())?.trim();
    if text != VERSION_TAG && !text.starts_with(&format!("{VERSION_TAG};")) {
        return Err(not_a_schedule());
    }
    parse(text)
}

/// The text of `decisions`.
pub fn format(decisions: &Decisions) -> String {
    let mut out = format!("{VERSION_TAG};base={}", decisions.base);
    let join = |items: Vec<String>| items.join(",");
    if !decisions.preemptions.is_empty() {
        let items = decisions
            .preemptions
            .iter()
            .map(|((exec, call), n)| if *n == 1 { format!("{exec}.{call}") } else { format!("{exec}.{call}x{n}") })
            .collect();
        out.push_str(&format!(";p={}", join(items)));
    }
    if !decisions.latency_pm.is_empty() {
        let items = decisions.latency_pm.iter().map(|((exec, call), pm)| format!("{exec}.{call}:{pm:+}")).collect();
        out.push_str(&format!(";l={}", join(items)));
    }
    if !decisions.firing_ms.is_empty() {
        let items = decisions.firing_ms.iter().map(|((id, at), ms)| format!("{id}@{at}:{ms:+}")).collect();
        out.push_str(&format!(";f={}", join(items)));
    }
    out
}

/// Reads schedule text; names the part that is wrong.
pub fn parse(text: &str) -> Result<Decisions, String> {
    if text.len() > SCHEDULE_TEXT_BYTES_MAX {
        return Err(format!("a schedule is at most {SCHEDULE_TEXT_BYTES_MAX} bytes"));
    }
    let mut parts = text.split(';');
    let version = parts.next().unwrap_or_default();
    if version != VERSION_TAG {
        let looks_versioned = version.starts_with("gs") && version[2..].bytes().all(|b| b.is_ascii_digit());
        return Err(if looks_versioned && version.len() > 2 {
            format!("unknown schedule version {version:?}: this gas-sim reads {VERSION_TAG}")
        } else {
            format!("{text:?} is not a schedule: want a number or text starting {VERSION_TAG};")
        });
    }
    let mut decisions = Decisions::default();
    let mut count = 0usize;
    for part in parts {
        let (key, value) = part.split_once('=').ok_or_else(|| format!("{part:?}: want key=value"))?;
        let items = || value.split(',').filter(|item| !item.is_empty());
        match key {
            "base" => decisions.base = value.parse().map_err(|_| format!("base={value}: want a schedule number"))?,
            "p" => {
                for item in items() {
                    let (call, times) = match item.split_once('x') {
                        Some((call, n)) => (call, n.parse::<u32>().ok().filter(|n| *n > 0)),
                        None => (item, Some(1)),
                    };
                    let times = times.ok_or_else(|| format!("p={item}: want exec.call or exec.callxN"))?;
                    decisions.preemptions.insert(exec_call(call, "p")?, times);
                    count += 1;
                }
            }
            "l" => {
                for item in items() {
                    let (call, pm) = item.split_once(':').ok_or_else(|| format!("l={item}: want exec.call:+pm"))?;
                    let pm: i32 = pm
                        .parse()
                        .ok()
                        .filter(|pm: &i32| (-1000..=10_000).contains(pm))
                        .ok_or_else(|| format!("l={item}: want a change in per mille, -1000 to +10000"))?;
                    decisions.latency_pm.insert(exec_call(call, "l")?, pm);
                    count += 1;
                }
            }
            "f" => {
                for item in items() {
                    let bad = || format!("f={item}: want trigger@nominal_ms:+ms");
                    let (firing, ms) = item.rsplit_once(':').ok_or_else(bad)?;
                    let (id, at) = firing.rsplit_once('@').ok_or_else(bad)?;
                    let at: i64 = at.parse().map_err(|_| bad())?;
                    let ms: i64 =
                        ms.parse().ok().filter(|ms| (0..=super::FIRING_JITTER_MS_MAX).contains(ms)).ok_or_else(bad)?;
                    decisions.firing_ms.insert((id.to_string(), at), ms);
                    count += 1;
                }
            }
            other => return Err(format!("unknown part {other:?} (want base, p, l or f)")),
        }
        if count > DECISIONS_MAX {
            return Err(format!("more than {DECISIONS_MAX} decisions"));
        }
    }
    Ok(decisions)
}

fn exec_call(text: &str, key: &str) -> Result<(u64, u64), String> {
    let parsed = text.split_once('.').and_then(|(exec, call)| Some((exec.parse().ok()?, call.parse().ok()?)));
    parsed.ok_or_else(|| format!("{key}={text}: want exec.call (two numbers)"))
}

/// Keeps the text within [`DECISIONS_MAX`]: a schedule with more is cut to its
/// preemptions and the earliest other decisions (it is then replayed approximately; the
/// report says so).
pub fn bounded(decisions: &Decisions) -> (Decisions, bool) {
    let total = decisions.preemptions.len() + decisions.latency_pm.len() + decisions.firing_ms.len();
    if total <= DECISIONS_MAX {
        return (decisions.clone(), false);
    }
    let mut cut =
        Decisions { base: decisions.base, preemptions: decisions.preemptions.clone(), ..Decisions::default() };
    let room = DECISIONS_MAX.saturating_sub(cut.preemptions.len());
    cut.firing_ms = decisions.firing_ms.iter().take(room).map(|(k, v)| (k.clone(), *v)).collect();
    let room = room.saturating_sub(cut.firing_ms.len());
    cut.latency_pm = decisions.latency_pm.iter().take(room).map(|(k, v)| (*k, *v)).collect::<BTreeMap<_, _>>();
    (cut, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let mut d = Decisions { base: 12, ..Decisions::default() };
        d.preemptions.insert((2, 3), 1);
        d.preemptions.insert((1, 5), 2);
        d.latency_pm.insert((1, 2), 150);
        d.latency_pm.insert((1, 4), -30);
        d.firing_ms.insert(("1000001".into(), 1_749_729_600_000), 4_000);
        let text = format(&d);
        assert_eq!(text, "gs1;base=12;p=1.5x2,2.3;l=1.2:+150,1.4:-30;f=1000001@1749729600000:+4000");
        assert_eq!(parse(&text), Ok(d));
        assert_eq!(parse_arg("12"), Ok(ScheduleArg::Index(12)));
        assert_eq!(parse_arg(&text).map(|_| ()), Ok(()));
    }

    #[test]
    fn bad_text_says_what_is_wrong() {
        assert!(parse("gs9;base=0").unwrap_err().contains("unknown schedule version \"gs9\": this gas-sim reads gs1"));
        assert!(parse("hello").unwrap_err().contains("not a schedule"));
        assert!(parse("gs1;p=1").unwrap_err().contains("p=1: want exec.call"));
        assert!(parse("gs1;z=1").unwrap_err().contains("unknown part \"z\""));
        assert!(parse("gs1;l=1.2:+99999").unwrap_err().contains("per mille"));
        assert!(parse_arg("@/nonexistent/schedule").is_err());
    }

    #[test]
    fn a_file_that_is_not_a_schedule_is_not_shown() {
        for content in [&b"root:x:0:0:hunter2"[..], b"gs9;hunter2", b"gs1hunter2", b"\xffhunter2", b""] {
            let err = parse_file(content).unwrap_err();
            assert!(err.contains("not a schedule text") && !err.contains("hunter2"), "{err}");
        }
        assert_eq!(parse_file(b" gs1;base=3\n").map(|d| d.base), Ok(3));
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("secret");
        std::fs::write(&file, "token=hunter2\n").unwrap();
        let err = parse_arg(&format!("@{}", file.display())).unwrap_err();
        assert!(err.starts_with(&format!("--schedule @{}: not a schedule text", file.display())), "{err}");
        assert!(!err.contains("hunter2"), "{err}");
    }
}
