//! The bounds of every text and list the interfaces take (S11.7; docs/security.md, "Limits"): one rule for each kind of text, counted in characters, and one for each
//! kind of list.
//!
//! A body declares its texts and lists once ([`Texts`]); [`check_texts`] holds them to their
//! kinds' rules and names the field of each refusal. A value the record already held is kept
//! (S11.7, as S6.10 keeps an unchanged reference): a record written before a bound existed is read
//! and updated as it is, and only a new or changed value is held to the rule.

use core::fmt;
use std::collections::{HashMap, HashSet};

/// What a text is, which decides its bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextKind {
    /// A name shown in lists and headings (a folio's, an expense's, a title, a category): 255
    /// characters, nothing invisible.
    Name,
    /// A key: a user's (owner, viewer, admin, member, approver), an issue's, an account's: 128
    /// characters, nothing invisible.
    Key,
    /// A colour as the planner writes it (`#4C9AFF`): 32 characters, nothing invisible.
    Colour,
    /// A description: 500 characters (S7.2's, for every description), line breaks and tabs
    /// allowed.
    Description,
    /// A worklog's comment: 5,000 characters, line breaks and tabs allowed.
    Note,
}

impl TextKind {
    /// The most characters a text of this kind has.
    pub const fn max_chars(self) -> usize {
        match self {
            TextKind::Name => 255,
            TextKind::Key => 128,
            TextKind::Colour => 32,
            TextKind::Description => 500,
            TextKind::Note => 5_000,
        }
    }

    /// Whether the text is one line shown as it is typed (a name, a key, a colour): no format
    /// character (Unicode category Cf) and no control character.
    const fn is_plain(self) -> bool {
        matches!(self, TextKind::Name | TextKind::Key | TextKind::Colour)
    }
}

/// What kind of list a body holds, which decides how many entries it may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKind {
    /// The users a folio is shared with.
    Viewers,
    /// A portfolio's admins.
    Admins,
    /// The users assigned to a holiday or workload scheme.
    Members,
    /// A folio's scope items (S9.3).
    ScopeItems,
    /// The options of a SELECT custom field.
    Options,
    /// An expense's labels.
    Labels,
    /// The weekdays a weekly recurrence falls on.
    Weekdays,
    /// Days of a position's billed hours: a century's.
    Days,
    /// The projects a saved filter holds.
    Projects,
}

impl ListKind {
    /// The most entries a list of this kind has.
    pub const fn max_entries(self) -> usize {
        match self {
            ListKind::Viewers => 1_000,
            ListKind::Admins => 100,
            ListKind::Members => 10_000,
            ListKind::ScopeItems => 5_000,
            ListKind::Options => 500,
            ListKind::Labels => 100,
            ListKind::Weekdays => 7,
            ListKind::Days => 36_525,
            ListKind::Projects => 1_000,
        }
    }
}

/// Why a text broke its kind's rule; the field is named by whoever reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextFault {
    /// More characters than the kind allows.
    TooLong {
        /// The text's characters.
        chars: usize,
        /// The most allowed.
        max: usize,
    },
    /// An invisible character in a name, key or colour: a format character (category Cf) or a
    /// letter that shows nothing (a Hangul filler, the blank Braille pattern).
    Format {
        /// The character.
        character: char,
        /// Where, counting characters from 1.
        at: usize,
    },
    /// A character that reorders the text around it (a bidirectional embedding, override or
    /// isolate), in any text.
    Reorder {
        /// The character.
        character: char,
        /// Where, counting characters from 1.
        at: usize,
    },
    /// A control character or a line or paragraph separator (a line break in a name, or any other
    /// than a line break or tab).
    Control {
        /// The character.
        character: char,
        /// Where, counting characters from 1.
        at: usize,
    },
}

impl fmt::Display for TextFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = |c: &char| format!("U+{:04X}", u32::from(*c));
        match self {
            TextFault::TooLong { chars, max } => {
                write!(f, "may have at most {max} characters, got {chars}")
            }
            TextFault::Format { character, at } => write!(
                f,
                "holds an invisible character ({}) at character {at}; type it without",
                code(character)
            ),
            TextFault::Reorder { character, at } => write!(
                f,
                "holds a character that reorders the text around it ({}) at character {at}",
                code(character)
            ),
            TextFault::Control { character, at } => write!(
                f,
                "holds a control character ({}) at character {at}",
                code(character)
            ),
        }
    }
}

