//! The Utilities and Blob bindings seen from a script: formatDate in several zones,
//! base64, digests and signatures as signed bytes, seeded UUIDs, sleep on the virtual
//! clock, blobs.

use crate::support;

use gas_engine::ExecutionSpec;
use serde_json::json;
use support::*;

#[test]
fn format_date_in_several_zones() {
    let cases = [
        ("UTC", "yyyy-MM-dd HH:mm:ss.SSS z", "2025-06-13 09:05:07.089 UTC"),
        ("Asia/Tokyo", "yyyy-MM-dd HH:mm:ss.SSS z", "2025-06-13 18:05:07.089 JST"),
        ("America/Los_Angeles", "yyyy-MM-dd HH:mm:ss z", "2025-06-13 02:05:07 PDT"),
        ("Europe/Istanbul", "yyyy-MM-dd HH:mm:ss Z", "2025-06-13 12:05:07 +0300"),
        ("Asia/Tokyo", "EEE, d MMM yyyy h:mm a", "Fri, 13 Jun 2025 6:05 PM"),
        ("Australia/Sydney", "EEEE dd/MM/yy HH:mm", "Friday 13/06/25 19:05"),
    ];
    for (zone, pattern, expected) in cases {
        let src = format!(
            "function main() {{ return Utilities.formatDate(new Date(Date.UTC(2025, 5, 13, 9, 5, 7, 89)), '{zone}', '{pattern}'); }}"
        );
        assert_eq!(eval(&src), json!(expected), "{zone} {pattern}");
    }
}

#[test]
fn format_date_with_the_script_zone() {
    let src = "function main() {
      return Utilities.formatDate(new Date(0), Session.getScriptTimeZone(), 'yyyy-MM-dd HH:mm');
    }";
    let got = result(&run_in(&new_world(), "America/New_York", src, "main", START_UTC_MS));
    assert_eq!(got, json!("1969-12-31 19:00"));
}

#[test]
fn base64_round_trips_and_decodes_to_signed_bytes() {
    let got = eval(
        "function main() {
           var encoded = Utilities.base64Encode('hi ü', Utilities.Charset.UTF_8);
           var bytes = Utilities.base64Decode(encoded);
           return [encoded, bytes,
                   Utilities.base64EncodeWebSafe([-5, -1]), Utilities.base64DecodeWebSafe('-_8'),
                   Utilities.base64Encode([104, 105]), Utilities.base64Encode('é')];
         }",
    );
    assert_eq!(got, json!(["aGkgw7w=", [104, 105, 32, -61, -68], "-_8=", [-5, -1], "aGk=", "Pw=="]));
    assert_eq!(thrown("Utilities.base64Decode('a')"), "Exception: Could not decode string.");
}

#[test]
fn compute_digest_returns_signed_bytes() {
    let got = eval(
        "function main() {
           var md5 = Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, 'abc');
           var sha = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, 'abc');
           return [md5, sha.length, sha.slice(0, 4)];
         }",
    );
    // MD5("abc") = 900150983cd24fb0d6963f7d28e17f72; SHA-256("abc") starts ba7816bf.
    assert_eq!(
        got,
        json!([[-112, 1, 80, -104, 60, -46, 79, -80, -42, -106, 63, 125, 40, -31, 127, 114], 32, [-70, 120, 22, -65]])
    );
}

