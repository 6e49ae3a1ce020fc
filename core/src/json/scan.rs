//! One pass over a body's bytes, before it is read: what serde_json would let through or refuse
//! out of place. A body nests at most 127 levels of arrays and objects in every interface and
//! every field, read or ignored (serde_json skips an ignored field at any depth, and reads at
//! most 127 into a `Value`); no text holds NUL (`\u0000`: it ends strings in C, in logs and in
//! the tools people read exports with). A refusal names the field it is in.

use super::error::WireError;

/// The most levels of arrays and objects a body nests.
const MAX_DEPTH: usize = 127;

/// The refusal of what the pass finds in `body` (valid UTF-8), if anything: the first place it
/// nests too deep or a string holds an escaped NUL.
pub(super) fn check(body: &[u8]) -> Option<WireError> {
    let mut depth = 0usize;
    let mut index = 0;
    while index < body.len() {
        match body[index] {
            b'{' | b'[' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(WireError::Invalid {
                        field: path_at(body, index),
                        message: format!("nested deeper than {MAX_DEPTH} arrays and objects"),
                    });
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'"' => {
                index += 1;
                while index < body.len() && body[index] != b'"' {
                    if body[index] == b'\\' {
                        if body[index + 1..].starts_with(b"u0000") {
                            // Placed just past the string, as a refused value is.
                            let end = body[index..]
                                .iter()
                                .position(|&b| b == b'"')
                                .map_or(body.len(), |at| index + at + 1);
                            return Some(WireError::Invalid {
                                field: path_at(body, end),
                                message: "a NUL character (\\u0000) is not accepted in any text"
                                    .to_owned(),
                            });
                        }
                        index += 1;
                    }
                    index += 1;
                }
            }
            _ => {}
        }
        index += 1;
    }
    None
}

/// The path (`recurrence.recurrenceOn[1]`, `results[0].deletedAt`) of the value at the offset the
/// reader placed its refusal at: just after a value its type refused, at the start of a value of
/// the wrong type, just after an object that lacks a field. The path is that of the containers
/// open at that point, each with the key (once its colon is read) or the index of the value it is
/// in. Reading the body again only when it is refused keeps the reading of every accepted body free
/// of any path keeping.
fn path_at(body: &[u8], at: usize) -> String {
    let end = at.min(body.len());
    let mut frames: Vec<Frame> = Vec::new();
    let mut index = 0;
    while index < end {
        let byte = body[index];
        match byte {
            b'{' | b'[' => {
                begin_element(&mut frames);
                frames.push(if byte == b'{' {
                    Frame::Object {
                        key: None,
                        in_value: false,
                    }
                } else {
                    // The first element begins here: an element the reader refuses before
                    // reading it (an object where a string belongs) is already at its index.
                    Frame::Array {
                        index: 0,
                        begun: false,
                    }
                });
                index += 1;
            }
            b'}' | b']' => {
                frames.pop();
                index += 1;
            }
            b':' => {
                if let Some(Frame::Object { in_value, .. }) = frames.last_mut() {
                    *in_value = true;
                }
                index += 1;
            }
            b',' => {
                match frames.last_mut() {
                    Some(Frame::Object { key, in_value }) => {
                        *key = None;
                        *in_value = false;
                    }
                    Some(Frame::Array { index, begun }) => {
                        *index += 1;
                        *begun = false;
                    }
                    None => {}
                }
                index += 1;
            }
            b'"' => {
                let (text, next) = string_at(body, index + 1, end);
                if let Some(Frame::Object {
                    key,
                    in_value: false,
                }) = frames.last_mut()
                {
                    *key = Some(text);
                } else {
                    begin_element(&mut frames);
                }
                index = next;
            }
            b' ' | b'\t' | b'\n' | b'\r' => index += 1,
            _ => {
                // A number or a literal: one value, up to the next delimiter.
                begin_element(&mut frames);
                while index < end && !b",:{}[] \t\n\r\"".contains(&body[index]) {
                    index += 1;
                }
            }
        }
    }
    // An array the reader stopped in before any element, at its `]`, is refused as a whole (an
    // empty one where something else belongs): no element is named.
    let at_close = body[end..].iter().find(|byte| !byte.is_ascii_whitespace()) == Some(&b']');
    if at_close && matches!(frames.last(), Some(Frame::Array { begun: false, .. })) {
        frames.pop();
    }
    let mut path = String::new();
    for frame in &frames {
        match frame {
            Frame::Object {
                key: Some(key),
                in_value: true,
            } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Array { index: at, .. } => {
                path.push('[');
                path.push_str(&at.to_string());
                path.push(']');
            }
            _ => {}
        }
    }
    path
}

/// A container open at the point [`path_at`] looks for.
enum Frame {
    /// An object: the key last read, and whether its colon was (so the reader is in its value).
    Object { key: Option<String>, in_value: bool },
    /// An array: the index of the element the reader is at (counted at `[` and at each `,`),
    /// and whether that element has begun.
    Array { index: usize, begun: bool },
}

/// A value begins: in an array, its element has.
fn begin_element(frames: &mut [Frame]) {
    if let Some(Frame::Array { begun, .. }) = frames.last_mut() {
        *begun = true;
    }
}

/// The text of the string whose contents begin at `from` (its escapes read by the JSON reader
/// itself), and the index just past its closing quote; a string cut off at `end`, or one the reader
/// refuses (a lone surrogate), is given as it stands.
fn string_at(body: &[u8], from: usize, end: usize) -> (String, usize) {
    let raw = |until: usize| String::from_utf8_lossy(&body[from..until]).into_owned();
    let mut index = from;
    while index < end {
        match body[index] {
            b'"' => {
                let text = serde_json::from_slice::<String>(&body[from - 1..=index])
                    .unwrap_or_else(|_| raw(index));
                return (text, index + 1);
            }
            b'\\' => index += 2,
            _ => index += 1,
        }
    }
    (raw(end.min(body.len())), end)
}
