//! Actuals in from real-shaped files over HTTP: CSV with a byte order mark, semicolons and comma
//! decimals; XLSX with dates as day numbers and as text; refusals by row and column; a dry run
//! and a refused run writing nothing; a second import of the same file changing nothing; a file
//! at the limit admitted while another user reads, and one past it refused.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod support;

use serde_json::{json, Value};
use support::{basic, cli, demo, send, Server};

fn base64(bytes: &[u8]) -> String {
    const TABLE: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(TABLE[((n >> (18 - 6 * i)) & 63) as usize])
            } else {
                '='
            });
        }
    }
    out
}

/// Posts an import of `file` with `columns` (and `more` fields) to folio `folio`.
fn import(
    server: &Server,
    auth: &str,
    folio: u64,
    dry_run: bool,
    file: &[u8],
    body: Value,
) -> (u16, Value) {
    let mut body = body;
    body["file"] = json!(base64(file));
    let answer = send(
        server.port,
        "POST",
        &format!("/budgets/1/folio/{folio}/import/actuals?dryRun={dry_run}"),
        &[
            ("Authorization", auth),
            ("Content-Type", "application/json"),
        ],
        &body.to_string(),
    );
    (answer.status, serde_json::from_str(&answer.text()).unwrap())
}

fn get(server: &Server, auth: &str, path: &str) -> Value {
    let answer = send(server.port, "GET", path, &[("Authorization", auth)], "");
    assert_eq!(answer.status, 200, "{path}");
    serde_json::from_str::<Value>(&answer.text()).unwrap()["success"].clone()
}

fn ac(server: &Server, auth: &str) -> String {
    get(
        server,
        auth,
        "/budgets/1/folio/1/indicators?asOf=2027-12-31",
    )["ac"]
        .to_string()
}

fn expenses_body() -> Value {
    json!({
        "kind": "expenses",
        "fileName": "erp-march.csv",
        "columns": {"date": "Datum", "amount": "Betrag", "name": "Lieferant",
                    "key": "Rechnung", "realises": "Plan", "currency": "Währung"}
    })
}

const ERP: &str = "\u{feff}Datum;Betrag;Währung;Lieferant;Rechnung;Plan\r\n\
31.03.2026;2.500,00;EUR;Steel Co;INV-1;Steel deck fabrication\r\n\
15.04.2026;\"1.234,56\";;\"Crane AG; Hamburg\";INV-2;\r\n\
\r\n\
2026-04-16;99,90;USD;Bolts Inc;INV-3;\r\n";

#[test]
fn a_csv_of_an_erp_is_read_previewed_imported_once_and_again_changes_nothing() {
    let (server, auth, _db) = demo("imports");
    let before = ac(&server, &auth);

    let (status, report) = import(&server, &auth, 1, true, ERP.as_bytes(), expenses_body());
    assert_eq!(status, 200, "{report}");
    let report = &report["success"];
    assert_eq!(report["rows"], 3, "{report}");
    assert_eq!(report["created"], 3);
    assert_eq!(report["decimalMark"], "comma");
    let lines = report["lines"].as_array().unwrap();
    assert_eq!(lines[0]["row"], 2);
    assert_eq!(lines[0]["amount"].to_string(), "2500.00");
    assert_eq!(lines[1]["name"], "Crane AG; Hamburg");
    assert_eq!(
        lines[1]["currencyCode"], "EUR",
        "the folio's currency when the cell is empty"
    );
    assert_eq!(
        lines[2]["row"], 5,
        "the empty row is skipped, the rows keep the file's numbers"
    );
    assert_eq!(lines[2]["date"], "2026-04-16");
    assert_eq!(ac(&server, &auth), before, "a dry run writes nothing");

    let (status, report) = import(&server, &auth, 1, false, ERP.as_bytes(), expenses_body());
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["success"]["created"], 3);
    let steel = report["success"]["lines"][0]["itemId"].as_u64().unwrap();
    let expense = get(&server, &auth, &format!("/budgets/1/expense/{steel}"));
    assert_eq!(expense["kind"], ".ActualExpense");
    assert_eq!(expense["sourceKey"], "INV-1");
    assert!(
        expense["realises"].as_u64().is_some(),
        "realises the planned steel deck"
    );
    assert_ne!(ac(&server, &auth), before);
    let after = ac(&server, &auth);

    // The same file again: nothing changes.
    let (status, report) = import(&server, &auth, 1, false, ERP.as_bytes(), expenses_body());
    assert_eq!(status, 200);
    assert_eq!(report["success"]["unchanged"], 3, "{report}");
    assert_eq!(report["success"]["created"], 0);
    assert_eq!(ac(&server, &auth), after);

    // One amount corrected: that expense changes, the others stay.
    let corrected = ERP.replace("2.500,00", "2.400,00");
    let (_, report) = import(
        &server,
        &auth,
        1,
        false,
        corrected.as_bytes(),
        expenses_body(),
    );
    assert_eq!(report["success"]["changed"], 1, "{report}");
    assert_eq!(report["success"]["unchanged"], 2);
    assert_eq!(
        report["success"]["lines"][0]["itemId"].as_u64(),
        Some(steel)
    );
}

