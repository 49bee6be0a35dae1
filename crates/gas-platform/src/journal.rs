//! A world's changes as journal lines: what `gas-sim serve --state` appends after its
//! executions instead of rewriting the whole state file, and how a loader replays them.
//!
//! What this is not: a second state format. A line holds paths into the state file's
//! JSON (`World`'s serialization) and the values found there, so replaying a journal is
//! editing that JSON, and the result is loaded by `World::from_json` with every check a
//! hand-written state file gets. Only the parts that grow with use are diffed finely
//! (a sheet's rows, the mail sent, the mailbox's messages); any other part that changed
//! is written whole, and those are bounded by the platform's own limits.
//!
//! Invariant: after [`Recorder::record`], the recorder's copy equals the world it was
//! given (with the locks it was given), and applying the ops to JSON equal to the copy
//! before gives JSON that loads as the copy after (tested below on every kind of change).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::lock::Locks;
use crate::World;

/// One step into the JSON: an object's key or an array's index.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Key {
    Index(usize),
    Name(String),
}

impl From<&str> for Key {
    fn from(name: &str) -> Key {
        Key::Name(name.to_string())
    }
}

impl From<usize> for Key {
    fn from(index: usize) -> Key {
        Key::Index(index)
    }
}

/// One change to the state's JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum Op {
    /// The value at `set` becomes `value` (an object's key is added if absent).
    Set { set: Vec<Key>, value: Value },
    /// The array at `splice` keeps its first `keep` items, then `items` follow.
    Splice { splice: Vec<Key>, keep: usize, items: Vec<Value> },
}

/// A vector with more changed items than this (and more than half its items) is written
/// whole rather than item by item (a row inserted at the top shifts every row below).
const ITEM_SETS_MAX: usize = 64;

/// Keeps the world as the state file (with its journal) holds it, and says what changed.
pub struct Recorder {
    copy: World,
}

impl Recorder {
    /// `written` is the world the state file holds now.
    pub fn new(written: World) -> Recorder {
        Recorder { copy: written }
    }

    /// The world as written so far (what a compaction writes whole).
    pub fn written(&self) -> &World {
        &self.copy
    }

    /// The world as written, given back (to be written whole).
    pub fn into_written(self) -> World {
        self.copy
    }

    /// The ops that turn the written world into `now` with `locks` (a state file keeps no
    /// lock of a running execution: the caller passes the locks it keeps), and takes them
    /// as written. Empty when nothing changed.
    /// Takes the sheets' marks of touched rows (`sheets::TouchedRows`) as it goes.
    pub fn record(&mut self, now: &mut World, locks: &Locks) -> Result<Vec<Op>, String> {
        let mut ops = Ops::default();
        // Every field, so a field added to World without a line here does not compile.
        let World {
            gas_sim_state,
            last_utc_ms,
            last_exec_id,
            user_email,
            user_locale,
            spreadsheets,
            properties,
            caches,
            mail,
            gmail,
            locks: _,
            triggers,
            http,
            faults,
            ui,
            drive,
            calendar,
            forms,
            documents,
            quotas,
        } = now;
        let copy = &mut self.copy;
        ops.whole(&["gas_sim_state"], gas_sim_state, &mut copy.gas_sim_state)?;
        ops.whole(&["last_utc_ms"], last_utc_ms, &mut copy.last_utc_ms)?;
        ops.whole(&["last_exec_id"], last_exec_id, &mut copy.last_exec_id)?;
        ops.whole(&["user_email"], user_email, &mut copy.user_email)?;
        ops.whole(&["user_locale"], user_locale, &mut copy.user_locale)?;
        crate::sheets::journal::record(&mut ops, spreadsheets, &mut copy.spreadsheets)?;
        ops.whole(&["properties"], properties, &mut copy.properties)?;
        ops.whole(&["caches"], caches, &mut copy.caches)?;
        record_mail(&mut ops, mail, &mut copy.mail)?;
        record_mailbox(&mut ops, gmail, &mut copy.gmail)?;
        ops.whole(&["locks"], locks, &mut copy.locks)?;
        ops.whole(&["triggers"], triggers, &mut copy.triggers)?;
        ops.whole(&["http"], http, &mut copy.http)?;
        ops.whole(&["faults"], faults, &mut copy.faults)?;
        ops.whole(&["ui"], ui, &mut copy.ui)?;
        ops.whole(&["drive"], drive, &mut copy.drive)?;
        ops.whole(&["calendar"], calendar, &mut copy.calendar)?;
        ops.whole(&["forms"], forms, &mut copy.forms)?;
        ops.whole(&["documents"], documents, &mut copy.documents)?;
        ops.whole(&["quotas"], quotas, &mut copy.quotas)?;
        // The rows compared were the ones marked touched: a change that left no mark
        // would be lost from the journal (checked whole in debug builds, the tests').
        debug_assert!(copy.spreadsheets == now.spreadsheets, "a sheet's rows changed without a mark");
        Ok(ops.list)
    }
}

