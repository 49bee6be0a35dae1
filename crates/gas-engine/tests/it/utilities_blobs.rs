//! Blobs and what Utilities makes of them, seen from a script: newBlob's default type,
//! every Blob method, parseCsv, zip/unzip and gzip/ungzip (round trips and headers, not
//! Google's exact archive bytes), and blobs crossing from UrlFetchApp.

use crate::support;

use std::collections::BTreeMap;

use gas_platform::urlfetch::HttpRule;
use serde_json::json;
use support::*;

#[test]
fn new_blob_types_names_and_bytes() {
    let got = eval(
        "function main() {
           var s = Utilities.newBlob('foo is not bar');
           var b = Utilities.newBlob([104, 200, -1]);
           var n = Utilities.newBlob('x', 'text/csv', 'a.csv');
           return [s.getContentType(), s.getName(), s.getBytes().length, b.getContentType(), b.getBytes(),
                   n.getContentType(), n.getName(), Utilities.newBlob('x', null).getContentType(), String(s)];
         }",
    );
    // A string blob is text/plain (observed); a byte blob has no type; bytes wrap as Java's.
    assert_eq!(got, json!(["text/plain", null, 14, null, [104, -56, -1], "text/csv", "a.csv", null, "Blob"]));
    assert_eq!(
        thrown("Utilities.newBlob(5)"),
        "Exception: The parameters (number) don't match the method signature for Utilities.newBlob."
    );
    assert_eq!(
        thrown("Utilities.newBlob()"),
        "Exception: The parameters () don't match the method signature for Utilities.newBlob."
    );
    assert_eq!(
        thrown("Utilities.newBlob('x').setBytes('y')"),
        "Exception: The parameters (String) don't match the method signature for Blob.setBytes."
    );
}

#[test]
fn blob_setters_chain_and_copies_are_independent() {
    let got = eval(
        "function main() {
           var blob = Utilities.newBlob('foo is not bar');
           var same = blob.setName('foo.txt').setContentType('text/csv').setBytes([104, 105]);
           var copy = blob.copyBlob();
           copy.setDataFromString('changed').setName('other.txt');
           return [same === blob, blob.getDataAsString(), blob.getName(), blob.getContentType(),
                   copy.getDataAsString(), copy.getName(), blob.getBlob() === blob,
                   blob.setContentTypeFromExtension().getContentType(),
                   blob.setName('photo.JPG').setContentTypeFromExtension().getContentType(),
                   blob.setName('data.unknown').setContentTypeFromExtension().getContentType()];
         }",
    );
    assert_eq!(
        got,
        json!([true, "hi", "foo.txt", "text/csv", "changed", "other.txt", true, "text/plain", "image/jpeg", null])
    );
}

#[test]
fn blob_strings_in_java_charsets() {
    let got = eval(
        "function main() {
           var blob = Utilities.newBlob('');
           return [blob.setDataFromString('héllo').getBytes(), blob.getDataAsString(),
                   blob.setDataFromString('hé', 'ISO-8859-1').getBytes(), blob.getDataAsString('ISO-8859-1'),
                   blob.getDataAsString(), blob.setDataFromString('日本', 'Shift_JIS').getBytes(),
                   blob.getDataAsString('Shift_JIS'), blob.setDataFromString('é', 'US-ASCII').getBytes()];
         }",
    );
    assert_eq!(
        got,
        json!([
            [104, -61, -87, 108, 108, 111],
            "héllo",
            [104, -23],
            "hé",
            "h\u{fffd}",
            [-109, -6, -106, 123],
            "日本",
            [63]
        ])
    );
    assert_eq!(thrown("Utilities.newBlob('x').getDataAsString('klingon')"), "Exception: Invalid argument: charset");
}

#[test]
fn blob_is_google_type_and_get_as() {
    let got = eval(
        "function main() {
           var pdf = Utilities.newBlob([37, 80], 'application/pdf', 'Shopping.12.25.2014');
           var copy = pdf.getAs('application/pdf');
           return [pdf.isGoogleType(), Utilities.newBlob('x', 'application/vnd.google-apps.document').isGoogleType(),
                   copy.getName(), copy.getContentType(), copy.getBytes(), copy === pdf];
         }",
    );
    assert_eq!(got, json!([false, true, "Shopping.12.25.pdf", "application/pdf", [37, 80], false]));
    assert_eq!(
        thrown("Utilities.newBlob('a,b').getAs('text/csv')"),
        "Exception: Converting from text/plain to text/csv is not supported."
    );
    assert_eq!(
        thrown("Utilities.newBlob('a').getAs('application/pdf')"),
        "Exception: gas-sim does not implement Blob.getAs() from text/plain to application/pdf"
    );
}

