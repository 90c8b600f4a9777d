//! The palette's inks as the API's colors (what the sandbox answers about a logo's inks).

use crate::api::Color;
use crate::imaging::inks::Ink;

impl From<&Ink> for Color {
    fn from(i: &Ink) -> Self {
        Color {
            id: i.id.to_owned(),
            name: i.name.to_owned(),
            red: i.rgb[0],
            green: i.rgb[1],
            blue: i.rgb[2],
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::api::Color;
    use crate::imaging::inks::ink;

    #[test]
    fn ink_converts_to_color() {
        let c = Color::from(ink("SORT").expect("black"));
        assert_eq!((c.id.as_str(), c.red, c.green, c.blue), ("SORT", 0, 0, 0));
    }
}
