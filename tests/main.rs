//! costfolio's integration tests, one test binary (one link, one file on disk, instead of one per
//! file: fifty binaries with debug info filled gigabytes of target/). Each file beside this one is a
//! module named after the capability it tests; `cargo test --test suite openapi::` runs the tests
//! whose path holds `openapi::` (a filter matches within names: `records::` also runs
//! `limits_records::`). Since this file is a `main.rs`, proptest keeps the files' regression seeds
//! in `proptest-regressions/NAME.txt` at the package's root, and replays them first. The helpers
//! that several files share are declared here, once, from `support/`; the lib (`support/lib.rs`,
//! the crate `costfolio_suite`) holds those the benchmarks share too.

#[path = "support/access_admin_routes.rs"]
mod access_admin_routes;
#[path = "support/access_admin_world.rs"]
mod access_admin_world;
#[path = "support/access_routes.rs"]
mod access_routes;
#[path = "support/access_world.rs"]
mod access_world;
#[path = "support/analytics_book.rs"]
mod analytics_book;
#[path = "support/api_doc_budget_calls.rs"]
mod api_doc_budget_calls;
#[path = "support/api_doc_calls.rs"]
mod api_doc_calls;
#[path = "support/api_doc_reading_calls.rs"]
mod api_doc_reading_calls;
#[path = "support/budget_calls.rs"]
mod budget_calls;
#[path = "support/core_service.rs"]
mod core_service;
#[path = "support/limits_calls.rs"]
mod limits_calls;
#[path = "support/openapi_check.rs"]
mod openapi_check;
#[path = "support/position_records.rs"]
mod position_records;
#[path = "support/records_world.rs"]
mod records_world;

mod access;
mod access_admin;
mod access_intruders;
mod access_portfolios;
mod analytics_baselines;
mod analytics_indicators;
mod analytics_properties;
mod api_doc;
mod baselines_as_approved;
mod budget_changes;
mod budget_expenses;
mod budget_folios;
mod budget_positions;
mod budget_scenario;
mod calendar;
mod closed_months;
mod codec_oracle;
mod computable;
mod core_accounts;
mod core_calendars;
mod core_refusals;
mod core_tokens;
mod core_worklogs;
mod cost_line_pages;
mod cost_line_properties;
mod cost_lines;
mod detached_change;
mod expenses;
mod explain;
mod folio_book;
mod forecast;
mod forecast_properties;
mod golden;
mod history;
mod history_pages;
mod json_path;
mod kept_books;
mod layers;
mod limits;
mod limits_accounts;
mod limits_lists;
mod limits_records;
mod limits_texts;
mod money_scale;
mod openapi;
mod plan;
mod plan_documents;
mod portfolio_reconciles;
mod position_examples;
mod position_properties;
mod position_refusals;
mod properties;
mod records;
mod records_custom_fields;
mod recurrence;
mod rejections;
mod rule_references;
mod scenarios;
mod scope_by_date;
mod service_properties;
mod usecases;
mod usecases_admin;
mod values;
mod wasm_vectors;
mod weight;
