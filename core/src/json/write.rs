//! Writing wire types as JSON without serde's per-type serializers: the counterpart of
//! [`super::read`].
//!
//! [`Write`] appends a value's compact JSON to a [`Writer`] (one non-generic writer for the whole
//! crate). `#[derive(Write)]` (crate `costfolio-derive`) writes each type's function from the
//! same `#[wire(...)]` attributes its reader uses (`rename`, `rename_all`, `skip`, and
//! `omit_none`), so a type is written under the names it is read
//! with. The output is what serde_json wrote: fields in declaration order, absent optional fields
//! left out, enums as their (renamed) variant names, externally tagged, strings escaped as
//! serde_json escapes them, numbers with exactly their digits.

use std::collections::BTreeMap;

pub use costfolio_derive::Write;

/// A type written as JSON by [`to_json`](super::to_json).
pub trait Write {
    /// Appends the value's JSON.
    fn write(&self, writer: &mut Writer);
}

/// A type written as a JSON object's key (the keys of a map field).
pub trait WriteKey {
    /// The key's text.
    fn write_key(&self, writer: &mut Writer);
}

/// Compact JSON being written.
#[derive(Debug, Default)]
pub struct Writer {
    out: String,
}

impl Writer {
    /// An empty writer.
    pub fn new() -> Self {
        Writer::default()
    }

    /// The JSON written.
    pub fn finish(self) -> String {
        self.out
    }

    /// Writes raw JSON text (a number, a literal, or JSON already written).
    pub fn raw(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Writes a JSON string, escaped as serde_json escapes it.
    #[inline(never)]
    pub fn string(&mut self, text: &str) {
        self.out.push('"');
        let mut plain = 0;
        for (at, byte) in text.bytes().enumerate() {
            let escape = match byte {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0x08 => "\\b",
                0x0c => "\\f",
                0..=0x1f => "",
                _ => continue,
            };
            self.out.push_str(&text[plain..at]);
            if escape.is_empty() {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                self.out.push_str("\\u00");
                self.out.push(char::from(HEX[usize::from(byte >> 4)]));
                self.out.push(char::from(HEX[usize::from(byte & 0xf)]));
            } else {
                self.out.push_str(escape);
            }
            plain = at + 1;
        }
        self.out.push_str(&text[plain..]);
        self.out.push('"');
    }

    /// Writes a whole number.
    #[inline(never)]
    pub fn unsigned(&mut self, value: u64) {
        use core::fmt::Write as _;
        let _ = write!(self.out, "{value}");
    }

    /// Opens an object.
    #[inline(never)]
    pub fn begin_object(&mut self) {
        self.out.push('{');
    }

    /// Writes the key of the next field of the object open (its value follows).
    #[inline(never)]
    pub fn key(&mut self, name: &str) {
        self.separate();
        self.string(name);
        self.out.push(':');
    }

    /// Starts the next key of the object open, to be written by the caller (a map's key).
    pub fn begin_key(&mut self) {
        self.separate();
    }

    /// Ends a key begun with [`begin_key`](Self::begin_key).
    pub fn end_key(&mut self) {
        self.out.push(':');
    }

    /// Closes the object open.
    #[inline(never)]
    pub fn end_object(&mut self) {
        self.out.push('}');
    }

    /// Opens an array.
    #[inline(never)]
    pub fn begin_array(&mut self) {
        self.out.push('[');
    }

    /// Starts the next element of the array open.
    #[inline(never)]
    pub fn element(&mut self) {
        self.separate();
    }

    /// Closes the array open.
    #[inline(never)]
    pub fn end_array(&mut self) {
        self.out.push(']');
    }

    /// A comma before every item but the first of the container open: the first follows its
    /// container's `{` or `[`, every other the end of a value (which never ends so).
    fn separate(&mut self) {
        if !self.out.ends_with(['{', '[']) {
            self.out.push(',');
        }
    }
}

/// Writes `value` as a struct variant or newtype variant: `{"Name":value}`.
#[doc(hidden)]
pub fn tagged(writer: &mut Writer, name: &str, value: &dyn Fn(&mut Writer)) {
    writer.begin_object();
    writer.key(name);
    value(writer);
    writer.end_object();
}

impl Write for str {
    fn write(&self, writer: &mut Writer) {
        writer.string(self);
    }
}

impl Write for String {
    fn write(&self, writer: &mut Writer) {
        writer.string(self);
    }
}

impl Write for bool {
    fn write(&self, writer: &mut Writer) {
        writer.raw(if *self { "true" } else { "false" });
    }
}

impl Write for u64 {
    fn write(&self, writer: &mut Writer) {
        writer.unsigned(*self);
    }
}

impl Write for i64 {
    fn write(&self, writer: &mut Writer) {
        use core::fmt::Write as _;
        let _ = write!(writer.out, "{self}");
    }
}

impl Write for u32 {
    fn write(&self, writer: &mut Writer) {
        writer.unsigned(u64::from(*self));
    }
}

impl Write for u16 {
    fn write(&self, writer: &mut Writer) {
        writer.unsigned(u64::from(*self));
    }
}

impl Write for usize {
    fn write(&self, writer: &mut Writer) {
        writer.unsigned(*self as u64);
    }
}

impl<T: Write + ?Sized> Write for &T {
    fn write(&self, writer: &mut Writer) {
        (**self).write(writer);
    }
}

impl<T: Write + ?Sized> Write for Box<T> {
    fn write(&self, writer: &mut Writer) {
        (**self).write(writer);
    }
}

impl<T: Write> Write for Option<T> {
    fn write(&self, writer: &mut Writer) {
        match self {
            Some(value) => value.write(writer),
            None => writer.raw("null"),
        }
    }
}

impl<T: Write> Write for [T] {
    fn write(&self, writer: &mut Writer) {
        writer.begin_array();
        for item in self {
            writer.element();
            item.write(writer);
        }
        writer.end_array();
    }
}

impl<T: Write> Write for Vec<T> {
    fn write(&self, writer: &mut Writer) {
        self.as_slice().write(writer);
    }
}

impl<T: Write, const N: usize> Write for [T; N] {
    fn write(&self, writer: &mut Writer) {
        self.as_slice().write(writer);
    }
}

impl<A: Write, B: Write> Write for (A, B) {
    fn write(&self, writer: &mut Writer) {
        writer.begin_array();
        writer.element();
        self.0.write(writer);
        writer.element();
        self.1.write(writer);
        writer.end_array();
    }
}

impl<K: WriteKey, V: Write> Write for BTreeMap<K, V> {
    fn write(&self, writer: &mut Writer) {
        write_map(writer, self.iter());
    }
}

/// Writes `(key, value)` pairs as a JSON object.
pub(crate) fn write_map<'a, K: WriteKey + 'a, V: Write + 'a>(
    writer: &mut Writer,
    pairs: impl Iterator<Item = (&'a K, &'a V)>,
) {
    writer.begin_object();
    for (key, value) in pairs {
        writer.begin_key();
        key.write_key(writer);
        writer.end_key();
        value.write(writer);
    }
    writer.end_object();
}

impl WriteKey for String {
    fn write_key(&self, writer: &mut Writer) {
        writer.string(self);
    }
}

impl WriteKey for u64 {
    fn write_key(&self, writer: &mut Writer) {
        writer.raw("\"");
        writer.unsigned(*self);
        writer.raw("\"");
    }
}
