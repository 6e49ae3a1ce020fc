//! The path of the value a refused body was refused at (`positions[0].rate.rate`), found by
//! reading the body again up to the place serde_json names, rather than tracked while reading:
//! tracking it costs on every value of every body (a third of a large plan's reading in wasm, and
//! about 28 KB of the package compressed), re-reading costs only when a body is refused.
//!
//! The path is the one `serde_path_to_error` names for the same refusal (`tests/json_path.rs`
//! holds the two to each other): the keys and indices of the values open at the place, and the
//! value at the place itself unless the refusal is its container's (a missing field, a wrong
//! number of elements, a field given twice). One case reads alike at the place and is named as
//! the more likely: an array of arrays (`[[1]]`) given for a value that is no array is refused at
//! its first element (`field[0]`), as an array's first element given as an array would be.

/// Where the scan of a container stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stand {
    /// After its opening bracket or a comma: no key or element begun.
    Open,
    /// An object's key read, its colon not yet.
    Key,
    /// An object's colon read, or an array's element begun: a value under way.
    Value,
    /// A value read whole.
    After,
}

/// An open container: its last key (objects) or the index of its current element (arrays).
#[derive(Debug)]
struct Frame {
    key: Option<String>,
    index: usize,
    array: bool,
    stand: Stand,
}

impl Frame {
    fn segment(&self) -> Segment<'_> {
        if self.array {
            Segment::Index(self.index)
        } else {
            Segment::Key(self.key.as_deref().unwrap_or("?"))
        }
    }
}

enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

impl Segment<'_> {
    /// Appends this step to `path` as serde_path_to_error writes it (`a.b[2].c`).
    fn push_to(&self, path: &mut String) {
        match self {
            Segment::Index(index) => path.push_str(&format!("[{index}]")),
            Segment::Key(key) => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
        }
    }
}

/// Whether a refusal with serde's `message` is about the container the place stands in, not the
/// value at it.
fn of_container(message: &str) -> bool {
    message.starts_with("missing field")
        || message.starts_with("invalid length")
        || message.starts_with("duplicate field")
        || message.starts_with("trailing")
}

/// The byte offset of serde_json's `line` (from 1) and `column` (bytes after the line's start).
fn offset(text: &[u8], line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].iter().position(|&b| b == b'\n') {
            Some(at) => start += at + 1,
            None => break,
        }
    }
    (start + column).min(text.len())
}

