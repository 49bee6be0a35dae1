//! `gas-sim mutate --merge a.json b.json -o all.json`: the reports of a sharded campaign
//! (`--shard k/n` on each machine of a CI matrix) joined into the report one unsharded
//! run gives. Shards of one campaign share everything but their mutants: the same files
//! and sources, tests, thresholds and framework; anything else is refused, since the
//! joined report would then describe no campaign.

use serde_json::{Map, Value};

/// Shard reports one merge takes (a CI matrix is far smaller).
pub const MERGE_INPUTS_MAX: usize = 1_000;

/// The merged report; `reports` are (name for errors, parsed JSON).
pub fn merge_reports(reports: &[(String, Value)]) -> Result<Value, String> {
    let Some((first_name, first)) = reports.first() else {
        return Err("--merge needs at least one report".into());
    };
    if reports.len() > MERGE_INPUTS_MAX {
        return Err(format!("--merge takes at most {MERGE_INPUTS_MAX} reports"));
    }
    let files_of = |name: &str, report: &Value| -> Result<Map<String, Value>, String> {
        report
            .get("files")
            .and_then(Value::as_object)
            .cloned()
            .ok_or_else(|| format!("{name}: not a mutation-testing report (no files)"))
    };
    let mut merged_files = files_of(first_name, first)?;
    let mut seen: Map<String, Value> = Map::new();
    for (name, report) in reports {
        for key in ["schemaVersion", "thresholds", "projectRoot", "testFiles", "framework"] {
            if report.get(key) != first.get(key) {
                return Err(format!("{name}: its {key} differs from {first_name}'s: not a shard of the same campaign"));
            }
        }
        let files = files_of(name, report)?;
        let same_files = files.len() == merged_files.len()
            && files
                .iter()
                .all(|(file, body)| merged_files.get(file).and_then(|m| m.get("source")) == body.get("source"));
        if !same_files {
            return Err(format!(
                "{name}: its files or sources differ from {first_name}'s: not a shard of the same campaign"
            ));
        }
        for (file, body) in &files {
            for mutant in body.get("mutants").and_then(Value::as_array).into_iter().flatten() {
                let id =
                    mutant.get("id").map(id_text).ok_or_else(|| format!("{name}: {file}: a mutant without an id"))?;
                if let Some(earlier) = seen.get(&id) {
                    if earlier != mutant {
                        return Err(format!("{name}: mutant {id} differs from the one another report has"));
                    }
                    continue;
                }
                seen.insert(id.clone(), mutant.clone());
                if !std::ptr::eq(report, first) {
                    let list = merged_files[file]["mutants"].as_array_mut().expect("checked: a mutants array");
                    list.push(mutant.clone());
                }
            }
        }
    }
    for body in merged_files.values_mut() {
        if let Some(list) = body.get_mut("mutants").and_then(Value::as_array_mut) {
            // Id order, as one campaign lists them (ids are whole numbers as text).
            list.sort_by_key(|m| m.get("id").map(id_text).and_then(|id| id.parse::<u64>().ok()).unwrap_or(u64::MAX));
        }
    }
    let mut merged = first.clone();
    merged["files"] = Value::Object(merged_files);
    Ok(merged)
}

fn id_text(id: &Value) -> String {
    match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn report(mutants: Vec<Value>) -> Value {
        json!({
            "schemaVersion": "2",
            "thresholds": { "high": 80, "low": 60, "break": null },
            "projectRoot": ".",
            "files": { "p/Code.gs": { "language": "javascript", "source": "x", "mutants": mutants } },
            "testFiles": {},
            "framework": { "name": "gas-sim", "version": "0" },
        })
    }

    fn mutant(id: &str, status: &str) -> Value {
        json!({ "id": id, "mutatorName": "M", "status": status })
    }

    #[test]
    fn shards_join_in_id_order() {
        let a = report(vec![mutant("1", "Killed"), mutant("3", "Survived"), mutant("10", "Killed")]);
        let b = report(vec![mutant("2", "Killed"), mutant("4", "Timeout")]);
        let whole = report(vec![
            mutant("1", "Killed"),
            mutant("2", "Killed"),
            mutant("3", "Survived"),
            mutant("4", "Timeout"),
            mutant("10", "Killed"),
        ]);
        let merged = merge_reports(&[("b".into(), b.clone()), ("a".into(), a.clone())]).unwrap();
        assert_eq!(merged, whole);
        assert_eq!(merge_reports(&[("a".into(), a.clone()), ("a again".into(), a.clone())]).unwrap(), a);
    }

    #[test]
    fn reports_of_different_campaigns_are_refused() {
        let a = report(vec![mutant("1", "Killed")]);
        let mut other = report(vec![mutant("2", "Killed")]);
        other["files"]["p/Code.gs"]["source"] = json!("y");
        assert!(merge_reports(&[("a".into(), a.clone()), ("o".into(), other)]).unwrap_err().contains("sources differ"));
        let clash = report(vec![mutant("1", "Survived")]);
        assert!(merge_reports(&[("a".into(), a.clone()), ("c".into(), clash)])
            .unwrap_err()
            .contains("mutant 1 differs"));
        let mut thresholds = report(vec![]);
        thresholds["thresholds"]["high"] = json!(90);
        assert!(merge_reports(&[("a".into(), a), ("t".into(), thresholds)])
            .unwrap_err()
            .contains("thresholds differs"));
        assert!(merge_reports(&[]).is_err());
    }
}