fn record_mail(ops: &mut Ops, now: &crate::mail::Mail, copy: &mut crate::mail::Mail) -> Result<(), String> {
    let crate::mail::Mail { account, quota_reset, quota, sent } = now;
    ops.whole(&["mail", "account"], account, &mut copy.account)?;
    ops.whole(&["mail", "quota_reset"], quota_reset, &mut copy.quota_reset)?;
    ops.whole(&["mail", "quota"], quota, &mut copy.quota)?;
    ops.items(&["mail", "sent"], sent, &mut copy.sent)
}

fn record_mailbox(ops: &mut Ops, now: &crate::gmail::Mailbox, copy: &mut crate::gmail::Mailbox) -> Result<(), String> {
    // An empty mailbox is left out of the file: there is no `gmail` to go into.
    if *copy == crate::gmail::Mailbox::default() {
        return ops.whole(&["gmail"], now, copy);
    }
    let crate::gmail::Mailbox { messages, labels, next_seq, aliases } = now;
    ops.items(&["gmail", "messages"], messages, &mut copy.messages)?;
    ops.whole(&["gmail", "labels"], labels, &mut copy.labels)?;
    ops.whole(&["gmail", "aliases"], aliases, &mut copy.aliases)?;
    ops.whole(&["gmail", "next_seq"], next_seq, &mut copy.next_seq)
}

/// The ops of one record, and the two ways a part is compared.
#[derive(Default)]
pub(crate) struct Ops {
    list: Vec<Op>,
}

impl Ops {
    /// A part written whole when it changed; `copy` takes its value.
    pub(crate) fn whole<T: PartialEq + Clone + Serialize>(
        &mut self,
        path: &[&str],
        now: &T,
        copy: &mut T,
    ) -> Result<(), String> {
        self.whole_at(path.iter().map(|&k| Key::from(k)).collect(), now, copy)
    }

    /// A part written whole, changed or not.
    pub(crate) fn set_at<T: Serialize>(&mut self, path: Vec<Key>, now: &T) -> Result<(), String> {
        self.list.push(Op::Set { set: path, value: to_value(now)? });
        Ok(())
    }

    pub(crate) fn whole_at<T: PartialEq + Clone + Serialize>(
        &mut self,
        path: Vec<Key>,
        now: &T,
        copy: &mut T,
    ) -> Result<(), String> {
        if now != copy {
            self.list.push(Op::Set { set: path, value: to_value(now)? });
            copy.clone_from(now);
        }
        Ok(())
    }

    /// A vector diffed item by item: changed items set, a new tail spliced on.
    pub(crate) fn items<T: PartialEq + Clone + Serialize>(
        &mut self,
        path: &[&str],
        now: &[T],
        copy: &mut Vec<T>,
    ) -> Result<(), String> {
        self.items_at(path.iter().map(|&k| Key::from(k)).collect(), now, copy, 0..usize::MAX)
    }

