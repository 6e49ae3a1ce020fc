//! The core's modules form one line: each imports only the modules below it, so that
//! no lower layer knows the wire model, the state or the interfaces above it. The order is
//! docs/architecture.md's; a new module or import that breaks it fails here.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The core's modules, bottom first, and the helpers any module may use.
const LINE: [&str; 14] = [
    "json",
    "value",
    "model",
    "calendar",
    "recurrence",
    "schedule",
    "analytics",
    // Workbooks as content and the rows of files read in; the file formats are the host's.
    "sheets",
    "state",
    // The rules that check a change against the state, before a use case applies it.
    "rules",
    "usecase",
    "api",
    "plan",
    // The OpenAPI document (the `schema` feature): the wire types and the use cases' inputs.
    "openapi",
];
const HELPERS: [(&str, &[&str]); 2] = [("order", &[]), ("table", &["json"])];

fn sources(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_owned()];
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(path).unwrap() {
        files.extend(sources(&entry.unwrap().path()));
    }
    files
}

/// The modules of the crate that `module`'s files name as `crate::name`.
fn imports(module: &str) -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src");
    let dir = root.join(module);
    let path = if dir.is_dir() {
        dir
    } else {
        root.join(format!("{module}.rs"))
    };
    let mut named = BTreeSet::new();
    for file in sources(&path) {
        let text = fs::read_to_string(&file).unwrap();
        for (at, _) in text.match_indices("crate::") {
            // `costfolio::crate::` never occurs; `$crate::` in macros is not the crate's modules.
            if text[..at].ends_with('$') {
                continue;
            }
            let name: String = text[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() && name != module {
                named.insert(name);
            }
            // A grouped import, `crate::{a::X, b}`: each of its first segments.
            if text[at + 7..].starts_with('{') {
                let group = &text[at + 8..];
                let group = &group[..group.find('}').unwrap_or(group.len())];
                for part in group.split(',') {
                    let first: String = part
                        .trim()
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    if !first.is_empty() && first != module {
                        named.insert(first);
                    }
                }
            }
        }
    }
    named
}

#[test]
fn every_module_imports_only_the_modules_below_it() {
    for (place, module) in LINE.iter().enumerate() {
        let below: BTreeSet<&str> = LINE[..place]
            .iter()
            .copied()
            .chain(HELPERS.iter().map(|(helper, _)| *helper))
            .collect();
        for name in imports(module) {
            assert!(
                below.contains(name.as_str()),
                "core/src/{module} imports crate::{name}, which is not below it in {LINE:?}"
            );
        }
    }
    for (helper, allowed) in HELPERS {
        for name in imports(helper) {
            assert!(
                allowed.contains(&name.as_str()),
                "core/src/{helper} imports crate::{name}"
            );
        }
    }
}

#[test]
fn the_line_names_every_module_of_the_core() {
    let lib =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/lib.rs")).unwrap();
    for line in lib.lines() {
        let declared = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .and_then(|rest| rest.strip_suffix(';'));
        if let Some(module) = declared {
            assert!(
                LINE.contains(&module) || HELPERS.iter().any(|(helper, _)| *helper == module),
                "core/src/lib.rs declares {module}, which tests/layers.rs does not place"
            );
        }
    }
}

