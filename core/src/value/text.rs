//! Keys and names of the core administration resources (S10.1).

use core::fmt;
use core::str::FromStr;

use super::ValueError;

/// The most characters a key or a name may have.
pub const MAX_TEXT_CHARS: usize = 255;

/// A key of an account, category or customer: 1 to 255 characters of `[A-Za-z0-9_.-]` (S10.1).
///
/// ```
/// use costfolio::value::Key;
/// assert!("ACME-2026_a.b".parse::<Key>().is_ok());
/// assert!("two words".parse::<Key>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key(String);

impl Key {
    /// Builds the key, or says why `text` is refused.
    pub fn new(text: &str) -> Result<Key, ValueError> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-');
        if !text.is_empty() && text.len() <= MAX_TEXT_CHARS && text.chars().all(allowed) {
            Ok(Key(text.to_owned()))
        } else {
            Err(ValueError::InvalidKey {
                value: text.to_owned(),
            })
        }
    }

    /// The key.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A name: 1 to 255 characters, not only white space (S10.1). A blank name counts as a missing
/// one.
///
/// ```
/// use costfolio::value::Name;
/// assert!("Road works 2026".parse::<Name>().is_ok());
/// assert!("   ".parse::<Name>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Name(String);

impl Name {
    /// Builds the name, or says why `text` is refused: blank, over 255 characters, or holding a
    /// character that does not show as typed (S11.7).
    pub fn new(text: &str) -> Result<Name, ValueError> {
        let name = Name::kept(text)?;
        match super::check_text(super::TextKind::Name, text) {
            Ok(()) => Ok(name),
            Err(super::TextFault::TooLong { .. }) => Err(ValueError::InvalidName {
                value: text.to_owned(),
            }),
            Err(fault) => Err(ValueError::UnshownCharacter {
                value: text.to_owned(),
                fault,
            }),
        }
    }

    /// A name as a record written before S11.7 may hold it: 1 to 255 characters, not blank, no
    /// NUL. What the journal and snapshots are read with, so that an older journal still loads.
    pub fn kept(text: &str) -> Result<Name, ValueError> {
        let chars = text.chars().count();
        // No NUL, as in every text the reader takes.
        if (1..=MAX_TEXT_CHARS).contains(&chars) && !text.trim().is_empty() && !text.contains('\0')
        {
            Ok(Name(text.to_owned()))
        } else {
            Err(ValueError::InvalidName {
                value: text.to_owned(),
            })
        }
    }

    /// Reads a record's name with [`Name::kept`]'s rule (`#[serde(deserialize_with)]`).
    pub fn read_kept<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Name, D::Error> {
        super::reading::string_value(deserializer, Name::kept)
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A name the crate itself writes (never input): taken as it is.
    pub(crate) fn builtin(text: &'static str) -> Name {
        Name(text.to_owned())
    }
}

macro_rules! text_value {
    ($name:ident) => {
        impl FromStr for $name {
            type Err = ValueError;
            fn from_str(text: &str) -> Result<Self, ValueError> {
                $name::new(text)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                super::reading::string_value(deserializer, $name::new)
            }
        }
    };
}

text_value!(Key);
text_value!(Name);

/// The longest excerpt of a caller's text a message repeats, in characters.
pub const EXCERPT_CHARS: usize = 64;

/// `text` as a message repeats it: whole when short, else its first [`EXCERPT_CHARS`] characters
/// and how long it was, so that a megabyte of input is never echoed back.
///
/// ```
/// use costfolio::value::excerpt;
/// assert_eq!(excerpt("ACME"), "ACME");
/// let long = "x".repeat(1000);
/// assert_eq!(excerpt(&long), format!("{}... (1000 characters)", "x".repeat(64)));
/// ```
pub fn excerpt(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => std::borrow::Cow::Borrowed(text),
        Some((end, _)) => std::borrow::Cow::Owned(format!(
            "{}... ({} characters)",
            &text[..end],
            text.chars().count()
        )),
    }
}
