//! Issue 11's fidelity defects, seen from a script: negative lock timeouts, R1C1 ranges,
//! ScriptApp and Session.

mod support;

use gas_platform::lock::{LockHolder, TIMEOUT_MESSAGE};
use serde_json::json;
use support::*;

fn world_with_outside_holder(until_utc_ms: i64) -> SharedWorld {
    let world = new_world();
    state(&world).locks.script = Some(LockHolder::Outside { until_utc_ms });
    world
}

// ---- Lock: a negative timeout is no wait at all ---------------------------------------

#[test]
fn negative_lock_timeouts_do_not_wait_and_fail_on_a_held_lock() {
    let world = world_with_outside_holder(START_UTC_MS + 60_000);
    let got = result(&run_frozen(
        &world,
        "function main() {
           var lock = LockService.getScriptLock(), t = Date.now(), out = [lock.tryLock(-100), Date.now() - t];
           try { lock.waitLock(-100); out.push('no error'); } catch (e) { out.push(String(e)); }
           out.push(Date.now() - t, lock.hasLock());
           return out;
         }",
    ));
    assert_eq!(got, json!([false, 0, format!("Exception: {TIMEOUT_MESSAGE}"), 0, false]));
}

#[test]
fn negative_lock_timeouts_take_no_lock_even_a_free_one() {
    let world = new_world();
    let got = result(&run_frozen(
        &world,
        "function main() {
           var lock = LockService.getScriptLock(), out = [lock.tryLock(-100), lock.hasLock()];
           try { lock.waitLock(-100); out.push('no error'); } catch (e) { out.push(String(e)); }
           out.push(lock.hasLock(), lock.tryLock(0), lock.hasLock());
           return out;
         }",
    ));
    assert_eq!(got, json!([false, false, format!("Exception: {TIMEOUT_MESSAGE}"), false, true, true]));
}

// ---- Sheet.getRange: R1C1 references ---------------------------------------------------

#[test]
fn get_range_reads_r1c1_references() {
    let got = eval(
        "function main() {
           var sheet = SpreadsheetApp.create('t').getSheets()[0];
           sheet.getRange('R5C3').setValue('here');
           var block = sheet.getRange('R2C2:R4C5');
           return [sheet.getRange('C5').getValue(), sheet.getRange('R5C3').getA1Notation(), block.getA1Notation(),
                   block.getNumRows(), block.getNumColumns(), sheet.getRange('R10C5:R1C2').getA1Notation(),
                   sheet.getRange('r1c1:r2c2').getA1Notation(), sheet.getRange('R5').getA1Notation(),
                   sheet.getRange('R' + 2 + 'C' + 3).getRow()];
         }",
    );
    assert_eq!(got, json!(["here", "C5", "B2:E4", 3, 4, "B1:E10", "A1:B2", "R5", 2]));
}

#[test]
fn relative_r1c1_references_are_not_found() {
    assert_eq!(thrown("SpreadsheetApp.create('t').getSheets()[0].getRange('R[1]C[1]')"), "Exception: Range not found");
}
