//! The advanced services seen from a script: defined only where the manifest enables
//! them (under the symbol it gives), the Sheets API v4 reading and writing the same
//! spreadsheets SpreadsheetApp does, its errors in the platform's form, the gaps named.

use crate::support;

use gas_engine::{AdvancedService, ExecutionSpec};
use serde_json::json;
use support::*;

/// Runs `main` of `src` with the advanced services `enabled` (symbol, serviceId, version).
fn eval_with(enabled: &[(&str, &str, &str)], src: &str) -> serde_json::Value {
    let services = enabled.iter().map(|(s, id, v)| AdvancedService::new(s, id, v)).collect();
    let project = project("UTC", src).with_advanced_services(services);
    let spec = ExecutionSpec::new(1, "main", START_UTC_MS, SEED);
    result(&run_spec(&new_world(), &project, "UTC", &spec))
}

const SHEETS: (&str, &str, &str) = ("Sheets", "sheets", "v4");

#[test]
fn a_service_the_manifest_does_not_enable_is_not_defined() {
    let got = eval(
        "function main() {
           try { Sheets.Spreadsheets; return 'defined'; } catch (e) { return String(e); }
         }",
    );
    assert_eq!(got, json!("ReferenceError: Sheets is not defined"));
    let renamed = eval_with(
        &[("SheetsApi", "sheets", "v4")],
        "function main() { return [typeof SheetsApi, typeof Sheets, typeof SheetsApi.Spreadsheets.Values.get]; }",
    );
    assert_eq!(renamed, json!(["object", "undefined", "function"]));
}

#[test]
fn values_written_by_the_api_are_read_by_spreadsheetapp_and_back() {
    let got = eval_with(
        &[SHEETS],
        "function main() {
           const ss = SpreadsheetApp.create('Orders');
           const id = ss.getId();
           ss.getSheets()[0].getRange('A1:B1').setValues([['Item', 'Qty']]);
           const body = Sheets.newValueRange();
           body.values = [['Lamp', '2'], ['Desk', '=B2*2']];
           const appended = Sheets.Spreadsheets.Values.append(body, id, 'Sheet1!A:B', { valueInputOption: 'USER_ENTERED' });
           const read = Sheets.Spreadsheets.Values.get(id, 'Sheet1!A1:B10');
           const raw = Sheets.Spreadsheets.Values.batchGet(id, { ranges: ['B2:B3'], valueRenderOption: 'UNFORMATTED_VALUE' });
           const meta = Sheets.Spreadsheets.get(id);
           return {
             appended: appended.updates.updatedRange, table: appended.tableRange,
             values: read.values, raw: raw.valueRanges[0].values,
             sheet: ss.getSheets()[0].getRange('B3').getValue(),
             title: meta.properties.title, sheets: meta.sheets.map((s) => s.properties.title),
             empty: Object.keys(Sheets.newValueRange()).length,
           };
         }",
    );
    assert_eq!(
        got,
        json!({
            "appended": "Sheet1!A2:B3", "table": "Sheet1!A1:B1",
            "values": [["Item", "Qty"], ["Lamp", "2"], ["Desk", "4"]], "raw": [[2], [4]],
            "sheet": 4, "title": "Orders", "sheets": ["Sheet1"], "empty": 0,
        })
    );
}

#[test]
fn batch_update_requests_change_the_spreadsheet() {
    let got = eval_with(
        &[SHEETS],
        "function main() {
           const ss = SpreadsheetApp.create('Plan');
           const reply = Sheets.Spreadsheets.batchUpdate({ requests: [
             { addSheet: { properties: { title: 'Archive' } } },
             { updateSheetProperties: { properties: { sheetId: 0, title: 'Live' }, fields: 'title' } },
           ] }, ss.getId());
           return [reply.replies[0].addSheet.properties.title, ss.getSheets().map((s) => s.getName())];
         }",
    );
    assert_eq!(got, json!(["Archive", ["Live", "Archive"]]));
}

#[test]
fn errors_have_the_platform_form_and_gaps_name_themselves() {
    let got = eval_with(
        &[SHEETS, ("Gmail", "gmail", "v1")],
        "function main() {
           const id = SpreadsheetApp.create('x').getId();
           const out = [];
           const attempt = (f) => { try { f(); out.push('no error'); } catch (e) { out.push(e.message); } };
           attempt(() => Sheets.Spreadsheets.Values.update({ values: [[1]] }, id, 'A1'));
           attempt(() => Sheets.Spreadsheets.Values.get('missing', 'A1'));
           attempt(() => Sheets.Spreadsheets.DeveloperMetadata.get(id, 1));
           attempt(() => Sheets.Spreadsheets.batchUpdate({ requests: [{ addChart: {} }] }, id));
           attempt(() => Gmail.Users.Messages.list('me'));
           return out;
         }",
    );
    assert_eq!(
        got,
        json!([
            "API call to sheets.spreadsheets.values.update failed with error: 'valueInputOption' is required but not specified",
            "API call to sheets.spreadsheets.values.get failed with error: Requested entity was not found.",
            "gas-sim does not implement DeveloperMetadataCollection.get()",
            "gas-sim does not implement Spreadsheets.batchUpdate() with the addChart request",
            "gas-sim does not implement Gmail.Users()",
        ])
    );
}

