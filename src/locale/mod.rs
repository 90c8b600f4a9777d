//! The person's language and the formats that follow from it (money, numbers, dates, CSV).
//! No egui here: screens, PDFs and exports all read the same `Language`.

mod format;

use serde::{Deserialize, Serialize};

/// The languages logodesk speaks. Danish first: most of its people are Danish vendors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Language {
    #[default]
    Danish,
    English,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::Danish, Language::English];

    /// The language for a BCP 47 / POSIX locale tag such as `da-DK`, `da_DK.UTF-8` or `en-GB`:
    /// Danish for Danish (and Faroese/Greenlandic Danish-speaking regions' `da`), English for
    /// everything else, since English is the other language logodesk has.
    pub fn from_locale_tag(tag: &str) -> Language {
        let primary = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "da" => Language::Danish,
            _ => Language::English,
        }
    }

    /// The language of the computer's locale (`LC_ALL`, `LC_MESSAGES`, `LANG` on Linux; the
    /// user's preferred language elsewhere); Danish when it names none.
    pub fn from_system() -> Language {
        sys_locale::get_locale()
            .map(|tag| Language::from_locale_tag(&tag))
            .unwrap_or_default()
    }

    /// Its ISO 639-1 code (`da`, `en`), as HTML's `lang` and the club room's links name it.
    pub fn code(self) -> &'static str {
        match self {
            Language::Danish => "da",
            Language::English => "en",
        }
    }

    /// The language's own name, as shown in its picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::Danish => "Dansk",
            Language::English => "English",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_tags_choose_the_language() {
        assert_eq!(Language::from_locale_tag("da-DK"), Language::Danish);
        assert_eq!(Language::from_locale_tag("da_DK.UTF-8"), Language::Danish);
        assert_eq!(Language::from_locale_tag("DA"), Language::Danish);
        assert_eq!(Language::from_locale_tag("en-GB"), Language::English);
        assert_eq!(Language::from_locale_tag("de_DE"), Language::English);
        assert_eq!(Language::from_locale_tag(""), Language::English);
    }
}