    /// `items`, comparing only the items in `compare` (the others are known to be the
    /// same) besides a change of length.
    pub(crate) fn items_at<T: PartialEq + Clone + Serialize>(
        &mut self,
        path: Vec<Key>,
        now: &[T],
        copy: &mut Vec<T>,
        compare: std::ops::Range<usize>,
    ) -> Result<(), String> {
        let common = now.len().min(copy.len());
        let compared = compare.start.min(common)..compare.end.min(common);
        let changed: Vec<usize> = compared.filter(|&i| now[i] != copy[i]).collect();
        if changed.len() > ITEM_SETS_MAX && changed.len() * 2 > common {
            self.list.push(Op::Set { set: path, value: to_value(&now)? });
            copy.clear();
            copy.extend_from_slice(now);
            return Ok(());
        }
        for i in changed {
            let mut at = path.clone();
            at.push(Key::Index(i));
            self.list.push(Op::Set { set: at, value: to_value(&now[i])? });
            copy[i].clone_from(&now[i]);
        }
        if now.len() != copy.len() {
            let items = now[common..].iter().map(to_value).collect::<Result<Vec<_>, _>>()?;
            self.list.push(Op::Splice { splice: path, keep: common, items });
            copy.truncate(common);
            copy.extend_from_slice(&now[common..]);
        }
        Ok(())
    }
}

fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| format!("gas-sim bug: a part of the world does not serialize: {e}"))
}

/// Applies `ops` to a state file's JSON; the error says which path is not there (a
/// journal that does not follow this state).
pub fn apply(json: &mut Value, ops: &[Op]) -> Result<(), String> {
    for op in ops {
        match op {
            Op::Set { set, value } => {
                let (last, parent) = set.split_last().ok_or("a set with an empty path")?;
                let parent = find(json, parent)?;
                match (parent, last) {
                    (Value::Object(map), Key::Name(name)) => {
                        map.insert(name.clone(), value.clone());
                    }
                    (Value::Array(items), Key::Index(i)) if *i < items.len() => items[*i] = value.clone(),
                    _ => return Err(format!("{} is not in the state", show(set))),
                }
            }
            Op::Splice { splice, keep, items } => match find(json, splice)? {
                Value::Array(array) if *keep <= array.len() => {
                    array.truncate(*keep);
                    array.extend(items.iter().cloned());
                }
                _ => return Err(format!("{} is not a list of at least {keep} items in the state", show(splice))),
            },
        }
    }
    Ok(())
}

fn find<'j>(json: &'j mut Value, path: &[Key]) -> Result<&'j mut Value, String> {
    let mut at = json;
    for (n, key) in path.iter().enumerate() {
        let next = match (at, key) {
            (Value::Object(map), Key::Name(name)) => map.get_mut(name),
            (Value::Array(items), Key::Index(i)) => items.get_mut(*i),
            _ => None,
        };
        at = next.ok_or_else(|| format!("{} is not in the state", show(&path[..=n])))?;
    }
    Ok(at)
}