/// gas-platform's digest.rs test key (1,024 bits, made for the tests), as a script holds
/// a service account's `private_key`.
const TEST_KEY_PEM: &str = "-----BEGIN PRIVATE KEY-----\\nMIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBALvc1Cir+JzP6dah\\nA3CPQe98vrRISJ2vXBsH0My1fmzVKoO3db3ZPZ80QLlFneDRJWZlybWGgjqzpDsT\\nqeI4+S/Uo4cosworsIazyMeQ2FdzIjlb2kdk5uNeOoa0Kz+u3Gwvbe4G23/UyyQa\\nXXXtuVMV9L3g0bWT12s61m9CgGmzAgMBAAECgYAGm3i2yX2f/kwKKXWWguNdyfRn\\nINe0/BLwPHEikguVRlYNdellOPvK2qqgGYu4+YIoPNJAWS/BYsoW7dUeyMQy0/D/\\nKngpyAy7Saf06HnK6NjBKEHVWdSzLjfrZOwSYsBKQySlcXs/0My2O3PaANFDHOER\\n5xIM2zPaDn8GcdafSQJBAPUyu1dNSGZhiF0zNIbCKaK93CdSkFzXnvQCBDldW2U2\\nP6VnWTnF4tE2zFiBXmnHJpsJiuwgWNJ2mcGuBqA21H0CQQDEI3wF5Mj3V0kmzNIv\\nqL08flo0h/sKDZmb9z9qULCNUorIkHTNAewV2KSYM6t862ga8KpVNjOiUCFJ8nBP\\n+33vAkEAre+xCbse8tGZRFQAnN+7XWDFfXeKRPIIJhwQFwlsvh1/hLwNhXgk8Dip\\nONd8vBi0ACMC04IWwCW16Likpp5+mQJAeVuTU3o5toC1bGJy8rYvUIzFd5djhtbf\\nYpdbD4cZlneqE2r+OhKkZugC/4GI6+QkJ/cdDVhaHmYCEuUFBRgQ1QJAH+KDr0sQ\\n+nFe3Qx8kF6UjMzWYxDH2whaKAo0g481CmG2x6GhhtfzrmrbFppNkbcSkj+bfGox\\n5gYmr/ZUlSjbAg==\\n-----END PRIVATE KEY-----\\n";

#[test]
fn rsa_signatures_sign_a_jwt_as_openssl_does() {
    let got = eval(&format!(
        "function main() {{
           var key = '{TEST_KEY_PEM}';
           var sig = Utilities.computeRsaSha256Signature('header.payload', key);
           var same = Utilities.computeRsaSignature(Utilities.RsaAlgorithm.RSA_SHA_256, 'header.payload', key);
           var sha1 = Utilities.computeRsaSha1Signature('header.payload', key, Utilities.Charset.UTF_8);
           var bad;
           try {{ Utilities.computeRsaSha256Signature('x', key.replace(/\\n/g, '\\\\n')); }} catch (e) {{ bad = e.message; }}
           return [Utilities.base64EncodeWebSafe(sig), String(same) === String(sig), sha1.length, bad];
         }}"
    ));
    // `openssl dgst -sha256 -sign` of `header.payload`, base64url.
    assert_eq!(got, json!(["sKEJfsysxc4KDc1DBi-9giUXHKH6r3CEFBgAsPwTisX4g5OduJmExxF2KIXhxrNeSazWAVMPBQnfKqKPY5BkM93WmvyZKIsc281KQxSoW-sty6nCao_dmdTukn6SwTBQe1gawKAIlAyC7oBpAyg0grl8OLne-roj9oPQWhylQko=", true, 128, "Invalid argument: key"]));
}

#[test]
fn get_uuid_is_seeded() {
    let src = "function main() { return [Utilities.getUuid(), Utilities.getUuid()]; }";
    let uuids = |seed: u64, exec_id: u64| {
        let spec = ExecutionSpec::new(exec_id, "main", START_UTC_MS, seed);
        result(&run_spec(&new_world(), &project("UTC", src), "UTC", &spec))
    };
    let first = uuids(7, 1);
    assert_eq!(first, uuids(7, 1));
    assert_ne!(first, uuids(8, 1));
    assert_ne!(first, uuids(7, 2));
    let pair: Vec<&str> = first.as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
    assert_ne!(pair[0], pair[1]);
    for uuid in pair {
        let groups: Vec<usize> = uuid.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12], "{uuid}");
        assert_eq!(&uuid[14..15], "4", "version 4: {uuid}");
        assert!("89ab".contains(&uuid[19..20]), "RFC 4122 variant: {uuid}");
        assert!(uuid.chars().all(|c| c == '-' || c.is_ascii_hexdigit() && !c.is_ascii_uppercase()), "{uuid}");
    }
}