#[test]
fn refused_rows_name_their_row_column_and_rule_and_a_real_run_writes_nothing() {
    let (server, auth, _db) = demo("imports");
    let before = ac(&server, &auth);
    let file = "Datum;Betrag;Währung;Lieferant;Rechnung;Plan\n\
31.03.2026;abc;EUR;A;K1;\n\
31.02.2026;10;EUR;B;K2;\n\
01.04.2026;-5;EUR;C;K3;\n\
01.04.2026;5;XXQ;D;K4;\n\
01.04.2026;5;EUR;E;K1;\n\
01.04.2026;5;EUR;F;K6;No such plan\n\
01.04.2026;5;EUR;;K7;\n\
01.04.2026;2.500,00;EUR;G;K8;\n";
    let (status, report) = import(&server, &auth, 1, true, file.as_bytes(), expenses_body());
    assert_eq!(status, 200);
    let report = &report["success"];
    assert_eq!(report["refused"], 7, "{report}");
    assert_eq!(report["created"], 1);
    let refusal = |row: u64| -> (String, String) {
        let line = report["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["row"] == row)
            .unwrap();
        assert_eq!(line["outcome"], "refused", "{line}");
        let r = &line["refusals"][0];
        (
            r["column"].as_str().unwrap().into(),
            r["message"].as_str().unwrap().into(),
        )
    };
    assert_eq!(refusal(2).0, "Betrag");
    assert!(refusal(2).1.contains("abc is not a number"));
    assert_eq!(refusal(3).0, "Datum");
    assert!(refusal(4).1.contains("negative"), "{:?}", refusal(4));
    assert_eq!(refusal(5).0, "Währung");
    assert_eq!(refusal(6).0, "Rechnung");
    assert!(refusal(6).1.contains("row 2"), "the key of row 2 again");
    assert_eq!(refusal(7).0, "Plan");
    assert_eq!(refusal(8).0, "Lieferant");

    let (status, answer) = import(&server, &auth, 1, false, file.as_bytes(), expenses_body());
    assert_eq!(status, 400, "{answer}");
    let said = answer["errorMessages"][0].as_str().unwrap();
    assert!(said.contains("7 of 8 rows refused"), "{said}");
    assert!(said.contains("row 2, column \"Betrag\""), "{said}");
    assert_eq!(ac(&server, &auth), before, "nothing written");

    // A mapping that names no column of the file, or leaves out a needed one: a dry run answers
    // the file's header and what the mapping lacks, a real run is refused with the same words.
    let mapping = json!({"kind": "expenses", "columns": {"date": "Datum", "amount": "Netto"}});
    let (status, answer) = import(&server, &auth, 1, true, file.as_bytes(), mapping.clone());
    assert_eq!(status, 200, "{answer}");
    let report = &answer["success"];
    assert_eq!(report["header"][1], "Betrag", "{report}");
    assert_eq!(report["rows"], 0);
    let lacks = &report["mappingRefusals"];
    assert!(
        lacks["columns.amount"]
            .as_str()
            .unwrap()
            .contains("\"Betrag\""),
        "{report}"
    );
    assert!(
        lacks["columns.name"].as_str().unwrap().contains("needed"),
        "{report}"
    );
    let (status, answer) = import(&server, &auth, 1, false, file.as_bytes(), mapping);
    assert_eq!(status, 400);
    assert_eq!(answer["errors"]["columns.amount"], lacks["columns.amount"]);
}

/// An XLSX file written as a spreadsheet writes one: dates as day numbers with a date format,
/// and as text; hours as numbers.
fn timesheet() -> Vec<u8> {
    use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    let date = Format::new().set_num_format("dd/mm/yyyy");
    for (c, h) in ["Employee", "From", "To", "Hours", "OT"].iter().enumerate() {
        sheet.write_string(0, c as u16, *h).unwrap();
    }
    type Row = (&'static str, (u16, u8, u8), &'static str, f64, f64);
    let rows: [Row; 3] = [
        ("Maria Keller", (2026, 3, 2), "2026-03-31", 152.5, 0.0),
        ("tnovak", (2026, 5, 4), "31.05.2026", 80.0, 4.0),
        ("Nobody", (2026, 5, 4), "31.05.2026", 8.0, 0.0),
    ];
    for (r, (person, from, to, hours, ot)) in rows.iter().enumerate() {
        let r = r as u32 + 1;
        sheet.write_string(r, 0, *person).unwrap();
        let day = ExcelDateTime::from_ymd(from.0, from.1, from.2).unwrap();
        sheet.write_datetime_with_format(r, 1, &day, &date).unwrap();
        sheet.write_string(r, 2, *to).unwrap();
        sheet.write_number(r, 3, *hours).unwrap();
        sheet.write_number(r, 4, *ot).unwrap();
    }
    book.save_to_buffer().unwrap()
}

#[test]
fn an_xlsx_timesheet_is_imported_as_worked_hours_once() {
    let (server, auth, _db) = demo("imports");
    let body = json!({"kind": "hours", "fileName": "hours.xlsx",
        "columns": {"person": "Employee", "from": "From", "until": "To",
                    "hours": "Hours", "overtimeHours": "OT"}});
    let (status, report) = import(&server, &auth, 1, true, &timesheet(), body.clone());
    assert_eq!(status, 200, "{report}");
    let report = &report["success"];
    assert_eq!(report["created"], 2, "{report}");
    assert_eq!(report["refused"], 1);
    let lines = report["lines"].as_array().unwrap();
    assert_eq!(lines[0]["date"], "2026-03-02");
    assert_eq!(lines[0]["until"], "2026-03-31");
    assert_eq!(lines[0]["amount"].to_string(), "152.5");
    assert_eq!(lines[1]["until"], "2026-05-31");
    assert_eq!(lines[2]["refusals"][0]["column"], "Employee");

    // A real run of it is refused as a whole (the unknown person); the same hours as a CSV,
    // without that row, are imported.
    let (status, _) = import(&server, &auth, 1, false, &timesheet(), body.clone());
    assert_eq!(status, 400, "a refused row refuses the run");
    let csv = "Employee,From,To,Hours,OT\nMaria Keller,2026-03-02,2026-03-31,152.5,0\ntnovak,04.05.2026,31.05.2026,80,4\n";
    let (status, report) = import(&server, &auth, 1, false, csv.as_bytes(), body.clone());
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["success"]["created"], 2);
    let team = get(&server, &auth, "/budgets/1/folio/1/team");
    let maria = team["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "Maria Keller")
        .unwrap();
    assert!(maria["workedHours"]
        .as_array()
        .unwrap()
        .iter()
        .any(|h| h["startDate"] == "2026-03-02" && h["effort"].to_string().as_str() == "152.5"));
    // The XLSX of the same hours now changes nothing (its unknown row still refused).
    let (_, report) = import(&server, &auth, 1, true, &timesheet(), body);
    assert_eq!(report["success"]["unchanged"], 2, "{report}");
    assert_eq!(report["success"]["created"], 0);
}

#[test]
fn another_user_imports_nothing_into_a_folio_not_theirs() {
    let (server, auth, db) = demo("imports");
    cli(
        &db,
        &["user", "add", "eve", "--password", "another password"],
    );
    let eve = basic("eve", "another password");
    let before = ac(&server, &auth);
    let (status, _) = import(&server, &eve, 1, false, ERP.as_bytes(), expenses_body());
    assert_eq!(status, 404);
    let (status, _) = import(&server, &eve, 999, false, ERP.as_bytes(), expenses_body());
    assert_eq!(status, 404, "the same as a missing folio");
    assert_eq!(ac(&server, &auth), before);
}

#[test]
fn a_file_at_the_limit_is_admitted_while_another_user_reads_and_one_past_it_is_refused() {
    let (server, auth, db) = demo("imports");
    cli(
        &db,
        &["user", "add", "eve", "--password", "another password"],
    );
    let eve = basic("eve", "another password");
    let mut file = String::from("Date,Amount,Vendor,Invoice\n");
    for i in 0..20_000 {
        file.push_str(&format!(
            "2026-04-{:02},{}.{:02},Vendor {},N-{i}\n",
            i % 28 + 1,
            i % 900 + 1,
            i % 100,
            i % 50
        ));
    }
    let body = json!({"kind": "expenses",
        "columns": {"date": "Date", "amount": "Amount", "name": "Vendor", "key": "Invoice"}});
    let port = server.port;
    let reader = std::thread::spawn(move || {
        let mut statuses = Vec::new();
        for _ in 0..20 {
            statuses.push(
                send(
                    port,
                    "GET",
                    "/budgets/1/folio",
                    &[("Authorization", &eve)],
                    "",
                )
                .status,
            );
        }
        statuses
    });
    let (status, report) = import(&server, &auth, 1, true, file.as_bytes(), body.clone());
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["success"]["created"], 20_000);
    assert_eq!(report["success"]["lines"].as_array().unwrap().len(), 200);
    assert_eq!(report["success"]["more"], 19_800);
    assert!(reader.join().unwrap().iter().all(|s| *s == 200));

    file.push_str("2026-04-01,1.00,One too many,N-last\n");
    let (status, answer) = import(&server, &auth, 1, true, file.as_bytes(), body);
    assert_eq!(status, 400);
    assert!(answer.to_string().contains("20000"), "{answer}");
}
