//! Texts scripts log, in V8's words (vendored boa patches 0018 and 0034): `String(new Date())` with
//! V8's zone name, and `JSON.parse`'s errors. Every expected value was read off Node
//! v20.20.2 (V8 11.3, ICU 78.2, CLDR 48): `TZ=<zone> node -p '<js>'`; rows using the
//! clock ran `new Date(1710063000000)`.

use gas_engine::zone::eval_in_zone;

/// 2024-03-10T09:30:00Z.
const NOW: i64 = 1_710_063_000_000;

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

#[test]
fn date_strings_end_with_v8_s_zone_name() {
    let rows: Vec<(String, String, String)> = serde_json::from_str(ROWS).unwrap();
    let cases: Vec<(&str, &str, &str)> = rows.iter().map(|(z, s, e)| (z.as_str(), s.as_str(), e.as_str())).collect();
    check(&cases);
    // A parsed toString keeps its instant (the name in parentheses is ignored).
    let round_trip = "String(new Date(String(new Date(Date.UTC(2024, 6, 9, 10)))).getTime())";
    check(&[("America/Los_Angeles", round_trip, "1720519200000")]);
}

/// `[zone, source, node's output]` (see the module's comment).
const ROWS: &str = r#"[
  ["UTC","String(new Date(Date.UTC(2024, 0, 15, 10)))","Mon Jan 15 2024 10:00:00 GMT+0000 (Coordinated Universal Time)"],
  ["UTC","String(new Date(Date.UTC(2024, 6, 9, 10)))","Tue Jul 09 2024 10:00:00 GMT+0000 (Coordinated Universal Time)"],
  ["UTC","new Date(Date.UTC(2024, 6, 9, 10)).toTimeString()","10:00:00 GMT+0000 (Coordinated Universal Time)"],
  ["UTC","Date()","Sun Mar 10 2024 09:30:00 GMT+0000 (Coordinated Universal Time)"],
  ["UTC","String(new Date(Date.UTC(1990, 6, 1)))","Sun Jul 01 1990 00:00:00 GMT+0000 (Coordinated Universal Time)"],
  ["UTC","String(new Date(Date.UTC(2024, 2, 10, 10)))","Sun Mar 10 2024 10:00:00 GMT+0000 (Coordinated Universal Time)"],
  ["Europe/Istanbul","String(new Date(Date.UTC(2024, 0, 15, 10)))","Mon Jan 15 2024 13:00:00 GMT+0300 (Türkiye Standard Time)"],
  ["Europe/Istanbul","String(new Date(Date.UTC(2024, 6, 9, 10)))","Tue Jul 09 2024 13:00:00 GMT+0300 (Türkiye Standard Time)"],
  ["Europe/Istanbul","new Date(Date.UTC(2024, 6, 9, 10)).toTimeString()","13:00:00 GMT+0300 (Türkiye Standard Time)"],
  ["Europe/Istanbul","Date()","Sun Mar 10 2024 12:30:00 GMT+0300 (Türkiye Standard Time)"],
  ["Europe/Istanbul","String(new Date(Date.UTC(1990, 6, 1)))","Sun Jul 01 1990 03:00:00 GMT+0300 (Türkiye Summer Time)"],
  ["Europe/Istanbul","String(new Date(Date.UTC(2024, 2, 10, 10)))","Sun Mar 10 2024 13:00:00 GMT+0300 (Türkiye Standard Time)"],
  ["America/Los_Angeles","String(new Date(Date.UTC(2024, 0, 15, 10)))","Mon Jan 15 2024 02:00:00 GMT-0800 (Pacific Standard Time)"],
  ["America/Los_Angeles","String(new Date(Date.UTC(2024, 6, 9, 10)))","Tue Jul 09 2024 03:00:00 GMT-0700 (Pacific Daylight Time)"],
  ["America/Los_Angeles","new Date(Date.UTC(2024, 6, 9, 10)).toTimeString()","03:00:00 GMT-0700 (Pacific Daylight Time)"],
  ["America/Los_Angeles","Date()","Sun Mar 10 2024 01:30:00 GMT-0800 (Pacific Standard Time)"],
  ["America/Los_Angeles","String(new Date(Date.UTC(1990, 6, 1)))","Sat Jun 30 1990 17:00:00 GMT-0700 (Pacific Daylight Time)"],
  ["America/Los_Angeles","String(new Date(Date.UTC(2024, 2, 10, 10)))","Sun Mar 10 2024 03:00:00 GMT-0700 (Pacific Daylight Time)"],
  ["Asia/Tokyo","String(new Date(Date.UTC(2024, 0, 15, 10)))","Mon Jan 15 2024 19:00:00 GMT+0900 (Japan Standard Time)"],
  ["Asia/Tokyo","String(new Date(Date.UTC(2024, 6, 9, 10)))","Tue Jul 09 2024 19:00:00 GMT+0900 (Japan Standard Time)"],
  ["Asia/Tokyo","new Date(Date.UTC(2024, 6, 9, 10)).toTimeString()","19:00:00 GMT+0900 (Japan Standard Time)"],
  ["Asia/Tokyo","Date()","Sun Mar 10 2024 18:30:00 GMT+0900 (Japan Standard Time)"],
  ["Asia/Tokyo","String(new Date(Date.UTC(1990, 6, 1)))","Sun Jul 01 1990 09:00:00 GMT+0900 (Japan Standard Time)"],
  ["Asia/Tokyo","String(new Date(Date.UTC(2024, 2, 10, 10)))","Sun Mar 10 2024 19:00:00 GMT+0900 (Japan Standard Time)"],
  ["Europe/London","String(new Date(Date.UTC(2024, 0, 15, 10)))","Mon Jan 15 2024 10:00:00 GMT+0000 (Greenwich Mean Time)"],
  ["Europe/London","String(new Date(Date.UTC(2024, 6, 9, 10)))","Tue Jul 09 2024 11:00:00 GMT+0100 (British Summer Time)"],
  ["Europe/London","new Date(Date.UTC(2024, 6, 9, 10)).toTimeString()","11:00:00 GMT+0100 (British Summer Time)"],
  ["Europe/London","Date()","Sun Mar 10 2024 09:30:00 GMT+0000 (Greenwich Mean Time)"],
  ["Europe/London","String(new Date(Date.UTC(1990, 6, 1)))","Sun Jul 01 1990 01:00:00 GMT+0100 (British Summer Time)"],
  ["Europe/London","String(new Date(Date.UTC(2024, 2, 10, 10)))","Sun Mar 10 2024 10:00:00 GMT+0000 (Greenwich Mean Time)"],
  ["Europe/Dublin","String(new Date(Date.UTC(2024, 0, 15, 10)))","Mon Jan 15 2024 10:00:00 GMT+0000 (Greenwich Mean Time)"],
  ["Europe/Dublin","String(new Date(Date.UTC(2024, 6, 9, 10)))","Tue Jul 09 2024 11:00:00 GMT+0100 (Irish Standard Time)"],
  ["Europe/Dublin","new Date(Date.UTC(2024, 6, 9, 10)).toTimeString()","11:00:00 GMT+0100 (Irish Standard Time)"],
  ["Europe/Dublin","Date()","Sun Mar 10 2024 09:30:00 GMT+0000 (Greenwich Mean Time)"],
  ["Europe/Dublin","String(new Date(Date.UTC(1990, 6, 1)))","Sun Jul 01 1990 01:00:00 GMT+0100 (Irish Standard Time)"],
  ["Europe/Dublin","String(new Date(Date.UTC(2024, 2, 10, 10)))","Sun Mar 10 2024 10:00:00 GMT+0000 (Greenwich Mean Time)"],
  ["Australia/Sydney","String(new Date(Date.UTC(2024, 0, 15, 10)))","Mon Jan 15 2024 21:00:00 GMT+1100 (Australian Eastern Daylight Time)"],
  ["Australia/Sydney","String(new Date(Date.UTC(2024, 6, 9, 10)))","Tue Jul 09 2024 20:00:00 GMT+1000 (Australian Eastern Standard Time)"],
  ["Australia/Sydney","new Date(Date.UTC(2024, 6, 9, 10)).toTimeString()","20:00:00 GMT+1000 (Australian Eastern Standard Time)"],
  ["Australia/Sydney","Date()","Sun Mar 10 2024 20:30:00 GMT+1100 (Australian Eastern Daylight Time)"],
  ["Australia/Sydney","String(new Date(Date.UTC(1990, 6, 1)))","Sun Jul 01 1990 10:00:00 GMT+1000 (Australian Eastern Standard Time)"],
  ["Australia/Sydney","String(new Date(Date.UTC(2024, 2, 10, 10)))","Sun Mar 10 2024 21:00:00 GMT+1100 (Australian Eastern Daylight Time)"]
]"#;

