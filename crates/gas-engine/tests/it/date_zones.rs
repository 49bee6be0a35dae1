//! Date behaviour in several time zones, compared with V8.
//!
//! Every expected value was obtained once from node v20.20.2 by running the command in
//! the comment above its row, e.g. `TZ=America/Los_Angeles node -p '<js>'`. Rows using
//! the clock (`new Date()`, `Date()`) ran `new Date(1710063000000)` in node instead.
//! `toString`-like outputs are compared without V8's ` (Zone Name)` suffix here; the
//! names are checked in v8_texts.rs (vendored boa patch 0018).

use gas_engine::zone::eval_in_zone;

const LA: &str = "America/Los_Angeles";
const BER: &str = "Europe/Berlin";
const IST: &str = "Europe/Istanbul";
const TYO: &str = "Asia/Tokyo";
const UTC: &str = "UTC";

/// 2024-03-10T09:30:00Z: 01:30 in Los Angeles, half an hour before its DST gap.
const NOW: i64 = 1_710_063_000_000;

/// Evaluates each `(zone, source, expected)` row and reports all mismatches at once.
fn check(cases: &[(&str, &str, &str)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|&(zone, source, expected)| {
            let actual = eval_in_zone(zone, NOW, source);
            (actual.as_deref() != Ok(expected))
                .then(|| format!("[{zone}] {source}\n    expected {expected:?}, got {actual:?}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} rows differ from node:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Around 2024-03-10 02:00 PST -> 03:00 PDT and 2024-11-03 02:00 PDT -> 01:00 PST.
#[rustfmt::skip]
const LOS_ANGELES: &[(&str, &str, &str)] = &[
    // TZ=America/Los_Angeles node -p 'new Date(2024, 2, 10, 2, 30).toISOString()'
    (LA, "new Date(2024, 2, 10, 2, 30).toISOString()", "2024-03-10T10:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date(2024, 2, 10, 2, 30).getHours()'
    (LA, "new Date(2024, 2, 10, 2, 30).getHours()", "3"),
    // TZ=America/Los_Angeles node -p 'String(new Date(2024, 2, 10, 2, 30)).split(" (")[0]'
    (LA, r#"String(new Date(2024, 2, 10, 2, 30)).split(" (")[0]"#, "Sun Mar 10 2024 03:30:00 GMT-0700"),
    // TZ=America/Los_Angeles node -p 'new Date(2024, 2, 10, 1, 59).getTimezoneOffset()'
    (LA, "new Date(2024, 2, 10, 1, 59).getTimezoneOffset()", "480"),
    // TZ=America/Los_Angeles node -p 'new Date(2024, 2, 10, 3, 0).getTimezoneOffset()'
    (LA, "new Date(2024, 2, 10, 3, 0).getTimezoneOffset()", "420"),
    // TZ=America/Los_Angeles node -p 'new Date(2024, 2, 10, 5, 0).getHours()'
    (LA, "new Date(2024, 2, 10, 5, 0).getHours()", "5"),
    // TZ=America/Los_Angeles node -p 'new Date(Date.UTC(2024, 2, 10, 9, 59)).toTimeString().split(" (")[0]'
    (LA, r#"new Date(Date.UTC(2024, 2, 10, 9, 59)).toTimeString().split(" (")[0]"#, "01:59:00 GMT-0800"),
    // TZ=America/Los_Angeles node -p 'new Date(Date.UTC(2024, 2, 10, 10, 30)).toTimeString().split(" (")[0]'
    (LA, r#"new Date(Date.UTC(2024, 2, 10, 10, 30)).toTimeString().split(" (")[0]"#, "03:30:00 GMT-0700"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(2024, 2, 10); d.setHours(2, 30); d.toISOString()'
    (LA, "var d = new Date(2024, 2, 10); d.setHours(2, 30); d.toISOString()", "2024-03-10T10:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(2024, 2, 9, 2, 30); d.setDate(10); d.getHours()'
    (LA, "var d = new Date(2024, 2, 9, 2, 30); d.setDate(10); d.getHours()", "3"),
    // TZ=America/Los_Angeles node -p 'new Date(2024, 10, 3, 1, 30).toISOString()'
    (LA, "new Date(2024, 10, 3, 1, 30).toISOString()", "2024-11-03T08:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date(2024, 10, 3, 1, 30).getTimezoneOffset()'
    (LA, "new Date(2024, 10, 3, 1, 30).getTimezoneOffset()", "420"),
    // TZ=America/Los_Angeles node -p 'String(new Date(2024, 10, 3, 1, 30)).split(" (")[0]'
    (LA, r#"String(new Date(2024, 10, 3, 1, 30)).split(" (")[0]"#, "Sun Nov 03 2024 01:30:00 GMT-0700"),
    // TZ=America/Los_Angeles node -p 'String(new Date(Date.UTC(2024, 10, 3, 9, 30))).split(" (")[0]'
    (LA, r#"String(new Date(Date.UTC(2024, 10, 3, 9, 30))).split(" (")[0]"#, "Sun Nov 03 2024 01:30:00 GMT-0800"),
    // TZ=America/Los_Angeles node -p 'new Date(Date.UTC(2024, 10, 3, 9, 30)).getHours()'
    (LA, "new Date(Date.UTC(2024, 10, 3, 9, 30)).getHours()", "1"),
    // TZ=America/Los_Angeles node -p 'new Date(2024, 10, 3, 2, 0).toISOString()'
    (LA, "new Date(2024, 10, 3, 2, 0).toISOString()", "2024-11-03T10:00:00.000Z"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(2024, 10, 3, 12); d.setHours(1, 30); d.toISOString()'
    (LA, "var d = new Date(2024, 10, 3, 12); d.setHours(1, 30); d.toISOString()", "2024-11-03T08:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(Date.UTC(2024, 10, 3, 9, 30)); d.setMinutes(45); d.toISOString()'
    (LA, "var d = new Date(Date.UTC(2024, 10, 3, 9, 30)); d.setMinutes(45); d.toISOString()", "2024-11-03T08:45:00.000Z"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(Date.UTC(2024, 10, 3, 9, 30)); d.setUTCMinutes(45); d.getHours()'
    (LA, "var d = new Date(Date.UTC(2024, 10, 3, 9, 30)); d.setUTCMinutes(45); d.getHours()", "1"),
    // TZ=America/Los_Angeles node -p 'new Date(1710063000000).getHours()'
    (LA, "new Date().getHours()", "1"),
    // TZ=America/Los_Angeles node -p 'String(new Date(1710063000000)).split(" (")[0]'
    (LA, r#"String(new Date()).split(" (")[0]"#, "Sun Mar 10 2024 01:30:00 GMT-0800"),
    // TZ=America/Los_Angeles node -p 'new Date(1710063000000).toString().split(" (")[0]'
    (LA, r#"Date().split(" (")[0]"#, "Sun Mar 10 2024 01:30:00 GMT-0800"),
];

/// Around 2024-03-31 02:00 CET -> 03:00 CEST and 2024-10-27 03:00 CEST -> 02:00 CET,
/// and DST after 2099 (beyond chrono-tz's transition table).
#[rustfmt::skip]
const BERLIN: &[(&str, &str, &str)] = &[
    // TZ=Europe/Berlin node -p 'new Date(2024, 2, 31, 1, 30).toISOString()'
    (BER, "new Date(2024, 2, 31, 1, 30).toISOString()", "2024-03-31T00:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date(2024, 2, 31, 2, 30).toISOString()'
    (BER, "new Date(2024, 2, 31, 2, 30).toISOString()", "2024-03-31T01:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date(2024, 2, 31, 2, 30).getHours()'
    (BER, "new Date(2024, 2, 31, 2, 30).getHours()", "3"),
    // TZ=Europe/Berlin node -p 'new Date(2024, 2, 31, 3, 30).toISOString()'
    (BER, "new Date(2024, 2, 31, 3, 30).toISOString()", "2024-03-31T01:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'String(new Date(Date.UTC(2024, 2, 31, 0, 30))).split(" (")[0]'
    (BER, r#"String(new Date(Date.UTC(2024, 2, 31, 0, 30))).split(" (")[0]"#, "Sun Mar 31 2024 01:30:00 GMT+0100"),
    // TZ=Europe/Berlin node -p 'String(new Date(Date.UTC(2024, 2, 31, 1, 30))).split(" (")[0]'
    (BER, r#"String(new Date(Date.UTC(2024, 2, 31, 1, 30))).split(" (")[0]"#, "Sun Mar 31 2024 03:30:00 GMT+0200"),
    // TZ=Europe/Berlin node -p 'var d = new Date(2024, 2, 31); d.setHours(2, 30); d.toISOString()'
    (BER, "var d = new Date(2024, 2, 31); d.setHours(2, 30); d.toISOString()", "2024-03-31T01:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date(2024, 9, 27, 2, 30).toISOString()'
    (BER, "new Date(2024, 9, 27, 2, 30).toISOString()", "2024-10-27T00:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date(2024, 9, 27, 2, 30).getTimezoneOffset()'
    (BER, "new Date(2024, 9, 27, 2, 30).getTimezoneOffset()", "-120"),
    // TZ=Europe/Berlin node -p 'new Date(2024, 9, 27, 3, 0).getTimezoneOffset()'
    (BER, "new Date(2024, 9, 27, 3, 0).getTimezoneOffset()", "-60"),
    // TZ=Europe/Berlin node -p 'String(new Date(Date.UTC(2024, 9, 27, 1, 30))).split(" (")[0]'
    (BER, r#"String(new Date(Date.UTC(2024, 9, 27, 1, 30))).split(" (")[0]"#, "Sun Oct 27 2024 02:30:00 GMT+0100"),
    // TZ=Europe/Berlin node -p 'var d = new Date(2024, 9, 27, 12); d.setHours(2, 30); d.toISOString()'
    (BER, "var d = new Date(2024, 9, 27, 12); d.setHours(2, 30); d.toISOString()", "2024-10-27T00:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date("2024-03-31 02:30").toISOString()'
    (BER, r#"new Date("2024-03-31 02:30").toISOString()"#, "2024-03-31T01:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date("2024-10-27 02:30").toISOString()'
    (BER, r#"new Date("2024-10-27 02:30").toISOString()"#, "2024-10-27T00:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date("Sun Mar 31 2024 03:30:00 GMT+0200 (Mitteleuropäische Sommerzeit)").toISOString()'
    (BER, r#"new Date("Sun Mar 31 2024 03:30:00 GMT+0200 (Mitteleuropäische Sommerzeit)").toISOString()"#, "2024-03-31T01:30:00.000Z"),
    // TZ=Europe/Berlin node -p 'new Date(2100, 6, 1).getTimezoneOffset()'
    (BER, "new Date(2100, 6, 1).getTimezoneOffset()", "-120"),
    // TZ=Europe/Berlin node -p 'new Date(2100, 2, 28, 2, 30).toISOString()'
    (BER, "new Date(2100, 2, 28, 2, 30).toISOString()", "2100-03-28T01:30:00.000Z"),
];

/// Istanbul (+03 since 2016, DST before), Tokyo (DST in 1948-1951) and UTC.
#[rustfmt::skip]
const OTHER_ZONES: &[(&str, &str, &str)] = &[
    // TZ=Europe/Istanbul node -p 'new Date(2024, 2, 10, 2, 30).toISOString()'
    (IST, "new Date(2024, 2, 10, 2, 30).toISOString()", "2024-03-09T23:30:00.000Z"),
    // TZ=Europe/Istanbul node -p 'new Date(2024, 0, 1).getTimezoneOffset()'
    (IST, "new Date(2024, 0, 1).getTimezoneOffset()", "-180"),
    // TZ=Europe/Istanbul node -p 'String(new Date(Date.UTC(2024, 6, 1, 12))).split(" (")[0]'
    (IST, r#"String(new Date(Date.UTC(2024, 6, 1, 12))).split(" (")[0]"#, "Mon Jul 01 2024 15:00:00 GMT+0300"),
    // TZ=Europe/Istanbul node -p 'new Date(2015, 0, 1).getTimezoneOffset()'
    (IST, "new Date(2015, 0, 1).getTimezoneOffset()", "-120"),
    // TZ=Europe/Istanbul node -p 'new Date(2015, 6, 1).getTimezoneOffset()'
    (IST, "new Date(2015, 6, 1).getTimezoneOffset()", "-180"),
    // TZ=Europe/Istanbul node -p 'new Date("2024-03-10 10:30").toISOString()'
    (IST, r#"new Date("2024-03-10 10:30").toISOString()"#, "2024-03-10T07:30:00.000Z"),
    // TZ=Asia/Tokyo node -p 'new Date(2024, 2, 10, 2, 30).toISOString()'
    (TYO, "new Date(2024, 2, 10, 2, 30).toISOString()", "2024-03-09T17:30:00.000Z"),
    // TZ=Asia/Tokyo node -p 'String(new Date(0)).split(" (")[0]'
    (TYO, r#"String(new Date(0)).split(" (")[0]"#, "Thu Jan 01 1970 09:00:00 GMT+0900"),
    // TZ=Asia/Tokyo node -p 'new Date(1949, 6, 1).getTimezoneOffset()'
    (TYO, "new Date(1949, 6, 1).getTimezoneOffset()", "-600"),
    // TZ=Asia/Tokyo node -p 'new Date("March 10, 2024 10:30:00").toISOString()'
    (TYO, r#"new Date("March 10, 2024 10:30:00").toISOString()"#, "2024-03-10T01:30:00.000Z"),
    // TZ=UTC node -p 'String(new Date(2024, 2, 10, 2, 30)).split(" (")[0]'
    (UTC, r#"String(new Date(2024, 2, 10, 2, 30)).split(" (")[0]"#, "Sun Mar 10 2024 02:30:00 GMT+0000"),
    // TZ=UTC node -p 'new Date(2024, 2, 10, 2, 30).getTimezoneOffset()'
    (UTC, "new Date(2024, 2, 10, 2, 30).getTimezoneOffset()", "0"),
    // TZ=UTC node -p 'new Date("March 10, 2024 10:30:00").toISOString()'
    (UTC, r#"new Date("March 10, 2024 10:30:00").toISOString()"#, "2024-03-10T10:30:00.000Z"),
];

/// Date strings V8 accepts (legacy formats without an offset are local time;
/// ISO date-only forms are UTC), round trips of `toString`/`toUTCString`, and rejections.
#[rustfmt::skip]
const PARSING: &[(&str, &str, &str)] = &[
    // TZ=America/Los_Angeles node -p 'new Date("2024/03/10").toISOString()'
    (LA, r#"new Date("2024/03/10").toISOString()"#, "2024-03-10T08:00:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("March 10, 2024 10:30:00").toISOString()'
    (LA, r#"new Date("March 10, 2024 10:30:00").toISOString()"#, "2024-03-10T17:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024/03/10 10:30").toISOString()'
    (LA, r#"new Date("2024/03/10 10:30").toISOString()"#, "2024-03-10T17:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("Mar 10 2024").toISOString()'
    (LA, r#"new Date("Mar 10 2024").toISOString()"#, "2024-03-10T08:00:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("10 March 2024").toISOString()'
    (LA, r#"new Date("10 March 2024").toISOString()"#, "2024-03-10T08:00:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("Sun Mar 10 2024 10:30:00 GMT-0700 (Pacific Daylight Time)").toISOString()'
    (LA, r#"new Date("Sun Mar 10 2024 10:30:00 GMT-0700 (Pacific Daylight Time)").toISOString()"#, "2024-03-10T17:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-03-10 10:30:00").toISOString()'
    (LA, r#"new Date("2024-03-10 10:30:00").toISOString()"#, "2024-03-10T17:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-03-10").toISOString()'
    (LA, r#"new Date("2024-03-10").toISOString()"#, "2024-03-10T00:00:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-03-10T10:30").toISOString()'
    (LA, r#"new Date("2024-03-10T10:30").toISOString()"#, "2024-03-10T17:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-03-10T10:30:00Z").toISOString()'
    (LA, r#"new Date("2024-03-10T10:30:00Z").toISOString()"#, "2024-03-10T10:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-03-10T10:30:00.123456Z").toISOString()'
    (LA, r#"new Date("2024-03-10T10:30:00.123456Z").toISOString()"#, "2024-03-10T10:30:00.123Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-03-10T10:30:00+0530").toISOString()'
    (LA, r#"new Date("2024-03-10T10:30:00+0530").toISOString()"#, "2024-03-10T05:00:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-03-10 02:30").toISOString()'
    (LA, r#"new Date("2024-03-10 02:30").toISOString()"#, "2024-03-10T10:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("2024-11-03 01:30").toISOString()'
    (LA, r#"new Date("2024-11-03 01:30").toISOString()"#, "2024-11-03T08:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("3/10/2024 2:30 PM").toISOString()'
    (LA, r#"new Date("3/10/2024 2:30 PM").toISOString()"#, "2024-03-10T21:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("Mar 10 2024 10:30 PDT").toISOString()'
    (LA, r#"new Date("Mar 10 2024 10:30 PDT").toISOString()"#, "2024-03-10T17:30:00.000Z"),
    // TZ=America/Los_Angeles node -p 'new Date("Thu, 01 Jan 1970 00:00:00 GMT").getTime()'
    (LA, r#"new Date("Thu, 01 Jan 1970 00:00:00 GMT").getTime()"#, "0"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(2024, 10, 3, 1, 30); Date.parse(String(d)) === d.getTime()'
    (LA, "var d = new Date(2024, 10, 3, 1, 30); Date.parse(String(d)) === d.getTime()", "true"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(Date.UTC(2024, 10, 3, 9, 30)); Date.parse(String(d)) === d.getTime()'
    (LA, "var d = new Date(Date.UTC(2024, 10, 3, 9, 30)); Date.parse(String(d)) === d.getTime()", "true"),
    // TZ=America/Los_Angeles node -p 'var d = new Date(2024, 2, 10, 12, 34, 56); Date.parse(d.toUTCString()) === d.getTime()'
    (LA, "var d = new Date(2024, 2, 10, 12, 34, 56); Date.parse(d.toUTCString()) === d.getTime()", "true"),
    // TZ=America/Los_Angeles node -p 'Date.parse("not a date")'
    (LA, r#"Date.parse("not a date")"#, "NaN"),
    // TZ=America/Los_Angeles node -p 'Date.parse("2024-03-10T10:30:00+01")'
    (LA, r#"Date.parse("2024-03-10T10:30:00+01")"#, "NaN"),
    // TZ=America/Los_Angeles node -p 'String(new Date("31.03.2024"))'
    (LA, r#"String(new Date("31.03.2024"))"#, "Invalid Date"),
];

#[test]
fn los_angeles() {
    check(LOS_ANGELES);
}

#[test]
fn berlin() {
    check(BERLIN);
}

#[test]
fn other_zones() {
    check(OTHER_ZONES);
}

#[test]
fn parsing() {
    check(PARSING);
}

#[test]
fn errors_are_reported() {
    assert!(eval_in_zone("Mars/Olympus_Mons", NOW, "1").is_err());
    assert!(eval_in_zone("UTC", NOW, "null.x").is_err());
}