#[test]
fn parse_csv_with_quotes_line_breaks_and_a_delimiter() {
    let got = eval(
        "function main() {
           return [Utilities.parseCsv('a,b,c\\nd,e,f'),
                   Utilities.parseCsv('a\\tb\\tc\\nd\\te\\tf', '\\t'),
                   Utilities.parseCsv('name,note\\r\\n\"Smith, John\",\"said \"\"hi\"\"\\nthen left\"\\n'),
                   Utilities.parseCsv('a;b\\nc', ';'), Utilities.parseCsv('')];
         }",
    );
    assert_eq!(
        got,
        json!([
            [["a", "b", "c"], ["d", "e", "f"]],
            [["a", "b", "c"], ["d", "e", "f"]],
            [["name", "note"], ["Smith, John", "said \"hi\"\nthen left"]],
            [["a", "b"], ["c"]],
            []
        ])
    );
    assert_eq!(thrown("Utilities.parseCsv('a,\"b')"), "Exception: Could not parse text.");
    assert_eq!(thrown("Utilities.parseCsv('a', ';;')"), "Exception: Invalid argument: delimiter");
}

#[test]
fn zip_and_unzip_round_trip_with_names_and_types() {
    let got = eval(
        "function main() {
           var blobs = [Utilities.newBlob('foo is not bar', 'text/plain', 'b0.txt'),
                        Utilities.newBlob([1, 2, 3], 'application/octet-stream', 'dir/b1.csv')];
           var z = Utilities.zip(blobs);
           var y = Utilities.zip(blobs, 'y.zip');
           var files = Utilities.unzip(z);
           return [z.getName(), z.getContentType(), y.getName(), z.getBytes().slice(0, 4),
                   files.map(function (f) { return [f.getName(), f.getContentType(), f.getBytes()]; }),
                   files[0].getDataAsString(), Utilities.unzip(Utilities.newBlob('no zip')).length];
         }",
    );
    assert_eq!(
        got,
        json!([
            "archive.zip",
            "application/zip",
            "y.zip",
            [80, 75, 3, 4],
            [
                ["b0.txt", "text/plain", [102, 111, 111, 32, 105, 115, 32, 110, 111, 116, 32, 98, 97, 114]],
                ["dir/b1.csv", "text/csv", [1, 2, 3]]
            ],
            "foo is not bar",
            0
        ])
    );
    assert_eq!(
        thrown("Utilities.zip([Utilities.newBlob('x')])"),
        "Exception: Blob object must have non-null name for this operation."
    );
    assert_eq!(
        thrown("Utilities.unzip()"),
        "Exception: The parameters () don't match the method signature for Utilities.unzip."
    );
    assert_eq!(
        thrown("Utilities.zip('x')"),
        "Exception: The parameters (String) don't match the method signature for Utilities.zip."
    );
}

#[test]
fn gzip_and_ungzip_round_trip_with_names() {
    let got = eval(
        "function main() {
           var blob = Utilities.newBlob('foo is not bar');
           var gz = Utilities.gzip(blob);
           var back = Utilities.ungzip(gz);
           var named = Utilities.ungzip(Utilities.gzip(blob, 'named'));
           return [gz.getContentType(), gz.getName(), gz.getBytes().slice(0, 3), back.getDataAsString(),
                   back.getContentType(), back.getName(), named.getName()];
         }",
    );
    // Observed on the platform (gas-fakes' suite): these types and names.
    assert_eq!(
        got,
        json!(["application/x-gzip", "archive.gz", [31, -117, 8], "foo is not bar", null, "archive", "named"])
    );
    assert_eq!(thrown("Utilities.ungzip(Utilities.newBlob('plain'))"), "Exception: Not in GZIP format");
}

#[test]
fn a_gzip_bomb_stops_at_the_inflated_size_cap() {
    // 50 MB and a byte of zeros gzip to about 50 KB; inflating them must stop at 50 MB.
    let cap = gas_platform::utilities::INFLATED_BYTES_MAX;
    let bomb = gas_platform::utilities::gzip(&vec![0; cap as usize + 1], "archive.gz").unwrap();
    assert!(bomb.len() < 100_000, "{} bytes", bomb.len());
    let bytes: Vec<String> = bomb.iter().map(|b| (*b as i8).to_string()).collect();
    let body = format!("Utilities.ungzip(Utilities.newBlob([{}]))", bytes.join(","));
    assert_eq!(
        thrown(&body),
        format!("Exception: Uncompressed data exceeds the limit of {cap} bytes (gas-sim's guard against zip bombs).")
    );
}

