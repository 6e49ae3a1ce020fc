//! The JSON reader under [`Read`](super::Read): one pass over the body's bytes, with no generic
//! code, so that the wasm package holds it once however many wire types it reads.
//!
//! It accepts exactly RFC 8259 JSON, as serde_json does (`tests/codec_oracle.rs`), nesting up to
//! 128 levels. When a body is refused, [`from_json`](super::from_json) first passes over it whole
//! with [`Reader::check_syntax`], so that a malformed body is refused as such, in the reader's
//! words, at the place its JSON breaks.

use std::borrow::Cow;

/// The refusal of a value nested deeper than the reader goes.
pub(crate) const TOO_DEEP: &str = "nested deeper than 128 arrays and objects";

/// How deep arrays and objects may nest.
const MAX_DEPTH: u32 = 128;

/// Why a body was refused, and where: a byte offset into the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The byte offset the fault is placed at (see [`from_json`](super::from_json) for how it names a
    /// field).
    pub at: usize,
    /// What is wrong.
    pub kind: FaultKind,
}

/// The error a value type refused a value with, carried as it is to whoever reads the refusal:
/// [`WireError::value_error`](super::WireError::value_error) gives it back typed. Two causes are
/// equal when they say the same.
#[derive(Debug, Clone)]
pub struct Cause(std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl Cause {
    /// The error, when it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref::<E>()
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Cause {}

impl core::fmt::Display for Cause {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

/// What is wrong with a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultKind {
    /// The body is not JSON.
    Syntax(&'static str),
    /// A value is of the wrong type, or refused by the codec.
    Invalid(String),
    /// A value refused by its value type, with that type's own error.
    Value(Cause),
    /// A required field of the object that ends at the fault's offset is absent.
    Missing(&'static str),
}

/// What a JSON value is, from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `{`
    Object,
    /// `[`
    Array,
    /// `"`
    String,
    /// `-` or a digit.
    Number,
    /// `true` or `false`.
    Bool,
    /// `null`
    Null,
    /// Anything else: not a value.
    Other,
    /// The end of the body.
    End,
}

/// A cursor over one JSON body (already checked to be UTF-8).
pub struct Reader<'a> {
    text: &'a str,
    at: usize,
    depth: u32,
    /// Where the last key read began.
    key_at: usize,
    /// Whether [`skip`](Self::skip) passes over values of any depth (checking syntax only).
    unbounded: bool,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Reader {
            text,
            at: 0,
            depth: 0,
            key_at: 0,
            unbounded: false,
        }
    }

    /// Checks that `text` is one JSON value and nothing else, at any depth: the fault, placed
    /// where the text stops being JSON, when it is not.
    pub fn check_syntax(text: &'a str) -> Result<(), Fault> {
        let mut reader = Reader::new(text);
        reader.unbounded = true;
        reader.skip()?;
        reader.end()
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// The offset of the next byte to read.
    pub fn offset(&self) -> usize {
        self.at
    }

    fn skip_space(&mut self) {
        let bytes = self.bytes();
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// Skips white space and says what the next value is.
    pub fn peek(&mut self) -> Kind {
        self.skip_space();
        match self.bytes().get(self.at) {
            None => Kind::End,
            Some(b'{') => Kind::Object,
            Some(b'[') => Kind::Array,
            Some(b'"') => Kind::String,
            Some(b'-' | b'0'..=b'9') => Kind::Number,
            Some(b't' | b'f') => Kind::Bool,
            Some(b'n') => Kind::Null,
            Some(_) => Kind::Other,
        }
    }

    /// A syntax fault at the current offset.
    #[inline(never)]
    pub fn syntax(&self, what: &'static str) -> Fault {
        Fault {
            at: self.at,
            kind: FaultKind::Syntax(what),
        }
    }

    /// A fault of the value just read: placed at the current offset, just after it, so that it
    /// names the value's field.
    #[inline(never)]
    pub fn invalid(&self, message: String) -> Fault {
        Fault {
            at: self.at,
            kind: FaultKind::Invalid(message),
        }
    }

    /// A refusal of the value just read by its type, carrying the type's own error: placed where
    /// [`invalid`](Self::invalid) places it.
    pub fn refused(&self, error: impl std::error::Error + Send + Sync + 'static) -> Fault {
        Fault {
            at: self.at,
            kind: FaultKind::Value(Cause(std::sync::Arc::new(error))),
        }
    }

    /// A refusal of the key just read (a map's key, a variant's name): placed where the key
    /// begins, so that it names the object that holds the key.
    #[inline(never)]
    pub fn invalid_key(&self, message: String) -> Fault {
        Fault {
            at: self.key_at,
            kind: FaultKind::Invalid(message),
        }
    }

    /// A required field absent from the object just read.
    #[inline(never)]
    pub fn missing(&self, name: &'static str) -> Fault {
        Fault {
            at: self.at,
            kind: FaultKind::Missing(name),
        }
    }

    /// Refuses the value at the current offset as the wrong type: "invalid type: string \"x\",
    /// expected a date". The value is read first, so the body's syntax is checked up to its end,
    /// but the fault is placed at its start (inside its field).
    #[inline(never)]
    pub fn wrong_type(&mut self, expected: &str) -> Fault {
        let kind = self.peek();
        let start = self.at;
        let unexpected = match kind {
            Kind::Object => Ok("an object".to_owned()),
            Kind::Array => Ok("an array".to_owned()),
            Kind::String => self.string().map(|text| format!("the string {text:?}")),
            Kind::Number => self.number().map(|text| format!("the number {text}")),
            Kind::Bool => self.boolean().map(|value| value.to_string()),
            Kind::Null => self.null().map(|()| "null".to_owned()),
            Kind::Other | Kind::End => return self.syntax("expected a JSON value"),
        };
        match unexpected {
            Ok(unexpected) => Fault {
                at: start,
                kind: FaultKind::Invalid(format!("expected {expected}, found {unexpected}")),
            },
            Err(fault) => fault,
        }
    }

    /// Reads a JSON string, its escapes decoded.
    pub fn string(&mut self) -> Result<Cow<'a, str>, Fault> {
        self.skip_space();
        let bytes = self.bytes();
        if bytes.get(self.at) != Some(&b'"') {
            return Err(self.syntax("expected a string"));
        }
        self.at += 1;
        let start = self.at;
        let mut owned: Option<String> = None;
        let mut run = start;
        loop {
            match bytes.get(self.past_plain_text()) {
                None => return Err(self.syntax("the text ends inside a string")),
                Some(b'"') => {
                    let tail = &self.text[run..self.at];
                    self.at += 1;
                    return Ok(match owned {
                        None => Cow::Borrowed(tail),
                        Some(mut text) => {
                            text.push_str(tail);
                            Cow::Owned(text)
                        }
                    });
                }
                Some(b'\\') => {
                    let text = owned.get_or_insert_with(String::new);
                    text.push_str(&self.text[run..self.at]);
                    self.at += 1;
                    self.escape(text)?;
                    run = self.at;
                }
                Some(_) => {
                    return Err(self.syntax(
                        "a control character (U+0000 to U+001F) in a string must be escaped",
                    ))
                }
            }
        }
    }

    /// Decodes the escape after a backslash into `text`.
    fn escape(&mut self, text: &mut String) -> Result<(), Fault> {
        let Some(&byte) = self.bytes().get(self.at) else {
            return Err(self.syntax("the text ends inside a string"));
        };
        self.at += 1;
        let decoded = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let first = self.hex4()?;
                let code = match first {
                    0xD800..=0xDBFF => {
                        // A leading surrogate must be followed by an escaped trailing one.
                        let bytes = self.bytes();
                        if bytes.get(self.at) != Some(&b'\\')
                            || bytes.get(self.at + 1) != Some(&b'u')
                        {
                            // A leading surrogate left on its own.
                            return Err(
                                self.invalid("an unpaired surrogate in a \\u escape".to_owned())
                            );
                        }
                        self.at += 2;
                        let second = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&second) {
                            return Err(
                                self.invalid("an unpaired surrogate in a \\u escape".to_owned())
                            );
                        }
                        0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    }
                    0xDC00..=0xDFFF => {
                        return Err(self.invalid("an unpaired surrogate in a \\u escape".to_owned()))
                    }
                    code => code,
                };
                if code == 0 {
                    // No text of the service may hold NUL: it ends strings in C, in logs and in
                    // the tools people read exports with.
                    return Err(self.invalid(
                        "a NUL character (\\u0000) is not accepted in any text".to_owned(),
                    ));
                }
                match char::from_u32(code) {
                    Some(c) => c,
                    None => {
                        return Err(
                            self.invalid("a \\u escape that is no Unicode character".to_owned())
                        )
                    }
                }
            }
            _ => return Err(self.syntax("an invalid escape in a string")),
        };
        text.push(decoded);
        Ok(())
    }

    fn hex4(&mut self) -> Result<u32, Fault> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = match self.bytes().get(self.at) {
                Some(&b) => (b as char).to_digit(16),
                None => return Err(self.syntax("the text ends inside a string")),
            };
            let Some(digit) = digit else {
                return Err(self.syntax("an invalid escape in a string"));
            };
            code = code * 16 + digit;
            self.at += 1;
        }
        Ok(code)
    }

    /// Reads a JSON number and gives its text, as written.
    pub fn number(&mut self) -> Result<&'a str, Fault> {
        self.skip_space();
        let bytes = self.bytes();
        let start = self.at;
        let mut at = start;
        if bytes.get(at) == Some(&b'-') {
            at += 1;
        }
        let digits = |at: &mut usize| {
            let from = *at;
            while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
                *at += 1;
            }
            *at - from
        };
        match bytes.get(at) {
            Some(b'0') => at += 1,
            Some(b'1'..=b'9') => {
                digits(&mut at);
            }
            _ => {
                self.at = at;
                return Err(self.syntax("invalid number"));
            }
        }
        if bytes.get(at) == Some(&b'.') {
            at += 1;
            if digits(&mut at) == 0 {
                self.at = at;
                return Err(self.syntax("invalid number"));
            }
        }
        if let Some(b'e' | b'E') = bytes.get(at) {
            at += 1;
            if let Some(b'+' | b'-') = bytes.get(at) {
                at += 1;
            }
            if digits(&mut at) == 0 {
                self.at = at;
                return Err(self.syntax("invalid number"));
            }
        }
        self.at = at;
        Ok(&self.text[start..at])
    }

    /// Reads `true` or `false`.
    pub fn boolean(&mut self) -> Result<bool, Fault> {
        self.skip_space();
        if self.literal("true") {
            Ok(true)
        } else if self.literal("false") {
            Ok(false)
        } else {
            Err(self.syntax("expected true, false or null"))
        }
    }

    /// Reads `null`.
    pub fn null(&mut self) -> Result<(), Fault> {
        self.skip_space();
        if self.literal("null") {
            Ok(())
        } else {
            Err(self.syntax("expected true, false or null"))
        }
    }

    fn literal(&mut self, word: &str) -> bool {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    fn open(&mut self) -> Result<(), Fault> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            // Valid JSON, but deeper than any wire type nests.
            return Err(self.invalid(TOO_DEEP.to_owned()));
        }
        self.at += 1;
        Ok(())
    }

    /// Sets how deep the reader is nested, giving back how deep it was: a value that counts its
    /// own depth (a `crate::json::Value`) starts from 0 and restores the count after.
    pub(crate) fn swap_depth(&mut self, depth: u32) -> u32 {
        core::mem::replace(&mut self.depth, depth)
    }

    /// Enters an object (the caller has seen [`Kind::Object`] with [`peek`](Self::peek)).
    pub fn begin_object(&mut self) -> Result<(), Fault> {
        self.open()
    }

    /// The next key of the object entered, its colon read; `None` at the object's end (read).
    pub fn key(&mut self, first: &mut bool) -> Result<Option<Cow<'a, str>>, Fault> {
        if !self.next_item(b'}', first, "expected `,` or `}`")? {
            return Ok(None);
        }
        if self.peek() != Kind::String {
            return Err(self.syntax("an object's key must be a string"));
        }
        self.key_at = self.at;
        let key = self.string()?;
        self.skip_space();
        if self.bytes().get(self.at) != Some(&b':') {
            return Err(self.syntax("expected `:` after an object's key"));
        }
        self.at += 1;
        Ok(Some(key))
    }

    /// Enters an array (the caller has seen [`Kind::Array`]).
    pub fn begin_array(&mut self) -> Result<(), Fault> {
        self.open()
    }

    /// Whether another element follows in the array entered; at its end, reads the `]`.
    pub fn element(&mut self, first: &mut bool) -> Result<bool, Fault> {
        self.next_item(b']', first, "expected `,` or `]`")
    }

    /// Reads up to the next item of an object or array (`true`), or its closing byte (`false`).
    fn next_item(
        &mut self,
        close: u8,
        first: &mut bool,
        expected: &'static str,
    ) -> Result<bool, Fault> {
        self.skip_space();
        let bytes = self.bytes();
        match bytes.get(self.at) {
            Some(&b) if b == close => {}
            Some(b',') if !*first => {
                self.at += 1;
                self.skip_space();
                if bytes.get(self.at) == Some(&close) {
                    return Err(self.syntax("a comma must be followed by a value"));
                }
                return Ok(true);
            }
            None => return Err(self.syntax("the text ends inside an array or object")),
            Some(_) if *first => {
                *first = false;
                return Ok(true);
            }
            Some(_) => return Err(self.syntax(expected)),
        }
        // The close of an empty container, or after the last item.
        self.at += 1;
        self.depth -= 1;
        Ok(false)
    }

    /// Reads over one value of any kind, checking its syntax.
    ///
    /// As serde_json does with the values it ignores: strings are checked, not decoded (a lone surrogate
    /// escape is JSON), and nesting has no limit (the containers open are kept in a vector, not
    /// on the stack).
    pub fn skip(&mut self) -> Result<(), Fault> {
        // The containers open inside the value: `true` for an object.
        let mut open: Vec<bool> = Vec::new();
        self.skip_space();
        let start = self.at;
        loop {
            match self.peek() {
                kind @ (Kind::Object | Kind::Array) => {
                    let object = kind == Kind::Object;
                    self.at += 1;
                    self.skip_space();
                    if self.bytes().get(self.at) == Some(&if object { b'}' } else { b']' }) {
                        self.at += 1;
                    } else {
                        // A value passed over nests no deeper than one read: the same limit for
                        // every field and every interface.
                        if !self.unbounded
                            && self.depth as usize + open.len() + 1 > MAX_DEPTH as usize
                        {
                            // Refused as a whole, at its field, as a kept value is.
                            let mut fault = self.invalid(TOO_DEEP.to_owned());
                            fault.at = start;
                            return Err(fault);
                        }
                        open.push(object);
                        if object {
                            self.skip_key()?;
                        }
                        continue;
                    }
                }
                Kind::String => self.skip_string()?,
                Kind::Number => self.number().map(drop)?,
                Kind::Bool => self.boolean().map(drop)?,
                Kind::Null => self.null()?,
                Kind::Other | Kind::End => return Err(self.syntax("expected a JSON value")),
            }
            // After a value: close the containers it ends, or go on to the next item.
            loop {
                let Some(&object) = open.last() else {
                    return Ok(());
                };
                self.skip_space();
                let close = if object { b'}' } else { b']' };
                match self.bytes().get(self.at) {
                    Some(b',') => {
                        self.at += 1;
                        self.skip_space();
                        if self.bytes().get(self.at) == Some(&close) {
                            return Err(self.syntax("a comma must be followed by a value"));
                        }
                        if object {
                            self.skip_key()?;
                        }
                        break;
                    }
                    Some(&b) if b == close => {
                        self.at += 1;
                        open.pop();
                    }
                    None => return Err(self.syntax("the text ends inside an array or object")),
                    Some(_) if object => return Err(self.syntax("expected `,` or `}`")),
                    Some(_) => return Err(self.syntax("expected `,` or `]`")),
                }
            }
        }
    }

    /// Reads over an object's key and its colon.
    fn skip_key(&mut self) -> Result<(), Fault> {
        if self.peek() != Kind::String {
            return Err(self.syntax("an object's key must be a string"));
        }
        self.skip_string()?;
        self.skip_space();
        if self.bytes().get(self.at) != Some(&b':') {
            return Err(self.syntax("expected `:` after an object's key"));
        }
        self.at += 1;
        Ok(())
    }

    /// Moves to the next byte of a string that is not plain text (a quote, a backslash, a control
    /// character) or to the end of the body; its offset.
    fn past_plain_text(&mut self) -> usize {
        let bytes = self.bytes();
        self.at += bytes[self.at..]
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            .unwrap_or(bytes.len() - self.at);
        self.at
    }

    /// Reads over a string (the reader is at its quote), checking its escapes without decoding
    /// them.
    fn skip_string(&mut self) -> Result<(), Fault> {
        let bytes = self.bytes();
        self.at += 1;
        loop {
            match bytes.get(self.past_plain_text()) {
                None => return Err(self.syntax("the text ends inside a string")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(());
                }
                Some(b'\\') => {
                    self.at += 1;
                    match bytes.get(self.at) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.at += 1
                        }
                        Some(b'u') => {
                            self.at += 1;
                            self.hex4()?;
                        }
                        None => return Err(self.syntax("the text ends inside a string")),
                        Some(_) => return Err(self.syntax("an invalid escape in a string")),
                    }
                }
                Some(_) => {
                    return Err(self.syntax(
                        "a control character (U+0000 to U+001F) in a string must be escaped",
                    ))
                }
            }
        }
    }

    /// The text of the value read from `start` to here.
    pub fn since(&self, start: usize) -> &'a str {
        &self.text[start..self.at]
    }

    /// Checks that only white space follows the value read.
    pub fn end(&mut self) -> Result<(), Fault> {
        if self.peek() == Kind::End {
            Ok(())
        } else {
            Err(self.syntax("unexpected text after the JSON value"))
        }
    }
}

/// Whether a JSON number's text is a whole number as written (no point, no exponent).
pub(crate) fn is_integer_text(text: &str) -> bool {
    text.bytes().all(|b| b == b'-' || b.is_ascii_digit())
}