/// The path of the value `text` (JSON, whole and well formed) was refused at, serde_json having
/// placed the refusal at `place` (line, column) with `message`; `own` when it is a value type's
/// own refusal, which serde_json places where the container around the value gave up (past the
/// comma after an element). Empty for the body itself.
pub(super) fn refused_at(
    text: &str,
    (line, column): (usize, usize),
    message: &str,
    own: bool,
) -> String {
    let bytes = text.as_bytes();
    let end = offset(bytes, line, column);
    // These two are placed just past the byte serde_json peeked at and did not read (an enum's
    // value that is neither a text nor an object; an element past a tuple's length): that byte is
    // not read here either, or its bracket would open a container serde never entered.
    let end = if message.starts_with("expected value") || message.starts_with("trailing") {
        end.saturating_sub(1)
    } else {
        end
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mut at = 0;
    // Whether the last thing read closed a container: serde_json places a refusal of a whole
    // object or array (a missing field, too few elements) just past its closing bracket.
    let mut closed_last = false;
    // The container that closed last, while `closed_last`: a value type's refusal (it has no place
    // of its own) is placed past the bracket of the container its value ends, when it was last.
    let mut closed: Option<Frame> = None;
    // The last text read as a value: an enum's variant, when the refusal is of its content.
    let mut last_text: Option<core::ops::Range<usize>> = None;
    // For a value type's own refusal: where each value read ended, and its path.
    let mut completed: Vec<(usize, String)> = Vec::new();
    while at < end {
        let byte = bytes[at];
        closed_last = closed_last && matches!(byte, b' ' | b'\t' | b'\n' | b'\r');
        if matches!(byte, b'{' | b'[' | b',') {
            last_text = None;
        }
        match byte {
            b'{' | b'[' => {
                begin_value(&mut stack);
                stack.push(Frame {
                    key: None,
                    index: 0,
                    array: byte == b'[',
                    stand: Stand::Open,
                });
                at += 1;
            }
            b'}' | b']' => {
                closed = stack.pop();
                end_value(&mut stack);
                closed_last = true;
                at += 1;
                if own {
                    completed.push((at, path_of(&stack)));
                }
            }
            b',' => {
                if let Some(frame) = stack.last_mut() {
                    if frame.array {
                        frame.index += 1;
                    }
                    frame.stand = Stand::Open;
                }
                at += 1;
            }
            b':' => {
                if let Some(frame) = stack.last_mut() {
                    frame.stand = Stand::Value;
                }
                at += 1;
            }
            b'"' => {
                let close = string_end(bytes, at);
                let is_key = stack
                    .last()
                    .is_some_and(|frame| !frame.array && frame.stand == Stand::Open);
                if is_key {
                    let raw = &text[at..close.min(text.len())];
                    let key =
                        serde_json::from_str::<String>(raw).unwrap_or_else(|_| raw.to_owned());
                    if let Some(frame) = stack.last_mut() {
                        frame.key = Some(key);
                        frame.stand = Stand::Key;
                    }
                } else {
                    begin_value(&mut stack);
                    end_value(&mut stack);
                    last_text = Some(at..close.min(text.len()));
                    if own {
                        completed.push((close, path_of(&stack)));
                    }
                }
                at = close;
            }
            b' ' | b'\t' | b'\n' | b'\r' => at += 1,
            _ => {
                // A number, true, false or null: read to its end.
                begin_value(&mut stack);
                while at < bytes.len()
                    && !matches!(bytes[at], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
                {
                    at += 1;
                }
                end_value(&mut stack);
                if own {
                    completed.push((at, path_of(&stack)));
                }
            }
        }
    }
    if own {
        if let Some(path) = refused_value(bytes, end, of_container(message), &completed) {
            return path;
        }
    }
    let container = of_container(message);
    if closed_last && !container {
        // A value refused past its container's end: the container's last key or element.
        // (An empty container closed is itself the value refused.)
        if let Some(frame) = closed.filter(|frame| frame.stand == Stand::After) {
            stack.push(Frame {
                stand: Stand::After,
                ..frame
            });
        }
        closed_last = false;
    }
    let mut path = String::new();
    let open = stack.len();
    for (depth, frame) in stack.iter().enumerate() {
        let innermost = depth + 1 == open;
        if innermost {
            let value_at_place = match frame.stand {
                // An element peeked, not yet read: the element, unless the array is refused,
                // whole (too few elements) or as a value of another type (read as a sequence,
                // and what follows is not an element of that kind).
                Stand::Open => frame.array && !container && !refused_whole(bytes, end, message),
                // A key just read: refused for what follows it; or the object, when the key is
                // given twice or names no variant of an enum written as an object.
                Stand::Key => !container && !message.starts_with("unknown variant"),
                Stand::Value => !container,
                // A value read whole: it, or, refused whole, the container just closed.
                Stand::After => !container || closed_last,
            };
            if !value_at_place {
                break;
            }
        }
        frame.segment().push_to(&mut path);
    }
    // A struct or tuple variant named by a bare text: refused inside the variant, as serde names it.
    if message.starts_with("invalid type: unit variant") {
        if let Some(variant) =
            last_text.and_then(|range| serde_json::from_str::<String>(&text[range]).ok())
        {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&variant);
        }
    }
    path
}

/// The path of the value a value type refused (its own refusal, which serde_json places only once
/// a container around the value gives up): the last value read before the closing brackets and
/// commas the containers read as they gave up, which end at `end`; `whole` when the refusal is of
/// a record as a whole. `None` if no value ends there.
fn refused_value(
    bytes: &[u8],
    end: usize,
    whole: bool,
    completed: &[(usize, String)],
) -> Option<String> {
    let mut start = end.min(bytes.len());
    while start > 0
        && matches!(
            bytes[start - 1],
            b' ' | b'\t' | b'\n' | b'\r' | b',' | b'}' | b']'
        )
    {
        start -= 1;
    }
    // A value refused ends where the way out begins; a record refused whole once read (a field
    // missing) ends at the first bracket closed on the way out, its own.
    let value_end = if whole {
        bytes[start..end]
            .iter()
            .position(|&b| matches!(b, b'}' | b']'))
            .map_or(start, |at| start + at + 1)
    } else {
        start
    };
    completed
        .iter()
        .rev()
        .find(|(ended, _)| *ended == value_end)
        .map(|(_, path)| path.clone())
}

/// The path of the value each container of `stack` is reading, whole.
fn path_of(stack: &[Frame]) -> String {
    let mut path = String::new();
    for frame in stack {
        frame.segment().push_to(&mut path);
    }
    path
}

/// Whether an array whose opening bracket was just read is itself refused as a value of another
/// type ("invalid type: sequence, ..."), rather than its first element (peeked, not read, at
/// `end`): an element refused that way would be an array itself.
fn refused_whole(bytes: &[u8], end: usize, message: &str) -> bool {
    let next = bytes[end.min(bytes.len())..]
        .iter()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    message.starts_with("invalid type: sequence") && next != Some(&b'[')
}

/// A value begins in the innermost container.
fn begin_value(stack: &mut [Frame]) {
    if let Some(frame) = stack.last_mut() {
        frame.stand = Stand::Value;
    }
}

/// A value ends in the innermost container.
fn end_value(stack: &mut [Frame]) {
    if let Some(frame) = stack.last_mut() {
        frame.stand = Stand::After;
    }
}

/// The offset just past the string that opens at `start` (its closing quote included).
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut at = start + 1;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'"' => return at + 1,
            _ => at += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::refused_at;

    fn at(text: &str, marker: &str, message: &str) -> String {
        let column = text.find(marker).expect("marker");
        refused_at(text, (1, column), message, false)
    }

    #[test]
    fn the_value_at_the_place_or_its_container() {
        let text = r#"{"a":{"b":[1,{"c":"x"}]}}"#;
        // Just past "x": the value of c.
        assert_eq!(at(text, "}]}}", "invalid type"), "a.b[1].c");
        // Past the object holding c: a field missing from it, or a value type's refusal of its
        // last value.
        assert_eq!(at(text, "]}}", "missing field `d`"), "a.b[1]");
        assert_eq!(
            refused_at(text, (1, text.find("]}}").unwrap()), "bad", true),
            "a.b[1].c"
        );
        // Past the array: its length.
        assert_eq!(at(text, "}}", "invalid length 2"), "a.b");
        // Past the comma after an element, a value type's refusal of that element.
        let list = r#"{"d":["x", "y"]}"#;
        assert_eq!(
            refused_at(list, (1, list.find(" \"y").unwrap()), "bad", true),
            "d[0]"
        );
        // The body itself.
        assert_eq!(refused_at("[]", (1, 0), "invalid type", false), "");
        assert_eq!(refused_at("{}", (1, 2), "missing field `a`", false), "");
        // A value peeked, not read: the colon's value.
        assert_eq!(at(r#"{"a": {"b":1}}"#, "{\"b", "invalid type: map"), "a");
        // A key read twice: the object.
        assert_eq!(
            at(r#"{"a":{"b":1,"b":2}}"#, ":2", "duplicate field `b`"),
            "a"
        );
        // Keys with escapes are named as read.
        assert_eq!(at(r#"{"\u0061b":1}"#, "}", "invalid type"), "ab");
    }
}
