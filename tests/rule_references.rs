//! The rules the code cites resolve in the repository: every `S6.2`-style rule named in
//! the code is stated in docs/semantics.md, the project's own statement of the rules, and every
//! `module::item` path the docs name is an item of the code.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path, ext));
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    out
}

fn sources() -> Vec<PathBuf> {
    ["core/src", "host/src", "wasm/src"]
        .iter()
        .flat_map(|dir| files(&root().join(dir), "rs"))
        .collect()
}

/// The rule numbers (`S6.5b`) in `text`: an `S`, not after a letter or digit, then numbers
/// joined by points (the first of one or two digits), then at most one lower-case letter.
fn rules(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let mut found = BTreeSet::new();
    for (at, _) in text.match_indices('S') {
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let rest = &text[at + 1..];
        let digits: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let digits = digits.trim_end_matches('.');
        if digits.is_empty() || !digits.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        // Sections are numbered 1 to 99: `S256` (PKCE's method) is a name, not a rule.
        if digits
            .split('.')
            .next()
            .is_some_and(|section| section.len() > 2)
        {
            continue;
        }
        let after = &rest[digits.len()..];
        let letter = after
            .chars()
            .next()
            .filter(|c| c.is_ascii_lowercase())
            .filter(|_| !after[1..].starts_with(|c: char| c.is_ascii_alphanumeric()));
        let end = after
            .chars()
            .nth(usize::from(letter.is_some()))
            .unwrap_or(' ');
        if end.is_ascii_alphanumeric() || end == '_' {
            continue;
        }
        let mut rule = format!("S{digits}");
        if let Some(letter) = letter {
            rule.push(letter);
        }
        found.insert(rule);
    }
    found
}

#[test]
fn every_rule_the_code_cites_is_stated_in_docs_semantics() {
    let semantics = fs::read_to_string(root().join("docs/semantics.md")).unwrap();
    // Where a rule is stated: a section (`## S6.`), or a rule in bold (`**S6.5b`), the number not
    // followed by more of a number (S6.5 is not stated by S6.5b alone).
    let stated = |rule: &str| {
        semantics.contains(&format!("## {rule}."))
            || semantics
                .match_indices(&format!("**{rule}"))
                .any(|(at, found)| {
                    let after = &semantics[at + found.len()..];
                    !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '.')
                        || after.starts_with(". ")
                })
    };
    let mut cited = 0;
    let mut unresolved = Vec::new();
    for file in sources() {
        let text = fs::read_to_string(&file).unwrap();
        for rule in rules(&text) {
            cited += 1;
            if !stated(&rule) {
                unresolved.push(format!("{rule} ({})", file.display()));
            }
        }
    }
    assert!(cited > 100, "the code cites rules: {cited}");
    assert!(
        unresolved.is_empty(),
        "rules cited but not stated in docs/semantics.md: {unresolved:#?}"
    );
}

#[test]
fn rule_numbers_are_found_where_they_are_written() {
    assert_eq!(
        rules("// S6.5b: synced (S11.4), not S1X nor CS2 nor S12.1a2 nor S256, but S3."),
        ["S11.4", "S3", "S6.5b"].map(String::from).into()
    );
}

#[test]
fn every_code_path_the_docs_name_is_an_item_of_the_code() {
    let code: String = sources()
        .iter()
        .map(|file| fs::read_to_string(file).unwrap())
        .collect();
    let defines = |name: &str| {
        [
            "fn ", "struct ", "enum ", "trait ", "type ", "const ", "mod ", "static ",
        ]
        .iter()
        .any(|keyword| {
            code.match_indices(&format!("{keyword}{name}"))
                .any(|(at, _)| {
                    let end = at + keyword.len() + name.len();
                    !code[end..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                })
        }) || code.lines().any(|line| {
            let line = line.trim_start();
            let words = || {
                line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .any(|word| word == name)
            };
            // Re-exported under this name (`pub use a::{b, name};`), an enum's variant or a
            // macro's argument (`Name(..)`, `Name,` or `Name {` opening a line), or a type a
            // macro defines (`some_macro!(Name, ..)`).
            (line.starts_with("pub use") && words())
                || [",", "(", " {"]
                    .iter()
                    .any(|end| line.starts_with(&format!("{name}{end}")))
                || line.contains(&format!("!({name},"))
        })
    };
    let mut missing = Vec::new();
    for doc in files(&root().join("docs"), "md") {
        let text = fs::read_to_string(&doc).unwrap();
        for quoted in text.split('`').skip(1).step_by(2) {
            let path = quoted.trim_end_matches("()");
            let well_formed = path.contains("::")
                && !path.contains(' ')
                && path
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':');
            let ours = [
                "value",
                "json",
                "model",
                "calendar",
                "recurrence",
                "schedule",
                "analytics",
                "state",
                "api",
                "plan",
                "table",
                "costfolio",
                "server",
                "store",
                "credentials",
                "planner",
                "demo",
                "auth",
                "session",
            ]
            .iter()
            .any(|module| path.starts_with(&format!("{module}::")));
            if !well_formed || !ours {
                continue;
            }
            let name = path.rsplit("::").next().unwrap_or(path);
            // A log target (`costfolio::request`) is a text the code writes, not an item.
            let target = code.contains(&format!("target: \"{path}\""));
            if !defines(name) && !target {
                missing.push(format!("{path} ({})", doc.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the docs name code that does not exist: {missing:#?}"
    );
}