/// Inside the budgeting interface (`api/budget/`), the same: the answers at the bottom, the
/// folios on them, the records of a folio on those, the reports on all of them, the plan
/// documents, the shared data, the table of operations and the router on top. No file imports one above it.
#[test]
fn the_budgeting_interface_is_a_line_too() {
    const ORDER: [(&str, &[&str]); 13] = [
        ("responses", &[]),
        // Histories, read from the host's journal.
        ("history", &["responses"]),
        ("folios", &["responses"]),
        ("expenses", &["responses", "folios"]),
        ("positions", &["responses", "folios"]),
        ("portfolios", &["responses", "folios"]),
        (
            "reports",
            &["responses", "folios", "expenses", "positions", "portfolios"],
        ),
        // Cost lines, on the reports' parameters.
        ("lines", &["responses", "portfolios", "reports"]),
        // Workbooks, on the lines' parameters.
        (
            "workbooks",
            &["responses", "portfolios", "reports", "lines"],
        ),
        // The plan documents out and in: parsed here, decided by the use cases.
        ("plans", &["responses"]),
        // Actuals in from a file: read by the host, decided by the use cases.
        ("actuals", &["responses"]),
        // Exchange rates, overtime rules and users: what every folio shares.
        ("shared", &["responses"]),
        // The table of operations, on every handler.
        (
            "operations",
            &[
                "responses",
                "history",
                "folios",
                "expenses",
                "positions",
                "portfolios",
                "reports",
                "lines",
                "workbooks",
                "plans",
                "actuals",
                "shared",
            ],
        ),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/api/budget");
    for (module, allowed) in ORDER {
        // A module is a file, or a folder of them (the table of operations).
        let folder = dir.join(module);
        let path = if folder.is_dir() {
            folder
        } else {
            dir.join(format!("{module}.rs"))
        };
        for file in sources(&path) {
            let text = fs::read_to_string(&file).unwrap();
            for prefix in ["super::", "crate::api::budget::"] {
                for (at, _) in text.match_indices(prefix) {
                    let name: String = text[at + prefix.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    if name != module && ORDER.iter().any(|(sibling, _)| *sibling == name) {
                        assert!(
                            allowed.contains(&name.as_str()),
                            "{} imports {name}, which is not below {module}",
                            file.display()
                        );
                    }
                }
            }
        }
    }
}

/// The interfaces' modules (`api/`), the same: the plain request and response at the bottom, the
/// envelopes, the credentials and the authorization policy on them, the three interfaces on top.
#[test]
fn the_interfaces_are_a_line_too() {
    const ORDER: [&str; 8] = [
        "http",
        "reply",
        "auth",
        "access",
        "audit",
        "web",
        "core_admin",
        "budget",
    ];
    let api = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/api");
    for (place, module) in ORDER.iter().enumerate() {
        let dir = api.join(module);
        let path = if dir.is_dir() {
            dir
        } else {
            api.join(format!("{module}.rs"))
        };
        for file in sources(&path) {
            let text = fs::read_to_string(&file).unwrap();
            for prefix in ["super::", "crate::api::"] {
                for (at, _) in text.match_indices(prefix) {
                    let name: String = text[at + prefix.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    if let Some(other) = ORDER.iter().position(|m| *m == name) {
                        assert!(
                            other <= place,
                            "{} imports api::{name}, which is above {module} in {ORDER:?}",
                            file.display()
                        );
                    }
                }
            }
        }
    }
}

/// The state's own rooms, bottom first: its records and journal know nothing of what the state
/// keeps to answer fast; the history index knows nothing of the kept books; the
/// costing reads the kept books; a detached change (the import's) stands on all of them. Each
/// room is named by what it defines, and a file of a lower room may not name any of it.
#[test]
fn the_state_keeps_its_records_below_what_it_keeps_to_answer_fast() {
    const ROOMS: [(&str, &[&str], &[&str]); 5] = [
        (
            "records and journal",
            &[
                "records",
                "stored",
                "budget",
                "journal",
                "indexes",
                "shared_table",
                "audit_list",
                "baseline_frames",
                "closed_months",
                "scope",
            ],
            &[],
        ),
        (
            "history index",
            &["history_index"],
            &[
                "HistoryIndex",
                "RecordRef",
                "RecordKind",
                "Seqs",
                "records_of",
                "index_journal",
            ],
        ),
        (
            "kept books",
            &["kept_books"],
            &[
                "KeptBooks",
                "Lineage",
                "keep_books_by_default",
                "KEPT_BOOKS_BYTES",
            ],
        ),
        (
            "costing",
            &["costing", "scenarios"],
            &[
                "folio_book",
                "draft_book",
                "item_book",
                "synced_hours",
                "calendar_of",
                "with_draft",
                "as_plan",
            ],
        ),
        (
            "detached change",
            &["detached_change"],
            &["DetachedChange", "Misfit", "compute_detached"],
        ),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/state");
    for (place, (room, files, _)) in ROOMS.iter().enumerate() {
        for file in *files {
            let text = fs::read_to_string(dir.join(format!("{file}.rs"))).unwrap();
            let words: BTreeSet<&str> = text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .collect();
            for (above, names) in ROOMS
                .iter()
                .enumerate()
                .skip(place + 1)
                .map(|(i, r)| (i, r.2))
            {
                for name in names {
                    assert!(
                        !words.contains(name),
                        "state/{file}.rs ({room}) names {name}, of the {} above it",
                        ROOMS[above].0
                    );
                }
            }
        }
    }
    // Every file of the state is in a room (mod.rs ties them into the State).
    for entry in fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let stem = name.trim_end_matches(".rs");
        assert!(
            stem == "mod" || ROOMS.iter().any(|(_, files, _)| files.contains(&stem)),
            "state/{name} is in no room of the state's line"
        );
    }
}