#[test]
fn blobs_cross_from_url_fetch_into_utilities() {
    let world = new_world();
    state(&world).http.rules = vec![HttpRule {
        url: "https://example.com/data.csv".into(),
        method: None,
        status: 200,
        body: "id,name\n1,\"Ada, L\"\n".into(),
        headers: BTreeMap::from([("Content-Type".to_string(), "text/csv".to_string())]),
        matched_count: 0,
    }];
    let got = eval_in(
        &world,
        "function main() {
           var response = UrlFetchApp.fetch('https://example.com/data.csv');
           var blob = response.getBlob();
           var back = Utilities.ungzip(Utilities.gzip(response));
           var files = Utilities.unzip(Utilities.zip([blob.setName('data.csv')]));
           return [blob.getContentType(), Utilities.parseCsv(blob.getDataAsString()), back.getDataAsString(),
                   response.getAs('text/csv').getContentType(), files[0].getName(), files[0].getContentType()];
         }",
    );
    assert_eq!(
        got,
        json!([
            "text/csv",
            [["id", "name"], ["1", "Ada, L"]],
            "id,name\n1,\"Ada, L\"\n",
            "text/csv",
            "data.csv",
            "text/csv"
        ])
    );
}

#[test]
fn a_blob_past_50_mb_is_the_platforms_error_and_can_be_caught() {
    // 50 MB + 1 of text: refused before its bytes become a JS array.
    let over = "'x'.repeat(50 * 1024 * 1024 + 1)";
    assert_eq!(thrown(&format!("Utilities.newBlob({over})")), "Exception: File null exceeds the maximum file size.");
    assert_eq!(
        thrown(&format!("Utilities.newBlob({over}, 'text/plain', 'big.txt')")),
        "Exception: File big.txt exceeds the maximum file size."
    );
    assert_eq!(
        thrown(&format!("Utilities.newBlob('a', 'text/plain', 'n.txt').setDataFromString({over})")),
        "Exception: File n.txt exceeds the maximum file size."
    );
}

#[test]
fn ungzip_reads_every_gzip_member() {
    let got = eval(
        "function main() {
           var a = Utilities.gzip(Utilities.newBlob('first ')).getBytes();
           var b = Utilities.gzip(Utilities.newBlob('second')).getBytes();
           return Utilities.ungzip(Utilities.newBlob(a.concat(b))).getDataAsString();
         }",
    );
    assert_eq!(got, json!("first second"));
}

#[test]
fn mail_app_checks_the_message_limits_gmail_app_checks() {
    assert_eq!(
        thrown("MailApp.sendEmail('a@example.com', 's', 'x'.repeat(300 * 1024))"),
        "Exception: Limit Exceeded: Email Body Size."
    );
    assert_eq!(
        thrown("MailApp.sendEmail({to: 'a@example.com', subject: 's', body: 'b', htmlBody: 'x'.repeat(300 * 1024)})"),
        "Exception: Limit Exceeded: Email Body Size."
    );
    let many =
        "var blobs = []; for (var i = 0; i < 251; i++) blobs.push(Utilities.newBlob('x', 'text/plain', 'a' + i))";
    assert_eq!(
        thrown(&format!("{many}; MailApp.sendEmail('a@example.com', 's', 'b', {{attachments: blobs}})")),
        "Exception: Limit Exceeded: Email Attachments Per Message."
    );
    // A refused message uses no quota; a message within the limits is sent.
    let src = "function main() { try { MailApp.sendEmail('a@example.com', 's', 'x'.repeat(300 * 1024)) } catch (e) {}
               MailApp.sendEmail('a@example.com', 's', 'x'.repeat(200 * 1024)); return MailApp.getRemainingDailyQuota() }";
    assert_eq!(eval(src), json!(99));
}

#[test]
fn a_cell_past_50000_characters_is_refused() {
    let sheet = "var sheet = SpreadsheetApp.create('t').getSheets()[0]";
    let message = "Exception: Your input contains more than the maximum of 50000 characters in a single cell.";
    assert_eq!(thrown(&format!("{sheet}; sheet.getRange('A1').setValue('x'.repeat(50001))")), message);
    assert_eq!(thrown(&format!("{sheet}; sheet.getRange('A1:B1').setValues([['a', 'x'.repeat(50001)]])")), message);
    assert_eq!(thrown(&format!("{sheet}; sheet.appendRow(['x'.repeat(50001)])")), message);
    assert_eq!(thrown(&format!("{sheet}; sheet.getRange('A1').setValue('x'.repeat(50000))")), "no error");
}