#[test]
#[rustfmt::skip]
fn json_parse_errors_are_v8_s() {
    let cases: &[(&str, &str)] = &[
        ("<html>", "SyntaxError: Unexpected token '<', \"<html>\" is not valid JSON"),
        ("", "SyntaxError: Unexpected end of JSON input"),
        (" ", "SyntaxError: Unexpected end of JSON input"),
        ("{\"a\":1} x", "SyntaxError: Unexpected non-whitespace character after JSON at position 8"),
        ("tru", "SyntaxError: Unexpected end of JSON input"),
        ("true x", "SyntaxError: Unexpected non-whitespace character after JSON at position 5"),
        ("{", "SyntaxError: Expected property name or '}' in JSON at position 1"),
        ("{a:1}", "SyntaxError: Expected property name or '}' in JSON at position 1"),
        ("[1,]", "SyntaxError: Unexpected token ']', \"[1,]\" is not valid JSON"),
        ("[1,2", "SyntaxError: Expected ',' or ']' after array element in JSON at position 4"),
        ("{\"a\":1,}", "SyntaxError: Expected double-quoted property name in JSON at position 7"),
        ("{\"a\" 1}", "SyntaxError: Expected ':' after property name in JSON at position 5"),
        ("{\"a\":}", "SyntaxError: Unexpected token '}', \"{\"a\":}\" is not valid JSON"),
        ("\"abc", "SyntaxError: Unterminated string in JSON at position 4"),
        ("\"a\\x\"", "SyntaxError: Bad escaped character in JSON at position 3"),
        ("01", "SyntaxError: Unexpected number in JSON at position 1"),
        ("1.", "SyntaxError: Unterminated fractional number in JSON at position 2"),
        ("-", "SyntaxError: No number after minus sign in JSON at position 1"),
        ("undefined", "SyntaxError: \"undefined\" is not valid JSON"),
        ("NaN", "SyntaxError: \"NaN\" is not valid JSON"),
        ("[1 2]", "SyntaxError: Expected ',' or ']' after array element in JSON at position 3"),
        ("{\"a\":1 \"b\":2}", "SyntaxError: Expected ',' or '}' after property value in JSON at position 7"),
        ("\"\u{0001}\"", "SyntaxError: Bad control character in string literal in JSON at position 1"),
        ("1e", "SyntaxError: Exponent part is missing a number in JSON at position 2"),
        ("{\"a\":1", "SyntaxError: Expected ',' or '}' after property value in JSON at position 6"),
        ("\"\\u12\"", "SyntaxError: Bad Unicode escape in JSON at position 5"),
        ("abc", "SyntaxError: Unexpected token 'a', \"abc\" is not valid JSON"),
        ("{\"a\":1,\"b\"}", "SyntaxError: Unexpected token '}', \"{\"a\":1,\"b\"}\" is not valid JSON"),
        ("[,1]", "SyntaxError: Unexpected token ',', \"[,1]\" is not valid JSON"),
        ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "SyntaxError: Unexpected token 'x', \"xxxxxxxxxx\"... is not valid JSON"),
        ("<!DOCTYPE html><html><head><title>Error 502</title></head></html>", "SyntaxError: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON"),
        ("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,x]", "SyntaxError: Unexpected token 'x', ...\",16,17,18,x]\" is not valid JSON"),
        ("[1,2,3,4,5,6,7,8,9,10,11,]", "SyntaxError: Unexpected token ']', ...\"8,9,10,11,]\" is not valid JSON"),
        ("t\"", "SyntaxError: Unexpected string in JSON at position 1"),
        ("t1", "SyntaxError: Unexpected number in JSON at position 1"),
        ("\"\\", "SyntaxError: Unexpected end of JSON input"),
        ("{\n\"a\":1,\n}", "SyntaxError: Expected double-quoted property name in JSON at position 9"),
        ("[1,\n2,\n]", "SyntaxError: Unexpected token ']', \"[1,\n2,\n]\" is not valid JSON"),
        ("-01", "SyntaxError: Unexpected number in JSON at position 2"),
        ("[-]", "SyntaxError: No number after minus sign in JSON at position 2"),
        ("\"é\" x", "SyntaxError: Unexpected non-whitespace character after JSON at position 4"),
        ("{\"é\":1 x}", "SyntaxError: Expected ',' or '}' after property value in JSON at position 7"),
        ("[object Object]", "SyntaxError: \"[object Object]\" is not valid JSON"),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|&(text, expected)| {
            let literal = serde_json::to_string(text).unwrap();
            let source = format!("(() => {{ try {{ JSON.parse({literal}); return 'ok'; }} catch (e) {{ return e.name + ': ' + e.message; }} }})()");
            let actual = eval_in_zone("UTC", NOW, &source);
            (actual.as_deref() != Ok(expected)).then(|| format!("{text:?}\n    expected {expected:?}, got {actual:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} of {} differ from node:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn json_that_v8_accepts_still_parses() {
    let cases = [
        (
            r#"JSON.stringify(JSON.parse(' {"a" : [1, -2.5e3, true, null, "x\\u0041"]} '))"#,
            r#"{"a":[1,-2500,true,null,"xA"]}"#,
        ),
        // serde_json refuses these; V8 gives Infinity and a lone surrogate.
        ("String(JSON.parse('1e400'))", "Infinity"),
        (r#"JSON.parse('"\\ud800"').length"#, "1"),
        ("JSON.parse('['.repeat(200) + ']'.repeat(200)).length", "1"),
    ];
    let rows: Vec<(&str, &str, &str)> = cases.iter().map(|(s, e)| ("UTC", *s, *e)).collect();
    check(&rows);
}

/// Vendored boa patch 0034; Node 20: `node -e 'const x = 1; try { x = 2 } catch (e) { console.log(String(e)) }'`.
#[test]
fn assigning_to_a_constant_is_v8_s_type_error() {
    for body in [
        "const x = 1; x = 2",
        "const x = 1; x += 1",
        "const x = 1; x++",
        "for (const i of [1]) { i = 2; }",
        "(function f() { 'use strict'; f = 1; })()",
    ] {
        assert_eq!(crate::support::thrown(body), "TypeError: Assignment to constant variable.", "{body}");
    }
}