#[test]
fn sleep_advances_the_clock_and_has_a_limit() {
    let got = eval("function main() { var t = Date.now(); Utilities.sleep(1500); return Date.now() - t; }");
    assert_eq!(got, json!(1500 + latency_ms("Utilities.sleep")));
    let got = result(&run_frozen(
        &new_world(),
        "function main() { var t = Date.now(); Utilities.sleep(1500); return Date.now() - t; }",
    ));
    assert_eq!(got, json!(1500), "a sleep moves even a frozen clock");
    assert_eq!(thrown("Utilities.sleep(300001)"), "Exception: Argument too large: milliseconds");
    assert_eq!(thrown("Utilities.sleep(300000)"), "no error");
}

#[test]
fn a_sleep_across_six_minutes_is_killed_there_without_catch_or_finally() {
    let world = new_world();
    let src = "function main() {
      LockService.getScriptLock().waitLock(1000);
      try {
        Utilities.sleep(250000);
        console.log('slept once');
        Utilities.sleep(250000);
        console.log('slept twice');
        CacheService.getScriptCache().get('k');
      } catch (e) {
        console.log('catch ' + e);
      } finally {
        console.log('finally');
      }
    }";
    let report = run_in(&world, "UTC", src, "main", START_UTC_MS);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time");
    // The platform kills at 6 minutes, during the second sleep: nothing after it runs,
    // and the execution ends at the deadline, not when the sleep would have.
    assert_eq!(logs(&report), ["slept once"]);
    assert_eq!(report.end_utc_ms - report.start_utc_ms, 360_000);
    let last = report.calls.items.last().unwrap();
    assert_eq!(
        (last.method.as_str(), last.outcome.as_str()),
        ("Utilities.sleep", "killed: Exceeded maximum execution time")
    );
    assert_eq!(state(&world).locks.script, None);
}

#[test]
fn a_lock_wait_across_six_minutes_is_killed_at_the_deadline() {
    let world = new_world();
    // Another execution holds the script lock for the next ten minutes.
    world.lock().unwrap().locks.script =
        Some(gas_platform::lock::LockHolder::Outside { until_utc_ms: START_UTC_MS + 600_000 });
    let src = "function main() {
      Utilities.sleep(200000);
      try { LockService.getScriptLock().waitLock(300000); } finally { console.log('finally'); }
    }";
    let report = run_in(&world, "UTC", src, "main", START_UTC_MS);
    assert_eq!(killed_reason(&report), "Exceeded maximum execution time");
    assert_eq!(logs(&report), Vec::<String>::new());
    assert_eq!(report.end_utc_ms - report.start_utc_ms, 360_000);
}

#[test]
fn blobs_hold_bytes_type_and_name() {
    let got = eval(
        "function main() {
           var blob = Utilities.newBlob('héllo', 'text/plain', 'a.txt');
           var copy = blob.copyBlob().setName('b.txt');
           return [blob.getBytes(), blob.getContentType(), blob.getName(), copy.getName(),
                   Utilities.newBlob([104, 105]).getBytes(), Utilities.newBlob('x').getContentType()];
         }",
    );
    // A string blob is text/plain without a type given (observed; gas-sim said null before).
    assert_eq!(got, json!([[104, -61, -87, 108, 108, 111], "text/plain", "a.txt", "b.txt", [104, 105], "text/plain"]));
}

#[test]
fn blob_data_as_string_decodes_its_bytes() {
    let got = eval(
        "function main() {
           var bytes = Utilities.base64Decode(Utilities.base64Encode('hi ü', Utilities.Charset.UTF_8));
           return [Utilities.newBlob('héllo').getDataAsString(), Utilities.newBlob(bytes).getDataAsString()];
         }",
    );
    assert_eq!(got, json!(["héllo", "hi ü"]));
}

#[test]
fn the_deprecated_json_methods_are_the_json_builtin() {
    let got = eval(
        "function main() {
           return [Utilities.jsonParse('{\"a\":[1,2]}').a[1], Utilities.jsonStringify({ b: [1, 'x'], c: undefined })];
         }",
    );
    assert_eq!(got, json!([2, "{\"b\":[1,\"x\"]}"]));
    assert!(thrown("Utilities.jsonParse('{')").starts_with("SyntaxError"), "{}", thrown("Utilities.jsonParse('{')"));
}
