//! What the OpenAPI document says of one operation: its method, path template, summary,
//! parameters, body and answer (the core's `schema` feature), and how a row of a table of
//! operations carries it (`Doc`, `described!`: nothing without the feature). The budgeting interface's table of
//! operations holds one for each row; the `openapi` module writes them as operation objects.

#[cfg(feature = "schema")]
use schemars::{JsonSchema, Schema, SchemaGenerator};

/// What the OpenAPI document says of a row of a table of operations (its summary, parameters,
/// body and answer; the row gives the method and path), built when the document is written.
#[cfg(feature = "schema")]
pub type Doc = fn() -> Operation;
/// Without the `schema` feature a row carries no documentation (the server and the wasm package
/// need none).
#[cfg(not(feature = "schema"))]
pub type Doc = ();

/// A row's documentation: the expression with the `schema` feature, nothing without (its words are
/// then not even compiled).
#[cfg(feature = "schema")]
macro_rules! described {
    ($operation:expr) => {
        || $operation
    };
}
#[cfg(not(feature = "schema"))]
macro_rules! described {
    ($operation:expr) => {
        ()
    };
}
pub(crate) use described;

#[cfg(feature = "schema")]
/// The schema of a type, asked of the document's generator (a `$ref` to its component, or the
/// type's schema inline for a value type).
pub type SchemaFn = fn(&mut SchemaGenerator) -> Schema;

#[cfg(feature = "schema")]
/// The schema of `T`.
pub fn of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

#[cfg(feature = "schema")]
/// What an operation's request carries.
#[derive(Clone, Copy)]
pub enum Body {
    /// Nothing.
    None,
    /// A JSON body of this schema.
    Json(SchemaFn),
    /// A form (`application/x-www-form-urlencoded`): its fields, each with whether it is required.
    Form(&'static [(&'static str, bool)]),
}

#[cfg(feature = "schema")]
/// What an operation answers when it succeeds.
#[derive(Clone, Copy)]
pub enum Answer {
    /// 200 `{"success": value}` (the budgeting interface's envelope).
    Success(SchemaFn),
    /// 200 `{"success": value}`, or with `format=csv` the same figures as a CSV file.
    SuccessOrCsv(SchemaFn),
    /// A JSON body with this status.
    Json(u16, SchemaFn),
    /// No body, with this status (204 for a delete).
    Empty(u16),
    /// A redirect (302) with its `Location`.
    Redirect,
    /// Plain text with this status (the host's probes).
    Text(u16),
    /// 200 with a file of this media type (a workbook).
    File(&'static str),
}

#[cfg(feature = "schema")]
/// A query parameter.
#[derive(Clone, Copy)]
pub struct Param {
    /// Its name.
    pub name: &'static str,
    /// Whether the operation needs it.
    pub required: bool,
    /// Its JSON type: `string`, `integer`, `boolean`, or `date` (a `yyyy-MM-dd` string).
    pub kind: &'static str,
    /// What it means.
    pub description: &'static str,
}

#[cfg(feature = "schema")]
/// An optional query parameter.
pub const fn query(name: &'static str, kind: &'static str, description: &'static str) -> Param {
    Param {
        name,
        required: false,
        kind,
        description,
    }
}

#[cfg(feature = "schema")]
/// A required query parameter.
pub const fn required(name: &'static str, kind: &'static str, description: &'static str) -> Param {
    Param {
        name,
        required: true,
        kind,
        description,
    }
}

#[cfg(feature = "schema")]
/// One operation.
#[derive(Clone)]
pub struct Operation {
    /// `GET`, `POST`, `PUT` or `DELETE`.
    pub method: &'static str,
    /// The path template: `{id}` (and `{holidayId}`) a record's id, `{key}` a key or user.
    pub path: &'static str,
    /// What it does.
    pub summary: &'static str,
    /// Whether it is an extension of the contract (../shared/design/extensions.md).
    pub extension: bool,
    /// Its query parameters.
    pub query: Vec<Param>,
    /// Its request body.
    pub body: Body,
    /// Its answer.
    pub answer: Answer,
}

#[cfg(feature = "schema")]
impl Operation {
    /// An operation of the contract answering `answer`.
    pub fn new(method: &'static str, path: &'static str, summary: &'static str) -> Operation {
        Operation {
            method,
            path,
            summary,
            extension: false,
            query: Vec::new(),
            body: Body::None,
            answer: Answer::Empty(204),
        }
    }

    /// The same, an extension.
    pub fn ext(method: &'static str, path: &'static str, summary: &'static str) -> Operation {
        Operation {
            extension: true,
            ..Operation::new(method, path, summary)
        }
    }

    /// With this JSON body.
    pub fn body(self, schema: SchemaFn) -> Operation {
        Operation {
            body: Body::Json(schema),
            ..self
        }
    }

    /// With this form body.
    pub fn form(self, fields: &'static [(&'static str, bool)]) -> Operation {
        Operation {
            body: Body::Form(fields),
            ..self
        }
    }

    /// With these query parameters.
    pub fn query(self, query: impl IntoIterator<Item = Param>) -> Operation {
        Operation {
            query: query.into_iter().collect(),
            ..self
        }
    }

    /// Answering `answer`.
    pub fn answers(self, answer: Answer) -> Operation {
        Operation { answer, ..self }
    }
}