#[test]
fn drive_files_are_driveapp_files() {
    let got = eval_with(
        &[("Drive", "drive", "v3")],
        "function main() {
           const folder = Drive.Files.create({ name: 'exports', mimeType: MimeType.FOLDER });
           const blob = Utilities.newBlob('id,total\\n1,20\\n', 'text/csv', 'orders.csv');
           const file = Drive.Files.create({ name: 'orders.csv', parents: [folder.id] }, blob);
           const listed = Drive.Files.list({ q: \"name contains 'orders' and trashed = false\", fields: 'files(id,name,mimeType)' });
           const text = Drive.Files.get(file.id, { alt: 'media' });
           Drive.Files.update({ name: 'orders-q1.csv' }, file.id);
           const seen = DriveApp.getFileById(file.id);
           const name = seen.getName();
           const parent = seen.getParents().next().getName();
           Drive.Files.remove(file.id);
           let gone;
           try { DriveApp.getFileById(file.id); gone = 'still there'; } catch (e) { gone = 'gone'; }
           return { listed: listed.files.map((f) => [f.name, f.mimeType]), text, name, parent, gone };
         }",
    );
    assert_eq!(
        got,
        json!({ "listed": [["orders.csv", "text/csv"]], "text": "id,total\n1,20\n", "name": "orders-q1.csv",
                "parent": "exports", "gone": "gone" })
    );
}

#[test]
fn a_document_copied_by_the_drive_api_keeps_its_content() {
    let got = eval_with(
        &[("Drive", "drive", "v3")],
        "function main() {
           const doc = DocumentApp.create('Template');
           doc.getBody().setText('Hello {{name}}');
           const copy = Drive.Files.copy({ name: 'For Ada' }, doc.getId());
           return [copy.mimeType, DocumentApp.openById(copy.id).getBody().getText()];
         }",
    );
    assert_eq!(got, json!(["application/vnd.google-apps.document", "Hello {{name}}"]));
}

#[test]
fn a_spreadsheet_copied_or_removed_by_the_drive_api_is_copied_or_gone() {
    let got = eval_with(
        &[("Drive", "drive", "v3")],
        "function main() {
           const ss = SpreadsheetApp.create('Budget');
           ss.getSheets()[0].getRange('A1').setValue('kept');
           const copy = Drive.Files.copy({ name: 'Budget copy' }, ss.getId());
           const copied = SpreadsheetApp.openById(copy.id).getSheets()[0].getRange('A1').getValue();
           Drive.Files.remove(ss.getId());
           let gone;
           try { SpreadsheetApp.openById(ss.getId()); gone = 'still there'; } catch (e) { gone = 'gone'; }
           return [copy.mimeType, copied, gone, SpreadsheetApp.openById(copy.id).getName()];
         }",
    );
    assert_eq!(got, json!(["application/vnd.google-apps.spreadsheet", "kept", "gone", "Budget copy"]));
}

#[test]
fn a_service_and_its_collections_print_as_its_identifier_with_its_version() {
    let got = eval_with(
        &[SHEETS, ("Drive", "drive", "v3")],
        "function main() {
           return [String(Sheets), String(Sheets.Spreadsheets.Values), Sheets.getVersion(), String(Drive.Files),
                   Drive.getVersion(), Object.keys(Sheets).indexOf('getVersion')];
         }",
    );
    assert_eq!(
        got,
        json!([
            "AdvancedServiceIdentifier{name=sheets, version=v4}",
            "AdvancedServiceIdentifier{name=sheets, version=v4}",
            "v4",
            "AdvancedServiceIdentifier{name=drive, version=v3}",
            "v3",
            -1
        ])
    );
}

#[test]
fn a_service_the_catalogue_lacks_is_a_gap_under_its_symbol_whatever_its_id_says() {
    // The id and version only name the service: a `,` or `=` in them makes no global of
    // its own, and the symbols keep the manifest's order after every other global.
    let got = eval_with(
        &[("Later", "nosuch", "v1,Other=x"), ("Next", "nosuch2", "v2")],
        "function main() {
           const names = Object.getOwnPropertyNames(globalThis);
           let message = '';
           try { Later.Things; } catch (e) { message = e.message; }
           return [typeof Later, typeof Next, typeof Other, names.slice(names.indexOf('Later')), message];
         }",
    );
    assert_eq!(
        got,
        json!([
            "object",
            "object",
            "undefined",
            ["Later", "Next", "main"],
            "gas-sim does not implement Later.Things()"
        ])
    );
}
