//! The values of `serve`'s flags that clap does not parse itself: a percentage
//! (`--lose-response 10%`), a duration (`--latency 250ms`) and a size (`--max-body 10MB`),
//! each with its range in the message.

/// `10%`, `10` or `0.5%` as a probability from 0 to 1.
pub fn percent(text: &str) -> Result<f64, String> {
    let number = text.trim().strip_suffix('%').unwrap_or(text.trim()).trim();
    match number.parse::<f64>() {
        Ok(p) if (0.0..=100.0).contains(&p) => Ok(p / 100.0),
        _ => Err(format!("{text:?}: expected a percentage from 0% to 100% (10%)")),
    }
}

/// The longest `--latency` (a client waiting longer than this has given up).
pub const LATENCY_MS_MAX: u64 = 60_000;

/// `250ms`, `2s` or `0` as milliseconds, at most [`LATENCY_MS_MAX`].
pub fn duration_ms(text: &str) -> Result<u64, String> {
    // The scenario files' duration syntax (`gas_scenario::schedule::parse_duration_ms`),
    // and `0` for no delay.
    if text.trim() == "0" {
        return Ok(0);
    }
    let ms = gas_scenario::schedule::parse_duration_ms(text)?;
    u64::try_from(ms)
        .ok()
        .filter(|ms| *ms <= LATENCY_MS_MAX)
        .ok_or_else(|| format!("{text:?}: expected a duration from 0 to {} s", LATENCY_MS_MAX / 1000))
}

/// `10MB`, `512KB`, `1.5MB` or a number of bytes, from 1 byte to `max_bytes`. KB and MB
/// are 1,024 and 1,048,576 bytes.
pub fn size_bytes(text: &str, max_bytes: usize) -> Result<usize, String> {
    let upper = text.trim().to_ascii_uppercase();
    let (number, scale) = if let Some(n) = upper.strip_suffix("MB") {
        (n, 1024.0 * 1024.0)
    } else if let Some(n) = upper.strip_suffix("KB") {
        (n, 1024.0)
    } else if let Some(n) = upper.strip_suffix('B') {
        (n, 1.0)
    } else {
        (upper.as_str(), 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(n) if n * scale >= 1.0 && n * scale <= max_bytes as f64 => Ok((n * scale) as usize),
        _ => Err(format!("{text:?}: expected a size from 1 byte to {} MB (10MB, 512KB)", max_bytes / (1024 * 1024))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages() {
        assert_eq!(percent("10%"), Ok(0.1));
        assert_eq!(percent("100"), Ok(1.0));
        assert_eq!(percent("0%"), Ok(0.0));
        assert!(percent("101%").unwrap_err().contains("0% to 100%"));
        assert!(percent("-1%").is_err());
        assert!(percent("ten").is_err());
    }

    #[test]
    fn durations() {
        assert_eq!(duration_ms("250ms"), Ok(250));
        assert_eq!(duration_ms("2s"), Ok(2000));
        assert_eq!(duration_ms("1500ms"), Ok(1500));
        assert!(duration_ms("1.5s").is_err(), "the scenario files' syntax: whole numbers");
        assert_eq!(duration_ms("0"), Ok(0));
        assert!(duration_ms("2").unwrap_err().contains("unit"));
        assert!(duration_ms("61s").unwrap_err().contains("0 to 60 s"));
        assert!(duration_ms("-1s").is_err());
    }

    #[test]
    fn sizes() {
        let max = 50 * 1024 * 1024;
        assert_eq!(size_bytes("10MB", max), Ok(10 * 1024 * 1024));
        assert_eq!(size_bytes("512kb", max), Ok(512 * 1024));
        assert_eq!(size_bytes("100", max), Ok(100));
        assert_eq!(size_bytes("100B", max), Ok(100));
        assert!(size_bytes("51MB", max).unwrap_err().contains("to 50 MB"));
        assert!(size_bytes("0", max).is_err());
        assert!(size_bytes("lots", max).is_err());
    }
}