/// The code points of Unicode's general category Cf (format), as ranges (DerivedGeneralCategory.txt;
/// `tests/values.rs` holds them to the `unicode-properties` crate's, code point by code point).
const FORMAT: [(u32, u32); 21] = [
    (0xAD, 0xAD),
    (0x600, 0x605),
    (0x61C, 0x61C),
    (0x6DD, 0x6DD),
    (0x70F, 0x70F),
    (0x890, 0x891),
    (0x8E2, 0x8E2),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
];

/// Whether `c` is of Unicode's general category Cf (format): zero-width characters, the
/// byte-order mark, bidirectional marks, overrides and isolates, tags.
pub fn is_format_character(c: char) -> bool {
    let code = u32::from(c);
    FORMAT
        .binary_search_by(|(start, end)| {
            if *end < code {
                core::cmp::Ordering::Less
            } else if *start > code {
                core::cmp::Ordering::Greater
            } else {
                core::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether `c` is a letter or symbol that shows nothing: the Hangul fillers and the blank Braille
/// pattern, which make a name look empty though it is not white space.
fn is_invisible_letter(c: char) -> bool {
    matches!(u32::from(c), 0x115F | 0x1160 | 0x2800 | 0x3164 | 0xFFA0)
}

/// Whether `c` breaks a line without being a control character (U+2028, U+2029).
fn is_line_separator(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// Whether `c` embeds, overrides or isolates a direction (U+202A-U+202E, U+2066-U+2069): what
/// makes `"\u{202E}exe.fdp"` read as `pdf.exe`.
fn reorders(c: char) -> bool {
    matches!(u32::from(c), 0x202A..=0x202E | 0x2066..=0x2069)
}

/// Whether `c` is a zero-width joiner or non-joiner, which Persian, Indic scripts and emoji
/// sequences need between two visible characters (as identifiers allow them, UAX #31).
fn is_joiner(c: char) -> bool {
    c == '\u{200C}' || c == '\u{200D}'
}

/// Whether `c` shows: neither white space, a control, a format character nor an invisible letter.
fn shows(c: char) -> bool {
    !c.is_whitespace() && !c.is_control() && !is_format_character(c) && !is_invisible_letter(c)
}

/// Holds `text` to the rule of `kind`: its length in characters; in names, keys and colours no
/// format character (but a joiner between two visible characters) and no control character; in
/// any text no character that reorders the text around it, and no control character but a line
/// break or a tab.
///
/// ```
/// use costfolio::value::{check_text, TextKind};
/// assert!(check_text(TextKind::Name, "Harbour footbridge").is_ok());
/// assert!(check_text(TextKind::Name, "\u{200B}").is_err());
/// assert!(check_text(TextKind::Name, "\u{202E}exe.fdp").is_err());
/// assert!(check_text(TextKind::Name, "می\u{200C}خواهم").is_ok());
/// assert!(check_text(TextKind::Description, "two\nlines").is_ok());
/// assert!(check_text(TextKind::Key, &"k".repeat(129)).is_err());
/// ```
pub fn check_text(kind: TextKind, text: &str) -> Result<(), TextFault> {
    let mut chars = 0usize;
    let mut previous: Option<char> = None;
    let mut iter = text.chars().peekable();
    while let Some(c) = iter.next() {
        chars += 1;
        let at = chars;
        if reorders(c) {
            return Err(TextFault::Reorder { character: c, at });
        }
        let breaks = c.is_control() || is_line_separator(c);
        if breaks && (kind.is_plain() || !matches!(c, '\n' | '\r' | '\t')) {
            return Err(TextFault::Control { character: c, at });
        }
        if kind.is_plain() && is_invisible_letter(c) {
            return Err(TextFault::Format { character: c, at });
        }
        if kind.is_plain() && is_format_character(c) {
            let joins = is_joiner(c)
                && previous.is_some_and(shows)
                && iter.peek().copied().is_some_and(shows);
            if !joins {
                return Err(TextFault::Format { character: c, at });
            }
        }
        previous = Some(c);
    }
    if chars > kind.max_chars() {
        return Err(TextFault::TooLong {
            chars,
            max: kind.max_chars(),
        });
    }
    Ok(())
}

/// A body whose texts and lists are bounded: it shows each to a [`TextCheck`], with its field.
pub trait Texts {
    /// Shows `check` every text and list this body holds.
    fn texts(&self, check: &mut TextCheck);
}

impl<T: Texts + ?Sized> Texts for Box<T> {
    fn texts(&self, check: &mut TextCheck) {
        (**self).texts(check);
    }
}

/// The texts and lists a record held, by field (list positions left out).
#[derive(Default)]
struct Held {
    /// Each text with its field.
    texts: HashSet<(String, String)>,
    /// Each list's length by its field.
    lists: HashMap<String, usize>,
}

/// What a [`TextCheck`] does with what it is shown.
enum Mode {
    /// Notes the values of the record as it was.
    Collect(Held),
    /// Holds each value to its rule, unless the record held it already.
    Check {
        /// The record as it was, collected.
        kept: Option<Held>,
        /// Each refusal, by field.
        errors: Vec<(String, String)>,
    },
}

/// Walks a body's texts and lists (see [`Texts`]), under the path of the field it is in.
pub struct TextCheck {
    path: String,
    mode: Mode,
}

/// `field` under `path`: `name`, `items[3].key`, `users[2]` (`field` empty: the path itself).
fn join(path: &str, field: &str) -> String {
    match (path.is_empty(), field.is_empty()) {
        (true, _) => field.to_owned(),
        (false, true) => path.to_owned(),
        (false, false) => format!("{path}.{field}"),
    }
}

/// A path without its list positions (`items[3].key` is `items[].key`): where a record's earlier
/// value is looked for, whatever its place in the list.
fn unplaced(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_brackets = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_brackets = true;
                out.push('[');
            }
            ']' => {
                in_brackets = false;
                out.push(']');
            }
            _ if in_brackets => {}
            _ => out.push(c),
        }
    }
    out
}

impl TextCheck {
    /// A text of `kind` in `field`.
    pub fn text(&mut self, field: &str, kind: TextKind, value: &str) {
        let path = join(&self.path, field);
        match &mut self.mode {
            Mode::Collect(held) => {
                held.texts.insert((unplaced(&path), value.to_owned()));
            }
            Mode::Check { kept, errors } => {
                let was_there = kept
                    .as_ref()
                    .is_some_and(|held| held.texts.contains(&(unplaced(&path), value.to_owned())));
                if was_there {
                    return;
                }
                if let Err(fault) = check_text(kind, value) {
                    errors.push((path.clone(), format!("{path} {fault}")));
                }
            }
        }
    }

    /// A text of `kind` in `field`, when there is one.
    pub fn optional(&mut self, field: &str, kind: TextKind, value: Option<&str>) {
        if let Some(value) = value {
            self.text(field, kind, value);
        }
    }

    /// Any JSON value kept as given (a label, an option): a string as a text of `kind`, anything
    /// else by its JSON text, held to the same rule.
    pub fn json(&mut self, field: &str, kind: TextKind, value: &crate::json::Value) {
        match value {
            crate::json::Value::String(text) => self.text(field, kind, text),
            other => self.text(field, kind, &other.to_string()),
        }
    }

    /// A list of `kind` in `field`: its length, then each entry (shown to `each` under
    /// `field[n]`).
    pub fn list<T>(
        &mut self,
        field: &str,
        kind: ListKind,
        entries: &[T],
        mut each: impl FnMut(&mut TextCheck, &T),
    ) {
        let path = join(&self.path, field);
        match &mut self.mode {
            Mode::Collect(held) => {
                held.lists.insert(unplaced(&path), entries.len());
            }
            Mode::Check { kept, errors } => {
                let max = kind.max_entries();
                // A list no longer than the record's was is kept, as its values are.
                let allowed = kept
                    .as_ref()
                    .and_then(|held| held.lists.get(&unplaced(&path)))
                    .map_or(max, |was| max.max(*was));
                if entries.len() > allowed {
                    errors.push((
                        path.clone(),
                        format!(
                            "{path} may hold at most {max} entries, got {}",
                            entries.len()
                        ),
                    ));
                    return;
                }
            }
        }
        let outer = core::mem::take(&mut self.path);
        for (at, entry) in entries.iter().enumerate() {
            self.path = format!("{path}[{at}]");
            each(self, entry);
        }
        self.path = outer;
    }

    /// What `body` holds under `field` (a nested record).
    pub fn nested(&mut self, field: &str, body: &dyn Texts) {
        let inner = join(&self.path, field);
        let outer = core::mem::replace(&mut self.path, inner);
        body.texts(self);
        self.path = outer;
    }
}

/// Holds every text and list of `body` to its kind's rule; the values `before` (the record as it
/// was, on an update: a body, or the stored record showing its texts under the same fields)
/// already held are kept (S11.7). Each refusal is `(field, message)`, the message naming the
/// field.
///
/// ```
/// use costfolio::value::{check_texts, TextCheck, TextKind, Texts};
/// struct Named(String);
/// impl Texts for Named {
///     fn texts(&self, check: &mut TextCheck) {
///         check.text("name", TextKind::Name, &self.0);
///     }
/// }
/// let long = Named("x".repeat(256));
/// let refusals = check_texts(&long, None::<&Named>).unwrap_err();
/// assert_eq!(refusals[0].0, "name");
/// // A name the record already had is kept.
/// assert!(check_texts(&long, Some(&Named("x".repeat(256)))).is_ok());
/// ```
pub fn check_texts<T: Texts + ?Sized, B: Texts + ?Sized>(
    body: &T,
    before: Option<&B>,
) -> Result<(), Vec<(String, String)>> {
    let kept = before.map(|before| {
        let mut collect = TextCheck {
            path: String::new(),
            mode: Mode::Collect(Held::default()),
        };
        before.texts(&mut collect);
        match collect.mode {
            Mode::Collect(held) => held,
            Mode::Check { .. } => Held::default(),
        }
    });
    let mut check = TextCheck {
        path: String::new(),
        mode: Mode::Check {
            kept,
            errors: Vec::new(),
        },
    };
    body.texts(&mut check);
    match check.mode {
        Mode::Check { errors, .. } if !errors.is_empty() => Err(errors),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_characters_are_refused_in_names_but_joiners_between_letters() {
        for name in [
            "\u{200B}",
            "\u{FEFF}x",
            "a\u{200B}b",
            "\u{200D}a",
            "a\u{200C}",
            "a\u{AD}b",
        ] {
            assert!(
                matches!(
                    check_text(TextKind::Name, name),
                    Err(TextFault::Format { .. })
                ),
                "{name:?}"
            );
        }
        assert_eq!(
            check_text(TextKind::Name, "\u{202E}exe.fdp"),
            Err(TextFault::Reorder {
                character: '\u{202E}',
                at: 1
            })
        );
        assert!(check_text(TextKind::Name, "👩\u{200D}💻 team").is_ok());
        assert!(check_text(TextKind::Description, "a\u{200B}b").is_ok());
        assert!(check_text(TextKind::Description, "a\u{2067}b").is_err());
        assert!(check_text(TextKind::Name, "tab\there").is_err());
        assert!(check_text(TextKind::Description, "tab\there\r\n").is_ok());
        assert!(check_text(TextKind::Description, "bell\u{7}").is_err());
        assert!(check_text(TextKind::Name, "\u{3164}").is_err());
        assert!(check_text(TextKind::Name, "a\u{2800}").is_err());
        assert!(check_text(TextKind::Name, "one\u{2028}two").is_err());
        assert!(check_text(TextKind::Description, "one\u{2029}two").is_err());
    }

    #[test]
    fn lengths_count_characters_not_bytes() {
        assert!(check_text(TextKind::Name, &"é".repeat(255)).is_ok());
        assert_eq!(
            check_text(TextKind::Name, &"é".repeat(256)),
            Err(TextFault::TooLong {
                chars: 256,
                max: 255
            })
        );
        assert!(check_text(TextKind::Colour, &"#".repeat(32)).is_ok());
        assert!(check_text(TextKind::Colour, &"#".repeat(33)).is_err());
    }

    #[test]
    fn the_format_table_is_sorted_and_apart() {
        for pair in FORMAT.windows(2) {
            assert!(
                pair[0].0 <= pair[0].1 && pair[0].1 + 1 < pair[1].0,
                "{pair:?}"
            );
        }
        assert!(is_format_character('\u{E007F}'));
        assert!(!is_format_character('\u{E0080}'));
        assert!(!is_format_character('a'));
    }

    #[test]
    fn unplaced_paths_leave_out_list_positions() {
        assert_eq!(unplaced("items[3].key"), "items[].key");
        assert_eq!(unplaced("users[12]"), "users[]");
        assert_eq!(unplaced("name"), "name");
    }
}
