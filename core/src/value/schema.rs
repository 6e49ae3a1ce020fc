//! The JSON Schemas of the value types (the core's `schema` feature): what each is on the
//! wire and the bounds it checks, for the OpenAPI document. Numbers are JSON numbers written with
//! their exact digits (S1.1); a schema's `maximum` says the bound, its decimals are in the
//! description.

use std::borrow::Cow;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

use super::{
    Amount, Coefficient, ConversionRate, CurrencyCode, Date, EventTimestamp, Exact, HourlyRate,
    Hours, Id, Interval, IsoWeekday, Key, Month, Name, Occurrences, OpenPercentage, Percentage,
    Quantity, UtcTimestamp, WholeAmount,
};

/// Implements `JsonSchema` for value types, inlined where they are used, each with its schema.
macro_rules! schema {
    ($($name:ident => $schema:tt;)*) => {$(
        impl JsonSchema for $name {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($name))
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!($schema)
            }
        }
    )*};
}

schema! {
    Exact => {
        "type": "number",
        "description": "An exact decimal, written with its digits (S1.1)"
    };
    Amount => {
        "type": "number", "minimum": 0, "maximum": 1_000_000_000_000_000u64,
        "description": "Money as entered: 0 to 10^15, the currency's decimals (S1.8)"
    };
    Quantity => {
        "type": "number", "minimum": 0, "maximum": 1_000_000_000_000_000u64,
        "description": "A quantity from 0 to 10^15 (S9.3)"
    };
    Hours => {
        "type": "number", "minimum": 0, "maximum": 9999.99,
        "description": "Hours, ####.##: at most 2 decimals (S1.2)"
    };
    Percentage => {
        "type": "number", "minimum": 0, "maximum": 100,
        "description": "A percentage from 0 to 100 (S1.3)"
    };
    OpenPercentage => {
        "type": "number", "minimum": 0, "maximum": 10000,
        "description": "A percentage from 0 to 10,000 (S1.3)"
    };
    HourlyRate => {
        "type": "number", "minimum": 0, "maximum": 1_000_000_000_000u64,
        "description": "An hourly rate: 0 to 10^12, at most 4 decimals (S1.3, S1.8)"
    };
    Coefficient => {
        "type": "number", "exclusiveMinimum": 0, "maximum": 1000,
        "description": "An overtime coefficient: more than 0, at most 1000, at most 4 decimals"
    };
    ConversionRate => {
        "type": "number", "exclusiveMinimum": 0, "maximum": 10_000_000_000u64,
        "description": "An exchange rate: more than 0, at most 10^10, at most 10 decimals (S5.3)"
    };
    WholeAmount => {
        "type": "number", "minimum": 0, "maximum": 1_000_000_000_000_000u64,
        "description": "A whole amount from 0 to 10^15 (S10.2)"
    };
    Id => {
        "type": "integer", "minimum": 0,
        "description": "A record's id, assigned by the service"
    };
    Interval => { "type": "integer", "minimum": 1, "maximum": 100000 };
    Occurrences => { "type": "integer", "minimum": 1, "maximum": 100000 };
    IsoWeekday => {
        "type": "integer", "minimum": 1, "maximum": 7,
        "description": "1 for Monday to 7 for Sunday"
    };
    CurrencyCode => {
        "type": "string", "pattern": "^[A-Z]{3}$",
        "description": "An ISO 4217 currency code"
    };
    Key => { "type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[A-Za-z0-9_.-]+$" };
    Name => {
        "type": "string", "minLength": 1, "maxLength": 255,
        "description": "1 to 255 characters, not blank, no invisible formatting or control character (S11.7)"
    };
    Date => { "type": "string", "format": "date", "description": "yyyy-MM-dd (S2.1)" };
    Month => { "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$", "description": "A month, yyyy-MM" };
    UtcTimestamp => {
        "type": "string",
        "description": "A UTC date and time, yyyy-MM-ddTHH:mm:ssZ"
    };
    EventTimestamp => {
        "type": "string",
        "description": "A date and time with milliseconds, yyyy-MM-ddTHH:mm:ss.SSS"
    };
}