/// `spreadsheets.spreadsheets[0].sheets[1].rows`
fn show(path: &[Key]) -> String {
    let mut text = String::new();
    for key in path {
        match key {
            Key::Name(name) if text.is_empty() => text.push_str(name),
            Key::Name(name) => text.push_str(&format!(".{name}")),
            Key::Index(i) => text.push_str(&format!("[{i}]")),
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::{RangeRef, SheetRef, Spreadsheet};
    use crate::CellValue;

    fn world_with_rows(rows: usize) -> World {
        let mut world = World::new();
        world.spreadsheets.add(Spreadsheet::new("book", "Book")).unwrap();
        for n in 0..rows {
            append(&mut world, n);
        }
        world
    }

    fn sheet(world: &World) -> SheetRef {
        let sheet_id = world.spreadsheets.get("book").unwrap().sheets()[0].sheet_id();
        SheetRef { spreadsheet_id: "book".into(), sheet_id }
    }

    fn append(world: &mut World, n: usize) {
        let row = vec![CellValue::Number(n as f64), CellValue::String(format!("id-{n}"))];
        world.spreadsheets.append_row(&sheet(world), row, chrono_tz::UTC).unwrap();
    }

    /// Records `after` against `before` and checks the invariant: the ops turn
    /// `before`'s JSON into JSON that loads as `after`.
    fn ops_between(before: &World, after: &World) -> Vec<Op> {
        let mut recorder = Recorder::new(before.clone());
        let mut now = after.clone(); // every sheet's rows marked touched, as after a load
        let ops = recorder.record(&mut now, &after.locks).unwrap();
        assert!(recorder.written() == after, "the copy follows the world");
        let mut json = serde_json::to_value(before).unwrap();
        apply(&mut json, &ops).unwrap();
        let loaded = World::from_json(&json.to_string(), &Default::default()).unwrap();
        assert!(&loaded == after, "the ops replay to the world: {}", paths(&ops).join(", "));
        assert!(recorder.record(&mut now, &after.locks).unwrap().is_empty(), "nothing changed since");
        ops
    }

    fn paths(ops: &[Op]) -> Vec<String> {
        let path = |op: &Op| match op {
            Op::Set { set, .. } => format!("set {}", show(set)),
            Op::Splice { splice, keep, items } => format!("splice {} {keep}+{}", show(splice), items.len()),
        };
        ops.iter().map(path).collect()
    }

    #[test]
    fn an_appended_row_is_one_splice_of_that_row() {
        let before = world_with_rows(1_000);
        let mut after = before.clone();
        append(&mut after, 1_000);
        let ops = ops_between(&before, &after);
        let sheet = "spreadsheets.spreadsheets[0].sheets[0]";
        assert_eq!(paths(&ops), [format!("set {sheet}.max_rows"), format!("splice {sheet}.rows 1000+1")]);
    }

    #[test]
    fn a_changed_row_is_set_and_a_shifted_sheet_is_written_whole() {
        let before = world_with_rows(200);
        let mut after = before.clone();
        let cell = RangeRef {
            sheet: sheet(&after),
            row: 5,
            column: 1,
            num_rows: 1,
            num_columns: 1,
            bounds: crate::sheets::Bounds::ALL,
        };
        after.spreadsheets.set_value(&cell, CellValue::Bool(true), chrono_tz::UTC).unwrap();
        let ops = ops_between(&before, &after);
        assert_eq!(paths(&ops), ["set spreadsheets.spreadsheets[0].sheets[0].rows[4]"]);
        // Every row moves down one: the rows are written whole.
        let mut after = before.clone();
        after.spreadsheets.insert_row_before(&sheet(&before), 1).unwrap();
        let ops = ops_between(&before, &after);
        let sheet = "spreadsheets.spreadsheets[0].sheets[0]";
        assert_eq!(paths(&ops), [format!("set {sheet}.max_rows"), format!("set {sheet}.rows")]);
    }

    #[test]
    fn other_parts_are_written_whole_and_an_empty_mailbox_first_appears_whole() {
        let before = world_with_rows(3);
        let mut after = before.clone();
        after.properties.script.set("k", "v").unwrap();
        after.last_exec_id = Some(9);
        after.gmail.labels.push("Done".into());
        let ops = ops_between(&before, &after);
        assert_eq!(paths(&ops), ["set last_exec_id", "set properties", "set gmail"]);
        let mut later = after.clone();
        later.gmail.labels.push("Later".into());
        assert_eq!(paths(&ops_between(&after, &later)), ["set gmail.labels"]);
    }

    #[test]
    fn a_new_spreadsheet_or_a_removed_row_is_replayed_too() {
        let before = world_with_rows(3);
        let mut after = before.clone();
        after.spreadsheets.add(Spreadsheet::new("other", "Other")).unwrap();
        assert_eq!(paths(&ops_between(&before, &after)), ["set spreadsheets"]);
        let mut after = before.clone();
        after.spreadsheets.delete_rows(&sheet(&before), 3, 1).unwrap();
        let sheet = "spreadsheets.spreadsheets[0].sheets[0]";
        assert_eq!(
            paths(&ops_between(&before, &after)),
            [format!("set {sheet}.max_rows"), format!("splice {sheet}.rows 2+0")]
        );
    }

    /// The live world keeps its marks between records (as `serve`'s does): each record
    /// compares only the rows touched since the last, and still finds every change.
    #[test]
    fn records_on_a_live_world_compare_touched_rows_and_miss_nothing() {
        let mut live = world_with_rows(300);
        let mut recorder = Recorder::new(live.clone());
        let mut json = serde_json::to_value(&live).unwrap();
        fn cell(w: &World, row: u32, column: u32) -> RangeRef {
            RangeRef { sheet: sheet(w), row, column, num_rows: 1, num_columns: 1, bounds: crate::sheets::Bounds::ALL }
        }
        let utc = chrono_tz::UTC;
        type Change = Box<dyn Fn(&mut World)>;
        let changes: Vec<(&str, Change)> = vec![
            ("append", Box::new(|w| append(w, 7))),
            (
                "set a middle cell",
                Box::new(move |w| w.spreadsheets.set_value(&cell(w, 150, 3), CellValue::Bool(true), utc).unwrap()),
            ),
            (
                "set a block",
                Box::new(move |w| {
                    let block = RangeRef { num_rows: 2, num_columns: 2, ..cell(w, 10, 1) };
                    let rows = vec![vec![CellValue::Number(1.0); 2]; 2];
                    w.spreadsheets.set_values(&block, rows, utc).unwrap()
                }),
            ),
            ("clear a cell", Box::new(|w| w.spreadsheets.clear_content(&cell(w, 150, 3)).unwrap())),
            ("insert a row", Box::new(|w| w.spreadsheets.insert_row_before(&sheet(w), 40).unwrap())),
            ("delete rows", Box::new(|w| w.spreadsheets.delete_rows(&sheet(w), 2, 3).unwrap())),
            ("clear the sheet", Box::new(|w| w.spreadsheets.clear_sheet(&sheet(w)).unwrap())),
            ("append after a clear", Box::new(|w| append(w, 8))),
            ("grow the grid by appends", Box::new(|w| (0..1_001).for_each(|n| append(w, n)))),
            (
                "insert a column",
                Box::new(|w| {
                    let s = sheet(w);
                    w.spreadsheets.insert_columns(&s, 1, 1, false).unwrap()
                }),
            ),
        ];
        let first = recorder.record(&mut live, &Locks::default()).unwrap();
        assert!(first.is_empty(), "{:?}", paths(&first));
        for (what, change) in changes {
            change(&mut live);
            let ops = recorder.record(&mut live, &Locks::default()).unwrap();
            assert!(!ops.is_empty(), "{what}: a change was found");
            apply(&mut json, &ops).unwrap();
            let loaded = World::from_json(&json.to_string(), &Default::default()).unwrap();
            assert!(loaded == live, "{what}: replayed as it is: {}", paths(&ops).join(", "));
            if what == "set a middle cell" {
                assert_eq!(paths(&ops), ["set spreadsheets.spreadsheets[0].sheets[0].rows[149]"]);
            }
            if what == "grow the grid by appends" {
                // Past row 1000 each append grows the grid: still an append, no shift.
                let appended = recorder.record(&mut live, &Locks::default()).unwrap().len();
                append(&mut live, 2_000);
                assert_eq!(live.spreadsheets.get("book").unwrap().sheets()[0].touched_rows(), Some(1_002..1_003));
                let ops = recorder.record(&mut live, &Locks::default()).unwrap();
                apply(&mut json, &ops).unwrap();
                assert_eq!((appended, ops.len()), (0, 2), "{}", paths(&ops).join(", "));
            }
        }
    }

    #[test]
    fn ops_read_back_from_their_json_and_a_wrong_path_is_named() {
        let ops = vec![
            Op::Set { set: vec!["a".into(), 2.into()], value: Value::Bool(true) },
            Op::Splice { splice: vec!["b".into()], keep: 0, items: vec![] },
        ];
        let text = serde_json::to_string(&ops).unwrap();
        assert_eq!(text, r#"[{"set":["a",2],"value":true},{"splice":["b"],"keep":0,"items":[]}]"#);
        assert_eq!(serde_json::from_str::<Vec<Op>>(&text).unwrap(), ops);
        let mut json = serde_json::json!({"a": [1]});
        assert_eq!(apply(&mut json, &ops[..1]), Err("a[2] is not in the state".to_string()));
        assert_eq!(apply(&mut json, &ops[1..]), Err("b is not in the state".to_string()));
    }
}
